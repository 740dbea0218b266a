/*
 * progress.c: cardconv's progress line and summary (cardconv(1),
 * PROGRESS).
 *
 * The line is drawn by a thread of its own, ten times a second at most,
 * so that it moves while one long input is read, when nothing else
 * would call in; every message holds it back (progress_hold()) and
 * finds the line erased, so the two never share a line.  Everything is
 * under one mutex: it is taken once a note, which costs nothing next to
 * converting one.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"

#define FIRST_DRAW_MS	1000	/* shorter work shows no line */
#define REDRAW_MS	100

struct progress {
	const char	*name;
	struct timespec	 start;
	pthread_mutex_t	 mu;
	pthread_cond_t	 stop_cv;
	pthread_t	 thread;
	int		 running;
	int		 stop;
	int		 drawn;	/* the line is on the screen */
	size_t		 nfiles, done;
	unsigned long	 notes;
	char		*current;
};

static double
seconds_since(const struct timespec *t0)
{
	struct timespec	 now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0->tv_sec) +
	    (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The terminal's width, or 80 when it does not say. */
static size_t
columns(void)
{
	struct winsize	 ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/* Characters, not bytes: a line wider than the terminal would wrap. */
static size_t
width(const char *s)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Under mu. */
static void
draw(struct progress *p)
{
	double		 secs = seconds_since(&p->start);
	char		 head[160];
	const char	*cur = p->current != NULL ? p->current :
			    "finishing the output";
	size_t		 room, w, skip;

	snprintf(head, sizeof(head), "%s: %zu/%zu files, %lu notes, "
	    "%.0f notes/s", p->name, p->done, p->nfiles, p->notes,
	    secs > 0 ? (double)p->notes / secs : 0.0);
	room = columns() - 1;	/* the last column would wrap on some */
	w = width(head);
	fprintf(stderr, "\r\033[K%s", w <= room ? head : "");
	/* The end of a long path says most: keep it. */
	if (w + 2 + 3 < room && *cur != '\0') {
		room -= w + 2;
		if ((w = width(cur)) > room) {
			for (skip = w - (room - 3); skip > 0; skip--)
				do
					cur++;
				while (((unsigned char)*cur & 0xc0) == 0x80);
			fprintf(stderr, ": ...%s", cur);
		} else
			fprintf(stderr, ": %s", cur);
	}
	fflush(stderr);
	p->drawn = 1;
}

/* Under mu. */
static void
erase(struct progress *p)
{
	if (!p->drawn)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->drawn = 0;
}

static void *
drawer(void *arg)
{
	struct progress	*p = arg;
	struct timespec	 until;

	pthread_mutex_lock(&p->mu);
	until = p->start;
	until.tv_sec += FIRST_DRAW_MS / 1000;
	while (!p->stop) {
		if (pthread_cond_timedwait(&p->stop_cv, &p->mu, &until) !=
		    ETIMEDOUT)
			continue;
		draw(p);
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += REDRAW_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

struct progress *
progress_new(const char *name, size_t nfiles, int show)
{
	struct progress		*p;
	pthread_condattr_t	 ca;

	if ((p = calloc(1, sizeof(*p))) == NULL)
		abort();
	p->name = name;
	p->nfiles = nfiles;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	pthread_mutex_init(&p->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&p->stop_cv, &ca);
	pthread_condattr_destroy(&ca);
	if (show && isatty(STDERR_FILENO))
		p->running = pthread_create(&p->thread, NULL, drawer, p) == 0;
	return p;
}

void
progress_file(struct progress *p, const char *path)
{
	char	*copy = NULL;

	if (p == NULL)
		return;
	if (path != NULL && (copy = strdup(path)) == NULL)
		abort();
	pthread_mutex_lock(&p->mu);
	free(p->current);
	p->current = copy;
	pthread_mutex_unlock(&p->mu);
}

void
progress_file_done(struct progress *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->mu);
	p->done++;
	pthread_mutex_unlock(&p->mu);
}

void
progress_note(struct progress *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->mu);
	p->notes++;
	pthread_mutex_unlock(&p->mu);
}

void
progress_hold(struct progress *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->mu);
	erase(p);
}

void
progress_release(struct progress *p)
{
	if (p != NULL)
		pthread_mutex_unlock(&p->mu);
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void
progress_end(struct progress *p, const struct tool *t, int summary)
{
	const struct cp_write_stats	*st = &t->stats;
	double				 secs = seconds_since(&p->start);

	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_signal(&p->stop_cv);
	pthread_mutex_unlock(&p->mu);
	if (p->running)
		pthread_join(p->thread, NULL);
	erase(p);
	if (summary) {
		fprintf(stderr, "%s: %zu %s", p->name, p->nfiles,
		    plural(p->nfiles, "file", "files"));
		if (t->failed > 0)
			fprintf(stderr, " (%lu not converted)", t->failed);
		fprintf(stderr, ", %lu %s, %lu %s", st->decks,
		    plural(st->decks, "deck", "decks"), st->notes,
		    plural(st->notes, "note", "notes"));
		if (st->counts_cards)
			fprintf(stderr, ", %lu %s, %lu media", st->cards,
			    plural(st->cards, "card", "cards"), st->media);
		fprintf(stderr, ", %lu %s, %lu %s in %.1f s\n", t->warnings,
		    plural(t->warnings, "warning", "warnings"), t->errors,
		    plural(t->errors, "error", "errors"), secs);
	}
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->stop_cv);
	free(p->current);
	free(p);
}
