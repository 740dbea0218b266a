# html_fit.py: no card of cards2html's sheets is cut without a word.
# For each paper and cards per page, one stream of hard decks (the
# example deck; backs of 120, 600 and 3000 words; CJK text; code; an
# image) is written as sheets and laid out by headless Chromium with a
# script added to the page that measures each card side: it is cut when
# its content is larger than its box (scroll size against client size)
# or when what it shows lacks some of the side's text.  A side is cut
# exactly when cards2html warned, by the note's source line, that it is
# cut.  Empty cells have no cut guides.  A few sheets are printed to PNG
# in build/test-output/ for a person to look at.
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zlib

from chromium import chromium

BIN = os.environ["CARDPIPE_BIN"]
ROOT = os.environ["CARDPIPE_ROOT"]
OUT = os.path.join(ROOT, "build", "test-output")
# Every count from 1 to 20 takes minutes on a loaded machine: these are
# the grids of every shape (one column; two; three; four), the counts
# the issue found cut, and 17 and 19, whose grids leave a cell empty.  HTML_FIT_ALL=1 runs all twenty;
# HTML_FIT_COUNTS=17,19 runs those counts only, while working on them.
PER_PAGE = list(range(1, 21)) if os.environ.get("HTML_FIT_ALL") else \
    [1, 2, 4, 6, 8, 9, 12, 16, 17, 19, 20]
if os.environ.get("HTML_FIT_COUNTS"):
    PER_PAGE = [int(n) for n in os.environ["HTML_FIT_COUNTS"].split(",")]
PAPERS = ["a4", "letter"]


def ok(cond, desc):
    print(("ok - " if cond else "not ok - ") + desc)
    return cond


def flat(s):
    # Hyphens and soft hyphens go, as a word broken at a line's end
    # shows one; so does the ellipsis of a hidden cloze.
    return re.sub(r"[\s\-\u00ad]+", "", unicodedata.normalize("NFKC", s))


def png(path, w, h):
    """A w by h PNG of stripes, so that any part cut off shows."""
    rows = b"".join(b"\0" + bytes(v for x in range(w)
                                  for v in (x * 255 // w, y * 255 // h, 128)) for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" +
                chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


WORDS = ("the gradient of each replica is averaged across processes before "
         "the optimizer takes its step so every model stays identical while "
         "buckets of parameters overlap communication with the backward pass "
         "and a process group names the workers that take part in collective "
         "operations such as all-reduce broadcast and barrier").split()


def words(n, seed):
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n)) \
        + "."


def decks(tmp):
    """The stream's records, and each note's (source, front, back) text."""
    recs, want = [], []
    out = subprocess.run([os.path.join(BIN, "txt2cards"),
                          os.path.join(ROOT, "examples/pytorch-ddp.txt")],
                         capture_output=True).stdout.decode()
    for line in out.splitlines():
        r = json.loads(line)
        recs.append(r)
        if r.get("kind", "note") == "note":
            want.append((r["source"], r["fields"]["Front"],
                         r["fields"]["Back"]))

    def note(src, front, back, markup="text", fw=None, bw=None):
        recs.append({"deck": "Hard", "notetype": "Basic", "markup": markup,
                     "tags": [], "fields": {"Front": front, "Back": back},
                     "source": src})
        want.append((src, fw if fw is not None else front,
                     bw if bw is not None else back))
    for i, n in enumerate((120, 600, 3000)):
        note(f"long.txt:{i + 1}", f"Explain, in {n} words, how DDP works.",
             words(n, i))
    note("cjk.txt:1", "分散データ並列とは何ですか？",
         "各プロセスはモデルの複製を持ち、逆伝播の間に勾配を全プロセスで平均する。"
         * 6)
    note("cjk.txt:2", "数据并行训练中梯度如何同步？",
         "每个进程在反向传播时把梯度分桶，并与其他进程进行全归约，使所有副本保持一致。"
         * 8)
    note("cjk.txt:3", "분산 데이터 병렬 처리란?",
         "각 프로세스는 모델의 복제본을 가지고 역전파 중에 기울기를 평균합니다. " * 6)
    code = ("import torch.distributed as dist\n"
            "from torch.nn.parallel import DistributedDataParallel as DDP\n"
            "\n"
            "def demo_basic(rank, world_size):\n"
            "    setup(rank, world_size)\n"
            "    model = ToyModel().to(rank)\n"
            "    ddp_model = DDP(model, device_ids=[rank])\n"
            "    loss_fn = nn.MSELoss()\n"
            "    optimizer = optim.SGD(ddp_model.parameters(), lr=0.001)\n"
            "    outputs = ddp_model(torch.randn(20, 10))\n"
            "    labels = torch.randn(20, 5).to(rank)\n"
            "    loss_fn(outputs, labels).backward()\n"
            "    optimizer.step()\n"
            "    cleanup()\n")
    note("code.txt:1", "What does `demo_basic` do?",
         "```python\n" + code + "```\n", "markdown",
         "What does demo_basic do?", code)
    url = ("https://pytorch.org/docs/stable/generated/torch.nn.parallel."
           "DistributedDataParallel.html#torch.nn.parallel."
           "DistributedDataParallel")
    note("code.txt:2", "Where is torch.nn.parallel.DistributedDataParallel"
         "._sync_buffers_and_gradient_reduction documented?", url)
    png(os.path.join(tmp, "fig.png"), 480, 320)
    note("image.txt:1", 'Which figure is this? <img src="fig.png">',
         '<p>It shows the gradient buckets of a replica.</p>'
         '<img src="fig.png"><p>Buckets are reduced in reverse order.</p>',
         "html", "Which figure is this?",
         "It shows the gradient buckets of a replica. "
         "Buckets are reduced in reverse order.")
    return recs, want


# Runs in the page once it is laid out: for every cell, whether it
# holds a card and draws a cut guide, whether its content is larger than
# its box, and the text it shows.  Content centred in a card spills out
# on both sides, past the top and left, which no scroll size counts; so
# each element's box is checked against the card's, but for its right
# edge, where an inline element's box holds the spaces that hang at the
# end of a pre-wrap line, unprinted: a spill to the right is in the
# card's scrollWidth.
MEASURE = """<script>
addEventListener('load', () => {
  const res = [];
  for (const sheet of document.querySelectorAll('cp-sheet')) {
    const cells = [];
    for (const c of sheet.querySelectorAll('cp-card')) {
      const s = c.querySelector('cp-side'), st = getComputedStyle(c);
      let over = c.scrollHeight > c.clientHeight + 1 ||
        c.scrollWidth > c.clientWidth + 1;
      if (s) {
        const b = c.getBoundingClientRect(), pad = parseFloat(st.paddingTop);
        for (const e of [s, ...s.querySelectorAll('*')]) {
          const r = e.getBoundingClientRect();
          if (r.width && (r.top < b.top + pad - 1 ||
              r.bottom > b.bottom - pad + 1 ||
              r.left < b.left + pad - 1))
            over = true;
        }
      }
      // How much of the room inside the padding the side takes, in
      // height, and in width for its widest unbreakable run (its
      // min-content width), which may be what bounds its size.
      // An image shown shorter than the room the sheet gave it
      // (max-height) is bounded by the line's width or its own size.
      const pad = 2 * parseFloat(st.paddingTop);
      let fill = 0, wide = 0, imgs = 0, narrow = false;
      if (s) {
        for (const i of s.querySelectorAll('img')) {
          imgs++;
          if (i.getBoundingClientRect().height <
              parseFloat(getComputedStyle(i).maxHeight) - 1)
            narrow = true;
        }
        fill = s.getBoundingClientRect().height / (c.clientHeight - pad);
        s.style.width = 'min-content';
        wide = s.getBoundingClientRect().width / (c.clientWidth - pad);
        s.style.width = '';
      }
      cells.push({side: !!s, over: over, text: s ? s.innerText : '',
        pt: parseFloat(c.style.fontSize) || 0, fill: fill, wide: wide,
        imgs: imgs, narrow: narrow,
        guide: st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0
          || st.borderTopStyle !== 'none' && parseFloat(st.borderTopWidth) > 0});
    }
    res.push({backs: sheet.classList.contains('backs'), cells: cells});
  }
  const p = document.createElement('pre');
  p.id = 'measured';
  p.textContent = JSON.stringify(res);
  document.body.appendChild(p);
});
</script>
"""


def measure(html, tmp):
    """The page's cells as MEASURE finds them, from a copy that may run
    this one script (the sheet's own policy allows none)."""
    text = open(html, encoding="utf-8").read()
    text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "",
                  text)
    # The cells are laid out as printed: the screen's sheet margins and
    # shadow are the only rules for screens, and they move no card.
    text = text.replace("</body>", MEASURE + "</body>")
    probe = html + ".probe.html"
    with open(probe, "w", encoding="utf-8") as f:
        f.write(text)
    r = chromium("file://" + probe, tmp, "--dump-dom",
                 "--virtual-time-budget=10000")
    m = re.search(r'<pre id="measured">(.*?)</pre>', r.stdout.decode(),
                  re.S)
    if m is None:
        return None
    return json.loads(m[1].replace("&lt;", "<").replace("&gt;", ">")
                      .replace("&quot;", '"').replace("&amp;", "&"))


# The fill of every side set below the largest size and not cut, by
# (paper, per, source, side): how close the sizing comes to the room,
# as (height, widest run's width).  A side whose widest word or address
# takes BY_WORD of a line has its size set by that run, not its height:
# those are in WIDE.  A side with an image is in the fill at any size,
# as its images take the room its text leaves; but one whose image is
# shown smaller than that room, bounded by the line's width (a wide
# image) or by its own size (a small one), is in NARROW.  A long line of
# code is no such bound: pre-wrap breaks it at its spaces, and only its
# widest run counts.
FILLS, WIDE, NARROW = {}, {}, {}
BY_WORD = 0.9
MAX_PT = 18
FILL_MEDIAN = 0.9
CUT_MARK = flat("\u2026 [cut]")


def run(paper, per, recs, want, tmp, keep=False):
    name = f"{paper}-{per}"
    stream = os.path.join(tmp, name + ".jsonl")
    with open(stream, "w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    html = os.path.join(tmp, name + ".html")
    r = subprocess.run([os.path.join(BIN, "cards2html"), "-m", tmp,
                        "--paper", paper, "--per-page", str(per),
                        "-o", html, stream], capture_output=True)
    err = r.stderr.decode()
    if not ok(r.returncode == 0, f"{name}: cards2html succeeds"):
        print("#", err[:300])
        return
    warned = set()
    for m in re.finditer(r"^cards2html: (\S+?:\d+)(?::\d+)?: warning: "
                         r"the (front|back) .*\bcut\b", err, re.M):
        warned.add((m[1], m[2]))
    pages = measure(html, tmp)
    if not ok(pages is not None, f"{name}: Chromium laid out the page and "
              f"ran the measuring script"):
        return
    # Cells in the page's order: a fronts sheet's cards in order, then
    # its backs sheet row by row, each row's columns reversed.
    cols = int(re.search(r"grid-template-columns:repeat\((\d+)",
                         open(html, encoding="utf-8").read())[1])
    cut, empty_guides, lost = set(), 0, []
    card = 0
    for sheet in pages:
        if not sheet["backs"]:
            base = card
            for i, c in enumerate(sheet["cells"]):
                card = base + i + 1
                check([(base + i, "front", c)], want, cut, lost,
                      (paper, per))
        else:
            for j, c in enumerate(sheet["cells"]):
                r_, k = divmod(j, cols)
                slot = base + r_ * cols + (cols - 1 - k)
                if not c["side"]:
                    empty_guides += c["guide"]
                    continue
                check([(slot, "back", c)], want, cut, lost, (paper, per))
    ok(card == len(want), f"{name}: {card} of {len(want)} cards on the "
       f"sheets")
    cut_src = {(want[i][0], side) for i, side in cut}
    silent = sorted(cut_src - warned)
    false = sorted(warned - cut_src)
    ok(not silent, f"{name}: no side cut without a warning" +
       (f" (cut: {', '.join(s + ' ' + w for s, w in silent)})"
        if silent else ""))
    ok(not false, f"{name}: every side warned of is cut" +
       (f" (whole: {', '.join(s + ' ' + w for s, w in false)})"
        if false else ""))
    # The false warning: 600 words print whole at 4 to an A4.
    if (paper, per) == ("a4", 4):
        ok(("long.txt:2", "back") not in warned | cut_src,
           f"{name}: the 600-word back prints whole, unwarned")
    ok(empty_guides == 0, f"{name}: no cut guide around an empty cell "
       f"({empty_guides} drawn)")
    ok(not lost, f"{name}: every side shows its own text" +
       (f" (not: {', '.join(lost[:4])})" if lost else ""))
    if keep:
        pdf = os.path.join(tmp, name + ".pdf")
        chromium("file://" + html, tmp, "--print-to-pdf=" + pdf,
                 "--no-pdf-header-footer")
        os.makedirs(OUT, exist_ok=True)
        base_png = os.path.join(OUT, "cards2html-fit-" + name)
        for f in os.listdir(OUT):
            if f.startswith("cards2html-fit-" + name + "-"):
                os.remove(os.path.join(OUT, f))
        subprocess.run(["pdftoppm", "-r", "50", "-png", pdf, base_png],
                       capture_output=True)
        n = len([f for f in os.listdir(OUT)
                 if f.startswith("cards2html-fit-" + name + "-")])
        ok(n >= 2, f"{name}: its pages as PNG in build/test-output/ ({n})")


def check(cells, want, cut, lost, where):
    for slot, side, c in cells:
        if (c["pt"] < MAX_PT or c["imgs"]) and \
                "cut" not in c["text"][-8:]:
            k = where + (want[slot][0], side)
            (NARROW if c["narrow"] else WIDE if c["wide"] >= BY_WORD
             else FILLS)[k] = (c["fill"], c["wide"])
        full = flat(want[slot][1 if side == "front" else 2])
        shown = flat(c["text"])
        if c["over"] or shown != full:
            cut.add((slot, side))
        # What a side shows is its own text, or a cut side's beginning
        # before its mark: with the mark, a beginning shorter than 20
        # letters ("Which figure is this?... [cut]") was taken for
        # another side's text.  A cut side must show some of its text.
        if shown.endswith(CUT_MARK):
            shown = shown[:-len(CUT_MARK)]
            if not shown:
                lost.append(f"{want[slot][0]} {side}")
        if not full.startswith(shown[:20]):
            lost.append(f"{want[slot][0]} {side}")


tmp = tempfile.mkdtemp()
try:
    recs, want = decks(tmp)
    keep = {("letter", 12), ("a4", 16), ("a4", 4)}
    for paper in PAPERS:
        for per in PER_PAGE:
            run(paper, per, recs, want, tmp, (paper, per) in keep)
            sys.stdout.flush()
    # The sizing's aim: sides that fill their cells, not a tenth empty.
    fills = sorted(f for f, w in FILLS.values())
    if fills:
        med = fills[len(fills) // 2]
        ok(med >= FILL_MEDIAN, f"sides set below {MAX_PT} pt or holding "
           f"an image fill their cells' height: median {med:.3f} (want {FILL_MEDIAN}), min "
           f"{fills[0]:.3f}, over {len(fills)} sides")
        for k in sorted(FILLS, key=FILLS.get)[:5]:
            print(f"# least filled: {' '.join(map(str, k))} "
                  f"{FILLS[k][0]:.3f}")
    # And so do the sides with an image, which are few among the rest:
    # an image's line taken as a line of text more, it was left a third
    # of its cell empty.
    imgs = sorted(f for k, (f, w) in FILLS.items() if k[2] == "image.txt:1")
    if imgs:
        med = imgs[len(imgs) // 2]
        ok(med >= FILL_MEDIAN, f"sides holding an image fill their cells' "
           f"height: median {med:.3f} (want {FILL_MEDIAN}), min "
           f"{imgs[0]:.3f}, over {len(imgs)} sides")
    wides = sorted(w for f, w in WIDE.values())
    if wides:
        print(f"# {len(wides)} sides sized by their widest run: its width "
              f"fills the line, median {wides[len(wides) // 2]:.3f}, min "
              f"{wides[0]:.3f}")
    if NARROW:
        print(f"# {len(NARROW)} sides hold an image bounded by its width or "
              f"its size: " + ", ".join(f"{' '.join(map(str, k))} "
                                        f"{NARROW[k][0]:.3f}"
                                        for k in sorted(NARROW)[:4]))
finally:
    shutil.rmtree(tmp)
