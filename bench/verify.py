#!/usr/bin/env python3
"""verify.py DECK.jsonl NAME=PACKAGE ...: what the official Anki engine
sees in each package, against the deck it was written from.

Each package is imported into a fresh collection of the real engine
(tests/lib/ankitest.py, the PyPI `anki` package) as desktop imports it;
then the notes Anki holds are compared with the deck: how many notes and
cards, and every note's fields (as the HTML cardpipe stores for text
markup, NFC-normalised as Anki stores it), tags and deck.  So a writer
that is fast but drops or garbles notes cannot win the benchmark.

Prints one line per package, "NAME: ok - ..." or "NAME: FAIL - ...";
exits 1 if any failed.
"""
import collections
import os
import sys
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "lib"))
import ankitest  # noqa: E402

from benchlib import field_html, read_notes  # noqa: E402


def nfc(s):
    return unicodedata.normalize("NFC", s)


def expected(deck):
    want = collections.Counter()
    for n in read_notes(deck):
        want[(nfc(field_html(n, "Front")), nfc(field_html(n, "Back")),
              tuple(sorted(n.get("tags", []))), n.get("deck", "Default"))] += 1
    return want


def seen(path):
    col = ankitest.fresh_collection()
    try:
        log = ankitest.import_apkg(col, path)
        got = collections.Counter()
        for n in ankitest.notes(col):
            f = list(n["fields"].values())
            got[(f[0], f[1] if len(f) > 1 else None, tuple(n["tags"]),
                 n["deck"])] += 1
        ncards = col.card_count()
        return got, ncards, ankitest.log_counts(log)
    finally:
        col.close()


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: verify.py DECK.jsonl NAME=PACKAGE ...")
    want = expected(sys.argv[1])
    nwant = sum(want.values())
    failed = False
    for arg in sys.argv[2:]:
        name, _, path = arg.partition("=")
        try:
            got, ncards, counts = seen(path)
        except Exception as e:  # the engine refusing the file is a result
            print(f"{name}: FAIL - Anki cannot import it: {e}")
            failed = True
            continue
        ngot = sum(got.values())
        missing = want - got
        extra = got - want
        if ngot == nwant and ncards == nwant and not missing and not extra:
            print(f"{name}: ok - Anki sees {ngot} notes, {ncards} cards; "
                  f"fields, tags and deck of every note as written")
            continue
        failed = True
        msg = (f"{name}: FAIL - Anki sees {ngot} notes, {ncards} cards "
               f"(want {nwant}); {sum(missing.values())} notes missing or "
               f"different, import log {counts}")
        if missing:
            msg += f"\n  e.g. want {next(iter(missing))!r}"
        if extra:
            msg += f"\n  e.g. got  {next(iter(extra))!r}"
        print(msg)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
