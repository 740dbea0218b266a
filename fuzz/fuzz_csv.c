/*
 * fuzz_csv.c: libFuzzer harness for the CSV reader.  The first byte
 * picks the options (separator, --columns, notetype) so that the header,
 * guessing and column-mapping paths are all reached; the rest is the file.
 */
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const separators[] = { NULL, "comma", "tab", "|" };
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_read_options	 opts = { 0 };
	struct cp_reader	*r;
	const struct cp_record	*rec;

	if (size == 0)
		return 0;
	opts.separator = separators[data[0] & 3];
	if (data[0] & 4)
		opts.columns = "guid,notetype,-,tags,Front,deck";
	if (data[0] & 8)
		opts.notetype = "Cloze";
	if (data[0] & 16)
		opts.deck = "Fuzz";
	if ((r = cp_read_open_memory("csv", "fuzz", data + 1, size - 1,
	    &opts, &rep)) == NULL)
		return 0;
	while (cp_read_next(r, &rec) == 1)
		continue;
	cp_read_close(r);
	return 0;
}
