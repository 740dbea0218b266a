# foundation.sh: what every tool and the build promise: atomic output,
# --help and --version, a usage line equal to the man page's SYNOPSIS,
# man pages clean under mandoc -Tlint, and make install into DESTDIR.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

TOOLS="apkg2cards cardconv cards2apkg cards2csv cards2html cards2md csv2cards md2cards txt2cards"

# Atomic output: an input with an error leaves no file and no temporary.
printf '%s\n' '{"fields":{"Front":"fine"}}' '{"fields":' >"$T/bad.jsonl"
cardconv -f cards -o "$T/out.jsonl" "$T/bad.jsonl" 2>"$T/err"
st=$?
ok "an error gives exit status 1" '[ $st -eq 1 ]'
ok "an error leaves no output file" '[ ! -e "$T/out.jsonl" ]'
ok "an error leaves no temporary file" \
    '[ -z "$(ls "$T" | grep -v -e "^bad.jsonl$" -e "^err$")" ]'
ok "the error names file, line and column" \
    'grep -q "^cardconv: $T/bad.jsonl:2:[0-9]*: error: invalid JSON" "$T/err"'

# The stream reader decodes ahead on a second thread, in batches that go
# round a ring: 1000 lines wrap it several times.  Records and messages
# must still come in the order of the input.
awk 'BEGIN { for (i = 1; i <= 1000; i++)
	if (i % 97 == 0) print "{\"fields\":"
	else printf "{\"fields\":{\"Front\":\"n%d\",\"Back\":\"b\"}}\n", i }' \
    >"$T/many.jsonl"
cardconv -f cards -t cards -o - "$T/many.jsonl" >"$T/many.out" 2>"$T/many.err"
st=$?
awk 'BEGIN { for (i = 1; i <= 1000; i++) if (i % 97 != 0) print "n" i }' \
    >"$T/many.want"
ok "a long stream keeps its 990 good notes, in order, past bad lines" \
    '[ $st -eq 1 ] && sed "s/.*\"Front\":\"\([^\"]*\)\".*/\1/" \
    "$T/many.out" | cmp -s - "$T/many.want"'
ok "a long stream's bad lines are reported in order, with their lines" \
    '[ "$(sed "s/^cardconv: [^:]*:\([0-9]*\):.*/\1/" "$T/many.err" |
    tr "\n" " ")" = "97 194 291 388 485 582 679 776 873 970 " ]'
rm -f "$T/many.jsonl" "$T/many.out" "$T/many.err" "$T/many.want"

printf '%s\n' '{"fields":{"Front":"fine"}}' >"$T/good.jsonl"
echo old >"$T/out.jsonl"
cardconv -f cards -o "$T/out.jsonl" "$T/good.jsonl"
ok "a good conversion replaces the output" \
    'grep -q "\"Front\":\"fine\"" "$T/out.jsonl"'
cardconv -f cards -o "$T/out.jsonl" "$T/bad.jsonl" 2>/dev/null
ok "a failed conversion leaves the old output untouched" \
    'grep -q "\"Front\":\"fine\"" "$T/out.jsonl"'
cardconv -f cards -o "$T/missing/dir/out.jsonl" "$T/good.jsonl" 2>"$T/err"
st=$?
ok "an unwritable output is a system error (exit 3)" '[ $st -eq 3 ]'
cardconv -f cards -o "$T/out2.jsonl" "$T/nonexistent.jsonl" \
    "$T/good.jsonl" 2>"$T/err"
st=$?
ok "a missing input is a system error and the next input is still read" \
    '[ $st -eq 3 ] && grep -q "nonexistent.jsonl: error: No such file" "$T/err"'
cardconv -o "$T/x.jsonl" "$T/input.weird" 2>"$T/err"
ok "an input of unknown format is reported" \
    'grep -q "cannot tell the format" "$T/err"'
# A device like /dev/full, made here: tests never touch /dev itself.
if mknod "$T/full" c 1 7 2>/dev/null; then
	cardconv -f cards -t cards "$T/good.jsonl" >"$T/full" 2>"$T/err"
	st=$?
	ok "a write error on standard output is reported (exit 3)" \
	    '[ $st -eq 3 ] && grep -qx "cardconv: <stdout>: error: write error: No space left on device" "$T/err"'
	rm -f "$T/full"
fi

for t in $TOOLS; do
	"$t" --help >"$T/help" 2>&1
	st=$?
	ok "$t --help exits 0 and shows the usage" \
	    '[ $st -eq 0 ] && head -n 1 "$T/help" | grep -q "^usage: $t "'
	"$t" --version >"$T/version" 2>&1
	ok "$t --version names the tool and version" \
	    'grep -qx "$t (cardpipe) [0-9.]*" "$T/version"'
	"$t" --no-such-option >/dev/null 2>&1
	st=$?
	ok "$t refuses an unknown option with exit 2" '[ $st -eq 2 ]'
	if [ -f "man/$t.1" ]; then
		usage=$(head -n 1 "$T/help" | sed 's/^usage: //')
		synopsis=$(MANWIDTH=1000 mandoc -Tutf8 -O width=1000 \
		    "man/$t.1" | col -b | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' |
		    sed '1d;$d' | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')
		ok "$t: usage line equals the man page SYNOPSIS" \
		    '[ "$usage" = "$synopsis" ] || { echo "#   usage:    $usage"; echo "#   synopsis: $synopsis"; false; }'
	else
		ok "$t has a man page" false
	fi
done

for m in man/*.1 man/*.5; do
	ok "mandoc -Tlint is clean on $m" \
	    '[ -z "$(mandoc -Tlint -W warning "$m" 2>&1)" ]'
done

make -s install DESTDIR="$T/dest" PREFIX=/opt/cp >"$T/install.log" 2>&1
ok "make install honours DESTDIR and PREFIX" \
    '[ -x "$T/dest/opt/cp/bin/txt2cards" ] &&
     [ -f "$T/dest/opt/cp/share/man/man5/cards.5" ] &&
     [ -f "$T/dest/opt/cp/lib/libcardpipe.a" ] &&
     [ -f "$T/dest/opt/cp/include/cardpipe.h" ] &&
     grep -q "^prefix=/opt/cp$" "$T/dest/opt/cp/lib/pkgconfig/cardpipe.pc"'
