/*
 * stream.c: the card stream codec, one JSON object per line (cards(5)).
 * Keys are written in a fixed order so that output is byte-stable;
 * unknown keys are kept in the record's extra and written back after the
 * known ones, so that a jq step's additions survive a filter.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "internal.h"

static void
jansson_alloc(void)
{
	json_set_alloc_funcs(cp_xmalloc, free);
}

void
cp_jansson_init(void)
{
	static pthread_once_t	 once = PTHREAD_ONCE_INIT;

	pthread_once(&once, jansson_alloc);
}

struct decoder {
	const char		*file;
	unsigned long		 line;
	struct cp_reporter	*rep;
	int			 failed;
};

static void
decode_error(struct decoder *d, const char *fmt, const char *key)
{
	cp_report(d->rep, CP_LEVEL_ERROR, d->file, d->line, 0, fmt, key);
	d->failed = 1;
}

/* A string member, copied into *dst; absent and null leave *dst alone. */
static void
take_string(struct decoder *d, json_t *obj, const char *key, char **dst)
{
	json_t	*v;

	if ((v = json_object_get(obj, key)) == NULL || json_is_null(v))
		return;
	if (!json_is_string(v)) {
		decode_error(d, "\"%s\" is not a string", key);
		return;
	}
	cp_set_string(dst, json_string_value(v));
}

static void
take_source(struct decoder *d, json_t *obj, char **file,
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
	"source", NULL
};
static const char *const deck_keys[] = {
	"kind", "name", "title", "url", "declared_cards", "description",
	"source", NULL
};
static const char *const notetype_keys[] = {
	"kind", "name", "type", "fields", "templates", "css", "sortf",
	"latex_pre", "latex_post", "source", NULL
};

/* The members of obj not named in known, as a JSON object, or NULL. */
static char *
take_extra(json_t *obj, const char *const *known)
{
	json_t		*extra, *v;
	const char	*key;
	size_t		 i;
	char		*s;

	extra = NULL;	/* made for the first unknown key: most have none */
	json_object_foreach(obj, key, v) {
		for (i = 0; known[i] != NULL; i++)
			if (strcmp(known[i], key) == 0)
				break;
		if (known[i] != NULL)
			continue;
		if (extra == NULL)
			extra = json_object();
		json_object_set(extra, key, v);
	}
	if (extra == NULL)
		return NULL;
	s = json_dumps(extra, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(extra);
	return s;	/* jansson allocates with malloc: free() releases it */
}

static void
decode_note(struct decoder *d, json_t *obj, struct cp_note *n)
{
	json_t		*v, *f;
	const char	*key;
	size_t		 i;
	char		*markup = NULL;

	take_string(d, obj, "deck", &n->deck);
	if (n->deck == NULL)
		n->deck = cp_xstrdup("Default");
	take_string(d, obj, "notetype", &n->notetype);
	if (n->notetype == NULL)
		n->notetype = cp_xstrdup("Basic");
	v = json_object_get(obj, "fields");
	if (v == NULL || !json_is_object(v))
		decode_error(d, "a note needs \"%s\", an object of strings",
		    "fields");
	else
		json_object_foreach(v, key, f) {
			if (!json_is_string(f)) {
				decode_error(d, "field \"%s\" is not a string",
				    key);
				continue;
			}
			cp_note_add_field(n, key, json_string_value(f));
		}
	if ((v = json_object_get(obj, "tags")) != NULL && !json_is_null(v)) {
		if (!json_is_array(v))
			decode_error(d, "\"%s\" is not an array of strings",
			    "tags");
		else
			json_array_foreach(v, i, f) {
				if (json_is_string(f))
					cp_note_add_tag(n,
					    json_string_value(f));
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
	take_source(d, obj, &n->source_file, &n->source_line);
	n->extra = take_extra(obj, note_keys);
}

static void
decode_deck(struct decoder *d, json_t *obj, struct cp_deck *deck)
{
	json_t	*v;

	take_string(d, obj, "name", &deck->name);
	if (deck->name == NULL)
		decode_error(d, "a deck record needs \"%s\"", "name");
	take_string(d, obj, "title", &deck->title);
	take_string(d, obj, "url", &deck->url);
	if ((v = json_object_get(obj, "declared_cards")) != NULL &&
	    !json_is_null(v)) {
		if (json_is_integer(v) && json_integer_value(v) >= 0)
			deck->declared_cards = (long)json_integer_value(v);
		else
			decode_error(d, "\"%s\" is not a count",
			    "declared_cards");
	}
	take_string(d, obj, "description", &deck->description);
	take_source(d, obj, &deck->source_file, &deck->source_line);
	deck->extra = take_extra(obj, deck_keys);
}

static void
decode_notetype(struct decoder *d, json_t *obj, struct cp_notetype *nt)
{
	json_t	*v, *t;
	size_t	 i;
	char	*type = NULL, *name, *qfmt, *afmt;

	take_string(d, obj, "name", &nt->name);
	if (nt->name == NULL)
		decode_error(d, "a notetype record needs \"%s\"", "name");
	take_string(d, obj, "type", &type);
	if (type != NULL && strcmp(type, "cloze") == 0)
		nt->cloze = 1;
	else if (type != NULL && strcmp(type, "standard") != 0)
		decode_error(d, "unknown notetype type \"%s\"", type);
	free(type);
	v = json_object_get(obj, "fields");
	if (v == NULL || !json_is_array(v) || json_array_size(v) == 0)
		decode_error(d, "a notetype needs \"%s\", an array of names",
		    "fields");
	else
		json_array_foreach(v, i, t) {
			if (json_is_string(t))
				cp_notetype_add_field(nt,
				    json_string_value(t));
			else
				decode_error(d, "a member of \"%s\" is not a "
				    "string", "fields");
		}
	v = json_object_get(obj, "templates");
	if (v == NULL || !json_is_array(v) || json_array_size(v) == 0)
		decode_error(d, "a notetype needs \"%s\", an array",
		    "templates");
	else
		json_array_foreach(v, i, t) {
			name = qfmt = afmt = NULL;
			if (!json_is_object(t)) {
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
	if ((v = json_object_get(obj, "sortf")) != NULL) {
		if (json_is_integer(v) && json_integer_value(v) >= 0 &&
		    (size_t)json_integer_value(v) < nt->nfields)
			nt->sortf = (size_t)json_integer_value(v);
		else
			decode_error(d, "\"%s\" is not a field index", "sortf");
	}
	take_string(d, obj, "latex_pre", &nt->latex_pre);
	take_string(d, obj, "latex_post", &nt->latex_post);
	take_source(d, obj, &nt->source_file, &nt->source_line);
	nt->extra = take_extra(obj, notetype_keys);
}

int
cp_stream_decode(const char *line, size_t len, struct cp_record *rec,
    const char *file, unsigned long lineno, struct cp_reporter *rep)
{
	struct decoder	 d = { file, lineno, rep, 0 };
	json_error_t	 err;
	json_t		*obj, *kind;
	const char	*k;

	cp_record_clear(rec);
	obj = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
	if (obj == NULL) {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno,
		    err.column > 0 ? (unsigned long)err.column : 0,
		    "invalid JSON: %s", err.text);
		return -1;
	}
	if (!json_is_object(obj)) {
		cp_report(rep, CP_LEVEL_ERROR, file, lineno, 1,
		    "a record must be a JSON object");
		json_decref(obj);
		return -1;
	}
	kind = json_object_get(obj, "kind");
	k = kind != NULL && json_is_string(kind) ?
	    json_string_value(kind) : NULL;
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
	json_decref(obj);
	if (d.failed)
		cp_record_clear(rec);
	return d.failed ? -1 : 0;
}

/* A JSON string from s; invalid UTF-8 is repaired, never dropped. */
static json_t *
jstr(const char *s)
{
	json_t	*v;
	char	*fixed;

	if ((v = json_string(s)) != NULL)
		return v;
	fixed = cp_utf8_repair(s, strlen(s));
	v = json_string(fixed);
	free(fixed);
	return v;
}

static void
set_str(json_t *obj, const char *key, const char *s)
{
	if (s != NULL)
		json_object_set_new(obj, key, jstr(s));
}

static void
set_source(json_t *obj, const char *file, unsigned long line)
{
	struct cp_buf	 b = { 0 };

	if (file == NULL)
		return;
	cp_buf_addstr(&b, file);
	if (line > 0)
		cp_buf_printf(&b, ":%lu", line);
	json_object_set_new(obj, "source", jstr(b.data));
	cp_buf_free(&b);
}

static void
add_extra(json_t *obj, const char *extra)
{
	json_t		*e, *v;
	const char	*key;

	if (extra == NULL || (e = json_loads(extra, 0, NULL)) == NULL)
		return;
	if (json_is_object(e))
		json_object_foreach(e, key, v)
			if (json_object_get(obj, key) == NULL)
				json_object_set(obj, key, v);
	json_decref(e);
}

static json_t *
encode_note(const struct cp_note *n)
{
	json_t	*obj, *fields, *tags;
	size_t	 i;

	obj = json_object();
	set_str(obj, "deck", n->deck);
	set_str(obj, "notetype", n->notetype);
	fields = json_object();
	for (i = 0; i < n->nfields; i++)
		json_object_set_new(fields, n->fields[i].name,
		    jstr(n->fields[i].value));
	json_object_set_new(obj, "fields", fields);
	tags = json_array();
	for (i = 0; i < n->ntags; i++)
		json_array_append_new(tags, jstr(n->tags[i]));
	json_object_set_new(obj, "tags", tags);
	set_str(obj, "markup", cp_markup_name(n->markup));
	set_str(obj, "guid", n->guid);
	set_source(obj, n->source_file, n->source_line);
	add_extra(obj, n->extra);
	return obj;
}

static json_t *
encode_deck(const struct cp_deck *d)
{
	json_t	*obj;

	obj = json_object();
	set_str(obj, "kind", "deck");
	set_str(obj, "name", d->name);
	set_str(obj, "title", d->title);
	set_str(obj, "url", d->url);
	if (d->declared_cards >= 0)
		json_object_set_new(obj, "declared_cards",
		    json_integer(d->declared_cards));
	set_str(obj, "description", d->description);
	set_source(obj, d->source_file, d->source_line);
	add_extra(obj, d->extra);
	return obj;
}

static json_t *
encode_notetype(const struct cp_notetype *nt)
{
	json_t	*obj, *arr, *t;
	size_t	 i;

	obj = json_object();
	set_str(obj, "kind", "notetype");
	set_str(obj, "name", nt->name);
	set_str(obj, "type", nt->cloze ? "cloze" : "standard");
	arr = json_array();
	for (i = 0; i < nt->nfields; i++)
		json_array_append_new(arr, jstr(nt->fields[i]));
	json_object_set_new(obj, "fields", arr);
	arr = json_array();
	for (i = 0; i < nt->ntemplates; i++) {
		t = json_object();
		set_str(t, "name", nt->templates[i].name);
		set_str(t, "qfmt", nt->templates[i].qfmt);
		set_str(t, "afmt", nt->templates[i].afmt);
		json_array_append_new(arr, t);
	}
	json_object_set_new(obj, "templates", arr);
	set_str(obj, "css", nt->css);
	json_object_set_new(obj, "sortf", json_integer((json_int_t)nt->sortf));
	set_str(obj, "latex_pre", nt->latex_pre);
	set_str(obj, "latex_post", nt->latex_post);
	set_source(obj, nt->source_file, nt->source_line);
	add_extra(obj, nt->extra);
	return obj;
}

void
cp_stream_encode(const struct cp_record *rec, struct cp_buf *out)
{
	json_t	*obj;
	char	*s;

	switch (rec->kind) {
	case CP_RECORD_DECK:
		obj = encode_deck(&rec->deck);
		break;
	case CP_RECORD_NOTETYPE:
		obj = encode_notetype(&rec->notetype);
		break;
	default:
		obj = encode_note(&rec->note);
		break;
	}
	s = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(obj);
	if (s == NULL)
		cp_out_of_memory();
	cp_buf_addstr(out, s);
	cp_buf_addc(out, '\n');
	free(s);
}
