"""media_security: files that must never leave the machine (issue 11).

A media folder from a git repository or a tarball, or a package saved
among other downloads, is hostile: symbolic links to /etc/passwd, to a
file or a folder outside, hidden files, "..", and a package whose notes
name files that merely sit beside it.  cards2apkg and cardconv must pack
none of those bytes, warn once for each name at the note's line, and
still pack the legitimate media, as the official Anki engine sees them.
"""
import json
import os
import shutil
import subprocess
import tempfile
import zipfile

import ankitest as at

ROOT = os.environ["CARDPIPE_ROOT"]
BIN = os.environ["CARDPIPE_BIN"]
CAT = os.path.join(ROOT, "fixtures", "cards2apkg", "features", "cat.png")
TMP = tempfile.mkdtemp(prefix="media_security.")
# Our own TMPDIR: the private extractions must be gone after each run.
SCRATCH = os.path.join(TMP, "scratch")
os.mkdir(SCRATCH)
SECRET = b"SECRET-BYTES-outside-the-media-folder"
with open("/etc/passwd", "rb") as f:
    PASSWD = f.read()


def run(tool, args, stdin=None, cwd=None):
    """Runs a tool; returns (exit status, stderr)."""
    p = subprocess.run([os.path.join(BIN, tool)] + args, input=stdin,
                       capture_output=True, cwd=cwd,
                       env=dict(os.environ, TMPDIR=SCRATCH))
    return p.returncode, p.stderr.decode("utf-8", "replace")


def note(front, back, source):
    return json.dumps({"fields": {"Front": front, "Back": back},
                       "markup": "html", "source": source}) + "\n"


def zip_leaks(path):
    """The members of the zip whose bytes hold a secret."""
    if not os.path.exists(path):
        return "no package"
    with zipfile.ZipFile(path) as z:
        return sorted(n for n in z.namelist()
                      if SECRET in z.read(n) or PASSWD[:64] in z.read(n))


def anki_media(path):
    """What Anki imports: {name: bytes} of the collection's media."""
    if not os.path.exists(path):
        return 0, "no package"
    col = at.fresh_collection()
    log = at.import_apkg(col, path)
    media = {}
    for name in at.media_names(col):
        with open(os.path.join(col.media.dir(), name), "rb") as f:
            media[name] = f.read()
    counts = at.log_counts(log)
    col.close()
    return counts["new"], media


def warned_once(err, where, name, why, desc):
    line = f"{where}: warning: media \"{name}\""
    at.ok(err.count(line) == 1 and why in err.split(line, 1)[1]
          .split("\n", 1)[0], f"{desc}: warned once at {where}: {why}", err)


def hostile_folder():
    """A media folder holding one real image and every trap."""
    top = os.path.join(TMP, "repo")
    media = os.path.join(top, "media")
    outside = os.path.join(top, "outside")
    os.makedirs(media)
    os.makedirs(os.path.join(media, ".git"))
    os.makedirs(outside)
    with open(os.path.join(outside, "secret.jpg"), "wb") as f:
        f.write(SECRET)
    shutil.copy(CAT, media)
    os.symlink("/etc/passwd", os.path.join(media, "passwd.jpg"))
    os.symlink(os.path.join(outside, "secret.jpg"),
               os.path.join(media, "linked.jpg"))
    os.symlink(outside, os.path.join(media, "sub"))
    for name in (".bash_history", os.path.join(".git", "config")):
        with open(os.path.join(media, name), "wb") as f:
            f.write(SECRET)
    os.mkfifo(os.path.join(media, "pipe.mp3"))
    return top, media


def test_hostile_folder():
    top, media = hostile_folder()
    # Plain names, then paths: a path was an error that stopped all.
    for traps in ([("passwd.jpg", "a symbolic link"),
                   ("linked.jpg", "a symbolic link"),
                   (".bash_history", "a hidden file"),
                   ("pipe.mp3", "not a regular file"),
                   ("gone.png", "not found")],
                  [("sub/secret.jpg", "a symbolic link"),
                   (".git/config", "a hidden file"),
                   ("../outside/secret.jpg", "outside the folder"),
                   ("/etc/passwd", "outside the folder")]):
        hostile_run(media, traps)
    at.eq(os.listdir(SCRATCH), [], "nothing is left in TMPDIR")


def hostile_run(media, traps):
    refs = "".join(f'<img src="{n}">' for n, _ in traps)
    stream = (note('<img src="cat.png">' + refs, "[sound:.bash_history]",
                   "deck.txt:3") +
              note("again " + refs, '<img src="cat.png">', "deck.txt:9"))
    with open(os.path.join(media, "deck.jsonl"), "w") as f:
        f.write(stream)
    out = os.path.join(TMP, "hostile.apkg")
    for args, desc in ((["-m", media, "-o", out], "-m FOLDER"),
                       (["-o", out, os.path.join(media, "deck.jsonl")],
                        "the input's folder")):
        if os.path.exists(out):
            os.unlink(out)
        rc, err = run("cards2apkg", args,
                      stdin=stream.encode() if "-m" in args else None)
        desc += ", " + traps[0][0] + "..."
        at.eq(rc, 0, f"{desc}: a hostile media folder is warnings only")
        for name, why in traps:
            warned_once(err, "deck.txt:3", name, why, f"{desc}: {name}")
        at.ok("deck.txt:9" not in err,
              f"{desc}: a name met again is not reported again", err)
        at.eq(zip_leaks(out), [], f"{desc}: no secret byte in the package")
        new, got = anki_media(out)
        with open(CAT, "rb") as f:
            at.eq((new, got), (2, {"cat.png": f.read()}),
                  f"{desc}: Anki imports both notes and cat.png alone")


def test_beside_package():
    """A package's notes name files that sit beside it in downloads/."""
    pkgmedia = os.path.join(TMP, "pkgmedia")
    os.mkdir(pkgmedia)
    shutil.copy(CAT, pkgmedia)
    dl = os.path.join(TMP, "downloads")
    os.mkdir(dl)
    deck = os.path.join(dl, "deck.apkg")
    stream = note('<img src="cat.png"> <img src="bank-statement.pdf">',
                  "[sound:.bash_history]", "hostile.txt:4")
    rc, err = run("cards2apkg", ["-m", pkgmedia, "-o", deck],
                  stdin=stream.encode())
    at.ok(rc == 0 and os.path.exists(deck), "the hostile package is made",
          err)
    for name in ("bank-statement.pdf", ".bash_history"):
        with open(os.path.join(dl, name), "wb") as f:
            f.write(SECRET)
    for args, cwd, where in (
            (["-o", os.path.join(TMP, "conv.apkg"), deck], None, deck),
            (["-o", os.path.join(TMP, "conv.apkg"), "deck.apkg"], dl,
             "deck.apkg"),
            (["-f", "apkg", "-o", os.path.join(TMP, "conv.apkg")], dl,
             "<stdin>")):
        out = os.path.join(TMP, "conv.apkg")
        if os.path.exists(out):
            os.unlink(out)
        stdin = open(deck, "rb").read() if "-f" in args else None
        rc, err = run("cardconv", args, stdin=stdin, cwd=cwd)
        at.eq(rc, 0, f"cardconv {where}: exit 0")
        warned_once(err, f"{where}:1", "bank-statement.pdf",
                    "in the package: not found",
                    f"cardconv {where}: a file beside the package")
        warned_once(err, f"{where}:1", ".bash_history", "a hidden file",
                    f"cardconv {where}: a hidden file beside the package")
        at.eq(zip_leaks(out), [],
              f"cardconv {where}: nothing beside the package is packed")
        new, got = anki_media(out)
        with open(CAT, "rb") as f:
            at.eq((new, got), (1, {"cat.png": f.read()}),
                  f"cardconv {where}: the package's own cat.png arrives")
        at.eq(os.listdir(SCRATCH), [],
              f"cardconv {where}: the private extraction is removed")


def test_two_packages():
    """Each package's media come from that package alone."""
    paths = []
    for i, content in enumerate((b"first picture", b"second picture")):
        d = os.path.join(TMP, f"two{i}")
        os.mkdir(d)
        with open(os.path.join(d, "pic.png"), "wb") as f:
            f.write(content)
        if i == 0:
            with open(os.path.join(d, "only-first.png"), "wb") as f:
                f.write(b"first only")
        p = os.path.join(d, f"deck{i}.apkg")
        refs = '<img src="pic.png"> <img src="only-first.png">'
        rc, err = run("cards2apkg", ["-m", d, "-o", p],
                      stdin=note(f"note {i} {refs}", "x",
                                 f"two{i}.txt:1").encode())
        paths.append(p)
    out = os.path.join(TMP, "both.apkg")
    rc, err = run("cardconv", ["-o", out] + paths)
    at.eq(rc, 0, "two packages: exit 0")
    warned_once(err, f"{paths[1]}:1", "pic.png",
                "another file has its name",
                "two packages: the second pic.png")
    warned_once(err, f"{paths[1]}:1", "only-first.png",
                "in the package: not found",
                "two packages: a file only the first package holds")
    new, got = anki_media(out)
    second = [n for n in got if n.startswith("pic-") and n.endswith(".png")]
    at.eq((new, sorted(got.values()), len(second)),
          (2, [b"first only", b"first picture", b"second picture"], 1),
          "two packages: both pic.png arrive, under two names")
    at.eq(os.listdir(SCRATCH), [], "two packages: no extraction left")


try:
    test_hostile_folder()
    test_beside_package()
    test_two_packages()
finally:
    shutil.rmtree(TMP)
at.done()
