"""Real files: what a person reads in them, against what our readers make.

fixtures/real/txt/ and fixtures/real/md/ hold flashcard files taken from
public repositories (fixtures/real/SOURCES.md says where from), each with
NAME.expected.json: the cards a person reads in it, written by hand
before any parser ran on it.  For each corpus this prints one comment
line per file and checks the whole-corpus figures against the floor in
FLOOR beside the files (`exact N`: at least N cards exactly right;
`spurious N`: at most N cards made that are not cards).  A card is
exact when its fields (white space collapsed; for a cloze, its text and
its extra back), and its tags and deck where the expectation gives them,
are those a person reads.  Made and
expected cards left unpaired are paired off as wrong; what remains is
missing (expected) or spurious (made).

Then every file goes through cards2apkg into the official Anki engine,
which must hold each note with its fields' words and each card.

    tests/real_corpus.py [--verbose] [txt|md ...]
"""
import collections
import html
import json
import os
import re
import subprocess
import sys
import unicodedata

from ankitest import (done, fresh_collection, import_apkg, notes, ok,
                      scratch)

ROOT = os.environ.get("CARDPIPE_ROOT",
                      os.path.dirname(os.path.dirname(os.path.abspath(
                          __file__))))
BIN = os.environ.get("CARDPIPE_BIN", os.path.join(ROOT, "bin"))
REAL = os.path.join(ROOT, "fixtures", "real")
READERS = {"txt": ("txt2cards", ".txt"), "md": ("md2cards", ".md")}
TMP = scratch("real_corpus.")


def norm(text):
    """A field as the comparison sees it: MathJax delimiters written as
    the $ forms people type, runs of white space as one space."""
    text = text.replace("\\(", "$").replace("\\)", "$")
    text = text.replace("\\[", "$$").replace("\\]", "$$")
    return " ".join(text.split())


def expected_key(card):
    if "cloze" in card:
        return ("cloze", norm(card["cloze"]), norm(card.get("back", "")))
    return ("basic", norm(card["front"]), norm(card["back"]),
            bool(card.get("reversed")))


def made_key(note):
    values = list(note["fields"].values())
    front = values[0] if values else ""
    back = values[1] if len(values) > 1 else ""
    if note["notetype"] == "Cloze" or "{{c" in front:
        return ("cloze", norm(front), norm(back))
    return ("basic", norm(front), norm(back),
            "reversed" in note["notetype"].lower())


def read_stream(out):
    return [json.loads(line) for line in out.splitlines()
            if line.strip() and "kind" not in json.loads(line)]


def score(expected, made):
    """Pairs expected cards with made notes by content; returns the
    counts and the unpaired or differing cards for --verbose."""
    pool = collections.defaultdict(list)
    for note in made:
        pool[made_key(note)].append(note)
    exact = 0
    differ = []
    left_expected = []
    for card in expected["cards"]:
        key = expected_key(card)
        if not pool[key]:
            left_expected.append(card)
            continue
        note = pool[key].pop(0)
        deck = card.get("deck", expected.get("deck"))
        if deck is not None and note.get("deck") != deck:
            differ.append((card, note, f"deck {note.get('deck')!r}"))
        elif "tags" in card and sorted(note.get("tags", [])) != \
                sorted(card["tags"]):
            differ.append((card, note, f"tags {note.get('tags', [])!r}"))
        else:
            exact += 1
    left_made = [n for notes_ in pool.values() for n in notes_]
    wrong = min(len(left_made), len(left_expected)) + len(differ)
    return {
        "all": len(expected["cards"]),
        "exact": exact,
        "wrong": wrong,
        "missing": max(0, len(left_expected) - len(left_made)),
        "spurious": max(0, len(left_made) - len(left_expected)),
    }, left_expected, left_made, differ


def words(text):
    # Underscores are Markdown's emphasis, not part of a word: the
    # source's "_italics_" is the "italics" Anki shows.  Anki stores
    # text composed (NFC); a decomposed source "n" + U+0303 would split
    # into two words where Anki shows the one "ñ".  Control characters
    # are removed from fields (cards2apkg(1)), so they part no words.
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", text)
    return re.findall(r"[^\W_]+", unicodedata.normalize("NFC", text))


def anki_words(field):
    # "[sound:x.mp3]" is Anki's own tag, a play button, no word shown.
    text = re.sub(r"\[sound:[^\]]*\]", " ", field)
    text = re.sub(r"<[^>]*>", " ", text)
    return words(html.unescape(text))


def check_anki(corpus, name, stream, made):
    """The file's notes through cards2apkg into the Anki engine."""
    if not made:
        return
    apkg = os.path.join(TMP, f"{corpus}-{name}.apkg")
    p = subprocess.run([os.path.join(BIN, "cards2apkg"), "-o", apkg],
                       input=stream.encode(), capture_output=True,
                       cwd=os.path.join(REAL, corpus))
    if not ok(p.returncode in (0, 1) and os.path.exists(apkg),
              f"real {corpus} {name}: cards2apkg makes a package",
              p.stderr.decode()):
        return
    col = fresh_collection()
    import_apkg(col, apkg)
    got = notes(col)
    want_cards = 0
    for note in made:
        if note["notetype"] == "Cloze":
            text = " ".join(note["fields"].values())
            want_cards += len(set(re.findall(r"\{\{c(\d+)::", text))) or 1
        elif "reversed" in note["notetype"].lower():
            want_cards += 2
        else:
            want_cards += 1
    ok(len(got) == len(made) and sum(n["cards"] for n in got) == want_cards,
       f"real {corpus} {name}: Anki holds {len(made)} notes, "
       f"{want_cards} cards",
       f"got {len(got)} notes, {sum(n['cards'] for n in got)} cards")
    # Each made note's words reach Anki: every word Anki shows is one of
    # the source's, and at least half the source's words are shown (the
    # rest are Markdown link targets and the like).
    source = collections.Counter()
    shown = collections.Counter()
    named = set()
    for note in made:
        for value in note["fields"].values():
            # A web link's target is no word Anki shows: in CJK text,
            # where a sentence is one word, a URL's parts would outweigh
            # the rest; nor is its title.  (A target cards2apkg will not
            # link, file:, is shown as text and stays.)
            if note.get("markup") == "markdown":
                # An image shows no words, its alternative text none;
                # written in code, all of them.
                image = r"!\[[^\]\n]*\]\([^)\n]*\)"
                named.update(words(" ".join(re.findall(image, value))))
                value = re.sub(image, " ", value)
                # In code a link is shown as typed, its target too.
                link = (r'(\[[^\]\n]*)\]\((?:https?://|data:)'
                        r'[^)\s]*(?:\s+"[^"\n]*")?\)')
                named.update(words(" ".join(
                    m.group(0) for m in re.finditer(link, value))))
                value = re.sub(link, r"\1]", value)
                # A script, a style and a comment show nothing, nor do
                # an HTML tag's name and attributes (an ad's block); in
                # code they are shown as typed.
                for markup in (r"(?is)<(script|style)\b.*?</\1\s*>",
                               r"(?s)<!--.*?-->",
                               r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>"):
                    named.update(words(" ".join(
                        m.group(0) for m in re.finditer(markup, value))))
                    value = re.sub(markup, " ", value)
                # Obsidian's embeds are images and sounds, its links
                # their aliases, where an alias is given; "\[[x]]" is
                # CommonMark's escaped bracket, shown as typed.
                value = re.sub(r"(?i)!\[\[[^\]\n]*\.(png|jpe?g|gif|bmp|svg|"
                               r"webp|avif|tiff?) *(\|[^\]\n]*)?\]\]", " ",
                               value)
                value = re.sub(r"(?<!\\)\[\[[^\]|\n]*\|([^\]\n]*)\]\]", r"\1",
                               value)
                value = re.sub(r"(?<!\\)\[\[([^\]\n]*)\]\]", r"\1", value)
                # A tooltip, an HTML tag's title attribute, is markup
                # Anki keeps and shows no word of in the field.
                value = re.sub(r'(<[A-Za-z][^<>]*\stitle=)"[^"]*"',
                               r'\1""', value)
                # CommonMark reads "&Pi;" and "&#956;" as the characters
                # they name, but in code, where they are shown as typed:
                # the words of either reading may be shown.
                named.update(words(re.sub(
                    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|"
                    r"[A-Za-z][A-Za-z0-9]{1,31});",
                    lambda m: html.unescape(m.group(0)), value)))
            elif note.get("markup") == "html":
                # An HTML field's tags, an image's address among their
                # attributes, and Anki's "[sound:...]" show no words.
                for markup in (r"\[sound:[^\]]*\]",
                               r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>"):
                    named.update(words(" ".join(
                        m.group(0) for m in re.finditer(markup, value))))
                    value = re.sub(markup, " ", value)
            source.update(words(value))
    for note in got:
        for value in note["fields"].values():
            shown.update(anki_words(value))
    extra = {w for w in shown - source if w not in named}
    ok(not extra and sum(shown.values()) * 2 >= sum(source.values()),
       f"real {corpus} {name}: Anki's fields hold the notes' words",
       f"words Anki shows that the notes lack: {sorted(extra)[:20]}; "
       f"{sum(shown.values())} of {sum(source.values())} words shown")
    col.close()


def floor(corpus):
    path = os.path.join(REAL, corpus, "FLOOR")
    want = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and not line.startswith("#"):
                    want[parts[0]] = int(parts[1])
    return want


def sources():
    """SOURCES.md's rows: each kept file's repository and path."""
    rows = {}
    with open(os.path.join(REAL, "SOURCES.md"), encoding="utf-8") as fp:
        for line in fp:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 3 and "/" in cells[0]:
                rows[cells[0]] = (cells[1], cells[2])
    return rows


# A vault's plugin settings kept beside its note: the option that reads
# them, by the suffix they are kept under.
SETTINGS = {".sr-settings.json": "--sr-settings",
            ".o2a-settings.json": "--o2a-settings"}


def vault_layout(corpus, name, ext, kept):
    """The note and its vault's settings (kept beside it under the
    suffix kept) copied to their places in the repository they came
    from, under TMP: the working folder and the arguments that read the
    note there."""
    rows = sources()
    note = rows[f"{corpus}/{name}{ext}"]
    conf = rows[f"{corpus}/{name}{kept}"]
    top = os.path.join(TMP, "vaults", name)
    for (_, path), src in ((note, name + ext), (conf, name + kept)):
        os.makedirs(os.path.dirname(os.path.join(top, path)), exist_ok=True)
        with open(os.path.join(REAL, corpus, src), "rb") as f, \
                open(os.path.join(top, path), "wb") as dst:
            dst.write(f.read())
    return top, [SETTINGS[kept], conf[1], note[1]]


def run(corpus, verbose):
    tool, ext = READERS[corpus]
    folder = os.path.join(REAL, corpus)
    if not os.path.isdir(folder):
        return
    total = collections.Counter()
    files = sorted(f for f in os.listdir(folder) if f.endswith(ext) and
                   os.path.exists(os.path.join(
                       folder, f[:-len(ext)] + ".expected.json")))
    for f in files:
        name = f[:-len(ext)]
        with open(os.path.join(folder, name + ".expected.json")) as fp:
            expected = json.load(fp)
        # A vault's plugin settings, kept beside its note, are what its
        # user passes: the note is read as the plugin reads it, in its
        # vault's folders, where the settings may file it.
        cwd, args = folder, [f]
        for kept in SETTINGS:
            if os.path.exists(os.path.join(folder, name + kept)):
                cwd, args = vault_layout(corpus, name, ext, kept)
        p = subprocess.run([os.path.join(BIN, tool)] + args, cwd=cwd,
                           capture_output=True)
        ok(p.returncode in (0, 1) and b"Sanitizer" not in p.stderr,
           f"real {corpus} {f}: {tool} reads it without failing",
           p.stderr.decode(errors="replace"))
        stream = p.stdout.decode()
        made = read_stream(stream)
        counts, left_e, left_m, differ = score(expected, made)
        total.update(counts)
        print(f"# {f}: {counts['exact']}/{counts['all']} exact, "
              f"{counts['wrong']} wrong, {counts['missing']} missing, "
              f"{counts['spurious']} spurious")
        if verbose:
            for card in left_e:
                print(f"#   expected, not made: {json.dumps(card)}")
            for note in left_m:
                print(f"#   made, not expected: {note.get('source')} "
                      f"{json.dumps(note['fields'], ensure_ascii=False)}")
            for card, note, why in differ:
                print(f"#   line {card.get('line')}: {why}")
        check_anki(corpus, name, stream, made)
    if not files:
        return
    print(f"# {corpus} corpus: {len(files)} files, {total['exact']}/"
          f"{total['all']} cards exact, {total['wrong']} wrong, "
          f"{total['missing']} missing, {total['spurious']} spurious")
    want = floor(corpus)
    ok(total["exact"] >= want.get("exact", total["all"]),
       f"real {corpus} corpus: {total['exact']} of {total['all']} cards "
       f"exact (floor {want.get('exact', total['all'])})")
    ok(total["spurious"] <= want.get("spurious", 0),
       f"real {corpus} corpus: {total['spurious']} cards made that are "
       f"not cards (at most {want.get('spurious', 0)})")


def main():
    args = sys.argv[1:]
    verbose = "--verbose" in args
    chosen = [a for a in args if a in READERS] or list(READERS)
    for corpus in chosen:
        run(corpus, verbose)
    done()


main()
