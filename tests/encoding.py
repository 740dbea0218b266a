"""Decks in other encodings than UTF-8, against Python's codecs.

Each deck is written here as text, encoded by Python's codec, and read
by txt2cards, csv2cards and md2cards: with --encoding (windows-1252,
windows-1250, iso-8859-2, shift_jis), by a byte order mark (UTF-16LE,
UTF-16BE, UTF-32LE), and by ICU's guess (windows-1252, windows-1250).
Every card must hold exactly what the same tool reads from the text
Python decodes, written as UTF-8, and the words of the deck.  Then a
windows-1252 CSV goes through csv2cards | cards2apkg into the official
Anki engine.
"""
import json
import os
import shutil
import subprocess
import tempfile

import ankitest as A

BIN = os.environ["CARDPIPE_BIN"]
TMP = tempfile.mkdtemp(prefix="cardpipe-encoding-")

FRENCH = [("la rentrée des classes", "the return to school"),
          ("un élève très doué", "a gifted pupil"),
          ("il fait beau à côté", "the weather is fine next door"),
          ("« déjà vu » — une œuvre", "“already seen”: a work"),
          ("ça coûte dix euros", "it costs ten euros")]
POLISH = [("źdźbło", "cienka łodyga trawy lub zboża"),
          ("łódź", "mała jednostka pływająca po wodzie"),
          ("pszczoła", "owad, który zbiera nektar i robi miód"),
          ("żółw", "gad, który nosi swój dom na grzbiecie"),
          ("świeży", "dopiero co zrobiony, jeszcze nie zepsuty"),
          ("dziękuję", "słowo, którym wyrażamy wdzięczność")]
JAPANESE = [("猫", "ねこ: a cat"), ("日本語", "にほんご: Japanese"),
            ("ありがとう", "thank you"), ("東京", "とうきょう: Tokyo")]


def run(tool, *args, stdin=None):
    p = subprocess.run([os.path.join(BIN, tool), *args], input=stdin,
                       capture_output=True)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def deck(tool, pairs):
    """The deck of pairs as the tool's format reads it."""
    if tool == "txt2cards":
        return "".join(f"Q: {q}\nA: {a}\n\n" for q, a in pairs)
    if tool == "csv2cards":
        return "".join(f"{q}\t{a}\n" for q, a in pairs)
    return "# Deck\n\n" + "".join(f"## {q}\n\n{a}\n\n" for q, a in pairs)


def records(out):
    """The stream's records, each source made its line number alone."""
    recs = [json.loads(line) for line in out.splitlines()]
    for r in recs:
        if "source" in r:
            r["source"] = r["source"].rsplit(":", 1)[1]
    return recs


def fields(recs):
    return [(r["fields"]["Front"], r["fields"]["Back"]) for r in recs
            if r.get("kind", "note") == "note"]


# The byte order mark of each, and Python's codec that reads past it.
BOM = {"utf-16-le": (b"\xff\xfe", "utf-16"),
       "utf-16-be": (b"\xfe\xff", "utf-16"),
       "utf-32-le": (b"\xff\xfe\0\0", "utf-32")}

# (codec, words, how the tool is told: --encoding NAME, "bom" or "guess")
CASES = [("cp1252", FRENCH, "windows-1252"), ("cp1250", POLISH,
         "windows-1250"), ("iso8859-2", POLISH, "iso-8859-2"),
         ("shift_jis", JAPANESE, "shift_jis"), ("utf-16-le", FRENCH, "bom"),
         ("utf-16-be", POLISH, "bom"), ("utf-32-le", JAPANESE, "bom"),
         ("cp1252", FRENCH, "guess"), ("cp1250", POLISH, "guess")]
GUESSED = {"cp1252": "windows-1252", "cp1250": "windows-1250"}

for tool in ("txt2cards", "csv2cards", "md2cards"):
    for codec, pairs, how in CASES:
        text = deck(tool, pairs)
        mark, decoder = BOM.get(codec, (b"", codec))
        data = mark + text.encode(codec)
        name = f"{tool}-{codec}-{how}"
        path = write(name, data)
        # The oracle: Python's decoding of the same bytes, as UTF-8.
        utf8 = write(name + ".utf8", data.decode(decoder).encode())
        args = ["--encoding", how] if how not in ("bom", "guess") else []
        rc, out, err = run(tool, *args, path)
        rc8, out8, err8 = run(tool, utf8)
        what = f"{tool} {codec} ({how})"
        if how == "guess":
            first = min(i for i, c in enumerate(text) if ord(c) > 127)
            line = text.count("\n", 0, first) + 1
            A.eq(err, f"{tool}: {path}:{line}: warning: not UTF-8: read as "
                 f"{GUESSED[codec]} (a guess; --encoding names the input's "
                 "encoding)\n",
                 f"{what}: one warning names the guess, at its line")
        else:
            A.eq((rc, err), (0, ""), f"{what}: read without a message")
        A.eq(records(out), records(out8),
             f"{what}: the cards Python's decoding of the deck gives")
        A.eq(fields(records(out)), pairs if tool != "md2cards" else
             fields(records(out8)), f"{what}: every card holds its words")
        A.ok(not any("\ufffd" in q + a for q, a in fields(records(out))),
             f"{what}: no U+FFFD", out)

# --- what the decoder cannot decode, and what it leaves alone ----------

# Outside --encoding's repertoire: U+FFFD for each byte, as Python's
# "replace" makes it, and one warning a line, at that line.
data = b"Q: plain?\nA: yes\n\nQ: caf\xe9 na\xefve?\nA: d\xe9j\xe0 vu\n"
rc, out, err = run("txt2cards", "-e", "us-ascii", write("ascii.txt", data))
A.eq(fields(records(out)), [("plain?", "yes"),
     ("caf\ufffd na\ufffdve?", "d\ufffdj\ufffd vu")],
     "bytes outside us-ascii: U+FFFD each, as Python's replace")
A.eq([line.split(": ", 2)[1].rsplit(":", 1)[1] for line in err.splitlines()],
     ["4", "5"], "one warning for line 4 and one for line 5")

# A UTF-16 deck whose last character is cut in half.
data = b"\xff\xfe" + "a\tb\nżółw\tgad".encode("utf-16-le") + b"\x41"
path = write("cut16.tsv", data)
rc, out, err = run("csv2cards", path)
A.eq(fields(records(out)), [("a", "b"), ("żółw", "gad\ufffd")],
     "a UTF-16 deck cut inside a character: U+FFFD at its end")
A.eq(err, f"csv2cards: {path}:2: warning: bytes that are not UTF-16LE "
     "replaced by U+FFFD\n", "and one warning, at its line")

# UTF-8 in the first 64 KiB, a character cut by the block's end: passed
# through untouched, with no guess.
filler = "a\tb\n" * 16383 + "ccc\u00e9\t\u00e9t\u00e9\n"
A.eq(filler.encode()[65535:65537], "\u00e9".encode(), "(é is cut at 64 KiB)")
rc, out, err = run("csv2cards", write("straddle.tsv", filler.encode()))
A.eq((rc, err), (0, ""), "UTF-8 with a character across 64 KiB: no message")
A.eq(fields(records(out))[-1], ("ccc\u00e9", "\u00e9t\u00e9"),
     "and that character and those after it intact")

# Too little to guess from: no guess (ICU would say UTF-16 for any
# bytes), read as UTF-8 and repaired.
path = write("short.csv", "caf\u00e9,b\n".encode("cp1252"))
rc, out, err = run("csv2cards", path)
A.eq((err, fields(records(out))), (f"csv2cards: {path}:1: warning: invalid "
     "UTF-8 replaced by U+FFFD\n", [("caf\ufffd", "b")]),
     "one Latin-1 word is too little to guess from: U+FFFD, as UTF-8")

# Invalid UTF-8 after the first 64 KiB is the readers' to repair.
late = ("Q: " + "b" * 70000 + "?\nA: x\n\n").encode() + \
    "Q: caf\u00e9?\nA: y\n".encode("cp1252")
rc, out, err = run("txt2cards", write("late.txt", late))
A.eq(fields(records(out))[1], ("caf\ufffd?", "y"),
     "a Latin-1 byte after 64 KiB of UTF-8: U+FFFD")
A.ok("not UTF-8" not in err and ":4:7: warning: invalid UTF-8 replaced by "
     "U+FFFD" in err, "reported at its line as invalid UTF-8, no guess", err)

# Standard input is decoded as a file is.
data = b"\xff\xfe" + "dziękuję\tthank you\n".encode("utf-16-le")
rc, out, err = run("csv2cards", stdin=data)
A.eq((err, fields(records(out))), ("", [("dziękuję", "thank you")]),
     "a UTF-16 TSV on standard input")

# cardconv tells a UTF-16 deck's format by its decoded text: a file of
# no known extension holding Q:/A: lines is flashcard text.
folder = os.path.join(TMP, "folder")
os.mkdir(folder)
with open(os.path.join(folder, "deck"), "wb") as f:
    f.write(b"\xff\xfe" + deck("txt2cards", POLISH).encode("utf-16-le"))
rc, out, err = run("cardconv", "-q", "-t", "cards", "-o", "-", folder)
A.eq((rc, fields(records(out))), (0, POLISH),
     "cardconv reads a UTF-16 file of no extension as flashcard text")

# English in UTF-16 with no byte order mark is too little for ICU's
# detector to tell from other bytes; the encoding named with -e tells
# it, to the format guess as to the reader.
ENGLISH = [("What is two and two?", "Four"), ("Capital of France?", "Paris")]
bare = os.path.join(TMP, "bare")
os.mkdir(bare)
with open(os.path.join(bare, "deck"), "wb") as f:
    f.write(deck("txt2cards", ENGLISH).encode("utf-16-le"))
rc, out, err = run("cardconv", "-q", "-t", "cards", "-o", "-", bare)
A.ok(rc != 0 and out == "" and "no file to read" in err,
     "English UTF-16 with no BOM and no -e is no format cardconv knows", err)
rc, out, err = run("cardconv", "-q", "-e", "utf-16le", "-t", "cards", "-o",
                   "-", bare)
A.eq((rc, err, fields(records(out))), (0, "", ENGLISH),
     "with -e utf-16le cardconv tells it is flashcard text and reads it")

# --- into Anki ----------------------------------------------------------

csv = write("french.csv", ("#separator:tab\n#html:false\n" + deck(
    "csv2cards", FRENCH)).encode("cp1252"))
rc, stream, err = run("csv2cards", "-d", "Français", csv)
A.ok(rc == 0 and "read as windows-1252" in err,
     "csv2cards reads a windows-1252 CSV as windows-1252", err)
apkg = os.path.join(TMP, "french.apkg")
p = subprocess.run([os.path.join(BIN, "cards2apkg"), "-o", apkg],
                   input=stream.encode(), capture_output=True)
A.eq(p.returncode, 0, "cards2apkg packs it")
col = A.fresh_collection()
A.import_apkg(col, apkg)
got = sorted((n["deck"], n["fields"]["Front"], n["fields"]["Back"])
             for n in A.notes(col))
col.close()
A.eq(got, sorted(("Français", q, a) for q, a in FRENCH),
     "Anki's fields hold the accented words")

shutil.rmtree(TMP)
A.done()
