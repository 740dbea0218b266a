/*
 * jsregex.c: a JavaScript regular expression, as a program built on
 * JavaScript compiles one with new RegExp(source, "gm") and walks its
 * matches with String.prototype.matchAll, run by PCRE2.  An Obsidian
 * vault's Obsidian_to_Anki settings hold such expressions; the user
 * wrote them for V8, and what they match there is what they mean.
 *
 * PCRE2 reads them as JavaScript does with these options: ALT_BSUX
 * ("\u0041", "\x41", "\U" a letter), MATCH_UNSET_BACKREF (a reference
 * to a group that took no part matches the empty string), and an
 * unknown escape is its letter.  Without the u flag JavaScript's "\d",
 * "\w" and "\b" are ASCII, as are PCRE2's without UCP; its "\s" is
 * Unicode's white space, PCRE2's ASCII's, so "\s" and "\S" are written
 * out as JavaScript's set before PCRE2 sees them ("\S" inside a class,
 * "[\S\n]", stays PCRE2's), as are "[]" and "[^]".  Without the u flag
 * JavaScript also reads a character past U+FFFF as two, which PCRE2
 * reads as one: "^(.)::" takes an emoji there, not in the plugin.  Lines end at "\n" or "\r" for "^", "$"
 * and ".", as they do in JavaScript but for U+2028 and U+2029.
 *
 * An expression may backtrack over a stranger's note without end, and
 * PCRE2's own limit on steps holds for one starting place, not for the
 * search that tries every place: "((?:[^\n]\n?)+)\s#flashcard" takes
 * time quadratic in a paragraph, hours over a long one.  So PCRE2 calls
 * back before each item it matches, and a search stops, reported, once
 * it has taken more steps than CP_JSREGEX_STEPS for each byte searched,
 * or STEPS_MIN: the search's time is linear in the note, whatever the
 * expression.  The corpus's vault notes (1 to 15 KB) take at most
 * about a million steps a search, a tenth of STEPS_MIN.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define STEPS_MIN	10000000u

/* JavaScript's white space past ASCII's, as a class's members. */
static const char js_spaces[] =
    "\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f"
    "\\u3000\\ufeff";

struct cp_jsregex {
	pcre2_code		*code;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;
	unsigned long long	 steps;		/* taken in this search */
	unsigned long long	 budget;	/* and allowed */
};

/* Before each item PCRE2 matches: a step, or the search's end. */
static int
step(pcre2_callout_block *cb, void *arg)
{
	struct cp_jsregex	*re = arg;

	(void)cb;
	return ++re->steps > re->budget ? PCRE2_ERROR_MATCHLIMIT : 0;
}

int
cp_js_space(unsigned long c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0 ||
	    c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
	    c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000 ||
	    c == 0xfeff;
}

/* source with "\s" and "\S" written as JavaScript's sets. */
static char *
js_source(const char *source)
{
	struct cp_buf	 b = { 0 };
	const char	*p;
	int		 in_class = 0;

	cp_buf_addstr(&b, "");
	for (p = source; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			if (p[1] == 's' && in_class)
				cp_buf_printf(&b, "\\s%s", js_spaces);
			else if (p[1] == 's' || (p[1] == 'S' && !in_class))
				cp_buf_printf(&b, "[%s\\s%s]",
				    p[1] == 'S' ? "^" : "", js_spaces);
			else
				cp_buf_add(&b, p, 2);
			p++;
			continue;
		}
		/*
		 * "[]" matches nothing and "[^]" anything; PCRE2 reads "]"
		 * there as a member, and its own empty class fails when
		 * quantified ("[]?"), so they are written as classes it knows.
		 */
		if (*p == '[' && !in_class && p[1] == ']') {
			cp_buf_addstr(&b, "[^\\s\\S]");
			p++;
			continue;
		}
		if (*p == '[' && !in_class && p[1] == '^' && p[2] == ']') {
			cp_buf_addstr(&b, "[\\s\\S]");
			p += 2;
			continue;
		}
		if (*p == '[' && !in_class) {
			in_class = 1;
			cp_buf_addc(&b, *p);
			/* A "]" first in a class is a member. */
			if (p[1] == '^')
				cp_buf_addc(&b, *++p);
			if (p[1] == ']')
				cp_buf_addc(&b, *++p);
			continue;
		}
		if (*p == ']' && in_class)
			in_class = 0;
		cp_buf_addc(&b, *p);
	}
	return cp_buf_detach(&b);
}

struct cp_jsregex *
cp_jsregex_new(const char *source, char *err, size_t errlen)
{
	struct cp_jsregex	*re;
	pcre2_compile_context	*cctx;
	PCRE2_UCHAR		 msg[120];
	PCRE2_SIZE		 off;
	char			*pattern;
	int			 code;

	pattern = js_source(source);
	if ((cctx = pcre2_compile_context_create(NULL)) == NULL)
		cp_out_of_memory();
	pcre2_set_newline(cctx, PCRE2_NEWLINE_ANYCRLF);
	pcre2_set_compile_extra_options(cctx,
	    PCRE2_EXTRA_BAD_ESCAPE_IS_LITERAL);
	re = cp_xcalloc(1, sizeof(*re));
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_MULTILINE | PCRE2_ALT_BSUX |
	    PCRE2_MATCH_UNSET_BACKREF | PCRE2_AUTO_CALLOUT, &code, &off, cctx);
	pcre2_compile_context_free(cctx);
	free(pattern);
	if (re->code == NULL) {
		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(err, errlen, "%s", (const char *)msg);
		free(re);
		return NULL;
	}
	if ((re->md = pcre2_match_data_create_from_pattern(re->code,
	    NULL)) == NULL || (re->mctx = pcre2_match_context_create(NULL)) ==
	    NULL)
		cp_out_of_memory();
	pcre2_set_callout(re->mctx, step, re);
	return re;
}

void
cp_jsregex_free(struct cp_jsregex *re)
{
	if (re == NULL)
		return;
	pcre2_match_data_free(re->md);
	pcre2_match_context_free(re->mctx);
	pcre2_code_free(re->code);
	free(re);
}

size_t
cp_jsregex_groups(const struct cp_jsregex *re)
{
	uint32_t	 n = 0;

	pcre2_pattern_info(re->code, PCRE2_INFO_CAPTURECOUNT, &n);
	return n;
}

int
cp_jsregex_next(struct cp_jsregex *re, const char *s, size_t n, size_t *pos,
    size_t *ovec)
{
	PCRE2_SIZE	*v;
	size_t		 i, groups = cp_jsregex_groups(re);
	int		 rc;

	if (*pos > n)
		return 0;
	if (*pos == 0) {
		re->steps = 0;
		re->budget = (unsigned long long)n * CP_JSREGEX_STEPS;
		if (re->budget < STEPS_MIN)
			re->budget = STEPS_MIN;
	}
	/* s is checked UTF-8 once, by the caller: not again each call. */
	rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, *pos, PCRE2_NO_UTF_CHECK,
	    re->md, re->mctx);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0)	/* past the budget, or PCRE2's heap or depth limit */
		return -1;
	v = pcre2_get_ovector_pointer(re->md);
	for (i = 0; i < 2 * (groups + 1); i++)
		ovec[i] = i < 2 * (size_t)rc && v[i] != PCRE2_UNSET ? v[i] :
		    CP_JSREGEX_UNSET;
	/*
	 * After an empty match JavaScript looks again one character on;
	 * otherwise where the match ended.
	 */
	*pos = v[1];
	if (v[1] == v[0]) {
		(*pos)++;
		while (*pos < n && ((unsigned char)s[*pos] & 0xc0) == 0x80)
			(*pos)++;
	}
	return 1;
}
