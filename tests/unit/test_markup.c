/*
 * test_markup.c: conversions between text, HTML and Markdown: escaping,
 * libxml2's HTML parser laid out as a browser would, and Markdown that
 * cmark renders back to the text it came from.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

/* Checks f(in) against want, freeing the result. */
static void
check_conv(char *(*f)(const char *), const char *in, const char *want,
    const char *desc)
{
	char	*got = f(in);

	CHECK_STR(got, want, desc);
	free(got);
}

/* HTML to text and to Markdown, reporting nothing. */
static char *
html_text(const char *html)
{
	return cp_html_to_text(html, NULL);
}

static char *
html_markdown(const char *html)
{
	return cp_html_to_markdown(html, NULL);
}

/*
 * Escaped text, rendered by cmark, must show the text itself: one
 * paragraph, the characters escaped as cmark escapes them, each line
 * break a <br>, and no other markup.
 */
static void
check_literal(const char *text, const char *desc)
{
	struct cp_buf	 want = { 0 };
	char		*md = cp_text_to_markdown(text);
	char		*html = cp_markdown_to_html(md);
	const char	*p;

	cp_buf_addstr(&want, "<p>");
	for (p = text; *p != '\0'; p++)
		switch (*p) {
		case '&':
			cp_buf_addstr(&want, "&amp;");
			break;
		case '<':
			cp_buf_addstr(&want, "&lt;");
			break;
		case '>':
			cp_buf_addstr(&want, "&gt;");
			break;
		case '"':
			cp_buf_addstr(&want, "&quot;");
			break;
		case '\n':
			cp_buf_addstr(&want, p[1] == '\0' ? "<br>" : "<br />\n");
			break;
		default:
			cp_buf_addc(&want, *p);
		}
	cp_buf_addstr(&want, "</p>");
	CHECK_STR(html, want.data, desc);
	cp_buf_free(&want);
	free(md);
	free(html);
}

int
main(void)
{
	struct cp_buf	 b = { 0 };
	char		*s;

	check_conv(cp_text_to_html, "a < b & \"c\"\nd",
	    "a &lt; b &amp; &quot;c&quot;<br>d", "text to HTML escapes");

	check_conv(cp_text_to_markdown, "1. item\n# h\n- x\n+ y\n> q",
	    "1\\. item\\\n\\# h\\\n\\- x\\\n\\+ y\\\n\\> q",
	    "block markers escaped where a line starts");
	check_conv(cp_text_to_markdown, "a*b_c `d` [e](f) <g> & h|i \\",
	    "a\\*b\\_c \\`d\\` \\[e\\](f) \\<g> \\& h\\|i \\\\",
	    "inline markup escaped anywhere");
	check_conv(cp_text_to_markdown, "x - y # z 2. w",
	    "x - y # z 2. w", "block markers inside a line stay as they are");
	check_conv(cp_text_to_markdown, "  lead\ntrail ",
	    "&#32;&#32;lead\\\ntrail&#32;",
	    "spaces a paragraph would strip become references");
	check_conv(cp_text_to_markdown, "a\n\nb\n",
	    "a\\\n\\\nb<br>", "line breaks are hard breaks, a last one <br>");
	check_conv(cp_text_to_markdown, "", "", "empty text");

	cp_buf_addstr(&b, "");
	cp_markdown_escape(&b, "===\n~~~ ~", 9);
	CHECK_STR(cp_buf_str(&b), "\\===\\\n\\~\\~\\~ \\~",
	    "setext and fence markers");
	cp_buf_free(&b);

	check_literal("1. not a list\n- nor this\n# nor a heading\n"
	    "> nor a quote\n```\nnot code\n```\n", "lists, headings, fences "
	    "render literally");
	check_literal("*a* _b_ **c** `d` [e](f) ![g](h) <i>j</i> &amp; "
	    "k|l \\m", "inline markup renders literally");
	check_literal("  indented code?\n\ttab\n---\n===\nlast  ",
	    "indentation and setext underlines render literally");
	check_literal("\nleading break\n\n\nand trailing\n\n",
	    "leading, repeated and trailing breaks survive");
	check_literal("日本語 *強調* ではない", "CJK text renders literally");

	check_conv(cp_markdown_to_html, "*a*\nb", "<p><em>a</em><br />\nb</p>",
	    "Markdown to HTML keeps line breaks");
	check_literal("costs $5, or $x_1$ and $$y*z$$", "dollars in text stay text");

	/* TeX math reaches Anki as MathJax, its markup characters intact. */
	check_conv(cp_markdown_to_html, "$E = mc^2$ and $a_1 * b_2 * c\\,d$",
	    "<p>\\(E = mc^2\\) and \\(a_1 * b_2 * c\\,d\\)</p>",
	    "inline math: no emphasis, no escapes eaten");
	check_conv(cp_markdown_to_html, "$$\n\\sum_{i=1}^n x_i\n$$",
	    "<p>\\[ \\sum_{i=1}^n x_i \\]</p>",
	    "display math across lines");
	check_conv(cp_markdown_to_html, "$5 and $10",
	    "<p>$5 and $10</p>", "prices are no math");
	check_conv(cp_markdown_to_html, "\\$x\\$ and $ y $",
	    "<p>$x$ and $ y $</p>", "escaped and spaced dollars are no math");
	check_conv(cp_markdown_to_html, "`$a_b$` $c_d$\n\n```\n$e_f$\n```",
	    "<p><code>$a_b$</code> \\(c_d\\)</p>\n"
	    "<pre><code>$e_f$\n</code></pre>",
	    "code spans and blocks keep their dollars");
	check_conv(cp_markdown_to_html, "$a\n\nb$ <b>$x<y$</b>",
	    "<p>$a</p>\n<p>b$ <b>\\(x&lt;y\\)</b></p>",
	    "math ends with its paragraph; < is escaped in it");

	/* Anki keeps media names unencoded; cmark encodes addresses. */
	check_conv(cp_markdown_to_html, "![a](<pic 1.png>) ![](\xe6\x97\xa5.png)",
	    "<p><img src=\"pic 1.png\" alt=\"a\" /> "
	    "<img src=\"\xe6\x97\xa5.png\" alt=\"\" /></p>",
	    "image names are written as Anki stores them");
	check_conv(cp_markdown_to_html, "![](http://x.org/a%20b.png)",
	    "<p><img src=\"http://x.org/a%20b.png\" alt=\"\" /></p>",
	    "addresses with a scheme stay encoded");
	check_conv(cp_markdown_to_html, "![](it's&me%22.png) ![](bad%ff.png)",
	    "<p><img src=\"it&#x27;s&amp;me&quot;.png\" alt=\"\" /> "
	    "<img src=\"bad%ff.png\" alt=\"\" /></p>",
	    "decoded names are escaped; undecodable ones kept");
	check_conv(cp_markdown_to_html, "![x]() and ![](<>)",
	    "<p><img src=\"\" alt=\"x\" /> and <img src=\"\" alt=\"\" /></p>",
	    "an empty image address stays empty (fuzz_md, clang UBSan)");
	s = html_markdown("<img src=\"pic 1.png\" alt=\"p\">");
	check_conv(cp_markdown_to_html, s,
	    "<p><img src=\"pic 1.png\" alt=\"p\" /></p>",
	    "an image survives HTML to Markdown to HTML");
	free(s);

	check_conv(html_text, "hello <b>world</b> &amp; <i> x </i>y",
	    "hello world & x y", "HTML to text decodes and collapses");
	check_conv(html_text,
	    "<div>a</div><div>b<br></div><div><br></div><div>c</div>",
	    "a\nb\n\nc", "Anki's <div> lines become lines");
	check_conv(html_text, "<p>p1</p><p>p2</p>[sound:x.mp3]&nbsp;z",
	    "p1\n\np2\n\n[sound:x.mp3]\xc2\xa0z",
	    "paragraphs, sound references and entities");
	check_conv(html_text, "<ul><li>one</li><li>two</li></ul>"
	    "<ol><li>x</li></ol>", "- one\n- two\n\n1. x",
	    "lists keep their markers in text");
	check_conv(html_text, "<ul><li>a</li><ul><li>b</li><li>c</li>"
	    "</ul><li>d</li></ul>", "- a\n  - b\n  - c\n- d",
	    "a list Anki nests directly in a list stays nested in text");
	check_conv(html_text, "a<script>no()</script><style>b{}</style>"
	    "<!-- c -->d", "ad", "scripts, styles and comments are not text");

	check_conv(html_markdown, "hello <b>world</b> &amp; <i> x </i>y",
	    "hello **world** \\& *x* y", "emphasis, with spaces outside it");
	check_conv(html_markdown,
	    "<div>a</div><div>b<br></div><div><br></div><div>c</div>",
	    "a\\\nb\\\n\\\nc", "<div> lines become hard breaks");
	check_conv(html_markdown,
	    "<ul><li>one</li><li>two<ul><li>n1</li></ul></li></ul>"
	    "<ol start=\"3\"><li>x</li><li>1. y</li></ol>after",
	    "- one\n- two\n  - n1\n\n3. x\n4. 1\\. y\n\nafter",
	    "nested and numbered lists");
	check_conv(html_markdown,
	    "<ol><li>a</li><li>b</li><ol><li>b1</li><ol><li>x</li></ol></ol>"
	    "<li>c</li></ol>after",
	    "1. a\n2. b\n   1. b1\n      1. x\n3. c\n\nafter",
	    "lists Anki nests directly in lists stay nested");
	check_conv(html_markdown,
	    "<p>p <a href=\"http://x.org/a b(c)\">link *x*</a> "
	    "<img src=\"a.jpg\" alt=\"pic\"></p>[sound:rec_001.mp3]",
	    "p [link \\*x\\*](http://x.org/a%20b\\(c\\)) ![pic](a.jpg)\n\n"
	    "\\[sound:rec\\_001.mp3\\]", "links, images, sound references");
	check_conv(html_markdown,
	    "<blockquote>q1<br>q2</blockquote><pre>code `x`\ny</pre>"
	    "<code>a`b</code> &lt;tag&gt;",
	    "> q1\\\n> q2\n\n```\ncode `x`\ny\n```\n\n``a`b`` \\<tag>",
	    "quotes, code blocks and code spans");
	check_conv(html_markdown, "x<u>und</u><b></b>y<h2>H<br>h</h2>",
	    "x<u>und</u>y\n\n## H h", "raw HTML kept, empty emphasis dropped");
	check_conv(html_markdown, "", "", "empty HTML");

	/* Markdown from HTML renders as the HTML did. */
	s = cp_markup_convert("[sound:rec_001.mp3] <b>*</b>",
	    CP_MARKUP_HTML, CP_MARKUP_MARKDOWN, NULL);
	check_conv(cp_markdown_to_html, s,
	    "<p>[sound:rec_001.mp3] <strong>*</strong></p>",
	    "the sound reference survives HTML to Markdown to HTML");
	free(s);

	/* Deep nesting costs heap, not stack. */
	for (int i = 0; i < 20000; i++)
		cp_buf_addstr(&b, "<div><b>");
	cp_buf_addstr(&b, "x");
	s = html_markdown(b.data);
	CHECK(s != NULL && strstr(s, "x") != NULL, "20000 nested elements");
	free(s);
	cp_buf_free(&b);

	s = cp_markup_convert("*a*\nb", CP_MARKUP_MARKDOWN, CP_MARKUP_TEXT,
	    NULL);
	CHECK_STR(s, "a\nb", "Markdown to text");
	free(s);
	s = cp_markup_convert("a\nb", CP_MARKUP_TEXT, CP_MARKUP_HTML, NULL);
	CHECK_STR(s, "a<br>b", "text to HTML via convert");
	free(s);
	return unit_failed;
}
