/*
 * write_cards.c: the card stream (cards(5)), one record per line, each
 * written as soon as it arrives.
 */
#include <stdlib.h>

#include "internal.h"

static int
cards_write(struct cp_writer *w, const struct cp_record *rec)
{
	struct cp_buf	*out = w->state;

	cp_buf_reset(out);
	cp_stream_encode(rec, out);
	return fwrite(out->data, 1, out->len, w->fp) == out->len ? 0 : -1;
}

static void
cards_free(struct cp_writer *w)
{
	cp_buf_free(w->state);
	free(w->state);
}

int
cp_write_cards_open(struct cp_writer *w)
{
	w->state = cp_xcalloc(1, sizeof(struct cp_buf));
	w->write = cards_write;
	w->free = cards_free;
	return 0;
}
