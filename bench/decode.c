/*
 * decode.c: the card stream decoder alone, in MB/s of stream: the
 * library's (cp_stream_decode) against the jansson decoder it replaced
 * (fuzz/stream_jansson.c), on the same lines of each file named, runs
 * interleaved.  Reading the file and splitting lines are not timed.
 *
 *	decode [-r runs] file.jsonl ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "../fuzz/stream_jansson.h"

typedef int decoder(const char *, size_t, struct cp_record *, const char *,
    unsigned long, struct cp_reporter *);

struct line {
	const char	*s;
	size_t		 len;
};

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU seconds to decode every line once; *bad counts refusals. */
static double
run(decoder *fn, const struct line *lines, size_t n, size_t *bad)
{
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_record	 rec = { 0 };
	double			 t;
	size_t			 i;

	*bad = 0;
	t = now();
	for (i = 0; i < n; i++)
		if (fn(lines[i].s, lines[i].len, &rec, "bench", i + 1,
		    &rep) != 0)
			(*bad)++;
	t = now() - t;
	cp_record_clear(&rec);
	return t;
}

int
main(int argc, char *argv[])
{
	struct cp_buf	 file = { 0 };
	struct line	*lines;
	FILE		*fp;
	char		*p, *nl;
	size_t		 n, bad_old, bad_new, cap;
	double		 t_old, t_new, best_old, best_new;
	int		 c, runs = 3, r;

	while ((c = getopt(argc, argv, "r:")) != -1)
		if (c == 'r')
			runs = atoi(optarg);
		else
			return 2;
	printf("%-28s %10s %8s %10s %10s %6s\n", "stream", "MB", "lines",
	    "jansson", "new", "ratio");
	for (; optind < argc; optind++) {
		if ((fp = fopen(argv[optind], "r")) == NULL) {
			perror(argv[optind]);
			return 1;
		}
		cp_buf_reset(&file);
		cp_buf_reserve(&file, 1 << 20);
		while ((n = fread(file.data + file.len, 1,
		    file.cap - file.len - 1, fp)) > 0) {
			file.len += n;
			cp_buf_reserve(&file, file.cap);
		}
		fclose(fp);
		lines = NULL;
		n = cap = 0;
		for (p = file.data; p < file.data + file.len; p = nl + 1) {
			if ((nl = memchr(p, '\n', file.data + file.len - p)) ==
			    NULL)
				nl = file.data + file.len;
			if (n == cap)
				lines = cp_xreallocarray(lines,
				    cap = cap ? cap * 2 : 1024, sizeof(*lines));
			lines[n].s = p;
			lines[n++].len = (size_t)(nl - p);
		}
		best_old = best_new = 1e9;
		for (r = 0; r < runs; r++) {
			t_old = run(ref_stream_decode, lines, n, &bad_old);
			t_new = run(cp_stream_decode, lines, n, &bad_new);
			if (t_old < best_old)
				best_old = t_old;
			if (t_new < best_new)
				best_new = t_new;
		}
		if (bad_old != 0 || bad_new != 0)
			fprintf(stderr, "%s: %zu and %zu lines refused\n",
			    argv[optind], bad_old, bad_new);
		printf("%-28s %10.1f %8zu %10.1f %10.1f %6.2f\n",
		    strrchr(argv[optind], '/') ? strrchr(argv[optind], '/') + 1 :
		    argv[optind], file.len / 1e6, n, file.len / 1e6 / best_old,
		    file.len / 1e6 / best_new, best_old / best_new);
		free(lines);
	}
	cp_buf_free(&file);
	return 0;
}
