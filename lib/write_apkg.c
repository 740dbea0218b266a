/*
 * write_apkg.c: Anki deck packages (.apkg) in the legacy layout that
 * every Anki since 2.1 and AnkiDroid import: a schema-11 SQLite file
 * named collection.anki2, a JSON media map and numbered media members.
 *
 * Notes go into SQLite as they arrive, through a worker thread; only
 * notetypes, decks, a 64-bit hash per guid and the media names are kept,
 * so memory stays small however long the deck.  The database is built
 * in a private folder, deflated once SQLite has closed it (zip.c),
 * zipped there, and copied to the output when everything went well.
 *
 * Media are looked for in the folder the caller names for the records at
 * hand (cp_write_media_dir()), through media.c only, and opened again
 * the same way when they are zipped, one at a time.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>
#include <sqlite3.h>
#include <zip.h>

#include "internal.h"
#include "anki_model.h"
#include "zip_member.h"

/*
 * 16 KiB pages deflate best (17.6 MB against 17.9 MB for 4 KiB and
 * 18.4 MB for 64 KiB pages) and keep the sorter of CREATE INDEX, which
 * takes at least 250 pages per thread, at 4 MiB each: 64 KiB pages made
 * it 16 MiB each and 1M notes took 75 MiB.  Loading in rowid order only
 * touches the rightmost path of each table, so a small cache does.
 */
#define DB_PAGE_SIZE	"16384"
#define DB_CACHE_KIB	"-4096"

/* Notes in flight between the reading thread and the worker. */
#define QUEUE_LEN	512
#define QUEUE_BATCH	128

/*
 * Each definition of one notetype name is named with one more "+": a
 * limit documented in cards2apkg(1), as the names grow as deck levels do.
 */
#define MAX_RENAMES	100

struct notetype {
	struct cp_anki_notetype	 m;
	char			*key;	/* the name notes use */
	int			 from_record;
	long long		 mod;	/* written: notetype_mod() */
};

#define NONE	((size_t)-1)

struct deck {
	char		*name;
	int64_t		 id;
	char		*desc;	/* HTML, or NULL */
	int		 used;	/* a card is in it: its id is final */
};

struct media {
	char		*name;	/* flat, as packed and as fields say */
	char		*path;	/* below its folder */
	size_t		 root;	/* the index of its folder in roots */
	dev_t		 dev;
	ino_t		 ino;
	off_t		 size;	/* when it was named: it must not change */
	int		 compressed;	/* already compressed: stored as is */
};

/* A reference met in a folder: the media it is, or NMEDIA if refused. */
struct media_seen {
	char		*key;	/* root index, '/', the reference */
	size_t		 media;
};
#define NMEDIA	((size_t)-1)

/* A folder media are looked for in. */
struct media_root {
	char		*dir;
	int		 private;	/* a package's, extracted in ours */
};

struct job;

struct apkg {
	char		*dir;	/* the private temporary folder */
	char		*dbpath;
	char		*zippath;
	char		*dbzpath;	/* the database, deflated */
	struct cp_zip_file dbz;	/* and its sizes and CRC */
	int		 tmpslot[5];	/* cp_temporary_add() of these */
	int		 ntmpslots;
	sqlite3		*db;
	sqlite3_stmt	*ins_note;
	sqlite3_stmt	*ins_card;
	sqlite3_stmt	*ins_revlog;
	int		 sched;	/* a card carries scheduling or a log */
	int		 failed;	/* a database error was reported */
	long long	 mod;	/* seconds, for every row and object */
	int64_t		 first_nid;	/* ids given are first_nid to next_nid - 1 */
	int64_t		 next_nid;
	int64_t		 next_cid;
	long		 pos;	/* new-card position of the next note */

	struct notetype	**nts;	/* each allocated alone: jobs hold them */
	size_t		 nnts;
	struct cp_ntscope scope;	/* the notetype each note means */
	struct cp_hashmap nt_keys;	/* index of each notetype by key */
	struct cp_hashmap nt_names;	/* and by name in lower case */
	struct cp_hashmap renames;	/* "+"s last given to a name */
	struct cp_hashmap nt_ids;	/* index of each notetype by id */
	struct deck	*decks;
	size_t		 ndecks;
	size_t		 last_deck;	/* notes come in runs of one deck */
	struct cp_hashmap deck_names;	/* index of each deck */
	struct cp_hashmap deck_ids;	/* and by id, once it had it */
	struct cp_hashset note_ids;	/* the stream's note ids kept so far */
	struct cp_hashset revlog_ids;	/* and review log ids */

	struct cp_guids	 guids;
	/*
	 * References met in each folder (each looked up and reported
	 * once), and the media packed by flat name and by device and
	 * inode: one file named twice is packed once, under one name.
	 */
	struct media_seen *seen;
	size_t		 nseen;
	struct cp_hashmap media_refs;	/* index in seen */
	struct cp_hashmap media_names;	/* index in media */
	struct cp_hashmap media_files;	/* index in media */
	struct media	*media;
	size_t		 nmedia;
	struct media_root *roots;	/* the last is the one in use */
	size_t		 nroots;
	int		 rootfd;	/* of roots[rootfd_of], or -1 */
	size_t		 rootfd_of;
	char		*privdir;	/* holds the private roots, or NULL */
	size_t		 nprivate;
	const char	*pack_name;	/* a media file that failed to zip */
	const char	*pack_why;

	struct cp_buf	 flds;	/* the worker's */
	struct cp_buf	 tags;

	pthread_t	 thread;
	int		 running;
	pthread_mutex_t	 mu;
	pthread_cond_t	 nonempty, nonfull;
	struct job	*pend, **ptail;	/* the reading thread's batch */
	size_t		 plen;
	struct job	*q, **qtail;	/* handed over, under mu */
	size_t		 qlen;
	int		 qdone;
	const char	*werr;	/* what the worker failed at, or NULL */
	char		*wmsg;	/* and SQLite's message */
};

static void
db_error(struct cp_writer *w, const char *what)
{
	struct apkg	*a = w->state;

	cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "%s: %s", what,
	    a->db != NULL ? sqlite3_errmsg(a->db) : "out of memory");
	a->failed = 1;
}

static int
db_exec(struct cp_writer *w, const char *sql)
{
	struct apkg	*a = w->state;

	if (sqlite3_exec(a->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
		db_error(w, "sqlite");
		return -1;
	}
	return 0;
}

/*
 * Ids come from the stream, so they are hashed as any key the input
 * controls is (internal.h).
 */
static uint64_t
id_hash(int64_t id)
{
	uint64_t	 h = cp_hash64(&id, sizeof(id));

	return h == 0 ? 1 : h;	/* 0 is no hash to a cp_hashset */
}

static int
notetype_id_taken(struct apkg *a, int64_t id)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->nt_ids, id_hash(id), &pos)) != NULL)
		if (a->nts[*v]->m.id == id)
			return 1;
	return 0;
}

static int
deck_id_taken(struct apkg *a, int64_t id)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->deck_ids, id_hash(id), &pos)) !=
	    NULL)
		if (a->decks[*v].id == id)
			return 1;
	return 0;
}

/*
 * The index of a notetype written from a record under def's name, of
 * the same definition, or NONE: one notetype met again (several packages
 * of one collection in a batch) is written once.
 */
static size_t
notetype_same(struct apkg *a, const struct cp_notetype *def)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->nt_keys, cp_hash64(def->name,
	    strlen(def->name)), &pos)) != NULL)
		if (a->nts[*v]->from_record &&
		    strcmp(a->nts[*v]->key, def->name) == 0 &&
		    cp_anki_notetype_same(&a->nts[*v]->m.def, def))
			return *v;
	return NONE;
}

/* Does a notetype in the package have this name, ignoring ASCII case? */
static int
notetype_named(struct apkg *a, const char *name)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->nt_names, cp_anki_name_hash(name,
	    strlen(name)), &pos)) != NULL)
		if (strcasecmp(a->nts[*v]->m.def.name, name) == 0)
			return 1;
	return 0;
}

/*
 * name, with '+' appended until no notetype in the package has it, or
 * NULL past MAX_RENAMES.  Names are never taken back, so the count
 * resumes where it last stopped for this name: starting from one "+"
 * each time made n definitions take n cubed steps, 41 s for 2000.
 */
static char *
notetype_unique_name(struct apkg *a, const char *name)
{
	struct cp_buf	 b = { 0 };
	uint64_t	 base = cp_anki_name_hash(name, strlen(name));
	size_t		 k, pos = 0, *last;

	if ((last = cp_hashmap_next(&a->renames, base, &pos)) == NULL) {
		cp_hashmap_add(&a->renames, base, 0);
		pos = 0;
		last = cp_hashmap_next(&a->renames, base, &pos);
	}
	cp_buf_addstr(&b, name);
	for (k = 0; k < *last; k++)
		cp_buf_addc(&b, '+');
	do {
		if (k++ == MAX_RENAMES) {
			cp_buf_free(&b);
			return NULL;
		}
		cp_buf_addc(&b, '+');
	} while (notetype_named(a, b.data));
	*last = k;
	return cp_buf_detach(&b);
}

/*
 * The modification time written for a note or notetype that the stream
 * carries mod for: that mod while it is unchanged, else one newer than
 * it, so that Anki, which updates a note or notetype it has only for a
 * newer one, takes the edit and leaves the rest alone.  Without mod,
 * the package's time.
 */
static long long
mod_kept(const struct apkg *a, long long mod, int unchanged)
{
	if (mod <= 0)
		return a->mod;
	if (unchanged || mod == LLONG_MAX)	/* none newer to give */
		return mod;
	return mod < a->mod ? a->mod : mod + 1;
}

/* A notetype's, by its digest of what is written (it may be renamed). */
static long long
notetype_mod(const struct apkg *a, const struct cp_notetype *def)
{
	char	 digest[17];

	if (def->mod <= 0 || def->digest == NULL)
		return mod_kept(a, def->mod, 1);
	cp_notetype_digest(def, digest);
	return mod_kept(a, def->mod, strcmp(digest, def->digest) == 0);
}

/*
 * Adds a copy of def, under its own name or, when another notetype in
 * the package has that name, with '+' appended as Anki would name it on
 * import, so that the two are kept apart; the caller says so.  NULL,
 * after an error at file and line, when the name has MAX_RENAMES '+'
 * already.
 */
static struct notetype *
notetype_add(struct cp_writer *w, const struct cp_notetype *def,
    int from_record, const char *file, unsigned long line)
{
	struct apkg	*a = w->state;
	struct notetype	*nt;
	char		*name = NULL;

	if (notetype_named(a, def->name) &&
	    (name = notetype_unique_name(a, def->name)) == NULL) {
		cp_report(w->rep, CP_LEVEL_ERROR, file, line, 0, "notetype "
		    "\"%s\" is defined again, differently, and has %d renamed "
		    "copies already, the most a package takes; refused",
		    def->name, MAX_RENAMES);
		return NULL;
	}
	a->nts = cp_xreallocarray(a->nts, a->nnts + 1, sizeof(*a->nts));
	nt = a->nts[a->nnts] = cp_xcalloc(1, sizeof(*nt));
	cp_anki_notetype_init(&nt->m, def, name);
	nt->mod = notetype_mod(a, &nt->m.def);
	/*
	 * The id Anki knows it by, when the stream carries one: Anki
	 * matches notetypes by id alone (anki-format.md 6).
	 */
	if (def->id > 0 && !notetype_id_taken(a, def->id))
		nt->m.id = def->id;
	while (notetype_id_taken(a, nt->m.id))
		nt->m.id++;
	cp_hashmap_add(&a->nt_ids, id_hash(nt->m.id), a->nnts);
	nt->key = cp_xstrdup(def->name);
	nt->from_record = from_record;
	cp_hashmap_add(&a->nt_keys, cp_hash64(nt->key, strlen(nt->key)),
	    a->nnts);
	if (!notetype_named(a, nt->m.def.name))
		cp_hashmap_add(&a->nt_names, cp_anki_name_hash(nt->m.def.name,
		    strlen(nt->m.def.name)), a->nnts);
	a->nnts++;
	return nt;
}

/*
 * A notetype named by notes alone: their own field names, the first on
 * the front and the others on the back, styled like Anki's Basic.
 */
static struct notetype *
notetype_derive(struct cp_writer *w, const struct cp_note *n)
{
	struct cp_notetype	 def = { 0 };
	struct cp_buf		 afmt = { 0 };
	struct notetype		*nt = NULL;
	size_t			 i;

	def.name = n->notetype;
	for (i = 0; i < n->nfields; i++)
		cp_notetype_add_field(&def, n->fields[i].name);
	cp_buf_addstr(&afmt, "{{FrontSide}}\n\n<hr id=answer>\n\n");
	for (i = 1; i < n->nfields; i++)
		cp_buf_printf(&afmt, "%s{{%s}}", i > 1 ? "<br>\n" : "",
		    n->fields[i].name);
	if (n->nfields > 0) {
		struct cp_buf qfmt = { 0 };

		cp_buf_printf(&qfmt, "{{%s}}", n->fields[0].name);
		cp_notetype_add_template(&def, "Card 1", qfmt.data,
		    afmt.data);
		cp_buf_free(&qfmt);
	}
	def.css = (char *)cp_builtin_notetype("Basic")->css;
	if (cp_anki_notetype_check(w->rep, &def, n->source_file, n->source_line) == 0)
		nt = notetype_add(w, &def, 0, n->source_file, n->source_line);
	def.name = NULL;
	def.css = NULL;
	cp_notetype_clear(&def);
	cp_buf_free(&afmt);
	return nt;
}

static void
deck_set_desc(struct deck *d, const struct cp_deck *rec)
{
	struct cp_buf	 b = { 0 };

	if (rec->description != NULL)
		cp_buf_addstr(&b, rec->description);
	/* The source travels with the deck, so users can find it again. */
	if (rec->title != NULL || rec->url != NULL) {
		cp_buf_addstr(&b, "<p>");
		if (rec->url != NULL) {
			cp_buf_addstr(&b, "<a href=\"");
			cp_html_escape(&b, rec->url, strlen(rec->url));
			cp_buf_addstr(&b, "\">");
		}
		if (rec->title != NULL)
			cp_html_escape(&b, rec->title, strlen(rec->title));
		else
			cp_html_escape(&b, rec->url, strlen(rec->url));
		if (rec->url != NULL)
			cp_buf_addstr(&b, "</a>");
		cp_buf_addstr(&b, "</p>");
	}
	free(d->desc);
	d->desc = b.len > 0 ? cp_buf_detach(&b) : NULL;
	cp_buf_free(&b);
}

static struct deck *
deck_find(struct apkg *a, const char *name, size_t len)
{
	size_t	 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->deck_names, cp_hash64(name, len),
	    &pos)) != NULL)
		if (strncmp(a->decks[*v].name, name, len) == 0 &&
		    a->decks[*v].name[len] == '\0') {
			a->last_deck = *v;
			return &a->decks[*v];
		}
	return NULL;
}

static struct deck *
deck_add(struct apkg *a, const char *name, size_t len)
{
	struct deck	*d;

	a->decks = cp_xreallocarray(a->decks, a->ndecks + 1,
	    sizeof(*a->decks));
	d = &a->decks[a->ndecks];
	d->name = cp_xstrndup(name, len);
	d->id = strcmp(d->name, "Default") == 0 && !deck_id_taken(a, 1) ? 1 :
	    cp_deck_id(d->name);
	while (deck_id_taken(a, d->id))
		d->id++;
	d->desc = NULL;
	d->used = 0;
	cp_hashmap_add(&a->deck_ids, id_hash(d->id), a->ndecks);
	cp_hashmap_add(&a->deck_names, cp_hash64(name, len), a->ndecks);
	a->last_deck = a->ndecks++;
	return d;
}

/*
 * The deck of this name, added with its parents when new; NULL, after
 * an error at file and line, when it has more levels than Anki's model
 * takes (cp_anki_deck_check()).
 */
static struct deck *
deck_get(struct cp_writer *w, const char *name, const char *file,
    unsigned long line)
{
	struct apkg	*a = w->state;
	const char	*sep;

	if (a->last_deck < a->ndecks &&
	    strcmp(a->decks[a->last_deck].name, name) == 0)
		return &a->decks[a->last_deck];
	if (deck_find(a, name, strlen(name)) != NULL)
		return &a->decks[a->last_deck];
	if (cp_anki_deck_check(w->rep, name, file, line) == -1)
		return NULL;
	/* Parents first, as Anki's own exports list them. */
	for (sep = name; (sep = strstr(sep, "::")) != NULL; sep += 2)
		if (deck_find(a, name, (size_t)(sep - name)) == NULL)
			deck_add(a, name, (size_t)(sep - name));
	return deck_add(a, name, strlen(name));
}

static int
media_compressed(const char *name)
{
	static const char *const exts[] = {
		".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".mp3",
		".m4a", ".ogg", ".oga", ".opus", ".mp4", ".webm", ".mkv",
		".zip", ".gz", ".woff", ".woff2", NULL
	};
	const char	*dot = strrchr(name, '.');
	size_t		 i;

	for (i = 0; dot != NULL && exts[i] != NULL; i++)
		if (strcasecmp(dot, exts[i]) == 0)
			return 1;
	return 0;
}

/* Root i's descriptor, opened again only when another root was used. */
static int
root_fd(struct apkg *a, size_t i, const char **why)
{
	if (a->rootfd != -1 && a->rootfd_of == i)
		return a->rootfd;
	if (a->rootfd != -1)
		close(a->rootfd);
	a->rootfd_of = i;
	/* The folder itself is the caller's: a link to it is followed. */
	if ((a->rootfd = open(a->roots[i].dir, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) == -1)
		*why = strerror(errno);
	return a->rootfd;
}

static const char *
root_label(const struct media_root *r)
{
	return r->private ? "the package" : r->dir;
}

/*
 * A name for the file open at fd that no other packed file has and that
 * Anki keeps as it is: its base name when that is free, else one with
 * part of its content's digest, so that the same two files in the same
 * order are always packed under the same names.  NULL when none is free
 * or the file cannot be read, with *why set.
 */
static char *
flat_name(struct apkg *a, const char *path, int fd, const char **why)
{
	struct cp_digest *d;
	struct cp_buf	 b = { 0 };
	unsigned char	 md[CP_DIGEST_MAX], chunk[65536];
	const char	*base, *dot;
	char		 hex[2 * CP_DIGEST_MAX + 1];
	size_t		 i, pos, *v;
	ssize_t		 n;
	off_t		 off = 0;
	int		 k, taken;

	base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	if ((dot = strrchr(base, '.')) == NULL)
		dot = base + strlen(base);
	hex[0] = '\0';
	for (k = 0; k < 4; k++) {
		if (k == 1) {
			d = cp_digest_begin(CP_SHA256);
			while ((n = pread(fd, chunk, sizeof(chunk), off)) > 0) {
				cp_digest_add(d, chunk, (size_t)n);
				off += n;
			}
			cp_digest_end(d, md);
			if (n == -1) {
				*why = strerror(errno);
				break;
			}
			for (i = 0; i < 16; i++)
				snprintf(hex + 2 * i, 3, "%02x", md[i]);
		}
		cp_buf_reset(&b);
		if (k == 0)
			cp_buf_addstr(&b, base);
		else if (k == 1)
			cp_buf_printf(&b, "%.*s-%.8s%s", (int)(dot - base),
			    base, hex, dot);
		else
			cp_buf_printf(&b, "%s%s", hex, k == 2 ? dot : "");
		if (!cp_media_anki_keeps(b.data))
			continue;
		taken = 0;
		pos = 0;
		while (!taken && (v = cp_hashmap_next(&a->media_names,
		    cp_hash64(b.data, b.len), &pos)) != NULL)
			taken = strcmp(a->media[*v].name, b.data) == 0;
		if (!taken)
			return cp_buf_detach(&b);
		*why = "another file has each name it could be given";
	}
	cp_buf_free(&b);
	return NULL;
}

/*
 * The file open at fd, at path below folder root: packed once, however
 * many references name it.  Takes path.  Returns its index in a->media,
 * or NMEDIA when it is not packed (reported).
 */
static size_t
media_pack(struct cp_writer *w, const char *file, unsigned long line,
    size_t root, char *path, int fd, const struct stat *st)
{
	struct apkg	*a = w->state;
	struct media	*m;
	const char	*why = NULL;
	char		*name;
	uintmax_t	 id[2] = { (uintmax_t)st->st_dev, (uintmax_t)st->st_ino };
	uint64_t	 h = cp_hash64(id, sizeof(id));
	size_t		 pos = 0, *v;

	while ((v = cp_hashmap_next(&a->media_files, h, &pos)) != NULL)
		if (a->media[*v].dev == st->st_dev &&
		    a->media[*v].ino == st->st_ino) {
			free(path);
			return *v;
		}
	if ((name = flat_name(a, path, fd, &why)) == NULL) {
		cp_report(w->rep, CP_LEVEL_WARNING, file, line, 0,
		    "media \"%s\" in %s: %s; not packed", path,
		    root_label(&a->roots[root]), why);
		free(path);
		return NMEDIA;
	}
	if (strcmp(name, strrchr(path, '/') != NULL ?
	    strrchr(path, '/') + 1 : path) != 0)
		cp_report(w->rep, CP_LEVEL_WARNING, file, line, 0,
		    "media \"%s\" in %s: another file has its name or Anki "
		    "would change it; packed as \"%s\"", path,
		    root_label(&a->roots[root]), name);
	a->media = cp_xreallocarray(a->media, a->nmedia + 1,
	    sizeof(*a->media));
	m = &a->media[a->nmedia];
	m->name = name;
	m->path = path;
	m->root = root;
	m->dev = st->st_dev;
	m->ino = st->st_ino;
	m->size = st->st_size;
	m->compressed = media_compressed(name);
	cp_hashmap_add(&a->media_names, cp_hash64(name, strlen(name)),
	    a->nmedia);
	cp_hashmap_add(&a->media_files, h, a->nmedia);
	return a->nmedia++;
}

/*
 * One reference from a field or a notetype: its path made plain, looked
 * up in the folder in use and reported once for each folder it is met
 * in; web addresses are left to the browser.  Returns the flat name the
 * file is packed under (a package's media have no folders), owned by
 * a->media, or NULL when it is not packed.
 */
static const char *
media_ref(struct cp_writer *w, const char *file, unsigned long line,
    const char *ref)
{
	struct apkg	*a = w->state;
	struct media_seen *sn;
	struct cp_buf	 b = { 0 };
	struct stat	 st;
	const char	*why = NULL;
	char		*path;
	size_t		 root = a->nroots - 1, pos = 0, *v;
	uint64_t	 h;
	int		 fd = -1, rootfd;

	if (strstr(ref, "://") != NULL || strncmp(ref, "//", 2) == 0 ||
	    strncasecmp(ref, "data:", 5) == 0)
		return NULL;
	cp_buf_printf(&b, "%zu/%s", root, ref);
	h = cp_hash64(b.data, b.len);
	while ((v = cp_hashmap_next(&a->media_refs, h, &pos)) != NULL)
		if (strcmp(a->seen[*v].key, b.data) == 0) {
			cp_buf_free(&b);
			pos = a->seen[*v].media;
			return pos == NMEDIA ? NULL : a->media[pos].name;
		}
	a->seen = cp_xreallocarray(a->seen, a->nseen + 1, sizeof(*a->seen));
	sn = &a->seen[a->nseen];
	cp_hashmap_add(&a->media_refs, h, a->nseen++);
	sn->key = cp_buf_detach(&b);
	sn->media = NMEDIA;
	if ((path = cp_media_path(ref, &why)) != NULL &&
	    (rootfd = root_fd(a, root, &why)) != -1)
		fd = cp_media_open(rootfd, path, &st, &why);
	if (fd == -1) {
		cp_report(w->rep, CP_LEVEL_WARNING, file, line, 0,
		    "media \"%s\" in %s: %s; not packed", ref,
		    root_label(&a->roots[root]), why);
		free(path);
		return NULL;
	}
	sn->media = media_pack(w, file, line, root, path, fd, &st);
	close(fd);
	return sn->media == NMEDIA ? NULL : a->media[sn->media].name;
}

/*
 * cp_write_media_dir(): a new root, unless it is the folder in use; a
 * private one is a new numbered folder in privdir.
 */
static const char *
apkg_media_dir(struct cp_writer *w, const char *dir)
{
	struct apkg		*a = w->state;
	struct media_root	*r = &a->roots[a->nroots - 1];
	struct cp_buf		 b = { 0 };
	int			 failed = 0;

	if (dir != NULL && !r->private && strcmp(r->dir, dir) == 0)
		return r->dir;
	if (dir != NULL)
		cp_buf_addstr(&b, dir);
	else {
		if (a->privdir == NULL) {
			cp_buf_printf(&b, "%s/media", a->dir);
			a->privdir = cp_buf_detach(&b);
			if (mkdir(a->privdir, 0700) == -1)
				failed = errno;
			else
				a->tmpslot[a->ntmpslots++] = cp_temporary_add(
				    AT_FDCWD, a->privdir, 2);
		}
		cp_buf_printf(&b, "%s/%zu", a->privdir, a->nprivate++);
		if (!failed && mkdir(b.data, 0700) == -1)
			failed = errno;
		if (failed)
			cp_report(w->rep, CP_LEVEL_SYSERR, b.data, 0, 0,
			    "%s", strerror(failed));
	}
	a->roots = cp_xreallocarray(a->roots, a->nroots + 1,
	    sizeof(*a->roots));
	r = &a->roots[a->nroots++];
	r->dir = cp_buf_detach(&b);
	r->private = dir == NULL;
	return failed ? NULL : r->dir;
}

/*
 * A media tag's name as a browser reads it: entities decoded (the
 * stripped text of a bare name is the decoded name), then percent
 * escapes, which Anki's editor shows ("my%20pic.png") and the fields it
 * stores do not ("my pic.png").  An escape that does not make UTF-8
 * leaves a name that media.c refuses.
 */
static char *
tag_name(const char *raw, size_t len)
{
	struct cp_buf	 b = { 0 };
	char		*name, *plain, *p, *q;

	cp_buf_add(&b, raw, len);
	name = cp_buf_detach(&b);
	if (strchr(name, '&') != NULL) {
		plain = cp_anki_strip_html(name);
		free(name);
		name = plain;
	}
	for (p = q = name; *p != '\0'; p++, q++) {
		if (p[0] == '%' && isxdigit((unsigned char)p[1]) &&
		    isxdigit((unsigned char)p[2])) {
			*q = (char)strtol((char[]){ p[1], p[2], '\0' }, NULL,
			    16);
			p += 2;
		} else
			*q = *p;
	}
	*q = '\0';
	return name;
}

/*
 * The field s with each media reference looked for and, where the file
 * is packed under another name than the reference says, that name put
 * in its place: a new string, or NULL when s is to stay as it is.
 */
static char *
media_scan(struct cp_writer *w, const struct cp_note *n, const char *s,
    int html)
{
	struct cp_media_memo memo;
	struct cp_buf	 out = { 0 }, esc = { 0 };
	const char	*p, *from = s, *raw, *end, *flat;
	char		*ref;
	size_t		 len, tag, i;
	int		 quoted, closed = 1;	/* a ']' may still follow */

	cp_media_memo_init(&memo, s);
	for (p = s; (p = strpbrk(p, html ? "<[" : "[")) != NULL; p++) {
		if (*p == '<' &&
		    (tag = cp_media_tag(p, &memo, &raw, &len)) > 0) {
			ref = tag_name(raw, len);
			flat = media_ref(w, n->source_file, n->source_line,
			    ref);
			free(ref);
			/* The name quoted, its '&'s as entities. */
			quoted = raw > p && (raw[-1] == '"' ||
			    raw[-1] == '\'') && raw[len] == raw[-1];
			if (flat != NULL) {
				cp_buf_reset(&esc);
				for (i = 0; flat[i] != '\0'; i++)
					if (flat[i] == '&')
						cp_buf_addstr(&esc,
						    "&amp;");
					else
						cp_buf_addc(&esc,
						    flat[i]);
			}
			if (flat != NULL && (!quoted || raw[-1] != '"' ||
			    len != esc.len ||
			    memcmp(raw, esc.data, len) != 0)) {
				cp_buf_add(&out, from, (size_t)(raw - from -
				    quoted));
				cp_buf_printf(&out, "\"%s\"", esc.data);
				from = raw + len + quoted;
			}
			p += tag - 1;
		} else if (*p == '[' && closed &&
		    strncmp(p, "[sound:", 7) == 0 &&
		    /* None found once is none for every later "[sound:". */
		    (closed = (end = strchr(p + 7, ']')) != NULL)) {
			cp_buf_reset(&esc);
			cp_buf_add(&esc, p + 7, (size_t)(end - p - 7));
			ref = cp_buf_detach(&esc);
			flat = media_ref(w, n->source_file, n->source_line,
			    ref);
			if (flat != NULL && strcmp(flat, ref) != 0) {
				cp_buf_add(&out, from, (size_t)(p + 7 - from));
				cp_buf_addstr(&out, flat);
				from = end;
			}
			free(ref);
			p = end;
		}
	}
	cp_buf_free(&esc);
	cp_media_memo_free(&memo);
	if (from == s)
		return NULL;
	cp_buf_addstr(&out, from);
	return cp_buf_detach(&out);
}

/*
 * Media that templates and CSS use (a font, a button image) are named
 * with a leading '_', which tells Anki to import them whatever the
 * fields say: pack each such name that stands quoted, in url() or after
 * src= in a notetype, as a field reference would be.
 */
static void
template_media_scan(struct cp_writer *w, const struct cp_notetype *nt,
    const char *s)
{
	struct cp_buf	 b = { 0 };
	const char	*p, *end;

	for (p = s; (p = strchr(p, '_')) != NULL; p = end) {
		end = p + strcspn(p, "\"'() \t\n<>;,");
		if (p == s || strchr("\"'(=", p[-1]) == NULL ||
		    memchr(p, '.', (size_t)(end - p)) == NULL ||
		    *end == '\0' || strchr("\"')", *end) == NULL)
			continue;
		cp_buf_reset(&b);
		cp_buf_add(&b, p, (size_t)(end - p));
		media_ref(w, nt->source_file, nt->source_line, b.data);
	}
	cp_buf_free(&b);
}

static void
template_media(struct cp_writer *w, const struct cp_notetype *nt)
{
	size_t	 i;

	if (nt->css != NULL)
		template_media_scan(w, nt, nt->css);
	for (i = 0; i < nt->ntemplates; i++) {
		template_media_scan(w, nt, nt->templates[i].qfmt);
		template_media_scan(w, nt, nt->templates[i].afmt);
	}
}

/* Tags joined as Anki stores them: " a b::c " (or "" for none). */
static void
tags_join(struct cp_writer *w, const struct cp_note *n, struct cp_buf *b)
{
	size_t		 i, k;
	const char	*t, *tag;
	char		*c, *repaired = NULL;

	cp_buf_reset(b);
	cp_buf_addstr(b, "");
	for (i = 0; i < n->ntags; i++) {
		t = n->tags[i];
		if (*t == '\0') {
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
			    "empty tag skipped");
			continue;
		}
		cp_buf_addc(b, ' ');
		free(repaired);
		if ((repaired = cp_name_repair(w->rep, n->source_file,
		    n->source_line, "tag", t)) != NULL)
			t = repaired;
		tag = t;
		if (strpbrk(t, " \t\n\r") == NULL &&
		    strstr(t, IDEOGRAPHIC_SPACE) == NULL) {
			cp_buf_addstr(b, t);
			continue;
		}
		/*
		 * Anki would split it into several tags: say so instead.
		 * Written in one pass: moving the rest of the tag over each
		 * ideographic space took a million of them 40 s.
		 */
		c = cp_xmalloc(strlen(t) + 1);
		for (k = 0; *t != '\0'; t++)
			if (*t == ' ' || *t == '\t' || *t == '\n' ||
			    *t == '\r')
				c[k++] = '_';
			else if (strncmp(t, IDEOGRAPHIC_SPACE, 3) == 0) {
				c[k++] = '_';
				t += 2;
			} else
				c[k++] = *t;
		c[k] = '\0';
		cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
		    "tag \"%s\" holds a space; written as \"%s\"",
		    tag, c);
		cp_buf_addstr(b, c);
		free(c);
	}
	free(repaired);
	if (b->len > 0)
		cp_buf_addc(b, ' ');
}

/*
 * One note on its way to SQLite.  The reading thread checks the note and
 * reports about it; the rest (HTML, sort field, checksum, cards, the
 * inserts) is done by the worker, so that reading the stream and
 * building the database run on two cores.
 */
struct job_card {
	unsigned int	 ord;
	int64_t		 did;
	struct cp_sched	*sched;	/* owned; NULL: new */
	struct cp_revlog *revlog;	/* owned */
	size_t		 nrevlog;
};

struct job {
	struct job		*next;
	int64_t			 nid;
	int64_t			 did;
	long			 pos;
	long long		 mod;	/* the stream's, or 0 */
	char			*digest;	/* the stream's, or NULL */
	const struct notetype	*nt;
	char			*guid;
	char			*tags;
	enum cp_markup		 markup;	/* of vals */
	char			**vals;	/* in the notetype's field order */
	struct job_card		*cards;	/* listed by the stream */
	size_t			 ncards;
};

static void
job_free(struct job *j)
{
	size_t	 i;

	for (i = 0; i < j->nt->m.def.nfields; i++)
		free(j->vals[i]);
	free(j->vals);
	free(j->guid);
	free(j->tags);
	free(j->digest);
	for (i = 0; i < j->ncards; i++) {
		if (j->cards[i].sched != NULL)
			free(j->cards[i].sched->data);
		free(j->cards[i].sched);
		free(j->cards[i].revlog);
	}
	free(j->cards);
	free(j);
}

/*
 * The note's modification time: the stream's while the note is as the
 * stream's digest says it was then (mod_kept()).
 */
static long long
job_mod(const struct apkg *a, const struct job *j)
{
	char		 digest[17];
	const char	*t = j->tags;
	size_t		 len = strlen(t);

	if (j->mod <= 0 || j->digest == NULL)
		return mod_kept(a, j->mod, 1);
	if (len > 0) {	/* " a b " as stored, "a b" in the digest */
		t++;
		len -= 2;
	}
	cp_note_digest(a->flds.data, a->flds.len, t, len, digest);
	return mod_kept(a, j->mod, strcmp(digest, j->digest) == 0);
}

/*
 * The scheduling columns of a card: the stream's, else a new card's at
 * the note's position.  A day (struct cp_sched) is the due itself, as
 * the collection is made to count from 1970-01-01 (write_col()).
 */
static void
card_sched_bind(struct apkg *a, const struct job *j,
    const struct job_card *c)
{
	static const struct cp_sched	 new_card = { 0 };
	const struct cp_sched		*s = c != NULL && c->sched != NULL ?
	    c->sched : &new_card;

	sqlite3_bind_int(a->ins_card, 7, s->type);
	sqlite3_bind_int(a->ins_card, 8, s->queue);
	sqlite3_bind_int64(a->ins_card, 5, s == &new_card ? j->pos : s->due);
	sqlite3_bind_int64(a->ins_card, 9, s->ivl);
	sqlite3_bind_int64(a->ins_card, 10, s->factor);
	sqlite3_bind_int64(a->ins_card, 11, s->reps);
	sqlite3_bind_int64(a->ins_card, 12, s->lapses);
	sqlite3_bind_int64(a->ins_card, 13, s->left);
	sqlite3_bind_int64(a->ins_card, 14, s->flags);
	sqlite3_bind_text(a->ins_card, 15, s->data != NULL ? s->data : "",
	    -1, SQLITE_STATIC);
}

/* The card's review log, as rows of card cid. */
static const char *
card_revlog(struct apkg *a, const struct job_card *c, int64_t cid)
{
	const struct cp_revlog	*r;
	size_t			 i;
	const char		*err = NULL;

	sqlite3_bind_int64(a->ins_revlog, 2, cid);
	for (i = 0; err == NULL && i < c->nrevlog; i++) {
		r = &c->revlog[i];
		sqlite3_bind_int64(a->ins_revlog, 1, r->id);
		sqlite3_bind_int64(a->ins_revlog, 3, r->ease);
		sqlite3_bind_int64(a->ins_revlog, 4, r->ivl);
		sqlite3_bind_int64(a->ins_revlog, 5, r->last_ivl);
		sqlite3_bind_int64(a->ins_revlog, 6, r->factor);
		sqlite3_bind_int64(a->ins_revlog, 7, r->time);
		sqlite3_bind_int64(a->ins_revlog, 8, r->type);
		if (sqlite3_step(a->ins_revlog) != SQLITE_DONE)
			err = "adding a review log entry";
		sqlite3_reset(a->ins_revlog);
	}
	return err;
}

/* Runs in the worker; returns an SQLite error message or NULL. */
static const char *
job_run(struct apkg *a, struct job *j)
{
	const struct cp_notetype *def = &j->nt->m.def;
	size_t		 i, nf = def->nfields, nords;
	unsigned char	 seen[CP_ANKI_MAX_CLOZE];
	int64_t		 did[CP_ANKI_MAX_CLOZE];
	const struct job_card *listed[CP_ANKI_MAX_CLOZE];
	char		*first, *sfld, *html;
	const char	*err = NULL;

	cp_buf_reset(&a->flds);
	cp_buf_addstr(&a->flds, "");
	for (i = 0; i < nf; i++) {
		if (j->markup != CP_MARKUP_HTML) {
			html = cp_markup_to_html(j->vals[i], j->markup);
			free(j->vals[i]);
			j->vals[i] = html;
		}
		if (i > 0)
			cp_buf_addc(&a->flds, 0x1f);
		cp_buf_addstr(&a->flds, j->vals[i]);
	}
	first = cp_anki_strip_html(j->vals[0]);
	sfld = def->sortf == 0 ? first : cp_anki_strip_html(j->vals[def->sortf]);
	sqlite3_bind_int64(a->ins_note, 1, j->nid);
	sqlite3_bind_text(a->ins_note, 2, j->guid, -1, SQLITE_STATIC);
	sqlite3_bind_int64(a->ins_note, 3, j->nt->m.id);
	sqlite3_bind_text(a->ins_note, 4, j->tags, -1, SQLITE_STATIC);
	sqlite3_bind_text(a->ins_note, 5, a->flds.data, (int)a->flds.len,
	    SQLITE_STATIC);
	sqlite3_bind_text(a->ins_note, 6, sfld, -1, SQLITE_STATIC);
	sqlite3_bind_int64(a->ins_note, 7, cp_anki_csum(first));
	sqlite3_bind_int64(a->ins_note, 8, job_mod(a, j));
	if (sqlite3_step(a->ins_note) != SQLITE_DONE)
		err = "adding a note";
	sqlite3_reset(a->ins_note);
	if (sfld != first)
		free(sfld);
	free(first);

	/*
	 * Anki's importer copies cards and never makes them: make them all,
	 * and keep those the package had, each in its deck, as Anki keeps
	 * a card that no longer renders.
	 */
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < CP_ANKI_MAX_CLOZE; i++) {
		did[i] = j->did;
		listed[i] = NULL;
	}
	for (i = 0; i < j->ncards; i++) {
		seen[j->cards[i].ord] = 1;
		did[j->cards[i].ord] = j->cards[i].did;
		listed[j->cards[i].ord] = &j->cards[i];
	}
	nords = cp_anki_cards(&j->nt->m, j->vals, seen);
	sqlite3_bind_int64(a->ins_card, 2, j->nid);
	for (i = 0; err == NULL && i < nords; i++) {
		if (!seen[i])
			continue;
		sqlite3_bind_int64(a->ins_card, 1, a->next_cid);
		sqlite3_bind_int64(a->ins_card, 3, did[i]);
		sqlite3_bind_int(a->ins_card, 4, (int)i);
		card_sched_bind(a, j, listed[i]);
		if (sqlite3_step(a->ins_card) != SQLITE_DONE)
			err = "adding a card";
		sqlite3_reset(a->ins_card);
		if (err == NULL && listed[i] != NULL)
			err = card_revlog(a, listed[i], a->next_cid);
		a->next_cid++;
	}
	return err;
}

static void *
worker(void *arg)
{
	struct apkg	*a = arg;
	struct job	*j, *next;
	const char	*err;
	int		 last;

	do {
		pthread_mutex_lock(&a->mu);
		while (a->q == NULL && !a->qdone)
			pthread_cond_wait(&a->nonempty, &a->mu);
		j = a->q;
		a->q = NULL;
		a->qtail = &a->q;
		a->qlen = 0;
		last = a->qdone;
		pthread_cond_signal(&a->nonfull);
		pthread_mutex_unlock(&a->mu);
		for (; j != NULL; j = next) {
			next = j->next;
			/* After an error, jobs are only freed until the end. */
			if (a->werr == NULL && (err = job_run(a, j)) != NULL) {
				pthread_mutex_lock(&a->mu);
				a->werr = err;
				a->wmsg = cp_xstrdup(sqlite3_errmsg(a->db));
				pthread_mutex_unlock(&a->mu);
			}
			job_free(j);
		}
	} while (!last);
	return NULL;
}

/*
 * Hands a job to the worker, or with NULL says there are no more.  Jobs
 * go in batches: taking a lock and waking a thread for each note would
 * cost more than the note.  Returns -1 once the worker has failed.
 */
static int
job_push(struct apkg *a, struct job *j)
{
	int	 failed;

	if (j != NULL) {
		*a->ptail = j;
		a->ptail = &j->next;
		if (++a->plen < QUEUE_BATCH)
			return 0;
	}
	pthread_mutex_lock(&a->mu);
	while (a->qlen >= QUEUE_LEN)
		pthread_cond_wait(&a->nonfull, &a->mu);
	if (a->pend != NULL) {
		*a->qtail = a->pend;
		a->qtail = a->ptail;
		a->qlen += a->plen;
	}
	a->qdone = j == NULL;
	pthread_cond_signal(&a->nonempty);
	failed = a->werr != NULL;
	pthread_mutex_unlock(&a->mu);
	a->pend = NULL;
	a->ptail = &a->pend;
	a->plen = 0;
	return failed ? -1 : 0;
}

/* Waits for the worker to finish; reports its error, if any. */
static int
worker_stop(struct cp_writer *w)
{
	struct apkg	*a = w->state;

	if (!a->running)
		return a->failed ? -1 : 0;
	job_push(a, NULL);
	pthread_join(a->thread, NULL);
	a->running = 0;
	if (a->werr != NULL) {
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "%s: %s",
		    a->werr, a->wmsg);
		a->failed = 1;
	}
	return a->failed ? -1 : 0;
}

/*
 * A listed card's scheduling and review log, copied for the worker.
 * The stream's decoder checked them; a record made in this process may
 * not have been.  A log entry Anki would refuse the package for (dated
 * after tomorrow, its import check) is an error; one whose id an
 * earlier entry has is dropped, reported, as Anki keeps one of them.
 */
static int
card_sched_copy(struct cp_writer *w, const struct cp_note *n,
    const struct cp_card *src, struct job_card *c)
{
	struct apkg	*a = w->state;
	const char	*why, *key;
	long long	 tomorrow = ((long long)time(NULL) + 86400) * 1000;
	size_t		 i;

	if (src->sched != NULL) {
		if ((why = cp_sched_invalid(src->sched, &key)) != NULL) {
			cp_report_at_note(w->rep, CP_LEVEL_ERROR, n, "card %u: "
			    "\"sched\": \"%s\" is %s", src->ord, key, why);
			return -1;
		}
		c->sched = cp_xmalloc(sizeof(*c->sched));
		*c->sched = *src->sched;
		if (src->sched->data != NULL)
			c->sched->data = cp_xstrdup(src->sched->data);
		a->sched = 1;
	}
	if (src->nrevlog == 0)
		return 0;
	c->revlog = cp_xreallocarray(NULL, src->nrevlog, sizeof(*c->revlog));
	for (i = 0; i < src->nrevlog; i++) {
		if ((why = cp_revlog_invalid(&src->revlog[i], &key)) != NULL ||
		    src->revlog[i].id > tomorrow) {
			cp_report_at_note(w->rep, CP_LEVEL_ERROR, n, "card %u: "
			    "\"revlog\": \"%s\" is %s", src->ord,
			    why != NULL ? key : "id", why != NULL ? why :
			    "after tomorrow, for which Anki refuses the whole "
			    "package");
			return -1;
		}
		if (cp_hashset_add(&a->revlog_ids, id_hash(src->revlog[i].id))) {
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n, "card %u: "
			    "review log entry %lld is an earlier entry's; "
			    "dropped", src->ord, src->revlog[i].id);
			continue;
		}
		c->revlog[c->nrevlog++] = src->revlog[i];
	}
	a->sched = 1;
	return 0;
}

/*
 * The cards the note lists, each in its deck (the note's when it names
 * none); -1 when a deck cannot be made, or the scheduling is refused
 * (reported).
 */
static int
note_cards(struct cp_writer *w, const struct cp_note *n, struct job *j)
{
	const struct cp_notetype	*def = &j->nt->m.def;
	struct deck			*d;
	size_t				 i;

	if (n->ncards == 0)
		return 0;
	j->cards = cp_xreallocarray(NULL, n->ncards, sizeof(*j->cards));
	for (i = 0; i < n->ncards; i++) {
		if (!def->cloze && n->cards[i].ord >= def->ntemplates) {
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
			    "card %u: notetype \"%s\" has no template %u; "
			    "not written", n->cards[i].ord, def->name,
			    n->cards[i].ord + 1);
			continue;
		}
		memset(&j->cards[j->ncards], 0, sizeof(*j->cards));
		j->cards[j->ncards].ord = n->cards[i].ord;
		j->cards[j->ncards].did = j->did;
		if (n->cards[i].deck != NULL) {
			if ((d = deck_get(w, n->cards[i].deck, n->source_file,
			    n->source_line)) == NULL)
				return -1;
			d->used = 1;
			j->cards[j->ncards].did = d->id;
		}
		if (card_sched_copy(w, n, &n->cards[i],
		    &j->cards[j->ncards++]) == -1)
			return -1;
	}
	return 0;
}

/*
 * The notetype of a note that no record's notetype is bound to: Anki's
 * built-in one of its name, or one made from its fields, bound to the
 * name for the notes after it.  A package's own notetype of that name
 * is kept apart (ntscope.c) unless it is defined as the built-in one.
 */
static struct notetype *
notetype_unbound(struct cp_writer *w, const struct cp_note *n)
{
	struct apkg			*a = w->state;
	const struct cp_notetype	*b = cp_builtin_notetype(n->notetype);
	struct notetype			*nt;
	size_t				 i;

	if (b == NULL || (i = notetype_same(a, b)) == NONE) {
		nt = b != NULL ? notetype_add(w, b, 0, n->source_file,
		    n->source_line) : notetype_derive(w, n);
		if (nt == NULL)
			return NULL;
		if (strcmp(nt->m.def.name, n->notetype) != 0)
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
			    "notetype \"%s\" is the name of another notetype "
			    "already written, defined otherwise; %s is "
			    "written as \"%s\"", n->notetype, b != NULL ?
			    "Anki's built-in one" :
			    "the one made from these notes' fields",
			    nt->m.def.name);
		i = a->nnts - 1;
	}
	cp_ntscope_bind(&a->scope, n->notetype, 0, i);
	return a->nts[i];
}

static int
write_note(struct cp_writer *w, const struct cp_note *n)
{
	struct apkg		*a = w->state;
	struct notetype		*nt;
	const struct cp_notetype *def;
	struct deck		*d;
	const char		*v, **src;
	char			*named, *repaired;
	struct job		*j;
	size_t			 i, controls;
	unsigned int		 control;
	ssize_t			 f;
	char			*guid;

	if (cp_ntscope_find(&a->scope, n->notetype, n->notetype_id, &i))
		nt = a->nts[i];
	else if ((nt = notetype_unbound(w, n)) == NULL)
		return 0;
	def = &nt->m.def;
	/* The value of each of the notetype's fields: the note's first. */
	src = cp_xcalloc(def->nfields, sizeof(*src));
	for (i = 0; i < n->nfields; i++)
		if ((f = cp_anki_field_index(&nt->m, n->fields[i].name,
		    strlen(n->fields[i].name))) < 0)
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
			    "field \"%s\" is not in notetype \"%s\"; dropped",
			    n->fields[i].name, def->name);
		else if (src[f] == NULL)
			src[f] = n->fields[i].value;
	v = src[0];
	if (v == NULL || v[strspn(v, " \t\r\n")] == '\0')
		cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
		    "the first field, \"%s\", is empty",
		    def->fields[0]);
	if ((guid = cp_unique_guid(&a->guids, n, w->rep)) == NULL) {
		free(src);
		return 0;
	}
	j = cp_xcalloc(1, sizeof(*j));
	j->nt = nt;
	j->guid = guid;
	j->vals = cp_xcalloc(def->nfields, sizeof(*j->vals));
	/*
	 * Media are looked for here, where notes are reported about: in
	 * HTML as it is, in text only as [sound:], in Markdown once it is
	 * HTML (which the worker then need not render again).
	 */
	j->markup = n->markup == CP_MARKUP_MARKDOWN ? CP_MARKUP_HTML :
	    n->markup;
	for (i = 0; i < def->nfields; i++) {
		v = src[i];
		j->vals[i] = n->markup == CP_MARKUP_MARKDOWN ?
		    cp_markdown_to_html(v != NULL ? v : "") :
		    cp_xstrdup(v != NULL ? v : "");
		if ((named = media_scan(w, n, j->vals[i],
		    j->markup == CP_MARKUP_HTML)) != NULL) {
			free(j->vals[i]);
			j->vals[i] = named;
		}
		if ((controls = cp_anki_strip_controls(j->vals[i],
		    &control)) > 0)
			cp_report_at_note(w->rep, CP_LEVEL_WARNING, n,
			    "field \"%s\": %zu control character%s (the "
			    "first U+%04X) removed, as Anki removes them",
			    def->fields[i], controls, controls == 1 ? "" : "s",
			    control);
	}
	free(src);
	tags_join(w, n, &a->tags);
	j->tags = cp_xstrdup(a->tags.data);
	repaired = n->deck != NULL ? cp_name_repair(w->rep, n->source_file,
	    n->source_line, "deck", n->deck) : NULL;
	d = deck_get(w, repaired != NULL ? repaired : n->deck,
	    n->source_file, n->source_line);
	free(repaired);
	if (d == NULL) {
		job_free(j);
		return 0;
	}
	j->did = d->id;
	d->used = 1;
	if (note_cards(w, n, j) == -1) {
		job_free(j);
		return 0;
	}
	/*
	 * Ids given run on from first_nid, so only the stream's need a
	 * set: 3 MB for 100000 notes that have none.
	 */
	j->nid = n->id;
	if (n->id > 0 && ((n->id >= a->first_nid && n->id < a->next_nid) ||
	    cp_hashset_add(&a->note_ids, id_hash(n->id)))) {
		cp_report_at_note(w->rep, CP_LEVEL_WARNING, n, "note id %lld "
		    "is an earlier note's; given another", n->id);
		j->nid = 0;
	}
	if (j->nid <= 0) {
		/* Not added: no later note is given it (first_nid). */
		while (a->note_ids.len > 0 &&
		    cp_hashset_has(&a->note_ids, id_hash(a->next_nid)))
			a->next_nid++;
		j->nid = a->next_nid++;
	}
	j->mod = n->mod;
	if (n->digest != NULL)
		j->digest = cp_xstrdup(n->digest);
	j->pos = a->pos++;
	return job_push(a, j);
}

/*
 * A notetype record: bound to its name and id for the notes after it
 * (ntscope.c); another definition under a name the package has already
 * (two packages in one run, say) is written under a name of its own, as
 * Anki would give it.
 */
static int
write_notetype(struct cp_writer *w, const struct cp_notetype *def)
{
	struct apkg	*a = w->state;
	struct notetype	*nt;
	size_t		 i;

	if (cp_anki_notetype_check(w->rep, def, def->source_file,
	    def->source_line) == -1)
		return 0;
	if ((i = notetype_same(a, def)) == NONE) {
		if ((nt = notetype_add(w, def, 1, def->source_file,
		    def->source_line)) == NULL)
			return 0;
		i = a->nnts - 1;
		if (strcmp(nt->m.def.name, def->name) != 0 && def->id > 0 &&
		    cp_builtin_notetype(def->name) != NULL)
			cp_report(w->rep, CP_LEVEL_WARNING, def->source_file,
			    def->source_line, 0, "notetype \"%s\" is defined "
			    "again, differently; the notes of its id, %lld, use "
			    "it as \"%s\"", def->name, def->id,
			    nt->m.def.name);
		else if (strcmp(nt->m.def.name, def->name) != 0)
			cp_report(w->rep, CP_LEVEL_WARNING, def->source_file,
			    def->source_line, 0, "notetype \"%s\" is defined "
			    "again, differently; the notes after this use it "
			    "as \"%s\"", def->name, nt->m.def.name);
		template_media(w, def);
	}
	cp_ntscope_bind(&a->scope, def->name, def->id, i);
	return 0;
}

static int
apkg_write(struct cp_writer *w, const struct cp_record *rec)
{
	struct apkg	*a = w->state;
	struct deck	*d;
	char		*repaired;
	size_t		 i;

	if (a->failed)
		return -1;
	switch (rec->kind) {
	case CP_RECORD_DECK:
		repaired = cp_name_repair(w->rep, rec->deck.source_file,
		    rec->deck.source_line, "deck", rec->deck.name);
		d = deck_get(w, repaired != NULL ? repaired : rec->deck.name,
		    rec->deck.source_file, rec->deck.source_line);
		free(repaired);
		if (d == NULL)
			return 0;
		deck_set_desc(d, &rec->deck);
		for (i = 0; i < rec->deck.nmedia; i++)
			media_ref(w, rec->deck.source_file,
			    rec->deck.source_line, rec->deck.media[i]);
		/*
		 * Anki matches decks by name, but its deck 1 is whatever the
		 * user's first deck is: a package's deck 1 lands there,
		 * whatever its name ("Standard" in a German collection).  A
		 * deck put under a parent (--deck-prefix) is not that deck:
		 * it gets an id of its own.
		 */
		if (rec->deck.id > 0 && !d->used && d->id != rec->deck.id &&
		    (rec->deck.id != 1 || strstr(d->name, "::") == NULL) &&
		    !deck_id_taken(a, rec->deck.id)) {
			d->id = rec->deck.id;
			cp_hashmap_add(&a->deck_ids, id_hash(d->id),
			    (size_t)(d - a->decks));
		}
		return 0;
	case CP_RECORD_NOTETYPE:
		return write_notetype(w, &rec->notetype);
	default:
		return write_note(w, &rec->note);
	}
}

/* The compact text of o, which it frees; the text is the caller's. */
static char *
json_text(cJSON *o)
{
	char	*s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	if (s == NULL)
		cp_out_of_memory();
	return s;
}

/* The col row: the JSON Anki reads notetypes, decks and options from. */
static int
write_col(struct cp_writer *w)
{
	struct apkg	*a = w->state;
	cJSON		*models = cJSON_CreateObject(),
			*decks = cJSON_CreateObject(),
			*dconf = cJSON_CreateObject(), *conf;
	char		 key[32];
	char		*m, *dk, *dc, *cf;
	sqlite3_stmt	*st;
	size_t		 i;
	int		 rc = 0, have_default = 0;

	for (i = 0; i < a->nnts; i++) {
		snprintf(key, sizeof(key), "%lld",
		    (long long)a->nts[i]->m.id);
		cJSON_AddItemToObject(models, key,
		    cp_anki_notetype_json(&a->nts[i]->m, a->nts[i]->mod));
	}
	for (i = 0; i < a->ndecks; i++) {
		snprintf(key, sizeof(key), "%lld", (long long)a->decks[i].id);
		cJSON_AddItemToObject(decks, key, cp_anki_deck_json(
		    a->decks[i].id, a->decks[i].name, a->decks[i].desc, a->mod));
		have_default |= a->decks[i].id == 1;
	}
	if (!have_default)
		cJSON_AddItemToObject(decks, "1", cp_anki_deck_json(1,
		    "Default", NULL, a->mod));
	cJSON_AddItemToObject(dconf, "1", cp_anki_dconf_json(a->mod));
	conf = cp_anki_conf_json(a->pos);
	/*
	 * Scheduled cards' days count from 1970-01-01 in UTC (card_sched_
	 * bind()): day 0 at crt 0, the creation's offset 0 minutes west.
	 * Anki's importer takes the days between a due and this
	 * collection's today, so a due lands on its date.
	 */
	if (a->sched)
		cJSON_AddItemToObject(conf, "creationOffset",
		    cp_json_integer(0));
	m = json_text(models);
	dk = json_text(decks);
	dc = json_text(dconf);
	cf = json_text(conf);
	if (sqlite3_prepare_v2(a->db, "INSERT INTO col VALUES (1, ?, ?, ?, 11,"
	    " 0, 0, 0, ?, ?, ?, ?, '{}')", -1, &st, NULL) != SQLITE_OK) {
		db_error(w, "sqlite");
		rc = -1;
	} else {
		/* Day-aligned creation time, as Anki's own collections. */
		sqlite3_bind_int64(st, 1, a->sched ? 0 : a->mod - a->mod % 86400);
		sqlite3_bind_int64(st, 2, a->mod * 1000);
		sqlite3_bind_int64(st, 3, a->mod * 1000);
		sqlite3_bind_text(st, 4, cf, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, m, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, dk, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 7, dc, -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE) {
			db_error(w, "writing the collection");
			rc = -1;
		}
		sqlite3_finalize(st);
	}
	free(m);
	free(dk);
	free(dc);
	free(cf);
	return rc;
}

static int
zip_fail(struct cp_writer *w, zip_t *za, const char *what)
{
	cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "zip: %s: %s", what,
	    zip_strerror(za));
	zip_discard(za);
	return -1;
}

/* The deflated database, for its zip member. */
static int
dbz_open(void *arg, const char **why)
{
	struct apkg	*a = arg;
	int		 fd;

	if ((fd = open(a->dbzpath, O_RDONLY | O_CLOEXEC)) == -1)
		*why = strerror(errno);
	return fd;
}

/*
 * A media file, opened again through cp_media_open() when libzip comes
 * to read it, so that a file made a link since it was named is not
 * followed.
 */
struct media_member {
	struct apkg		*a;
	const struct media	*m;
};

static int
media_open(void *arg, const char **why)
{
	struct media_member	*mm = arg;
	struct stat		 sb;
	int			 rootfd, fd;

	if ((rootfd = root_fd(mm->a, mm->m->root, why)) == -1 ||
	    (fd = cp_media_open(rootfd, mm->m->path, &sb, why)) == -1)
		return -1;
	if (sb.st_size != mm->m->size) {
		close(fd);
		*why = "changed size";
		return -1;
	}
	return fd;
}

static void
media_fail(void *arg, const char *why)
{
	struct media_member	*mm = arg;

	mm->a->pack_name = mm->m->name;
	mm->a->pack_why = why;
}

static int
write_zip(struct cp_writer *w)
{
	struct apkg	*a = w->state;
	zip_t		*za;
	cJSON		*map = cJSON_CreateObject();
	struct media_member *mm;
	struct cp_zip_file f = { 0 };
	char		*mapjson, key[32];
	int		 err, rc;
	size_t		 i;

	if ((za = zip_open(a->zippath, ZIP_CREATE | ZIP_TRUNCATE, &err)) ==
	    NULL) {
		zip_error_t ze;

		zip_error_init_with_code(&ze, err);
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "zip: %s",
		    zip_error_strerror(&ze));
		zip_error_fini(&ze);
		cJSON_Delete(map);
		return -1;
	}
	a->dbz.open = dbz_open;
	a->dbz.arg = a;
	a->dbz.mtime = (time_t)a->mod;
	if (cp_zip_add(za, "collection.anki2", cp_zip_source(za, &a->dbz),
	    CP_ZIP_DEFLATE_LEVEL, (time_t)a->mod) == -1) {
		cJSON_Delete(map);
		return zip_fail(w, za, "collection.anki2");
	}
	for (i = 0; i < a->nmedia; i++) {
		snprintf(key, sizeof(key), "%zu", i);
		cJSON_AddItemToObject(map, key,
		    cJSON_CreateString(a->media[i].name));
	}
	mapjson = json_text(map);
	/* libzip frees the map with the source, after zip_close(). */
	if (cp_zip_add(za, "media", zip_source_buffer(za, mapjson,
	    strlen(mapjson), 1), 6, (time_t)a->mod) == -1) {
		free(mapjson);
		return zip_fail(w, za, "media");
	}
	mm = cp_xreallocarray(NULL, a->nmedia + 1, sizeof(*mm));
	for (i = 0; i < a->nmedia; i++) {
		mm[i].a = a;
		mm[i].m = &a->media[i];
		f.open = media_open;
		f.fail = media_fail;
		f.arg = &mm[i];
		f.size = a->media[i].size;
		f.mtime = (time_t)a->mod;
		snprintf(key, sizeof(key), "%zu", i);
		if (cp_zip_add(za, key, cp_zip_source(za, &f),
		    a->media[i].compressed ? 0 : 6, (time_t)a->mod) == -1) {
			free(mm);
			return zip_fail(w, za, a->media[i].name);
		}
	}
	rc = zip_close(za);
	free(mm);
	if (rc == -1) {
		if (a->pack_name != NULL) {
			cp_report(w->rep, CP_LEVEL_ERROR, NULL, 0, 0,
			    "media \"%s\": %s since it was named; not "
			    "packing", a->pack_name, a->pack_why);
			zip_discard(za);
			return -1;
		}
		return zip_fail(w, za, "writing the package");
	}
	unlink(a->dbzpath);
	return 0;
}

static int
copy_out(struct cp_writer *w)
{
	struct apkg	*a = w->state;
	FILE		*in;
	char		 buf[1 << 16];
	size_t		 n;
	int		 rc = 0;

	if ((in = fopen(a->zippath, "rb")) == NULL) {
		cp_report(w->rep, CP_LEVEL_SYSERR, a->zippath, 0, 0, "%s",
		    strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, w->fp) != n) {
			rc = -1;	/* cp_write_close() says why */
			break;
		}
	if (ferror(in)) {
		cp_report(w->rep, CP_LEVEL_SYSERR, a->zippath, 0, 0, "%s",
		    strerror(errno));
		rc = -1;
	}
	fclose(in);
	return rc;
}

static void
apkg_count(struct cp_writer *w, struct cp_write_stats *st)
{
	struct apkg	*a = w->state;

	st->counts_cards = 1;
	st->cards = (unsigned long)(a->next_cid - (int64_t)a->mod * 1000);
	st->media = a->nmedia;
}

static int
apkg_finish(struct cp_writer *w)
{
	struct apkg	*a = w->state;
	size_t		 i;
	int		 rc;

	/* A package with errors would not be committed: skip the work. */
	if (worker_stop(w) == -1 || w->rep->worst >= CP_LEVEL_ERROR)
		return -1;
	if (a->pos == 1)
		cp_report(w->rep, CP_LEVEL_WARNING, w->path, 0, 0,
		    "no notes: the package holds none");
	if (write_col(w) == -1 || db_exec(w, "COMMIT") == -1)
		return -1;
	/* SQLite sorts for CREATE INDEX on a second core when asked. */
	if (db_exec(w, "PRAGMA threads=2") == -1)
		return -1;
	for (i = 0; cp_anki_schema11_indexes[i] != NULL; i++)
		if (db_exec(w, cp_anki_schema11_indexes[i]) == -1)
			return -1;
	if (db_exec(w, "PRAGMA journal_mode=DELETE") == -1 ||
	    db_exec(w, "PRAGMA locking_mode=NORMAL") == -1)
		return -1;
	sqlite3_finalize(a->ins_note);
	sqlite3_finalize(a->ins_card);
	sqlite3_finalize(a->ins_revlog);
	a->ins_note = a->ins_card = a->ins_revlog = NULL;
	rc = sqlite3_close(a->db);
	a->db = NULL;
	if (rc != SQLITE_OK) {
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0,
		    "sqlite: closing the database failed");
		return -1;
	}
	/*
	 * Deflated once the file is final, so the bytes zipped are the
	 * bytes SQLite left, whatever it rewrote on the way.
	 */
	if (cp_zip_deflate(w->rep, a->dbpath, a->dbzpath, &a->dbz) == -1)
		return -1;
	/* The deflated copy is all the package needs: free the disk early. */
	unlink(a->dbpath);
	if (write_zip(w) == -1)
		return -1;
	return copy_out(w);
}

static void
apkg_free(struct cp_writer *w)
{
	struct apkg	*a = w->state;
	size_t		 i;

	if (a == NULL)
		return;
	worker_stop(w);
	pthread_mutex_destroy(&a->mu);
	pthread_cond_destroy(&a->nonempty);
	pthread_cond_destroy(&a->nonfull);
	free(a->wmsg);
	sqlite3_finalize(a->ins_note);
	sqlite3_finalize(a->ins_card);
	sqlite3_finalize(a->ins_revlog);
	sqlite3_close(a->db);
	if (a->dbpath != NULL)
		unlink(a->dbpath);
	if (a->zippath != NULL)
		unlink(a->zippath);
	if (a->dbzpath != NULL)
		unlink(a->dbzpath);
	if (a->privdir != NULL && cp_remove_tree(AT_FDCWD, a->privdir) == -1 &&
	    errno != ENOENT)
		cp_report(w->rep, CP_LEVEL_WARNING, a->privdir, 0, 0,
		    "temporary folder not removed: %s", strerror(errno));
	if (a->dir != NULL && rmdir(a->dir) == -1)
		cp_report(w->rep, CP_LEVEL_WARNING, a->dir, 0, 0,
		    "temporary folder not removed: %s", strerror(errno));
	for (i = 0; i < (size_t)a->ntmpslots; i++)
		cp_temporary_forget(a->tmpslot[i]);
	free(a->dir);
	free(a->dbpath);
	free(a->zippath);
	free(a->dbzpath);
	for (i = 0; i < a->nnts; i++) {
		cp_anki_notetype_free(&a->nts[i]->m);
		free(a->nts[i]->key);
		free(a->nts[i]);
	}
	free(a->nts);
	cp_ntscope_free(&a->scope);
	cp_hashmap_free(&a->nt_keys);
	cp_hashmap_free(&a->nt_names);
	cp_hashmap_free(&a->renames);
	cp_hashmap_free(&a->nt_ids);
	cp_hashmap_free(&a->deck_ids);
	cp_hashset_free(&a->note_ids);
	cp_hashset_free(&a->revlog_ids);
	for (i = 0; i < a->ndecks; i++) {
		free(a->decks[i].name);
		free(a->decks[i].desc);
	}
	free(a->decks);
	cp_hashmap_free(&a->deck_names);
	for (i = 0; i < a->nmedia; i++) {
		free(a->media[i].name);
		free(a->media[i].path);
	}
	free(a->media);
	for (i = 0; i < a->nseen; i++)
		free(a->seen[i].key);
	free(a->seen);
	for (i = 0; i < a->nroots; i++)
		free(a->roots[i].dir);
	free(a->roots);
	free(a->privdir);
	if (a->rootfd != -1)
		close(a->rootfd);
	cp_guids_free(&a->guids);
	cp_hashmap_free(&a->media_refs);
	cp_hashmap_free(&a->media_names);
	cp_hashmap_free(&a->media_files);
	cp_buf_free(&a->flds);
	cp_buf_free(&a->tags);
	free(a);
	w->state = NULL;
}

/*
 * The notes' modification time decides whether Anki updates a note it
 * already has (only when ours is newer): SOURCE_DATE_EPOCH when set,
 * else the newest input's time, else now.  See cards2apkg(1).
 */
static int
mod_time(struct cp_writer *w, long long *mod)
{
	const char	*e = getenv("SOURCE_DATE_EPOCH");
	char		*end;

	if (e != NULL && *e != '\0') {
		errno = 0;
		*mod = strtoll(e, &end, 10);
		if (*end != '\0' || errno != 0 || *mod <= 0 ||
		    *mod > INT64_C(253402300799)) {
			cp_report(w->rep, CP_LEVEL_ERROR, NULL, 0, 0,
			    "SOURCE_DATE_EPOCH is not a time in seconds: %s",
			    e);
			return -1;
		}
	} else if (w->opts.mtime > 0)
		*mod = w->opts.mtime;
	else
		*mod = (long long)time(NULL);
	return 0;
}

/* Anki replaces the whole collection for these names (anki-format.md 1.4). */
static int
name_refused(const char *path)
{
	const char	*base = strrchr(path, '/');
	size_t		 n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	return strcasecmp(base, "collection.apkg") == 0 ||
	    (strncasecmp(base, "backup-", 7) == 0 && n >= 12 &&
	    strcasecmp(base + n - 5, ".apkg") == 0);
}

static int
open_db(struct cp_writer *w)
{
	struct apkg	*a = w->state;

	if (sqlite3_open_v2(a->dbpath, &a->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		db_error(w, a->dbpath);
		return -1;
	}
	/*
	 * Nobody else sees this file until it is finished: no journal, no
	 * syncs, no locks while loading; journal_mode goes back to DELETE
	 * before closing so that the package holds no WAL state.
	 */
	if (db_exec(w, "PRAGMA page_size=" DB_PAGE_SIZE ";"
	    "PRAGMA cache_size=" DB_CACHE_KIB ";"
	    "PRAGMA journal_mode=OFF;PRAGMA synchronous=OFF;"
	    "PRAGMA locking_mode=EXCLUSIVE;PRAGMA temp_store=FILE") == -1 ||
	    db_exec(w, cp_anki_schema11) == -1 || db_exec(w, "BEGIN") == -1)
		return -1;
	if (sqlite3_prepare_v3(a->db, "INSERT INTO notes VALUES (?1, ?2, ?3,"
	    " ?8, -1, ?4, ?5, ?6, ?7, 0, '')", -1, SQLITE_PREPARE_PERSISTENT,
	    &a->ins_note, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v3(a->db, "INSERT INTO cards VALUES (?1, ?2, ?3,"
	    " ?4, ?6, -1, ?7, ?8, ?5, ?9, ?10, ?11, ?12, ?13, 0, 0, ?14, ?15)",
	    -1, SQLITE_PREPARE_PERSISTENT, &a->ins_card, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v3(a->db, "INSERT INTO revlog VALUES (?1, ?2, -1,"
	    " ?3, ?4, ?5, ?6, ?7, ?8)", -1, SQLITE_PREPARE_PERSISTENT,
	    &a->ins_revlog, NULL) != SQLITE_OK) {
		db_error(w, "sqlite");
		return -1;
	}
	sqlite3_bind_int64(a->ins_card, 6, a->mod);
	return 0;
}

int
cp_write_apkg_open(struct cp_writer *w)
{
	struct apkg	*a;
	const char	*tmp = getenv("TMPDIR");
	struct cp_buf	 b = { 0 };
	long long	 mod;

	if (w->path != NULL && name_refused(w->path)) {
		cp_report(w->rep, CP_LEVEL_ERROR, w->path, 0, 0,
		    "Anki would replace the whole collection with a file of "
		    "this name; choose another");
		return -1;
	}
	if (w->path == NULL && isatty(STDOUT_FILENO)) {
		cp_report(w->rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "a package is binary; not writing it to a terminal "
		    "(use -o FILE)");
		return -1;
	}
	if (mod_time(w, &mod) == -1)
		return -1;
	a = w->state = cp_xcalloc(1, sizeof(*a));
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->nonempty, NULL);
	pthread_cond_init(&a->nonfull, NULL);
	a->ptail = &a->pend;
	a->qtail = &a->q;
	w->free = apkg_free;
	a->mod = mod;
	/* Ids in milliseconds from the build time, as Anki's own are. */
	a->first_nid = a->next_nid = a->next_cid = (int64_t)mod * 1000;
	a->pos = 1;
	a->roots = cp_xcalloc(1, sizeof(*a->roots));
	a->roots[a->nroots++].dir = cp_xstrdup(w->opts.media_dir != NULL ?
	    w->opts.media_dir : ".");
	a->rootfd = -1;
	w->media_dir = apkg_media_dir;
	cp_buf_printf(&b, "%s/cards2apkg.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	a->dir = cp_buf_detach(&b);
	if (mkdtemp(a->dir) == NULL) {
		cp_report(w->rep, CP_LEVEL_SYSERR, a->dir, 0, 0, "%s",
		    strerror(errno));
		free(a->dir);
		a->dir = NULL;
		return -1;
	}
	cp_buf_printf(&b, "%s/collection.anki2", a->dir);
	a->dbpath = cp_buf_detach(&b);
	cp_buf_printf(&b, "%s/package.apkg", a->dir);
	a->zippath = cp_buf_detach(&b);
	cp_buf_printf(&b, "%s/collection.z", a->dir);
	a->dbzpath = cp_buf_detach(&b);
	/*
	 * The folder is ours (mkdtemp), and SQLite may put files of its own
	 * in it (a journal, a temporary index): on a signal it goes whole.
	 */
	a->tmpslot[a->ntmpslots++] = cp_temporary_add(AT_FDCWD, a->dir, 2);
	a->tmpslot[a->ntmpslots++] = cp_temporary_add(AT_FDCWD, a->dbpath, 0);
	a->tmpslot[a->ntmpslots++] = cp_temporary_add(AT_FDCWD, a->zippath, 0);
	a->tmpslot[a->ntmpslots++] = cp_temporary_add(AT_FDCWD, a->dbzpath, 0);
	if (open_db(w) == -1)
		return -1;
	if ((errno = pthread_create(&a->thread, NULL, worker, a)) != 0) {
		cp_report(w->rep, CP_LEVEL_SYSERR, NULL, 0, 0, "%s",
		    strerror(errno));
		return -1;
	}
	a->running = 1;
	w->write = apkg_write;
	w->finish = apkg_finish;
	w->count = apkg_count;
	return 0;
}
