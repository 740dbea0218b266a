/*
 * internal.h: what the modules of libcardpipe share and tools never see.
 */
#ifndef CP_INTERNAL_H
#define CP_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cardpipe.h"

/*
 * Allocation: these call cp_out_of_memory() on exhaustion, as cardpipe.h
 * promises; so does every other place that finds memory exhausted (a
 * library returning NULL for it).
 */
void	 cp_out_of_memory(void) __attribute__((noreturn));
/*
 * cJSON (the card stream, and the collection JSON of the apkg code)
 * allocates through cp_xmalloc() once this has run (readers and writers
 * run it when they open), so that its running out of memory is the
 * library's: by itself cJSON reports it as a failed parse or a NULL
 * item, and the line would be blamed for it.
 */
void	 cp_json_alloc_init(void);
void	*cp_xmalloc(size_t);
void	*cp_xcalloc(size_t, size_t);
void	*cp_xrealloc(void *, size_t);
void	*cp_xreallocarray(void *, size_t nmemb, size_t size);
/* Room for one more in an array of len items; see alloc.c. */
void	*cp_xgrow(void *, size_t len, size_t size);
char	*cp_xstrdup(const char *);
char	*cp_xstrndup(const char *, size_t);

/* A growable byte buffer, always NUL-terminated once anything is added. */
struct cp_buf {
	char	*data;
	size_t	 len;
	size_t	 cap;
};

void	 cp_buf_reserve(struct cp_buf *, size_t more);	/* and NUL-terminates */
void	 cp_buf_add(struct cp_buf *, const void *, size_t);
void	 cp_buf_addstr(struct cp_buf *, const char *);
void	 cp_buf_addc(struct cp_buf *, int);
void	 cp_buf_printf(struct cp_buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 cp_buf_vprintf(struct cp_buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
void	 cp_buf_reset(struct cp_buf *);	/* length 0, memory kept */
char	*cp_buf_detach(struct cp_buf *);	/* caller frees; buf reset */
void	 cp_buf_free(struct cp_buf *);
const char *cp_buf_str(struct cp_buf *);	/* "" when empty */

/*
 * Hashes (hashmap.c).  A set of 64-bit hashes (open addressing; 0
 * marks an empty slot, so cp_fnv64() never gives it): 8 to 24 bytes an
 * item, to find repeats in long streams without keeping what repeats.
 */
struct cp_hashset {
	uint64_t	*slot;
	size_t		 cap;	/* a power of two */
	size_t		 len;
};

uint64_t cp_fnv64(const char *);	/* FNV-1a, never 0 */
int	 cp_hashset_add(struct cp_hashset *, uint64_t);	/* 1 if there */
int	 cp_hashset_has(const struct cp_hashset *, uint64_t);
void	 cp_hashset_free(struct cp_hashset *);

/*
 * Numbers indexed by a 64-bit hash, in the same open addressing: several
 * entries may share a hash, so a caller indexing strings compares each
 * candidate's own.  Strings an input controls are hashed with
 * cp_hash64(), never cp_fnv64(), whose collisions can be made at will:
 * a deck of colliding names would make every lookup a scan.
 */
struct cp_hashent {
	uint64_t	 hash;	/* 0 marks an empty slot; a hash of 0 is kept as 1 */
	size_t		 value;
};

struct cp_hashmap {
	struct cp_hashent	*slot;
	size_t			 cap;	/* a power of two */
	size_t			 len;
};

void	 cp_hashmap_add(struct cp_hashmap *, uint64_t, size_t value);
/*
 * The values stored under a hash, in turn: *pos starts at 0; returns
 * NULL after the last.  A value may be changed through the pointer.
 */
size_t	*cp_hashmap_next(struct cp_hashmap *, uint64_t, size_t *pos);
void	 cp_hashmap_free(struct cp_hashmap *);

/*
 * getline.c: reads one line of any length from fp into buf, without its '\n' (a
 * '\r' before it is kept: callers decide about CRLF).  Returns 1, 0 at
 * end of file, or -1 with errno set when reading failed (a read error,
 * or no memory for a long line); sets *had_newline.  NUL bytes are kept.
 */
int	 cp_getline(FILE *, struct cp_buf *, int *had_newline);

/* UTF-8. */
/*
 * The length of the valid sequence at s (n > 0 bytes), or 0 when it is
 * invalid (overlong, a surrogate, past U+10FFFF, cut short).  Inline: the
 * card stream's decoder checks every byte of every line with it.
 */
static inline size_t
cp_utf8_seqlen(const unsigned char *s, size_t n)
{
	unsigned char	 c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef)
		return n >= 3 && (s[1] & 0xc0) == 0x80 &&
		    (s[2] & 0xc0) == 0x80 && (c != 0xe0 || s[1] >= 0xa0) &&
		    (c != 0xed || s[1] <= 0x9f) ? 3 : 0;
	if (c >= 0xf0 && c <= 0xf4)
		return n >= 4 && (s[1] & 0xc0) == 0x80 &&
		    (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80 &&
		    (c != 0xf0 || s[1] >= 0x90) &&
		    (c != 0xf4 || s[1] <= 0x8f) ? 4 : 0;
	return 0;
}
int	 cp_utf8_valid(const char *, size_t len, size_t *bad_offset);
/* Copies s with each invalid sequence replaced by U+FFFD. */
char	*cp_utf8_repair(const char *, size_t len);
/*
 * The code point of the sequence opening s, its length in *len; 0 when
 * s is empty or opens with an invalid sequence (*len then unset).
 */
unsigned long	 cp_utf8_decode(const char *s, size_t n, size_t *len);
/* The characters in s[0..n), its bytes but continuation bytes. */
size_t		 cp_utf8_chars(const char *s, size_t n);
/* Adds code point cp, below U+110000, to b as UTF-8. */
void		 cp_utf8_put(struct cp_buf *b, unsigned long cp);

/* U+FF1A and U+FF1F, the colon and question mark of CJK text. */
#define FULLWIDTH_COLON	"\xef\xbc\x9a"
#define FULLWIDTH_QMARK	"\xef\xbc\x9f"
/* U+2022, the bullet word processors put before a list's items. */
#define BULLET_DOT	"\xe2\x80\xa2"
/* U+3000, the ideographic space, white space as wide as a CJK character. */
#define IDEOGRAPHIC_SPACE	"\xe3\x80\x80"

/*
 * The number of different terms among n, each a string's text up to a
 * space (a first word), or, bold set, up to a '*' (a term in bold, past
 * its opening stars); terms is sorted in place (terms.c).
 */
size_t		 cp_distinct_terms(const char **terms, size_t n, int bold);
/* The words in s[0..n), runs of anything but a space (terms.c). */
size_t		 cp_count_words(const char *s, size_t n);
/*
 * Is c a byte of a word's letters: an ASCII letter or any byte of a
 * character beyond ASCII (terms.c)?
 */
int		 cp_word_byte(unsigned char c);

/*
 * Where the line s[0..n) ends in a statement's verdict as a letter, "...
 * nel LEC. V", after the statement's end (".", "?", "!" or ")"), three
 * words at least, and spaces: T, F, V, W, R or P, as true and false are
 * written in several languages, perhaps doubted, "V?", "F (?)".  The
 * index of the first space before it, the letter in *letter; or 0
 * (labels.c).
 */
size_t		 cp_verdict_letter(const char *s, size_t n, char *letter);
/*
 * The verdicts' letters of a file's lines, counted by cp_verdict_count():
 * a bank of true-or-false statements has "F" on some and one other letter
 * on the rest (cp_verdict_bank()), true_letter that one (labels.c).
 */
struct cp_verdict_tally {
	size_t		 lines, f, other;
	char		 true_letter;
	int		 mixed;		/* a third letter: no verdicts */
};
void		 cp_verdict_count(struct cp_verdict_tally *, char letter);
int		 cp_verdict_bank(const struct cp_verdict_tally *);

/* The word for an answer in many languages, NULL-ended (labels.c). */
extern const char *const cp_answer_words[];
/*
 * The words that call an option the right one, lower case, NULL-ended;
 * and where the note in brackets ending s[0..n) that marks its option
 * right, "(Risposta corretta)", "(correct)", starts, the blanks before
 * it with it, or 0 (labels.c).
 */
extern const char *const cp_right_words[];
size_t		 cp_right_note(const char *s, size_t n);
/* A statement's verdicts, "true", "falso", lower case (labels.c). */
extern const char *const cp_verdict_words[];
/*
 * Does question s[0..n) point at what follows it, "What does this code
 * print?", "il risultato del codice seguente" (labels.c)?
 */
int		 cp_points_ahead(const char *s, size_t n);
/*
 * The words that open a prompt, "define", "nenne", "опишите", lower
 * case, NULL-ended; whether s[0..n)'s first word is one, in any case
 * (labels.c).
 */
extern const char *const cp_prompt_words[];
int		 cp_opens_prompt(const char *s, size_t n);
/*
 * The lower case of a capital written in two bytes of UTF-8, a and b,
 * into out[0..2) (Latin-1, Latin Extended-A, Cyrillic), 0 when they are
 * none; and ASCII and such capitals lowered from s[0..len) into out,
 * cut to outsz with its NUL (labels.c).
 */
int		 cp_lower_pair(unsigned char a, unsigned char b, char *out);
void		 cp_lower_prefix(const char *s, size_t len, char *out,
		    size_t outsz);
/*
 * Is s[0..n) the name of a language, "English", "Português", "日本語",
 * in any case (labels.c)?
 */
int		 cp_language_name(const char *s, size_t n);
/*
 * Does s[0..n) name a way of writing a word, "Kana", "Hiragana", "漢字",
 * in any case (labels.c)?
 */
int		 cp_writing_name(const char *s, size_t n);
/* Is s[0..n) one of words, NULL-ended, in any case (labels.c)? */
int		 cp_word_among(const char *s, size_t n,
		    const char *const *words);
/*
 * The length of the space French sets before a label's colon at s[0..n),
 * "Réponse : ", a space or a no-break one (U+00A0, U+202F), when the
 * colon follows it; else 0 (labels.c).
 */
size_t		 cp_colon_space(const char *s, size_t n);

/*
 * Is p..e a list's marker as a word processor pastes it before a tab
 * (listmarker.c)?  cp_list_marker(): a number and its mark ("1.", "2)")
 * or a bullet ("•", "o", "-", a private-use glyph).  cp_pasted_marker():
 * any symbol too ("→", "✓"), where a line of Markdown that opens so
 * is no card a tab parts.
 */
int	 cp_list_marker(const char *p, const char *e);
int	 cp_pasted_marker(const char *p, const char *e);

/*
 * Is s[0..n) an answer still to write, "//TODO", "TBD", "????", "..."
 * (placeholder.c)?  Text with a word of its own is never one.
 */
int	 cp_placeholder(const char *s, size_t n);

/*
 * Input encodings (encoding.c).  cp_decode_open() gives a stream of in's
 * text as UTF-8, read as it is decoded, which closes in when own_in is
 * set: from encoding, any name ICU's converters know, when not NULL;
 * else from the encoding a UTF-16 or UTF-32 byte order mark names
 * (UTF-8's, and the bytes after it, are passed through); else in's bytes
 * as they are when its first CP_DECODE_BLOCK bytes are UTF-8 (a
 * character cut by the block's end aside); else from the encoding ICU's
 * detector guesses, reported as a guess at name's line of the first byte
 * that is not UTF-8.  Bytes the encoding does not decode become U+FFFD,
 * reported once a line.  A read error of in is the stream's.  Returns
 * NULL, in closed as it would have been, when ICU knows no encoding of
 * that name: cp_encoding_check() reports it, and returns -1 (else 0).
 */
#define CP_DECODE_BLOCK	(1 << 16)
FILE	*cp_decode_open(FILE *in, int own_in, const char *encoding,
	    const char *name, struct cp_reporter *);
int	 cp_encoding_check(const char *encoding, struct cp_reporter *);

/*
 * A reader: one per input.  A format's open function fills next, close
 * and state; cp_read_next() calls next to fill rec.
 */
struct cp_reader {
	char			*name;	/* for diagnostics */
	FILE			*fp;
	int			 own_fp;
	struct cp_read_options	 opts;
	struct cp_reporter	*rep;
	struct cp_record	 rec;	/* cleared before each next() */
	/*
	 * What cp_read_next() hands out: &rec unless next() points it at a
	 * record of its own, which must then stay intact until the next
	 * call of next().
	 */
	struct cp_record	*out;
	void			*state;
	int			(*next)(struct cp_reader *);	/* 1, 0, -1 */
	void			(*close)(struct cp_reader *);	/* frees state */
};

/*
 * A writer: text formats write to fp, the temporary file, the device or
 * FIFO named, or standard output; a format that builds its output
 * elsewhere (apkg) copies it to fp in finish().  A write to fp that
 * fails is reported by cp_write_close(), once: a writer that sees one
 * returns -1 and says nothing.
 */
struct cp_writer {
	char			*path;	/* the final path, NULL for stdout */
	char			*tmppath;	/* the file being written, or NULL */
	int			 tmpslot;	/* its cp_temporary_add() slot */
	int			 fd;	/* what fp writes to */
	int			 errnum;	/* of fp's first failed write, or 0 */
	FILE			*fp;
	struct cp_write_options	 opts;
	struct cp_reporter	*rep;
	void			*state;
	int			(*write)(struct cp_writer *,
				    const struct cp_record *);	/* 0 or -1 */
	int			(*finish)(struct cp_writer *);	/* 0 or -1 */
	/* What cp_write_record() counts for cp_write_stats. */
	struct cp_write_stats	 stats;
	struct cp_hashset	 decks_seen;
	char			*last_deck;
	/* Adds the cards and media made, after finish(); or NULL. */
	void			(*count)(struct cp_writer *,
				    struct cp_write_stats *);
	/* Only in a writer that packs media: cp_write_media_dir(). */
	const char		*(*media_dir)(struct cp_writer *,
				    const char *);
	void			(*free)(struct cp_writer *);	/* frees state */
};

/*
 * What cp_remove_temporaries() removes: path, relative to dirfd (AT_FDCWD
 * or a folder's descriptor), is registered until forgotten.  is_dir is 0
 * for a file, 1 for a folder that only holds what is registered itself,
 * 2 for a folder removed with everything in it.  add returns the slot to
 * forget, or -1 when there is no room (it is then not removed on a
 * signal).  cp_remove_tree() removes a folder and everything in it,
 * following no symbolic link; async-signal-safe; 0 or -1.
 */
int	 cp_temporary_add(int dirfd, const char *path, int is_dir);
void	 cp_temporary_forget(int slot);
int	 cp_remove_tree(int dirfd, const char *path);

/*
 * A report that counts as one of kind (see struct cp_diag), for helpers
 * that build a message around their caller's format, and for passing on
 * a message held from another reporter.
 */
void	 cp_report_kind(struct cp_reporter *, const char *kind,
	    enum cp_level, const char *file, unsigned long line,
	    unsigned long col, const char *fmt, ...)
	    __attribute__((format(printf, 7, 8)));

/*
 * s with control bytes escaped as \xNN, for quoting names from an
 * input in diagnostics.  The caller frees it.
 */
char	*cp_printable(const char *);
/*
 * The 1-based line that holds byte off of a text whose nlines lines
 * (at least one) start at line_at[0], line_at[1], ..., ascending: for a
 * message's line, in log time.
 */
unsigned long	 cp_line_of(const size_t *line_at, size_t nlines, size_t off);

/*
 * ankiname.c: name, a deck's or a tag's (what says which), with each
 * control character replaced by a space, reported at file and line: a
 * new string the caller frees, or NULL when name holds none.
 */
char	*cp_name_repair(struct cp_reporter *, const char *file,
	    unsigned long line, const char *what, const char *name);

/* A report about a record, at the place it was written. */
void	 cp_report_at_note(struct cp_reporter *, enum cp_level,
	    const struct cp_note *, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));

/* The deck of notes that name none (cp_read_options, deck_default). */
static inline const char *
cp_read_default_deck(const struct cp_reader *r)
{
	return r->opts.deck_default != NULL ? r->opts.deck_default :
	    "Default";
}

/* Each format's entry points; formats.c lists them in one table. */
int	 cp_read_cards_open(struct cp_reader *);
int	 cp_read_txt_open(struct cp_reader *);
int	 cp_read_csv_open(struct cp_reader *);
/*
 * The CSV reader on input of which the caller has read the first len
 * bytes, head: a text that turns out to be Anki's export is read as
 * csv2cards reads it.
 */
int	 cp_read_csv_open_head(struct cp_reader *, const char *head,
	    size_t len);
/* Is line, n bytes without its line end, one of Anki's "#key:" lines? */
int	 cp_csv_header_line(const char *line, size_t n);
int	 cp_read_md_open(struct cp_reader *);
int	 cp_read_apkg_open(struct cp_reader *);

/*
 * Each reader's bid on the first bytes of a file, as libarchive's
 * readers bid (cp_format_detect()): from 0, not this format, to 100,
 * nothing else; a guess that any text would earn stays under
 * CP_BID_TAKEN.  head holds at most CP_BID_BYTES bytes, the last line
 * perhaps cut short.
 */
#define CP_BID_BYTES	4096
/* What cp_format_detect() reads: a UTF-32 head decoded fills CP_BID_BYTES. */
#define CP_DETECT_BYTES	(4 * CP_BID_BYTES)
#define CP_BID_TAKEN	40	/* a file of no known extension is read */
int	 cp_read_cards_bid(const char *head, size_t len);
int	 cp_read_txt_bid(const char *head, size_t len);
int	 cp_read_csv_bid(const char *head, size_t len);
int	 cp_read_md_bid(const char *head, size_t len);
int	 cp_read_apkg_bid(const char *head, size_t len);
/*
 * For the bids: whether head is text (UTF-8 but for a last character
 * cut short, no NUL); and head's lines, one a call from *pos on, each
 * without its line end, *whole 0 for a last line cut short.  Returns 0
 * after the last.
 */
int	 cp_bid_text(const char *head, size_t len);
int	 cp_bid_line(const char *head, size_t len, size_t *pos,
	    const char **line, size_t *n, int *whole);
int	 cp_write_cards_open(struct cp_writer *);
int	 cp_write_csv_open(struct cp_writer *);
int	 cp_write_md_open(struct cp_writer *);
int	 cp_write_html_open(struct cp_writer *);

/*
 * glyphwidth.c, generated by glyphwidth.py: the advances of the sheets'
 * font, DejaVu Sans, in 1/2048 em; code point c of a range is at
 * index + c - first of cp_glyph_regular and cp_glyph_bold.  _other is
 * for the code points of no range; cp_glyph_hangul and cp_glyph_cjk
 * are Noto Sans CJK's widest Hangul and other CJK character.
 */
struct cp_glyph_range {
	unsigned int	 first, last, index;
};
extern const struct cp_glyph_range cp_glyph_ranges[];
extern const unsigned short cp_glyph_regular[], cp_glyph_bold[];
extern const unsigned short cp_glyph_regular_other, cp_glyph_bold_other;
extern const unsigned short cp_glyph_hangul, cp_glyph_cjk;
int	 cp_write_apkg_open(struct cp_writer *);
/*
 * A writer's check of its options, run by cp_write_check() and by
 * cp_write_open() before the writer's open function, which then takes
 * them as good.
 */
int	 cp_write_csv_check(const struct cp_write_options *,
	    struct cp_reporter *);
int	 cp_write_md_check(const struct cp_write_options *,
	    struct cp_reporter *);
int	 cp_write_html_check(const struct cp_write_options *,
	    struct cp_reporter *);

/*
 * CSV (csv.c): the separators Anki's importer knows, in the order it
 * tries them when it guesses, each with the name a "#separator" line or
 * --separator gives it; the table ends with a NULL name.
 */
struct cp_csv_sep {
	const char	*name;
	int		 c;
};

extern const struct cp_csv_sep	 cp_csv_separators[];

/*
 * The separator a name (any case) or a one-character value stands for;
 * -1 for anything else, a quote, a line end or a non-ASCII byte.
 */
int	 cp_csv_separator(const char *);
/* The name of one of Anki's separators, NULL for any other character. */
const char *cp_csv_separator_name(int);
/* Appends the names, "tab, pipe, ..., space", for messages. */
void	 cp_csv_separator_list(struct cp_buf *);
/*
 * Which of the column names of a spreadsheet's header row, "Front",
 * "Term", "Tags", ..., s[0..n) is (any case, white space aside), or -1
 * (read_csv.c).
 */
int	 cp_csv_header_label(const char *, size_t);
/*
 * Does such a name say its column groups notes, "Category", "Tags",
 * "Deck", rather than holds a field (read_csv.c)?
 */
int	 cp_csv_header_groups(const char *, size_t);

/*
 * The card stream codec (stream.c).  decode parses one line into rec
 * (cleared first); errors are reported at file:line:column and return
 * -1.  encode appends one line, with its '\n', to out.
 */
int	 cp_stream_decode(const char *line, size_t len, struct cp_record *,
	    const char *file, unsigned long lineno, struct cp_reporter *);
void	 cp_stream_encode(const struct cp_record *, struct cp_buf *out);

/* As cp_note_add_field() and _tag(), taking the strings (malloc'd) over. */
/*
 * Scheduling (sched.c): a day (days since 1970-01-01) as the stream's
 * date, YYYY-MM-DD, and back (0, or -1 for what is not such a date),
 * and from a year, month and day of the month; a card's strings and
 * arrays freed.
 */
#define CP_DATE_LEN	10
void	 cp_day_format(long long day, char buf[CP_DATE_LEN + 1]);
int	 cp_day_parse(const char *, long long *day);
long long cp_day_from_civil(long long year, long long month, long long day);
void	 cp_card_clear(struct cp_card *);

void	 cp_note_take_field(struct cp_note *, char *name, char *value);
void	 cp_note_take_tag(struct cp_note *, char *tag);

/*
 * Strict JSON (json.c).  cp_json_check() walks a line once and refuses
 * what JSON or the card stream forbids and cJSON would take (see
 * cards(5)): 0, or -1 with msg and the offset err.  A valid line's
 * top-level members are listed by offset (key: its opening quote, val:
 * the value's first byte, end: just past it); free the list with
 * cp_json_check_free().  The rest take checked text:
 * cp_json_key_offset() is the offset of the k-th key (from 0) in the
 * order written, cp_json_canon() writes the value at s as the stream
 * writes JSON.  cp_json_string() writes valid UTF-8 as a JSON string.
 * cp_json_column() is the column (in characters, from 1) of offset off.
 *
 * cp_json_repeat() takes v, the tree cJSON made of checked text s, and
 * gives the first key (as written) that repeats another in the same
 * object, *off its offset in s; or NULL.  cp_json_parse() is the three
 * in one, for JSON from outside: the tree, which the caller owns and
 * frees with cJSON_Delete(), or NULL with msg and err set (a repeated
 * key is named in msg made printable).
 */
#define CP_JSON_MAX_DEPTH	1000	/* cJSON's own limit */
#define CP_JSON_MAX_NUMBER	63	/* the longest number cJSON reads */

struct cp_json_span {
	size_t	 key, val, end;
};

struct cp_json_check {
	size_t			 err;
	char			 msg[96];
	struct cp_json_span	*members;
	size_t			 nmembers, cap;
	struct cp_json_span	 inline_members[16];	/* most lines fit */
};

int	 cp_json_check(const char *, size_t, struct cp_json_check *);
void	 cp_json_check_free(struct cp_json_check *);
size_t	 cp_json_key_offset(const char *, size_t, size_t k);
void	 cp_json_canon(struct cp_buf *, const char *s);
void	 cp_json_string(struct cp_buf *, const char *, size_t);
unsigned long cp_json_column(const char *, size_t off);
struct cJSON;
const char *cp_json_repeat(const struct cJSON *v, const char *s, size_t len,
	    size_t *off);
struct cJSON *cp_json_parse(const char *, size_t, struct cp_json_check *);
/*
 * A quiz program's questions kept as JSON in a text file (quiz_json.c):
 * cp_quiz_json() reads text, a JSON array of objects or an object a
 * line, into cards, one an object, or an object of "word": "meaning"
 * members, one a member, said on rep under name; the number
 * of cards (0 for objects that are none, said), or -1 (cards empty,
 * nothing said) when the text is no such JSON.  A cloze card's front is
 * its text with "{{c1::...}}", its back NULL.  The caller frees the
 * cards with cp_quiz_cards_free().
 */
struct cp_quiz_card {
	unsigned long	 line;
	int		 cloze;
	char		*front, *back;
};
struct cp_quiz_cards {
	struct cp_quiz_card	*card;
	size_t			 n, cap;
};
int	 cp_quiz_json(const char *text, size_t len, const char *name,
	    struct cp_reporter *, struct cp_quiz_cards *);
void	 cp_quiz_cards_free(struct cp_quiz_cards *);

/*
 * An integer for a cJSON tree that is to be printed, written as is:
 * cJSON keeps numbers as doubles and prints one past int's range with
 * %1.15g, which rounds a 64-bit id and turns 1.7e15 into an exponent.
 */
struct cJSON *cp_json_integer(long long);

/*
 * Digests (digest.c), each thread with contexts of its own.  md has room
 * for CP_DIGEST_MAX bytes.  A stream digest uses the calling thread's
 * one stream context: begin, add, end, one stream at a time; end
 * returns the digest's length.  Only memory exhaustion fails these.
 */
enum cp_md { CP_SHA1, CP_SHA256 };
#define CP_DIGEST_MAX	32
struct cp_digest;
void	 cp_digest(enum cp_md, const void *, size_t, unsigned char *md);
struct cp_digest *cp_digest_begin(enum cp_md);
void	 cp_digest_add(struct cp_digest *, const void *, size_t);
size_t	 cp_digest_end(struct cp_digest *, unsigned char *md);
uint64_t cp_hash64(const void *, size_t);	/* first 64 bits of SHA-256 */
/* cp_hash64() of s's first ends[i] bytes for each i, ends ascending. */
void	 cp_hash64_prefixes(const char *s, const size_t *ends, size_t n,
	    uint64_t *out);

/*
 * Protobuf (protobuf.c), enough for the messages in Anki's packages.
 * cp_pb_next() returns 1 with the next field, 0 at the end of the
 * message, -1 when it is malformed; a length-delimited value is the
 * message sub, bounded by its parent.  cp_pb_uint() gives a varint's
 * value and cp_pb_take_string() replaces *dst by a string (valid UTF-8,
 * no NUL), each -1 for a field of another kind.
 */
struct cp_pb {
	const unsigned char	*p;
	const unsigned char	*end;
};

struct cp_pb_field {
	uint64_t	 num;
	int		 wt;	/* wire type: 0 varint, 2 length-delimited */
	uint64_t	 v;	/* a varint's value */
	struct cp_pb	 sub;	/* a length-delimited value, else empty */
};

void	 cp_pb_init(struct cp_pb *, const void *data, size_t len);
int	 cp_pb_next(struct cp_pb *, struct cp_pb_field *);
int	 cp_pb_uint(const struct cp_pb_field *, uint64_t *);
int	 cp_pb_take_string(const struct cp_pb_field *, char **dst);

/*
 * Identity (identity.c).  cp_note_guid() returns the note's own guid, or
 * one derived from its deck, notetype and first field (documented in
 * cards2apkg(1)); occurrence > 1 tells apart notes that would otherwise
 * share one.  The caller frees it.
 */
void	 cp_base91(uint64_t, char out[11]);
char	*cp_note_guid(const struct cp_note *, unsigned int occurrence);
/*
 * What a note's digest (cards(5)) is made of: its fields as Anki stores
 * them (HTML, joined by 0x1F) and its tags joined by single spaces.  out
 * gets 16 hexadecimal digits.
 */
void	 cp_note_digest(const char *flds, size_t len, const char *tags,
	    size_t tagslen, char out[17]);
/*
 * A notetype's digest (cards(5)): of its definition as the stream writes
 * it, what cards2apkg gives Anki, without its id, mod, digest, source and
 * unknown keys.  out gets 16 hexadecimal digits.
 */
void	 cp_notetype_digest(const struct cp_notetype *, char out[17]);
/*
 * A notetype another Anki tool makes (notetype.c), as that tool defines
 * it: a static definition, or NULL when no tool's is of that name.
 */
const struct cp_notetype	*cp_tool_notetype(const char *name);
/*
 * The builtin notetype that Anki, in another language, names name
 * ("Einfach" for Basic in German), or NULL.
 */
const struct cp_notetype	*cp_localized_notetype(const char *name);
/*
 * Derived Anki ids, the same for the same name and schema (kind, field
 * and template names); see cards2apkg(1).
 */
int64_t	 cp_notetype_id(const struct cp_notetype *);
int64_t	 cp_deck_id(const char *name);
/*
 * Which notetype a note means (ntscope.c): the caller's notetypes, each
 * a value (an index of the caller's), bound as they come by
 * cp_ntscope_bind(): a notetype record's to its name and id (id 0: none),
 * but not to a built-in name when it has an id, which is the package's
 * own notetype of that name; a built-in or derived one to its name.
 * cp_ntscope_find() gives the value bound last to the note's notetype_id
 * under its name, else to its name: 1, or 0 when none is.
 */
struct cp_ntbind {
	char		*name;
	long long	 id;	/* 0: bound by name */
	size_t		 value;
};

struct cp_ntscope {
	struct cp_ntbind	*binds;
	size_t			 nbinds;
	struct cp_hashmap	 ids;	/* index in binds of each id */
	struct cp_hashmap	 names;	/* and of each name */
	struct cp_ntbind	*last;	/* the last found, or NULL */
	long long		 last_id;	/* with the id asked */
};

void	 cp_ntscope_bind(struct cp_ntscope *, const char *name, long long id,
	    size_t value);
int	 cp_ntscope_find(struct cp_ntscope *, const char *name, long long id,
	    size_t *value);
void	 cp_ntscope_free(struct cp_ntscope *);
/*
 * The guids of a stream so far: a hash of each, and for each derived
 * guid that repeated, the last occurrence number it was given.
 */
struct cp_guids {
	struct cp_hashset	 seen;
	struct cp_hashmap	 last;
};

/*
 * The note's guid (cp_note_guid()), told apart from those seen before: a
 * derived guid that repeats gets the lowest occurrence number whose guid
 * is unused and a warning; a repeated guid of the note's own is an error
 * and gives NULL.  The caller frees the guid.
 */
char	*cp_unique_guid(struct cp_guids *, const struct cp_note *,
	    struct cp_reporter *);
void	 cp_guids_free(struct cp_guids *);
/*
 * Anki's sort-field text (sortfield.c: media tags become their file
 * names, tags, comments, styles and scripts go, entities are decoded)
 * and the first-field checksum built on it.  The caller frees the text.
 */
char	*cp_anki_strip_html(const char *);
uint32_t cp_anki_csum(const char *stripped);
/*
 * mediatag.c: when p starts a media tag (<img>, <audio>, <video>,
 * <object>, <source> with src= or data=), returns its length and sets
 * the file name as it is written in the tag (entities not decoded);
 * else returns 0.  p lies in the string a memo was made for with
 * cp_media_memo_init(), and calls come in the order of p, each past the
 * end of the tag the last one found: so a field of unclosed tags costs
 * linear time, not a scan to its end from every '<'.  The memo allocates
 * (a byte per byte of the string, and a place per quote, space and '>')
 * only when a tag's name is seen; cp_media_memo_free() frees it.
 */
struct cp_media_memo {
	const char	*base;		/* the string */
	size_t		 len;
	int		 built;
	unsigned char	*walked;	/* a scan was here, outside quotes */
	size_t		*at[4];		/* where '>', '\'', '"', ' ' or '>' stand */
	size_t		 n[4];
};
void	 cp_media_memo_init(struct cp_media_memo *, const char *s);
void	 cp_media_memo_free(struct cp_media_memo *);
size_t	 cp_media_tag(const char *p, struct cp_media_memo *,
	    const char **name, size_t *namelen);

/*
 * Media (media.c): every file a deck names is found through these, so
 * that no name leads outside the folder it is looked for in.  A name is
 * a relative path, components separated by '/'.  refused says why a
 * name is unsafe as text (absolute, "..", a component starting with '.'
 * or empty, a backslash, control characters, invalid UTF-8, a component
 * over 255 bytes), or NULL.  open opens it below the folder rootfd
 * without following a symbolic link anywhere: a descriptor of a regular
 * file, with *st filled, or -1 with *why set to a static reason ("not
 * found", "a symbolic link", "a hidden file", "outside the folder", "not
 * a regular file", ...).
 */
struct stat;
const char *cp_media_name_refused(const char *path);
int	 cp_media_open(int rootfd, const char *path, struct stat *st,
	    const char **why);
/*
 * path makes a field's reference the name open takes (see media.c): a
 * new string the caller frees, or NULL with *why set.  anki_keeps says
 * whether Anki would keep a packed file's name as it is.
 */
char	*cp_media_path(const char *ref, const char **why);
int	 cp_media_anki_keeps(const char *name);

/*
 * TeX math (markup.c), pandoc's delimiters: where the "$...$" or
 * "$$...$$" opened at s[i] closes before end, the end of its paragraph,
 * or 0; fail (zeroed at first) remembers failed searches, so that a
 * scan calling it on every '$' stays linear.
 */
size_t	 cp_math_close(const char *s, size_t i, size_t end, size_t fail[2]);

/*
 * A Markdown code span (markup.c): where the span whose opening run of
 * k backticks starts at s[i] ends (past its closing run of exactly k)
 * before end, or 0.  fail (zeroed at first) remembers failed searches,
 * so that a scan calling it on every run stays linear.  A run of
 * CP_CODE_RUNS or more backticks opens none (no file writes one, and
 * remembering every length would take memory a hostile file sets).
 */
#define CP_CODE_RUNS	16
size_t	 cp_code_close(const char *s, size_t i, size_t k, size_t end,
	    size_t fail[CP_CODE_RUNS]);

/*
 * Whether s[0..n) is an indented code block (mdfield.c): every line
 * that is not blank set in by four spaces or a tab, not all of them list
 * items (a list set in by its author is read as the list it was meant
 * to be).  A field trimmed of white space keeps the first line's indent
 * then, or it is code no more.
 */
int	 cp_md_indented_code(const char *s, size_t n);

/*
 * A Markdown dialect's field (mdfield.c): s without identity and
 * scheduling comments, tag links and Md2Anki's tag lists (their tags
 * added to note), and with clozes marked by each of marks ('=' for
 * "==text==", '*' for "**text**", '~' for "~~text~~", '{' for
 * "{text}"; at most four) written as Anki's, numbered from *clozes + 1
 * on, or c1 each when marks starts with '1', or from *clozes + 1 on
 * whatever the numbered ones are when it starts with '+'; when it starts
 * with '^',
 * Obsidian SR's "^[hint]" and "[^label]" after a cloze give its hint
 * and group it with the clozes of that label.  TeX math and code hold
 * no cloze.  The caller frees it.
 */
char	*cp_md_field(const char *s, const char *marks, struct cp_note *note,
	    int *clozes);
/*
 * A list of tags parted by commas, s[0..n), Md2Anki's "`{=:a, b c:=}`"
 * or ankdown's third field, added to note (mdfield.c): each once,
 * trimmed of white space and a '#', its inner white space as '_'.
 */
void	 cp_md_tag_list(struct cp_note *note, const char *s, size_t n);
/* Whether s[0..n) holds an Anki cloze's opening, "{{c1::". */
int	 cp_anki_cloze(const char *s, size_t n);

/*
 * A JavaScript regular expression, flags "gm", run by PCRE2 (jsregex.c).
 * cp_jsregex_new() compiles source, or returns NULL with PCRE2's reason
 * in err; the caller frees it with cp_jsregex_free().  cp_jsregex_next()
 * finds the next match in s[0..n), checked UTF-8, from *pos on, as
 * matchAll() does: returns 1 with ovec (2 * (cp_jsregex_groups() + 1)
 * offsets: the match's start and end, then each group's, or
 * CP_JSREGEX_UNSET for one that took no part) and *pos where the next
 * search starts; 0 when there is none; -1 when the search, which
 * starts anew at *pos 0, has taken more than CP_JSREGEX_STEPS steps for
 * each byte of s (or ten million), or PCRE2 ran out of room.
 * cp_js_space() is whether JavaScript's "\s" takes code point c.
 */
#define CP_JSREGEX_UNSET	((size_t)-1)
#define CP_JSREGEX_STEPS	1000u
struct cp_jsregex;
struct cp_jsregex *cp_jsregex_new(const char *source, char *err,
		    size_t errlen);
void		 cp_jsregex_free(struct cp_jsregex *);
size_t		 cp_jsregex_groups(const struct cp_jsregex *);
int		 cp_jsregex_next(struct cp_jsregex *, const char *s, size_t n,
		    size_t *pos, size_t *ovec);
/*
 * Many short searches of one text, a line each, would each be allowed
 * the floor of ten million steps: cp_jsregex_share() makes the searches
 * of re draw on *left instead, until it is 0 (NULL: each search its
 * own again), and cp_jsregex_allowance() is the steps allowed a text
 * of n bytes.
 */
unsigned long long cp_jsregex_allowance(size_t n);
void		 cp_jsregex_share(struct cp_jsregex *, unsigned long long *left);
int		 cp_js_space(unsigned long c);

/*
 * An Obsidian vault's plugin settings (vault.c), for md2cards.
 * cp_vault_settings_load() reads and parses the data.json at path: the
 * tree, which the caller frees with cJSON_Delete(), and *text the file,
 * which the caller frees; or NULL after reporting why, "OPTION: PATH:
 * why" or at the line of a JSON error.  For messages about the file
 * (json.c): cp_json_key_line() is the line of the first "key" in text,
 * 0 for none; cp_json_flag() sets *on from the true or false at key in
 * set (unchanged when there is none) and returns 0, or -1 after
 * reporting another value at its line in path.  cp_vault_of() is the
 * folder over the ".obsidian/plugins/PLUGIN/data.json" that path is,
 * resolved; cp_vault_path() the path of note in vault, "a/b/note.md";
 * cp_vault_folder() the folder that holds it, "a/b" or "" at its top.
 * Each returns a string the caller frees, or NULL (no vault; the note
 * is not in the vault).  cp_vault_glob() is whether path, in a vault,
 * matches the glob pattern as the plugins' minimatch matches one: "*"
 * and "?" within a name, "**" across names, "[a-z]" a class, none of
 * them a name's leading dot.
 */
struct cJSON	*cp_vault_settings_load(const char *option, const char *path,
		    char **text, struct cp_reporter *);
unsigned long	 cp_json_key_line(const char *text, const char *key);
int		 cp_json_flag(const struct cJSON *set, const char *key,
		    const char *text, const char *path, struct cp_reporter *,
		    int *on);
char		*cp_vault_of(const char *path);
char		*cp_vault_path(const char *vault, const char *note);
char		*cp_vault_folder(const char *vault, const char *note);
int		 cp_vault_glob(const char *pattern, const char *path);
/*
 * The length of the Obsidian tag s[0..n) opens, after its '#': letters,
 * digits, '_', '-', '/' or any non-ASCII character, not all of them
 * digits ("#12" is a number, "#c++" the tag "c"); 0 for none.
 */
size_t		 cp_obsidian_tag(const char *s, size_t n);

/*
 * Obsidian Spaced Repetition's cloze patterns (sr_cloze.c), such as
 * "==[123;;]answer[;;hint]==", as the plugin's cloze library reads them.
 * cp_sr_cloze_new() compiles one, or returns NULL with why in err; the
 * caller frees it with cp_sr_cloze_free().  Over a vault's patterns
 * p[0..n): cp_sr_cloze_in() is whether s[0..len) (checked UTF-8) holds a
 * cloze, or -1 when a search ran out of steps (jsregex.c);
 * cp_sr_cloze_anki() is s with its clozes written as Anki's, the
 * caller's to free, or NULL for none, with *flags saying what Anki's
 * cannot keep.
 */
#define CP_SR_CLOZE_HIDDEN	1u	/* a cloze hidden, not asked */
#define CP_SR_CLOZE_NUMBER	2u	/* a number 0 or past Anki's last */
#define CP_SR_CLOZE_OVERLAP	4u	/* clozes of two patterns overlap */
#define CP_SR_CLOZE_STEPS	8u	/* a search ran out of steps */
struct cp_sr_cloze;
struct cp_sr_cloze *cp_sr_cloze_new(const char *pattern, char *err,
	    size_t errlen);
void	 cp_sr_cloze_free(struct cp_sr_cloze *);
int	 cp_sr_cloze_in(struct cp_sr_cloze *const *p, size_t n, const char *s,
	    size_t len);
char	*cp_sr_cloze_anki(struct cp_sr_cloze *const *p, size_t n,
	    const char *s, size_t len, unsigned *flags);
/* The searches of p[0..n) drawing on *left (cp_jsregex_share()). */
void	 cp_sr_cloze_share(struct cp_sr_cloze *const *p, size_t n,
	    unsigned long long *left);

/*
 * A vault's Obsidian Spaced Repetition settings (sr_settings.c), for
 * md2cards: what marks a card there.  cp_sr_settings_default() sets the
 * plugin's defaults; cp_sr_settings_load() reads the plugin's data.json
 * at path over them and returns 0, or -1 after reporting why at path.
 * Either way s owns what it holds until cp_sr_settings_free().  A NULL
 * separator is one the vault left empty: no such card.
 */
struct cp_sr_tags {
	char	**tags;			/* "flashcards", no '#' */
	size_t	 ntags, room;
	struct cp_hashmap index;	/* their hashes: index in tags */
};
struct cp_sr_settings {
	char	*inline_sep;		/* "::": one-line cards */
	char	*inline_both;		/* ":::": studied both ways */
	char	*multi_sep;		/* "?": a line of it parts the sides */
	char	*multi_both;		/* "??" */
	struct cp_sr_tags deck_tags;	/* "#flashcards": a deck's */
	struct cp_sr_tags ignore_tags;	/* a note's none of the plugin's */
	int	 highlight_clozes;	/* "==text==" */
	int	 bold_clozes;		/* "**text**" */
	int	 curly_clozes;		/* "{{text}}" */
	struct cp_sr_cloze **clozes;	/* clozePatterns, compiled */
	size_t	 nclozes;
	int	 folder_decks;		/* a note's folders name its deck */
	char	*vault;			/* the folder over the file's
					   .obsidian, resolved, or NULL */
	char	*end_marker;		/* a line of it ends a multi-line
					   card, or NULL */
	char	**ignore_paths;		/* noteFoldersToIgnore: notes none
					   of whose cards is the plugin's */
	size_t	 nignore_paths;
};
void	 cp_sr_settings_default(struct cp_sr_settings *);
int	 cp_sr_settings_load(const char *path, struct cp_sr_settings *,
	    struct cp_reporter *);
void	 cp_sr_settings_free(struct cp_sr_settings *);
/*
 * The length of the tag of tags that tag, n bytes without its '#', is
 * or is under ("flashcards", "flashcards/Sub/Deck"), the shortest of
 * them; or 0.
 */
size_t	 cp_sr_tag_in(const struct cp_sr_tags *, const char *tag, size_t n);

/*
 * A note as Obsidian Spaced Repetition reads it under the vault's
 * settings s (read_sr.c): doc[0..len) the note's text, checked UTF-8
 * with no NUL, its nlines lines starting at line_at[] (as cp_line_of()
 * takes them), path its file (for its folders in the vault), name the
 * file in messages, tags[0..ntags) the front matter's "tags" (without
 * '#'), the cards' tags too.  Each note made is given to emit, which
 * takes what it holds, in the order written; deck, when not NULL, is
 * every note's deck.
 */
void	 cp_sr_read(const struct cp_sr_settings *s, const char *path,
	    const char *name, const char *doc, size_t len,
	    const size_t *line_at, size_t nlines, char *const *tags,
	    size_t ntags, const char *deck, struct cp_reporter *,
	    void (*emit)(void *, struct cp_record *), void *arg);

/*
 * A vault's Obsidian_to_Anki settings (o2a_settings.c), for md2cards:
 * the marks of its notes, its own regular expressions, its notetypes'
 * fields and the decks and tags of its folders.  cp_o2a_settings_load()
 * reads the plugin's data.json at path into s, which owns what it holds
 * until cp_o2a_settings_free(), and returns 0; or -1 after reporting
 * why at path.  cp_o2a_notetype() is the notetype of that name in the
 * vault's fields_dict, or NULL.
 */
enum {
	CP_O2A_BEGIN_NOTE, CP_O2A_END_NOTE, CP_O2A_BEGIN_INLINE,
	CP_O2A_END_INLINE, CP_O2A_DECK_LINE, CP_O2A_TAGS_LINE,
	CP_O2A_DELETE_LINE, CP_O2A_FROZEN_LINE, CP_O2A_MARKS
};
struct cp_o2a_regexp {
	char		*notetype;
	char		*source;	/* JavaScript's syntax */
	unsigned long	 line;		/* in the settings file, or 0 */
};
struct cp_o2a_notetype {
	char		*name;
	char		**fields;
	size_t		 nfields;
};
struct cp_o2a_settings {
	char			*mark[CP_O2A_MARKS];	/* Syntax: "START", ... */
	char			*deck;		/* Defaults: Deck */
	int			 curly_clozes;	/* CurlyCloze: "{text}" */
	int			 highlight_clozes;	/* "==text==" too */
	int			 obsidian_tags;	/* "#tag" in a field is one */
	int			 file_link;	/* "Add File Link": its line */
	int			 context;	/* "Add Context": its line */
	struct cp_o2a_regexp	*regexps;	/* CUSTOM_REGEXPS, non-empty */
	size_t			 nregexps;
	struct cp_o2a_notetype	*notetypes;	/* fields_dict */
	size_t			 nnotetypes;
	struct cp_hashmap	 notetype_index;
	char			**folder_decks;	/* folder, deck, ... */
	size_t			 nfolder_decks;	/* pairs */
	char			**folder_tags;	/* folder, "tag tag", ... */
	size_t			 nfolder_tags;
	char			*vault;		/* as cp_vault_of(), or NULL */
	char			*path;		/* the file, for messages */
};
int	 cp_o2a_settings_load(const char *path, struct cp_o2a_settings *,
	    struct cp_reporter *);
void	 cp_o2a_settings_free(struct cp_o2a_settings *);
const struct cp_o2a_notetype *cp_o2a_notetype(const struct cp_o2a_settings *,
	    const char *name);

/*
 * The settings at path, from the cache (vault.c): loaded the first time
 * they are asked for, the cache's until cp_vault_cache_free(); NULL
 * after reporting why they cannot be, and asked again then.
 */
const struct cp_sr_settings *cp_vault_sr(struct cp_vault_cache *,
	    const char *path, struct cp_reporter *);
const struct cp_o2a_settings *cp_vault_o2a(struct cp_vault_cache *,
	    const char *path, struct cp_reporter *);
/*
 * A note as Obsidian_to_Anki reads it under the vault's settings s
 * (read_o2a.c): doc[0..len) the note's text, checked UTF-8 with no NUL,
 * its nlines lines starting at line_at[] (as cp_line_of() takes them),
 * path its file (for its folders in the vault), name the file in
 * messages.  Each record made, notetype records before the first note
 * of theirs, is given to emit, which takes what it holds, in the order
 * written; deck, when not NULL, is every note's deck.
 */
void	 cp_o2a_read(const struct cp_o2a_settings *s, const char *path,
	    const char *name, const char *doc, size_t len,
	    const size_t *line_at, size_t nlines, const char *deck,
	    struct cp_reporter *, void (*emit)(void *, struct cp_record *),
	    void *arg);

/*
 * Logseq pages (read_logseq.c), for md2cards: an outline of "- " blocks,
 * a block tagged #card (or the Logseq Anki Sync plugin's #flashcard) a
 * card.  cp_logseq_page() is whether doc (len
 * bytes, NUL-terminated) is one, by the evidence.  cp_logseq_open()
 * reads its outline, reporting at file what no card holds;
 * cp_logseq_next() gives its cards in order, Markdown: the front, the
 * back and the tags (words separated by spaces), all three the
 * caller's to free, and the card's line; 0 after the last.  The page's
 * title:: and deck:: (with their lines) and tags:: (words) are the
 * reader's, or NULL.
 */
struct cp_logseq;
int	 cp_logseq_page(const char *doc, size_t len);
struct cp_logseq *cp_logseq_open(const char *doc, size_t len,
	    const char *file, struct cp_reporter *);
int	 cp_logseq_next(struct cp_logseq *, char **front, char **back,
	    char **tags, unsigned long *line);
const char *cp_logseq_title(const struct cp_logseq *, unsigned long *line);
const char *cp_logseq_deck(const struct cp_logseq *, unsigned long *line);
const char *cp_logseq_tags(const struct cp_logseq *);
void	 cp_logseq_close(struct cp_logseq *);

/*
 * Markup (markup.c): every conversion between the three markups goes
 * through these, so each target has exactly one escaping function.
 * Results are allocated; the caller frees them.
 */
void	 cp_html_escape(struct cp_buf *, const char *, size_t);	/* & < > " ' */
char	*cp_text_to_html(const char *);	/* escaped, '\n' as <br> */
char	*cp_markdown_to_html(const char *);	/* cmark */
/* cmark's parser, with an allocator that runs out as the library does. */
struct cmark_node *cp_cmark_parse(const char *, size_t len, int options);
char	*cp_markup_to_html(const char *, enum cp_markup);
void	 cp_markdown_escape(struct cp_buf *, const char *, size_t);
char	*cp_text_to_markdown(const char *);

/*
 * HTML to text or Markdown goes through cp_html_parse(): what it
 * rewrites of a field is reported once, by cp_html_bounds_report(), at
 * the place at names; at NULL (or its rep NULL) reports nothing, for
 * HTML already reported by cp_html_sanitize().
 */
struct cp_field_at {
	struct cp_reporter	*rep;
	const char		*file;
	unsigned long		 line;
	const char		*where;	/* "field \"Front\"" */
};

char	*cp_html_to_text(const char *, const struct cp_field_at *);
char	*cp_html_to_markdown(const char *, const struct cp_field_at *);
/*
 * An HTML page kept as text: what it shows, a line for each of the
 * page's lines that shows text and for each block that starts on one,
 * (*lines)[k] the page's line that line k of the result starts on, so a
 * reader of the result names the page's own lines.  The head, styles,
 * scripts and comments show nothing.  The caller frees the result and
 * *lines.
 */
char	*cp_html_page_lines(const char *, const struct cp_field_at *,
	    unsigned long **lines, size_t *nlines);
/*
 * From HTML, what cp_html_parse() rewrites is reported at `at' (NULL:
 * nothing is).  HTML made from Markdown here is cmark's, never past
 * the limits, so there is nothing to report.
 */
char	*cp_markup_convert(const char *, enum cp_markup from,
	    enum cp_markup to, const struct cp_field_at *at);

/*
 * Parsing HTML (htmlparse.c): a field's HTML as libxml2's parser reads
 * it within a <body>, after a linear pass that rewrites what libxml2
 * would take more than linear time over: attributes past
 * CP_HTML_MAX_ATTRS on one tag, end tags that close nothing under more
 * than CP_HTML_OPEN_ENDS open elements, start tags
 * nested deeper than CP_HTML_MAX_DEPTH, and names (of elements,
 * attributes, entities) past CP_HTML_MAX_NAMES distinct ones that HTML
 * does not know.  What was rewritten is counted in the bounds, for the
 * caller to report with cp_html_bounds_report() (nothing when nothing
 * was, or rep is NULL).  The caller frees the document with xmlFreeDoc().
 */
#define CP_HTML_MAX_ATTRS	100
#define CP_HTML_MAX_DEPTH	1000
#define CP_HTML_OPEN_ENDS	64
#define CP_HTML_MAX_NAMES	1000

struct cp_html_bounds {
	size_t	 attrs, end_tags, deep, names;
};

struct _xmlDoc;
struct _xmlDoc *cp_html_parse(const char *, struct cp_html_bounds *);
void	 cp_html_bounds_report(const struct cp_html_bounds *,
	    struct cp_reporter *, const char *file, unsigned long line,
	    const char *where);

/*
 * Sanitising (sanitize.c): HTML from a deck reduced to one allow-list
 * of elements and attributes, for a page that shows it and must run,
 * load and follow nothing it says.  An <img>'s src is kept when it is a
 * data: URI of an image; any other goes to media(), which returns the
 * URI to write instead (the sanitiser frees it) or NULL after putting
 * the reason into why.  A class name is kept unless taken_classes,
 * space-separated, lists it as the page's own.  What is left out is reported at file:line, as warnings
 * that begin with where: one for each address, one summing up the rest;
 * rep NULL reports nothing.  The caller frees the result.
 */
struct cp_sanitize {
	struct cp_reporter	*rep;
	const char		*file;
	unsigned long		 line;
	const char		*where;	/* "field \"Front\"" */
	const char		*taken_classes;
	char			*(*media)(void *arg, const char *src,
				    struct cp_buf *why);
	void			*arg;
};

char	*cp_html_sanitize(const char *html, const struct cp_sanitize *);

#endif /* !CP_INTERNAL_H */
