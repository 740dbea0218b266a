"""apkg_fieldnames: one rule for field names, Anki's.  Anki tells field
names apart with Unicode case folding and renames the second of two it
takes for one (where templates no longer find it); cards2apkg refuses
such a notetype and apkg2cards refuses a package holding one, and names
Anki keeps apart pass both.  What Anki does is asked of the engine."""
import json
import os
import subprocess

import genanki

import ankitest
from ankitest import eq, ok

BIN = os.environ["CARDPIPE_BIN"]
TMP = ankitest.scratch("apkg_fieldnames.")

# (first, second, does Anki keep them apart?)
PAIRS = [
    ("Ärger", "ärger", False),
    ("İ", "i", True),	# İ folds to "i" and a combining dot
    ("Straße", "STRASSE", False),	# full folding: ß is "ss"
    ("Σ", "ς", False),
    ("ı", "I", True),	# no Turkish rule
    ("Word", "word", False),
]


def run(prog, args, stdin=None):
    return subprocess.run([os.path.join(BIN, prog)] + args, input=stdin,
                          capture_output=True, text=True)


def anki_keeps_apart(a, b):
    """Whether the engine, given fields a and b, keeps both names."""
    col = ankitest.fresh_collection()
    mm = col.models
    m = mm.new("Pair")
    for f in (a, b):
        mm.add_field(m, mm.new_field(f))
    t = mm.new_template("Card 1")
    # The second name is not used: Anki refuses a template naming a field
    # it has renamed.
    t["qfmt"], t["afmt"] = "{{%s}}" % a, "{{FrontSide}}"
    mm.add_template(m, t)
    mm.add(m)
    names = [f["name"] for f in mm.by_name("Pair")["flds"]]
    col.close()
    return names == [a, b]


def package(path, a, b):
    """A package holding the notetype as given, made by genanki."""
    model = genanki.Model(
        1607392319, "Pair", fields=[{"name": a}, {"name": b}],
        templates=[{"name": "Card 1", "qfmt": "{{%s}}" % a,
                    "afmt": "{{%s}}" % b}])
    deck = genanki.Deck(2059400110, "Pairs")
    deck.add_note(genanki.Note(model=model, fields=["one", "two"],
                               guid="pairguid01"))
    genanki.Package(deck).write_to_file(path)


for i, (a, b, apart) in enumerate(PAIRS):
    what = f"fields {a!r} and {b!r}"
    eq(anki_keeps_apart(a, b), apart,
       f"{what}: Anki {'keeps them apart' if apart else 'takes them for one'}")

    # The writer.
    stream = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (
        {"kind": "notetype", "name": "Pair", "fields": [a, b],
         "templates": [{"name": "Card 1", "qfmt": "{{%s}}" % a,
                        "afmt": "{{%s}}" % b}], "source": "nt.txt:1"},
        {"deck": "Pairs", "notetype": "Pair",
         "fields": {a: "one", b: "two"}, "source": "n.txt:2"}))
    out = os.path.join(TMP, f"w{i}.apkg")
    r = run("cards2apkg", ["-o", out], stream)
    if apart:
        eq((r.returncode, r.stderr), (0, ""), f"cards2apkg: {what} pass")
        col = ankitest.fresh_collection()
        ankitest.import_apkg(col, out)
        got = [n["fields"] for n in ankitest.notes(col)]
        col.close()
        eq(got, [{a: "one", b: "two"}],
           f"cards2apkg: {what}: Anki imports each field under its name")
    else:
        ok(r.returncode == 1 and not os.path.exists(out) and
           f'nt.txt:1: error: notetype "Pair": fields "{a}" and "{b}" are '
           "one to Anki" in r.stderr,
           f"cards2apkg: {what} refused, at the notetype, no package",
           r.stderr)

    # The reader.
    pkg = os.path.join(TMP, f"r{i}.apkg")
    package(pkg, a, b)
    r = run("apkg2cards", [pkg])
    if apart:
        eq(r.returncode, 0, f"apkg2cards: {what} pass")
        nts = [json.loads(line) for line in r.stdout.splitlines()
               if json.loads(line).get("kind") == "notetype"]
        eq([n["fields"] for n in nts], [[a, b]],
           f"apkg2cards: {what} emitted as they are")
        back = os.path.join(TMP, f"rw{i}.apkg")
        w = run("cards2apkg", ["-o", back], r.stdout)
        eq((w.returncode, w.stderr), (0, ""),
           f"apkg2cards | cards2apkg: {what}: the writer takes what the "
           "reader emits")
    else:
        ok(r.returncode == 1 and r.stdout == "" and
           f'fields "{a}" and "{b}" are one to Anki' in r.stderr,
           f"apkg2cards: {what} refused, nothing emitted", r.stderr)

ankitest.done()
