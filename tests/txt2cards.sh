#!/usr/bin/env bash
# tests/txt2cards.sh: what the golden fixtures cannot show: standard
# input, -o with --strict, several files, --help and --version, and a
# long generated deck that must come out as exactly its declared cards.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FX=$CARDPIPE_ROOT/fixtures/txt2cards

check() {	# check DESCRIPTION COMMAND...
	if eval "${@:2}" >/dev/null 2>&1; then
		echo "ok - $1"
	else
		echo "not ok - $1"
	fi
}

txt2cards < "$FX/seed.txt" > "$T/stdin.out" 2> "$T/stdin.err"
check "standard input gives the seed's 17 cards" \
    '[ "$(grep -c "\"Front\"" "$T/stdin.out")" -eq 17 ]'
check "standard input is named <stdin> in sources and messages" \
    'grep -q "\"source\":\"<stdin>:44\"" "$T/stdin.out" &&
     grep -qx "txt2cards: <stdin>:44: warning: card has no answer" "$T/stdin.err"'
check "the same cards from a file and from standard input" \
    'diff <(sed "s/<stdin>/seed.txt/" "$T/stdin.out") "$FX/seed.out"'

txt2cards --strict -o "$T/strict.jsonl" "$FX/seed.txt" 2>/dev/null
rc=$?
check "--strict turns the missing answer into exit status 1" '[ $rc -eq 1 ]'
check "--strict -o leaves no output file behind" \
    '[ ! -e "$T/strict.jsonl" ] && [ -z "$(ls "$T" | grep strict)" ]'
txt2cards -o "$T/seed.jsonl" "$FX/seed.txt" 2>/dev/null
check "-o writes the stream when only warnings were reported" \
    'cmp -s <(sed "s|$FX/||" "$T/seed.jsonl") "$FX/seed.out"'

txt2cards "$FX/seed.txt" "$FX/vocab.txt" > "$T/two.out" 2>/dev/null
check "two files give two deck records and 17 + 10 cards" \
    '[ "$(grep -c "\"kind\":\"deck\"" "$T/two.out")" -eq 2 ] &&
     [ "$(grep -c "\"Front\"" "$T/two.out")" -eq 27 ]'

check "--help prints the usage line and exits 0" \
    'txt2cards --help | grep -q "^usage: txt2cards \[-d deck\] \[-e encoding\] \[--split S\] \[--strict\] \[-v\] \[-o FILE\] \[FILE ...\]"'
check "--version exits 0" 'txt2cards --version | grep -q "^txt2cards (cardpipe) "'
check "an unknown option is a usage error (2)" \
    'txt2cards --no-such-option </dev/null; [ $? -eq 2 ]'
check "a missing file is a system error (3)" \
    'txt2cards "$T/no-such-file.txt"; [ $? -eq 3 ]'

# A long deck of three card shapes; every 40th question lacks its answer
# and is followed by a prompt that the free reading would swallow, so
# only the declared count gets every card right.
awk 'BEGIN {
	for (c = 1; c <= 3000; c++) {
		k = c % 3
		if (k == 0) { q[c] = "What does rank " c " hold?"; a[c] = "A shard of the batch." }
		else if (k == 1) { q[c] = "Name the steps of job " c "."; a[c] = "1. Spawn\n2. Train" }
		else { q[c] = "T/F: Rank " c " runs first."; a[c] = "False.\nRanks start together." }
	}
	print "Generated Flashcards"
	print "Source: https://example.org/generated (3000 cards)"
	for (c = 1; c <= 3000; c++) {
		print q[c]
		if (c % 40 != 39) print a[c]
	}
}' > "$T/long.txt"
txt2cards "$T/long.txt" > "$T/long.out" 2> "$T/long.err"
check "a generated deck gives exactly its 3000 declared cards" \
    '[ "$(grep -c "\"Front\"" "$T/long.out")" -eq 3000 ]'
check "each generated card keeps its own question" \
    '[ "$(grep -cE "\"Front\":\"(What does rank [0-9]+ hold\?|Name the steps of job [0-9]+\.|T/F: Rank [0-9]+ runs first\.)\",\"Back\"" "$T/long.out")" -eq 3000 ]'
check "each missing answer is reported, and nothing else" \
    '[ "$(grep -c "warning: card has no answer" "$T/long.err")" -eq 75 ] &&
     [ "$(wc -l < "$T/long.err")" -eq 75 ]'

# Headerless files of each layout: every card comes out, and ten times
# the cards take about ten times the CPU (a square would take a hundred).
gen() {	# gen LAYOUT N
	awk -v n="$2" -v l="$1" 'BEGIN {
		if (l == "json")
			print "["
		for (c = 1; c <= n; c++)
			if (l == "json")
				printf "{\"question\": \"What is item %d?\", \"answer\": \"It is the value %d.\", \"id\": %d}%s\n", c, c, c, c < n ? "," : "]"
			else if (l == "blocks")
				printf "What is item %d?\nIt is the value %d.\nIt follows item %d.\n\n", c, c, c - 1
			else if (l == "groups")
				printf "Term %d\n\nmeaning %d\n\n\n", c, c
			else if (l == "split")
				printf "Term %d - meaning %d\n", c, c
			else
				printf "word%d\nthe meaning of word %d\n", c, c
	}'
}
cputime() {	# cputime FILE: user time to read it, in milliseconds
	local TIMEFORMAT=%U t
	t=$( { time txt2cards "$1" > "$1.out" 2>/dev/null; } 2>&1 )
	echo $(( 10#${t/./} + 1 ))
}
for layout in blocks groups alternating split json; do
	gen $layout 20000 > "$T/$layout-small.txt"
	gen $layout 200000 > "$T/$layout-large.txt"
	small=$(cputime "$T/$layout-small.txt")
	large=$(cputime "$T/$layout-large.txt")
	check "a headerless $layout file of 200000 cards gives them all" \
	    '[ "$(grep -c "\"Front\":\"\(What is item \|Term \|word\)[0-9]*?\?\",\"Back\":\"\(It is\|meaning\|the meaning\)" "$T/$layout-large.txt.out")" -eq 200000 ] &&
	     [ "$(grep -c "\"Front\"" "$T/$layout-large.txt.out")" -eq 200000 ]'
	check "ten times the $layout cards take under thirty times the time ($small, $large)" \
	    '[ "$large" -lt $((30 * small)) ]'
done
