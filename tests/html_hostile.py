# html_hostile.py: a sheet of cards2html runs, loads and follows nothing
# its deck says (cards2html(1), "HTML fields").
#
# fixtures/cards2html/hostile.jsonl holds the payloads: event handlers,
# scripts, javascript: links spelled every way, frames, remote images,
# posters, srcset, CSS url(), SVG and MathML tricks, meta refresh, base,
# link, object, form.  Each payload that ran would add "|ran:NAME" to the
# page's title and ask http://127.0.0.1:9/ran/NAME for an image; every
# address in the deck is on 127.0.0.1:9.  Here an HTTP server on a free
# port stands in for port 9 and records every request, and headless
# Chromium, script on, opens:
#  1. the sheet as written, and prints it: no request, no payload ran,
#     and the harmless cards (text, list, table, details, the media
#     folder's image) are printed;
#  2. the sheet without its Content-Security-Policy: the sanitiser alone
#     holds;
#  3. the raw fields under the sheet's policy alone: the policy alone
#     holds (the meta refresh left out: navigation is not a policy's).
# Last, a package's images come from the package, never from a file of
# the same name beside it, and the folder they were extracted into is
# removed.
import html.parser
import base64
import http.server
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import zipfile

from chromium import chromium

BIN = os.environ["CARDPIPE_BIN"]
ROOT = os.environ["CARDPIPE_ROOT"]
FIX = os.path.join(ROOT, "fixtures", "cards2html")
failed = False


def ok(cond, desc, detail=None):
    global failed
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond:
        failed = True
        for line in str(detail or "").splitlines()[:20]:
            print("#   " + line)
    return cond


class Recorder(http.server.BaseHTTPRequestHandler):
    requests = []

    def do_GET(self):
        Recorder.requests.append(self.command + " " + self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<p>SERVED</p>")

    do_POST = do_GET

    def log_message(self, *args):
        pass


# Tags and attributes a sheet may hold: the writer's own, and those the
# deck's harmless cards use.
TAGS = {"html", "head", "meta", "title", "style", "body", "cp-sheet",
        "cp-card", "cp-side", "cp-field", "cp-foot", "div",
        "b", "i", "em", "sub", "sup", "ruby", "rt", "span", "ul", "li",
        "table", "tbody", "tr", "td", "details", "summary", "img", "p", "hr",
        # the break opportunities cards2html adds to long addresses
        "wbr"}


class Page(html.parser.HTMLParser):
    """The start tags, and the elements around each text, as written."""
    VOID = {"meta", "img", "br", "hr", "wbr", "col"}

    def __init__(self):
        super().__init__()
        self.tags = []
        self.open = []
        self.around = {}

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        self.around[data.strip()] = list(self.open)


def static_checks(text, port):
    page = Page()
    page.feed(text)
    tags = page.tags
    ok({t for t, _ in tags} <= TAGS,
       "the sheet holds only elements that print",
       sorted({t for t, _ in tags} - TAGS))
    handlers = [(t, a) for t, a in tags for a in a if a.startswith("on")]
    ok(not handlers, "no event handler is left", handlers)

    def plain(v):
        return re.sub(r"[\x00-\x20]", "", v or "").lower()
    bad = [(t, a, v) for t, attrs in tags for a, v in attrs.items()
           if "127.0.0.1" in plain(v) or "script:" in plain(v)]
    ok(not bad, "no address of the deck and no script: URL is left", bad)
    srcs = [a.get("src") for t, a in tags if t == "img"]
    ok(len(srcs) == 3 and
       all(s.startswith("data:image/png;base64,") for s in srcs),
       "the three images of the media folder are data: URIs", srcs)
    metas = [a for t, a in tags if t == "meta"]
    csp = [a for a in metas
           if a.get("http-equiv", "").lower() == "content-security-policy"]
    ok(len(metas) == 2 and len(csp) == 1 and
       tags.index(("meta", csp[0])) < tags.index(("title", {})) and
       "default-src 'none'" in csp[0]["content"] and
       "script" not in csp[0]["content"],
       "a Content-Security-Policy allowing no script comes first in <head>",
       metas)
    ok(sum(t == "style" for t, _ in tags) == 1,
       "the sheet's style sheet is the only one")


def browse(label, path, tmp, harmless, pdf=None):
    Recorder.requests.clear()
    r = chromium("file://" + path, tmp, "--virtual-time-budget=5000",
                 "--dump-dom")
    dom = r.stdout.decode(errors="replace")
    if pdf is not None:
        chromium("file://" + path, tmp, "--virtual-time-budget=5000",
                 "--print-to-pdf=" + pdf, "--no-pdf-header-footer")
    ok(not Recorder.requests, f"{label}: no request reached the server",
       "\n".join(Recorder.requests))
    # The payloads' own text is in the DOM too: only the title tells.
    title = re.search(r"<title>(.*?)</title>", dom, re.S)
    ran = re.findall(r"\|ran:(\w+)", title[1] if title else "")
    ok(title is not None and not ran, f"{label}: no payload ran",
       ", ".join(ran) or "no title in the DOM")
    if harmless:
        ok(all(w in dom for w in ("HARMLESSTEXT", "LISTONE", "CELLB",
                                  "data:image/png;base64,")),
           f"{label}: the harmless cards are in the page")
        # The browser closes the inner <li>'s <div>s at the second <li>,
        # where libxml2 did not: the field's </div>s must close nothing
        # of the page's.
        page = Page()
        page.feed(dom)
        ok(page.around.get("SPILLTEXT", [])[-2:] == ["cp-side", "ul"],
           f"{label}: a field's end tags close nothing of the page's",
           page.around.get("SPILLTEXT"))


def package_images(tmp):
    src = os.path.join(ROOT, "fixtures", "apkg",
                       "maxwernz_shared_anki_decks_SOE.apkg")
    pkg = os.path.join(tmp, "pkg")
    os.makedirs(os.path.join(pkg, "tmp"))
    shutil.copy(src, os.path.join(pkg, "deck.apkg"))
    with zipfile.ZipFile(src) as z:
        names = json.loads(z.read("media"))
        first = z.read("0")
    with open(os.path.join(FIX, "hostile-media", "square.png"), "rb") as f:
        planted = f.read()
    with open(os.path.join(pkg, names["0"]), "wb") as f:
        f.write(planted)
    sheet = os.path.join(pkg, "deck.html")
    r = subprocess.run([os.path.join(BIN, "cardconv"), "-o", sheet,
                        os.path.join(pkg, "deck.apkg")], capture_output=True,
                       env=dict(os.environ, TMPDIR=os.path.join(pkg, "tmp")))
    text = open(sheet, encoding="utf-8").read() if r.returncode == 0 else ""
    ok(r.returncode == 0 and not r.stderr and
       text.count("<img src=\"data:image/") == 60,
       "a package's 60 images are in its sheet, without -m",
       r.stderr.decode())
    ok(base64.b64encode(first).decode() in text and
       base64.b64encode(planted).decode() not in text,
       "a package's image comes from the package, not from beside it")
    ok(os.listdir(os.path.join(pkg, "tmp")) == [],
       "the folder its media were extracted into is removed")


def main():
    tmp = tempfile.mkdtemp()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # However the test ends, the server is gone in five minutes.
    stop = threading.Timer(300, server.shutdown)
    stop.daemon = True
    stop.start()
    try:
        media = os.path.join(tmp, "media")
        shutil.copytree(os.path.join(FIX, "hostile-media"), media,
                        symlinks=True)
        deck = os.path.join(tmp, "hostile.jsonl")
        with open(os.path.join(FIX, "hostile.jsonl"),
                  encoding="utf-8") as f:
            raw = f.read().replace("127.0.0.1:9/", f"127.0.0.1:{port}/")
        with open(deck, "w", encoding="utf-8") as f:
            f.write(raw)
        sheet = os.path.join(tmp, "hostile.html")
        r = subprocess.run([os.path.join(BIN, "cards2html"), "-m", media,
                            "-o", sheet, deck], capture_output=True)
        err = r.stderr.decode()
        ok(r.returncode == 0 and os.path.exists(sheet),
           "cards2html writes the sheet", err)
        for url in (f"<img src=\"http://127.0.0.1:{port}/img\">",
                    f"<img src=\"//127.0.0.1:{port}/img2\">",
                    f"<img srcset=\"http://127.0.0.1:{port}/srcset 2x\">",
                    f"<table background=\"http://127.0.0.1:{port}/tablebg\">"
                    ):
            ok(re.search(r"hostile\.jsonl:\d+: warning: field \"\w+\": "
                         r"left out " + re.escape(url), err),
               f"a warning at the note's line names {url}")
        ok(re.search(r"<img src=\"link\.png\">: in \S+: a symbolic link$",
                     err, re.M),
           "an image that is a symbolic link is not read")
        if not os.path.exists(sheet):
            return
        with open(sheet, encoding="utf-8") as f:
            text = f.read()
        static_checks(text, port)

        pdf = os.path.join(tmp, "hostile.pdf")
        browse("the sheet", sheet, tmp, True, pdf)
        printed = subprocess.run(["pdftotext", pdf, "-"],
                                 capture_output=True).stdout.decode()
        ok(all(w in printed for w in ("HARMLESSTEXT", "LISTONE", "LISTTWO",
                                      "CELLA", "CELLB", "SUMMARY", "bold")),
           "the harmless text, list, table and details are printed",
           printed[:400])
        images = subprocess.run(["pdfimages", "-list", pdf],
                                capture_output=True).stdout.decode()
        # The deck's one image is an 8 by 8 pixel square.
        sizes = [tuple(line.split()[3:5]) for line in images.splitlines()[2:]]
        ok(sizes and set(sizes) == {("8", "8")},
           "the media folder's image is printed, and no other", images)

        bare = os.path.join(tmp, "bare.html")
        with open(bare, "w", encoding="utf-8") as f:
            f.write(re.sub(r"<meta http-equiv=\"Content-Security-Policy\""
                           r"[^>]*>", "", text))
        browse("the sheet without its policy", bare, tmp, True)

        head = text[:text.index("</head>")]
        fields = []
        for line in raw.splitlines():
            rec = json.loads(line)
            fields += rec.get("fields", {}).values()
        body = "".join(f"<div>{v}</div>" for v in fields)
        body = re.sub(r"<meta http-equiv=\"refresh\"[^>]*>", "", body)
        policy = os.path.join(tmp, "policy.html")
        with open(policy, "w", encoding="utf-8") as f:
            f.write(head + "</head><body>" + body + "</body></html>")
        browse("the raw fields under the policy alone", policy, tmp, False)
        package_images(tmp)
    finally:
        stop.cancel()
        server.shutdown()
        server.server_close()
        shutil.rmtree(tmp)


main()
raise SystemExit(1 if failed else 0)
