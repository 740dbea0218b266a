#!/usr/bin/env bash
# bench/pipeline.sh [SIZES]: txt2cards | cards2apkg as one pipeline
# against genanki writing the same notes (issue 17: >= 4x genanki), and
# cards2csv and cards2md alone in MB/s of card stream (>= 100 MB/s).
#
# For each size (default "100000 1000000", or $BENCH_SIZES) the notes
# of gen_deck.py (bench/work/deck-N.jsonl, shared with apkg.sh) are also
# written once as a cardtxt(5) deck, deck-N.txt: a title, a Source line
# declaring the count, then each note's front (line breaks made spaces,
# ending in '?') on one line and its back on the next.  Then, runs
# interleaved ($BENCH_RUNS, default 3, median kept): the pipeline,
# genanki on deck-N.jsonl, cards2csv and cards2md on deck-N.jsonl.
# Wall and CPU seconds from GNU time; the pipeline's CPU is both
# processes'.  A benchmark, not a test.
set -u
cd "$(dirname "$0")" || exit 3
. ./benchlib.sh
TIMED=$WORK/pipe
SIZES=${*:-${BENCH_SIZES:-100000 1000000}}

txtdeck() {	# txtdeck N: deck-N.txt from deck-N.jsonl
	[ -s "$WORK/deck-$1.jsonl" ] ||
		"$PY" gen_deck.py "$1" "$WORK/deck-$1.jsonl" || exit 3
	[ -s "$WORK/deck-$1.txt" ] || "$PY" - "$1" "$WORK" <<'PY' || exit 3
import sys
from benchlib import write_cardtxt
n, work = sys.argv[1], sys.argv[2]
with open(f"{work}/deck-{n}.jsonl", encoding="utf-8") as f, \
        open(f"{work}/deck-{n}.txt", "w", encoding="utf-8") as out:
    write_cardtxt(out, "Bench Flashcards", "https://example.org/", n, f)
PY
}

echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in $SIZES; do
	txtdeck "$n"
	deck=$WORK/deck-$n.jsonl
	mb=$(stat -c %s "$deck" | awk '{ printf "%.1f", $1 / 1e6 }')
	rm -f "$WORK"/pipe-*.t
	for r in $(seq "$RUNS"); do
		timed pipeline sh -c "'$BIN/txt2cards' '$WORK/deck-$n.txt' |
		    '$BIN/cards2apkg' -o '$WORK/tmp/pipe.apkg'"
		timed genanki env TMPDIR="$WORK/tmp" "$PY" peer_genanki.py \
		    "$deck" "$WORK/tmp/genanki.apkg"
		timed cards2csv "$BIN/cards2csv" -o "$WORK/tmp/deck.csv" "$deck"
		timed cards2md "$BIN/cards2md" -o "$WORK/tmp/deck.md" "$deck"
	done
	cards=$(grep -c '"fields"' <("$BIN/txt2cards" "$WORK/deck-$n.txt" \
	    2>/dev/null))
	echo "notes $n (txt2cards reads $cards cards; stream $mb MB)"
	for t in pipeline genanki cards2csv cards2md; do
		printf '  %-9s wall %7.3f s  CPU %7.2f s' "$t" \
		    "$(median "$WORK/pipe-$t.t" 1)" "$(median "$WORK/pipe-$t.t" 2)"
		case $t in cards2*) awk -v mb="$mb" -v w="$(median \
		    "$WORK/pipe-$t.t" 1)" 'BEGIN { printf "  %6.1f MB/s", mb / w }' ;;
		esac
		echo
	done
	awk -v g="$(median "$WORK/pipe-genanki.t" 1)" \
	    -v p="$(median "$WORK/pipe-pipeline.t" 1)" \
	    'BEGIN { printf "  genanki / pipeline = %.2f (target >= 4)\n", g / p }'
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$WORK/tmp"
