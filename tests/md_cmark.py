# md_cmark.py: cards2md's Markdown rendered by cmark, the CommonMark
# reference, shows every text field exactly as the card holds it, and
# every Markdown field as it renders on its own, and every HTML field
# with the words and markup it had.
import html.parser
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import urllib.parse

BIN = os.environ["CARDPIPE_BIN"]
ROOT = os.environ["CARDPIPE_ROOT"]


def ok(cond, desc):
    print(("ok - " if cond else "not ok - ") + desc)
    return cond


def cmark(md):
    return subprocess.run(["cmark", "--unsafe"], input=md.encode(), check=True,
                          capture_output=True).stdout.decode()


class Fields(html.parser.HTMLParser):
    """Per note, the labelled paragraphs' text as a browser shows it: <br>
    a line break, the newline cmark writes after it nothing.  A note
    starts at its comment, or for a plain note at a "Q:" label that no
    comment waits for."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.notes = []
        self.names = None   # field names of the note being read
        self.para = None
        self.tags = []
        self.after_br = False

    def handle_comment(self, data):
        if data.startswith(" cardpipe {"):
            rec = json.loads(data[len(" cardpipe "):].rstrip(" "))
            if rec.get("kind", "note") == "note":
                self.notes.append([])
                self.names = list(rec["fields"])
            else:
                self.names = None

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.para = []
            self.tags = []
        elif self.para is not None:
            if tag == "br":
                self.para.append("\n")
                self.after_br = True
                return
            self.tags.append(tag)
            self.para.append(("<", tag))
        self.after_br = False

    def handle_endtag(self, tag):
        if tag == "br":
            return
        if tag == "p" and self.para is not None:
            p, self.para = self.para, None
            if (len(p) >= 3 and p[0] == ("<", "strong") and
                    isinstance(p[1], str) and p[1].endswith(":") and
                    p[2] == ("<", "/strong")):
                rest = p[3:]
                others = [x for x in rest if not isinstance(x, str)]
                text = "".join(x for x in rest if isinstance(x, str))
                if text.startswith(" "):
                    text = text[1:]
                if p[1] == "Q:" and not self.waits_for_q():
                    self.notes.append([])
                    self.names = ["Front", "Back"]
                if self.notes:
                    self.notes[-1].append((text, others))
        elif self.para is not None:
            self.para.append(("<", "/" + tag))

    def waits_for_q(self):
        """Whether the note being read labels its next field "Q:"."""
        if self.names is None or not self.notes:
            return False
        i = len(self.notes[-1])
        return i < len(self.names) and (i == 0 or
                                        (i > 1 and self.names[i] == "Q"))

    def handle_data(self, data):
        if self.para is None:
            return
        if self.after_br and data.startswith("\n"):
            data = data[1:]
        self.after_br = False
        if data:
            self.para.append(data)


def check(name, records, style):
    stream = "".join(json.dumps(r, ensure_ascii=False,
                                separators=(",", ":")) + "\n"
                     for r in records)
    md = subprocess.run([os.path.join(BIN, "cards2md"), "--style", style],
                        input=stream.encode(), capture_output=True)
    if not ok(md.returncode == 0, f"{name} ({style}): cards2md succeeds"):
        print("#", md.stderr.decode()[:500])
        return
    md = md.stdout.decode()
    rendered = cmark(md)
    p = Fields()
    p.feed(rendered)
    notes = [r for r in records if r.get("kind", "note") == "note"]
    ok(len(p.notes) == len(notes),
       f"{name} ({style}): one rendered card per note "
       f"({len(p.notes)} of {len(notes)})")
    bad = []
    for rec, shown in zip(notes, p.notes):
        values = list(rec["fields"].values())
        if rec.get("markup", "text") == "text":
            got = [t for t, _ in shown]
            extra = [o for _, o in shown if o]
            if got != values or extra:
                bad.append((values, got, extra))
        else:
            # A code block left open takes the quote's last blank line.
            quoted = re.sub(r"\n+</code></pre>", "\n</code></pre>", rendered)
            for v in values:
                alone = re.sub(r"\n+</code></pre>", "\n</code></pre>",
                               cmark(v))
                if v and "<blockquote>\n" + alone + "</blockquote>" \
                        not in quoted:
                    bad.append((v, "not rendered as itself", None))
    ok(not bad and len(p.notes) == len(notes),
       f"{name} ({style}): cmark renders every field as the "
       f"card holds it ({len(notes)} notes)")
    for b in bad[:3]:
        print("#   want:", repr(b[0])[:300])
        print("#   got: ", repr(b[1])[:300], b[2])


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# Text made of everything CommonMark could take for markup, at line
# starts and inside lines, with spaces and breaks where paragraphs would
# lose them.
PIECES = ["*", "**", "_", "__", "#", "##", "1.", "2)", "-", "+", "<", ">",
          "`", "```", "~~~", "[", "]", "(", ")", "|", "\\", "&", "&amp;",
          "&#42;", "!", "=", "===", "---", "***", "<b>", "</b>", "<!--",
          "-->", "{{c1::x}}", "http://x.org", "<http://x.org>", "    ",
          "\t", " ", "\n", "\n\n", "a", "word", "日本", "é", ":", "**Q:**"]


def torture(n, seed):
    rnd = random.Random(seed)
    recs = []
    for i in range(n):
        def text():
            return "".join(rnd.choice(PIECES) +
                           (" " if rnd.random() < 0.3 else "")
                           for _ in range(rnd.randint(0, 14)))
        recs.append({"deck": "Torture", "notetype": "Basic",
                     "fields": {"Front": text(), "Back": text()},
                     "tags": [], "markup": "text"})
    return recs


seed = subprocess.run([os.path.join(BIN, "txt2cards"),
                       os.path.join(ROOT, "fixtures/txt2cards/seed.txt")],
                      capture_output=True).stdout.decode()
seed = [json.loads(line) for line in seed.splitlines() if line.strip()]
decks = [("seed", seed),
         ("tricky", load(os.path.join(ROOT, "fixtures/cards2md/tricky.jsonl"))),
         ("torture", torture(300, 6))]
for name, recs in decks:
    for style in ("qa", "quiz"):
        check(name, recs, style)

# Markdown fields, too, render as they do alone.
md_notes = [{"deck": "M", "notetype": "Basic", "markup": "markdown", "tags": [],
             "fields": {"Front": "# H\n\n- a\n- b\n\n```\nopen fence",
                        "Back": "<div>\n*raw*\n\n> q\n>> qq\n\n1. x\n"}},
            {"deck": "M", "notetype": "Basic", "markup": "markdown", "tags": [],
             "fields": {"Front": "    indented code\n\nafter",
                        "Back": "***\n\npara  \nhard\\\nbreak\n\n"}}]
check("markdown", md_notes, "qa")


class Text(html.parser.HTMLParser):
    """An HTML fragment's words, and the tags that carry meaning."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.words = []
        self.tags = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        tag = {"b": "strong", "i": "em"}.get(tag, tag)
        if tag in ("script", "style"):
            self.skip += 1
        if tag in ("strong", "em", "li", "code", "pre", "blockquote"):
            self.tags.append(tag)
        elif tag == "a":
            self.tags.append(("a", a.get("href")))
        elif tag == "img":
            self.tags.append(("img", a.get("src"), a.get("alt") or ""))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words += data.split()


def words_and_tags(fragment):
    """Nested emphasis may come in either order, <pre> holds <code> in
    cmark's output, and addresses may be percent-encoded."""
    t = Text()
    t.feed(fragment)
    tags = []
    for tag in t.tags:
        if tag == "code" and tags and tags[-1] == "pre":
            continue
        if isinstance(tag, tuple):
            tag = (tag[0], urllib.parse.unquote(tag[1] or "")) + tag[2:]
        tags.append(tag)
    return t.words, sorted(map(str, tags))


# HTML fields as Anki keeps them become Markdown that cmark renders with
# the same words and the same emphasis, lists, links, images and code.
HTML = ["<div>Front&nbsp;text</div><div><br></div><div>line *2* _x_</div>",
        "<b>bold</b> and <i>italic</i> and <b><i>both</i></b>",
        "<ul><li>a_b</li><li>c <b>d</b><ol><li>1. e</li></ol></li></ul>",
        "<a href=\"https://x.org/a_(b)\">a [link]</a> "
        "<img src=\"pic 1.png\" alt=\"a pic\">",
        "&lt;script&gt; &amp;amp; # not <code>code `x`</code>",
        "[sound:rec_001.mp3]<br>1. not a list<br>- nor this",
        "<pre>def f():\n    return `x`</pre><blockquote>quoted "
        "<b>text</b></blockquote>",
        "<p>para one</p><p>para <u>two</u></p><script>x()</script>"]
recs = [{"deck": "H", "notetype": "Basic", "markup": "html", "tags": [],
         "fields": {"Front": h, "Back": ""}} for h in HTML]
md = subprocess.run([os.path.join(BIN, "cards2md")], capture_output=True,
                    input="".join(json.dumps(r) + "\n" for r in recs)
                    .encode()).stdout.decode()
quotes = re.findall(r"<blockquote>\n(.*?)</blockquote>\n(?=<!--|<p><strong>|$)",
                    cmark(md), re.S)
ok(len(quotes) == len(HTML), f"html: one quoted field per note "
   f"({len(quotes)} of {len(HTML)})")
for h, q in zip(HTML, quotes):
    want, got = words_and_tags(h), words_and_tags(q)
    ok(want == got, f"html: {h[:40]!r} renders with the same words and "
       "markup")
    if want != got:
        print("#   want:", want)
        print("#   got: ", got)
