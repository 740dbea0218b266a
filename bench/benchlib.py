"""benchlib: what the benchmark's Python drivers share.

The peers and the floor must store the same field values that cards2apkg
stores, so text-markup fields are turned into HTML here exactly as
lib/markup.c does (cp_text_to_html): & < > " ' escaped, newline -> <br>.
"""
import hashlib
import html
import json
import re


def text_to_html(s):
    """A text-markup field as Anki HTML, as cardpipe writes it."""
    s = (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
         .replace('"', "&quot;").replace("'", "&#x27;"))
    return s.replace("\n", "<br>")


def field_html(note, name):
    value = note["fields"][name]
    return text_to_html(value) if note.get("markup", "text") == "text" \
        else value


def read_notes(path):
    """The notes of a card stream, one dict at a time."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("kind", "note") == "note":
                yield rec


def write_cardtxt(out, title, url, count, lines):
    """Card stream lines of notes as the cardtxt(5) deck txt2cards reads
    back note for note: a title, a Source line declaring count cards,
    then each note's front on one line (line breaks made spaces, ending
    in '?') and its back on the next."""
    out.write(f"{title}\nSource: {url} ({count} cards)\n")
    for line in lines:
        fl = json.loads(line)["fields"]
        front = " ".join(fl["Front"].split()).rstrip("?") + "?"
        out.write(front + "\n" + " ".join(fl["Back"].split()) + "\n")


_STRIP = re.compile(r"<!--.*?-->|<style.*?>.*?</style>|<script.*?>.*?</script>"
                    r"|<.*?>", re.I | re.S)


def strip_html(s):
    """Anki's sort-field text: tags removed, entities decoded (our fields
    hold no media references, so that step of Anki's is not needed)."""
    s = _STRIP.sub("", s)
    return html.unescape(s) if "&" in s else s


def csum(first_field):
    """Anki's first-field checksum."""
    return int(hashlib.sha1(strip_html(first_field).encode()).hexdigest()[:8],
               16)


_B91 = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        "!#$%&()*+,-./:;<=>?@[]^_`{|}~")


def cardpipe_guid(note):
    """The guid cardpipe gives a note without one (lib/identity.c)."""
    key = "\x1f".join(["cardpipe-guid-1", note.get("deck", "Default"),
                       note.get("notetype", "Basic"),
                       next(iter(note["fields"].values()))])
    n = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    digits = []
    while True:
        digits.append(_B91[n % 91])
        n //= 91
        if n == 0:
            break
    return "".join(reversed(digits))
