#!/usr/bin/env python3
"""floor_rows.py DECK.jsonl DIR: the floor's input, prepared untimed.

The floor is the least work any writer must do: the `sqlite3` command
loads the very rows cardpipe would store into the schema-11 tables in one
transaction with the journal off, then `zip -1` packs the file.  This
script writes, into DIR:
  notes.csv, cards.csv  one row per note and per card, every column of
                        the table, fields HTML-escaped and joined by 0x1f
                        as cards2apkg stores them, guid as cardpipe makes
                        it, sfld and csum as Anki computes them;
  floor.sql             schema, the `col` row, both .import commands;
  media                 the package's (empty) media map.
Ids, mod and crt come from SOURCE_DATE_EPOCH (default 1700000000) so the
same deck always gives the same rows.
"""
import csv
import json
import os
import sys

from benchlib import cardpipe_guid, csum, field_html, read_notes, strip_html

MODEL_ID = 1700000000001
DECK_ID = 1700000000002
DCONF_KEYS = {"maxTaken": 60, "autoplay": True, "timer": 0, "new": {},
              "rev": {}, "lapse": {}}


def deck_json(did, name, now):
    return {"id": did, "name": name, "mod": now, "usn": 0, "collapsed": False,
            "browserCollapsed": False, "dyn": 0, "conf": 1, "desc": "",
            "lrnToday": [0, 0], "revToday": [0, 0], "newToday": [0, 0],
            "timeToday": [0, 0], "extendNew": 0, "extendRev": 0}


def col_row(now, deck_name, nnotes):
    tmpl = {"name": "Card 1", "ord": 0, "qfmt": "{{Front}}",
            "afmt": "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}",
            "bqfmt": "", "bafmt": "", "did": None}
    flds = [{"name": name, "ord": i, "sticky": False, "rtl": False,
             "font": "Arial", "size": 20} for i, name in
            enumerate(("Front", "Back"))]
    models = {str(MODEL_ID): {
        "id": MODEL_ID, "name": "Basic", "type": 0, "mod": now, "usn": 0,
        "sortf": 0, "did": DECK_ID, "tmpls": [tmpl], "flds": flds,
        "css": ".card {\n    font-family: arial;\n    font-size: 20px;\n"
               "    text-align: center;\n    color: black;\n"
               "    background-color: white;\n}\n",
        "latexPre": "", "latexPost": "", "latexsvg": False,
        "req": [[0, "any", [0]]], "tags": [], "vers": []}}
    decks = {"1": deck_json(1, "Default", now),
             str(DECK_ID): deck_json(DECK_ID, deck_name, now)}
    dconf = {"1": dict(id=1, mod=0, name="Default", usn=0, **DCONF_KEYS)}
    conf = {"activeDecks": [1], "curDeck": 1, "nextPos": nnotes + 1,
            "sortType": "noteFld", "sortBackwards": False,
            "schedVer": 2}
    day = now - now % 86400
    return [1, day, now * 1000, now * 1000, 11, 0, 0, 0] + [
        json.dumps(x, ensure_ascii=False, separators=(",", ":"))
        for x in (conf, models, decks, dconf, {})]


SCHEMA = """\
CREATE TABLE col (id integer primary key, crt integer not null,
 mod integer not null, scm integer not null, ver integer not null,
 dty integer not null, usn integer not null, ls integer not null,
 conf text not null, models text not null, decks text not null,
 dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null,
 mid integer not null, mod integer not null, usn integer not null,
 tags text not null, flds text not null, sfld integer not null,
 csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null,
 did integer not null, ord integer not null, mod integer not null,
 usn integer not null, type integer not null, queue integer not null,
 due integer not null, ivl integer not null, factor integer not null,
 reps integer not null, lapses integer not null, left integer not null,
 odue integer not null, odid integer not null, flags integer not null,
 data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null,
 usn integer not null, ease integer not null, ivl integer not null,
 lastIvl integer not null, factor integer not null, time integer not null,
 type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null,
 type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
"""


def sql_literal(v):
    return str(v) if isinstance(v, int) else "'" + v.replace("'", "''") + "'"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: floor_rows.py DECK.jsonl DIR")
    src, out = sys.argv[1:]
    now = int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))
    os.makedirs(out, exist_ok=True)
    deck_name = None
    n = 0
    with open(os.path.join(out, "notes.csv"), "w", newline="",
              encoding="utf-8") as nf, \
         open(os.path.join(out, "cards.csv"), "w", newline="",
              encoding="utf-8") as cf:
        notes = csv.writer(nf, lineterminator="\n")
        cards = csv.writer(cf, lineterminator="\n")
        for note in read_notes(src):
            if deck_name is None:
                deck_name = note.get("deck", "Default")
            front = field_html(note, "Front")
            back = field_html(note, "Back")
            tags = " " + " ".join(note.get("tags", [])) + " " \
                if note.get("tags") else ""
            nid = now * 1000 + n
            notes.writerow([nid, cardpipe_guid(note), MODEL_ID, now, 0, tags,
                            front + "\x1f" + back, strip_html(front),
                            csum(front), 0, ""])
            cards.writerow([nid, nid, DECK_ID, 0, now, 0, 0, 0, n + 1,
                            0, 0, 0, 0, 0, 0, 0, 0, ""])
            n += 1
    with open(os.path.join(out, "floor.sql"), "w", encoding="utf-8") as f:
        f.write("PRAGMA journal_mode=OFF;\n")
        f.write("BEGIN;\n" + SCHEMA)
        f.write("INSERT INTO col VALUES(%s);\n" % ",".join(
            sql_literal(v) for v in col_row(now, deck_name or "Default", n)))
        f.write(".import --csv notes.csv notes\n")
        f.write(".import --csv cards.csv cards\n")
        f.write("COMMIT;\n")
    with open(os.path.join(out, "media"), "w") as f:
        f.write("{}")


if __name__ == "__main__":
    main()
