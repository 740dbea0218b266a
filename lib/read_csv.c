/*
 * read_csv.c: CSV and TSV in the dialect of Anki's text importer, which
 * is also what Anki's "Notes in Plain Text" export writes.
 *
 * A file may start with header lines "#key:value" (a first line "tags:"
 * too) that name the separator, the markup and what each column holds.
 * Records follow the csv crate Anki parses them with: '"' opens a quoted
 * cell only at its start, "" inside one is a quote, text after a closing
 * quote is kept, CR, LF and CRLF end records, blank lines are skipped,
 * and so is any record whose first byte is '#'.  Rows may differ in
 * length.  Without "#separator" the separator is guessed as Anki guesses
 * it, and without "#html" the markup too; both guesses look ahead a
 * bounded amount, then reading streams one record at a time.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define CHUNK		65536	/* bytes read at a time */
#define GUESS_BYTES	8192	/* what Anki scans for a separator */
#define PREVIEW_RECORDS	5	/* what Anki scans for HTML */
#define LAYOUT_RECORDS	50	/* what the layout guesses look at */

enum role {
	ROLE_FIELD,
	ROLE_SKIP,	/* "-" in --columns */
	ROLE_GUID,
	ROLE_NOTETYPE,
	ROLE_DECK,
	ROLE_TAGS
};

/* A column named by --columns or labelled by "#columns". */
struct column {
	enum role	 role;
	char		*label;	/* a field name, or NULL */
};

struct span {
	size_t	 off;	/* into csv_state.text */
	size_t	 len;
};

struct csv_state {
	/* Input: buf[pos..len) is unread; with preview set, buf[mark..) stays. */
	char		*buf;
	size_t		 pos, len, cap, mark;
	int		 eof, preview;
	int		 ioerr;		/* errno of a failed read, or 0 */
	unsigned long	 lineno, mark_lineno;

	int		 sep;
	int		 html;
	/* What the header or --columns says each column holds (1-based). */
	size_t		 guid_col, notetype_col, deck_col, tags_col;
	struct column	*cols;
	size_t		 ncols;
	int		 from_option;	/* the columns came from --columns */
	int		 header_row;	/* ... or from the first row */
	size_t		 nexpected;	/* cells a row should have */
	unsigned long	 labels_line;	/* of "#columns" or a header row */
	char		*deck, *notetype;	/* "#deck", "#notetype" */
	char		**tags;	/* "#tags" or a first line "tags:" */
	size_t		 ntags;
	/* Columns of a built-in notetype's fields when every row has it. */
	const struct cp_notetype *global;
	size_t		*field_cols;	/* 0: none */

	/* The record being read. */
	struct cp_buf	 text;	/* every cell, each ended by a NUL */
	struct span	*cells;
	size_t		 ncells, cellcap;
	unsigned long	 rec_line;
	int		 after_quote;	/* text followed a closing quote */
	unsigned long	 open_quote;	/* line of a quote never closed */
	struct cp_buf	 name;	/* scratch for field names */
};

/*
 * Makes need bytes available at pos unless the input ends first, and
 * returns how many are.
 */
static size_t
in_fill(struct cp_reader *r, size_t need)
{
	struct csv_state	*st = r->state;
	size_t			 keep, n;

	while (st->len - st->pos < need && !st->eof) {
		keep = st->preview ? st->mark : st->pos;
		if (keep > 0) {
			memmove(st->buf, st->buf + keep, st->len - keep);
			st->len -= keep;
			st->pos -= keep;
			if (st->preview)
				st->mark -= keep;
		}
		if (st->cap - st->len < CHUNK) {
			st->cap = st->cap == 0 ? 2 * CHUNK : st->cap * 2;
			st->buf = cp_xrealloc(st->buf, st->cap);
		}
		n = fread(st->buf + st->len, 1, st->cap - st->len, r->fp);
		st->len += n;
		if (n == 0) {
			st->eof = 1;
			st->ioerr = ferror(r->fp) ? errno : 0;
		}
	}
	return st->len - st->pos;
}

static int
in_peek(struct cp_reader *r)
{
	struct csv_state	*st = r->state;

	if (st->pos == st->len && in_fill(r, 1) == 0)
		return EOF;
	return (unsigned char)st->buf[st->pos];
}

/* Consumes the line end at pos: CR, LF or CRLF. */
static void
in_eol(struct cp_reader *r)
{
	struct csv_state	*st = r->state;

	if (st->buf[st->pos++] == '\r' && in_peek(r) == '\n')
		st->pos++;
	st->lineno++;
}

/* Diagnostics, silent while looking ahead: the real pass reports. */
static void	 say(struct cp_reader *, enum cp_level, unsigned long,
		    const char *, ...) __attribute__((format(printf, 4, 5)));

static void
say(struct cp_reader *r, enum cp_level level, unsigned long line,
    const char *fmt, ...)
{
	struct csv_state	*st = r->state;
	struct cp_buf		 msg = { 0 };
	va_list			 ap;

	if (st->preview)
		return;
	va_start(ap, fmt);
	cp_buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	cp_report_kind(r->rep, fmt, level, r->name, line, 0, "%s", msg.data);
	cp_buf_free(&msg);
}

/* Appends buf[start..pos) to the cell being read. */
static void
cell_add(struct csv_state *st, size_t start)
{
	cp_buf_add(&st->text, st->buf + start, st->pos - start);
}

static void
read_unquoted(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	size_t			 start;
	int			 c;

	for (;;) {
		if (st->pos == st->len && in_fill(r, 1) == 0)
			return;
		for (start = st->pos; st->pos < st->len; st->pos++) {
			c = (unsigned char)st->buf[st->pos];
			if (c == st->sep || c == '\n' || c == '\r')
				break;
		}
		cell_add(st, start);
		if (st->pos < st->len)
			return;
	}
}

static void
read_quoted(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	unsigned long		 opened = st->lineno;
	size_t			 start;
	int			 c;

	st->pos++;
	for (;;) {
		if (st->pos == st->len && in_fill(r, 1) == 0) {
			if (st->open_quote == 0)
				st->open_quote = opened;
			return;
		}
		for (start = st->pos; st->pos < st->len; st->pos++) {
			c = st->buf[st->pos];
			if (c == '"' || c == '\r' || c == '\n')
				break;
		}
		cell_add(st, start);
		if (st->pos == st->len)
			continue;
		c = st->buf[st->pos++];
		if (c == '"') {
			if (in_peek(r) != '"')
				break;
			st->pos++;
		} else if (c == '\n' || in_peek(r) != '\n')
			st->lineno++;
		cp_buf_addc(&st->text, c);
	}
	/* The csv crate keeps what follows a closing quote in the cell. */
	c = in_peek(r);
	if (c != EOF && c != st->sep && c != '\r' && c != '\n') {
		st->after_quote = 1;
		read_unquoted(r);
	}
}

/* Reads the next record into cells: 1, 0 at the end, -1 on a read error. */
static int
read_record(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	int			 c;

	cp_buf_reset(&st->text);
	st->ncells = 0;
	st->after_quote = 0;
	st->open_quote = 0;
	for (;;) {
		if ((c = in_peek(r)) == EOF)
			return st->ioerr ? -1 : 0;
		if (c == '\r' || c == '\n') {
			in_eol(r);
			continue;
		}
		if (c != '#')
			break;
		say(r, CP_LEVEL_WARNING, st->lineno, "a record that starts "
		    "with '#' is a comment to Anki: skipped");
		while ((c = in_peek(r)) != EOF && c != '\r' && c != '\n')
			st->pos++;
		if (c != EOF)
			in_eol(r);
	}
	st->rec_line = st->lineno;
	for (;;) {
		if (st->ncells == st->cellcap) {
			st->cellcap = st->cellcap == 0 ? 16 : st->cellcap * 2;
			st->cells = cp_xreallocarray(st->cells, st->cellcap,
			    sizeof(*st->cells));
		}
		st->cells[st->ncells].off = st->text.len;
		if (in_peek(r) == '"')
			read_quoted(r);
		else
			read_unquoted(r);
		st->cells[st->ncells].len = st->text.len -
		    st->cells[st->ncells].off;
		st->ncells++;
		cp_buf_addc(&st->text, '\0');
		c = in_peek(r);
		if (c == st->sep) {
			st->pos++;
			continue;
		}
		if (c == '\r' || c == '\n')
			in_eol(r);
		return 1;
	}
}

static char *
cell(struct csv_state *st, size_t i)
{
	return st->text.data + st->cells[i].off;
}

/* Anki's test for HTML: a '<' with a '>' somewhere after it. */
static int
looks_like_html(const char *s)
{
	const char	*lt = strchr(s, '<');

	return lt != NULL && strchr(lt, '>') != NULL;
}

/*
 * Header values: Anki ignores trailing junk after a word, such as the
 * separators a spreadsheet adds to a header line.  Returns the length of
 * s without it.
 */
static size_t
value_len(const char *s)
{
	size_t	 n = strlen(s);

	while (n > 1 && !isalnum((unsigned char)s[n - 1]))
		n--;
	return n;
}

static char *
trimmed_word(const char *s)
{
	size_t	 n = value_len(s);

	while (n > 0 && isspace((unsigned char)*s))
		s++, n--;
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return cp_xstrndup(s, n);
}

static void
add_global_tags(struct csv_state *st, const char *s)
{
	size_t	 n;

	while (st->ntags > 0)
		free(st->tags[--st->ntags]);
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			return;
		for (n = 0; s[n] != '\0' && !isspace((unsigned char)s[n]); n++)
			continue;
		st->tags = cp_xgrow(st->tags, st->ntags, sizeof(*st->tags));
		st->tags[st->ntags++] = cp_xstrndup(s, n);
		s += n;
	}
}

static void
free_columns(struct csv_state *st)
{
	size_t	 i;

	for (i = 0; i < st->ncols; i++)
		free(st->cols[i].label);
	free(st->cols);
	st->cols = NULL;
	st->ncols = 0;
}

static void
add_column(struct csv_state *st, enum role role, const char *label)
{
	st->cols = cp_xgrow(st->cols, st->ncols, sizeof(*st->cols));
	st->cols[st->ncols].role = role;
	st->cols[st->ncols].label = label != NULL ? cp_xstrdup(label) : NULL;
	st->ncols++;
}

/*
 * "#columns:" labels are one CSV record in the separator known so far;
 * read them with the record reader from a buffer of their own.
 */
static void
parse_labels(struct cp_reader *r, const char *value, unsigned long line)
{
	struct csv_state	*st = r->state;
	struct cp_reader	 sub;
	struct csv_state	 sst;
	size_t			 i;

	memset(&sub, 0, sizeof(sub));
	memset(&sst, 0, sizeof(sst));
	sub.name = r->name;
	sub.rep = r->rep;
	sub.state = &sst;
	sst.sep = st->sep != 0 ? st->sep : '\t';
	sst.buf = cp_xstrdup(value);
	sst.len = sst.cap = strlen(value);
	sst.eof = 1;
	sst.lineno = line;
	free_columns(st);
	st->labels_line = line;
	if (read_record(&sub) == 1)
		for (i = 0; i < sst.ncells; i++)
			add_column(st, ROLE_FIELD, sst.text.data +
			    sst.cells[i].off);
	free(sst.buf);
	free(sst.cells);
	cp_buf_free(&sst.text);
}

static void
column_number(struct cp_reader *r, size_t *col, const char *key,
    const char *value, unsigned long line)
{
	char		*w = trimmed_word(value), *end;
	unsigned long	 n;

	n = strtoul(w, &end, 10);
	if (*w == '\0' || *end != '\0' || !isdigit((unsigned char)*w) ||
	    n == 0 || n > 1000000)
		say(r, CP_LEVEL_WARNING, line, "#%s: not a column number: "
		    "ignored", key);
	else
		*col = n;
	free(w);
}

/* Applies one header line "#key:value"; Anki skips keys it ignores. */
static void
directive(struct cp_reader *r, char *line, unsigned long lineno)
{
	struct csv_state	*st = r->state;
	char			*colon, *key, *value, *w;
	int			 c;

	if ((colon = strchr(line + 1, ':')) == NULL)
		return;	/* a comment */
	*colon = '\0';
	value = colon + 1;
	key = trimmed_word(line + 1);
	for (w = key; *w != '\0'; w++)
		*w = (char)tolower((unsigned char)*w);
	if (strcmp(key, "separator") == 0) {
		w = cp_xstrndup(value, value_len(value));
		c = w[0] != '\0' && w[1] == '\0' ? (unsigned char)w[0] : -1;
		if (cp_csv_separator_name(c) == NULL) {
			free(w);
			w = trimmed_word(value);
			c = cp_csv_separator(w);
		}
		if (cp_csv_separator_name(c) == NULL)
			say(r, CP_LEVEL_WARNING, lineno, "#separator: Anki "
			    "knows no separator \"%s\": ignored", w);
		else if (r->opts.separator == NULL)
			st->sep = c;
		free(w);
	} else if (strcmp(key, "html") == 0) {
		w = trimmed_word(value);
		if (strcasecmp(w, "true") == 0)
			st->html = 1;
		else if (strcasecmp(w, "false") == 0)
			st->html = 0;
		else
			say(r, CP_LEVEL_WARNING, lineno, "#html: not true or "
			    "false: \"%s\": ignored", w);
		free(w);
	} else if (strcmp(key, "tags") == 0)
		add_global_tags(st, value);
	else if (strcmp(key, "columns") == 0)
		parse_labels(r, value, lineno);
	else if (strcmp(key, "notetype") == 0)
		cp_set_string(&st->notetype, value);
	else if (strcmp(key, "deck") == 0)
		cp_set_string(&st->deck, value);
	else if (strcmp(key, "notetype column") == 0)
		column_number(r, &st->notetype_col, key, value, lineno);
	else if (strcmp(key, "deck column") == 0)
		column_number(r, &st->deck_col, key, value, lineno);
	else if (strcmp(key, "tags column") == 0)
		column_number(r, &st->tags_col, key, value, lineno);
	else if (strcmp(key, "guid column") == 0)
		column_number(r, &st->guid_col, key, value, lineno);
	else if (strcmp(key, "if matches") != 0 &&
	    strcmp(key, "match scope") != 0)
		say(r, CP_LEVEL_WARNING, lineno, "#%s: a directive Anki does "
		    "not know: ignored", key);
	free(key);
}

/*
 * Reads the header lines.  Anki reads them one line at a time before any
 * CSV parsing, so they end at any line end and are never quoted.
 */
static void
read_header(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	struct cp_buf		 line = { 0 };
	size_t			 start;
	int			 c, first = 1;

	if (in_fill(r, 3) >= 3 && memcmp(st->buf, "\xef\xbb\xbf", 3) == 0)
		st->pos += 3;
	for (;;) {
		in_fill(r, 5);
		if (first && st->len - st->pos >= 5 &&
		    memcmp(st->buf + st->pos, "tags:", 5) == 0)
			c = 't';
		else if ((c = in_peek(r)) != '#')
			break;
		cp_buf_reset(&line);
		for (;;) {
			if (st->pos == st->len && in_fill(r, 1) == 0)
				break;
			for (start = st->pos; st->pos < st->len &&
			    st->buf[st->pos] != '\n' && st->buf[st->pos] != '\r';
			    st->pos++)
				continue;
			cp_buf_add(&line, st->buf + start, st->pos - start);
			if (st->pos < st->len)
				break;
		}
		cp_buf_addstr(&line, "");
		if (memchr(line.data, '\0', line.len) != NULL ||
		    !cp_utf8_valid(line.data, line.len, NULL))
			say(r, CP_LEVEL_WARNING, st->lineno, "a header line "
			    "that is not UTF-8 text: ignored");
		else if (c == 't')
			add_global_tags(st, line.data + 5);
		else
			directive(r, line.data, st->lineno);
		if (in_peek(r) != EOF)
			in_eol(r);
		first = 0;
	}
	cp_buf_free(&line);
}

/*
 * Reading ahead: records read between look_ahead() and look_back() are
 * read again after it, and say() is silent meanwhile.
 */
static void
look_ahead(struct csv_state *st)
{
	st->preview = 1;
	st->mark = st->pos;
	st->mark_lineno = st->lineno;
}

static void
look_back(struct csv_state *st)
{
	st->pos = st->mark;
	st->lineno = st->mark_lineno;
	st->preview = 0;
}

/*
 * How sep splits the first records: 2 when each into the same number of
 * cells (2 or more), 1 when each into 2 or more, else 0.
 */
static int
split_rows(struct cp_reader *r, int sep)
{
	struct csv_state	*st = r->state;
	size_t			 ncells = 0;
	int			 n, split = 2, chosen = st->sep;

	st->sep = sep;
	look_ahead(st);
	for (n = 0; n < LAYOUT_RECORDS && read_record(r) == 1; n++) {
		if (st->ncells < 2)
			split = 0;
		else if (n == 0)
			ncells = st->ncells;
		else if (st->ncells != ncells && split == 2)
			split = 1;
	}
	look_back(st);
	st->sep = chosen;
	return split;
}

/*
 * Guesses the separator as Anki does: the first it knows that occurs.
 * That is a guess worth a warning only when others occur too, unless
 * the chosen one splits every one of the first records evenly and no
 * other splits them all (a TSV with commas in some of its text).
 */
static void
guess_separator(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	size_t			 n = in_fill(r, GUESS_BYTES);
	const struct cp_csv_sep	*sp, *chosen = NULL;
	struct cp_buf		 others = { 0 };
	int			 clear;

	if (n > GUESS_BYTES)
		n = GUESS_BYTES;
	for (sp = cp_csv_separators; sp->name != NULL; sp++) {
		if (memchr(st->buf + st->pos, sp->c, n) == NULL)
			continue;
		if (chosen == NULL)
			chosen = sp;
		else if (sp->c != ' ')	/* nearly all text has spaces */
			cp_buf_printf(&others, "%s%s", others.len > 0 ?
			    ", " : "", sp->name);
	}
	st->sep = chosen != NULL ? chosen->c : ' ';
	if (others.len > 0) {
		clear = split_rows(r, st->sep) == 2;
		for (sp = chosen + 1; clear && sp->name != NULL && sp->c != ' ';
		    sp++)
			if (memchr(st->buf + st->pos, sp->c, n) != NULL &&
			    split_rows(r, sp->c) > 0)
				clear = 0;
		if (!clear)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lineno, 0, "no #separator: chose %s, as Anki "
			    "would, over %s; say which with --separator or "
			    "#separator", chosen->name,
			    others.data);
	}
	cp_buf_free(&others);
}

/*
 * Looks at the first records without consuming them, as Anki does: the
 * first sets the number of columns, and any tag in the first five makes
 * the file HTML.
 */
static void
preview(struct cp_reader *r, int guess_html)
{
	struct csv_state	*st = r->state;
	size_t			 i;
	int			 n;
	unsigned long		 html_line = 0;

	look_ahead(st);
	for (n = 0; n < PREVIEW_RECORDS && read_record(r) == 1; n++) {
		if (n == 0)
			st->nexpected = st->ncells;
		for (i = 0; i < st->ncells && html_line == 0; i++)
			if (looks_like_html(cell(st, i)))
				html_line = st->rec_line;
	}
	look_back(st);
	if (guess_html && html_line > 0) {
		st->html = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, html_line, 0,
		    "no #html: reading fields as HTML, as Anki would, since "
		    "this record holds a tag");
	}
}

/* --columns: what each column holds, in order, separated by commas. */
static int
parse_columns_option(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	const char		*s = r->opts.columns, *e;
	size_t			*meta, n;
	char			*item;
	enum role		 role;

	free_columns(st);
	st->guid_col = st->notetype_col = st->deck_col = st->tags_col = 0;
	for (;;) {
		e = strchr(s, ',');
		n = e != NULL ? (size_t)(e - s) : strlen(s);
		item = cp_xstrndup(s, n);
		meta = NULL;
		role = ROLE_FIELD;
		if (strcmp(item, "guid") == 0)
			meta = &st->guid_col, role = ROLE_GUID;
		else if (strcmp(item, "notetype") == 0)
			meta = &st->notetype_col, role = ROLE_NOTETYPE;
		else if (strcmp(item, "deck") == 0)
			meta = &st->deck_col, role = ROLE_DECK;
		else if (strcmp(item, "tags") == 0)
			meta = &st->tags_col, role = ROLE_TAGS;
		else if (*item == '\0' || strcmp(item, "-") == 0)
			role = ROLE_SKIP;
		if (meta != NULL && *meta != 0) {
			cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0,
			    "--columns: %s is listed twice", item);
			free(item);
			return -1;
		}
		if (meta != NULL)
			*meta = st->ncols + 1;
		add_column(st, role, role == ROLE_FIELD ? item : NULL);
		free(item);
		if (e == NULL)
			break;
		s = e + 1;
	}
	st->from_option = 1;
	return 0;
}

static enum role
role_of(const struct csv_state *st, size_t col)
{
	if (col == st->guid_col)
		return ROLE_GUID;
	if (col == st->notetype_col)
		return ROLE_NOTETYPE;
	if (col == st->deck_col)
		return ROLE_DECK;
	if (col == st->tags_col)
		return ROLE_TAGS;
	if (col <= st->ncols && st->cols[col - 1].role == ROLE_SKIP)
		return ROLE_SKIP;
	return ROLE_FIELD;
}

static const char *
label_of(const struct csv_state *st, size_t col)
{
	return col <= st->ncols ? st->cols[col - 1].label : NULL;
}

/*
 * What a spreadsheet's first row calls its columns, and what each label
 * stands for: a field (NULL: the field the label names itself) or a
 * column of note data.
 */
static const struct {
	const char	*label;
	enum role	 role;
	const char	*field;
} header_labels[] = {
	{ "front", ROLE_FIELD, "Front" },
	{ "question", ROLE_FIELD, "Front" },
	{ "term", ROLE_FIELD, "Front" },
	{ "word", ROLE_FIELD, "Front" },
	{ "acronym", ROLE_FIELD, "Front" },
	{ "prompt", ROLE_FIELD, "Front" },
	{ "side 1", ROLE_FIELD, "Front" },
	{ "back", ROLE_FIELD, "Back" },
	{ "answer", ROLE_FIELD, "Back" },
	{ "definition", ROLE_FIELD, "Back" },
	{ "meaning", ROLE_FIELD, "Back" },
	{ "translation", ROLE_FIELD, "Back" },
	{ "response", ROLE_FIELD, "Back" },
	{ "side 2", ROLE_FIELD, "Back" },
	{ "text", ROLE_FIELD, "Text" },
	{ "extra", ROLE_FIELD, "Back Extra" },
	{ "back extra", ROLE_FIELD, "Back Extra" },
	{ "example", ROLE_FIELD, NULL },
	{ "examples", ROLE_FIELD, NULL },
	{ "notes", ROLE_FIELD, NULL },
	{ "hint", ROLE_FIELD, NULL },
	{ "reading", ROLE_FIELD, NULL },
	{ "pronunciation", ROLE_FIELD, NULL },
	{ "romaji", ROLE_FIELD, NULL },
	{ "rōmaji", ROLE_FIELD, NULL },
	{ "romanji", ROLE_FIELD, NULL },	/* as often typed */
	{ "pinyin", ROLE_FIELD, NULL },

	{ "tags", ROLE_TAGS, NULL },
	{ "category", ROLE_TAGS, NULL },
	{ "topic", ROLE_TAGS, NULL },
	{ "deck", ROLE_DECK, NULL },
	{ "notetype", ROLE_NOTETYPE, NULL },
	{ "note type", ROLE_NOTETYPE, NULL },
	{ "guid", ROLE_GUID, NULL },
};

/*
 * The header_labels entry that s[0..n) is, white space aside; -1 if
 * none.  txt2cards asks it too, of the first line of a file its
 * separator parts.
 */
int
cp_csv_header_label(const char *s, size_t n)
{
	size_t	 i;

	for (; n > 0 && isspace((unsigned char)*s); n--)
		s++;
	for (; n > 0 && isspace((unsigned char)s[n - 1]); n--)
		continue;
	for (i = 0; i < sizeof(header_labels) / sizeof(header_labels[0]); i++)
		if (strlen(header_labels[i].label) == n &&
		    strncasecmp(s, header_labels[i].label, n) == 0)
			return (int)i;
	return -1;
}

/*
 * Does s[0..n), white space aside, name a column of note data that
 * groups notes, "Category", "Tags", "Deck", rather than a field?
 */
int
cp_csv_header_groups(const char *s, size_t n)
{
	int	 k = cp_csv_header_label(s, n);

	return k != -1 && header_labels[k].role != ROLE_FIELD;
}

/*
 * A first row whose cells are all labels ("Front<TAB>Back",
 * "Term,Definition,Tags") is a spreadsheet's header, not a note: read it
 * as the column names.  Anki's importer would take it for a note; no
 * one means it as one, and every cell being a label is evidence enough
 * to need no warning.
 */
static void
read_header_row(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	size_t			 i, *meta, nlabels = 0, fronts = 0, backs = 0;
	size_t			 front = 0;
	int			 k, rc, all = 1;
	const char		*field;

	look_ahead(st);
	rc = read_record(r);
	for (i = 0; rc == 1 && i < st->ncells && all; i++)
		if (*cell(st, i) != '\0') {
			k = cp_csv_header_label(cell(st, i),
			    strlen(cell(st, i)));
			all = k != -1;
			nlabels++;
			fronts += all && header_labels[k].field != NULL &&
			    strcmp(header_labels[k].field, "Front") == 0;
			backs += all && header_labels[k].field != NULL &&
			    strcmp(header_labels[k].field, "Back") == 0;
		}
	look_back(st);
	if (rc != 1 || !all || nlabels < 2)
		return;
	read_record(r);
	st->labels_line = st->rec_line;
	st->header_row = 1;
	for (i = 0; i < st->ncells; i++) {
		if ((k = cp_csv_header_label(cell(st, i),
		    strlen(cell(st, i)))) == -1) {
			add_column(st, ROLE_SKIP, NULL);
			continue;
		}
		switch (header_labels[k].role) {
		case ROLE_GUID: meta = &st->guid_col; break;
		case ROLE_NOTETYPE: meta = &st->notetype_col; break;
		case ROLE_DECK: meta = &st->deck_col; break;
		case ROLE_TAGS: meta = &st->tags_col; break;
		default: meta = NULL; break;
		}
		if (meta != NULL) {
			if (*meta == 0)
				*meta = i + 1;
			add_column(st, *meta == i + 1 ? header_labels[k].role :
			    ROLE_SKIP, NULL);
			continue;
		}
		field = header_labels[k].field;
		if (field == NULL)
			field = cell(st, i);
		/*
		 * Two columns that name the front and none the back,
		 * "Acronym<TAB>Term": the second is what the first stands for.
		 */
		else if (fronts == 2 && backs == 0 &&
		    strcmp(field, "Front") == 0 && ++front == 2)
			field = "Back";
		cp_buf_reset(&st->name);
		cp_buf_add(&st->name, field, strlen(field));
		cp_buf_addstr(&st->name, "");
		add_column(st, ROLE_FIELD, st->name.data);
	}
}

/* Could cell s be Anki tags: a few words, none with sentence punctuation? */
static int
tag_like(const char *s)
{
	size_t	 words = 0;
	int	 in_word = 0;

	for (; *s != '\0'; s++) {
		if (strchr(",.;!?()[]{}\"<>=", *s) != NULL)
			return 0;
		if (isspace((unsigned char)*s))
			in_word = 0;
		else if (!in_word) {
			in_word = 1;
			words++;
		}
	}
	return words <= 8;
}

/*
 * Does column col of the first records read as tags?  Every text in it
 * must be tag-like, and tags group notes: over a few rows, values that
 * repeat, or that are written as tags ("a::b", "chapter_1").  Returns
 * -1 when the column is empty throughout, else 1 or 0, with the line
 * of its first text, and the line and a copy of the first text that is
 * not tag-like (caller frees).
 */
static int
column_reads_as_tags(struct cp_reader *r, size_t col, unsigned long *first,
    unsigned long *line, char **sample)
{
	struct csv_state	*st = r->state;
	struct cp_hashset	 seen = { 0 };
	size_t			 nonempty = 0, distinct = 0, n;
	int			 i, marked = 0;
	const char		*v;

	*sample = NULL;
	look_ahead(st);
	for (i = 0; i < LAYOUT_RECORDS && read_record(r) == 1; i++) {
		if (st->ncells < col || *(v = cell(st, col - 1)) == '\0')
			continue;
		if (nonempty++ == 0)
			*first = st->rec_line;
		if (!cp_hashset_add(&seen, cp_fnv64(v)))
			distinct++;
		if (strstr(v, "::") != NULL || strchr(v, '_') != NULL)
			marked = 1;
		if (*sample == NULL && !tag_like(v)) {
			*line = st->rec_line;
			for (n = 0; v[n] != '\0' && (n < 40 ||
			    ((unsigned char)v[n] & 0xc0) == 0x80); n++)
				continue;
			*sample = cp_utf8_repair(v, n);
		}
	}
	look_back(st);
	cp_hashset_free(&seen);
	if (nonempty == 0)
		return -1;
	return *sample == NULL &&
	    (nonempty < 4 || marked || distinct * 2 <= nonempty);
}

/*
 * The --columns value that reads the columns as mapped, but with column
 * col read as what (a role name or "-").
 */
static void
columns_option(struct csv_state *st, const struct cp_notetype *nt,
    size_t col, const char *what, struct cp_buf *out)
{
	size_t		 c, k;
	const char	*name;

	for (c = 1; c <= st->nexpected; c++) {
		name = "-";
		for (k = 0; k < nt->nfields; k++)
			if (st->field_cols[k] == c)
				name = nt->fields[k];
		if (c == col)
			name = what;
		else if (c == st->guid_col)
			name = "guid";
		else if (c == st->notetype_col)
			name = "notetype";
		else if (c == st->deck_col)
			name = "deck";
		else if (c == st->tags_col)
			name = "tags";
		cp_buf_printf(out, "%s%s", c > 1 ? "," : "", name);
	}
}

/*
 * A column past the fields, with no header to name it: Anki reads it as
 * tags.  So do we when its text reads as tags, and say so; otherwise it
 * is skipped, also said, since a sentence split into tags helps no one.
 */
static void
guess_tags_column(struct cp_reader *r, const struct cp_notetype *nt,
    size_t col)
{
	struct csv_state	*st = r->state;
	struct cp_buf		 opt = { 0 };
	unsigned long		 first = 0, line = 0;
	char			*sample;
	int			 tags;

	tags = column_reads_as_tags(r, col, &first, &line, &sample);
	if (tags != 0) {
		st->tags_col = col;
		if (tags == 1) {
			columns_option(st, nt, col, "-", &opt);
			say(r, CP_LEVEL_WARNING, first, "no #columns: "
			    "column %zu read as tags, as Anki would; "
			    "--columns %s leaves it out", col, opt.data);
		}
	} else {
		columns_option(st, nt, col, "tags", &opt);
		if (sample != NULL)
			say(r, CP_LEVEL_WARNING, line, "no #columns: column "
			    "%zu skipped: no field of %s takes it, and its "
			    "text does not read as tags (\"%s\"); --columns "
			    "%s reads it as tags", col, nt->name, sample,
			    opt.data);
		else	/* each value could be a tag, but none groups notes */
			say(r, CP_LEVEL_WARNING, first, "no #columns: column "
			    "%zu skipped: no field of %s takes it, and its "
			    "values do not repeat from row to row as tags do; "
			    "--columns %s reads it as tags", col, nt->name,
			    opt.data);
		while (st->ncols < col)
			add_column(st, ROLE_FIELD, NULL);
		st->cols[col - 1].role = ROLE_SKIP;
	}
	free(sample);
	cp_buf_free(&opt);
}

/*
 * Every row has one notetype (no notetype column): map its fields to
 * columns as Anki does, by label when labels name its fields, else in
 * order; a further column becomes the tags column.
 */
static void
map_global(struct cp_reader *r, const struct cp_notetype *nt)
{
	struct csv_state	*st = r->state;
	size_t			 k, col, max = 0;
	int			 named = 0;
	const char		*label;

	st->global = nt;
	st->field_cols = cp_xcalloc(nt->nfields, sizeof(*st->field_cols));
	for (k = 0; k < nt->nfields; k++)
		for (col = 1; col <= st->nexpected; col++) {
			label = label_of(st, col);
			if (role_of(st, col) == ROLE_FIELD && label != NULL &&
			    strcmp(label, nt->fields[k]) == 0) {
				st->field_cols[k] = col;
				named = 1;
				break;
			}
		}
	if (!named) {
		for (k = 0, col = 1; k < nt->nfields &&
		    col <= st->nexpected; col++)
			if (role_of(st, col) == ROLE_FIELD)
				st->field_cols[k++] = col;
		for (col = 1; col <= st->ncols && col <= st->nexpected; col++)
			if (st->cols[col - 1].label != NULL &&
			    *st->cols[col - 1].label != '\0' &&
			    !st->from_option) {
				say(r, CP_LEVEL_WARNING, 0, "#columns: no label "
				    "names a field of %s: columns taken in "
				    "order", nt->name);
				break;
			}
	} else if (st->field_cols[0] == 0)
		for (col = 1; col <= st->nexpected; col++)
			if (role_of(st, col) == ROLE_FIELD) {
				st->field_cols[0] = col;
				break;
			}
	for (col = 1; st->header_row && named && col <= st->ncols &&
	    col <= st->nexpected; col++) {
		label = label_of(st, col);
		if (role_of(st, col) != ROLE_FIELD || label == NULL ||
		    *label == '\0')
			continue;
		for (k = 0; k < nt->nfields; k++)
			if (st->field_cols[k] == col)
				break;
		if (k < nt->nfields)
			continue;
		say(r, CP_LEVEL_WARNING, st->labels_line, "column %zu (%s) "
		    "names no field of %s: skipped", col, label, nt->name);
		st->cols[col - 1].role = ROLE_SKIP;
	}
	if (st->tags_col != 0 || st->from_option)
		return;
	for (k = 0; k < nt->nfields; k++)
		if (st->field_cols[k] > max)
			max = st->field_cols[k];
	for (col = max + 1; col <= st->nexpected; col++)
		if (role_of(st, col) == ROLE_FIELD) {
			if (st->ncols > 0)	/* "#columns": as Anki reads it */
				st->tags_col = col;
			else
				guess_tags_column(r, nt, col);
			break;
		}
}

/*
 * Removes NUL bytes, repairs invalid UTF-8 and, for text, turns CRLF
 * into LF, reporting each once per record.
 */
static void
clean_cells(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	size_t			 i, j, k, len;
	char			*s, *fixed;
	int			 nul = 0, bad = 0;

	for (i = 0; i < st->ncells; i++) {
		s = cell(st, i);
		len = st->cells[i].len;
		for (j = k = 0; j < len; j++) {
			if (s[j] == '\0') {
				nul = 1;
				continue;
			}
			if (!st->html && s[j] == '\r' && j + 1 < len &&
			    s[j + 1] == '\n')
				continue;
			s[k++] = s[j];
		}
		s[k] = '\0';
		st->cells[i].len = k;
		if (cp_utf8_valid(s, k, NULL))
			continue;
		bad = 1;
		fixed = cp_utf8_repair(s, k);
		st->cells[i].off = st->text.len;
		st->cells[i].len = strlen(fixed);
		cp_buf_add(&st->text, fixed, st->cells[i].len + 1);
		free(fixed);
	}
	if (nul)
		say(r, CP_LEVEL_WARNING, st->rec_line, "NUL bytes removed");
	if (bad)
		say(r, CP_LEVEL_WARNING, st->rec_line, "invalid UTF-8 "
		    "replaced by U+FFFD");
}

static const char *
meta_cell(struct csv_state *st, size_t col)
{
	return col != 0 && col <= st->ncells ? cell(st, col - 1) : "";
}

static void
add_tags(struct cp_note *note, const char *s, char **extra, size_t nextra)
{
	size_t	 i, j, n;
	char	*tag;

	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			break;
		for (n = 0; s[n] != '\0' && !isspace((unsigned char)s[n]); n++)
			continue;
		tag = cp_xstrndup(s, n);
		cp_note_add_tag(note, tag);
		free(tag);
		s += n;
	}
	for (i = 0; i < nextra; i++) {
		for (j = 0; j < note->ntags; j++)
			if (strcmp(note->tags[j], extra[i]) == 0)
				break;
		if (j == note->ntags)
			cp_note_add_tag(note, extra[i]);
	}
}

static const char *
field_name(struct csv_state *st, const struct cp_notetype *bi, size_t col,
    size_t k)
{
	const char	*label;

	if (bi != NULL)
		return bi->fields[k];
	if ((label = label_of(st, col)) != NULL && *label != '\0')
		return label;
	cp_buf_reset(&st->name);
	cp_buf_printf(&st->name, "Field %zu", k + 1);
	return st->name.data;
}

/* Turns the record read into a note. */
static void
make_note(struct cp_reader *r)
{
	struct csv_state	*st = r->state;
	struct cp_note		*note = &r->rec.note;
	const struct cp_notetype *bi;
	const char		*nt, *deck, *v;
	size_t			 col, k, n, ignored = 0, first_ignored = 0;

	clean_cells(r);
	r->rec.kind = CP_RECORD_NOTE;
	nt = meta_cell(st, st->notetype_col);
	if (*nt == '\0')
		nt = st->notetype != NULL ? st->notetype :
		    r->opts.notetype != NULL ? r->opts.notetype : "Basic";
	deck = meta_cell(st, st->deck_col);
	if (r->opts.deck != NULL)
		deck = r->opts.deck;
	else if (*deck == '\0')
		deck = st->deck != NULL ? st->deck : cp_read_default_deck(r);
	cp_set_string(&note->notetype, nt);
	cp_set_string(&note->deck, deck);
	if (*(v = meta_cell(st, st->guid_col)) != '\0')
		cp_set_string(&note->guid, v);
	add_tags(note, meta_cell(st, st->tags_col), st->tags, st->ntags);
	note->markup = st->html ? CP_MARKUP_HTML : CP_MARKUP_TEXT;
	cp_set_string(&note->source_file, r->name);
	note->source_line = st->rec_line;

	bi = st->global != NULL ? st->global : cp_builtin_notetype(nt);
	if (st->global != NULL)
		for (k = 0; k < bi->nfields; k++)
			cp_note_add_field(note, bi->fields[k],
			    meta_cell(st, st->field_cols[k]));
	for (col = 1, k = 0; col <= st->nexpected || col <= st->ncells;
	    col++) {
		if (role_of(st, col) != ROLE_FIELD)
			continue;
		v = col <= st->ncells ? cell(st, col - 1) : "";
		if (st->global != NULL) {
			for (n = 0; n < bi->nfields; n++)
				if (st->field_cols[n] == col)
					break;
			if (n < bi->nfields)
				continue;
		} else if (col <= st->nexpected &&
		    (bi == NULL || k < bi->nfields)) {
			cp_note_add_field(note, field_name(st, bi, col, k), v);
			k++;
			continue;
		}
		if (*v != '\0' && ignored++ == 0)
			first_ignored = col;
	}
	for (; bi != NULL && st->global == NULL && k < bi->nfields; k++)
		cp_note_add_field(note, bi->fields[k], "");
	/*
	 * A notetype Anki does not build in, on a row with no cell for a
	 * field: an empty first field, so that the note is still one
	 * (cards(5)) and is skipped, as below, rather than sinking a package.
	 */
	if (note->nfields == 0)
		cp_note_add_field(note, "Field 1", "");

	if (st->open_quote != 0)
		say(r, CP_LEVEL_WARNING, st->open_quote, "a quote is never "
		    "closed: the cell runs to the end of the input");
	if (st->after_quote)
		say(r, CP_LEVEL_WARNING, st->rec_line, "text after a "
		    "closing quote is kept in the cell");
	if (st->ncells < st->nexpected)
		say(r, CP_LEVEL_WARNING, st->rec_line, "a row of %zu cells "
		    "where the first has %zu: the missing cells are empty",
		    st->ncells, st->nexpected);
	if (ignored > 0)
		say(r, CP_LEVEL_WARNING, st->rec_line, "%zu cell%s with text "
		    "ignored, from column %zu on: no field takes %s",
		    ignored, ignored == 1 ? "" : "s", first_ignored,
		    ignored == 1 ? "it" : "them");
	if (note->nfields == 0 || *note->fields[0].value == '\0')
		say(r, CP_LEVEL_WARNING, st->rec_line, "the first field is "
		    "empty: Anki skips such a note");
}

static int
csv_next(struct cp_reader *r)
{
	int	 rc;

	if ((rc = read_record(r)) != 1) {
		if (rc == -1)
			cp_report(r->rep, CP_LEVEL_SYSERR, r->name,
			    ((struct csv_state *)r->state)->lineno, 0,
			    "read error: %s",
			    strerror(((struct csv_state *)r->state)->ioerr));
		return rc;
	}
	make_note(r);
	return 1;
}

static void
csv_close(struct cp_reader *r)
{
	struct csv_state	*st = r->state;

	if (st == NULL)
		return;
	free(st->buf);
	free_columns(st);
	free(st->deck);
	free(st->notetype);
	while (st->ntags > 0)
		free(st->tags[--st->ntags]);
	free(st->tags);
	free(st->field_cols);
	cp_buf_free(&st->text);
	cp_buf_free(&st->name);
	free(st->cells);
	free(st);
}

int
cp_read_csv_open(struct cp_reader *r)
{
	return cp_read_csv_open_head(r, NULL, 0);
}

int
cp_read_csv_open_head(struct cp_reader *r, const char *head, size_t len)
{
	struct csv_state		*st;
	const struct cp_notetype	*bi;
	const char			*nt;

	r->state = st = cp_xcalloc(1, sizeof(*st));
	r->next = csv_next;
	r->close = csv_close;
	if (len > 0) {
		st->cap = len + 2 * CHUNK;
		st->buf = cp_xmalloc(st->cap);
		memcpy(st->buf, head, len);
		st->len = len;
	}
	st->lineno = r->opts.first_line > 0 ? r->opts.first_line : 1;
	st->html = -1;
	if (r->opts.separator != NULL &&
	    (st->sep = cp_csv_separator(r->opts.separator)) == -1) {
		cp_csv_separator_list(&st->name);
		cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0, "--separator: "
		    "not %s or one ASCII character: %s", st->name.data,
		    r->opts.separator);
		return -1;
	}
	read_header(r);
	if (r->opts.columns != NULL && parse_columns_option(r) == -1)
		return -1;
	if (st->sep == 0)
		guess_separator(r);
	if (st->ncols == 0)
		read_header_row(r);
	preview(r, st->html == -1);
	if (st->html == -1)
		st->html = 0;
	if (st->ncols > 0)
		st->nexpected = st->ncols;
	if (st->notetype_col == 0) {
		nt = st->notetype != NULL ? st->notetype :
		    r->opts.notetype != NULL ? r->opts.notetype : "Basic";
		if ((bi = cp_builtin_notetype(nt)) != NULL)
			map_global(r, bi);
	}
	return 0;
}

int
cp_csv_header_line(const char *line, size_t n)
{
	static const char *const keys[] = {
		"separator:", "html:", "tags:", "columns:", "notetype:",
		"deck:", "notetype column:", "deck column:", "tags column:",
		"guid column:", NULL
	};
	size_t	 k;

	for (k = 0; n > 1 && line[0] == '#' && keys[k] != NULL; k++)
		if (n - 1 >= strlen(keys[k]) &&
		    strncasecmp(line + 1, keys[k], strlen(keys[k])) == 0)
			return 1;
	return 0;
}

/*
 * Anki's header lines, which only its text export writes; else the same
 * number of one separator, outside quotes, on every whole record: a
 * tab is seldom typed, a comma is in every sentence, so only the tab is
 * taken on its own.
 */
int
cp_read_csv_bid(const char *head, size_t len)
{
	static const char	 seps[] = "\t;|,";
	const char		*line = NULL;
	size_t			 pos = 0, n = 0, i, k, count, first, records;
	int			 whole, quoted, same;

	if (!cp_bid_text(head, len))
		return 0;
	while (cp_bid_line(head, len, &pos, &line, &n, &whole) && n == 0)
		;
	if (n > 0 && cp_csv_header_line(line, n))
		return 90;
	for (k = 0; seps[k] != '\0'; k++) {
		pos = 0;
		records = first = count = 0;
		quoted = 0;
		same = 1;
		while (same && records < 20 &&
		    cp_bid_line(head, len, &pos, &line, &n, &whole) && whole) {
			for (i = 0; i < n; i++)
				if (line[i] == '"')
					quoted = !quoted;
				else if (line[i] == seps[k] && !quoted)
					count++;
			if (quoted || (n == 0 && count == 0))
				continue;	/* a field goes on, or a blank */
			if (records++ == 0)
				first = count;
			same = count == first && count > 0;
			count = 0;
		}
		if (same && records >= 2)
			return seps[k] == '\t' ? 50 : 30;
	}
	return 0;
}
