"""md2cards --sr-settings on a vault laid out as Obsidian keeps one, as
the official Anki engine sees the result.

A vault whose Spaced Repetition settings convert folders to decks files
each note's cards in its folder; its own separators and deck tags make
the cards.  A note at the vault's top is in no folder: the plugin
reviews it only when it carries a deck tag, and files its cards in the
default deck.  So is a note outside the vault read, and one reached
through a link that leads out of it, with a warning.
"""
import os
import re
import subprocess

from ankitest import (done, eq, fresh_collection, import_apkg,
                      import_stream, notes, ok, scratch)

BIN = os.environ["CARDPIPE_BIN"]
TMP = scratch("sr_vault.")
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
write(os.path.join(VAULT, "tagged.md"),
      "#learn\nTagged at the top => the default deck\n")
OUTSIDE = os.path.join(TMP, "outside.md")
write(OUTSIDE, "A loose note => its own deck\n")
LINKED = os.path.join(VAULT, "Linked", "loose.md")
os.makedirs(os.path.dirname(LINKED))
os.symlink(OUTSIDE, LINKED)

md = subprocess.run(
    [os.path.join(BIN, "md2cards"), "--sr-settings", SETTINGS,
     os.path.join(VAULT, "Biology", "Cells", "osmosis.md"),
     os.path.join(VAULT, "Chemistry", "acids.md"),
     os.path.join(VAULT, "top.md"), os.path.join(VAULT, "tagged.md"),
     OUTSIDE, LINKED],
    capture_output=True)
err = md.stderr.decode()
eq(md.returncode, 0, "md2cards reads the vault's notes with its settings")
ok(err.count("in no folder of its vault") == 2,
   "the note outside the vault, and the one linked in from outside, are "
   "each warned of once", err)
ok(err.count("at the top of its vault") == 1 and
   err.count("makes none of its 1 card") == 3,
   "the untagged note at the vault's top is warned of, its card left out "
   "as the two outside", err)
p, col = import_stream(BIN, md.stdout, TMP)
eq(p.returncode, 0, "cards2apkg takes the stream")
got = sorted((re.sub(r"<[^>]*>", "", n["fields"]["Front"]), n["deck"],
              n["cards"]) for n in notes(col))
eq(got, sorted([
    ("Water crossing a membrane", "Biology::Cells", 1),
    ("Name the two kinds of transport", "Biology::Cells", 1),
    ("The pH of pure water", "Chemistry", 2),
    ("Tagged at the top", "Default", 1),
]), "Anki files each card in its note's folder, over a deck tag; a "
    "reversed card twice; a tagged note at the top in Default")

# The vault's cloze patterns, numbered, overlapping and its own, as
# Anki asks them: fixtures/md2cards/sr_cloze.md with the settings kept
# beside it.
FIX = os.path.join(os.environ["CARDPIPE_ROOT"], "fixtures", "md2cards")
md = subprocess.run([os.path.join(BIN, "md2cards"), "--sr-settings",
                     "sr_cloze.data.json", "sr_cloze.md"],
                    capture_output=True, cwd=FIX)
eq(md.returncode, 0, "md2cards reads the clozes with the vault's patterns")
p, col = import_stream(BIN, md.stdout, TMP)
eq(p.returncode, 0, "cards2apkg takes the clozes")
got = {re.sub(r"<[^>]*>", "", n["fields"]["Text"])[:12]: n["ords"]
       for n in notes(col)}
eq(got, {"The capital ": [0, 1], "{{c1::Lima}}": [0, 1, 2],
         "Rivers: {{c1": [0, 1], "{{c1::Oxygen": [0, 1],
         "{{c1::Water}": [0, 1], "A list item ": [0]},
   "Anki asks each cloze on the cards its number names: Peru twice, "
   "Chile on card 3, an overlapping cloze on its 'a' cards")
for n in notes(col):
    if "steam" not in n["fields"]["Text"]:
        continue
    nid = col.find_notes("steam")[0]
    shown = [re.sub(r"<[^>]*>", " ", c.question())
             for c in sorted(col.get_note(nid).cards(), key=lambda c: c.ord)]
    ok("ice" in shown[0] and "Water" not in shown[0] and
       "steam" not in shown[0] and "Water" in shown[1] and
       "ice" not in shown[1] and "steam" not in shown[1],
       "a cloze asked on two cards is asked on both, nested", shown)
col.close()

# noteFoldersToIgnore: a folder of templates and, by the plugin's
# default, Excalidraw's drawings are passed over by cardconv walking a
# vault, each with one warning; the vault's other notes are read.
IGN = os.path.join(TMP, "Ignoring")
write(os.path.join(IGN, ".obsidian", "plugins", "obsidian-spaced-repetition",
                   "data.json"),
      '{"settings": {"flashcardTags": ["#flashcards"], '
      '"noteFoldersToIgnore": ["Templates", "**/*.excalidraw.md"]}}\n')
write(os.path.join(IGN, ".obsidian", "community-plugins.json"),
      '["obsidian-spaced-repetition"]\n')
write(os.path.join(IGN, "Templates", "card.md"),
      "#flashcards\n{{question}}::{{answer}}\n")
write(os.path.join(IGN, "Art", "sketch.excalidraw.md"),
      "#flashcards\nA drawing's label::not a card\n")
write(os.path.join(IGN, "Art", "colour.md"),
      "#flashcards\nThe primary colours of light::red, green, blue\n")
apkg = os.path.join(TMP, "ignoring.apkg")
p = subprocess.run([os.path.join(BIN, "cardconv"), "-o", apkg, IGN],
                   capture_output=True, text=True)
eq(p.returncode, 0, "cardconv reads a vault that passes over some notes")
ok(p.stderr.count("of the vault's noteFoldersToIgnore") == 2 and
   '"Templates"' in p.stderr and '"**/*.excalidraw.md"' in p.stderr,
   "each note passed over is said, with the pattern that passes over it",
   p.stderr)
col = fresh_collection()
import_apkg(col, apkg)
eq([n["fields"]["Front"] for n in notes(col)],
   ["<p>The primary colours of light</p>"],
   "Anki holds the reviewed note's card alone")
col.close()
done()
