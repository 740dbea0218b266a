"""Every reader and writer is linear in its input, whatever its shape.

Each shape below is an input a few kilobytes to a few hundred long that
once took from seconds to minutes: a loop ran over everything seen
before, or rescanned the input, for each item.  Each is generated at a
size n and at 8n; the tool's CPU time (user and system, of the child
alone: the machine is shared, so wall time says little) must grow less
than 24 times, where linear work grows about 8 times and quadratic work
64 times.  Every run is also capped at CAP seconds, so that a hang fails
here instead of stalling the suite, and each output is checked.

With --measure, prints each shape's times and ratio too.  In the
sanitizer builds (make sanitize, make tsan) only the outputs at size n
are checked: those builds run several times slower, and their
allocators' quarantines make time grow with memory, so their times say
nothing about the code's own.
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import zipfile

from collection import collection

BIN = os.environ.get("CARDPIPE_BIN", "bin")
SCRATCH = tempfile.mkdtemp(prefix="cardpipe-linear-")
CAP = 60
RATIO = 24
MEASURE = "--measure" in sys.argv
TIMED = os.environ.get("CARDPIPE_BUILD", "build") == "build"
failed = False


def ok(cond, desc, detail=""):
    global failed
    print(f"{'ok' if cond else 'not ok'} - {desc}")
    if not cond:
        failed = True
        for line in str(detail).splitlines()[:20]:
            print(f"#   {line}")
    sys.stdout.flush()


def cpu_run(tool, args, data):
    """Runs tool with data on standard input; returns (CPU seconds of the
    child, status, stdout, stderr).  The status is None after CAP."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run([os.path.join(BIN, tool)] + args, input=data,
                           capture_output=True, timeout=CAP)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = None, e.stdout or b"", e.stderr or b""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                before.ru_stime)
    return cpu, rc, out, err


def shape(desc, tool, args, gen, n, check):
    """Runs tool on gen(n) and gen(8 n); check(n, rc, out, err) says
    what is wrong with an output, or returns None."""
    times = []
    for size in (n, 8 * n) if TIMED else (n,):
        data = gen(size)
        if callable(args):
            argv = args(size)
        else:
            argv = list(args)
        cpu, rc, out, err = cpu_run(tool, argv, data)
        times.append(cpu)
        if rc is None:
            ok(False, f"{desc}: {tool} finishes within {CAP} s at "
               f"size {size}")
            return
        problem = check(size, rc, out, err)
        if problem is not None:
            ok(False, f"{desc}: output at size {size}",
               f"{problem}\nrc={rc}\nerr={err[:1000]!r}")
            return
    if not TIMED:
        ok(True, f"{desc}: output at size {n} (not timed here)")
        return
    # Below 50 ms, start-up and noise are most of the time.
    ratio = times[1] / max(times[0], 0.05)
    # A machine shared with other work can stall one run; a quadratic
    # path is slow every time, so the best of three pairs will do.
    for _ in range(2):
        if ratio < RATIO:
            break
        pair = [cpu_run(tool, args(size) if callable(args) else list(args),
                        gen(size))[0] for size in (n, 8 * n)]
        ratio = min(ratio, pair[1] / max(pair[0], 0.05))
        times = pair if pair[1] / max(pair[0], 0.05) == ratio else times
    if MEASURE:
        print(f"# {desc}: {times[0]:.3f} s at {n}, {times[1]:.3f} s at "
              f"{8 * n}: {ratio:.1f}x")
    ok(ratio < RATIO, f"{desc}: 8 times the input, {ratio:.1f} times "
       f"the CPU ({times[0]:.2f} s, {times[1]:.2f} s)")


def jsonl(records):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n"
                   for r in records).encode()


def note(front, back="b", deck="D", notetype="Basic", **kw):
    rec = {"deck": deck, "notetype": notetype,
           "fields": {"Front": front, "Back": back}, "markup": "html"}
    rec.update(kw)
    return rec


def apkg_out(name):
    path = os.path.join(SCRATCH, name + ".apkg")
    return lambda size: ["-o", path]


def clean(n, rc, out, err):
    return None if rc == 0 else "exit status not 0"


def lines(out):
    return out.decode("utf-8", "replace").splitlines()


# Writers: shapes of the card stream.

def same_first(n):
    return jsonl(note("same", str(i)) for i in range(n))


def told_apart(n, err):
    """Each repeat is told apart, the first 100 in a message each."""
    return (b"told apart as occurrence 101\n" in err and
            f"{n - 101} more like this not shown".encode() in err)


def check_same_first_csv(n, rc, out, err):
    guids = [l.split("\t")[0] for l in lines(out)
             if not l.startswith("#")]
    if rc != 0 or len(guids) != n or len(set(guids)) != n or \
            not told_apart(n, err):
        return f"{len(guids)} rows, {len(set(guids))} guids"
    return None


def check_same_first_apkg(n, rc, out, err):
    return None if rc == 0 and told_apart(n, err) else "not told apart"


LEVELS = 100	# the most cards2apkg takes


def deep_decks(n):
    """n notes, each in a deck of its own of the most levels there may
    be: every level is a deck, named in full."""
    return jsonl(note("q", deck="::".join([f"N{i}"] + ["L"] * (LEVELS - 1)))
                 for i in range(n))


def notetype(name, afmt="{{Back}}"):
    return {"kind": "notetype", "name": name, "fields": ["Front", "Back"],
            "templates": [{"name": "Card 1", "qfmt": "{{Front}}",
                           "afmt": afmt}]}


def redefined(n):
    """n / 20 notetype names, each defined 20 times differently."""
    recs = []
    for i in range(n):
        name = f"Mine {i % (n // 20)}"
        recs += [notetype(name, f"{{{{Back}}}} {i}"),
                 note(f"q{i}", notetype=name)]
    return jsonl(recs)


def notetype_ids(n):
    """n packages' own "Basic", one definition under n ids, each before a
    note that carries its id and a note of Anki's own Basic."""
    recs = []
    for i in range(n):
        recs += [dict(notetype("Basic", "{{Back}} mine"), id=1000 + i),
                 note(f"p{i}", notetype_id=1000 + i), note(f"q{i}")]
    return jsonl(recs)


def big_template(n):
    """A front of n bytes showing an empty field over and over, and n / 64
    notes of its notetype."""
    qfmt = ("{{#Front}}{{Back}}{{/Front}} " + "x" * 34 + "\n") * (n // 64)
    recs = [{"kind": "notetype", "name": "Big", "fields": ["Front", "Back"],
             "templates": [{"name": "Card 1", "qfmt": qfmt,
                            "afmt": "{{Back}}"}]}]
    recs += [note(f"q{i}", "", notetype="Big") for i in range(n // 64)]
    return jsonl(recs)


def many_decks(n):
    return jsonl(note(f"q{i}", deck=f"Deck {i}") for i in range(n))


def many_fields_notetype(n):
    names = [f"F{i}" for i in range(n)]
    nt = {"kind": "notetype", "name": "Wide", "fields": names,
          "templates": [{"name": "Card 1", "qfmt": "{{F0}}",
                         "afmt": "{{F1}}"}]}
    rec = {"deck": "D", "notetype": "Wide",
           "fields": {f: f.lower() for f in names}, "markup": "html"}
    return jsonl([nt, rec])


def many_fields_note(n):
    rec = {"deck": "D", "notetype": "Derived",
           "fields": {f"F{i}": str(i) for i in range(n)}, "markup": "html"}
    return jsonl([rec])


def many_notetypes(n):
    recs = []
    for i in range(n):
        recs += [notetype(f"Type {i}"), note(f"q{i}", notetype=f"Type {i}")]
    return jsonl(recs)


def spaced_tag(n):
    return jsonl([note("q", tags=["a" + "\u3000" * n + "b"])])


def check_spaced_tag(n, rc, out, err):
    want = 'written as "a' + "_" * n + 'b"'
    return None if rc == 0 and want in err.decode() else "no warning"


def one_field(value, markup="html"):
    return lambda n: jsonl([note(value(n), "b", markup=markup)])


def front_of(n, rc, out, err):
    return None if rc == 0 and out else "exit status not 0, or no output"


def third_answered(n, rc, out, err):
    """Questions 1, 4, 7, ... have answers; the two after each are left
    out, not read as a question and its answer.  (Numbers of up to three
    digits number a question, so the shape numbers from 1 again.)"""
    made = [l for l in lines(out) if '"fields"' in l]
    if rc != 0 or len(made) != (n + 2) // 3:
        return f"{len(made)} cards, not {(n + 2) // 3}"
    return None


def parents_first(n, rc, out, err):
    rows = [l.split("\t") for l in lines(out) if not l.startswith("#")]
    if rc != 0 or [r[2] for r in rows] != ["a", "::".join(["a"] * n)]:
        return "not the parent deck's row first"
    return None


# HTML fields, as libxml2's parser would take quadratic time over them:
# cards2html sanitises them, cards2md converts them to Markdown.

def many_attrs(n):
    return "<b " + " ".join(f"a{i}=1" for i in range(n)) + ">x</b>"


def check_many_attrs(n, rc, out, err):
    want = f"left out {n - 100} attributes past the 100th of a tag"
    if rc != 0 or b"<b>x</b>" not in out or want.encode() not in err:
        return "no <b>x</b>, or no warning of the attributes left out"
    return None


def md_front(want):
    """The Markdown of the front holds want, and one warning says that
    the field was past the limits."""
    return lambda n, rc, out, err: None if rc == 0 and want in \
        out.decode() and err.count(b"HTML past the limits") == 1 else \
        f"no {want!r} in the Markdown, or not one warning"


def check_stray(n, rc, out, err):
    want = f"left out {n} end tags that close nothing"
    return None if rc == 0 and want.encode() in err else "no warning"


HTML_SHAPES = [
    ("a tag of many attributes", many_attrs, 5000, check_many_attrs,
     "**x**"),
    ("end tags of nothing open under deep nesting",
     lambda n: "<b>" * n + "x" + "</i>" * n, 5000, check_stray, "x"),
    ("end tags a div stands in the way of",
     lambda n: "<b><div>" + "<i>" * n + "x" + "</b>" * n, 5000,
     check_stray, "x"),
    ("many element names",
     lambda n: "".join(f"<e{i}>" for i in range(n)) + "x", 50000, front_of,
     "x"),
    # cards2md only: the sanitiser's own work on each entity or attribute
    # hides libxml2's at sizes a test can afford.
    ("many entity names",
     lambda n: "".join(f"&e{i};" for i in range(n)), 50000, None,
     "&e49999;"),
    ("many attribute names",
     lambda n: "".join(f"<b a{i}=1>x</b>" for i in range(n)), 50000,
     None, "**x**"),
]


# Readers: shapes of a file.

def text(make):
    return lambda n: make(n).encode()


def notes_made(want):
    """A check: exit 0 and want(n) notes made."""
    def check(n, rc, out, err):
        got = sum('"notetype"' in l for l in lines(out))
        return None if rc == 0 and got == want(n) else \
            f"exit {rc}, {got} notes, not {want(n)}"
    return check


# apkg2cards: shapes of a collection.

def s18_package(name, deck_name, generated=None, nnotes=1):
    """A schema 18 package of one deck and nnotes notes; with generated,
    notes.flds is a virtual column of that expression."""
    db = collection(
        os.path.join(SCRATCH, name + ".db"),
        [(f"g{i}", 7, "q\x1fa", "") for i in range(1, nnotes + 1)], 18,
        schema18=True, generated=generated, then=[
            "INSERT INTO notetypes VALUES (7, 'Basic', 0, 0, x'');"
            "INSERT INTO fields VALUES (7, 0, 'Front', x''),"
            " (7, 1, 'Back', x'');"
            "INSERT INTO templates VALUES (7, 0, 'Card 1', 0, 0,"
            " x'0a097b7b46726f6e747d7d');",
            ("INSERT INTO decks VALUES (2, ?, 0, 0, x'', x'')",
             (deck_name,))])
    pkg = os.path.join(SCRATCH, name + ".apkg")
    with zipfile.ZipFile(pkg, "w") as z:
        z.writestr("collection.anki21", db)
    return pkg


def s18_deck(n):
    s18_deck.path = s18_package("s18deck", "\x1f".join(["a"] * n))
    return b""


def check_s18_deck(n, rc, out, err):
    want = "::".join(["a"] * n)
    decks = [json.loads(l).get("name") for l in lines(out)
             if '"kind":"deck"' in l]
    return None if rc == 0 and decks == [want] else "deck name not joined"


def s18_notes(n):
    """n notes of a collection without Anki's indexes: a note's first
    card looked for among all cards, for each note, is quadratic."""
    s18_notes.path = s18_package("s18notes", "Deck", nnotes=n)
    return b""


def check_s18_notes(n, rc, out, err):
    got = sum('"deck":"Deck"' in l for l in lines(out))
    return None if rc == 0 and got == n else f"{got} of {n} notes, {err}"


def sched_package(n, per_card):
    """A schema 18 package of n review log rows, per_card to a card, with
    card ids in the reverse of the notes' order: a card's answers found
    by a scan of the log, or a pass over the cards for each answer, would
    be quadratic."""
    cards = max(1, n // per_card)
    db = collection(
        os.path.join(SCRATCH, "sched.db"),
        [(f"g{i}", 7, "q\x1fa", "") for i in range(1, cards + 1)], 18,
        schema18=True, then=[
            "INSERT INTO notetypes VALUES (7, 'Basic', 0, 0, x'');"
            "INSERT INTO fields VALUES (7, 0, 'Front', x''),"
            " (7, 1, 'Back', x'');"
            "INSERT INTO templates VALUES (7, 0, 'Card 1', 0, 0,"
            " x'0a097b7b46726f6e747d7d');"
            "INSERT INTO decks VALUES (2, 'Deck', 0, 0, x'', x'');"
            "CREATE TABLE config (KEY text primary key, usn, mtime_secs,"
            " val);"
            "INSERT INTO config VALUES ('creationOffset', 0, 0, '0');"
            "CREATE TABLE revlog (id integer primary key, cid, usn, ease,"
            " ivl, lastIvl, factor, time, type);"
            "UPDATE col SET crt = 1700000000;"
            "UPDATE cards SET id = 1000000 - id, type = 2, queue = 2,"
            " due = 5, ivl = 3, factor = 2500, reps = 1;",
            f"WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM"
            f" k WHERE i < {n - 1}) INSERT INTO revlog SELECT"
            f" 1600000000000 + i, 999999 - i % {cards}, 0, 3, 3, 1, 2500,"
            f" 4000, 1 FROM k;"])
    sched_package.path = os.path.join(SCRATCH, "sched.apkg")
    with zipfile.ZipFile(sched_package.path, "w") as z:
        z.writestr("collection.anki21", db)
    return b""


def check_sched(n, rc, out, err):
    got = sum(l.count('"ease":3') for l in lines(out))
    return None if rc == 0 and got == n else f"{got} of {n} answers, {err}"


def revlog_note(n):
    return jsonl([note("q", cards=[{"ord": 0, "sched": {
        "type": 2, "queue": 2, "due": "2026-01-01", "ivl": 3},
        "revlog": [{"id": 1600000000000 + i, "ease": 3, "type": 1}
                   for i in range(n)]}])])


def check_generated():
    """A notes.flds computed at every read, at a cost of the package's
    choosing, is refused before any is read."""
    pkg = s18_package("generated", "Deck", generated="length(hex(zeroblob("
                      "100000000 + id % 2))) || char(31) || 'a'", nnotes=400)
    cpu, rc, out, err = cpu_run("apkg2cards", [pkg], b"")
    ok(rc == 1 and out == b"" and b"table notes: column flds is generated"
       in err, "apkg2cards refuses a generated notes.flds", f"rc={rc} "
       f"cpu={cpu:.1f} s\n{err[:500]!r}")


def check_limits():
    """Past cards2apkg's limits, an error at the record's line."""
    deep = "::".join(["L"] * (LEVELS + 1))
    cpu, rc, out, err = cpu_run("cards2apkg", apkg_out("limit")(0),
                                jsonl([note("q", deck=deep)]))
    ok(rc == 1 and b"<stdin>:1: error: deck name of more than 100 levels"
       in err, f"cards2apkg refuses a deck of {LEVELS + 1} levels", err)
    recs = [notetype("Mine", f"{{{{Back}}}} {i}") for i in range(102)]
    cpu, rc, out, err = cpu_run("cards2apkg", apkg_out("limit")(0),
                                jsonl(recs))
    ok(rc == 1 and err.count(b"defined again, differently; the notes") ==
       100 and b'error: notetype "Mine" is defined again, differently, '
       b'and has 100 renamed copies' in err,
       "cards2apkg refuses a 101st renamed copy of a notetype", err[-300:])


def main():
    shape("cards2csv, notes of one first field", "cards2csv", [],
          same_first, 2500, check_same_first_csv)
    shape("cards2apkg, notes of one first field", "cards2apkg",
          apkg_out("same"), same_first, 2500, check_same_first_apkg)
    shape(f"cards2apkg, decks of {LEVELS} levels", "cards2apkg",
          apkg_out("deep"), deep_decks, 100, clean)
    shape("cards2apkg, notetypes redefined", "cards2apkg",
          apkg_out("redef"), redefined, 2000, clean)
    shape("cards2apkg, one notetype under many ids", "cards2apkg",
          apkg_out("ids"), notetype_ids, 2500, clean)
    shape("cards2csv, one notetype under many ids", "cards2csv", [],
          notetype_ids, 2500, clean)
    shape("cards2apkg, a big template", "cards2apkg", apkg_out("tmpl"),
          big_template, 1 << 17, clean)
    shape("cards2apkg, many decks", "cards2apkg", apkg_out("decks"),
          many_decks, 5000, clean)
    shape("cards2csv, many decks and notetypes", "cards2csv", [],
          lambda n: jsonl(note(f"q{i}", deck=f"Deck {i}::Sub",
                               notetype=f"Type {i}") for i in range(n)),
          5000, front_of)
    shape("cards2csv, a deep deck before its parent", "cards2csv", [],
          lambda n: jsonl([note("q", deck="::".join(["a"] * n)),
                           note("p", deck="a")]), 10000, parents_first)
    shape("cards2apkg, a notetype of many fields", "cards2apkg",
          apkg_out("wide"), many_fields_notetype, 5000, clean)
    shape("cards2apkg, a note of many fields", "cards2apkg",
          apkg_out("widenote"), many_fields_note, 5000, clean)
    shape("cards2apkg, many notetypes", "cards2apkg", apkg_out("nts"),
          many_notetypes, 2500, clean)
    shape("cards2apkg, a note listing cards in many decks", "cards2apkg",
          apkg_out("cards"),
          lambda n: jsonl([{"notetype": "Cloze", "markup": "html",
                            "fields": {"Text": "{{c1::a}}"},
                            "cards": [{"ord": i % 500, "deck": f"D{i}"}
                                      for i in range(n)]}]),
          5000, clean)
    shape("cards2apkg, notes of one note id", "cards2apkg",
          apkg_out("ids"),
          lambda n: jsonl(note(f"q{i}", id=1600000000000) for i in
                          range(n)), 5000, clean)
    shape("cards2apkg, a tag of ideographic spaces", "cards2apkg",
          apkg_out("tag"), spaced_tag, 60000, check_spaced_tag)
    shape("apkg2cards, a schema 18 deck of many levels", "apkg2cards",
          lambda size: [s18_deck.path], s18_deck, 20000, check_s18_deck)
    shape("apkg2cards, notes of a collection without indexes", "apkg2cards",
          lambda size: [s18_notes.path], s18_notes, 12500, check_s18_notes)
    check_generated()
    check_limits()
    for per_card in (1, 100000):
        shape(f"apkg2cards --scheduling, a review log of "
              f"{'one answer' if per_card == 1 else 'all answers'} "
              "a card", "apkg2cards",
              lambda size: ["--scheduling", sched_package.path],
              lambda size, k=per_card: sched_package(size, k), 12500,
              check_sched)
    shape("cards2apkg, a card of a long review log", "cards2apkg",
          apkg_out("revlog"), revlog_note, 12500, clean)
    shape("cards2apkg, a field of many '<'", "cards2apkg", apkg_out("lt"),
          one_field(lambda n: "<" * n), 100000, clean)
    shape("cards2apkg, a field of unclosed comments", "cards2apkg",
          apkg_out("cmt"), one_field(lambda n: "<!--" * n), 25000, clean)
    # Media tags left open: each scan once ran to the end of the field,
    # for the sort field and again for the media the field names.
    for desc, unit in (("quotes", "<img '"), ("values", "<img src=a "),
                       ("tags", '<img <img "'), ("sounds", "[sound:")):
        shape(f"cards2apkg, a field of unclosed media {desc}", "cards2apkg",
              apkg_out("media"), one_field(lambda n, u=unit: u * n), 5000,
              clean)
    shape("cards2html, a field of unclosed clozes", "cards2html", [],
          lambda n: jsonl([{"notetype": "Cloze", "markup": "html",
                            "fields": {"Text": "{{c1::" * n}}]),
          20000, front_of)
    shape("cards2md, nested HTML", "cards2md", [],
          one_field(lambda n: "<b>" * n + "x" + "</b>" * n), 20000,
          front_of)
    for desc, gen, n, check, md in HTML_SHAPES:
        if check is not None:
            shape(f"cards2html, {desc}", "cards2html", [], one_field(gen),
                  n, check)
        shape(f"cards2md, {desc}", "cards2md", [], one_field(gen), n,
              md_front(md))
    shape("cards2md, text of one character", "cards2md", [],
          one_field(lambda n: "*" * n, "text"), 100000, front_of)
    shape("cards2html, Markdown of nested quotes", "cards2html", [],
          one_field(lambda n: "> " * n + "x", "markdown"), 20000, front_of)
    shape("csv2cards, a row of many columns", "csv2cards", [],
          text(lambda n: "a," * n + "a\n"), 100000, front_of)
    shape("csv2cards, a line of quotes", "csv2cards", [],
          text(lambda n: "a,\"" + "\"\"" * n + "\"\n"), 100000, front_of)
    shape("csv2cards, many rows", "csv2cards", [],
          text(lambda n: "a,b\n" * n), 100000, front_of)
    shape("csv2cards, rows in UTF-16", "csv2cards", [],
          lambda n: b"\xff\xfe" + ("\u00e9,b\n" * n).encode("utf-16-le"),
          100000, clean)
    shape("csv2cards, rows in windows-1252, guessed", "csv2cards", [],
          lambda n: "".join(f"o\u00f9 est l'\u00e9glise {i} ?,\u00e0 c\u00f4t\u00e9\n"
                            for i in range(n)).encode("cp1252"), 20000,
          clean)
    shape("csv2cards, a byte outside --encoding on every row", "csv2cards",
          ["-e", "us-ascii"], lambda n: b"\xe9,b\n" * n, 100000, clean)
    shape("md2cards, nested quotes", "md2cards", [],
          text(lambda n: "# Q\n\n" + "> " * n + "x\n"), 20000, clean)
    shape("md2cards, a line of one character", "md2cards", [],
          text(lambda n: "# Q\n\n" + "*" * n + "\n"), 100000, clean)
    shape("txt2cards, a line of one character", "txt2cards", [],
          text(lambda n: "Q: " + "=" * n + "\nA: a\n"), 100000, clean)
    shape("txt2cards, quotes opened and never closed", "txt2cards", [],
          text(lambda n: "".join(f"q{i};\"a\nb\n\n" for i in range(n))),
          4000, clean)
    shape("txt2cards, a quoted field over many blank lines", "txt2cards",
          [], text(lambda n: "q;a\n\nr;b\n\ns;\"" + "x\n\n" * n +
                   "y\"\n"), 20000, clean)
    shape("txt2cards, a section title above every card", "txt2cards", [],
          text(lambda n: "".join(f"# Part {i}\nWhat is {i}?\n{i}\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a heading over every labelled answer", "txt2cards",
          [], text(lambda n: "".join(f"### {i}. Topic {i}\n"
                                     f"**Answer:** a{i}\n\n"
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, a dictionary's entry on every line", "txt2cards",
          [], text(lambda n: "".join(f'    "q{i}": "a{i}",\n'
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, records with a different field each", "txt2cards",
          [], text(lambda n: "".join(f"Q: q{i}\nA: a\nTopic: t\n"
                                     f"F{'x' * (i % 19)}: v\n\n"
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, line breaks written \\n, many on a line",
          "txt2cards", [],
          text(lambda n: "".join(f"q{i}" + " \\n x" * n + f"\ta{i}\n"
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, Markdown's line break on every line",
          "txt2cards", [],
          text(lambda n: "".join(f"t{i} - d{i}\\\n\\\n"
                                 for i in range(n))), 20000, clean)
    shape("txt2cards, headings over entries set in, points under each",
          "txt2cards", [],
          text(lambda n: "".join(f"Topic {i}\n  t{i} - d{i}\n    + p{i}\n"
                                 f"  u{i}\t- e{i}\n" for i in range(n))),
          4000, clean)
    shape("txt2cards, headings each over one block of bullets",
          "txt2cards", [],
          text(lambda n: "".join(f"### *{i}. Topic*\n- a{i}\n- b{i}\n"
                                 f"---\n" for i in range(n))), 4000, clean)
    shape("txt2cards, a numbered list counting up with gaps", "txt2cards",
          [], text(lambda n: "".join(f"{i + i // 20}.q{i}\n"
                                     for i in range(1, n))), 20000, clean)
    shape("txt2cards, question and answer labels on one line",
          "txt2cards", [],
          text(lambda n: "".join(f"Q) q{i}? A) a{i}\nmore {i}\n"
                                 for i in range(n))), 20000, clean)
    shape("txt2cards, lines set in under labels, one answer",
          "txt2cards", [],
          text(lambda n: "Q:\tq?\nA:\ta\n" + "\tmore\n" * n +
               "Q:\tr?\nA:\tb\n"), 50000, clean)
    shape("txt2cards, one question over many bulleted points",
          "txt2cards", [],
          text(lambda n: "".join(f"What is {i}?\n\n- a{i}\nb\n\n"
                                 for i in range(3)) +
               "What is z?\n\n" + "- p\n" * n), 50000, clean)
    shape("txt2cards, \"QuesN\" counters over options and labels",
          "txt2cards", [],
          text(lambda n: "".join(f"Ques{i}\nWhat is {i}?\n- x\n- y\n"
                                 f"Ans - 1\n\n" for i in range(n))),
          4000, clean)
    shape("txt2cards, one block of bulleted questions", "txt2cards", [],
          text(lambda n: "".join(f"\u2022 What is {i}?\n   It is {i}.\n"
                                 for i in range(n))), 5000, clean)
    shape("txt2cards, a label's answer set in very deep", "txt2cards", [],
          text(lambda n: "Q: q?\nA:" + " " * n + "a\n" + " " * (n + 2) +
               "b\n"), 50000, clean)
    shape("txt2cards, a counter line above every card", "txt2cards", [],
          text(lambda n: "".join(f"Card {i}\nWhat is {i}?\n{i}\n"
                                 for i in range(n))), 20000, clean)
    shape("txt2cards, label pairs, many of them different", "txt2cards",
          [], text(lambda n: "".join(f"Begriff: t{i}\nSinn: d{i}\n\n"
                                     f"W{'x' * (i % 23)}: u\nV{'y' * (i % 5)}: v\n\n"
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, \\card lines, each under a \\section", "txt2cards",
          [], text(lambda n: "".join(f"\\section{{S{i}}}\n\\card{{q{i}}}\n"
                                     f"a{i}\\\\\n\\\\\n"
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, a \\card of deeply nested braces", "txt2cards", [],
          text(lambda n: "\\card{a}\nb\n\\card{b}\nc\n\\card{" + "{" * n +
               "}" * n + "}\nd\n"), 100000, clean)
    shape("txt2cards, a third field of tags", "txt2cards", [],
          text(lambda n: "".join(f"term {i}; meaning {i}; tag{i % 7}\n"
                                 for i in range(n))), 20000, clean)
    shape("txt2cards, a program's records, every field quoted",
          "txt2cards", [],
          text(lambda n: "".join(f'"q {i}, x","a ""{i}""",t{i % 5};u,0,'
                                 f'{i % 3}\n' for i in range(n))), 20000,
          clean)
    shape("txt2cards, records of glued fields, one of many fields",
          "txt2cards", [],
          text(lambda n: "".join(f"w{i};v{i};u{i};d{i}\n"
                                 for i in range(n)) +
               "x" + ";y" * n + "\n"), 20000, clean)
    shape("txt2cards, records answered by an option's place, one of "
          "many options", "txt2cards", [],
          text(lambda n: "".join(f"Q: q{i}\nA: 0\nO: x{i}\nO: y{i}\n,\n"
                                 for i in range(n)) +
               "Q: q\nA: 1\n" + "O: z\n" * n + ",\n"), 4000, clean)
    shape("txt2cards, runs of punctuation on a long first line",
          "txt2cards", [],
          text(lambda n: "x@:#" * n + "\n" +
               "".join(f"a{i}@:#b{i}@:#0\n" for i in range(3))), 100000,
          clean)
    shape("txt2cards, a merge conflict around every card, both sides "
          "alike", "txt2cards", [],
          text(lambda n: "".join(f"<<<<<<< HEAD\nq{i}?\na{i}\n=======\n"
                                 f"q{i}?\na{i}\n>>>>>>> c{i}\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, numbered questions, two in three unanswered",
          "txt2cards", [],
          text(lambda n: "".join(f"{i % 900 + 1}. What is {i}?\n" +
                                 (f"It is {i}.\n" if i % 3 == 0 else "") +
                                 "\n" for i in range(n))), 4000,
          third_answered)
    shape("txt2cards, Anki's header over lines with no tab", "txt2cards",
          [], text(lambda n: "#separator:tab\n\n#html:true\n\n" +
                   "".join(f"What is {i}?\nIt is {i}.\n\n\n"
                           for i in range(n))), 4000, clean)
    shape("txt2cards, a line of many options marked right and wrong",
          "txt2cards", [],
          text(lambda n: "".join(f"Q{i}? " + "$o;f$o;f$r;r" * n +
                                 "\n\u00a7\n" for i in range(3))), 20000,
          clean)
    shape("txt2cards, an A: alone over many paragraphs", "txt2cards", [],
          text(lambda n: "What is x?\nA: x\n\nWhat is y?\nA:\n" +
                   "p\n\n" * n + "What is z?\nA: z\n"), 20000, clean)
    shape("txt2cards, a game's points and an A: label on every line",
          "txt2cards", [],
          text(lambda n: "".join(f"{(i % 5 + 1) * 100} What is {i}? "
                                 f"A: {i}\n" for i in range(n))), 4000,
          clean)
    shape("txt2cards, a list's numbers before every one-line card",
          "txt2cards", [],
          text(lambda n: "".join(f"{i + 1}: What is {i}? - It is {i}\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, commas in parentheses never closed",
          "txt2cards", [],
          text(lambda n: "".join(f"f{i}(" + "a, " * n + f"b, c{i}\n"
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, numbered questions over code, dashed answer lines",
          "txt2cards", [],
          text(lambda n: "".join(f"{i + 1}. What is {i}?\nx = {i}\n\n"
                                 f"y = {i}\n-It is {i}\n\n-and {i}\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, questions over options signed right and wrong",
          "txt2cards", [],
          text(lambda n: "".join(f"::What is {i}?::\n=It is {i}\n"
                                 f"~%-50%Not {i}\n~%50%Maybe {i}\n \n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a question over many signed options", "txt2cards",
          [], text(lambda n: "".join(f"::Title {i}::What is {i}?\n=Yes\n"
                                     + "~no\n" * n + "\n"
                                     for i in range(3))), 20000, clean)
    shape("txt2cards, topics headed by rules drawn into them",
          "txt2cards", [],
          text(lambda n: "".join(f"#------Topic {i}\nIt is {i}.\n\n"
                                 f"More on {i}.\n\n" for i in range(n))),
          4000, clean)
    shape("txt2cards, numbered questions, then numbered answers",
          "txt2cards", [],
          text(lambda n: "".join(f"{i + 1}. What is {i}?\n"
                                 for i in range(n)) + "\n" +
               "".join(f"{i + 1}. It is {i}\n" for i in range(n))),
          4000, clean)
    shape("txt2cards, topics each filed under a long label in brackets",
          "txt2cards", [],
          text(lambda n: "".join(f"Topic {i} [" + "subject" * 40 +
                                 f"{i // (n // 3 + 1)}]\n" +
                                 ("\n" if (i + 1) % (n // 3 + 1) == 0
                                  else "") for i in range(n))), 2000,
          clean)
    shape("txt2cards, a line of many A: labels", "txt2cards", [],
          text(lambda n: "".join(f"{i} Q{i}" + " A:" * n + " x\n"
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, a line of many options in quotes", "txt2cards", [],
          text(lambda n: "".join(f'{i}. "Q{i}?"' + ' "o"' * n + ' ="o"\n'
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, quotes opened on every line of options, never "
          "closed", "txt2cards", [],
          text(lambda n: "".join(f'"Q{i}?" "a" "b" ="b" "open\n'
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, an answer of many options in tags", "txt2cards",
          [], text(lambda n: "Q: Which?\nA: " + "<option>o</option>" * n +
                   "<correct>o</correct>\n"), 20000, clean)
    shape("txt2cards, an answer of many option tags never closed",
          "txt2cards", [],
          text(lambda n: "Q: Which?\nA: " + "<option>o" * n + "\n"), 20000,
          clean)
    shape("txt2cards, prose asking and answering on every line",
          "txt2cards", [],
          text(lambda n: "".join(f"and so the {i} words of this long line "
                                 "of prose go on? Because it answers "
                                 "what it asks on the line itself\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a glossary heading many blocks of code",
          "txt2cards", [],
          text(lambda n: "Tags:\n" + "".join(f"t{i} : tag {i}\n\n"
                                             for i in range(n)) +
                   "".join(f"Rule {i}:\n.c{i} {{\n\tcolor: red;\n}}\n\n"
                           for i in range(n))), 4000, clean)
    shape("txt2cards, {{gaps}} on every line, many on a line",
          "txt2cards", [],
          text(lambda n: "".join("a {{b}}" * 40 + f" {i}\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a {{gap}} of braces nested deep", "txt2cards", [],
          text(lambda n: "{{a}}\n{{b}}\n{{c}}\n{{x" + "{" * n + "}" * n +
               "}}\n"), 100000, clean)
    shape("txt2cards, {{gaps}} opened and never closed, many on a line",
          "txt2cards", [],
          text(lambda n: "{{a}}\n{{b}}\n{{c}}\n" + "{{x" * n + "\n"),
          100000, clean)
    shape("txt2cards, a gap to fill in every back", "txt2cards", [],
          text(lambda n: "".join(f"w{i}|a ___ {i}\n" for i in range(n))),
          20000, clean)
    shape("txt2cards, tags opened and never closed, many on a line",
          "txt2cards", [],
          text(lambda n: "".join("<a" + " <b" * n + f" = w{i}\n"
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, a line of many tags alone over every card",
          "txt2cards", [],
          text(lambda n: "".join("<img src='x.png'>" * n +
                                 f"\nQ{i}\nA{i}\n\n" for i in range(3))),
          20000, clean)
    shape("txt2cards, one line of many entries ended by ';'",
          "txt2cards", [],
          text(lambda n: "".join(f"w{i}:m{i};" for i in range(n))), 4000,
          clean)
    shape("txt2cards, ';' ending every line under a title", "txt2cards",
          [], text(lambda n: "Title;\n" + "".join(f"q{i},a{i};\n"
                                                 for i in range(n))),
          4000, clean)
    shape("txt2cards, a folder's path over every record", "txt2cards", [],
          text(lambda n: "".join(f"a/b{i}/\nq{i}\na{i}\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a glossary parted by a space alone, one block",
          "txt2cards", [],
          text(lambda n: "".join(f"t{i} a meaning {i}\n" for i in range(n))),
          20000, clean)
    shape("txt2cards, a name of many capitalised words in a spaced "
          "glossary", "txt2cards", [],
          text(lambda n: "a b c\nd e f\n" + "Ab " * n + "c\n"), 100000,
          clean)
    shape("txt2cards, a label word over every record, each different",
          "txt2cards", [],
          text(lambda n: "".join("".join(chr(97 + i // 26 ** k % 26)
                                         for k in range(4)) +
                                 f"\nq{i}\na{i}\n\n" for i in range(n))),
          4000, clean)

    shape("txt2cards, a pictograph over every question and answer",
          "txt2cards", [],
          text(lambda n: "".join(f"\U0001F0CF {i}. q{i}?\n\U0001F4A1 a{i}\n"
                                 f"\n\U0001F539 x\n\U0001F539 y\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a list of bare words, no meanings", "txt2cards", [],
          text(lambda n: "".join("".join(chr(97 + i // 26 ** k % 26)
                                         for k in range(4)) + "\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, options apart by blank lines, the letters after them",
          "txt2cards", [],
          text(lambda n: "".join(f"q{i}?\n\nA. x\n\nB. y\n\nC. z\n\nAC\n\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a line of many words, the script changing at its end",
          "txt2cards", [],
          text(lambda n: "w " * n + "\u89c2\u70b9\n" + "".join(
              f"w{i} \u97e7\u6027\n" for i in range(3))), 20000, clean)
    shape("txt2cards, a list's number and a tab before every line",
          "txt2cards", [],
          text(lambda n: "".join(f"{i + 1}.\tterm {i}\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, topics of questions under headings",
          "txt2cards", [],
          text(lambda n: "".join(f"Topic {i} -\n1. What is {i}?\n"
                                 f"2. Why is {i}?\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, a comment over every entry ';' ends", "txt2cards",
          [], text(lambda n: "".join(f"% unit {i}\nw{i}: m{i};\n"
                                     for i in range(n))), 4000, clean)
    shape("txt2cards, many options, the answer's starred last",
          "txt2cards", [],
          text(lambda n: "".join(f"Question {i}: q? [" +
                                 "a / " * n + "*a a*]\na a\n\n"
                                 for i in range(3))), 20000, clean)
    shape("txt2cards, a word list giving some words a meaning",
          "txt2cards", [],
          text(lambda n: "".join(f"word{i}\nterm{i} ~ sens{i}\nbare{i}\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, options over '1' or '0' verdict lines",
          "txt2cards", [],
          text(lambda n: "".join(f"q{i}?\na x\n0\nb y\n1\nc z\n0\n"
                                 f"hint {i}\n" for i in range(n))), 4000,
          clean)
    shape("txt2cards, quiz records whose key has a mark of its own",
          "txt2cards", [],
          text(lambda n: "".join(f"q{i}?#1) a#2) b#3) c|2\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, questions framed by rules",
          "txt2cards", [],
          text(lambda n: "".join(f"{'#' * 20}\nExplain the thing number {i} "
                                 f"here.\n{'#' * 20}\n\nanswer {i}\n\n"
                                 for i in range(n))), 4000, clean)
    shape("txt2cards, an outline's colon-parted paths",
          "txt2cards", [],
          text(lambda n: "".join(f"A. Topic: {i // 9}. Sub: x{i}\n"
                                 for i in range(n))), 20000, clean)
    shape("txt2cards, options marked by an arrow before them",
          "txt2cards", [],
          text(lambda n: "".join(f"{i}. q{i}?\na) x\n->b) y\nc) z\n\n"
                                 for i in range(1, n + 1))), 4000, clean)
    shape("txt2cards, one run of hyphens as long as the line",
          "txt2cards", [],
          text(lambda n: "".join(f"cmd{i} " + "-" * n + "to do it\n"
                                 for i in range(4))), 20000, clean)
    shape("txt2cards, a quiz's JSON records in groups, wrong options keyed",
          "txt2cards", [],
          text(lambda n: "{" + ",".join(
              f'"g{i}": [{{"Frage": "q{i}?", "Richtig": "r{i}", '
              f'"Falsch1": "f{i}", "Falsch2": "w{i}"}}]'
              for i in range(n)) + "}\n"), 4000, notes_made(lambda n: n))
    shape("txt2cards, a quiz's JSON objects with no array round them",
          "txt2cards", [],
          text(lambda n: ",\n".join(
              f'{{"title": "q{i}?",\n"answer": {i % 4},\n'
              f'"alternatives": [2, 3, 4, 6]}}' for i in range(n)) + "\n"),
          4000, notes_made(lambda n: n))
    shape("txt2cards, first-right blocks, one asking nothing",
          "txt2cards", [],
          text(lambda n: "\n".join(
              (f"test{i}" if i % 20 == 19 else f"q{i}?") +
              f"\nr{i}\nw{i}\nx{i}\n" for i in range(n))), 4000,
          notes_made(lambda n: n))
    shape("txt2cards, a dictionary of 'term=' lines with no meanings",
          "txt2cards", [],
          text(lambda n: "".join(f"word{i}=\n" for i in range(n))), 20000,
          notes_made(lambda n: 0))
    shape("txt2cards, nouns with their plural endings after ',-'",
          "txt2cards", [],
          text(lambda n: "".join(f"der Tisch{i},-e\n" for i in range(n))),
          20000, notes_made(lambda n: 0))
    shape("txt2cards, quiz records with the index under the options' count",
          "txt2cards", [],
          text(lambda n: "".join(f"q{i}?\n4\n{i % 4 + 1}\na) w{i}\n"
                                 f"b) x{i}\nc) y{i}\nd) z{i}\n"
                                 for i in range(n))), 4000,
          notes_made(lambda n: n))
    shape("txt2cards, columns lined up by runs of tabs",
          "txt2cards", [],
          text(lambda n: "".join(f"1\t{i}\tw{i}" + "\t" * (1 + i % 7) +
                                 f"m{i}\n" for i in range(n))), 20000,
          notes_made(lambda n: n))
    shape("txt2cards, a category ahead of comma-parted words",
          "txt2cards", [],
          text(lambda n: "".join(f"ASIA, LAND{i}, CITY{i}\n"
                                 for i in range(n))), 20000,
          notes_made(lambda n: n))
    shape("txt2cards, a numbered glossary of 'N. term: definition' blocks",
          "txt2cards", [],
          text(lambda n: "".join(f"{i}. Term{i}: d{i}\nmore{i}\n\n"
                                 for i in range(1, n + 1))), 4000,
          notes_made(lambda n: n))
    shape("txt2cards, a line of tabs between two words",
          "txt2cards", [],
          text(lambda n: "a" + "\t" * n + "b\nc\t\td\ne\t\t\tf\n"
               "g\t\t\t\th\n"), 100000, clean)

try:
    main()
finally:
    shutil.rmtree(SCRATCH)
sys.exit(1 if failed else 0)
