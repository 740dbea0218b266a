/*
 * read_logseq.c: the cards of a Logseq page, for md2cards (read_md.c).
 *
 * A Logseq page is an outline, not a run of Markdown blocks: each line
 * "- text" starts a block, indented under its parent (tabs or spaces),
 * and the lines below it indented to its text go on with it.  Lines
 * "key:: value" right under a block's first line are its properties,
 * the app's bookkeeping; those at the top of the page, or in a first
 * block that holds nothing else, are the page's.
 *
 *	title:: Biology
 *	- What makes ATP? #card
 *	  card-repeats:: 2
 *		- The mitochondrion
 *	- The {{cloze nucleus}} holds the DNA #card
 *
 * A block is a card when it refers to the page "card", as the app's
 * flashcards find them: "#card", "#[[card]]", "[[card]]" or a "tags::"
 * property naming it, in any case; or to "flashcard", the tag of the
 * Logseq Anki Sync plugin.  Its text is the front; its child blocks,
 * and theirs, the back, but for a child that is a card of its own,
 * there by its text alone.  Logseq hides every "{{cloze text}}" of a
 * card at once, so each is Anki's "{{c1::text}}".  The plugin also
 * reads "{{c2 text}}", Anki's numbered deletion, and makes a card of
 * each block holding a cloze, tagged or not; the page's "deck::" names
 * its deck.  Where the plugin's marks are, a "#flashcard", or a deck::
 * and a numbered deletion, its cards are read.
 *
 * The blocks are read in one pass into an array in the order written,
 * which is the outline's pre-order: a block's descendants are the
 * blocks from it to its end, so that a back is one walk of a range.
 */
#define _GNU_SOURCE	/* memmem() */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define NONE	((size_t)-1)

struct block {
	unsigned long	 line;
	size_t		 col;	/* of its "-" */
	size_t		 depth;
	size_t		 end;	/* the first block past its descendants */
	char		*text;	/* its lines, their indent and properties out */
	char		*tags;	/* "tags::" other than card, space-separated */
	int		 card;
	int		 reviewed;	/* card-...:: properties: the app has
					   reviewed it */
	int		 body;	/* a line of text below its first: no
				   property follows */
	unsigned long	 user_prop;	/* the line of its first property of
					   the user's, or 0 */
	size_t		 prev;	/* the block above it, under its parent */
	int		 number;	/* in a numbered list, its number; or 0 */
};

struct cp_logseq {
	const char		*file;
	struct cp_reporter	*rep;
	struct block		*b;
	size_t			 nb, room;
	size_t			 next;	/* the next block that may be a card */
	size_t			 page;	/* the page's properties block, or NONE */
	char			*title, *tags, *deck;	/* the page's */
	unsigned long		 title_line, deck_line;
	int			 sync;	/* the marks of Logseq Anki Sync */
	unsigned long		 prose;	/* the first line of text above the
					   first block, the app's pre-block */
};

/*
 * What a scan of a text has found past where it is, so that a text full
 * of opening marks costs one pass, not one a mark: the first "]]" at or
 * after the last search (the text's end for none), and for each length
 * of a run of backticks, a line end before which no run of it closes.
 */
struct scan {
	const char	*s, *e;
	const char	*close;
	const char	*eol;	/* the end of the line code_span() is on */
	size_t		 no_tick[CP_CODE_RUNS];	/* for cp_code_close() */
};

static void
scan_init(struct scan *sc, const char *s, const char *e)
{
	memset(sc, 0, sizeof(*sc));
	sc->s = s;
	sc->e = e;
}

/*
 * Properties the app writes for itself: no word of a card, said nowhere.
 * The "hl-" and "ls-type" ones place a highlight of a PDF's page.
 */
static const char *const bookkeeping[] = {
	"collapsed", "id", "heading", "background-color",
	"logseq.order-list-type", "hl-page", "hl-color", "hl-type",
	"hl-stamp", "ls-type", NULL
};

/*
 * The page's names and settings: neither cards nor a deck.  "file-path"
 * names the PDF a page of highlights annotates.
 */
static const char *const page_settings[] = {
	"alias", "public", "filters", "icon", "file-path", NULL
};

static int
listed(const char *const *list, const char *s, size_t n)
{
	for (; *list != NULL; list++)
		if (strlen(*list) == n && strncasecmp(*list, s, n) == 0)
			return 1;
	return 0;
}

/*
 * The column of the text of line p..e past its indent, *text, a tab
 * taken to the next multiple of four (what matters is which of two
 * lines is indented more).
 */
static size_t
column(const char *p, const char *e, const char **text)
{
	size_t	 col = 0;

	for (; p < e && (*p == ' ' || *p == '\t'); p++)
		col = *p == '\t' ? (col / 4 + 1) * 4 : col + 1;
	*text = p;
	return col;
}

/* Whether p..e, past its indent, starts a block: "- text" or "-". */
static const char *
block_start(const char *p, const char *e)
{
	if (p < e && *p == '-' && (p + 1 == e || p[1] == ' ' || p[1] == '\t'))
		return p + 1 < e ? p + 2 : e;
	return NULL;
}

/* A heading at the left margin, which the app reads as a block. */
static int
margin_heading(const char *p, const char *e)
{
	const char	*h = p;

	while (h < e && *h == '#' && h - p < 6)
		h++;
	return h > p && h < e && *h == ' ';
}

/*
 * A property line "key:: value" (or "key::"); *klen is the key's
 * length, *value where its value starts.
 */
static int
property(const char *p, const char *e, size_t *klen, const char **value)
{
	const char	*k = p;

	if (p == e || !isalnum((unsigned char)*p))
		return 0;
	while (k < e && (isalnum((unsigned char)*k) ||
	    strchr("-_.?!*/", *k) != NULL))
		k++;
	if (e - k < 2 || k[0] != ':' || k[1] != ':' ||
	    (k + 2 < e && k[2] != ' ' && k[2] != '\t'))
		return 0;
	*klen = (size_t)(k - p);
	*value = k + 2;
	while (*value < e && (**value == ' ' || **value == '\t'))
		(*value)++;
	return 1;
}

/* A property only Logseq writes: the evidence of a Logseq page. */
static int
logseq_property(const char *p, const char *e)
{
	const char	*v;
	size_t		 n;

	if (!property(p, e, &n, &v))
		return 0;
	if (n > 5 && strncasecmp(p, "card-", 5) == 0)
		return 1;
	if (n == 9 && strncmp(p, "collapsed", 9) == 0)
		return (e - v == 4 && strncmp(v, "true", 4) == 0) ||
		    (e - v == 5 && strncmp(v, "false", 5) == 0);
	/* A block's id is a UUID, 8-4-4-4-12 hexadecimal digits. */
	return n == 2 && strncmp(p, "id", 2) == 0 && e - v == 36 &&
	    v[8] == '-' && v[13] == '-' && v[18] == '-' && v[23] == '-' &&
	    strspn(v, "0123456789abcdefABCDEF-") >= 36;
}

/*
 * A name of the page "card", as a tag or a link refers to it (1), or
 * the plugin's tag "flashcard" (2), a tag: "#flashcard", not the link
 * "[[flashcard]]" of a sentence about flashcards; or a tag of a page in
 * its namespace, "#card/word" (3), a card where the app has reviewed
 * the block, as the card-...:: properties it writes on it show (a
 * "#card/credit" of a note on bank cards has none); else 0.
 */
static int
is_card_name(const char *s, size_t n, int tag)
{
	if (n == 4 && strncasecmp(s, "card", 4) == 0)
		return 1;
	if (tag && n > 5 && strncasecmp(s, "card/", 5) == 0)
		return 3;
	return tag && n == 9 && strncasecmp(s, "flashcard", 9) == 0 ? 2 : 0;
}

/*
 * The plugin's numbered deletion at p, "{{c2 text}}": the length of its
 * opening, "{{c2 ", or 0.
 */
static size_t
numbered_cloze(const char *p, const char *e)
{
	const char	*d = p + 3;

	if (e - p < 6 || strncmp(p, "{{c", 3) != 0)
		return 0;
	while (d < e && d - p < 6 && isdigit((unsigned char)*d))
		d++;
	/* c1 to c999, as Anki numbers them, and text after the space. */
	return d > p + 3 && d + 1 < e && *d == ' ' && p[3] != '0' &&
	    d[1] != '}' && d[1] != ' ' ? (size_t)(d + 1 - p) : 0;
}

/*
 * Whether s holds the plugin's numbered deletion, "{{c1 text}}", closed.
 * Once no "}}" follows an opening, none follows a later one.
 */
static int
holds_numbered(const char *s)
{
	const char	*p, *e = s + strlen(s);
	size_t		 k;

	for (p = s; (p = strstr(p, "{{c")) != NULL; p++)
		if ((k = numbered_cloze(p, e)) > 0)
			return strstr(p + k, "}}") != NULL;
	return 0;
}

/*
 * The tag or link at p, "#tag", "#[[a tag]]" or "[[page]]": its length,
 * 0 for none; *name and *nlen the page it names.  A tag ends at a space
 * or at punctuation that ends a sentence.
 */
static size_t
ref_at(struct scan *sc, const char *p, const char **name, size_t *nlen)
{
	const char	*q, *c, *e = sc->e;

	/*
	 * A link may stand anywhere, a tag after a space, or glued to the
	 * end of bold text or a sentence ("**question?**#card"), never
	 * inside a word or a link ("C#", "page#part").
	 */
	if (*p == '#' && p > sc->s && !isspace((unsigned char)p[-1]) &&
	    strchr("*_?!.)", p[-1]) == NULL)
		return 0;
	q = *p == '#' ? p + 1 : p;
	if (e - q >= 4 && q[0] == '[' && q[1] == '[') {
		if (sc->close == NULL || (sc->close < q + 2 && sc->close != e))
			sc->close = memmem(q + 2, (size_t)(e - q - 2), "]]", 2);
		if (sc->close == NULL)
			sc->close = e;
		if ((c = sc->close) == e ||
		    memchr(q + 2, '\n', (size_t)(c - q - 2)) != NULL)
			return 0;
		*name = q + 2;
		*nlen = (size_t)(c - q - 2);
		return (size_t)(c + 2 - p);
	}
	if (*p != '#')
		return 0;
	for (c = q; c < e && !isspace((unsigned char)*c) &&
	    strchr(",;!?\"()[]{}<>", *c) == NULL; c++)
		continue;
	while (c > q && c[-1] == '.')
		c--;
	if (c == q || *q == '#')
		return 0;
	*name = q;
	*nlen = (size_t)(c - q);
	return (size_t)(c - p);
}

/*
 * The end of the code span at p, a run of backticks, or the run's end
 * when nothing closes it on its line: there tags are text.
 */
static const char *
code_span(struct scan *sc, const char *p)
{
	const char	*q = p;
	size_t		 end;

	while (q < sc->e && *q == '`')
		q++;
	if (sc->eol == NULL || sc->eol < p) {
		sc->eol = memchr(p, '\n', (size_t)(sc->e - p));
		if (sc->eol == NULL)
			sc->eol = sc->e;
	}
	end = cp_code_close(sc->s, (size_t)(p - sc->s), (size_t)(q - p),
	    (size_t)(sc->eol - sc->s), sc->no_tick);
	return end != 0 ? sc->s + end : q;
}

/*
 * Whether a block's text, code aside, refers to the page "card": as
 * is_card_name() tells, for the first reference.
 */
static int
names_card(const char *s, size_t len)
{
	struct scan	 sc;
	const char	*p, *name;
	size_t		 n, nlen;
	int		 which;

	scan_init(&sc, s, s + len);
	for (p = s; p < sc.e; p++) {
		if (*p == '`')
			p = code_span(&sc, p) - 1;
		else if ((*p == '#' || *p == '[') &&
		    (n = ref_at(&sc, p, &name, &nlen)) > 0) {
			if ((which = is_card_name(name, nlen, *p == '#')) != 0)
				return which;
			p += n - 1;
		}
	}
	return 0;
}

/* Each name of a "tags::" value, "a, [[b c]], #d": card, or to tags. */
static int
tag_values(const char *v, const char *e, struct cp_buf *tags)
{
	const char	*t, *te;
	int		 card = 0;
	size_t		 i;

	while (v < e) {
		for (te = v; te < e && *te != ','; te++)
			continue;
		for (t = v; t < te && strchr(" \t#[", *t) != NULL; t++)
			continue;
		v = te < e ? te + 1 : e;
		while (te > t && strchr(" \t]", te[-1]) != NULL)
			te--;
		if (te == t)
			continue;
		if (is_card_name(t, (size_t)(te - t), 1) == 1) {
			card = 1;
			continue;
		}
		if (tags->len > 0)
			cp_buf_addc(tags, ' ');
		for (i = 0; t + i < te; i++)
			cp_buf_addc(tags, t[i] == ' ' ? '_' : t[i]);
	}
	return card;
}

static struct block *
new_block(struct cp_logseq *lq, unsigned long line, size_t col)
{
	struct block	*b;

	if (lq->nb == lq->room) {
		lq->room = lq->room == 0 ? 64 : lq->room * 2;
		lq->b = cp_xreallocarray(lq->b, lq->room, sizeof(*lq->b));
	}
	b = &lq->b[lq->nb++];
	memset(b, 0, sizeof(*b));
	b->line = line;
	b->col = col;
	b->end = NONE;
	return b;
}

/* Whether p..e opens or closes fenced code: "```" or "~~~". */
static int
fence(const char *p, const char *e)
{
	return e - p >= 3 && (strncmp(p, "```", 3) == 0 ||
	    strncmp(p, "~~~", 3) == 0);
}

/*
 * A property of the page, at line: the title names the deck, the tags
 * go on every card; what else a page sets is said once, and skipped.
 */
static void
page_property(struct cp_logseq *lq, const char *p, const char *e,
    unsigned long line)
{
	const char	*v, *c;
	size_t		 n;
	struct cp_buf	 tags = { 0 };

	if (!property(p, e, &n, &v))
		return;
	if (n == 5 && strncasecmp(p, "title", 5) == 0 && lq->title == NULL) {
		lq->title = cp_xstrndup(v, (size_t)(e - v));
		lq->title_line = line;
	} else if (n == 4 && strncasecmp(p, "deck", 4) == 0 &&
	    lq->deck == NULL && v < e) {
		/*
		 * The plugin's, "[[AWS::CCP]]": a page's name, or text; of
		 * two pages named, the first.
		 */
		while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e - v > 4 && strncmp(v, "[[", 2) == 0 &&
		    (c = memmem(v + 2, (size_t)(e - v - 2), "]]", 2)) != NULL &&
		    c > v + 2) {
			if (c + 2 < e)
				cp_report(lq->rep, CP_LEVEL_WARNING, lq->file,
				    line, 0, "%s", memmem(c + 2,
				    (size_t)(e - c - 2), "[[", 2) != NULL ?
				    "deck:: names more "
				    "than one page: the first is the deck" :
				    "deck:: goes on after the page it names: "
				    "that page is the deck, the rest left out");
			v += 2;
			e = c;
		}
		lq->deck = cp_xstrndup(v, (size_t)(e - v));
		lq->deck_line = line;
	} else if (n == 4 && strncasecmp(p, "tags", 4) == 0) {
		tag_values(v, e, &tags);
		if (tags.len > 0) {
			free(lq->tags);
			lq->tags = cp_buf_detach(&tags);
		}
	} else if (!listed(page_settings, p, n) &&
	    !listed(bookkeeping, p, n))
		cp_report(lq->rep, CP_LEVEL_WARNING, lq->file, line, 0,
		    "page property \"%.*s::\" names no deck and no tag; "
		    "skipped", (int)n, p);
	cp_buf_free(&tags);
}

/*
 * A property of block b: "tags::" may make it a card and give it tags;
 * the app's bookkeeping is dropped without a word, the user's own are
 * said where a card holds them.
 */
static void
block_property(const struct cp_logseq *lq, struct block *b, const char *p,
    const char *e, unsigned long line, struct cp_buf *tags)
{
	const char	*v;
	size_t		 n;

	if (!property(p, e, &n, &v))
		return;
	if (n == 22 && strncasecmp(p, "logseq.order-list-type", 22) == 0 &&
	    e - v == 6 && strncmp(v, "number", 6) == 0)
		/* The app numbers a run of such blocks under one parent. */
		b->number = b->prev != NONE && lq->b[b->prev].number > 0 ?
		    lq->b[b->prev].number + 1 : 1;
	b->reviewed |= n > 5 && strncasecmp(p, "card-", 5) == 0;
	if (n == 4 && strncasecmp(p, "tags", 4) == 0)
		b->card |= tag_values(v, e, tags);
	else if (!listed(bookkeeping, p, n) &&
	    (n < 6 || strncasecmp(p, "card-", 5) != 0) && b->user_prop == 0)
		b->user_prop = line;
}

/* The outline as it is read: the open blocks, the last one's text. */
struct outline {
	size_t		*stack;	/* the blocks the next may be under */
	size_t		 depth, room;
	struct cp_buf	 text, tags;	/* of the last block */
	int		 in_fence;
	int		 in_logbook;	/* the app's clock of a task */
};

/* The last block is whole: its text and tags are its own. */
static void
block_done(struct cp_logseq *lq, struct outline *o)
{
	if (lq->nb == 0)
		return;
	lq->b[lq->nb - 1].text = cp_buf_detach(&o->text);
	lq->b[lq->nb - 1].tags = o->tags.len > 0 ? cp_buf_detach(&o->tags) :
	    NULL;
	cp_buf_reset(&o->tags);
}

/*
 * One line of the page into the outline: a block's first line, a line
 * going on with the block above (its indent, up to the block's text,
 * taken off), or a line above the first block, the page's property.
 */
static void
read_line(struct cp_logseq *lq, struct outline *o, const char *p,
    const char *e, unsigned long line)
{
	const char	*t, *v;
	struct block	*b;
	size_t		 col, n, k, prev = NONE;

	col = column(p, e, &t);
	b = lq->nb > 0 ? &lq->b[lq->nb - 1] : NULL;
	/* Code never closed ends with its block. */
	if (o->in_fence && b != NULL && col <= b->col &&
	    block_start(t, e) != NULL)
		o->in_fence = 0;
	if (!o->in_fence && (v = block_start(t, e)) != NULL) {
		t = v;
	} else if (!o->in_fence && col == 0 && margin_heading(t, e)) {
		v = t;
	} else if (b == NULL) {
		if (property(t, e, &n, &v))
			page_property(lq, t, e, line);
		else if (t < e && lq->prose == 0)
			lq->prose = line;
		return;
	} else {
		/* Going on with the block above, to its text's column. */
		size_t	 c = 0, want = b->col + 2;

		for (; p < e && c < want && (*p == ' ' || *p == '\t'); p++)
			c = *p == '\t' ? (c / 4 + 1) * 4 : c + 1;
		/*
		 * ":LOGBOOK:" to ":END:", the times a task was worked on, is
		 * the app's, hidden as a property is.
		 */
		if (!o->in_fence && (o->in_logbook || (e - t == 9 &&
		    strncmp(t, ":LOGBOOK:", 9) == 0))) {
			o->in_logbook = !(e - t == 5 && strncmp(t, ":END:", 5) ==
			    0);
			return;
		}
		if (!o->in_fence && !b->body && property(p, e, &n, &v)) {
			if (lq->page == lq->nb - 1)
				page_property(lq, p, e, line);
			else
				block_property(lq, b, p, e, line, &o->tags);
			return;
		}
		if (fence(t, e))
			o->in_fence = !o->in_fence;
		b->body = 1;
		cp_buf_addc(&o->text, '\n');
		cp_buf_add(&o->text, p, (size_t)(e - p));
		return;
	}
	/* A new block, under the last open one indented less. */
	block_done(lq, o);
	o->in_logbook = 0;
	while (o->depth > 0 && lq->b[o->stack[o->depth - 1]].col >= col) {
		prev = k = o->stack[--o->depth];
		lq->b[k].end = lq->nb;
	}
	b = new_block(lq, line, col);
	b->depth = o->depth;
	b->prev = prev;
	if (o->depth == o->room) {
		o->room = o->room == 0 ? 64 : o->room * 2;
		o->stack = cp_xreallocarray(o->stack, o->room,
		    sizeof(*o->stack));
	}
	o->stack[o->depth++] = lq->nb - 1;
	cp_buf_addstr(&o->text, "");
	if (property(v, e, &n, &t)) {
		/* "- key:: value": a block of properties, the page's if first. */
		if (lq->nb == 1)
			lq->page = 0;
		if (lq->page == 0)
			page_property(lq, v, e, line);
		else
			block_property(lq, b, v, e, line, &o->tags);
		return;
	}
	if (fence(v, e))
		o->in_fence = 1;
	cp_buf_add(&o->text, v, (size_t)(e - v));
}

/* Whether p..e is a "tags::" property that names the page "card". */
static int
card_tags(const char *p, const char *e)
{
	struct cp_buf	 tags = { 0 };
	const char	*v;
	size_t		 n;
	int		 card;

	if (!property(p, e, &n, &v) || n != 4 || strncasecmp(p, "tags", 4) != 0)
		return 0;
	card = tag_values(v, e, &tags);
	cp_buf_free(&tags);
	return card;
}

/*
 * Whether doc is a Logseq page, by evidence: every line that is not
 * blank is a block's, "- " at any indent, a heading at the margin, a
 * line indented under a block (or at the margin under such a heading,
 * where a property only the app writes shows it has been over the page),
 * or a property (the page's, or one of a heading at the margin, under
 * it);
 * and a block names the page "card", or a property only the app writes
 * (collapsed::, id:: with a UUID, card-...::) stands under one.
 */
int
cp_logseq_page(const char *doc, size_t len)
{
	const char	*p = doc, *end = doc + len, *e, *t, *v;
	size_t		 blocks = 0, marks = 0, col, n, app = 0, loose = 0;
	int		 in_fence = 0, margin = 0, own;

	for (; p < end; p = e + 1) {
		if ((e = memchr(p, '\n', (size_t)(end - p))) == NULL)
			e = end;
		col = column(p, e, &t);
		if (t == e)
			continue;
		if (fence(t, e)) {
			in_fence = !in_fence;
			if (blocks == 0 || (col == 0 && block_start(t, e) == NULL))
				return 0;
			continue;
		}
		if (in_fence)
			continue;
		if ((v = block_start(t, e)) != NULL ||
		    (col == 0 && margin_heading(t, e))) {
			blocks++;
			margin = v == NULL;
			marks += names_card(t, (size_t)(e - t));
			if (v != NULL)
				marks += card_tags(v, e);
		} else if ((col == 0 && property(t, e, &n, &v)) ||
		    (blocks > 0 && (col > 0 || margin))) {
			/* A property, or a line going on with its block. */
			loose += col == 0 && !property(t, e, &n, &v);
			own = logseq_property(t, e);
			app += own;
			marks += own || card_tags(t, e);
		} else
			return 0;
	}
	return blocks > 0 && marks > 0 && (loose == 0 || app > 0);
}

/* Whether the blocks from k to end are empty "-" lines, nothing. */
static int
all_empty(const struct cp_logseq *lq, size_t k, size_t end)
{
	for (; k < end; k++)
		if (lq->b[k].text != NULL && lq->b[k].text[0] != '\0')
			return 0;
	return 1;
}

/* Words that open a numbered question or task, "3. Name four ...". */
static const char *const asking_words[] = {
	"what", "how", "why", "which", "who", "when", "where", "name",
	"explain", "describe", "list", "give", "define", "compare", "is",
	"are", "does", "do", "can", NULL
};

/* Is text t a heading block's, numbered, "## 1. Setup"? */
static int
numbered_heading(const char *t)
{
	const char	*e = t + strcspn(t, "\n"), *h;

	if (!margin_heading(t, e))
		return 0;
	for (h = t + strspn(t, "#"); h < e && *h == ' '; h++)
		continue;
	return isdigit((unsigned char)*h) && h[strspn(h, "0123456789")] == '.';
}

/*
 * Does block i ask as a heading over its answer: a heading, "#### 3.
 * Name four things ..." or "### Does every API need it?", ending in '?'
 * or numbered and opening with a word that asks or sets a task
 * (asking_words; "## 1. Setup" asks nothing), with text under it (lines
 * of its own or its children)?
 */
static int
asking_heading(const struct cp_logseq *lq, size_t i)
{
	const struct block	*b = &lq->b[i];
	const char		*t = b->text, *e, *h;

	e = t + strcspn(t, "\n");
	if (!margin_heading(t, e))
		return 0;
	for (h = t + strspn(t, "#"); h < e && *h == ' '; h++)
		continue;
	while (e > h && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	/* "3. Name four things ...", numbered, asks by its first word. */
	if (isdigit((unsigned char)*h) && h + strspn(h, "0123456789") < e &&
	    h[strspn(h, "0123456789")] == '.')
		for (h += strspn(h, "0123456789") + 1; h < e && *h == ' '; h++)
			continue;
	else
		h = e;
	if (!((e > t && e[-1] == '?') || (h < e &&
	    listed(asking_words, h, strcspn(h, " \n")))))
		return 0;
	return (b->text[strcspn(b->text, "\n")] != '\0' &&
	    t[strcspn(t, "\n") + strspn(t + strcspn(t, "\n"), " \t\n")] !=
	    '\0') || !all_empty(lq, i + 1, b->end);
}

/*
 * Is file a journal's page of the app, named for its day, "2024_01_31.md"
 * (or "2024-01-31")?
 */
static int
journal_page(const char *file)
{
	const char	*b = file != NULL ? strrchr(file, '/') : NULL;

	b = b != NULL ? b + 1 : file;
	return b != NULL && strspn(b, "0123456789") == 4 &&
	    (b[4] == '_' || b[4] == '-') && isdigit((unsigned char)b[5]);
}

/*
 * A page with no card of the app's may still be a page of questions, each
 * a heading block that asks over its answer (asking_heading()): three or
 * more and half its numbered headings ("## 1. Setup" asks nothing), and
 * they are its cards, a guess said once; not a journal's day, whose
 * prompts the diary answers.
 */
static void
asking_headings(struct cp_logseq *lq)
{
	size_t	 i, n = 0, heads = 0;

	for (i = 0; i < lq->nb; i++)
		if (lq->b[i].card)
			return;
	if (journal_page(lq->file))
		return;		/* a day's prompts and the diary's answers */
	for (i = 0; i < lq->nb; i++) {
		n += asking_heading(lq, i);
		heads += numbered_heading(lq->b[i].text);
	}
	/* Three or more, and half the page's numbered headings. */
	if (n < 3 || 2 * n < heads)
		return;
	for (i = 0; i < lq->nb; i++)
		if (asking_heading(lq, i))
			lq->b[i].card = 1;
	cp_report(lq->rep, CP_LEVEL_WARNING, lq->file, lq->b[0].line, 0,
	    "no #card on the page, but %zu heading blocks that ask, each over "
	    "its answer: read as its cards, a guess", n);
}

/*
 * What no card holds is the page's notes: hundreds of blocks on a page,
 * said once, as are the clozes of no card and the properties of the
 * user's under cards; in the order of their first lines.
 */
static void
skipped(const struct cp_logseq *lq)
{
	static const char *const why[] = {
		"with \"{{cloze ...}}\" but no #card: Logseq studies only "
		    "blocks tagged #card; skipped",
		"with no #card, under no card: notes of the page, not cards; "
		    "skipped",
		"of cards with properties of the user's, \"key:: value\" "
		    "lines, no text of a card; left out"
	};
	size_t		 count[3] = { 0 }, i, j, k, order[3] = { 0, 1, 2 };
	unsigned long	 at[3] = { 0 };
	const char	*t;

	if (lq->prose != 0) {
		count[1] = 1;
		at[1] = lq->prose;
	}
	for (i = 0; i < lq->nb; i++) {
		t = lq->b[i].text;
		if (lq->b[i].card) {
			for (j = i; j < lq->b[i].end; j++)
				if (lq->b[j].user_prop != 0 && count[2]++ == 0)
					at[2] = lq->b[j].user_prop;
			i = lq->b[i].end - 1;
		} else if (t[strspn(t, " \t\n")] == '\0')
			continue;
		else if (strstr(t, "{{cloze ") != NULL) {
			if (count[0]++ == 0)
				at[0] = lq->b[i].line;
		} else if (count[1]++ == 0)
			at[1] = lq->b[i].line;
	}
	for (i = 1; i < 3; i++)
		for (j = i; j > 0 && at[order[j]] < at[order[j - 1]]; j--) {
			k = order[j];
			order[j] = order[j - 1];
			order[j - 1] = k;
		}
	for (i = 0; i < 3; i++)
		if (count[k = order[i]] > 0)
			cp_report(lq->rep, CP_LEVEL_WARNING, lq->file, at[k], 0,
			    "%zu block%s %s", count[k], count[k] == 1 ? "" : "s",
			    why[k]);
}

struct cp_logseq *
cp_logseq_open(const char *doc, size_t len, const char *file,
    struct cp_reporter *rep)
{
	struct cp_logseq	*lq;
	struct outline		 o = { 0 };
	const char		*p = doc, *end = doc + len, *e, *t;
	size_t			 i;
	int			 which;
	unsigned long		 line = 1;

	lq = cp_xcalloc(1, sizeof(*lq));
	lq->file = file;
	lq->rep = rep;
	lq->page = NONE;
	for (; p < end; p = e + 1, line++) {
		if ((e = memchr(p, '\n', (size_t)(end - p))) == NULL)
			e = end;
		read_line(lq, &o, p, e, line);
	}
	block_done(lq, &o);
	cp_buf_free(&o.text);
	cp_buf_free(&o.tags);
	while (o.depth > 0)
		lq->b[o.stack[--o.depth]].end = lq->nb;
	free(o.stack);
	for (i = 0; i < lq->nb; i++) {
		t = lq->b[i].text;
		if ((which = names_card(t, strlen(t))) != 0 &&
		    (which != 3 || lq->b[i].reviewed))
			lq->b[i].card = 1;
		/* The plugin's tag, or its deck and numbered deletions. */
		lq->sync |= which == 2 || (lq->deck != NULL &&
		    holds_numbered(t));
	}
	for (i = 0; lq->sync && i < lq->nb; i++)
		lq->b[i].card |= strstr(lq->b[i].text, "{{cloze ") != NULL ||
		    holds_numbered(lq->b[i].text);
	asking_headings(lq);
	skipped(lq);
	return lq;
}

/* The page's title:: (and its line), its tags:: as words; or NULL. */
const char *
cp_logseq_title(const struct cp_logseq *lq, unsigned long *line)
{
	*line = lq->title_line;
	return lq->title;
}

/* The page's deck:: (and its line), the plugin's, or NULL. */
const char *
cp_logseq_deck(const struct cp_logseq *lq, unsigned long *line)
{
	*line = lq->deck_line;
	return lq->deck;
}

const char *
cp_logseq_tags(const struct cp_logseq *lq)
{
	return lq->tags;
}

/* out cut to its first len bytes, and the spaces and tabs that end them. */
static void
cut_blanks(struct cp_buf *out, size_t len)
{
	while (len > 0 && (out->data[len - 1] == ' ' ||
	    out->data[len - 1] == '\t'))
		len--;
	out->len = len;
	out->data[len] = '\0';
}

/*
 * s, a block's text, into out without its references to the page
 * "card", the space before one too; code is copied as it is.  With
 * tags, the block is a card's front: its other tags are the note's,
 * added to tags, and those that open or end a line are taken out of
 * the text ("#card #MCU-C question", "question #card #biology").
 */
static void
card_text(const char *s, struct cp_buf *out, struct cp_buf *tags)
{
	const char	*p = s, *e = s + strlen(s), *name, *c;
	size_t		 n = 0, nlen, i, run = NONE;
	int		 in_fence = 0, lead = 1, cut = 0;
	struct scan	 sc;

	scan_init(&sc, s, e);
	cp_buf_addstr(out, "");	/* out->data is there to cut */
	while (p < e) {
		if ((p == s || p[-1] == '\n') && fence(p + strspn(p, " \t"),
		    e))
			in_fence = !in_fence;
		if (p == s || p[-1] == '\n')
			lead = tags != NULL && !in_fence;
		if (cut && (*p == ' ' || *p == '\t')) {
			p++;	/* no space before the text the tags open */
			continue;
		}
		cut = 0;
		if (in_fence || (*p != '`' && *p != '#' && *p != '[') ||
		    (*p != '`' && (n = ref_at(&sc, p, &name, &nlen)) == 0)) {
			if (*p == '\n')
				run = NONE;
			else if (run != NONE && !isspace((unsigned char)*p))
				run = NONE;
			lead &= *p == '\n' || isspace((unsigned char)*p);
			cp_buf_addc(out, *p++);
		} else if (*p == '`') {
			c = code_span(&sc, p);
			cp_buf_add(out, p, (size_t)(c - p));
			run = NONE;
			lead = 0;
			p = c;
		} else if (is_card_name(name, nlen, *p == '#')) {
			cut_blanks(out, out->len);
			cut = lead;
			p += n;
		} else {
			if (*p != '#') {
				run = NONE;	/* a link is text */
				lead = 0;
			}
			else if (tags != NULL) {
				if (tags->len > 0)
					cp_buf_addc(tags, ' ');
				for (i = 0; i < nlen; i++)
					cp_buf_addc(tags, isspace((unsigned char)
					    name[i]) ? '_' : name[i]);
				if (run == NONE)
					run = out->len;
			}
			if (lead && *p == '#')
				cut = 1;
			else
				cp_buf_add(out, p, n);
			p += n;
		}
		/* A line ends: the tags that end it are no text. */
		if (tags != NULL && run != NONE && (p == e || *p == '\n')) {
			cut_blanks(out, run);
			run = NONE;
		}
	}
	cp_buf_addstr(out, "");
}

/*
 * Logseq's "{{cloze text}}" as Anki's "{{c1::text}}": the app hides
 * every cloze of a card at once.  The plugin's "{{c2 text}}" keeps its
 * number.  Once no "}}" follows, none follows a later one either.
 */
static char *
anki_clozes(const char *s)
{
	struct cp_buf	 out = { 0 };
	const char	*p = s, *e = s + strlen(s), *o, *c, *num;
	size_t		 open;

	while ((o = memmem(p, (size_t)(e - p), "{{c", 3)) != NULL) {
		if (e - o >= 8 && strncmp(o, "{{cloze ", 8) == 0) {
			open = 8;
			num = "1";
		} else if ((open = numbered_cloze(o, e)) > 0)
			num = o + 3;
		else {
			cp_buf_add(&out, p, (size_t)(o + 3 - p));
			p = o + 3;
			continue;
		}
		if ((c = memmem(o + open, (size_t)(e - o - open), "}}", 2)) ==
		    NULL)
			break;
		cp_buf_add(&out, p, (size_t)(o - p));
		cp_buf_addstr(&out, "{{c");
		cp_buf_add(&out, num, open == 8 ? 1 : open - 4);
		cp_buf_addstr(&out, "::");
		for (o += open; o < c && *o == ' '; o++)
			continue;
		cp_buf_add(&out, o, (size_t)(c - o));
		cp_buf_addstr(&out, "}}");
		p = c + 2;
	}
	cp_buf_addstr(&out, p);
	return cp_buf_detach(&out);
}

/*
 * A block of the back, as an item of a list at its depth below the
 * card: "- ", or "1. " in a numbered list.
 */
static void
back_item(struct cp_buf *back, const char *text, size_t depth, int number)
{
	const char	*p = text, *nl;
	size_t		 mark = back->len;

	cp_buf_printf(back, "%s%*s", back->len > 0 ? "\n" : "",
	    (int)(2 * depth), "");
	mark = back->len;
	if (number > 0)
		cp_buf_printf(back, "%d. ", number);
	else
		cp_buf_addstr(back, "- ");
	mark = back->len - mark;
	for (;;) {
		nl = strchr(p, '\n');
		cp_buf_add(back, p, nl != NULL ? (size_t)(nl - p) : strlen(p));
		if (nl == NULL)
			break;
		p = nl + 1;
		cp_buf_addc(back, '\n');
		if (*p != '\n' && *p != '\0')
			cp_buf_printf(back, "%*s", (int)(2 * depth + mark), "");
	}
}

/*
 * The back of card c: its one child's text, or its children as a list,
 * nested as written, empty blocks left out.  A child that is a card of
 * its own shows its text here, and its children on its own card only.
 */
static char *
card_back(const struct cp_logseq *lq, size_t c)
{
	struct cp_buf	 back = { 0 }, text = { 0 };
	const struct block *b = &lq->b[c];
	size_t		 k = c + 1;
	int		 one;

	one = k < b->end && lq->b[k].number == 0 &&
	    (lq->b[k].card || all_empty(lq, k + 1, lq->b[k].end)) &&
	    all_empty(lq, lq->b[k].end, b->end);
	while (k < b->end) {
		const struct block *d = &lq->b[k];

		cp_buf_reset(&text);
		card_text(d->text, &text, NULL);
		if (one)
			cp_buf_addstr(&back, cp_buf_str(&text));
		else if (text.len > 0 || d->end > k + 1)
			back_item(&back, cp_buf_str(&text),
			    d->depth - b->depth - 1, d->number);
		k = d->card ? d->end : k + 1;
	}
	cp_buf_free(&text);
	cp_buf_addstr(&back, "");
	return cp_buf_detach(&back);
}

/*
 * The next card: its front, back and tags (words separated by spaces),
 * which the caller frees, and its line; 0 after the last.
 */
int
cp_logseq_next(struct cp_logseq *lq, char **front, char **back, char **tags,
    unsigned long *line)
{
	struct cp_buf	 text = { 0 }, t = { 0 };
	struct block	*b;
	char		*raw, *nl;

	while (lq->next < lq->nb && !lq->b[lq->next].card)
		lq->next++;
	if (lq->next == lq->nb)
		return 0;
	b = &lq->b[lq->next];
	if (b->tags != NULL)
		cp_buf_addstr(&t, b->tags);
	card_text(b->text, &text, &t);
	raw = card_back(lq, lq->next);
	if (*raw == '\0' && (nl = strchr(cp_buf_str(&text), '\n')) != NULL &&
	    nl[strspn(nl, " \t\n")] != '\0' &&
	    !cp_anki_cloze(text.data, text.len) &&
	    strstr(text.data, "{{") == NULL) {
		/*
		 * No child blocks: the app shows the block whole, but its
		 * first line asks and the lines under it answer.
		 */
		cp_report(lq->rep, CP_LEVEL_WARNING, lq->file, b->line, 0,
		    "a #card block with lines but no child blocks: its first "
		    "line read as the question, the lines under it as the "
		    "answer");
		free(raw);
		raw = cp_xstrdup(nl + strspn(nl, "\n"));
		text.len = (size_t)(nl - text.data);
		text.data[text.len] = '\0';
	}
	/* "## Title": a heading block, its marks no text of the card. */
	if (margin_heading(text.data, text.data + text.len))
		*front = anki_clozes(text.data + strspn(text.data, "#") + 1);
	else
		*front = anki_clozes(cp_buf_str(&text));
	*back = anki_clozes(raw);
	free(raw);
	cp_buf_addstr(&t, "");
	*tags = cp_buf_detach(&t);
	*line = b->line;
	cp_buf_free(&text);
	lq->next++;
	return 1;
}

void
cp_logseq_close(struct cp_logseq *lq)
{
	size_t	 i;

	if (lq == NULL)
		return;
	for (i = 0; i < lq->nb; i++) {
		free(lq->b[i].text);
		free(lq->b[i].tags);
	}
	free(lq->b);
	free(lq->title);
	free(lq->deck);
	free(lq->tags);
	free(lq);
}
