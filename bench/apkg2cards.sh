#!/usr/bin/env bash
# bench/apkg2cards.sh: how fast apkg2cards reads, and in how much memory.
#
# Inputs:
#   corpus-largest  the largest package of fixtures/apkg by bytes (read
#                   with -m, so media extraction is counted)
#   corpus-notes    the corpus package with the most notes
#   gen-legacy      N generated notes (gen_deck.py, default N = 100000,
#                   or $BENCH_NOTES) written by cards2apkg: legacy layout
#   gen-latest      the same notes exported by the official Anki engine in
#                   the latest layout (zstd, schema 18), made once
# and, beside them, the writer: cards2apkg writing gen-legacy from the
# card stream.  Each run is repeated $BENCH_RUNS times (default 3); the
# median wall time is kept with the peak RSS of that run (GNU time).
# Prints one table row per input: notes, seconds, notes per second, peak
# RSS.  A benchmark, not a test: nothing here runs from `make check`.
# Scratch files go to bench/work/.
set -u
cd "$(dirname "$0")" || exit 3
BENCH=$PWD
ROOT=$(cd .. && pwd)
WORK=$BENCH/work/apkg2cards
PY=$ROOT/.venv/bin/python
GNUTIME=/usr/bin/time
APKG2CARDS=${APKG2CARDS:-$ROOT/bin/apkg2cards}
CARDS2APKG=${CARDS2APKG:-$ROOT/bin/cards2apkg}
N=${BENCH_NOTES:-100000}
RUNS=${BENCH_RUNS:-3}
export LC_ALL=C.UTF-8

[ -x "$GNUTIME" ] && [ -x "$PY" ] && [ -x "$APKG2CARDS" ] &&
    [ -x "$CARDS2APKG" ] ||
	{ echo "apkg2cards.sh: needs GNU time, .venv, apkg2cards and cards2apkg" >&2
	  exit 3; }
mkdir -p "$WORK"

# The generated packages, made once (the deck depends on N alone).
deck=$WORK/deck-$N.jsonl
legacy=$WORK/gen-legacy-$N.apkg
latest=$WORK/gen-latest-$N.apkg
if [ ! -s "$deck" ]; then
	echo "# generating $N notes" >&2
	"$PY" gen_deck.py "$N" "$deck.tmp" && mv "$deck.tmp" "$deck" || exit 3
fi
if [ ! -s "$legacy" ] || [ "$deck" -nt "$legacy" ]; then
	"$CARDS2APKG" -o "$legacy" "$deck" || exit 3
fi
if [ ! -s "$latest" ] || [ "$legacy" -nt "$latest" ]; then
	echo "# exporting $N notes in the latest layout with Anki" >&2
	PYTHONPATH=$ROOT/tests/lib "$PY" - "$legacy" "$latest" <<'EOF' || exit 3
import sys
import ankitest as at
from anki.collection import ExportAnkiPackageOptions
col = at.fresh_collection()
at.import_apkg(col, sys.argv[1])
col.export_anki_package(out_path=sys.argv[2], limit=None,
    options=ExportAnkiPackageOptions(with_scheduling=False,
        with_deck_configs=False, with_media=True, legacy=False))
col.close()
EOF
fi
largest=$(ls -S "$ROOT"/fixtures/apkg/*.apkg "$ROOT"/fixtures/apkg/*.colpkg |
    head -n 1)
most=
best=0
for f in "$ROOT"/fixtures/apkg/*.apkg "$ROOT"/fixtures/apkg/*.colpkg; do
	c=$("$APKG2CARDS" "$f" 2>/dev/null | grep -c '^{"deck"')
	[ "$c" -gt "$best" ] && { best=$c; most=$f; }
done

# Runs a command $RUNS times; prints "median-seconds peak-rss-KiB".
measure() {
	local i tf=$WORK/time.$$
	for i in $(seq "$RUNS"); do
		rm -rf "$WORK/media"
		"$GNUTIME" -f '%e %M' -o "$tf" "$@" >/dev/null 2>"$WORK/err" ||
			{ echo "apkg2cards.sh: failed: $*" >&2
			  cat "$WORK/err" >&2; exit 3; }
		cat "$tf"
	done | sort -n | awk -v r="$RUNS" 'NR == int((r + 1) / 2)'
	rm -f "$tf"
}

echo "machine: $(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB," \
    "$(uname -sr); median of $RUNS runs"
printf '%-15s %-44s %8s %8s %10s %9s\n' input file notes seconds notes/s \
    "peak RSS"
row() {	# row LABEL FILE NOTES SECONDS RSS
	printf '%-15s %-44.44s %8d %8.2f %10.0f %6.1f MiB\n' "$1" \
	    "$(basename "$2")" "$3" "$4" \
	    "$(awk -v n="$3" -v t="$4" 'BEGIN { print (t > 0 ? n / t : 0) }')" \
	    "$(awk -v k="$5" 'BEGIN { print k / 1024 }')"
}
for input in "corpus-largest $largest" "corpus-notes $most" \
    "gen-legacy $legacy" "gen-latest $latest"; do
	set -- $input
	notes=$("$APKG2CARDS" "$2" 2>/dev/null | grep -c '^{"deck"')
	set -- "$1" "$2" "$notes" $(measure "$APKG2CARDS" -m "$WORK/media" "$2")
	row "$@"
done
set -- $(measure "$CARDS2APKG" -o "$WORK/out.apkg" "$deck")
row "cards2apkg" "$deck" "$N" "$1" "$2"
rm -rf "$WORK/media" "$WORK/out.apkg" "$WORK/err"
