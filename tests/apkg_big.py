"""cards2apkg at the sizes where its threads matter, proven by Anki.

A 20,000-note stream (Basic, Basic (and reversed card), Cloze and a
notetype of its own with two templates; five decks, two levels deep;
hierarchical tags; images from a media folder) becomes a package whose
collection passes SQLite's PRAGMA integrity_check and which the
official engine imports whole: every note and card counted, a sample of
notes compared field by field.

Then a larger run is timed, and run again to be killed at 10%, 50%, 90%
and 99% of that time, which falls in the load, the CREATE INDEX and the
deflate.  SIGTERM and SIGINT must leave no output and no temporary,
beside the output or in TMPDIR; SIGKILL, which nothing can catch, must
leave no output, and whatever it leaves must be named as a temporary
(OUT.tmp.XXXXXX beside it, cards2apkg.XXXXXX in TMPDIR).  A signal that
lands after the package was renamed into place, as the program exits,
must find it whole.
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import zipfile

import ankitest as at

NOTES = 20000
KILL_NOTES = 60000
IMAGES = 16
DECKS = ["Big::Alpha", "Big::Beta::Gamma", "Big::Beta", "Delta", "Epsilon"]
# A 1x1 PNG, varied by a trailing text chunk so that no two are equal.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d00000000"
    "49454e44ae426082")

tmp = tempfile.mkdtemp(prefix="cardpipe-big-")
media = os.path.join(tmp, "media")
os.makedirs(media)
for k in range(IMAGES):
    with open(os.path.join(media, f"img{k}.png"), "wb") as fp:
        fp.write(PNG + f"cardpipe {k}".encode())

VOCAB = {"kind": "notetype", "name": "Vocab", "type": "standard",
         "fields": ["Word", "Meaning", "Example"],
         "templates": [
             {"name": "Recognition", "qfmt": "{{Word}}",
              "afmt": "{{FrontSide}}<hr id=answer>{{Meaning}}<br>{{Example}}"},
             {"name": "Recall", "qfmt": "{{Meaning}}",
              "afmt": "{{FrontSide}}<hr id=answer>{{Word}}"}]}


def note(i):
    """Note i: its record, and the notetype and card count Anki must show."""
    key = f"n{i:06d}x"
    kind = i % 5
    rec = {"deck": DECKS[i % len(DECKS)],
           "tags": [f"big::t{i % 7}", f"set{i % 3}"]}
    if kind == 0:
        rec.update(notetype="Basic",
                   fields={"Front": f"{key} question", "Back": f"answer {i}"})
        cards = 1
    elif kind == 1:
        rec.update(notetype="Basic (and reversed card)",
                   fields={"Front": f"{key} front", "Back": f"back {i} é"})
        cards = 2
    elif kind == 2:
        rec.update(notetype="Cloze",
                   fields={"Text": f"{key} {{{{c1::one}}}} and "
                                   f"{{{{c2::two {i}}}}}",
                           "Back Extra": "extra"})
        cards = 2
    elif kind == 3:
        rec.update(notetype="Vocab",
                   fields={"Word": f"{key} word", "Meaning": f"meaning {i}",
                           "Example": "ελληνικά 日本語"})
        cards = 2
    else:
        rec.update(notetype="Basic", markup="html",
                   fields={"Front": f"{key} <b>picture</b>",
                           "Back": f'<img src="img{i % IMAGES}.png">'})
        cards = 1
    return rec, cards


def write_stream(path, n):
    """The stream of n notes; returns the number of cards they make."""
    total = 0
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(json.dumps(VOCAB, ensure_ascii=False) + "\n")
        for i in range(n):
            rec, cards = note(i)
            total += cards
            fp.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return total


def cards2apkg(inp, out, tmpdir=None, **kw):
    env = dict(os.environ)
    if tmpdir is not None:
        env["TMPDIR"] = tmpdir
    # A background job's SIGINT is ignored, and the tool keeps it so
    # (nohup); the kills below need it as at a terminal.
    return subprocess.Popen(
        ["cards2apkg", "-m", media, "-o", out, inp], env=env,
        stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **kw)


# The package.
stream = os.path.join(tmp, "big.jsonl")
want_cards = write_stream(stream, NOTES)
pkg = os.path.join(tmp, "big.apkg")
t0 = time.monotonic()
p = cards2apkg(stream, pkg)
err = p.communicate()[1]
elapsed = time.monotonic() - t0
at.eq(p.returncode, 0, f"cards2apkg writes {NOTES} notes ({elapsed:.2f} s)")
at.eq(err, "", "with no message")

with zipfile.ZipFile(pkg) as z:
    names = z.namelist()
    at.ok("collection.anki2" in names, "the package holds collection.anki2",
          names)
    db = os.path.join(tmp, "collection.anki2")
    with open(db, "wb") as fp:
        fp.write(z.read("collection.anki2"))
    packed_media = json.loads(z.read("media"))
con = sqlite3.connect(db)
at.eq(con.execute("PRAGMA integrity_check").fetchall(), [("ok",)],
      "PRAGMA integrity_check on the collection: ok")
at.eq(con.execute("SELECT count(*) FROM notes").fetchone()[0], NOTES,
      "the collection holds every note")
at.eq(con.execute("SELECT count(*) FROM cards").fetchone()[0], want_cards,
      f"and every card ({want_cards})")
con.close()
at.eq(sorted(packed_media.values()),
      sorted(f"img{k}.png" for k in range(IMAGES)),
      "every image is packed, once")

col = at.fresh_collection()
log = at.import_apkg(col, pkg)
at.eq(at.log_counts(log)["new"], NOTES, "Anki imports every note as new")
at.eq(col.note_count(), NOTES, "Anki counts every note")
at.eq(col.card_count(), want_cards, "and every card")
at.eq(sorted(d.name for d in col.decks.all_names_and_ids()
             if d.name != "Default"), sorted(DECKS + ["Big"]),
      "Anki has the five decks, and their parent")
at.eq(at.media_names(col), sorted(f"img{k}.png" for k in range(IMAGES)),
      "Anki has the images")
for i in list(range(0, NOTES, 997)) + [NOTES - 1]:
    rec, cards = note(i)
    nids = col.find_notes(f"n{i:06d}x")
    if not at.eq(len(nids), 1, f"note {i} is found once"):
        continue
    n = col.get_note(nids[0])
    nt = n.note_type()
    # A fresh collection has the built-in notetypes already: Anki adds
    # the package's beside them, named with a "+".
    name = nt["name"]
    if name.endswith("+") and name[:-1] != "Vocab":
        name = name[:-1]
    got = {"notetype": name,
           "fields": dict(zip([f["name"] for f in nt["flds"]], n.fields)),
           "tags": sorted(n.tags),
           "decks": sorted({col.decks.name(c.did) for c in n.cards()}),
           "cards": len(n.cards())}
    want = {"notetype": rec["notetype"], "fields": rec["fields"],
            "tags": sorted(rec["tags"]), "decks": [rec["deck"]],
            "cards": cards}
    at.eq(got, want, f"note {i} ({rec['notetype']}) is as written")
col.close()

# The kills.
big = os.path.join(tmp, "kill.jsonl")
write_stream(big, KILL_NOTES)
runs = []
for _ in range(2):	# the faster of two, for a loaded machine
    out = os.path.join(tmp, "timed.apkg")
    t0 = time.monotonic()
    p = cards2apkg(big, out)
    p.communicate()
    runs.append(time.monotonic() - t0)
    os.unlink(out)
duration = min(runs)
at.eq(p.returncode, 0, f"{KILL_NOTES} notes take {duration:.2f} s")


def whole(path):
    """Is the package at path all of the 60,000-note run's?"""
    with zipfile.ZipFile(path) as z:
        if z.testzip() is not None:
            return False
        db = os.path.join(tmp, "whole.anki2")
        with open(db, "wb") as fp:
            fp.write(z.read("collection.anki2"))
    con = sqlite3.connect(db)
    n = con.execute("SELECT count(*) FROM notes").fetchone()[0]
    con.close()
    os.unlink(db)
    return n == KILL_NOTES


def kill_at(frac, sig):
    """Kills a run at frac of its duration; returns its status, the
    folders it left and the delay, or None when it ended first each time:
    then the run's own duration is the next attempt's measure, since the
    machine was less loaded than when it was timed."""
    global duration
    for attempt in range(6):
        delay = duration * frac * 0.97 ** attempt
        d = tempfile.mkdtemp(dir=tmp, prefix="kill-")
        outdir, tmpdir = os.path.join(d, "out"), os.path.join(d, "tmp")
        os.makedirs(outdir)
        os.makedirs(tmpdir)
        t0 = time.monotonic()
        p = cards2apkg(big, os.path.join(outdir, "deck.apkg"), tmpdir)
        time.sleep(delay)
        signalled = p.poll() is None
        if signalled:
            p.send_signal(sig)
        p.communicate()
        if signalled and p.returncode != 0:	# else it ended first
            return p.returncode, outdir, tmpdir, delay
        duration = min(duration, time.monotonic() - t0)
        shutil.rmtree(d)
    return None


for frac in (0.10, 0.50, 0.90, 0.99):
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGKILL):
        what = f"{sig.name} at {frac:.0%}"
        r = kill_at(frac, sig)
        if not at.ok(r is not None, f"{what}: the run is killed",
                     "it ended before every attempt"):
            continue
        rc, outdir, tmpdir, delay = r
        what += f" ({delay:.2f} s)"
        at.eq(rc, -sig, f"{what}: cards2apkg dies of it")
        left, temps = sorted(os.listdir(outdir)), sorted(os.listdir(tmpdir))
        # A signal that lands after the rename, while the program exits
        # (a long while under AddressSanitizer), finds the package whole.
        if "deck.apkg" in left:
            left.remove("deck.apkg")
            at.ok(whole(os.path.join(outdir, "deck.apkg")),
                  f"{what}: killed after the rename, the package is whole")
        if sig == signal.SIGKILL:
            at.ok(all(f.startswith("deck.apkg.tmp.") for f in left) and
                  all(f.startswith("cards2apkg.") for f in temps),
                  f"{what}: no partial output; what is left is named as a "
                  "temporary", left + temps)
        else:
            at.eq(left + temps, [],
                  f"{what}: no partial output and no temporary")

shutil.rmtree(tmp)
at.done()
