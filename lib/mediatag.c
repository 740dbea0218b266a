/*
 * mediatag.c: where a field's HTML names a media file, as Anki finds it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

static int
word_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/* Does s start with word w, case-insensitively, ending at a non-word? */
static size_t
match_word(const char *s, const char *w)
{
	size_t	 n = strlen(w);

	if (strncasecmp(s, w, n) != 0 || word_char((unsigned char)s[n]))
		return 0;
	return n;
}

/*
 * The memo of one string, built on the first scan that needs it: where
 * each '>', quote and space stands, so that finding the next is a binary
 * search, and which bytes a scan already walked outside quotes.  From
 * such a byte a scan goes on exactly as the earlier one did, which found
 * nothing (had it found a tag, the caller would be past that tag).
 * Without it, scanning again from every '<' took "<img '" 160,000 times
 * over 15 s.
 */
enum { AT_GT, AT_APOS, AT_QUOT, AT_STOP, AT_KINDS };

void
cp_media_memo_init(struct cp_media_memo *m, const char *s)
{
	memset(m, 0, sizeof(*m));
	m->base = s;
}

/* The kinds byte c is of: a bit for each of AT_GT .. AT_STOP. */
static int
kinds(char c)
{
	switch (c) {
	case '>':
		return 1 << AT_GT | 1 << AT_STOP;
	case ' ':
		return 1 << AT_STOP;
	case '\'':
		return 1 << AT_APOS;
	case '"':
		return 1 << AT_QUOT;
	}
	return 0;
}

/* Counted first, so that the memo holds a place per such byte only. */
static void
memo_build(struct cp_media_memo *m)
{
	const char	*s = m->base;
	size_t		 i, count[AT_KINDS] = { 0 };
	int		 k, b;

	m->len = strlen(s);
	m->walked = cp_xcalloc(m->len + 1, 1);
	for (i = 0; i < m->len; i++)
		for (b = kinds(s[i]), k = 0; k < AT_KINDS; k++)
			count[k] += (size_t)(b >> k & 1);
	for (k = 0; k < AT_KINDS; k++)
		m->at[k] = cp_xreallocarray(NULL, count[k] + 1,
		    sizeof(*m->at[k]));
	for (i = 0; i < m->len; i++)
		for (b = kinds(s[i]), k = 0; k < AT_KINDS; k++)
			if (b >> k & 1)
				m->at[k][m->n[k]++] = i;
	m->built = 1;
}

void
cp_media_memo_free(struct cp_media_memo *m)
{
	size_t	 k;

	free(m->walked);
	for (k = 0; k < AT_KINDS; k++)
		free(m->at[k]);
}

/* Where the first character of kind k at or after x stands, or NULL. */
static const char *
memo_next(const struct cp_media_memo *m, int k, const char *x)
{
	size_t	 lo = 0, hi = m->n[k], at = (size_t)(x - m->base), mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->at[k][mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->n[k] ? m->base + m->at[k][lo] : NULL;
}

/*
 * Anki's media tag: <img>, <audio>, <video>, <object> or <source> with a
 * src= or data= attribute, quoted or not.  Attribute values in quotes
 * are skipped whole, so a '>' inside one does not end the tag.
 */
size_t
cp_media_tag(const char *p, struct cp_media_memo *m, const char **name,
    size_t *namelen)
{
	static const char *const tags[] = {
		"img", "audio", "video", "object", "source", NULL
	};
	const char	*s = p + 1, *v, *e;
	size_t		 i, n = 0;

	if (*p != '<')
		return 0;
	for (i = 0; tags[i] != NULL && n == 0; i++)
		n = match_word(s, tags[i]);
	if (n == 0)
		return 0;
	if (!m->built)
		memo_build(m);
	for (s += n; *s != '\0' && *s != '>'; s++) {
		if (m->walked[s - m->base])
			return 0;
		m->walked[s - m->base] = 1;
		if (*s == '"' || *s == '\'') {
			if ((e = memo_next(m, *s == '"' ? AT_QUOT : AT_APOS,
			    s + 1)) == NULL)
				return 0;
			s = e;
			continue;
		}
		if (word_char((unsigned char)s[-1]))
			continue;
		if (strncasecmp(s, "src=", 4) == 0)
			v = s + 4;
		else if (strncasecmp(s, "data=", 5) == 0)
			v = s + 5;
		else
			continue;
		if (*v == '"' || *v == '\'') {
			if ((e = memo_next(m, *v == '"' ? AT_QUOT : AT_APOS,
			    v + 1)) == NULL || e == v + 1)
				return 0;
			*name = v + 1;
			*namelen = (size_t)(e - v - 1);
			e++;
		} else {
			if ((e = memo_next(m, AT_STOP, v)) == NULL)
				e = m->base + m->len;
			if (e == v)
				return 0;
			*name = v;
			*namelen = (size_t)(e - v);
		}
		if ((e = memo_next(m, AT_GT, e)) == NULL)
			return 0;
		return (size_t)(e + 1 - p);
	}
	return 0;
}
