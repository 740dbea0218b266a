#!/usr/bin/env python3
"""peer_genanki.py DECK.jsonl OUT.apkg: the deck written by genanki.

genanki at its defaults: its built-in Basic model, one genanki Deck, its
default guids, Package.write_to_file.  Fields get the HTML cardpipe would
store (benchlib.text_to_html), so every tool stores the same text.
"""
import sys

import genanki

from benchlib import field_html, read_notes

DECK_ID = 2059400110


def note(n):
    """Card stream note n as a genanki Note at genanki's defaults."""
    return genanki.Note(model=genanki.BASIC_MODEL,
                        fields=[field_html(n, "Front"),
                                field_html(n, "Back")],
                        tags=n.get("tags", []))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: peer_genanki.py DECK.jsonl OUT.apkg")
    deck = None
    for n in read_notes(sys.argv[1]):
        if deck is None:
            deck = genanki.Deck(DECK_ID, n.get("deck", "Default"))
        deck.add_note(note(n))
    genanki.Package(deck).write_to_file(sys.argv[2])


if __name__ == "__main__":
    main()
