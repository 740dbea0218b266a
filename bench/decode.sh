#!/bin/sh
# bench/decode.sh: the card stream decoder alone (bench/decode.c), old
# (jansson) against new, in MB/s of stream, on three streams made once in
# bench/work/: the apkg bench's 100000 notes (gen_deck.py), 2000 notes of
# long fields (two of 20 kB, a tenth of them escaped), and 1000000 tiny
# notes (one field of one letter, no other key).
#
#	bench/decode.sh [runs]		# best of runs, default 3
set -e
cd "$(dirname "$0")/.."
W=bench/work
mkdir -p $W
make -s build/bench/decode
[ -s $W/deck-100000.jsonl ] || .venv/bin/python bench/gen_deck.py 100000 \
    $W/deck-100000.jsonl
[ -s $W/long-fields.jsonl ] || python3 -c '
import json, random
rng = random.Random(17)
words = "lorem ipsum dolor sit amet café ἀρετή 漢字 😀 R&D \"q\" a\\\\b".split()
for i in range(2000):
    f = {k: " ".join(rng.choice(words) for _ in range(2500))[:20000]
         for k in ("Front", "Back")}
    print(json.dumps({"deck": "Long", "notetype": "Basic", "fields": f,
        "tags": ["long"], "markup": "text"},
        ensure_ascii=(i % 10 == 0), separators=(",", ":")))
' >$W/long-fields.jsonl
[ -s $W/tiny-notes.jsonl ] || awk 'BEGIN { for (i = 0; i < 1000000; i++)
    printf "{\"fields\":{\"F\":\"%c\"}}\n", 97 + i % 26 }' \
    >$W/tiny-notes.jsonl
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
build/bench/decode -r "${1:-3}" $W/deck-100000.jsonl $W/long-fields.jsonl \
    $W/tiny-notes.jsonl
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
