#!/usr/bin/env bash
# bench/txt.sh [LINES]: how fast txt2cards reads a large deck, and in how
# much memory.
#
# Writes a synthetic deck of LINES lines (default 1000000) to bench/work/,
# mixing the shapes of cardtxt(5): questions with one- and two-line
# answers, T/F statements, multiple choice with the first option on the
# question line, bullets, numbered lists, vocabulary terms, code after a
# question, a missing answer now and then.  Then runs txt2cards on it
# twice under GNU time: with the right declared count (the free reading
# already has it) and with the count off by 25 (the banded search for
# exactly N runs).  Prints lines, cards, wall time, peak RSS and RSS per
# input byte for each run; the target is "a few seconds" with memory
# linear in the input.
#
# A benchmark, not a test: nothing here runs from `make check`.  Needs
# GNU time (bench/setup installs it) and a built bin/txt2cards, or
# $TXT2CARDS.
set -u
cd "$(dirname "$0")" || exit 3
ROOT=$(cd .. && pwd)
WORK=$PWD/work
LINES=${1:-1000000}
TXT2CARDS=${TXT2CARDS:-$ROOT/bin/txt2cards}
GNUTIME=/usr/bin/time

[ -x "$GNUTIME" ] || { echo "bench/txt.sh: needs GNU time; run bench/setup" >&2; exit 3; }
[ -x "$TXT2CARDS" ] || { echo "bench/txt.sh: no $TXT2CARDS; run make" >&2; exit 3; }
mkdir -p "$WORK"

# gen LINES DELTA FILE: a deck of about LINES lines whose Source line
# declares its true count plus DELTA.
gen() {
	awk -v want="$1" -v delta="$2" 'BEGIN {
		srand(42)
		while (n < want) {
			k = int(rand() * 8); c++
			if (k == 0) { b[++n] = "What does process " c " do with its gradients?"
				b[++n] = "It averages them with the other " c % 7 " ranks." }
			else if (k == 1) { b[++n] = "T/F: Rank " c " always runs on GPU 0."
				b[++n] = "False."; b[++n] = "Each rank has its own device." }
			else if (k == 2) { b[++n] = "Which backend suits card " c "? A: nccl"
				b[++n] = "B: gloo"; b[++n] = "C: mpi"; b[++n] = "A: nccl" }
			else if (k == 3) { b[++n] = "Name the steps of job " c "."
				b[++n] = "1. Spawn"; b[++n] = "2. Train"; b[++n] = "3. Save" }
			else if (k == 4) { b[++n] = "Term " c
				b[++n] = "A definition that runs over a few words for term " c "." }
			else if (k == 5) { b[++n] = "What does this print?"
				b[++n] = "print(" c " * 2)"; b[++n] = c * 2 }
			else if (k == 6) { b[++n] = "Why do ranks " c " and " c + 1 " sync?"
				b[++n] = "- To agree on the weights"; b[++n] = "- To keep the optimisers in step" }
			else { b[++n] = "What is the world size of run " c "?"
				if (c % 50 != 0) b[++n] = c % 64 + 1 }
		}
		print "Synthetic Bench Flashcards"
		print "Source: https://example.org/bench (" c + delta " cards)"
		for (i = 1; i <= n; i++) print b[i]
	}' > "$3"
}

run() {	# run LABEL FILE
	local out=$WORK/txt.out err=$WORK/txt.time
	"$GNUTIME" -f '%e %M' -o "$err" "$TXT2CARDS" "$2" > "$out" 2>"$WORK/txt.err"
	local st=$? bytes cards wall rss
	bytes=$(wc -c < "$2")
	cards=$(grep -c '"Front"' "$out")
	read -r wall rss < "$err"
	printf '%-14s %9d lines %8d cards %6.2f s %8d KiB peak RSS %5.1f x input (exit %d, %d messages)\n' \
	    "$1" "$(wc -l < "$2")" "$cards" "$wall" "$rss" \
	    "$(echo "$rss * 1024 / $bytes" | bc -l)" "$st" "$(wc -l < "$WORK/txt.err")"
}

gen "$LINES" 0 "$WORK/txt-exact.txt"
gen "$LINES" 25 "$WORK/txt-off.txt"
echo "txt2cards: $TXT2CARDS, $(wc -c < "$WORK/txt-exact.txt") bytes of input"
run "count right" "$WORK/txt-exact.txt"
run "count off 25" "$WORK/txt-off.txt"
