# readme.sh: the README's set-up commands and pipelines work when pasted.
# Each indented block of the "Pipelines" section is run from the top of
# a copy of the tree, after `make example`, and must exit 0 with no error
# message (warnings about the example deck's unanswered card are expected).
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }

ok "the README's first set-up command is ./setup && make example" \
    'grep -qx "    ./setup && make example" README.md'
ok "the README's second set-up command is ./setup && make check" \
    'grep -qx "    ./setup && make check" README.md'

# A work copy whose bin/ points at the build under test.
mkdir -p "$T/tree/bin" "$T/tree/out"
cp -r examples fixtures "$T/tree/"
for b in "$CARDPIPE_BIN"/*; do ln -s "$b" "$T/tree/bin/"; done
(cd "$T/tree" &&
    bin/txt2cards examples/pytorch-ddp.txt >out/pytorch-ddp.jsonl 2>/dev/null)

awk '/^## Pipelines/ { on = 1; next } /^## / { on = 0 }
    on && /^    / { sub(/^    /, ""); blk = blk $0 "\n"; next }
    on && blk != "" { print blk > sprintf("'"$T"'/block%02d.sh", ++n); blk = "" }
    END { if (blk != "") print blk > sprintf("'"$T"'/block%02d.sh", ++n) }' \
    README.md
n=0
for b in "$T"/block*.sh; do
	n=$((n + 1))
	(cd "$T/tree" && bash -e -o pipefail "$b") >"$T/out" 2>"$T/err"
	st=$?
	ok "README pipeline $n runs: $(head -n 1 "$b" | cut -c1-60)" \
	    '[ $st -eq 0 ] && ! grep -q " error: " "$T/err" || { sed "s/^/#   /" "$T/err" | head -5; false; }'
done
ok "the README has pipelines to run" '[ $n -ge 5 ]'
ok "Anki imports the first pipeline's package as 17 tagged notes in ML::..." \
    '"$PYTHON" -c "
import sys, ankitest
col = ankitest.fresh_collection()
ankitest.import_apkg(col, sys.argv[1])
ns = ankitest.notes(col)
sys.exit(not (len(ns) == 17 and
    all(n[\"tags\"] == [\"pytorch\"] for n in ns) and
    all(n[\"deck\"] == \"ML::Parallelism with PyTorch\" for n in ns)))
" "$T/tree/out/ml.apkg"'
ok "Anki imports the folder pipeline's package as the example's 17 notes" \
    '"$PYTHON" -c "
import sys, ankitest
col = ankitest.fresh_collection()
ankitest.import_apkg(col, sys.argv[1])
sys.exit(len(ankitest.notes(col)) != 17)
" "$T/tree/out/all.apkg"'
ok "the card count pipeline prints 17" \
    'cd "$T/tree" && [ "$(bin/txt2cards examples/pytorch-ddp.txt 2>/dev/null | jq -s "map(select(.kind == null)) | length")" = 17 ]'
