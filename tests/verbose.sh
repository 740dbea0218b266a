# verbose.sh: -v says how a text was read, as one "note" per file, and
# only -v does: without it nothing is said of a file read cleanly, and
# a note is no fault, so --strict still exits 0.  cardconv -v passes the
# readers' notes on too.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

printf 'What is 2+2?\nFour.\n\nWhat is 3+3?\nSix.\n\nWhat is 4+4?\nEight.\n' >"$T/blocks.txt"
printf 'front one\tback one\nfront two\tback two\nfront three\tback three\n' >"$T/tabs.txt"
printf '# Deck\n\nWhat is 2+2?::Four\n\nWhat is 3+3?::Six\n' >"$T/liners.md"
printf 'Some prose about rivers.\n\nMore prose.\n' >"$T/prose.md"

for f in blocks.txt tabs.txt liners.md prose.md; do
	tool=txt2cards
	case $f in *.md) tool=md2cards ;; esac
	$tool --strict "$T/$f" >"$T/$f.quiet" 2>"$T/$f.quiet.err"
	rc=$?
	case $f in prose.md) want=1 ;; *) want=0 ;; esac
	ok "$tool $f: no note without -v" '! grep -q ": note: " "$T/$f.quiet.err" && [ $rc -eq $want ]'
	$tool -v --strict "$T/$f" >"$T/$f.out" 2>"$T/$f.err"
	rc=$?
	ok "$tool -v $f: one note, at line 1, and the exit status --strict gives without -v" \
	    '[ "$(grep -c ": note: read as " "$T/$f.err")" -eq 1 ] &&
	    grep -q "^$tool: $T/$f:1: note: " "$T/$f.err" && [ $rc -eq $want ]'
	ok "$tool -v $f: the same cards as without it" 'cmp -s "$T/$f.out" "$T/$f.quiet"'
done
ok "txt2cards -v names blank-line blocks" \
    'grep -q "note: read as cards parted by blank lines, one a block$" "$T/blocks.txt.err"'
ok "txt2cards -v names the tab that parts each line" \
    'grep -q "note: read as one card a line, front and back parted by \"tab\"$" "$T/tabs.txt.err"'
ok "md2cards -v names the dialect its marks chose" \
    'grep -q "note: read as obsidian_sr: marks only it makes weigh [1-9][0-9]*, no other tool" "$T/liners.md.err"'
ok "md2cards -v says plain when no tool's marks are found" \
    'grep -q "note: read as plain: no tool.s marks found" "$T/prose.md.err"'
md2cards -v --dialect mdanki "$T/liners.md" >/dev/null 2>"$T/forced.err"
ok "md2cards -v --dialect says the option chose" \
    'grep -q "note: read as mdanki, as --dialect says$" "$T/forced.err"'

cardconv -v -t cards -o "$T/conv.jsonl" "$T/blocks.txt" "$T/liners.md" 2>"$T/conv.err"
rc=$?
ok "cardconv -v passes each reader's note on" \
    '[ $rc -eq 0 ] && [ "$(grep -c ": note: read as " "$T/conv.err")" -eq 2 ]'
cardconv -t cards -o "$T/conv2.jsonl" "$T/blocks.txt" "$T/liners.md" 2>"$T/conv2.err"
ok "cardconv without -v says no note" '! grep -q ": note: " "$T/conv2.err"'
