/*
 * read_sr.c: a note as Obsidian Spaced Repetition reads it under its
 * vault's settings, for md2cards --sr-settings.  The plugin does not
 * parse Markdown: it walks the note's lines.  With its default marks,
 *
 *	#flashcards/Chemistry
 *	Sodium::Na			a one-line card
 *	Nucleus:::holds the DNA		both ways
 *	What makes ATP?			a multi-line card: the lines since
 *	?				the last blank line, a line of "?",
 *	The mitochondria		then those up to the next blank line
 *	The ==mitochondria== make ATP.	a cloze
 *
 * A line holding the one-line separator outside inline code is a card
 * of its own, whatever came before it since the last blank line; a
 * code block is taken whole; a blank line ends a card, or with the
 * vault's end marker set only a line of that marker does; a line
 * opening an HTML comment skips the comment, and the line after it.
 * The note's front matter is blank lines to the walk.
 *
 * Which cards are the plugin's: a note's, when a tag of the note is a
 * deck tag of the vault's ("#flashcards", "#flashcards/Sub") or its
 * folders are decks; none of a note carrying an ignored tag.  A card's
 * deck is a tag opening its text, else the deck tags of the last line
 * of them above it, else the front matter's, else the note's first;
 * or its folders.  Headings over a card are its context in the plugin's
 * review, not its text.
 *
 * What the plugin does that is no Anki's, or loses a card's text, is
 * said with its line: a card cut off by a one-line card inside it, a
 * line skipped after a comment, a cloze Anki cannot hide.  The walk is
 * linear in the note; the cloze searches count their steps (jsregex.c).
 */
#define _GNU_SOURCE	/* memmem() */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The plugin's block of scheduling data under a card, a callout. */
#define METADATA_CALLOUT	"> [!sr|card-metadata]"

enum type { NONE, ONE_LINE, ONE_LINE_BOTH, MULTI, MULTI_BOTH, CLOZE };

struct span {
	size_t	 from, to;
};

/* A card the walk found: its lines, from 0. */
struct question {
	enum type	 type;
	size_t		 first, last;
};

/* An Obsidian tag of the note's text: "#flashcards/Sub", from '#'. */
struct tag {
	size_t		 line;
	struct span	 at;
};

struct sr {
	const struct cp_sr_settings *s;
	const char		*doc;
	const char		*name;
	struct cp_reporter	*rep;
	int			 quiet;	/* the note is none of the plugin's */
	struct span		*line;	/* each line's text */
	size_t			 nlines;
	size_t			 matter_end;	/* lines of front matter */
	struct question		*q;	/* the cards found so far */
	size_t			 nq, qroom;
	struct tag		*tags;	/* deck tags, in order */
	size_t			 ntags, troom;
	size_t			 tags_seen;	/* those above the last card */
	size_t			 in_card;	/* the card a tag may be in */
	size_t			 group;	/* the last line of them above it */
	int			 grouped;	/* and whether there is one */
	char *const		*matter;	/* the front matter's tags */
	size_t			 nmatter;
	const char		*matter_deck;	/* the first deck tag of them */
	size_t			 matter_decks;	/* and how many there are */
	const char		*deck;	/* -d's, or NULL */
	char			*folder;	/* the note's, when folders are
						   decks and it is in one */
	int			 ignored;	/* a tag says: not the plugin's */
	const char		*ignored_by;	/* or this noteFoldersToIgnore */
	int			 steps_spent;	/* by the cloze searches */
	int			 decks_said;
	int			 end_tags_said;	/* deck tags ending a back */
	void			(*emit)(void *, struct cp_record *);
	void			*arg;
};

static int
js_space_at(const char *s, size_t n, size_t *len)
{
	return cp_js_space(cp_utf8_decode(s, n, len));
}

/* s[from, to) without JavaScript's white space at its ends. */
static struct span
trim(const char *s, struct span t, int start, int end)
{
	size_t	 n;

	while (start && t.from < t.to && js_space_at(s + t.from,
	    t.to - t.from, &n))
		t.from += n;
	while (end && t.to > t.from) {
		size_t	 k = t.to - 1;

		while (k > t.from && ((unsigned char)s[k] & 0xc0) == 0x80)
			k--;
		if (!js_space_at(s + k, t.to - k, &n))
			break;
		t.to = k;
	}
	return t;
}

static int
is(const char *doc, struct span t, const char *s)
{
	return s != NULL && t.to - t.from == strlen(s) &&
	    memcmp(doc + t.from, s, t.to - t.from) == 0;
}

static int
starts(const char *doc, struct span t, const char *s)
{
	return t.to - t.from >= strlen(s) &&
	    memcmp(doc + t.from, s, strlen(s)) == 0;
}

static int
starts_span(const char *doc, struct span t, struct span s)
{
	return t.to - t.from >= s.to - s.from &&
	    memcmp(doc + t.from, doc + s.from, s.to - s.from) == 0;
}

static char *
found(const char *doc, struct span t, const char *s)
{
	return memmem(doc + t.from, t.to - t.from, s, strlen(s));
}

/*
 * Whether the line holds sep outside inline code, as the plugin asks:
 * its first sep with an odd number of backticks on neither side.
 */
static int
holds_mark(const char *doc, struct span t, const char *sep)
{
	const char	*p;
	size_t		 i, before = 0, after = 0;

	if (sep == NULL || (p = found(doc, t, sep)) == NULL)
		return 0;
	for (i = t.from; i < (size_t)(p - doc); i++)
		before += doc[i] == '`';
	for (i = (size_t)(p - doc) + strlen(sep); i < t.to; i++)
		after += doc[i] == '`';
	return before % 2 == 0 || after % 2 == 0;
}

static void	 make_card(struct sr *, const struct question *, char *);

/* A card the walk found, made as soon as found: its text is taken. */
static void
add_question(struct sr *r, enum type type, struct cp_buf *text,
    size_t first, size_t last, int trim_end)
{
	struct span	 t = { 0, text->len };
	char		*s;

	if (trim_end)
		t = trim(cp_buf_str(text), t, 0, 1);
	s = cp_xstrndup(cp_buf_str(text), t.to);
	cp_buf_reset(text);
	if (r->nq == r->qroom) {
		r->qroom = 2 * r->qroom + 16;
		r->q = cp_xreallocarray(r->q, r->qroom, sizeof(*r->q));
	}
	r->q[r->nq].type = type;
	r->q[r->nq].first = first;
	r->q[r->nq].last = last;
	r->nq++;
	if (r->quiet)
		free(s);
	else
		make_card(r, &r->q[r->nq - 1], s);
}

static void
add_line(struct cp_buf *b, const char *doc, struct span t)
{
	cp_buf_add(b, doc + t.from, t.to - t.from);
}

/* The one-line separators, the longer first: ":::" is not "::" too. */
static void
inline_marks(const struct cp_sr_settings *s, const char *sep[2],
    enum type type[2])
{
	int	 both_first = s->inline_both != NULL && (s->inline_sep == NULL ||
	    strlen(s->inline_both) > strlen(s->inline_sep));

	sep[0] = both_first ? s->inline_both : s->inline_sep;
	type[0] = both_first ? ONE_LINE_BOTH : ONE_LINE;
	sep[1] = both_first ? s->inline_sep : s->inline_both;
	type[1] = both_first ? ONE_LINE : ONE_LINE_BOTH;
}

/* A line of lines cut off: what the plugin leaves out of every card. */
static void
left_out(struct sr *r, size_t from, size_t to, const char *why)
{
	struct span	 t;
	size_t		 i;

	for (i = from; i < to && !r->quiet; i++) {
		t = trim(r->doc, r->line[i], 1, 1);
		if (t.from != t.to) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    (unsigned long)i + 1, 0, "%s", why);
			return;
		}
	}
}

/*
 * Whether line i holds a cloze of the vault's patterns.  The searches
 * of a note share the steps its length allows (jsregex.c): a vault's
 * pattern may backtrack on every line of a long note.
 */
static int
cloze_line(struct sr *r, size_t i)
{
	struct span	 t = r->line[i];
	int		 rc;

	if (r->steps_spent)
		return 0;
	rc = cp_sr_cloze_in(r->s->clozes, r->s->nclozes, r->doc + t.from,
	    t.to - t.from);
	if (rc == -1) {
		r->steps_spent = 1;
		if (!r->quiet)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    (unsigned long)i + 1, 0, "the search for the "
			    "vault's cloze patterns took more steps than the "
			    "note's length allows: no cloze from this line on");
	}
	return rc == 1;
}

/* The plugin's walk over the note's lines: its cards, in order. */
static void
walk(struct sr *r)
{
	const struct cp_sr_settings *s = r->s;
	const char	*doc = r->doc, *sep[2];
	struct cp_buf	 text = { 0 };
	enum type	 type = NONE, kinds[2];
	size_t		 i, j, first = 0, n = r->nlines;
	struct span	 line, t;
	int		 k, empty;

	inline_marks(s, sep, kinds);
	for (i = 0; i < n; i++) {
		line = r->line[i];
		t = trim(doc, line, 1, 1);
		if (starts(doc, line, "<!--") && !starts(doc, line,
		    "<!--SR:")) {
			/*
			 * The plugin skips to the line that closes the
			 * comment, but looks for it on the first line only:
			 * one that opens a comment it does not close ends
			 * the note's cards; it skips the line after either.
			 */
			if (found(doc, line, "-->") == NULL) {
				left_out(r, i + 1, n, "no card below this "
				    "line: the HTML comment above it opens on "
				    "a line it does not close on, and the "
				    "plugin skips the note's rest then");
				i = n;
			} else if (i + 1 < n) {
				left_out(r, i + 1, i + 2, "skipped: the plugin "
				    "skips the line after an HTML comment's "
				    "line");
				i++;
			}
			continue;
		}
		empty = t.from == t.to;
		if ((empty && (s->end_marker == NULL || type == NONE)) ||
		    (s->end_marker != NULL && is(doc, t, s->end_marker))) {
			if (type != NONE)
				add_question(r, type, &text, first, i - 1, 1);
			type = NONE;
			cp_buf_reset(&text);
			first = i + 1;
			continue;
		}
		if (text.len > 0)
			cp_buf_addc(&text, '\n');
		add_line(&text, doc, trim(doc, line, 0, 1));
		for (k = 0; k < 2; k++)
			if (holds_mark(doc, line, sep[k])) {
				if (!r->quiet && (type == MULTI ||
				    type == MULTI_BOTH || type == CLOZE))
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, (unsigned long)first + 1,
					    0, "the card from here to line "
					    "%zu is cut off by the one-line "
					    "card there (\"%s\"), as the "
					    "plugin reads it: no card",
					    i + 1, sep[k]);
				type = kinds[k];
				break;
			}
		if (type == ONE_LINE || type == ONE_LINE_BOTH) {
			cp_buf_reset(&text);
			add_line(&text, doc, line);
			first = i;
			if (i + 1 < n && starts(doc, r->line[i + 1],
			    "<!--SR:")) {
				cp_buf_addc(&text, '\n');
				add_line(&text, doc, r->line[++i]);
			} else if (i + 1 < n && starts(doc, r->line[i + 1],
			    METADATA_CALLOUT))
				for (j = i + 1; j < n; j++) {
					cp_buf_addc(&text, '\n');
					add_line(&text, doc, r->line[j]);
					i++;
					if (found(doc, r->line[j], "<!--SR:"))
						break;
				}
			add_question(r, type, &text, first, i, 0);
			type = NONE;
		} else if (is(doc, t, s->multi_sep)) {
			if (text.len > 1)
				type = MULTI;
		} else if (is(doc, t, s->multi_both)) {
			if (text.len > 1)
				type = MULTI_BOTH;
		} else if (starts(doc, line, "```") ||
		    starts(doc, line, "~~~")) {
			/* Code: to a line opening with the same fence. */
			struct span	 fence = line;

			for (fence.to = fence.from + 1; fence.to < line.to &&
			    doc[fence.to] == doc[fence.from]; fence.to++)
				continue;
			while (i + 1 < n && !starts_span(doc, r->line[i + 1],
			    fence)) {
				cp_buf_addc(&text, '\n');
				add_line(&text, doc, r->line[++i]);
			}
			cp_buf_addc(&text, '\n');
			add_line(&text, doc, fence);
			i++;
		} else if (type == NONE && cloze_line(r, i))
			type = CLOZE;
	}
	if (type != NONE && text.len > 0)
		add_question(r, type, &text, first, n - 1, 1);
	cp_buf_free(&text);
}

/*
 * The plugin's scheduling comments taken out of s, as it takes them:
 * from "<!--SR:" to the last "-->" of the line, one character on at
 * least.
 */
static void
drop_schedules(struct cp_buf *b, const char *s)
{
	const char	*p, *e, *close, *c;

	while ((p = strstr(s, "<!--SR:")) != NULL) {
		if ((e = strchr(p, '\n')) == NULL)
			e = p + strlen(p);
		close = NULL;
		for (c = p + 8; c + 3 <= e; c++)
			if (memcmp(c, "-->", 3) == 0)
				close = c;
		cp_buf_add(b, s, (size_t)(p - s));
		if (close == NULL)
			cp_buf_add(b, p, (size_t)(e - p));
		s = close != NULL ? close + 3 : e;
	}
	cp_buf_addstr(b, s);
}

/*
 * A question's text as the plugin takes it apart: without its
 * scheduling, a tag opening it (which files it, *topic its text, as
 * "flashcards/Sub"), and an Obsidian block id closing it.
 */
static char *
actual_text(const struct sr *r, const char *text, char **topic)
{
	struct cp_buf	 b = { 0 };
	char		*s, *p;
	struct span	 t;
	size_t		 n, k, len, slen;

	drop_schedules(&b, text);
	s = cp_buf_detach(&b);
	slen = strlen(s);
	*topic = NULL;
	t = trim(s, (struct span){ 0, slen }, 1, 0);
	for (n = 0; s[t.from] == '#' && t.from + 1 + n < slen; n += len) {
		k = t.from + 1 + n;
		if (s[k] == '#' || js_space_at(s + k, slen - k, &len))
			break;
	}
	/* A path of no part ("#/") is none. */
	for (k = 0; k < n && s[t.from + 1 + k] == '/'; k++)
		continue;
	if (n > 0 && k < n) {
		if (!r->s->folder_decks)
			*topic = cp_xstrndup(s + t.from + 1, n);
		t.from += 1 + n;
		t = trim(s, (struct span){ t.from, slen }, 1, 0);
	} else
		t = trim(s, t, 0, 1);
	memmove(s, s + t.from, t.to - t.from);
	s[t.to - t.from] = '\0';
	/* " ^block-id" at the very end. */
	for (p = s + strlen(s); p > s && (p[-1] == '-' ||
	    (p[-1] >= '0' && p[-1] <= '9') || ((p[-1] | 0x20) >= 'a' &&
	    (p[-1] | 0x20) <= 'z')); p--)
		continue;
	if (p > s + 1 && *p != '\0' && p[-1] == '^' && p[-2] == ' ') {
		t = trim(s, (struct span){ 0, (size_t)(p - 1 - s) }, 0, 1);
		s[t.to] = '\0';
	}
	return s;
}

/*
 * A deck of a tag, "flashcards/Sub/Deck" without its '#': "Sub::Deck",
 * the path under the vault's deck tag, or the whole path under another;
 * NULL for a deck tag itself, whose cards are in the default deck.
 */
static char *
tag_deck(const struct sr *r, const char *tag, size_t n)
{
	struct cp_buf	 b = { 0 };
	size_t		 i, k = cp_sr_tag_in(&r->s->deck_tags, tag, n);

	for (i = k; i < n; i++) {
		if (tag[i] != '/')
			cp_buf_addc(&b, tag[i]);
		else if (b.len > 0 && i + 1 < n && tag[i + 1] != '/')
			cp_buf_addstr(&b, "::");
	}
	if (b.len == 0)
		return NULL;
	return cp_buf_detach(&b);
}

/*
 * The note's Obsidian tags below its front matter, as Obsidian finds
 * them: a '#' opening a line or after white space, outside code, HTML
 * comments and Obsidian's "%%" comments.  The vault's deck tags are
 * kept, by line; a tag the vault ignores marks the note.
 */
static void
scan_tags(struct sr *r)
{
	const char	*doc = r->doc;
	size_t		 i, k, n, ticks;
	int		 fenced = 0, comment = 0, percent = 0;
	struct span	 l;

	for (i = r->matter_end; i < r->nlines; i++) {
		l = r->line[i];
		if (!comment && !percent && (starts(doc, trim(doc, l, 1, 0),
		    "```") || starts(doc, trim(doc, l, 1, 0), "~~~"))) {
			fenced = !fenced;
			continue;
		}
		if (fenced)
			continue;
		ticks = 0;
		for (k = l.from; k < l.to; k++) {
			if (comment) {
				if (k + 3 <= l.to && memcmp(doc + k, "-->", 3) ==
				    0) {
					comment = 0;
					k += 2;
				}
				continue;
			}
			if (k + 2 <= l.to && memcmp(doc + k, "%%", 2) == 0) {
				percent = !percent;
				k++;
				continue;
			}
			if (percent)
				continue;
			if (doc[k] == '`') {
				ticks++;
				continue;
			}
			if (ticks % 2 == 1)
				continue;
			if (k + 4 <= l.to && memcmp(doc + k, "<!--", 4) == 0) {
				comment = 1;
				k += 3;
				continue;
			}
			if (doc[k] != '#' || (k > l.from && trim(doc,
			    (struct span){ l.from, k }, 0, 1).to == k))
				continue;
			if ((n = cp_obsidian_tag(doc + k + 1, l.to - k - 1)) == 0)
				continue;
			if (cp_sr_tag_in(&r->s->ignore_tags, doc + k + 1, n))
				r->ignored = 1;
			if (cp_sr_tag_in(&r->s->deck_tags, doc + k + 1, n)) {
				if (r->ntags == r->troom) {
					r->troom = 2 * r->troom + 16;
					r->tags = cp_xreallocarray(r->tags,
					    r->troom, sizeof(*r->tags));
				}
				r->tags[r->ntags].line = i;
				r->tags[r->ntags].at.from = k + 1;
				r->tags[r->ntags].at.to = k + 1 + n;
				r->ntags++;
			}
			k += n;
		}
	}
}

/* The plugin's front matter: from a first line "---" to the next. */
static size_t
front_matter_end(const struct sr *r)
{
	size_t	 i;

	if (r->nlines == 0 || !is(r->doc, r->line[0], "---"))
		return 0;
	for (i = 1; i < r->nlines; i++)
		if (is(r->doc, r->line[i], "---"))
			return i + 1;
	return 0;
}

/*
 * The sides of a multi-line card: the lines above its first line of
 * sep and those below.
 */
static void
multi_sides(const char *s, const char *sep, char **front, char **back)
{
	const char	*p = s, *e;
	struct span	 t;

	for (;;) {
		e = strchr(p, '\n');
		t = trim(s, (struct span){ (size_t)(p - s), e != NULL ?
		    (size_t)(e - s) : strlen(s) }, 1, 1);
		if (is(s, t, sep)) {
			*front = cp_xstrndup(s, p > s ? (size_t)(p - s) - 1 : 0);
			*back = cp_xstrdup(e != NULL ? e + 1 : "");
			return;
		}
		if (e == NULL)
			break;
		p = e + 1;
	}
	/* None (its line was the tag's): the plugin's slice(0, -1). */
	e = strrchr(s, '\n');
	*front = cp_xstrndup(s, e != NULL ? (size_t)(e - s) : 0);
	*back = cp_xstrdup(s);
}

/*
 * The marks of the block a one-line card's line is in, a quote's, a
 * list item's, a task's, a heading's: the line's, not the question's,
 * which is what the line holds.  The length of them.
 */
static size_t
block_marks(const char *s)
{
	const char	*p = s, *q;

	for (;;) {
		p += strspn(p, " \t");
		if (*p == '>') {
			p++;
			continue;
		}
		if ((*p == '-' || *p == '*' || *p == '+') && (p[1] == ' ' ||
		    p[1] == '\t')) {
			p += 2;
			continue;
		}
		for (q = p; *q >= '0' && *q <= '9' && q - p < 9; q++)
			continue;
		if (q > p && (*q == '.' || *q == ')') && (q[1] == ' ' ||
		    q[1] == '\t')) {
			p = q + 2;
			continue;
		}
		break;
	}
	if (p[0] == '[' && p[1] != '\0' && p[2] == ']' && p[3] == ' ')
		p += 4;
	for (q = p; *q == '#' && q - p < 6; q++)
		continue;
	if (q > p && *q == ' ')
		p = q + 1;
	return (size_t)(p - s);
}

/* A card's field: its Markdown, trimmed, as md2cards writes fields. */
static void
add_field(struct cp_note *note, const char *name, const char *text)
{
	int	 clozes = 0;
	char	*f = cp_md_field(text, "", note, &clozes);

	cp_note_add_field(note, name, f);
	free(f);
}

/* Whether s holds nothing but JavaScript's white space. */
static int
blank(const char *s)
{
	struct span	 t = trim(s, (struct span){ 0, strlen(s) }, 1, 1);

	return t.from == t.to;
}

/*
 * Takes the vault's deck tags off the end of a one-line card's back,
 * "... (v is the zero value) #flashcards": the plugin finds its cards by
 * them, and Obsidian shows them as tags, no words of the answer.
 * Another tag there stays, as the plugin shows it.  Said once a note.
 */
static void
drop_end_deck_tags(struct sr *r, char *back, unsigned long line)
{
	size_t		 n = strlen(back), at, sp, len;
	struct span	 left;
	int		 dropped = 0;

	for (;;) {
		n = trim(back, (struct span){ 0, n }, 0, 1).to;
		for (at = n; at > 0 && back[at - 1] != '#' &&
		    back[at - 1] != ' ' && back[at - 1] != '\t'; at--)
			continue;
		if (at < 2 || back[at - 1] != '#' ||
		    cp_sr_tag_in(&r->s->deck_tags, back + at, n - at) == 0)
			break;
		/* The white space before the '#', "答え　#flashcards" too. */
		for (sp = at - 2; sp > 0 &&
		    ((unsigned char)back[sp] & 0xc0) == 0x80; sp--)
			continue;
		if (!js_space_at(back + sp, at - 1 - sp, &len) ||
		    sp + len != at - 1)
			break;
		n = at - 1;
		dropped = 1;
	}
	back[n] = '\0';
	left = trim(back, (struct span){ 0, n }, 1, 1);
	/* A back of the tag alone is empty: the card goes unwritten. */
	if (dropped && left.to > left.from && r->end_tags_said++ == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "the vault's deck tag ending the card's line files the "
		    "card, no part of its answer: left out, here and on "
		    "such lines below");
}

/*
 * A question's note, made from its text as the plugin expands it; its
 * deck set by the caller.  0 for none, said why.
 */
static int
make_note(struct sr *r, const struct question *q, const char *text,
    struct cp_note *note)
{
	/* What Anki cannot keep of the plugin's clozes. */
	static const struct {
		unsigned	 flag;
		const char	*why;
	} cloze_said[] = {
		{ CP_SR_CLOZE_HIDDEN, "a cloze the plugin hides on a card, "
		    "not asking it: Anki shows it there" },
		{ CP_SR_CLOZE_NUMBER, "a cloze numbered 0 or past Anki's "
		    "last number: Anki asks no card of it; kept as text" },
		{ CP_SR_CLOZE_OVERLAP, "clozes of two of the vault's patterns "
		    "overlap: the later one kept as text" },
		{ CP_SR_CLOZE_STEPS, "the search for the vault's cloze patterns "
		    "took too many steps: no cloze of it" }
	};
	const struct cp_sr_settings *s = r->s;
	unsigned long	 line = (unsigned long)q->first + 1;
	char		*front = NULL, *back = NULL, *cut;
	const char	*sep, *name = "Basic";
	unsigned	 flags;
	size_t		 i;

	switch (q->type) {
	case ONE_LINE:
	case ONE_LINE_BOTH:
		sep = q->type == ONE_LINE ? s->inline_sep : s->inline_both;
		if ((cut = strstr(text, sep)) == NULL)
			break;
		front = cp_xstrndup(text, (size_t)(cut - text));
		memmove(front, front + block_marks(front),
		    strlen(front + block_marks(front)) + 1);
		back = cp_xstrdup(cut + strlen(sep));
		/* The plugin's schedule, kept in a callout under the card. */
		if ((cut = strstr(back, "\n" METADATA_CALLOUT)) != NULL)
			*cut = '\0';
		if (strchr(back, '\n') == NULL)
			drop_end_deck_tags(r, back, line);
		if (q->type == ONE_LINE_BOTH)
			name = "Basic (and reversed card)";
		break;
	case MULTI:
	case MULTI_BOTH:
		multi_sides(text, q->type == MULTI ? s->multi_sep :
		    s->multi_both, &front, &back);
		if (q->type == MULTI_BOTH)
			name = "Basic (and reversed card)";
		break;
	case CLOZE:
		if (strchr(text, '\n') == NULL)
			text += block_marks(text);
		front = cp_sr_cloze_anki(s->clozes, s->nclozes, text,
		    strlen(text), &flags);
		if (front != NULL && !cp_anki_cloze(front, strlen(front))) {
			/* Numbered 0, all of them: the plugin asks none. */
			free(front);
			front = NULL;
			break;
		}
		for (i = 0; i < sizeof(cloze_said) / sizeof(cloze_said[0]);
		    i++)
			if (flags & cloze_said[i].flag)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    line, 0, "%s", cloze_said[i].why);
		name = "Cloze";
		break;
	case NONE:
		break;
	}
	if (front == NULL || blank(front)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    q->type == CLOZE ? "no cloze in the card's text that "
		    "the plugin asks on a card: no card; skipped" : "the card's front is empty: Anki "
		    "makes no card of it; skipped");
		free(front);
		free(back);
		return 0;
	}
	if (q->type != CLOZE && blank(back)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "the card's back is empty, no answer written yet: "
		    "skipped");
		free(front);
		free(back);
		return 0;
	}
	note->notetype = cp_xstrdup(name);
	add_field(note, q->type == CLOZE ? "Text" : "Front", front);
	add_field(note, q->type == CLOZE ? "Back Extra" : "Back",
	    back != NULL ? back : "");
	free(front);
	free(back);
	return 1;
}

/* Why the plugin reviews a note's cards, or does not. */
enum review {
	OURS, UNTAGGED, IGNORED, IGNORED_PATH, AT_TOP, OUTSIDE, OUTSIDE_TAGGED
};

/*
 * The pattern of noteFoldersToIgnore that passes over the note at path,
 * as the plugin matches one: the note's path in the vault starts with
 * it, or matches it as a glob; or NULL.
 */
static const char *
ignored_path(const struct cp_sr_settings *s, const char *path)
{
	const char	*why = NULL;
	char		*in;
	size_t		 i;

	if ((in = cp_vault_path(s->vault, path)) == NULL)
		return NULL;
	for (i = 0; i < s->nignore_paths && why == NULL; i++)
		if (strncmp(in, s->ignore_paths[i],
		    strlen(s->ignore_paths[i])) == 0 ||
		    cp_vault_glob(s->ignore_paths[i], in))
			why = s->ignore_paths[i];
	free(in);
	return why;
}

/*
 * Whether the note is the plugin's: a deck tag of its, or folders that
 * file it; and none of the tags it ignores.  *folder is the note's in
 * its vault, when folders are decks.
 */
static enum review
reviewed(struct sr *r, const char *path, char *const *tags, size_t ntags,
    char **folder)
{
	size_t	 i;
	int	 deck_tag = r->ntags > 0;

	*folder = NULL;
	for (i = 0; i < ntags; i++) {
		const char *t = tags[i] + (tags[i][0] == '#');

		if (cp_sr_tag_in(&r->s->deck_tags, t, strlen(t)) &&
		    r->matter_decks++ == 0)
			r->matter_deck = t;
		if (cp_sr_tag_in(&r->s->ignore_tags, t, strlen(t)))
			r->ignored = 1;
	}
	deck_tag |= r->matter_decks > 0;
	if (r->ignored)
		return IGNORED;
	if ((r->ignored_by = ignored_path(r->s, path)) != NULL)
		return IGNORED_PATH;
	if (r->s->folder_decks) {
		/* A note outside the vault is read as one at its top. */
		if ((*folder = cp_vault_folder(r->s->vault, path)) == NULL)
			return deck_tag ? OUTSIDE_TAGGED : OUTSIDE;
		if (**folder != '\0' || deck_tag)
			return OURS;
		return AT_TOP;
	}
	return deck_tag ? OURS : UNTAGGED;
}

/* Why none of the note's cards is the plugin's, or where they go. */
static void
say_review(const struct sr *r, enum review why)
{
	struct cp_buf	 none = { 0 };
	const char	*where = why == OUTSIDE ? "is in no folder of its "
	    "vault, whose folders are decks, and " : why == AT_TOP ? "is at "
	    "the top of its vault, whose folders are decks, and " : "";

	if (r->nq == 0 || why == OURS)
		return;
	if (why == OUTSIDE_TAGGED) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 1, 0, "the note "
		    "is in no folder of its vault, whose folders are decks: "
		    "its cards go in the default deck");
		return;
	}
	if (why == IGNORED)
		cp_buf_addstr(&none, "carries a tag the vault ignores");
	else if (why == IGNORED_PATH)
		cp_buf_printf(&none, "matches \"%s\" of the vault's "
		    "noteFoldersToIgnore", r->ignored_by);
	else if (r->s->deck_tags.ntags == 0)
		cp_buf_addstr(&none, "the vault names no deck tag");
	else
		cp_buf_printf(&none, "carries no deck tag (#%s or another of "
		    "the vault's)", r->s->deck_tags.tags[0]);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, 1, 0, "the note %s%s: "
	    "Obsidian Spaced Repetition makes none of its %zu card%s; left "
	    "out", where, cp_buf_str(&none), r->nq, r->nq == 1 ? "" : "s");
	cp_buf_free(&none);
}

/* Deck tags together, of as many decks in the plugin: said once. */
static void
many_decks(struct sr *r, unsigned long line)
{
	if (r->decks_said++ > 0)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "deck tags "
	    "together: the plugin files the cards they cover in each deck, "
	    "Anki a note in one, the first's");
}

/* Anki's deck of a folder of the vault, "A/B": "A::B". */
static char *
folder_deck(const char *folder)
{
	struct cp_buf	 b = { 0 };

	for (; *folder != '\0'; folder++)
		if (*folder == '/')
			cp_buf_addstr(&b, "::");
		else
			cp_buf_addc(&b, *folder);
	return b.len > 0 ? cp_buf_detach(&b) : NULL;
}

/*
 * The deck of a card found at line first: the tags of the last line of
 * them above it, not within a card; the front matter's; the note's
 * first.  Tags on one line are one list of decks, as the front
 * matter's are.
 */
static char *
tags_deck(struct sr *r, size_t first)
{
	struct tag	*t;

	for (; r->tags_seen < r->ntags && r->tags[r->tags_seen].line < first;
	    r->tags_seen++) {
		t = &r->tags[r->tags_seen];
		while (r->in_card < r->nq && r->q[r->in_card].last < t->line)
			r->in_card++;
		if (r->in_card < r->nq && r->q[r->in_card].first <= t->line)
			continue;
		if (r->grouped && r->tags[r->group].line == t->line) {
			many_decks(r, t->line + 1);
			continue;
		}
		r->group = r->tags_seen;
		r->grouped = 1;
	}
	if (r->grouped) {
		t = &r->tags[r->group];
		return tag_deck(r, r->doc + t->at.from, t->at.to - t->at.from);
	}
	if (r->matter_decks > 1)
		many_decks(r, 1);
	if (r->matter_deck != NULL)
		return tag_deck(r, r->matter_deck, strlen(r->matter_deck));
	t = &r->tags[0];
	return tag_deck(r, r->doc + t->at.from, t->at.to - t->at.from);
}

/* A card found, made a note and given to emit.  Takes text. */
static void
make_card(struct sr *r, const struct question *q, char *text)
{
	struct cp_record rec;
	char		*actual, *topic;
	size_t		 i;

	actual = actual_text(r, text, &topic);
	free(text);
	memset(&rec, 0, sizeof(rec));
	rec.kind = CP_RECORD_NOTE;
	if (!make_note(r, q, actual, &rec.note)) {
		free(actual);
		free(topic);
		return;
	}
	free(actual);
	if (r->deck != NULL)
		rec.note.deck = cp_xstrdup(r->deck);
	else if (r->s->folder_decks)
		rec.note.deck = r->folder != NULL ? folder_deck(r->folder) :
		    NULL;
	else if (topic != NULL)
		rec.note.deck = tag_deck(r, topic, strlen(topic));
	else
		rec.note.deck = tags_deck(r, q->first);
	free(topic);
	for (i = 0; i < r->nmatter; i++)
		cp_note_add_tag(&rec.note, r->matter[i] + (r->matter[i][0] ==
		    '#'));
	rec.note.markup = CP_MARKUP_MARKDOWN;
	rec.note.source_file = cp_xstrdup(r->name);
	rec.note.source_line = (unsigned long)q->first + 1;
	r->emit(r->arg, &rec);
}

void
cp_sr_read(const struct cp_sr_settings *s, const char *path,
    const char *name, const char *doc, size_t len, const size_t *line_at,
    size_t nlines, char *const *tags, size_t ntags, const char *deck,
    struct cp_reporter *rep, void (*emit)(void *, struct cp_record *),
    void *arg)
{
	struct sr	 r = { 0 };
	enum review	 why;
	size_t		 i;
	unsigned long long steps = cp_jsregex_allowance(len);

	r.s = s;
	r.doc = doc;
	r.name = name;
	r.rep = rep;
	r.nlines = nlines;
	r.matter = tags;
	r.nmatter = ntags;
	r.deck = deck;
	r.emit = emit;
	r.arg = arg;
	r.line = cp_xreallocarray(NULL, nlines, sizeof(*r.line));
	for (i = 0; i < nlines; i++) {
		r.line[i].from = line_at[i];
		r.line[i].to = i + 1 < nlines ? line_at[i + 1] - 1 : len;
	}
	r.matter_end = front_matter_end(&r);
	scan_tags(&r);
	why = reviewed(&r, path, tags, ntags, &r.folder);
	/* A note the plugin passes over is walked only to count its cards. */
	r.quiet = why != OURS && why != OUTSIDE_TAGGED;
	/* The front matter is blank lines to the walk. */
	memset(r.line, 0, r.matter_end * sizeof(*r.line));
	cp_sr_cloze_share(s->clozes, s->nclozes, &steps);
	walk(&r);
	cp_sr_cloze_share(s->clozes, s->nclozes, NULL);
	say_review(&r, why);
	free(r.q);
	free(r.tags);
	free(r.line);
	free(r.folder);
}
