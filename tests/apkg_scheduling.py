"""Scheduling through the stream, proven by Anki (issue 14).

A collection with real history is made by the engine: notes added,
cards answered by its scheduler over eight simulated days (the
collection's creation moved back a day at a time), then cards
suspended, buried and flagged; so it holds new, learning, review,
relearning, suspended and buried cards, lapses and a review log.  It is
exported with scheduling in both package layouts; the corpus packages
that hold scheduling come too.

(a) X and `apkg2cards --scheduling X | cards2apkg`, each imported with
    scheduling into a fresh collection, hold the same cards: for each
    (note guid, ordinal) the deck, type, queue, due (days from today for
    a due in days, as the engine shows a due date; else the number),
    interval, ease, reps, lapses, steps left, flags, data, and the same
    review log rows.
(b) X imported into a collection, one field edited with jq, converted
    back with --scheduling and imported again: no notetype and no note
    added, the note updated, every card's scheduling and the review log
    as they were (no row twice).
(c) Without --scheduling the stream has no scheduling key and every
    card of the package is new, with no review log.
(d) A package's values Anki would not take are reported and left out:
    the card carried as new, the log entry dropped.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import zipfile

import ankitest as at
import apkgcmp as ac
from anki.collection import (Collection, ImportAnkiPackageOptions,
                             ImportAnkiPackageRequest)

BIN = ac.BIN
CORPUS = ("mauriciopoppe_anki-decks_My_french_words_and_phrases_20260328.apkg",
          "KarelZe_anki-decks_Vertragsgestaltung.apkg",
          "eikowagenknecht_srs-converter_mixed-legacy-2.apkg",
          "hckrtst_notesnsnippets_All_Decks-1-23-23.apkg")


def import_sched(col, path, update_notes=0):
    opts = ImportAnkiPackageOptions(
        merge_notetypes=False, update_notes=update_notes,
        update_notetypes=0, with_scheduling=True, with_deck_configs=False)
    return col.import_anki_package(ImportAnkiPackageRequest(
        package_path=os.path.abspath(path), options=opts)).log


def history(folder):
    """A collection answered over simulated days; returns its path."""
    path = os.path.join(folder, "history.anki2")
    col = Collection(path)
    did = col.decks.id("History::Words")
    basic = col.models.by_name("Basic")
    rev = col.models.by_name("Basic (and reversed card)")
    for i in range(40):
        note = col.new_note(rev if i % 4 == 0 else basic)
        note["Front"] = f"question {i}"
        note["Back"] = f"answer {i}"
        col.add_note(note, did)
    conf = col.decks.config_dict_for_deck_id(did)
    conf["new"]["perDay"] = 4
    col.decks.update_config(conf)
    col.decks.select(did)
    col.close()
    for day in range(8):
        col = Collection(path)
        answered = 0
        while answered < 30:
            card = col.sched.getCard()
            if card is None:
                break
            ease = 1 if (card.id // 7 + day + answered) % 5 == 0 else \
                4 if (card.id + day) % 7 == 0 else 3
            col.sched.answerCard(card, ease)
            answered += 1
        # A day passes: the collection was made a day earlier, learning
        # dues and the log's times move back with it.
        col.db.execute("update col set crt = crt - 86400")
        col.db.execute("update cards set due = due - 86400 "
                       "where queue in (1, 4)")
        col.db.execute("update revlog set id = id - 86400000")
        col.close()
    col = Collection(path)
    cids = sorted(col.find_cards(""))
    reviews = [c for c in cids if col.get_card(c).type == 2]
    new = [c for c in cids if col.get_card(c).type == 0]
    # Answered today: two new cards start learning, two reviews lapse.
    for cid in new[:2] + reviews[-2:]:
        card = col.get_card(cid)
        card.start_timer()
        col.sched.answerCard(card, 1)
    col.sched.suspend_cards(reviews[:2])
    col.sched.bury_cards(reviews[2:3], manual=True)
    col.set_user_flag_for_cards(3, reviews[3:5])
    col.close()
    return path


def export(path, folder):
    col = Collection(path)
    out = at.export_both_layouts(col, folder, "history", scheduling=True)
    col.close()
    return out


def cards(col):
    """Every card by (note guid, ord) as the engine holds it."""
    today = col.sched.today
    out = {}
    for (cid, guid, ord_, did, ctype, queue, due, ivl, factor, reps,
         lapses, left, flags, data) in col.db.all(
            "select c.id, n.guid, c.ord, c.did, c.type, c.queue, c.due, "
            "c.ivl, c.factor, c.reps, c.lapses, c.left, c.flags, c.data "
            "from cards c join notes n on n.id = c.nid"):
        in_days = queue in (2, 3) or ctype == 2
        out[(guid, ord_)] = {
            "deck": col.decks.name(did), "type": ctype, "queue": queue,
            "due": ("in %d days" % (due - today)) if in_days else due,
            "ivl": ivl, "factor": factor, "reps": reps, "lapses": lapses,
            "left": left, "flags": flags, "data": data,
            "revlog": col.db.all(
                "select id, ease, ivl, lastIvl, factor, time, type "
                "from revlog where cid = ? order by id", cid),
        }
    return out


def first_difference(got, want):
    if sorted(got) != sorted(want):
        return (f"cards only in Y {sorted(set(got) - set(want))[:3]}, "
                f"only in X {sorted(set(want) - set(got))[:3]}")
    for k in sorted(want):
        if got[k] != want[k]:
            return f"card {k}:\nY {got[k]}\nX {want[k]}"
    return None


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True,
                          check=False)


def convert(src, dst, sched=True):
    """apkg2cards [--scheduling] src | cards2apkg -o dst; the stream."""
    a = run([f"{BIN}/apkg2cards"] + (["--scheduling"] if sched else []) +
            [src])
    b = run([f"{BIN}/cards2apkg", "-o", dst], a.stdout)
    at.ok(a.returncode == 0 and b.returncode == 0,
          f"{os.path.basename(src)}: converted",
          (a.stderr + b.stderr).decode())
    return a.stdout.decode()


def checks(scratch):
    pkgs = export(history(scratch), scratch)
    corpus = os.path.join(os.environ["CARDPIPE_ROOT"], "fixtures", "apkg")
    pkgs += [os.path.join(corpus, p) for p in CORPUS]

    # The history must hold what the checks are about.
    col = at.fresh_collection()
    import_sched(col, pkgs[0])
    kinds = col.db.all("select distinct type, queue from cards")
    at.ok({t for t, _ in kinds} == {0, 1, 2, 3} and
          {q for _, q in kinds} >= {-3, -1, 0, 1, 2} and
          col.db.scalar("select count() from cards where lapses > 0") > 0
          and col.db.scalar("select count() from revlog") > 50,
          "history: new, learning, review, relearning, suspended and "
          "buried cards, lapses and a review log", kinds)
    col.close()

    for x in pkgs:
        name = os.path.basename(x)
        y = os.path.join(scratch, "y-" + name)
        convert(x, y)
        cx, cy = at.fresh_collection(), at.fresh_collection()
        import_sched(cx, x)
        import_sched(cy, y)
        # The stream carries a card of a filtered deck as it is at home.
        for d in cx.decks.all_names_and_ids():
            if cx.decks.is_filtered(d.id):
                cx.sched.empty_filtered_deck(d.id)
        want, got = cards(cx), cards(cy)
        at.ok(any(c["queue"] != 0 for c in want.values()),
              f"{name}: X holds scheduled cards")
        diff = first_difference(got, want)
        at.ok(diff is None, f"{name}: every card's scheduling and review "
              "log survive the stream", diff)
        cx.close()
        cy.close()
        # cardconv, package to package in one process, carries the same.
        z = os.path.join(scratch, "z-" + name)
        c = run([f"{BIN}/cardconv", "--scheduling", "-o", z, x])
        at.ok(c.returncode == 0, f"{name}: cardconv --scheduling",
              c.stderr.decode())
        cz = at.fresh_collection()
        import_sched(cz, z)
        diff = first_difference(cards(cz), want)
        at.ok(diff is None, f"{name}: cardconv --scheduling carries every "
              "card's scheduling and review log", diff)
        cz.close()

    # (b) An edit through jq updates the note and keeps the history.
    for x in pkgs[:2] + pkgs[2:3]:
        name = os.path.basename(x)
        col = at.fresh_collection()
        import_sched(col, x)
        before = cards(col)
        nts = len(col.models.all_names_and_ids())
        nnotes = col.note_count()
        nrevlog = col.db.scalar("select count() from revlog")
        stream = run([f"{BIN}/apkg2cards", "--scheduling", x]).stdout
        lines = stream.decode().splitlines()
        target = next(i for i, l in enumerate(lines)
                      if '"sched"' in l and '"revlog"' in l)
        guid = json.loads(lines[target])["guid"]
        edit = run(["jq", "-c", "if .guid == $g then .fields[(.fields | "
                    "keys_unsorted[0])] += \" (edited)\" else . end",
                    "--arg", "g", guid], stream)
        y = os.path.join(scratch, "edited-" + name)
        made = run([f"{BIN}/cards2apkg", "-o", y], edit.stdout)
        at.ok(edit.returncode == 0 and made.returncode == 0,
              f"{name}: edited with jq and converted back",
              (edit.stderr + made.stderr).decode())
        log = import_sched(col, y)
        counts = at.log_counts(log)
        at.ok(counts["new"] == 0 and counts["updated"] == 1 and
              len(col.models.all_names_and_ids()) == nts and
              col.note_count() == nnotes,
              f"{name}: the re-import adds no notetype and no note and "
              "updates the edited one", counts)
        note = col.get_note(col.db.scalar(
            "select id from notes where guid = ?", guid))
        at.ok(note.fields[0].endswith(" (edited)"),
              f"{name}: the edited field changed", note.fields[0])
        diff = first_difference(cards(col), before)
        at.ok(diff is None and nrevlog == col.db.scalar(
              "select count() from revlog"),
              f"{name}: every card's scheduling and the review log "
              "intact, no row twice", diff)
        col.close()

    # (c) Without --scheduling nothing is carried.
    for x in pkgs[:2]:
        name = os.path.basename(x)
        y = os.path.join(scratch, "plain-" + name)
        stream = convert(x, y, sched=False)
        at.ok('"sched"' not in stream and '"revlog"' not in stream,
              f"{name}: without --scheduling the stream has no "
              "scheduling keys")
        col = at.fresh_collection()
        import_sched(col, y)
        at.eq(col.db.all("select distinct type, queue from cards"),
              [[0, 0]], f"{name}: without --scheduling every card is new")
        at.eq(col.db.scalar("select count() from revlog"), 0,
              f"{name}: without --scheduling no review log")
        col.close()
    # Formats that cannot hold scheduling refuse the option up front.
    c = run([f"{BIN}/cardconv", "--scheduling", "-t", "csv", "-o", "-",
             pkgs[0]])
    at.ok(c.returncode == 2 and not c.stdout and
          b"--scheduling: format csv holds no scheduling" in c.stderr,
          "cardconv --scheduling -t csv is refused", c.stderr.decode())
    hostile(pkgs[0], scratch)


def hostile(x, scratch):
    """(d): x with a card of queue 9, a card of data that is no JSON, a
    log entry of button 7 and one of a card that does not exist."""
    folder = os.path.join(scratch, "hostile")
    with zipfile.ZipFile(x) as z:
        z.extractall(folder)
    db = sqlite3.connect(os.path.join(folder, "collection.anki21"))
    (a, anid), (b, bnid) = db.execute(
        "select id, nid from cards where queue = 2 order by id limit 2")
    r = db.execute("select id from revlog where cid not in (?, ?) "
                   "order by id limit 1", (a, b)).fetchone()[0]
    db.execute("update cards set queue = 9 where id = ?", (a,))
    db.execute("update cards set data = '{bad' where id = ?", (b,))
    db.execute("update revlog set ease = 7 where id = ?", (r,))
    db.execute("insert into revlog values (1600000000000, 42, 0, 3, 1, 0, "
               "2500, 1000, 0)")
    db.commit()
    db.close()
    y = os.path.join(scratch, "hostile.apkg")
    with zipfile.ZipFile(y, "w") as z:
        for name in os.listdir(folder):
            z.write(os.path.join(folder, name), name)
    p = run([f"{BIN}/apkg2cards", "--scheduling", y])
    err = p.stderr.decode()
    at.ok(p.returncode == 0 and
          f"note {anid}: card 0: scheduling \"queue\" is not one of "
          "Anki's queues, -3 to 4; carried as a new card" in err and
          f"note {bnid}: card 0: scheduling \"data\" is not JSON text; "
          "carried as a new card" in err and
          f"review log entry {r}: \"ease\" is not one of Anki's buttons, "
          "0 to 4; not carried" in err and
          "1 review log entries are of cards the package does not hold"
          in err, "hostile values: each reported with its note and why",
          err)
    stream = p.stdout.decode()
    notes = {n.get("id"): n for n in map(json.loads, stream.splitlines())}
    at.ok("sched" not in notes[anid]["cards"][0] and
          "sched" not in notes[bnid]["cards"][0] and
          f'"id":{r},' not in stream and '"id":1600000000000,' not in stream,
          "hostile values: those cards carried as new, those entries "
          "left out")


def main():
    scratch = tempfile.mkdtemp(prefix="cardpipe-sched-")
    try:
        checks(scratch)
    finally:
        shutil.rmtree(scratch)
    at.done()


main()
