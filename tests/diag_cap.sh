# diag_cap.sh: a tool prints the first 100 messages of each kind (one
# format, about one file), then at the end one line for each kind saying
# how many more there were; the exit status is still the worst level,
# shown or not.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

# 1000 lines that are not JSON, then 300 notes with a number for a field.
awk 'BEGIN { for (i = 1; i <= 1000; i++) print "{\"fields\":"
	for (i = 1; i <= 300; i++) print "{\"fields\":{\"Front\":1}}" }' >"$T/bad.jsonl"
cards2csv "$T/bad.jsonl" >/dev/null 2>"$T/err"
st=$?
ok "1300 bad lines: exit 1" '[ $st -eq 1 ]'
ok "1300 bad lines of two kinds: 100 of each, and a line for each kind" \
    '[ "$(wc -l <"$T/err")" -eq 202 ] &&
    [ "$(grep -c "error: invalid JSON: " "$T/err")" -eq 100 ] &&
    [ "$(grep -c "error: field \"Front\" is not a string" "$T/err")" -eq 100 ]'
ok "the first 100 of a kind are the ones shown, in order" \
    '[ "$(grep "invalid JSON" "$T/err" | sed -n "1p;100p" |
    sed "s/^cards2csv: [^:]*:\([0-9]*\):.*/\1/" | tr "\n" " ")" = "1 100 " ] &&
    grep -q "bad.jsonl:1100: error: field" "$T/err" &&
    ! grep -q "bad.jsonl:1101: error: field" "$T/err"'
ok "the counts come last, one a kind, in the order the kinds came" \
    '[ "$(tail -n 2 "$T/err")" = "cards2csv: $T/bad.jsonl: error: 900 more like this not shown: invalid JSON: expected a value, found the end of the line
cards2csv: $T/bad.jsonl: error: 200 more like this not shown: field \"Front\" is not a string" ]'

# Each file counts apart.
cp "$T/bad.jsonl" "$T/bad2.jsonl"
cardconv -f cards -t cards "$T/bad.jsonl" "$T/bad2.jsonl" >/dev/null 2>"$T/err"
ok "two files: 100 of each kind from each, and four counts" \
    '[ "$(grep -c "bad.jsonl:[0-9]*:[0-9]*: error: invalid JSON" "$T/err")" -eq 100 ] &&
    [ "$(grep -c "bad2.jsonl:[0-9]*:[0-9]*: error: invalid JSON" "$T/err")" -eq 100 ] &&
    [ "$(grep -c "more like this not shown" "$T/err")" -eq 4 ] &&
    grep -q "bad2.jsonl: error: 900 more like this not shown" "$T/err"'

# Warnings: held back, the exit status stays 0; --strict makes them
# errors, shown or not.
{ echo Deck; echo "Source: https://example.org/, 300 cards"
  for i in $(seq 300); do echo; echo "Question $i?"; done; } >"$T/noanswer.txt"
txt2cards "$T/noanswer.txt" >"$T/out" 2>"$T/err"
st=$?
ok "300 cards with no answer: 100 warnings, one count, exit 0, every card kept" \
    '[ $st -eq 0 ] && [ "$(grep -c "warning: card has no answer" "$T/err")" -eq 100 ] &&
    [ "$(tail -n 1 "$T/err")" = "txt2cards: $T/noanswer.txt: warning: 200 more like this not shown: card has no answer" ] &&
    [ "$(wc -l <"$T/err")" -eq 101 ] && [ "$(grep -c "\"Front\"" "$T/out")" -eq 300 ]'
txt2cards --strict "$T/noanswer.txt" >/dev/null 2>"$T/err"
st=$?
ok "--strict: exit 1, and the count is an error" \
    '[ $st -eq 1 ] && [ "$(tail -n 1 "$T/err")" = "txt2cards: $T/noanswer.txt: error: 200 more like this not shown: card has no answer" ]'

# CSV builds its messages around its own formats: still one kind each.
awk 'BEGIN { print "#separator:tab"; print "q\ta"
	for (i = 1; i <= 150; i++) printf "q%d\ta\textra\n", i
	for (i = 1; i <= 150; i++) printf "r%d\n", i }' >"$T/wide.tsv"
csv2cards "$T/wide.tsv" >/dev/null 2>"$T/err"
st=$?
ok "CSV: two kinds of warning are counted apart" \
    '[ $st -eq 0 ] && [ "$(grep -c "more like this not shown" "$T/err")" -eq 2 ] &&
    [ "$(wc -l <"$T/err")" -eq 202 ] || { head -n 3 "$T/err" | sed "s/^/#   /"; false; }'

# A million bad lines give 101 lines.
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "x" }' >"$T/million.jsonl"
cards2csv "$T/million.jsonl" >/dev/null 2>"$T/err"
st=$?
ok "a million bad lines: exit 1 and 101 lines of messages" \
    '[ $st -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 101 ] &&
    grep -qx "cards2csv: $T/million.jsonl: error: 999900 more like this not shown: invalid JSON: .*" "$T/err"'
