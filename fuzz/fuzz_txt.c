/*
 * fuzz_txt.c: libFuzzer harness for the flashcard text reader: segment
 * the input, then check what every reader promises its records: notes
 * whose fields are valid UTF-8, a Basic note with a Front and a Back,
 * and a stream line for each.  Anki's text export, which txt2cards hands
 * to the CSV reader, may make notes of any notetype.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_reader	*r;
	const struct cp_record	*rec;
	struct cp_buf		 out = { 0 };
	size_t			 i;

	if ((r = cp_read_open_memory("txt", "fuzz", data, size, NULL,
	    &rep)) == NULL)
		return 0;
	while (cp_read_next(r, &rec) == 1) {
		if (rec->kind == CP_RECORD_NOTE) {
			if (rec->note.nfields == 0 ||
			    (strcmp(rec->note.notetype, "Basic") == 0 &&
			    (cp_note_field(&rec->note, "Front") == NULL ||
			    cp_note_field(&rec->note, "Back") == NULL)))
				abort();
			for (i = 0; i < rec->note.nfields; i++)
				if (!cp_utf8_valid(rec->note.fields[i].value,
				    strlen(rec->note.fields[i].value), NULL))
					abort();
		}
		cp_buf_reset(&out);
		cp_stream_encode(rec, &out);
	}
	cp_read_close(r);
	cp_buf_free(&out);
	return 0;
}
