#!/usr/bin/env bash
# tests/fuzz_regress.sh: every input fuzzing found, fuzz/regress/HARNESS/*,
# replayed through its harness (fuzz/fuzz_HARNESS.c, built without
# libFuzzer by fuzz/replay.c) in the build tree under test, so that
# `make sanitize` replays them under ASan and UBSan from gcc and clang.
# Each input gets 10 seconds, the limit it was fuzzed with: a slow input
# is a finding as much as a crash.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
REPLAY=$CARDPIPE_BIN/../replay
cd "$CARDPIPE_ROOT/fuzz/regress" || exit 1

for input in */*; do
	harness=fuzz_${input%%/*}
	timeout 10 "$REPLAY/$harness" "$input" >/dev/null 2>"$T/err"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok - $harness $input"
	else
		echo "not ok - $harness $input: exit status $rc"
		head -n 20 "$T/err" | sed 's/^/#   /'
	fi
done
