"""cardconv on a folder (cardconv(1), FOLDERS and DECKS), proven by Anki.

A folder of mixed inputs (flashcard text with and without a header, an
Anki CSV export, Markdown, a package from fixtures/apkg, a broken
package, a hidden file, a hidden folder, a file no reader takes, a link
to a deck outside the folder) becomes one .apkg.  The engine must import
from it exactly the notes that the separate pipelines, one cardconv per
file, give: same guids, fields, tags and cards, and the decks those give
put under one deck for each folder, a file's own name standing for a
deck it does not name.  The broken package is reported by name and the
rest written, with exit status 1; --strict writes nothing.
"""
import os
import re
import shutil
import subprocess
import tempfile

import ankitest as at

ROOT = os.environ["CARDPIPE_ROOT"]
FIX = os.path.join(ROOT, "fixtures")
tmp = tempfile.mkdtemp(prefix="cardpipe-batch-")
decks = os.path.join(tmp, "decks")

INPUTS = {  # in the folder: from fixtures
    "Bio/biology.txt": "txt2cards/biology.txt",
    "Bio/Week 1/art.txt": "txt2cards/art.txt",
    "Bio/Week 1/deck.md": "md2cards/deck.md",
    "words.csv": "csv2cards/anki-export.txt",
    "media.apkg": "apkg/ankitects_anki_media.apkg",
    "Bio/Week 2 /cells.txt": None,  # written below: no title
    "Bio/terms.csv": None,  # written below: no deck column
    # Names that lie or say nothing: read by content (FORMATS).
    "lies/programming.txt": "md2cards/dialect_mdanki.md",
    "lies/shared.zip": "apkg/FlashbackSRS_flashback-model_Art.apkg",
    "lies/stream.dat": "cards2apkg/seed.jsonl",
    "lies/export": None,  # written below: Anki's CSV, no extension
}
# What the separate pipelines need told with -f.
FORMAT = {"lies/programming.txt": "md", "lies/shared.zip": "apkg",
          "lies/stream.dat": "cards", "lies/export": "csv"}
# The deck each separate pipeline gives, and the deck the batch gives.
DECKS = {
    "Bio/biology.txt": {"Biology Review": "Bio::Biology Review"},
    "Bio/Week 1/art.txt": {"Art History": "Bio::Week 1::Art History"},
    "Bio/Week 1/deck.md": {"Capitals": "Bio::Week 1::Capitals"},
    "words.csv": {"Default": "Default", "Languages": "Languages",
                  "Languages::French": "Languages::French"},
    "Bio/terms.csv": {"Default": "Bio::terms"},
    "media.apkg": {"Default": "media"},
    "Bio/Week 2 /cells.txt": {"cells": "Bio::Week 2::cells"},
    "lies/programming.txt": {"Programming": "lies::Programming"},
    "lies/shared.zip": {"625 Words::Art": "lies::625 Words::Art"},
    "lies/stream.dat": {"Parallelism with PyTorch":
                        "lies::Parallelism with PyTorch"},
    "lies/export": {"Default": "lies::export"},
}
for dst, src in INPUTS.items():
    os.makedirs(os.path.dirname(os.path.join(decks, dst)), exist_ok=True)
    if src is not None:
        shutil.copy(os.path.join(FIX, src), os.path.join(decks, dst))
with open(os.path.join(decks, "Bio/Week 2 /cells.txt"), "w") as fp:
    fp.write("Q: What holds the genome?\nA: The nucleus\n")
with open(os.path.join(decks, "Bio/terms.csv"), "w") as fp:
    fp.write("Front,Back\nosmosis,water through a membrane\n")
with open(os.path.join(decks, "lies/export"), "w") as fp:
    fp.write("#separator:tab\n#html:false\nmitosis\tone cell becomes two\n")
with open(os.path.join(decks, "lies/README"), "w") as fp:
    fp.write("These decks are for the course.\nAsk before sharing.\n")
os.makedirs(os.path.join(decks, ".hidden"))
for hidden in (".hidden/in.txt", ".dot.txt"):
    with open(os.path.join(decks, hidden), "w") as fp:
        fp.write("Q: HIDDEN marker\nA: never read\n")
with open(os.path.join(tmp, "outside.txt"), "w") as fp:
    fp.write("Q: OUTSIDE marker\nA: never read\n")
os.symlink(os.path.join(tmp, "outside.txt"), os.path.join(decks, "link.txt"))
with open(os.path.join(decks, "notes.pdf"), "w") as fp:
    fp.write("%PDF-1.4\n")
with open(os.path.join(decks, "broken.apkg"), "w") as fp:
    fp.write("not a zip\n")


def run(*args):
    return subprocess.run(["cardconv", *args], capture_output=True,
                          text=True, cwd=tmp)


def imported(*packages):
    col = at.fresh_collection()
    for p in packages:
        at.import_apkg(col, os.path.join(tmp, p))
    # By content: a derived guid changes with the deck (cards2apkg(1)).
    out = {repr(n["fields"]): {k: n[k] for k in ("tags", "deck", "cards")}
           for n in at.notes(col)}
    col.close()
    return out


r = run("-o", "all.apkg", "decks/")
at.eq(r.returncode, 1, "a batch with a broken file exits 1")
at.ok(os.path.exists(os.path.join(tmp, "all.apkg")),
      "the other files are written", r.stderr)
at.ok("decks/broken.apkg: error: not converted; the batch goes on"
      in r.stderr, "the broken file is reported by name", r.stderr)
at.ok("decks/lies/README, decks/link.txt, decks/notes.pdf\n" in r.stderr,
      "files not read (text that no reader bids on among them) are listed "
      "once, sorted", r.stderr)
at.ok("decks/lies/programming.txt: warning: the name says txt, the content "
      "md: read as md\n" in r.stderr,
      "a name that lies is warned of", r.stderr)
at.eq(r.stderr.count("the name says"), 1,
      "once, and a name that says nothing is no lie")
at.eq(r.stderr.count("notes.pdf"), 1, "and only once")

at.ok("decks/Bio/Week 2 : warning: deck \"Week 2\" made from the name: "
      "white space and ':' at the ends trimmed\n" in r.stderr,
      "a folder's name changed for a deck is warned of", r.stderr)
at.eq(r.stderr.count("Week 2 "), 1, "once, not for each file in it")

separate, under = {}, {}
for dst in INPUTS:
    out = dst.replace("/", "_") + ".apkg"
    fmt = ["-f", FORMAT[dst]] if dst in FORMAT else []
    p = run(*fmt, "-o", out, os.path.join("decks", dst))
    at.eq(p.returncode, 0, f"the pipeline for {dst} runs")
    notes = imported(out)
    at.eq(sorted({n["deck"] for n in notes.values()}), sorted(DECKS[dst]),
          f"the pipeline for {dst} gives the decks expected")
    separate.update(notes)
    for key, n in notes.items():
        under[key] = dict(n, deck=DECKS[dst][n["deck"]])
batch = imported("all.apkg")
at.ok(len(batch) > 0, f"Anki imports {len(batch)} notes from the batch")
at.eq(batch, under, "the notes equal those of the separate pipelines, "
      "their decks under the folders'")

# Inputs are read on two threads: messages still come in input order,
# each input's together, and the package is the same byte for byte.
# (The walk's own warnings, about names, come before any input's.)
order = [m.group(1) for m in
         re.finditer(r"^cardconv: (decks/[^:]*?)(?::\d+)*: (?!warning: "
                     r"(deck \"|the name says))", r.stderr, re.M)]
firsts = [f for i, f in enumerate(order) if f not in order[:i]]
at.eq([f for i, f in enumerate(order) if i > 0 and order[i - 1] != f
       and f in order[:i - 1]], [], "each input's messages come together")
at.eq(firsts, sorted(firsts), "and in the order of the inputs")
env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
for out in ("same1.apkg", "same2.apkg"):
    subprocess.run(["cardconv", "-o", out, "decks/"], capture_output=True,
                   cwd=tmp, env=env)
with open(os.path.join(tmp, "same1.apkg"), "rb") as a, \
        open(os.path.join(tmp, "same2.apkg"), "rb") as b:
    at.ok(a.read() == b.read(), "the same folder twice: the same package")

r = run("--deck-prefix", "Course", "-o", "prefix.apkg", "decks/")
want = {g: dict(n, deck="Course::" + n["deck"]) for g, n in under.items()}
at.eq(imported("prefix.apkg"), want, "--deck-prefix puts every deck under it")
r = run("-d", "One", "-o", "one.apkg", "decks/")
at.eq({n["deck"] for n in imported("one.apkg").values()}, {"One"},
      "-d puts every note in one deck, whatever the folders")
text = repr(batch)
at.ok("HIDDEN" not in text, "hidden files and folders are not read")
at.ok("OUTSIDE" not in text, "a link out of the folder is not followed")

r = run("--strict", "-o", "strict.apkg", "decks")
at.eq(r.returncode, 1, "--strict: the broken file fails the batch")
at.ok(not os.path.exists(os.path.join(tmp, "strict.apkg")),
      "--strict: nothing is written")

# A collection made in German names deck 1 "Standard", and Anki's
# older exporters wrote that name into the package: a real one holds 73
# notes there and 20 in "SOE::OOA".  "Standard" is Anki's "Default" all
# the same, named by no one, and stands for the file.
german = os.path.join(tmp, "german")
os.makedirs(german)
shutil.copy(os.path.join(FIX, "apkg", "maxwernz_shared_anki_decks_SOE.apkg"),
            os.path.join(german, "lecture.apkg"))
r = run("-o", "german.apkg", "german/")
at.ok(r.returncode == 0, "cardconv reads the German package", r.stderr)
decks = {}
for n in imported("german.apkg").values():
    decks[n["deck"]] = decks.get(n["deck"], 0) + 1
at.eq(decks, {"lecture": 73, "SOE::OOA": 20},
      "German \"Standard\", deck 1, takes the file's name in Anki; the "
      "user's deck keeps its own")

shutil.rmtree(tmp)
at.done()
