#!/usr/bin/env bash
# bench/apkg.sh [SIZES]: cards2apkg against its peers and the floor.
#
# For each deck size (default "10000 100000 1000000", or $BENCH_SIZES) the
# same synthetic deck (gen_deck.py) is written by
#   cards2apkg   bin/cards2apkg, or $CARDS2APKG
#   genanki      peer_genanki.py, genanki at its defaults
#   apkg-export  peer_apkg_export.js, anki-apkg-export at its defaults,
#                under `timeout 120` (it runs out of memory early)
#   floor        the sqlite3 command loading the same rows into the
#                schema-11 tables in one transaction, journal off, then
#                `zip -1` (floor_rows.py prepares the rows, untimed)
# and the wall time, peak RSS (GNU time) and package size of each are
# printed as a table, then the ratios and a PASS/MISS for each target of
# the cards2apkg issue.  Sizes below 1M are run $BENCH_RUNS times (default
# 3, tools interleaved) and the median time is kept; 1M runs once.  Each
# tool's package is checked once, at 10000 notes (written untimed when
# 10000 is not among the sizes), with the official Anki engine
# (verify.py); a cards2apkg whose package fails the check misses every
# target.
#
# A benchmark, not a test: nothing here runs from `make check`.  Scratch
# files go to bench/work/.  Run bench/setup first.
set -u
cd "$(dirname "$0")" || exit 3
BENCH=$PWD
ROOT=$(cd .. && pwd)
WORK=$BENCH/work
PY=$ROOT/.venv/bin/python
GNUTIME=/usr/bin/time
CARDS2APKG=${CARDS2APKG:-$ROOT/bin/cards2apkg}
SIZES=${*:-${BENCH_SIZES:-10000 100000 1000000}}
RUNS=${BENCH_RUNS:-3}
TOOLS="cards2apkg genanki apkg-export floor"
export LC_ALL=C.UTF-8
# How each runtime says it ran out of memory (sql.js's fixed 16 MiB heap,
# V8, Python), and what else in a log is worth showing.
OOM_WORDS='Cannot enlarge memory|out of memory|MemoryError|Cannot allocate'
FAILURE_WORDS="$OOM_WORDS|error"

[ -x "$GNUTIME" ] && [ -x "$PY" ] && [ -d node_modules/anki-apkg-export ] ||
	{ echo "apkg.sh: run bench/setup first" >&2; exit 3; }
mkdir -p "$WORK"

# The machine the figures come from.
machine() {
	local cpu mem
	cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
	mem=$(free -g | awk '/^Mem:/ { print $2 " GiB" }')
	echo "$(nproc) cores ($cpu), $mem RAM, $(uname -sr)"
}

# The deck and the floor's rows for N notes, made once and reused (both
# are deterministic); remade when the script that makes them changed.
prepare() {	# prepare N
	local deck=$WORK/deck-$1.jsonl fl=$WORK/floor-$1
	if [ ! -s "$deck" ] || [ gen_deck.py -nt "$deck" ]; then
		echo "# generating $1 notes" >&2
		# A name of our own: csv.sh may be making the same deck.
		"$PY" gen_deck.py "$1" "$deck.$$" &&
		    mv "$deck.$$" "$deck" || exit 3
	fi
	if [ ! -s "$fl/floor.sql" ] || [ "$deck" -nt "$fl/floor.sql" ] ||
	    [ floor_rows.py -nt "$fl/floor.sql" ] ||
	    [ benchlib.py -nt "$fl/floor.sql" ]; then
		echo "# preparing the floor's rows for $1 notes" >&2
		rm -rf "$fl"
		"$PY" floor_rows.py "$deck" "$fl" || exit 3
	fi
}

# Runs one tool once; sets T (wall seconds), C (CPU seconds, user +
# system), RSS (KiB), SZ (bytes), ST (ok, OOM, timeout or "failed rc=N").
run_tool() {	# run_tool TOOL N OUT LOG
	local tool=$1 n=$2 out=$3 log=$4 deck=$WORK/deck-$2.jsonl
	local tf=$WORK/time.$$ t0 t1 rc
	local -a cmd
	rm -f "$out"
	case $tool in
	cards2apkg)
		cmd=("$CARDS2APKG" -o "$out" "$deck") ;;
	genanki)
		# genanki leaves its temporary database behind: keep it in
		# work/ and remove it after the run.
		mkdir -p "$WORK/tmp"
		cmd=(env TMPDIR="$WORK/tmp" "$PY" peer_genanki.py "$deck" "$out") ;;
	apkg-export)
		cmd=(timeout 120 node peer_apkg_export.js "$deck" "$out") ;;
	floor)
		rm -f "$WORK/floor-$n/collection.anki2"
		cmd=(sh -c 'cd "$1" && sqlite3 collection.anki2 <floor.sql \
		    >/dev/null && zip -q -1 -X "$2" collection.anki2 media' \
		    sh "$WORK/floor-$n" "$out") ;;
	esac
	t0=$(date +%s%N)
	"$GNUTIME" -f 'bench %M %U %S' -o "$tf" "${cmd[@]}" >"$log" 2>&1
	rc=$?
	t1=$(date +%s%N)
	rm -rf "$WORK/tmp"
	T=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
	RSS=$(awk '$1 == "bench" { print $2 }' "$tf")
	C=$(awk '$1 == "bench" { printf "%.2f", $3 + $4 }' "$tf")
	rm -f "$tf"
	SZ=$(stat -c %s "$out" 2>/dev/null || echo 0)
	if [ "$rc" -eq 0 ] && [ "$SZ" -gt 0 ]; then
		ST=ok
	elif [ "$rc" -eq 124 ]; then
		ST=timeout
	elif grep -qiE "$OOM_WORDS" "$log"; then
		ST=OOM
	else
		ST="failed rc=$rc"
	fi
}

mib() { awk -v k="${1:-0}" 'BEGIN { printf "%.1f", k / 1024 }'; }
mb() { awk -v b="${1:-0}" 'BEGIN { printf "%.2f", b / 1e6 }'; }

# Checks the N-note packages of the tools whose status is ok with the
# Anki engine; the result goes to work/verify.txt.
verify() {	# verify N STATUS-ARRAY-NAME
	local -n st=$2
	local -a pkgs=()
	local tool
	: >"$WORK/verify.txt"
	for tool in $TOOLS; do
		if [ "${st[$tool]}" = ok ]; then
			pkgs+=("$tool=$WORK/out-$1/$tool.apkg")
		else
			echo "$tool: not checked (${st[$tool]})" \
			    >>"$WORK/verify.txt"
		fi
	done
	echo "# checking the $1-note packages with the Anki engine" >&2
	[ ${#pkgs[@]} -gt 0 ] && "$PY" verify.py "$WORK/deck-$1.jsonl" \
	    "${pkgs[@]}" >>"$WORK/verify.txt" 2>&1
	cat "$WORK/verify.txt" >&2
}

RESULTS=$WORK/results.tsv
: >"$RESULTS"
rm -f "$WORK/verify.txt"
declare -A FAILED_AT

echo "# cardpipe bench/apkg.sh, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# machine: $(machine)"
echo "# load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "# cards2apkg: $CARDS2APKG ($(cd "$ROOT" && git rev-parse --short HEAD))"
VERIFY_AT=10000

for n in $SIZES; do
	prepare "$n"
	runs=$RUNS
	[ "$n" -ge 1000000 ] && runs=1
	mkdir -p "$WORK/out-$n"
	declare -A times=() peak=() size=() status=()
	for ((r = 1; r <= runs; r++)); do
		for tool in $TOOLS; do
			# A tool that failed does not get to fail again.
			[ -n "${status[$tool]:-}" ] &&
			    [ "${status[$tool]}" != ok ] && continue
			if [ -n "${FAILED_AT[$tool]:-}" ]; then
				status[$tool]="not run (${FAILED_AT[$tool]})"
				continue
			fi
			run_tool "$tool" "$n" "$WORK/out-$n/$tool.apkg" \
			    "$WORK/out-$n/$tool.log"
			echo "# $n $tool run $r: $T s, $(mib "$RSS") MiB, $ST" >&2
			times[$tool]="${times[$tool]:-} $T:$C"
			[ "${RSS:-0}" -gt "${peak[$tool]:-0}" ] && peak[$tool]=$RSS
			size[$tool]=$SZ
			status[$tool]=$ST
			[ "$ST" = ok ] || FAILED_AT[$tool]="$ST at $n"
		done
	done
	for tool in $TOOLS; do
		# The run of median wall time, with its CPU time.
		med=$(printf '%s\n' ${times[$tool]:-} | sort -t : -n -k 1 |
		    awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)] }')
		med=${med:--:-}
		# No empty columns: read(1) would merge the tabs around them.
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$tool" \
		    "${med%%:*}" "${peak[$tool]:--}" "${size[$tool]:--}" \
		    "${status[$tool]}" "${med#*:}" >>"$RESULTS"
	done
	[ "$n" -eq "$VERIFY_AT" ] && verify "$n" status
	unset times peak size status
done
# The check is always made at $VERIFY_AT notes; when that size was not in
# the run, each tool writes it once more, untimed.
if [ ! -s "$WORK/verify.txt" ]; then
	prepare "$VERIFY_AT"
	mkdir -p "$WORK/out-$VERIFY_AT"
	declare -A vstatus=()
	for tool in $TOOLS; do
		run_tool "$tool" "$VERIFY_AT" "$WORK/out-$VERIFY_AT/$tool.apkg" \
		    "$WORK/out-$VERIFY_AT/$tool.log"
		vstatus[$tool]=$ST
	done
	verify "$VERIFY_AT" vstatus
fi

# The table, from the results file.
echo
printf '%-8s %-12s %9s %8s %10s %10s  %s\n' notes tool time_s cpu_s \
    peak_MiB size_MB status
while IFS=$'\t' read -r n tool t rss sz st c; do
	if [ "$st" = ok ]; then
		printf '%-8s %-12s %9s %8s %10s %10s  %s\n' "$n" "$tool" "$t" \
		    "$c" "$(mib "$rss")" "$(mb "$sz")" ok
	else
		printf '%-8s %-12s %9s %8s %10s %10s  %s\n' "$n" "$tool" "$t" \
		    "${c:--}" "$( [ "$rss" != - ] && mib "$rss" || echo -)" - \
		    "$st"
		case $st in
		"not run"*) ;;
		*) { grep -m 1 -iE "$FAILURE_WORDS" "$WORK/out-$n/$tool.log" ||
		    sed -n '/./{p;q;}' "$WORK/out-$n/$tool.log"; } |
		    cut -c 1-110 | sed 's/^/           | /' ;;
		esac
	fi
done <"$RESULTS"

# What Anki saw.
echo
echo "Anki engine check at $VERIFY_AT notes:"
if [ -s "$WORK/verify.txt" ]; then
	sed 's/^/  /' "$WORK/verify.txt"
else
	echo "  (nothing to check)"
fi
c2a_ok=0
grep -q '^cards2apkg: ok' "$WORK/verify.txt" 2>/dev/null && c2a_ok=1

# Ratios and targets.
get() {	# get N TOOL FIELD(3=time 4=rss 5=size 7=cpu), for a tool that succeeded
	awk -F'\t' -v n="$1" -v t="$2" -v f="$3" \
	    '$1 == n && $2 == t && $6 == "ok" { print $f }' "$RESULTS"
}
ratio() {	# ratio A B DECIMALS
	awk -v a="$1" -v b="$2" -v d="$3" \
	    'BEGIN { if (b > 0) printf "%.*f", d, a / b; else printf "n/a" }'
}
cmp_ok() {	# cmp_ok EXPR: 1 when the awk expression (of unrounded figures) holds
	awk "BEGIN { print ($1) ? 1 : 0 }"
}
verdict() {	# verdict 1|0
	if [ "$c2a_ok" -ne 1 ]; then echo "MISS (package not verified)"
	elif [ "$1" -eq 1 ]; then echo PASS
	else echo MISS
	fi
}
echo
echo "Targets for cards2apkg (speed at 100000 and 1000000 notes; size at every size; RSS at 1000000):"
echo "Verdicts judge wall time; CPU time (user + system) is shown beside it"
echo "because other work on the machine stretches wall time."
printf '%-8s %-30s %-30s %-30s %s\n' notes "genanki/cards2apkg time" \
    "cards2apkg/floor time" "genanki/cards2apkg size" "cards2apkg peak RSS"
printf '%-8s %-30s %-30s %-30s %s\n' "" "(target >= 5x)" "(target <= 0.7x)" \
    "(target >= 3x)" "(target < 64 MiB at 1M)"
for n in $SIZES; do
	ct=$(get "$n" cards2apkg 3) cr=$(get "$n" cards2apkg 4)
	cs=$(get "$n" cards2apkg 5) gt=$(get "$n" genanki 3)
	gs=$(get "$n" genanki 5) ft=$(get "$n" floor 3)
	cc=$(get "$n" cards2apkg 7) gc=$(get "$n" genanki 7)
	fc=$(get "$n" floor 7)
	speed=- floor=- size=- rss=-
	if [ -z "$ct" ]; then
		printf '%-8s %s\n' "$n" "cards2apkg: $(awk -F'\t' -v n="$n" \
		    '$1 == n && $2 == "cards2apkg" { print $6 }' "$RESULTS")"
		continue
	fi
	target=0
	[ "$n" -ge 100000 ] && target=1
	if [ -n "$gt" ]; then
		speed="$(ratio "$gt" "$ct" 1)x (cpu $(ratio "$gc" "$cc" 1)x)"
		[ "$target" -eq 1 ] &&
		    speed="$speed $(verdict "$(cmp_ok "$gt / $ct >= 5")")"
	fi
	if [ -n "$ft" ]; then
		floor="$(ratio "$ct" "$ft" 2)x (cpu $(ratio "$cc" "$fc" 2)x)"
		[ "$target" -eq 1 ] &&
		    floor="$floor $(verdict "$(cmp_ok "$ct / $ft <= 0.7")")"
	fi
	if [ -n "$gs" ]; then
		size="$(ratio "$gs" "$cs" 1)x $(verdict "$(cmp_ok "$gs / $cs >= 3")")"
	fi
	rss="$(mib "$cr") MiB"
	[ "$n" -ge 1000000 ] &&
	    rss="$rss $(verdict "$(cmp_ok "$cr < 64 * 1024")")"
	printf '%-8s %-30s %-30s %-30s %s\n' "$n" "$speed" "$floor" "$size" "$rss"
done
echo
echo "# load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
