/*
 * ntscope.c: which notetype a note of the stream means (cards(5),
 * notetype and notetype_id), for the writers that keep notetypes apart.
 *
 * A stream may join inputs that use one name for different notetypes:
 * a package's own "Cloze", with fields of its own, then a CSV file's
 * notes of Anki's built-in "Cloze".  Matching by name alone put the CSV
 * notes on the package's notetype, where "Back Extra" was dropped.  So a
 * package's notetype is bound to the id its record carries, which its
 * notes carry too, and a note that carries none is matched by name.  A
 * record that carries an id and has a built-in name is not bound by
 * name: a note that names a built-in notetype and carries no id means
 * Anki's own.  Each id and each name is bound once, to the latest
 * record, so lookups stay constant whatever the stream repeats.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint64_t
id_hash(long long id)
{
	return cp_hash64(&id, sizeof(id));
}

static uint64_t
name_hash(const char *name)
{
	return cp_hash64(name, strlen(name));
}

/* The binding of name, or of id when id > 0; NULL when there is none. */
static struct cp_ntbind *
bound(struct cp_ntscope *s, const char *name, long long id)
{
	struct cp_ntbind	*b;
	size_t			 pos = 0, *v;

	if (id > 0) {
		while ((v = cp_hashmap_next(&s->ids, id_hash(id), &pos)) !=
		    NULL)
			if ((b = &s->binds[*v])->id == id)
				return b;
		return NULL;
	}
	while ((v = cp_hashmap_next(&s->names, name_hash(name), &pos)) !=
	    NULL)
		if ((b = &s->binds[*v])->id == 0 && strcmp(b->name, name) == 0)
			return b;
	return NULL;
}

static void
bind(struct cp_ntscope *s, const char *name, long long id, size_t value)
{
	struct cp_ntbind	*b;

	s->last = NULL;
	if ((b = bound(s, name, id)) != NULL) {
		if (strcmp(b->name, name) != 0) {
			free(b->name);
			b->name = cp_xstrdup(name);
		}
		b->value = value;
		return;
	}
	s->binds = cp_xgrow(s->binds, s->nbinds, sizeof(*s->binds));
	b = &s->binds[s->nbinds];
	b->name = cp_xstrdup(name);
	b->id = id;
	b->value = value;
	if (id > 0)
		cp_hashmap_add(&s->ids, id_hash(id), s->nbinds);
	else
		cp_hashmap_add(&s->names, name_hash(name), s->nbinds);
	s->nbinds++;
}

void
cp_ntscope_bind(struct cp_ntscope *s, const char *name, long long id,
    size_t value)
{
	if (id > 0)
		bind(s, name, id, value);
	if (id <= 0 || cp_builtin_notetype(name) == NULL)
		bind(s, name, 0, value);
}

int
cp_ntscope_find(struct cp_ntscope *s, const char *name, long long id,
    size_t *value)
{
	struct cp_ntbind	*b = NULL;

	/* Notes come in runs of one notetype: no hashing for those. */
	if (s->last != NULL && s->last_id == id &&
	    strcmp(s->last->name, name) == 0) {
		*value = s->last->value;
		return 1;
	}
	/* An id whose record had another name is stale: a jq step renamed. */
	if (id > 0 && ((b = bound(s, name, id)) == NULL ||
	    strcmp(b->name, name) != 0))
		b = NULL;
	if (b == NULL && (b = bound(s, name, 0)) == NULL)
		return 0;
	s->last = b;
	s->last_id = id;
	*value = b->value;
	return 1;
}

void
cp_ntscope_free(struct cp_ntscope *s)
{
	size_t	 i;

	for (i = 0; i < s->nbinds; i++)
		free(s->binds[i].name);
	free(s->binds);
	cp_hashmap_free(&s->ids);
	cp_hashmap_free(&s->names);
	memset(s, 0, sizeof(*s));
}
