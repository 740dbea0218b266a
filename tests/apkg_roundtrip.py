"""Identity through the stream, proven by Anki (issue 14).

1. `apkg2cards X | cards2apkg -o Y` for every package of the corpus and
   packages the engine itself exports, and `cardconv X -o Y` for those
   with per-card decks or media no note names: X and Y, each imported into a
   fresh collection, must hold the same notes by guid with the same
   notetype (name and id), fields and tags, the same cards (ordinal and
   deck of each) and the same media files, names and bytes, forgiving
   nothing but one thing Anki does: a legacy package holding two
   notetypes of one name has one renamed with "_" when Anki opens it,
   which a package of the one the notes use cannot repeat (the name
   then differs only by Anki's "_" and "+"; the id must not).
2. Update in place: X imported into a collection, one field edited with
   jq and converted back (straight, through `cards2md | md2cards`, and
   through `cards2csv` into Anki's own CSV importer) must add no notetype
   and no note, leave every note on its notetype, change the edited note
   and keep its cards and their decks.
3. A notetype's own edits, in either layout: a template the
   user edits in Anki after the export is kept when the package comes
   back with a note edited; a template edited in the stream reaches
   Anki; a deck from text, which carries no notetype times, gets the
   package's time as before.
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time
import zipfile

from anki.collection import ExportAnkiPackageOptions

import ankitest as at
import apkgcmp as ac

BIN = ac.BIN
# Packages the update checks run on: stock notetypes whose names a
# collection already has, per-card decks, custom notetypes and media.
CARDCONV = ("ankidroid_Anki-Android_templates.apkg",
            "ankidroid_Anki-Android_video.apkg", "engine-legacy.apkg")
UPDATE = ("ankidroid_Anki-Android_templates.apkg",
          "KarelZe_anki-decks_Vertragsgestaltung.apkg",
          "jaekim24_learning-korean-anki-apkgs_01_korean_hangul.apkg",
          "engine-legacy.apkg", "engine-latest.apkg")


def view(col):
    """Every note by guid: notetype name and id, fields, tags, mod, and
    its cards as (ordinal, deck) pairs."""
    out = {}
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        nt = note.note_type()
        out[note.guid] = {
            "notetype": nt["name"],
            "notetype_id": nt["id"],
            "fields": dict(zip([f["name"] for f in nt["flds"]],
                               note.fields)),
            "tags": sorted(note.tags),
            "cards": sorted((c.ord, col.decks.name(c.did))
                            for c in note.cards()),
            "mod": note.mod,
        }
    return out


def same_notetype_name(y, x):
    return y == x or (x.endswith("_") and ac.norm_nt(y) == ac.norm_nt(x))


def first_difference(got, want, keys):
    if sorted(got) != sorted(want):
        return (f"guids: only in Y {sorted(set(got) - set(want))[:3]}, "
                f"only in X {sorted(set(want) - set(got))[:3]}")
    for g in sorted(want):
        for k in keys:
            if k == "notetype" and same_notetype_name(got[g][k],
                                                      want[g][k]):
                continue
            if got[g][k] != want[g][k]:
                return f"{g}: {k}: Y {got[g][k]!r}, X {want[g][k]!r}"
    return None


def sh(cmd, stdin=None):
    """Runs a pipeline with bin/ first on PATH; (status, stdout, stderr)."""
    env = dict(os.environ, PATH=os.path.abspath(BIN) + ":" +
               os.environ.get("PATH", ""))
    p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], input=stdin,
                       capture_output=True, env=env)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def q(s):
    return "'" + s.replace("'", "'\\''") + "'"


def round_trip(name, x, scratch, via="pipe"):
    media = os.path.join(scratch, f"media-{via}-{name}")
    y = os.path.join(scratch, f"Y-{via}-{name}.apkg")
    if via == "pipe":
        rc, _, err = sh(f"apkg2cards -m {q(media)} {q(x)} | "
                        f"cards2apkg -m {q(media)} -o {q(y)}")
    else:
        rc, _, err = sh(f"cardconv -o {q(y)} {q(x)}")
        name = "cardconv " + name
    if not at.eq(rc, 0, f"{name}: exit status"):
        print("#   " + err.replace("\n", "\n#   "))
        return
    cx, cy = at.fresh_collection(), at.fresh_collection()
    try:
        at.import_apkg(cx, x)
        at.import_apkg(cy, y)
        vx, vy = view(cx), view(cy)
        at.ok(first_difference(vy, vx, ("notetype", "notetype_id"))
              is None, f"{name}: every note keeps its notetype, name and "
              "id", first_difference(vy, vx, ("notetype", "notetype_id")))
        at.ok(first_difference(vy, vx, ("fields", "tags")) is None,
              f"{name}: {len(vx)} notes keep guid, fields and tags",
              first_difference(vy, vx, ("fields", "tags")))
        ncards = sum(len(n["cards"]) for n in vx.values())
        ndecks = len({d for n in vx.values() for _, d in n["cards"]})
        at.ok(first_difference(vy, vx, ("cards",)) is None,
              f"{name}: {ncards} cards keep their ordinal and deck "
              f"({ndecks} decks)", first_difference(vy, vx, ("cards",)))
        mx, my = at.media_bytes(cx), at.media_bytes(cy)
        at.eq(sorted(my), sorted(mx),
              f"{name}: every one of {len(mx)} media files is kept")
        at.ok(all(my.get(f) == b for f, b in mx.items()),
              f"{name}: the media keep their bytes")
    finally:
        cx.close()
        cy.close()


EDIT = " (edited outside Anki)"


def strip(html):
    return re.sub(r"<[^>]*>", "", html).strip()


def edited_guid(stream):
    """The guid of the stream's last note, and the name of its first
    field."""
    last = None
    for line in stream.splitlines():
        rec = json.loads(line)
        if rec.get("kind", "note") == "note":
            last = rec
    return last["guid"], next(iter(last["fields"]))


def update(name, x, scratch, how):
    """Imports X, edits one field, converts back by `how` and imports
    that into the same collection."""
    media = os.path.join(scratch, f"umedia-{how}-{name}")
    rc, stream, err = sh(f"apkg2cards -m {q(media)} {q(x)}")
    if not at.eq(rc, 0, f"{name}: apkg2cards exit status"):
        return
    guid, field = edited_guid(stream.decode())
    jq = ("jq -c --arg g " + q(guid) + " --arg f " + q(field) +
          " --arg e " + q(EDIT) + " 'if (.kind // \"note\") == \"note\" and"
          " .guid == $g then .fields[$f] += $e else . end'")
    col = at.fresh_collection()
    try:
        at.import_apkg(col, x)
        before = view(col)
        nts = sorted((m["id"], m["name"]) for m in col.models.all())
        if how == "csv":
            out = os.path.join(scratch, f"U-{name}.csv")
            rc, _, err = sh(f"{jq} | cards2csv -o {q(out)}", stream)
        else:
            out = os.path.join(scratch, f"U-{how}-{name}.apkg")
            via = "cards2md | md2cards | " if how == "md" else ""
            rc, _, err = sh(f"{jq} | {via}cards2apkg -m {q(media)} "
                            f"-o {q(out)}", stream)
        if not at.eq(rc, 0, f"{name}: edited by jq, {how}: exit status"):
            print("#   " + err.replace("\n", "\n#   "))
            return
        log = at.log_counts(at.import_csv(col, out) if how == "csv" else
                            at.import_apkg(col, out))
        after = view(col)
        label = f"{name}: one field edited, {how}"
        at.eq(sorted((m["id"], m["name"]) for m in col.models.all()), nts,
              f"{label}: no notetype added or renamed")
        at.ok(log["new"] == 0 and log["conflicting"] == 0 and
              log.get("missing_notetype", 0) == 0 and
              len(after) == len(before),
              f"{label}: no note added, none conflicting", log)
        moved = [g for g in before if g in after and
                 after[g]["notetype_id"] != before[g]["notetype_id"]]
        at.ok(not moved, f"{label}: every note stays on its notetype",
              moved[:3])
        # Markdown gives a field's HTML its own shape (<p>): the text is
        # what must have changed.
        got, want = after[guid]["fields"][field], \
            before[guid]["fields"][field] + EDIT
        if how == "md":
            got, want = strip(got), strip(want)
        at.eq(got, want, f"{label}: the edited note is updated in place")
        at.eq(after[guid]["cards"], before[guid]["cards"],
              f"{label}: its cards keep their ordinals and decks")
        if how == "apkg":
            same = [g for g in before if g != guid and
                    (after[g]["fields"], after[g]["mod"]) !=
                    (before[g]["fields"], before[g]["mod"])]
            at.ok(not same, f"{label}: the other {len(before) - 1} notes "
                  "keep their content and modification time", same[:3])
    finally:
        col.close()


def engine_exports(scratch):
    """Packages the engine writes: stock, cloze and custom notetypes,
    cards of one note in two decks, nested decks, tags, media named by a
    field and a "_" file for templates that no field names."""
    col = at.fresh_collection()
    try:
        img = col.media.write_data("photo é.jpg", b"\xff\xd8\xff fake jpeg")
        col.media.write_data("_font.woff", b"wOFF fake font")
        did = col.decks.id("Top::Sub")
        for ntname, fields in (
                ("Basic", {"Front": f'<img src="{img}"> one',
                           "Back": "<ul><li>a</li><li>b</li></ul>"}),
                ("Basic (and reversed card)", {"Front": "x", "Back": "y"}),
                ("Cloze", {"Text": "{{c1::a}} {{c3::b}}",
                           "Back Extra": ""})):
            note = col.new_note(col.models.by_name(ntname))
            for k, v in fields.items():
                note[k] = v
            note.tags = ["t1", "deep::tag"]
            col.add_note(note, did)
        other = col.decks.id("Elsewhere")
        rev = col.get_note(col.find_notes('"note:Basic (and reversed '
                                          'card)"')[0]).cards()[1]
        col.set_deck([rev.id], other)
        return at.export_both_layouts(col, scratch)
    finally:
        col.close()


def front_template(col, name):
    """The front template of notetype name as the collection holds it
    now: the Python layer caches notetypes, and an import does not tell
    it."""
    col.models._clear_cache()
    return col.models.by_name(name)["tmpls"][0]["qfmt"]


def notetype_edits(scratch, legacy):
    """A notetype "Mine" exported by the engine in one layout, its
    template edited first in the stream, then by the user in Anki."""
    layout = "legacy" if legacy else "latest"
    x = os.path.join(scratch, f"mine-{layout}.apkg")
    col = at.fresh_collection()
    try:
        mine = col.models.copy(col.models.by_name("Basic"))
        mine["name"] = "Mine"
        mine["tmpls"][0]["qfmt"] = "ORIGINAL {{Front}}"
        col.models.update_dict(mine)
        note = col.new_note(col.models.by_name("Mine"))
        note["Front"], note["Back"] = "q", "a"
        col.add_note(note, 1)
        col.export_anki_package(out_path=x, limit=None,
                                options=ExportAnkiPackageOptions(
                                    with_scheduling=False,
                                    with_deck_configs=False,
                                    with_media=False, legacy=legacy))
        exported = col.models.by_name("Mine")["mod"]
        rc, stream, err = sh(f"apkg2cards {q(x)}")
        nt = [r for r in map(json.loads, stream.decode().splitlines())
              if r.get("kind") == "notetype"]
        at.ok(rc == 0 and len(nt) == 1 and nt[0].get("mod") == exported and
              re.fullmatch("[0-9a-f]{16}", nt[0].get("digest", "")),
              f"{layout}: the notetype record carries Anki's modification "
              "time and a digest", (rc, err, nt))
        names = sorted(m["name"] for m in col.models.all())

        # The stream's edit is newer than the export, though the package
        # is dated before it (SOURCE_DATE_EPOCH): it reaches Anki.
        y = os.path.join(scratch, f"mine-stream-{layout}.apkg")
        rc, _, err = sh("jq -c 'if .kind == \"notetype\" then "
                        ".templates[0].qfmt = \"STREAM {{Front}}\" else . "
                        f"end' | cards2apkg -o {q(y)}", stream)
        at.eq(rc, 0, f"{layout}: template edited in the stream: exit "
              "status")
        at.import_apkg(col, y)
        at.eq(front_template(col, "Mine"), "STREAM {{Front}}",
              f"{layout}: a template edited in the stream reaches Anki")
        at.eq(sorted(m["name"] for m in col.models.all()), names,
              f"{layout}: updated in place, no notetype added")

        # Then the user edits the template in Anki, a second after the
        # export at least, and converts again the stream of the export,
        # a note edited: the package, newer than the edit, carries the
        # notetype's older time, and Anki keeps the user's template.
        while time.time() < exported + 1:
            time.sleep(0.05)
        mine = col.models.by_name("Mine")
        mine["tmpls"][0]["qfmt"] = "EDITED {{Front}}"
        col.models.update_dict(mine)
        edited = col.models.by_name("Mine")["mod"]
        y = os.path.join(scratch, f"mine-note-{layout}.apkg")
        env = f"SOURCE_DATE_EPOCH={edited + 1} "
        rc, _, err = sh("jq -c 'if .kind then . else .fields.Back = "
                        f"\"changed\" end' | {env}cards2apkg -o {q(y)}",
                        stream)
        at.eq(rc, 0, f"{layout}: note edited in the stream: exit status")
        at.import_apkg(col, y)
        at.eq(front_template(col, "Mine"), "EDITED {{Front}}",
              f"{layout}: a template edited in Anki since the export is "
              "kept when the package comes back")
        at.eq([col.get_note(n)["Back"] for n in col.find_notes("")],
              ["changed"], f"{layout}: and the edited note is updated")
    finally:
        col.close()


def text_notetype_times(scratch):
    """A deck from text carries no notetype times: every notetype of its
    package has the package's time, SOURCE_DATE_EPOCH here."""
    y = os.path.join(scratch, "text.apkg")
    rc, _, err = sh("txt2cards " + q(os.path.join(ac.ROOT, "examples",
                                                   "pytorch-ddp.txt")) +
                    f" | SOURCE_DATE_EPOCH=1712345678 cards2apkg -o {q(y)}")
    at.eq(rc, 0, "text deck: exit status")
    with zipfile.ZipFile(y) as z:
        z.extract("collection.anki2", os.path.join(scratch, "text"))
    db = sqlite3.connect(os.path.join(scratch, "text", "collection.anki2"))
    models = json.loads(db.execute("select models from col").fetchone()[0])
    db.close()
    at.eq(sorted((m["name"], m["mod"]) for m in models.values()),
          [("Basic", 1712345678)],
          "text deck: its notetype has the package's time")
    col = at.fresh_collection()
    try:
        log = at.log_counts(at.import_apkg(col, y))
        at.ok(log["new"] == 17 and col.note_count() == 17,
              "text deck: Anki adds every note", log)
    finally:
        col.close()


def main():
    scratch = tempfile.mkdtemp(prefix="cardpipe-apkgid-")
    try:
        packages = ac.corpus() + engine_exports(scratch)
        for x in packages:
            round_trip(os.path.basename(x), x, scratch)
            if os.path.basename(x) in CARDCONV:
                round_trip(os.path.basename(x), x, scratch, "cardconv")
        for x in packages:
            if os.path.basename(x) in UPDATE:
                for how in ("apkg", "md", "csv"):
                    update(os.path.basename(x), x, scratch, how)
        for legacy in (True, False):
            notetype_edits(scratch, legacy)
        text_notetype_times(scratch)
    finally:
        shutil.rmtree(scratch)
    at.done()


main()
