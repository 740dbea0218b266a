/*
 * fuzz_cards.c: libFuzzer harness for the card stream reader, and through
 * it the codec: decode every record, encode it again.
 */
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_reader	*r;
	const struct cp_record	*rec;
	struct cp_buf		 out = { 0 };

	if ((r = cp_read_open_memory("cards", "fuzz", data, size, NULL,
	    &rep)) == NULL)
		return 0;
	while (cp_read_next(r, &rec) == 1) {
		cp_buf_reset(&out);
		cp_stream_encode(rec, &out);
	}
	cp_read_close(r);
	cp_buf_free(&out);
	return 0;
}
