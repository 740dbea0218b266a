"""md2cards --o2a-settings in a vault, into Anki: the vault's folders
give decks and tags (FOLDER_DECKS, FOLDER_TAGS), a TARGET DECK line wins
over them, the vault's own notetypes reach Anki with their fields, and a
cloze notetype of the vault's is a cloze in Anki, a card per deletion.

cardconv given the vault's folder reads it so unasked, where the vault
enables the plugin; not with settings linked in from outside the folder,
nor where the vault enables Obsidian Spaced Repetition too.
"""
import shutil
import json
import os
import re
import subprocess

from ankitest import done, eq, import_stream, notes, ok, scratch

BIN = os.environ.get("CARDPIPE_BIN", "bin")
TMP = scratch("o2a_vault.")
VAULT = os.path.join(TMP, "vault")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


SETTINGS = os.path.join(VAULT, ".obsidian", "plugins",
                        "obsidian-to-anki-plugin", "data.json")
write(SETTINGS, json.dumps({
    "settings": {
        "CUSTOM_REGEXPS": {
            "Vocab": r"^- (\S+) = (.+?)(?: \((.+)\))?$",
            "Lückentext Cloze": r"^> (.*\{.+\}.*)$",
        },
        "FOLDER_DECKS": {"Languages": "Sprachen", "Languages/German":
                         "Sprachen::Deutsch"},
        "FOLDER_TAGS": {"Languages": "lang", "Languages/German": "de a1"},
        "Defaults": {"Deck": "Inbox", "CurlyCloze": True},
    },
    "fields_dict": {
        "Vocab": ["Wort", "Bedeutung", "Genus"],
        "Lückentext Cloze": ["Satz", "Hinweis"],
        "Basic": ["Front", "Back"],
    },
}, ensure_ascii=False))
write(os.path.join(VAULT, "Languages", "German", "animals.md"),
      "- Hund = dog (m)\n- Katze = cat (f)\n\n"
      "> Der {Hund} bellt, die {Katze} miaut.\n\n"
      "> A set {{x}} is no deletion.\n")
write(os.path.join(VAULT, "Languages", "French", "verbs.md"),
      "- aller = to go\n")
write(os.path.join(VAULT, "Languages", "German", "decked.md"),
      "TARGET DECK: Deutsch::Extra\n\n- laufen = to run\n")
write(os.path.join(VAULT, "top.md"), "- eins = one\n")

md = subprocess.run(
    [os.path.join(BIN, "md2cards"), "--o2a-settings", SETTINGS] +
    [os.path.join(VAULT, *p) for p in (
        ("Languages", "German", "animals.md"),
        ("Languages", "French", "verbs.md"),
        ("Languages", "German", "decked.md"), ("top.md",))],
    capture_output=True)
err = md.stderr.decode()
eq(md.returncode, 0, "md2cards reads the vault's notes with its settings")
ok(err.count("has no cloze") == 1,
   "the cloze note with no deletion is skipped with a warning", err)
p, col = import_stream(BIN, md.stdout, TMP)
eq(p.returncode, 0, "cards2apkg takes the stream")
got = sorted((n["notetype"], [re.sub(r"<[^>]*>", "", v) for v in
              n["fields"].values()], n["deck"], n["tags"], n["cards"])
             for n in notes(col))
eq(got, sorted([
    ("Vocab", ["Hund", "dog", "m"], "Sprachen::Deutsch",
     ["a1", "de", "lang"], 1),
    ("Vocab", ["Katze", "cat", "f"], "Sprachen::Deutsch",
     ["a1", "de", "lang"], 1),
    ("Lückentext Cloze", ["Der {{c1::Hund}} bellt, die {{c2::Katze}} "
                          "miaut.", ""], "Sprachen::Deutsch",
     ["a1", "de", "lang"], 2),
    ("Vocab", ["aller", "to go", ""], "Sprachen", ["lang"], 1),
    ("Vocab", ["laufen", "to run", ""], "Deutsch::Extra",
     ["a1", "de", "lang"], 1),
    ("Vocab", ["eins", "one", ""], "Inbox", [], 1),
]), "Anki holds the vault's notetypes with their fields, a card per "
    "deletion of its cloze, each note in its folder's deck with its "
    "folders' tags, TARGET DECK first, the default deck at the top")
col.close()


def cardconv(*args):
    p = subprocess.run([os.path.join(BIN, "cardconv"), "-v", "-t", "cards",
                        "-o", "-"] + list(args), capture_output=True)
    made = [json.loads(line) for line in p.stdout.decode().splitlines()]
    return p, sorted((n["notetype"], list(n["fields"].values())[0],
                      n["deck"]) for n in made if "kind" not in n)


write(os.path.join(VAULT, ".obsidian", "community-plugins.json"),
      '["obsidian-to-anki-plugin", "dataview"]')
by_md = sorted((n[0], n[1][0], n[2]) for n in got)
p, made = cardconv(VAULT)
ok(made == by_md and p.stderr.decode().count(
    "an Obsidian vault: its notes are read as Obsidian_to_Anki") == 1,
   "cardconv given the vault reads its notes as md2cards --o2a-settings "
   "does, the plugin's decks taking no folder level, and says so once",
   p.stderr.decode() + repr(made))
p, made = cardconv("--dialect", "obsidian_to_anki", VAULT)
ok(made != by_md, "a dialect named on the command line is read instead of "
   "the vault's settings")
write(os.path.join(VAULT, ".obsidian", "community-plugins.json"),
      '["dataview"]')
p, made = cardconv(VAULT)
ok(made != by_md and b"an Obsidian vault" not in p.stderr,
   "a vault that does not enable the plugin is read from what its notes "
   "show", p.stderr.decode())
write(os.path.join(VAULT, ".obsidian", "community-plugins.json"),
      '["obsidian-to-anki-plugin", "obsidian-spaced-repetition"]')
write(os.path.join(VAULT, ".obsidian", "plugins",
                   "obsidian-spaced-repetition", "data.json"),
      '{"settings": {"flashcardTags": ["#cards"]}}')
SRNOTE = os.path.join(VAULT, "Chemistry", "salts.md")
MIXED = os.path.join(VAULT, "Chemistry", "mixed.md")
write(SRNOTE, "#cards\n\nSodium::Na\n")
write(MIXED, "#cards\n\nIron::Fe\n\n- Kalium = potassium\n")
p, made = cardconv(VAULT)
err = p.stderr.decode()
ok(made == sorted(by_md + [("Basic", "Sodium", "Default"),
                           ("Vocab", "Kalium", "Inbox")]) and
   err.count("enabling both") == 1 and
   err.count("read as obsidian_sr") == 1 and
   err.count("1 card of Obsidian Spaced Repetition") == 1,
   "a vault enabling both plugins reads each note as the plugin whose "
   "cards it holds: Obsidian_to_Anki's notes where it has them, the "
   "other plugin's cards beside them told of, and a note of Spaced "
   "Repetition's cards alone as that plugin's", err + repr(made))
os.remove(SRNOTE)
os.remove(MIXED)
os.rmdir(os.path.dirname(SRNOTE))
shutil.rmtree(os.path.join(VAULT, ".obsidian", "plugins",
                           "obsidian-spaced-repetition"))
# The list of plugins is the vault's own file, or none is enabled: a
# link out of the folder named is not read, a FIFO not waited on.
LIST = os.path.join(VAULT, ".obsidian", "community-plugins.json")
write(os.path.join(TMP, "list.json"), '["obsidian-to-anki-plugin"]')
os.remove(LIST)
os.symlink(os.path.join(TMP, "list.json"), LIST)
p, made = cardconv(VAULT)
ok(made != by_md and b"an Obsidian vault" not in p.stderr,
   "a list of plugins linked in from outside the folder named is not read",
   p.stderr.decode())
os.remove(LIST)
os.mkfifo(LIST)
p, made = cardconv(VAULT)
ok(made != by_md and b"an Obsidian vault" not in p.stderr,
   "a FIFO for the list of plugins is not read (no wait)", p.stderr.decode())
os.remove(LIST)
outside = os.path.join(TMP, "elsewhere.json")
os.rename(SETTINGS, outside)
os.symlink(outside, SETTINGS)
p, made = cardconv(VAULT)
ok(made != by_md and b"an Obsidian vault" not in p.stderr,
   "settings linked in from outside the folder named are not read",
   p.stderr.decode())

# Anki's notetypes with fields the vault's user added (a "Source" to
# Cloze, an "Extra" to Basic, whose first two it renamed): each defined
# in the stream over the vault's fields, none of them dropped.
MORE = os.path.join(TMP, "more.json")
write(MORE, json.dumps({"settings": {"CUSTOM_REGEXPS": {},
                                     "Defaults": {"CurlyCloze": True}},
                        "fields_dict": {
                            "Cloze": ["Text", "Back Extra", "Source"],
                            "Basic": ["Question", "Answer", "Extra"]}}))
NOTE = os.path.join(TMP, "more.md")
write(NOTE, "START\nCloze\nThe {capital} of France\nBack Extra: Paris\n"
      "Source: atlas\nEND\n\nSTART\nBasic\nWhat is H2O?\n"
      "Answer: water\nExtra: a molecule\nEND\n")
md = subprocess.run([os.path.join(BIN, "md2cards"), "--o2a-settings", MORE,
                     NOTE], capture_output=True)
p, col = import_stream(BIN, md.stdout, TMP)
ok(p.returncode == 0 and not p.stderr, "cards2apkg takes Anki's notetypes "
   "with the vault's added fields, dropping none", p.stderr.decode())
got = sorted((sorted(re.sub(r"<[^>]*>", "", v) for v in
                     n["fields"].values()), n["cards"]) for n in notes(col))
eq(got, sorted([(["Paris", "The {{c1::capital}} of France", "atlas"], 1),
                (["What is H2O?", "a molecule", "water"], 1)]),
   "Anki holds every field of both notes, a card each")
col.close()
done()
