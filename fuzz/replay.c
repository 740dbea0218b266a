/*
 * replay.c: runs a libFuzzer harness over the files named, without
 * libFuzzer, so that every build tree (the sanitizer ones included, gcc
 * or clang) replays the inputs fuzzing found, the files in
 * fuzz/regress/HARNESS/, through the harness's own code.  Prints
 * "ok - FILE" for each input the harness returned from; a crash or a
 * sanitizer report ends the run.
 *
 * Each input is copied into a buffer of exactly its size, as libFuzzer
 * passes it, so that AddressSanitizer sees a read one byte past the end.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
main(int argc, char *argv[])
{
	struct cp_buf	 b = { 0 };
	FILE		*f;
	uint8_t		*data;
	char		 chunk[65536];
	size_t		 n;
	int		 i, status = 0;

	for (i = 1; i < argc; i++) {
		if ((f = fopen(argv[i], "rb")) == NULL) {
			printf("not ok - %s: %s\n", argv[i], strerror(errno));
			status = 1;
			continue;
		}
		cp_buf_reset(&b);
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			cp_buf_add(&b, chunk, n);
		if (ferror(f)) {
			printf("not ok - %s: read error\n", argv[i]);
			status = 1;
			fclose(f);
			continue;
		}
		fclose(f);
		data = cp_xmalloc(b.len > 0 ? b.len : 1);
		memcpy(data, b.data != NULL ? b.data : "", b.len);
		LLVMFuzzerTestOneInput(data, b.len);
		free(data);
		printf("ok - %s\n", argv[i]);
		fflush(stdout);
	}
	cp_buf_free(&b);
	return status;
}
