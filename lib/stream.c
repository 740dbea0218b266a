/*
 * stream.c: the card stream codec, one JSON object per line (cards(5)).
 * Keys are written in a fixed order so that output is byte-stable;
 * unknown keys are kept in the record's extra and written back after the
 * known ones, so that a jq step's additions survive a filter.
 *
 * Decoding is most of a filter's time on large streams: a line is
 * checked by json.c's one pass (what JSON forbids, with its column) and
 * then parsed by cJSON: together about three times faster than jansson
 * was (bench/decode.sh, bench/README.md).  What only a tree shows,
 * duplicate keys, json.c finds on cJSON's tree.  Encoding needs no tree:
 * the record is written out directly.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "anki_model.h"

struct decoder {
	const char			*file;
	unsigned long			 line;
	struct cp_reporter		*rep;
	int				 failed;
	const char			*text;	/* the line */
	const struct cp_json_check	*chk;	/* its top-level members */
	const cJSON			*root;
};

static void
decode_error(struct decoder *d, const char *fmt, const char *key)
{
	cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0, fmt, key);
	d->failed = 1;
}

/*
 * The strings of cJSON's tree are taken over, not copied: cJSON allocates
 * with malloc or, once cp_json_alloc_init() has run, cp_xmalloc(), and
 * cJSON_Delete() passes over a string set to NULL.  Copying them was a fifth of the
 * decoder's time.
 */
static char *
steal(char **s)
{
	char	*t = *s;

	*s = NULL;
	return t;
}

/* A string member, taken into *dst; absent and null leave *dst alone. */
static void
take_string(struct decoder *d, cJSON *obj, const char *key, char **dst)
{
	cJSON	*v;

	if ((v = cJSON_GetObjectItemCaseSensitive(obj, key)) == NULL ||
	    cJSON_IsNull(v))
		return;
	if (!cJSON_IsString(v)) {
		decode_error(d, "\"%s\" is not a string", key);
		return;
	}
	free(*dst);
	*dst = steal(&v->valuestring);
}

/*
 * A member of the record written as an integer (no '.' or exponent: cJSON
 * keeps only a double), into *n; -1 for any other value.
 */
static int
integer_member(struct decoder *d, const cJSON *v, long long *n)
{
	const cJSON			*c;
	const struct cp_json_span	*m;
	size_t				 i;

	if (!cJSON_IsNumber(v))
		return -1;
	for (c = d->root->child, i = 0; c != v; c = c->next)
		i++;
	m = &d->chk->members[i];
	for (i = m->val; i < m->end; i++)
		if (d->text[i] == '.' || d->text[i] == 'e' ||
		    d->text[i] == 'E')
			return -1;
	*n = strtoll(d->text + m->val, NULL, 10);	/* checked: it fits */
	return 0;
}

/* An id: a positive integer member; absent and null leave *id alone. */
static void
take_id(struct decoder *d, cJSON *obj, const char *key, long long *id)
{
	const cJSON	*v;

	if ((v = cJSON_GetObjectItemCaseSensitive(obj, key)) == NULL ||
	    cJSON_IsNull(v))
		return;
	if (integer_member(d, v, id) == -1 || *id <= 0) {
		*id = 0;
		decode_error(d, "\"%s\" is not a positive integer", key);
	}
}

/*
 * A card list's ordinal: an integer below 500 that cJSON's double holds
 * exactly.
 */
static int
card_ord(const cJSON *v, unsigned int *ord)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
	    v->valuedouble >= CP_ANKI_MAX_CLOZE ||
	    v->valuedouble != (double)(int)v->valuedouble)
		return -1;
	*ord = (unsigned int)v->valuedouble;
	return 0;
}

static int
is_known(const char *key, const char *const *known)
{
	size_t	 i;

	for (i = 0; known[i] != NULL; i++)
		if (strcmp(known[i], key) == 0)
			return 1;
	return 0;
}

static void
card_error(struct decoder *d, unsigned int ord, const char *what,
    const char *key, const char *why)
{
	cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0,
	    "card %u: \"%s\": \"%s\" is %s", ord, what, key, why);
	d->failed = 1;
}

/*
 * A member of a card's "sched" or "revlog" entry: an integer, which
 * cJSON's double holds exactly up to 2^53 (every range of sched.c is
 * within it).  These are nested, so the line's text is not at hand as
 * integer_member() has it: 1.0 is taken for 1.
 */
static int
nested_integer(const cJSON *v, long long *n)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < -9007199254740992.0 ||
	    v->valuedouble > 9007199254740992.0 ||
	    v->valuedouble != (double)(long long)v->valuedouble)
		return -1;
	*n = (long long)v->valuedouble;
	return 0;
}

struct int_key {
	const char	*key;
	size_t		 off;	/* of a long long in the struct */
	int		 required;
};

/*
 * The integer members of o named in keys, into dst at their offsets.
 * Every member must be named in keys or in others (those the caller
 * takes itself): an unknown key is an error, not a typo passed over.
 */
static int
take_ints(struct decoder *d, unsigned int ord, const char *what,
    const cJSON *o, const struct int_key *keys, void *dst,
    const char *const *others)
{
	const cJSON	*v;
	size_t		 i;
	int		 ok = 1;

	cJSON_ArrayForEach(v, o) {
		for (i = 0; keys[i].key != NULL; i++)
			if (strcmp(keys[i].key, v->string) == 0)
				break;
		if (keys[i].key == NULL && !is_known(v->string, others)) {
			card_error(d, ord, what, v->string, "not a key it "
			    "takes (see cards(5))");
			ok = 0;
		}
	}
	for (i = 0; keys[i].key != NULL; i++) {
		v = cJSON_GetObjectItemCaseSensitive(o, keys[i].key);
		if (v == NULL && !keys[i].required)
			continue;
		if (v == NULL) {
			card_error(d, ord, what, keys[i].key, "missing");
			ok = 0;
		} else if (nested_integer(v, (long long *)(void *)
		    ((char *)dst + keys[i].off)) == -1) {
			card_error(d, ord, what, keys[i].key, "not an integer");
			ok = 0;
		}
	}
	return ok ? 0 : -1;
}

static void
take_sched(struct decoder *d, const cJSON *o, struct cp_card *c)
{
	static const struct int_key keys[] = {
		{ "ivl", offsetof(struct cp_sched, ivl), 0 },
		{ "factor", offsetof(struct cp_sched, factor), 0 },
		{ "reps", offsetof(struct cp_sched, reps), 0 },
		{ "lapses", offsetof(struct cp_sched, lapses), 0 },
		{ "left", offsetof(struct cp_sched, left), 0 },
		{ "flags", offsetof(struct cp_sched, flags), 0 },
		{ NULL, 0, 0 }
	};
	static const char *const others[] = {
		"type", "queue", "due", "data", NULL
	};
	struct cp_sched	 s;
	const cJSON	*v;
	const char	*why, *key;
	long long	 n;

	memset(&s, 0, sizeof(s));
	if (!cJSON_IsObject(o)) {
		cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0,
		    "card %u: \"sched\" is not an object", c->ord);
		d->failed = 1;
		return;
	}
	if (take_ints(d, c->ord, "sched", o, keys, &s, others) == -1)
		return;
	/* type and queue first: they say what due is. */
	if ((v = cJSON_GetObjectItemCaseSensitive(o, "type")) == NULL ||
	    nested_integer(v, &n) == -1 || n < 0 || n > 3) {
		card_error(d, c->ord, "sched", "type", v == NULL ? "missing" :
		    "not one of Anki's card types, 0 to 3");
		return;
	}
	s.type = (int)n;
	if ((v = cJSON_GetObjectItemCaseSensitive(o, "queue")) == NULL ||
	    nested_integer(v, &n) == -1 || n < -3 || n > 4) {
		card_error(d, c->ord, "sched", "queue", v == NULL ? "missing" :
		    "not one of Anki's queues, -3 to 4");
		return;
	}
	s.queue = (int)n;
	v = cJSON_GetObjectItemCaseSensitive(o, "due");
	if (v == NULL) {
		card_error(d, c->ord, "sched", "due", "missing");
		return;
	}
	if (cp_sched_due_is_day(s.type, s.queue)) {
		if (!cJSON_IsString(v) || cp_day_parse(v->valuestring,
		    &s.due) == -1) {
			card_error(d, c->ord, "sched", "due", "not a date, "
			    "YYYY-MM-DD, as a review card's due is");
			return;
		}
	} else if (nested_integer(v, &s.due) == -1) {
		card_error(d, c->ord, "sched", "due", "not an integer, as a "
		    "new or learning card's due is");
		return;
	}
	if ((v = cJSON_GetObjectItemCaseSensitive(o, "data")) != NULL) {
		if (!cJSON_IsString(v)) {
			card_error(d, c->ord, "sched", "data", "not a string");
			return;
		}
		s.data = v->valuestring;
	}
	if ((why = cp_sched_invalid(&s, &key)) != NULL) {
		card_error(d, c->ord, "sched", key, why);
		return;
	}
	cp_card_set_sched(c, &s);
}

static void
take_revlog(struct decoder *d, const cJSON *a, struct cp_card *c)
{
	static const struct int_key keys[] = {
		{ "id", offsetof(struct cp_revlog, id), 1 },
		{ "ease", offsetof(struct cp_revlog, ease), 1 },
		{ "ivl", offsetof(struct cp_revlog, ivl), 0 },
		{ "lastIvl", offsetof(struct cp_revlog, last_ivl), 0 },
		{ "factor", offsetof(struct cp_revlog, factor), 0 },
		{ "time", offsetof(struct cp_revlog, time), 0 },
		{ "type", offsetof(struct cp_revlog, type), 1 },
		{ NULL, 0, 0 }
	};
	static const char *const others[] = { NULL };
	struct cp_revlog r;
	const cJSON	*e;
	const char	*why, *key;

	if (!cJSON_IsArray(a)) {
		cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0,
		    "card %u: \"revlog\" is not an array", c->ord);
		d->failed = 1;
		return;
	}
	cJSON_ArrayForEach(e, a) {
		memset(&r, 0, sizeof(r));
		if (!cJSON_IsObject(e)) {
			cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0,
			    "card %u: a member of \"revlog\" is not an "
			    "object", c->ord);
			d->failed = 1;
			continue;
		}
		if (take_ints(d, c->ord, "revlog", e, keys, &r, others) == -1)
			continue;
		if ((why = cp_revlog_invalid(&r, &key)) != NULL) {
			card_error(d, c->ord, "revlog", key, why);
			continue;
		}
		cp_card_add_revlog(c, &r);
	}
}

static void
take_cards(struct decoder *d, cJSON *obj, struct cp_note *n)
{
	cJSON		*v, *c, *s;
	char		*deck;
	unsigned int	 ord;

	if ((v = cJSON_GetObjectItemCaseSensitive(obj, "cards")) == NULL ||
	    cJSON_IsNull(v))
		return;
	if (!cJSON_IsArray(v)) {
		decode_error(d, "\"%s\" is not an array of cards", "cards");
		return;
	}
	cJSON_ArrayForEach(c, v) {
		deck = NULL;
		if (!cJSON_IsObject(c) || card_ord(
		    cJSON_GetObjectItemCaseSensitive(c, "ord"), &ord) == -1) {
			decode_error(d, "a member of \"%s\" needs \"ord\", "
			    "an integer from 0 to 499", "cards");
			continue;
		}
		take_string(d, c, "deck", &deck);
		cp_note_add_card(n, ord, deck);
		free(deck);
		if ((s = cJSON_GetObjectItemCaseSensitive(c, "sched")) != NULL &&
		    !cJSON_IsNull(s))
			take_sched(d, s, &n->cards[n->ncards - 1]);
		if ((s = cJSON_GetObjectItemCaseSensitive(c, "revlog")) !=
		    NULL && !cJSON_IsNull(s))
			take_revlog(d, s, &n->cards[n->ncards - 1]);
	}
}

static void
take_source(struct decoder *d, cJSON *obj, char **file,
    unsigned long *line)
{
	char		*src = NULL, *colon, *end;
	unsigned long	 n;

	take_string(d, obj, "source", &src);
	if (src == NULL)
		return;
	colon = strrchr(src, ':');
	if (colon != NULL && colon[1] >= '0' && colon[1] <= '9') {
		n = strtoul(colon + 1, &end, 10);
		if (*end == '\0') {
			*colon = '\0';
			*line = n;
		}
	}
	free(*file);
	*file = src;
}

static const char *const note_keys[] = {
	"kind", "deck", "notetype", "fields", "tags", "markup", "guid",
	"id", "notetype_id", "mod", "digest", "cards", "source", NULL
};
static const char *const deck_keys[] = {
	"kind", "name", "title", "url", "declared_cards", "description",
	"id", "media", "source", NULL
};
static const char *const notetype_keys[] = {
	"kind", "name", "type", "fields", "templates", "css", "sortf",
	"latex_pre", "latex_post", "id", "mod", "digest", "source", NULL
};

/*
 * The members not named in known, as a JSON object written as the stream
 * writes JSON, or NULL.  They are written from the line's text, not from
 * cJSON's tree, which keeps numbers only as doubles.
 */
static char *
take_extra(struct decoder *d, const char *const *known)
{
	struct cp_buf	 b = { 0 };
	const cJSON	*c;
	size_t		 i;

	for (c = d->root->child, i = 0; c != NULL; c = c->next, i++) {
		if (is_known(c->string, known))
			continue;
		cp_buf_addc(&b, b.len == 0 ? '{' : ',');
		cp_json_canon(&b, d->text + d->chk->members[i].key);
		cp_buf_addc(&b, ':');
		cp_json_canon(&b, d->text + d->chk->members[i].val);
	}
	if (b.len == 0)
		return NULL;
	cp_buf_addc(&b, '}');
	return cp_buf_detach(&b);
}

static void
decode_note(struct decoder *d, cJSON *obj, struct cp_note *n)
{
	cJSON		*v, *f;
	char		*markup = NULL;

	take_string(d, obj, "deck", &n->deck);
	if (n->deck == NULL)
		n->deck = cp_xstrdup("Default");
	take_string(d, obj, "notetype", &n->notetype);
	if (n->notetype == NULL)
		n->notetype = cp_xstrdup("Basic");
	v = cJSON_GetObjectItemCaseSensitive(obj, "fields");
	if (v == NULL || !cJSON_IsObject(v))
		decode_error(d, "a note needs \"%s\", an object of strings",
		    "fields");
	else
		cJSON_ArrayForEach(f, v) {
			if (!cJSON_IsString(f)) {
				decode_error(d, "field \"%s\" is not a string",
				    f->string);
				continue;
			}
			cp_note_take_field(n, steal(&f->string),
			    steal(&f->valuestring));
		}
	if ((v = cJSON_GetObjectItemCaseSensitive(obj, "tags")) != NULL &&
	    !cJSON_IsNull(v)) {
		if (!cJSON_IsArray(v))
			decode_error(d, "\"%s\" is not an array of strings",
			    "tags");
		else
			cJSON_ArrayForEach(f, v) {
				if (cJSON_IsString(f))
					cp_note_take_tag(n,
					    steal(&f->valuestring));
				else
					decode_error(d, "a member of \"%s\" is "
					    "not a string", "tags");
			}
	}
	take_string(d, obj, "markup", &markup);
	if (markup != NULL && cp_markup_parse(markup, &n->markup) == -1)
		decode_error(d, "unknown markup \"%s\"", markup);
	free(markup);
	take_string(d, obj, "guid", &n->guid);
	take_id(d, obj, "id", &n->id);
	take_id(d, obj, "notetype_id", &n->notetype_id);
	take_id(d, obj, "mod", &n->mod);
	take_string(d, obj, "digest", &n->digest);
	take_cards(d, obj, n);
	take_source(d, obj, &n->source_file, &n->source_line);
	n->extra = take_extra(d, note_keys);
}

static void
decode_deck(struct decoder *d, cJSON *obj, struct cp_deck *deck)
{
	const cJSON	*v;
	cJSON		*m, *f;
	long long	 n;

	take_string(d, obj, "name", &deck->name);
	if (deck->name == NULL)
		decode_error(d, "a deck record needs \"%s\"", "name");
	take_string(d, obj, "title", &deck->title);
	take_string(d, obj, "url", &deck->url);
	if ((v = cJSON_GetObjectItemCaseSensitive(obj, "declared_cards")) !=
	    NULL && !cJSON_IsNull(v)) {
		if (integer_member(d, v, &n) == 0 && n >= 0)
			deck->declared_cards = (long)n;
		else
			decode_error(d, "\"%s\" is not a count",
			    "declared_cards");
	}
	take_string(d, obj, "description", &deck->description);
	take_id(d, obj, "id", &deck->id);
	if ((m = cJSON_GetObjectItemCaseSensitive(obj, "media")) != NULL &&
	    !cJSON_IsNull(m)) {
		if (!cJSON_IsArray(m))
			decode_error(d, "\"%s\" is not an array of file "
			    "names", "media");
		else
			cJSON_ArrayForEach(f, m) {
				if (cJSON_IsString(f))
					cp_deck_add_media(deck, f->valuestring);
				else
					decode_error(d, "a member of \"%s\" "
					    "is not a string", "media");
			}
	}
	take_source(d, obj, &deck->source_file, &deck->source_line);
	deck->extra = take_extra(d, deck_keys);
}

static void
decode_notetype(struct decoder *d, cJSON *obj, struct cp_notetype *nt)
{
	cJSON		*v, *t;
	long long	 n;
	char		*type = NULL, *name, *qfmt, *afmt;

	take_string(d, obj, "name", &nt->name);
	if (nt->name == NULL)
		decode_error(d, "a notetype record needs \"%s\"", "name");
	take_string(d, obj, "type", &type);
	if (type != NULL && strcmp(type, "cloze") == 0)
		nt->cloze = 1;
	else if (type != NULL && strcmp(type, "standard") != 0)
		decode_error(d, "unknown notetype type \"%s\"", type);
	free(type);
	v = cJSON_GetObjectItemCaseSensitive(obj, "fields");
	if (v == NULL || !cJSON_IsArray(v) || v->child == NULL)
		decode_error(d, "a notetype needs \"%s\", an array of names",
		    "fields");
	else
		cJSON_ArrayForEach(t, v) {
			if (cJSON_IsString(t))
				cp_notetype_add_field(nt, t->valuestring);
			else
				decode_error(d, "a member of \"%s\" is not a "
				    "string", "fields");
		}
	v = cJSON_GetObjectItemCaseSensitive(obj, "templates");
	if (v == NULL || !cJSON_IsArray(v) || v->child == NULL)
		decode_error(d, "a notetype needs \"%s\", an array",
		    "templates");
	else
		cJSON_ArrayForEach(t, v) {
			name = qfmt = afmt = NULL;
			if (!cJSON_IsObject(t)) {
				decode_error(d, "a member of \"%s\" is not an "
				    "object", "templates");
				continue;
			}
			take_string(d, t, "name", &name);
			take_string(d, t, "qfmt", &qfmt);
			take_string(d, t, "afmt", &afmt);
			if (name == NULL || qfmt == NULL)
				decode_error(d, "a template needs \"name\" "
				    "and \"%s\"", "qfmt");
			else
				cp_notetype_add_template(nt, name, qfmt,
				    afmt != NULL ? afmt : "");
			free(name);
			free(qfmt);
			free(afmt);
		}
	take_string(d, obj, "css", &nt->css);
	if ((v = cJSON_GetObjectItemCaseSensitive(obj, "sortf")) != NULL) {
		if (integer_member(d, v, &n) == 0 && n >= 0 &&
		    (unsigned long long)n < nt->nfields)
			nt->sortf = (size_t)n;
		else
			decode_error(d, "\"%s\" is not a field index", "sortf");
	}
	take_string(d, obj, "latex_pre", &nt->latex_pre);
	take_string(d, obj, "latex_post", &nt->latex_post);
	take_id(d, obj, "id", &nt->id);
	take_id(d, obj, "mod", &nt->mod);
	take_string(d, obj, "digest", &nt->digest);
	take_source(d, obj, &nt->source_file, &nt->source_line);
	nt->extra = take_extra(d, notetype_keys);
}

int
cp_stream_decode(const char *line, size_t len, struct cp_record *rec,
    const char *file, unsigned long lineno, struct cp_reporter *rep)
{
	struct decoder		 d = { file, lineno, rep, 0, line, NULL, NULL };
	struct cp_json_check	 chk;
	cJSON			*obj;
	const cJSON		*kind;
	const char		*k, *name;
	size_t			 off, start;

	cp_record_clear(rec);
	chk.members = NULL;
	if (cp_json_check(line, len, &chk) == -1) {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno,
		    cp_json_column(line, chk.err), "invalid JSON: %s",
		    chk.msg);
		cp_json_check_free(&chk);
		return -1;
	}
	start = strspn(line, " \t\r");
	if (line[start] != '{') {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno, 1,
		    "a record must be a JSON object");
		cp_json_check_free(&chk);
		return -1;
	}
	/*
	 * Checked text that cJSON cannot parse means it ran out of memory
	 * (where cp_json_alloc_init() has not run).  cJSON resets a global
	 * error pointer on every parse, from both of read_cards.c's decoding
	 * threads; nothing here reads it (cJSON_GetErrorPtr()), positions
	 * come from json.c.
	 */
	if ((obj = cJSON_ParseWithLength(line, len)) == NULL)
		cp_out_of_memory();
	if ((name = cp_json_repeat(obj, line, len, &off)) != NULL) {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno,
		    cp_json_column(line, off), "duplicate key \"%s\"", name);
		cJSON_Delete(obj);
		cp_json_check_free(&chk);
		return -1;
	}
	d.chk = &chk;
	d.root = obj;
	kind = cJSON_GetObjectItemCaseSensitive(obj, "kind");
	k = cJSON_IsString(kind) ? kind->valuestring : NULL;
	if (kind == NULL || (k != NULL && strcmp(k, "note") == 0)) {
		rec->kind = CP_RECORD_NOTE;
		decode_note(&d, obj, &rec->note);
	} else if (k != NULL && strcmp(k, "deck") == 0) {
		rec->kind = CP_RECORD_DECK;
		decode_deck(&d, obj, &rec->deck);
	} else if (k != NULL && strcmp(k, "notetype") == 0) {
		rec->kind = CP_RECORD_NOTETYPE;
		decode_notetype(&d, obj, &rec->notetype);
	} else {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno, 0,
		    "unknown record kind %s", k != NULL ? k : "(not a string)");
		d.failed = 1;
	}
	cJSON_Delete(obj);
	cp_json_check_free(&chk);
	if (d.failed)
		cp_record_clear(rec);
	return d.failed ? -1 : 0;
}

/*
 * The object being written: keys are remembered (they are the caller's
 * constants) so that an extra key never repeats one.
 */
struct writing {
	struct cp_buf	*b;
	const char	*keys[16];
	size_t		 nkeys;
	int		 any;	/* a member written, known or extra */
};

/* A JSON string from s; invalid UTF-8 is repaired, never dropped. */
static void
put_str(struct cp_buf *b, const char *s)
{
	size_t	 len = strlen(s);
	char	*fixed;

	if (cp_utf8_valid(s, len, NULL)) {
		cp_json_string(b, s, len);
		return;
	}
	fixed = cp_utf8_repair(s, len);
	cp_json_string(b, fixed, strlen(fixed));
	free(fixed);
}

static void
put_key(struct writing *w, const char *key)
{
	cp_buf_addc(w->b, w->any ? ',' : '{');
	w->any = 1;
	w->keys[w->nkeys++] = key;
	put_str(w->b, key);
	cp_buf_addc(w->b, ':');
}

static void
set_str(struct writing *w, const char *key, const char *s)
{
	if (s == NULL)
		return;
	put_key(w, key);
	put_str(w->b, s);
}

static void
set_id(struct writing *w, const char *key, long long id)
{
	if (id <= 0)
		return;
	put_key(w, key);
	cp_buf_printf(w->b, "%lld", id);
}

static void
set_source(struct writing *w, const char *file, unsigned long line)
{
	struct cp_buf	 b = { 0 };

	if (file == NULL)
		return;
	cp_buf_addstr(&b, file);
	if (line > 0)
		cp_buf_printf(&b, ":%lu", line);
	set_str(w, "source", b.data);
	cp_buf_free(&b);
}

/*
 * Ends the object with the members of extra (a JSON object) whose keys
 * were not written; extra that is not a JSON object is passed over.
 */
static void
end_with_extra(struct writing *w, const char *extra)
{
	struct cp_json_check	 chk;
	struct cp_buf		 key = { 0 };
	size_t			 i, k;

	chk.members = NULL;
	if (extra != NULL && cp_json_check(extra, strlen(extra), &chk) == 0 &&
	    extra[strspn(extra, " \t\r\n")] == '{')
		for (i = 0; i < chk.nmembers; i++) {
			cp_buf_reset(&key);
			cp_json_canon(&key, extra + chk.members[i].key);
			for (k = 0; k < w->nkeys; k++)
				if (strlen(w->keys[k]) == key.len - 2 &&
				    memcmp(w->keys[k], key.data + 1,
				    key.len - 2) == 0)
					break;
			if (k < w->nkeys)
				continue;
			cp_buf_addc(w->b, w->any ? ',' : '{');
			w->any = 1;
			cp_buf_add(w->b, key.data, key.len);
			cp_buf_addc(w->b, ':');
			cp_json_canon(w->b, extra + chk.members[i].val);
		}
	cp_json_check_free(&chk);
	cp_buf_free(&key);
	cp_buf_addstr(w->b, w->any ? "}" : "{}");
}

static void
put_sched(struct cp_buf *b, const struct cp_sched *s)
{
	char	 date[CP_DATE_LEN + 1];

	cp_buf_printf(b, "{\"type\":%d,\"queue\":%d,\"due\":", s->type,
	    s->queue);
	if (cp_sched_due_is_day(s->type, s->queue)) {
		cp_day_format(s->due, date);
		cp_buf_printf(b, "\"%s\"", date);
	} else
		cp_buf_printf(b, "%lld", s->due);
	cp_buf_printf(b, ",\"ivl\":%lld,\"factor\":%lld,\"reps\":%lld,"
	    "\"lapses\":%lld,\"left\":%lld,\"flags\":%lld", s->ivl,
	    s->factor, s->reps, s->lapses, s->left, s->flags);
	if (s->data != NULL && *s->data != '\0') {
		cp_buf_addstr(b, ",\"data\":");
		put_str(b, s->data);
	}
	cp_buf_addc(b, '}');
}

static void
put_revlog(struct cp_buf *b, const struct cp_card *c)
{
	const struct cp_revlog	*r;
	size_t			 i;

	for (i = 0; i < c->nrevlog; i++) {
		r = &c->revlog[i];
		cp_buf_printf(b, "%c{\"id\":%lld,\"ease\":%lld,\"ivl\":%lld,"
		    "\"lastIvl\":%lld,\"factor\":%lld,\"time\":%lld,"
		    "\"type\":%lld}", i == 0 ? '[' : ',', r->id, r->ease,
		    r->ivl, r->last_ivl, r->factor, r->time, r->type);
	}
	cp_buf_addc(b, ']');
}

static void
encode_note(struct writing *w, const struct cp_note *n)
{
	size_t	 i;

	set_str(w, "deck", n->deck);
	set_str(w, "notetype", n->notetype);
	put_key(w, "fields");
	for (i = 0; i < n->nfields; i++) {
		cp_buf_addc(w->b, i == 0 ? '{' : ',');
		put_str(w->b, n->fields[i].name);
		cp_buf_addc(w->b, ':');
		put_str(w->b, n->fields[i].value);
	}
	cp_buf_addstr(w->b, n->nfields == 0 ? "{}" : "}");
	put_key(w, "tags");
	for (i = 0; i < n->ntags; i++) {
		cp_buf_addc(w->b, i == 0 ? '[' : ',');
		put_str(w->b, n->tags[i]);
	}
	cp_buf_addstr(w->b, n->ntags == 0 ? "[]" : "]");
	set_str(w, "markup", cp_markup_name(n->markup));
	set_str(w, "guid", n->guid);
	set_id(w, "id", n->id);
	set_id(w, "notetype_id", n->notetype_id);
	set_id(w, "mod", n->mod);
	set_str(w, "digest", n->digest);
	if (n->ncards > 0) {
		struct writing	 c = { w->b, { NULL }, 0, 0 };

		put_key(w, "cards");
		for (i = 0; i < n->ncards; i++) {
			c.any = 0;
			c.nkeys = 0;
			cp_buf_addc(w->b, i == 0 ? '[' : ',');
			put_key(&c, "ord");
			cp_buf_printf(w->b, "%u", n->cards[i].ord);
			set_str(&c, "deck", n->cards[i].deck);
			if (n->cards[i].sched != NULL) {
				put_key(&c, "sched");
				put_sched(w->b, n->cards[i].sched);
			}
			if (n->cards[i].nrevlog > 0) {
				put_key(&c, "revlog");
				put_revlog(w->b, &n->cards[i]);
			}
			end_with_extra(&c, NULL);
		}
		cp_buf_addc(w->b, ']');
	}
	set_source(w, n->source_file, n->source_line);
	end_with_extra(w, n->extra);
}

static void
encode_deck(struct writing *w, const struct cp_deck *d)
{
	size_t	 i;

	set_str(w, "kind", "deck");
	set_str(w, "name", d->name);
	set_str(w, "title", d->title);
	set_str(w, "url", d->url);
	if (d->declared_cards >= 0) {
		put_key(w, "declared_cards");
		cp_buf_printf(w->b, "%ld", d->declared_cards);
	}
	set_str(w, "description", d->description);
	set_id(w, "id", d->id);
	if (d->nmedia > 0) {
		put_key(w, "media");
		for (i = 0; i < d->nmedia; i++) {
			cp_buf_addc(w->b, i == 0 ? '[' : ',');
			put_str(w->b, d->media[i]);
		}
		cp_buf_addc(w->b, ']');
	}
	set_source(w, d->source_file, d->source_line);
	end_with_extra(w, d->extra);
}

static void
encode_notetype(struct writing *w, const struct cp_notetype *nt)
{
	struct writing	 t = { w->b, { NULL }, 0, 0 };
	size_t		 i;

	set_str(w, "kind", "notetype");
	set_str(w, "name", nt->name);
	set_str(w, "type", nt->cloze ? "cloze" : "standard");
	put_key(w, "fields");
	for (i = 0; i < nt->nfields; i++) {
		cp_buf_addc(w->b, i == 0 ? '[' : ',');
		put_str(w->b, nt->fields[i]);
	}
	cp_buf_addstr(w->b, nt->nfields == 0 ? "[]" : "]");
	put_key(w, "templates");
	for (i = 0; i < nt->ntemplates; i++) {
		t.any = 0;
		t.nkeys = 0;
		cp_buf_addc(w->b, i == 0 ? '[' : ',');
		set_str(&t, "name", nt->templates[i].name);
		set_str(&t, "qfmt", nt->templates[i].qfmt);
		set_str(&t, "afmt", nt->templates[i].afmt);
		end_with_extra(&t, NULL);
	}
	cp_buf_addstr(w->b, nt->ntemplates == 0 ? "[]" : "]");
	set_str(w, "css", nt->css);
	put_key(w, "sortf");
	cp_buf_printf(w->b, "%zu", nt->sortf);
	set_str(w, "latex_pre", nt->latex_pre);
	set_str(w, "latex_post", nt->latex_post);
	set_id(w, "id", nt->id);
	set_id(w, "mod", nt->mod);
	set_str(w, "digest", nt->digest);
	set_source(w, nt->source_file, nt->source_line);
	end_with_extra(w, nt->extra);
}

void
cp_stream_encode(const struct cp_record *rec, struct cp_buf *out)
{
	struct writing	 w = { out, { NULL }, 0, 0 };

	switch (rec->kind) {
	case CP_RECORD_DECK:
		encode_deck(&w, &rec->deck);
		break;
	case CP_RECORD_NOTETYPE:
		encode_notetype(&w, &rec->notetype);
		break;
	default:
		encode_note(&w, &rec->note);
		break;
	}
	cp_buf_addc(out, '\n');
}
