/*
 * batch.c: a batch's inputs staged on a second thread (cardconv(1),
 * Inputs that fail).
 *
 * A batch takes each input whole or not at all, and one bad input does
 * not sink it: each is read first into a card stream of its own, under
 * TMPDIR, with a reporter of its own, and copied to the output only when
 * it read without errors.  The output's reporter thus sees the writer's
 * troubles alone, and an error in one input discards no other.
 *
 * Reading an input is most of the work, writing the output the rest, so
 * a second thread stages the inputs ahead (LOOKAHEAD at most) while the
 * first copies each in turn to the writer: the output keeps the input
 * order.  What staging reports is held with its input and printed when
 * the input's turn comes, so messages come in the order one thread gives
 * them.  A package is staged by the first thread in its turn: its media
 * are extracted into a folder the writer makes for it, and making one
 * changes where the writer looks for the media of the records after it
 * (cp_write_media_dir()), under the input being copied.  A staged
 * stream is opened and its name removed at once, so that a signal leaves
 * nothing behind.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

#define LOOKAHEAD	2	/* inputs staged and not yet copied */

struct held {
	struct cp_diag	 d;	/* file and msg allocated */
};

struct stage {
	const char		*path;
	const char		*format;	/* NULL: reported in turn */
	struct cp_read_options	 ropts;
	struct held		*held;
	size_t			 nheld, heldroom;
	enum cp_level		 worst;
	FILE			*fp;	/* the stream staged, or NULL */
	char			*tmp;	/* its name, for messages */
	int			 fatal;	/* no temporary: stop the batch */
	int			 done;	/* under mu */
};

struct batch {
	struct tool		*t;
	struct stage		*st;
	size_t			 n;
	int			 strict;
	unsigned long		 cap;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	size_t			 copying;	/* the input in turn; under mu */
	int			 stop;	/* under mu */
};

static void
hold(const struct cp_diag *d, void *arg)
{
	struct stage	*s = arg;
	struct held	*h;

	if (s->nheld == s->heldroom) {
		s->heldroom = s->heldroom == 0 ? 16 : s->heldroom * 2;
		if ((s->held = reallocarray(s->held, s->heldroom,
		    sizeof(*s->held))) == NULL)
			abort();
	}
	h = &s->held[s->nheld++];
	h->d = *d;
	h->d.file = tool_strdup(d->file);
	h->d.msg = tool_strdup(d->msg);
}

/* Reads input s into a stream of its own; on either thread. */
static void
stage(struct batch *b, struct stage *s)
{
	struct cp_reporter	 rep = { hold, s, b->strict, CP_LEVEL_OK,
				    b->cap, NULL };
	struct cp_reader	*r;
	struct cp_writer	*w;
	const struct cp_record	*rec;
	const char		*tmpdir;
	int			 fd;

	progress_file(b->t->progress, s->path);
	if ((tmpdir = getenv("TMPDIR")) == NULL || *tmpdir == '\0')
		tmpdir = "/tmp";
	s->tmp = tool_path(tmpdir, "cardconv.XXXXXX");
	if ((fd = mkstemp(s->tmp)) == -1) {
		cp_report(&rep, CP_LEVEL_SYSERR, s->tmp, 0, 0, "%s",
		    strerror(errno));
		s->fatal = 1;
		s->worst = rep.worst;
		return;
	}
	close(fd);
	/*
	 * The name was only reserved: the writer's own temporary, which a
	 * signal removes, holds the stream until it is renamed to it.
	 */
	w = cp_write_open("cards", s->tmp, NULL, &rep);
	unlink(s->tmp);
	if (w != NULL) {
		if ((r = cp_read_open(s->format, s->path, &s->ropts, &rep)) !=
		    NULL) {
			while (cp_read_next(r, &rec) == 1)
				if (cp_write_record(w, rec) == -1)
					break;
			cp_read_close(r);
		}
		cp_write_close(w);
	}
	cp_report_finish(&rep);
	if (rep.worst < CP_LEVEL_ERROR && (s->fp = fopen(s->tmp, "rb")) ==
	    NULL)
		cp_report(&rep, CP_LEVEL_SYSERR, s->tmp, 0, 0, "%s",
		    strerror(errno));
	unlink(s->tmp);
	s->worst = rep.worst;
}

/* Whether input s is staged by the first thread, in its turn. */
static int
staged_in_turn(const struct stage *s)
{
	return s->format == NULL || strcmp(s->format, "apkg") == 0;
}

static void *
stager(void *arg)
{
	struct batch	*b = arg;
	size_t		 i;
	int		 stop;

	for (i = 0; i < b->n; i++) {
		if (staged_in_turn(&b->st[i]))
			continue;
		pthread_mutex_lock(&b->mu);
		while (!b->stop && i >= b->copying + LOOKAHEAD)
			pthread_cond_wait(&b->cv, &b->mu);
		stop = b->stop;
		pthread_mutex_unlock(&b->mu);
		if (stop)
			break;
		stage(b, &b->st[i]);
		pthread_mutex_lock(&b->mu);
		b->st[i].done = 1;
		pthread_cond_broadcast(&b->cv);
		pthread_mutex_unlock(&b->mu);
	}
	return NULL;
}

/* Input s in its turn: its messages, then its notes; -1: stop. */
static int
copy(struct batch *b, struct stage *s, struct cp_writer *w)
{
	static const struct cp_read_options	 plain = { 0 };
	struct tool		*t = b->t;
	struct cp_diag		 d = { CP_LEVEL_ERROR, s->path, 0, 0,
				    "not converted; the batch goes on", NULL,
				    0 };
	struct cp_reader	*r;
	size_t			 i;
	int			 rc = 0;

	for (i = 0; i < s->nheld; i++)
		t->rep.fn(&s->held[i].d, t->rep.arg);
	if (s->worst > t->worst)
		t->worst = s->worst;
	if (s->fatal) {
		/* No room for a temporary: the output could not be whole. */
		t->rep.worst = CP_LEVEL_SYSERR;
		return -1;
	}
	if (s->worst >= CP_LEVEL_ERROR) {
		t->failed++;
		t->rep.fn(&d, t->rep.arg);
		return 0;
	}
	if (!staged_in_turn(s))
		tool_input_media(s->format, s->path, &s->ropts, w);
	if ((r = cp_read_open_stream("cards", s->tmp, s->fp, &plain,
	    &t->rep)) != NULL) {
		rc = tool_copy_records(r, w, t->progress);
		cp_read_close(r);
	}
	s->fp = NULL;
	return rc;
}

int
batch_convert(struct tool *t, const char *in_format, char **inputs,
    size_t n, const struct cp_read_options *ropts, struct cp_writer *w)
{
	struct batch	 b;
	struct stage	*s;
	pthread_t	 thread;
	size_t		 i, j;
	int		 rc = 0, threaded;

	memset(&b, 0, sizeof(b));
	b.t = t;
	b.n = n;
	b.strict = t->rep.strict;
	b.cap = t->rep.cap;
	if ((b.st = calloc(n, sizeof(*b.st))) == NULL)
		abort();
	for (i = 0; i < n; i++) {
		s = &b.st[i];
		s->path = inputs[i];
		s->ropts = *ropts;
		s->format = in_format;
		if (t->walk != NULL) {
			s->format = in_format != NULL ? in_format :
			    t->walk->formats[i];
			walk_options(t->walk, i, ropts, &s->ropts);
		}
		if (s->format == NULL)
			s->format = cp_format_guess(s->path);
	}
	pthread_mutex_init(&b.mu, NULL);
	pthread_cond_init(&b.cv, NULL);
	/* Without a second thread, the first stages every input in turn. */
	threaded = n > 1 && pthread_create(&thread, NULL, stager, &b) == 0;
	for (i = 0; i < n && rc == 0; i++) {
		s = &b.st[i];
		if (s->format == NULL)
			tool_input_format(t, NULL, s->path);
		else if (staged_in_turn(s) || !threaded) {
			if (staged_in_turn(s))
				tool_input_media(s->format, s->path, &s->ropts,
				    w);
			stage(&b, s);
		} else {
			pthread_mutex_lock(&b.mu);
			while (!s->done)
				pthread_cond_wait(&b.cv, &b.mu);
			pthread_mutex_unlock(&b.mu);
		}
		if (s->format != NULL)
			rc = copy(&b, s, w);
		progress_file_done(t->progress);
		pthread_mutex_lock(&b.mu);
		b.copying = i + 1;
		pthread_cond_broadcast(&b.cv);
		pthread_mutex_unlock(&b.mu);
	}
	if (threaded) {
		pthread_mutex_lock(&b.mu);
		b.stop = 1;
		pthread_cond_broadcast(&b.cv);
		pthread_mutex_unlock(&b.mu);
		pthread_join(thread, NULL);
	}
	for (i = 0; i < n; i++) {
		s = &b.st[i];
		if (s->fp != NULL)
			fclose(s->fp);
		for (j = 0; j < s->nheld; j++) {
			free((char *)s->held[j].d.file);
			free((char *)s->held[j].d.msg);
		}
		free(s->held);
		free(s->tmp);
	}
	pthread_mutex_destroy(&b.mu);
	pthread_cond_destroy(&b.cv);
	free(b.st);
	return rc;
}
