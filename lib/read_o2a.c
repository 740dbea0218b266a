/*
 * read_o2a.c: a note as Obsidian_to_Anki reads it under its vault's
 * settings, for md2cards --o2a-settings.  The plugin does not parse
 * Markdown: it searches the note's text.  A note is
 *
 *	START			(the marks are the vault's Syntax)
 *	Notetype
 *	first field's text
 *	Field: the next field's text
 *	Tags: tag tag		(optional)
 *	<!--ID: 1566052191670-->	(once the plugin has added it)
 *	END
 *
 * or "STARTI [Notetype] text Field: text ENDI" on a line, or a match
 * of one of the vault's CUSTOM_REGEXPS, each of whose groups fills a
 * field of its notetype in order.  A regular expression is tried with
 * a "Tags: " line and an ID comment after it, then with the ID alone,
 * the tags alone, and bare, over the whole note; a match is skipped
 * when it lies within a note, the "TARGET DECK" or "FILE TAGS" line,
 * TeX math, code, or a match taken before.  A notetype whose name
 * holds "Cloze" is a cloze: its note needs one, and with CurlyCloze
 * "{text}" is one ("==text==" too when the vault says so).
 *
 * The deck is the "TARGET DECK" line's, else the deck of the note's
 * innermost folder in FOLDER_DECKS, else the vault's default; the tags
 * are the folders' (FOLDER_TAGS), the "FILE TAGS" line's and the
 * note's.  The plugin's own tag, which marks the notes it made, is not
 * added.
 *
 * The search is linear in the note, the vault's expressions too, whose
 * steps are counted (jsregex.c); the spans to skip
 * are kept in a Fenwick tree of the furthest end of those starting at
 * or before each offset, so each match is checked in log time.
 */
#define _GNU_SOURCE	/* memmem() */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/*
 * How many searches' allowance of steps all the searches of a note's
 * expressions share (cp_jsregex_allowance()).  A 15 KB note is allowed
 * 15 million steps a search, 60 million for all; the corpus's vaults'
 * expressions take about a million a search, four searches each, so a
 * vault of a dozen of them still passes whole.
 */
#define REGEX_SEARCHES	4

/* The four searches of a regular expression, in the plugin's order. */
#define TAG_GROUP	"(Tags: .*)"
#define ID_GROUP	"\\n?(?:<!--)?(?:ID: (\\d+).*)"

struct found {
	size_t			 at;	/* where it was written: the order */
	size_t			 seq;	/* and when it was found */
	struct cp_record	 rec;
};

struct o2a {
	const struct cp_o2a_settings *s;
	const char		*doc;
	size_t			 len;
	const char		*name;
	struct cp_reporter	*rep;
	const size_t		*line_at;	/* each line's first byte */
	size_t			 nlines;
	size_t			*reach;	/* the Fenwick tree, 1-based */
	char			*deck;
	struct cp_note		 tagged;	/* its tags: the folders' and
						   FILE TAGS' */
	struct cp_hashset	 deleted;	/* ids under a DELETE line */
	struct cp_hashset	 said;	/* notetypes warned of */
	struct cp_hashset	 defined;	/* notetypes defined in the stream */
	struct found		*found;
	size_t			 nfound, room;
	unsigned long long	 steps_left;	/* the note's expressions' */
};

static unsigned long
line_of(const struct o2a *o, size_t off)
{
	return cp_line_of(o->line_at, o->nlines, off);
}

/*
 * The bytes of the character that starts at off, or ends there (before
 * set), when JavaScript counts it one unit of its UTF-16 strings (below
 * U+10000); else 0.
 */
static size_t
js_unit(const struct o2a *o, size_t off, int before)
{
	size_t	 k = off, n;

	if (before) {
		if (off == 0)
			return 0;
		for (k = off - 1; k > 0 &&
		    ((unsigned char)o->doc[k] & 0xc0) == 0x80; k--)
			continue;
	}
	if (k >= o->len || cp_utf8_decode(o->doc + k, o->len - k, &n) >=
	    0x10000)
		return 0;
	return n;
}

/*
 * A span [from, to) the regular expressions do not search in, kept
 * with the plugin's leeway: a unit of its UTF-16 text at either end,
 * the character before it and the one after.
 */
static void
skip_span(struct o2a *o, size_t from, size_t to)
{
	size_t	 i;

	from -= js_unit(o, from, 1);
	to += js_unit(o, to, 0);
	for (i = from + 1; i <= o->len + 1; i += i & -i)
		if (o->reach[i] < to + 1)
			o->reach[i] = to + 1;
}

/*
 * Whether [from, to) lies within a span to skip: one that starts by
 * from and ends at to or later.
 */
static int
skipped(const struct o2a *o, size_t from, size_t to)
{
	size_t	 i, reach = 0;

	for (i = (from < o->len ? from : o->len) + 1; i > 0; i -= i & -i)
		if (o->reach[i] > reach)
			reach = o->reach[i];
	return reach > 0 && reach - 1 >= to;
}

/* JavaScript's trim(): white space and line ends off both ends. */
static void
js_trim(const char *s, size_t *from, size_t *to)
{
	unsigned long	 c;
	size_t		 n, k;

	while (*from < *to && (c = cp_utf8_decode(s + *from, *to - *from,
	    &n)) != 0 && cp_js_space(c))
		*from += n;
	while (*to > *from) {
		for (k = *to - 1; k > *from &&
		    ((unsigned char)s[k] & 0xc0) == 0x80; k--)
			continue;
		if ((c = cp_utf8_decode(s + k, *to - k, &n)) == 0 ||
		    !cp_js_space(c))
			break;
		*to = k;
	}
}

static char *
trimmed(const char *s, size_t from, size_t to)
{
	js_trim(s, &from, &to);
	return cp_xstrndup(s + from, to - from);
}

/* Words parted by spaces, each a tag of note. */
static void
add_tags(struct cp_note *note, const char *s, size_t n)
{
	char	*t;
	size_t	 k;

	while (n > 0) {
		for (k = 0; k < n && s[k] != ' '; k++)
			continue;
		if (k > 0) {
			t = cp_xstrndup(s, k);
			cp_note_add_tag(note, t);
			free(t);
		}
		s += k + (k < n);
		n -= k + (k < n);
	}
}

/* "Add Obsidian Tags": each "#word" of a field is a tag, taken out. */
static void
obsidian_tags(struct cp_note *note, char *f)
{
	char	*p, *q, *out = f;

	for (p = f; *p != '\0'; ) {
		for (q = p + 1; *p == '#' && (isalnum((unsigned char)*q) ||
		    *q == '_'); q++)
			continue;
		if (*p == '#' && q > p + 1) {
			add_tags(note, p + 1, (size_t)(q - p - 1));
			p = q;
		} else
			*out++ = *p++;
	}
	*out = '\0';
}

/*
 * Obsidian's block ids, " ^4712ac" ending a line, taken out of a
 * field: links point at them, and Obsidian shows none.
 */
static void
drop_block_ids(char *f)
{
	char	*out = f, *p, *e, *c;

	for (p = f; *p != '\0'; p = e) {
		if ((e = strchr(p, '\n')) == NULL)
			e = p + strlen(p);
		for (c = e; c > p && (isalnum((unsigned char)c[-1]) ||
		    c[-1] == '-'); c--)
			continue;
		if (c < e && c > p && c[-1] == '^' && (c - 1 == p ||
		    c[-2] == ' ' || c[-2] == '\t')) {
			for (c--; c > p && (c[-1] == ' ' || c[-1] == '\t'); c--)
				continue;
		} else
			c = e;
		memmove(out, p, (size_t)(c - p));
		out += c - p;
		if (*e == '\n')
			*out++ = *e++;
	}
	*out = '\0';
}

static struct found *
new_found(struct o2a *o, size_t at)
{
	struct found	*f;

	if (o->nfound == o->room) {
		o->room = o->room > 0 ? 2 * o->room : 16;
		o->found = cp_xreallocarray(o->found, o->room,
		    sizeof(*o->found));
	}
	f = &o->found[o->nfound];
	memset(f, 0, sizeof(*f));
	f->at = at;
	f->seq = o->nfound++;
	return f;
}

static int
is_cloze_type(const char *name)
{
	return strstr(name, "Cloze") != NULL;
}

/*
 * The record defining the vault's notetype nt, made before the note at
 * at; NULL when it is defined already.
 */
static struct cp_notetype *
define(struct o2a *o, const struct cp_o2a_notetype *nt, size_t at,
    unsigned long line)
{
	struct found	*f;
	size_t		 i;

	if (cp_hashset_add(&o->defined, cp_hash64(nt->name,
	    strlen(nt->name))))
		return NULL;
	f = new_found(o, at);
	f->rec.kind = CP_RECORD_NOTETYPE;
	f->rec.notetype.name = cp_xstrdup(nt->name);
	for (i = 0; i < nt->nfields; i++)
		cp_notetype_add_field(&f->rec.notetype, nt->fields[i]);
	cp_set_string(&f->rec.notetype.source_file, o->name);
	f->rec.notetype.source_line = line;
	return &f->rec.notetype;
}

/*
 * A cloze notetype of the vault's, not Anki's: defined in the stream
 * before its first note, as Anki's Cloze over the vault's fields, so
 * that Anki makes a card of each deletion.
 */
static void
define_cloze(struct o2a *o, const struct cp_o2a_notetype *nt, size_t at,
    unsigned long line)
{
	struct cp_notetype *d;
	struct cp_buf	 q = { 0 }, a = { 0 };
	size_t		 i;

	if ((d = define(o, nt, at, line)) == NULL)
		return;
	d->cloze = 1;
	cp_buf_printf(&q, "{{cloze:%s}}", nt->fields[0]);
	cp_buf_printf(&a, "{{cloze:%s}}", nt->fields[0]);
	for (i = 1; i < nt->nfields; i++)
		cp_buf_printf(&a, "<br>\n{{%s}}", nt->fields[i]);
	cp_notetype_add_template(d, "Cloze", q.data, a.data);
	cp_set_string(&d->css, cp_builtin_notetype("Cloze")->css);
	cp_buf_free(&q);
	cp_buf_free(&a);
}

/*
 * t with each field of b that it shows, by name, made nt's field of the
 * same place: "{{Back}}" of Anki's Basic "{{Answer}}" where the vault's
 * Basic names its second field so.  Allocated.
 */
static char *
placed_fields(const char *t, const struct cp_notetype *b,
    const struct cp_o2a_notetype *nt)
{
	struct cp_buf	 out = { 0 };
	const char	*open, *close, *name, *colon;
	size_t		 i;

	while ((open = strstr(t, "{{")) != NULL &&
	    (close = strstr(open + 2, "}}")) != NULL) {
		name = open + 2 + strspn(open + 2, "#^/");
		for (colon = name; colon < close; colon++)
			if (*colon == ':')
				name = colon + 1;
		cp_buf_add(&out, t, (size_t)(name - t));
		for (i = 0; i < b->nfields; i++)
			if (strlen(b->fields[i]) == (size_t)(close - name) &&
			    memcmp(b->fields[i], name, (size_t)(close - name)) ==
			    0)
				break;
		if (i < b->nfields)
			cp_buf_addstr(&out, nt->fields[i]);
		else
			cp_buf_add(&out, name, (size_t)(close - name));
		cp_buf_addstr(&out, "}}");
		t = close + 2;
	}
	cp_buf_addstr(&out, t);
	return cp_buf_detach(&out);
}

/*
 * A notetype of the vault's with Anki's name and more fields than
 * Anki's, which its user added: defined in the stream before its first
 * note as Anki's, over the vault's fields, the added ones shown on each
 * card's back; Anki's would drop them.
 */
static void
define_more_fields(struct o2a *o, const struct cp_o2a_notetype *nt,
    const struct cp_notetype *b, size_t at, unsigned long line)
{
	struct cp_notetype *d;
	struct cp_buf	 a = { 0 };
	char		*q, *back;
	size_t		 i, k;

	if ((d = define(o, nt, at, line)) == NULL)
		return;
	for (k = 0; k < b->ntemplates; k++) {
		q = placed_fields(b->templates[k].qfmt, b, nt);
		back = placed_fields(b->templates[k].afmt, b, nt);
		cp_buf_addstr(&a, back);
		for (i = b->nfields; i < nt->nfields; i++)
			cp_buf_printf(&a, "<br>\n{{%s}}", nt->fields[i]);
		cp_notetype_add_template(d, b->templates[k].name, q,
		    cp_buf_str(&a));
		cp_buf_reset(&a);
		free(q);
		free(back);
	}
	cp_buf_free(&a);
	cp_set_string(&d->css, b->css);
}

/*
 * The notetype name, as known to the vault, or NULL: its Anki has none
 * of that name.  A vault whose data.json lists no notetype knows Anki's
 * own, *builtin then made one of them.
 */
static const struct cp_o2a_notetype *
known_notetype(const struct o2a *o, const char *name,
    struct cp_o2a_notetype *builtin)
{
	const struct cp_o2a_notetype	*nt;
	const struct cp_notetype	*b;

	if ((nt = cp_o2a_notetype(o->s, name)) != NULL)
		return nt;
	if (o->s->nnotetypes == 0 && (b = cp_builtin_notetype(name)) !=
	    NULL) {
		builtin->name = b->name;
		builtin->fields = b->fields;
		builtin->nfields = b->nfields;
		return builtin;
	}
	return NULL;
}

/* The same for a note's notetype, said once when there is none. */
static const struct cp_o2a_notetype *
notetype(struct o2a *o, const char *name, unsigned long line,
    struct cp_o2a_notetype *builtin)
{
	const struct cp_o2a_notetype	*nt;

	if ((nt = known_notetype(o, name, builtin)) == NULL &&
	    !cp_hashset_add(&o->said, cp_hash64(name, strlen(name))))
		cp_report(o->rep, CP_LEVEL_WARNING, o->name, line, 0,
		    "notetype \"%s\" is not one of the vault's (its "
		    "fields_dict): the plugin makes no note of it; skipped",
		    name);
	return nt;
}

/*
 * A note found, its fields' text as written (raw[i], or NULL for an
 * empty field), made a record: the fields trimmed and their clozes
 * marked as the vault says; a cloze notetype's note with no cloze is
 * none, as the plugin sends none.  Takes raw's strings.  Returns 0
 * for no note, 1 for a note, made or not (a note Anki would refuse, or
 * one marked deleted, is the plugin's still).
 */
static int
add_note(struct o2a *o, const struct cp_o2a_notetype *nt, char **raw,
    const char *tags, size_t ntags, const char *id, size_t at)
{
	const struct cp_notetype *b = cp_builtin_notetype(nt->name);
	/*
	 * Anki's notetype, whose fields a user's Anki may name anew, or
	 * have fewer of.
	 */
	int		 anki = b != NULL && nt->nfields <= b->nfields;
	struct cp_note	 note = { 0 };
	struct found	*f;
	unsigned long	 line = line_of(o, at);
	const char	*marks = "";
	size_t		 i;
	int		 clozes, cloze = is_cloze_type(nt->name), rc = 1;

	if (cloze && o->s->curly_clozes)
		marks = o->s->highlight_clozes ? "+={" : "+{";
	for (i = 0; i < nt->nfields; i++) {
		char *t = raw[i] != NULL ? raw[i] : cp_xstrdup("");

		drop_block_ids(t);
		if (o->s->obsidian_tags)
			obsidian_tags(&note, t);
		/* The plugin numbers "{text}" from c1 in each field. */
		clozes = 0;
		raw[i] = cp_md_field(t, marks, &note, &clozes);
		free(t);
	}
	for (i = 0; cloze && i < nt->nfields &&
	    !cp_anki_cloze(raw[i], strlen(raw[i])); i++)
		continue;
	if (cloze && i == nt->nfields) {
		cp_report(o->rep, CP_LEVEL_WARNING, o->name, line, 0,
		    "note of the cloze notetype \"%s\" has no cloze: Anki "
		    "makes no card of it; skipped", nt->name);
		rc = 0;
		goto none;
	}
	if (nt->nfields == 0 || *raw[0] == '\0') {
		cp_report(o->rep, CP_LEVEL_WARNING, o->name, line, 0,
		    "note of \"%s\" has an empty first field: Anki makes no "
		    "note of it; skipped", nt->name);
		goto none;
	}
	if (id != NULL && cp_hashset_has(&o->deleted, cp_hash64(id,
	    strlen(id)))) {
		cp_report(o->rep, CP_LEVEL_WARNING, o->name, line, 0,
		    "note %s is marked %s: the plugin deletes it from Anki; "
		    "skipped", id, o->s->mark[CP_O2A_DELETE_LINE]);
		goto none;
	}
	if (cloze && !anki)
		define_cloze(o, nt, at, line);
	else if (b != NULL && !anki)
		define_more_fields(o, nt, b, at, line);
	f = new_found(o, at);
	f->rec.kind = CP_RECORD_NOTE;
	f->rec.note = note;
	f->rec.note.deck = cp_xstrdup(o->deck);
	f->rec.note.notetype = cp_xstrdup(anki ? b->name : nt->name);
	for (i = 0; i < nt->nfields; i++)
		cp_note_take_field(&f->rec.note, cp_xstrdup(anki ?
		    b->fields[i] : nt->fields[i]), raw[i]);
	for (i = 0; i < o->tagged.ntags; i++)
		cp_note_add_tag(&f->rec.note, o->tagged.tags[i]);
	if (tags != NULL)
		add_tags(&f->rec.note, tags, ntags);
	f->rec.note.markup = CP_MARKUP_MARKDOWN;
	f->rec.note.source_file = cp_xstrdup(o->name);
	f->rec.note.source_line = line;
	return 1;
none:
	for (i = 0; i < nt->nfields; i++)
		free(raw[i]);
	for (i = 0; i < note.ntags; i++)
		free(note.tags[i]);
	free(note.tags);
	return rc;
}

/* The first s at or after from that opens a line, or NULL. */
static const char *
line_opening(const struct o2a *o, size_t from, const char *s)
{
	const char	*p = o->doc + from, *end = o->doc + o->len;
	size_t		 n = strlen(s);

	while ((p = memmem(p, (size_t)(end - p), s, n)) != NULL) {
		if (p == o->doc || p[-1] == '\n')
			return p;
		p++;
	}
	return NULL;
}

static const char *
line_end(const struct o2a *o, const char *p)
{
	const char *e = memchr(p, '\n', (size_t)(o->doc + o->len - p));

	return e != NULL ? e : o->doc + o->len;
}

/*
 * The first line "MARK: value" or "MARK" over the value's line: the
 * value's text (which the caller frees), *span the match; or NULL.
 */
static char *
mark_line(struct o2a *o, const char *mark, size_t *from, size_t *to)
{
	const char	*p, *v, *e;

	for (p = line_opening(o, 0, mark); p != NULL;
	    p = line_opening(o, (size_t)(p - o->doc) + 1, mark)) {
		v = p + strlen(mark);
		if (v < o->doc + o->len && *v == '\n')
			v++;
		else if (v + 1 < o->doc + o->len && v[0] == ':' &&
		    v[1] == ' ')
			v += 2;
		else
			continue;
		e = line_end(o, v);
		*from = (size_t)(p - o->doc);
		*to = (size_t)(e - o->doc);
		return trimmed(o->doc, (size_t)(v - o->doc), *to);
	}
	return NULL;
}

/*
 * The ids under the delete mark, "DELETE" over "<!--ID: 1566...-->":
 * notes the plugin deletes from Anki.
 */
static void
deletions(struct o2a *o)
{
	const char	*mark = o->s->mark[CP_O2A_DELETE_LINE];
	const char	*p = o->doc, *end = o->doc + o->len, *d;

	while ((p = memmem(p, (size_t)(end - p), mark, strlen(mark))) !=
	    NULL) {
		p += strlen(mark);
		d = p + (p < end && *p == '\n');
		if (end - d >= 4 && memcmp(d, "<!--", 4) == 0)
			d += 4;
		if (end - d < 5 || memcmp(d, "ID: ", 4) != 0 ||
		    !isdigit((unsigned char)d[4]))
			continue;
		for (p = d += 4; p < end && isdigit((unsigned char)*p); p++)
			continue;
		cp_hashset_add(&o->deleted, cp_hash64(d, (size_t)(p - d)));
	}
}

/*
 * The frozen fields, "FROZEN - Notetype:" over lines of fields, are
 * skipped by the search, and said to be left out.
 */
static void
frozen(struct o2a *o)
{
	const char	*mark = o->s->mark[CP_O2A_FROZEN_LINE];
	const char	*p = o->doc, *end = o->doc + o->len, *e, *q;
	int		 said = 0;

	while ((p = memmem(p, (size_t)(end - p), mark, strlen(mark))) !=
	    NULL) {
		q = p + strlen(mark);
		e = line_end(o, q);
		if (end - q < 3 || memcmp(q, " - ", 3) != 0 || e == end ||
		    e[-1] != ':' || e + 1 == end || e[1] == '\n') {
			p++;
			continue;
		}
		/* The fields run to a blank line. */
		for (q = e + 1; q < end && *q != '\n'; ) {
			const char *le = line_end(o, q);

			q = le < end ? le + 1 : end;
		}
		if (!said++)
			cp_report(o->rep, CP_LEVEL_WARNING, o->name,
			    line_of(o, (size_t)(p - o->doc)), 0, "frozen "
			    "fields (%s) are not added to the notes",
			    mark);
		skip_span(o, (size_t)(p - o->doc), (size_t)(q - o->doc));
		p = q;
	}
}

/*
 * TeX and code, which the regular expressions do not search: "$$...$$",
 * "$...$" (no space inside either end, no "$" before), "```...```" and
 * "`...`".  Each opening mark looks for the first closing one after it.
 */
static void
math_and_code(struct o2a *o)
{
	const char	*d = o->doc, *e;
	size_t		 i, n = o->len, k;
	unsigned long	 c;

	for (i = 0; i + 1 < n; i++) {	/* $$...$$ */
		if (d[i] != '$' || d[i + 1] != '$')
			continue;
		if ((e = memmem(d + i + 2, n - i - 2, "$$", 2)) == NULL)
			break;
		skip_span(o, i, (size_t)(e - d) + 2);
		i = (size_t)(e - d) + 1;
	}
	for (i = 0; i + 1 < n; i++) {	/* $...$ */
		if (d[i] != '$' || (i > 0 && d[i - 1] == '$') ||
		    d[i + 1] == '$' || (c = cp_utf8_decode(d + i + 1,
		    n - i - 1, &k)) == 0 || cp_js_space(c))
			continue;
		/* A "$" closes after a character that is no space. */
		for (e = d + i + 1 + k; (e = memchr(e, '$',
		    (size_t)(d + n - e))) != NULL; e++) {
			for (k = (size_t)(e - d) - 1; ((unsigned char)d[k] &
			    0xc0) == 0x80; k--)
				continue;
			if ((c = cp_utf8_decode(d + k, (size_t)(e - d) - k,
			    &k)) != 0 && !cp_js_space(c))
				break;
		}
		if (e == NULL)
			break;
		skip_span(o, i, (size_t)(e - d) + 1);
		i = (size_t)(e - d);
	}
	for (i = 0; i + 2 < n; i++) {	/* ```...``` */
		if (memcmp(d + i, "```", 3) != 0)
			continue;
		if ((e = memmem(d + i + 3, n - i - 3, "```", 3)) == NULL)
			break;
		skip_span(o, i, (size_t)(e - d) + 3);
		i = (size_t)(e - d) + 2;
	}
	for (i = 0; i + 1 < n; i++) {	/* `...` */
		if (d[i] != '`' || (i > 0 && d[i - 1] == '`') ||
		    d[i + 1] == '`')
			continue;
		if ((e = memchr(d + i + 2, '`', n - i - 2)) == NULL)
			break;
		skip_span(o, i, (size_t)(e - d) + 1);
		i = (size_t)(e - d);
	}
}

/* The line of text starting at *p, to e: *p moved past it and "\n". */
static void
next_line(const char **p, const char *e, size_t *to)
{
	const char *nl = memchr(*p, '\n', (size_t)(e - *p));

	*to = (size_t)((nl != NULL ? nl : e) - *p);
	*p = nl != NULL ? nl + 1 : e;
}

/* "ID: 1566052191670" (a comment's or bare) in s[0..n): its digits. */
static const char *
find_id(const char *s, size_t n, size_t *len)
{
	const char	*p = s;

	while ((p = memmem(p, (size_t)(s + n - p), "ID: ", 4)) != NULL) {
		p += 4;
		for (*len = 0; p + *len < s + n &&
		    isdigit((unsigned char)p[*len]); ++*len)
			continue;
		if (*len > 0)
			return p;
	}
	return NULL;
}

/*
 * A note's fields gathered as written, one text each in nt's order,
 * trimmed and made a note; text is freed.
 */
static void
add_texts(struct o2a *o, const struct cp_o2a_notetype *nt,
    struct cp_buf *text, const char *tags, const char *id, size_t at)
{
	char	**raw;
	size_t	 i;

	raw = cp_xcalloc(nt->nfields + 1, sizeof(*raw));
	for (i = 0; i < nt->nfields; i++) {
		cp_buf_addstr(&text[i], "");
		raw[i] = trimmed(text[i].data, 0, text[i].len);
		cp_buf_free(&text[i]);
	}
	free(text);
	add_note(o, nt, raw, tags, tags != NULL ? strlen(tags) : 0, id, at);
	free(raw);
}

/*
 * A note between the begin and end marks, text [from, to): the
 * notetype on its first line, then the fields, each opened by its
 * name and a colon but the first; a last line with an ID, and then a
 * last line "Tags: ", are the note's.
 */
static void
block_note(struct o2a *o, size_t at, size_t from, size_t to)
{
	struct cp_o2a_notetype		 bt;
	const struct cp_o2a_notetype	*nt;
	const char	*d = o->doc, *p, *lines_end, *idp = NULL, *last;
	char		*name, *id = NULL, *tags = NULL;
	struct cp_buf	*text;
	size_t		 b, k, cur = 0, idlen = 0, n;

	js_trim(d, &from, &to);
	/* The last line: an ID; then the one above it: tags. */
	lines_end = d + to;
	for (last = lines_end; last > d + from && last[-1] != '\n'; last--)
		continue;
	if (last > d + from && (idp = find_id(last, (size_t)(lines_end -
	    last), &idlen)) != NULL) {
		id = cp_xstrndup(idp, idlen);
		lines_end = last - 1;
		for (last = lines_end; last > d + from && last[-1] != '\n';
		    last--)
			continue;
	}
	if (last > d + from && lines_end - last >= 6 &&
	    memcmp(last, "Tags: ", 6) == 0) {
		tags = cp_xstrndup(last + 6, (size_t)(lines_end - last - 6));
		lines_end = last - 1;
	}
	p = d + from;
	next_line(&p, lines_end, &b);
	name = cp_xstrndup(d + from, b);
	if ((nt = notetype(o, name, line_of(o, at), &bt)) == NULL)
		goto out;
	text = cp_xcalloc(nt->nfields + 1, sizeof(*text));
	while (p < lines_end) {
		const char *l = p;

		next_line(&p, lines_end, &b);
		for (k = 0; k < nt->nfields; k++) {
			n = strlen(nt->fields[k]);
			if (b >= n + 1 && memcmp(l, nt->fields[k], n) == 0 &&
			    l[n] == ':') {
				cur = k;
				l += n + 1;
				b -= n + 1;
				break;
			}
		}
		cp_buf_add(&text[cur], l, b);
		cp_buf_addc(&text[cur], '\n');
	}
	add_texts(o, nt, text, tags, id, at);
out:
	free(name);
	free(id);
	free(tags);
}

/*
 * The notes between the begin and end marks: "START" opening a line
 * and then a line break, to the first "END" that opens a line after
 * it.
 */
static void
block_notes(struct o2a *o, int read)
{
	const char	*begin = o->s->mark[CP_O2A_BEGIN_NOTE];
	const char	*end = o->s->mark[CP_O2A_END_NOTE];
	struct cp_buf	 nl_end = { 0 };
	const char	*p, *e, *top = o->doc + o->len;
	size_t		 at = 0, body;

	cp_buf_printf(&nl_end, "\n%s", end);
	while ((p = line_opening(o, at, begin)) != NULL) {
		body = (size_t)(p - o->doc) + strlen(begin);
		if (body >= o->len || o->doc[body] != '\n') {
			at = (size_t)(p - o->doc) + 1;
			continue;
		}
		/* The note's text, a line at least, ends in a line break. */
		if ((e = memmem(o->doc + body + 1, (size_t)(top - o->doc) -
		    body - 1, nl_end.data, nl_end.len)) == NULL)
			break;
		if (read)
			block_note(o, (size_t)(p - o->doc), body + 1,
			    (size_t)(e - o->doc) + 1);
		else
			skip_span(o, (size_t)(p - o->doc), (size_t)(e -
			    o->doc) + nl_end.len);
		at = (size_t)(e - o->doc) + nl_end.len;
	}
	cp_buf_free(&nl_end);
}

/*
 * An inline note's text [from, to): an ID, then "Tags: ", cut off the
 * end; "[Notetype]"; then words, "Field:" alone opening a field.
 */
static void
inline_note(struct o2a *o, size_t at, size_t from, size_t to)
{
	struct cp_o2a_notetype		 bt;
	const struct cp_o2a_notetype	*nt;
	const char	*d = o->doc, *p, *w, *t, *open, *close;
	char		*name, *id = NULL, *tags = NULL;
	struct cp_buf	*text;
	size_t		 n, k, cur = 0;

	js_trim(d, &from, &to);
	if ((p = find_id(d + from, to - from, &n)) != NULL) {
		id = cp_xstrndup(p, n);
		/* "<!--" before "ID: " goes with it. */
		p -= 4;
		if (p - 4 >= d + from && memcmp(p - 4, "<!--", 4) == 0)
			p -= 4;
		to = (size_t)(p - d);
		js_trim(d, &from, &to);
	}
	if ((t = memmem(d + from, to - from, "Tags: ", 6)) != NULL) {
		tags = cp_xstrndup(t + 6, (size_t)(d + to - t - 6));
		to = (size_t)(t - d);
		js_trim(d, &from, &to);
	}
	if ((open = memchr(d + from, '[', to - from)) == NULL ||
	    (close = memchr(open, ']', (size_t)(d + to - open))) == NULL) {
		cp_report(o->rep, CP_LEVEL_WARNING, o->name, line_of(o, at),
		    0, "inline note names no notetype, \"[Basic]\"; skipped");
		goto out;
	}
	name = cp_xstrndup(open + 1, (size_t)(close - open - 1));
	nt = notetype(o, name, line_of(o, at), &bt);
	free(name);
	if (nt == NULL)
		goto out;
	text = cp_xcalloc(nt->nfields + 1, sizeof(*text));
	for (w = close + 1; w <= d + to; w = p + 1) {
		for (p = w; p < d + to && *p != ' '; p++)
			continue;
		for (k = 0; k < nt->nfields; k++) {
			n = strlen(nt->fields[k]);
			if ((size_t)(p - w) == n + 1 &&
			    memcmp(w, nt->fields[k], n) == 0 && w[n] == ':')
				break;
		}
		if (k < nt->nfields)
			cur = k;
		else
			cp_buf_add(&text[cur], w, (size_t)(p - w));
		cp_buf_addc(&text[cur], ' ');
	}
	add_texts(o, nt, text, tags, id, at);
out:
	free(id);
	free(tags);
}

/* "STARTI ... ENDI" on one line, the first end after each start. */
static void
inline_notes(struct o2a *o, int read)
{
	const char	*begin = o->s->mark[CP_O2A_BEGIN_INLINE];
	const char	*end = o->s->mark[CP_O2A_END_INLINE];
	const char	*p = o->doc, *top = o->doc + o->len, *e, *le;

	while ((p = memmem(p, (size_t)(top - p), begin, strlen(begin))) !=
	    NULL) {
		le = line_end(o, p + strlen(begin));
		if ((e = memmem(p + strlen(begin), (size_t)(le -
		    p - strlen(begin)), end, strlen(end))) == NULL) {
			p = le;
			continue;
		}
		if (read)
			inline_note(o, (size_t)(p - o->doc),
			    (size_t)(p - o->doc) + strlen(begin),
			    (size_t)(e - o->doc));
		else
			skip_span(o, (size_t)(p - o->doc),
			    (size_t)(e - o->doc) + strlen(end));
		p = e + strlen(end);
	}
}

/*
 * The notes of a vault's regular expression, searched four ways.  An
 * expression PCRE2 cannot compile is reported and its notes left out:
 * the others are read.  All the searches of a note draw on one allowance
 * of steps (REGEX_SEARCHES times a search's), so that the note's time is
 * linear in it however many expressions the vault gives: once it is
 * spent, reported at the expression that spent it, no more notes are
 * searched for.
 */
static void
regex_notes(struct o2a *o, const struct cp_o2a_regexp *x)
{
	const char		*path = o->s->path;
	struct cp_o2a_notetype		 bt;
	const struct cp_o2a_notetype	*nt;
	struct cp_jsregex	*re;
	struct cp_buf		 src = { 0 };
	char			 err[160], **raw, *id;
	size_t			*ov, pos, groups, fields, i, from, to;
	int			 pass, with_id, with_tags, tagged, rc;
	int			 said = 0;

	if ((nt = known_notetype(o, x->notetype, &bt)) == NULL) {
		cp_report(o->rep, CP_LEVEL_WARNING, path, x->line, 0,
		    "CUSTOM_REGEXPS: %s: not a notetype of the vault's "
		    "fields_dict: no note of it is read", x->notetype);
		return;
	}
	for (pass = 0; pass < 4; pass++) {
		with_id = pass < 2;
		with_tags = pass % 2 == 0;
		cp_buf_reset(&src);
		cp_buf_printf(&src, "%s%s%s", x->source,
		    with_tags ? TAG_GROUP : "", with_id ? ID_GROUP : "");
		if ((re = cp_jsregex_new(src.data, err, sizeof(err))) ==
		    NULL) {
			cp_report(o->rep, CP_LEVEL_WARNING, path, x->line, 0,
			    "CUSTOM_REGEXPS: %s: %s: no note of it is read",
			    x->notetype, err);
			break;
		}
		cp_jsregex_share(re, &o->steps_left);
		groups = cp_jsregex_groups(re);
		fields = groups - (size_t)with_id - (size_t)with_tags;
		if (fields > nt->nfields && !said++)
			cp_report(o->rep, CP_LEVEL_WARNING, path, x->line, 0,
			    "CUSTOM_REGEXPS: %s: %zu groups for %zu fields: "
			    "the groups past the fields are left out",
			    x->notetype, fields, nt->nfields);
		ov = cp_xreallocarray(NULL, 2 * (groups + 1), sizeof(*ov));
		for (pos = 0; (rc = cp_jsregex_next(re, o->doc, o->len, &pos,
		    ov)) == 1; ) {
			if (skipped(o, ov[0], ov[1]))
				continue;
			raw = cp_xcalloc(nt->nfields + 1, sizeof(*raw));
			for (i = 0; i < fields && i < nt->nfields; i++)
				if (ov[2 * i + 2] != CP_JSREGEX_UNSET)
					raw[i] = trimmed(o->doc, ov[2 * i + 2],
					    ov[2 * i + 3]);
			id = with_id && ov[2 * groups] != CP_JSREGEX_UNSET ?
			    cp_xstrndup(o->doc + ov[2 * groups],
			    ov[2 * groups + 1] - ov[2 * groups]) : NULL;
			/*
			 * An expression of alternatives ("a|b") holds the
			 * tags group in its last alone: a match of another
			 * has no tags.
			 */
			i = 2 * (fields + 1);
			tagged = with_tags && ov[i] != CP_JSREGEX_UNSET;
			from = ov[0];
			to = ov[1];
			js_trim(o->doc, &from, &to);
			if (add_note(o, nt, raw, tagged ? o->doc + ov[i] + 6 :
			    NULL, tagged ? ov[i + 1] - ov[i] - 6 : 0, id, from))
				skip_span(o, ov[0], ov[1]);
			free(raw);
			free(id);
		}
		if (rc == -1)
			cp_report(o->rep, CP_LEVEL_WARNING, o->name,
			    line_of(o, pos), 0, "the vault's regular "
			    "expressions took more steps than the note's "
			    "length allows them (%u a byte, or %llu), %s's "
			    "last: no more of their notes are searched for",
			    REGEX_SEARCHES * CP_JSREGEX_STEPS,
			    REGEX_SEARCHES * cp_jsregex_allowance(0),
			    x->notetype);
		free(ov);
		cp_jsregex_free(re);
		if (rc == -1)
			break;
	}
	cp_buf_free(&src);
}

/*
 * The note's folder's deck and tags: FOLDER_DECKS' innermost, every
 * folder's FOLDER_TAGS from the innermost out.
 */
static void
folder_settings(struct o2a *o, const char *path)
{
	const struct cp_o2a_settings *s = o->s;
	char	*folder, *slash;
	size_t	 i;
	int	 deck = 0;

	if ((folder = cp_vault_folder(s->vault, path)) == NULL)
		return;
	while (*folder != '\0') {
		for (i = 0; !deck && i < s->nfolder_decks; i++)
			if (strcmp(s->folder_decks[2 * i], folder) == 0) {
				free(o->deck);
				o->deck = cp_xstrdup(s->folder_decks[2 * i +
				    1]);
				deck = 1;
			}
		for (i = 0; i < s->nfolder_tags; i++)
			if (strcmp(s->folder_tags[2 * i], folder) == 0)
				add_tags(&o->tagged, s->folder_tags[2 * i + 1],
				    strlen(s->folder_tags[2 * i + 1]));
		if ((slash = strrchr(folder, '/')) != NULL)
			*slash = '\0';
		else
			*folder = '\0';
	}
	free(folder);
}

static int
by_place(const void *a, const void *b)
{
	const struct found *x = a, *y = b;

	/* A notetype, found just before its first note, stays there. */
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void
cp_o2a_read(const struct cp_o2a_settings *s, const char *path,
    const char *name, const char *doc, size_t len, const size_t *line_at,
    size_t nlines, const char *deck, struct cp_reporter *rep,
    void (*emit)(void *, struct cp_record *), void *arg)
{
	struct o2a	 o = { 0 };
	char		*v;
	size_t		 i, from, to;

	o.s = s;
	o.doc = doc;
	o.len = len;
	o.name = name;
	o.rep = rep;
	o.line_at = line_at;
	o.nlines = nlines;
	o.reach = cp_xcalloc(len + 2, sizeof(*o.reach));
	if (s->file_link)
		cp_report(rep, CP_LEVEL_WARNING, s->path,
		    (unsigned long)s->file_link, 0, "Defaults: Add File "
		    "Link: no link back to the vault's note is added: it opens "
		    "only in Obsidian");
	if (s->context)
		cp_report(rep, CP_LEVEL_WARNING, s->path,
		    (unsigned long)s->context, 0, "Defaults: Add Context: the "
		    "note's path and headings are not added to a field");
	o.deck = cp_xstrdup(s->deck);
	folder_settings(&o, path);
	deletions(&o);
	frozen(&o);
	if ((v = mark_line(&o, s->mark[CP_O2A_DECK_LINE], &from, &to)) !=
	    NULL) {
		skip_span(&o, from, to);
		if (*v != '\0') {
			free(o.deck);
			o.deck = v;
		} else
			free(v);
	}
	if ((v = mark_line(&o, s->mark[CP_O2A_TAGS_LINE], &from, &to)) !=
	    NULL) {
		add_tags(&o.tagged, v, strlen(v));
		free(v);
		skip_span(&o, from, to);
	}
	if (deck != NULL) {
		free(o.deck);
		o.deck = cp_xstrdup(deck);
	}
	block_notes(&o, 0);
	inline_notes(&o, 0);
	math_and_code(&o);
	block_notes(&o, 1);
	inline_notes(&o, 1);
	o.steps_left = REGEX_SEARCHES * cp_jsregex_allowance(o.len);
	for (i = 0; i < s->nregexps && o.steps_left > 0; i++)
		regex_notes(&o, &s->regexps[i]);
	/* In the order written, as the other dialects give their cards. */
	if (o.nfound > 0)	/* qsort() takes no NULL, even of nothing */
		qsort(o.found, o.nfound, sizeof(*o.found), by_place);
	for (i = 0; i < o.nfound; i++)
		emit(arg, &o.found[i].rec);
	free(o.found);
	free(o.reach);
	free(o.deck);
	for (i = 0; i < o.tagged.ntags; i++)
		free(o.tagged.tags[i]);
	free(o.tagged.tags);
	cp_hashset_free(&o.deleted);
	cp_hashset_free(&o.said);
	cp_hashset_free(&o.defined);
}
