# bench/benchlib.sh: what batch.sh and pipeline.sh share, sourced from
# bench/ after `set -u`: their settings, and the timing of tools run in
# interleaved runs whose medians are kept.  The script sets TIMED, the
# path its timing files begin with.
ROOT=$(cd .. && pwd)
WORK=$PWD/work
PY=$ROOT/.venv/bin/python
BIN=${CARDPIPE_BIN:-$ROOT/bin}
RUNS=${BENCH_RUNS:-3}
export LC_ALL=C.UTF-8
mkdir -p "$WORK/tmp"

# timed NAME CMD...: runs CMD, its output to /dev/null and its errors to
# $TIMED-NAME.log, and adds "WALL CPU" (seconds; CPU is user + system of
# the whole process tree, from GNU time) as a line to $TIMED-NAME.t.
timed() {
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	/usr/bin/time -f '%U %S' -o "$TIMED-$name.cpu" "$@" \
	    >/dev/null 2>"$TIMED-$name.log"
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc) $(awk '{print $1 + $2}' \
	    "$TIMED-$name.cpu")" >>"$TIMED-$name.t"
}

median() {	# median FILE COLUMN
	sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
	    END { print v[int((NR + 1) / 2)] }'
}
