"""apkgcmp: what apkg2cards says of a package, beside what Anki says.

The reader's side is the card stream apkg2cards writes; Anki's side is
what the official engine shows after importing the same package into a
fresh collection (ankitest).  Only differences Anki itself introduces on
import are forgiven, each for a stated reason:
  - a notetype whose name the collection already has gets "+" appended
    (and two of one name in one package get "_" when Anki upgrades it);
  - field text is NFC-normalised and stripped of control characters
    other than tab and newline;
  - deck name components are trimmed of surrounding whitespace, and cards
    of the package's deck 1 land in the collection's deck 1, "Default";
  - the tags "marked" and "leech" are dropped when scheduling is not
    imported.
"""
import json
import os
import re
import sqlite3
import subprocess
import tempfile
import unicodedata
import zipfile

import ankitest as at
from anki.collection import Collection

BIN = os.environ.get("CARDPIPE_BIN", "bin")
ROOT = os.environ.get("CARDPIPE_ROOT", ".")
CORPUS = os.path.join(ROOT, "fixtures", "apkg")

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def corpus():
    """Every package of the corpus, by path, in name order."""
    return sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS)
                  if f.endswith((".apkg", ".colpkg")))


def run(tool, args, stdin=None):
    """Runs a cardpipe tool; returns (status, stdout, stderr) as text."""
    p = subprocess.run([os.path.join(BIN, tool)] + list(args),
                       input=stdin, capture_output=True)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def records(stream):
    """The card stream's records split by kind: notes, decks, notetypes."""
    notes, decks, nts = [], {}, {}
    for line in stream.splitlines():
        rec = json.loads(line)
        kind = rec.get("kind", "note")
        if kind == "note":
            notes.append(rec)
        elif kind == "deck":
            decks[rec["name"]] = rec
        else:
            nts[rec["name"]] = rec
    return notes, decks, nts


def norm_field(v):
    return _CONTROL.sub("", unicodedata.normalize("NFC", v))


def norm_deck(name):
    return "::".join(p.strip() for p in name.split("::"))


def norm_nt(name):
    return name.rstrip("+_")


def package_deck1(path):
    """The name of deck 1 in a legacy package, read with Python's zipfile
    and sqlite3; None for the latest layout, whose deck 1 is "Default"."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        member = next((m for m in ("collection.anki21", "collection.anki2")
                       if m in names), None)
        if member is None or "collection.anki21b" in names:
            return None
        with tempfile.TemporaryDirectory() as d:
            z.extract(member, d)
            db = sqlite3.connect(os.path.join(d, member))
            decks = json.loads(db.execute("SELECT decks FROM col")
                               .fetchone()[0])
            db.close()
    return decks.get("1", {}).get("name")


def stream_view(notes, default_deck=None):
    """The stream's notes in the shape of ankitest.notes(), by guid."""
    out = {}
    for n in notes:
        deck = norm_deck(n["deck"])
        if default_deck is not None and deck == norm_deck(default_deck):
            deck = "Default"
        out[n["guid"]] = {
            "notetype": norm_nt(n["notetype"]),
            "deck": deck,
            "fields": {k: norm_field(v) for k, v in n["fields"].items()},
            "tags": sorted(t for t in n["tags"]
                           if t.lower() not in ("marked", "leech")),
        }
    return out


def anki_view(col):
    """What Anki holds after an import, by guid, in the same shape."""
    out = {}
    for n in at.notes(col):
        deck = n["deck"]
        out[n["guid"]] = {
            "notetype": norm_nt(n["notetype"]),
            "deck": [norm_deck(d) for d in deck] if isinstance(deck, list)
            else norm_deck(deck),
            "fields": n["fields"],
            "tags": sorted(n["tags"]),
            "cards": n["cards"],
        }
    return out


def first_difference(mine, anki):
    """None when every note agrees, else a description of the first that
    does not.  A note whose cards Anki spreads over several decks agrees
    when the stream names one of them."""
    if sorted(mine) != sorted(anki):
        only_mine = sorted(set(mine) - set(anki))[:3]
        only_anki = sorted(set(anki) - set(mine))[:3]
        return f"guids differ: only in stream {only_mine}, only in Anki " \
               f"{only_anki}"
    for guid in sorted(mine):
        m, a = mine[guid], anki[guid]
        for key in ("notetype", "fields", "tags"):
            if m[key] != a[key]:
                return f"{guid}: {key}: stream {m[key]!r}, Anki {a[key]!r}"
        deck = a["deck"]
        if m["deck"] != deck and not (isinstance(deck, list) and
                                      m["deck"] in deck):
            return f"{guid}: deck: stream {m['deck']!r}, Anki {deck!r}"
    return None


def anki_notetypes(col):
    """Anki's notetypes that hold notes, by name without Anki's "+"."""
    out = {}
    for m in col.models.all():
        if col.models.use_count(m) == 0:
            continue
        out.setdefault(norm_nt(m["name"]), []).append({
            "type": "cloze" if m["type"] == 1 else "standard",
            "fields": [f["name"] for f in m["flds"]],
            "templates": [{"name": t["name"], "qfmt": t["qfmt"],
                           "afmt": t["afmt"]} for t in m["tmpls"]],
            "css": m["css"],
            "sortf": m["sortf"],
        })
    return out


def notetype_difference(nts, col):
    """None when every notetype record matches one Anki holds."""
    anki = anki_notetypes(col)
    if sorted({norm_nt(n) for n in nts}) != sorted(anki):
        return f"names: stream {sorted(nts)}, Anki {sorted(anki)}"
    for name, rec in sorted(nts.items()):
        mine = {k: rec[k] for k in ("type", "fields", "templates", "css",
                                    "sortf")}
        if mine not in anki[norm_nt(name)]:
            return f"{name}: stream {mine!r}, Anki {anki[norm_nt(name)]!r}"
    return None


def restore_colpkg(path):
    """A collection replaced by the .colpkg at path, as Anki restores a
    whole collection from a backup; close it when done."""
    folder = at.scratch("cardpipe-anki-")
    colpath = os.path.join(folder, "collection.anki2")
    col = Collection(colpath)
    media = col.media.dir()
    backend = col._backend
    col.close()
    backend.import_collection_package(
        col_path=colpath, backup_path=os.path.abspath(path),
        media_folder=media,
        media_db=os.path.join(folder, "collection.media.db"))
    return Collection(colpath)


def exact_view(notes):
    """Notes by guid, as given: for comparisons that forgive nothing."""
    return {n["guid"]: {"notetype": n["notetype"], "deck": n["deck"],
                        "fields": n["fields"], "tags": sorted(n["tags"])}
            for n in notes}
