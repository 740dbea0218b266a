/*
 * fuzz_apkg.c: libFuzzer harness for the Anki package reader.
 *
 * An input that starts like a zip archive is read as a package.  Any
 * other input is taken as the collection itself and wrapped in a package
 * of one stored member, collection.anki2, so that mutations reach SQLite,
 * the JSON in col and the notes instead of dying in the zip parser.
 * Media are never extracted: no -m.  Scheduling is read, as by
 * apkg2cards --scheduling.
 *
 * Seed with fuzz/corpus/apkg and fixtures/apkg2cards.  The corpus is
 * fixtures/apkg (see its SOURCES.md) cut down to four notes each and
 * vacuumed with 512-byte pages, as bare collections and as packages
 * (anki21b ones decompressed and compressed again), then merged by
 * libFuzzer to the 28 that add coverage: 192 KB, 460 edges where
 * fixtures/apkg2cards alone reach 320.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

#include "internal.h"

/* A zip of one stored member holding data, in malloc'd memory. */
static char *
wrap(const uint8_t *data, size_t size, size_t *len)
{
	zip_source_t	*mem, *member;
	zip_t		*z;
	zip_stat_t	 st;
	char		*out = NULL;

	if ((mem = zip_source_buffer_create(NULL, 0, 0, NULL)) == NULL)
		return NULL;
	zip_source_keep(mem);
	if ((z = zip_open_from_source(mem, ZIP_TRUNCATE, NULL)) == NULL)
		goto out;
	if ((member = zip_source_buffer(z, data, size, 0)) == NULL) {
		zip_discard(z);
		goto out;
	}
	if (zip_file_add(z, "collection.anki2", member, 0) == -1) {
		zip_source_free(member);
		zip_discard(z);
		goto out;
	}
	if (zip_set_file_compression(z, 0, ZIP_CM_STORE, 0) == -1 ||
	    zip_close(z) == -1) {
		zip_discard(z);
		goto out;
	}
	if (zip_source_stat(mem, &st) == -1 || zip_source_open(mem) == -1)
		goto out;
	out = cp_xmalloc(st.size > 0 ? st.size : 1);
	if (zip_source_read(mem, out, st.size) != (zip_int64_t)st.size) {
		free(out);
		out = NULL;
	}
	*len = st.size;
	zip_source_close(mem);
out:
	zip_source_free(mem);
	return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_read_options	 opts;
	struct cp_reader	*r;
	const struct cp_record	*rec;
	struct cp_buf		 out = { 0 };
	char			*pkg = NULL;
	size_t			 len = size;

	if (size < 2 || memcmp(data, "PK", 2) != 0) {
		if ((pkg = wrap(data, size, &len)) == NULL)
			return 0;
		data = (const uint8_t *)pkg;
	}
	/*
	 * With --scheduling's reading, a superset of the plain one: the
	 * cards' scheduling columns, the review log and the config table.
	 */
	memset(&opts, 0, sizeof(opts));
	opts.scheduling = 1;
	if ((r = cp_read_open_memory("apkg", "fuzz", data, len, &opts,
	    &rep)) != NULL) {
		while (cp_read_next(r, &rec) == 1) {
			cp_buf_reset(&out);
			cp_stream_encode(rec, &out);
		}
		cp_read_close(r);
	}
	cp_buf_free(&out);
	free(pkg);
	return 0;
}
