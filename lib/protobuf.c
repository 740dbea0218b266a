/*
 * protobuf.c: Protobuf, by hand: the messages Anki's packages hold are
 * few, small and fixed.  cp_pb_next() reads one field; length-delimited
 * values are bounded by the message, and a field of the wrong wire type
 * is an error, never a guess.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
cp_pb_init(struct cp_pb *pb, const void *data, size_t len)
{
	static const unsigned char	 empty[1];

	pb->p = data != NULL ? data : empty;
	pb->end = pb->p + (data != NULL ? len : 0);
}

static int
pb_varint(struct cp_pb *pb, uint64_t *v)
{
	int	 shift;

	*v = 0;
	for (shift = 0; shift < 64; shift += 7) {
		if (pb->p >= pb->end)
			return -1;
		*v |= (uint64_t)(*pb->p & 0x7f) << shift;
		if ((*pb->p++ & 0x80) == 0)
			return 0;
	}
	return -1;
}

/* Returns 1 with the next field in f, 0 at the end, -1 if malformed. */
int
cp_pb_next(struct cp_pb *pb, struct cp_pb_field *f)
{
	uint64_t	 key, len;

	if (pb->p == pb->end)
		return 0;
	if (pb_varint(pb, &key) == -1 || (f->num = key >> 3) == 0 ||
	    f->num > 536870911)
		return -1;
	f->wt = (int)(key & 7);
	f->v = 0;
	switch (f->wt) {
	case 0:
		len = 0;
		if (pb_varint(pb, &f->v) == -1)
			return -1;
		break;
	case 1:
	case 5:
		len = f->wt == 1 ? 8 : 4;
		break;
	case 2:
		if (pb_varint(pb, &len) == -1)
			return -1;
		break;
	default:
		return -1;	/* groups are not used by these messages */
	}
	if (len > (uint64_t)(pb->end - pb->p))
		return -1;
	f->sub.p = pb->p;
	f->sub.end = f->wt == 2 ? pb->p + len : pb->p;
	pb->p += len;
	return 1;
}

/* A varint field's value; -1 for a field of another wire type. */
int
cp_pb_uint(const struct cp_pb_field *f, uint64_t *v)
{
	if (f->wt != 0)
		return -1;
	*v = f->v;
	return 0;
}

/*
 * Replaces *dst by the string in f; -1 when f is no string or not valid
 * UTF-8 without NUL.
 */
int
cp_pb_take_string(const struct cp_pb_field *f, char **dst)
{
	size_t	 len = (size_t)(f->sub.end - f->sub.p);

	if (f->wt != 2 || memchr(f->sub.p, '\0', len) != NULL ||
	    !cp_utf8_valid((const char *)f->sub.p, len, NULL))
		return -1;
	free(*dst);
	*dst = cp_xstrndup((const char *)f->sub.p, len);
	return 0;
}
