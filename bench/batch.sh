#!/usr/bin/env bash
# bench/batch.sh: cardconv on a folder (issue 15) against the loop of
# pipelines doing the same and against genanki.
#
# Two batches of cardtxt(5) decks made from gen_deck.py's notes (a title,
# a Source line, each note's front on one line ending in '?', its back on
# the next): "small", 1000 decks of 20 notes in 20 folders of 50, and
# "large", 10 decks of 20000 notes; with $BENCH_SCALE=S, 1000/S decks
# and 20000/S notes, in folders of their own ("small-S", "large-S").
# Beside each, the card streams they were made from, for genanki, which
# reads no flashcard text.  Runs
# interleaved ($BENCH_RUNS, default 3; median wall and CPU kept):
#   cardconv   cardconv -q -o all.apkg FOLDER: one package, a deck a file
#   other      the same with $CARDCONV_OTHER, another build, when set
# ($BENCH_TOOLS, space-separated, picks some of them.)
#   loop       for each file: txt2cards FILE | cards2apkg -o FILE.apkg,
#              the pipelines one by one, a package each
#   loop-one   for each file: txt2cards FILE; then one cards2apkg: the
#              same notes in one package, as a shell user would
#   genanki    peer_genanki_batch.py: one package, a deck a file
# Then Anki imports cardconv's package of each batch and counts its notes
# and decks.  A benchmark, not a test.
set -u
cd "$(dirname "$0")" || exit 3
. ./benchlib.sh
TIMED=$WORK/batch
SCALE=${BENCH_SCALE:-1}

# make NAME NDECKS NOTES PER_FOLDER: WORK/batch-NAME (text) and
# WORK/batch-NAME-jsonl (streams), from deck-(NDECKS*NOTES).jsonl.
make_batch() {
	local name=$1 ndecks=$2 notes=$3 per=$4 total=$(($2 * $3))
	[ -d "$WORK/batch-$name" ] && return
	[ -s "$WORK/deck-$total.jsonl" ] ||
		"$PY" gen_deck.py "$total" "$WORK/deck-$total.jsonl" || exit 3
	"$PY" - "$WORK" "$name" "$ndecks" "$notes" "$per" "$total" <<'PY' ||
import os, sys
from benchlib import write_cardtxt
work, name = sys.argv[1], sys.argv[2]
ndecks, notes, per, total = map(int, sys.argv[3:])
with open(f"{work}/deck-{total}.jsonl", encoding="utf-8") as f:
    lines = [l for l in f if '"kind"' not in l]
for d in range(ndecks):
    sub = f"f{d // per:02d}/" if per < ndecks else ""
    for kind in ("", "-jsonl"):
        os.makedirs(f"{work}/batch-{name}{kind}/{sub}", exist_ok=True)
    chunk = lines[d * notes:(d + 1) * notes]
    with open(f"{work}/batch-{name}-jsonl/{sub}d{d:04d}.jsonl", "w",
              encoding="utf-8") as out:
        out.writelines(chunk)
    with open(f"{work}/batch-{name}/{sub}d{d:04d}.txt", "w",
              encoding="utf-8") as out:
        write_cardtxt(out, f"Deck {d} Flashcards",
                      f"https://example.org/{d}", notes, chunk)
PY
	exit 3
}

echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
batches="small large"
[ "$SCALE" = 1 ] || batches="small-$SCALE large-$SCALE"
ndecks=$((1000 / SCALE))
make_batch "${batches% *}" "$ndecks" 20 $((ndecks > 20 ? ndecks / 20 : 1))
make_batch "${batches#* }" 10 $((20000 / SCALE)) 10
tools=${BENCH_TOOLS:-cardconv${CARDCONV_OTHER:+ other} loop loop-one genanki}
has() { case " $tools " in *" $1 "*) return 0;; esac; return 1; }
for b in $batches; do
	dir=$WORK/batch-$b
	files=$(cd "$dir" && find . -name '*.txt' | sort)
	rm -f "$WORK"/batch-*.t
	for r in $(seq "$RUNS"); do
		timed cardconv "$BIN/cardconv" -q -o "$WORK/tmp/batch.apkg" "$dir"
		has other && timed other "$CARDCONV_OTHER" -q \
		    -o "$WORK/tmp/other.apkg" "$dir"
		rm -rf "$WORK/tmp/loop" && mkdir -p "$WORK/tmp/loop"
		has loop && timed loop sh -c "cd '$dir' && for f in $(echo $files)
		    do '$BIN/txt2cards' \"\$f\" | '$BIN/cards2apkg' \
		    -o '$WORK/tmp/loop/'\$(echo \"\$f\" | tr / _).apkg || exit 1
		    done"
		has loop-one && timed loop-one sh -c "cd '$dir' &&
		    for f in $(echo $files); do
		    '$BIN/txt2cards' \"\$f\" || exit 1; done |
		    '$BIN/cards2apkg' -o '$WORK/tmp/loop-one.apkg'"
		has genanki && timed genanki env TMPDIR="$WORK/tmp" "$PY" \
		    peer_genanki_batch.py "$dir-jsonl" "$WORK/tmp/genanki.apkg"
	done
	echo "batch $b: $(echo "$files" | wc -l) decks, $(cat "$dir"/*/*.txt \
	    "$dir"/*.txt 2>/dev/null | grep -c '?$') notes"
	for t in $tools; do
		printf '  %-9s wall %7.3f s  CPU %7.2f s\n' "$t" \
		    "$(median "$WORK/batch-$t.t" 1)" "$(median "$WORK/batch-$t.t" 2)"
	done
	"$PY" - "$WORK/tmp/batch.apkg" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.getcwd(), "..", "tests", "lib"))
import ankitest as at
col = at.fresh_collection()
at.import_apkg(col, sys.argv[1])
decks = [d for d in col.decks.all_names_and_ids() if d.name != "Default"]
print(f"  Anki imports cardconv's package: {col.note_count()} notes, "
      f"{col.card_count()} cards, {len(decks)} decks")
col.close()
PY
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
