/*
 * read_apkg.c: Anki packages (.apkg, .colpkg) of every generation.
 *
 * A package is a zip archive holding one collection and its media.  Three
 * layouts exist (anki-format.md §1): legacy 1 (collection.anki2, schema
 * 11), legacy 2 (collection.anki21 beside a placeholder collection.anki2)
 * and latest (collection.anki21b: zstd-compressed SQLite of schema 18,
 * a zstd-compressed protobuf media map, zstd-compressed media).  The
 * collection is chosen by member name, anki21b before anki21 before
 * anki2, so that the placeholder is never read by mistake.
 *
 * The package is untrusted.  Decompressed sizes, expansion ratios and
 * member counts are capped; the collection is copied to a private
 * temporary file and opened read-only with SQLite's defensive settings,
 * triggers, views and extensions off; only our own queries run on it.
 * Everything that can be checked is checked in cp_read_apkg_open(),
 * before the first record, so that a malformed package yields an error
 * and no records.  Notetypes and decks are few and held in memory; notes
 * are read one at a time from one query.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>
#include <sqlite3.h>
#include <zip.h>

#include "internal.h"
#include "anki_model.h"
#include "zip_member.h"

/* The limits documented in apkg2cards(1). */
#define MAX_PACKAGE	(1ULL << 30)	/* a package read from a pipe */
#define MAX_MEMBERS	500000ULL	/* zip members */
#define MAX_COLLECTION	(4ULL << 30)	/* the decompressed collection */
#define MAX_SMALL	(64ULL << 20)	/* meta and the media map */
#define MAX_MEDIA_FILE	(1ULL << 30)	/* one decompressed media file */
#define MAX_MEDIA_TOTAL	(16ULL << 30)	/* all media together */
#define MAX_NOTETYPES	10000		/* notetypes that notes use */
#define MAX_RENAMES	8		/* "+" appended to one notetype name */

/* One notetype of the collection, in the form it is emitted. */
struct apkg_notetype {
	int64_t			 id;
	int			 used;
	struct cp_notetype	 nt;
};

struct apkg_deck {
	int64_t		 id;
	int		 used;
	int		 dup;	/* a deck of the same name is emitted instead */
	int		 unnamed;	/* deck 1, named after the file instead */
	char		*name;	/* with "::" between levels */
	char		*desc;	/* NULL when empty */
};

/* One entry of the media map: zip member "member" is file "name". */
struct apkg_media {
	char		*member;
	char		*name;
	const char	*dup_of;	/* an earlier member of this name */
	int		 has_sum;	/* latest layout: size and sha1 known */
	uint64_t	 size;
	unsigned char	 sha1[20];
};

struct apkg_state {
	char			*pkg;	/* the package when read into memory */
	zip_t			*zip;
	const char		*member;	/* the collection member */
	int			 latest;	/* collection.anki21b layout */
	char			*dbpath;	/* the private copy until SQLite opened it */
	int			 dbslot;	/* its cp_temporary_add() slot */
	sqlite3			*db;
	sqlite3_stmt		*notes;
	sqlite3_stmt		*cards;	/* by note, in step with notes */
	int			 cards_step;	/* its last sqlite3_step() */
	sqlite3_stmt		*revlog;	/* --scheduling: by card, in step */
	int			 revlog_step;
	long long		 day0;	/* the day the collection counts from */
	int			 v1;	/* --scheduling: read as Anki upgrades v1 */
	int			 schema;	/* col.ver */
	struct apkg_notetype	*nts;	/* sorted by id */
	size_t			 nnts;
	struct apkg_deck	*decks;	/* sorted by id */
	size_t			 ndecks;
	struct apkg_media	*media;
	size_t			 nmedia;
	uint64_t		 media_total;
	const char		*unnamed_as;	/* deck 1's name for it, or NULL */
	char			*unnamed;	/* deck 1's name, as Anki gave it */
	size_t			 next_nt;	/* emission cursors */
	size_t			 next_deck;
	int			 override_done;
	int			 media_listed;	/* on the first deck record */
	unsigned long		 noteno;
};

static void
member_error(struct cp_reader *r, const char *member, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
member_error(struct cp_reader *r, const char *member, const char *fmt, ...)
{
	va_list		 ap;

	va_start(ap, fmt);
	cp_zip_member_verror(r->rep, r->name, member, fmt, ap);
	va_end(ap);
}

/* Reads a small member (meta, the media map) into b. */
static int
member_slurp(struct cp_reader *r, zip_uint64_t idx, const char *member,
    int zstd, struct cp_buf *b)
{
	struct apkg_state	*st = r->state;
	struct cp_zip_sink	 k = { -1, b, 0, MAX_SMALL, NULL };

	if (cp_zip_member_copy(r->rep, r->name, st->zip, idx, member, zstd,
	    &k) == -1)
		return -1;
	cp_buf_addstr(b, "");	/* NUL-terminated even when empty */
	return 0;
}

/*
 * The package.  A regular file is read through libzip where it lies; a
 * pipe or memory is read into memory first, up to MAX_PACKAGE.
 */
static int
package_open(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct stat		 sb;
	zip_source_t		*src = NULL;
	zip_error_t		 ze;
	FILE			*fp = NULL;
	size_t			 len = 0, cap = 0, n;
	char			 magic[4] = "";
	int			 fd;

	zip_error_init(&ze);
	if ((fd = fileno(r->fp)) != -1 && fstat(fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode) && ftello(r->fp) == 0) {
		if (pread(fd, magic, sizeof(magic), 0) == -1 ||
		    (fd = dup(fd)) == -1 || (fp = fdopen(fd, "rb")) == NULL) {
			cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
			    "%s", strerror(errno));
			if (fd != -1)
				close(fd);
			return -1;
		}
		if ((src = zip_source_filep_create(fp, 0, -1, &ze)) == NULL)
			fclose(fp);
	} else {
		for (;;) {
			if (len == cap) {
				if (cap >= MAX_PACKAGE) {
					cp_report(r->rep, CP_LEVEL_ERROR,
					    r->name, 0, 0, "larger than the "
					    "limit of %llu bytes for a package "
					    "read from a pipe", MAX_PACKAGE);
					return -1;
				}
				cap = cap == 0 ? 65536 : cap * 2;
				st->pkg = cp_xrealloc(st->pkg, cap);
			}
			n = fread(st->pkg + len, 1, cap - len, r->fp);
			len += n;
			if (n == 0)
				break;
		}
		if (ferror(r->fp)) {
			cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
			    "read error: %s", strerror(errno));
			return -1;
		}
		memcpy(magic, st->pkg, len < sizeof(magic) ? len :
		    sizeof(magic));
		src = zip_source_buffer_create(st->pkg, len, 0, &ze);
	}
	if (src != NULL && (fp != NULL ? sb.st_size == 0 : len == 0)) {
		/* libzip would take no bytes for an empty archive. */
		cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0,
		    "empty, so not an Anki package");
		zip_source_free(src);
		return -1;
	}
	if (src == NULL) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0, "%s",
		    zip_error_strerror(&ze));
		zip_error_fini(&ze);
		return -1;
	}
	if ((st->zip = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS,
	    &ze)) == NULL) {
		switch (zip_error_code_zip(&ze)) {
		case ZIP_ER_NOZIP:
			/* A zip that starts like one but has no end was cut. */
			cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0, "%s",
			    memcmp(magic, "PK\3\4", 4) == 0 ? "truncated zip "
			    "archive: its central directory is missing" :
			    "not a zip archive, so not an Anki package");
			break;
		case ZIP_ER_EXISTS:
			cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0,
			    "damaged zip archive: two members have one name");
			break;
		default:
			cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0,
			    "damaged zip archive: %s",
			    zip_error_strerror(&ze));
			break;
		}
		zip_source_free(src);
		zip_error_fini(&ze);
		return -1;
	}
	zip_error_fini(&ze);
	return 0;
}

/* Media members are named by decimal indices without leading zeros. */
static int
is_index(const char *s)
{
	size_t	 n = strspn(s, "0123456789");

	return n > 0 && n <= 9 && s[n] == '\0' && (s[0] != '0' || n == 1);
}

static int
is_collection(const char *s)
{
	return strcmp(s, "collection.anki21b") == 0 ||
	    strcmp(s, "collection.anki21") == 0 ||
	    strcmp(s, "collection.anki2") == 0;
}

/*
 * Checks the member names: every one must be known or an index.  (Two of
 * one name, which lookups by name would hide, ZIP_CHECKCONS refuses.)
 */
static int
members_check(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	zip_int64_t		 n, i;
	const char		*name;
	char			*pn;

	n = zip_get_num_entries(st->zip, 0);
	if (n < 0 || (uint64_t)n > MAX_MEMBERS) {
		cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0,
		    "more than %llu zip members", MAX_MEMBERS);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if ((name = zip_get_name(st->zip, (zip_uint64_t)i,
		    ZIP_FL_ENC_RAW)) == NULL) {
			cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0,
			    "zip member %" PRId64 ": %s", (int64_t)i,
			    zip_strerror(st->zip));
			return -1;
		}
		if (is_index(name) || is_collection(name) ||
		    strcmp(name, "media") == 0 || strcmp(name, "meta") == 0)
			continue;
		pn = cp_printable(name);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
		    "member %s: not part of an Anki package; ignored", pn);
		free(pn);
	}
	return 0;
}

static zip_int64_t
member_find(struct apkg_state *st, const char *name)
{
	return zip_name_locate(st->zip, name, ZIP_FL_ENC_RAW);
}

/* meta names the layout's version; unknown versions are refused. */
static int
meta_check(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct cp_buf		 b = { 0 };
	struct cp_pb		 pb;
	struct cp_pb_field	 f;
	zip_int64_t		 idx;
	uint64_t		 version = 0;
	int			 rc = -1, k;

	if ((idx = member_find(st, "meta")) == -1)
		return 0;
	if (member_slurp(r, (zip_uint64_t)idx, "meta", 0, &b) == -1)
		goto out;
	cp_pb_init(&pb, b.data, b.len);
	while ((k = cp_pb_next(&pb, &f)) == 1)
		if (f.num == 1 && (k = cp_pb_uint(&f, &version)) == -1)
			break;
	if (k == -1) {
		member_error(r, "meta", "bad protobuf");
		goto out;
	}
	if (version < 1 || version > 3) {
		member_error(r, "meta", "package version %" PRIu64 " is not "
		    "known (a newer Anki made it?)", version);
		goto out;
	}
	if (version == 3 && member_find(st, "collection.anki21b") == -1) {
		member_error(r, "meta", "says the collection is "
		    "collection.anki21b, which is missing");
		goto out;
	}
	rc = 0;
out:
	cp_buf_free(&b);
	return rc;
}

/* A collation of schema 18 that SQLite lacks; it only needs to exist. */
static int
unicase(void *arg, int na, const void *a, int nb, const void *b)
{
	int	 n = na < nb ? na : nb, c;

	if ((c = sqlite3_strnicmp(a, b, n)) != 0)
		return c;
	return na - nb;
}

/*
 * Copies the collection to a private temporary file and opens it
 * read-only, defensively.  A WAL-mode database (header bytes 18 and 19
 * equal to 2) would need a writable -shm file; our copy is switched to
 * rollback mode, which reads the same pages.
 */
static int
collection_open(struct cp_reader *r)
{
	static const char	 magic[16] = "SQLite format 3";
	struct apkg_state	*st = r->state;
	struct cp_zip_sink	 k = { -1, NULL, 0, MAX_COLLECTION, NULL };
	unsigned char		 hdr[20];
	const char		*tmpdir;
	zip_int64_t		 idx;
	int			 rc;

	if ((idx = member_find(st, "collection.anki21b")) != -1) {
		st->member = "collection.anki21b";
		st->latest = 1;
	} else if ((idx = member_find(st, "collection.anki21")) != -1)
		st->member = "collection.anki21";
	else if ((idx = member_find(st, "collection.anki2")) != -1)
		st->member = "collection.anki2";
	else {
		cp_report(r->rep, CP_LEVEL_ERROR, r->name, 0, 0, "no collection "
		    "member (collection.anki21b, collection.anki21 or "
		    "collection.anki2): not an Anki package");
		return -1;
	}
	if ((tmpdir = getenv("TMPDIR")) == NULL || *tmpdir == '\0')
		tmpdir = "/tmp";
	st->dbpath = cp_xmalloc(strlen(tmpdir) + sizeof("/apkg2cards.XXXXXX"));
	strcpy(st->dbpath, tmpdir);
	strcat(st->dbpath, "/apkg2cards.XXXXXX");
	if ((k.fd = mkstemp(st->dbpath)) == -1) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
		    "a temporary file in %s: %s", tmpdir, strerror(errno));
		free(st->dbpath);
		st->dbpath = NULL;
		return -1;
	}
	st->dbslot = cp_temporary_add(AT_FDCWD, st->dbpath, 0);
	rc = cp_zip_member_copy(r->rep, r->name, st->zip, (zip_uint64_t)idx,
	    st->member, st->latest, &k);
	if (rc == 0 && (pread(k.fd, hdr, sizeof(hdr), 0) != sizeof(hdr) ||
	    memcmp(hdr, magic, sizeof(magic)) != 0)) {
		member_error(r, st->member, "not an SQLite database");
		rc = -1;
	}
	if (rc == 0 && hdr[18] == 2 && hdr[19] == 2 &&
	    pwrite(k.fd, "\1\1", 2, 18) != 2) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
		    "member %s: writing a copy: %s", st->member,
		    strerror(errno));
		rc = -1;
	}
	if (close(k.fd) == -1 && rc == 0) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
		    "member %s: writing a copy: %s", st->member,
		    strerror(errno));
		rc = -1;
	}
	if (rc == -1)
		return -1;
	if (sqlite3_open_v2(st->dbpath, &st->db, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_PRIVATECACHE, NULL) != SQLITE_OK) {
		member_error(r, st->member, "cannot open as SQLite: %s",
		    st->db != NULL ? sqlite3_errmsg(st->db) : "no memory");
		return -1;
	}
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0,
	    NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
	sqlite3_db_config(st->db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, NULL);
	sqlite3_create_collation(st->db, "unicase", SQLITE_UTF8, NULL,
	    unicase);
	if (sqlite3_exec(st->db, "PRAGMA query_only = 1; "
	    "PRAGMA cell_size_check = 1; PRAGMA mmap_size = 0",
	    NULL, NULL, NULL) != SQLITE_OK) {
		member_error(r, st->member, "%s", sqlite3_errmsg(st->db));
		return -1;
	}
	/*
	 * SQLite holds the file open and reads a read-only rollback-mode
	 * database through that descriptor alone, so the name can go now:
	 * even a killed process leaves no copy behind.
	 */
	unlink(st->dbpath);
	cp_temporary_forget(st->dbslot);
	free(st->dbpath);
	st->dbpath = NULL;
	return 0;
}

/* Prepares sql; on failure reports the collection as damaged. */
static sqlite3_stmt *
db_prepare(struct cp_reader *r, const char *sql)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*s;

	if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK) {
		member_error(r, st->member, "not an Anki collection: %s",
		    sqlite3_errmsg(st->db));
		return NULL;
	}
	return s;
}

/* Ends a statement's loop: reports a step that failed. */
static int
db_done(struct cp_reader *r, sqlite3_stmt *s, int step)
{
	struct apkg_state	*st = r->state;

	if (step != SQLITE_DONE) {
		member_error(r, st->member, "%s", sqlite3_errmsg(st->db));
		sqlite3_finalize(s);
		return -1;
	}
	sqlite3_finalize(s);
	return 0;
}

/*
 * A text column as valid UTF-8 without NUL: SQLite hands back whatever
 * bytes the file holds.  Repairs are reported with what they concern.
 */
static char *
db_text(struct cp_reader *r, sqlite3_stmt *s, int col, const char *what,
    unsigned long line)
{
	struct apkg_state	*st = r->state;
	const char		*t = (const char *)sqlite3_column_text(s, col);
	size_t			 n = (size_t)sqlite3_column_bytes(s, col);
	size_t			 clean;
	char			*v;

	if (t == NULL)
		return cp_xstrdup("");
	clean = strnlen(t, n);
	if (clean < n)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "member %s: %s: holds a NUL byte; cut there", st->member,
		    what);
	if (cp_utf8_valid(t, clean, NULL))
		return cp_xstrndup(t, clean);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
	    "member %s: %s: not valid UTF-8; repaired", st->member, what);
	v = cp_utf8_repair(t, clean);
	return v;
}

static int
nt_cmp(const void *a, const void *b)
{
	const struct apkg_notetype	*x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int
deck_cmp(const void *a, const void *b)
{
	const struct apkg_deck	*x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static struct apkg_notetype *
nt_find(struct apkg_state *st, int64_t id)
{
	struct apkg_notetype	 key;

	key.id = id;
	return st->nnts == 0 ? NULL :
	    bsearch(&key, st->nts, st->nnts, sizeof(*st->nts), nt_cmp);
}

static struct apkg_deck *
deck_find(struct apkg_state *st, int64_t id)
{
	struct apkg_deck	 key;

	key.id = id;
	return st->ndecks == 0 ? NULL :
	    bsearch(&key, st->decks, st->ndecks, sizeof(*st->decks),
	    deck_cmp);
}

static struct apkg_notetype *
nt_new(struct apkg_state *st, int64_t id)
{
	struct apkg_notetype	*n;

	st->nts = cp_xgrow(st->nts, st->nnts, sizeof(*st->nts));
	n = &st->nts[st->nnts++];
	memset(n, 0, sizeof(*n));
	n->id = id;
	return n;
}

static struct apkg_deck *
deck_new(struct apkg_state *st, int64_t id)
{
	struct apkg_deck	*d;

	st->decks = cp_xgrow(st->decks, st->ndecks, sizeof(*st->decks));
	d = &st->decks[st->ndecks++];
	memset(d, 0, sizeof(*d));
	d->id = id;
	return d;
}

static int
json_id(const char *key, int64_t *id)
{
	char	*end;
	long long v;

	errno = 0;
	v = strtoll(key, &end, 10);
	if (*key == '\0' || *end != '\0' || errno != 0)
		return -1;
	*id = v;
	return 0;
}

/* Schema 11: the notetypes are the JSON object col.models. */
static int
models_json(struct cp_reader *r, const cJSON *models)
{
	struct apkg_state	*st = r->state;
	struct apkg_notetype	*n;
	struct cp_buf		 why = { 0 };
	const char		*key;
	const cJSON		*m;
	int64_t			 id;

	cJSON_ArrayForEach(m, models) {
		key = m->string;
		if (json_id(key, &id) == -1 || !cJSON_IsObject(m)) {
			member_error(r, st->member, "col.models: entry \"%s\" "
			    "is not a notetype", key);
			return -1;
		}
		n = nt_new(st, id);
		if (cp_anki_notetype_from_json(m, &n->nt, &why) == -1) {
			member_error(r, st->member, "col.models: notetype "
			    "%s%s", key, why.data);
			cp_buf_free(&why);
			return -1;
		}
	}
	return 0;
}

/* Schema 11: the decks are the JSON object col.decks. */
static int
decks_json(struct cp_reader *r, const cJSON *decks)
{
	struct apkg_state	*st = r->state;
	struct apkg_deck	*d;
	const char		*key;
	char			*name, *desc;
	const cJSON		*o;
	int64_t			 id;

	cJSON_ArrayForEach(o, decks) {
		key = o->string;
		if (json_id(key, &id) == -1 || !cJSON_IsObject(o) ||
		    cp_anki_deck_from_json(o, &name, &desc) == -1) {
			member_error(r, st->member, "col.decks: entry \"%s\" "
			    "is not a deck", key);
			return -1;
		}
		d = deck_new(st, id);
		d->name = name;
		d->desc = desc;
	}
	return 0;
}

/*
 * JSON text of the package, checked as strictly as the card stream
 * (json.c) and parsed: a JSON object, which the caller frees with
 * cJSON_Delete(), or NULL after an error "member: what: line L, column
 * C: why" (the text may span lines).
 */
static cJSON *
json_object_of(struct cp_reader *r, const char *member, const char *what,
    const char *t, size_t len)
{
	struct cp_json_check	 chk;
	const char		*p, *start;
	unsigned long		 line;
	cJSON			*j;

	if ((j = cp_json_parse(t, len, &chk)) == NULL) {
		for (p = start = t, line = 1; p < t + chk.err; p++)
			if (*p == '\n') {
				line++;
				start = p + 1;
			}
		member_error(r, member, "%s: line %lu, column %lu: %s", what,
		    line, cp_json_column(start, (size_t)(t + chk.err -
		    start)), chk.msg);
		return NULL;
	}
	if (!cJSON_IsObject(j)) {
		member_error(r, member, "%s: not an object", what);
		cJSON_Delete(j);
		return NULL;
	}
	return j;
}

static int
col_json(struct cp_reader *r, sqlite3_stmt *s, int col, const char *what,
    int (*fn)(struct cp_reader *, const cJSON *))
{
	struct apkg_state	*st = r->state;
	const char		*t = (const char *)sqlite3_column_text(s, col);
	struct cp_buf		 w = { 0 };
	cJSON			*j;
	int			 rc;

	cp_buf_printf(&w, "bad JSON in col.%s", what);
	if (t == NULL) {
		member_error(r, st->member, "%s: missing", w.data);
		cp_buf_free(&w);
		return -1;
	}
	j = json_object_of(r, st->member, w.data, t,
	    (size_t)sqlite3_column_bytes(s, col));
	cp_buf_free(&w);
	if (j == NULL)
		return -1;
	rc = fn(r, j);
	cJSON_Delete(j);
	return rc;
}

static int
tables_18(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct apkg_notetype	*n;
	struct apkg_deck	*d;
	sqlite3_stmt		*s, *f = NULL, *t = NULL;
	struct cp_buf		 b = { 0 };
	char			*name, *q, *a, *p;
	size_t			 len;
	int			 step;

	if ((s = db_prepare(r, "SELECT id, name, config, mtime_secs "
	    "FROM notetypes ORDER BY id")) == NULL)
		return -1;
	if ((f = db_prepare(r, "SELECT name FROM fields WHERE ntid = ?1 "
	    "ORDER BY ord")) == NULL ||
	    (t = db_prepare(r, "SELECT name, config FROM templates "
	    "WHERE ntid = ?1 ORDER BY ord")) == NULL)
		goto fail;
	while ((step = sqlite3_step(s)) == SQLITE_ROW) {
		n = nt_new(st, sqlite3_column_int64(s, 0));
		n->nt.name = db_text(r, s, 1, "a notetype name", 0);
		if ((n->nt.mod = sqlite3_column_int64(s, 3)) < 0)
			n->nt.mod = 0;
		if (cp_anki_notetype_config(&n->nt, sqlite3_column_blob(s, 2),
		    sqlite3_column_bytes(s, 2)) == -1) {
			member_error(r, st->member, "notetype %" PRId64
			    ": bad protobuf in its config", n->id);
			goto fail;
		}
		sqlite3_bind_int64(f, 1, n->id);
		while ((step = sqlite3_step(f)) == SQLITE_ROW) {
			name = db_text(r, f, 0, "a field name", 0);
			cp_notetype_add_field(&n->nt, name);
			free(name);
		}
		if (step != SQLITE_DONE)
			break;
		sqlite3_reset(f);
		sqlite3_bind_int64(t, 1, n->id);
		while ((step = sqlite3_step(t)) == SQLITE_ROW) {
			q = a = NULL;
			if (cp_anki_template_config(sqlite3_column_blob(t, 1),
			    sqlite3_column_bytes(t, 1), &q, &a) == -1) {
				member_error(r, st->member, "notetype %" PRId64
				    ": bad protobuf in a template's config",
				    n->id);
				free(q);
				free(a);
				goto fail;
			}
			name = db_text(r, t, 0, "a template name", 0);
			cp_notetype_add_template(&n->nt, name,
			    q != NULL ? q : "", a != NULL ? a : "");
			free(name);
			free(q);
			free(a);
		}
		if (step != SQLITE_DONE)
			break;
		sqlite3_reset(t);
	}
	sqlite3_finalize(f);
	sqlite3_finalize(t);
	f = t = NULL;
	if (db_done(r, s, step) == -1)
		return -1;
	if ((s = db_prepare(r, "SELECT id, name, kind FROM decks "
	    "ORDER BY id")) == NULL)
		return -1;
	while ((step = sqlite3_step(s)) == SQLITE_ROW) {
		d = deck_new(st, sqlite3_column_int64(s, 0));
		d->name = db_text(r, s, 1, "a deck name", 0);
		/*
		 * Levels are separated by U+001F in schema 18.  One pass:
		 * copying the name anew at each separator took a million
		 * of them 238 s.
		 */
		if (strchr(d->name, '\x1f') != NULL) {
			for (p = d->name; ; p += len + 1) {
				len = strcspn(p, "\x1f");
				cp_buf_add(&b, p, len);
				if (p[len] == '\0')
					break;
				cp_buf_addstr(&b, "::");
			}
			free(d->name);
			d->name = cp_buf_detach(&b);
		}
		if (cp_anki_deck_kind(sqlite3_column_blob(s, 2),
		    sqlite3_column_bytes(s, 2), &d->desc) == -1) {
			member_error(r, st->member, "deck %" PRId64 ": bad "
			    "protobuf in its kind", d->id);
			goto fail;
		}
		if (d->desc != NULL && *d->desc == '\0') {
			free(d->desc);
			d->desc = NULL;
		}
	}
	return db_done(r, s, step);
fail:
	sqlite3_finalize(s);
	sqlite3_finalize(f);
	sqlite3_finalize(t);
	return -1;
}

/*
 * Refuses a table the reader reads that has a generated column: its
 * value is computed from an expression in the collection's schema at
 * every read, which can take any time and give any length (a notes.flds
 * of repeat() made reading never end), and is not what Anki writes.
 * Hidden columns of virtual tables are refused alike.
 */
static int
tables_check(struct cp_reader *r, const char *const *tables)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*s;
	char			*col;
	size_t			 i;
	int			 step;

	if ((s = db_prepare(r, "SELECT name FROM pragma_table_xinfo(?1) "
	    "WHERE hidden != 0")) == NULL)
		return -1;
	for (i = 0; tables[i] != NULL; i++) {
		sqlite3_bind_text(s, 1, tables[i], -1, SQLITE_STATIC);
		if ((step = sqlite3_step(s)) == SQLITE_ROW) {
			col = cp_printable((const char *)sqlite3_column_text(s,
			    0));
			member_error(r, st->member, "table %s: column %s is "
			    "generated or hidden, which Anki never writes; "
			    "refused", tables[i], col);
			free(col);
			sqlite3_finalize(s);
			return -1;
		}
		if (step != SQLITE_DONE)
			return db_done(r, s, step);
		sqlite3_reset(s);
	}
	sqlite3_finalize(s);
	return 0;
}

/*
 * A deck of Anki's "Default" or under it, renamed after the file when
 * that stands for it (decks_unnamed()).
 */
static void
deck_unnamed(struct apkg_state *st, struct apkg_deck *d)
{
	struct cp_buf	 b = { 0 };
	size_t		 n;

	if (st->unnamed_as == NULL)
		return;
	n = strlen(st->unnamed);
	if (strncmp(d->name, st->unnamed, n) != 0 ||
	    (d->name[n] != '\0' && strncmp(d->name + n, "::", 2) != 0))
		return;
	cp_buf_printf(&b, "%s%s", st->unnamed_as, d->name + n);
	free(d->name);
	d->name = cp_buf_detach(&b);
	d->unnamed = d->id == 1;
}

/*
 * In a batch, Anki's "Default" deck, deck 1, which every collection
 * starts with and nobody named, stands for the file (cp_read_options,
 * deck_default): its notes take the file's name, as those of an input
 * that names no deck, and the decks under it keep their names under
 * that one.  Anki names it in the language of the collection's
 * first day, "Standard", "Par défaut"; a deck 1 the user renamed
 * keeps its name, and so does a deck of that name and another id, one
 * the user made.  A package without deck 1 stands for it by "Default".
 */
static void
decks_unnamed(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct apkg_deck	*one;
	size_t			 i;

	if (r->opts.deck_default == NULL || r->opts.deck != NULL)
		return;
	if ((one = deck_find(st, 1)) != NULL &&
	    !cp_anki_default_deck_name(one->name))
		return;
	st->unnamed = cp_xstrdup(one != NULL ? one->name : "Default");
	for (i = 0; i < st->ndecks; i++)
		if (st->decks[i].id != 1 &&
		    strcmp(st->decks[i].name, st->unnamed) == 0)
			return;
	st->unnamed_as = r->opts.deck_default;
	for (i = 0; i < st->ndecks; i++)
		deck_unnamed(st, &st->decks[i]);
}

/* Reads col.ver and every notetype and deck, in either schema. */
static int
collection_read(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*s;
	int			 step, rc;

	if ((s = db_prepare(r, "SELECT ver, models, decks FROM col")) == NULL)
		return -1;
	if ((step = sqlite3_step(s)) != SQLITE_ROW) {
		if (step == SQLITE_DONE)
			member_error(r, st->member, "not an Anki collection: "
			    "the col table is empty");
		else
			member_error(r, st->member, "%s",
			    sqlite3_errmsg(st->db));
		sqlite3_finalize(s);
		return -1;
	}
	st->schema = sqlite3_column_int(s, 0);
	if (st->schema == 11) {
		rc = col_json(r, s, 1, "models", models_json) == 0 &&
		    col_json(r, s, 2, "decks", decks_json) == 0 ? 0 : -1;
		sqlite3_finalize(s);
	} else if (st->schema >= 15 && st->schema <= 18) {
		sqlite3_finalize(s);
		rc = tables_18(r);
	} else {
		member_error(r, st->member, "collection schema version %d "
		    "is not supported (11 and 15 to 18 are)", st->schema);
		sqlite3_finalize(s);
		return -1;
	}
	if (rc == -1)
		return -1;
	if (st->nnts > 0)
		qsort(st->nts, st->nnts, sizeof(*st->nts), nt_cmp);
	if (st->ndecks > 0)
		qsort(st->decks, st->ndecks, sizeof(*st->decks), deck_cmp);
	decks_unnamed(r);
	return 0;
}

/*
 * With --scheduling a card is carried as it is in its home deck
 * (card_sched()), so its deck is that one.
 */
#define HOME_DID	"CASE WHEN odid != 0 THEN odid ELSE did END"

/* The deck of notes without cards, or of cards whose deck is missing. */
static struct apkg_deck *
fallback_deck(struct apkg_state *st)
{
	struct apkg_deck	*d;

	if ((d = deck_find(st, 1)) == NULL) {
		d = deck_new(st, 1);
		d->name = cp_xstrdup("Default");
		deck_unnamed(st, d);
		qsort(st->decks, st->ndecks, sizeof(*st->decks), deck_cmp);
		d = deck_find(st, 1);
	}
	return d;
}

/* What the card model needs of a notetype that notes use. */
static int
notetype_check(struct cp_reader *r, struct apkg_notetype *n)
{
	struct apkg_state	*st = r->state;
	char			*pn, *pn2;
	size_t			 i, j;

	if (n->nt.nfields == 0 || n->nt.ntemplates == 0) {
		member_error(r, st->member, "notetype %" PRId64 " has no %s",
		    n->id, n->nt.nfields == 0 ? "fields" : "templates");
		return -1;
	}
	/*
	 * Anki's rule for field names, as cards2apkg keeps it: notes name
	 * their fields, and Anki renames a name it takes for another.
	 */
	for (i = 0; i < n->nt.nfields; i++)
		if (cp_anki_field_name_refused(n->nt.fields[i])) {
			pn = cp_printable(n->nt.fields[i]);
			member_error(r, st->member, "notetype %" PRId64 ": Anki "
			    "does not allow the field name \"%s\"", n->id, pn);
			free(pn);
			return -1;
		}
	if (cp_anki_fields_clash(&n->nt, &i, &j)) {
		pn = cp_printable(n->nt.fields[i]);
		pn2 = cp_printable(n->nt.fields[j]);
		member_error(r, st->member, "notetype %" PRId64 ": fields "
		    "\"%s\" and \"%s\" are one to Anki, which tells names "
		    "apart ignoring case", n->id, pn, pn2);
		free(pn);
		free(pn2);
		return -1;
	}
	if (n->nt.sortf >= n->nt.nfields) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
		    "member %s: notetype %" PRId64 ": sort field %zu does not "
		    "exist; the first is used", st->member, n->id,
		    n->nt.sortf + 1);
		n->nt.sortf = 0;
	}
	return 0;
}

static int
deck_name_cmp(const void *a, const void *b)
{
	const struct apkg_deck	*x = *(const struct apkg_deck *const *)a;
	const struct apkg_deck	*y = *(const struct apkg_deck *const *)b;
	int			 c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * Two decks of one name (legacy collections have them) are one deck in
 * the stream: the one with the lowest id is emitted.  Sorting keeps this
 * fast for packages of very many decks.
 */
static void
decks_dedup(struct apkg_state *st)
{
	struct apkg_deck	**v;
	size_t			 i, n = 0;

	v = cp_xreallocarray(NULL, st->ndecks + 1, sizeof(*v));
	for (i = 0; i < st->ndecks; i++)
		if (st->decks[i].used)
			v[n++] = &st->decks[i];
	qsort(v, n, sizeof(*v), deck_name_cmp);
	for (i = 1; i < n; i++)
		v[i]->dup = strcmp(v[i]->name, v[i - 1]->name) == 0;
	free(v);
}

/*
 * Gives a used notetype a name no earlier used notetype has (compared as
 * Anki does, ignoring ASCII case), appending "+" as Anki does on import.
 * The counts are capped so that a hostile package cannot make this slow.
 */
static int
notetype_rename(struct cp_reader *r, size_t i)
{
	struct apkg_state	*st = r->state;
	struct apkg_notetype	*n = &st->nts[i];
	size_t			 j, tries = 0;
	char			*name, *was, *now;

	for (j = 0; j < i; j++) {
		if (!st->nts[j].used ||
		    strcasecmp(st->nts[j].nt.name, n->nt.name) != 0)
			continue;
		if (tries++ == MAX_RENAMES) {
			member_error(r, st->member, "notetype %" PRId64 ": "
			    "too many notetypes of its name", n->id);
			return -1;
		}
		name = cp_xmalloc(strlen(n->nt.name) + 2);
		strcpy(name, n->nt.name);
		strcat(name, "+");
		free(n->nt.name);
		n->nt.name = name;
		j = (size_t)-1;	/* the new name may clash again */
	}
	if (tries > 0) {
		name = cp_xstrndup(n->nt.name, strlen(n->nt.name) - tries);
		was = cp_printable(name);
		now = cp_printable(n->nt.name);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
		    "member %s: notetype %" PRId64 " has the name of another, "
		    "\"%s\"; renamed \"%s\"", st->member, n->id, was, now);
		free(name);
		free(was);
		free(now);
	}
	return 0;
}

/*
 * Marks the notetypes and decks the notes use, and gives the notetypes
 * names unique in the stream: a later notetype whose name an earlier one
 * has (compared as Anki does, ignoring ASCII case) gets "+" appended, as
 * Anki does on import, until the name is free.
 */
static int
mark_used(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct apkg_notetype	*n;
	struct apkg_deck	*d;
	sqlite3_stmt		*s;
	size_t			 i, used = 0;
	int			 step;

	if ((s = db_prepare(r, "SELECT DISTINCT mid FROM notes")) == NULL)
		return -1;
	while ((step = sqlite3_step(s)) == SQLITE_ROW)
		if ((n = nt_find(st, sqlite3_column_int64(s, 0))) != NULL)
			n->used = 1;
	if (db_done(r, s, step) == -1)
		return -1;
	/* Every card's deck, and deck 1 for notes without cards. */
	if ((s = db_prepare(r, r->opts.scheduling ?
	    "SELECT DISTINCT " HOME_DID " FROM cards UNION "
	    "SELECT NULL FROM notes WHERE id NOT IN (SELECT nid FROM cards)" :
	    "SELECT DISTINCT did FROM cards UNION "
	    "SELECT NULL FROM notes WHERE id NOT IN (SELECT nid FROM cards)"))
	    == NULL)
		return -1;
	while ((step = sqlite3_step(s)) == SQLITE_ROW) {
		if (sqlite3_column_type(s, 0) == SQLITE_NULL)
			d = fallback_deck(st);
		else if ((d = deck_find(st, sqlite3_column_int64(s, 0))) ==
		    NULL) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
			    "member %s: deck %lld is missing; its cards go "
			    "to deck 1", st->member, sqlite3_column_int64(s, 0));
			d = fallback_deck(st);
		}
		d->used = 1;
	}
	if (db_done(r, s, step) == -1)
		return -1;
	decks_dedup(st);
	for (i = 0; i < st->nnts; i++) {
		if (!st->nts[i].used)
			continue;
		if (++used > MAX_NOTETYPES) {
			member_error(r, st->member, "notes use more than %d "
			    "notetypes", MAX_NOTETYPES);
			return -1;
		}
		if (notetype_check(r, &st->nts[i]) == -1 ||
		    notetype_rename(r, i) == -1)
			return -1;
	}
	return 0;
}

static void
media_add(struct apkg_state *st, const char *member, char *name)
{
	struct apkg_media	*m;

	st->media = cp_xgrow(st->media, st->nmedia, sizeof(*st->media));
	m = &st->media[st->nmedia++];
	memset(m, 0, sizeof(*m));
	m->member = cp_xstrdup(member);
	m->name = name;
}

/* Latest layout: MediaEntries, entry i being member "i". */
static int
media_protobuf(struct cp_reader *r, struct cp_buf *b)
{
	struct apkg_state	*st = r->state;
	struct apkg_media	*m;
	struct cp_pb		 pb, e;
	struct cp_pb_field	 f, g;
	char			 member[24];
	int			 k, ke;

	cp_pb_init(&pb, b->data, b->len);
	while ((k = cp_pb_next(&pb, &f)) == 1) {
		if (f.num != 1)
			continue;
		if (f.wt != 2) {
			k = -1;
			break;
		}
		e = f.sub;
		if (st->nmedia >= MAX_MEMBERS) {
			member_error(r, "media", "more than %llu entries",
			    MAX_MEMBERS);
			return -1;
		}
		snprintf(member, sizeof(member), "%zu", st->nmedia);
		media_add(st, member, NULL);
		m = &st->media[st->nmedia - 1];
		m->has_sum = 1;
		while ((ke = cp_pb_next(&e, &g)) == 1) {
			if (g.num == 1)
				ke = cp_pb_take_string(&g, &m->name);
			else if (g.num == 2)
				ke = cp_pb_uint(&g, &m->size);
			else if (g.num == 3 && g.wt == 2 &&
			    g.sub.end - g.sub.p == sizeof(m->sha1))
				memcpy(m->sha1, g.sub.p, sizeof(m->sha1));
			else if (g.num == 3)
				ke = -1;
			if (ke == -1)
				break;
		}
		if (ke == -1) {
			member_error(r, "media", "bad protobuf in entry %s",
			    member);
			return -1;
		}
		if (m->name == NULL)
			m->name = cp_xstrdup("");
	}
	if (k == -1) {
		member_error(r, "media", "bad protobuf");
		return -1;
	}
	return 0;
}

/* Legacy layouts: a JSON object from member name to file name. */
static int
media_json(struct cp_reader *r, struct cp_buf *b)
{
	struct apkg_state	*st = r->state;
	cJSON			*j, *v;
	const char		*key;
	char			*pk;

	if ((j = json_object_of(r, "media", "bad JSON", b->data, b->len)) ==
	    NULL)
		return -1;
	if (cJSON_GetArraySize(j) > (int)MAX_MEMBERS) {
		member_error(r, "media", "more than %llu entries",
		    MAX_MEMBERS);
		cJSON_Delete(j);
		return -1;
	}
	cJSON_ArrayForEach(v, j) {
		key = v->string;
		if (!is_index(key) || !cJSON_IsString(v)) {
			pk = cp_printable(key);
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
			    "member media: entry \"%s\" is not a member "
			    "number and a file name; ignored", pk);
			free(pk);
			continue;
		}
		media_add(st, key, cp_xstrdup(v->valuestring));
	}
	cJSON_Delete(j);
	return 0;
}

/*
 * The media map is read and checked whether or not media are extracted,
 * so that a damaged one is an error either way.  It may be absent.
 */
static int
media_read(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct cp_buf		 b = { 0 };
	zip_int64_t		 idx;
	int			 rc;

	if ((idx = member_find(st, "media")) == -1)
		return 0;
	if (member_slurp(r, (zip_uint64_t)idx, "media", st->latest,
	    &b) == -1) {
		cp_buf_free(&b);
		return -1;
	}
	rc = st->latest ? media_protobuf(r, &b) : media_json(r, &b);
	cp_buf_free(&b);
	return rc;
}

/*
 * A media name is created in the media folder only when media.c finds it
 * safe (no "..", no absolute or hidden name, ...) and it is one plain
 * component: Anki's media folder has no subfolders.
 */
static const char *
media_name_unsafe(const char *s)
{
	const char	*why;

	if ((why = cp_media_name_refused(s)) == NULL && strchr(s, '/') != NULL)
		why = "a path";
	return why;
}

/* Compares two open files from the start; 1 when equal. */
static int
same_content(int a, int b)
{
	char	 ba[65536], bb[65536];
	ssize_t	 na, nb;
	off_t	 off = 0;

	for (;;) {
		na = pread(a, ba, sizeof(ba), off);
		nb = pread(b, bb, sizeof(bb), off);
		if (na == -1 || nb == -1 || na != nb ||
		    memcmp(ba, bb, (size_t)na) != 0)
			return 0;
		if (na == 0)
			return 1;
		off += na;
	}
}

static void
media_warn(struct cp_reader *r, const struct apkg_media *m,
    const char *fmt, const char *arg)
{
	char	*pn = cp_printable(m->name), *msg;
	size_t	 n = strlen(fmt) + strlen(arg) + 1;

	msg = cp_xmalloc(n);
	snprintf(msg, n, fmt, arg);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
	    "member %s: media file \"%s\" %s", m->member, pn, msg);
	free(msg);
	free(pn);
}

/*
 * Extracts one media file into the folder dfd.  The data goes to a
 * private file in the folder first and is then linked under its name:
 * link() never replaces and never follows a symbolic link there, so an
 * existing file is left alone (compared, and reported if it differs) and
 * a partial file never appears under a media name.
 */
static int
media_extract_one(struct cp_reader *r, int dfd, struct apkg_media *m,
    zip_uint64_t idx)
{
	struct apkg_state	*st = r->state;
	struct cp_zip_sink	 k = { -1, NULL, 0, MAX_MEDIA_FILE, NULL };
	struct stat		 sb;
	unsigned char		 md[CP_DIGEST_MAX];
	size_t			 mdlen = 0;
	char			 tmp[64];
	int			 i, rc = -1, efd, slot;

	for (i = 0; i < 100 && k.fd == -1; i++) {
		snprintf(tmp, sizeof(tmp), ".apkg2cards-%ld-%d-%zu",
		    (long)getpid(), i, (size_t)(m - st->media));
		k.fd = openat(dfd, tmp, O_RDWR | O_CREAT | O_EXCL |
		    O_NOFOLLOW | O_CLOEXEC, 0666);
		if (k.fd == -1 && errno != EEXIST)
			break;
	}
	if (k.fd == -1) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->opts.media_dir, 0, 0,
		    "%s", strerror(errno));
		return -1;
	}
	slot = cp_temporary_add(dfd, tmp, 0);
	if (MAX_MEDIA_TOTAL - st->media_total < k.cap)
		k.cap = MAX_MEDIA_TOTAL - st->media_total;
	if (m->has_sum)
		k.sha1 = cp_digest_begin(CP_SHA1);
	if (cp_zip_member_copy(r->rep, r->name, st->zip, idx, m->member,
	    st->latest, &k) == -1)
		goto out;
	st->media_total += k.len;
	if (k.sha1 != NULL)
		mdlen = cp_digest_end(k.sha1, md);
	if (m->has_sum && (k.len != m->size || mdlen != sizeof(m->sha1) ||
	    memcmp(md, m->sha1, sizeof(m->sha1)) != 0)) {
		media_warn(r, m, "does not match the size and SHA-1 the media "
		    "map gives it; not extracted%s", "");
		rc = 0;
		goto out;
	}
	if (linkat(dfd, tmp, dfd, m->name, 0) == 0) {
		rc = 0;
		goto out;
	}
	if (errno != EEXIST) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->opts.media_dir, 0, 0,
		    "%s: %s", m->name, strerror(errno));
		goto out;
	}
	rc = 0;
	/* O_NONBLOCK: a FIFO of that name must not stop us. */
	if ((efd = openat(dfd, m->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) == -1 || fstat(efd, &sb) == -1 ||
	    !S_ISREG(sb.st_mode))
		media_warn(r, m, "exists in %s but is no regular file; kept "
		    "it", r->opts.media_dir);
	else if (!same_content(efd, k.fd))
		media_warn(r, m, "exists in %s with other content; kept the "
		    "existing one", r->opts.media_dir);
	if (efd != -1)
		close(efd);
out:
	close(k.fd);
	unlinkat(dfd, tmp, 0);
	cp_temporary_forget(slot);
	return rc;
}

static int
media_name_cmp(const void *a, const void *b)
{
	const struct apkg_media	*x = *(const struct apkg_media *const *)a;
	const struct apkg_media	*y = *(const struct apkg_media *const *)b;
	int			 c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return x < y ? -1 : x > y;
}

/* Of several files of one name, the first in the map is extracted. */
static void
media_dedup(struct apkg_state *st)
{
	struct apkg_media	**v;
	size_t			 i;

	v = cp_xreallocarray(NULL, st->nmedia + 1, sizeof(*v));
	for (i = 0; i < st->nmedia; i++)
		v[i] = &st->media[i];
	qsort(v, st->nmedia, sizeof(*v), media_name_cmp);
	for (i = 1; i < st->nmedia; i++)
		if (strcmp(v[i]->name, v[i - 1]->name) == 0)
			v[i]->dup_of = v[i - 1]->dup_of != NULL ?
			    v[i - 1]->dup_of : v[i - 1]->member;
	free(v);
}

/* Opens the media folder once (creating it); files go nowhere else. */
static int
media_extract(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	const char		*dir = r->opts.media_dir, *why;
	zip_int64_t		 idx;
	size_t			 i;
	int			 dfd, rc = 0;

	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 &&
	    errno == ENOENT && mkdir(dir, 0777) == 0)
		dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd == -1) {
		cp_report(r->rep, CP_LEVEL_SYSERR, dir, 0, 0, "%s",
		    strerror(errno));
		return -1;
	}
	media_dedup(st);
	for (i = 0; i < st->nmedia && rc == 0; i++) {
		struct apkg_media	*m = &st->media[i];

		if ((why = media_name_unsafe(m->name)) != NULL) {
			media_warn(r, m, "is an unsafe name (%s); not "
			    "extracted", why);
			continue;
		}
		if (m->dup_of != NULL) {
			media_warn(r, m, "has the name of member %s too; not "
			    "extracted", m->dup_of);
			continue;
		}
		if ((idx = member_find(st, m->member)) == -1) {
			media_warn(r, m, "is missing from the package%s", "");
			continue;
		}
		rc = media_extract_one(r, dfd, m, (zip_uint64_t)idx);
	}
	close(dfd);
	return rc;
}

/*
 * Files Anki imports whatever the notes name (anki-format.md 8): those
 * templates use ("_"-named) and LaTeX renders.  They travel on the first
 * deck record, so that a package made from the stream has them too.
 */
static void
media_list(struct cp_reader *r, struct cp_deck *d)
{
	struct apkg_state	*st = r->state;
	const struct apkg_media	*m;
	size_t			 i;

	if (st->media_listed++)
		return;
	for (i = 0; i < st->nmedia; i++) {
		m = &st->media[i];
		if ((m->name[0] == '_' || strncmp(m->name, "latex-", 6) == 0)
		    && m->dup_of == NULL && media_name_unsafe(m->name) == NULL)
			cp_deck_add_media(d, m->name);
	}
}

/* Copies a notetype into the record, which owns its strings. */
static void
notetype_emit(struct cp_reader *r, const struct cp_notetype *src)
{
	struct cp_notetype	*nt = &r->rec.notetype;

	r->rec.kind = CP_RECORD_NOTETYPE;
	cp_notetype_copy(nt, src);
	if (nt->css == NULL)
		nt->css = cp_xstrdup("");
	nt->digest = cp_xmalloc(17);
	cp_notetype_digest(nt, nt->digest);
	cp_set_string(&nt->source_file, r->name);
}

/* Splits Anki's space-separated tags; U+3000 separates them too. */
static void
tags_add(struct cp_note *n, const char *s)
{
	size_t	 len;

	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' ||
		    strncmp(s, IDEOGRAPHIC_SPACE, 3) == 0)
			s += *s == ' ' || *s == '\t' || *s == '\n' ? 1 : 3;
		if (*s == '\0')
			return;
		for (len = 0; s[len] != '\0' && s[len] != ' ' &&
		    s[len] != '\t' && s[len] != '\n' &&
		    strncmp(s + len, IDEOGRAPHIC_SPACE, 3) != 0; len++)
			;
		{
			char	*t = cp_xstrndup(s, len);

			cp_note_add_tag(n, t);
			free(t);
		}
		s += len;
	}
}

/* The name of deck did as the stream spells it. */
static const char *
deck_name(struct apkg_state *st, int64_t did)
{
	struct apkg_deck	*d;

	if ((d = deck_find(st, did)) == NULL)
		d = fallback_deck(st);
	return d->name;
}

/*
 * The revlog statement's card (nid, ord and id, its columns 0 to 2)
 * against the cards statement's (columns 0, 1 and 3): -1, 0 or 1.
 */
static int
card_key_cmp(sqlite3_stmt *l, sqlite3_stmt *c)
{
	static const int	 ccol[] = { 0, 1, 3 };
	sqlite3_int64		 x, y;
	int			 i;

	for (i = 0; i < 3; i++) {
		x = sqlite3_column_int64(l, i);
		y = sqlite3_column_int64(c, ccol[i]);
		if (x != y)
			return x < y ? -1 : 1;
	}
	return 0;
}

/*
 * The review log of the card at the cards statement: the revlog
 * statement goes by card in the cards statement's order, so each is
 * read once, past the answers of cards not listed.
 */
static void
revlog_add(struct cp_reader *r, struct cp_card *card, int64_t nid)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*l = st->revlog;
	struct cp_revlog	 e;
	const char		*why, *key;
	int			 cmp;

	for (; st->revlog_step == SQLITE_ROW; st->revlog_step =
	    sqlite3_step(l)) {
		if ((cmp = card_key_cmp(l, st->cards)) > 0)
			break;
		if (cmp < 0)
			continue;
		e.id = sqlite3_column_int64(l, 3);
		e.ease = sqlite3_column_int64(l, 4);
		e.ivl = sqlite3_column_int64(l, 5);
		e.last_ivl = sqlite3_column_int64(l, 6);
		e.factor = sqlite3_column_int64(l, 7);
		e.time = sqlite3_column_int64(l, 8);
		e.type = sqlite3_column_int64(l, 9);
		/* Learning had three buttons: Good was 2, Easy 3. */
		if (st->v1 && (e.ease == 2 || e.ease == 3) &&
		    (e.type == 0 || e.type == 2))
			e.ease++;
		if ((why = cp_revlog_invalid(&e, &key)) != NULL)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->noteno, 0, "member %s: note %lld: card %u: "
			    "review log entry %lld: \"%s\" is %s; not carried",
			    st->member, (long long)nid, card->ord,
			    (long long)e.id, key, why);
		else
			cp_card_add_revlog(card, &e);
	}
}

/*
 * --scheduling: the scheduling of the card at the cards statement, as
 * it would be in its home deck (as Anki empties a filtered deck,
 * remove_from_filtered_deck_restoring_queue()), with a due counted in
 * days made a day since 1970 (struct cp_sched).  Values Anki would not
 * take leave the card new, reported.
 */
static void
card_sched(struct cp_reader *r, struct cp_card *card, int64_t nid)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*c = st->cards;
	struct cp_sched		 s;
	const char		*why, *key;
	long long		 odue;
	char			*data;

	s.type = (int)sqlite3_column_int64(c, 4);
	s.queue = (int)sqlite3_column_int64(c, 5);
	s.due = sqlite3_column_int64(c, 6);
	s.ivl = sqlite3_column_int64(c, 7);
	s.factor = sqlite3_column_int64(c, 8);
	s.reps = sqlite3_column_int64(c, 9);
	s.lapses = sqlite3_column_int64(c, 10);
	s.left = sqlite3_column_int64(c, 11);
	odue = sqlite3_column_int64(c, 12);
	s.flags = sqlite3_column_int64(c, 14);
	if (sqlite3_column_int64(c, 4) != s.type ||
	    sqlite3_column_int64(c, 5) != s.queue)
		s.type = -1;	/* beyond int: refused below */
	if (st->v1 && s.type == 2 && (s.queue == 1 || s.queue == 3))
		s.type = 3;	/* relearning had no type of its own */
	if (sqlite3_column_int64(c, 13) != 0) {
		if (odue != 0)
			s.due = odue;
		if (s.queue >= 0)
			s.queue = s.type == 0 ? 0 : s.type == 2 ? 2 :
			    s.due > 1000000000 ? 1 : 3;
	}
	/* A due beyond Anki's 32 bits is no day: -1 is refused below. */
	if (cp_sched_due_is_day(s.type, s.queue))
		s.due = s.due < -2147483648LL || s.due > 2147483647LL ? -1 :
		    s.due + st->day0;
	data = db_text(r, c, 15, "a card's data", st->noteno);
	s.data = *data != '\0' ? data : NULL;
	if ((why = cp_sched_invalid(&s, &key)) != NULL)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->noteno, 0,
		    "member %s: note %lld: card %u: scheduling \"%s\" is %s; "
		    "carried as a new card", st->member, (long long)nid,
		    card->ord, key, why);
	else
		cp_card_set_sched(card, &s);
	free(data);
	revlog_add(r, card, nid);
}

/* Moves the cards statement past the cards of notes before nid. */
static void
cards_seek(struct apkg_state *st, int64_t nid)
{
	while (st->cards_step == SQLITE_ROW &&
	    sqlite3_column_int64(st->cards, 0) < nid)
		st->cards_step = sqlite3_step(st->cards);
}

/*
 * Lists the cards of note nid, which the cards statement reaches in
 * step with the notes: both go by note id.  A card in the note's deck
 * names none.
 */
static int
cards_add(struct cp_reader *r, struct cp_note *n, int64_t nid)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*c = st->cards;
	const char		*deck;
	sqlite3_int64		 ord;

	cards_seek(st, nid);
	for (; st->cards_step == SQLITE_ROW &&
	    sqlite3_column_int64(c, 0) == nid;
	    st->cards_step = sqlite3_step(c)) {
		if ((ord = sqlite3_column_int64(c, 1)) < 0 ||
		    ord >= CP_ANKI_MAX_CLOZE) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->noteno, 0, "member %s: note %lld: a card of "
			    "ordinal %lld, beyond Anki's 0 to %d; not listed",
			    st->member, (long long)nid, (long long)ord,
			    CP_ANKI_MAX_CLOZE - 1);
			continue;
		}
		deck = r->opts.deck != NULL ? NULL :
		    deck_name(st, sqlite3_column_int64(c, 2));
		if (deck != NULL && strcmp(deck, n->deck) == 0)
			deck = NULL;
		cp_note_add_card(n, (unsigned int)ord, deck);
		if (r->opts.scheduling)
			card_sched(r, &n->cards[n->ncards - 1], nid);
	}
	if ((st->cards_step != SQLITE_ROW && st->cards_step != SQLITE_DONE) ||
	    (st->revlog != NULL && st->revlog_step != SQLITE_ROW &&
	    st->revlog_step != SQLITE_DONE)) {
		member_error(r, st->member, "%s", sqlite3_errmsg(st->db));
		st->cards_step = SQLITE_ERROR;
		return -1;
	}
	return 0;
}

/* The digest of the note's content as the package holds it. */
static void
note_digest(struct cp_note *n, const char *flds)
{
	struct cp_buf	 b = { 0 };
	size_t		 i;

	cp_buf_addstr(&b, "");
	for (i = 0; i < n->ntags; i++) {
		if (i > 0)
			cp_buf_addc(&b, ' ');
		cp_buf_addstr(&b, n->tags[i]);
	}
	n->digest = cp_xmalloc(17);
	cp_note_digest(flds, strlen(flds), b.data, b.len, n->digest);
	cp_buf_free(&b);
}

/*
 * Builds the note of the current row; 0, or -1 when the note is skipped
 * (reported), or the package cannot be read further (reported).
 */
static int
note_build(struct cp_reader *r, sqlite3_stmt *s)
{
	struct apkg_state	*st = r->state;
	struct cp_note		*n = &r->rec.note;
	struct apkg_notetype	*nt;
	struct apkg_deck	*d;
	struct cp_field_at	 at;
	struct cp_buf		 where = { 0 };
	unsigned long		 line = st->noteno;
	char			*flds, *p, *sep, *tags, *v;
	size_t			 count, i;

	r->rec.kind = CP_RECORD_NOTE;
	if ((nt = nt_find(st, sqlite3_column_int64(s, 2))) == NULL) {
		cp_report(r->rep, CP_LEVEL_ERROR, r->name, line, 0,
		    "member %s: note %lld: its notetype %lld is missing; "
		    "skipped", st->member, sqlite3_column_int64(s, 0),
		    sqlite3_column_int64(s, 2));
		return -1;
	}
	flds = db_text(r, s, 4, "a note's fields", line);
	for (count = 1, p = flds; (p = strchr(p, '\x1f')) != NULL; p++)
		count++;
	if (count != nt->nt.nfields) {
		v = cp_printable(nt->nt.name);
		cp_report(r->rep, CP_LEVEL_ERROR, r->name, line, 0,
		    "member %s: note %lld has %zu fields, but its notetype "
		    "\"%s\" has %zu; skipped", st->member,
		    sqlite3_column_int64(s, 0), count, v, nt->nt.nfields);
		free(v);
		free(flds);
		return -1;
	}
	n->notetype = cp_xstrdup(nt->nt.name);
	n->notetype_id = nt->id > 0 ? nt->id : 0;
	tags = db_text(r, s, 3, "a note's tags", line);
	tags_add(n, tags);
	free(tags);
	note_digest(n, flds);
	n->id = sqlite3_column_int64(s, 0);
	if (n->id <= 0)
		n->id = 0;
	n->mod = sqlite3_column_int64(s, 5);
	if (n->mod <= 0)
		n->mod = 0;
	if (r->opts.deck != NULL)
		n->deck = cp_xstrdup(r->opts.deck);
	else {
		/*
		 * The deck of its card with the lowest ord, the first the
		 * cards statement has for it.  A card in a filtered deck
		 * counts in that deck, as Anki's importer keeps it there
		 * (with --scheduling, in its home deck).  Read in step, not
		 * joined: SQLite scanned a joined list of first cards once
		 * per note, 11 s for 20000 notes.
		 */
		cards_seek(st, sqlite3_column_int64(s, 0));
		d = st->cards_step != SQLITE_ROW ||
		    sqlite3_column_int64(st->cards, 0) !=
		    sqlite3_column_int64(s, 0) ? NULL :
		    deck_find(st, sqlite3_column_int64(st->cards, 2));
		if (d == NULL)
			d = fallback_deck(st);
		n->deck = cp_xstrdup(d->name);
	}
	for (i = 0, p = flds; i < count; i++, p = sep + 1) {
		if ((sep = strchr(p, '\x1f')) != NULL)
			*sep = '\0';
		if (r->opts.convert_markup && r->opts.markup != CP_MARKUP_HTML) {
			/* A package's field name may hold controls. */
			v = cp_printable(nt->nt.fields[i]);
			cp_buf_reset(&where);
			cp_buf_printf(&where, "field \"%s\"", v);
			free(v);
			at.rep = r->rep;
			at.file = r->name;
			at.line = line;
			at.where = where.data;
			v = cp_markup_convert(p, CP_MARKUP_HTML,
			    r->opts.markup, &at);
			cp_note_add_field(n, nt->nt.fields[i], v);
			free(v);
		} else
			cp_note_add_field(n, nt->nt.fields[i], p);
		if (sep == NULL)
			break;
	}
	cp_buf_free(&where);
	free(flds);
	n->markup = r->opts.convert_markup ? r->opts.markup : CP_MARKUP_HTML;
	n->guid = db_text(r, s, 1, "a note's guid", line);
	if (*n->guid == '\0') {
		free(n->guid);
		n->guid = NULL;
	}
	n->source_file = cp_xstrdup(r->name);
	n->source_line = line;
	return cards_add(r, n, sqlite3_column_int64(s, 0));
}

static int
apkg_next(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	struct apkg_deck	*d;
	int			 step;

	while (st->next_nt < st->nnts)
		if (st->nts[st->next_nt++].used) {
			notetype_emit(r, &st->nts[st->next_nt - 1].nt);
			if (st->nts[st->next_nt - 1].id > 0)
				r->rec.notetype.id = st->nts[st->next_nt - 1].id;
			return 1;
		}
	if (r->opts.deck != NULL && !st->override_done) {
		st->override_done = 1;
		r->rec.kind = CP_RECORD_DECK;
		r->rec.deck.name = cp_xstrdup(r->opts.deck);
		r->rec.deck.source_file = cp_xstrdup(r->name);
		media_list(r, &r->rec.deck);
		return 1;
	}
	while (r->opts.deck == NULL && st->next_deck < st->ndecks) {
		d = &st->decks[st->next_deck++];
		if (!d->used || d->dup)
			continue;
		r->rec.kind = CP_RECORD_DECK;
		r->rec.deck.name = cp_xstrdup(d->name);
		/* Anki puts the cards of a deck 1 in its own deck 1. */
		r->rec.deck.id = d->id > 0 && !d->unnamed ? d->id : 0;
		cp_set_string(&r->rec.deck.description, d->desc);
		r->rec.deck.source_file = cp_xstrdup(r->name);
		media_list(r, &r->rec.deck);
		return 1;
	}
	for (;;) {
		if ((step = sqlite3_step(st->notes)) == SQLITE_DONE)
			return 0;
		if (step != SQLITE_ROW) {
			member_error(r, st->member, "%s",
			    sqlite3_errmsg(st->db));
			return -1;
		}
		st->noteno++;
		if (note_build(r, st->notes) == 0)
			return 1;
		cp_record_clear(&r->rec);
		if (st->cards_step != SQLITE_ROW &&
		    st->cards_step != SQLITE_DONE)
			return -1;
	}
}

static void
apkg_close(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	size_t			 i;

	if (st == NULL)
		return;
	sqlite3_finalize(st->notes);
	sqlite3_finalize(st->cards);
	sqlite3_finalize(st->revlog);
	sqlite3_close(st->db);
	if (st->dbpath != NULL) {
		unlink(st->dbpath);
		cp_temporary_forget(st->dbslot);
		free(st->dbpath);
	}
	if (st->zip != NULL)
		zip_discard(st->zip);
	free(st->pkg);
	for (i = 0; i < st->nnts; i++)
		cp_notetype_clear(&st->nts[i].nt);
	free(st->nts);
	for (i = 0; i < st->ndecks; i++) {
		free(st->decks[i].name);
		free(st->decks[i].desc);
	}
	free(st->decks);
	free(st->unnamed);
	for (i = 0; i < st->nmedia; i++) {
		free(st->media[i].member);
		free(st->media[i].name);
	}
	free(st->media);
	free(st);
	r->state = NULL;
}

/*
 * --scheduling: the day the collection counts review dues from, as
 * Anki's scheduler (timing.rs) counts them.  With creationOffset (minutes
 * west of UTC when the collection was made) day 0 is crt's date there;
 * older collections count from crt's date here.  Anki's importer keeps
 * the days between a due and today, so a due carried as a date lands on
 * the same date (cards(5)).
 *
 * And whether the collection is of Anki's first scheduler (schedVer 1
 * or none), which Anki's importer upgrades before it takes a scheduled
 * card (upgrade.rs, v2_upgrade.sql): the stream carries the cards and
 * the log as they are after that, as cards2apkg writes a v2 collection.
 */
#define CONFIG_INT(key) \
	"SELECT CASE WHEN json_valid(v) THEN json_extract(v, '$') END " \
	"FROM (SELECT CAST(val AS TEXT) AS v FROM config WHERE key = '" \
	key "')"

static int
day0_read(struct cp_reader *r)
{
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*s;
	sqlite3_int64		 crt, west = 0;
	int			 known = 0, step;
	struct tm		 tm;
	time_t			 t;

	if ((s = db_prepare(r, st->schema == 11 ? "SELECT crt, CASE WHEN "
	    "json_valid(conf) THEN json_extract(conf, '$.creationOffset') "
	    "END, CASE WHEN json_valid(conf) THEN json_extract(conf, "
	    "'$.schedVer') END, EXISTS (SELECT 1 FROM cards WHERE queue != 0) "
	    "FROM col" : "SELECT crt, (" CONFIG_INT("creationOffset") "), ("
	    CONFIG_INT("schedVer") "), EXISTS (SELECT 1 FROM cards WHERE "
	    "queue != 0) FROM col")) == NULL)
		return -1;
	if ((step = sqlite3_step(s)) != SQLITE_ROW)
		return db_done(r, s, step);
	crt = sqlite3_column_int64(s, 0);
	if (sqlite3_column_type(s, 1) == SQLITE_INTEGER) {
		west = sqlite3_column_int64(s, 1);
		known = west >= -24 * 60 && west <= 24 * 60;
	}
	st->v1 = sqlite3_column_int64(s, 3) != 0 &&
	    (sqlite3_column_type(s, 2) != SQLITE_INTEGER ||
	    sqlite3_column_int64(s, 2) == 1);
	sqlite3_finalize(s);
	if (crt < 0 || crt > INT64_C(253402300799)) {
		member_error(r, st->member, "col.crt, %lld, is not a time in "
		    "seconds, so review dues have no date", (long long)crt);
		return -1;
	}
	if (known) {
		crt -= west * 60;	/* may be below 0: days round down */
		st->day0 = crt >= 0 ? crt / 86400 : -((-crt + 86399) / 86400);
		return 0;
	}
	t = (time_t)crt;
	if (localtime_r(&t, &tm) == NULL) {
		member_error(r, st->member, "col.crt, %lld, has no local date",
		    (long long)crt);
		return -1;
	}
	st->day0 = cp_day_from_civil(tm.tm_year + 1900LL, tm.tm_mon + 1LL,
	    tm.tm_mday);
	return 0;
}

/*
 * --scheduling: the cards' scheduling columns and the review log, by
 * card in the order the cards are listed: SQLite sorts the log once
 * (n log n), where looking each card's answers up would read the log
 * in the order of card ids.
 */
static int
sched_open(struct cp_reader *r)
{
	static const char *const tables[] = { "revlog", "config", NULL };
	struct apkg_state	*st = r->state;
	sqlite3_stmt		*s;
	sqlite3_int64		 orphans;
	int			 step;

	if (tables_check(r, tables) == -1 || day0_read(r) == -1)
		return -1;
	if ((s = db_prepare(r, "SELECT count(*) FROM revlog WHERE cid NOT IN "
	    "(SELECT id FROM cards)")) == NULL)
		return -1;
	if ((step = sqlite3_step(s)) == SQLITE_ROW &&
	    (orphans = sqlite3_column_int64(s, 0)) > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
		    "member %s: %lld review log entries are of cards the "
		    "package does not hold; not carried, as Anki does not "
		    "import them", st->member, (long long)orphans);
	if (step == SQLITE_ROW)
		step = sqlite3_step(s);
	if (db_done(r, s, step) == -1)
		return -1;
	if ((st->cards = db_prepare(r, "SELECT nid, ord, " HOME_DID ", id, "
	    "type, queue, due, ivl, factor, reps, lapses, left, odue, odid, "
	    "flags, data FROM cards ORDER BY nid, ord, id")) == NULL ||
	    (st->revlog = db_prepare(r, "SELECT c.nid, c.ord, c.id, r.id, "
	    "r.ease, r.ivl, r.lastIvl, r.factor, r.time, r.type FROM revlog "
	    "AS r JOIN cards AS c ON c.id = r.cid ORDER BY c.nid, c.ord, "
	    "c.id, r.id")) == NULL)
		return -1;
	st->revlog_step = sqlite3_step(st->revlog);
	return 0;
}

int
cp_read_apkg_open(struct cp_reader *r)
{
	static const char *const tables[] = {
		"col", "notes", "cards", "notetypes", "fields", "templates",
		"decks", NULL
	};
	struct apkg_state	*st;

	r->state = st = cp_xcalloc(1, sizeof(*st));
	r->next = apkg_next;
	r->close = apkg_close;
	if (package_open(r) == -1 || members_check(r) == -1 ||
	    meta_check(r) == -1 || collection_open(r) == -1 ||
	    tables_check(r, tables) == -1 || collection_read(r) == -1 ||
	    mark_used(r) == -1 ||
	    media_read(r) == -1)
		return -1;
	if (r->opts.media_dir != NULL && media_extract(r) == -1)
		return -1;
	if ((st->notes = db_prepare(r, "SELECT id, guid, mid, tags, flds, mod "
	    "FROM notes ORDER BY id")) == NULL)
		return -1;
	if (r->opts.scheduling ? sched_open(r) == -1 :
	    (st->cards = db_prepare(r, "SELECT nid, ord, did FROM cards "
	    "ORDER BY nid, ord")) == NULL)
		return -1;
	st->cards_step = sqlite3_step(st->cards);
	return 0;
}

/*
 * A zip whose first entries, named in the head, include a collection;
 * any other zip may still be a package written in another order.
 */
int
cp_read_apkg_bid(const char *head, size_t len)
{
	static const char	 col[] = "collection.anki2";	/* and 21, 21b */
	size_t			 i;

	if (len < 4 || memcmp(head, "PK\3\4", 4) != 0)
		return 0;
	for (i = 4; i + sizeof(col) - 1 <= len; i++)
		if (memcmp(head + i, col, sizeof(col) - 1) == 0)
			return 100;
	return 30;
}
