/*
 * identity.c: stable note identity.  A note's guid decides whether Anki
 * updates a note or adds a new one, so it must not change when an answer
 * is edited: it is derived from the deck, the notetype and the first
 * field, never from the whole note.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Anki's guid alphabet: 91 printable characters, no space, quote or '\'. */
static const char base91_digits[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "!#$%&()*+,-./:;<=>?@[]^_`{|}~";

void
cp_base91(uint64_t n, char out[11])
{
	char	 rev[11];
	size_t	 i = 0, j;

	do {
		rev[i++] = base91_digits[n % 91];
		n /= 91;
	} while (n > 0);
	for (j = 0; j < i; j++)
		out[j] = rev[i - 1 - j];
	out[i] = '\0';
}

/*
 * A change the stream cannot see otherwise: a jq edit, or a round trip
 * through Markdown, leaves guid and mod as they were.  The separator
 * 0x1E occurs in neither fields nor tags that Anki stores.
 */
void
cp_note_digest(const char *flds, size_t len, const char *tags,
    size_t tagslen, char out[17])
{
	struct cp_buf	 b = { 0 };

	cp_buf_add(&b, flds, len);
	cp_buf_addc(&b, 0x1e);
	cp_buf_add(&b, tags, tagslen);
	snprintf(out, 17, "%016llx",
	    (unsigned long long)cp_hash64(b.data, b.len));
	cp_buf_free(&b);
}

/*
 * The notetype's record, encoded as the stream encodes it, is its one
 * canonical text: fixed key order, no space, strings escaped one way.
 * The record borrows the definition's strings and is never cleared.
 */
void
cp_notetype_digest(const struct cp_notetype *nt, char out[17])
{
	struct cp_record	 rec;
	struct cp_buf		 b = { 0 };

	memset(&rec, 0, sizeof(rec));
	rec.kind = CP_RECORD_NOTETYPE;
	rec.notetype = *nt;
	rec.notetype.id = 0;
	rec.notetype.mod = 0;
	rec.notetype.digest = NULL;
	rec.notetype.source_file = NULL;
	rec.notetype.extra = NULL;
	cp_stream_encode(&rec, &b);
	snprintf(out, 17, "%016llx",
	    (unsigned long long)cp_hash64(b.data, b.len - 1));	/* no '\n' */
	cp_buf_free(&b);
}

char *
cp_note_guid(const struct cp_note *n, unsigned int occurrence)
{
	struct cp_buf	 b = { 0 };
	char		 guid[11];

	if (n->guid != NULL && *n->guid != '\0')
		return cp_xstrdup(n->guid);
	cp_buf_addstr(&b, "cardpipe-guid-1\x1f");
	cp_buf_addstr(&b, n->deck != NULL ? n->deck : "");
	cp_buf_addc(&b, 0x1f);
	cp_buf_addstr(&b, n->notetype != NULL ? n->notetype : "");
	cp_buf_addc(&b, 0x1f);
	cp_buf_addstr(&b, n->nfields > 0 ? n->fields[0].value : "");
	if (occurrence > 1)
		cp_buf_printf(&b, "\x1f%u", occurrence);
	cp_base91(cp_hash64(b.data, b.len), guid);
	cp_buf_free(&b);
	return cp_xstrdup(guid);
}

/*
 * The occurrence numbers below a base's last one are all taken (guids
 * are never forgotten), so the search resumes there: numbering n notes
 * of one first field made n squared / 2 hashes when it started at 2
 * each time, 18 s for 10000 notes.  The numbers are the same as that
 * search gave.
 */
char *
cp_unique_guid(struct cp_guids *g, const struct cp_note *n,
    struct cp_reporter *rep)
{
	uint64_t	 base;
	size_t		 pos = 0, *last;
	unsigned int	 occ;
	char		*guid;

	guid = cp_note_guid(n, 1);
	base = cp_fnv64(guid);
	if (!cp_hashset_add(&g->seen, base))
		return guid;
	if (n->guid != NULL && *n->guid != '\0') {
		cp_report_at_note(rep, CP_LEVEL_ERROR, n,
		    "guid \"%s\" is already used by an earlier note", guid);
		free(guid);
		return NULL;
	}
	/* A derived guid is SHA-256's: bases that share a hash do not occur. */
	if ((last = cp_hashmap_next(&g->last, base, &pos)) == NULL) {
		cp_hashmap_add(&g->last, base, 1);
		pos = 0;
		last = cp_hashmap_next(&g->last, base, &pos);
	}
	for (occ = (unsigned int)*last + 1; ; occ++) {
		free(guid);
		guid = cp_note_guid(n, occ);
		if (!cp_hashset_add(&g->seen, cp_fnv64(guid)))
			break;
	}
	*last = occ;
	cp_report_at_note(rep, CP_LEVEL_WARNING, n,
	    "an earlier note has the same deck, notetype and first field; "
	    "this one is told apart as occurrence %u", occ);
	return guid;
}

void
cp_guids_free(struct cp_guids *g)
{
	cp_hashset_free(&g->seen);
	cp_hashmap_free(&g->last);
}

/*
 * Notetype and deck ids are derived, not random, so that converting the
 * same deck twice gives the same ids and Anki matches them.  They fall in
 * [2^40, 2^41), the range of Anki's own millisecond-timestamp ids, well
 * clear of the Default deck's id 1 and safe as JSON numbers.
 */
static int64_t
derived_id(const struct cp_buf *b)
{
	uint64_t	 h = cp_hash64(b->data, b->len);

	return (int64_t)((UINT64_C(1) << 40) | (h & ((UINT64_C(1) << 40) - 1)));
}

/*
 * A notetype's id covers its schema only (kind, field names, template
 * names): Anki replaces a known notetype in place when its schema is
 * unchanged and the package's copy is newer, so edited CSS or template
 * text updates the user's notetype instead of adding a second one.
 */
int64_t
cp_notetype_id(const struct cp_notetype *nt)
{
	struct cp_buf	 b = { 0 };
	size_t		 i;
	int64_t		 id;

	cp_buf_printf(&b, "cardpipe-notetype-1\x1f%s\x1f%d", nt->name,
	    nt->cloze);
	for (i = 0; i < nt->nfields; i++)
		cp_buf_printf(&b, "\x1f" "f%s", nt->fields[i]);
	for (i = 0; i < nt->ntemplates; i++)
		cp_buf_printf(&b, "\x1f" "t%s", nt->templates[i].name);
	id = derived_id(&b);
	cp_buf_free(&b);
	return id;
}

int64_t
cp_deck_id(const char *name)
{
	struct cp_buf	 b = { 0 };
	int64_t		 id;

	cp_buf_printf(&b, "cardpipe-deck-1\x1f%s", name);
	id = derived_id(&b);
	cp_buf_free(&b);
	return id;
}
