/*
 * hashmap.c: sets and maps keyed by 64-bit hashes, in open addressing, to
 * find repeats and names in long streams without keeping the strings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

uint64_t
cp_fnv64(const char *s)
{
	uint64_t	 h = UINT64_C(14695981039346656037);

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
	return h == 0 ? 1 : h;
}

int
cp_hashset_add(struct cp_hashset *set, uint64_t h)
{
	size_t		 i, j;
	uint64_t	*old = set->slot;
	size_t		 oldcap = set->cap;

	if (set->len * 2 >= set->cap) {
		set->cap = oldcap == 0 ? 1024 : oldcap * 2;
		set->slot = cp_xcalloc(set->cap, sizeof(*set->slot));
		set->len = 0;
		for (j = 0; j < oldcap; j++)
			if (old[j] != 0)
				cp_hashset_add(set, old[j]);
		free(old);
	}
	for (i = h & (set->cap - 1); set->slot[i] != 0;
	    i = (i + 1) & (set->cap - 1))
		if (set->slot[i] == h)
			return 1;
	set->slot[i] = h;
	set->len++;
	return 0;
}

int
cp_hashset_has(const struct cp_hashset *set, uint64_t h)
{
	size_t	 i;

	if (set->cap == 0)
		return 0;
	for (i = h & (set->cap - 1); set->slot[i] != 0;
	    i = (i + 1) & (set->cap - 1))
		if (set->slot[i] == h)
			return 1;
	return 0;
}

void
cp_hashset_free(struct cp_hashset *set)
{
	free(set->slot);
	memset(set, 0, sizeof(*set));
}

void
cp_hashmap_add(struct cp_hashmap *map, uint64_t h, size_t value)
{
	struct cp_hashent	*old = map->slot;
	size_t			 i, j, oldcap = map->cap;

	if (h == 0)
		h = 1;
	if (map->len * 2 >= map->cap) {
		map->cap = oldcap == 0 ? 64 : oldcap * 2;
		map->slot = cp_xcalloc(map->cap, sizeof(*map->slot));
		map->len = 0;
		for (j = 0; j < oldcap; j++)
			if (old[j].hash != 0)
				cp_hashmap_add(map, old[j].hash, old[j].value);
		free(old);
	}
	for (i = h & (map->cap - 1); map->slot[i].hash != 0;
	    i = (i + 1) & (map->cap - 1))
		continue;
	map->slot[i].hash = h;
	map->slot[i].value = value;
	map->len++;
}

size_t *
cp_hashmap_next(struct cp_hashmap *map, uint64_t h, size_t *pos)
{
	size_t	 i;

	if (map->cap == 0)
		return NULL;
	if (h == 0)
		h = 1;
	/* *pos counts the slots already looked at from h's own. */
	for (; *pos < map->cap; ++*pos) {
		i = (h + *pos) & (map->cap - 1);
		if (map->slot[i].hash == 0)
			return NULL;
		if (map->slot[i].hash == h) {
			++*pos;
			return &map->slot[i].value;
		}
	}
	return NULL;
}

void
cp_hashmap_free(struct cp_hashmap *map)
{
	free(map->slot);
	memset(map, 0, sizeof(*map));
}
