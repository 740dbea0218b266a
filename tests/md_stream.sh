# md_stream.sh: cards2md and cards2html hold one note (one page of notes)
# at a time: twenty times the notes take no more memory.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

deck() {	# deck N: N notes of a few lines each
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++)
			printf "{\"deck\":\"Big\",\"fields\":{\"Front\":\"Question %d *with* <markup>\",\"Back\":\"line\\nline\\nline\\nline\"},\"markup\":\"text\"}\n", i
	}'
}
deck 2000 >"$T/small.jsonl"
deck 40000 >"$T/big.jsonl"

# AddressSanitizer holds freed memory back for a while: not here.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
for tool in cards2md cards2html; do
	/usr/bin/time -f %M -o "$T/small.rss" "$tool" "$T/small.jsonl" >"$T/small.out"
	/usr/bin/time -f %M -o "$T/big.rss" "$tool" "$T/big.jsonl" \
	    >"$T/$tool.out"
	small=$(tail -n 1 "$T/small.rss") big=$(tail -n 1 "$T/big.rss")
	ok "$tool: 40000 notes in $big KB, 2000 in $small KB" \
	    '[ "$big" -lt $((small * 6 / 5 + 1024)) ]'
done
ok "cards2md wrote every note" \
    '[ "$(grep -c "^\*\*Q:\*\* Question" "$T/cards2md.out")" -eq 40000 ]'
ok "cards2html wrote every sheet" \
    '[ "$(grep -c "<cp-sheet class=\"sheet fronts\">" "$T/cards2html.out")" -eq 5000 ]'
