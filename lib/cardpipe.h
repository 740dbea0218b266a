/*
 * cardpipe.h: libcardpipe, flashcard decks between formats.
 *
 * Readers turn a format into a sequence of records; writers turn records
 * into a format.  Records are the one meeting point: no reader knows about
 * any writer.  Between processes the same records travel as JSON Lines,
 * the card stream of cards(5).
 *
 * Ownership, once for the whole library:
 *  - Strings passed in are always copied; the caller keeps its own.
 *  - A record returned by cp_read_next() belongs to the reader and stays
 *    valid until the next cp_read_next() or cp_read_close() on it.
 *  - A record the caller fills itself is released with cp_record_clear().
 *  - Whoever opens a reader or writer closes it; closing frees it.
 *  - On memory exhaustion the library removes its temporaries, calls the
 *    handler set with cp_set_out_of_memory(), and abort()s; it never
 *    prints and never exits.  Everything else is reported through a
 *    cp_reporter.  Opening a reader or writer sets cJSON's allocator
 *    (cJSON_InitHooks()) to one that does the same.
 */
#ifndef CARDPIPE_H
#define CARDPIPE_H

#include <stddef.h>
#include <stdio.h>

#define CP_VERSION "0.1.0"

/* How a field value is written. */
enum cp_markup {
	CP_MARKUP_TEXT,		/* plain text, newlines are line breaks */
	CP_MARKUP_HTML,		/* HTML as Anki stores it */
	CP_MARKUP_MARKDOWN	/* CommonMark */
};

/*
 * Diagnostics.  Levels are ordered; the exit status of a tool is derived
 * from the worst level reported (see cp_exit_status()).
 */
enum cp_level {
	CP_LEVEL_OK = 0,
	/*
	 * What a reader chose where the input left a choice, and why (the
	 * layout or dialect read): said for -v, never a fault.
	 */
	CP_LEVEL_NOTE,
	CP_LEVEL_WARNING,	/* something was repaired, guessed or skipped */
	CP_LEVEL_ERROR,		/* bad input data; output is not committed */
	CP_LEVEL_SYSERR		/* I/O, resources, a library failing */
};

struct cp_diag {
	enum cp_level	 level;
	const char	*file;	/* NULL when the message concerns no file */
	unsigned long	 line;	/* 1-based; 0 when unknown */
	unsigned long	 col;	/* 1-based; 0 when unknown */
	const char	*msg;
	/*
	 * The format the message was made from, static: messages of one
	 * kind share it.  NULL for cp_report_finish()'s counts.
	 */
	const char	*kind;
	/* For one of cp_report_finish()'s counts, the count; else 0. */
	unsigned long	 hidden;
};

typedef void (*cp_diag_fn)(const struct cp_diag *, void *arg);

struct cp_diag_kinds;

/*
 * With cap set, fn is called for the first cap messages of each kind
 * (the same format, about the same file) only; the others still count
 * towards worst, and cp_report_finish() says how many there were, so
 * that a file with a million bad lines gives a screenful, not a million
 * lines.  Zeroed, a reporter passes every message on.
 */
struct cp_reporter {
	cp_diag_fn	 fn;	/* called once for each message */
	void		*arg;
	int		 strict;	/* report warnings as errors */
	enum cp_level	 worst;	/* the worst level reported so far */
	unsigned long	 cap;	/* messages of one kind passed on; 0: all */
	struct cp_diag_kinds *kinds;	/* the library's count of each kind */
};

#define CP_REPORT_CAP	100	/* the tools' cap */

void		 cp_report(struct cp_reporter *, enum cp_level,
		    const char *file, unsigned long line, unsigned long col,
		    const char *fmt, ...)
		    __attribute__((format(printf, 6, 7)));
/*
 * For each kind of message the cap held back, in the order each kind
 * first came, passes on one message: "N more like this not shown", with
 * the last one shown, at the kind's worst level and file.  Frees what
 * counting took; the reporter can be used again.
 */
void		 cp_report_finish(struct cp_reporter *);
const char	*cp_level_name(enum cp_level);
int		 cp_exit_status(enum cp_level worst); /* 0, 1 or 3 */

/*
 * The card model.  A record is a note, a deck's description, or a
 * notetype's definition; readers emit deck and notetype records before
 * the notes that use them.
 */
struct cp_field {
	char	*name;
	char	*value;
};

/*
 * A card's scheduling state, Anki's cards columns (cards(5), "sched").
 * due is a new card's position, a learning card's time in seconds since
 * 1970, or, where cp_sched_due_is_day() says so, a day: days since
 * 1970-01-01, which the stream writes as a date.  A card in a filtered
 * deck is carried as it is in its home deck, so there is no odue or
 * odid.
 */
struct cp_sched {
	int		 type;		/* 0 new, 1 learning, 2 review, 3 relearning */
	int		 queue;		/* -3 to 4, Anki's queues */
	long long	 due;
	long long	 ivl;		/* days */
	long long	 factor;	/* ease in permille */
	long long	 reps;
	long long	 lapses;
	long long	 left;		/* learning steps left */
	long long	 flags;
	char		*data;		/* Anki's JSON text, or NULL */
};

/* One answer of a card's review log, Anki's revlog columns. */
struct cp_revlog {
	long long	 id;		/* milliseconds since 1970 */
	long long	 ease;		/* the button, 0 to 4 */
	long long	 ivl;
	long long	 last_ivl;
	long long	 factor;
	long long	 time;		/* milliseconds taken */
	long long	 type;		/* 0 to 5, Anki's review kinds */
};

/*
 * One card of a note as a package holds it: which template (or cloze
 * number - 1) made it, and its deck when that is not the note's; with
 * apkg2cards --scheduling, its scheduling state and review log.
 */
struct cp_card {
	unsigned int	 ord;
	char		*deck;		/* NULL: the note's deck */
	struct cp_sched	*sched;		/* NULL: a new card */
	struct cp_revlog *revlog;	/* oldest first */
	size_t		 nrevlog;
};

/*
 * Anki's identities (id, mod, digest, cards) are zero or NULL when the
 * note did not come from a package; see cards(5).
 */
struct cp_note {
	char		*deck;		/* "Parent::Child" */
	char		*notetype;	/* "Basic", "Cloze", or a custom name */
	struct cp_field	*fields;	/* in the notetype's field order */
	size_t		 nfields;
	char		**tags;
	size_t		 ntags;
	enum cp_markup	 markup;	/* of every field value */
	char		*guid;		/* NULL when none */
	long long	 id;		/* Anki's note id, or 0 */
	long long	 notetype_id;	/* Anki's id of its notetype, or 0 */
	long long	 mod;		/* its modification time, seconds, or 0 */
	char		*digest;	/* cp_note_digest() at mod, or NULL */
	struct cp_card	*cards;		/* by ord; NULL when none listed */
	size_t		 ncards;
	char		*source_file;	/* where the note was written, or NULL */
	unsigned long	 source_line;	/* 0 when unknown */
	char		*extra;		/* unknown stream keys as a JSON object, or NULL */
};

struct cp_deck {
	char		*name;		/* "Parent::Child" */
	char		*title;		/* the source's title line, or NULL */
	char		*url;		/* the source's URL, or NULL */
	long		 declared_cards;	/* -1 when not declared */
	char		*description;	/* HTML, or NULL */
	long long	 id;		/* Anki's deck id, or 0 */
	char		**media;	/* files that travel with the deck */
	size_t		 nmedia;
	char		*source_file;
	unsigned long	 source_line;
	char		*extra;
};

struct cp_template {
	char	*name;
	char	*qfmt;		/* front */
	char	*afmt;		/* back */
};

/*
 * As for a note, Anki's identities (id, mod, digest) are zero or NULL
 * when the notetype did not come from a package; see cards(5).
 */
struct cp_notetype {
	char			*name;
	int			 cloze;	/* 1 for a cloze notetype */
	char			**fields;
	size_t			 nfields;
	struct cp_template	*templates;
	size_t			 ntemplates;
	char			*css;
	size_t			 sortf;	/* index of the sort field */
	char			*latex_pre;	/* NULL for Anki's default */
	char			*latex_post;
	long long		 id;	/* Anki's notetype id, or 0 */
	long long		 mod;	/* its modification time, seconds, or 0 */
	char			*digest;	/* cp_notetype_digest() at mod, or NULL */
	char			*source_file;
	unsigned long		 source_line;
	char			*extra;
};

enum cp_record_kind {
	CP_RECORD_NOTE,
	CP_RECORD_DECK,
	CP_RECORD_NOTETYPE
};

/* Only the member named by kind is meaningful; the others stay zeroed. */
struct cp_record {
	enum cp_record_kind	 kind;
	struct cp_note		 note;
	struct cp_deck		 deck;
	struct cp_notetype	 notetype;
};

/* Frees every string a record holds and zeroes it, ready for reuse. */
void	 cp_record_clear(struct cp_record *);
/* The same for a notetype definition held outside a record. */
void	 cp_notetype_clear(struct cp_notetype *);

/* Builders; each copies its arguments. */
void	 cp_set_string(char **dst, const char *src);	/* NULL clears */
void	 cp_note_add_field(struct cp_note *, const char *name,
	    const char *value);
void	 cp_note_add_tag(struct cp_note *, const char *tag);
void	 cp_note_add_card(struct cp_note *, unsigned int ord,
	    const char *deck);
/* A card's scheduling, copied over what it had, and one more log entry. */
void	 cp_card_set_sched(struct cp_card *, const struct cp_sched *);
void	 cp_card_add_revlog(struct cp_card *, const struct cp_revlog *);
/*
 * Anki's rules for scheduling values: NULL when they hold, else why not,
 * with *key the offending key as cards(5) names it.  A due counted in
 * days (review and day-learning cards) is a day, see struct cp_sched.
 */
const char	*cp_sched_invalid(const struct cp_sched *, const char **key);
const char	*cp_revlog_invalid(const struct cp_revlog *, const char **key);
int		 cp_sched_due_is_day(int type, int queue);
void	 cp_deck_add_media(struct cp_deck *, const char *name);
void	 cp_notetype_add_field(struct cp_notetype *, const char *name);
void	 cp_notetype_add_template(struct cp_notetype *, const char *name,
	    const char *qfmt, const char *afmt);
/*
 * Copies a definition (name, fields, templates, CSS, sort field, LaTeX)
 * and when Anki last changed it (mod, digest) into an empty one; not its
 * id, source or extra members.
 */
void	 cp_notetype_copy(struct cp_notetype *dst,
	    const struct cp_notetype *src);

/* The value of the named field, or NULL when the note has none. */
const char	*cp_note_field(const struct cp_note *, const char *name);

/*
 * Anki's built-in notetypes, spelled as Anki spells them.  Returns a
 * static definition, or NULL when name is not built in.
 */
const struct cp_notetype	*cp_builtin_notetype(const char *name);

const char	*cp_markup_name(enum cp_markup);
int		 cp_markup_parse(const char *, enum cp_markup *);	/* 0 or -1 */

/*
 * Reading.  A format is named ("cards", "txt", "csv", "md", "apkg") or
 * guessed from a file name with cp_format_guess().
 */
struct cp_read_options {
	const char	*deck;		/* override every note's deck */
	const char	*deck_default;	/* the deck of notes the input puts in
					   none, NULL: "Default" (txt: the
					   file's name); apkg: the name of
					   Anki's "Default", deck 1, and of
					   the level of the decks under it */
	const char	*deck_parent;	/* put every deck under this one */
	const char	*notetype;	/* notetype for formats that name none */
	const char	*separator;	/* csv: "tab", "comma", ... or a character */
	const char	*columns;	/* csv: column mapping, see csv2cards(1) */
	unsigned long	 first_line;	/* csv: the number of the input's first
					   line, where it is a part of a
					   larger file (a fence md2cards
					   reads); 0: 1 */
	const char	*split;		/* txt: what parts front and back on a
					   line, "none", or NULL to guess */
	const char	*media_dir;	/* apkg: extract media into this folder */
	const char	*dialect;	/* md: see md2cards(1); NULL to guess */
	const char	*sr_settings;	/* md: a vault's Obsidian Spaced
					   Repetition data.json, or NULL */
	const char	*o2a_settings;	/* md: a vault's Obsidian_to_Anki
					   data.json, or NULL */
	struct cp_vault_cache *vaults;	/* md: those settings loaded once
					   for every file read, or NULL */
	const char	*encoding;	/* txt, csv, md: the input's, any name
					   ICU knows; NULL: UTF-8, or what a
					   byte order mark says, or a guess */
	int		 convert_markup;	/* apkg: convert fields to markup */
	int		 scheduling;	/* apkg: carry scheduling, review log */
	enum cp_markup	 markup;
};

struct cp_reader;

/*
 * A vault's plugin settings, loaded once for all the files read with
 * them: a data.json may list every note of its vault, and loading it
 * anew for each would take time that grows with the square of the
 * vault.  The caller makes the cache, sets it in cp_read_options.vaults,
 * and frees it, with what it loaded, after the last reader using it is
 * closed.  One thread uses it at a time.
 */
struct cp_vault_cache;
struct cp_vault_cache	*cp_vault_cache_new(void);
void			 cp_vault_cache_free(struct cp_vault_cache *);

/*
 * Checks the options for reading format, or for every format read when
 * format is NULL, without opening or reading anything: returns 0, or -1
 * after reporting the first value no reader takes, and the values it
 * does.  cp_read_open() checks them before it opens path.
 */
int	 cp_read_check(const char *format, const struct cp_read_options *,
	    struct cp_reporter *);

/*
 * Opens path ("-" or NULL for standard input); name is used in
 * diagnostics.  Returns NULL after reporting why.
 */
struct cp_reader	*cp_read_open(const char *format, const char *path,
			    const struct cp_read_options *,
			    struct cp_reporter *);
/*
 * Reads from fp, opened for reading and not read from yet, which the
 * reader closes (even when it returns NULL): a file whose name is gone,
 * say.
 */
struct cp_reader	*cp_read_open_stream(const char *format,
			    const char *name, FILE *fp,
			    const struct cp_read_options *,
			    struct cp_reporter *);
/* Reads from memory, for tests and fuzzers; buf is not copied. */
struct cp_reader	*cp_read_open_memory(const char *format,
			    const char *name, const void *buf, size_t len,
			    const struct cp_read_options *,
			    struct cp_reporter *);
/*
 * Sets *rec to the next record: returns 1, 0 at the end of input, or -1
 * when the input cannot be read further (already reported).  The reader
 * owns the record, valid until the next call or cp_read_close().
 */
int	 cp_read_next(struct cp_reader *, const struct cp_record **rec);
void	 cp_read_close(struct cp_reader *);

/*
 * Writing.  Output to a path goes to a temporary file in the same folder
 * that cp_write_close() renames into place only when no error was
 * reported; path NULL or "-" writes to standard output, and a path that
 * names a character device or a FIFO writes into it directly, as to
 * standard output.  Any other path that is not a file (a folder, a block
 * device, a socket) is refused: cp_write_open() reports it and returns
 * NULL.  A failed write is reported once, by cp_write_close().
 */
struct cp_write_stats {
	unsigned long	 notes;	/* notes written */
	unsigned long	 decks;	/* decks the notes are in */
	unsigned long	 cards;	/* apkg: cards made; else 0 */
	unsigned long	 media;	/* apkg: media files packed; else 0 */
	int		 counts_cards;	/* cards and media are counted */
};

struct cp_write_options {
	/* Filled in by cp_write_close(), output committed or not. */
	struct cp_write_stats *stats;
	const char	*media_dir;	/* apkg: where referenced media are
					   found, "." when NULL; see
					   cp_write_media_dir() */
	long long	 mtime;	/* apkg: newest input's time, 0 if unknown */
	const char	*separator;	/* csv */
	const char	*columns;	/* csv */
	int		 no_header;	/* csv */
	const char	*style;		/* md: "qa", "table", "quiz" */
	const char	*paper;		/* html: "a4", "letter" */
	int		 per_page;	/* html: cards per page, 0 for default,
					   at most CP_PER_PAGE_MAX */
};

#define CP_PER_PAGE_MAX	64

struct cp_writer;

/*
 * Checks the options for writing format as cp_read_check() does for
 * reading; cp_write_open() checks them before it creates anything.
 */
int	 cp_write_check(const char *format, const struct cp_write_options *,
	    struct cp_reporter *);
struct cp_writer	*cp_write_open(const char *format, const char *path,
			    const struct cp_write_options *,
			    struct cp_reporter *);
int	 cp_write_record(struct cp_writer *, const struct cp_record *);
/*
 * The folder in which the media files that the records written from now
 * on name are looked for (apkg); no name leads outside it.  dir NULL
 * asks for a new, empty, private folder inside the writer's temporary
 * one, for a package's media extracted on their way to this writer: its
 * files are found only by the records written after this call, and it
 * is removed with the writer.  Returns the folder, owned by the writer
 * and valid until cp_write_close(); NULL when the writer packs no media,
 * or the private folder could not be made (reported).
 */
const char	*cp_write_media_dir(struct cp_writer *, const char *dir);
/*
 * Finishes the output and frees the writer.  Returns 0 when the output
 * was committed, -1 when it was discarded (errors were reported).
 */
int	 cp_write_close(struct cp_writer *);

/*
 * Removes the temporary files and folders that open readers and writers
 * hold (an output's temporary, cards2apkg's database, an extraction in
 * progress).  For a handler of SIGINT, SIGTERM and the like: it is
 * async-signal-safe, and the readers and writers must not be used after.
 */
void	 cp_remove_temporaries(void);

/*
 * Memory exhaustion.  Where the library allocates it has no reporter at
 * hand, and nothing can be reported with no memory to format it, so it
 * removes the temporaries (cp_remove_temporaries()), then calls fn, then
 * abort()s.  fn runs once, on whichever thread ran out, with the heap
 * exhausted and maybe locked: it may do only what a signal handler may,
 * such as write(2) a message made beforehand.  NULL, the default, calls
 * nothing.  A hook, not a message the library writes itself, because
 * only the program knows its name and where its messages go.
 */
void	 cp_set_out_of_memory(void (*fn)(void));

/*
 * One level of a deck name made from name, len bytes, a folder's or a
 * file's name (file is where it came from, for diagnostics), the way
 * Anki makes each level of a name it reads: control characters and '"'
 * removed, white space at the ends trimmed, an empty level "blank"; and
 * so that it stays one level: "::" becomes ':', and ':' at the ends is
 * trimmed.  Bytes that are not UTF-8 become U+FFFD.  A change is
 * reported as a warning.  The caller frees the result.
 */
char		*cp_deck_level(const char *name, size_t len,
		    struct cp_reporter *, const char *file);

/*
 * An Obsidian vault's flashcard plugins (vault.c): when folder holds
 * ".obsidian", sets *o2a and *sr to the settings files (data.json) of
 * Obsidian_to_Anki and of Obsidian Spaced Repetition, each where the
 * vault has it and enables it (its .obsidian/community-plugins.json
 * lists it, or the vault keeps no such list), and its real path lies
 * inside folder; NULL where not.  The caller frees them.  Returns 1 for
 * a vault, 0 for a folder that is none.
 */
int		 cp_vault_plugins(const char *folder, char **o2a, char **sr);

/* Formats. */
const char	*cp_format_guess(const char *path);	/* NULL if unknown */
/*
 * The format a reader takes a file in, told by its content and its name
 * (cardconv(1), FORMATS): each reader bids on the first bytes, the
 * format the extension names gets a bonus, the highest wins, a tie goes
 * to the first of apkg, cards, csv, md, txt.  A file whose name names no
 * format is taken only on a clear bid.  Returns NULL when no reader
 * takes it; sets *named to the format of the name alone, or NULL.
 * cp_format_detect() reads path's first bytes only when it is a regular
 * file (a FIFO's could not be read again); otherwise, or when it cannot
 * be read (the reader will say why), the name decides alone.  The text
 * formats bid on the bytes decoded as their readers would decode them:
 * from encoding (cp_read_options) when not NULL.
 */
const char	*cp_format_detect(const char *path, const char *encoding,
		    const char **named);
const char	*cp_format_detect_memory(const char *name, const void *head,
		    size_t len, const char *encoding, const char **named);
int		 cp_format_can_read(const char *format);
int		 cp_format_can_write(const char *format);

#endif /* !CARDPIPE_H */
