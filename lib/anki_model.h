/*
 * anki_model.h: Anki's model (anki_model.c), shared by the apkg reader
 * and writer: what makes a valid notetype and deck, which cards a note
 * makes, and the collection's JSON and tables.  A newcomer who wants to
 * know what Anki takes reads anki_model.c.
 *
 * Ownership: a cp_anki_notetype owns its copy of the definition and
 * everything derived from it; cp_anki_notetype_free() releases them.
 * A cJSON tree returned is the caller's, to free with cJSON_Delete() or
 * to hand to one parent (cJSON_AddItemTo...), which then owns it; a
 * tree passed in stays the caller's.
 */
#ifndef CP_ANKI_MODEL_H
#define CP_ANKI_MODEL_H

#include <sys/types.h>

#include <stdint.h>

#include <cJSON.h>

#include "internal.h"

/* Anki allows cloze numbers up to 500 (card ords 0-499). */
#define CP_ANKI_MAX_CLOZE	500
/*
 * Limits documented in cards2apkg(1).  A deck's parents are written
 * whole, so a name of n levels takes n times its length: 2000 levels of
 * a few bytes were 6 MB of names.
 */
#define CP_ANKI_MAX_DECK_LEVELS	100

/* A front template parsed once, for the cards of every note. */
struct cp_anki_front;

/* A notetype as the package holds it, with what its cards need. */
struct cp_anki_notetype {
	struct cp_notetype	 def;	/* our own copy */
	int64_t			 id;	/* cp_notetype_id() */
	struct cp_hashmap	 fields;	/* of each field name, when many */
	struct cp_anki_front	*fronts;	/* of each template */
};

/*
 * Copies src into nt, named name (taken over) or src's own name when
 * name is NULL.  src must have passed cp_anki_notetype_check().
 */
void	 cp_anki_notetype_init(struct cp_anki_notetype *,
	    const struct cp_notetype *src, char *name);
void	 cp_anki_notetype_free(struct cp_anki_notetype *);
/* The index of the field of this name, or -1. */
ssize_t	 cp_anki_field_index(struct cp_anki_notetype *, const char *,
	    size_t len);
/*
 * The notetype rules: a name, fields and templates, a sort field that
 * exists, field names Anki takes as given and tells apart.  0, or -1
 * after an error at file and line.
 */
int	 cp_anki_notetype_check(struct cp_reporter *,
	    const struct cp_notetype *, const char *file, unsigned long line);
/*
 * The field names rule, Anki's own, for the reader and the writer
 * alike: refused says whether Anki would rewrite the name (empty,
 * holding : { } " or starting with # / ^ or a space); clash finds two
 * names Anki takes for one (Unicode case folding), 1 with their
 * indexes, else 0.
 */
int	 cp_anki_field_name_refused(const char *);
int	 cp_anki_fields_clash(const struct cp_notetype *, size_t *first,
	    size_t *second);
/* Two definitions that give Anki the same notetype. */
int	 cp_anki_notetype_same(const struct cp_notetype *,
	    const struct cp_notetype *);
/* A hash of a name as Anki compares notetype names. */
uint64_t cp_anki_name_hash(const char *, size_t len);
/*
 * The cards a note makes, as Anki's importer would: seen[ord] is set
 * for each, given the note's field values as HTML in the notetype's
 * order.  On entry seen holds the cards the note has already, which
 * stay, as Anki keeps a card it made.  Returns how many ords were
 * looked at.
 */
size_t	 cp_anki_cards(const struct cp_anki_notetype *, char *const *html,
	    unsigned char seen[CP_ANKI_MAX_CLOZE]);
/*
 * Anki's importer removes a field's control characters, all of C0 but
 * tab and line feed, and DEL; U+001F would also part the field in two.
 * Removes them from s in place; returns how many there were but for
 * carriage returns (a line ending's, lost to no one), and in *first
 * the first of those.
 */
size_t	 cp_anki_strip_controls(char *s, unsigned int *first);
/* 0, or -1 after an error when the deck name has too many levels. */
int	 cp_anki_deck_check(struct cp_reporter *, const char *name,
	    const char *file, unsigned long line);
/* Is name the one Anki gives deck 1, "Default", in one of its languages? */
int	 cp_anki_default_deck_name(const char *name);

/*
 * The schema-11 collection: its tables, its indexes (NULL-terminated;
 * made after the load, one sort each), and the JSON of the col row.
 */
extern const char cp_anki_schema11[];
extern const char *const cp_anki_schema11_indexes[];
cJSON	*cp_anki_notetype_json(const struct cp_anki_notetype *,
	    long long mod);
cJSON	*cp_anki_deck_json(int64_t id, const char *name, const char *desc,
	    long long mod);
cJSON	*cp_anki_dconf_json(long long mod);
cJSON	*cp_anki_conf_json(long next_pos);

/*
 * Schema 11's col.models and col.decks entries.  A notetype object
 * fills nt, or returns -1 with why saying what it lacks (to follow
 * "notetype ID"); a deck object gives its name and description (NULL
 * when empty), both the caller's, or -1 when it has no name.
 */
int	 cp_anki_notetype_from_json(const cJSON *, struct cp_notetype *nt,
	    struct cp_buf *why);
int	 cp_anki_deck_from_json(const cJSON *, char **name, char **desc);
/*
 * Schema 18's protobuf blobs: a notetype's config (kind, sort field,
 * CSS, LaTeX) into nt, a template's config (its two formats), a deck's
 * kind (a normal deck's description).  0, or -1 when malformed.
 */
int	 cp_anki_notetype_config(struct cp_notetype *nt, const void *blob,
	    int len);
int	 cp_anki_template_config(const void *blob, int len, char **qfmt,
	    char **afmt);
int	 cp_anki_deck_kind(const void *blob, int len, char **desc);

#endif /* !CP_ANKI_MODEL_H */
