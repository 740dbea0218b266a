#!/usr/bin/env python3
"""peer_genanki_batch.py FOLDER OUT.apkg: a folder of card streams
written by genanki as one package, a deck for each file.

What a user of genanki writes for cardconv's batch: each .jsonl under
FOLDER (sorted, as cardconv walks) becomes a genanki Deck named after its
path (folders as parent decks), its notes as peer_genanki.py writes them
(genanki's Basic model, the HTML cardpipe stores), and one Package of all
the decks is written.  genanki reads no flashcard text, so it is given
the card streams the text decks were made from: the same notes.
"""
import os
import sys
import zlib

import genanki

from benchlib import read_notes
from peer_genanki import note


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: peer_genanki_batch.py FOLDER OUT.apkg")
    root = sys.argv[1]
    decks = []
    paths = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        paths += [os.path.join(dirpath, f) for f in sorted(filenames)
                  if f.endswith(".jsonl")]
    for path in sorted(paths):
        name = os.path.relpath(path, root)[:-len(".jsonl")]
        name = name.replace(os.sep, "::")
        deck = genanki.Deck(zlib.crc32(name.encode()) + (1 << 30), name)
        for n in read_notes(path):
            deck.add_note(note(n))
        decks.append(deck)
    genanki.Package(decks).write_to_file(sys.argv[2])


if __name__ == "__main__":
    main()
