/*
 * read_cards.c: the card stream (cards(5)), one record per line.  A
 * malformed line is reported and skipped; reading goes on.
 *
 * Decoding JSON (jansson) is most of a filter's time on large streams, so
 * lines are read in batches and a helper thread decodes part of each
 * batch while this thread decodes the rest and hands records out.  What
 * decoding reports is held with the line and reported when the line's
 * turn comes, so that messages keep the order of the input.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/*
 * Lines per batch; a batch's records are held at once.  The helper takes
 * the larger share: this thread also hands each record to the writer.
 */
#define BATCH		64
#define HELPER_FROM	(BATCH * 7 / 16)

struct held_diag {
	enum cp_level	 level;
	unsigned long	 line, col;
	char		*msg;
};

struct slot {
	struct cp_buf		 line;
	unsigned long		 lineno;
	int			 ok;
	struct cp_record	 rec;
	struct cp_reporter	 rep;	/* holds into diags */
	struct held_diag	*diags;
	size_t			 ndiags;
};

struct cards_state {
	struct cp_reader	*r;
	unsigned long		 lineno;
	int			 eof, readerr;
	struct slot		 slots[BATCH];
	size_t			 n, pos;	/* lines in batch, next to hand out */

	/* The helper decodes slots [HELPER_FROM, n) when given a batch. */
	pthread_t		 thread;
	int			 threaded;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	int			 work, quit;
};

static void
hold(const struct cp_diag *d, void *arg)
{
	struct slot	*s = arg;
	struct held_diag *h;

	s->diags = cp_xreallocarray(s->diags, s->ndiags + 1,
	    sizeof(*s->diags));
	h = &s->diags[s->ndiags++];
	h->level = d->level;
	h->line = d->line;
	h->col = d->col;
	h->msg = cp_xstrdup(d->msg);
}

static void
decode(struct cards_state *st, struct slot *s)
{
	s->ok = cp_stream_decode(s->line.data, s->line.len, &s->rec,
	    st->r->name, s->lineno, &s->rep) == 0;
}

static void *
helper(void *arg)
{
	struct cards_state	*st = arg;
	size_t			 i;

	pthread_mutex_lock(&st->mu);
	for (;;) {
		while (!st->work && !st->quit)
			pthread_cond_wait(&st->cv, &st->mu);
		if (st->quit)
			break;
		pthread_mutex_unlock(&st->mu);
		for (i = HELPER_FROM; i < st->n; i++)
			decode(st, &st->slots[i]);
		pthread_mutex_lock(&st->mu);
		st->work = 0;
		pthread_cond_broadcast(&st->cv);
	}
	pthread_mutex_unlock(&st->mu);
	return NULL;
}

/* The next non-empty line into s; 0 at the end of input. */
static int
read_line(struct cp_reader *r, struct cards_state *st, struct slot *s)
{
	int	 nl;

	for (;;) {
		if (!cp_getline(r->fp, &s->line, &nl)) {
			st->eof = 1;
			st->readerr = ferror(r->fp);
			return 0;
		}
		st->lineno++;
		if (s->line.len > 0 && s->line.data[s->line.len - 1] == '\r')
			s->line.data[--s->line.len] = '\0';
		if (st->lineno == 1 && s->line.len >= 3 &&
		    memcmp(s->line.data, "\xef\xbb\xbf", 3) == 0) {
			/* A byte-order mark carries no data. */
			memmove(s->line.data, s->line.data + 3,
			    s->line.len - 2);
			s->line.len -= 3;
		}
		if (s->line.len > 0) {
			s->lineno = st->lineno;
			return 1;
		}
	}
}

/* Reads and decodes the next batch; 0 when there is none. */
static int
fill(struct cp_reader *r, struct cards_state *st)
{
	size_t	 i, mine;

	st->n = st->pos = 0;
	while (!st->eof && st->n < BATCH &&
	    read_line(r, st, &st->slots[st->n]))
		st->n++;
	if (st->n == 0)
		return 0;
	/* Small inputs (most tests) never start the helper. */
	if (!st->threaded && st->n == BATCH &&
	    pthread_create(&st->thread, NULL, helper, st) == 0)
		st->threaded = 1;
	mine = st->n;
	if (st->threaded && st->n > HELPER_FROM) {
		mine = HELPER_FROM;
		pthread_mutex_lock(&st->mu);
		st->work = 1;
		pthread_cond_broadcast(&st->cv);
		pthread_mutex_unlock(&st->mu);
	}
	for (i = 0; i < mine; i++)
		decode(st, &st->slots[i]);
	return 1;
}

static void
helper_wait(struct cards_state *st)
{
	if (!st->threaded)
		return;
	pthread_mutex_lock(&st->mu);
	while (st->work)
		pthread_cond_wait(&st->cv, &st->mu);
	pthread_mutex_unlock(&st->mu);
}

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
	struct slot		*s;
	size_t			 i;

	for (;;) {
		if (st->pos == st->n) {
			helper_wait(st);
			if (!fill(r, st)) {
				if (st->readerr) {
					cp_report(r->rep, CP_LEVEL_SYSERR,
					    r->name, st->lineno, 0,
					    "read error");
					return -1;
				}
				return 0;
			}
		}
		if (st->pos == HELPER_FROM)
			helper_wait(st);
		s = &st->slots[st->pos++];
		for (i = 0; i < s->ndiags; i++) {
			cp_report(r->rep, s->diags[i].level, r->name,
			    s->diags[i].line, s->diags[i].col, "%s",
			    s->diags[i].msg);
			free(s->diags[i].msg);
		}
		s->ndiags = 0;
		if (s->ok) {
			/* The reader's record was cleared: take the slot's. */
			r->rec = s->rec;
			memset(&s->rec, 0, sizeof(s->rec));
			note_defaults(r, &r->rec.note, s->lineno);
			return 1;
		}
	}
}

static void
cards_close(struct cp_reader *r)
{
	struct cards_state	*st = r->state;
	size_t			 i;

	if (st == NULL)
		return;
	if (st->threaded) {
		pthread_mutex_lock(&st->mu);
		st->quit = 1;
		pthread_cond_broadcast(&st->cv);
		pthread_mutex_unlock(&st->mu);
		pthread_join(st->thread, NULL);
	}
	for (i = 0; i < BATCH; i++) {
		cp_buf_free(&st->slots[i].line);
		cp_record_clear(&st->slots[i].rec);
		while (st->slots[i].ndiags > 0)
			free(st->slots[i].diags[--st->slots[i].ndiags].msg);
		free(st->slots[i].diags);
	}
	pthread_mutex_destroy(&st->mu);
	pthread_cond_destroy(&st->cv);
	free(st);
}

int
cp_read_cards_open(struct cp_reader *r)
{
	struct cards_state	*st;
	size_t			 i;

	st = cp_xcalloc(1, sizeof(*st));
	st->r = r;
	for (i = 0; i < BATCH; i++) {
		st->slots[i].rep.fn = hold;
		st->slots[i].rep.arg = &st->slots[i];
	}
	pthread_mutex_init(&st->mu, NULL);
	pthread_cond_init(&st->cv, NULL);
	r->state = st;
	r->next = cards_next;
	r->close = cards_close;
	return 0;
}
