/*
 * encoding.c: the text readers (txt, csv, md) read UTF-8 only; this
 * puts a decoder between them and their input, so that a deck saved in
 * a Windows code page or as UTF-16 reads as what it says.  ICU does the
 * work: its converters (ucnv) decode, its charset detector (ucsdet)
 * guesses an encoding nobody named.
 *
 * The decoder is a stdio stream over the input (fopencookie()), decoding
 * as it is read, through buffers of a fixed size: the readers keep
 * reading a FILE as before, and the input is never held twice.  Input
 * that is UTF-8 is passed through byte for byte.
 */
#define _GNU_SOURCE	/* fopencookie() */

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>
#include <unicode/ustring.h>

#include "internal.h"

#define UNITS		(1 << 13)	/* UTF-16 units decoded at a time */
#define NO_SIGN		10	/* ICU's confidence in a match it has no sign of */

struct decoder {
	FILE			*in;
	int			 own_in;
	const char		*name;	/* the input's, for messages */
	struct cp_reporter	*rep;
	/* The first block of input, then each block read after it. */
	char			 block[CP_DECODE_BLOCK];
	size_t			 len, pos;
	int			 eof;
	int			 ioerr;	/* errno of a failed read, or 0 */
	/* NULL: the input is UTF-8, passed through. */
	UConverter		*conv;
	char			*encoding;	/* conv's, as named, for messages */
	int			 flushed;	/* conv has given all it holds */
	UChar			 units[UNITS];
	size_t			 held;	/* a lead surrogate kept for its trail */
	/* Lines counted up to scan in units, for the warnings. */
	const UChar		*scan;
	unsigned long		 lineno, warned;
	int			 cr;	/* the last unit counted was a CR */
	char			 out[3 * UNITS + 4];	/* units as UTF-8 */
	size_t			 outlen, outpos;
};

/*
 * Counts the line ends decoded up to end, for the line of a warning: LF,
 * CRLF and a lone CR, as the readers count them.
 */
static void
count_lines(struct decoder *d, const UChar *end)
{
	for (; d->scan < end; d->scan++) {
		if (*d->scan == '\r' || (*d->scan == '\n' && !d->cr))
			d->lineno++;
		d->cr = *d->scan == '\r';
	}
}

/*
 * Bytes the encoding cannot decode become U+FFFD, as invalid UTF-8 does
 * in the readers, with one warning a line.
 */
static void
undecodable(const void *context, UConverterToUnicodeArgs *args,
    const char *bytes, int32_t n, UConverterCallbackReason reason,
    UErrorCode *err)
{
	static const UChar	 fffd = 0xfffd;
	struct decoder		*d = (struct decoder *)context;

	if (reason > UCNV_IRREGULAR)
		return;	/* reset, close or clone: nothing to replace */
	/* ICU writes into units, unless they are full: then count none. */
	if (args->target >= d->scan && args->target <= d->units + UNITS)
		count_lines(d, args->target);
	if (d->warned != d->lineno) {
		d->warned = d->lineno;
		cp_report(d->rep, CP_LEVEL_WARNING, d->name, d->lineno, 0,
		    "bytes that are not %s replaced by U+FFFD", d->encoding);
	}
	*err = U_ZERO_ERROR;
	ucnv_cbToUWriteUChars(args, &fffd, 1, 0, err);
}

static UConverter *
converter_open(const char *encoding)
{
	UConverter	*conv;
	UErrorCode	 err = U_ZERO_ERROR;

	/* ICU takes "" for the platform's default; that is not a name. */
	if (*encoding == '\0')
		return NULL;
	conv = ucnv_open(encoding, &err);
	if (U_FAILURE(err)) {
		ucnv_close(conv);
		return NULL;
	}
	return conv;
}

int
cp_encoding_check(const char *encoding, struct cp_reporter *rep)
{
	UConverter	*conv;

	if ((conv = converter_open(encoding)) == NULL) {
		cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0, "--encoding: no "
		    "encoding ICU knows, such as windows-1252, latin1, "
		    "shift_jis or utf-16: %s", encoding);
		return -1;
	}
	ucnv_close(conv);
	return 0;
}

static void
decode_with(struct decoder *d, UConverter *conv, const char *encoding)
{
	UErrorCode	 err = U_ZERO_ERROR;

	d->conv = conv;
	d->encoding = cp_xstrdup(encoding);
	ucnv_setToUCallBack(conv, undecodable, d, NULL, NULL, &err);
}

/*
 * The encoding a byte order mark names, and its length, or NULL.  UTF-8's
 * is left to the readers, which drop it.  UTF-32LE's begins as
 * UTF-16LE's does, so it is looked for first.
 */
static const char *
bom(const char *s, size_t n, size_t *len)
{
	static const struct {
		const char	*bytes;
		size_t		 len;
		const char	*encoding;
	} marks[] = {
		{ "\xff\xfe\0\0", 4, "UTF-32LE" },
		{ "\0\0\xfe\xff", 4, "UTF-32BE" },
		{ "\xff\xfe", 2, "UTF-16LE" },
		{ "\xfe\xff", 2, "UTF-16BE" },
		{ "\xef\xbb\xbf", 3, "UTF-8" }
	};
	size_t	 i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (n >= marks[i].len &&
		    memcmp(s, marks[i].bytes, marks[i].len) == 0) {
			*len = marks[i].len;
			return marks[i].encoding;
		}
	return NULL;
}

/*
 * Is s, n bytes, UTF-8?  When it fills the block, its last character
 * may be cut short by the block's end: the start of a valid sequence
 * (its missing bytes made 0x80 or 0xbf, one of which any valid sequence
 * takes) is no fault.  *bad is the offset of the first invalid byte.
 */
static int
utf8_block(const char *s, size_t n, size_t *bad)
{
	unsigned char	 lo[4], hi[4];
	size_t		 want, k;

	if (cp_utf8_valid(s, n, bad))
		return 1;
	if (n < CP_DECODE_BLOCK || n - *bad >= 4)
		return 0;
	k = n - *bad;
	memcpy(lo, s + *bad, k);
	memcpy(hi, s + *bad, k);
	memset(lo + k, 0x80, 4 - k);
	memset(hi + k, 0xbf, 4 - k);
	want = lo[0] >= 0xf0 ? 4 : lo[0] >= 0xe0 ? 3 : 2;
	return want > k && (cp_utf8_seqlen(lo, 4) == want ||
	    cp_utf8_seqlen(hi, 4) == want);
}

/* Which bytes from 0x80 up are letters in the encoding conv decodes. */
static void
letters_of(UConverter *conv, unsigned char letter[128])
{
	UChar		 u[4];
	UErrorCode	 err;
	char		 b;
	int		 k;

	for (k = 0; k < 128; k++) {
		err = U_ZERO_ERROR;
		b = (char)(k + 0x80);
		letter[k] = ucnv_toUChars(conv, u, 4, &b, 1, &err) == 1 &&
		    U_SUCCESS(err) && u_isalpha(u[0]);
	}
}

/*
 * ICU's detector tells Western from Central European code pages by how
 * often words come, which a short file has too few of: twenty Polish
 * words with three letters beyond ASCII read as Latin-1, "pi\xc2\xb3karz".
 * A byte between two ASCII letters is a letter of its word.  When such
 * bytes are letters in windows-1250 and signs in windows-1252 ("\xc2\xb3"
 * for "\xc5\x82"), on one byte or more and never the other way round,
 * the text is windows-1250.
 */
static int
central_european(const char *s, size_t n)
{
	UConverter	*west, *east;
	unsigned char	 wl[128], el[128], b;
	size_t		 i, w = 0, e = 0;

	if ((west = converter_open("windows-1252")) == NULL)
		return 0;
	if ((east = converter_open("windows-1250")) == NULL) {
		ucnv_close(west);
		return 0;
	}
	letters_of(west, wl);
	letters_of(east, el);
	ucnv_close(west);
	ucnv_close(east);
	for (i = 1; i + 1 < n; i++) {
		b = (unsigned char)s[i];
		if (b < 0x80 || !isalpha((unsigned char)s[i - 1]) ||
		    !isalpha((unsigned char)s[i + 1]))
			continue;
		w += wl[b - 0x80] && !el[b - 0x80];
		e += el[b - 0x80] && !wl[b - 0x80];
	}
	return e > 0 && w == 0;
}

/*
 * ICU's detector, told the first block is not UTF-8, guesses: the most
 * confident of its matches that is not UTF-8 and that a converter
 * decodes.  NULL when it has none.  A match of confidence NO_SIGN or
 * less is none: ICU gives UTF-16 that much for any bytes at all, and
 * "caf\xe9" read as UTF-16 is worse than U+FFFD.
 */
static UConverter *
guess(const char *s, size_t n, char **encoding)
{
	UCharsetDetector	 *det;
	const UCharsetMatch	**match;
	UConverter		 *conv = NULL;
	const char		 *name;
	UErrorCode		  err = U_ZERO_ERROR;
	int32_t			  i, nmatch = 0;

	det = ucsdet_open(&err);
	ucsdet_setText(det, s, (int32_t)n, &err);
	match = ucsdet_detectAll(det, &nmatch, &err);
	for (i = 0; U_SUCCESS(err) && i < nmatch && conv == NULL; i++) {
		name = ucsdet_getName(match[i], &err);
		if (U_SUCCESS(err) && strcmp(name, "UTF-8") != 0 &&
		    ucsdet_getConfidence(match[i], &err) > NO_SIGN &&
		    (conv = converter_open(name)) != NULL)
			*encoding = cp_xstrdup(name);	/* the detector's */
	}
	ucsdet_close(det);
	if (conv != NULL && (strcmp(*encoding, "ISO-8859-1") == 0 ||
	    strcmp(*encoding, "windows-1252") == 0) && central_european(s, n)) {
		ucnv_close(conv);
		free(*encoding);
		*encoding = NULL;
		if ((conv = converter_open("windows-1250")) != NULL)
			*encoding = cp_xstrdup("windows-1250");
	}
	return conv;
}

/* The line of byte off of the first block, from 1, counted as above. */
static unsigned long
line_of(const char *s, size_t off)
{
	unsigned long	 line = 1;
	size_t		 i;

	for (i = 0; i < off; i++)
		if (s[i] == '\r' || (s[i] == '\n' && (i == 0 ||
		    s[i - 1] != '\r')))
			line++;
	return line;
}

/*
 * Reads the next block; at the end of input, or after a read error
 * (kept for the reader, which reports it), sets eof.
 */
static void
read_block(struct decoder *d)
{
	d->pos = 0;
	d->len = fread(d->block, 1, sizeof(d->block), d->in);
	if (d->len < sizeof(d->block)) {
		d->eof = 1;
		if (ferror(d->in))
			d->ioerr = errno != 0 ? errno : EIO;
	}
}

/* Chooses how to read, from what was asked and from the first block. */
static void
choose(struct decoder *d, const char *encoding)
{
	UConverter	*conv;
	const char	*named;
	char		*guessed;
	size_t		 bad, marklen;

	if (encoding != NULL) {
		decode_with(d, converter_open(encoding), encoding);
		return;
	}
	if ((named = bom(d->block, d->len, &marklen)) != NULL) {
		if (strcmp(named, "UTF-8") != 0) {
			d->pos = marklen;
			decode_with(d, converter_open(named), named);
		}
		return;
	}
	if (utf8_block(d->block, d->len, &bad))
		return;
	/* No guess: the readers repair what is not UTF-8, line by line. */
	if ((conv = guess(d->block, d->len, &guessed)) == NULL)
		return;
	decode_with(d, conv, guessed);
	free(guessed);
	cp_report(d->rep, CP_LEVEL_WARNING, d->name, line_of(d->block, bad),
	    0, "not UTF-8: read as %s (a guess; --encoding names the "
	    "input's encoding)", d->encoding);
}

/*
 * Decodes the next units into out: returns 0, or -1 when ICU failed
 * (with errno set).  Leaves out empty only at the end of input.
 */
static int
decode_more(struct decoder *d)
{
	UChar		*target;
	const char	*src;
	UErrorCode	 err;
	int32_t		 n8;
	size_t		 n;

	d->outlen = d->outpos = 0;
	while (d->outlen == 0 && !d->flushed) {
		if (d->pos == d->len && !d->eof)
			read_block(d);
		target = d->units + d->held;
		src = d->block + d->pos;
		d->scan = target;
		err = U_ZERO_ERROR;
		ucnv_toUnicode(d->conv, &target, d->units + UNITS, &src,
		    d->block + d->len, NULL, d->eof, &err);
		d->pos = (size_t)(src - d->block);
		if (err == U_BUFFER_OVERFLOW_ERROR)
			err = U_ZERO_ERROR;
		else if (d->eof && d->pos == d->len)
			d->flushed = 1;
		if (U_FAILURE(err)) {
			errno = EILSEQ;
			return -1;
		}
		count_lines(d, target);
		n = (size_t)(target - d->units);
		/* A pair cut by the end of units waits for its trail. */
		d->held = !d->flushed && n > 0 &&
		    U16_IS_LEAD(d->units[n - 1]) ? 1 : 0;
		err = U_ZERO_ERROR;
		u_strToUTF8WithSub(d->out, sizeof(d->out), &n8, d->units,
		    (int32_t)(n - d->held), 0xfffd, NULL, &err);
		if (U_FAILURE(err)) {
			errno = EILSEQ;
			return -1;
		}
		d->outlen = (size_t)n8;
		if (d->held)
			d->units[0] = d->units[n - 1];
	}
	return 0;
}

/* UTF-8 is passed through: the first block, then the input itself. */
static ssize_t
pass_through(struct decoder *d, char *buf, size_t size)
{
	size_t	 n;

	if (d->pos < d->len) {
		n = d->len - d->pos < size ? d->len - d->pos : size;
		memcpy(buf, d->block + d->pos, n);
		d->pos += n;
		return (ssize_t)n;
	}
	if (d->ioerr != 0) {
		errno = d->ioerr;
		return -1;
	}
	if (d->eof)
		return 0;
	n = fread(buf, 1, size, d->in);
	return n == 0 && ferror(d->in) ? -1 : (ssize_t)n;
}

static ssize_t
decoder_read(void *cookie, char *buf, size_t size)
{
	struct decoder	*d = cookie;
	size_t		 n;

	if (d->conv == NULL)
		return pass_through(d, buf, size);
	if (d->outpos == d->outlen && decode_more(d) == -1)
		return -1;
	/* What was read before a read error is decoded first. */
	if (d->outpos == d->outlen && d->ioerr != 0) {
		errno = d->ioerr;
		return -1;
	}
	n = d->outlen - d->outpos < size ? d->outlen - d->outpos : size;
	memcpy(buf, d->out + d->outpos, n);
	d->outpos += n;
	return (ssize_t)n;
}

static int
decoder_close(void *cookie)
{
	struct decoder	*d = cookie;
	int		 rc = 0;

	if (d->own_in)
		rc = fclose(d->in);
	ucnv_close(d->conv);
	free(d->encoding);
	free(d);
	return rc;
}

FILE *
cp_decode_open(FILE *in, int own_in, const char *encoding, const char *name,
    struct cp_reporter *rep)
{
	static const cookie_io_functions_t	 io = {
		decoder_read, NULL, NULL, decoder_close
	};
	struct decoder	*d;
	FILE		*fp;

	if (encoding != NULL && cp_encoding_check(encoding, rep) == -1) {
		if (own_in)
			fclose(in);
		return NULL;
	}
	d = cp_xcalloc(1, sizeof(*d));
	d->in = in;
	d->own_in = own_in;
	d->name = name;
	d->rep = rep;
	d->lineno = 1;
	read_block(d);
	if (d->ioerr == 0)
		choose(d, encoding);
	if ((fp = fopencookie(d, "r", io)) == NULL)
		cp_out_of_memory();
	return fp;
}
