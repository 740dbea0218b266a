/*
 * getline.c: one line of any length from a stream, into a cp_buf.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>

#include "internal.h"

int
cp_getline(FILE *fp, struct cp_buf *b, int *had_newline)
{
	ssize_t	 n;

	/*
	 * getline(3) scans its stdio buffer with memchr and takes the stream
	 * lock once a line, where a getc() loop pays both for every byte.
	 * It manages data and cap exactly as a cp_buf does.  It returns -1
	 * at the end of input and on failure alike, and a failed realloc()
	 * sets no error flag on the stream: only feof() tells them apart.
	 */
	errno = 0;
	n = getline(&b->data, &b->cap, fp);
	if (n <= 0) {
		cp_buf_reset(b);
		*had_newline = 0;
		if (feof(fp) && !ferror(fp))
			return 0;
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	b->len = (size_t)n;
	*had_newline = b->data[b->len - 1] == '\n';
	if (*had_newline)
		b->data[--b->len] = '\0';
	return 1;
}
