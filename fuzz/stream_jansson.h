/*
 * stream_jansson.h: the jansson card stream decoder, the reference for
 * the differential fuzzer and the decoding bench.  Same contract as
 * cp_stream_decode().
 */
#ifndef STREAM_JANSSON_H
#define STREAM_JANSSON_H

int	ref_stream_decode(const char *line, size_t len, struct cp_record *,
	    const char *file, unsigned long lineno, struct cp_reporter *);

#endif
