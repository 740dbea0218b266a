#!/usr/bin/env bash
# bench/isal_cpu.sh [N]: does cards2apkg's package depend on the processor?
#
# ISA-L picks igzip's code from CPUID once per process.  isal_cpu.c,
# preloaded, replaces the choice of a machine with AVX-512 by the code a
# processor with AVX2 only, or with neither, would run.  The same N-note
# deck (gen_deck.py, default 100000) is written with SOURCE_DATE_EPOCH
# set under each, and the package's digest and size are printed beside
# the digest of what it unpacks to.  On a machine without AVX-512 the
# first rows measure the code that machine picks instead.
set -u
cd "$(dirname "$0")" || exit 3
ROOT=$(cd .. && pwd)
WORK=$PWD/work
N=${1:-100000}
mkdir -p "$WORK"
cc -O2 -shared -fPIC -o "$WORK/isal_avx2.so" -DPATH_AVX2 isal_cpu.c -lisal &&
    cc -O2 -shared -fPIC -o "$WORK/isal_pre_avx2.so" isal_cpu.c -lisal || exit 3
[ -s "$WORK/deck-$N.jsonl" ] ||
    "$ROOT/.venv/bin/python" gen_deck.py "$N" "$WORK/deck-$N.jsonl" || exit 3
if grep -q -w avx512f /proc/cpuinfo; then cpu=AVX-512
elif grep -q -w avx2 /proc/cpuinfo; then cpu=AVX2
else cpu="neither AVX2 nor AVX-512"; fi
echo "processor: $cpu"
printf '%-10s %-16s %10s  %s\n' path package bytes unpacked
for path in native avx2 pre_avx2; do
	pre=
	[ "$path" = native ] || pre=$WORK/isal_$path.so
	SOURCE_DATE_EPOCH=1700000000 LD_PRELOAD=$pre \
	    "$ROOT/bin/cards2apkg" -o "$WORK/isal-$N-$path.apkg" \
	    "$WORK/deck-$N.jsonl" || exit 1
	printf '%-10s %-16s %10s  %s\n' "$path" \
	    "$(sha256sum <"$WORK/isal-$N-$path.apkg" | cut -c1-16)" \
	    "$(stat -c %s "$WORK/isal-$N-$path.apkg")" \
	    "$(unzip -p "$WORK/isal-$N-$path.apkg" | sha256sum | cut -c1-16)"
done
