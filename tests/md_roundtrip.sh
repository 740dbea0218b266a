# md_roundtrip.sh: cards2md, then md2cards, gives the same card stream
# byte for byte, but for "source" (which now names the Markdown file),
# in the qa and quiz styles, for the seed deck, every stream the txt2cards
# fixtures hold and this folder's tricky and plain decks; and an edited
# file still reads with its edits.
cd "$CARDPIPE_ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fi; }
# The record's own "source" is its last known key: a field may be named so.
nosource() { sed -E 's/(.*),"source":"([^"\\]|\\.)*"/\1/' "$1"; }

txt2cards fixtures/txt2cards/seed.txt >"$T/seed.jsonl" 2>/dev/null
# Plain notes among others, in decks that change, with text CommonMark
# could take for markup or for a label, a comment or a table.
"${PYTHON:-python3}" - >"$T/random.raw" <<'EOF'
import json, random
PIECES = ["*", "**", "_", "#", "## D2", "1.", "-", "<", ">", "`", "```",
          "[", "]", "|", "\\", "&", "&#42;", "---", "<!--", "-->", "\n",
          "\n\n", " ", "    ", "word", "日本", "Q:", "**Q:**", "**A:**",
          "<!-- cardpipe {} -->", "| a | b |\n| - | - |"]
rnd = random.Random(7)
def text():
    return "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 8)))
for i in range(300):
    if rnd.random() < 0.03:
        d = {"kind": "deck", "name": rnd.choice(["D1", "D2"])}
        if rnd.random() < 0.5:
            d["description"] = text()
        print(json.dumps(d))
    n = {"deck": "D1" if rnd.random() < 0.85 else rnd.choice(["D2", "D 3"]),
         "notetype": "Basic", "fields": {"Front": text(), "Back": text()},
         "tags": ["x"] if rnd.random() < 0.1 else [],
         "markup": "markdown" if rnd.random() < 0.05 else "text"}
    if rnd.random() < 0.05:
        n["fields"]["Q"] = text()
    print(json.dumps(n))
EOF
cardconv -f cards -t cards -o "$T/random.jsonl" "$T/random.raw"
cards2md "$T/random.jsonl" >"$T/random.md"
notes=$(grep -c '"fields"' "$T/random.jsonl")
comments=$(grep -c '^<!-- cardpipe {"deck"' "$T/random.md")
ok "plain notes go without a comment ($comments of $notes notes have one)" \
    '[ "$comments" -gt 20 ] && [ "$comments" -lt $((notes / 2)) ]'

decks="$T/seed.jsonl $T/random.jsonl"
for f in tricky seed plain mixed otherdeck nodeck nofields; do
	decks="$decks fixtures/cards2md/$f.jsonl"
done
for f in fixtures/txt2cards/*.out; do
	[ -s "$f" ] && decks="$decks $f"
done
n=0
for f in $decks; do
	for style in qa quiz; do
		cards2md --style "$style" "$f" >"$T/deck.md" 2>"$T/err1"
		md2cards "$T/deck.md" >"$T/back.jsonl" 2>"$T/err2"
		nosource "$f" >"$T/want"
		nosource "$T/back.jsonl" >"$T/got"
		name="$(basename "$f") ($style)"
		ok "$name: cards2md | md2cards gives the same stream" \
		    'cmp -s "$T/want" "$T/got"'
		ok "$name: and says nothing" '[ ! -s "$T/err1" ] && [ ! -s "$T/err2" ]'
		n=$((n + 1))
	done
done
ok "round trips over $n decks and styles" '[ $n -ge 10 ]'

# Real Anki decks, their fields as text and as Markdown.
n=0 bad=
for f in fixtures/apkg/*.apkg fixtures/apkg/*.colpkg; do
	for markup in text markdown; do
		apkg2cards --markup "$markup" "$f" >"$T/real.jsonl" 2>/dev/null
		grep -q '"fields"' "$T/real.jsonl" || continue
		cards2md "$T/real.jsonl" | md2cards >"$T/back.jsonl" 2>"$T/err"
		nosource "$T/real.jsonl" >"$T/want"
		nosource "$T/back.jsonl" >"$T/got"
		cmp -s "$T/want" "$T/got" && [ ! -s "$T/err" ] ||
		    bad="$bad $(basename "$f")($markup)"
		n=$((n + 1))
	done
done
ok "$n real decks from apkg2cards round trip byte for byte" \
    '[ $n -ge 20 ] && [ -z "$bad" ] || { echo "#  $bad"; false; }'

# Plain notes (Basic, text, no tags, in the current deck) go without a
# comment: the seed deck holds only its deck's.
ok "a plain deck has one comment, its deck's" \
    '[ "$(cards2md fixtures/cards2md/seed.jsonl | grep -c "^<!-- cardpipe ")" -eq 1 ]'
ok "a plain quiz has one comment, its deck's" \
    '[ "$(cards2md --style quiz fixtures/cards2md/seed.jsonl | grep -c "^<!-- cardpipe ")" -eq 1 ]'

# Every note comes back pointing at its question in the Markdown file.
cards2md fixtures/cards2md/seed.jsonl >"$T/seed.md"
md2cards "$T/seed.md" >"$T/back.jsonl"
line=$(grep -n 'What are DDP processes' "$T/seed.md" | cut -d: -f1)
ok "a note's source is the line of its question" \
    'grep -q "What are DDP processes.*\"source\":\"$T/seed.md:$line\"" "$T/back.jsonl"'

# A person's edit to the Markdown is what comes back.
sed 's/^\*\*A:\*\* They are workers\./**A:** They are *busy* workers./' \
    "$T/seed.md" >"$T/edited.md"
md2cards "$T/edited.md" >"$T/back.jsonl" 2>"$T/err"
ok "an edited answer comes back edited" \
    'grep -q "\"Back\":\"They are busy workers\." "$T/back.jsonl"'
ok "markup typed into a text field is reported with its line" \
    'grep -q "^md2cards: $T/edited.md:[0-9]*: warning: Markdown in a text field" "$T/err"'

# The table style is for reading: one row per note, pipes escaped.
cards2md --style table fixtures/cards2md/tricky.jsonl >"$T/table.md"
rows=$(grep -c '^| ' "$T/table.md")
ok "the table style writes a header and one row per note" '[ "$rows" -eq 10 ]'
ok "no cell holds an unescaped pipe" \
    '! grep "^| " "$T/table.md" | sed "s/\\\\\\\\//g; s/\\\\|//g" | awk -F"|" "NF != 4" | grep -q .'

# HTML fields become Markdown; they come back as Markdown fields.
printf '%s\n' '{"deck":"H","notetype":"Basic","fields":{"Front":"<b>bold</b> &amp; <i>it</i>","Back":"<ul><li>one</li><li>two</li></ul>"},"tags":[],"markup":"html"}' >"$T/html.jsonl"
cards2md "$T/html.jsonl" | md2cards >"$T/back.jsonl"
ok "an HTML note comes back as Markdown" \
    'grep -q "\"Front\":\"\*\*bold\*\* \\\\\\\\& \*it\*\",\"Back\":\"- one\\\\n- two\".*\"markup\":\"markdown\"" "$T/back.jsonl"'
