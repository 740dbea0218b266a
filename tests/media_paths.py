"""media_paths: media in folders, deck names with a TAB, the stock look
(issue 14), as the official Anki engine sees them.

- A Markdown deck whose images sit in images/ (one named with a
  percent-encoded space, one through "./") and a CSV naming subdir/
  media import with every file present: Anki's own media check finds
  nothing missing and nothing unused.
- Two different a.png in two folders both arrive, distinct, each named
  by the note that named it; one file named twice arrives once.
- A "../" reference and a symbolic link out are refused, each warned
  at its note's line, and the rest of the package is written.
- A deck name holding a TAB gives one deck from Anki's CSV importer
  (cards2csv) and from the package (cards2apkg).
- The built-in notetypes' CSS is that of the notetypes Anki makes
  itself in a fresh collection (line-height: 1.5 among it).
"""
import json
import os
import shutil
import subprocess
import tempfile

import ankitest as at

ROOT = os.environ["CARDPIPE_ROOT"]
BIN = os.environ["CARDPIPE_BIN"]
CAT = os.path.join(ROOT, "fixtures", "cards2apkg", "features", "cat.png")
TMP = tempfile.mkdtemp(prefix="media_paths.")


def run(tool, args, stdin=None, cwd=None):
    """Runs a tool; returns (exit status, stdout, stderr)."""
    p = subprocess.run([os.path.join(BIN, tool)] + args, input=stdin,
                       capture_output=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def imported(apkg):
    """A fresh collection with the package imported, and the log's counts."""
    col = at.fresh_collection()
    counts = at.log_counts(at.import_apkg(col, apkg))
    return col, counts


def field_refs(col):
    """Every media file the notes name, as Anki extracts them."""
    refs = set()
    for nid in col.find_notes(""):
        n = col.get_note(nid)
        for f in n.fields:
            refs.update(col.media.files_in_str(n.mid, f))
    return refs


def check_media(col, desc):
    """Anki's Check Media: nothing missing, nothing unused."""
    r = col.media.check()
    at.eq((sorted(r.missing), sorted(r.unused)), ([], []),
          f"{desc}: Anki's media check finds nothing missing or unused")


def test_markdown_images():
    d = os.path.join(TMP, "md")
    write(os.path.join(d, "images", "a.png"), b"image a")
    write(os.path.join(d, "images", "my pic.png"), b"my picture")
    write(os.path.join(d, "images", "b.png"), b"image b")
    write(os.path.join(d, "deck.md"), b"# Pictures\n\n"
          b"## What is a?\n\n![](images/a.png)\n\n---\n\nA.\n\n"
          b"## And these?\n\n![](images/my%20pic.png) "
          b'<img src="./images/b.png">\n\n---\n\nB.\n')
    out = os.path.join(TMP, "md.apkg")
    rc, _, err = run("cardconv", ["-o", out, os.path.join(d, "deck.md")])
    at.eq((rc, err), (0, ""), "Markdown with images/: exit 0, no warning")
    col, counts = imported(out)
    at.eq(counts["new"], 2, "Markdown with images/: both notes imported")
    at.eq(at.media_bytes(col), {"a.png": b"image a", "b.png": b"image b",
                             "my pic.png": b"my picture"},
          "Markdown with images/: every image arrives under its base name")
    at.eq(field_refs(col), {"a.png", "b.png", "my pic.png"},
          "Markdown with images/: the fields name the flat names")
    check_media(col, "Markdown with images/")
    col.close()


def test_csv_subdir():
    d = os.path.join(TMP, "csv")
    write(os.path.join(d, "subdir", "x.jpg"), b"jpeg x")
    write(os.path.join(d, "subdir", "deeper", "s.mp3"), b"mp3 s")
    write(os.path.join(d, "deck.csv"),
          b'#separator:Comma\n#html:true\n"<img src=""subdir/x.jpg"">",'
          b'"[sound:subdir/deeper/s.mp3]"\n')
    out = os.path.join(TMP, "csv.apkg")
    rc, _, err = run("cardconv", ["-o", out, os.path.join(d, "deck.csv")])
    at.eq((rc, err), (0, ""), "CSV with subdir/: exit 0, no warning")
    col, counts = imported(out)
    at.eq(counts["new"], 1, "CSV with subdir/: the note is imported")
    at.eq(at.media_bytes(col), {"x.jpg": b"jpeg x", "s.mp3": b"mp3 s"},
          "CSV with subdir/: every file arrives")
    at.eq(field_refs(col), {"x.jpg", "s.mp3"},
          "CSV with subdir/: the fields name the flat names")
    check_media(col, "CSV with subdir/")
    col.close()


def note(front, source):
    return json.dumps({"fields": {"Front": front, "Back": "x"},
                       "markup": "html", "source": source}) + "\n"


def test_same_base_name():
    d = os.path.join(TMP, "two")
    write(os.path.join(d, "one", "a.png"), b"first a")
    write(os.path.join(d, "two", "a.png"), b"second a")
    stream = (note('<img src="one/a.png">', "t.txt:1") +
              note('<img src="two/a.png">', "t.txt:2") +
              note('<img src="./one/a.png"> <img src="one/a.png">',
                   "t.txt:3")).encode()
    out = os.path.join(TMP, "two.apkg")
    rc, _, err = run("cards2apkg", ["-m", d, "-o", out], stdin=stream)
    at.eq(rc, 0, "two a.png: exit 0")
    col, counts = imported(out)
    got = at.media_bytes(col)
    at.eq((counts["new"], sorted(got.values())),
          (3, [b"first a", b"second a"]),
          "two a.png: both arrive, distinct, the first once")
    by_front = {}
    for nid in col.find_notes(""):
        n = col.get_note(nid)
        by_front[n.fields[0]] = [got.get(r) for r in
                                 col.media.files_in_str(n.mid, n.fields[0])]
    at.eq(sorted(by_front.values()),
          [[b"first a"], [b"first a", b"first a"], [b"second a"]],
          "two a.png: each note names the file it named")
    at.ok("t.txt:2: warning: media \"two/a.png\"" in err,
          "two a.png: the renamed one is reported at its note", err)
    check_media(col, "two a.png")
    col.close()


def test_refused():
    top = os.path.join(TMP, "hostile")
    d = os.path.join(top, "deck")
    write(os.path.join(top, "secret.png"), b"SECRET")
    write(os.path.join(d, "pics", "ok.png"), b"fine")
    os.symlink(os.path.join(top, "secret.png"),
               os.path.join(d, "pics", "link.png"))
    stream = (note('<img src="pics/ok.png"> <img src="../secret.png">',
                   "h.txt:4") +
              note('<img src="pics/link.png">', "h.txt:7") +
              note('<img src="pics/../../secret.png">', "h.txt:9")).encode()
    out = os.path.join(TMP, "hostile.apkg")
    rc, _, err = run("cards2apkg", ["-m", d, "-o", out], stdin=stream)
    at.eq(rc, 0, "refused media: exit 0, the package is written")
    for where, name, why in (("h.txt:4", "../secret.png",
                              "outside the folder"),
                             ("h.txt:7", "pics/link.png", "a symbolic link"),
                             ("h.txt:9", "pics/../../secret.png",
                              "outside the folder")):
        line = f"{where}: warning: media \"{name}\""
        at.ok(err.count(line) == 1 and why in err.split(line, 1)[1]
              .split("\n", 1)[0],
              f"refused media: {name} warned once at {where}: {why}", err)
    col, counts = imported(out)
    at.eq((counts["new"], at.media_bytes(col)), (3, {"ok.png": b"fine"}),
          "refused media: every note and the file inside arrive, "
          "nothing outside")
    col.close()


def test_tab_deck():
    stream = "".join(json.dumps({
        "deck": "Tab\tDeck", "fields": {"Front": f"q{i}", "Back": "a"},
        "tags": ["t\tu"], "markup": "html", "source": f"tab.txt:{i}"})
        + "\n" for i in (1, 2, 3)).encode()
    rc, csv, err = run("cards2csv", [], stdin=stream)
    at.ok(rc == 0 and err.count("warning: deck \"Tab\\x09Deck\" holds "
                                "control characters") == 3,
          "TAB deck: cards2csv warns at each note", err)
    path = os.path.join(TMP, "tab.csv")
    write(path, csv)
    col = at.fresh_collection()
    counts = at.log_counts(at.import_csv(col, path))
    decks = sorted({col.decks.name(col.get_card(c).did)
                    for c in col.find_cards("")})
    at.eq((counts["new"], decks), (3, ["Tab Deck"]),
          "TAB deck: Anki's CSV importer makes one deck")
    col.close()
    out = os.path.join(TMP, "tab.apkg")
    rc, _, err = run("cards2apkg", ["-o", out], stdin=stream)
    at.ok(rc == 0 and err.count("warning: deck \"Tab\\x09Deck\" holds "
                                "control characters") == 3,
          "TAB deck: cards2apkg warns at each note", err)
    col, counts = imported(out)
    decks = sorted({col.decks.name(col.get_card(c).did)
                    for c in col.find_cards("")})
    at.eq((counts["new"], decks), (3, ["Tab Deck"]),
          "TAB deck: the package makes the same one deck")
    col.close()


def test_stock_css():
    anki = at.fresh_collection()
    for name, front in (("Basic", {"Front": "q", "Back": "a"}),
                        ("Cloze", {"Text": "{{c1::q}}", "Back Extra": ""})):
        own = anki.models.by_name(name)
        stream = json.dumps({"notetype": name, "fields": front,
                             "markup": "html",
                             "source": "s.txt:1"}).encode() + b"\n"
        out = os.path.join(TMP, "stock.apkg")
        rc, _, err = run("cards2apkg", ["-o", out], stdin=stream)
        col, _ = imported(out)
        nt = col.get_note(col.find_notes("")[0]).note_type()
        at.eq((nt["css"], [(t["qfmt"], t["afmt"]) for t in nt["tmpls"]]),
              (own["css"], [(t["qfmt"], t["afmt"]) for t in own["tmpls"]]),
              f"stock look: {name}'s CSS and templates are Anki's own")
        at.ok("line-height: 1.5;" in nt["css"],
              f"stock look: {name} has line-height 1.5")
        col.close()
    anki.close()


try:
    test_markdown_images()
    test_csv_subdir()
    test_same_base_name()
    test_refused()
    test_tab_deck()
    test_stock_css()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
at.done()
