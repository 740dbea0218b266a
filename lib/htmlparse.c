/*
 * htmlparse.c: the one way a deck's HTML reaches libxml2's parser.
 *
 * libxml2 2.9's HTML parser (HTMLparser.c, dict.c) has costs that grow
 * with the square of what a field can hold:
 *  - each attribute of a tag is compared with every earlier one (the
 *    "redefined" check), and appended to a list walked to its end: 25,000
 *    attributes on one tag took 7 s, 100,000 took 2 minutes;
 *  - an end tag looks for its name down the whole stack of open
 *    elements, and walks back up it to see whether a div, table or the
 *    like stands in the way: one that closes nothing (its name is not
 *    open, or something of higher rank is open above it) does nothing
 *    at the cost of the whole stack, 80,000 of them under deep nesting
 *    took 10 s;
 *  - every name (element, attribute, entity) is kept in a hash table
 *    that stops growing at some 16,000 slots, so each distinct name
 *    makes every later lookup longer.
 * A linear pass over the field first finds tags, attributes, entity
 * references, comments and script and style text as libxml2 reads them,
 * keeps a stack of open elements that holds at least every element
 * libxml2 holds open, and rewrites what is past the limits below into
 * a shape libxml2 reads in linear time.  A field within them is handed
 * over byte for byte.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

#include "internal.h"

/*
 * libxml2 keeps the first 100 bytes of a name and reads the rest as
 * another name (HTML_PARSER_BUFFER_SIZE).
 */
#define NAME_MAX_LEN	100
/* What an element past CP_HTML_MAX_NAMES unknown names is renamed to. */
static const char other_name[] = "cp-name";

#define NONE	SIZE_MAX

/*
 * The rank an end tag must not pass to close an element (libxml2's
 * htmlEndPriority): an end tag closes nothing when an element of higher
 * rank than its own is open above the one it names.
 */
static const struct {
	const char	*name;
	int		 level;
} ranks[] = {
	{ "div", 1 }, { "td", 2 }, { "th", 2 }, { "tr", 3 }, { "thead", 4 },
	{ "tbody", 4 }, { "tfoot", 4 }, { "table", 5 }, { "head", 6 },
	{ "body", 6 }, { "html", 7 },
};
#define LEVELS	8	/* 0, the rank of every other element, to 7 */

/*
 * Elements that libxml2 closes when one of the same name starts (its
 * htmlStartClose table): the stack here closes them too, so that a list
 * of unclosed <li> or <p> is not taken for deep nesting.
 */
static const char *const same_closes[] = {
	"li", "option", "p", "td", "th", "tr", NULL
};

struct name {
	char		*s;
	size_t		 open;	/* times on the stack */
	size_t		 top;	/* its highest place on the stack, or NONE */
	int		 level;
	int		 empty;	/* an element with no content (br, img) */
	int		 raw;	/* script and style: text up to its end tag */
};

struct open {
	size_t		 name;
	size_t		 below;	/* the next place down of the same name */
	size_t		 below_level;	/* ... of the same rank */
};

struct bound {
	const char	*in;
	size_t		 len;
	size_t		 i;	/* the next byte to read */
	size_t		 copied;	/* in[0..copied) is in out */
	struct cp_buf	 out;
	struct name	*names;
	size_t		 nnames, unknown;
	struct cp_hashmap index;	/* of names, by cp_hash64() */
	struct open	*stack;
	size_t		 depth, cap;
	size_t		 level_top[LEVELS];
	size_t		 discarded;	/* misplaced <html>, <head>, <body> */
	struct cp_html_bounds *did;
};

static int
is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
is_letter(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_name_char(int c)
{
	return is_letter(c) || (c >= '0' && c <= '9') || c == ':' ||
	    c == '-' || c == '_' || c == '.';
}

/* Copies the input up to at, then skips it up to skip_to. */
static void
cut(struct bound *b, size_t at, size_t skip_to)
{
	cp_buf_add(&b->out, b->in + b->copied, at - b->copied);
	b->copied = skip_to;
}

/* Copies the input up to at, then writes s instead of it up to skip_to. */
static void
replace(struct bound *b, size_t at, size_t skip_to, const char *s)
{
	cut(b, at, skip_to);
	cp_buf_addstr(&b->out, s);
}

static size_t
name_find(struct bound *b, const char *s, size_t n, uint64_t h)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&b->index, h, &pos)) != NULL)
		if (strncmp(b->names[*v].s, s, n) == 0 &&
		    b->names[*v].s[n] == '\0')
			return *v;
	return NONE;
}

static size_t
name_add(struct bound *b, const char *s, size_t n, uint64_t h)
{
	struct name	*nm;
	const htmlElemDesc *desc;
	size_t		 i;

	b->names = cp_xgrow(b->names, b->nnames, sizeof(*b->names));
	nm = &b->names[b->nnames];
	memset(nm, 0, sizeof(*nm));
	nm->s = cp_xstrndup(s, n);
	nm->top = NONE;
	for (i = 0; i < sizeof(ranks) / sizeof(ranks[0]); i++)
		if (strcmp(ranks[i].name, nm->s) == 0)
			nm->level = ranks[i].level;
	desc = htmlTagLookup((const xmlChar *)nm->s);
	nm->empty = desc != NULL && desc->empty;
	nm->raw = strcmp(nm->s, "script") == 0 || strcmp(nm->s, "style") == 0;
	cp_hashmap_add(&b->index, h, b->nnames);
	return b->nnames++;
}

/*
 * The name of n bytes at s as libxml2 keeps it (HTML names lowercased),
 * or NONE when it is a new name not known to HTML and CP_HTML_MAX_NAMES
 * others already came.  known says whether libxml2 knows it.
 */
static size_t
name_id(struct bound *b, const char *s, size_t n, int lower,
    int (*known)(const char *))
{
	char		 low[NAME_MAX_LEN + 1];
	const char	*key = s;
	size_t		 i, id;
	uint64_t	 h;

	if (lower && n <= NAME_MAX_LEN) {
		for (i = 0; i < n; i++)
			low[i] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 0x20 :
			    s[i];
		low[n] = '\0';
		key = low;
	}
	h = cp_hash64(key, n);
	if ((id = name_find(b, key, n, h)) != NONE)
		return id;
	if (b->unknown >= CP_HTML_MAX_NAMES) {
		char	*z = cp_xstrndup(key, n);
		int	 k = known(z);

		free(z);
		if (!k)
			return NONE;
	} else
		b->unknown++;
	return name_add(b, key, n, h);
}

static int
element_known(const char *s)
{
	return htmlTagLookup((const xmlChar *)s) != NULL;
}

static int
entity_known(const char *s)
{
	return htmlEntityLookup((const xmlChar *)s) != NULL;
}

static int
nothing_known(const char *s)
{
	(void)s;
	return 0;
}

/* The length of an HTML name at i as libxml2 reads it, 0 for none. */
static size_t
html_name(struct bound *b, size_t i)
{
	size_t	 n = 0;

	if (i >= b->len || !(is_letter(b->in[i]) || b->in[i] == '_' ||
	    b->in[i] == ':' || b->in[i] == '.'))
		return 0;
	while (n < NAME_MAX_LEN && i + n < b->len &&
	    is_name_char((unsigned char)b->in[i + n]))
		n++;
	return n;
}

/*
 * An entity reference at b->i ('&'): its name is counted as libxml2's
 * table would keep it, and one that is new past the limit is written
 * as text ("&amp;" for '&'), which is what libxml2 makes of a name it
 * does not know.
 */
static void
entity(struct bound *b)
{
	size_t	 at = b->i, n = 0;

	b->i++;
	if (b->i < b->len && b->in[b->i] == '#')
		return;
	while (b->i + n < b->len) {
		unsigned char	 c = (unsigned char)b->in[b->i + n];

		if (!(c >= 0x80 || is_letter(c) || c == '_' || c == ':' ||
		    (n > 0 && is_name_char(c))))
			break;
		n++;
	}
	if (n == 0)
		return;
	if (name_id(b, b->in + b->i, n, 0, entity_known) == NONE) {
		replace(b, at, at + 1, "&amp;");
		b->did->names++;
	}
	b->i += n;
}

static void
push(struct bound *b, size_t id)
{
	struct name	*nm = &b->names[id];
	struct open	*o;

	if (b->depth == b->cap) {
		b->cap = b->cap == 0 ? 64 : b->cap * 2;
		b->stack = cp_xreallocarray(b->stack, b->cap,
		    sizeof(*b->stack));
	}
	o = &b->stack[b->depth];
	o->name = id;
	o->below = nm->top;
	o->below_level = b->level_top[nm->level];
	nm->top = b->level_top[nm->level] = b->depth++;
	nm->open++;
}

static void
pop(struct bound *b)
{
	struct open	*o = &b->stack[--b->depth];
	struct name	*nm = &b->names[o->name];

	nm->top = o->below;
	nm->open--;
	b->level_top[nm->level] = o->below_level;
}

static size_t
named(struct bound *b, const char *s)
{
	return name_find(b, s, strlen(s), cp_hash64(s, strlen(s)));
}

static size_t
open_count(struct bound *b, const char *s)
{
	size_t	 id = named(b, s);

	return id != NONE ? b->names[id].open : 0;
}

/* Past the attributes of a tag; drops those past the limits. */
static void
attributes(struct bound *b)
{
	size_t	 natts = 0, start, n;
	int	 drop;
	char	 q;

	for (;;) {
		while (b->i < b->len && is_blank(b->in[b->i]))
			b->i++;
		if (b->i >= b->len || b->in[b->i] == '>' ||
		    (b->in[b->i] == '/' && b->i + 1 < b->len &&
		    b->in[b->i + 1] == '>'))
			return;
		start = b->i;
		if ((n = html_name(b, b->i)) == 0) {
			/* No name: libxml2 skips it, keeping nothing. */
			while (b->i < b->len && !is_blank(b->in[b->i]) &&
			    b->in[b->i] != '>' && !(b->in[b->i] == '/' &&
			    b->i + 1 < b->len && b->in[b->i + 1] == '>'))
				b->i++;
			continue;
		}
		b->i += n;
		drop = natts++ >= CP_HTML_MAX_ATTRS ||
		    name_id(b, b->in + start, n, 1, nothing_known) == NONE;
		if (drop) {
			b->did->attrs++;
			cut(b, start, start);
		}
		while (b->i < b->len && is_blank(b->in[b->i]))
			b->i++;
		if (b->i < b->len && b->in[b->i] == '=') {
			b->i++;
			while (b->i < b->len && is_blank(b->in[b->i]))
				b->i++;
			q = b->i < b->len && (b->in[b->i] == '"' ||
			    b->in[b->i] == '\'') ? b->in[b->i++] : 0;
			while (b->i < b->len && (q != 0 ? b->in[b->i] != q :
			    !is_blank(b->in[b->i]) && b->in[b->i] != '>')) {
				if (b->in[b->i] == '&' && !drop)
					entity(b);
				else
					b->i++;
			}
			if (q != 0 && b->i < b->len)
				b->i++;
		}
		if (drop)
			b->copied = b->i;
	}
}

/* A start tag at b->i ('<' and a letter). */
static void
start_tag(struct bound *b)
{
	size_t		 at = b->i, n = html_name(b, b->i + 1), id;
	size_t		 mark = b->out.len, copied = b->copied;
	struct name	*nm;
	const char *const *w;
	int		 closed, unended, deep;

	b->i += 1 + n;
	if ((id = name_id(b, b->in + at + 1, n, 1, element_known)) == NONE) {
		replace(b, at + 1, b->i, other_name);
		id = named(b, other_name);
		if (id == NONE)
			id = name_add(b, other_name, strlen(other_name),
			    cp_hash64(other_name, strlen(other_name)));
		b->did->names++;
	}
	attributes(b);
	unended = b->i >= b->len;
	closed = !unended && b->in[b->i] == '/';
	b->i += unended ? 0 : closed ? 2 : 1;
	nm = &b->names[id];
	/*
	 * libxml2 leaves out an <html> within the page, a <head> not
	 * directly in <html>, and a <body> within a <body>, and then the
	 * end tag of as many of these three names.
	 */
	if (strcmp(nm->s, "html") == 0 && b->depth > 0) {
		b->discarded++;
		return;
	}
	if (b->depth == 0 && strcmp(nm->s, "html") != 0)
		push(b, named(b, "html"));
	if ((strcmp(nm->s, "head") == 0 && b->depth != 1) ||
	    (strcmp(nm->s, "body") == 0 && open_count(b, "body") > 0)) {
		b->discarded += strcmp(nm->s, "head") == 0 ? 1 :
		    open_count(b, "body");
		return;
	}
	deep = b->depth >= CP_HTML_MAX_DEPTH && !nm->empty && !closed &&
	    !nm->raw;
	if (deep) {
		/* Back to the '<': the tag goes, its content stays. */
		if (b->out.data != NULL)
			b->out.data[b->out.len = mark] = '\0';
		b->copied = copied;
		cut(b, at, b->i);
		b->did->deep++;
		return;
	}
	for (w = same_closes; *w != NULL && b->depth > 0; w++)
		if (b->stack[b->depth - 1].name == id &&
		    strcmp(*w, nm->s) == 0)
			pop(b);
	push(b, id);
	if (closed || nm->empty || unended) {
		pop(b);
		return;
	}
	if (nm->raw) {
		/* Text up to "</" and the element's name, as libxml2 reads. */
		n = strlen(nm->s);
		while (b->i < b->len && !(b->in[b->i] == '<' &&
		    b->i + 1 < b->len && b->in[b->i + 1] == '/' &&
		    b->len - b->i - 2 >= n &&
		    strncasecmp(b->in + b->i + 2, nm->s, n) == 0))
			b->i++;
	}
}

/* An end tag at b->i ("</"): left out when it closes nothing. */
static void
end_tag(struct bound *b)
{
	size_t		 at = b->i, n = html_name(b, b->i + 2), id, top, l;
	const char	*s;

	b->i += 2;
	if (n == 0)
		return;	/* libxml2 takes the "</" and reads on as text */
	b->i += n;
	while (b->i < b->len && b->in[b->i] != '>')
		b->i++;
	if (b->i < b->len)
		b->i++;
	if ((id = name_id(b, b->in + at + 2, n, 1, element_known)) == NONE) {
		/* Not open, as it was never a start tag's name. */
		cut(b, at, b->i);
		b->did->names++;
		return;
	}
	s = b->names[id].s;
	if (b->discarded > 0 && (strcmp(s, "html") == 0 ||
	    strcmp(s, "head") == 0 || strcmp(s, "body") == 0)) {
		b->discarded--;
		return;
	}
	/* libxml2 implies a <p> for text after the body is closed. */
	if (strcmp(s, "p") == 0 && open_count(b, "body") == 0)
		return;
	top = b->names[id].top;
	for (l = (size_t)b->names[id].level + 1; top != NONE && l < LEVELS;
	    l++)
		if (b->level_top[l] != NONE && b->level_top[l] > top)
			top = NONE;
	if (top == NONE) {
		/*
		 * Under few open elements, libxml2's search is short, and
		 * the end tag is left for libxml2 to ignore: taking it out
		 * could join text that libxml2 reads apart.
		 */
		if (b->depth > CP_HTML_OPEN_ENDS) {
			cut(b, at, b->i);
			b->did->end_tags++;
		}
		return;
	}
	while (b->depth > top)
		pop(b);
}

/* Past a comment, a declaration or a processing instruction at b->i. */
static void
markup_decl(struct bound *b)
{
	const char	*e;
	size_t		 j;

	if (strncmp(b->in + b->i, "<!--", 4) == 0) {
		/* Its end, "-->" or "--!>", is looked for after the "<!--". */
		for (j = b->i + 4; j + 2 < b->len; j++)
			if (b->in[j] == '-' && b->in[j + 1] == '-' &&
			    (b->in[j + 2] == '>' || (b->in[j + 2] == '!' &&
			    j + 3 < b->len && b->in[j + 3] == '>')))
				break;
		b->i = j + 2 < b->len ? j + (b->in[j + 2] == '>' ? 3 : 4) :
		    b->len;
		return;
	}
	e = memchr(b->in + b->i, '>', b->len - b->i);
	b->i = e != NULL ? (size_t)(e - b->in) + 1 : b->len;
}

struct _xmlDoc *
cp_html_parse(const char *html, struct cp_html_bounds *did)
{
	struct bound	 b = { 0 };
	struct cp_buf	 src = { 0 };
	htmlDocPtr	 doc;
	size_t		 i;

	memset(did, 0, sizeof(*did));
	b.in = html;
	b.len = strlen(html);
	b.did = did;
	for (i = 0; i < LEVELS; i++)
		b.level_top[i] = NONE;
	/*
	 * Without a <body> around it, libxml2 wraps text at the top in an
	 * implied <p>, and puts what follows a block inside that block.
	 */
	push(&b, name_add(&b, "html", 4, cp_hash64("html", 4)));
	push(&b, name_add(&b, "body", 4, cp_hash64("body", 4)));
	while (b.i < b.len) {
		const char	*p = b.in + b.i;

		if (*p == '&')
			entity(&b);
		else if (*p != '<' || b.i + 1 >= b.len)
			b.i++;
		else if (p[1] == '/')
			end_tag(&b);
		else if (is_letter((unsigned char)p[1]))
			start_tag(&b);
		else if (p[1] == '!' || p[1] == '?')
			markup_decl(&b);
		else
			b.i++;
	}
	cp_buf_addstr(&src, "<body>");
	if (did->attrs + did->end_tags + did->deep + did->names == 0)
		cp_buf_add(&src, html, b.len);
	else {
		cut(&b, b.len, b.len);
		cp_buf_add(&src, b.out.data, b.out.len);
	}
	doc = htmlReadMemory(src.data, src.len > INT_MAX ? INT_MAX :
	    (int)src.len, NULL, "UTF-8", HTML_PARSE_NONET |
	    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_RECOVER |
	    XML_PARSE_HUGE);	/* deep nesting is walked, not dropped */
	cp_buf_free(&src);
	cp_buf_free(&b.out);
	for (i = 0; i < b.nnames; i++)
		free(b.names[i].s);
	free(b.names);
	free(b.stack);
	cp_hashmap_free(&b.index);
	return doc;
}

void
cp_html_bounds_report(const struct cp_html_bounds *did,
    struct cp_reporter *rep, const char *file, unsigned long line,
    const char *where)
{
	struct cp_buf	 m = { 0 };

	if (rep == NULL || did->attrs + did->end_tags + did->deep +
	    did->names == 0)
		return;
	if (did->attrs > 0)
		cp_buf_printf(&m, "; left out %zu attributes past the %dth of "
		    "a tag or past %d distinct names", did->attrs,
		    CP_HTML_MAX_ATTRS, CP_HTML_MAX_NAMES);
	if (did->end_tags > 0)
		cp_buf_printf(&m, "; left out %zu end tags that close nothing "
		    "under over %d open elements", did->end_tags,
		    CP_HTML_OPEN_ENDS);
	if (did->deep > 0)
		cp_buf_printf(&m, "; left out %zu start tags nested over %d "
		    "deep, their content kept", did->deep, CP_HTML_MAX_DEPTH);
	if (did->names > 0)
		cp_buf_printf(&m, "; read %zu names past %d distinct ones as "
		    "text, as <%s> or not at all", did->names,
		    CP_HTML_MAX_NAMES, other_name);
	cp_report(rep, CP_LEVEL_WARNING, file, line, 0, "%s: HTML past the "
	    "limits of what is read in linear time: %s", where, m.data + 2);
	cp_buf_free(&m);
}
