"""cards2apkg as the official Anki engine sees it.

Every package made here is imported into a fresh collection of the real
engine (tests/lib/ankitest.py); the checks read notes, cards, decks,
notetypes and media back through Anki, never through our own reader.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from ankitest import (done, eq, fresh_collection, import_apkg, log_counts,
                      media_names, notes, ok)

ROOT = os.environ["CARDPIPE_ROOT"]
BIN = os.environ["CARDPIPE_BIN"]
FIX = os.path.join(ROOT, "fixtures", "cards2apkg")
FEATURES = os.path.join(FIX, "features", "features.jsonl")
SEED_EXPECTED = os.path.join(ROOT, "fixtures", "txt2cards",
                             "seed.expected.json")
TMP = tempfile.mkdtemp(prefix="apkg_write.")
# Our own TMPDIR: a run may leave nothing behind in it.
SCRATCH = os.path.join(TMP, "scratch")
os.mkdir(SCRATCH)


def cards2apkg(args, stdin=None, epoch="1700000000", cwd=None):
    """Runs cards2apkg; returns (exit status, stderr)."""
    env = dict(os.environ, TMPDIR=SCRATCH)
    if epoch is None:
        env.pop("SOURCE_DATE_EPOCH", None)
    else:
        env["SOURCE_DATE_EPOCH"] = epoch
    p = subprocess.run([os.path.join(BIN, "cards2apkg")] + args, env=env,
                       input=stdin, capture_output=True, cwd=cwd)
    return p.returncode, p.stderr.decode()


def html(text):
    """A text-markup field as Anki stores it."""
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"),
                 ('"', "&quot;"), ("'", "&#x27;"), ("\n", "<br>")):
        text = text.replace(a, b)
    return text


def imported(path):
    col = fresh_collection()
    log = import_apkg(col, path)
    return col, log_counts(log)


def by(notes_, key, value):
    return [n for n in notes_ if n["fields"].get(key) == value]


def seed_streams():
    """The seed deck as txt2cards writes it, and as the hand-written
    stream of its 17 cards."""
    txt = subprocess.run([os.path.join(BIN, "txt2cards"),
                          os.path.join(ROOT, "fixtures", "txt2cards",
                                       "seed.txt")], capture_output=True)
    eq(txt.returncode, 0, "seed: txt2cards reads it")
    yield "txt2cards", txt.stdout
    yield "fixture", open(os.path.join(FIX, "seed.jsonl"), "rb").read()


def seed(via, stream):
    want = json.load(open(SEED_EXPECTED))
    out = os.path.join(TMP, "seed.apkg")
    rc, err = cards2apkg(["-o", out], stdin=stream)
    eq((rc, err), (0, ""), f"seed ({via}): converted without a message")
    col, counts = imported(out)
    got = notes(col)
    eq(counts["new"], 17, f"seed ({via}): Anki adds 17 notes")
    eq(col.card_count(), 17, f"seed ({via}): 17 cards")
    eq(sorted((n["fields"]["Front"], n["fields"]["Back"]) for n in got),
       sorted((html(c["front"]), html(c["back"])) for c in want["cards"]),
       f"seed ({via}): every front and back as Anki shows it")
    eq({n["notetype"].rstrip("+") for n in got}, {"Basic"},
       f"seed ({via}): Basic notes")
    decks = {n["deck"] for n in got}
    ok(len(decks) == 1, f"seed ({via}): one deck", decks)
    did = col.decks.id_for_name(decks.pop())
    desc = col.decks.get(did).get("desc", "")
    ok(html(want["title"]) in desc and want["source_url"] in desc,
       f"seed ({via}): the deck description carries the title and URL", desc)
    counts = log_counts(import_apkg(col, out))
    eq((counts["new"], counts["updated"], counts["duplicate"]), (0, 0, 17),
       f"seed ({via}): importing again adds and changes nothing")
    eq((col.note_count(), col.card_count()), (17, 17),
       f"seed ({via}): still 17 notes and 17 cards")
    col.close()


def features():
    """Every notetype kind, decks, tags, markup and media in one deck;
    the media folder defaults to the input's own folder."""
    out = os.path.join(TMP, "features.apkg")
    rc, err = cards2apkg(["-o", out, FEATURES], cwd=TMP)
    eq(rc, 0, "features: exit 0")
    eq(err, 'cards2apkg: french.txt:13: warning: tag "sound effects" holds '
       'a space; written as "sound_effects"\n',
       "features: the tag with a space is replaced and warned at its line")
    col, counts = imported(out)
    got = notes(col)
    eq(counts["new"], 11, "features: 11 notes added")
    eq(col.card_count(), 16, "features: 16 cards in all")

    n = by(got, "Front", "être &amp; avoir &lt;verbs&gt;")
    ok(n and n[0]["fields"]["Back"] == "to be<br>to have",
       "text markup: escaped, newline as <br>", n)
    ok(n and n[0]["tags"] == ["french", "grammar::verbs"],
       "tags: :: levels kept", n)
    ok(n and n[0]["deck"] == "Lang::French" and n[0]["cards"] == 1,
       "Basic: one card in the :: deck", n)
    n = by(got, "Front", "le chat")
    ok(n and n[0]["ords"] == [0, 1] and
       n[0]["fields"]["Back"] == 'the cat <img src="cat.png">',
       "Basic (and reversed card): two cards; html passed through", n)
    n = by(got, "Front", "<p>le chien</p>")
    ok(n and n[0]["ords"] == [0, 1],
       "optional reversed with Add Reverse: two cards", n)
    ok(n and n[0]["fields"]["Back"] ==
       '<p>the dog <img src="dog.jpg" alt="dog" /></p>',
       "markdown: rendered by cmark, image included", n)
    n = by(got, "Front", "la vache")
    ok(n and n[0]["ords"] == [0],
       "optional reversed without Add Reverse: one card", n)
    n = by(got, "Front", "<p><em>to eat</em></p>")
    ok(n and n[0]["notetype"].startswith("Basic (type in the answer)") and
       n[0]["cards"] == 1, "type-in: one card", n)
    n = by(got, "Front", "miaou")
    ok(n and n[0]["tags"] == ["sound_effects"], "tag with a space: replaced",
       n)
    n = [x for x in got if x["notetype"].startswith("Cloze")]
    eq(sorted(x["ords"] for x in n), [[0], [0, 1, 2]],
       "cloze: one card per cloze number")
    ok(all(x["deck"] == "Geo" for x in n), "cloze notes in deck Geo", n)

    n = [x for x in got if x["notetype"] == "Vocab Pro"]
    eq(sorted((x["fields"]["Word"], x["ords"], x["deck"]) for x in n),
       [("fleuve", [0, 1], "Geo::Rivers"), ("rivière", [0], "Geo::Rivers")],
       "notetype record: its templates decide the cards")
    nt = col.models.by_name("Vocab Pro")
    ok(nt is not None and [f["name"] for f in nt["flds"]] ==
       ["Word", "Meaning", "Note"] and
       [t["name"] for t in nt["tmpls"]] == ["Recognize", "Recall"] and
       nt["tmpls"][1]["qfmt"] == "{{#Note}}{{Meaning}}{{/Note}}" and
       nt["css"] == ".card { color: navy; }\n" and nt["sortf"] == 1,
       "notetype record: fields, templates, CSS, sort field as given",
       nt and {k: nt[k] for k in ("flds", "tmpls", "css", "sortf")})
    n = [x for x in got if x["notetype"] == "Quote"]
    ok(len(n) == 1 and list(n[0]["fields"]) == ["Quote", "Author", "Year"]
       and n[0]["fields"]["Year"] == "-500", "custom name: fields of its note",
       n)
    ok(n and n[0]["guid"] == "explicit-guid-1", "the stream's guid is kept",
       n)
    nt = col.models.by_name("Quote")
    ok(nt is not None and nt["tmpls"][0]["qfmt"] == "{{Quote}}" and
       "{{Author}}" in nt["tmpls"][0]["afmt"] and
       "{{Year}}" in nt["tmpls"][0]["afmt"],
       "custom name: first field in front, the rest on the back",
       nt and nt["tmpls"])

    names = sorted(d.name for d in col.decks.all_names_and_ids())
    ok({"Lang", "Lang::French", "Geo", "Geo::Rivers", "Misc"} <=
       set(names), "decks: several, with :: hierarchy", names)
    desc = col.decks.get(col.decks.id_for_name("Lang::French"))["desc"]
    eq(desc, '<p>Verbs, by level.</p><p><a href="https://example.org/'
       'french?a=1&amp;b=2">French verbs &lt;1&gt;</a></p>',
       "deck description: the description, title and URL")
    eq(media_names(col), ["a & b.gif", "cat.png", "dog.jpg", "meow.mp3"],
       "media: img, [sound:], markdown image and entity-named file imported")
    with open(os.path.join(col.media.dir(), "meow.mp3"), "rb") as f:
        eq(f.read(), b"ID3fake meow", "media: content intact")
    counts = log_counts(import_apkg(col, out))
    eq((counts["new"], counts["updated"], col.note_count(),
        col.card_count()), (0, 0, 11, 16),
       "features: importing again adds nothing")
    col.close()

    again = os.path.join(TMP, "again.apkg")
    cards2apkg(["-o", again, FEATURES])
    ok(open(out, "rb").read() == open(again, "rb").read(),
       "same input, same environment: byte-identical package")
    cards2apkg(["-o", again, FEATURES], epoch="1700000100")
    ok(open(out, "rb").read() != open(again, "rb").read(),
       "another SOURCE_DATE_EPOCH: another package")


def edited():
    """An edited deck, re-imported, updates in place and adds nothing."""
    lines = open(FEATURES, encoding="utf-8").read().splitlines()
    rec = json.loads(lines[2])
    rec["fields"]["Back"] = "to be\nto have (edited)"
    lines[2] = json.dumps(rec, ensure_ascii=False)
    path = os.path.join(TMP, "edited.jsonl")
    open(path, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    v1 = os.path.join(TMP, "v1.apkg")
    v2 = os.path.join(TMP, "v2.apkg")
    cards2apkg(["-o", v1, "-m", os.path.dirname(FEATURES), FEATURES])
    rc, _ = cards2apkg(["-o", v2, "-m", os.path.dirname(FEATURES), path],
                       epoch="1700086400")
    eq(rc, 0, "edited deck converted")
    col, _ = imported(v1)
    counts = log_counts(import_apkg(col, v2))
    eq((counts["new"], counts["updated"], col.note_count(),
        col.card_count()), (0, 11, 11, 16),
       "edited deck: notes updated, none added, no card duplicated")
    n = by(notes(col), "Front", "être &amp; avoir &lt;verbs&gt;")
    ok(len(n) == 1 and n[0]["fields"]["Back"] == "to be<br>to have (edited)"
       and n[0]["mod"] == 1700086400, "edited deck: the edited note changed",
       n)
    col.close()


def restyled():
    """A notetype whose CSS changed is updated in place, not copied."""
    nt = {"kind": "notetype", "name": "Styled", "fields": ["Q", "A"],
          "templates": [{"name": "Card 1", "qfmt": "{{Q}}",
                         "afmt": "{{A}}"}], "css": ".card { color: red; }"}
    note = {"notetype": "Styled", "fields": {"Q": "q", "A": "a"}}
    paths = []
    for css, epoch in ((".card { color: red; }", "1700000000"),
                       (".card { color: blue; }", "1700000500")):
        nt["css"] = css
        out = os.path.join(TMP, f"styled{epoch}.apkg")
        stream = (json.dumps(nt) + "\n" + json.dumps(note) + "\n").encode()
        cards2apkg(["-o", out], stdin=stream, epoch=epoch)
        paths.append(out)
    col, _ = imported(paths[0])
    counts = log_counts(import_apkg(col, paths[1]))
    styled = [m for m in col.models.all() if m["name"].startswith("Styled")]
    ok(len(styled) == 1 and styled[0]["css"] == ".card { color: blue; }" and
       counts["updated"] == 1 and counts["conflicting"] == 0,
       "new CSS, same notetype: updated in place",
       (counts, [(m["name"], m["css"]) for m in styled]))
    col.close()


def checksums():
    """Our sort field and checksum are what Anki computes itself on
    import (it recomputes both, so we compare)."""
    import sqlite3
    import zipfile
    firsts = ["Hello", "<b>Hello</b>", '<img src="a.jpg">x', "A &amp; B",
              "<!-- c -->x<style>p{}</style>y<script>s()</script>z",
              "a&nbsp;b &lt;c&gt;", "&#x41;&#66; &quot;q&quot;",
              "<IMG alt='>' SRC='b c.png'>d", "<div>one<br>two</div>",
              "caf\u00e9 \u00a0x", "1 < 2 & 3", "&eacute;t&eacute;",
              "&hellip;", "&euro;", "&apos;", "&nbsp;x", "&Alpha;&rarr;", "&bogus; &amp;", "AT&T &amp; co"]
    stream = "".join(json.dumps({"fields": {"Front": f, "Back": "b"},
                                 "markup": "html"}) + "\n" for f in firsts)
    out = os.path.join(TMP, "csum.apkg")
    cards2apkg(["-o", out, "-m", TMP], stdin=stream.encode())
    with zipfile.ZipFile(out) as z:
        z.extract("collection.anki2", os.path.join(TMP, "csum"))
    db = sqlite3.connect(os.path.join(TMP, "csum", "collection.anki2"))
    ours = {g: (str(s), c) for g, s, c in
            db.execute("select guid, cast(sfld as text), csum from notes")}
    db.close()
    col, _ = imported(out)
    anki = {g: (s, c) for g, s, c in col.db.all(
        "select guid, cast(sfld as text), csum from notes")}
    col.close()
    eq(ours, anki, "sort fields and checksums as Anki computes them")


def mod_rule():
    """Without SOURCE_DATE_EPOCH, notes are as new as the newest input."""
    a = os.path.join(TMP, "old.jsonl")
    b = os.path.join(TMP, "new.jsonl")
    open(a, "w").write('{"fields":{"Front":"a","Back":"1"}}\n')
    open(b, "w").write('{"fields":{"Front":"b","Back":"2"}}\n')
    os.utime(a, (1600000000, 1600000000))
    os.utime(b, (1650000000, 1650000000))
    out = os.path.join(TMP, "mtime.apkg")
    rc, err = cards2apkg(["-o", out, a, b], epoch=None)
    col, _ = imported(out)
    eq([n["mod"] for n in notes(col)], [1650000000, 1650000000],
       "no SOURCE_DATE_EPOCH: mod is the newest input's time")
    col.close()
    rc, err = cards2apkg(["-o", out, a], epoch="soon")
    eq((rc, "SOURCE_DATE_EPOCH" in err), (1, True),
       "a SOURCE_DATE_EPOCH that is no time is an error")


def duplicates():
    stream = (b'{"deck":"D","fields":{"Front":"same","Back":"1"},'
              b'"source":"d.txt:1"}\n'
              b'{"deck":"D","fields":{"Front":"same","Back":"2"},'
              b'"source":"d.txt:2"}\n')
    out = os.path.join(TMP, "dup.apkg")
    rc, err = cards2apkg(["-o", out], stdin=stream)
    ok(rc == 0 and err.startswith("cards2apkg: d.txt:2: warning: "),
       "same first field twice: warned at the second note", err)
    col, counts = imported(out)
    eq((counts["new"], len({n["guid"] for n in notes(col)})), (2, 2),
       "same first field twice: two notes, two guids")
    col.close()
    stream = (b'{"fields":{"Front":"x","Back":"1"},"guid":"g1",'
              b'"source":"e.txt:1"}\n'
              b'{"fields":{"Front":"y","Back":"2"},"guid":"g1",'
              b'"source":"e.txt:2"}\n')
    rc, err = cards2apkg(["-o", out + ".2"], stdin=stream)
    ok(rc == 1 and "e.txt:2: error:" in err and
       not os.path.exists(out + ".2"),
       "the same guid twice is an error, no package", err)


def empty():
    out = os.path.join(TMP, "empty.apkg")
    rc, err = cards2apkg(["-o", out], stdin=b"")
    ok(rc == 0 and "warning: no notes" in err, "no notes: warned", err)
    col, counts = imported(out)
    eq((counts["new"], col.note_count()), (0, 0),
       "no notes: a package Anki imports, empty")
    col.close()


def media_errors():
    d = os.path.join(TMP, "m")
    os.mkdir(d)
    shutil.copy(os.path.join(FIX, "features", "cat.png"), d)
    stream = (b'{"fields":{"Front":"<img src=\\"cat.png\\">",'
              b'"Back":"<img src=\\"gone.png\\"> [sound:gone.mp3]"},'
              b'"markup":"html","source":"m.txt:7"}\n')
    out = os.path.join(TMP, "missing.apkg")
    rc, err = cards2apkg(["-m", d, "-o", out], stdin=stream)
    ok(rc == 0 and err.count("cards2apkg: m.txt:7: warning: media") == 2
       and "gone.png" in err and "gone.mp3" in err,
       "missing media: warned at the note's line", err)
    col, _ = imported(out)
    eq(media_names(col), ["cat.png"], "missing media: the rest is packed")
    col.close()
    for bad, why in (("../cat.png", "outside the folder"),
                     ("sub/../../cat.png", "outside the folder"),
                     ("..", "outside the folder"),
                     ("c:\\\\x.png", "outside the folder")):
        stream = ('{"fields":{"Front":"x","Back":"<img src=\\"%s\\">"},'
                  '"markup":"html","source":"u.txt:3"}\n' % bad).encode()
        out = os.path.join(TMP, "unsafe.apkg")
        rc, err = cards2apkg(["-m", d, "-o", out], stdin=stream)
        ok(rc == 0 and "u.txt:3: warning: media" in err and why in err,
           f"unsafe media name {bad!r} refused with a warning", err)
        col, counts = imported(out)
        eq((counts["new"], media_names(col)), (1, []),
           f"unsafe media name {bad!r}: the note is packed, no file")
        col.close()


def output_rules():
    good = open(os.path.join(FIX, "seed.jsonl"), "rb").read()
    for name in ("collection.apkg", "backup-2024-01-01.apkg",
                 "Collection.APKG"):
        out = os.path.join(TMP, name)
        rc, err = cards2apkg(["-o", out], stdin=good)
        ok(rc == 1 and "collection" in err and not os.path.exists(out),
           f"output name {name} refused", err)
    out = os.path.join(TMP, "keep.apkg")
    open(out, "wb").write(b"old")
    rc, err = cards2apkg(["-o", out], stdin=good + b'{"fields": 3}\n')
    ok(rc == 1 and open(out, "rb").read() == b"old",
       "a failed conversion leaves the old file as it was", err)
    ok(sorted(os.listdir(TMP)).count("keep.apkg") == 1 and
       not [f for f in os.listdir(TMP) if f.startswith("keep.apkg.")],
       "a failed conversion leaves no temporary file", os.listdir(TMP))
    eq(os.listdir(SCRATCH), [], "no temporary folder is left behind")
    import pty
    master, slave = pty.openpty()
    p = subprocess.run([os.path.join(BIN, "cards2apkg")], input=good,
                       stdout=slave, stderr=subprocess.PIPE)
    os.close(slave)
    os.close(master)
    ok(p.returncode == 1 and b"terminal" in p.stderr,
       "no package to a terminal", p.stderr)
    p = subprocess.run([os.path.join(BIN, "cards2apkg")], input=good,
                       capture_output=True)
    ok(p.returncode == 0 and p.stdout[:4] == b"PK\x03\x04",
       "a package to standard output when it is not a terminal")


def controls():
    """A field's control characters: Anki's importer removes them, and
    U+001F, its field separator, must not part a field in two."""
    back = "".join("x" + chr(c) for c in list(range(1, 32)) + [127]) + "y"
    rec = {"deck": "Default", "notetype": "Basic", "markup": "text",
           "fields": {"Front": "unit\x1fseparator", "Back": back}}
    out = os.path.join(TMP, "controls.apkg")
    rc, err = cards2apkg(["-o", out],
                         stdin=(json.dumps(rec) + "\n").encode())
    ok(rc == 0 and err.count("warning:") == 2 and
       'field "Front": 1 control character (the first U+001F) removed'
       in err and
       'field "Back": 29 control characters (the first U+0001) removed'
       in err, "control characters: removed, once per field, said", err)
    col, _ = imported(out)
    n = notes(col)
    ok(len(n) == 1 and n[0]["fields"] == {
        "Front": "unitseparator",
        "Back": "x" * 9 + "\tx<br>" + "x" * 22 + "y"},
       "control characters: Anki holds both fields, tab and line kept", n)
    col.close()


for via, stream in seed_streams():
    seed(via, stream)
features()
edited()
restyled()
checksums()
mod_rule()
duplicates()
empty()
media_errors()
output_rules()
controls()
shutil.rmtree(TMP)
done()
