# md_cmark.py: cards2md's Markdown rendered by cmark, the CommonMark
# reference, shows every text field exactly as the card holds it, and
# every Markdown field as it renders on its own.
import html.parser
import json
import os
import random
import re
import subprocess
import sys
import tempfile

BIN = os.environ["CARDPIPE_BIN"]
ROOT = os.environ["CARDPIPE_ROOT"]


def ok(cond, desc):
    print(("ok - " if cond else "not ok - ") + desc)
    return cond


def cmark(md):
    return subprocess.run(["cmark", "--unsafe"], input=md.encode(), check=True,
                          capture_output=True).stdout.decode()


class Fields(html.parser.HTMLParser):
    """Per note comment, the labelled paragraphs' text as a browser shows
    it: <br> a line break, the newline cmark writes after it nothing."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.notes = []
        self.para = None
        self.tags = []
        self.after_br = False

    def handle_comment(self, data):
        if data.startswith(" cardpipe {"):
            rec = json.loads(data[len(" cardpipe "):].rstrip(" "))
            if rec.get("kind", "note") == "note":
                self.notes.append([])

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
                    p[2] == ("<", "/strong") and self.notes):
                rest = p[3:]
                others = [x for x in rest if not isinstance(x, str)]
                text = "".join(x for x in rest if isinstance(x, str))
                if text.startswith(" "):
                    text = text[1:]
                self.notes[-1].append((text, others))
        elif self.para is not None:
            self.para.append(("<", "/" + tag))

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
