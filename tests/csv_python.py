"""cards2csv read back field for field by Python's csv module, for text
full of separators, quotes, line ends, '#' and tabs, with every separator,
with and without Anki's header lines, and with --columns.
"""
import csv
import io
import json
import os
import random
import subprocess

from ankitest import done, eq, ok

BIN = os.environ["CARDPIPE_BIN"]

NASTY = [
    "plain",
    "comma, semicolon; pipe| colon: tab\there",
    "\"quoted\" and \"\"doubled\"\"",
    "line\nfeed",
    "carriage\rreturn and crlf\r\nend",
    "#starts with a hash",
    "  spaces around  ",
    "",
    "ends with a quote\"",
    "\"",
    "ünïcödé ✓ 日本語",
    "tags:not a header",
    "\t",
]

notes = []
for i, text in enumerate(NASTY):
    notes.append({
        "deck": "Deck, with; separators|" if i % 2 else "Plain::Sub",
        "notetype": "Basic",
        "fields": {"Front": f"q{i} {text}", "Back": text},
        "tags": ["t1", f"n{i}"] if i % 3 else [],
        "markup": "text",
    })
# A wider notetype makes the others' rows padded with empty cells.
notes.append({"deck": "Default", "notetype": "Basic (optional reversed card)",
              "fields": {"Front": "#wide", "Back": "b\"", "Add Reverse": "y"},
              "markup": "text", "guid": "#g,\"1\""})
stream = "".join(json.dumps(n) + "\n" for n in notes).encode()
WIDTH = 3


def cards2csv(*args, data=stream):
    p = subprocess.run([os.path.join(BIN, "cards2csv"), *args], input=data,
                       capture_output=True)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def split(text, delim):
    """Header lines, then the records Python's csv reads."""
    lines = text.split("\n")
    n = 0
    while n < len(lines) and lines[n].startswith("#"):
        n += 1
    body = "\n".join(lines[n:])
    return lines[:n], list(csv.reader(io.StringIO(body, newline=""),
                                      delimiter=delim, strict=True))


def fields(n):
    v = list(n["fields"].values())
    return v + [""] * (WIDTH - len(v))


for name, delim in [("tab", "\t"), ("comma", ","), ("semicolon", ";"),
                    ("pipe", "|")]:
    rc, out, err = cards2csv("--separator", name)
    eq((rc, err), (0, ""), f"{name}: cards2csv succeeds quietly")
    header, rows = split(out, delim)
    eq(header[:2], [f"#separator:{name}", "#html:false"],
       f"{name}: the header names the separator, plain text")
    eq(len(rows), len(notes), f"{name}: one record per note")
    eq([r[4:] for r in rows], [fields(n) for n in notes],
       f"{name}: every field reads back exactly")
    eq([r[1:4] for r in rows],
       [[n["notetype"], n["deck"], " ".join(n.get("tags", []))]
        for n in notes], f"{name}: notetype, deck and tags read back")
    eq(rows[-1][0], "#g,\"1\"", f"{name}: a given guid reads back")
    ok(all(r[0] and r[0] != rows[0][0] for r in rows[1:]),
       f"{name}: every note has its own guid")
    ok(all(len(r) == 4 + WIDTH for r in rows),
       f"{name}: rows are padded to the widest notetype")

    rc, out, err = cards2csv("--separator", name, "--no-header")
    header, rows = split(out, delim)
    eq(header, [], f"{name} --no-header: no header lines")
    eq(rows, [fields(n) for n in notes],
       f"{name} --no-header: rows of fields only, read back exactly")

rc, out, err = cards2csv("--separator", "comma", "--columns",
                         "Back,deck,1,tags")
header, rows = split(out, ",")
eq(rows, [[n["fields"]["Back"], n["deck"], n["fields"]["Front"],
           " ".join(n.get("tags", []))] for n in notes],
   "--columns picks fields by name and number, deck and tags")
ok("#deck column:2" in header and "#tags column:4" in header and
   "#notetype column:2" not in header,
   "--columns: the header says where deck and tags are", header)

# One field and no header: an empty cell must not become a blank line,
# which every CSV reader skips.
rc, out, err = cards2csv("--no-header", "--columns", "Back")
header, rows = split(out, "\t")
eq(rows, [[n["fields"]["Back"]] for n in notes],
   "a single empty column still makes a record")

# Mixed markup: HTML for all, text escaped once.
mixed = (json.dumps({"fields": {"Front": "<b>x</b>", "Back": "a\tb"},
                     "markup": "html"}) + "\n" +
         json.dumps({"fields": {"Front": "1 < 2 & \"3\"", "Back": "l1\nl2"},
                     "markup": "text"}) + "\n").encode()
rc, out, err = cards2csv(data=mixed)
header, rows = split(out, "\t")
ok("#html:true" in header, "a stream with HTML is #html:true", header)
eq([r[4:] for r in rows],
   [["<b>x</b>", "a\tb"], ["1 &lt; 2 &amp; &quot;3&quot;", "l1<br>l2"]],
   "HTML kept, text escaped to HTML")

# Random text from the characters that matter (fixed seed), every field
# count from 0 to 4: Python's csv still reads back every cell.
rng = random.Random(20261202)
ALPHABET = [",", ";", "|", "\t", "\"", "\n", "\r", "\r\n", "#", " ", "a",
            "é", "<", ">", "&", ":"]
rand = []
for i in range(300):
    k = rng.randint(0, 4)
    rand.append({"notetype": f"Random {k}", "deck": f"R{i % 7}",
                 "fields": {f"F{j}": "".join(rng.choice(ALPHABET) for _ in
                                             range(rng.randint(0, 12)))
                            for j in range(k)},
                 "markup": "text"})
data = "".join(json.dumps(n) + "\n" for n in rand).encode()
for name, delim in [("tab", "\t"), ("comma", ","), ("pipe", "|")]:
    rc, out, err = cards2csv("--separator", name, data=data)
    header, rows = split(out, delim)
    eq([r[4:] for r in rows],
       [list(n["fields"].values()) + [""] * (4 - len(n["fields"]))
        for n in rand], f"{name}: 300 random notes read back exactly")

# The other way: what Python's csv writes, csv2cards reads cell for cell.
# (A first cell starting with '#' is left out: Anki and csv2cards skip
# such a record unless it is quoted, which Python does not do.)
cells = []
for i in range(300):
    row = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 12)))
           for _ in range(2)]
    cells.append([row[0].lstrip("#")] + row[1:])
for name, delim in [("tab", "\t"), ("comma", ","), ("semicolon", ";")]:
    buf = io.StringIO(newline="")
    buf.write(f"#separator:{name}\n#html:true\n")
    csv.writer(buf, delimiter=delim).writerows(cells)
    p = subprocess.run([os.path.join(BIN, "csv2cards")],
                       input=buf.getvalue().encode(), capture_output=True)
    got = [list(json.loads(line)["fields"].values())
           for line in p.stdout.decode().splitlines()]
    eq(got, cells, f"{name}: csv2cards reads what Python's csv writes")

rc, out, err = cards2csv("--separator", "x")
eq(rc, 2, "an unknown separator is bad usage (cards2csv(1), EXIT STATUS)")
ok("--separator" in err, "and says so", err)

done()
