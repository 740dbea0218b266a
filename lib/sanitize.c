/*
 * sanitize.c: HTML from a deck, made fit to be read and printed and
 * nothing more.
 *
 * A field's HTML is written by whoever made the deck.  It is parsed by
 * libxml2 and written again from the tree, keeping only the elements
 * and attributes of the one table below, every text and value escaped
 * by cp_html_escape().  An allow-list rather than a list of what is
 * known to be bad, because browsers keep adding ways to run and to
 * fetch (event handlers, srcset, ping, SVG and MathML scripting) and a
 * list of the bad misses the next one.  Written from the tree, not
 * passed through, the output holds no comment, no raw-text element and
 * no unbalanced tag that a browser could read otherwise than libxml2.
 * Both walks of the tree are iterative, as hostile nesting is deep.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

#include "internal.h"

enum how {
	KEEP,	/* written, with its allowed attributes */
	EMPTY,	/* written, with no end tag */
	DROP,	/* left out with all it holds: it runs, loads or embeds */
	/*
	 * Left out, but an empty element to browsers that libxml2, which
	 * knows HTML 4, reads as a container: what it puts inside is what
	 * follows it, and is kept.
	 */
	DROP_EMPTY,
	PLAIN	/* its content kept, its tag left out without a word */
};

/*
 * The allow-list, sorted by name.  Attributes allowed on every element
 * are in global_attrs.  An element not listed is left out but its
 * content kept, with a warning.  PLAIN are the parser's own html, head
 * and body, a link, whose text is all of it that paper keeps, and a
 * picture, whose <img> is kept.
 */
static const struct element {
	const char	*name;
	enum how	 how;
	const char	*attrs;	/* space-separated, besides global_attrs */
} elements[] = {
	{ "a", PLAIN, "" },
	{ "abbr", KEEP, "" },
	{ "address", KEEP, "" },
	{ "applet", DROP, "" },
	{ "area", DROP, "" },
	{ "article", KEEP, "" },
	{ "aside", KEEP, "" },
	{ "audio", DROP, "" },
	{ "b", KEEP, "" },
	{ "base", DROP, "" },
	{ "basefont", DROP, "" },
	{ "bdi", KEEP, "" },
	{ "bdo", KEEP, "" },
	{ "bgsound", DROP, "" },
	{ "big", KEEP, "" },
	{ "blockquote", KEEP, "" },
	{ "body", PLAIN, "" },
	{ "br", EMPTY, "" },
	{ "button", DROP, "" },
	{ "canvas", DROP, "" },
	{ "caption", KEEP, "align" },
	{ "center", KEEP, "" },
	{ "cite", KEEP, "" },
	{ "code", KEEP, "" },
	{ "col", EMPTY, "align span valign width" },
	{ "colgroup", KEEP, "align span valign width" },
	{ "dd", KEEP, "" },
	{ "del", KEEP, "" },
	{ "details", KEEP, "open" },
	{ "dfn", KEEP, "" },
	{ "div", KEEP, "align" },
	{ "dl", KEEP, "" },
	{ "dt", KEEP, "" },
	{ "em", KEEP, "" },
	{ "embed", DROP_EMPTY, "" },
	{ "figcaption", KEEP, "" },
	{ "figure", KEEP, "" },
	{ "font", KEEP, "color face size" },
	{ "footer", KEEP, "" },
	{ "frame", DROP, "" },
	{ "frameset", DROP, "" },
	{ "h1", KEEP, "align" },
	{ "h2", KEEP, "align" },
	{ "h3", KEEP, "align" },
	{ "h4", KEEP, "align" },
	{ "h5", KEEP, "align" },
	{ "h6", KEEP, "align" },
	{ "head", PLAIN, "" },
	{ "header", KEEP, "" },
	{ "hr", EMPTY, "align size width" },
	{ "html", PLAIN, "" },
	{ "i", KEEP, "" },
	{ "iframe", DROP, "" },
	{ "img", EMPTY, "alt height src width" },
	{ "input", DROP, "" },
	{ "ins", KEEP, "" },
	{ "kbd", KEEP, "" },
	{ "keygen", DROP_EMPTY, "" },
	{ "li", KEEP, "type value" },
	{ "link", DROP, "" },
	{ "map", DROP, "" },
	{ "mark", KEEP, "" },
	{ "math", DROP, "" },
	{ "meta", DROP, "" },
	{ "noembed", DROP, "" },
	{ "noframes", DROP, "" },
	{ "noscript", DROP, "" },
	{ "object", DROP, "" },
	{ "ol", KEEP, "reversed start type" },
	{ "optgroup", DROP, "" },
	{ "option", DROP, "" },
	{ "output", DROP, "" },
	{ "p", KEEP, "align" },
	{ "param", DROP, "" },
	{ "picture", PLAIN, "" },
	{ "plaintext", DROP, "" },
	{ "portal", DROP, "" },
	{ "pre", KEEP, "" },
	{ "q", KEEP, "" },
	{ "rb", KEEP, "" },
	{ "rp", KEEP, "" },
	{ "rt", KEEP, "" },
	{ "rtc", KEEP, "" },
	{ "ruby", KEEP, "" },
	{ "s", KEEP, "" },
	{ "samp", KEEP, "" },
	{ "script", DROP, "" },
	{ "section", KEEP, "" },
	{ "select", DROP, "" },
	{ "small", KEEP, "" },
	{ "source", DROP_EMPTY, "" },
	{ "span", KEEP, "" },
	{ "strike", KEEP, "" },
	{ "strong", KEEP, "" },
	{ "style", DROP, "" },
	{ "sub", KEEP, "" },
	{ "summary", KEEP, "" },
	{ "sup", KEEP, "" },
	{ "svg", DROP, "" },
	{ "table", KEEP, "align bgcolor border cellpadding cellspacing width" },
	{ "tbody", KEEP, "align valign" },
	{ "td", KEEP, "align bgcolor colspan height rowspan valign width" },
	{ "template", DROP, "" },
	{ "textarea", DROP, "" },
	{ "tfoot", KEEP, "align valign" },
	{ "th", KEEP, "align bgcolor colspan height rowspan scope valign "
	    "width" },
	{ "thead", KEEP, "align valign" },
	{ "title", DROP, "" },
	{ "tr", KEEP, "align bgcolor valign" },
	{ "track", DROP_EMPTY, "" },
	{ "tt", KEEP, "" },
	{ "u", KEEP, "" },
	{ "ul", KEEP, "type" },
	{ "var", KEEP, "" },
	{ "video", DROP, "" },
	{ "wbr", EMPTY, "" },
	{ "xmp", DROP, "" },
};

/*
 * class is filtered by class_filter(), style by style_filter(); data-*
 * attributes are kept too, as only a script or a style sheet of the
 * field's own would read them.
 */
static const char global_attrs[] = "class dir lang style title";

/*
 * Attributes that hold an address.  One left out is named in a warning
 * of its own, so that the reader knows which image or link is missing.
 */
static const char url_attrs[] = "action archive background cite classid "
    "codebase data dynsrc formaction href icon longdesc lowsrc manifest "
    "ping poster profile src srcset usemap xlink:href";

/*
 * The properties a style= may set: colour, type, spacing, borders and
 * size.  None places a box outside its card (position, transform) or
 * takes a value that loads (background-image, content, cursor).
 */
static const char style_props[] = "background background-color border "
    "border-bottom border-collapse border-color border-left border-radius "
    "border-right border-spacing border-style border-top border-width "
    "caption-side clear color direction display empty-cells float font "
    "font-family font-size font-stretch font-style font-variant "
    "font-weight height letter-spacing line-height list-style "
    "list-style-position list-style-type margin margin-bottom margin-left "
    "margin-right margin-top max-height max-width min-height min-width "
    "opacity overflow-wrap padding padding-bottom padding-left "
    "padding-right padding-top table-layout text-align text-decoration "
    "text-decoration-color text-decoration-line text-decoration-style "
    "text-indent text-shadow text-transform vertical-align visibility "
    "white-space width word-break word-spacing word-wrap writing-mode";

/* Image types a data: URI of an <img> may have. */
static const char image_types[] = "avif bmp gif jpeg png svg+xml webp "
    "x-icon";

#define KINDS	8	/* kinds of thing left out named in the summary */

struct sanitizer {
	const struct cp_sanitize *opts;
	struct cp_buf	 out;
	struct cp_buf	 tag;	/* the element being written */
	struct {
		char	*what;	/* "<script>", "onerror=", ... */
		size_t	 n;
		int	 plain;	/* its text was kept */
	} kinds[KINDS];
	size_t		 nkinds;
	size_t		 more;	/* left out, of kinds not named */
};

static int
element_cmp(const void *key, const void *e)
{
	return strcasecmp(key, ((const struct element *)e)->name);
}

static const struct element *
element_find(const char *name)
{
	return bsearch(name, elements, sizeof(elements) / sizeof(elements[0]),
	    sizeof(elements[0]), element_cmp);
}

/* Is word, of len bytes, one of the space-separated words of list? */
static int
word_in(const char *list, const char *word, size_t len)
{
	const char	*p = list;
	size_t		 n;

	while (*p != '\0') {
		n = strcspn(p, " ");
		if (n == len && strncasecmp(p, word, len) == 0)
			return 1;
		p += n;
		p += strspn(p, " ");
	}
	return 0;
}

/* Counts one thing left out for the summary warning. */
static void
left_out(struct sanitizer *s, const char *what, int plain)
{
	size_t	 i;

	if (s->opts->rep == NULL)
		return;
	for (i = 0; i < s->nkinds; i++)
		if (s->kinds[i].plain == plain &&
		    strcmp(s->kinds[i].what, what) == 0) {
			s->kinds[i].n++;
			return;
		}
	if (s->nkinds == KINDS) {
		s->more++;
		return;
	}
	s->kinds[s->nkinds].what = cp_xstrdup(what);
	s->kinds[s->nkinds].n = 1;
	s->kinds[s->nkinds++].plain = plain;
}

/*
 * Appends a value from the deck, quoted, for a message: control
 * characters as \xNN, cut after 60 bytes, as a message is one line.
 */
static void
quote(struct cp_buf *b, const char *v)
{
	const unsigned char	*p;

	cp_buf_addc(b, '"');
	for (p = (const unsigned char *)v; *p != '\0'; p++) {
		if ((size_t)(p - (const unsigned char *)v) >= 60 &&
		    (*p & 0xc0) != 0x80) {
			cp_buf_addstr(b, "...");
			break;
		}
		if (*p < 0x20 || *p == 0x7f)
			cp_buf_printf(b, "\\x%02x", *p);
		else {
			if (*p == '"' || *p == '\\')
				cp_buf_addc(b, '\\');
			cp_buf_addc(b, *p);
		}
	}
	cp_buf_addc(b, '"');
}

/* One address left out, named. */
static void
url_left_out(struct sanitizer *s, const char *elem, const char *attr,
    const char *value, const char *why)
{
	struct cp_buf	 m = { 0 };

	if (s->opts->rep == NULL)
		return;
	cp_buf_printf(&m, "<%.40s %.40s=", elem, attr);
	quote(&m, value);
	cp_buf_addc(&m, '>');
	cp_report(s->opts->rep, CP_LEVEL_WARNING, s->opts->file,
	    s->opts->line, 0, "%s: left out %s: %s", s->opts->where, m.data,
	    why);
	cp_buf_free(&m);
}

/*
 * The address a browser reads from an attribute's value: spaces and
 * control characters around it stripped, tabs and line breaks inside
 * it removed (so "java\tscript:" is "javascript:").
 */
static char *
url_normal(const char *v)
{
	struct cp_buf	 b = { 0 };
	size_t		 len;

	while (*v != '\0' && (unsigned char)*v <= 0x20)
		v++;
	len = strlen(v);
	while (len > 0 && (unsigned char)v[len - 1] <= 0x20)
		len--;
	cp_buf_addstr(&b, "");
	for (; len > 0; v++, len--)
		if (*v != '\t' && *v != '\n' && *v != '\r')
			cp_buf_addc(&b, *v);
	return cp_buf_detach(&b);
}

/* Is u a data: URI of an image type an <img> shows and cannot run? */
static int
data_image(const char *u)
{
	size_t	 n;

	if (strncasecmp(u, "data:image/", 11) != 0)
		return 0;
	u += 11;
	n = strcspn(u, ";,");
	return u[n] != '\0' && word_in(image_types, u, n);
}

/* Counts a declaration left out of a style=, by its property. */
static void
left_style(struct sanitizer *s, const char *name, size_t len)
{
	struct cp_buf	 m = { 0 };
	size_t		 i;

	for (i = 0; i < len && i < 40; i++)
		cp_buf_addc(&m, isgraph((unsigned char)name[i]) ?
		    tolower((unsigned char)name[i]) : '?');
	cp_buf_addstr(&m, i > 0 ? " in style=" : "style=");
	left_out(s, m.data, 0);
	cp_buf_free(&m);
}

/*
 * A style= value with only the declarations of allowed properties whose
 * values are words, numbers, colours and quoted names (in any script:
 * bytes of UTF-8 beyond ASCII spell no CSS syntax): no url(),
 * expression(), @import, escape or comment can be spelled without a
 * character outside that set.  The only functions are colours.
 */
static void
style_filter(struct sanitizer *s, const char *v, struct cp_buf *out)
{
	static const char *const funcs[] = { "rgb", "rgba", "hsl", "hsla",
	    NULL };
	const char	*decl, *colon, *end, *p, *name, *val;
	size_t		 nlen, vlen, i, f;
	int		 depth, ok;

	for (decl = v; *decl != '\0'; decl = *end == ';' ? end + 1 : end) {
		end = decl + strcspn(decl, ";");
		colon = memchr(decl, ':', (size_t)(end - decl));
		name = decl + strspn(decl, " \t\n\r\f");
		if (name == end)
			continue;
		nlen = (size_t)((colon != NULL ? colon : end) - name);
		while (nlen > 0 && isspace((unsigned char)name[nlen - 1]))
			nlen--;
		ok = colon != NULL && nlen > 0 && word_in(style_props, name,
		    nlen);
		val = colon != NULL ? colon + 1 : end;
		val += strspn(val, " \t\n\r\f");
		vlen = (size_t)(end - val);
		while (vlen > 0 && isspace((unsigned char)val[vlen - 1]))
			vlen--;
		ok = ok && vlen > 0;
		for (p = val, depth = 0; ok && p < val + vlen; p++) {
			if (*p == '(') {
				for (f = 0; funcs[f] != NULL; f++) {
					i = strlen(funcs[f]);
					if ((size_t)(p - val) >= i &&
					    strncasecmp(p - i, funcs[f], i) == 0)
						break;
				}
				ok = funcs[f] != NULL && depth++ == 0;
			} else if (*p == ')')
				ok = depth-- == 1;
			else
				ok = isalnum((unsigned char)*p) ||
				    (unsigned char)*p >= 0x80 ||
				    strchr(" #%.,+-_'\"!/", *p) != NULL;
		}
		if (ok && depth == 0) {
			if (out->len > 0)
				cp_buf_addc(out, ';');
			for (i = 0; i < nlen; i++)
				cp_buf_addc(out,
				    tolower((unsigned char)name[i]));
			cp_buf_addc(out, ':');
			cp_buf_add(out, val, vlen);
			continue;
		}
		left_style(s, name, nlen);
	}
}

/*
 * The class names of v but those of the page around, which a field must
 * not borrow (a field's class="sheet" would break the page there).
 */
static void
class_filter(struct sanitizer *s, const char *v, struct cp_buf *out)
{
	const char	*taken = s->opts->taken_classes != NULL ?
			    s->opts->taken_classes : "";
	struct cp_buf	 what = { 0 };
	size_t		 n;

	for (v += strspn(v, " \t\n\r\f"); *v != '\0';
	    v += strspn(v, " \t\n\r\f")) {
		n = strcspn(v, " \t\n\r\f");
		if (!word_in(taken, v, n)) {
			if (out->len > 0)
				cp_buf_addc(out, ' ');
			cp_buf_add(out, v, n);
		} else {
			cp_buf_addstr(&what, "class=\"");
			cp_buf_add(&what, v, n);
			cp_buf_addc(&what, '"');
			left_out(s, what.data, 0);
			cp_buf_reset(&what);
		}
		v += n;
	}
	cp_buf_free(&what);
}

/*
 * An <img>'s src as it is written: a data: URI of an image as it is, a
 * name the caller's media() turns into one.  NULL when it is left out.
 */
static char *
img_src(struct sanitizer *s, const char *v)
{
	struct cp_buf	 why = { 0 };
	char		*u = url_normal(v), *r;

	if (data_image(u))
		return u;
	r = s->opts->media != NULL ? s->opts->media(s->opts->arg, u, &why) :
	    NULL;
	if (r == NULL)
		url_left_out(s, "img", "src", v, why.len > 0 ? why.data :
		    "not an image");
	cp_buf_free(&why);
	free(u);
	return r;
}

/*
 * Writes the start tag of n, an element of the table, into s->tag with
 * the attributes it allows, and counts or names the others; for a PLAIN
 * or unlisted element (e NULL or PLAIN) only counts.  Returns 0 when n
 * is left out after all: an <img> whose src is, or that has none.
 */
static int
start_tag(struct sanitizer *s, const xmlNode *n, const struct element *e)
{
	const char	*name;
	struct cp_buf	 val = { 0 }, kept = { 0 };
	xmlAttr		*a;
	xmlChar		*v;
	char		*src;
	size_t		 nlen;
	int		 keep = 1, src_kept = 0;
	int		 written = e != NULL && e->how != PLAIN;

	cp_buf_reset(&s->tag);
	if (written)
		cp_buf_printf(&s->tag, "<%s", e->name);
	for (a = n->properties; a != NULL; a = a->next) {
		name = (const char *)a->name;
		nlen = strlen(name);
		v = xmlNodeGetContent((const xmlNode *)a);
		cp_buf_reset(&val);
		cp_buf_addstr(&val, v != NULL ? (const char *)v : "");
		xmlFree(v);
		if (!written || !(word_in(global_attrs, name, nlen) ||
		    word_in(e->attrs, name, nlen) ||
		    (strncasecmp(name, "data-", 5) == 0 &&
		    strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_.") ==
		    nlen))) {
			/*
			 * An address is named; a link within the page
			 * leads nowhere on paper either way, and the other
			 * attributes of a tag left out go with it.
			 */
			if (word_in(url_attrs, name, nlen) &&
			    val.data[0] != '#' && val.data[0] != '\0')
				url_left_out(s, (const char *)n->name, name,
				    val.data, "a printed sheet loads and "
				    "follows nothing");
			else if (written) {
				cp_buf_reset(&val);
				cp_buf_printf(&val, "%.40s=", name);
				left_out(s, val.data, 0);
			}
			continue;
		}
		cp_buf_reset(&kept);
		cp_buf_addstr(&kept, "");
		if (strcasecmp(name, "src") == 0) {
			if ((src = img_src(s, val.data)) == NULL) {
				keep = 0;
				continue;
			}
			cp_buf_addstr(&kept, src);
			free(src);
			src_kept = 1;
		} else if (strcasecmp(name, "style") == 0)
			style_filter(s, val.data, &kept);
		else if (strcasecmp(name, "class") == 0)
			class_filter(s, val.data, &kept);
		else
			cp_buf_add(&kept, val.data, val.len);
		if (kept.len == 0 && (strcasecmp(name, "style") == 0 ||
		    strcasecmp(name, "class") == 0))
			continue;
		cp_buf_printf(&s->tag, " %s=\"", name);
		cp_html_escape(&s->tag, kept.data, kept.len);
		cp_buf_addc(&s->tag, '"');
	}
	/* An image with no src shows nothing but a broken-image icon. */
	if (written && keep && word_in(e->attrs, "src", 3) && !src_kept) {
		left_out(s, "<img> without src", 0);
		keep = 0;
	}
	if (written)
		cp_buf_addc(&s->tag, '>');
	cp_buf_free(&val);
	cp_buf_free(&kept);
	return keep;
}

/* The summary of what was left out, in one warning. */
static void
summary(struct sanitizer *s)
{
	struct cp_buf	 m = { 0 };
	size_t		 i;
	int		 plain, any;

	if (s->nkinds == 0)
		return;
	for (plain = 0; plain <= 1; plain++) {
		any = 0;
		for (i = 0; i < s->nkinds; i++) {
			if (s->kinds[i].plain != plain)
				continue;
			if (!any)
				cp_buf_addstr(&m, m.len > 0 ? "; " : "");
			cp_buf_printf(&m, "%s%zu %s", !any ? (plain ?
			    "printed only the text of " : "left out ") : ", ",
			    s->kinds[i].n, s->kinds[i].what);
			any = 1;
		}
	}
	if (s->more > 0)
		cp_buf_printf(&m, "; and %zu more", s->more);
	cp_report(s->opts->rep, CP_LEVEL_WARNING, s->opts->file,
	    s->opts->line, 0, "%s: %s: only what prints is kept, nothing "
	    "that could run, load or restyle the page",
	    s->opts->where, m.data);
	cp_buf_free(&m);
}

/* The end tag n needs, if any, once its content is written. */
static void
end_tag(struct sanitizer *s, const xmlNode *n)
{
	const struct element	*e;

	if (n->type == XML_ELEMENT_NODE &&
	    (e = element_find((const char *)n->name)) != NULL &&
	    e->how == KEEP)
		cp_buf_printf(&s->out, "</%s>", e->name);
}

char *
cp_html_sanitize(const char *html, const struct cp_sanitize *opts)
{
	struct sanitizer	 s = { 0 };
	struct cp_html_bounds	 bounds;
	const struct element	*e;
	htmlDocPtr		 doc;
	xmlNode			*top, *n;
	size_t			 i;
	int			 enter;

	s.opts = opts;
	cp_buf_addstr(&s.out, "");
	doc = cp_html_parse(html, &bounds);
	cp_html_bounds_report(&bounds, opts->rep, opts->file, opts->line,
	    opts->where);
	top = (xmlNode *)doc;
	n = top != NULL ? top->children : NULL;
	while (n != NULL) {
		enter = 0;
		if (n->type == XML_TEXT_NODE && n->content != NULL)
			cp_html_escape(&s.out, (const char *)n->content,
			    strlen((const char *)n->content));
		else if (n->type == XML_ELEMENT_NODE) {
			e = element_find((const char *)n->name);
			if (e != NULL && (e->how == DROP ||
			    e->how == DROP_EMPTY)) {
				cp_buf_reset(&s.tag);
				cp_buf_printf(&s.tag, "<%s>", e->name);
				left_out(&s, s.tag.data, 0);
				enter = e->how == DROP_EMPTY &&
				    n->children != NULL;
			} else if (start_tag(&s, n, e)) {
				cp_buf_add(&s.out, s.tag.data, s.tag.len);
				if (e == NULL) {
					cp_buf_reset(&s.tag);
					cp_buf_printf(&s.tag, "<%.40s>",
					    (const char *)n->name);
					left_out(&s, s.tag.data, 1);
				}
				enter = n->children != NULL;
			}
		}
		/* Comments, processing instructions and the DTD print nothing. */
		if (enter) {
			n = n->children;
			continue;
		}
		end_tag(&s, n);
		while (n != top && n->next == NULL) {
			n = n->parent;
			if (n != top)
				end_tag(&s, n);
		}
		n = n != top ? n->next : NULL;
	}
	if (doc != NULL)
		xmlFreeDoc(doc);
	if (opts->rep != NULL)
		summary(&s);
	for (i = 0; i < s.nkinds; i++)
		free(s.kinds[i].what);
	cp_buf_free(&s.tag);
	return cp_buf_detach(&s.out);
}
