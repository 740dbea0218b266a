"""md2cards --o2a-settings against JavaScript: a vault's regular
expressions find the notes in a note that V8, which runs them in the
plugin, finds.

Each case is a vault's CUSTOM_REGEXPS and a note; tests/lib/o2a_search.js
finds the notes with node's RegExp as Obsidian_to_Anki searches, and
md2cards must make the same notes, fields and tags.  The cases are where
PCRE2 and JavaScript read an expression differently unless told:
white space past ASCII, "[^]", "\\u" escapes, unknown escapes, unset
back references, lookbehind, empty matches, and the spans searched past.
"""
import json
import os
import shutil
import subprocess
import tempfile

from ankitest import done, ok

ROOT = os.environ.get("CARDPIPE_ROOT", os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BIN = os.environ.get("CARDPIPE_BIN", os.path.join(ROOT, "bin"))
SEARCH = os.path.join(ROOT, "tests", "lib", "o2a_search.js")
FIELDS = {"QA": ["Q", "A"], "Term": ["Term", "Meaning", "Note"]}

CASES = [
    ("no-break and ideographic spaces are white space",
     {"QA": r"^(.+?)\s#card\s*\n(.+)"},
     "問題\u3000#card\n答え\nWhat\u00a0#card\nanswer\nnot\u2003#card\n"),
    ("\\S stops at them", {"QA": r"^(\S+)\s(\S+)$"},
     "one\u00a0two\nthree\u3000four\nfive six\n"),
    ("[^] is any character, [] none", {"QA": r"^Q: ([^]*?)\nA: (.*)[]?"},
     "Q: first\nline\nA: one\n\nQ: x\nA: y\n"),
    ("\\u escapes", {"QA": r"^(\u00e9\w*) = (.+)"},
     "\u00e9t = summer\nete = no\n"),
    ("an unknown escape is its letter", {"QA": r"^\i(\w+)\: (.+)"},
     "item: one\nthing: two\n"),
    ("a reference to an unset group matches empty",
     {"QA": r"^(x)?\1(\w+) -> (.+)"}, "x a -> b\nxxc -> d\ne -> f\n"),
    ("lookbehind keeps ID comments out",
     {"QA": r"^Q: (.+)\n((?:^.{1,3}$|^.{4}(?<!<!--).*\n?)+)"},
     "Q: one\nA line\nmore\n<!--ID: 1700000000001-->\n\nQ: two\nans\n"),
    ("an empty match moves on one character",
     {"QA": r"^(\w*)=(\w*)$"}, "=\na=b\n\nc=\n"),
    ("tags and ids after a match",
     {"QA": r"^(.+) :: (.+)\n"},
     "one :: 1\nTags: t1 t2\n<!--ID: 1700000000002-->\n"
     "two :: 2\n<!--ID: 1700000000003-->\nthree :: 3\nTags: t3\n"
     "four :: 4\n"),
    ("matches inside math, code and notes are skipped",
     {"QA": r"(\w+) :: (\w+)"},
     "TARGET DECK: a :: b\nx :: y and $p :: q$ and `r :: s`\n"
     "```\nu :: v\n```\n$$\nm :: n\n$$\nSTART\nBasic\nc :: d\nEND\n"
     "STARTI [Basic] e :: f ENDI\n"),
    ("several expressions, the first takes its text",
     {"QA": r"^(\w+) - (\w+)$", "Term": r"^(\w+) - (\w+)(?: \((\w+)\))?$"},
     "cat - Katze\ndog - Hund (m)\n"),
    ("groups of a notetype's fields in order, missing ones empty",
     {"Term": r"^## (.+)\n(.+)"}, "## word\nmeaning\n"),
    ("multi-line with ^ and $ at every line",
     {"QA": r"^(.+)\?$\n^(.+)$"}, "Why?\nBecause.\nNo\nWhen?\nNow.\n"),
    ("\\S in a class: no space but a line break",
     {"QA": r"^(.+?)[^\S\n]::[^\S\n](.+)"}, "q\u00a0:: a\nr\t::\ts\n"),
    ("a '-' beside a class escape is itself",
     {"QA": r"^([\w-.]+)::(.+)"}, "a-b.c::d\n"),
    ("a surrogate pair is its character",
     {"QA": r"^(.+) \ud83d\udcdd (.+)"}, "q \U0001f4dd a\n"),
    ("the leeway at a span's ends is a UTF-16 unit",
     {"QA": "\u300c(.+?)\u300d"}, "\u300c`x`\u300d\n\n\u300cy\u300d\n"),
    ("a note's text is a line at least: START over END is none",
     {"QA": r"^(.+)::(.+)"}, "START\nEND\nBasic\nq::a\nEND\nr::b\n"),
]


def ours(settings, note, cwd):
    p = subprocess.run([os.path.join(BIN, "md2cards"), "--o2a-settings",
                        settings, note], capture_output=True, cwd=cwd)
    made = []
    for line in p.stdout.decode().splitlines():
        rec = json.loads(line)
        if "kind" in rec:
            continue
        if rec["notetype"] == "Basic":
            continue	# the START and inline notes of the cases
        made.append({"type": rec["notetype"],
                     "fields": list(rec["fields"].values()),
                     "tags": sorted(rec.get("tags", []))})
    return p, made


def theirs(settings, note):
    p = subprocess.run(["node", SEARCH, settings, note], capture_output=True,
                       check=True)
    found = json.loads(p.stdout)
    for n in found:
        n["fields"] = (n["fields"] + [""] * len(FIELDS[n["type"]]))[
            :len(FIELDS[n["type"]])]
        n["tags"] = sorted(n["tags"])
    return found


def key(n):
    return json.dumps(n, sort_keys=True, ensure_ascii=False)


def main():
    tmp = tempfile.mkdtemp(prefix="o2a_regex.")
    try:
        for name, regexps, text in CASES:
            settings = os.path.join(tmp, "data.json")
            note = os.path.join(tmp, "note.md")
            with open(settings, "w", encoding="utf-8") as f:
                json.dump({"settings": {"CUSTOM_REGEXPS": regexps},
                           "fields_dict": dict(FIELDS, Basic=["Front",
                                                              "Back"])},
                          f, ensure_ascii=False)
            with open(note, "w", encoding="utf-8") as f:
                f.write(text)
            p, made = ours(settings, note, tmp)
            want = theirs(settings, note)
            ok(p.returncode == 0 and want and
               sorted(map(key, made)) == sorted(map(key, want)),
               f"o2a regex: {name}: {len(want)} notes as JavaScript finds",
               f"rc {p.returncode}, {p.stderr.decode()}\n"
               f"javascript: {want}\nmd2cards:   {made}")
        # Alternatives hold the tags group in their last alone: a match
        # of another has none (the plugin throws there).
        with open(settings, "w") as f:
            json.dump({"settings": {"CUSTOM_REGEXPS": {
                "QA": r"^Q: (.+)\nA: (.+)|^(.+)::(.+)"}},
                "fields_dict": FIELDS}, f)
        with open(note, "w") as f:
            f.write("Q: a\nA: b\n")
        p, made = ours(settings, note, tmp)
        ok(p.returncode == 0 and [n["fields"] for n in made] == [["a", "b"]]
           and made[0]["tags"] == [],
           "o2a regex: a match of an alternative without the tags group has "
           "no tags", p.stderr.decode() + json.dumps(made))
        # What PCRE2 cannot compile is said, and the rest still read.
        with open(settings, "w") as f:
            json.dump({"settings": {"CUSTOM_REGEXPS": {
                "QA": r"(?<=a+)(\w) (\w)", "Term": r"^(\w+) = (\w+)$"}},
                "fields_dict": FIELDS}, f)
        with open(note, "w") as f:
            f.write("aa b c\nx = y\n")
        p, made = ours(settings, note, tmp)
        ok(p.returncode == 0 and b"CUSTOM_REGEXPS: QA: " in p.stderr and
           b"no note of it is read" in p.stderr and len(made) == 1 and
           made[0]["fields"][:2] == ["x", "y"],
           "o2a regex: an expression PCRE2 cannot compile is reported, "
           "the others read", p.stderr.decode() + json.dumps(made))
    finally:
        shutil.rmtree(tmp)
    done()


main()
