/*
 * write_html.c: printable card sheets, one self-contained HTML file.
 *
 * Each sheet of paper is a grid of per_page cards: a page of fronts,
 * then a page of the same cards' backs, each row's columns reversed, so
 * that printing on both sides, flipped on the long edge, puts every
 * back behind its front.  Dashed outlines are the cut guides.  Inline
 * CSS only: no script, no font or image from the network, and a
 * Content-Security-Policy that says so to the browser.  One page of
 * notes is kept at a time.  Field values become HTML through
 * cp_markup_to_html() and cp_html_sanitize(), their images data: URIs
 * of files in the media folder; the rest goes through cp_html_escape().
 * The page's own elements are custom ones (cp-sheet, cp-card, cp-side,
 * cp-field, cp-foot), which cp_html_sanitize() never writes: where a
 * browser's parser closes a field's element before libxml2 did (an <li>
 * inside a <div> inside an <li>), the field's later end tag can close
 * none of them, and no field spills out of its card.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "internal.h"

#define DEFAULT_PER_PAGE	8
#define MARGIN_MM		10.0	/* what printers leave unprinted */

struct paper {
	const char	*name;
	double		 w, h;	/* millimetres, portrait */
};

static const struct paper papers[] = {
	{ "a4", 210.0, 297.0 },
	{ "letter", 215.9, 279.4 },
	{ NULL, 0, 0 }
};

/* Every class of the page's own, which a field may not take. */
static const char own_classes[] = "sheet fronts backs card front back text "
    "field foot empty cut cutmark";

struct side {
	char	*html;
	double	 pt;	/* font size */
	double	 img;	/* mm an image may take, or 0 */
	int	 cut;	/* shortened to fit at MIN_PT */
	int	 text;	/* plain text: its spaces are kept */
	int	 cjk;	/* 0, or the script that picks the font: 'j', 'k', 'c' */
};

struct html_state {
	const struct paper *paper;
	int		 per_page, cols, rows;
	double		 card_w, card_h;	/* millimetres */
	struct side	*fronts, *backs;	/* per_page of each */
	int		 ncards;
	unsigned long	 pages;	/* sheets written */
	int		 started;	/* the head is written */
	char		*title;
	struct cp_buf	 out;
	struct cp_reporter *rep;
	/*
	 * The folder the images of the notes written now are read from
	 * (cp_write_media_dir()), or NULL when it could not be made;
	 * private for a package's media, extracted into privdir.
	 */
	char		*media_dir;
	int		 media_private;
	int		 media_fd;	/* -1 until opened */
	int		 media_errno;	/* why it could not be, or 0 */
	char		*privdir;	/* under TMPDIR, or NULL */
	int		 privslot;	/* its cp_temporary_add() slot */
	unsigned int	 nprivate;
};

/* 'j', 'k' or 'c' when s holds Japanese kana, Hangul or Han; else 0. */
static int
script_of(const char *s)
{
	size_t		 n = strlen(s), len;
	unsigned long	 cp;
	int		 han = 0;

	for (; n > 0; s += len, n -= len) {
		if ((cp = cp_utf8_decode(s, n, &len)) == 0)
			len = 1;
		if (cp >= 0x3040 && cp <= 0x30ff)
			return 'j';
		if ((cp >= 0xac00 && cp <= 0xd7af) ||
		    (cp >= 0x1100 && cp <= 0x11ff))
			return 'k';
		if ((cp >= 0x4e00 && cp <= 0x9fff) ||
		    (cp >= 0x3400 && cp <= 0x4dbf) ||
		    (cp >= 0x3000 && cp <= 0x303f) ||
		    (cp >= 0xff00 && cp <= 0xffef))
			han = 1;
	}
	return han ? 'c' : 0;
}

/*
 * The layout model the font size is chosen by: what Chromium prints, as
 * closely as can be known without it, and never less, so that a side it
 * says fits is never clipped.  Widths are the advances of the font the
 * CSS names, DejaVu Sans (glyphwidth.c), and its Bold; DejaVu Sans
 * Mono's 0.602 em in code; Noto Sans CJK's for CJK (an em, Hangul
 * 0.92).  Kerning is left out: DejaVu's pairs mostly tighten (AV), and
 * FIT keeps a fiftieth of each line for the few that widen (0.074 em at
 * most) and the browser's rounding.  A line is the CSS 1.3 em; in a side
 * without a lang attribute, 1.45 em when it holds CJK, as a line mixing
 * two fonts' ascents is taller (with one, Noto Sans CJK sets the whole
 * side).  Lines break as Chromium breaks them: after a space, after a
 * hyphen not before a digit, at <wbr>, between CJK characters but not
 * before their closing punctuation or after their opening one
 * (line-break:strict), and inside a word only where it overflows a line
 * (overflow-wrap:break-word).  The spaces at a line's end hang past it
 * and take no room.  An image is inline, its bottom on the baseline: the
 * line it is on is its height and what of the line is below the
 * baseline, DejaVu Sans's descent and half the leading, 0.304 em, which
 * IMG_DESC_EM rounds up for the browser's rounding to pixels, as long as
 * the image is no shorter than the rest of a line.  It is taken on a
 * line of its own, where Chromium may set it beside the text before or
 * after it, which only saves a line.
 */
#define LINE_EM		1.3
#define LINE_CJK_EM	1.45
#define IMG_DESC_EM	0.35
#define MONO_EM		(1233 / 2048.0)	/* DejaVu Sans Mono's advance */
#define FIT		0.98
#define MIN_PT		5.5	/* the smallest legible size */
#define MAX_PT		18.0
#define MIN_IMG_MM	15.0	/* an image no smaller, while it can be */
#define LEAST_IMG_MM	4.0	/* and when it cannot */
#define PAD_MM		4.0	/* a card's padding */
#define SLACK_MM	1.0	/* for the browser's rounding to pixels */
#define PX_MM		(25.4 / 96)

/*
 * Columns for n cards: the cards nearest to the landscape 3:2 of index
 * cards, each cell left empty counting as cards twice as far from it.
 * When no empty cell was ever worth it, a prime count was one column of
 * strips: 19 to a Letter were 196 by 14 mm, 5 mm high inside the
 * padding, where a side too long showed nothing but its cut mark and an
 * image never fit; they are 4 by 5, 49 by 52 mm, with one cell empty.
 * Up to 24 a page, only 7, 11, 13, 17, 19 and 23 change.  Of the grids
 * only those whose cards hold two lines at MIN_PT inside their padding
 * are taken, so that a side cut shows some of its text before its mark:
 * 46 to an A4 were 2 by 23, 12 mm high, and are 4 by 12.
 */
static void
choose_grid(struct html_state *st)
{
	double	 w = st->paper->w - 2 * MARGIN_MM;
	double	 h = st->paper->h - 2 * MARGIN_MM;
	double	 least = 2 * PAD_MM + SLACK_MM + 2 * LINE_CJK_EM * MIN_PT *
		    25.4 / 72;
	double	 best = 0, score;
	int	 c, r, n = st->per_page;

	/* One row is a whole page high: some grid always holds. */
	for (c = 1; c <= n; c++) {
		r = (n + c - 1) / c;
		if (h / r < least)
			continue;
		score = (c * r - n) * log(2) +
		    fabs(log((w / c) / (h / r) / 1.5));
		if (st->cols == 0 || score < best) {
			best = score;
			st->cols = c;
			st->rows = r;
		}
	}
	st->card_w = w / st->cols;
	st->card_h = h / st->rows;
}

/* CJK ideographs, kana, Hangul, their punctuation and fullwidth forms. */
static int
wide(unsigned int cp)
{
	return (cp >= 0x2e80 && cp <= 0x9fff) ||
	    (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff) ||
	    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
	    (cp >= 0xff00 && cp <= 0xffef);
}

/* The advance of cp in em. */
static double
advance(unsigned int cp, int bold, int mono)
{
	const struct cp_glyph_range	*r;

	if (wide(cp))
		return ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 &&
		    cp <= 0x11ff) ? cp_glyph_hangul : cp_glyph_cjk) / 2048.0;
	for (r = cp_glyph_ranges; r->last != 0; r++)
		if (cp >= r->first && cp <= r->last)
			return mono ? MONO_EM : (bold ? cp_glyph_bold :
			    cp_glyph_regular)[r->index + cp - r->first] /
			    2048.0;
	return (bold || mono ? cp_glyph_bold_other : cp_glyph_regular_other) /
	    2048.0;
}

/*
 * What line-break:strict keeps from starting a line (closing brackets
 * and stops, small kana, the prolonged sound mark) and from ending one
 * (opening brackets), in CJK and in ASCII.
 */
static const char no_start[] = ")]}!,.:;?"
    "\xe3\x80\x81\xe3\x80\x82\xef\xbc\x8c\xef\xbc\x8e\xef\xbc\x9a"
    "\xef\xbc\x9b\xef\xbc\x9f\xef\xbc\x81\xef\xbc\x89\xef\xbc\xbd"
    "\xef\xbd\x9d\xe3\x80\x8d\xe3\x80\x8f\xe3\x80\x91\xe3\x80\x95"
    "\xe3\x80\x89\xe3\x80\x8b\xe3\x83\xbc\xe3\x80\x85\xe3\x83\xbb"
    "\xe3\x81\x81\xe3\x81\x83\xe3\x81\x85\xe3\x81\x87\xe3\x81\x89"
    "\xe3\x81\xa3\xe3\x82\x83\xe3\x82\x85\xe3\x82\x87\xe3\x82\x8e"
    "\xe3\x82\xa1\xe3\x82\xa3\xe3\x82\xa5\xe3\x82\xa7\xe3\x82\xa9"
    "\xe3\x83\x83\xe3\x83\xa3\xe3\x83\xa5\xe3\x83\xa7\xe3\x83\xae"
    "\xe3\x83\xb5\xe3\x83\xb6\xe2\x80\xa6\xe2\x80\xa5";
static const char no_end[] = "([{"
    "\xef\xbc\x88\xef\xbc\xbb\xef\xbd\x9b\xe3\x80\x8c\xe3\x80\x8e"
    "\xe3\x80\x90\xe3\x80\x94\xe3\x80\x88\xe3\x80\x8a";

/* Is cp one of the characters of the UTF-8 string set? */
static int
in_set(unsigned int cp, const char *set)
{
	char	 u[5] = { 0 };

	if (cp < 0x80)
		u[0] = (char)cp;
	else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
	} else
		return 0;
	return cp != 0 && strstr(set, u) != NULL;
}

/*
 * May a line end after cp, before next?  Not a slash: Chromium keeps
 * "programs/multiple" whole.  A break the browser may take that this
 * does not know of can only make its lines fewer.
 */
static int
breaks_after(unsigned int cp, unsigned int next)
{
	if (cp == ' ' || cp == '\t')
		return 1;
	if (in_set(next, no_start) || in_set(cp, no_end))
		return 0;
	if (cp == '-')
		return next != 0 && (next < '0' || next > '9');
	return wide(cp) && (next == 0 || wide(next));
}

/* The code point at *p, moving p past it; a stray byte is one. */
static unsigned int
next_cp(const unsigned char **p)
{
	const unsigned char	*s = *p;
	unsigned int		 cp = *s++;
	int			 more = cp >= 0xf0 ? 3 : cp >= 0xe0 ? 2 :
				    cp >= 0xc0 ? 1 : 0;

	if (cp >= 0x80)
		cp &= 0x3f >> more;
	for (; more > 0 && (*s & 0xc0) == 0x80; more--)
		cp = (cp << 6) | (*s++ & 0x3fu);
	*p = s;
	return cp;
}

/*
 * The character of the text at *p, a character reference decoded
 * (an unknown name is U+FFFF, given the widest advance), moving p past
 * it.
 */
static unsigned int
text_cp(const unsigned char **p)
{
	static const struct {
		const char	*name;
		unsigned int	 cp;
	} names[] = {
		{ "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' },
		{ "quot;", '"' }, { "apos;", '\'' }, { "nbsp;", 0xa0 }
	};
	const char	*s = (const char *)*p + 1;
	char		*end;
	unsigned long	 n;
	size_t		 i;

	if (**p != '&')
		return next_cp(p);
	if (*s == '#') {
		n = s[1] == 'x' || s[1] == 'X' ? strtoul(s + 2, &end, 16) :
		    strtoul(s + 1, &end, 10);
		if (*end == ';' && end > s + 1) {
			*p = (const unsigned char *)end + 1;
			return n > 0x10ffff ? 0xffff : (unsigned int)n;
		}
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strncmp(s, names[i].name, strlen(names[i].name)) == 0) {
			*p = (const unsigned char *)s + strlen(names[i].name);
			return names[i].cp;
		}
	while (**p != '\0' && **p != ';' && **p != '<')
		(*p)++;
	if (**p == ';')
		(*p)++;
	return 0xffff;
}

/* The next character of the text at p, past any tags; 0 at the end. */
static unsigned int
peek_cp(const unsigned char *p)
{
	while (*p == '<') {
		while (*p != '\0' && *p != '>')
			p++;
		if (*p == '>')
			p++;
	}
	return *p == '\0' ? 0 : text_cp(&p);
}

/* Is tag (after '<' or "</") the element name? */
static int
tag_is(const char *tag, const char *names)
{
	size_t	 n = strcspn(tag, " \t\n/>");
	const char *p;

	for (p = names; (p = strstr(p, " ")) != NULL; p++)
		if (strncasecmp(p + 1, tag, n) == 0 &&
		    (p[1 + n] == ' ' || p[1 + n] == '\0'))
			return 1;
	return 0;
}

struct flow {
	double	 em, w;		/* mm */
	double	 h;		/* mm of lines ended */
	double	 x, word;	/* em on the line, em of the word */
	int	 scale;		/* 2 inside a heading */
	int	 pre;		/* a newline ends a line: <pre>, or a text side */
	int	 bold, mono;	/* depth of bold and of code elements */
	int	 cjk;		/* the line holds CJK */
	int	 lang;		/* the side has a lang: one font, one height */
	int	 broken;	/* words broken for being longer than a line */
	int	 breaking;	/* the word is being broken */
	int	 indent;	/* lists and quotations, 40 px each */
	double	 img_em;	/* the largest em an image's line is set in */
};

/* The room on a line, in em. */
static double
flow_width(const struct flow *f)
{
	double	 w = f->w - f->indent * 40 * PX_MM;

	return (w > 5 ? w : 5) * FIT / (f->em * f->scale);
}

static double
flow_lh(const struct flow *f)
{
	return (f->cjk ? LINE_CJK_EM : LINE_EM) * f->em * f->scale;
}

/* A line ends, empty or not, as at <br>. */
static void
flow_newline(struct flow *f)
{
	f->h += flow_lh(f);
	f->x = 0;
	f->cjk = 0;
}

/*
 * A character of advance adv joins the word.  A word that outgrows a
 * line starts one of its own and is broken before the character that
 * overflows it.
 */
static void
flow_char(struct flow *f, double adv)
{
	double	 w = flow_width(f);

	f->word += adv;
	if (f->word <= w || f->word == adv)
		return;
	if (f->x > 0)
		flow_newline(f);
	if (!f->breaking)
		f->broken++;
	f->breaking = 1;
	flow_newline(f);
	f->word = adv;
}

/* The word ends: on this line, or on the next; then the space after it. */
static void
flow_word(struct flow *f, double space)
{
	if (f->x > 0 && f->x + f->word > flow_width(f))
		flow_newline(f);
	f->x += f->word + space;
	f->word = 0;
	f->breaking = 0;
}

/* A block ends the line it is on, if any. */
static void
flow_line(struct flow *f)
{
	flow_word(f, 0);
	if (f->x > 0)
		flow_newline(f);
}

/*
 * The height in mm of a side's HTML (with lang when it is set in one
 * CJK font) set at em mm a letter in a box w mm wide, but for the height
 * of its images; *broken is how many words had to be broken for being
 * longer than a line, and *img_em the largest em in mm of a line an
 * image is on (0 without images).  With stop, the layout ends at the
 * first word that would end below limit mm, and *stop is its offset (or
 * the length of html when all of it fits).
 */
static double
measure(const char *html, int lang, double em, double w, double limit,
    size_t *stop, int *broken, double *img_em)
{
	const unsigned char	*p = (const unsigned char *)html, *word_at = p;
	const char		*t;
	struct flow		 f = { 0 };
	unsigned int		 cp;
	double			 adv;
	int			 end, bold;

	f.em = em;
	f.w = w;
	f.scale = 1;
	f.lang = lang;
	while (*p != '\0') {
		if (*p == '<') {
			end = p[1] == '/';
			t = (const char *)p + 1 + end;
			if (tag_is(t, " br")) {
				flow_word(&f, 0);
				flow_newline(&f);
			} else if (tag_is(t, " wbr"))
				flow_word(&f, 0);
			else if (tag_is(t, " tr li dt dd div cp-field"))
				flow_line(&f);
			else if (tag_is(t, " p")) {
				flow_line(&f);
				f.h += 0.3 * em;
			} else if (tag_is(t, " ul ol dl blockquote table pre "
			    "figure details h1 h2 h3 h4 h5 h6 hr")) {
				flow_line(&f);
				f.h += em * f.scale;
				if (tag_is(t, " pre")) {
					f.pre += end ? -1 : 1;
					f.mono += end ? -1 : 1;
				} else if (tag_is(t, " h1 h2 h3 h4 h5 h6"))
					f.scale = end ? 1 : 2;
				else if (tag_is(t, " ul ol blockquote"))
					f.indent += end ? -1 : 1;
				else if (tag_is(t, " hr"))
					f.h += 0.2;	/* its border */
			} else if (tag_is(t, " img")) {
				flow_line(&f);
				f.h += IMG_DESC_EM * em * f.scale;
				if (em * f.scale > f.img_em)
					f.img_em = em * f.scale;
			} else if (tag_is(t, " b strong th"))
				f.bold += end ? -1 : 1;
			else if (tag_is(t, " code kbd samp tt"))
				f.mono += end ? -1 : 1;
			while (*p != '\0' && *p != '>')
				p++;
			if (*p == '>')
				p++;
			if (f.word == 0)
				word_at = p;
			continue;
		}
		cp = text_cp(&p);
		if (cp == '\r')
			continue;
		if (cp == '\n' && f.pre > 0) {
			flow_word(&f, 0);
			flow_newline(&f);
			word_at = p;
			continue;
		}
		if (cp == '\n')
			cp = ' ';
		if (wide(cp) && !f.lang)
			f.cjk = 1;
		bold = f.bold + f.scale - 1 > 0;
		/* A tab of pre-wrap text goes to the next of every 8 spaces. */
		adv = cp == '\t' && f.pre > 0 ? 8 * advance(' ', bold,
		    f.mono > 0) : advance(cp, bold, f.mono > 0);
		if (cp == ' ' || cp == '\t')
			flow_word(&f, adv);
		else {
			flow_char(&f, adv);
			if (!breaks_after(cp, peek_cp(p)))
				continue;
			flow_word(&f, 0);
		}
		if (stop != NULL && f.h + (f.x > 0 ? flow_lh(&f) : 0) > limit) {
			*stop = (size_t)(word_at - (const unsigned char *)html);
			*broken = f.broken;
			*img_em = f.img_em;
			return f.h;
		}
		word_at = p;
	}
	flow_line(&f);
	*broken = f.broken;
	*img_em = f.img_em;
	if (stop != NULL)
		*stop = f.h > limit ? (size_t)(word_at -
		    (const unsigned char *)html) : strlen(html);
	return f.h;
}

/* How many images the side's HTML holds. */
static int
image_count(const char *html)
{
	int	 n = 0;

	while ((html = strstr(html, "<img")) != NULL) {
		n++;
		html += 4;
	}
	return n;
}

/*
 * Does the side fit at pt points by measure(), its images given what
 * room is left, least mm each at the least, and no shorter than the
 * rest of their line, where measure() would take their line too short?
 * pass 0 breaks no word.
 */
static int
fits(const struct html_state *st, struct side *sd, double pt, int imgs,
    double least, int pass)
{
	double	 w = st->card_w - 2 * PAD_MM;
	double	 h = st->card_h - 2 * PAD_MM - SLACK_MM;
	double	 text, img_em;
	int	 broken;

	text = measure(sd->html, sd->cjk != 0, pt * 25.4 / 72, w, 0, NULL,
	    &broken, &img_em);
	if (pass == 0 && broken > 0)
		return 0;
	if (imgs == 0)
		return text <= h;
	if ((h - text) / imgs < least ||
	    (h - text) / imgs < (LINE_CJK_EM - IMG_DESC_EM) * img_em)
		return 0;
	sd->img = (h - text) / imgs;
	return 1;
}

/*
 * The largest font size, in tenths of a point from MAX_PT down to
 * MIN_PT, at which the side fits its card, its images down to
 * MIN_IMG_MM each (or all the card, if that is less): first at a size
 * that breaks no word, then, for a word that is longer than a line at
 * MIN_PT too (an address without break opportunities), at any; then
 * with images down to LEAST_IMG_MM.  A bisection: a smaller size takes
 * no more lines, but for a hair where a word's breaking turns, so what
 * it returns is checked to fit.  Returns 0 when even MIN_PT will not do.
 */
static double
font_size(const struct html_state *st, struct side *sd)
{
	double	 h = st->card_h - 2 * PAD_MM - SLACK_MM;
	double	 least = h < MIN_IMG_MM ? h : MIN_IMG_MM;
	int	 imgs = image_count(sd->html), pass, lo, hi, mid;

	for (pass = 0; pass < 3; pass++) {
		if (pass == 2 && imgs == 0)
			break;
		if (pass == 2)
			least = h < LEAST_IMG_MM ? h : LEAST_IMG_MM;
		if (fits(st, sd, MAX_PT, imgs, least, pass))
			return MAX_PT;
		if (!fits(st, sd, MIN_PT, imgs, least, pass))
			continue;
		lo = (int)(MIN_PT * 10);	/* fits */
		hi = (int)(MAX_PT * 10);	/* does not */
		while (hi - lo > 1) {
			mid = (lo + hi) / 2;
			if (fits(st, sd, mid / 10.0, imgs, least, pass))
				lo = mid;
			else
				hi = mid;
		}
		fits(st, sd, lo / 10.0, imgs, least, pass);
		return lo / 10.0;
	}
	return 0;
}

/*
 * Cloze deletions, {{c1::answer}} or {{c1::answer::hint}}: hidden on
 * the front, shown on the back.  Every deletion of the note is on the
 * one printed card.
 */
static char *
cloze(const char *s, int back)
{
	struct cp_buf	 b = { 0 };
	const char	*open, *sep, *close, *hint, *p;

	cp_buf_addstr(&b, "");
	while ((open = strstr(s, "{{c")) != NULL) {
		for (p = open + 3; *p >= '0' && *p <= '9'; p++)
			continue;
		if (p == open + 3 || strncmp(p, "::", 2) != 0) {
			cp_buf_add(&b, s, (size_t)(open - s) + 3);
			s = open + 3;
			continue;
		}
		/*
		 * No "}}" after this one, so none after any later one: the
		 * rest is text.  Looking again at each later "{{c" took n
		 * of them n squared / 2 steps.
		 */
		if ((close = strstr(p + 2, "}}")) == NULL)
			break;
		sep = p + 2;
		cp_buf_add(&b, s, (size_t)(open - s));
		hint = NULL;
		for (p = sep; p + 1 < close; p++)
			if (p[0] == ':' && p[1] == ':') {
				hint = p + 2;
				break;
			}
		if (back) {
			cp_buf_addstr(&b, "<b class=\"cloze\">");
			cp_buf_add(&b, sep, (size_t)((hint != NULL ? hint - 2 :
			    close) - sep));
			cp_buf_addstr(&b, "</b>");
		} else {
			cp_buf_addstr(&b, "<b class=\"cloze\">[");
			if (hint != NULL)
				cp_buf_add(&b, hint, (size_t)(close - hint));
			else
				cp_buf_addstr(&b, "\xe2\x80\xa6");
			cp_buf_addstr(&b, "]</b>");
		}
		s = close + 2;
	}
	cp_buf_addstr(&b, s);
	return cp_buf_detach(&b);
}

/*
 * An address or an identifier, a run of WBR_MIN bytes or more with no
 * space, gets a <wbr> after each '/', '.', '_', '?', '&' and '=' that
 * a letter or digit follows, so that it breaks there rather than be
 * set small or broken mid-word; never before punctuation ("//" stays
 * whole), so no line starts with it.  A <wbr> adds nothing to what is
 * copied from the page, where U+200B would.  Tags are copied as they
 * are.  Takes html; returns the new string.
 */
#define WBR_MIN	16

static char *
wbr(char *html)
{
	struct cp_buf	 b = { 0 };
	const char	*p = html, *run, *e;
	size_t		 n;
	int		 after;

	cp_buf_addstr(&b, "");
	while (*p != '\0') {
		if (*p == '<') {
			n = strcspn(p, ">");
			cp_buf_add(&b, p, n + (p[n] == '>'));
			p += n + (p[n] == '>');
			continue;
		}
		run = p;
		n = strcspn(p, " \t\n<");
		if (n == 0) {
			cp_buf_add(&b, p++, 1);
			continue;
		}
		for (p = run; p < run + n; p = e) {
			e = p + 1;
			after = strchr("/._?=", *p) != NULL;
			if (*p == '&') {
				e = memchr(p, ';', (size_t)(run + n - p));
				e = e != NULL ? e + 1 : p + 1;
				after = strncmp(p, "&amp;", 5) == 0;
			}
			cp_buf_add(&b, p, (size_t)(e - p));
			if (n >= WBR_MIN && after && e < run + n &&
			    (isalnum((unsigned char)*e) || (*e & 0x80)))
				cp_buf_addstr(&b, "<wbr>");
		}
	}
	free(html);
	return cp_buf_detach(&b);
}

/*
 * A side's font size and room for images, by font_size().  A side too
 * long for its card at MIN_PT is shortened here, not left to be clipped
 * by the browser: its text, without images or styling, up to the last
 * word that measure() says fits, and a mark that says it was cut.  So
 * the warning is given exactly for the sides printed cut.
 */
static void
side_set(struct html_state *st, struct side *sd, char *html,
    const struct cp_note *n, const char *which)
{
	struct cp_buf	 b = { 0 };
	char		*text, *whole;
	size_t		 stop;
	int		 broken;
	double		 img_em;
	const double	 em = MIN_PT * 25.4 / 72;

	sd->html = html = wbr(html);
	sd->text = n->markup == CP_MARKUP_TEXT;
	sd->cjk = script_of(html);
	sd->img = 0;
	sd->cut = 0;
	if ((sd->pt = font_size(st, sd)) != 0)
		return;
	sd->pt = MIN_PT;
	sd->cut = 1;
	if (sd->text)
		whole = html;
	else {
		/* Sanitised: cp_html_sanitize() reported what was past limits. */
		text = cp_html_to_text(html, NULL);
		whole = wbr(cp_text_to_html(text));
		free(text);
		free(html);
		sd->text = 1;
	}
	measure(whole, sd->cjk != 0, em, st->card_w - 2 * PAD_MM,
	    st->card_h - 2 * PAD_MM - SLACK_MM - LINE_CJK_EM * em, &stop, &broken,
	    &img_em);
	cp_buf_add(&b, whole, stop);
	cp_buf_addstr(&b, "<b class=\"cutmark\">\xe2\x80\xa6 [cut]</b>");
	free(whole);
	sd->html = cp_buf_detach(&b);
	cp_report_at_note(st->rep, CP_LEVEL_WARNING, n,
	    "the %s is too long for a card of %.0f by %.0f mm even at %.1f "
	    "points and is cut off: its text is printed as far as it fits, "
	    "ending in \"[cut]\"; try fewer --per-page", which, st->card_w,
	    st->card_h, MIN_PT);
}

/* What an image's file name ends in: the type of its data: URI. */
static const char *
image_type(const char *name)
{
	static const char *const types[][2] = {
		{ ".avif", "image/avif" }, { ".bmp", "image/bmp" },
		{ ".gif", "image/gif" }, { ".ico", "image/x-icon" },
		{ ".jpeg", "image/jpeg" }, { ".jpg", "image/jpeg" },
		{ ".png", "image/png" }, { ".svg", "image/svg+xml" },
		{ ".webp", "image/webp" }
	};
	const char	*dot = strrchr(name, '.');
	size_t		 i;

	for (i = 0; dot != NULL && i < sizeof(types) / sizeof(types[0]); i++)
		if (strcasecmp(dot, types[i][0]) == 0)
			return types[i][1];
	return NULL;
}

/*
 * The image a field names, read from the media folder and written as a
 * data: URI, as the sheet loads nothing (its Content-Security-Policy
 * allows no other image).  The name is opened through media.c, so that
 * a deck reads nothing outside the folder, as cards2apkg packs nothing
 * from outside it; an address with a scheme, or //host, is not a name.
 */
static char *
media_uri(void *arg, const char *src, struct cp_buf *why)
{
	struct html_state	*st = arg;
	struct cp_buf		 data = { 0 }, uri = { 0 };
	const char		*type, *failed;
	struct stat		 sb;
	ssize_t			 got;
	size_t			 i, n;
	int			 fd;

	n = strspn(src, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");
	if ((n > 0 && src[n] == ':') || strncmp(src, "//", 2) == 0) {
		cp_buf_addstr(why, "a printed sheet shows only images of the "
		    "media folder and loads nothing from the network");
		return NULL;
	}
	if ((failed = cp_media_name_refused(src)) != NULL) {
		cp_buf_addstr(why, failed);
		return NULL;
	}
	if ((type = image_type(src)) == NULL) {
		cp_buf_addstr(why, "not a png, jpeg, gif, webp, avif, bmp, "
		    "ico or svg image");
		return NULL;
	}
	if (st->media_dir == NULL) {
		cp_buf_addstr(why, "the package's media could not be "
		    "extracted");
		return NULL;
	}
	/* The folder itself is the caller's: a link to it is followed. */
	if (st->media_fd == -1 && st->media_errno == 0 &&
	    (st->media_fd = open(st->media_dir, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) == -1)
		st->media_errno = errno;
	if (st->media_fd == -1)
		failed = strerror(st->media_errno);
	else if ((fd = cp_media_open(st->media_fd, src, &sb, &failed)) != -1)
		failed = NULL;
	if (failed != NULL) {
		cp_buf_printf(why, "in %s: %s", st->media_private ?
		    "the package" : st->media_dir, failed);
		return NULL;
	}
	do {
		cp_buf_reserve(&data, 65536);
		got = read(fd, data.data + data.len, 65536);
		if (got > 0)
			data.len += (size_t)got;
	} while (got > 0 || (got == -1 && errno == EINTR));
	if (got == -1) {
		cp_buf_printf(why, "in %s: %s", st->media_private ?
		    "the package" : st->media_dir, strerror(errno));
		cp_buf_free(&data);
		close(fd);
		return NULL;
	}
	close(fd);
	cp_buf_printf(&uri, "data:%s;base64,", type);
	/* EVP_EncodeBlock() takes an int: whole groups of 3, a slice at a time. */
	for (i = 0; i < data.len; i += n) {
		n = data.len - i > 3 << 16 ? 3 << 16 : data.len - i;
		cp_buf_reserve(&uri, (n + 2) / 3 * 4 + 1);
		uri.len += (size_t)EVP_EncodeBlock((unsigned char *)uri.data +
		    uri.len, (const unsigned char *)data.data + i, (int)n);
	}
	cp_buf_free(&data);
	return cp_buf_detach(&uri);
}

/*
 * cp_write_media_dir(): the folder the images of the notes written from
 * now on are read from.  A package's media (dir NULL) are extracted into
 * a new numbered folder of privdir, made in TMPDIR at the first package
 * and removed with the writer, so that a package's images come from the
 * package and never from files beside it.
 */
static const char *
html_media_dir(struct cp_writer *w, const char *dir)
{
	struct html_state	*st = w->state;
	struct cp_buf		 b = { 0 };
	const char		*tmp = getenv("TMPDIR");

	if (dir != NULL && st->media_dir != NULL && !st->media_private &&
	    strcmp(st->media_dir, dir) == 0)
		return st->media_dir;
	if (st->media_fd != -1)
		close(st->media_fd);
	st->media_fd = -1;
	st->media_errno = 0;
	free(st->media_dir);
	st->media_dir = NULL;
	st->media_private = dir == NULL;
	if (dir != NULL) {
		st->media_dir = cp_xstrdup(dir);
		return st->media_dir;
	}
	if (st->privdir == NULL) {
		cp_buf_printf(&b, "%s/cards2html.XXXXXX",
		    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
		if (mkdtemp(b.data) == NULL) {
			cp_report(w->rep, CP_LEVEL_SYSERR, b.data, 0, 0, "%s",
			    strerror(errno));
			cp_buf_free(&b);
			return NULL;
		}
		st->privdir = cp_buf_detach(&b);
		st->privslot = cp_temporary_add(AT_FDCWD, st->privdir, 2);
	}
	cp_buf_printf(&b, "%s/%u", st->privdir, st->nprivate++);
	if (mkdir(b.data, 0700) == -1) {
		cp_report(w->rep, CP_LEVEL_SYSERR, b.data, 0, 0, "%s",
		    strerror(errno));
		cp_buf_free(&b);
		return NULL;
	}
	st->media_dir = cp_buf_detach(&b);
	return st->media_dir;
}

/*
 * A field's HTML, or what a cloze deletion made of it, fit to sit in a
 * card: balanced, so that none of its tags can close the card's, and
 * reduced to what prints, by cp_html_sanitize().  where names the field
 * in warnings; NULL reports nothing, for HTML already sanitised.
 */
static char *
sanitized(struct html_state *st, const char *html, const struct cp_note *n,
    const char *where)
{
	struct cp_sanitize	 opts = { 0 };

	opts.rep = where != NULL ? st->rep : NULL;
	opts.file = n->source_file;
	opts.line = n->source_line;
	opts.where = where;
	opts.taken_classes = own_classes;
	opts.media = media_uri;
	opts.arg = st;
	return cp_html_sanitize(html, &opts);
}

/* A field as HTML for a card, sanitised unless it is escaped text. */
static char *
field_html(struct html_state *st, const struct cp_note *n, size_t i)
{
	char		*h = cp_markup_to_html(n->fields[i].value, n->markup), *b;
	struct cp_buf	 where = { 0 };

	if (n->markup == CP_MARKUP_TEXT)
		return h;
	cp_buf_printf(&where, "field \"%s\"", n->fields[i].name);
	b = sanitized(st, h, n, where.data);
	cp_buf_free(&where);
	free(h);
	return b;
}

static void
add_note(struct html_state *st, const struct cp_note *n)
{
	struct cp_buf	 back = { 0 };
	char		*h, *c, *b;
	size_t		 i;
	int		 is_cloze = n->notetype != NULL &&
			    strcmp(n->notetype, "Cloze") == 0;

	h = n->nfields > 0 ? field_html(st, n, 0) : cp_xstrdup("");
	cp_buf_addstr(&back, "");
	if (is_cloze) {
		/* A deletion may span tags: balance what it gives again. */
		c = cloze(h, 1);
		b = sanitized(st, c, n, NULL);
		cp_buf_addstr(&back, b);
		free(b);
		free(c);
		c = cloze(h, 0);
		free(h);
		h = sanitized(st, c, n, NULL);
		free(c);
	}
	side_set(st, &st->fronts[st->ncards], h, n, "front");
	for (i = 1; i < n->nfields; i++) {
		if (*n->fields[i].value == '\0')
			continue;
		h = field_html(st, n, i);
		if (back.len > 0)
			cp_buf_addstr(&back, "<hr>");
		cp_buf_addstr(&back, "<cp-field class=\"field\">");
		cp_buf_addstr(&back, h);
		cp_buf_addstr(&back, "</cp-field>");
		free(h);
	}
	side_set(st, &st->backs[st->ncards], cp_buf_detach(&back), n, "back");
	st->ncards++;
}

static const char css[] =
	"html,body{margin:0;padding:0}\n"
	"body{font-family:\"DejaVu Sans\",\"Liberation Sans\",Arial,"
	"\"Noto Sans CJK JP\",\"Noto Sans CJK SC\",sans-serif;color:#000;"
	"-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	":lang(ja){font-family:\"Noto Sans CJK JP\",\"DejaVu Sans\",sans-serif}\n"
	":lang(zh){font-family:\"Noto Sans CJK SC\",\"DejaVu Sans\",sans-serif}\n"
	":lang(ko){font-family:\"Noto Sans CJK KR\",\"DejaVu Sans\",sans-serif}\n"
	".sheet{box-sizing:border-box;overflow:hidden;position:relative;"
	"display:grid;break-after:page;page-break-after:always;"
	"background:#fff}\n"
	".sheet:last-child{break-after:auto;page-break-after:auto}\n"
	".card{box-sizing:border-box;overflow:hidden;display:flex;"
	"align-items:center;justify-content:center;padding:4mm;"
	"outline:0.25mm dashed #999;outline-offset:-0.125mm;"
	"text-align:center;line-height:1.3;overflow-wrap:break-word;"
	"hyphens:auto;-webkit-hyphens:auto;line-break:strict}\n"
	".card.empty{outline:none}\n"
	"cp-side,cp-field{display:block}\n"
	".card>cp-side{max-width:100%;max-height:100%}\n"
	".card ul,.card ol,.card pre,.card table{text-align:left}\n"
	".card pre,.text{white-space:pre-wrap}\n"
	".card pre,.card code,.card kbd,.card samp,.card tt{"
	"font-family:\"DejaVu Sans Mono\",monospace}\n"
	".card img{max-width:100%;max-height:var(--img,40mm)}\n"
	".cutmark{color:#b00}\n"
	".card p{margin:0.3em 0}\n"
	".card hr{border:0;border-top:0.2mm solid #ccc;margin:0.5em 0}\n"
	".back{color:#222}\n"
	".cloze{color:#0645ad}\n"
	".foot{position:absolute;left:0;right:0;font-size:7pt;color:#777;"
	"text-align:center}\n"
	"@media screen{body{background:#ddd}"
	".sheet{margin:8mm auto;box-shadow:0 0 3mm #888}}\n";

static void
head(struct html_state *st)
{
	const char	*t = st->title != NULL ? st->title : "Cards";
	double		 w = st->paper->w, h = st->paper->h;

	/*
	 * The second wall, should anything get past cp_html_sanitize(): the
	 * browser runs no script, loads no frame, font or style sheet, and
	 * takes images from data: URIs only.
	 */
	cp_buf_addstr(&st->out, "<!DOCTYPE html>\n<html>\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
	    "base-uri 'none'; form-action 'none'\">\n<title>");
	cp_html_escape(&st->out, t, strlen(t));
	cp_buf_addstr(&st->out, "</title>\n<style>\n");
	cp_buf_printf(&st->out, "@page{size:%.1fmm %.1fmm;margin:0}\n", w, h);
	cp_buf_addstr(&st->out, css);
	/*
	 * A sheet a little shorter than the paper, so that rounding never
	 * spills it onto a page of its own.
	 */
	cp_buf_printf(&st->out, ".sheet{width:%.1fmm;height:%.1fmm;"
	    "padding:%.1fmm;grid-template-columns:repeat(%d,%.3fmm);"
	    "grid-template-rows:repeat(%d,%.3fmm)}\n"
	    ".foot{bottom:%.1fmm}\n", w, h - 0.5, MARGIN_MM, st->cols,
	    st->card_w, st->rows, st->card_h, MARGIN_MM / 2 - 2);
	cp_buf_addstr(&st->out, "</style>\n</head>\n<body>\n");
	st->started = 1;
}

static void
card(struct html_state *st, const struct side *sd, const char *cls)
{
	cp_buf_printf(&st->out, "<cp-card class=\"card %s%s%s\"", cls,
	    sd == NULL ? " empty" : sd->text ? " text" : "",
	    sd != NULL && sd->cut ? " cut" : "");
	if (sd == NULL) {
		cp_buf_addstr(&st->out, "></cp-card>\n");
		return;
	}
	if (sd->cjk != 0)
		cp_buf_printf(&st->out, " lang=\"%s\"", sd->cjk == 'j' ? "ja" :
		    sd->cjk == 'k' ? "ko" : "zh");
	cp_buf_printf(&st->out, " style=\"font-size:%.1fpt", sd->pt);
	if (sd->img > 0)
		cp_buf_printf(&st->out, ";--img:%.1fmm", sd->img);
	cp_buf_addstr(&st->out, "\"><cp-side>");
	cp_buf_addstr(&st->out, sd->html);
	cp_buf_addstr(&st->out, "</cp-side></cp-card>\n");
}

static void
foot(struct html_state *st, const char *what)
{
	const char	*t = st->title != NULL ? st->title : "Cards";

	cp_buf_addstr(&st->out, "<cp-foot class=\"foot\">");
	cp_html_escape(&st->out, t, strlen(t));
	cp_buf_printf(&st->out, " \xc2\xb7 sheet %lu \xc2\xb7 %s</cp-foot>\n",
	    st->pages, what);
}

/* Writes the fronts page and the backs page of the cards kept. */
static int
flush_page(struct cp_writer *w)
{
	struct html_state	*st = w->state;
	int			 r, c, i;

	if (st->ncards == 0)
		return 0;
	if (!st->started)
		head(st);
	st->pages++;
	cp_buf_addstr(&st->out, "<cp-sheet class=\"sheet fronts\">\n");
	for (i = 0; i < st->ncards; i++)
		card(st, &st->fronts[i], "front");
	foot(st, "fronts");
	cp_buf_addstr(&st->out, "</cp-sheet>\n<cp-sheet class=\"sheet backs\">\n");
	for (r = 0; r < st->rows; r++)
		for (c = st->cols - 1; c >= 0; c--) {
			i = r * st->cols + c;
			if (r * st->cols >= st->ncards)
				break;
			card(st, i < st->ncards ? &st->backs[i] : NULL, "back");
		}
	foot(st, "backs");
	cp_buf_addstr(&st->out, "</cp-sheet>\n");
	for (i = 0; i < st->ncards; i++) {
		free(st->fronts[i].html);
		free(st->backs[i].html);
	}
	st->ncards = 0;
	if (fwrite(st->out.data, 1, st->out.len, w->fp) != st->out.len)
		return -1;
	cp_buf_reset(&st->out);
	return 0;
}

static int
html_write(struct cp_writer *w, const struct cp_record *rec)
{
	struct html_state	*st = w->state;

	if (rec->kind == CP_RECORD_DECK && st->title == NULL && !st->started)
		st->title = cp_xstrdup(rec->deck.title != NULL ?
		    rec->deck.title : rec->deck.name);
	if (rec->kind != CP_RECORD_NOTE)
		return 0;
	if (st->title == NULL && !st->started)
		st->title = cp_xstrdup(rec->note.deck);
	add_note(st, &rec->note);
	return st->ncards == st->per_page ? flush_page(w) : 0;
}

static int
html_finish(struct cp_writer *w)
{
	struct html_state	*st = w->state;

	if (flush_page(w) == -1)
		return -1;
	if (!st->started)
		head(st);
	cp_buf_addstr(&st->out, "</body>\n</html>\n");
	return fwrite(st->out.data, 1, st->out.len, w->fp) == st->out.len ?
	    0 : -1;
}

static void
html_free(struct cp_writer *w)
{
	struct html_state	*st = w->state;
	int			 i;

	for (i = 0; i < st->ncards; i++) {
		free(st->fronts[i].html);
		free(st->backs[i].html);
	}
	free(st->fronts);
	free(st->backs);
	free(st->title);
	cp_buf_free(&st->out);
	if (st->media_fd != -1)
		close(st->media_fd);
	free(st->media_dir);
	if (st->privdir != NULL) {
		if (cp_remove_tree(AT_FDCWD, st->privdir) == -1 &&
		    errno != ENOENT)
			cp_report(st->rep, CP_LEVEL_WARNING, st->privdir, 0, 0,
			    "temporary folder not removed: %s",
			    strerror(errno));
		cp_temporary_forget(st->privslot);
		free(st->privdir);
	}
	free(st);
}

/* The paper named, NULL for one not known; NULL names the default. */
static const struct paper *
paper_of(const char *name)
{
	const struct paper	*p;

	for (p = papers; p->name != NULL; p++)
		if (strcasecmp(p->name, name != NULL ? name : "a4") == 0)
			return p;
	return NULL;
}

int
cp_write_html_check(const struct cp_write_options *o,
    struct cp_reporter *rep)
{
	if (paper_of(o->paper) == NULL) {
		cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "--paper: not a4 or letter: %s", o->paper);
		return -1;
	}
	if (o->per_page < 0 || o->per_page > CP_PER_PAGE_MAX) {
		cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "--per-page: not a count from 1 to %d: %d",
		    CP_PER_PAGE_MAX, o->per_page);
		return -1;
	}
	return 0;
}

/* The options have passed cp_write_html_check(). */
int
cp_write_html_open(struct cp_writer *w)
{
	struct html_state	*st;
	const struct paper	*p = paper_of(w->opts.paper);

	st = cp_xcalloc(1, sizeof(*st));
	st->paper = p;
	st->rep = w->rep;
	st->media_dir = cp_xstrdup(w->opts.media_dir != NULL ?
	    w->opts.media_dir : ".");
	st->media_fd = -1;
	st->per_page = w->opts.per_page > 0 ? w->opts.per_page :
	    DEFAULT_PER_PAGE;
	choose_grid(st);
	st->fronts = cp_xcalloc((size_t)st->per_page, sizeof(*st->fronts));
	st->backs = cp_xcalloc((size_t)st->per_page, sizeof(*st->backs));
	w->state = st;
	w->write = html_write;
	w->finish = html_finish;
	w->free = html_free;
	w->media_dir = html_media_dir;
	return 0;
}
