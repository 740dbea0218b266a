/*
 * write_md.c: CommonMark for reading and printing, one note at a time.
 *
 * Records are also written as an HTML comment holding their card stream
 * line without the field values and the source:
 *
 *	<!-- cardpipe {"deck":"D","notetype":"Basic","fields":{...}} -->
 *
 * invisible once rendered, and enough for read_md.c to give back the
 * same stream from the visible fields that follow it.  A plain note
 * (plain()) goes without: read_md.c rebuilds it from its "**Q:**" label
 * alone, so that the common deck reads as a person would write it.
 * Text fields are escaped so that they render literally
 * (cp_markdown_escape()); Markdown fields are quoted with "> " on every
 * line, so that no construct of theirs (an open code fence, an HTML
 * block) reaches past the field; HTML fields become Markdown first.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum md_style {
	STYLE_QA,	/* label and value paragraphs */
	STYLE_QUIZ,	/* the answer folded in <details> */
	STYLE_TABLE	/* one row per note */
};

struct md_state {
	enum md_style	 style;
	struct cp_buf	 out;	/* the record being written */
	struct cp_buf	 tmp;
	char		*deck;	/* the current deck, of the last heading */
	int		 described;	/* a deck description has no end yet */
	int		 in_table;	/* a table header has been written */
	int		 any;	/* a block has been written */
	struct cp_reporter *rep;
};

/* Starts a block: blocks are separated by one blank line. */
static void
block(struct md_state *st)
{
	if (st->any)
		cp_buf_addc(&st->out, '\n');
	st->any = 1;
}

/*
 * The record as a card stream line in an HTML comment.  JSON holds '>'
 * and '|' only inside strings, where \u escapes keep the comment from
 * ending early and a table from splitting.
 */
static void
comment(struct md_state *st, const struct cp_record *rec)
{
	const char	*p;

	cp_buf_reset(&st->tmp);
	cp_stream_encode(rec, &st->tmp);
	if (st->tmp.len > 0 && st->tmp.data[st->tmp.len - 1] == '\n')
		st->tmp.data[--st->tmp.len] = '\0';
	cp_buf_addstr(&st->out, "<!-- cardpipe ");
	for (p = cp_buf_str(&st->tmp); *p != '\0'; p++)
		if (*p == '>')
			cp_buf_addstr(&st->out, "\\u003e");
		else if (*p == '|')
			cp_buf_addstr(&st->out, "\\u007c");
		else
			cp_buf_addc(&st->out, *p);
	cp_buf_addstr(&st->out, " -->\n");
}

/* Text on one line, for headings, escaped. */
static void
one_line(struct md_state *st, const char *s)
{
	char	*copy = cp_xstrdup(s), *p;

	for (p = copy; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	cp_markdown_escape(&st->out, copy, strlen(copy));
	free(copy);
}

static void
heading(struct md_state *st, const char *level, const char *text,
    const char *deck)
{
	st->in_table = 0;
	block(st);
	cp_buf_addstr(&st->out, level);
	one_line(st, text);
	cp_buf_addc(&st->out, '\n');
	cp_set_string(&st->deck, deck);
}

static void
write_deck(struct md_state *st, const struct cp_deck *d)
{
	struct cp_record	 copy = { 0 };
	struct cp_field_at	 at;
	struct cp_buf		 where = { 0 };
	const char		*u;
	char			*md;

	copy.kind = CP_RECORD_DECK;
	copy.deck = *d;
	copy.deck.source_file = NULL;
	copy.deck.source_line = 0;
	block(st);
	comment(st, &copy);
	st->any = 0;
	heading(st, "# ", d->title != NULL ? d->title : d->name, d->name);
	st->described = d->description != NULL && *d->description != '\0';
	st->in_table = 0;
	if (d->url != NULL && *d->url != '\0') {
		block(st);
		cp_buf_addstr(&st->out, "Source: ");
		for (u = d->url; *u > ' ' && *u != '<' && *u != '>'; u++)
			continue;
		if (*u == '\0') {
			/* An autolink shows the address and links it. */
			cp_buf_addc(&st->out, '<');
			cp_buf_addstr(&st->out, d->url);
			cp_buf_addc(&st->out, '>');
		} else
			cp_markdown_escape(&st->out, d->url, strlen(d->url));
		cp_buf_addc(&st->out, '\n');
	}
	if (d->description != NULL && *d->description != '\0') {
		cp_buf_printf(&where, "the description of deck \"%s\"",
		    d->name);
		at.rep = st->rep;
		at.file = d->source_file;
		at.line = d->source_line;
		at.where = where.data;
		md = cp_html_to_markdown(d->description, &at);
		cp_buf_free(&where);
		if (*md != '\0') {
			block(st);
			cp_buf_addstr(&st->out, md);
			cp_buf_addc(&st->out, '\n');
		}
		free(md);
	}
}

/*
 * Field i of note n as Markdown, whatever its markup; the caller frees
 * it.
 */
static char *
value_markdown(struct md_state *st, const struct cp_note *n, size_t i)
{
	struct cp_field_at	 at;
	struct cp_buf		 where = { 0 };
	const char		*v = n->fields[i].value;
	char			*md;

	if (n->markup != CP_MARKUP_HTML)
		return n->markup == CP_MARKUP_TEXT ? cp_text_to_markdown(v) :
		    cp_xstrdup(v);
	cp_buf_printf(&where, "field \"%s\"", n->fields[i].name);
	at.rep = st->rep;
	at.file = n->source_file;
	at.line = n->source_line;
	at.where = where.data;
	md = cp_html_to_markdown(v, &at);
	cp_buf_free(&where);
	return md;
}

static void
label(struct md_state *st, const struct cp_note *n, size_t i)
{
	cp_buf_addstr(&st->out, "**");
	if (i == 0)
		cp_buf_addstr(&st->out, "Q:");
	else if (i == 1)
		cp_buf_addstr(&st->out, "A:");
	else {
		one_line(st, n->fields[i].name);
		cp_buf_addc(&st->out, ':');
	}
	cp_buf_addstr(&st->out, "**");
}

/*
 * A field as a labelled paragraph: text after the label; Markdown in a
 * block quote of its own below it.
 */
static void
field(struct md_state *st, const struct cp_note *n, size_t i)
{
	const char	*v = n->fields[i].value, *nl;
	char		*md;

	block(st);
	label(st, n, i);
	if (*v == '\0') {
		cp_buf_addc(&st->out, '\n');
		return;
	}
	if (n->markup == CP_MARKUP_TEXT) {
		cp_buf_addc(&st->out, ' ');
		cp_markdown_escape(&st->out, v, strlen(v));
		cp_buf_addc(&st->out, '\n');
		return;
	}
	cp_buf_addc(&st->out, '\n');
	block(st);
	md = value_markdown(st, n, i);
	for (v = md;; v = nl + 1) {
		nl = strchr(v, '\n');
		cp_buf_addstr(&st->out, nl == v || *v == '\0' ? ">" : "> ");
		if (nl == NULL) {
			cp_buf_addstr(&st->out, v);
			break;
		}
		cp_buf_add(&st->out, v, (size_t)(nl - v));
		cp_buf_addc(&st->out, '\n');
	}
	cp_buf_addc(&st->out, '\n');
	free(md);
}

/* Whether the output ends in an odd run of backslashes: an escape. */
static int
escaping(const struct cp_buf *b)
{
	size_t	 n = 0;

	while (n < b->len && b->data[b->len - 1 - n] == '\\')
		n++;
	return n % 2 == 1;
}

/*
 * Field i of n as a table cell: its Markdown on one line, its line
 * breaks as <br> and its pipes escaped, as GitHub's tables want.
 */
static void
cell(struct md_state *st, const struct cp_note *n, size_t i)
{
	char		*md = value_markdown(st, n, i);
	const char	*p;

	for (p = md; *p != '\0'; p++) {
		if (*p == '\n') {
			/* A hard break's backslash goes with its newline. */
			if (escaping(&st->out))
				st->out.data[--st->out.len] = '\0';
			cp_buf_addstr(&st->out, "<br>");
		} else if (*p == '|' && !escaping(&st->out))
			cp_buf_addstr(&st->out, "\\|");
		else
			cp_buf_addc(&st->out, *p);
	}
	free(md);
}

static void
table_row(struct md_state *st, const struct cp_note *n)
{
	size_t	 i;

	if (!st->in_table) {
		block(st);
		cp_buf_addstr(&st->out, "| Question | Answer |\n"
		    "| --- | --- |\n");
		st->in_table = 1;
	}
	cp_buf_addstr(&st->out, "| ");
	if (n->nfields > 0)
		cell(st, n, 0);
	cp_buf_addstr(&st->out, " | ");
	if (n->nfields > 1)
		cell(st, n, 1);
	/* Further fields follow the answer, each under its name. */
	for (i = 2; i < n->nfields; i++) {
		if (*n->fields[i].value == '\0')
			continue;
		cp_buf_addstr(&st->out, "<br><br>");
		label(st, n, i);
		cp_buf_addc(&st->out, ' ');
		cell(st, n, i);
	}
	cp_buf_addstr(&st->out, " |\n");
}

/*
 * Whether the note is what read_md.c makes of a "**Q:**" with no comment
 * above it: a Basic text note, Front then Back, in the current deck and
 * nothing else to say.  A deck description ends at the next comment
 * only, so the note after one keeps its comment.
 */
static int
plain(const struct md_state *st, const struct cp_note *n)
{
	return st->deck != NULL && strcmp(st->deck, n->deck) == 0 &&
	    !st->described && strcmp(n->notetype, "Basic") == 0 &&
	    n->nfields == 2 && strcmp(n->fields[0].name, "Front") == 0 &&
	    strcmp(n->fields[1].name, "Back") == 0 && n->ntags == 0 &&
	    n->guid == NULL && n->markup == CP_MARKUP_TEXT &&
	    n->extra == NULL;
}

/* The note as a comment: its stream line without values or source. */
static void
note_comment(struct md_state *st, const struct cp_note *n)
{
	struct cp_record	 copy = { 0 };
	struct cp_field		*empty;
	size_t			 i;

	empty = cp_xcalloc(n->nfields + 1, sizeof(*empty));
	for (i = 0; i < n->nfields; i++) {
		empty[i].name = n->fields[i].name;
		empty[i].value = "";
	}
	copy.kind = CP_RECORD_NOTE;
	copy.note = *n;
	copy.note.fields = empty;
	copy.note.source_file = NULL;
	copy.note.source_line = 0;
	block(st);
	comment(st, &copy);
	free(empty);
	st->any = 0;
}

static void
write_note(struct md_state *st, const struct cp_note *n)
{
	size_t	 i;
	int	 bare = plain(st, n);

	if (st->deck == NULL || strcmp(st->deck, n->deck) != 0) {
		heading(st, "## ", n->deck, n->deck);
		st->in_table = 0;
	}
	if (st->style == STYLE_TABLE) {
		table_row(st, n);
		return;
	}
	if (!bare)
		note_comment(st, n);
	st->described = 0;
	if (n->nfields > 0)
		field(st, n, 0);
	if (st->style == STYLE_QUIZ && n->nfields > 1) {
		block(st);
		cp_buf_addstr(&st->out,
		    "<details><summary>Answer</summary>\n");
	}
	for (i = 1; i < n->nfields; i++)
		field(st, n, i);
	if (st->style == STYLE_QUIZ && n->nfields > 1) {
		block(st);
		cp_buf_addstr(&st->out, "</details>\n");
	}
}

static int
md_write(struct cp_writer *w, const struct cp_record *rec)
{
	struct md_state		*st = w->state;
	struct cp_record	 copy = { 0 };

	cp_buf_reset(&st->out);
	switch (rec->kind) {
	case CP_RECORD_DECK:
		write_deck(st, &rec->deck);
		break;
	case CP_RECORD_NOTETYPE:
		copy.kind = CP_RECORD_NOTETYPE;
		copy.notetype = rec->notetype;
		copy.notetype.source_file = NULL;
		copy.notetype.source_line = 0;
		/* A comment line inside a table would end the table. */
		if (st->style == STYLE_TABLE && st->in_table)
			break;
		block(st);
		comment(st, &copy);
		st->described = 0;
		break;
	case CP_RECORD_NOTE:
		write_note(st, &rec->note);
		break;
	}
	if (st->out.len == 0)
		return 0;
	return fwrite(st->out.data, 1, st->out.len, w->fp) == st->out.len ?
	    0 : -1;
}

static void
md_free(struct cp_writer *w)
{
	struct md_state	*st = w->state;

	cp_buf_free(&st->out);
	cp_buf_free(&st->tmp);
	free(st->deck);
	free(st);
}

/* The style named, or -1; NULL names the default. */
static int
style_of(const char *s)
{
	static const struct {
		const char	*name;
		enum md_style	 style;
	} styles[] = {
		{ "qa", STYLE_QA }, { "table", STYLE_TABLE },
		{ "quiz", STYLE_QUIZ }
	};
	size_t	 i;

	if (s == NULL)
		return STYLE_QA;
	for (i = 0; i < sizeof(styles) / sizeof(styles[0]); i++)
		if (strcmp(s, styles[i].name) == 0)
			return (int)styles[i].style;
	return -1;
}

int
cp_write_md_check(const struct cp_write_options *o, struct cp_reporter *rep)
{
	if (style_of(o->style) != -1)
		return 0;
	cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0,
	    "--style: not qa, table or quiz: %s", o->style);
	return -1;
}

/* The options have passed cp_write_md_check(). */
int
cp_write_md_open(struct cp_writer *w)
{
	struct md_state	*st;

	st = cp_xcalloc(1, sizeof(*st));
	st->style = (enum md_style)style_of(w->opts.style);
	st->rep = w->rep;
	w->state = st;
	w->write = md_write;
	w->free = md_free;
	return 0;
}
