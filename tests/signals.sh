# signals.sh: a writer killed by SIGINT, SIGTERM, SIGHUP or SIGPIPE in
# the middle of its input leaves neither its output nor any temporary
# (the output's temporary beside it, cards2apkg's folder in TMPDIR), and
# dies of the signal, so that the shell sees how it ended.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

txt2cards fixtures/txt2cards/seed.txt >"$T/notes.jsonl" 2>/dev/null
ok "the seed deck gives notes to feed" '[ "$(grep -c . "$T/notes.jsonl")" -gt 17 ]'

# Runs TOOL on a FIFO that gives a few notes and then stays open, waits
# until the tool's temporaries exist, sends SIG, and checks what is left.
interrupt() {	# interrupt TOOL EXT SIG
	local tool=$1 ext=$2 sig=$3 d=$T/$1-$3 rc i
	mkdir -p "$d/tmp"
	mkfifo "$d/in.jsonl"
	(cat "$T/notes.jsonl"; exec sleep 60) >"$d/in.jsonl" &
	local feeder=$!
	# A script's background jobs ignore SIGINT, and a suite run under
	# nohup(1) ignores SIGHUP; at a terminal they don't.
	TMPDIR=$d/tmp env --default-signal=INT,HUP "$CARDPIPE_BIN/$tool" -o "$d/out.$ext" "$d/in.jsonl" \
	    2>"$d/err" &
	local pid=$!
	for i in $(seq 100); do
		ls "$d" | grep -q '^out\..*\.tmp\.' && break
		sleep 0.05
	done
	sleep 0.2	# past the first notes
	ok "$tool: a temporary beside the output while it runs" \
	    'ls "$d" | grep -q "^out\..*\.tmp\."'
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	kill "$feeder" 2>/dev/null
	wait "$feeder" 2>/dev/null
	ok "$tool: killed by SIG$sig, it dies of it (status $rc)" \
	    '[ $rc -eq $((128 + $(kill -l "$sig"))) ]'
	ok "$tool: SIG$sig leaves no output and no temporary beside it" \
	    '[ "$(ls "$d")" = "$(printf "%s\n" err in.jsonl tmp)" ]'
	ok "$tool: SIG$sig leaves nothing in TMPDIR" \
	    '[ -z "$(ls -A "$d/tmp")" ]'
}

interrupt cards2apkg apkg INT
interrupt cards2apkg apkg TERM
interrupt cards2apkg apkg HUP
interrupt cards2csv csv TERM
interrupt cards2md md INT
interrupt cardconv jsonl PIPE

# A package's media extracted on their way to another package (a private
# folder with files in it) go too.
d=$T/extracted
mkdir -p "$d/tmp"
printf '%s\n' '{"fields":{"Front":"<img src=\"cat.png\">","Back":"b"},"markup":"html"}' |
    cards2apkg -m fixtures/cards2apkg/features -o "$d/pkg.apkg"
mkfifo "$d/in.jsonl"
(cat "$T/notes.jsonl"; exec sleep 60) >"$d/in.jsonl" &
feeder=$!
TMPDIR=$d/tmp "$CARDPIPE_BIN/cardconv" -o "$d/out.apkg" "$d/pkg.apkg" \
    "$d/in.jsonl" 2>"$d/err" &
pid=$!
for i in $(seq 100); do
	ls "$d"/tmp/*/media/0/cat.png >/dev/null 2>&1 && break
	sleep 0.05
done
ok "cardconv: a package's media are extracted in TMPDIR while it runs" \
    'ls "$d"/tmp/*/media/0/cat.png >/dev/null 2>&1'
kill -s TERM "$pid"
wait "$pid"
kill "$feeder" 2>/dev/null
wait "$feeder" 2>/dev/null
ok "cardconv: SIGTERM leaves nothing of the extraction in TMPDIR" \
    '[ -z "$(ls -A "$d/tmp")" ]'

# A signal the parent ignored stays ignored (nohup): the tool finishes.
d=$T/nohup
mkdir -p "$d"
mkfifo "$d/in.jsonl"
(cat "$T/notes.jsonl"; sleep 1) >"$d/in.jsonl" &
feeder=$!
(trap '' HUP; exec "$CARDPIPE_BIN/cards2csv" -o "$d/out.csv" "$d/in.jsonl") &
pid=$!
sleep 0.5
kill -s HUP "$pid"
wait "$pid"
rc=$?
wait "$feeder"
ok "an ignored SIGHUP stays ignored and the output is written (status $rc)" \
    '[ $rc -eq 0 ] && [ "$(grep -c . "$d/out.csv")" -gt 17 ]'
