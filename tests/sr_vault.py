"""md2cards --sr-settings on a vault laid out as Obsidian keeps one, as
the official Anki engine sees the result.

A vault whose Spaced Repetition settings convert folders to decks files
each note's cards in its folder; its own separators and deck tags make
the cards.  A note outside the vault keeps the deck it names, with a
warning, and so does one reached through a link that leads out of it.
"""
import os
import re
import subprocess
import tempfile

from ankitest import done, eq, import_stream, notes, ok

BIN = os.environ["CARDPIPE_BIN"]
TMP = tempfile.mkdtemp(prefix="sr_vault.")
VAULT = os.path.join(TMP, "My Vault")
SETTINGS = os.path.join(VAULT, ".obsidian", "plugins",
                        "obsidian-spaced-repetition", "data.json")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


write(SETTINGS, """{
  "settings": {
    "flashcardTags": ["#learn"],
    "convertFoldersToDecks": true,
    "singleLineCardSeparator": "=>",
    "singleLineReversedCardSeparator": "<=>",
    "multilineCardSeparator": "??",
    "multilineReversedCardSeparator": "???"
  },
  "buryList": []
}
""")
write(os.path.join(VAULT, "Biology", "Cells", "osmosis.md"),
      "# Osmosis\n\nWater crossing a membrane => osmosis\n"
      "<!--SR:!2026-12-10,6,250-->\n\n"
      "Name the two kinds of transport\n??\nactive and passive\n")
write(os.path.join(VAULT, "Chemistry", "acids.md"),
      "---\ntags: [learn/Acids]\n---\n"
      "The pH of pure water <=> 7\n")
write(os.path.join(VAULT, "top.md"), "Vault's top => no folder\n")
OUTSIDE = os.path.join(TMP, "outside.md")
write(OUTSIDE, "A loose note => its own deck\n")
LINKED = os.path.join(VAULT, "Linked", "loose.md")
os.makedirs(os.path.dirname(LINKED))
os.symlink(OUTSIDE, LINKED)

md = subprocess.run(
    [os.path.join(BIN, "md2cards"), "--sr-settings", SETTINGS,
     os.path.join(VAULT, "Biology", "Cells", "osmosis.md"),
     os.path.join(VAULT, "Chemistry", "acids.md"),
     os.path.join(VAULT, "top.md"), OUTSIDE, LINKED],
    capture_output=True)
err = md.stderr.decode()
eq(md.returncode, 0, "md2cards reads the vault's notes with its settings")
ok(err.count("in no folder of its vault") == 2,
   "the note outside the vault, and the one linked in from outside, are "
   "each warned of once", err)
p, col = import_stream(BIN, md.stdout, TMP)
eq(p.returncode, 0, "cards2apkg takes the stream")
got = sorted((re.sub(r"<[^>]*>", "", n["fields"]["Front"]), n["deck"],
              n["cards"]) for n in notes(col))
eq(got, sorted([
    ("Water crossing a membrane", "Biology::Cells", 1),
    ("Name the two kinds of transport", "Biology::Cells", 1),
    ("The pH of pure water", "Chemistry", 2),
    ("Vault's top", "Default", 1),
    ("A loose note", "Default", 1),
    ("A loose note", "Default", 1),
]), "Anki files each card in its note's folder, over a deck tag; a "
    "reversed card twice; notes at the top or outside in Default")
done()
