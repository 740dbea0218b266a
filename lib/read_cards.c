/*
 * read_cards.c: the card stream (cards(5)), one record per line.  A
 * malformed line is reported and skipped; reading goes on.
 *
 * Decoding JSON is most of a filter's time on large streams, so
 * lines are read in batches of BATCH and decoded on a helper thread while
 * this thread hands out records and reads more lines.  NBATCH batches go
 * round a ring: while one is handed out, the others are decoded.  A
 * thread that would wait for the line to hand out next decodes the
 * batch's undecoded lines itself, from the end, while the helper works
 * from the front.  What decoding reports is held with the line and
 * reported when the line's turn comes, so that messages keep the order
 * of the input.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Lines per batch, and batches: NBATCH * BATCH records are held at once. */
#define BATCH		64
#define NBATCH		4

struct held_diag {
	enum cp_level	 level;
	const char	*kind;
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
	int			 decoded;	/* under the mutex */
};

/*
 * Lines [lo, hi) are still to decode: the helper takes lo, a waiting
 * reader hi - 1.  Under the mutex once the batch is handed over.
 */
struct batch {
	struct slot	 slots[BATCH];
	size_t		 n;	/* lines read into it */
	size_t		 lo, hi;
};

struct cards_state {
	struct cp_reader	*r;
	unsigned long		 lineno;
	int			 eof;
	int			 readerr;	/* errno of a failed read, or 0 */
	struct batch		 batches[NBATCH];
	int			 cur;		/* the batch handed out; mu */
	size_t			 pos;		/* its next line to hand out */
	int			 started;
	int			 waiting;	/* for a line's decoding; mu */

	pthread_t		 thread;
	int			 threaded;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	int			 quit;
};

static void
hold(const struct cp_diag *d, void *arg)
{
	struct slot	*s = arg;
	struct held_diag *h;

	s->diags = cp_xgrow(s->diags, s->ndiags, sizeof(*s->diags));
	h = &s->diags[s->ndiags++];
	h->level = d->level;
	h->kind = d->kind;
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

/* A batch with lines left to claim, the one handed out first; or NULL. */
static struct batch *
claimable(struct cards_state *st)
{
	struct batch	*b;
	int		 i;

	for (i = 0; i < NBATCH; i++) {
		b = &st->batches[(st->cur + i) % NBATCH];
		if (b->lo < b->hi)
			return b;
	}
	return NULL;
}

static void *
helper(void *arg)
{
	struct cards_state	*st = arg;
	struct batch		*b;
	size_t			 i;

	pthread_mutex_lock(&st->mu);
	while (!st->quit) {
		if ((b = claimable(st)) == NULL) {
			pthread_cond_wait(&st->cv, &st->mu);
			continue;
		}
		i = b->lo++;
		pthread_mutex_unlock(&st->mu);
		decode(st, &b->slots[i]);
		pthread_mutex_lock(&st->mu);
		b->slots[i].decoded = 1;
		if (st->waiting)
			pthread_cond_broadcast(&st->cv);
	}
	pthread_mutex_unlock(&st->mu);
	return NULL;
}

/* The next non-empty line into s; 0 at the end of input. */
static int
read_line(struct cp_reader *r, struct cards_state *st, struct slot *s)
{
	int	 nl, rc;

	for (;;) {
		if ((rc = cp_getline(r->fp, &s->line, &nl)) != 1) {
			st->eof = 1;
			if (rc == -1)
				st->readerr = errno;
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

/* Reads the next lines into b and hands them over for decoding. */
static void
fill(struct cp_reader *r, struct cards_state *st, struct batch *b)
{
	size_t	 n = 0;

	while (!st->eof && n < BATCH && read_line(r, st, &b->slots[n]))
		n++;
	/* Small inputs (most tests) never start the helper. */
	if (!st->threaded && n == BATCH &&
	    pthread_create(&st->thread, NULL, helper, st) == 0)
		st->threaded = 1;
	pthread_mutex_lock(&st->mu);
	b->n = b->hi = n;
	b->lo = 0;
	while (n > 0)
		b->slots[--n].decoded = 0;
	pthread_cond_broadcast(&st->cv);
	pthread_mutex_unlock(&st->mu);
}

/*
 * Until line i of b is decoded, decoding lines from the end of the first
 * batch with lines left, b or a later one, meanwhile.  Waiting for the
 * next line only, not for the whole batch, hands out the lines before it
 * while the helper decodes it; decoding later batches rather than
 * sleeping keeps this thread busy while a helper descheduled mid-line
 * (one of three threads on two cores, in cards2apkg) holds it up.
 */
static void
await_line(struct cards_state *st, struct batch *b, size_t i)
{
	struct batch	*c;
	size_t		 j;

	pthread_mutex_lock(&st->mu);
	while (!b->slots[i].decoded) {
		if ((c = claimable(st)) != NULL) {
			j = --c->hi;
			pthread_mutex_unlock(&st->mu);
			decode(st, &c->slots[j]);
			pthread_mutex_lock(&st->mu);
			c->slots[j].decoded = 1;
		} else {
			st->waiting = 1;
			pthread_cond_wait(&st->cv, &st->mu);
			st->waiting = 0;
		}
	}
	pthread_mutex_unlock(&st->mu);
}

/*
 * A note that says nowhere where it was written (a jq step made it, say)
 * was written here, and messages about it point here.
 */
static void
note_defaults(struct cp_reader *r, struct cp_record *rec, unsigned long lineno)
{
	struct cp_note	*n = &rec->note;

	if (rec->kind != CP_RECORD_NOTE)
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
	struct batch		*b = &st->batches[st->cur];
	struct slot		*s;
	size_t			 i;

	for (;;) {
		if (!st->started) {
			for (i = 0; i < NBATCH; i++)
				fill(r, st, &st->batches[i]);
			st->started = 1;
		} else if (st->pos == b->n && b->n > 0) {
			/* Read into the batch just handed out. */
			fill(r, st, b);
			pthread_mutex_lock(&st->mu);	/* the helper reads cur */
			st->cur = (st->cur + 1) % NBATCH;
			pthread_mutex_unlock(&st->mu);
			st->pos = 0;
			b = &st->batches[st->cur];
		}
		if (st->pos == b->n) {
			if (st->readerr) {
				cp_report(r->rep, CP_LEVEL_SYSERR, r->name,
				    st->lineno + 1, 0, "read error: %s",
				    strerror(st->readerr));
				return -1;
			}
			return 0;
		}
		await_line(st, b, st->pos);
		s = &b->slots[st->pos++];
		for (i = 0; i < s->ndiags; i++) {
			cp_report_kind(r->rep, s->diags[i].kind,
			    s->diags[i].level, r->name, s->diags[i].line,
			    s->diags[i].col, "%s", s->diags[i].msg);
			free(s->diags[i].msg);
		}
		s->ndiags = 0;
		if (s->ok) {
			/*
			 * Lent, not moved: the slot's next decoding frees it,
			 * mostly on the helper, whose allocator it came from.
			 * Freed here, it cost a lock on the helper's malloc
			 * arena a record.
			 */
			r->out = &s->rec;
			note_defaults(r, &s->rec, s->lineno);
			return 1;
		}
	}
}

static void
cards_close(struct cp_reader *r)
{
	struct cards_state	*st = r->state;
	struct slot		*s;
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
	for (i = 0; i < NBATCH * BATCH; i++) {
		s = &st->batches[i / BATCH].slots[i % BATCH];
		cp_buf_free(&s->line);
		cp_record_clear(&s->rec);
		while (s->ndiags > 0)
			free(s->diags[--s->ndiags].msg);
		free(s->diags);
	}
	pthread_mutex_destroy(&st->mu);
	pthread_cond_destroy(&st->cv);
	free(st);
}

int
cp_read_cards_open(struct cp_reader *r)
{
	struct cards_state	*st;
	struct slot		*s;
	size_t			 i;

	st = cp_xcalloc(1, sizeof(*st));
	st->r = r;
	for (i = 0; i < NBATCH * BATCH; i++) {
		s = &st->batches[i / BATCH].slots[i % BATCH];
		s->rep.fn = hold;
		s->rep.arg = s;
	}
	pthread_mutex_init(&st->mu, NULL);
	pthread_cond_init(&st->cv, NULL);
	r->state = st;
	r->next = cards_next;
	r->close = cards_close;
	return 0;
}

/* A first line that is a JSON object with a key of the card stream's. */
int
cp_read_cards_bid(const char *head, size_t len)
{
	static const char *const keys[] = {
		"\"kind\":", "\"deck\":", "\"fields\":", "\"notetype\":"
	};
	const char	*line = NULL;
	size_t		 pos = 0, n = 0, i, k;
	int		 whole;

	if (!cp_bid_text(head, len))
		return 0;
	while (cp_bid_line(head, len, &pos, &line, &n, &whole) && n == 0)
		;
	if (n == 0 || line[0] != '{')
		return 0;
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		for (i = 0; i + strlen(keys[k]) <= n; i++)
			if (memcmp(line + i, keys[k], strlen(keys[k])) == 0)
				return 95;
	return 30;
}
