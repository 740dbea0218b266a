/*
 * json.c: strict JSON for the card stream.  cJSON builds the tree fast
 * but takes what JSON forbids: invalid UTF-8, raw control characters,
 * \u0000 (which cuts its C strings short), lone surrogates, leading
 * zeros, numbers out of range; and it says where it failed with a bare
 * pointer.  So every line is first walked here, once, without building
 * anything: whatever JSON forbids is refused with its offset and a
 * message, the top-level members' places are noted for the decoder, and
 * limits are kept that cJSON would otherwise enforce with a silent
 * failure (nesting, a number's length).  Duplicate keys need the decoded
 * keys: they are found on cJSON's tree.  The card stream and the JSON
 * inside Anki packages (read_apkg.c) are read this way, so that cardpipe
 * parses JSON with one library and one set of rules.
 *
 * The writing half prints JSON as the card stream has always written it
 * (jansson's compact form): no space, '"' '\' and control characters
 * escaped (\b \f \n \r \t, else \u00XX), U+2028 and U+2029 as \u2028 and
 * \u2029 (line_separator()), everything else as it is, and
 * numbers canonical, so that unknown keys come out the same whatever
 * spacing or escapes a jq step used.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

struct scan {
	const unsigned char	*s, *p, *end;
	int			 depth;
	struct cp_json_check	*out;	/* NULL when only counting keys */
	size_t			 nkeys, want, found;
};

/* What was found at p, for a message. */
static void
describe(const struct scan *sc, const unsigned char *p, char *buf,
    size_t size)
{
	size_t	 n;

	if (p >= sc->end)
		snprintf(buf, size, "the end of the line");
	else if ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z') {
		/* A word (a misspelt literal, a bare string): all of it. */
		for (n = 1; n < 12 && p + n < sc->end &&
		    (((p[n] | 0x20) >= 'a' && (p[n] | 0x20) <= 'z') ||
		    (p[n] >= '0' && p[n] <= '9') || p[n] == '_'); n++)
			;
		snprintf(buf, size, "'%.*s'", (int)n, (const char *)p);
	} else if (*p >= 0x21 && *p < 0x7f)
		snprintf(buf, size, "'%c'", *p);
	else if (*p >= 0x80 &&
	    (n = cp_utf8_seqlen(p, (size_t)(sc->end - p))) != 0)
		snprintf(buf, size, "'%.*s'", (int)n, (const char *)p);
	else
		snprintf(buf, size, "byte 0x%02x", *p);
}

static int
fail(struct scan *sc, const unsigned char *at, const char *fmt, ...)
{
	va_list	 ap;

	if (sc->out != NULL) {
		sc->out->err = (size_t)(at - sc->s);
		va_start(ap, fmt);
		vsnprintf(sc->out->msg, sizeof(sc->out->msg), fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* "expected X, found Y" at p; invalid UTF-8 is named as such. */
static int
unexpected(struct scan *sc, const unsigned char *p, const char *what)
{
	char	 found[24];

	if (p < sc->end && *p >= 0x80 &&
	    cp_utf8_seqlen(p, (size_t)(sc->end - p)) == 0)
		return fail(sc, p, "invalid UTF-8: byte 0x%02x", *p);
	describe(sc, p, found, sizeof(found));
	return fail(sc, p, "expected %s, found %s", what, found);
}

static void
skip_space(struct scan *sc)
{
	while (sc->p < sc->end && (*sc->p == ' ' || *sc->p == '\t' ||
	    *sc->p == '\n' || *sc->p == '\r'))
		sc->p++;
}

static int
hex4(const unsigned char *p, const unsigned char *end, unsigned int *cp)
{
	int	 i, c;

	*cp = 0;
	for (i = 0; i < 4; i++) {
		if (p + i >= end)
			return -1;
		c = p[i];
		if (c >= '0' && c <= '9')
			c -= '0';
		else if (c >= 'a' && c <= 'f')
			c -= 'a' - 10;
		else if (c >= 'A' && c <= 'F')
			c -= 'A' - 10;
		else
			return -1;
		*cp = *cp << 4 | (unsigned int)c;
	}
	return 0;
}

/* An escape at p (the backslash); its length, or 0 after a failure. */
static size_t
scan_escape(struct scan *sc, const unsigned char *p)
{
	unsigned int	 cp, lo;

	if (p + 1 >= sc->end)
		return fail(sc, p, "the line ends inside a string"), 0;
	switch (p[1]) {
	case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r':
	case 't':
		return 2;
	case 'u':
		break;
	default:
		return unexpected(sc, p + 1, "an escape (one of \"\\/bfnrtu)"),
		    0;
	}
	if (hex4(p + 2, sc->end, &cp) == -1)
		return fail(sc, p, "\\u needs four hex digits"), 0;
	if (cp == 0)
		return fail(sc, p, "\\u0000 (NUL) is not allowed: cardpipe's "
		    "strings end at NUL"), 0;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(sc, p, "\\u%04X is a lone surrogate", cp), 0;
	if (cp < 0xd800 || cp > 0xdbff)
		return 6;
	if (p + 7 >= sc->end || p[6] != '\\' || p[7] != 'u' ||
	    hex4(p + 8, sc->end, &lo) == -1 || lo < 0xdc00 || lo > 0xdfff)
		return fail(sc, p, "\\u%04X is a lone surrogate", cp), 0;
	return 12;
}

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/*
 * A string at sc->p (its opening quote).  Eight bytes at a time while
 * none of them is a quote, a backslash, a control character or
 * non-ASCII: most field text is skipped that way; then a byte or a
 * UTF-8 sequence at a time until the next such run.
 */
static int
scan_string(struct scan *sc)
{
	const unsigned char	*p = sc->p + 1, *end = sc->end;
	uint64_t		 w;
	size_t			 n;

	for (;;) {
		while (end - p >= 8) {
			memcpy(&w, p, 8);
			if (((w - ONES * 0x20) | ((w ^ ONES * '"') - ONES) |
			    ((w ^ ONES * '\\') - ONES) | w) & HIGHS)
				break;
			p += 8;
		}
		for (;;) {
			if (p >= end)
				return fail(sc, sc->p,
				    "the line ends inside a string");
			if (*p >= 0x80) {
				if ((n = cp_utf8_seqlen(p, (size_t)(end - p))) == 0)
					return fail(sc, p,
					    "invalid UTF-8: byte 0x%02x", *p);
				p += n;
			} else if (*p >= 0x20 && *p != '"' && *p != '\\')
				p++;
			else
				break;
			if (end - p >= 8 && *p < 0x80)
				break;	/* back to eight at a time */
		}
		if (p >= end || (*p >= 0x20 && *p != '"' && *p != '\\'))
			continue;
		if (*p == '"')
			break;
		if (*p != '\\')
			return fail(sc, p, "control character 0x%02x in a "
			    "string: JSON needs it escaped", *p);
		if ((n = scan_escape(sc, p)) == 0)
			return -1;
		p += n;
	}
	sc->p = p + 1;
	return 0;
}

static int
is_digit(const struct scan *sc, const unsigned char *p)
{
	return p < sc->end && *p >= '0' && *p <= '9';
}

/*
 * A number at sc->p.  What jansson took, the stream takes: an integer
 * that fits 64 bits or a real that is finite.  cJSON reads at most 63
 * characters of a number.
 */
static int
scan_number(struct scan *sc)
{
	const unsigned char	*start = sc->p, *p = sc->p;
	char			 buf[CP_JSON_MAX_NUMBER + 1];
	int			 real = 0;

	if (*p == '-')
		p++;
	if (!is_digit(sc, p))
		return unexpected(sc, p, "a digit");
	if (*p == '0') {
		if (is_digit(sc, ++p))
			return fail(sc, start, "a number may not start with 0");
	} else
		while (is_digit(sc, p))
			p++;
	if (p < sc->end && *p == '.') {
		real = 1;
		if (!is_digit(sc, ++p))
			return unexpected(sc, p, "a digit");
		while (is_digit(sc, p))
			p++;
	}
	if (p < sc->end && (*p == 'e' || *p == 'E')) {
		real = 1;
		p++;
		if (p < sc->end && (*p == '+' || *p == '-'))
			p++;
		if (!is_digit(sc, p))
			return unexpected(sc, p, "a digit");
		while (is_digit(sc, p))
			p++;
	}
	if (p - start > CP_JSON_MAX_NUMBER)
		return fail(sc, start, "a number longer than %d characters",
		    CP_JSON_MAX_NUMBER);
	memcpy(buf, start, (size_t)(p - start));
	buf[p - start] = '\0';
	errno = 0;
	if (!real && (strtoll(buf, NULL, 10), errno == ERANGE))
		return fail(sc, start, "an integer beyond 64 bits");
	if (real && isinf(strtod(buf, NULL)))
		return fail(sc, start, "a number too large for a double");
	sc->p = p;
	return 0;
}

static int	scan_value(struct scan *);

static int
scan_object(struct scan *sc)
{
	struct cp_json_check	*out = sc->out;
	struct cp_json_span	*m;
	size_t			 key;

	sc->p++;
	skip_space(sc);
	if (sc->p < sc->end && *sc->p == '}') {
		sc->p++;
		return 0;
	}
	for (;;) {
		if (sc->p >= sc->end || *sc->p != '"')
			return unexpected(sc, sc->p, "a key (a string)");
		key = (size_t)(sc->p - sc->s);
		if (sc->nkeys++ == sc->want)
			sc->found = key;
		if (scan_string(sc) == -1)
			return -1;
		skip_space(sc);
		if (sc->p >= sc->end || *sc->p != ':')
			return unexpected(sc, sc->p, "':'");
		sc->p++;
		skip_space(sc);
		if (out != NULL && sc->depth == 1) {
			if (out->nmembers == out->cap) {
				out->cap *= 2;
				out->members = out->members == out->inline_members ?
				    memcpy(cp_xreallocarray(NULL, out->cap,
				    sizeof(*m)), out->members,
				    out->nmembers * sizeof(*m)) :
				    cp_xreallocarray(out->members, out->cap,
				    sizeof(*m));
			}
			m = &out->members[out->nmembers++];
			m->key = key;
			m->val = (size_t)(sc->p - sc->s);
		}
		if (scan_value(sc) == -1)
			return -1;
		if (out != NULL && sc->depth == 1)
			out->members[out->nmembers - 1].end =
			    (size_t)(sc->p - sc->s);
		skip_space(sc);
		if (sc->p < sc->end && *sc->p == ',') {
			sc->p++;
			skip_space(sc);
			continue;
		}
		if (sc->p < sc->end && *sc->p == '}') {
			sc->p++;
			return 0;
		}
		return unexpected(sc, sc->p, "',' or '}'");
	}
}

static int
scan_array(struct scan *sc)
{
	sc->p++;
	skip_space(sc);
	if (sc->p < sc->end && *sc->p == ']') {
		sc->p++;
		return 0;
	}
	for (;;) {
		if (scan_value(sc) == -1)
			return -1;
		skip_space(sc);
		if (sc->p < sc->end && *sc->p == ',') {
			sc->p++;
			skip_space(sc);
			continue;
		}
		if (sc->p < sc->end && *sc->p == ']') {
			sc->p++;
			return 0;
		}
		return unexpected(sc, sc->p, "',' or ']'");
	}
}

static int
literal(struct scan *sc, const char *word)
{
	size_t	 n = strlen(word);

	if ((size_t)(sc->end - sc->p) < n || memcmp(sc->p, word, n) != 0)
		return unexpected(sc, sc->p, "a value");
	sc->p += n;
	return 0;
}

/* A value at sc->p, no space before it. */
static int
scan_value(struct scan *sc)
{
	int	 rc;

	if (sc->p >= sc->end)
		return unexpected(sc, sc->p, "a value");
	switch (*sc->p) {
	case '{':
	case '[':
		if (++sc->depth > CP_JSON_MAX_DEPTH)
			return fail(sc, sc->p, "nested deeper than %d levels",
			    CP_JSON_MAX_DEPTH);
		rc = *sc->p == '{' ? scan_object(sc) : scan_array(sc);
		sc->depth--;
		return rc;
	case '"':
		return scan_string(sc);
	case 't':
		return literal(sc, "true");
	case 'f':
		return literal(sc, "false");
	case 'n':
		return literal(sc, "null");
	default:
		if (*sc->p == '-' || (*sc->p >= '0' && *sc->p <= '9'))
			return scan_number(sc);
		return unexpected(sc, sc->p, "a value");
	}
}

static int
scan_text(struct scan *sc)
{
	skip_space(sc);
	if (scan_value(sc) == -1)
		return -1;
	skip_space(sc);
	if (sc->p != sc->end)
		return unexpected(sc, sc->p, "the end of the line");
	return 0;
}

int
cp_json_check(const char *s, size_t len, struct cp_json_check *out)
{
	struct scan	 sc = { 0 };

	sc.s = sc.p = (const unsigned char *)s;
	sc.end = sc.s + len;
	sc.out = out;
	sc.want = SIZE_MAX;
	out->msg[0] = '\0';
	out->err = 0;
	if (out->members == NULL) {
		out->members = out->inline_members;
		out->cap = sizeof(out->inline_members) /
		    sizeof(out->inline_members[0]);
	}
	out->nmembers = 0;
	return scan_text(&sc);
}

void
cp_json_check_free(struct cp_json_check *c)
{
	if (c->members != c->inline_members)
		free(c->members);
	c->members = NULL;
}

size_t
cp_json_key_offset(const char *s, size_t len, size_t k)
{
	struct scan	 sc = { 0 };

	sc.s = sc.p = (const unsigned char *)s;
	sc.end = sc.s + len;
	sc.want = k;
	scan_text(&sc);
	return sc.found;
}

/* Up to this many keys an object is searched for a repeat pair by pair. */
#define FEW_KEYS	8

struct key_at {
	const char	*key;
	size_t		 ord;	/* its number among the text's keys */
};

static int
key_at_cmp(const void *a, const void *b)
{
	const struct key_at	*x = a, *y = b;
	int			 c;

	if ((c = strcmp(x->key, y->key)) != 0)
		return c;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

/*
 * Keys repeated within an object of v.  Keys are numbered as written
 * (*next: an object's key, then the keys inside its value); *first
 * becomes the smallest number of a key that repeats an earlier one, the
 * first a parser reading in order meets, and *name that key.  Past
 * FEW_KEYS an object's keys are sorted, so that many keys cost n log n,
 * not n^2.
 */
static void
find_repeat(const cJSON *v, size_t *next, size_t *first, const char **name)
{
	struct key_at	 few[FEW_KEYS], *keys;
	const cJSON	*c;
	size_t		 n, i, j;

	if (!cJSON_IsObject(v)) {
		if (cJSON_IsArray(v))
			cJSON_ArrayForEach(c, v)
				find_repeat(c, next, first, name);
		return;
	}
	n = 0;
	cJSON_ArrayForEach(c, v)
		n++;
	keys = n <= FEW_KEYS ? few : cp_xreallocarray(NULL, n, sizeof(*keys));
	i = 0;
	cJSON_ArrayForEach(c, v) {
		keys[i].key = c->string;
		keys[i++].ord = (*next)++;
		find_repeat(c, next, first, name);
	}
	if (n <= FEW_KEYS) {
		for (i = 1; i < n; i++)
			for (j = 0; j < i; j++)
				if (keys[i].ord < *first &&
				    strcmp(keys[i].key, keys[j].key) == 0) {
					*first = keys[i].ord;
					*name = keys[i].key;
				}
		return;
	}
	qsort(keys, n, sizeof(*keys), key_at_cmp);
	for (i = 1; i < n; i++)
		if (keys[i].ord < *first &&
		    strcmp(keys[i].key, keys[i - 1].key) == 0) {
			*first = keys[i].ord;
			*name = keys[i].key;
		}
	free(keys);
}

const char *
cp_json_repeat(const cJSON *v, const char *s, size_t len, size_t *off)
{
	const char	*name = NULL;
	size_t		 next = 0, first = SIZE_MAX;

	find_repeat(v, &next, &first, &name);
	if (name != NULL)
		*off = cp_json_key_offset(s, len, first);
	return name;
}

cJSON *
cp_json_parse(const char *s, size_t len, struct cp_json_check *chk)
{
	cJSON		*v;
	const char	*name;
	char		*shown;
	size_t		 off;

	chk->members = NULL;
	if (cp_json_check(s, len, chk) == -1) {
		cp_json_check_free(chk);
		return NULL;
	}
	cp_json_check_free(chk);
	/* Checked text that cJSON cannot parse: it ran out of memory. */
	if ((v = cJSON_ParseWithLength(s, len)) == NULL)
		cp_out_of_memory();
	if ((name = cp_json_repeat(v, s, len, &off)) != NULL) {
		shown = cp_printable(name);
		chk->err = off;
		snprintf(chk->msg, sizeof(chk->msg), "duplicate key \"%s\"",
		    shown);
		free(shown);
		cJSON_Delete(v);
		return NULL;
	}
	return v;
}

unsigned long
cp_json_column(const char *s, size_t off)
{
	return 1 + (unsigned long)cp_utf8_chars(s, off);
}

/*
 * U+2028 or U+2029, the line and paragraph separators, when s[0..n)
 * opens with one; else 0.  JSON takes them raw, but a reader that
 * splits the stream into lines by Unicode's rules (Python's
 * str.splitlines(), JavaScript before ES2019) would cut a record in
 * two, so they are escaped.
 */
static unsigned int
line_separator(const unsigned char *s, size_t n)
{
	return n >= 3 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9) ? 0x2000u + (s[2] - 0x80u) : 0;
}

/* A code point as the stream writes it inside a string. */
static void
put_codepoint(struct cp_buf *b, unsigned int cp)
{
	char	 u[4];

	switch (cp) {
	case '"':	cp_buf_add(b, "\\\"", 2); return;
	case '\\':	cp_buf_add(b, "\\\\", 2); return;
	case '\b':	cp_buf_add(b, "\\b", 2); return;
	case '\f':	cp_buf_add(b, "\\f", 2); return;
	case '\n':	cp_buf_add(b, "\\n", 2); return;
	case '\r':	cp_buf_add(b, "\\r", 2); return;
	case '\t':	cp_buf_add(b, "\\t", 2); return;
	}
	if (cp < 0x20 || cp == 0x2028 || cp == 0x2029)
		cp_buf_printf(b, "\\u%04X", cp);
	else if (cp < 0x80)
		cp_buf_addc(b, (int)cp);
	else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		cp_buf_add(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		cp_buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		cp_buf_add(b, u, 4);
	}
}

void
cp_json_string(struct cp_buf *b, const char *str, size_t len)
{
	const unsigned char	*s = (const unsigned char *)str;
	size_t			 i, run;
	unsigned int		 sep = 0;

	cp_buf_addc(b, '"');
	for (i = run = 0; i < len; i++) {
		if (s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' &&
		    (s[i] != 0xe2 || (sep = line_separator(s + i,
		    len - i)) == 0))
			continue;
		cp_buf_add(b, s + run, i - run);
		if (s[i] == 0xe2) {
			put_codepoint(b, sep);
			i += 2;
		} else
			put_codepoint(b, s[i]);
		run = i + 1;
	}
	cp_buf_add(b, s + run, len - run);
	cp_buf_addc(b, '"');
}

/* A checked string at p, written canonically; returns what follows it. */
static const char *
canon_string(struct cp_buf *b, const char *p)
{
	const char	*run;
	unsigned int	 cp, lo;

	cp_buf_addc(b, '"');
	for (run = ++p; *p != '"'; ) {
		if ((cp = line_separator((const unsigned char *)p, 3)) != 0) {
			cp_buf_add(b, run, (size_t)(p - run));
			put_codepoint(b, cp);
			run = p += 3;
			continue;
		}
		if (*p != '\\') {
			p++;
			continue;
		}
		cp_buf_add(b, run, (size_t)(p - run));
		switch (p[1]) {
		case 'b':	cp = '\b'; break;
		case 'f':	cp = '\f'; break;
		case 'n':	cp = '\n'; break;
		case 'r':	cp = '\r'; break;
		case 't':	cp = '\t'; break;
		case 'u':
			hex4((const unsigned char *)p + 2,
			    (const unsigned char *)p + 6, &cp);
			if (cp >= 0xd800 && cp <= 0xdbff) {
				hex4((const unsigned char *)p + 8,
				    (const unsigned char *)p + 12, &lo);
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				    (lo - 0xdc00);
				p += 6;
			}
			p += 4;
			break;
		default:	cp = (unsigned char)p[1]; break;
		}
		put_codepoint(b, cp);
		run = p += 2;
	}
	cp_buf_add(b, run, (size_t)(p - run));
	cp_buf_addc(b, '"');
	return p + 1;
}

/*
 * A checked number, as jansson printed it: an integer in decimal; a
 * real to 17 significant digits, with ".0" when it would read back as
 * an integer, and an exponent without '+' or leading zeros.
 */
static const char *
canon_number(struct cp_buf *b, const char *p)
{
	char		 num[CP_JSON_MAX_NUMBER + 1], out[64], *e, *d;
	size_t		 n;

	n = strspn(p, "-+.0123456789eE");
	memcpy(num, p, n);
	num[n] = '\0';
	if (strpbrk(num, ".eE") == NULL) {
		cp_buf_printf(b, "%lld", strtoll(num, NULL, 10));
		return p + n;
	}
	snprintf(out, sizeof(out), "%.17g", strtod(num, NULL));
	if (strpbrk(out, ".e") == NULL)
		strcat(out, ".0");
	if ((e = strchr(out, 'e')) != NULL) {
		e++;
		if (*e == '-')
			e++;
		for (d = e; *d == '+' || *d == '0'; d++)
			;
		if (*d == '\0')
			d--;	/* an exponent of 0 keeps its digit */
		memmove(e, d, strlen(d) + 1);
	}
	cp_buf_addstr(b, out);
	return p + n;
}

static const char *
skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *
canon_value(struct cp_buf *b, const char *p)
{
	char	 close;

	p = skip_ws(p);
	switch (*p) {
	case '"':
		return canon_string(b, p);
	case 't':
	case 'n':
		cp_buf_add(b, p, 4);
		return p + 4;
	case 'f':
		cp_buf_add(b, p, 5);
		return p + 5;
	case '{':
	case '[':
		close = *p == '{' ? '}' : ']';
		cp_buf_addc(b, *p);
		p = skip_ws(p + 1);
		while (*p != close) {
			if (close == '}') {
				p = skip_ws(canon_string(b, p));
				cp_buf_addc(b, ':');
				p++;	/* the colon */
			}
			p = skip_ws(canon_value(b, p));
			if (*p == ',') {
				cp_buf_addc(b, ',');
				p = skip_ws(p + 1);
			}
		}
		cp_buf_addc(b, close);
		return p + 1;
	default:
		return canon_number(b, p);
	}
}

void
cp_json_canon(struct cp_buf *b, const char *s)
{
	canon_value(b, s);
}

cJSON *
cp_json_integer(long long n)
{
	char	 text[24];

	snprintf(text, sizeof(text), "%lld", n);
	return cJSON_CreateRaw(text);
}

unsigned long
cp_json_key_line(const char *text, const char *key)
{
	struct cp_buf	 quoted = { 0 };
	const char	*p, *at;
	unsigned long	 line = 1;

	cp_buf_printf(&quoted, "\"%s\"", key);
	at = strstr(text, cp_buf_str(&quoted));
	cp_buf_free(&quoted);
	if (at == NULL)
		return 0;
	for (p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

int
cp_json_flag(const cJSON *set, const char *key, const char *text,
    const char *path, struct cp_reporter *rep, int *on)
{
	const cJSON	*v;

	if ((v = cJSON_GetObjectItemCaseSensitive(set, key)) == NULL)
		return 0;
	if (!cJSON_IsBool(v)) {
		cp_report(rep, CP_LEVEL_ERROR, path,
		    cp_json_key_line(text, key), 0,
		    "%s: not true or false", key);
		return -1;
	}
	*on = cJSON_IsTrue(v);
	return 0;
}
