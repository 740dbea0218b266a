/*
 * markup.c: conversions between the three markups of a field.  Each
 * target has one escaping function here, and every writer goes through it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmark.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "internal.h"

/*
 * cmark's own allocator prints a line of its own and aborts when memory
 * runs out, leaving the temporaries; this one goes the library's way.
 */
static void *
cmark_calloc(size_t nmemb, size_t size)
{
	return cp_xcalloc(nmemb, size);
}

static void *
cmark_realloc(void *p, size_t n)
{
	return cp_xrealloc(p, n);
}

static cmark_mem	 cmark_allocator = { cmark_calloc, cmark_realloc, free };

struct cmark_node *
cp_cmark_parse(const char *s, size_t len, int options)
{
	cmark_parser	*parser;
	cmark_node	*doc;

	parser = cmark_parser_new_with_mem(options, &cmark_allocator);
	cmark_parser_feed(parser, s, len);
	doc = cmark_parser_finish(parser);
	cmark_parser_free(parser);
	if (doc == NULL)
		cp_out_of_memory();
	return doc;
}

/* What & < > " ' become in HTML; NULL for every other byte. */
static const char *
html_entity(int c)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	case '\'':
		return "&#x27;";
	default:
		return NULL;
	}
}

void
cp_html_escape(struct cp_buf *b, const char *s, size_t n)
{
	size_t		 i, start;
	const char	*rep;

	for (i = start = 0; i < n; i++) {
		if ((rep = html_entity((unsigned char)s[i])) == NULL)
			continue;
		cp_buf_add(b, s + start, i - start);
		cp_buf_addstr(b, rep);
		start = i + 1;
	}
	cp_buf_add(b, s + start, n - start);
}

/*
 * Escapes and breaks lines in one pass: strcspn() skips the plain runs,
 * most of a field, many bytes at a time (cards2apkg escapes every field
 * of every note).
 */
char *
cp_text_to_html(const char *s)
{
	struct cp_buf	 b = { 0 };
	const char	*rep;
	size_t		 k;

	cp_buf_reserve(&b, strlen(s) + 32);	/* room for a few entities */
	for (;;) {
		k = strcspn(s, "&<>\"'\n");
		cp_buf_add(&b, s, k);
		if (s[k] == '\0')
			break;
		rep = s[k] == '\n' ? "<br>" : html_entity((unsigned char)s[k]);
		cp_buf_addstr(&b, rep);
		s += k + 1;
	}
	return cp_buf_detach(&b);
}

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
	    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * Writes an image address as Anki keeps it: cmark percent-encodes the
 * destination, but Anki stores a media file's name unencoded and
 * encodes it only to show it.  Addresses with a scheme stay encoded, as
 * does one whose decoding would not be UTF-8 text.
 */
static void
media_src(struct cp_buf *b, const char *v, size_t n)
{
	struct cp_buf	 raw = { 0 };
	size_t		 i, j;

	/* An empty address (`![x]()`) leaves raw without a buffer at all. */
	if (n == 0)
		return;
	for (i = 0; i < n && v[i] != '/' && v[i] != ':'; i++)
		continue;
	if (i < n && v[i] == ':') {
		cp_buf_add(b, v, n);
		return;
	}
	/* cmark's own escapes in an attribute: "&amp;" and "&#x27;". */
	for (i = 0; i < n; i++) {
		if (strncmp(v + i, "&amp;", 5) == 0 && i + 5 <= n) {
			cp_buf_addc(&raw, '&');
			i += 4;
		} else if (strncmp(v + i, "&#x27;", 6) == 0 && i + 6 <= n) {
			cp_buf_addc(&raw, '\'');
			i += 5;
		} else if (v[i] == '%' && i + 2 < n && hexval(v[i + 1]) >= 0 &&
		    hexval(v[i + 2]) >= 0) {
			cp_buf_addc(&raw, hexval(v[i + 1]) * 16 +
			    hexval(v[i + 2]));
			i += 2;
		} else
			cp_buf_addc(&raw, v[i]);
	}
	for (j = 0; j < raw.len && raw.data[j] != '\0'; j++)
		continue;
	if (j == raw.len && cp_utf8_valid(raw.data, raw.len, NULL))
		cp_html_escape(b, raw.data, raw.len);
	else
		cp_buf_add(b, v, n);
	cp_buf_free(&raw);
}

/*
 * TeX math, "$...$" and "$$...$$", is not Markdown: cmark would take its
 * backslashes for escapes and its underscores and asterisks for
 * emphasis.  Each span is rewritten before cmark sees it as MathJax's
 * "\(...\)" or "\[...\]", every ASCII punctuation character of it
 * backslash-escaped, so that cmark writes it back character for
 * character, its line breaks as spaces (a TeX space).  The delimiters
 * are pandoc's: an opening '$' is not followed by a space, a closing
 * one not preceded by a space nor followed by a digit, a '$' after a
 * backslash is no delimiter, and a span ends within its paragraph.
 * Code blocks, HTML blocks and code spans are left alone.  Obsidian's
 * links and embeds are rewritten in the same pass (add_wikilink()).
 */
struct mathscan {
	const char	*s;
	size_t		 n;
	size_t		 para_end;	/* the next blank or skipped line */
	size_t		 fail_math[2];	/* no closing '$', "$$" before */
	size_t		 fail_code[CP_CODE_RUNS];	/* cp_code_close() */
	const char	*skip;	/* per line: 1 in a code or HTML block */
	size_t		 nlines;
	size_t		 line;	/* the 1-based line of the scan */
};

/* Where the paragraph that holds offset i ends. */
static size_t
paragraph_end(struct mathscan *m, size_t i, size_t line)
{
	size_t	 p = i, l = line, k;

	for (;;) {
		while (p < m->n && m->s[p] != '\n')
			p++;
		if (p >= m->n)
			return m->n;
		p++;
		l++;
		for (k = p; k < m->n && (m->s[k] == ' ' || m->s[k] == '\t');
		    k++)
			continue;
		if (k >= m->n || m->s[k] == '\n' ||
		    (l <= m->nlines && m->skip[l]))
			return p;
	}
}

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/*
 * A closing delimiter of len '$' at j, before end: not escaped, not
 * after a space.
 */
static int
closes(const char *s, size_t end, size_t j, size_t len)
{
	if (j + len > end || s[j] != '$' || (len == 2 && s[j + 1] != '$') ||
	    s[j - 1] == '\\')
		return 0;
	if (len == 1)
		return !is_space((unsigned char)s[j - 1]) &&
		    (j + 1 >= end || s[j + 1] < '0' || s[j + 1] > '9') &&
		    s[j - 1] != '$' && (j + 1 >= end || s[j + 1] != '$');
	return 1;
}

/*
 * The closing delimiter of a span opened at i, before end (where its
 * paragraph ends), or 0.  A search that fails rules out every later
 * opening of the same kind before end, whose search would cover less:
 * fail[0] (inline) and fail[1] (display) remember, and the scan stays
 * linear.
 */
size_t
cp_math_close(const char *s, size_t i, size_t end, size_t fail[2])
{
	size_t	 len = i + 1 < end && s[i + 1] == '$' ? 2 : 1, j;

	if (s[i] != '$' || i + len >= end || (len == 1 &&
	    is_space((unsigned char)s[i + 1])) || fail[len - 1] > i)
		return 0;
	for (j = i + len + 1; j < end; j++) {
		if (s[j] == '\\') {
			j++;
			continue;
		}
		if (closes(s, end, j, len))
			return j;
	}
	fail[len - 1] = end;
	return 0;
}

static void
add_math(struct cp_buf *b, const char *s, size_t n, int display)
{
	size_t	 i;

	cp_buf_addstr(b, display ? "\\\\[" : "\\\\(");
	for (i = 0; i < n; i++) {
		unsigned char	 c = (unsigned char)s[i];

		if (c == '\n')
			cp_buf_addc(b, ' ');
		else {
			if (c < 0x80 && ispunct(c))
				cp_buf_addc(b, '\\');
			cp_buf_addc(b, c);
		}
	}
	cp_buf_addstr(b, display ? "\\\\]" : "\\\\)");
}

size_t
cp_code_close(const char *s, size_t i, size_t k, size_t end,
    size_t fail[CP_CODE_RUNS])
{
	size_t	 j, r;

	if (k >= CP_CODE_RUNS || fail[k] > i)
		return 0;
	for (j = i + k; j < end; j += r) {
		for (r = 0; j + r < end && s[j + r] == '`'; r++)
			continue;
		if (r == k)
			return j + k;
		if (r == 0)
			r = 1;
	}
	fail[k] = end;
	return 0;
}

/* Whether [dot, end), a name's extension or NULL, is one of list's. */
static int
extension_in(const char *dot, const char *end, const char *const *list)
{
	for (; dot != NULL && *list != NULL; list++)
		if ((size_t)(end - dot) == strlen(*list) &&
		    strncasecmp(dot, *list, strlen(*list)) == 0)
			return 1;
	return 0;
}

/*
 * Obsidian's links, "[[Note]]", "[[Note#Part|shown]]", and embeds,
 * "![[cell.png]]": the vault's notes are full of them, and CommonMark
 * knows neither.  A link is its text as Obsidian shows it (the alias,
 * or the target with " > " for '#'); an embedded image is a CommonMark
 * image, so that it is shown and its file travels with the deck, a
 * sound Anki's "[sound:...]"; another embed (a note, a PDF) its alias,
 * or else its name.
 * "[[" to "]]" on one line, neither bracket inside.  Returns the end
 * of the link, or 0 for none at i.
 */
static size_t
add_wikilink(struct cp_buf *b, const char *s, size_t i, size_t end)
{
	static const char *const images[] = { "png", "jpg", "jpeg", "gif",
	    "bmp", "svg", "webp", "avif", "tif", "tiff", NULL };
	static const char *const sounds[] = { "mp3", "wav", "m4a", "ogg",
	    "flac", "webm", "aac", "3gp", NULL };
	size_t		 from, to, bar, j, k;
	const char	*dot;
	int		 embed = s[i] == '!';

	from = i + 2 + (size_t)embed;
	if (from > end || strncmp(s + i + embed, "[[", 2) != 0)
		return 0;
	for (j = from; j + 1 < end && s[j] != '\n' && s[j] != '[' &&
	    s[j] != ']'; j++)
		continue;
	if (j + 1 >= end || s[j] != ']' || s[j + 1] != ']' || j == from)
		return 0;
	for (bar = from; bar < j && s[bar] != '|'; bar++)
		continue;
	/* "[[cell.png | 400]]": Obsidian trims what the bar parts. */
	for (to = bar; to > from && s[to - 1] == ' '; to--)
		continue;
	while (from < to && s[from] == ' ')
		from++;
	if (embed) {
		for (dot = NULL, k = from; k < to; k++)
			if (s[k] == '.')
				dot = s + k + 1;
		if (extension_in(dot, s + to, images)) {
			cp_buf_addstr(b, "![](<");
			cp_buf_add(b, s + from, to - from);
			cp_buf_addstr(b, ">)");
			return j + 2;
		}
		if (extension_in(dot, s + to, sounds)) {
			cp_buf_addstr(b, "[sound:");
			cp_buf_add(b, s + from, to - from);
			cp_buf_addc(b, ']');
			return j + 2;
		}
	}
	/*
	 * Obsidian shows another embed as a block of its own: its name
	 * stands apart from words glued to it, "Q1![[Quiz 1.pdf]]".
	 */
	if (embed && b->len > 0 && !isspace((unsigned char)
	    b->data[b->len - 1]))
		cp_buf_addc(b, ' ');
	if (bar < j) {
		/* "![[script.pdf#page=26&rect=...|script, p.25]]" too. */
		for (k = bar + 1; k < j && s[k] == ' '; k++)
			continue;
		for (to = j; to > k && s[to - 1] == ' '; to--)
			continue;
		cp_buf_add(b, s + k, to - k);
	} else
		/* "Note#Part" is shown "Note > Part"; "#Part", "Part". */
		for (k = from; k < to; k++)
			if (s[k] != '#')
				cp_buf_addc(b, s[k]);
			else if (k > from)
				cp_buf_addstr(b, " > ");
	if (embed && j + 2 < end && isalnum((unsigned char)s[j + 2]))
		cp_buf_addc(b, ' ');
	return j + 2;
}

static char *
rewrite_for_cmark(const char *s)
{
	struct mathscan	 m = { 0 };
	struct cp_buf	 b = { 0 };
	cmark_node	*root, *n;
	cmark_iter	*it;
	char		*skip;
	size_t		 i, j, k, nlines = 1, len;
	int		 found = 0, bol = 1;

	if (strchr(s, '$') == NULL && strstr(s, "[[") == NULL)
		return NULL;
	m.s = s;
	m.n = strlen(s);
	for (i = 0; i < m.n; i++)
		nlines += s[i] == '\n';
	skip = cp_xcalloc(nlines + 2, 1);
	root = cp_cmark_parse(s, m.n, CMARK_OPT_DEFAULT);
	it = cmark_iter_new(root);
	while (cmark_iter_next(it) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		if (cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK &&
		    cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK)
			continue;
		for (j = (size_t)cmark_node_get_start_line(n);
		    j <= (size_t)cmark_node_get_end_line(n) && j <= nlines; j++)
			skip[j] = 1;
	}
	cmark_iter_free(it);
	cmark_node_free(root);
	m.skip = skip;
	m.nlines = nlines;
	m.line = 1;
	cp_buf_addstr(&b, "");
	for (i = 0; i < m.n; ) {
		if (bol && (skip[m.line] || i >= m.para_end)) {
			if (!skip[m.line])
				m.para_end = paragraph_end(&m, i, m.line);
			else
				m.para_end = i;
		}
		if (!skip[m.line] && (s[i] == '[' || s[i] == '!') &&
		    (j = add_wikilink(&b, s, i, m.para_end)) != 0) {
			i = j;
			found = 1;
			continue;
		}
		if (skip[m.line] || s[i] == '\n' || (s[i] != '$' &&
		    s[i] != '`' && s[i] != '\\')) {
			if (s[i] == '\n')
				m.line++;
			bol = s[i] == '\n';
			cp_buf_addc(&b, s[i++]);
			continue;
		}
		bol = 0;
		if (s[i] == '\\') {
			cp_buf_add(&b, s + i, i + 1 < m.n &&
			    s[i + 1] != '\n' ? 2 : 1);
			i += i + 1 < m.n && s[i + 1] != '\n' ? 2 : 1;
			continue;
		}
		if (s[i] == '`') {
			for (k = 0; i + k < m.n && s[i + k] == '`'; k++)
				continue;
			j = cp_code_close(s, i, k, m.para_end, m.fail_code);
			if (j == 0)
				j = i + k;
			for (; i < j; i++) {
				m.line += s[i] == '\n';
				cp_buf_addc(&b, s[i]);
			}
			continue;
		}
		len = i + 1 < m.n && s[i + 1] == '$' ? 2 : 1;
		if ((j = cp_math_close(s, i, m.para_end, m.fail_math)) != 0) {
			for (k = i; k < j; k++)
				m.line += s[k] == '\n';
			add_math(&b, s + i + len, j - i - len, len == 2);
			i = j + len;
			found = 1;
			continue;
		}
		cp_buf_add(&b, s + i, len);
		i += len;
	}
	free(skip);
	if (!found) {
		cp_buf_free(&b);
		return NULL;
	}
	return cp_buf_detach(&b);
}

char *
cp_markdown_to_html(const char *s)
{
	struct cp_buf	 b = { 0 };
	const char	*p, *img, *end;
	cmark_node	*doc;
	char		*html, *math = rewrite_for_cmark(s);
	size_t		 n;

	if (math != NULL)
		s = math;
	/* Raw HTML is kept: Anki fields are HTML, and the user wrote it. */
	doc = cp_cmark_parse(s, strlen(s),
	    CMARK_OPT_UNSAFE | CMARK_OPT_HARDBREAKS);
	html = cmark_render_html(doc, CMARK_OPT_UNSAFE | CMARK_OPT_HARDBREAKS);
	cmark_node_free(doc);
	free(math);
	cp_buf_addstr(&b, "");
	for (p = html; (img = strstr(p, "<img src=\"")) != NULL; p = end) {
		img += strlen("<img src=\"");
		if ((end = strchr(img, '"')) == NULL)
			break;
		cp_buf_add(&b, p, (size_t)(img - p));
		media_src(&b, img, (size_t)(end - img));
	}
	cp_buf_addstr(&b, p);
	free(html);
	/* cmark ends every block with '\n'; a field has no use for the last. */
	n = b.len;
	while (n > 0 && b.data[n - 1] == '\n')
		b.data[--n] = '\0';
	b.len = n;
	return cp_buf_detach(&b);
}

char *
cp_markup_to_html(const char *s, enum cp_markup from)
{
	switch (from) {
	case CP_MARKUP_TEXT:
		return cp_text_to_html(s);
	case CP_MARKUP_MARKDOWN:
		return cp_markdown_to_html(s);
	default:
		return cp_xstrdup(s);
	}
}

/*
 * Markdown.  Text is escaped so that CommonMark renders it literally: a
 * backslash before every punctuation character CommonMark could take
 * for markup (and '|' and '~', which GitHub's tables and strikethrough
 * take), block markers only where a line starts, spaces that a
 * paragraph would strip as numeric references, and each line break as a
 * hard break.  bol says whether s starts a line of the output.
 */
static void
md_escape(struct cp_buf *b, const char *s, size_t n, int bol)
{
	size_t	 i, j;

	for (i = 0; i < n; i++) {
		unsigned char	 c = (unsigned char)s[i];

		if (c == '\n') {
			/*
			 * A backslash before the newline is a hard break, but
			 * at the end of a paragraph it would be a backslash.
			 */
			cp_buf_addstr(b, i + 1 == n ? "<br>" : "\\\n");
			bol = 1;
			continue;
		}
		if (c == ' ' || c == '\t') {
			/* Paragraphs strip the spaces that begin and end them. */
			for (j = i; j < n && (s[j] == ' ' || s[j] == '\t'); j++)
				continue;
			if (bol || j == n) {
				for (; i < j; i++)
					cp_buf_addstr(b, s[i] == ' ' ?
					    "&#32;" : "&#9;");
				i--;
				bol = 0;
				continue;
			}
			cp_buf_addc(b, c);
			continue;
		}
		if (c == '\r') {
			cp_buf_addstr(b, "&#13;");
			bol = 0;
			continue;
		}
		if (bol && c >= '0' && c <= '9') {
			/* "1." and "1)" start an ordered list. */
			for (j = i; j < n && s[j] >= '0' && s[j] <= '9'; j++)
				continue;
			cp_buf_add(b, s + i, j - i);
			if (j < n && (s[j] == '.' || s[j] == ')')) {
				cp_buf_addc(b, '\\');
				cp_buf_addc(b, s[j]);
				j++;
			}
			i = j - 1;
			bol = 0;
			continue;
		}
		if (strchr("\\`*_[]<&|~$", c) != NULL ||
		    (bol && strchr("#>-+=", c) != NULL))
			cp_buf_addc(b, '\\');
		cp_buf_addc(b, c);
		bol = 0;
	}
}

void
cp_markdown_escape(struct cp_buf *b, const char *s, size_t n)
{
	md_escape(b, s, n, 1);
}

char *
cp_text_to_markdown(const char *s)
{
	struct cp_buf	 b = { 0 };

	cp_buf_addstr(&b, "");
	md_escape(&b, s, strlen(s), 1);
	return cp_buf_detach(&b);
}

/*
 * HTML to text and to Markdown: one walk over the tree libxml2's HTML
 * parser builds, the way a browser lays it out: runs of white space
 * collapse to one space, block elements start lines, <br> breaks one.
 * The walk is iterative, so that deep nesting costs heap, not stack.
 */
enum brk {
	BRK_NONE,
	BRK_HARD,	/* a line break inside a paragraph */
	BRK_LINE,	/* a new line of blocks: the next list item */
	BRK_PARA	/* a blank line */
};

struct walk {
	int		 md;	/* Markdown, else text */
	struct cp_buf	 out;
	struct cp_buf	 prefix;	/* what starts each line: "> ", indents */
	size_t		 marker_at;	/* prefix length before a list marker */
	const char	*marker;	/* the list marker still to write */
	char		 numbuf[24];
	enum brk	 brk;	/* the break before the next content */
	unsigned int	 nbr;	/* <br>s before the next content */
	int		 space;	/* a collapsed space before the next content */
	int		 bol;	/* the output is at the start of a line */
	int		 heading;	/* in a Markdown heading: no breaks */
	struct cp_buf	 delims;	/* emphasis opened, not yet written */
};

/* What a frame remembers until its element ends. */
struct frame {
	size_t		 prefix_len;
	size_t		 delims_len;
	size_t		 out_len;	/* to tell whether the element wrote */
	long		 item;	/* list items so far; -1 for <ul> */
};

static void
walk_prefix(struct walk *w, int blank)
{
	size_t	 n = w->marker != NULL ? w->marker_at : w->prefix.len;

	if (blank) {
		/* A blank line keeps the quote markers, without spaces. */
		size_t	 m = n;

		while (m > 0 && w->prefix.data[m - 1] == ' ')
			m--;
		cp_buf_add(&w->out, w->prefix.data, m);
		cp_buf_addc(&w->out, '\n');
	}
	cp_buf_add(&w->out, w->prefix.data, n);
	if (w->marker != NULL)
		cp_buf_addstr(&w->out, w->marker);
	w->marker = NULL;
	w->bol = 1;
}

/* Writes the breaks and delimiters that wait for content. */
static void
walk_flush(struct walk *w)
{
	unsigned int	 i;

	if (w->out.len == 0) {
		walk_prefix(w, 0);
		w->nbr = 0;
	} else if (w->brk == BRK_PARA) {
		cp_buf_addstr(&w->out, "\n");
		walk_prefix(w, 1);
	} else if (w->brk == BRK_LINE) {
		cp_buf_addstr(&w->out, "\n");
		walk_prefix(w, 0);
	} else {
		/* A <br> that ends a block breaks no further line. */
		if (w->brk == BRK_HARD && w->nbr == 0)
			w->nbr = 1;
		for (i = 0; i < w->nbr; i++) {
			cp_buf_addstr(&w->out, w->md ? "\\\n" : "\n");
			walk_prefix(w, 0);
		}
	}
	if (w->brk != BRK_NONE || w->nbr > 0)
		w->space = 0;
	w->brk = BRK_NONE;
	w->nbr = 0;
	if (w->space && !w->bol)
		cp_buf_addc(&w->out, ' ');
	w->space = 0;
	if (w->delims.len > 0) {
		cp_buf_add(&w->out, w->delims.data, w->delims.len);
		cp_buf_reset(&w->delims);
		w->bol = 0;
	}
}

static void
walk_break(struct walk *w, enum brk k)
{
	if (k > w->brk)
		w->brk = k;
	if (k >= BRK_LINE)
		w->nbr = 0;
}

static void
walk_text(struct walk *w, const char *s, size_t n)
{
	size_t	 i, j;

	for (i = 0; i < n; i = j) {
		if (strchr(" \t\n\r\f", s[i]) != NULL) {
			w->space = 1;
			j = i + 1;
			continue;
		}
		for (j = i; j < n && strchr(" \t\n\r\f", s[j]) == NULL; j++)
			continue;
		walk_flush(w);
		if (w->md)
			md_escape(&w->out, s + i, j - i, w->bol);
		else
			cp_buf_add(&w->out, s + i, j - i);
		w->bol = 0;
	}
}

static const char *
attr(xmlNode *n, const char *name)
{
	xmlAttr	*a;

	for (a = n->properties; a != NULL; a = a->next)
		if (strcasecmp((const char *)a->name, name) == 0 &&
		    a->children != NULL && a->children->content != NULL)
			return (const char *)a->children->content;
	return NULL;
}

/* A link destination, with what would end or break it percent-encoded. */
static void
md_url(struct cp_buf *b, const char *u)
{
	for (; *u != '\0'; u++) {
		unsigned char	 c = (unsigned char)*u;

		if (c <= ' ' || c == '<' || c == '>' || c == 0x7f)
			cp_buf_printf(b, "%%%02X", c);
		else {
			if (c == '(' || c == ')' || c == '\\')
				cp_buf_addc(b, '\\');
			cp_buf_addc(b, c);
		}
	}
}

/* The longest run of backticks in s. */
static size_t
backtick_run(const char *s)
{
	size_t	 run, best;

	for (run = best = 0; *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

static void
walk_code(struct walk *w, xmlNode *n)
{
	char	*s = (char *)xmlNodeGetContent(n), *p;
	size_t	 fence, len;

	if (s == NULL)
		return;
	for (p = s; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if ((len = strlen(s)) == 0) {
		xmlFree(s);
		return;
	}
	walk_flush(w);
	if (!w->md) {
		cp_buf_add(&w->out, s, len);
		w->bol = 0;
		xmlFree(s);
		return;
	}
	fence = backtick_run(s) + 1;
	for (p = s; p < s + fence; p++)
		cp_buf_addc(&w->out, '`');
	/* A space keeps a backtick or a space at either end literal. */
	if (s[0] == '`' || s[len - 1] == '`' ||
	    (s[0] == ' ' && s[len - 1] == ' '))
		cp_buf_addc(&w->out, ' ');
	cp_buf_add(&w->out, s, len);
	if (s[0] == '`' || s[len - 1] == '`' ||
	    (s[0] == ' ' && s[len - 1] == ' '))
		cp_buf_addc(&w->out, ' ');
	for (p = s; p < s + fence; p++)
		cp_buf_addc(&w->out, '`');
	w->bol = 0;
	xmlFree(s);
}

static void
walk_pre(struct walk *w, xmlNode *n)
{
	char	*s = (char *)xmlNodeGetContent(n), *p, *nl;
	size_t	 fence, i, len;

	if (s == NULL)
		return;
	p = s;
	if (*p == '\n')
		p++;	/* HTML ignores a newline that opens <pre> */
	len = strlen(p);
	if (len > 0 && p[len - 1] == '\n')
		p[--len] = '\0';
	walk_break(w, BRK_PARA);
	w->space = 0;
	if (w->md) {
		fence = backtick_run(p) + 1;
		fence = fence < 3 ? 3 : fence;
		walk_flush(w);
		for (i = 0; i < fence; i++)
			cp_buf_addc(&w->out, '`');
		for (;;) {
			cp_buf_addc(&w->out, '\n');
			walk_prefix(w, 0);
			if ((nl = strchr(p, '\n')) == NULL)
				break;
			cp_buf_add(&w->out, p, (size_t)(nl - p));
			p = nl + 1;
		}
		cp_buf_addstr(&w->out, p);
		if (*p != '\0') {
			cp_buf_addc(&w->out, '\n');
			walk_prefix(w, 0);
		}
		for (i = 0; i < fence; i++)
			cp_buf_addc(&w->out, '`');
	} else if (*p != '\0') {
		walk_flush(w);
		while ((nl = strchr(p, '\n')) != NULL) {
			cp_buf_add(&w->out, p, (size_t)(nl - p));
			cp_buf_addc(&w->out, '\n');
			walk_prefix(w, 0);
			p = nl + 1;
		}
		cp_buf_addstr(&w->out, p);
	}
	w->bol = 0;
	walk_break(w, BRK_PARA);
	xmlFree(s);
}

static int
is_name(xmlNode *n, const char *names)
{
	const char	*nm = (const char *)n->name;
	size_t		 len = strlen(nm);
	const char	*p;

	for (p = names; (p = strstr(p, nm)) != NULL; p += len)
		if ((p == names || p[-1] == ' ') &&
		    (p[len] == ' ' || p[len] == '\0'))
			return 1;
	return 0;
}

/* The elements whose text no page shows, for is_name(). */
#define NOT_SHOWN	"script style head title template"

/* Is list n inside another list, in an item or directly? */
static int
in_list(xmlNode *n)
{
	return n->parent != NULL && n->parent->type == XML_ELEMENT_NODE &&
	    is_name(n->parent, "li ul ol");
}

/*
 * Starts element n; returns 0 when its children are not to be walked
 * (they have been written, or they are never shown).
 */
static int
walk_enter(struct walk *w, xmlNode *n, struct frame *f, struct frame *up)
{
	const char	*href, *src, *alt;
	const char	*name = (const char *)n->name;

	f->prefix_len = w->prefix.len;
	f->delims_len = w->delims.len;
	f->out_len = w->out.len;
	f->item = -1;
	if (is_name(n, NOT_SHOWN))
		return 0;
	if (is_name(n, "br")) {
		if (w->heading)
			w->space = 1;
		else if (w->out.len > 0)
			w->nbr++;
		return 0;
	}
	if (is_name(n, "code kbd samp tt")) {
		walk_code(w, n);
		return 0;
	}
	if (is_name(n, "pre")) {
		walk_pre(w, n);
		return 0;
	}
	if (is_name(n, "img")) {
		alt = attr(n, "alt");
		src = attr(n, "src");
		if (w->md && src != NULL) {
			walk_flush(w);
			cp_buf_addstr(&w->out, "![");
			if (alt != NULL)
				md_escape(&w->out, alt, strlen(alt), 0);
			cp_buf_addstr(&w->out, "](");
			md_url(&w->out, src);
			cp_buf_addc(&w->out, ')');
			w->bol = 0;
		} else if (alt != NULL)
			walk_text(w, alt, strlen(alt));
		return 0;
	}
	if (is_name(n, "hr")) {
		walk_break(w, BRK_PARA);
		if (w->md) {
			walk_flush(w);
			cp_buf_addstr(&w->out, "* * *");
		}
		walk_break(w, BRK_PARA);
		return 0;
	}
	if (is_name(n, "ul ol")) {
		walk_break(w, in_list(n) ? BRK_LINE : BRK_PARA);
		/*
		 * Anki's editor nests a list directly in its parent list,
		 * not in an item: indent it under the item before it.
		 */
		if (up != NULL && n->parent->type == XML_ELEMENT_NODE &&
		    is_name(n->parent, "ul ol"))
			cp_buf_add(&w->prefix, "        ", up->item >= 0 ?
			    (size_t)snprintf(w->numbuf, sizeof(w->numbuf),
			    "%ld. ", up->item > 0 ? up->item : 1) : 2);
		f->item = is_name(n, "ol") ? 0 : -1;
		if (f->item == 0 && (src = attr(n, "start")) != NULL)
			f->item = strtol(src, NULL, 10) - 1;
		if (f->item < -1 || f->item > 99999999)
			f->item = 0;
		return 1;
	}
	if (is_name(n, "li")) {
		walk_break(w, BRK_LINE);
		w->space = 0;
		if (up != NULL && up->item >= 0) {
			up->item++;
			snprintf(w->numbuf, sizeof(w->numbuf), "%ld. ",
			    up->item);
			w->marker = w->numbuf;
		} else
			w->marker = "- ";
		w->marker_at = w->prefix.len;
		cp_buf_add(&w->prefix, "        ", strlen(w->marker));
		return 1;
	}
	if (is_name(n, "h1 h2 h3 h4 h5 h6")) {
		walk_break(w, BRK_PARA);
		if (w->md) {
			w->heading = 1;
			cp_buf_add(&w->delims, "######", (size_t)(name[1] - '0'));
			cp_buf_addc(&w->delims, ' ');
		}
		return 1;
	}
	if (is_name(n, "p blockquote table dl ul ol")) {
		walk_break(w, BRK_PARA);
		if (w->md && is_name(n, "blockquote"))
			cp_buf_addstr(&w->prefix, "> ");
		return 1;
	}
	if (is_name(n, "div tr dt dd center section article header footer "
	    "nav aside figure figcaption address main form fieldset")) {
		walk_break(w, BRK_HARD);
		return 1;
	}
	if (is_name(n, "td th")) {
		if (xmlPreviousElementSibling(n) != NULL)
			walk_text(w, " | ", 3);
		return 1;
	}
	if (!w->md)
		return 1;
	if (is_name(n, "b strong")) {
		cp_buf_addstr(&w->delims, "**");
		return 1;
	}
	if (is_name(n, "i em")) {
		cp_buf_addstr(&w->delims, "*");
		return 1;
	}
	if (is_name(n, "a") && (href = attr(n, "href")) != NULL &&
	    *href != '\0') {
		cp_buf_addstr(&w->delims, "[");
		return 1;
	}
	if (is_name(n, "u s sub sup del ins mark strike")) {
		/* No Markdown for these: CommonMark keeps raw HTML. */
		walk_flush(w);
		cp_buf_printf(&w->out, "<%s>", name);
		w->bol = 0;
		return 1;
	}
	return 1;
}

static void
walk_leave(struct walk *w, xmlNode *n, struct frame *f)
{
	const char	*href;
	int		 wrote = w->out.len > f->out_len;

	if (is_name(n, "li")) {
		w->prefix.len = f->prefix_len;
		w->marker = NULL;
		walk_break(w, BRK_LINE);
	} else if (is_name(n, "blockquote")) {
		w->prefix.len = f->prefix_len;
		walk_break(w, BRK_PARA);
	} else if (is_name(n, "ul ol")) {
		w->prefix.len = f->prefix_len;
		walk_break(w, in_list(n) ? BRK_LINE : BRK_PARA);
	} else if (is_name(n, "h1 h2 h3 h4 h5 h6 p table dl")) {
		w->heading = 0;
		w->delims.len = f->delims_len;
		walk_break(w, BRK_PARA);
	} else if (is_name(n, "div tr dt dd center section article header "
	    "footer nav aside figure figcaption address main form fieldset"))
		walk_break(w, BRK_HARD);
	else if (w->md && is_name(n, "b strong i em a")) {
		/* An element that wrote nothing leaves no delimiters. */
		if (w->delims.len > f->delims_len) {
			w->delims.len = f->delims_len;
			return;
		}
		if (is_name(n, "a")) {
			href = attr(n, "href");
			if (href == NULL || *href == '\0')
				return;
			cp_buf_addstr(&w->out, "](");
			md_url(&w->out, href);
			cp_buf_addc(&w->out, ')');
		} else
			cp_buf_addstr(&w->out, is_name(n, "b strong") ?
			    "**" : "*");
	} else if (w->md && wrote &&
	    is_name(n, "u s sub sup del ins mark strike"))
		cp_buf_printf(&w->out, "</%s>", (const char *)n->name);
}

/*
 * html parsed (cp_html_parse()), what the parse rewrote reported at at
 * (none for NULL); NULL when libxml2 made no document.
 */
static htmlDocPtr
parse_reported(const char *html, const struct cp_field_at *at)
{
	struct cp_html_bounds	 bounds;
	htmlDocPtr		 doc;

	doc = cp_html_parse(html, &bounds);
	if (at != NULL)
		cp_html_bounds_report(&bounds, at->rep, at->file, at->line,
		    at->where);
	return doc;
}

static char *
html_walk(const char *html, int md, const struct cp_field_at *at)
{
	struct walk	 w = { 0 };
	struct frame	*frames = NULL;
	size_t		 depth = 0, cap = 0;
	htmlDocPtr	 doc;
	xmlNode		*n, *root;

	cp_buf_addstr(&w.out, "");
	w.md = md;
	w.bol = 1;
	doc = parse_reported(html, at);
	root = doc != NULL ? (xmlNode *)doc : NULL;
	n = root != NULL ? root->children : NULL;
	while (n != NULL) {
		if (n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) {
			if (n->content != NULL)
				walk_text(&w, (const char *)n->content,
				    strlen((const char *)n->content));
		} else if (n->type == XML_ELEMENT_NODE) {
			if (depth == cap) {
				cap = cap == 0 ? 16 : cap * 2;
				frames = cp_xreallocarray(frames, cap,
				    sizeof(*frames));
			}
			if (walk_enter(&w, n, &frames[depth], depth > 0 ?
			    &frames[depth - 1] : NULL) && n->children != NULL) {
				depth++;
				n = n->children;
				continue;
			}
			walk_leave(&w, n, &frames[depth]);
		}
		/* Leave every element whose last child this was. */
		while (n->next == NULL) {
			n = n->parent;
			if (n == NULL || n == root)
				break;
			walk_leave(&w, n, &frames[--depth]);
		}
		n = n != NULL && n != root ? n->next : NULL;
	}
	free(frames);
	if (doc != NULL)
		xmlFreeDoc(doc);
	cp_buf_free(&w.prefix);
	cp_buf_free(&w.delims);
	/* Whatever waits for content that never came is dropped. */
	while (w.out.len > 0 && strchr(" \n", w.out.data[w.out.len - 1]))
		w.out.data[--w.out.len] = '\0';
	return cp_buf_detach(&w.out);
}

char *
cp_html_to_text(const char *html, const struct cp_field_at *at)
{
	return html_walk(html, 0, at);
}

char *
cp_html_to_markdown(const char *html, const struct cp_field_at *at)
{
	return html_walk(html, 1, at);
}

/* Adds s[0..n) to b, runs of white space as one space. */
static void
add_collapsed(struct cp_buf *b, const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (!strchr(" \t\r\f\v", s[i]))
			cp_buf_addc(b, s[i]);
		else if (b->len > 0 && b->data[b->len - 1] != ' ')
			cp_buf_addc(b, ' ');
}

/* The text of one line of a page (cp_html_page_lines()). */
struct page_line {
	struct cp_buf	 text;
	unsigned long	 line;
};

struct page {
	struct page_line *v;
	size_t		 n, cap;
};

/*
 * The line of the page's text that holds what starts on the page's line
 * l: the last one, when it is of line l and nothing parts what comes
 * from it (apart), else a new one.
 */
static struct cp_buf *
page_at(struct page *pg, unsigned long l, int apart)
{
	struct page_line	*last = pg->n > 0 ? &pg->v[pg->n - 1] : NULL;

	if (last != NULL && (last->text.len == 0 || (last->line == l &&
	    !apart))) {
		last->line = last->text.len == 0 ? l : last->line;
		return &last->text;
	}
	if (pg->n == pg->cap) {
		pg->cap = pg->cap ? pg->cap * 2 : 64;
		pg->v = cp_xreallocarray(pg->v, pg->cap, sizeof(*pg->v));
	}
	last = &pg->v[pg->n++];
	memset(last, 0, sizeof(*last));
	last->line = l;
	return &last->text;
}

/*
 * The walk counts the lines of the text it passes, the hidden too, and
 * takes an element's line from libxml2 where that is further on (a tag
 * may take lines; libxml2 drops white space between some tags).  It
 * goes no further back: libxml2 gives a text node the line where it
 * handed over its first piece, not where it starts, and counts lines
 * only to 65535.
 */
char *
cp_html_page_lines(const char *html, const struct cp_field_at *at,
    unsigned long **lines, size_t *nlines)
{
	struct page	 pg = { 0 };
	struct cp_buf	 out = { 0 };
	size_t		 i, seg, k;
	const char	*s;
	unsigned long	 l = 1;
	long		 el;
	int		 apart = 0;
	htmlDocPtr	 doc;
	xmlNode		*n, *root, *hidden = NULL;

	doc = parse_reported(html, at);
	root = doc != NULL ? (xmlNode *)doc : NULL;
	n = root != NULL ? root->children : NULL;
	while (n != NULL) {
		if (n->type == XML_ELEMENT_NODE &&
		    (el = xmlGetLineNo(n)) > (long)l && el < 65535)
			l = (unsigned long)el;
		if ((n->type == XML_TEXT_NODE || n->type == XML_COMMENT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && n->content != NULL)
			for (s = (const char *)n->content;; s += seg + 1, l++) {
				seg = strcspn(s, "\n");
				if (hidden == NULL && n->type == XML_TEXT_NODE &&
				    strspn(s, " \t\r\f\v") < seg) {
					add_collapsed(page_at(&pg, l, apart), s,
					    seg);
					apart = 0;
				}
				if (s[seg] == '\0')
					break;
			}
		/*
		 * What no page shows, its head, styles and scripts, is no
		 * text; a block or a break parts the text before it from
		 * its own, on a line of the text of its own.
		 */
		if (n->type == XML_ELEMENT_NODE && !is_name(n, "a b strong i "
		    "em u s span code kbd samp tt sub sup mark small big font "
		    "del ins abbr q cite"))
			apart = 1;
		/* "<noscript>" too: a browser, scripts on, shows none of it. */
		if (n->type == XML_ELEMENT_NODE && hidden == NULL && is_name(n,
		    NOT_SHOWN " noscript"))
			hidden = n;
		if (n->type == XML_ELEMENT_NODE && n->children != NULL) {
			n = n->children;
			continue;
		}
		/* On to the next node, out of the elements it ends. */
		for (;;) {
			if (n == hidden)
				hidden = NULL;
			if (n->next != NULL) {
				n = n->next;
				break;
			}
			if ((n = n->parent) == NULL || n == root) {
				n = NULL;
				break;
			}
		}
	}
	if (doc != NULL)
		xmlFreeDoc(doc);
	cp_buf_addstr(&out, "");
	*lines = cp_xreallocarray(NULL, pg.n + 1, sizeof(**lines));
	for (i = *nlines = 0; i < pg.n; i++) {
		s = pg.v[i].text.data;
		k = pg.v[i].text.len;
		for (; k > 0 && *s == ' '; k--)
			s++;
		while (k > 0 && s[k - 1] == ' ')
			k--;
		if (k > 0) {
			if (*nlines > 0)
				cp_buf_addc(&out, '\n');
			cp_buf_add(&out, s, k);
			(*lines)[(*nlines)++] = pg.v[i].line;
		}
		cp_buf_free(&pg.v[i].text);
	}
	free(pg.v);
	return cp_buf_detach(&out);
}

char *
cp_markup_convert(const char *s, enum cp_markup from, enum cp_markup to,
    const struct cp_field_at *at)
{
	char	*html, *res;

	if (from == to)
		return cp_xstrdup(s);
	switch (to) {
	case CP_MARKUP_HTML:
		return cp_markup_to_html(s, from);
	case CP_MARKUP_MARKDOWN:
		return from == CP_MARKUP_TEXT ? cp_text_to_markdown(s) :
		    cp_html_to_markdown(s, at);
	default:
		if (from == CP_MARKUP_HTML)
			return cp_html_to_text(s, at);
		html = cp_markdown_to_html(s);
		res = cp_html_to_text(html, NULL);
		free(html);
		return res;
	}
}
