"""cardconv's progress line and summary (cardconv(1), PROGRESS).

cardconv runs with standard error on a pseudo-terminal.  Its second input
is a FIFO that this script feeds in three parts with pauses between, so
that the work takes more than a second however fast the machine: the
line must appear, redraw with more notes, name the file being read, be
erased before a warning is printed (which thus starts a line of its
own), and end in the summary line, whose counts Anki confirms.  With
standard error a pipe, or with -q, there is no line and no summary;
with -v the summary goes to a pipe too.
"""
import os
import pty
import re
import select
import subprocess
import tempfile
import threading
import time

import ankitest as at

tmp = tempfile.mkdtemp(prefix="cardpipe-progress-")


def note(i):
    return ('{"deck":"Progress","notetype":"Basic","fields":{"Front":"q%d",'
            '"Back":"a%d"},"tags":[],"markup":"text"}\n' % (i, i))


first = os.path.join(tmp, "first.jsonl")
with open(first, "w") as fp:
    fp.writelines(note(i) for i in range(100))
fifo = os.path.join(tmp, "slow.jsonl")
os.mkfifo(fifo)
PARTS = [range(100, 600), range(600, 1100), range(1100, 1300)]
# A note whose tag holds a space: kept, the tag repaired, and a warning.
WARN = ('{"deck":"Progress","notetype":"Basic","fields":{"Front":"w",'
        '"Back":"a"},"tags":["a b"],"markup":"text"}\n')


def feed():
    with open(fifo, "w") as fp:
        for k, part in enumerate(PARTS):
            fp.writelines(note(i) for i in part)
            if k == 1:
                fp.write(WARN)
            fp.flush()
            if k < len(PARTS) - 1:
                time.sleep(1.5)


def run_pty(*args):
    """Runs cardconv with stderr on a pseudo-terminal; returns its text."""
    master, slave = pty.openpty()
    feeder = threading.Thread(target=feed)
    feeder.start()
    p = subprocess.Popen(["cardconv", *args], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=slave, cwd=tmp)
    os.close(slave)
    out = b""
    while True:
        r, _, _ = select.select([master], [], [], 60)
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    feeder.join()
    os.close(master)
    return p.returncode, out.decode()


def run_pipe(*args):
    feeder = threading.Thread(target=feed)
    feeder.start()
    p = subprocess.run(["cardconv", *args], capture_output=True, text=True,
                       cwd=tmp)
    feeder.join()
    return p.returncode, p.stderr


rc, out = run_pty("-f", "cards", "-o", "out.apkg", "first.jsonl",
                  "slow.jsonl")
at.eq(rc, 0, "the conversion, with a warning, exits 0")
lines = re.findall(r"\r\x1b\[Kcardconv: (\d+)/2 files, (\d+) notes, "
                   r"(\d+) notes/s: ([^\r\n]*)", out)
at.ok(len(lines) >= 3, f"the line is drawn and redrawn ({len(lines)} times)",
      repr(out[:400]))
notes = [int(n) for _, n, _, _ in lines]
at.ok(notes == sorted(notes) and notes[0] < notes[-1],
      "the notes written only grow, and grow", notes)
at.ok(any(f == "1" and cur == "slow.jsonl" for f, _, _, cur in lines),
      "it names the file being read and counts the files done",
      sorted(set((f, cur) for f, _, _, cur in lines)))
at.ok(max(notes) <= 1301, "it counts notes, not lines or records", notes)
warn = out.find("cardconv: slow.jsonl:")
at.ok(warn > 0 and (out[warn - 1] == "\n" or
                    out[:warn].endswith("\r\x1b[K")),
      "a message starts on a line of its own, the progress line erased",
      repr(out[max(warn - 80, 0):warn + 80]))
tail = re.search(r"(\r\x1b\[K|\n)cardconv: 2 files, 1 deck, 1301 notes, "
                 r"1301 cards, 0 media, 1 warning, 0 errors in \d+\.\d s\r\n$",
                 out)
at.ok(tail is not None and "\x1b[K" not in out[tail.end(1):],
      "it ends with the summary, on a line of its own, the line erased",
      repr(out[-300:]))
# Anki's own count of what was written.
col = at.fresh_collection()
at.import_apkg(col, os.path.join(tmp, "out.apkg"))
at.eq((col.note_count(), col.card_count()), (1301, 1301),
      "the summary's notes and cards are those Anki imports")
col.close()

rc, out = run_pty("-q", "-f", "cards", "-o", "out3.apkg", "first.jsonl",
                  "slow.jsonl")
at.ok("\x1b[K" not in out and "files" not in out,
      "-q: no progress line and no summary on a terminal", repr(out))
at.ok("slow.jsonl:" in out, "-q: the messages are still printed", repr(out))

rc, err = run_pipe("-f", "cards", "-o", "out4.apkg", "first.jsonl",
                   "slow.jsonl")
at.ok("\r" not in err and "files" not in err and "slow.jsonl:" in err,
      "stderr a pipe: messages, no progress line and no summary", repr(err))
rc, err = run_pipe("-v", "-f", "cards", "-o", "out5.apkg", "first.jsonl",
                   "slow.jsonl")
at.ok("\r" not in err and re.search(
    r"\ncardconv: 2 files, 1 deck, 1301 notes, 1301 cards, 0 media, "
    r"1 warning, 0 errors in [\d.]+ s\n$", err),
      "-v: the summary line alone, at the end, into a pipe", repr(err))

for f in os.listdir(tmp):
    os.unlink(os.path.join(tmp, f))
os.rmdir(tmp)
at.done()
