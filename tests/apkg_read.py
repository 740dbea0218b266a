"""apkg2cards against the official Anki engine.

For every package of the corpus (fixtures/apkg: 25 real packages of all
three generations) the card stream must hold the notes Anki imports from
the same package (guid, notetype, deck, fields, tags), notetype records
matching Anki's notetypes, and with -m the media files Anki imports, byte
for byte.  Then the same for packages the engine itself exports, in the
legacy and the latest layout, with cloze, reversed and custom notetypes,
nested decks and media; and --markup on one of them.
"""
import os
import shutil
import tempfile
import zipfile

import ankitest as at
import apkgcmp as ac
from anki.collection import ExportAnkiPackageOptions


def check_package(path, scratch):
    """Reads path with apkg2cards and compares with Anki's import of it."""
    name = os.path.basename(path)
    media = os.path.join(scratch, "media-" + name)
    tmp = os.path.join(scratch, "tmp-" + name)
    os.mkdir(tmp)
    env_tmp = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = tmp
    rc, out, err = ac.run("apkg2cards", ["-m", media, path])
    if env_tmp is None:
        del os.environ["TMPDIR"]
    else:
        os.environ["TMPDIR"] = env_tmp
    if not at.eq(rc, 0, f"{name}: exit status"):
        print("#   " + err.replace("\n", "\n#   "))
        return
    at.eq(os.listdir(tmp), [], f"{name}: the private copy is removed")
    notes, decks, nts = ac.records(out)
    col = at.fresh_collection()
    try:
        log = at.import_apkg(col, path)
        anki = ac.anki_view(col)
        at.eq(len(notes), len(anki), f"{name}: {len(anki)} notes")
        at.eq(len({n["guid"] for n in notes}), len(notes),
              f"{name}: every note has its own guid")
        mine = ac.stream_view(notes, ac.package_deck1(path))
        diff = ac.first_difference(mine, anki)
        at.ok(diff is None, f"{name}: notes agree with Anki's import "
              "(guid, notetype, deck, fields, tags)", diff)
        diff = ac.notetype_difference(nts, col)
        at.ok(diff is None, f"{name}: notetype records agree with Anki's "
              "notetypes (fields, templates, CSS, kind, sort field)", diff)
        used = {n["deck"] for n in notes} | {
            c["deck"] for n in notes for c in n.get("cards", [])
            if "deck" in c}
        at.eq(sorted(decks), sorted(used),
              f"{name}: one deck record per deck of a note or card")
        bad = [d for d, rec in decks.items() if rec.get("description") and
               (col.decks.by_name(ac.norm_deck(d)) or {}).get("desc")
               != rec["description"]]
        at.eq(bad, [], f"{name}: deck descriptions agree with Anki's")
        wrong = []
        for f in at.media_names(col):
            mine_path = os.path.join(media, f)
            with open(os.path.join(col.media.dir(), f), "rb") as a:
                want = a.read()
            if not os.path.isfile(mine_path):
                wrong.append(f"{f}: not extracted")
                continue
            with open(mine_path, "rb") as m:
                if m.read() != want:
                    wrong.append(f"{f}: other content")
        at.eq(wrong, [], f"{name}: the {len(at.media_names(col))} media "
              "files Anki imports are extracted, byte for byte")
        left = [f for f in os.listdir(media) if f.startswith(".apkg2cards")] \
            if os.path.isdir(media) else []
        at.eq(left, [], f"{name}: no temporary file left in the media "
              "folder")
        del log
    finally:
        col.close()


def check_colpkg(path, scratch):
    """A .colpkg is a whole collection: restored as one, Anki must hold
    exactly the stream's notes, names untouched, and every media file."""
    name = os.path.basename(path)
    media = os.path.join(scratch, "colmedia-" + name)
    rc, out, err = ac.run("apkg2cards", ["-m", media, path])
    notes, decks, nts = ac.records(out)
    col = ac.restore_colpkg(path)
    try:
        anki = {n["guid"]: {"notetype": n["notetype"], "deck": n["deck"],
                            "fields": n["fields"], "tags": n["tags"]}
                for n in at.notes(col)}
        diff = ac.first_difference(ac.exact_view(notes), anki)
        at.ok(rc == 0 and diff is None, f"{name}: restored as a whole "
              "collection, Anki holds exactly the stream's notes", diff)
        want = {}
        for f in at.media_names(col):
            with open(os.path.join(col.media.dir(), f), "rb") as fp:
                want[f] = fp.read()
        got = {}
        for f in os.listdir(media) if os.path.isdir(media) else []:
            with open(os.path.join(media, f), "rb") as fp:
                got[f] = fp.read()
        at.ok(got == want, f"{name}: restored as a whole collection, its "
              f"{len(want)} media files are the ones extracted",
              f"got {sorted(got)}\nwant {sorted(want)}")
    finally:
        col.close()


def build_collection():
    """A collection made with the engine: stock and custom notetypes,
    nested decks with a description, tags, media."""
    col = at.fresh_collection()
    cat = col.media.write_data("cat.png", b"\x89PNG\r\n\x1a\nnot really")
    snd = col.media.write_data("bell ü.mp3", b"ID3 fake sound")
    did = col.decks.id("Lang::French")
    deck = col.decks.get(did)
    deck["desc"] = "<b>Verbs</b> and nouns"
    col.decks.save(deck)
    other = col.decks.id("Lang::German")

    def add(ntname, fields, tags, deck_id):
        note = col.new_note(col.models.by_name(ntname))
        for k, v in fields.items():
            note[k] = v
        note.tags = tags
        col.add_note(note, deck_id)

    add("Basic", {"Front": f'<b>chat</b> &amp; <img src="{cat}">',
                  "Back": "cat<br>second line"}, ["animal", "fr::noun"], did)
    add("Basic (and reversed card)", {"Front": "Hund", "Back": "dog"},
        ["animal"], other)
    add("Cloze", {"Text": "{{c1::Paris}} is in {{c2::France}}",
                  "Back Extra": "<i>capital</i>"}, [], did)
    mm = col.models
    m = mm.new("Vocab ✓")
    for f in ("Word", "Meaning", "Audio"):
        mm.add_field(m, mm.new_field(f))
    for tname, q, a in (("Recognise", "{{Word}}",
                         "{{FrontSide}}<hr id=answer>{{Meaning}}{{Audio}}"),
                        ("Recall", "{{Meaning}}",
                         "{{FrontSide}}<hr id=answer>{{Word}}")):
        t = mm.new_template(tname)
        t["qfmt"], t["afmt"] = q, a
        mm.add_template(m, t)
    m["css"] = ".card { color: darkred; }\n"
    m["sortf"] = 1
    mm.add(m)
    add("Vocab ✓", {"Word": "maison", "Meaning": "house",
                    "Audio": f"[sound:{snd}]"}, ["fr"], did)
    return col, {cat: b"\x89PNG\r\n\x1a\nnot really",
                 snd: b"ID3 fake sound"}


def check_export(src, files, legacy, scratch):
    layout = "legacy" if legacy else "latest"
    path = os.path.join(scratch, f"export-{layout}.apkg")
    src.export_anki_package(
        out_path=path, limit=None,
        options=ExportAnkiPackageOptions(with_scheduling=False,
                                         with_deck_configs=False,
                                         with_media=True, legacy=legacy))
    with zipfile.ZipFile(path) as z:
        member = "collection.anki21" if legacy else "collection.anki21b"
        at.ok(member in z.namelist(), f"engine export, {layout}: the "
              f"package holds {member}", z.namelist())
    media = os.path.join(scratch, "media-" + layout)
    rc, out, err = ac.run("apkg2cards", ["-m", media, path])
    at.eq((rc, err), (0, ""), f"engine export, {layout}: read cleanly")
    notes, decks, nts = ac.records(out)
    diff = ac.first_difference(ac.stream_view(notes), ac.anki_view(src))
    at.ok(diff is None, f"engine export, {layout}: notes agree with the "
          "collection exported", diff)
    diff = ac.notetype_difference(nts, src)
    at.ok(diff is None, f"engine export, {layout}: notetypes agree with "
          "the collection exported", diff)
    at.eq(decks.get("Lang::French", {}).get("description"),
          "<b>Verbs</b> and nouns",
          f"engine export, {layout}: deck description")
    got = {}
    for f in os.listdir(media):
        with open(os.path.join(media, f), "rb") as fp:
            got[f] = fp.read()
    at.eq(got, files, f"engine export, {layout}: media extracted under "
          "their names, byte for byte")
    return path


def check_markup(path):
    rc, out, err = ac.run("apkg2cards", ["--markup", "markdown", path])
    notes, _, _ = ac.records(out)
    by = {n["notetype"]: n for n in notes}
    basic = by["Basic"]
    at.eq(basic["markup"], "markdown", "--markup markdown: marked so")
    front = basic["fields"]["Front"]
    at.ok("**chat**" in front and "![" in front and "(cat.png)" in front
          and "&amp;" not in front,
          "--markup markdown: emphasis, entity and image converted", front)
    at.ok("[sound:" in by["Vocab ✓"]["fields"]["Audio"],
          "--markup markdown: [sound:…] kept",
          by["Vocab ✓"]["fields"]["Audio"])
    rc, out, err = ac.run("apkg2cards", ["--markup", "text", path])
    notes, _, _ = ac.records(out)
    by = {n["notetype"]: n for n in notes}
    at.eq(by["Basic"]["fields"]["Back"], "cat\nsecond line",
          "--markup text: <br> becomes a line break")
    at.eq(by["Cloze"]["fields"]["Back Extra"], "capital",
          "--markup text: tags removed")


def main():
    scratch = tempfile.mkdtemp(prefix="cardpipe-apkgread-")
    try:
        for path in ac.corpus():
            check_package(path, scratch)
            if path.endswith(".colpkg"):
                check_colpkg(path, scratch)
        src, files = build_collection()
        try:
            for legacy in (True, False):
                path = check_export(src, files, legacy, scratch)
            check_markup(path)
        finally:
            src.close()
    finally:
        shutil.rmtree(scratch)
    at.done()


main()
