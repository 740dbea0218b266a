/*
 * fuzz_md.c: libFuzzer harness for the Markdown reader, both its kinds
 * of document in each dialect (the first byte picks one, or none to
 * let the reader tell), and for the markup conversions cards2md and cards2apkg
 * apply to what it read: every field value is also taken as HTML, as
 * text and as Markdown.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const dialects[] = { NULL, "plain", "mdanki",
		"obsidian_to_anki", "obsidian_sr", "md2anki", "yanki",
		"markdown_anki_decks", "logseq", "flashcards", "inka" };
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_read_options	 opts = { 0 };
	struct cp_reader	*r;
	const struct cp_record	*rec;
	size_t			 i;

	if (size == 0)
		return 0;
	/*
	 * A first byte under 248 picks as it did before logseq, flashcards
	 * and inka were added, so that the inputs in fuzz/regress/md keep
	 * their dialect; the bytes above pick one of those three (255,
	 * logseq, as before).
	 */
	opts.dialect = dialects[data[0] < 248 ? data[0] % 8 :
	    8 + (255 - data[0]) % 3];
	if ((r = cp_read_open_memory("md", "fuzz", data + 1, size - 1, &opts,
	    &rep)) == NULL)
		return 0;
	while (cp_read_next(r, &rec) == 1) {
		if (rec->kind != CP_RECORD_NOTE)
			continue;
		for (i = 0; i < rec->note.nfields; i++) {
			const char	*v = rec->note.fields[i].value;
			struct cp_field_at at = { &rep, "fuzz", 1, "field" };

			free(cp_html_to_markdown(v, &at));
			free(cp_html_to_text(v, &at));
			free(cp_text_to_markdown(v));
			free(cp_markdown_to_html(v));
		}
	}
	cp_read_close(r);
	return 0;
}
