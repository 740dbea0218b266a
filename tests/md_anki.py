"""md2cards' dialects as the official Anki engine sees them.

Each hand-made dialect fixture goes through md2cards and cards2apkg and
is imported into a fresh collection of the real engine
(tests/lib/ankitest.py): cloze syntaxes must become Cloze notes with
a card per deletion (a Logseq card's clozes one card: the app hides
them all at once), reversed cards notes of "Basic (and reversed
card)" with two cards, and TeX math must be stored as MathJax with its
underscores, asterisks and backslashes intact.
"""
import os
import subprocess

from ankitest import (done, eq, fresh_collection, import_apkg,
                      media_names, notes, ok, scratch)

ROOT = os.environ["CARDPIPE_ROOT"]
BIN = os.environ["CARDPIPE_BIN"]
FIX = os.path.join(ROOT, "fixtures", "md2cards")
TMP = scratch("md_anki.")


def anki_notes(name):
    """The notes Anki holds after importing the fixture's package."""
    out = os.path.join(TMP, name + ".apkg")
    md = subprocess.run([os.path.join(BIN, "md2cards"),
                         os.path.join(FIX, name + ".md")],
                        capture_output=True, check=True)
    p = subprocess.run([os.path.join(BIN, "cards2apkg"), "-o", out],
                       input=md.stdout, capture_output=True)
    eq(p.returncode, 0, f"{name}: cards2apkg takes md2cards' stream")
    col = fresh_collection()
    import_apkg(col, out)
    ns = notes(col)
    for n in ns:
        # Anki names a notetype it already holds differently "X+".
        n["notetype"] = n["notetype"].rstrip("+")
    return ns


def find(ns, field, text):
    return [n for n in ns if text in n["fields"].get(field, "")]


ns = anki_notes("dialect_osr")
cl = find(ns, "Text", "mitochondria")
eq([(n["notetype"], n["cards"]) for n in cl], [("Cloze", 2)],
   "obsidian_sr: ==highlights== make one Cloze note of two cards")
ok(cl and "{{c1::mitochondria}}" in cl[0]["fields"]["Text"] and
   "{{c2::ATP}}" in cl[0]["fields"]["Text"],
   "obsidian_sr: the highlights are Anki's deletions", cl)
rev = find(ns, "Front", "Nucleus") + find(ns, "Front", "Cell wall")
eq(sorted((n["notetype"], n["cards"], n["fields"]["Back"]) for n in rev),
   [("Basic (and reversed card)", 2, "<p>Plant cells have one</p>"),
    ("Basic (and reversed card)", 2, "<p>holds the DNA</p>")],
   "obsidian_sr: ::: and ?? make reversed notes of two cards, "
   "without their <!--SR--> comments")
eq(sorted({n["deck"] for n in ns}), ["biology::cells"],
   "obsidian_sr: #flashcards/biology/cells names the deck")
euler = find(ns, "Front", "Euler")
eq([n["fields"]["Back"] for n in euler],
   ["<p>\\(e^{i\\pi} + 1 = 0\\) and \\(a_1 * b_2\\)</p>"],
   "math is stored as MathJax, its _ * and \\ intact")
eq(len(ns), 9, "obsidian_sr: 9 notes; no heading, its notes or a table is one")

ns = anki_notes("dialect_yanki")
eq([(n["notetype"], n["cards"], n["fields"]["Text"], n["tags"])
    for n in ns],
   [("Cloze", 2, "<p>{{c1::Paris}} is the capital of "
     "{{c2::France::a country}}.</p>", ["geo"])],
   "yanki: ~~strike-through~~ with its number and hint is a cloze")
ns = anki_notes("dialect_yankirev")
eq([(n["notetype"], n["cards"]) for n in ns],
   [("Basic (and reversed card)", 2)], "yanki: --- twice is reversed")

ns = anki_notes("dialect_markdown_anki_decks")
cl = find(ns, "Text", "mitochondrion")
eq([(n["notetype"], n["cards"], n["fields"]["Back Extra"]) for n in cl],
   [("Cloze", 1, "<p>Found in most cells.</p>")],
   "markdown_anki_decks: a cloze heading is a Cloze note, its body extra")
eq(len(ns), 2, "markdown_anki_decks: the table is an answer, not cards")

ns = anki_notes("flashcards_tags")
eq(sorted((n["notetype"], n["cards"], n["ords"]) for n in ns),
   [("Basic", 1, [0])] * 3 + [("Basic (and reversed card)", 2, [0, 1])] * 3 +
   [("Cloze", 2, [0, 1]), ("Obsidian-spaced", 1, [0])],
   "flashcards: #card notes, #card-reverse, #card/reverse and ::: both "
   "ways, a tagged cloze line of two deletions, a #card-spaced prompt")
cl = find(ns, "Text", "ribosome")
eq([n["fields"]["Text"] for n in cl],
   ["<p>The {{c1::ribosome}} builds {{c1::proteins}} from "
    "{{c2::amino acids}}</p>"],
   "flashcards: ==text== and {text} are c1 as the plugin sends them, "
   "{2:text} c2")
eq([(n["fields"]["Front"], n["tags"]) for n in find(ns, "Front", "Osmosis")],
   [("<p>Osmosis</p>", ["bio::transport"])],
   "flashcards: the line's other #tags are the note's, / as ::")
eq([n["fields"]["Prompt"] for n in ns if n["notetype"] == "Obsidian-spaced"],
   ["<p>Review the stages of mitosis</p>"],
   "flashcards: a spaced card is the plugin's notetype, its prompt alone")
eq(sorted({n["deck"] for n in ns}), ["Biology::Cells"],
   "flashcards: cards-deck: names the deck")
ok(not any("#card" in v or "^17" in v
           for n in ns for v in n["fields"].values()),
   "flashcards: no tag and no ^id reaches a field")

ns = anki_notes("inka_sections")
eq(sorted((n["notetype"], n["cards"], n["deck"], n["tags"]) for n in ns),
   [("Basic", 1, "Chemistry::Basics", ["atoms", "chem"])] * 2 +
   [("Basic", 1, "Chemistry::Bonds", []), ("Basic", 1, "Default",
                                           ["review"])] +
   [("Cloze", 1, "Chemistry::Basics", ["atoms", "chem"]),
    ("Cloze", 2, "Chemistry::Basics", ["atoms", "chem"])],
   "inka: numbered questions with > answers, clozes without, each "
   "section's Deck: and Tags:")
eq([n["fields"]["Text"] for n in find(ns, "Text", "Water")],
   ["<p>Water is {{c1::H2O}} and salt is {{c2::NaCl}}.</p>"],
   "inka: {1::text} is Anki's {{c1::text}}")
ok(not any("ID:" in v for n in ns for v in n["fields"].values()),
   "inka: no <!--ID--> comment reaches a field")

ns = anki_notes("dialect_o2a")
eq(sorted((n["notetype"], n["cards"]) for n in ns),
   [("Basic", 1)] * 5 + [("Basic (and reversed card)", 2)] * 2 +
   [("Cloze", 1), ("Cloze", 2)],
   "obsidian_to_anki: START/END and STARTI/ENDI notes of three notetypes, "
   "{curly} clozes, ==highlights== no cloze without their setting")
ok(not any("ID:" in v for n in ns for v in n["fields"].values()),
   "obsidian_to_anki: no <!--ID--> comment reaches a field")

ns = anki_notes("o2a_notetype")
eq(sorted((n["notetype"], list(n["fields"].items()), n["cards"])
          for n in ns),
   [("Basic (optional reversed card)",
     [("Front", "<p>gatto</p>"), ("Back", "<p>cat</p>"),
      ("Add Reverse", "<p>y</p>")], 2),
    ("Vocab (Italian)",
     [("Front", "<p>acqua<br />\n(no plural)</p>"),
      ("Meaning", "<p>water</p>"), ("Example", "")], 1),
    ("Vocab (Italian)",
     [("Front", "<p>il pane</p>"),
      ("Meaning", "<p>bread<br />\n(a loaf of) bread</p>"),
      ("Example", "<p>Il pane è caldo.</p>")], 1),
    ("Vocab (Italian)",
     [("Front", "<p>il vino</p>"), ("Meaning", "<p>wine</p>"),
      ("Example", "")], 1),
    ("Vocab (Italian)",
     [("Front", "<p>la mela</p>"), ("Meaning", "<p>the apple</p>"),
      ("Example", "<p>Mangio una mela.</p>")], 1),
    ("Word Pair", [("Term", "<p>cane</p>"), ("Gloss", "<p>dog</p>")], 1)],
   "obsidian_to_anki: a notetype of the user's is one of its own in Anki, "
   "with the fields its labels name")

ns = anki_notes("logseq_cards")
eq(sorted((n["notetype"], n["cards"], list(n["fields"].items()), n["tags"])
          for n in ns),
   [("Basic", 1, [("Front", "<p>Photosynthesis</p>"),
                  ("Back", "<ul>\n<li>Plants make sugar\n<ul>\n"
                   "<li>from carbon dioxide and water</li>\n</ul>\n</li>\n"
                   "<li>It uses light</li>\n</ul>")], ["biology"]),
    ("Basic", 1, [("Front", "<p>What does a cell membrane do?</p>"),
                  ("Back", "<p>It lets some molecules through<br />\n"
                   "and keeps others out.</p>")], []),
    ("Basic", 1, [("Front", "<p>What is the capital of France?</p>"),
                  ("Back", "<p>Paris</p>")], []),
    ("Cloze", 1, [("Text", "<p>The {{c1::mitochondria}} is the "
                   "{{c1::powerhouse}} of the cell</p>"),
                  ("Back Extra", "<p>Most cells have hundreds.</p>")], [])],
   "logseq: #card blocks are notes, one child the back, several a nested "
   "list, every {{cloze}} of a card one deletion; no property, no #card "
   "and no note block reaches a field")

ns = anki_notes("ankdown_cards")
eq(sorted((n["fields"]["Front"], n["tags"]) for n in ns),
   [("<p>Expected value of \\(f(x)\\)</p>", ["math", "probability_theory"]),
    ("<p>Normal space</p>", []),
    ("<p>Which command shows a file's history?</p>", [])],
   "ankdown: '%' parts the fields, '---' and '%%' the cards, the third "
   "field the tags; a card with no '%' is none")
eq([n["fields"]["Back"] for n in ns if "history" in n["fields"]["Front"]],
   ['<pre><code class="language-sh">git log --follow -- FILE\n'
    '# a line of &quot;%&quot; or &quot;---&quot; in code is code:\n'
    '---\n</code></pre>'],
   "ankdown: a fence keeps its '---' line")

ns = anki_notes("mankidown_notes")
eq(sorted((n["fields"]["Front"].split("</p>")[0], n["tags"]) for n in ns),
   [("<p>Which command lists the files of a directory, hidden ones too?",
     ["linux"]),
    ("<p>Which command prints the working directory?", ["linux", "shell"]),
    ("<p>Which signal cannot be caught?", [])],
   "mankidown: '# tags' opens each note, '## ' each field, the first "
   "note's named, the later ones bare")
eq([n["fields"]["Back"] for n in ns if "hidden" in n["fields"]["Front"]],
   ["<p><code>ls -a</code></p>"],
   "mankidown: a '#' line in a fence is code, no note")

# Obsidian's links and embeds, as Obsidian shows them: an embedded image
# shown and packed, a link its alias or its target, code left alone.
ns = anki_notes("obsidian_links")
eq(sorted(n["fields"]["Back"] for n in ns),
   ['<p><img src="obsidian_cell.png" alt="" /> and the powerhouse, see '
    'Cell &gt; Membrane.</p>',
    "<p>in the review Q1 Quiz 1 review.pdf</p>",
    "<p>on a chromosome, never in <code>[[code]]</code></p>",
    "<p>see locks overview, p.1</p>"],
   "Obsidian: ![[image]] an image, [[link|alias]] the alias, "
   "[[Note#Part]] \"Note > Part\", none in code, another embed its "
   "alias or its name, set apart from a word glued to it")
apkg = os.path.join(TMP, "obsidian_media.apkg")
p = subprocess.run([os.path.join(BIN, "cardconv"), "-q", "-o", apkg,
                    os.path.join(FIX, "obsidian_links.md")],
                   capture_output=True)
col = fresh_collection()
import_apkg(col, apkg)
eq(media_names(col), ["obsidian_cell.png"],
   "Obsidian: the embedded image travels with the deck, from the note's "
   "folder")
col.close()
done()
