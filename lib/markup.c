/*
 * markup.c: conversions between the three markups of a field.  Each
 * target has one escaping function here, and every writer goes through it.
 */
#include <stdlib.h>
#include <string.h>

#include <cmark.h>

#include "internal.h"

void
cp_html_escape(struct cp_buf *b, const char *s, size_t n)
{
	size_t	 i, start;

	for (i = start = 0; i < n; i++) {
		const char *rep;

		switch (s[i]) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		case '\'':
			rep = "&#x27;";
			break;
		default:
			continue;
		}
		cp_buf_add(b, s + start, i - start);
		cp_buf_addstr(b, rep);
		start = i + 1;
	}
	cp_buf_add(b, s + start, n - start);
}

char *
cp_text_to_html(const char *s)
{
	struct cp_buf	 b = { 0 };
	const char	*nl;

	cp_buf_addstr(&b, "");
	while ((nl = strchr(s, '\n')) != NULL) {
		cp_html_escape(&b, s, (size_t)(nl - s));
		cp_buf_addstr(&b, "<br>");
		s = nl + 1;
	}
	cp_html_escape(&b, s, strlen(s));
	return cp_buf_detach(&b);
}

char *
cp_markdown_to_html(const char *s)
{
	char	*html, *copy;
	size_t	 n;

	/* Raw HTML is kept: Anki fields are HTML, and the user wrote it. */
	html = cmark_markdown_to_html(s, strlen(s),
	    CMARK_OPT_UNSAFE | CMARK_OPT_HARDBREAKS);
	if (html == NULL)
		abort();
	/* cmark ends every block with '\n'; a field has no use for the last. */
	n = strlen(html);
	while (n > 0 && html[n - 1] == '\n')
		n--;
	copy = cp_xstrndup(html, n);
	free(html);
	return copy;
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
