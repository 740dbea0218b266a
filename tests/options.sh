# options.sh: an option value no reader or writer takes is bad usage,
# whichever of them would take it: every tool exits 2 with one line that
# names the value and the values taken, then the usage line, having read
# nothing and created nothing.  Each input is a FIFO that nobody writes:
# a tool that opened it would wait, and the timeout would say so.  The
# CSV reader and writer name the same separators.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

# TOOL OUT-EXT IN-EXT NAMED|ARGS: the error line must hold NAMED.
CASES="txt2cards jsonl txt \"\"|--split ''
csv2cards jsonl csv bogus|--separator bogus
csv2cards jsonl csv guid|--columns guid,Front,guid
md2cards jsonl md bogus|--dialect bogus
md2cards jsonl md nosuch.json|--sr-settings nosuch.json
apkg2cards jsonl apkg bogus|--markup bogus
cards2csv csv jsonl bogus|--separator bogus
cards2csv csv jsonl x|--separator x
cards2csv csv jsonl Front,,Back|--columns Front,,Back
cards2md md jsonl bogus|--style bogus
cards2html html jsonl a5|--paper a5
cards2html html jsonl 0|--per-page 0
cards2html html jsonl 65|--per-page 65
cards2html html jsonl x|--per-page x
cardconv csv txt \"\"|--split ''
cardconv jsonl csv bogus|--separator bogus
cardconv csv jsonl bogus|--separator bogus
cardconv csv jsonl Front,,Back|--columns Front,,Back
cardconv jsonl md bogus|--dialect bogus
cardconv jsonl md nosuch.json|--sr-settings nosuch.json
cardconv jsonl apkg bogus|--markup bogus
cardconv md jsonl bogus|--style bogus
cardconv html jsonl a5|--paper a5
cardconv html jsonl 0|--per-page 0
cardconv csv txt bogus|-f bogus
cardconv csv txt bogus|-t bogus"

n=0
while IFS='|' read -r head args; do
	set -- $head
	tool=$1 out=$2 in=$3 bad=$4
	n=$((n + 1))
	d="$T/case$n"
	mkdir "$d"
	mkfifo "$d/in.$in"
	(cd "$d" && eval "timeout 10 \"$CARDPIPE_BIN/$tool\" $args -o out.$out in.$in" \
	    >stdout 2>stderr)
	rc=$?
	ok "$tool $args: exit 2" '[ $rc -eq 2 ] || { echo "#   exit $rc"; sed "s/^/#   /" "$d/stderr"; false; }'
	ok "$tool $args: one error line naming the value, then the usage line" \
	    '[ "$(wc -l <"$d/stderr")" -eq 2 ] &&
	    head -n 1 "$d/stderr" | grep -q "^$tool: error: " &&
	    head -n 1 "$d/stderr" | grep -qF -- "$bad" &&
	    tail -n 1 "$d/stderr" | grep -q "^usage: $tool "'
	ok "$tool $args: nothing written or created" \
	    '[ ! -s "$d/stdout" ] && [ "$(ls "$d")" = "$(printf "in.%s\nstderr\nstdout" "$in")" ]'
done <<EOF
$CASES
EOF

# Each writer's message names what it takes; the harness itself works:
# given a good value, the tool does read its FIFO and write its output.
# The writer has its own timeout: were the tool missing, nothing would
# open the FIFO's other end and the wait below would never end.
mkfifo "$T/good.jsonl"
timeout 10 sh -c 'printf "%s\n" "$1" >"$2"' sh \
    '{"fields":{"Front":"a","Back":"b"}}' "$T/good.jsonl" &
timeout 10 cards2csv --separator colon -o "$T/good.csv" "$T/good.jsonl"
rc=$?
wait
ok "cards2csv --separator colon writes Anki's #separator:colon" \
    '[ $rc -eq 0 ] && grep -qx "#separator:colon" "$T/good.csv"'

# The names each side's message lists, one a line, sorted.
names() {
	sed -n 's/^[a-z0-9]*: error: --separator: not \([a-z]*\(, [a-z]*\)*\).*/\1/p' |
	    tr -d ' ' | tr , '\n' | sort
}
csv2cards --separator bogus </dev/null 2>&1 | names >"$T/read.names"
cards2csv --separator bogus </dev/null 2>&1 | names >"$T/write.names"
ok "csv2cards and cards2csv name the same separators" \
    '[ -s "$T/read.names" ] && cmp -s "$T/read.names" "$T/write.names" ||
    { paste "$T/read.names" "$T/write.names" | sed "s/^/#   /"; false; }'
for s in $(cat "$T/read.names"); do
	printf '{"fields":{"Front":"a","Back":"b"}}\n' |
	    cards2csv --separator "$s" >"$T/sep.csv" 2>"$T/sep.err"
	ok "cards2csv --separator $s is read back by csv2cards" \
	    '[ ! -s "$T/sep.err" ] &&
	    [ "$(csv2cards "$T/sep.csv" 2>/dev/null | jq -r "select(.fields) | .fields.Back")" = b ]'
done
