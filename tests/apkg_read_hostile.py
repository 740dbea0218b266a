"""apkg2cards on malformed and hostile packages.

Each package is built here with Python's zipfile and sqlite3 (and the
zstd program for the latest layout).  A malformed member must give an
error naming the file and the member, a non-zero exit and no records
(with -o, no file); hostile media names must be refused with a warning
and nothing may be written outside the media folder, nor through a
symbolic link in it; zip bombs must stop at the caps.
"""
import json
import os
import shutil
import sqlite3
import struct
import subprocess
import tempfile
import zipfile

import ankitest as at
import apkgcmp as ac
import collection as cl

SCRATCH = tempfile.mkdtemp(prefix="cardpipe-apkghostile-")

MODELS = {"1001": {
    "id": 1001, "name": "Basic", "type": 0, "mod": 0, "usn": 0,
    "sortf": 0, "did": 1, "css": ".card {}",
    "flds": [{"name": "Front", "ord": 0}, {"name": "Back", "ord": 1}],
    "tmpls": [{"name": "Card 1", "ord": 0, "qfmt": "{{Front}}",
               "afmt": "{{Back}}"}]}}
DECKS = {"1": {"id": 1, "name": "Default"},
         "2": {"id": 2, "name": "Top::Sub", "desc": "about"}}


def collection(path, models=None, decks=None, notes=None, ver=11,
               extra_sql=""):
    """A minimal schema-11 collection of MODELS, DECKS and one note, or
    those given; notes are (guid, mid, flds, tags); extra_sql runs
    last."""
    return cl.collection(
        path, notes if notes is not None else
        [("g1", 1001, "front\x1fback", " t1 t2 ")], ver,
        models if models is not None else MODELS,
        decks if decks is not None else DECKS, then=[extra_sql])


def package(name, members, method=zipfile.ZIP_DEFLATED):
    """Writes a zip of (member name, bytes) pairs; returns its path."""
    path = os.path.join(SCRATCH, name)
    with zipfile.ZipFile(path, "w", method) as z:
        for mname, data in members:
            z.writestr(mname, data)
    return path


def good_db():
    return collection(os.path.join(SCRATCH, "good.db"))


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c"], input=data,
                          capture_output=True, check=True).stdout


def read(path, *args):
    return ac.run("apkg2cards", list(args) + [path])


def expect_error(desc, path, needle, *args):
    """A malformed package: error naming file and member, exit 1, no
    records on standard output, and no file with -o."""
    rc, out, err = read(path, *args)
    name = os.path.basename(path)
    at.ok(rc == 1 and out == "" and f"{path}: error: " in err and
          needle in err, f"{desc}: {needle!r}, exit 1, no records",
          f"rc={rc}\nout={out[:200]}\nerr={err}")
    dest = os.path.join(SCRATCH, name + ".jsonl")
    rc, out, err = read(path, "-o", dest, *args)
    at.ok(rc == 1 and not os.path.exists(dest),
          f"{desc}: with -o, nothing is written")


def test_malformed():
    db = good_db()
    expect_error("collection not SQLite",
                 package("notsql.apkg", [("collection.anki2", b"x" * 600),
                                         ("media", b"{}")]),
                 "member collection.anki2: not an SQLite database")
    bad = collection(os.path.join(SCRATCH, "badjson.db"),
                     models="{not json")
    expect_error("bad JSON in col",
                 package("badjson.apkg", [("collection.anki2", bad),
                                          ("media", b"{}")]),
                 "member collection.anki2: bad JSON in col.models")
    expect_error("bad JSON media map",
                 package("badmedia.apkg", [("collection.anki2", db),
                                           ("media", b"[1,")]),
                 "member media: bad JSON")
    expect_error("bad protobuf media map",
                 package("badpb.apkg", [("collection.anki21b", zstd(db)),
                                        ("media", zstd(b"\x0a\x7f\x0a"))],
                         zipfile.ZIP_STORED),
                 "member media: bad protobuf")
    expect_error("collection not zstd in the latest layout",
                 package("notzstd.apkg", [("collection.anki21b", db)],
                         zipfile.ZIP_STORED),
                 "member collection.anki21b: bad zstd data")
    expect_error("truncated zstd",
                 package("cutzstd.apkg",
                         [("collection.anki21b", zstd(db)[:-20])],
                         zipfile.ZIP_STORED),
                 "member collection.anki21b: truncated zstd data")
    expect_error("unknown package version",
                 package("meta99.apkg", [("meta", b"\x08\x63"),
                                         ("collection.anki2", db)]),
                 "member meta: package version 99 is not known")
    expect_error("unsupported schema",
                 package("ver99.apkg", [("collection.anki2", collection(
                     os.path.join(SCRATCH, "ver99.db"), ver=99))]),
                 "collection schema version 99 is not supported")
    expect_error("a table Anki needs is missing",
                 package("nocards.apkg", [("collection.anki2", collection(
                     os.path.join(SCRATCH, "nocards.db"),
                     extra_sql="DROP TABLE cards;"))]),
                 "member collection.anki2: not an Anki collection")
    # The notes table as a view: views are off, so nothing runs.
    view = collection(os.path.join(SCRATCH, "view.db"), extra_sql="""
        ALTER TABLE notes RENAME TO real_notes;
        CREATE VIEW notes AS SELECT * FROM real_notes;""")
    expect_error("notes as a view",
                 package("view.apkg", [("collection.anki2", view)]),
                 "member collection.anki2: ")
    # The stub is never read, even when the real collection is broken.
    expect_error("placeholder never read instead",
                 package("stub.apkg", [("collection.anki21", b"junk" * 200),
                                       ("collection.anki2", db)]),
                 "member collection.anki21: not an SQLite database")
    dup = os.path.join(SCRATCH, "dup.apkg")
    with zipfile.ZipFile(dup, "w") as z:
        z.writestr("collection.anki2", db)
        with __import__("warnings").catch_warnings():
            __import__("warnings").simplefilter("ignore")
            z.writestr("collection.anki2", db)
    expect_error("duplicate member", dup,
                 "damaged zip archive: two members have one name")


JSON_CASES = iter(range(1000))


def json_error(desc, column, text, needle, member="collection.anki2"):
    """A collection whose col.models (or, for member media, whose media
    map) is text: an error naming the member, what was read and where."""
    name = f"json{next(JSON_CASES)}"
    if member == "media":
        members = [("collection.anki2", good_db()), ("media", text)]
    else:
        db = os.path.join(SCRATCH, name + ".db")
        collection(db)
        raw = sqlite3.connect(db)
        raw.execute(f"UPDATE col SET {column} = CAST(? AS TEXT)", (text,))
        raw.commit()
        raw.close()
        with open(db, "rb") as f:
            members = [("collection.anki2", f.read())]
    expect_error(desc, package(name + ".apkg", members),
                 f"member {member}: {needle}")


def test_collection_json():
    """The JSON inside a package is read as strictly as the card stream
    (cards(5)): what jansson let through before is refused, and each
    error says where, in lines and columns of the JSON text."""
    good = json.dumps(MODELS, separators=(",", ":"))
    twice = good.replace('"name":"Basic"', '"name":"Basic","name":"Other"')
    col = twice.index('"name":"Other') + 1
    json_error("a key twice in a notetype", "models", twice.encode(),
               f"bad JSON in col.models: line 1, column {col}: "
               'duplicate key "name"')
    two = "{" + good[1:-1] + "," + good[1:-1] + "}"
    json_error("one notetype id twice", "models", two.encode(),
               f"bad JSON in col.models: line 1, column {len(good) + 1}: "
               'duplicate key "1001"')
    decks = json.dumps(DECKS, separators=(",", ":")).encode()
    bad = decks.replace(b"Top::Sub", b"Top\xff::Sub")
    col = bad.index(b"\xff") + 1
    json_error("invalid UTF-8 in col.decks", "decks", bad,
               f"bad JSON in col.decks: line 1, column {col}: "
               "invalid UTF-8: byte 0xff")
    nul = good.replace(".card {}", ".card {}\\u0000")
    col = nul.index("\\u") + 1
    json_error("\\u0000 in a notetype's CSS", "models", nul.encode(),
               f"bad JSON in col.models: line 1, column {col}: "
               "\\u0000 (NUL) is not allowed")
    deep = good[:-2] + ',"x":' + "[" * 1001 + "]" * 1001 + "}}"
    # models and the notetype are two levels: the 999th '[' is one too many
    col = deep.index("[" * 1000) + 999
    json_error("nested deeper than 1000 levels", "models", deep.encode(),
               f"bad JSON in col.models: line 1, column {col}: "
               "nested deeper than 1000 levels")
    lines = json.dumps(MODELS, indent=1).replace('"usn": 0', '"usn": 01')
    at_zero = lines.index('"usn": 01') + len('"usn": ')
    line = lines[:at_zero].count("\n") + 1
    col = at_zero - lines.rindex("\n", 0, at_zero)
    json_error("a leading zero, the JSON over many lines", "models",
               lines.encode(), f"bad JSON in col.models: line {line}, "
               f"column {col}: a number may not start with 0")
    json_error("a key twice in the media map", None,
               b'{"0":"a.txt","0":"b.txt"}',
               'bad JSON: line 1, column 14: duplicate key "0"', "media")
    json_error("col.models not an object", "models", b"[1]",
               "bad JSON in col.models: not an object")

def test_notes():
    db = collection(os.path.join(SCRATCH, "fields.db"), notes=[
        ("g1", 1001, "a\x1fb", ""), ("g2", 1001, "only one", ""),
        ("g3", 1001, "c\x1fd", " x ")])
    path = package("fields.apkg", [("collection.anki2", db)])
    rc, out, err = read(path)
    notes, decks, nts = ac.records(out)
    at.ok(rc == 1 and f"{path}:2: error: member collection.anki2: note 2 "
          "has 1 fields, but its notetype \"Basic\" has 2; skipped" in err,
          "wrong field count: error at the note's number, exit 1", err)
    at.eq([n["guid"] for n in notes], ["g1", "g3"],
          "wrong field count: only that note is skipped")
    dest = os.path.join(SCRATCH, "fields.jsonl")
    rc, out, err = read(path, "-o", dest)
    at.ok(rc == 1 and not os.path.exists(dest),
          "wrong field count: with -o, nothing is written")
    at.eq(notes[1]["tags"], ["x"], "tags split on spaces")
    at.eq(decks["Top::Sub"].get("description"), "about",
          "deck description carried")

    models = dict(MODELS)
    models["1002"] = dict(MODELS["1001"], id=1002)
    db = collection(os.path.join(SCRATCH, "dupnt.db"), models=models, notes=[
        ("g1", 1001, "a\x1fb", ""), ("g2", 1002, "c\x1fd", "")])
    path = package("dupnt.apkg", [("collection.anki2", db)])
    rc, out, err = read(path)
    notes, decks, nts = ac.records(out)
    at.eq(sorted(nts), ["Basic", "Basic+"],
          "two notetypes of one name: the later one becomes \"Basic+\"")
    at.ok(rc == 0 and "notetype 1002 has the name of another, \"Basic\"; "
          "renamed \"Basic+\"" in err, "two notetypes of one name: warned",
          err)
    at.eq([n["notetype"] for n in notes], ["Basic", "Basic+"],
          "two notetypes of one name: notes follow the new name")

    db = collection(os.path.join(SCRATCH, "nomodel.db"), notes=[
        ("g1", 4242, "a\x1fb", "")])
    rc, out, err = read(package("nomodel.apkg", [("collection.anki2", db)]))
    at.ok(rc == 1 and "its notetype 4242 is missing; skipped" in err,
          "a note of a missing notetype is an error", err)

    db = collection(os.path.join(SCRATCH, "utf8.db"), notes=[
        ("g1", 1001, b"caf\xe9\x1fok".decode("latin-1"), "")])
    raw = sqlite3.connect(os.path.join(SCRATCH, "utf8.db"))
    raw.execute("UPDATE notes SET flds = CAST(? AS TEXT)",
                (b"caf\xe9\x1fok",))
    raw.commit()
    raw.close()
    with open(os.path.join(SCRATCH, "utf8.db"), "rb") as f:
        db = f.read()
    rc, out, err = read(package("utf8.apkg", [("collection.anki2", db)]))
    notes, _, _ = ac.records(out)
    at.ok(rc == 0 and "not valid UTF-8; repaired" in err and
          notes[0]["fields"]["Front"] == "caf\ufffd",
          "invalid UTF-8 in a field is repaired and reported", err)


def test_media():
    db = good_db()
    names = {"0": "../escape.txt", "1": "/tmp/abs.txt", "2": "a/b.txt",
             "3": "C:evil.txt", "4": "..", "5": "", "6": "bell\x07.txt",
             "7": "ok.txt", "8": "ok.txt", "9": "back\\slash.txt",
             "10": "link.txt", "11": "same.txt", "12": "differs.txt",
             "13": "señal.mp3", "14": "missing.txt",
             "15": "fifo.txt", "16": ".bash_history", "17": "."}
    members = [("collection.anki2", db),
               ("media", json.dumps(names).encode())]
    members += [(k, f"content {k}".encode()) for k in names if k != "14"]
    path = package("media.apkg", members)
    outside = os.path.join(SCRATCH, "outside")
    os.mkdir(outside)
    media = os.path.join(outside, "deep", "media")
    os.makedirs(media)
    target = os.path.join(outside, "target.txt")
    with open(target, "w") as f:
        f.write("untouched")
    os.symlink(target, os.path.join(media, "link.txt"))
    os.mkfifo(os.path.join(media, "fifo.txt"))
    with open(os.path.join(media, "same.txt"), "w") as f:
        f.write("content 11")
    with open(os.path.join(media, "differs.txt"), "w") as f:
        f.write("mine")
    rc, out, err = read(path, "-m", media)
    at.eq(rc, 0, "hostile media names: warnings only, exit 0")
    for k, why in (("0", "unsafe name (outside the folder)"),
                   ("1", "unsafe name (outside the folder)"),
                   ("2", "unsafe name (a path)"),
                   ("3", "unsafe name (outside the folder)"),
                   ("4", "unsafe name (outside the folder)"),
                   ("5", "unsafe name (empty)"),
                   ("6", "unsafe name (holding control characters)"),
                   ("8", "has the name of member 7 too"),
                   ("9", "unsafe name (holding a backslash)"),
                   ("10", "but is no regular file; kept it"),
                   ("12", "with other content; kept the existing one"),
                   ("14", "is missing from the package"),
                   ("15", "but is no regular file; kept it"),
                   ("16", "unsafe name (a hidden file)"),
                   ("17", "unsafe name (a hidden file)")):
        at.ok(f"{path}: warning: member {k}: media file" in err and
              why in err.split(f"member {k}: media file", 1)[1]
              .split("\n", 1)[0], f"media member {k}: {why}", err)
    at.ok("member 11:" not in err, "an existing identical file is fine",
          err)
    at.eq(sorted(os.listdir(media)),
          sorted(["link.txt", "same.txt", "differs.txt", "ok.txt",
                  "señal.mp3", "fifo.txt"]),
          "only safe names are created in the media folder")
    with open(target) as f:
        at.eq(f.read(), "untouched", "a symbolic link is not written "
              "through")
    with open(os.path.join(media, "differs.txt")) as f:
        at.eq(f.read(), "mine", "an existing file is not replaced")
    with open(os.path.join(media, "ok.txt")) as f:
        at.eq(f.read(), "content 7", "the first of two same names wins")
    at.eq(sorted(os.listdir(outside)), ["deep", "target.txt"],
          "nothing is written outside the media folder")
    at.eq(sorted(os.listdir(os.path.dirname(media))), ["media"],
          "nothing is written beside the media folder")
    again = os.path.join(SCRATCH, "again")
    read(path, "-m", again)
    rc, out, err = read(path, "-m", again)
    at.ok(rc == 0 and "member 7:" not in err and "member 13:" not in err,
          "extracting twice into one folder: no complaint about the "
          "files extracted the first time", err)
    rc, out, err = read(path)
    at.ok(rc == 0 and err == "", "without -m nothing is extracted, "
          "silently", err)

    # Latest layout: a media file whose bytes do not match the map.
    body = b"real bytes"
    import hashlib
    entry = (b"\x0a" + bytes([7]) + b"pic.png" + b"\x10" + bytes([len(body)])
             + b"\x1a\x14" + hashlib.sha1(b"other").digest())
    pb = b"\x0a" + bytes([len(entry)]) + entry
    path = package("sha.apkg", [("meta", b"\x08\x03"),
                                ("collection.anki21b", zstd(db)),
                                ("media", zstd(pb)), ("0", zstd(body))],
                   zipfile.ZIP_STORED)
    media = os.path.join(SCRATCH, "shamedia")
    rc, out, err = read(path, "-m", media)
    at.ok(rc == 0 and "does not match the size and SHA-1" in err and
          os.listdir(media) == [], "latest layout: media checked against "
          "the map's SHA-1", err)


def varint(n):
    out = b""
    while True:
        b, n = n & 0x7f, n >> 7
        out += bytes([b | (0x80 if n else 0)])
        if not n:
            return out


def pbstr(num, text):
    data = text.encode()
    return varint(num << 3 | 2) + varint(len(data)) + data


def schema18(name, nt_config, deck_kind):
    """A schema 18 collection (tables of protobuf blobs) of one note."""
    path = os.path.join(SCRATCH, name)
    db = cl.collection(path, [("g18", 7, "{{c1::x}}\x1fextra", "")], 18,
                       schema18=True, then=[
        "INSERT INTO fields VALUES (7, 1, 'Extra', x''), (7, 0, 'Text', x'');",
        ("INSERT INTO notetypes VALUES (7, 'My Cloze', 0, 0, ?)",
         (nt_config,)),
        ("INSERT INTO templates VALUES (7, 0, 'Cloze', 0, 0, ?)",
         (pbstr(1, "{{cloze:Text}}") + pbstr(2, "{{Extra}}"),)),
        ("INSERT INTO decks VALUES (2, 'Top\x1fSub', 0, 0, x'', ?)",
         (deck_kind,))])
    return package(name + ".apkg", [("collection.anki21b", zstd(db))],
                   zipfile.ZIP_STORED)


def test_schema18():
    config = (varint(1 << 3) + varint(1) + varint(2 << 3) + varint(1) +
              pbstr(3, ".cloze { }") + pbstr(5, "pre") + pbstr(6, "post"))
    normal = pbstr(4, "<i>about</i>")
    kind = varint(1 << 3 | 2) + varint(len(normal)) + normal
    rc, out, err = read(schema18("s18.db", config, kind))
    notes, decks, nts = ac.records(out)
    nt = nts.get("My Cloze", {})
    at.ok(rc == 0 and nt.get("type") == "cloze" and
          nt.get("fields") == ["Text", "Extra"] and nt.get("sortf") == 1 and
          nt.get("css") == ".cloze { }" and nt.get("latex_pre") == "pre" and
          nt.get("latex_post") == "post" and
          nt.get("templates") == [{"name": "Cloze", "qfmt": "{{cloze:Text}}",
                                   "afmt": "{{Extra}}"}],
          "schema 18: notetype config, fields by ord, templates decoded",
          f"{err}{nts}")
    at.eq((list(decks), decks.get("Top::Sub", {}).get("description"),
           notes[0]["deck"] if notes else None),
          (["Top::Sub"], "<i>about</i>", "Top::Sub"),
          "schema 18: U+001F between deck levels, description decoded")
    rc, out, err = read(schema18("s18empty.db", b"", b""))
    notes, decks, nts = ac.records(out)
    at.ok(rc == 0 and nts.get("My Cloze", {}).get("type") == "standard"
          and "Top::Sub" in decks, "schema 18: empty config and kind "
          "blobs mean the defaults", err)
    expect_error("schema 18: css of the wrong wire type",
                 schema18("s18bad.db", varint(3 << 3) + varint(5), kind),
                 "notetype 7: bad protobuf in its config")
    expect_error("schema 18: deck kind of the wrong wire type",
                 schema18("s18deck.db", config, varint(1 << 3) + varint(1)),
                 "deck 2: bad protobuf in its kind")
    expect_error("media entry name of the wrong wire type",
                 package("pbwire.apkg", [
                     ("collection.anki21b", zstd(good_db())),
                     ("media", zstd(b"\x0a\x02\x08\x05"))],
                     zipfile.ZIP_STORED),
                 "member media: bad protobuf in entry 0")


def test_bombs():
    zeros = b"\0" * (80 << 20)
    path = package("bomb.apkg", [("collection.anki2", zeros)])
    expect_error("deflate bomb", path, "expands more than 1000 times")
    path = package("zbomb.apkg", [("collection.anki21b", zstd(zeros))],
                   zipfile.ZIP_STORED)
    expect_error("zstd bomb", path, "expands more than 1000 times")
    del zeros


def lying_zip(path, liar, size):
    """Makes member liar of the zip at path declare size bytes
    uncompressed, in its local header and in the central directory."""
    with zipfile.ZipFile(path) as z:
        info = z.getinfo(liar)
        cd = z.start_dir
    with open(path, "r+b") as f:
        f.seek(info.header_offset + 22)
        f.write(struct.pack("<I", size))
        f.seek(cd)
        central = f.read()
        off = 0
        while central[off:off + 4] == b"PK\x01\x02":
            n, e, c = struct.unpack("<HHH", central[off + 28:off + 34])
            if central[off + 46:off + 46 + n].decode() == liar:
                f.seek(cd + off + 24)
                f.write(struct.pack("<I", size))
            off += 46 + n + e + c


def test_declared_bombs():
    """A member whose header declares 2 GiB is refused on the header,
    not after 1 GiB of it was written into the media folder."""
    two_gib = 2 << 30
    for liar in ("0", "collection.anki2"):
        path = package(f"declared-{liar}.apkg",
                       [("collection.anki2", good_db()),
                        ("media", b'{"0": "pic.png"}'),
                        ("0", b"a small picture")])
        lying_zip(path, liar, two_gib)
        media = os.path.join(SCRATCH, f"declared-{liar}")
        expect_error(f"{liar} declaring 2 GiB", path,
                     f"member {liar}: declares {two_gib} bytes", "-m", media)
        at.eq(os.listdir(media) if os.path.isdir(media) else [], [],
              f"{liar} declaring 2 GiB: nothing is extracted")


def test_stdin():
    path = os.path.join(ac.CORPUS, "tangshimin_MuJing_basic_word_new_version"
                        ".apkg")
    with open(path, "rb") as f:
        data = f.read()
    rc, out, err = ac.run("apkg2cards", [], stdin=data)
    rc2, out2, err2 = read(path)
    at.ok(rc == 0 and out.replace("<stdin>", path) == out2,
          "a package read from a pipe gives the same stream", err)


def test_markup_limits():
    """A field's HTML past a limit of the linear pass, converted by
    --markup text or markdown: one warning a field, at the note, naming
    the field (issue 11: nothing changed without a word)."""
    attrs = "<b " + " ".join(f"a{i}=''" for i in range(101)) + ">x</b>"
    deep = "<i>" * 1005 + "y" + "</i>" * 1005
    notes = [("g1", 1001, attrs + "\x1fplain", ""),
             ("g2", 1001, "plain\x1f" + deep, ""),
             ("g3", 1001, "plain\x1fplain", "")]
    path = package("limits.apkg", [("collection.anki2", collection(
        os.path.join(SCRATCH, "limits.db"), notes=notes))])
    for markup in ("text", "markdown"):
        rc, out, err = read(path, "--markup", markup)
        warns = [w for w in err.splitlines() if "past the limits" in w]
        at.ok(rc == 0 and len(warns) == 2 and
              f"{path}:1: warning: field \"Front\"" in warns[0] and
              "attributes past the 100th" in warns[0] and
              f"{path}:2: warning: field \"Back\"" in warns[1] and
              "nested over 1000 deep" in warns[1] and
              len(out.splitlines()) >= 3,
              f"--markup {markup}: one warning for each field past the "
              f"limits, at its note", err)


try:
    test_malformed()
    test_collection_json()
    test_notes()
    test_media()
    test_schema18()
    test_bombs()
    test_declared_bombs()
    test_stdin()
    test_markup_limits()
finally:
    shutil.rmtree(SCRATCH)
at.done()
