"""Notetypes and Anki's "Default" deck in a batch, proven by Anki.

A package made by the Anki engine brings its own "Cloze", whose second
field is "Extra" and which has a third, "Source"; CSV files before and
after it in the folder hold notes of Anki's built-in Cloze, with "Back
Extra".  Each note must keep the notetype it was read with: the engine
imports the CSV notes with their "Back Extra" text and the package's
note with all three fields (cards(5), notetype_id; cards2apkg(1),
Notetypes).  The same holds for a plain pipeline.

Another package holds notes in Anki's "Default" deck (deck 1, which no
one named), in "Default::Week 1" and in "Spanish": in a batch the first
take the file's name, the second keep their level under it, the third
keep their deck (cardconv(1), Decks); named one by one they stay where
the package had them.
"""
import os
import shutil
import subprocess
import tempfile

from anki.collection import ExportAnkiPackageOptions

import ankitest as at

tmp = tempfile.mkdtemp(prefix="cardpipe-batchnt-")
decks = os.path.join(tmp, "decks")
os.makedirs(os.path.join(decks, "Course"))


def export(col, path, legacy):
    col.export_anki_package(
        out_path=path, limit=None,
        options=ExportAnkiPackageOptions(
            with_scheduling=False, with_deck_configs=False,
            with_media=False, legacy=legacy))


# A package whose "Cloze" has other fields than Anki's: latest layout.
col = at.fresh_collection()
cloze = col.models.by_name("Cloze")
col.models.rename_field(cloze, cloze["flds"][1], "Extra")
col.models.add_field(cloze, col.models.new_field("Source"))
col.models.update_dict(cloze)
note = col.new_note(col.models.by_name("Cloze"))
note["Text"] = "The {{c1::femur}} is the longest bone"
note["Extra"] = "thigh"
note["Source"] = "Gray's Anatomy"
col.add_note(note, col.decks.id("Anatomy"))
export(col, os.path.join(decks, "clozes.apkg"), legacy=False)
col.close()

# Packages of notes in "Default", under it, and in a deck of its own: the
# legacy layout lists deck 1, the latest leaves it out.
for path, legacy, tail in (("Course/loose.apkg", True, ""),
                           ("Later/recent.apkg", False, " (latest)")):
    col = at.fresh_collection()
    basic = col.models.by_name("Basic")
    for deck, front in ((1, "unnamed deck"),
                        (col.decks.id("Default::Week 1"), "under Default"),
                        (col.decks.id("Spanish"), "perro")):
        note = col.new_note(basic)
        note["Front"] = front + tail
        note["Back"] = "back of " + front
        col.add_note(note, deck)
    os.makedirs(os.path.dirname(os.path.join(decks, path)), exist_ok=True)
    export(col, os.path.join(decks, path), legacy=legacy)
    col.close()

CSV = ("#separator:tab\n#html:false\n#notetype:Cloze\n"
       "The {{c1::heart}} pumps blood\tin the chest\n"
       "{{c1::Osmosis}} moves water\tthrough a membrane\n")
for name in ("a-first.csv", "z-last.csv"):
    with open(os.path.join(decks, name), "w") as fp:
        fp.write(CSV.replace("blood", "blood " + name))


def run(*args, **kw):
    return subprocess.run(args, capture_output=True, text=True, cwd=tmp,
                          **kw)


def imported(package):
    """Each note as Anki sees it, by its first field: notetype's fields,
    the note's fields, its deck, and whether the notetype is a cloze."""
    col = at.fresh_collection()
    at.import_apkg(col, os.path.join(tmp, package))
    out = {}
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        nt = note.note_type()
        cards = note.cards()
        out[note.fields[0]] = {
            "fields": dict(zip([f["name"] for f in nt["flds"]],
                               note.fields)),
            "cloze": nt["type"] == 1,
            "cards": len(cards),
            "decks": sorted({col.decks.name(c.did) for c in cards}),
        }
    col.close()
    return out


def check_clozes(notes, how):
    for name in ("a-first.csv", "z-last.csv"):
        text = "The {{c1::heart}} pumps blood " + name
        at.eq(notes.get(text, {}).get("fields"),
              {"Text": text, "Back Extra": "in the chest"},
              f"{how}: {name}'s Cloze note keeps its Back Extra in Anki")
        at.eq((notes.get(text, {}).get("cloze"),
               notes.get(text, {}).get("cards")), (True, 1),
              f"{how}: {name}'s note is a cloze with its card")
    femur = "The {{c1::femur}} is the longest bone"
    at.eq(notes.get(femur, {}).get("fields"),
          {"Text": femur, "Extra": "thigh", "Source": "Gray's Anatomy"},
          f"{how}: the package's note keeps its own Cloze, all its fields")


r = run("cardconv", "-o", "all.apkg", "decks/")
at.eq(r.returncode, 0, "the batch converts")
notes = imported("all.apkg")
check_clozes(notes, "batch")
at.ok(r.stderr.count("warning: notetype") == 1,
      "the two Clozes are reported once", r.stderr)
at.ok("decks/z-last.csv" not in r.stderr and
      "decks/clozes.apkg: warning: notetype \"Cloze\" is defined again, "
      "differently; the notes of its id" in r.stderr,
      "at the package, which comes after the first CSV file", r.stderr)

at.eq(notes.get("unnamed deck", {}).get("decks"), ["Course::loose"],
      "the notes of a package's Default deck take the file's name")
at.eq(notes.get("under Default", {}).get("decks"),
      ["Course::loose::Week 1"],
      "a deck under Default keeps its name, under the file's")
at.eq(notes.get("perro", {}).get("decks"), ["Course::Spanish"],
      "a deck the package names keeps its name")
at.eq([notes.get(f + " (latest)", {}).get("decks") for f in
       ("unnamed deck", "under Default", "perro")],
      [["Later::recent"], ["Later::recent::Week 1"], ["Later::Spanish"]],
      "the same for a package of the latest layout, which lists no deck 1")

r = run("cardconv", "--deck-prefix", "Bio", "-o", "prefix.apkg", "decks/")
at.eq(imported("prefix.apkg").get("unnamed deck", {}).get("decks"),
      ["Bio::Course::loose"], "--deck-prefix puts it under the prefix")

# At the top of the folder, where no parent keeps it apart from deck 1.
os.makedirs(os.path.join(tmp, "top"))
shutil.copy(os.path.join(decks, "Course", "loose.apkg"),
            os.path.join(tmp, "top"))
r = run("cardconv", "-o", "top.apkg", "top/")
at.eq(imported("top.apkg").get("unnamed deck", {}).get("decks"), ["loose"],
      "at the folder's top, the Default deck is named after the file")

r = run("cardconv", "-o", "alone.apkg", "decks/Course/loose.apkg")
at.eq(imported("alone.apkg").get("unnamed deck", {}).get("decks"),
      ["Default"], "a package named alone keeps its Default deck")

# The same through a pipeline: the card stream carries notetype_id.
script = ("(apkg2cards decks/clozes.apkg; csv2cards decks/a-first.csv;"
          " csv2cards decks/z-last.csv) | cards2apkg -o pipe.apkg")
r = run("sh", "-c", script)
at.ok(r.returncode == 0, "the pipeline converts", r.stderr)
check_clozes(imported("pipe.apkg"), "pipeline")
script = ("(csv2cards decks/a-first.csv; apkg2cards decks/clozes.apkg;"
          " csv2cards decks/z-last.csv) | cards2apkg -o pipe2.apkg")
r = run("sh", "-c", script)
at.ok(r.returncode == 0, "the pipeline, CSV first, converts", r.stderr)
check_clozes(imported("pipe2.apkg"), "pipeline, CSV first")

# CSV for Anki's importer: the notetype column gives the package's notes
# its notetype's id and the CSV file's notes the name "Cloze", so that
# in a collection that imported the package each lands on its own.
script = ("(apkg2cards decks/clozes.apkg; csv2cards decks/z-last.csv)"
          " | cards2csv -o mixed.csv")
r = run("sh", "-c", script)
at.ok(r.returncode == 0, "cards2csv converts the joined stream", r.stderr)
col = at.fresh_collection()
at.import_apkg(col, os.path.join(decks, "clozes.apkg"))
at.import_csv(col, os.path.join(tmp, "mixed.csv"))
text = "The {{c1::heart}} pumps blood z-last.csv"
got = [dict(zip([f["name"] for f in n.note_type()["flds"]], n.fields))
       for n in (col.get_note(i) for i in col.find_notes(""))
       if n.fields[0] == text]
at.eq(got, [{"Text": text, "Back Extra": "in the chest"}],
      "CSV: Anki imports the CSV file's Cloze note with its Back Extra")
col.close()

shutil.rmtree(tmp)
at.done()
