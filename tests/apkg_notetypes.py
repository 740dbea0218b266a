"""apkg_notetypes: notetypes met more than once, and the media their
templates use, as the official Anki engine imports them."""
import json
import os
import re
import subprocess

import ankitest
from ankitest import eq, ok

BIN = os.environ["CARDPIPE_BIN"]
APKG = os.path.join(os.environ["CARDPIPE_ROOT"], "fixtures", "apkg")
TMP = ankitest.scratch("apkg_notetypes.")


def run(args, stdin=None):
    return subprocess.run([os.path.join(BIN, args[0])] + args[1:],
                          input=stdin, capture_output=True, text=True)


def lines(*records):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


# A notetype whose CSS and front template use '_' media.
media = os.path.join(TMP, "media")
os.mkdir(media)
with open(os.path.join(media, "_font.woff2"), "wb") as f:
    f.write(b"wOF2 not really a font")
with open(os.path.join(media, "_logo.png"), "wb") as f:
    f.write(b"\x89PNG not really an image")
with open(os.path.join(media, "_unused.png"), "wb") as f:
    f.write(b"\x89PNG named by nothing")
styled = {
    "kind": "notetype", "name": "Styled", "type": "standard",
    "fields": ["Front", "Back"],
    "templates": [{"name": "Card 1",
                   "qfmt": "<img src=\"_logo.png\">{{Front}}",
                   "afmt": "{{FrontSide}}<hr id=answer>{{Back}}"}],
    "css": "@font-face { font-family: f; src: url(\"_font.woff2\"); }\n"
           ".card { font-family: f; background: url('_gone.png'); }\n",
    "source": "styled.txt:1"}
note = {"deck": "Styled deck", "notetype": "Styled",
        "fields": {"Front": "q", "Back": "a"}, "source": "styled.txt:2"}
out = os.path.join(TMP, "styled.apkg")
r = run(["cards2apkg", "-m", media, "-o", out], lines(styled, note))
eq(r.returncode, 0, "a notetype using '_' media converts")
ok("styled.txt:1: warning: media \"_gone.png\" in " + media +
   ": not found; not packed" in r.stderr,
   "a '_' file the CSS names but the folder lacks is a warning at the "
   "notetype record", r.stderr)
col = ankitest.fresh_collection()
ankitest.import_apkg(col, out)
names = ankitest.media_names(col)
ok("_font.woff2" in names and "_logo.png" in names,
   "Anki imports the font and image the notetype uses", names)
ok("_unused.png" not in names, "a '_' file nothing names is not packed",
   names)
eq(len(ankitest.notes(col)), 1, "the note arrives")
col.close()

# The same notetype record twice is one notetype, silently.
r = run(["cards2apkg", "-m", media, "-o", os.path.join(TMP, "twice.apkg")],
        lines(styled, note, styled,
              dict(note, fields={"Front": "q2", "Back": "a2"},
                   source="styled.txt:4")))
eq(r.returncode, 0, "a notetype defined twice alike converts")
ok("defined again" not in r.stderr,
   "a notetype defined twice alike is not reported", r.stderr)
col = ankitest.fresh_collection()
ankitest.import_apkg(col, os.path.join(TMP, "twice.apkg"))
ns = ankitest.notes(col)
eq(sorted(n["notetype"] for n in ns), ["Styled", "Styled"],
   "both notes share one notetype in Anki")
col.close()

# The same notetype but for its LaTeX preamble is another notetype: the
# second's notes must render their LaTeX with their own preamble.
math = {"kind": "notetype", "name": "Math", "type": "standard",
        "fields": ["Front", "Back"],
        "templates": [{"name": "Card 1", "qfmt": "{{Front}}",
                       "afmt": "{{FrontSide}}<hr id=answer>{{Back}}"}],
        "latex_pre": "\\documentclass{article}\n\\begin{document}\n",
        "source": "math.txt:1"}
physics = dict(math, latex_pre="\\documentclass{article}\n"
               "\\usepackage{physics}\n\\begin{document}\n",
               source="physics.txt:1")
r = run(["cards2apkg", "-o", os.path.join(TMP, "latex.apkg")],
        lines(math, dict(note, notetype="Math", source="math.txt:2"),
              physics, dict(note, notetype="Math", fields={
                  "Front": "[$]\\grad f[/$]", "Back": "gradient"},
                  source="physics.txt:2")))
eq(r.returncode, 0, "two Math notetypes differing in LaTeX convert")
ok('notetype "Math" is defined again, differently' in r.stderr,
   "the second, differing only in its preamble, is reported", r.stderr)
col = ankitest.fresh_collection()
ankitest.import_apkg(col, os.path.join(TMP, "latex.apkg"))
pre = {n["fields"]["Front"]: col.models.by_name(n["notetype"])["latexPre"]
       for n in ankitest.notes(col)}
ok("physics" not in pre["q"] and "physics" in pre["[$]\\grad f[/$]"],
   "in Anki each note has its own preamble", pre)
col.close()

# Two real packages whose "Basic" notetypes differ, in one package.
a = os.path.join(APKG, "tangshimin_MuJing_primary_school_words.apkg")
b = os.path.join(APKG, "danhowden_taaltuig_spanish-small.apkg")
both = os.path.join(TMP, "both.apkg")
r = run(["cardconv", "-o", both, a, b])
eq(r.returncode, 0, "two packages with different Basic notetypes "
   "convert into one")
ok(re.search(r'notetype "Basic" is defined again, differently; the notes '
             r'of its id, \d+, use it as "Basic\+"', r.stderr),
   "the second Basic is renamed, with a warning", r.stderr)
want = 0
for src in (a, b):
    c = ankitest.fresh_collection()
    ankitest.import_apkg(c, src)
    want += len(ankitest.notes(c))
    c.close()
col = ankitest.fresh_collection()
ankitest.import_apkg(col, both)
ns = ankitest.notes(col)
eq(len(ns), want, "Anki imports every note of both packages")
spanish = [n for n in ns if n["deck"] == "espanol"]
eq(len(spanish), 5, "the second package's notes keep their deck")
css = {n["notetype"]: col.models.by_name(n["notetype"])["css"]
       for n in spanish}
ok(len(css) == 1 and "    font-family" in list(css.values())[0],
   "they use the second package's own notetype and CSS", css)
col.close()
ankitest.done()
