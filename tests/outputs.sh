# outputs.sh: where output may go and what a failure leaves: -o onto a
# character device or a FIFO writes into it, other things that are not
# files are refused, a full disk or device gives one message naming the
# file and ENOSPC and leaves nothing behind, a read that fails is not
# taken for the end of input, and running out of memory says so once and
# removes the temporaries.  Devices are made in a temporary folder, never
# taken from /dev; the device and full-disk checks need root (mknod,
# mount) and are skipped without it.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'mountpoint -q "$T/small" && umount "$T/small"; rm -rf "$T"' EXIT
ulimit -c 0	# the out-of-memory cases abort()

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

# Inputs for every reader and writer, each giving well over 64 KiB.
mkdir "$T/in"
awk 'BEGIN { for (i = 1; i <= 3000; i++)
	printf "{\"fields\":{\"Front\":\"question %d, lorem ipsum dolor\",\"Back\":\"answer %d\"}}\n", i, i }' \
    >"$T/in/deck.jsonl"
awk 'BEGIN { print "Deck"; print "Source: https://example.org/, 3000 cards"
	for (i = 1; i <= 3000; i++) { print ""; printf "Question %d, lorem ipsum dolor?\nAnswer %d.\n", i, i } }' \
    >"$T/in/deck.txt"
awk 'BEGIN { for (i = 1; i <= 3000; i++)
	printf "question %d, lorem ipsum dolor\tanswer %d\n", i, i }' >"$T/in/deck.tsv"
cards2md -o "$T/in/deck.md" "$T/in/deck.jsonl"
cards2apkg -o "$T/in/deck.apkg" "$T/in/deck.jsonl"
ok "the inputs are made" '[ -s "$T/in/deck.md" ] && [ -s "$T/in/deck.apkg" ] &&
    [ "$(txt2cards "$T/in/deck.txt" 2>&1 >/dev/null)" = "" ]'

# EXT INPUT TOOL [ARGS]: each writer, and each reader with its -o.
CASES="csv deck.jsonl cards2csv
md deck.jsonl cards2md
html deck.jsonl cards2html
apkg deck.jsonl cards2apkg
jsonl deck.jsonl cardconv -t cards
jsonl deck.txt txt2cards
jsonl deck.tsv csv2cards --separator tab
jsonl deck.md md2cards
jsonl deck.apkg apkg2cards"

# The lines of FILE that are errors.
errors() { grep -c ': error: ' "$1"; }

if mknod "$T/full" c 1 7 2>/dev/null && mknod "$T/null" c 1 3 &&
    mknod "$T/blk" b 7 250; then
	while read -r ext in tool args; do
		"$tool" $args -o "$T/full" "$T/in/$in" 2>"$T/err"
		st=$?
		ok "$tool -o a full device: exit 3 (status $st)" '[ $st -eq 3 ]'
		ok "$tool -o a full device: one error, naming it and ENOSPC" \
		    '[ "$(errors "$T/err")" -eq 1 ] && grep -qx "$tool: $T/full: error: write error: No space left on device" "$T/err"'
		ok "$tool -o a full device: it is still the device, and nothing is left beside it" \
		    '[ -c "$T/full" ] && [ "$(ls "$T" | tr "\n" " ")" = "blk err full in null " ]'
		"$tool" $args -o "$T/null" "$T/in/$in" 2>"$T/err"
		st=$?
		ok "$tool -o a null device: exit 0, written into the device" \
		    '[ $st -eq 0 ] && [ -c "$T/null" ] && [ ! -s "$T/err" ] &&
		    [ "$(ls "$T" | tr "\n" " ")" = "blk err full in null " ]'
	done <<<"$CASES"
	cards2csv "$T/in/deck.jsonl" >"$T/full" 2>"$T/err"
	st=$?
	ok "a write error on standard output: exit 3, one error naming <stdout> and ENOSPC" \
	    '[ $st -eq 3 ] && [ "$(errors "$T/err")" -eq 1 ] &&
	    grep -qx "cards2csv: <stdout>: error: write error: No space left on device" "$T/err"'
	cards2csv -o "$T/blk" "$T/in/deck.jsonl" 2>"$T/err"
	st=$?
	ok "-o a block device is refused: exit 3, one error, nothing written" \
	    '[ $st -eq 3 ] && [ -b "$T/blk" ] && [ "$(errors "$T/err")" -eq 1 ] &&
	    grep -qx "cards2csv: $T/blk: error: a block device, not a file, character device or FIFO: nothing written" "$T/err" &&
	    [ "$(ls "$T" | tr "\n" " ")" = "blk err full in null " ]'
	rm -f "$T/full" "$T/null" "$T/blk"
else
	echo "# skipped: the device cases need root (mknod)"
fi

# A FIFO is written into as standard output is.
mkfifo "$T/fifo"
# A tool that replaced the FIFO would leave cat waiting for a writer.
timeout 20 cat "$T/fifo" >"$T/fifo.out" &
cards2csv -o "$T/fifo" "$T/in/deck.jsonl" 2>"$T/err"
st=$?
wait
cards2csv "$T/in/deck.jsonl" >"$T/stdout.out"
ok "-o a FIFO writes into it: exit 0, the same bytes as standard output" \
    '[ $st -eq 0 ] && [ -p "$T/fifo" ] && [ ! -s "$T/err" ] &&
    cmp -s "$T/fifo.out" "$T/stdout.out" &&
    [ "$(ls "$T" | tr "\n" " ")" = "err fifo fifo.out in stdout.out " ]'
rm -f "$T/fifo" "$T/fifo.out" "$T/stdout.out"

mkdir "$T/folder"
cards2md -o "$T/folder" "$T/in/deck.jsonl" 2>"$T/err"
st=$?
ok "-o a folder is refused: exit 3, one error, nothing written in it or beside it" \
    '[ $st -eq 3 ] && [ "$(errors "$T/err")" -eq 1 ] &&
    grep -qx "cards2md: $T/folder: error: a folder, not a file, character device or FIFO: nothing written" "$T/err" &&
    [ -z "$(ls -A "$T/folder")" ] && [ "$(ls "$T" | tr "\n" " ")" = "err folder in " ]'
rmdir "$T/folder"
"$PYTHON" -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/sock"
cards2html -o "$T/sock" "$T/in/deck.jsonl" 2>"$T/err"
st=$?
ok "-o a socket is refused: exit 3, one error, the socket stays" \
    '[ $st -eq 3 ] && [ -S "$T/sock" ] && [ "$(errors "$T/err")" -eq 1 ] &&
    grep -q "cards2html: $T/sock: error: a socket, not a file" "$T/err" &&
    [ "$(ls "$T" | tr "\n" " ")" = "err in sock " ]'
rm -f "$T/sock"

# A full disk: the output folder on a 64 KiB tmpfs.
mkdir "$T/small"
if mount -t tmpfs -o size=64k tmpfs "$T/small" 2>/dev/null; then
	while read -r ext in tool args; do
		"$tool" $args -o "$T/small/out.$ext" "$T/in/$in" 2>"$T/err"
		st=$?
		ok "$tool on a full disk: exit 3 (status $st)" '[ $st -eq 3 ]'
		ok "$tool on a full disk: one error, naming the file and ENOSPC" \
		    '[ "$(errors "$T/err")" -eq 1 ] && grep -qx "$tool: $T/small/out.$ext: error: write error: No space left on device" "$T/err" ||
		    { sed "s/^/#   /" "$T/err"; false; }'
		ok "$tool on a full disk: nothing left behind" \
		    '[ -z "$(ls -A "$T/small")" ]'
	done <<<"$CASES"
	umount "$T/small"
else
	echo "# skipped: the full-disk cases need root (mount -t tmpfs)"
fi
rmdir "$T/small"

# A read that fails is reported, not taken for the end of input: a
# folder given as input (read(2) fails with EISDIR) ...
mkdir "$T/out"
mkdir "$T/folder"
for tool in txt2cards csv2cards md2cards apkg2cards cards2csv; do
	"$tool" -o "$T/out/out" <"$T/folder" 2>"$T/err"
	st=$?
	ok "$tool reading a folder: exit 3, \"Is a directory\", no output" \
	    '[ $st -eq 3 ] && grep -q "^$tool: <stdin>[:0-9]*: error: read error: Is a directory$" "$T/err" &&
	    [ -z "$(ls -A "$T/out")" ]'
done
rmdir "$T/folder"

# A sanitizer reserves terabytes of shadow memory at start-up: under an
# address-space limit its tools die before main().  gcc links its runtime
# as a shared library, clang into the program: look for the symbol.
if grep -qa '__[at]san_init' "$CARDPIPE_BIN/md2cards"; then
	echo "# skipped: the memory cases need tools built without a sanitizer"
else
	# ... and a line longer than the memory left (getline(3) fails with
	# ENOMEM, and sets no error flag on the stream).  Line 2 is 256 MiB, in
	# a 160 MiB address space.
	for c in "txt2cards Deck" "cards2csv {\"fields\":{\"Front\":\"one\"}}"; do
		tool=${c%% *}
		{ printf '%s\n' "${c#* }"; head -c 268435456 /dev/zero | tr '\0' a
		  printf '\n%s\n' "${c#* }"; } |
		    timeout 120 prlimit --as=167772160 "$tool" -o "$T/out/out" 2>"$T/err"
		st=$?
		ok "$tool, a line too long for the memory left: exit 3, reported at line 2, no output" \
		    '[ $st -eq 3 ] &&
		    grep -qx "$tool: <stdin>:2: error: read error: Cannot allocate memory" "$T/err" &&
		    [ -z "$(ls -A "$T/out")" ] || { sed "s/^/#   /" "$T/err"; false; }'
	done

	# Out of memory where the library allocates: one line, the temporaries
	# removed (the output's beside it, cards2apkg's folder in TMPDIR).
	mkdir "$T/tmp"
	oom() {	# oom NAME TOOL LIMIT OUT: standard input is the input
		local name=$1 tool=$2 limit=$3 out=$4 st
		# The braces keep the shell's "Aborted" out of the test's output.
		{ TMPDIR=$T/tmp timeout 120 prlimit --as="$limit" "$tool" \
		    -o "$T/out/$out" 2>"$T/err"; st=$?; } 2>/dev/null
		ok "$tool out of memory ($name): fails (status $st), saying so in one line" \
		    '[ $st -ne 0 ] && [ "$(cat "$T/err")" = "$tool: out of memory" ] ||
		    { sed "s/^/#   /" "$T/err"; false; }'
		ok "$tool out of memory ($name): no output, no temporary" \
		    '[ -z "$(ls -A "$T/out")" ] && [ -z "$(ls -A "$T/tmp")" ]'
	}
	# A 256 MiB Markdown file is read whole into a buffer that doubles.
	head -c 268435456 /dev/zero | tr '\0' a | oom "a growing buffer" md2cards 167772160 out.jsonl
	# A 60 MB field: the line fits, cJSON's copies of it do not.
	{ printf '{"fields":{"Front":"'; head -c 60000000 /dev/zero | tr '\0' a; printf '"}}\n'; } |
	    oom "in cJSON" cards2csv 314572800 out.csv
	{ printf '{"fields":{"Front":"'; head -c 60000000 /dev/zero | tr '\0' a; printf '"}}\n'; } |
	    oom "in cJSON" cards2apkg 314572800 out.apkg
fi
