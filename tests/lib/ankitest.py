"""ankitest: what the official Anki engine sees, for the suite's checks.

Every check imports files into a fresh collection of the real engine
(the PyPI package `anki`, the Rust backend of Anki desktop) and reads the
result back through it.  Nothing here reads our files with our own code.

Output follows tests/run's protocol: one "ok - ..." or "not ok - ..." line
per check; the process exits 1 if any check failed.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

from anki.collection import (Collection, ExportAnkiPackageOptions,
                             ImportAnkiPackageOptions,
                             ImportAnkiPackageRequest)
from anki.import_export_pb2 import ImportCsvRequest

_failed = False


def ok(cond, desc, detail=None):
    """Prints one check's result; detail is shown when it fails."""
    global _failed
    if cond:
        print(f"ok - {desc}")
    else:
        _failed = True
        print(f"not ok - {desc}")
        if detail is not None:
            for line in str(detail).splitlines()[:40]:
                print(f"#   {line}")
    sys.stdout.flush()
    return bool(cond)


def eq(got, want, desc):
    return ok(got == want, desc, f"got:  {got!r}\nwant: {want!r}")


def done():
    sys.exit(1 if _failed else 0)


def scratch(prefix):
    """A new temporary folder, removed with all it holds when the test
    exits: a suite that imports thousands of collections must not leave
    them behind (they once filled the disk)."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def fresh_collection():
    """A new, empty collection in a temporary folder; close it when done."""
    folder = scratch("cardpipe-anki-")
    return Collection(os.path.join(folder, "collection.anki2"))


def export_both_layouts(col, scratch, stem="engine", scheduling=False):
    """Exports col, with its media, and with its scheduling if asked, as
    scratch/STEM-legacy.apkg and scratch/STEM-latest.apkg (Anki's two
    package layouts); returns both paths."""
    paths = []
    for legacy in (True, False):
        path = os.path.join(scratch, "%s-%s.apkg" %
                            (stem, "legacy" if legacy else "latest"))
        col.export_anki_package(
            out_path=path, limit=None,
            options=ExportAnkiPackageOptions(
                with_scheduling=scheduling, with_deck_configs=False,
                with_media=True, legacy=legacy))
        paths.append(path)
    return paths


def import_apkg(col, path, update_notes="IF_NEWER"):
    """Imports a deck package as desktop does by default; returns the log."""
    opts = ImportAnkiPackageOptions(
        merge_notetypes=False,
        update_notes={"IF_NEWER": 0, "ALWAYS": 1, "NEVER": 2}[update_notes],
        update_notetypes=0,
        with_scheduling=False,
        with_deck_configs=False)
    req = ImportAnkiPackageRequest(package_path=os.path.abspath(path),
                                   options=opts)
    return col.import_anki_package(req).log


def import_stream(bin_dir, stream, scratch):
    """A card stream through cards2apkg into a fresh collection: the
    cards2apkg run (a CompletedProcess) and the collection, which the
    caller closes."""
    apkg = os.path.join(scratch, "stream.apkg")
    p = subprocess.run([os.path.join(bin_dir, "cards2apkg"), "-o", apkg],
                       input=stream, capture_output=True)
    col = fresh_collection()
    if p.returncode == 0:
        import_apkg(col, apkg)
    return p, col


def import_csv(col, path):
    """Imports a CSV/TSV file with the metadata Anki itself infers from it,
    as the import dialog does when the user changes nothing."""
    meta = col.get_csv_metadata(os.path.abspath(path), None)
    return col.import_csv(ImportCsvRequest(path=os.path.abspath(path),
                                           metadata=meta)).log


def log_counts(log):
    """The counts of an import log, by outcome."""
    return {k: len(getattr(log, k)) for k in (
        "new", "updated", "duplicate", "conflicting", "first_field_match",
        "missing_notetype", "missing_deck", "empty_first_field")}


def notes(col):
    """Every note as Anki sees it, sorted by guid: guid, notetype, deck of
    the first card, fields by name, tags, card count and card ords."""
    out = []
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        nt = note.note_type()
        cards = note.cards()
        decks = sorted({col.decks.name(c.did) for c in cards})
        out.append({
            "guid": note.guid,
            "notetype": nt["name"],
            "deck": decks[0] if len(decks) == 1 else decks,
            "fields": dict(zip([f["name"] for f in nt["flds"]],
                               note.fields)),
            "tags": sorted(note.tags),
            "cards": len(cards),
            "ords": sorted(c.ord for c in cards),
            "mod": note.mod,
        })
    out.sort(key=lambda n: n["guid"])
    return out


def media_names(col):
    """The files in the collection's media folder."""
    folder = col.media.dir()
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


def media_bytes(col):
    """The files in the collection's media folder, name to bytes."""
    out = {}
    for name in media_names(col):
        with open(os.path.join(col.media.dir(), name), "rb") as f:
            out[name] = f.read()
    return out
