"""md2cards and the Markdown-to-HTML conversion stay linear in their
input whatever its shape: for each shape that makes a search for a
closing mark (END, -->, ]( ... ), ==, ~~, $, backticks) or a scan of
lines, four times the input may take at most eight times as long (a
quadratic path takes sixteen).  Best of three runs, on inputs of a
few megabytes, so that start-up and noise weigh little; a shape is
measured up to three times, as a busy machine can stall one run.

A block of many cards is read a card at a time, so that md2cards holds
the document and its parse tree, not every card of the block besides:
640,000 cards in one block stay under a bound that queuing them all
passes (peak resident memory of the child, from wait4; not measured
under a sanitizer).
"""
import json
import os
import subprocess
import time

from ankitest import done, ok, scratch

BIN = os.environ["CARDPIPE_BIN"]
TMP = scratch("md_linear.")

SHAPES = {
    "START lines without END": lambda n: "START\n" * n,
    "Obsidian links never closed, in the math pass":
        lambda n: "q::" + "![[a [[b " * n + "\n",
    "tag links never closed": lambda n: "## q\n\n" + "[#a" * n + "\n",
    "highlights never closed": lambda n: "#flashcards\n\n" + "==a " * n,
    "asking lines that lost their \"::\"":
        lambda n: "q?::a\n" + "q? a\n" * n,
    "highlights with hints never closed":
        lambda n: "#flashcards\n\n" + "==a==^[h " * n,
    "highlights grouped by many footnote labels":
        lambda n: "#flashcards\n\n" + "".join(
            f"==a==^[h][^{i}] " for i in range(n)),
    "double braces never closed":
        lambda n: "#flashcards\n\n" + "{{a " * n,
    "strike-throughs never closed":
        lambda n: "---\nnoteId: 1\n---\n\n" + "~~a " * n,
    "ID comments never closed": lambda n: "q::a " + "<!--ID:" * n,
    "Md2Anki tag lists never closed": lambda n: "## q\n\n" + "`{=:" * n,
    "a list of one-liners": lambda n: "- q::a\n" * n,
    "a list of ? questions": lambda n: "- q\n?\na\n\n" * n,
    "paragraphs answered by quotes below them":
        lambda n: "# t\n\n" + "q?\n\n> a\n> b\n\n" * n,
    "cards split by a vault's own separator line":
        lambda n: "q\n!---\na\n\n" * n,
    "card blocks never closed":
        lambda n: "<!-- basicblock-start -->\nq::a\n\n" * n,
    "cards split by a vault's own doubled marks":
        lambda n: "q ;; a\n\n" * n + "q\n,,\na\n\n" * n,
    "tags opening a \"?\" card's line":
        lambda n: "#d " * n + "q\n?\na\n",
    "'<br' tags never closed above an answer's label":
        lambda n: "---\nq?\n" + "<br x\n" * n + "Answer: 5\n---\n",
    "a long heading over a question and a labelled answer":
        lambda n: "## Q1 " + "a " * n + "\n\nq?\n\n"
        "<details><summary>Answer</summary>\n\nx\n</details>\n",
    "numbered headings over sections of their answers":
        lambda n: "".join(f"## {i + 1}. q\n\n### s\n\nt\n\n"
                          for i in range(n)),
    "subdeck headings": lambda n: "".join(
        "#" * (i % 5 + 2) + " Subdeck: x (12345)\n" for i in range(n)),
    "#flashcard lines": lambda n: "a #flashcard\n" * n,
    "questions over \"- \" answer lines": lambda n: "q?\n- a\n" * n,
    "questions over \"- \" answer lines, the block failing last":
        lambda n: "q?\n- a\n" * n + "q\nq\n\n" + "q?\n- a\n" * 3,
    "cloze items whose numbers run on, each over a sub-item":
        lambda n: "".join(f"- t{{{{c{2 * (i % 30) + 1}::a}}}}\n"
                          f"  - {{{{c{2 * (i % 30) + 2}::b::]]\n"
                          for i in range(n)),
    "headings that repeat one another, sorted to count":
        lambda n: "".join(f"# t{i % 7}\n\np\n\n" for i in range(n)),
    "math dollars never closed": lambda n: "## q\n\n" + "$a " * n,
    "backtick runs never closed": lambda n: "## q\n\n" + "`a ``b " * n,
    "code spans of backtick runs closed by none as long":
        lambda n: "q " + "``a::b` " * n + ":: a\n",
    "a note of a notetype of its own, every line a field":
        lambda n: "START\nMine\nq\n" + "".join(
            f"F{i}: x\n" for i in range(n)) + "END\n",
    "notes right under prose": lambda n: "p\nSTART\nBasic\nq\nEND\n\n" * n,
    "headings answered by headings": lambda n: "## q\n#### a.\n" * n,
    "fences of labelled cards":
        lambda n: "```\nQuestion:\nq?\n\nAnswer:\na\n```\n\n" * n,
    "a fence of one label, then many lines":
        lambda n: "```\nQuestion:\n" + "q\n" * n + "```\n",
    "questions' paragraphs over answers' paragraphs":
        lambda n: "1 q?\n\na.\n\n" * n,
    "answer labels over quotes, rules between":
        lambda n: "**1.1** q\n**Answer:** a\n> why\n\n---\n\n" * n,
    "numbered questions": lambda n: "1. q\n   a\n" * n,
    "a glossary's numbered items, each with sub-items":
        lambda n: "1. t: d\n\t- s\n" * n,
    "a word list's numbered items, long terms":
        lambda n: ("1. " + "a " * 40 + "- b\n") * n,
    "one-liners split at ;;":
        lambda n: "#flashcards\n\n" + "- q ;; a\n<!--SR:!2025-01-01,1,250-->\n" * n,
    "? cards whose questions hold code, no blank line between":
        lambda n: "q\n```\nc\n```\n?\na\n" * n,
    "highlighted lines above an id comment":
        lambda n: "x ==a==\n" * n + "<!--ID: 1-->\n",
    "Notion toggles": lambda n: "q\n\n-\n\n    a\n\n" * n,
    "callouts of one-liners": lambda n: "> [!note] t\n> q::a\n\n" * n,
    "lines split at \" ; \"": lambda n: "q? ; a\n\n" * n,
    "a line of many \" ; \"": lambda n: "q? ; a\n\n" * 3 + "a ; " * n,
    "<details> cards": lambda n:
        "<details><summary>q</summary>\n\na\n</details>\n\n" * n,
    "<details> never closed": lambda n:
        "<details><summary>q</summary>\n\n" + "## a\n\n<p>b</p>\n\n" * n,
    "a summary never closed": lambda n: "<details><summary>" + "a " * n,
    "regex notes over ID comments": lambda n:
        "- [p] a = b = #t\n<!--ID: 1-->\n\n" * n,
    "two-line Q: and A: notes over ID comments": lambda n:
        "- Q: q\n  A: a\n<!--ID: 1-->\n\n" * n,
    "a regex note of many fields": lambda n:
        "- [p] a = b\n<!--ID: 1-->\n\n" * 2 + "- [p] a" + " = b" * n,
    "bold questions over answers": lambda n: "**q?**\n\na\n\n" * n,
    "a bold line of many bold marks": lambda n:
        "**q?**\n\na\n\n" * 2 + "**a " * n + "?**\n",
    "bold questions answered by markers": lambda n: "**q?**\n\n#\n\n" * n,
    "tagged questions over ID comments": lambda n:
        "TARGET DECK: d\nq #fc\na\n<!--ID: 1-->\n\n" * n,
    "a paragraph of tagged lines": lambda n:
        "q #fc\na\n<!--ID: 1-->\n\n" * 2 + "q #fc\n" * n,
    "a tagged question over a long answer": lambda n:
        "q #fc\na\n<!--ID: 1-->\n\n" * 2 + "q #fc\n" + "a\n" * n,
    "a list item wrapped over many lines": lambda n:
        "- a {{c1::b}}\n- c\n" + "  d\n" * n,
    "cloze items of tallies": lambda n:
        "- a {{c1::b}} (Correct: 1" + "1" * n + ")\n",
    "clozes over block ids": lambda n: "- a {b}\n^1646480171175\n" * n,
    "Logseq cards, each under the one above, 200 deep and again":
        lambda n: "".join("\t" * (i % 200) + "- q #card\n" for i in range(n)),
    "a Logseq card over notes nested 200 deep and again": lambda n:
        "- q #card\n" + "".join("\t" * (1 + i % 200) + "- a\n"
                                for i in range(n)),
    "Logseq blocks, a card's properties": lambda n:
        "- q #card\n" + "  collapsed:: true\n  k:: v\n" * n + "\t- a\n",
    "Logseq page links never closed": lambda n:
        "- q #card\n\t- " + "[[a #b " * n + "\n",
    "Logseq clozes never closed": lambda n:
        "- " + "{{cloze a " * n + "#card\n\t- b\n",
    "Logseq code spans never closed": lambda n:
        "- q #card `" + "``a #b " * n + "\n\t- a\n",
    "Logseq code spans closed, one line": lambda n:
        "- q #card " + "`a #b` " * n + "\n\t- a\n",
    "Logseq tags ending a card's line": lambda n:
        "- q" + " #t" * n + " #card\n\t- a\n",
    "a block id of many digits": lambda n:
        "- a {b}\n^1\n" * 2 + "- a {b}\n^" + "1" * n + "\n",
    "#card headings": lambda n: "## q #card #t\na\n" * n,
    "a #card heading's answer of many lines, its id last":
        lambda n: "## q #card\n" + "a\n\n" * n + "^1700000000001\n",
    "curly clozes among dollars never closed":
        lambda n: "a {b} " + "$a " * n + "\n<!--ID: 1-->\n",
    "curly clozes among double dollars never closed":
        lambda n: "a {b} " + "$$a{c} " * n + "\n<!--ID: 1-->\n",
    "math spans among curly clozes":
        lambda n: "a " + "{1:b} $x_{1}$ " * n + "\n<!--ID: 1-->\n",
    "#card lines, an id under each":
        lambda n: "q #card/reverse\na\n^1700000000001\n\n" * n,
    "a #card line of many tags": lambda n: "q" + " #t" * n + " #card\na\n",
    "a #card tag alone under each heading": lambda n: "# q\n#card\na\n" * n,
    "spaced prompts with text under them":
        lambda n: "q #card-spaced\n\np\n\n" * n,
    "tagged clozes": lambda n: "a ==b== {c} #card\n\n" * n,
    "inka questions": lambda n:
        "---\nDeck: d\nTags: t\n" + "<!--ID:1-->\n1. q\n> a\n" * n + "---\n",
    "inka clozes, lines between them":
        lambda n: "---\nDeck: d\n" + "1. a {b}\n\nc\n" * n + "---\n",
    "an inka section never closed": lambda n: "---\nDeck: d\n" + "p\n" * n,
    "glossary lines of bold terms": lambda n: "**t** | d\n\n" * n,
    "bold questions under a heading, answers labelled": lambda n:
        "# t\n\n## s\n\n" + "**q?**\nAnswer: a\n\n" * n,
    "headings naming notes of field headings, and others": lambda n:
        "## t\n### Text\n{{c1::a}}\n# r\nb\n" * n,
    "one-line cards, a schedule and a list under each": lambda n:
        "q ::: a\n<!--SR:!2025-01-02,3,250-->\n- n\n\n" * n,
    "lines of dots among one-line cards": lambda n: "q ::: a\n...\n" * n,
    "a glossary's bold term never closed": lambda n:
        "**t** | d\n\n" * 3 + "**" + "a | " * n + "\n",
    "\"?\" cards in block quotes": lambda n:
        "#flashcards\n\n" + "> q\n> ?\n> a\n\n" * n,
    "a long block quote, its \"?\" line last": lambda n:
        "#flashcards\n\n" + "> q\n" * n + "> ?\n",
    "\"%\" lines inside the paragraphs under headings": lambda n:
        "## q\na\n%\nb\n\n" * n,
    "a long paragraph under a heading, its \"%\" line last but one":
        lambda n: "## q\n" + "a\n" * n + "%\nb\n",
    "a ki note, its key and tag fences long": lambda n:
        "# Note\n```\n" + "guid: x\n" * n + "notetype: Basic\n```\n\n"
        "### Tags\n```\n" + "t\n" * n + "```\n\n## Front\nq\n\n## Back\na\n",
    "a #card line, the line below it a long run of tags": lambda n:
        "q #card\n" + "#a " * n + "b\n",
    "one-line cards over fences of examples": lambda n:
        "q::a\n```\nx::y\nx::y\n```\n\n" * n,
    "a one-line card over a long fence of no examples": lambda n:
        "q::a\n```\n" + "x\n" * n + "```\n",
    "a template's fields, the blank one last": lambda n:
        "K :: v<br>\n" * n + "K :: <br>\n",
    "headings over tables of the same columns": lambda n:
        "# t\n" + "## h\n| a | b |\n|---|---|\n| x | y |\n\n" * n,
    "#flashcard items over fences, no ID comment": lambda n:
        "- q #flashcard\n```\nx\n```\n" * n,
    "#flashcard items over an ID comment in fenced code": lambda n:
        "1. q #flashcard\n```\nx\n<!--ID: 1634126939157-->\n\ny\n```\n" * n,
    "items over sub-items over ID comments": lambda n:
        "- q\n\t- a\n<!--ID: 1634126939157-->\n\n" * n,
    "Obsidian SR cards ending in tags and #card": lambda n:
        "q::a #t #card\n<!--SR:!2026-01-26,4,270-->\n\n" * n,
    "notes between comment marks": lambda n:
        "<!--q-->\nq\n<!--a-->\na\n<!--e-->\n\n" * n,
    "comment marks far apart": lambda n:
        "<!--q-->\nq\n<!--a-->\na\n<!--e-->\n\n<!--q-->\n" + "q\n" * n +
        "<!--a-->\n" + "a\n\n" * n + "<!--e-->\n",
    "\"?\" cards whose answers run on past blank lines to schedules":
        lambda n: ("q\n?\na\n\nb\n\nc\n<!--SR:!2026-01-26,4,270-->\n\n" * n),
    "paragraphs under a \"?\" card, the schedule at the end": lambda n:
        "q\n?\na\n<!--SR:!2026-01-26,4,270-->\n\nq\n?\na\n\n" + "b\n\n" * n +
        "<!--SR:!2026-01-26,4,270-->\n",
    "paragraphs under a \"?\" card, no schedule below them": lambda n:
        "q\n?\na\n<!--SR:!2026-01-26,4,270-->\n\n" +
        "q\n?\na\n\nb\n\n" * n,
    "questions of many paragraphs after schedules": lambda n:
        ("q\n\nq\n\nq\n?\na\n<!--SR:!2026-01-26,4,270-->\n\n" * n),
    "formula cards, then lines of \"=:\" with one colon": lambda n:
        "q=::a\n\nq=::a\n\n" + "q=: a\n\n" * n,
    "headings holding highlights": lambda n:
        "q\n?\na\n\n" + "## a ==b== c\n\n" * n,
    "lists of questions whose \"1-\" keys never finish": lambda n:
        "1. q?\n2. q?\n3. q?\n\n" * 8 + "1-a\n\nb\n\n" * n,
    "lists of questions, each keyed by name further down": lambda n:
        "1. what is alpha?\n2. what is beta?\n\nsee below\n\n"
        "1. **Alpha**: x\n2. **Beta**: y\n\nnext\n\n" * n,
    "list items over collapsed answers":
        lambda n: "1. q\n   <details><summary>a</summary>\n   x\n"
        "   </details>\n" * n,
    "pipe rows with no delimiter row":
        lambda n: "| id | pergunta | resposta | assunto |\n" +
        "| 1 | q | a | 241 |\n" * n,
    "a page of two-line paragraphs":
        lambda n: "prompt:\nanswer\n\n" * n,
    "items whose option lines check the right one":
        lambda n: "1. q\n   A a\n   B b \u2714\n   C c\n\n" * n,
    "questions over bullets set in by a tab":
        lambda n: "".join(f"Question {i}?\n\t- point {i}\n\t- more\n\n"
                          for i in range(n // 4)),
    "three header-less tables, then one row after another":
        lambda n: "# w\nm\n\n" + "| a | b | c |\n" * 3 + "\n# x\ny\n\n" +
        "| d | e | f |\n" * 3 + "\n# z\nv\n\n" + "| g | h | i |\n" * n,
    "questions over ': answer' lines under a numbered heading":
        lambda n: "### 1. CS\n\n" + "".join(f"- q{i}?\n  : a{i}\n"
                                           for i in range(n // 2)),
    "one-item question lists parted by links back to the contents":
        lambda n: "### Contents\n\n" + "".join(
            f"| {i} | [q{i}?](#q{i}) |\n" for i in range(n // 8)) + "\n" +
        "".join(f"{i}. ### q{i}?\n\n   a{i}\n\n**[Top](#contents)**\n\n"
                for i in range(1, n // 8)),
    "one-item question lists under a heading's growing answer":
        lambda n: "## H\n\nSome text.\n\n" + "".join(
            f"1. q{i}?\n   a{i}\n\nprose {i}\n\n" for i in range(n // 8)),
    "numbered questions over options, the right one bold with a note":
        lambda n: "".join(f"{i}. q{i}?\n\n- a) x\n- **b) y{i} "
                          "(Resposta Correta)**\n- c) z\n\n<br>\n\n"
                          for i in range(1, n // 8)),
    "a phrasebook table under 'English Phrase | Arabic Translation'":
        lambda n: "### P\n\n| English Phrase | Arabic Translation |\n"
        "|---|---|\n" + "".join(f"| p{i} | t{i} |\n"
                                 for i in range(n // 2)),
    "glossary terms in bold with a tag before the colon":
        lambda n: "# V\n\n" + "".join(f"**T{i}** `X` : d{i}\n\n"
                                       for i in range(n // 4)),
    "answers' labels over block quotes under headings":
        lambda n: "".join(f"### Q{i}: q{i}?\n\n**Answer:**\n> a{i}\n> b\n\n"
                          for i in range(n // 8)),
}


# 640,000 cards in one block; the bound is in MB.  Queued whole, they
# took 938, 562 and 574 MB; read a card at a time, 546, 170 and 188
# (the first is mostly cmark's tree of 640,000 list items).
MEMORY = {
    "a list of ? questions": (lambda n: "- q\n?\na\n\n" * n, 750),
    "a paragraph of one-liners": (lambda n: "x::y\n" * n, 350),
    "a table": (lambda n: "| q | a |\n|---|---|\n" + "| q | a |\n" * n,
                350),
    "numbered questions": (lambda n: "1. q\n   a\n" * n, 750),
    "an inka section": (lambda n: "---\nDeck: d\n" + "1. q\n> a\n" * n +
                        "---\n", 350),
}


def peak_mb(path):
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen([os.path.join(BIN, "md2cards"), path],
                             stdout=null, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024, p.returncode


def seconds(path, pipe_to_apkg):
    best = None
    for _ in range(3):
        t = time.perf_counter()
        md = subprocess.run([os.path.join(BIN, "md2cards"), path],
                            capture_output=True)
        if pipe_to_apkg:
            subprocess.run([os.path.join(BIN, "cards2apkg"), "-o",
                            os.path.join(TMP, "x.apkg")], input=md.stdout,
                           capture_output=True)
        t = time.perf_counter() - t
        best = t if best is None else min(best, t)
    return best


def shape_seconds(name, make, n):
    path = os.path.join(TMP, "in.md")
    with open(path, "w") as f:
        f.write(make(n))
    return seconds(path, "math" in name or "backtick" in name)


def linear(what, timed, sizes):
    """ok when timed(n) at the larger of sizes, 4x the smaller, takes
    under 8x the time.  A machine shared with other work can stall one
    run: a quadratic path is slow every time, so one good measure of
    three will do."""
    for _ in range(3):
        times = [timed(n) for n in sizes]
        ratio = times[1] / max(times[0], 1e-3)
        if ratio < 8:
            break
    ok(ratio < 8, f"{what}: 4x the input, {ratio:.1f}x the time",
       f"{times[0]:.3f} s, then {times[1]:.3f} s")


for name, make in SHAPES.items():
    linear(name, lambda n: shape_seconds(name, make, n), (20000, 80000))


def best_seconds(*args):
    """md2cards ARGS, the best of three runs."""
    best = None
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([os.path.join(BIN, "md2cards")] + list(args),
                       capture_output=True)
        t = time.perf_counter() - t
        best = t if best is None else min(best, t)
    return best


def tagged_seconds(n):
    """A vault's settings listing n deck tags, over a note of n cards
    each opening with one of them: every tag of the note is looked up
    among the vault's."""
    conf = os.path.join(TMP, "data.json")
    with open(conf, "w") as f:
        json.dump({"settings": {"flashcardTags":
                                [f"#t{i}" for i in range(n)]}}, f)
    path = os.path.join(TMP, "tagged.md")
    with open(path, "w") as f:
        f.write("".join(f"#t{i}/s q{i}::a\n" for i in range(n)))
    return best_seconds("--sr-settings", conf, path)


linear("a vault's many deck tags over a note of as many", tagged_seconds,
       (20000, 80000))

# A vault's Obsidian_to_Anki settings: the marks searched for, the spans
# kept from the search, each match checked against them, and a vault's
# expression that backtracks over a whole paragraph, quadratic in it,
# which the step budget stops (a warning) where the note's length says.
MATCHES = {"Basic": r"^(.+) :: (.+)$"}
BACKTRACKS = {"Basic": r"((?:[^\n][\n]?)+)\s#flashcard\s+\n*((?:\n(?:"
              r"^.{1,3}$|^.{4}(?<!<!--).*))+)"}
O2A_SHAPES = {
    "START lines without END": (lambda n: "START\n" * n, MATCHES),
    "notes between START and END":
        (lambda n: "START\nBasic\nq\nBack: a\nEND\n" * n, MATCHES),
    "STARTI without ENDI": (lambda n: "STARTI a\n" * n, MATCHES),
    "dollars never closed": (lambda n: "$a " * n, MATCHES),
    "fences never closed": (lambda n: "```a\n" + "`a" * n, MATCHES),
    "frozen fields": (lambda n: "FROZEN - Basic:\nx\n\n" * n, MATCHES),
    "DELETE over IDs": (lambda n: "DELETE\n<!--ID: 1-->\n" * n, MATCHES),
    "matches of an expression": (lambda n: "q :: a\n" * n, MATCHES),
    "a paragraph an expression backtracks over":
        (lambda n: "line of text\n" * n, BACKTRACKS),
}


def o2a_seconds(make, regexps, n):
    conf = os.path.join(TMP, "o2a.json")
    with open(conf, "w") as f:
        json.dump({"settings": {"CUSTOM_REGEXPS": regexps}}, f)
    path = os.path.join(TMP, "o2a.md")
    with open(path, "w") as f:
        f.write(make(n))
    return best_seconds("--o2a-settings", conf, path)


for name, (make, regexps) in O2A_SHAPES.items():
    linear(f"--o2a-settings, {name}",
           lambda n: o2a_seconds(make, regexps, n), (5000, 20000))


def o2a_many_seconds(n):
    """A vault of n / 250 expressions, each backtracking over the
    whole of a note of n lines: the note's searches share one allowance,
    so its time grows with the note, not with notes times expressions."""
    types = [f"T{i}" for i in range(n // 250)]
    conf = os.path.join(TMP, "o2a_many.json")
    with open(conf, "w") as f:
        json.dump({"settings": {"CUSTOM_REGEXPS": {
            t: BACKTRACKS["Basic"] for t in types}},
            "fields_dict": {t: ["Front", "Back"] for t in types}}, f)
    path = os.path.join(TMP, "o2a_many.md")
    with open(path, "w") as f:
        f.write("line of text\n" * n)
    return best_seconds("--o2a-settings", conf, path)


linear("--o2a-settings, a backtracking expression for each 250 lines of "
       "the note", o2a_many_seconds, (1000, 4000))
# A vault's Obsidian Spaced Repetition settings: the plugin's walk over
# the lines, the tags above each card, its cloze patterns, its own ones
# too, whose expressions the step budget stops where they backtrack.
SR_SHAPES = {
    "one-line cards under a tag each":
        lambda n: "#flashcards/t\nq::a\n" * n,
    "one multi-line card": lambda n: "q\n?\n" + "answer line\n" * n,
    "backticks around separators": lambda n: "a`b::c`d::e\n" * n,
    "comments, each skipping a line": lambda n: "<!-- c -->\nq::a\n" * n,
    "a comment never closed": lambda n: "<!-- c\n" + "q::a\n" * n,
    "fences never closed": lambda n: "```\n" * n,
    "clozes on one line": lambda n: "==a== " * n + "\n",
    "numbered clozes over many lines":
        lambda n: "".join(f"=={i % 9 + 1};;a== b\n" for i in range(n)),
    "tags on every line of a card": lambda n: "q\n?\n" + "#flashcards a\n" * n,
    "a long tag opening a card": lambda n: "#t" + "a" * (20 * n) + " q::a\n",
    "deck tags ending a one-line card's back":
        lambda n: "q::a" + " #flashcards" * n + "\n",
    "import fences, many lines in one":
        lambda n: "```\n#separator:tab\n" + "q\ta\n" * n + "```\n",
    "a word list of many lines": lambda n: "w - g\nx\n" * n,
    "numbered question headings each going on in one more":
        lambda n: "".join(f"### {i}. q\n### more\n\na\n\n"
                          for i in range(n)),
    # The vault's own pattern backtracking on each line, whose '.' a
    # carriage return stops short of the closing mark.
    "a cloze pattern backtracking on every line":
        lambda n: ("<<1;;a;;" * 20 + "\r>>\n\n") * (n // 20),
}
SR_CONF = {"flashcardTags": ["#flashcards"], "clozePatterns": [
    "==[123;;]answer[;;hint]==", "{{[123;;]answer[;;hint]}}",
    "<<[123;;]answer[;;hint]>>"]}


def sr_seconds(make, n):
    conf = os.path.join(TMP, "sr.json")
    with open(conf, "w") as f:
        json.dump({"settings": SR_CONF}, f)
    path = os.path.join(TMP, "sr.md")
    with open(path, "w") as f:
        f.write("#flashcards\n" + make(n))
    return best_seconds("--sr-settings", conf, path)


for name, make in SR_SHAPES.items():
    linear(f"--sr-settings, {name}", lambda n: sr_seconds(make, n),
           (5000, 20000))


def vault_seconds(n):
    """cardconv over a vault of n notes whose Obsidian_to_Anki data.json
    lists each note's hash, as the plugin's does: loaded once, not once
    a note."""
    top = os.path.join(TMP, f"vault{n}")
    plugin = os.path.join(top, ".obsidian", "plugins",
                          "obsidian-to-anki-plugin")
    os.makedirs(plugin, exist_ok=True)
    with open(os.path.join(top, ".obsidian", "community-plugins.json"),
              "w") as f:
        json.dump(["obsidian-to-anki-plugin"], f)
    with open(os.path.join(plugin, "data.json"), "w") as f:
        json.dump({"settings": {"CUSTOM_REGEXPS": MATCHES},
                   "File Hashes": {f"n{i}.md": f"{i:032x}"
                                   for i in range(n)}}, f)
    for i in range(n):
        with open(os.path.join(top, f"n{i}.md"), "w") as f:
            f.write(f"q{i} :: a{i}\n")
    best = None
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run([os.path.join(BIN, "cardconv"), "-t", "cards",
                        "-o", os.path.join(TMP, "vault.cards"), top],
                       capture_output=True)
        t = time.perf_counter() - t
        best = t if best is None else min(best, t)
    return best


linear("cardconv over a vault whose settings list its notes",
       vault_seconds, (500, 2000))
# A sanitizer's shadow memory and redzones are no measure of the tool's.
if os.environ.get("CARDPIPE_BUILD", "build") != "build":
    print("# skipped: the memory cases need tools built without a sanitizer")
    MEMORY = {}
for name, (make, bound) in MEMORY.items():
    path = os.path.join(TMP, "in.md")
    with open(path, "w") as f:
        f.write(make(640000))
    mb, rc = peak_mb(path)
    ok(rc == 0 and mb < bound,
       f"{name}: 640,000 cards in {mb:.0f} MB (at most {bound})",
       f"exit status {rc}")
done()
