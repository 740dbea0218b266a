/*
 * zip.c: the zip side of a package, apart from what it holds.  Writing:
 * members with fixed times and modes, one shape of libzip source for
 * files opened when libzip comes to read them, and igzip's deflate.
 * Reading: members decompressed (zstd too) within the size and ratio
 * limits of apkg2cards(1), and the messages about them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <zip.h>
#include <zstd.h>

#include "internal.h"
#include "zip_member.h"

/*
 * The database is deflated by ISA-L's igzip, not zlib.  Measured on the
 * 55 MB database of bench/apkg.sh's 100k-note deck, one thread: zlib
 * level 1 takes 0.70 s for 17.66 MB; igzip level 1 0.17 s for 18.26 MB,
 * level 2 0.21 s for 17.92 MB, level 3 0.22 s for 17.65 MB.  Level 3 is
 * as small as zlib's fastest at a third of its time.
 */
#define DEFLATE_LEVEL_BUF	ISAL_DEF_LVL3_DEFAULT	/* of CP_ZIP_DEFLATE_LEVEL */
#define DEFLATE_CHUNK		(1 << 17)

/* What a deflate needs beside the stream: on the heap, in one piece. */
struct deflater {
	struct isal_zstream	 z;
	unsigned char		 in[DEFLATE_CHUNK];
	unsigned char		 out[DEFLATE_CHUNK];
	unsigned char		 level_buf[DEFLATE_LEVEL_BUF];
};

int
cp_zip_deflate(struct cp_reporter *rep, const char *inpath,
    const char *outpath, struct cp_zip_file *res)
{
	struct deflater	*d = cp_xmalloc(sizeof(*d));
	struct isal_zstream *z = &d->z;
	const char	*failed = NULL;
	FILE		*fout = NULL;
	ssize_t		 n;
	size_t		 got;
	int		 fd, rc = -1, zr, errnum = 0;

	res->size = res->csize = 0;
	res->crc = 0;
	res->deflated = 1;
	isal_deflate_init(z);
	z->level = CP_ZIP_DEFLATE_LEVEL;
	z->level_buf = d->level_buf;
	z->level_buf_size = sizeof(d->level_buf);
	z->gzip_flag = IGZIP_DEFLATE;
	if ((fd = open(inpath, O_RDONLY | O_CLOEXEC)) == -1) {
		failed = inpath;
		goto out;
	}
	if ((fout = fopen(outpath, "wb")) == NULL) {
		failed = outpath;
		goto out;
	}
	do {
		while ((n = read(fd, d->in, sizeof(d->in))) == -1 &&
		    errno == EINTR)
			;
		if (n == -1) {
			failed = inpath;
			goto out;
		}
		res->size += n;
		res->crc = crc32_gzip_refl(res->crc, d->in, (uint64_t)n);
		z->end_of_stream = n == 0;
		z->next_in = d->in;
		z->avail_in = (uint32_t)n;
		do {
			z->next_out = d->out;
			z->avail_out = sizeof(d->out);
			if ((zr = isal_deflate(z)) != COMP_OK) {
				cp_report(rep, CP_LEVEL_SYSERR, inpath, 0, 0,
				    "igzip: deflating failed (code %d)", zr);
				goto out;
			}
			got = sizeof(d->out) - z->avail_out;
			if (fwrite(d->out, 1, got, fout) != got) {
				failed = outpath;
				goto out;
			}
			res->csize += (off_t)got;
		} while (z->avail_out == 0);
	} while (n > 0);
	if (z->internal_state.state != ZSTATE_END) {
		cp_report(rep, CP_LEVEL_SYSERR, inpath, 0, 0,
		    "igzip: the deflate stream did not end");
		goto out;
	}
	rc = 0;
out:
	if (failed != NULL)
		errnum = errno;
	if (fd != -1)
		close(fd);
	if (fout != NULL && fclose(fout) == EOF && failed == NULL &&
	    rc == 0) {
		failed = outpath;
		errnum = errno;
		rc = -1;
	}
	if (failed != NULL)
		cp_report(rep, CP_LEVEL_SYSERR, failed, 0, 0, "%s",
		    strerror(errnum));
	free(d);
	return failed != NULL ? -1 : rc;
}

/* A cp_zip_file being read by libzip. */
struct source {
	struct cp_zip_file	 f;
	int			 fd;
	off_t			 left;
	zip_error_t		 error;
};

static zip_int64_t
source_fail(struct source *s, const char *why)
{
	if (s->f.fail != NULL)
		s->f.fail(s->f.arg, why);
	zip_error_set(&s->error, ZIP_ER_CHANGED, 0);
	return -1;
}

static zip_int64_t
source_cb(void *arg, void *data, zip_uint64_t len, zip_source_cmd_t cmd)
{
	struct source	*s = arg;
	zip_stat_t	*st;
	const char	*why;
	ssize_t		 n;

	switch (cmd) {
	case ZIP_SOURCE_OPEN:
		if ((s->fd = s->f.open(s->f.arg, &why)) == -1)
			return source_fail(s, why);
		s->left = s->f.deflated ? s->f.csize : s->f.size;
		return 0;
	case ZIP_SOURCE_READ:
		if (s->left == 0)
			return 0;
		if ((off_t)len > s->left)
			len = (zip_uint64_t)s->left;
		while ((n = read(s->fd, data, len)) == -1 && errno == EINTR)
			;
		if (n == -1)
			return source_fail(s, strerror(errno));
		if (n == 0)
			return source_fail(s, "changed size");
		s->left -= n;
		return n;
	case ZIP_SOURCE_CLOSE:
		if (s->fd != -1)
			close(s->fd);
		s->fd = -1;
		return 0;
	case ZIP_SOURCE_STAT:
		st = data;
		zip_stat_init(st);
		st->valid = ZIP_STAT_SIZE | ZIP_STAT_MTIME;
		st->size = (zip_uint64_t)s->f.size;
		st->mtime = s->f.mtime;
		if (s->f.deflated) {
			/* Stored as it is: libzip deflates nothing again. */
			st->valid |= ZIP_STAT_COMP_SIZE |
			    ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC;
			st->comp_size = (zip_uint64_t)s->f.csize;
			st->comp_method = ZIP_CM_DEFLATE;
			st->crc = s->f.crc;
		}
		return sizeof(*st);
	case ZIP_SOURCE_ERROR:
		return zip_error_to_data(&s->error, data, len);
	case ZIP_SOURCE_FREE:
		if (s->fd != -1)
			close(s->fd);
		zip_error_fini(&s->error);
		free(s);
		return 0;
	case ZIP_SOURCE_SUPPORTS:
		return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN,
		    ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT,
		    ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
	default:
		zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
		return -1;
	}
}

zip_source_t *
cp_zip_source(zip_t *za, const struct cp_zip_file *f)
{
	struct source	*s = cp_xcalloc(1, sizeof(*s));

	s->f = *f;
	s->fd = -1;
	zip_error_init(&s->error);
	return zip_source_function(za, source_cb, s);
}

int
cp_zip_add(zip_t *za, const char *name, zip_source_t *src, int level,
    time_t mtime)
{
	zip_int64_t	 i;

	if (src == NULL ||
	    (i = zip_file_add(za, name, src, ZIP_FL_ENC_UTF_8)) < 0) {
		zip_source_free(src);
		return -1;
	}
	if (zip_set_file_compression(za, (zip_uint64_t)i, level == 0 ?
	    ZIP_CM_STORE : ZIP_CM_DEFLATE, (zip_uint32_t)level) < 0 ||
	    zip_file_set_mtime(za, (zip_uint64_t)i, mtime, 0) < 0 ||
	    zip_file_set_external_attributes(za, (zip_uint64_t)i, 0,
	    ZIP_OPSYS_UNIX, (zip_uint32_t)0100644 << 16) < 0)
		return -1;
	return 0;
}

void
cp_zip_member_verror(struct cp_reporter *rep, const char *file,
    const char *member, const char *fmt, va_list ap)
{
	struct cp_buf	 msg = { 0 };
	char		*pm;

	pm = cp_printable(member);
	cp_buf_printf(&msg, "member %s: ", pm);
	cp_buf_vprintf(&msg, fmt, ap);
	cp_report_kind(rep, fmt, CP_LEVEL_ERROR, file, 0, 0, "%s",
	    cp_buf_str(&msg));
	cp_buf_free(&msg);
	free(pm);
}

void
cp_zip_member_error(struct cp_reporter *rep, const char *file,
    const char *member, const char *fmt, ...)
{
	va_list		 ap;

	va_start(ap, fmt);
	cp_zip_member_verror(rep, file, member, fmt, ap);
	va_end(ap);
}

/*
 * Decompression.  Every byte written goes through sink_write(), which
 * enforces the caps.
 */
static int
sink_write(struct cp_reporter *rep, const char *file, const char *member,
    struct cp_zip_sink *k,
    const void *p, size_t n, uint64_t packed)
{
	const char		*q = p;
	ssize_t			 w;

	if (n == 0)
		return 0;
	if (n > k->cap - k->len) {
		cp_zip_member_error(rep, file, member, "larger than the limit of %" PRIu64
		    " bytes when uncompressed", k->cap);
		return -1;
	}
	k->len += n;
	if (k->len > CP_ZIP_RATIO_FREE && k->len / CP_ZIP_MAX_RATIO > packed) {
		cp_zip_member_error(rep, file, member, "expands more than %llu times "
		    "(a zip bomb?)", CP_ZIP_MAX_RATIO);
		return -1;
	}
	if (k->sha1 != NULL)
		cp_digest_add(k->sha1, p, n);
	if (k->buf != NULL)
		cp_buf_add(k->buf, p, n);
	while (k->fd != -1 && n > 0) {
		if ((w = write(k->fd, q, n)) == -1) {
			if (errno == EINTR)
				continue;
			cp_report(rep, CP_LEVEL_SYSERR, file, 0, 0,
			    "member %s: writing a copy: %s", member,
			    strerror(errno));
			return -1;
		}
		q += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * A declared size beyond what k takes, or beyond the ratio sink_write()
 * allows: 1 after reporting it.  The zip header declares a member's size;
 * for a zstd member, what counts is the size its first frame declares.
 */
static int
declared_too_large(struct cp_reporter *rep, const char *file,
    const char *member, const struct cp_zip_sink *k, uint64_t size, uint64_t packed)
{
	if (size > k->cap - k->len) {
		cp_zip_member_error(rep, file, member, "declares %" PRIu64 " bytes "
		    "uncompressed, more than the limit of %" PRIu64 "; not read",
		    size, k->cap);
		return 1;
	}
	if (size > CP_ZIP_RATIO_FREE && size / CP_ZIP_MAX_RATIO > packed) {
		cp_zip_member_error(rep, file, member, "declares %" PRIu64 " bytes from %"
		    PRIu64 ": expands more than %llu times (a zip bomb?); not "
		    "read", size, packed, CP_ZIP_MAX_RATIO);
		return 1;
	}
	return 0;
}

/*
 * Copies member idx into k, zstd-decoding it when zstd is set.  zstd
 * frames written by a streaming encoder declare no size, and several may
 * follow each other; the streaming decoder handles both.
 */
int
cp_zip_member_copy(struct cp_reporter *rep, const char *file, zip_t *za,
    zip_uint64_t idx, const char *member, int zstd, struct cp_zip_sink *k)
{
	zip_stat_t		 zs;
	zip_file_t		*zf;
	ZSTD_DCtx		*dctx = NULL;
	ZSTD_inBuffer		 in;
	ZSTD_outBuffer		 out;
	char			 ibuf[65536], *obuf = NULL;
	size_t			 olen = 0, zr = 0;
	zip_int64_t		 n;
	uint64_t		 packed;
	unsigned long long	 fcs;
	int			 rc = -1, any = 0;

	zip_stat_init(&zs);
	if (zip_stat_index(za, idx, 0, &zs) == -1 ||
	    (zf = zip_fopen_index(za, idx, 0)) == NULL) {
		cp_zip_member_error(rep, file, member, "%s", zip_strerror(za));
		return -1;
	}
	packed = (zs.valid & ZIP_STAT_COMP_SIZE) ? zs.comp_size : 0;
	/*
	 * What the header declares is refused before a byte is read; what
	 * is read is checked as well (sink_write()), as a header can lie.
	 */
	if (!zstd && (zs.valid & ZIP_STAT_SIZE) &&
	    declared_too_large(rep, file, member, k, zs.size, packed)) {
		zip_fclose(zf);
		return -1;
	}
	if (zstd) {
		dctx = ZSTD_createDCtx();
		olen = ZSTD_DStreamOutSize();
		obuf = cp_xmalloc(olen);
		if (dctx == NULL)
			cp_out_of_memory();
	}
	for (;;) {
		if ((n = zip_fread(zf, ibuf, sizeof(ibuf))) == -1) {
			cp_zip_member_error(rep, file, member, "%s", zip_file_strerror(zf));
			goto out;
		}
		if (n == 0)
			break;
		if (zstd && !any && (fcs = ZSTD_getFrameContentSize(ibuf,
		    (size_t)n)) != ZSTD_CONTENTSIZE_UNKNOWN &&
		    fcs != ZSTD_CONTENTSIZE_ERROR &&
		    declared_too_large(rep, file, member, k, fcs, packed))
			goto out;
		any = 1;
		if (!zstd) {
			if (sink_write(rep, file, member, k, ibuf, (size_t)n,
			    packed) == -1)
				goto out;
			continue;
		}
		in.src = ibuf;
		in.size = (size_t)n;
		in.pos = 0;
		/* Until the input is used up and the output has room left. */
		do {
			size_t	 before = in.pos, got;

			out.dst = obuf;
			out.size = olen;
			out.pos = 0;
			got = ZSTD_decompressStream(dctx, &out, &in);
			if (ZSTD_isError(got)) {
				cp_zip_member_error(rep, file, member, "bad zstd data: %s",
				    ZSTD_getErrorName(got));
				goto out;
			}
			/* A call that did nothing says nothing of the end. */
			if (in.pos != before || out.pos > 0)
				zr = got;
			if (sink_write(rep, file, member, k, obuf, out.pos,
			    packed) == -1)
				goto out;
		} while (in.pos < in.size || out.pos == out.size);
	}
	if (zstd && (!any || zr != 0)) {
		cp_zip_member_error(rep, file, member, "%s", any ? "truncated zstd data" :
		    "empty, not zstd data");
		goto out;
	}
	rc = 0;
out:
	zip_fclose(zf);
	ZSTD_freeDCtx(dctx);
	free(obuf);
	return rc;
}
