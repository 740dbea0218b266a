"""Round trips, proven by Anki: `apkg2cards -m D X | cards2apkg -m D -o Y`.

X and Y are imported into two fresh collections of the official engine,
which must then hold the same notes (guid, notetype name, field values,
tags, deck), the same number of cards for each note, and the same media
files with the same bytes.  X is every package of the corpus and packages
the engine itself exports in the legacy and the latest layout.

Two differences are Anki's own and forgiven: cards of X's deck 1 land in
the collection's deck 1 ("Default", whatever X called it), while Y names
that deck like any other; and cards are counted without those Anki itself
reports as empty (Tools > Empty Cards would delete them), which old
packages carry from older Anki versions.  Files whose names start with
"_" that nothing names travel on the stream's first deck record, so every
media file is compared.
"""
import os
import shutil
import tempfile

import ankitest as at
import apkgcmp as ac


def view(col, deck1=None):
    out = ac.anki_view(col)
    for n in col.get_empty_cards().notes:
        out[col.get_note(n.note_id).guid]["cards"] -= len(n.card_ids)
    if deck1 is not None:
        for n in out.values():
            if n["deck"] == ac.norm_deck(deck1):
                n["deck"] = "Default"
    return out


def round_trip(name, x, scratch, deck1=None):
    media = os.path.join(scratch, "media-" + name)
    y = os.path.join(scratch, "Y-" + name + ".apkg")
    rc, stream, err = ac.run("apkg2cards", ["-m", media, x])
    if not at.eq(rc, 0, f"{name}: apkg2cards exit status"):
        print("#   " + err.replace("\n", "\n#   "))
        return
    rc, _, err = ac.run("cards2apkg", ["-m", media, "-o", y],
                        stdin=stream.encode())
    if not at.eq(rc, 0, f"{name}: cards2apkg exit status"):
        print("#   " + err.replace("\n", "\n#   "))
        return
    cx, cy = at.fresh_collection(), at.fresh_collection()
    try:
        at.import_apkg(cx, x)
        at.import_apkg(cy, y)
        vx, vy = view(cx), view(cy, deck1)
        at.eq(len(vy), len(vx), f"{name}: round trip keeps {len(vx)} notes")
        diff = ac.first_difference(vy, vx)
        at.ok(diff is None, f"{name}: round trip keeps guid, notetype, "
              "fields, tags and deck of every note", diff)
        cards = [g for g in vx if g in vy and
                 vx[g]["cards"] != vy[g]["cards"]]
        at.ok(not cards, f"{name}: round trip keeps the card count of "
              f"every note ({sum(n['cards'] for n in vx.values())} cards not "
              "empty)",
              [(g, vx[g]["cards"], vy[g]["cards"]) for g in cards[:5]])
        mx, my = at.media_bytes(cx), at.media_bytes(cy)
        at.eq(sorted(my), sorted(mx),
              f"{name}: round trip keeps the {len(mx)} media names")
        at.ok(all(my.get(f) == b for f, b in mx.items()),
              f"{name}: round trip keeps the media bytes")
    finally:
        cx.close()
        cy.close()


def engine_exports(scratch):
    """Packages the engine writes: stock, cloze, reversed and custom
    notetypes, nested decks, tags and media, in both layouts."""
    col = at.fresh_collection()
    try:
        img = col.media.write_data("photo é.jpg", b"\xff\xd8\xff fake jpeg")
        did = col.decks.id("Top::Sub")
        for ntname, fields in (
                ("Basic", {"Front": f'<img src="{img}"> one',
                           "Back": "<ul><li>a</li><li>b</li></ul>"}),
                ("Basic (and reversed card)", {"Front": "x", "Back": "y"}),
                ("Basic (optional reversed card)",
                 {"Front": "p", "Back": "q", "Add Reverse": "1"}),
                ("Cloze", {"Text": "{{c1::a}} {{c3::b}}",
                           "Back Extra": ""})):
            note = col.new_note(col.models.by_name(ntname))
            for k, v in fields.items():
                note[k] = v
            note.tags = ["t1", "deep::tag"]
            col.add_note(note, did)
        mm = col.models
        m = mm.new("Custom")
        for f in ("A", "B"):
            mm.add_field(m, mm.new_field(f))
        t = mm.new_template("Only")
        t["qfmt"], t["afmt"] = "{{A}}", "{{FrontSide}}<hr id=answer>{{B}}"
        mm.add_template(m, t)
        mm.add(m)
        note = col.new_note(mm.by_name("Custom"))
        note["A"], note["B"] = "α", "β"
        col.add_note(note, col.decks.id("Default"))
        return at.export_both_layouts(col, scratch)
    finally:
        col.close()


def main():
    scratch = tempfile.mkdtemp(prefix="cardpipe-apkgrt-")
    try:
        for x in ac.corpus():
            round_trip(os.path.basename(x), x, scratch, ac.package_deck1(x))
        for x in engine_exports(scratch):
            round_trip(os.path.basename(x), x, scratch,
                       ac.package_deck1(x))
    finally:
        shutil.rmtree(scratch)
    at.done()


main()
