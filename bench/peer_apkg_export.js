#!/usr/bin/env node
// peer_apkg_export.js DECK.jsonl OUT.apkg: the deck written by
// anki-apkg-export (npm) at its defaults: one exporter named after the
// deck, addCard(front, back, {tags}) per note, save() with its default
// DEFLATE.  Fields get the HTML cardpipe would store (see benchlib.py's
// text_to_html: the same five escapes, newline as <br>).
'use strict';
const fs = require('fs');
const readline = require('readline');
const AnkiExport = require('anki-apkg-export').default;

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
	"'": '&#x27;' };

function fieldHtml(note, name) {
	const v = note.fields[name];
	if ((note.markup || 'text') !== 'text')
		return v;
	return v.replace(/[&<>"']/g, c => ESC[c]).replace(/\n/g, '<br>');
}

async function main() {
	if (process.argv.length !== 4) {
		console.error('usage: peer_apkg_export.js DECK.jsonl OUT.apkg');
		process.exit(2);
	}
	const lines = readline.createInterface({
		input: fs.createReadStream(process.argv[2], 'utf8'),
		crlfDelay: Infinity
	});
	let apkg = null;
	for await (const line of lines) {
		const n = JSON.parse(line);
		if ((n.kind || 'note') !== 'note')
			continue;
		if (apkg === null)
			apkg = new AnkiExport(n.deck || 'Default');
		apkg.addCard(fieldHtml(n, 'Front'), fieldHtml(n, 'Back'),
		    { tags: n.tags || [] });
	}
	fs.writeFileSync(process.argv[3], await apkg.save());
}

main().catch(e => {
	console.error(e && e.stack || String(e));
	process.exit(1);
});
