/*
 * fuzz_html.c: libFuzzer harness for cp_html_sanitize(), the filter
 * between a deck's HTML and a printed sheet.  Besides crashes, it stops
 * on output that, parsed again, holds what the filter exists to leave
 * out: a script, frame, object, SVG or MathML element, an event
 * handler, an href, or an image that is not a data: URI.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

#include "internal.h"

static char *
no_media(void *arg, const char *src, struct cp_buf *why)
{
	cp_buf_addstr(why, "none");
	return NULL;
}

static int
forbidden(const xmlNode *n)
{
	static const char *const names[] = { "script", "style", "iframe",
	    "frame", "object", "embed", "svg", "math", "link", "meta", "base",
	    "form", "input", "textarea", "noscript", "template", NULL };
	const xmlAttr	*a;
	size_t		 i;

	for (i = 0; names[i] != NULL; i++)
		if (strcasecmp((const char *)n->name, names[i]) == 0)
			return 1;
	for (a = n->properties; a != NULL; a = a->next) {
		if (strncasecmp((const char *)a->name, "on", 2) == 0 ||
		    strcasecmp((const char *)a->name, "href") == 0)
			return 1;
		if (strcasecmp((const char *)a->name, "src") == 0 &&
		    (a->children == NULL || strncasecmp((const char *)
		    a->children->content, "data:image/", 11) != 0))
			return 1;
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_sanitize	 opts = { &rep, "fuzz", 1, "field", "card",
				    no_media, NULL };
	char			*in, *out;
	htmlDocPtr		 doc;
	xmlNode			*n, *top;

	in = cp_utf8_repair((const char *)data, size);
	out = cp_html_sanitize(in, &opts);
	doc = htmlReadMemory(out, (int)strlen(out), NULL, "UTF-8",
	    HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
	    HTML_PARSE_RECOVER | XML_PARSE_HUGE);
	top = (xmlNode *)doc;
	for (n = top != NULL ? top->children : NULL; n != NULL; ) {
		if (n->type == XML_ELEMENT_NODE && forbidden(n))
			abort();
		if (n->children != NULL) {
			n = n->children;
			continue;
		}
		while (n != top && n->next == NULL)
			n = n->parent;
		n = n != top ? n->next : NULL;
	}
	if (doc != NULL)
		xmlFreeDoc(doc);
	free(out);
	free(in);
	return 0;
}
