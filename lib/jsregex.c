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
 * out as JavaScript's sets before PCRE2 sees them, in classes too, as
 * are "[]", "[^]", a '-' beside a class escape and a surrogate pair
 * ("\uD83D\uDCDD").  Lines end at "\n" or "\r" for "^", "$" and ".",
 * as they do in JavaScript but for U+2028 and U+2029.  What stays
 * apart: without the u flag JavaScript counts a character past U+FFFF
 * as two ("^(.)::" takes no emoji there), a group repeated keeps its
 * last capture in PCRE2 where JavaScript clears it each time round, and
 * PCRE2 compiles no lookbehind of unbounded length.
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
	unsigned long long	*left;	/* or those left to searches that
					   share them, or NULL */
};

/* Before each item PCRE2 matches: a step, or the search's end. */
static int
step(pcre2_callout_block *cb, void *arg)
{
	struct cp_jsregex	*re = arg;

	(void)cb;
	if (re->left != NULL)
		return *re->left == 0 || --*re->left == 0 ?
		    PCRE2_ERROR_MATCHLIMIT : 0;
	return ++re->steps > re->budget ? PCRE2_ERROR_MATCHLIMIT : 0;
}

unsigned long long
cp_jsregex_allowance(size_t n)
{
	unsigned long long	 steps = (unsigned long long)n * CP_JSREGEX_STEPS;

	return steps < STEPS_MIN ? STEPS_MIN : steps;
}

void
cp_jsregex_share(struct cp_jsregex *re, unsigned long long *left)
{
	re->left = left;
}

int
cp_js_space(unsigned long c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0 ||
	    c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
	    c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000 ||
	    c == 0xfeff;
}

/*
 * "\uD83D\uDCDD" at p, a surrogate pair, the way JavaScript writes a
 * character past U+FFFF without the u flag: its code point, or 0.
 */
static unsigned long
surrogates(const char *p)
{
	char		 hex[5] = { 0 };
	unsigned long	 hi, lo;

	if (strncmp(p, "\\u", 2) != 0 || strncmp(p + 6, "\\u", 2) != 0 ||
	    strspn(p + 2, "0123456789abcdefABCDEF") < 4 ||
	    strspn(p + 8, "0123456789abcdefABCDEF") < 4)
		return 0;
	memcpy(hex, p + 2, 4);
	hi = strtoul(hex, NULL, 16);
	memcpy(hex, p + 8, 4);
	lo = strtoul(hex, NULL, 16);
	if (hi < 0xd800 || hi > 0xdbff || lo < 0xdc00 || lo > 0xdfff)
		return 0;
	return 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
}

/*
 * An escape at p, outside a class or in one: JavaScript's "\s" set, a
 * surrogate pair as its character, any other as written.  Returns the
 * escape's last byte.
 */
static const char *
js_escape(struct cp_buf *b, const char *p, int in_class)
{
	unsigned long	 c;

	if (p[1] == 's')
		cp_buf_printf(b, in_class ? "\\s%s" : "[\\s%s]", js_spaces);
	else if (p[1] == 'S')	/* outside a class: in one, js_class() */
		cp_buf_printf(b, "[^\\s%s]", js_spaces);
	else if ((c = surrogates(p)) != 0) {
		cp_utf8_put(b, c);
		return p + 11;
	} else
		cp_buf_add(b, p, 2);
	return p + 1;
}

static int
class_escape(const char *p)
{
	return p[0] == '\\' && p[1] != '\0' && strchr("dDwWsS", p[1]) != NULL;
}

/*
 * A class at p, its '[', written for PCRE2; returns its last byte.
 * "[]" matches nothing and "[^]" anything.  "\S" in a class is
 * JavaScript's too: "[a\S]" is "a" or no white space, "[^\S\n]" white
 * space but a line break.  A '-' beside a class escape ("[\w-.]") is
 * itself, where PCRE2 would refuse the range.
 */
static const char *
js_class(struct cp_buf *b, const char *p)
{
	struct cp_buf	 m = { 0 };
	const char	*q = p + 1;
	int		 neg = 0, nonspace = 0, after_class = 0;

	if (*q == '^') {
		neg = 1;
		q++;
	}
	if (*q == ']') {
		cp_buf_addstr(b, neg ? "[\\s\\S]" : "[^\\s\\S]");
		return q;
	}
	cp_buf_addstr(&m, "");
	for (; *q != '\0' && *q != ']'; q++) {
		if (*q == '\\' && q[1] != '\0') {
			if (q[1] == 'S')
				nonspace = 1;
			after_class = class_escape(q);
			q = q[1] == 'S' ? q + 1 : js_escape(&m, q, 1);
			continue;
		}
		if (*q == '-' && (after_class || class_escape(q + 1)))
			cp_buf_addstr(&m, "\\-");
		else
			cp_buf_addc(&m, *q);
		after_class = 0;
	}
	if (*q == '\0') {	/* unclosed: PCRE2 says so */
		cp_buf_printf(b, "[%s%s", neg ? "^" : "", m.data);
		q--;
	} else if (!nonspace)
		cp_buf_printf(b, "[%s%s]", neg ? "^" : "", m.data);
	else if (neg)
		cp_buf_printf(b, "%s%s%s[\\s%s]", m.len > 0 ? "(?![" : "",
		    m.data, m.len > 0 ? "])" : "", js_spaces);
	else if (m.len > 0)
		cp_buf_printf(b, "(?:[%s]|[^\\s%s])", m.data, js_spaces);
	else
		cp_buf_printf(b, "[^\\s%s]", js_spaces);
	cp_buf_free(&m);
	return q;
}

/* source as PCRE2 reads what JavaScript does. */
static char *
js_source(const char *source)
{
	struct cp_buf	 b = { 0 };
	const char	*p;

	cp_buf_addstr(&b, "");
	for (p = source; *p != '\0'; p++)
		if (*p == '\\' && p[1] != '\0')
			p = js_escape(&b, p, 0);
		else if (*p == '[')
			p = js_class(&b, p);
		else
			cp_buf_addc(&b, *p);
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
		re->budget = cp_jsregex_allowance(n);
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
