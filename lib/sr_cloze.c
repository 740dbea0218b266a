/*
 * sr_cloze.c: Obsidian Spaced Repetition's cloze patterns, for md2cards
 * --sr-settings.  The plugin's clozePatterns setting lists patterns
 * such as
 *
 *	==[123;;]answer[;;hint]==
 *
 * read by its cloze library: the text around "answer" marks a cloze,
 * the bracket holding a number a cloze's number ("==2;;Paris==", a
 * "classic" cloze, asked on card 2) and the bracket holding "hint" its
 * hint.  Each pattern is three regular expressions: with the number
 * ("classic"), with a sequence of a, s and h in its place ("==ash;;
 * Paris==", "overlapping": asked on card 1, shown on card 2, hidden on
 * card 3) and without it ("simple", numbered in the order found).  A
 * text is of the first kind any pattern finds in it, in that order, and
 * its clozes are the matches of that kind alone, pattern by pattern; a
 * pattern's search stops at a cloze found before.  The expressions are
 * built as the library builds them and run as JavaScript runs them
 * (jsregex.c), so a vault's own patterns find what they find there.
 *
 * Anki numbers clozes and asks each on the cards its number names; a
 * cloze asked on several cards is nested, "{{c1::{{c3::Paris}}}}".
 * What Anki cannot do is hide a cloze that is not asked: the caller is
 * told, to warn.
 */
#define _GNU_SOURCE	/* memmem() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "anki_model.h"

#define ANSWER	"answer"
#define HINT	"hint"
/* A bracket holding a number, or "hint": the library's own search. */
#define NUMBER_BRACKET \
	"\\[(?:(?:\\\\\\])?[^\\]]?)+?\\d+(?:(?:\\\\\\])?[^\\]]?)+?\\]"
#define HINT_BRACKET \
	"\\[(?:(?:\\\\\\])?[^\\]]?)+?hint(?:(?:\\\\\\])?[^\\]]?)+?\\]"

/* The kinds, in the order a text is tried for them. */
enum kind { CLASSIC, OVERLAPPING, SIMPLE, KINDS };

/* The fields a match's groups hold, in the pattern's order. */
enum field { F_ANSWER, F_HINT, F_SEQ };

struct cp_sr_cloze {
	struct cp_jsregex	*re[KINDS];
	int			 group[KINDS][3];	/* by field, or 0 */
};

/* A cloze found: where, and what it asks. */
struct deletion {
	size_t		 from, to;
	size_t		 answer, answer_len;
	size_t		 hint, hint_len;	/* hint_len 0: none */
	size_t		 seq, seq_len;		/* the number, or a's */
	unsigned long	 number;		/* simple's order */
};

/* s escaped as the library escapes text for a regular expression. */
static void
escape(struct cp_buf *b, const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++) {
		if (strchr(".*+?^${}()|[]\\", s[i]) != NULL && s[i] != '\0')
			cp_buf_addc(b, '\\');
		cp_buf_addc(b, s[i]);
	}
}

/*
 * A bracket's inside, its escaped brackets unescaped, escaped as a
 * regular expression's text.
 */
static char *
inside(const char *s, size_t n)
{
	struct cp_buf	 raw = { 0 }, b = { 0 };
	size_t		 i;

	for (i = 1; i + 1 < n; i++) {
		if (s[i] == '\\' && i + 2 < n && (s[i + 1] == '[' ||
		    s[i + 1] == ']'))
			i++;
		cp_buf_addc(&raw, s[i]);
	}
	escape(&b, cp_buf_str(&raw), raw.len);
	cp_buf_free(&raw);
	return cp_buf_detach(&b);
}

/* s with each run of digits made the group g: the cloze's number. */
static char *
number_group(const char *s, const char *g)
{
	struct cp_buf	 b = { 0 };

	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9') {
			cp_buf_addc(&b, *s);
			continue;
		}
		cp_buf_addstr(&b, g);
		while (s[1] >= '0' && s[1] <= '9')
			s++;
	}
	return cp_buf_detach(&b);
}

/*
 * The hint's bracket made an optional group: the text after "hint" in
 * it ends the hint; with none after it, or none before, the shortest
 * run of characters does.
 */
static char *
hint_group(const char *s)
{
	struct cp_buf	 b = { 0 };
	const char	*h = strstr(s, HINT), *after = h + strlen(HINT);

	cp_buf_addstr(&b, "(?:");
	cp_buf_add(&b, s, (size_t)(h - s));
	if (h == s || *after == '\0')
		cp_buf_addstr(&b, "(.+?)");
	else
		cp_buf_printf(&b, "((?:(?!%s).)+?)", after);
	cp_buf_addstr(&b, after);
	cp_buf_addstr(&b, ")?");
	return cp_buf_detach(&b);
}

/* The first match of source in s, [*from, *to); 0 if none. */
static int
find(const char *source, const char *s, size_t *from, size_t *to)
{
	struct cp_jsregex	*re;
	size_t			 ovec[2], pos = 0;
	char			 err[128];
	int			 rc;

	if ((re = cp_jsregex_new(source, err, sizeof(err))) == NULL)
		abort();	/* the library's own, which compiles */
	rc = cp_jsregex_next(re, s, strlen(s), &pos, ovec);
	cp_jsregex_free(re);
	*from = ovec[0];
	*to = ovec[1];
	return rc == 1;
}

/* raw[a, b) as JavaScript's slice() takes it: empty when b < a. */
static void
slice(struct cp_buf *b, const char *raw, size_t a, size_t e)
{
	if (e > a)
		escape(b, raw + a, e - a);
}

struct cp_sr_cloze *
cp_sr_cloze_new(const char *raw, char *err, size_t errlen)
{
	struct cp_sr_cloze	*c;
	struct cp_buf		 b = { 0 };
	size_t			 nf, nt, hf, ht, pos[3], first[2], last[2];
	char			*num, *n_in, *h_in, *repl[KINDS], *hint, *a;
	const char		*fill[2];
	int			 k, i, j, order[3] = { F_ANSWER, F_HINT, F_SEQ };

	if (strlen(raw) > 1000) {
		snprintf(err, errlen, "longer than 1000 bytes");
		return NULL;
	}
	if (!find(NUMBER_BRACKET, raw, &nf, &nt)) {
		snprintf(err, errlen, "no bracket with a number, such as "
		    "\"[123;;]\", for the cloze's number");
		return NULL;
	}
	if (!find(HINT_BRACKET, raw, &hf, &ht)) {
		snprintf(err, errlen, "no bracket with \"hint\", such as "
		    "\"[;;hint]\", for the cloze's hint");
		return NULL;
	}
	if ((a = strstr(raw, ANSWER)) == NULL) {
		snprintf(err, errlen, "no \"answer\" for the cloze's text");
		return NULL;
	}
	n_in = inside(raw + nf, nt - nf);
	h_in = inside(raw + hf, ht - hf);
	repl[CLASSIC] = number_group(n_in, "(\\d+)");
	repl[OVERLAPPING] = number_group(n_in, "([ash]+)");
	repl[SIMPLE] = cp_xstrdup("");
	hint = hint_group(h_in);
	free(n_in);
	free(h_in);

	/* The fields in the order the pattern writes them. */
	pos[F_ANSWER] = (size_t)(a - raw);
	pos[F_HINT] = hf;
	pos[F_SEQ] = nf;
	for (i = 1; i < 3; i++)
		for (j = i; j > 0 && pos[order[j]] < pos[order[j - 1]]; j--) {
			k = order[j];
			order[j] = order[j - 1];
			order[j - 1] = k;
		}

	c = cp_xcalloc(1, sizeof(*c));
	for (k = 0; k < KINDS; k++) {
		int	 num_first = nf < hf, g = 1;

		first[0] = num_first ? nf : hf;
		last[0] = num_first ? nt : ht;
		first[1] = num_first ? hf : nf;
		last[1] = num_first ? ht : nt;
		fill[0] = num_first ? repl[k] : hint;
		fill[1] = num_first ? hint : repl[k];
		cp_buf_reset(&b);
		slice(&b, raw, 0, first[0]);
		cp_buf_addstr(&b, fill[0]);
		slice(&b, raw, last[0], first[1]);
		cp_buf_addstr(&b, fill[1]);
		slice(&b, raw, last[1], strlen(raw));
		/* The library's: the first "answer" of the whole. */
		num = cp_buf_detach(&b);
		if ((a = strstr(num, ANSWER)) != NULL) {
			cp_buf_add(&b, num, (size_t)(a - num));
			cp_buf_addstr(&b, "(.+?)");
			cp_buf_addstr(&b, a + strlen(ANSWER));
		} else
			cp_buf_addstr(&b, num);
		free(num);
		for (i = 0; i < 3; i++)
			if (order[i] != F_SEQ || k != SIMPLE)
				c->group[k][order[i]] = g++;
		if ((c->re[k] = cp_jsregex_new(cp_buf_str(&b), err,
		    errlen)) == NULL) {
			cp_sr_cloze_free(c);
			c = NULL;
			break;
		}
	}
	cp_buf_free(&b);
	for (k = 0; k < KINDS; k++)
		free(repl[k]);
	free(hint);
	return c;
}

void
cp_sr_cloze_free(struct cp_sr_cloze *c)
{
	int	 k;

	if (c == NULL)
		return;
	for (k = 0; k < KINDS; k++)
		cp_jsregex_free(c->re[k]);
	free(c);
}

void
cp_sr_cloze_share(struct cp_sr_cloze *const *p, size_t n,
    unsigned long long *left)
{
	size_t	 i;
	int	 k;

	for (i = 0; i < n; i++)
		for (k = 0; k < KINDS; k++)
			cp_jsregex_share(p[i]->re[k], left);
}

/*
 * The kind of clozes in s: the first kind any pattern finds, or KINDS
 * for none; -1 when a search ran out of steps.
 */
static int
kind_of(struct cp_sr_cloze *const *p, size_t n, const char *s, size_t len)
{
	size_t	 i, pos, ovec[2 * 4];
	int	 k, best = KINDS, rc;

	for (i = 0; i < n; i++)
		for (k = 0; k < best; k++) {
			pos = 0;
			if ((rc = cp_jsregex_next(p[i]->re[k], s, len, &pos,
			    ovec)) == -1)
				return -1;
			if (rc == 1) {
				best = k;
				break;
			}
		}
	return best;
}

int
cp_sr_cloze_in(struct cp_sr_cloze *const *p, size_t n, const char *s,
    size_t len)
{
	int	 k = kind_of(p, n, s, len);

	return k == -1 ? -1 : k != KINDS;
}

/* Orders deletions by where they start. */
static int
by_start(const void *a, const void *b)
{
	const struct deletion *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

/* A group's span in the match ovec, by field; 0 when it took no part. */
static int
group(const struct cp_sr_cloze *c, int k, int f, const size_t *ovec,
    size_t *at, size_t *len)
{
	int	 g = c->group[k][f];

	if (g == 0 || ovec[2 * g] == CP_JSREGEX_UNSET)
		return 0;
	*at = ovec[2 * g];
	*len = ovec[2 * g + 1] - ovec[2 * g];
	return 1;
}

/* One cloze written as Anki's, asked on cards[0..ncards). */
static void
write_cloze(struct cp_buf *b, const char *s, const struct deletion *d,
    const unsigned long *cards, size_t ncards)
{
	size_t	 i;

	for (i = 0; i < ncards; i++)
		cp_buf_printf(b, "{{c%lu::", cards[i]);
	cp_buf_add(b, s + d->answer, d->answer_len);
	if (ncards > 0 && d->hint_len > 0) {
		cp_buf_addstr(b, "::");
		cp_buf_add(b, s + d->hint, d->hint_len);
	}
	for (i = 0; i < ncards; i++)
		cp_buf_addstr(b, "}}");
}

char *
cp_sr_cloze_anki(struct cp_sr_cloze *const *p, size_t n, const char *s,
    size_t len, unsigned *flags)
{
	struct deletion	*d = NULL, *e;
	struct cp_buf	 b = { 0 };
	size_t		 nd = 0, room = 0, i, j, pos, ovec[2 * 4];
	struct cp_hashset seen = { 0 };
	size_t		 at, prev;
	unsigned long	*cards, ncards, count = 0;
	const char	*ans;
	int		 k, rc;

	*flags = 0;
	if ((k = kind_of(p, n, s, len)) == -1) {
		*flags |= CP_SR_CLOZE_STEPS;
		return NULL;
	}
	if (k == KINDS)
		return NULL;
	for (i = 0; i < n; i++) {
		pos = 0;
		while ((rc = cp_jsregex_next(p[i]->re[k], s, len, &pos,
		    ovec)) == 1) {
			struct deletion	 x = { 0 };

			x.from = ovec[0];
			x.to = ovec[1];
			group(p[i], k, F_ANSWER, ovec, &x.answer, &x.answer_len);
			group(p[i], k, F_HINT, ovec, &x.hint, &x.hint_len);
			if (k != SIMPLE && (!group(p[i], k, F_SEQ, ovec, &x.seq,
			    &x.seq_len) || x.seq_len == 0))
				break;
			/* The library's: where the answer's text first is. */
			ans = memmem(s + x.from, x.to - x.from, s + x.answer,
			    x.answer_len);
			at = ans != NULL ? (size_t)(ans - s) : x.answer;
			if (cp_hashset_add(&seen, (uint64_t)at + 1))
				break;
			x.number = ++count;
			if (nd == room) {
				room = 2 * room + 8;
				d = cp_xreallocarray(d, room, sizeof(*d));
			}
			d[nd++] = x;
		}
		if (rc == -1)
			*flags |= CP_SR_CLOZE_STEPS;
	}
	cp_hashset_free(&seen);
	qsort(d, nd, sizeof(*d), by_start);
	cards = cp_xcalloc(len + 1, sizeof(*cards));
	for (i = 0, prev = 0; i < nd; i++) {
		e = &d[i];
		if (e->from < prev) {
			*flags |= CP_SR_CLOZE_OVERLAP;
			continue;
		}
		cp_buf_add(&b, s + prev, e->from - prev);
		ncards = 0;
		if (k == SIMPLE)
			cards[ncards++] = e->number;
		else if (k == CLASSIC) {
			unsigned long	 v = 0;

			for (j = 0; j < e->seq_len && v <= CP_ANKI_MAX_CLOZE;
			    j++)
				v = v * 10 + (unsigned long)(s[e->seq + j] -
				    '0');
			if (v >= 1 && v <= CP_ANKI_MAX_CLOZE)
				cards[ncards++] = v;
			else
				*flags |= CP_SR_CLOZE_NUMBER;
		} else
			for (j = 0; j < e->seq_len; j++)
				if (s[e->seq + j] == 'a' && j < CP_ANKI_MAX_CLOZE)
					cards[ncards++] = j + 1;
				else if (s[e->seq + j] == 'a')
					*flags |= CP_SR_CLOZE_NUMBER;
				else if (s[e->seq + j] == 'h')
					*flags |= CP_SR_CLOZE_HIDDEN;
		write_cloze(&b, s, e, cards, ncards);
		prev = e->to;
	}
	cp_buf_add(&b, s + prev, len - prev);
	free(cards);
	free(d);
	return cp_buf_detach(&b);
}
