// The regular-expression notes Obsidian_to_Anki finds in a note, found
// by JavaScript's own RegExp: what tests/o2a_regex.py holds md2cards
// --o2a-settings to.  Written from the plugin's documented behaviour
// (src/file.ts, AllFile.search): each non-empty CUSTOM_REGEXPS value,
// flags "gm", tried with a "Tags: " group and an ID group after it, then
// the ID alone, the tags alone, and bare; a match lying within a span
// taken before (the deck and tags lines, START/END and inline notes,
// TeX math, code, earlier matches), a character of leeway at each end,
// is skipped.  Prints [{type, fields, tags}] as JSON.
//
//	node o2a_search.js SETTINGS.json NOTE.md
const fs = require('fs');
const [settingsPath, notePath] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(settingsPath, 'utf8'));
const set = data.settings || data;
const text = fs.readFileSync(notePath, 'utf8');
const esc = s => s.replace(/[-\/\\^$*+?.()|[\]{}]/g, '\\$&');
const ID = String.raw`\n?(?:<!--)?(?:ID: (\d+).*)`;
const TAGS = String.raw`(Tags: .*)`;
const spans = [];
const all = re => { for (const m of text.matchAll(re)) spans.push([m.index, m.index + m[0].length]); };
for (const key of ['Target Deck Line', 'File Tags Line']) {
  const m = text.match(new RegExp('^' + esc(key === 'Target Deck Line' ? 'TARGET DECK' : 'FILE TAGS') + '(?:\\n|: )(.*)', 'm'));
  if (m) spans.push([m.index, m.index + m[0].length]);
}
all(/^START\n([\s\S]*?\n)END/gm);
all(/STARTI(.*?)ENDI/g);
all(/(?<!\$)\$((?=[\S])(?=[^$])[\s\S]*?\S)\$/g);
all(/\$\$([\s\S]*?)\$\$/g);
all(/(?<!`)`(?=[^`])[\s\S]*?`/g);
all(/```[\s\S]*?```/g);
const out = [];
for (const [type, src] of Object.entries(set.CUSTOM_REGEXPS || {})) {
  if (!src) continue;
  for (const id of [true, false]) for (const tags of [true, false]) {
    const re = new RegExp(src + (tags ? TAGS : '') + (id ? ID : ''), 'gm');
    for (const m of text.matchAll(re)) {
      const a = m.index, b = m.index + m[0].length;
      if (spans.some(([x, y]) => a >= x - 1 && b <= y + 1)) continue;
      const g = [...m].slice(1);
      if (id) g.pop();
      const t = tags ? g.pop().slice(6).split(' ').filter(s => s) : [];
      const fields = g.map(s => (s || '').trim());
      spans.push([a, b]);
      if (!fields[0]) continue;	// Anki makes no note of it
      out.push({type, fields, tags: t});
    }
  }
}
console.log(JSON.stringify(out));
