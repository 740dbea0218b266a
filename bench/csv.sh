#!/usr/bin/env bash
# bench/csv.sh [SIZES]: cards2csv and csv2cards throughput and memory.
#
# For each deck size (default "100000 1000000", or $BENCH_SIZES) the
# synthetic deck of gen_deck.py (made once in bench/work/, shared with
# apkg.sh) is written as CSV by cards2csv, and that CSV read back by
# csv2cards; the wall and CPU time, MB/s of input (by wall time and by
# CPU time, which a shared machine disturbs less) and peak RSS (GNU time)
# of each are printed, with `cat` of the same input as the floor.  The peak RSS
# at the smallest and the largest size shows whether memory grows with
# the number of rows: it should not.
#
# A benchmark, not a test: nothing here runs from `make check`.
set -u
cd "$(dirname "$0")" || exit 3
BENCH=$PWD
ROOT=$(cd .. && pwd)
WORK=$BENCH/work
PY=$ROOT/.venv/bin/python
GNUTIME=/usr/bin/time
BIN=${CARDPIPE_BIN:-$ROOT/bin}
SIZES=${*:-${BENCH_SIZES:-100000 1000000}}
export LC_ALL=C.UTF-8

[ -x "$GNUTIME" ] && [ -x "$PY" ] ||
	{ echo "csv.sh: needs GNU time and ./setup's .venv" >&2; exit 3; }
mkdir -p "$WORK"

prepare() {	# prepare N: the deck of N notes, made once
	local deck=$WORK/deck-$1.jsonl
	if [ ! -s "$deck" ] || [ gen_deck.py -nt "$deck" ]; then
		echo "# generating $1 notes" >&2
		"$PY" gen_deck.py "$1" "$deck.tmp" && mv "$deck.tmp" "$deck" ||
		    exit 3
	fi
}

# measure NAME N INPUT OUTPUT CMD...: one timed run; prints a table row.
measure() {
	local name=$1 n=$2 in=$3 out=$4 log=$WORK/csv-time.log
	shift 4
	if ! "$GNUTIME" -f '%e %U %S %M' -o "$log" "$@" <"$in" >"$out" \
	    2>"$WORK/csv-$name.err"; then
		echo "csv.sh: $name failed on $n notes:" >&2
		head -n 5 "$WORK/csv-$name.err" >&2
		return 1
	fi
	read -r secs user sys rss <"$log"
	awk -v name="$name" -v n="$n" -v bytes="$(stat -c %s "$in")" \
	    -v secs="$secs" -v user="$user" -v sys="$sys" -v rss="$rss" 'BEGIN {
		mb = bytes / 1e6
		cpu = user + sys
		printf "%-10s %9d %9.1f %8.2f %8.2f %9.1f %9.1f %9.1f\n",
		    name, n, mb, secs, cpu, (secs > 0 ? mb / secs : 0),
		    (cpu > 0 ? mb / cpu : 0), rss / 1024
	}'
}

echo "# $(nproc) cores, $(uname -sr); $(date -u '+%Y-%m-%d %H:%M UTC')"
printf "%-10s %9s %9s %8s %8s %9s %9s %9s\n" filter notes "input MB" \
    "wall s" "CPU s" "MB/s wall" "MB/s CPU" "RSS MiB"
for n in $SIZES; do
	prepare "$n"
	deck=$WORK/deck-$n.jsonl
	csv=$WORK/deck-$n.tsv
	measure cat "$n" "$deck" /dev/null cat
	measure cards2csv "$n" "$deck" "$csv" "$BIN/cards2csv" || exit 1
	measure csv2cards "$n" "$csv" /dev/null "$BIN/csv2cards" || exit 1
	rows=$(grep -vc '^#' "$csv")
	[ "$rows" -ge "$n" ] ||
		echo "csv.sh: $csv holds $rows lines for $n notes" >&2
	rm -f "$csv"
done
