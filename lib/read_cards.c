/*
 * read_cards.c: the card stream (cards(5)), one record per line.  A
 * malformed line is reported and skipped; reading goes on.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct cards_state {
	struct cp_buf	 line;
	unsigned long	 lineno;
};

/*
 * A note that says nowhere where it was written (a jq step made it, say)
 * was written here, and messages about it point here.
 */
static void
note_defaults(struct cp_reader *r, struct cp_note *n, unsigned long lineno)
{
	if (r->rec.kind != CP_RECORD_NOTE)
		return;
	if (r->opts.deck != NULL)
		cp_set_string(&n->deck, r->opts.deck);
	if (n->source_file == NULL) {
		n->source_file = cp_xstrdup(r->name);
		n->source_line = lineno;
	}
}

static int
cards_next(struct cp_reader *r)
{
	struct cards_state	*st = r->state;
	int			 nl;

	for (;;) {
		if (!cp_getline(r->fp, &st->line, &nl)) {
			if (ferror(r->fp)) {
				cp_report(r->rep, CP_LEVEL_SYSERR, r->name,
				    st->lineno, 0, "read error");
				return -1;
			}
			return 0;
		}
		st->lineno++;
		if (st->line.len > 0 && st->line.data[st->line.len - 1] == '\r')
			st->line.data[--st->line.len] = '\0';
		if (st->lineno == 1 && st->line.len >= 3 &&
		    memcmp(st->line.data, "\xef\xbb\xbf", 3) == 0) {
			/* A byte-order mark carries no data. */
			memmove(st->line.data, st->line.data + 3,
			    st->line.len - 2);
			st->line.len -= 3;
		}
		if (st->line.len == 0)
			continue;
		if (cp_stream_decode(st->line.data, st->line.len, &r->rec,
		    r->name, st->lineno, r->rep) == 0) {
			note_defaults(r, &r->rec.note, st->lineno);
			return 1;
		}
	}
}

static void
cards_close(struct cp_reader *r)
{
	struct cards_state	*st = r->state;

	if (st == NULL)
		return;
	cp_buf_free(&st->line);
	free(st);
}

int
cp_read_cards_open(struct cp_reader *r)
{
	r->state = cp_xcalloc(1, sizeof(struct cards_state));
	r->next = cards_next;
	r->close = cards_close;
	return 0;
}
