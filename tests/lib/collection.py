"""collection: Anki collections built by hand, for the reader's tests.

The tests that hand apkg2cards a package no Anki version writes
(malformed, hostile, or of a shape that once took quadratic time) build
its collection here, with Python's sqlite3: the schema-11 tables every
layout has, and with schema18 the tables of protobuf blobs schema 18
adds, left empty for the caller to fill.
"""
import json
import os
import sqlite3

SCHEMA11 = """
    CREATE TABLE col (id integer primary key, crt, mod, scm, ver, dty,
        usn, ls, conf text, models text, decks text, dconf text,
        tags text);
    CREATE TABLE notes (id integer primary key, guid text, mid, mod,
        usn, tags text, flds text, sfld, csum, flags, data text);
    CREATE TABLE cards (id integer primary key, nid, did, ord, mod, usn,
        type, queue, due, ivl, factor, reps, lapses, left, odue, odid,
        flags, data text);
"""

SCHEMA18 = """
    CREATE TABLE notetypes (id integer primary key, name text,
        mtime_secs, usn, config blob);
    CREATE TABLE fields (ntid, ord, name text, config blob);
    CREATE TABLE templates (ntid, ord, name text, mtime_secs, usn,
        config blob);
    CREATE TABLE decks (id integer primary key, name text, mtime_secs,
        usn, common blob, kind blob);
"""


def collection(path, notes=(), ver=11, models="{}", decks="{}",
               schema18=False, generated=None, then=()):
    """Writes a collection to path, replacing any file there, and returns
    its bytes; the file is left for the caller to alter.

    notes are (guid, mid, flds, tags), with ids from 1 and a card each
    in deck 2.  models and decks are col's JSON, as text or as what
    json.dumps() takes.  With generated, notes.flds is instead a virtual
    column of that SQL expression, added after the rows (SQLite computes
    it on insertion too).  then are statements run last: SQL text, run
    as a script, or (SQL, parameters).
    """
    if os.path.exists(path):
        os.unlink(path)
    schema = SCHEMA11 + (SCHEMA18 if schema18 else "")
    if generated is not None:
        schema = schema.replace(" flds text,", "")
    db = sqlite3.connect(path)
    db.executescript(schema)
    db.execute("INSERT INTO col VALUES (1,0,0,0,?,0,0,0,'{}',?,?,'{}','{}')",
               (ver, models if isinstance(models, str) else
                json.dumps(models), decks if isinstance(decks, str) else
                json.dumps(decks)))
    for i, (guid, mid, flds, tags) in enumerate(notes, 1):
        if generated is None:
            db.execute("INSERT INTO notes VALUES (?,?,?,0,0,?,?,'',0,0,'')",
                       (i, guid, mid, tags, flds))
        else:
            db.execute("INSERT INTO notes VALUES (?,?,?,0,0,?,'',0,0,'')",
                       (i, guid, mid, tags))
        db.execute("INSERT INTO cards VALUES (?,?,2,0,0,0,0,0,0,0,0,0,0,0,"
                   "0,0,0,'')", (i, i))
    if generated is not None:
        db.execute("ALTER TABLE notes ADD COLUMN flds text GENERATED ALWAYS "
                   f"AS ({generated}) VIRTUAL")
    db.commit()
    for statement in then:
        if isinstance(statement, str):
            db.executescript(statement)
        else:
            db.execute(*statement)
    db.commit()
    db.close()
    with open(path, "rb") as f:
        return f.read()
