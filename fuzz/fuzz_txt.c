/*
 * fuzz_txt.c: libFuzzer harness for the flashcard text reader: segment
 * the input, then check what every reader promises its records: notes
 * with a Front and a Back in valid UTF-8, and a stream line for each.
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
	const char		*front, *back;
	struct cp_buf		 out = { 0 };

	if ((r = cp_read_open_memory("txt", "fuzz", data, size, NULL,
	    &rep)) == NULL)
		return 0;
	while (cp_read_next(r, &rec) == 1) {
		if (rec->kind == CP_RECORD_NOTE) {
			front = cp_note_field(&rec->note, "Front");
			back = cp_note_field(&rec->note, "Back");
			if (front == NULL || back == NULL ||
			    !cp_utf8_valid(front, strlen(front), NULL) ||
			    !cp_utf8_valid(back, strlen(back), NULL))
				abort();
		}
		cp_buf_reset(&out);
		cp_stream_encode(rec, &out);
	}
	cp_read_close(r);
	cp_buf_free(&out);
	return 0;
}
