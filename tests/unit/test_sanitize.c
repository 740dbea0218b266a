/*
 * test_sanitize.c: cp_html_sanitize() keeps what prints and nothing that
 * runs, loads or restyles, and says what it left out.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

static struct cp_buf	 said;	/* every message, one a line */

static void
collect(const struct cp_diag *d, void *arg)
{
	cp_buf_printf(&said, "%s:%lu: %s\n", d->file, d->line, d->msg);
}

/* Media: "ok.png" is in the folder, nothing else is. */
static char *
media(void *arg, const char *src, struct cp_buf *why)
{
	if (strcmp(src, "ok.png") == 0)
		return cp_xstrdup("data:image/png;base64,T0s=");
	cp_buf_printf(why, "no %s", src);
	return NULL;
}

/* Sanitises in, checks the result and every message said about it. */
static void
check(const char *in, const char *want, const char *want_said,
    const char *desc)
{
	struct cp_reporter	 rep = { collect, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_sanitize	 opts = { &rep, "deck.txt", 7, "field \"F\"",
				    "sheet card", media, NULL };
	struct cp_buf		 what = { 0 };
	char			*got;

	cp_buf_reset(&said);
	cp_buf_addstr(&said, "");
	got = cp_html_sanitize(in, &opts);
	CHECK_STR(got, want, desc);
	cp_buf_printf(&what, "%s: the warnings", desc);
	CHECK_STR(said.data, want_said, what.data);
	cp_buf_free(&what);
	free(got);
}

int
main(void)
{
	struct cp_sanitize	 quiet = { 0 };
	struct cp_buf		 deep = { 0 }, want = { 0 };
	char			*got;
	size_t			 i;

	check("<b>bold</b> <i>it</i> <ul><li>one<li>two</ul>"
	    "<table><tr><td colspan=2>c</td></tr></table>",
	    "<b>bold</b> <i>it</i> <ul><li>one</li><li>two</li></ul>"
	    "<table><tr><td colspan=\"2\">c</td></tr></table>", "",
	    "formatting, lists and tables are kept, tags balanced");
	check("a &lt;script&gt; &amp; <span title='x\"y'>z</span>",
	    "a &lt;script&gt; &amp; <span title=\"x&quot;y\">z</span>", "",
	    "text and values are escaped again");
	check("<b onclick=\"x()\" ONERROR=y>hi</b><script>x()</script>"
	    "<style>b{}</style><!-- c -->",
	    "<b>hi</b>",
	    "deck.txt:7: field \"F\": left out 1 onclick=, 1 onerror=, "
	    "1 <script>, 1 <style>: only what prints is kept, nothing that "
	    "could run, load or restyle the page\n",
	    "handlers, scripts, styles and comments are left out, counted");
	check("<a href=\"jav&#x61;script:x()\">e</a>"
	    "<a href=\"java\tscript:x()\">t</a><a href=\"#top\">f</a>",
	    "etf",
	    "deck.txt:7: field \"F\": left out <a href=\"javascript:x()\">: "
	    "a printed sheet loads and follows nothing\n"
	    "deck.txt:7: field \"F\": left out <a href=\"java\\x09script:x()\">: "
	    "a printed sheet loads and follows nothing\n",
	    "a link keeps its text; each address is named, control "
	    "characters shown");
	check("<img src=\"ok.png\" alt=a><img src=\" gone.png\">"
	    "<img src=\"data:image/gif;base64,R0lG\">"
	    "<img src=\"data:text/html,x\"><img srcset=\"ok.png 2x\">",
	    "<img src=\"data:image/png;base64,T0s=\" alt=\"a\">"
	    "<img src=\"data:image/gif;base64,R0lG\">",
	    "deck.txt:7: field \"F\": left out <img src=\" gone.png\">: "
	    "no gone.png\n"
	    "deck.txt:7: field \"F\": left out <img src=\"data:text/html,x\">: "
	    "no data:text/html,x\n"
	    "deck.txt:7: field \"F\": left out <img srcset=\"ok.png 2x\">: "
	    "a printed sheet loads and follows nothing\n"
	    "deck.txt:7: field \"F\": left out 1 <img> without src: only what "
	    "prints is kept, nothing that could run, load or restyle the "
	    "page\n",
	    "images: data: URIs of images kept, names given to media()");
	check("<span style=\"color: red; background:url(http://x/); "
	    "font-size:12px; width:expression(a()); b\\61ckground:red; "
	    "color:rgb(1, 2, 3); position:fixed; list-style-type:'\xe2\x91\xa0'\">"
	    "s</span><i style=\"background-image:url(x)\">u</i>",
	    "<span style=\"color:red;font-size:12px;color:rgb(1, 2, 3);"
	    "list-style-type:&#x27;\xe2\x91\xa0&#x27;\">s</span><i>u</i>",
	    "deck.txt:7: field \"F\": left out 1 background in style=, "
	    "1 width in style=, 1 b\\61ckground in style=, 1 position in "
	    "style=, 1 background-image in style=: only what prints is kept, "
	    "nothing that could run, load or restyle the page\n",
	    "style= keeps plain declarations of allowed properties only");
	check("<p class=\"card cloze mine\" data-x=1 id=i>p</p>",
	    "<p class=\"cloze mine\" data-x=\"1\">p</p>",
	    "deck.txt:7: field \"F\": left out 1 class=\"card\", 1 id=: only "
	    "what prints is kept, nothing that could run, load or restyle "
	    "the page\n",
	    "a class of the page's own and id are left out, data-* kept");
	check("<svg><script>a()</script></svg><math><mi>x</mi></math>"
	    "<iframe src=\"http://x/\"></iframe>M<marquee>m</marquee>"
	    "<picture><source srcset=\"x\"><img src=\"ok.png\"></picture>"
	    "a<embed src=\"x\">b",
	    "Mm<img src=\"data:image/png;base64,T0s=\">ab",
	    "deck.txt:7: field \"F\": left out 1 <svg>, 1 <math>, 1 <iframe>, "
	    "1 <source>, 1 <embed>; printed only the text of 1 <marquee>: "
	    "only what prints is kept, nothing that could run, load or "
	    "restyle the page\n",
	    "SVG, MathML and frames go; what follows a void element stays");
	check("<base href=\"http://x/\"><meta http-equiv=refresh content=0>"
	    "<link rel=stylesheet href=\"http://x/\"><object data=\"http://x/\">"
	    "</object><form action=\"http://x/\"><input autofocus "
	    "onfocus=a()>F</form>",
	    "F",
	    "deck.txt:7: field \"F\": left out <form action=\"http://x/\">: "
	    "a printed sheet loads and follows nothing\n"
	    "deck.txt:7: field \"F\": left out 1 <base>, 1 <meta>, 1 <link>, "
	    "1 <object>, 1 <input>; printed only the text of 1 <form>: only "
	    "what prints is kept, nothing that could run, load or restyle "
	    "the page\n",
	    "base, meta, link, object and form controls are left out");
	check("<u>1</u><u a=1>2</u><u b=1>3</u><u c=1>4</u><u d=1>5</u>"
	    "<u e=1>6</u><u f=1>7</u><u g=1>8</u><u h=1>9</u><u i=1>10</u>",
	    "<u>1</u><u>2</u><u>3</u><u>4</u><u>5</u><u>6</u><u>7</u><u>8</u>"
	    "<u>9</u><u>10</u>",
	    "deck.txt:7: field \"F\": left out 1 a=, 1 b=, 1 c=, 1 d=, 1 e=, "
	    "1 f=, 1 g=, 1 h=; and 1 more: only what prints is kept, nothing "
	    "that could run, load or restyle the page\n",
	    "the summary names eight kinds and counts the rest");

	got = cp_html_sanitize("<img src=x onerror=a()><script>b</script>t",
	    &quiet);
	CHECK_STR(got, "t", "with no reporter nor media, nothing is said");
	free(got);

	/*
	 * Past the limits of what libxml2 reads in linear time: the 101st
	 * attribute of a tag and those after it, end tags that close
	 * nothing under more than 64 open elements, tags nested over 1000
	 * deep.  Within them a stray end tag is left to libxml2.
	 */
	cp_buf_addstr(&deep, "<span");
	cp_buf_addstr(&want, "<span");
	for (i = 0; i < 99; i++) {
		cp_buf_printf(&deep, " data-a%zu=\"\"", i);
		cp_buf_printf(&want, " data-a%zu=\"\"", i);
	}
	cp_buf_addstr(&deep, " title=\"kept\" lang=\"gone\" dir=\"gone\">x"
	    "</span></i>");
	cp_buf_addstr(&want, " title=\"kept\">x</span>");
	/* Within <html> and <body>: 998 more make 1000. */
	for (i = 0; i < 1100; i++)
		cp_buf_addstr(&deep, "<b>");
	cp_buf_addstr(&deep, "y</i></u>");
	for (i = 0; i < 998; i++)
		cp_buf_addstr(&want, "<b>");
	cp_buf_addstr(&want, "y");
	for (i = 0; i < 998; i++)
		cp_buf_addstr(&want, "</b>");
	check(deep.data, want.data, "deck.txt:7: field \"F\": HTML past the "
	    "limits of what is read in linear time: left out 2 attributes "
	    "past the 100th of a tag or past 1000 distinct names; left out 2 "
	    "end tags that close nothing under over 64 open elements; left "
	    "out 102 start tags nested over 1000 deep, their content kept\n",
	    "past the limits, a tag's attributes, end tags and depth are cut");
	cp_buf_free(&want);
	cp_buf_reset(&deep);

	/* Hostile nesting is walked, not recursed into. */
	for (i = 0; i < 200000; i++)
		cp_buf_addstr(&deep, "<span>");
	cp_buf_addstr(&deep, "deep");
	got = cp_html_sanitize(deep.data, &quiet);
	CHECK(got != NULL && strstr(got, "deep</span></span>") != NULL,
	    "200000 nested elements are written, balanced");
	free(got);
	cp_buf_free(&deep);
	cp_buf_free(&said);
	return unit_failed;
}
