/*
 * formats.c: the one table of formats, and opening readers and writers
 * through it.
 */
#define _GNU_SOURCE	/* fopencookie() */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define READ_BUFFER	(1 << 16)
#define WRITE_BUFFER	(1 << 16)

/*
 * A reader checks its options as it opens, before it reads a byte; with
 * read_checks set, one opened on an empty input is the check, and does
 * nothing else.  A writer's open creates its output, so a writer whose
 * options can be wrong has a check of its own, run first.  A reader of
 * text reads it decoded to UTF-8 (encoding.c), and bids on it so.
 */
struct format {
	const char	*name;
	const char	*extensions;	/* space-separated, with the dot */
	int		(*read_open)(struct cp_reader *);
	int		 read_checks;
	int		 text;
	int		(*write_check)(const struct cp_write_options *,
			    struct cp_reporter *);
	int		(*write_open)(struct cp_writer *);
	int		(*bid)(const char *, size_t);
};

/* In the order that breaks a tie of bids: the most particular first. */
static const struct format formats[] = {
	{ "apkg", ".apkg .colpkg", cp_read_apkg_open, 0, 0, NULL,
	    cp_write_apkg_open, cp_read_apkg_bid },
	{ "cards", ".jsonl .cards", cp_read_cards_open, 0, 0, NULL,
	    cp_write_cards_open, cp_read_cards_bid },
	{ "csv", ".csv .tsv", cp_read_csv_open, 1, 1, cp_write_csv_check,
	    cp_write_csv_open, cp_read_csv_bid },
	{ "md", ".md .markdown", cp_read_md_open, 1, 1, cp_write_md_check,
	    cp_write_md_open, cp_read_md_bid },
	{ "txt", ".txt", cp_read_txt_open, 0, 1, NULL, NULL,
	    cp_read_txt_bid },
	{ "html", ".html .htm", NULL, 0, 0, cp_write_html_check,
	    cp_write_html_open, NULL },
	{ NULL, NULL, NULL, 0, 0, NULL, NULL, NULL }
};

/*
 * What the name adds to its format's bid: the name is evidence, but an
 * Anki export is .txt, a deck is saved under whatever name, so content
 * that a reader takes clearly outweighs it.
 */
#define NAME_BONUS	25

static const struct format *
format_find(const char *name)
{
	const struct format	*f;

	for (f = formats; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

const char *
cp_format_guess(const char *path)
{
	const struct format	*f;
	const char		*dot, *e;
	size_t			 n;

	if (path == NULL || (dot = strrchr(path, '.')) == NULL ||
	    strchr(dot, '/') != NULL)
		return NULL;
	n = strlen(dot);
	for (f = formats; f->name != NULL; f++)
		for (e = f->extensions; (e = strstr(e, dot)) != NULL; e += n)
			if (strncasecmp(e, dot, n) == 0 &&
			    (e[n] == ' ' || e[n] == '\0'))
				return f->name;
	return NULL;
}

int
cp_bid_text(const char *head, size_t len)
{
	size_t	 bad;

	if (memchr(head, '\0', len) != NULL)
		return 0;
	/* A character cut short by the end of head is no fault of the file. */
	return cp_utf8_valid(head, len, &bad) || (len == CP_BID_BYTES &&
	    len - bad < 4);
}

int
cp_bid_line(const char *head, size_t len, size_t *pos, const char **line,
    size_t *n, int *whole)
{
	const char	*nl;

	if (*pos >= len)
		return 0;
	*line = head + *pos;
	if ((nl = memchr(*line, '\n', len - *pos)) == NULL) {
		*n = len - *pos;
		*whole = len < CP_BID_BYTES;
		*pos = len;
	} else {
		*n = (size_t)(nl - *line);
		*whole = 1;
		*pos += *n + 1;
	}
	if (*n > 0 && (*line)[*n - 1] == '\r')
		(*n)--;
	return 1;
}

/*
 * The text readers bid on head as they would read it: decoded from the
 * encoding the user named, or when none is named and head is not UTF-8
 * as it is (a UTF-16 deck holds NUL bytes), by the decoder they read
 * through, silently (the reader will say what it guessed or could not
 * decode).  Returns the length put in text, or 0 when head is to be bid
 * on as it is.
 */
static size_t
decode_head(const char *name, const void *head, size_t len,
    const char *encoding, char text[CP_BID_BYTES])
{
	struct cp_reporter	 silent = { 0 };
	FILE			*in, *fp;
	size_t			 n;

	if ((encoding == NULL &&
	    cp_bid_text(head, len < CP_BID_BYTES ? len : CP_BID_BYTES)) ||
	    (in = fmemopen((void *)head, len, "rb")) == NULL)
		return 0;
	if ((fp = cp_decode_open(in, 1, encoding, name, &silent)) == NULL)
		return 0;
	n = fread(text, 1, CP_BID_BYTES, fp);
	fclose(fp);
	return n;
}

const char *
cp_format_detect_memory(const char *name, const void *head, size_t len,
    const char *encoding, const char **named)
{
	const struct format	*f, *best = NULL;
	char			 text[CP_BID_BYTES];
	size_t			 textlen;
	int			 bid, best_score = -1, best_bid = 0, score;

	/* A page or a picture says what it is: no reader takes it. */
	if ((*named = cp_format_guess(name)) != NULL &&
	    !cp_format_can_read(*named))
		return NULL;
	textlen = head != NULL && len > 0 ? decode_head(name, head, len,
	    encoding, text) :
	    0;
	if (len > CP_BID_BYTES)
		len = CP_BID_BYTES;
	for (f = formats; f->name != NULL; f++) {
		if (f->read_open == NULL)
			continue;
		if (f->text && textlen > 0)
			bid = f->bid(text, textlen);
		else
			bid = head != NULL && len > 0 ? f->bid(head, len) : 0;
		score = bid + (*named != NULL &&
		    strcmp(*named, f->name) == 0 ? NAME_BONUS : 0);
		if (score > best_score) {
			best = f;
			best_score = score;
			best_bid = bid;
		}
	}
	/* A guess that any text earns overrules no name. */
	if (best_bid < CP_BID_TAKEN)
		return *named;
	return best->name;
}

const char *
cp_format_detect(const char *path, const char *encoding, const char **named)
{
	struct stat	 st;
	char		 head[CP_DETECT_BYTES];
	ssize_t		 n = 0;
	int		 fd;

	/*
	 * Not even opened unless a file: opening a FIFO would let its
	 * writer start, and closing it would leave the writer to SIGPIPE.
	 */
	if (path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) &&
	    (fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) !=
	    -1) {
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
			while ((n = read(fd, head, sizeof(head))) == -1 &&
			    errno == EINTR)
				;
		close(fd);
	}
	return cp_format_detect_memory(path, head, n > 0 ? (size_t)n : 0,
	    encoding, named);
}

int
cp_format_can_read(const char *name)
{
	const struct format	*f = format_find(name);

	return f != NULL && f->read_open != NULL;
}

int
cp_format_can_write(const char *name)
{
	const struct format	*f = format_find(name);

	return f != NULL && f->write_open != NULL;
}

static struct cp_reader *
reader_new(const char *format, const char *name, FILE *fp, int own_fp,
    const struct cp_read_options *opts, struct cp_reporter *rep)
{
	const struct format	*f = format_find(format);
	struct cp_reader	*r;

	if (f == NULL || f->read_open == NULL) {
		cp_report(rep, CP_LEVEL_SYSERR, NULL, 0, 0,
		    "%s: cannot be read", format);
		if (own_fp)
			fclose(fp);
		return NULL;
	}
	cp_json_alloc_init();
	r = cp_xcalloc(1, sizeof(*r));
	r->name = cp_xstrdup(name);
	r->fp = fp;
	r->own_fp = own_fp;
	if (opts != NULL)
		r->opts = *opts;
	r->rep = rep;
	r->rec.deck.declared_cards = -1;
	if (f->text) {
		r->fp = cp_decode_open(r->fp, r->own_fp, r->opts.encoding,
		    r->name, rep);
		r->own_fp = r->fp != NULL;
	}
	if (r->fp == NULL || f->read_open(r) == -1) {
		cp_read_close(r);
		return NULL;
	}
	return r;
}

int
cp_read_check(const char *format, const struct cp_read_options *opts,
    struct cp_reporter *rep)
{
	const struct format	*f;
	struct cp_reader	*r;

	if (opts != NULL && opts->encoding != NULL &&
	    cp_encoding_check(opts->encoding, rep) == -1)
		return -1;
	for (f = formats; f->name != NULL; f++) {
		if (!f->read_checks ||
		    (format != NULL && strcmp(format, f->name) != 0))
			continue;
		if ((r = cp_read_open_memory(f->name, f->name, "", 0, opts,
		    rep)) == NULL)
			return -1;
		cp_read_close(r);
	}
	return 0;
}

struct cp_reader *
cp_read_open(const char *format, const char *path,
    const struct cp_read_options *opts, struct cp_reporter *rep)
{
	FILE	*fp;

	if (cp_read_check(format, opts, rep) == -1)
		return NULL;

	/*
	 * Standard input keeps stdio's buffer: "-" may be opened again
	 * after a read, and setvbuf() then would lose what is buffered.
	 */
	if (path == NULL || strcmp(path, "-") == 0)
		return reader_new(format, "<stdin>", stdin, 0, opts, rep);
	if ((fp = fopen(path, "rb")) == NULL) {
		cp_report(rep, CP_LEVEL_SYSERR, path, 0, 0, "%s",
		    strerror(errno));
		return NULL;
	}
	/* stdio would read a file-system block (4 KiB) at a time. */
	setvbuf(fp, NULL, _IOFBF, READ_BUFFER);
	return reader_new(format, path, fp, 1, opts, rep);
}

struct cp_reader *
cp_read_open_stream(const char *format, const char *name, FILE *fp,
    const struct cp_read_options *opts, struct cp_reporter *rep)
{
	setvbuf(fp, NULL, _IOFBF, READ_BUFFER);
	return reader_new(format, name, fp, 1, opts, rep);
}

struct cp_reader *
cp_read_open_memory(const char *format, const char *name, const void *buf,
    size_t len, const struct cp_read_options *opts, struct cp_reporter *rep)
{
	static const char	 empty[1];
	FILE			*fp;

	/* fmemopen() refuses a zero-sized buffer; an empty input is valid. */
	fp = len > 0 ? fmemopen((void *)buf, len, "rb") :
	    fmemopen((void *)empty, 1, "r");
	if (fp == NULL) {
		cp_report(rep, CP_LEVEL_SYSERR, name, 0, 0, "%s",
		    strerror(errno));
		return NULL;
	}
	if (len == 0)
		getc(fp);	/* consume the placeholder byte */
	return reader_new(format, name, fp, 1, opts, rep);
}

/* Puts *deck under parent; one place for every reader. */
static void
deck_under(char **deck, const char *parent)
{
	struct cp_buf	 b = { 0 };

	if (*deck == NULL)
		return;
	cp_buf_printf(&b, "%s::%s", parent, *deck);
	free(*deck);
	*deck = cp_buf_detach(&b);
}

int
cp_read_next(struct cp_reader *r, const struct cp_record **rec)
{
	int	 rc;

	cp_record_clear(&r->rec);
	r->out = &r->rec;
	if ((rc = r->next(r)) != 1)
		return rc;
	if (r->opts.deck_parent != NULL && r->out->kind == CP_RECORD_NOTE)
		deck_under(&r->out->note.deck, r->opts.deck_parent);
	else if (r->opts.deck_parent != NULL &&
	    r->out->kind == CP_RECORD_DECK)
		deck_under(&r->out->deck.name, r->opts.deck_parent);
	*rec = r->out;
	return rc;
}

void
cp_read_close(struct cp_reader *r)
{
	if (r == NULL)
		return;
	if (r->close != NULL)
		r->close(r);
	cp_record_clear(&r->rec);
	if (r->own_fp)
		fclose(r->fp);
	free(r->name);
	free(r);
}

/*
 * What a writer writes goes through stdio into a cookie that write(2)s
 * it and keeps the errno of the first write that failed: stdio keeps
 * only a flag, and after a failed write it may hold nothing more to
 * flush, so errno at the end said nothing (a full disk came out as
 * "Input/output error").
 */
static ssize_t
output_write(void *cookie, const char *buf, size_t n)
{
	struct cp_writer	*w = cookie;
	size_t			 done = 0;
	ssize_t			 k;

	while (done < n) {
		if ((k = write(w->fd, buf + done, n - done)) == -1) {
			if (errno == EINTR)
				continue;
			if (w->errnum == 0)
				w->errnum = errno;
			break;
		}
		done += (size_t)k;
	}
	return (ssize_t)done;
}

static int
output_close(void *cookie)
{
	struct cp_writer	*w = cookie;

	if (w->fd == STDOUT_FILENO)
		return 0;
	if (close(w->fd) == -1) {
		if (w->errnum == 0)
			w->errnum = errno;
		return -1;
	}
	return 0;
}

/*
 * The temporary file lives beside the target, so that rename() is atomic
 * and never crosses a file system.
 */
static int
open_temporary(struct cp_writer *w)
{
	mode_t	 mask;
	int	 fd;

	w->tmppath = cp_xmalloc(strlen(w->path) + sizeof(".tmp.XXXXXX"));
	strcpy(w->tmppath, w->path);
	strcat(w->tmppath, ".tmp.XXXXXX");
	if ((fd = mkstemp(w->tmppath)) == -1) {
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "%s",
		    strerror(errno));
		free(w->tmppath);
		w->tmppath = NULL;
		return -1;
	}
	w->tmpslot = cp_temporary_add(AT_FDCWD, w->tmppath, 0);
	/* mkstemp() creates 0600; give the output the usual umask mode. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return fd;
}

static const char *
file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/*
 * A character device or a FIFO is written into directly, as standard
 * output is: renaming a temporary over it would replace the device
 * itself (as root, -o /dev/full made /dev/full a regular file), and
 * what a reader of a FIFO has taken cannot be taken back anyway.  Other
 * things that are not files are refused before anything is written.
 * Returns the descriptor to write to, or -1 after reporting why.
 */
static int
open_output(struct cp_writer *w)
{
	struct stat	 st;
	int		 fd;

	if (w->path == NULL)
		return STDOUT_FILENO;
	if (stat(w->path, &st) == -1 || S_ISREG(st.st_mode))
		return open_temporary(w);
	if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "%s, not a "
		    "file, character device or FIFO: nothing written",
		    file_kind(st.st_mode));
		return -1;
	}
	if ((fd = open(w->path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) == -1)
		cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0, "%s",
		    strerror(errno));
	return fd;
}

struct cp_writer *
cp_write_open(const char *format, const char *path,
    const struct cp_write_options *opts, struct cp_reporter *rep)
{
	static const cookie_io_functions_t	 output = {
		NULL, output_write, NULL, output_close
	};
	const struct format	*f = format_find(format);
	struct cp_writer	*w;

	if (f == NULL || f->write_open == NULL) {
		cp_report(rep, CP_LEVEL_SYSERR, NULL, 0, 0,
		    "%s: cannot be written", format);
		return NULL;
	}
	if (opts != NULL && f->write_check != NULL &&
	    f->write_check(opts, rep) == -1)
		return NULL;
	cp_json_alloc_init();
	w = cp_xcalloc(1, sizeof(*w));
	w->rep = rep;
	if (opts != NULL)
		w->opts = *opts;
	if (path != NULL && strcmp(path, "-") != 0)
		w->path = cp_xstrdup(path);
	if ((w->fd = open_output(w)) == -1) {
		free(w->path);
		free(w);
		return NULL;
	}
	if ((w->fp = fopencookie(w, "w", output)) == NULL)
		cp_out_of_memory();
	setvbuf(w->fp, NULL, _IOFBF, WRITE_BUFFER);
	if (f->write_open(w) == -1) {
		w->rep->worst = w->rep->worst < CP_LEVEL_ERROR ?
		    CP_LEVEL_ERROR : w->rep->worst;
		cp_write_close(w);
		return NULL;
	}
	return w;
}

/* The decks are told apart by name; notes come in runs of one deck. */
static void
count_note(struct cp_writer *w, const struct cp_note *n)
{
	w->stats.notes++;
	if (n->deck == NULL || (w->last_deck != NULL &&
	    strcmp(w->last_deck, n->deck) == 0))
		return;
	free(w->last_deck);
	w->last_deck = cp_xstrdup(n->deck);
	if (!cp_hashset_add(&w->decks_seen, cp_hash64(n->deck,
	    strlen(n->deck))))
		w->stats.decks++;
}

int
cp_write_check(const char *format, const struct cp_write_options *opts,
    struct cp_reporter *rep)
{
	const struct format	*f = format_find(format);

	return f == NULL || f->write_check == NULL ? 0 :
	    f->write_check(opts, rep);
}

int
cp_write_record(struct cp_writer *w, const struct cp_record *rec)
{
	if (rec->kind == CP_RECORD_NOTE)
		count_note(w, &rec->note);
	return w->write(w, rec);
}

const char *
cp_write_media_dir(struct cp_writer *w, const char *dir)
{
	return w->media_dir != NULL ? w->media_dir(w, dir) : NULL;
}

/*
 * The output's write error is reported here only, once, whoever saw it
 * first: a full disk fails every write after the first, and the writer,
 * the flush and the close would each have said so.
 */
int
cp_write_close(struct cp_writer *w)
{
	int	 ok;

	ok = w->finish == NULL || w->finish(w) == 0;
	if (w->count != NULL)
		w->count(w, &w->stats);
	if (w->opts.stats != NULL)
		*w->opts.stats = w->stats;
	cp_hashset_free(&w->decks_seen);
	free(w->last_deck);
	if (w->free != NULL)
		w->free(w);
	if (fclose(w->fp) == EOF || w->errnum != 0) {
		cp_report(w->rep, CP_LEVEL_SYSERR,
		    w->path != NULL ? w->path : "<stdout>", 0, 0,
		    "write error: %s", strerror(w->errnum != 0 ? w->errnum :
		    EIO));
		ok = 0;
	}
	if (w->tmppath != NULL) {
		if (ok && w->rep->worst < CP_LEVEL_ERROR &&
		    rename(w->tmppath, w->path) == -1) {
			cp_report(w->rep, CP_LEVEL_SYSERR, w->path, 0, 0,
			    "%s", strerror(errno));
			ok = 0;
		}
		if (!ok || w->rep->worst >= CP_LEVEL_ERROR)
			unlink(w->tmppath);
		cp_temporary_forget(w->tmpslot);
		free(w->tmppath);
	}
	ok = ok && w->rep->worst < CP_LEVEL_ERROR;
	free(w->path);
	free(w);
	return ok ? 0 : -1;
}
