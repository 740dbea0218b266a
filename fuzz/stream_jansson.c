/*
 * stream_jansson.c: the card stream decoder as it was before cardpipe
 * moved to cJSON (issue 17), kept as the reference that
 * fuzz_cards_diff.c checks the library's decoder against and that
 * bench/decode.c measures it against.  Not part of the library.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "anki_model.h"
#include "stream_jansson.h"
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

/* A positive integer member; absent and null leave *id alone. */
static void
take_id(struct decoder *d, json_t *obj, const char *key, long long *id)
{
	json_t	*v;

	if ((v = json_object_get(obj, key)) == NULL || json_is_null(v))
		return;
	if (json_is_integer(v) && json_integer_value(v) > 0)
		*id = json_integer_value(v);
	else
		decode_error(d, "\"%s\" is not a positive integer", key);
}

/* A card's ord: a number of integral value from 0 to 499. */
static int
card_ord(json_t *v, unsigned int *ord)
{
	double	 x;

	if (!json_is_number(v))
		return -1;
	x = json_number_value(v);
	if (x < 0 || x >= CP_ANKI_MAX_CLOZE || x != (double)(int)x)
		return -1;
	*ord = (unsigned int)x;
	return 0;
}

static void
take_cards(struct decoder *d, json_t *obj, struct cp_note *n)
{
	json_t		*v, *c;
	size_t		 i;
	char		*deck;
	unsigned int	 ord;

	if ((v = json_object_get(obj, "cards")) == NULL || json_is_null(v))
		return;
	if (!json_is_array(v)) {
		decode_error(d, "\"%s\" is not an array of cards", "cards");
		return;
	}
	json_array_foreach(v, i, c) {
		deck = NULL;
		if (!json_is_object(c) ||
		    card_ord(json_object_get(c, "ord"), &ord) == -1) {
			decode_error(d, "a member of \"%s\" needs \"ord\"",
			    "cards");
			continue;
		}
		take_string(d, c, "deck", &deck);
		cp_note_add_card(n, ord, deck);
		free(deck);
	}
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
	take_id(d, obj, "id", &n->id);
	take_id(d, obj, "notetype_id", &n->notetype_id);
	take_id(d, obj, "mod", &n->mod);
	take_string(d, obj, "digest", &n->digest);
	take_cards(d, obj, n);
	take_source(d, obj, &n->source_file, &n->source_line);
	n->extra = take_extra(obj, note_keys);
}

static void
decode_deck(struct decoder *d, json_t *obj, struct cp_deck *deck)
{
	json_t	*v, *f;
	size_t	 i;

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
	take_id(d, obj, "id", &deck->id);
	if ((v = json_object_get(obj, "media")) != NULL && !json_is_null(v)) {
		if (!json_is_array(v))
			decode_error(d, "\"%s\" is not an array of file "
			    "names", "media");
		else
			json_array_foreach(v, i, f) {
				if (json_is_string(f))
					cp_deck_add_media(deck,
					    json_string_value(f));
				else
					decode_error(d, "a member of \"%s\" "
					    "is not a string", "media");
			}
	}
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
	take_id(d, obj, "id", &nt->id);
	take_id(d, obj, "mod", &nt->mod);
	take_string(d, obj, "digest", &nt->digest);
	take_source(d, obj, &nt->source_file, &nt->source_line);
	nt->extra = take_extra(obj, notetype_keys);
}

int
ref_stream_decode(const char *line, size_t len, struct cp_record *rec,
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

