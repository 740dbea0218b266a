# html_print.py: cards2html's sheets printed by headless Chromium.  The
# PDF has two pages (fronts, backs) for every per_page cards, in the
# paper asked for; the text inside each card's cell of the fronts page is
# that card's front, and inside the mirrored cell of the backs page its
# back, as pdftotext reads them; CJK text is set in a CJK font.  The
# first fronts and backs pages are left as PNG in build/test-output/.
import json
import os
import re
import shutil
import subprocess
import tempfile
import unicodedata

from chromium import chromium

BIN = os.environ["CARDPIPE_BIN"]
ROOT = os.environ["CARDPIPE_ROOT"]
OUT = os.path.join(ROOT, "build", "test-output")
MM = 72 / 25.4
PAPER = {"a4": (595, 842), "letter": (612, 792)}


def ok(cond, desc):
    print(("ok - " if cond else "not ok - ") + desc)
    return cond


def flat(s):
    # pdftotext joins a word hyphenated at a line's end: hyphens go too.
    return re.sub(r"[\s-]+", "", unicodedata.normalize("NFKC", s))


def crop(pdf, page, x, y, w, h):
    r = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page),
                        "-r", "72", "-x", str(int(x)), "-y", str(int(y)),
                        "-W", str(int(w)), "-H", str(int(h)), pdf, "-"],
                       capture_output=True)
    return r.stdout.decode()


def run(name, records, args, paper, fronts, backs, tmp, cjk=False,
        warn=None):
    """fronts and backs: the text each card shows on either side."""
    stream = os.path.join(tmp, name + ".jsonl")
    with open(stream, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    html = os.path.join(tmp, name + ".html")
    r = subprocess.run([os.path.join(BIN, "cards2html"), "-o", html] + args +
                       [stream], capture_output=True)
    if not ok(r.returncode == 0 and (warn in r.stderr.decode() if warn
                                     else not r.stderr),
              f"{name}: cards2html succeeds" +
              (f", warning that {warn}" if warn else " quietly")):
        print("#", r.stderr.decode()[:300])
        return
    text = open(html, encoding="utf-8").read()
    ok("http:" not in text and "https:" not in text and "<script" not in text
       and "<link" not in text and "@import" not in text,
       f"{name}: the file is self-contained (no address, script or link)")
    m = re.search(r"padding:([\d.]+)mm;grid-template-columns:repeat\((\d+),"
                  r"([\d.]+)mm\);grid-template-rows:repeat\((\d+),([\d.]+)mm\)",
                  text)
    if not ok(m is not None, f"{name}: the grid is in the style sheet"):
        return
    margin, cols, cw, rows, ch = (float(m[1]), int(m[2]), float(m[3]),
                                  int(m[4]), float(m[5]))
    per = int(args[args.index("--per-page") + 1]) if "--per-page" in args \
        else 8
    ok(cols * rows >= per and (cols - 1) * rows < per,
       f"{name}: {per} cards a page as {cols} columns by {rows} rows")

    pdf = os.path.join(tmp, name + ".pdf")
    chromium("file://" + html, tmp, "--print-to-pdf=" + pdf,
             "--no-pdf-header-footer")
    if not ok(os.path.exists(pdf), f"{name}: Chromium printed a PDF"):
        return
    info = subprocess.run(["pdfinfo", pdf], capture_output=True).stdout.decode()
    pages = int(re.search(r"Pages:\s+(\d+)", info)[1])
    w, h = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
               .groups())
    n = len(fronts)
    want = 2 * -(-n // per)
    ok(pages == want, f"{name}: {pages} pages for {n} cards, {per} a page "
       f"(want {want})")
    pw, ph = PAPER[paper]
    ok(abs(w - pw) < 1.5 and abs(h - ph) < 1.5,
       f"{name}: pages are {paper} ({w:.0f}x{h:.0f} pt)")

    bad = []
    for i in range(n):
        sheet, slot = divmod(i, per)
        row, col = divmod(slot, cols)
        for side, page, c, want_text in (
                ("front", 2 * sheet + 1, col, fronts[i]),
                ("back", 2 * sheet + 2, cols - 1 - col, backs[i])):
            x = (margin + c * cw) * MM + 2
            y = (margin + row * ch) * MM + 2
            got = crop(pdf, page, x, y, cw * MM - 4, ch * MM - 4)
            if flat(got) != flat(want_text):
                bad.append((i, side, want_text, got))
    ok(not bad, f"{name}: every front in its cell, every back in the "
       f"mirrored cell ({2 * n} cells)")
    for b in bad[:4]:
        print(f"#   card {b[0]} {b[1]}: want {flat(b[2])[:80]!r}")
        print(f"#   {'':>{len(str(b[0])) + len(b[1]) + 6}}got  {flat(b[3])[:80]!r}")
    whole = flat(subprocess.run(["pdftotext", pdf, "-"],
                                capture_output=True).stdout.decode())
    ok(all(flat(t) in whole for t in fronts + backs),
       f"{name}: pdftotext finds every front and back")
    if cjk:
        # Skia embeds the CFF-flavoured Noto CJK collection as Type 3
        # fonts; the Latin text is all DejaVu.
        fonts = subprocess.run(["pdffonts", pdf],
                               capture_output=True).stdout.decode()
        ok("Type 3" in fonts or "CJK" in fonts,
           f"{name}: CJK text is set in a font of its own")

    os.makedirs(OUT, exist_ok=True)
    base = os.path.join(OUT, "cards2html-" + name)
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "2",
                    pdf, base], capture_output=True)
    shutil.copy(pdf, base + ".pdf")
    pngs = [f for f in os.listdir(OUT)
            if f.startswith("cards2html-" + name + "-") and f.endswith(".png")]
    ok(len(pngs) == 2, f"{name}: first fronts and backs pages as PNG in "
       f"build/test-output/")


tmp = tempfile.mkdtemp()
try:
    seed = subprocess.run([os.path.join(BIN, "txt2cards"),
                           os.path.join(ROOT, "fixtures/txt2cards/seed.txt")],
                          capture_output=True).stdout.decode()
    seed = [json.loads(line) for line in seed.splitlines() if line.strip()]
    notes = [r for r in seed if r.get("kind", "note") == "note"]
    run("seed", seed, [], "a4",
        [n["fields"]["Front"] for n in notes],
        [n["fields"]["Back"] for n in notes], tmp)

    def note(front, back, markup="text", notetype="Basic"):
        names = ["Text", "Back Extra"] if notetype == "Cloze" else \
            ["Front", "Back"]
        return {"deck": "Mixed", "notetype": notetype, "markup": markup,
                "tags": [], "fields": dict(zip(names, [front, back]))}
    mixed = [
        {"kind": "deck", "name": "Mixed", "title": "Mixed <scripts> & marks"},
        note("日本語の質問です", "ひらがなとカタカナ、漢字"),
        note("中文问题", "简体中文答案"),
        note("한국어 질문", "한국어 대답"),
        note("<b>Bold</b> &amp; <i>italic</i>", "<ul><li>one</li>"
             "<li>two</li></ul>", "html"),
        note("*Markdown* `code`", "1. first\n2. second", "markdown"),
        note("{{c1::Paris}} is the capital of {{c2::France::country}}", "",
             "text", "Cloze"),
        note("<script>alert(1)</script> & </div>", "a < b > c"),
        note("</div></section></body><b>unclosed <i>tags", "<script>x()"
             "</script>back <style>.card{display:none}</style>", "html"),
    ]
    fronts = ["日本語の質問です", "中文问题", "한국어 질문", "Bold & italic",
              "Markdown code", "[…] is the capital of [country]",
              "<script>alert(1)</script> & </div>", "unclosed tags"]
    backs = ["ひらがなとカタカナ、漢字", "简体中文答案", "한국어 대답",
             "one two", "1. first 2. second", "Paris is the capital of France",
             "a < b > c", "back"]
    run("mixed", mixed, ["--paper", "letter", "--per-page", "6"], "letter",
        fronts, backs, tmp, cjk=True,
        warn='field "Back": left out 1 <script>, 1 <style>: ')
    run("one", mixed[:4], ["--paper", "a4", "--per-page", "1"], "a4",
        fronts[:3], backs[:3], tmp, cjk=True)
finally:
    shutil.rmtree(tmp)
