# html_grid.py: cards2html's grid at every count it takes, without a
# browser.  For A4 and Letter and each --per-page from 1 to 64, a sheet
# of that many notes, one of them a 3000-word back: the grid has a cell
# for every card and no row without one; its cells hold two lines at
# 5.5 pt (1.45 em each, the most a line takes) inside their 4 mm padding
# and the 1 mm kept for rounding; the back too long for its cell is cut
# after some of its text, not before all of it; the fronts page has a
# cell for each card, the backs page one for each of the grid's cells
# up to the last card's row.
import json
import os
import re
import subprocess
import tempfile

BIN = os.environ["CARDPIPE_BIN"]
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN, PAD, SLACK = 10.0, 4.0, 1.0
LEAST = 2 * PAD + SLACK + 2 * 1.45 * 5.5 * 25.4 / 72
MARK = "<b class=\"cutmark\">"


def ok(cond, desc):
    print(("ok - " if cond else "not ok - ") + desc)
    return cond


def stream(n):
    long = " ".join(f"word{i}" for i in range(3000)) + "."
    lines = []
    for i in range(n):
        lines.append(json.dumps({
            "deck": "Grid", "notetype": "Basic", "markup": "text",
            "tags": [], "source": f"grid.txt:{i + 1}",
            "fields": {"Front": f"Question {i + 1}?",
                       "Back": long if i == 0 else f"Answer {i + 1}."}}))
    return "\n".join(lines) + "\n"


bad = {"shape": [], "low": [], "blind": [], "cells": []}
with tempfile.TemporaryDirectory() as tmp:
    for paper, (pw, ph) in PAPERS.items():
        for n in range(1, 65):
            where = f"{paper} {n}"
            path = os.path.join(tmp, f"{paper}-{n}.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(stream(n))
            r = subprocess.run([os.path.join(BIN, "cards2html"), "--paper",
                                paper, "--per-page", str(n), path],
                               capture_output=True)
            html = r.stdout.decode()
            m = re.search(r"grid-template-columns:repeat\((\d+),([\d.]+)mm\);"
                          r"grid-template-rows:repeat\((\d+),([\d.]+)mm\)",
                          html)
            if m is None or r.returncode != 0:
                bad["shape"].append(where + " (no grid)")
                continue
            cols, w, rows, h = int(m[1]), float(m[2]), int(m[3]), float(m[4])
            if cols * rows < n or cols * (rows - 1) >= n or \
                    abs(w * cols - (pw - 2 * MARGIN)) > 0.1 or \
                    abs(h * rows - (ph - 2 * MARGIN)) > 0.1:
                bad["shape"].append(f"{where}: {cols}x{rows}")
            if h < LEAST:
                bad["low"].append(f"{where}: {cols}x{rows}, {h:.1f} mm")
            # The cut back's text before its mark, tags left out.
            cut = re.search(r'<cp-card class="card back[^"]*cut"[^>]*>'
                            r"<cp-side>(.*?)" + re.escape(MARK), html)
            if cut is None or not re.sub(r"<[^>]*>", "", cut[1]).strip():
                bad["blind"].append(where)
            fronts, backs = html.split('class="sheet backs"')
            if fronts.count('class="card front') != n or \
                    backs.count('class="card back') != cols * rows:
                bad["cells"].append(where)

ok(not bad["shape"], "a cell for every card and no row without one, "
   "filling the paper inside its margin" +
   (f" (not: {', '.join(bad['shape'][:4])})" if bad["shape"] else ""))
ok(not bad["low"], f"every cell holds two lines at 5.5 pt inside its "
   f"padding ({LEAST:.1f} mm)" +
   (f" (not: {', '.join(bad['low'][:4])})" if bad["low"] else ""))
ok(not bad["blind"], "the 3000-word back is cut after some of its text" +
   (f" (not: {', '.join(bad['blind'][:4])})" if bad["blind"] else ""))
ok(not bad["cells"], "the fronts page has a cell for each card, the backs "
   "page one for each of the grid's cells" +
   (f" (not: {', '.join(bad['cells'][:4])})" if bad["cells"] else ""))
