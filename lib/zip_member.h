/*
 * zip_member.h: the zip side of the apkg reader and writer (zip.c).
 */
#ifndef CP_ZIP_MEMBER_H
#define CP_ZIP_MEMBER_H

#include <stdarg.h>
#include <stdint.h>
#include <time.h>

#include <zip.h>

#include "internal.h"

/* igzip's level for cp_zip_deflate(): see zip.c. */
#define CP_ZIP_DEFLATE_LEVEL	3

/*
 * A file for a zip member, opened only when libzip comes to read it, so
 * that one descriptor is open at a time however many files: open()
 * returns a descriptor or -1 with *why set; fail(), when set, is told
 * why reading failed before libzip gives up (the file changed, say).
 * A file deflated already (cp_zip_deflate()) is stored as it is.
 */
struct cp_zip_file {
	int		(*open)(void *arg, const char **why);
	void		(*fail)(void *arg, const char *why);
	void		*arg;
	off_t		 size;	/* its bytes, uncompressed */
	time_t		 mtime;
	int		 deflated;
	off_t		 csize;	/* when deflated: the bytes stored */
	uint32_t	 crc;	/* and the CRC-32 of the uncompressed */
};

/*
 * Deflates inpath into outpath with igzip, filling res's sizes, CRC and
 * deflated; 0, or -1 after reporting why (no abort()).
 */
int	 cp_zip_deflate(struct cp_reporter *, const char *inpath,
	    const char *outpath, struct cp_zip_file *res);
/* A libzip source of f (copied); NULL when libzip has no memory. */
zip_source_t *cp_zip_source(zip_t *, const struct cp_zip_file *f);
/*
 * Adds src as member name, deflated at level (0: stored), with a fixed
 * time and mode so that the same input gives the same bytes.  src is
 * freed on failure; 0 or -1 (zip_strerror() says why).
 */
int	 cp_zip_add(zip_t *, const char *name, zip_source_t *src,
	    int level, time_t mtime);

/*
 * Reading.  Members are decompressed into a sink: a file, memory, or
 * nowhere, with a digest or not, up to cap bytes.  Beyond RATIO_FREE
 * bytes, a member may not expand more than MAX_RATIO times (limits in
 * apkg2cards(1)).
 */
#define CP_ZIP_RATIO_FREE	(64ULL << 20)
#define CP_ZIP_MAX_RATIO	1000ULL

struct cp_zip_sink {
	int			 fd;	/* -1 when unused */
	struct cp_buf		*buf;	/* NULL when unused */
	uint64_t		 len;
	uint64_t		 cap;
	struct cp_digest	*sha1;	/* NULL when unused */
};

/*
 * "member NAME: ..." as an error about file, the name's control bytes
 * escaped; messages of one fmt count as one kind.
 */
void	 cp_zip_member_error(struct cp_reporter *, const char *file,
	    const char *member, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));
void	 cp_zip_member_verror(struct cp_reporter *, const char *file,
	    const char *member, const char *fmt, va_list)
	    __attribute__((format(printf, 4, 0)));
/*
 * Copies member idx of za, named member, into k, zstd-decoding it when
 * zstd is set; 0, or -1 after an error about file.
 */
int	 cp_zip_member_copy(struct cp_reporter *, const char *file,
	    zip_t *za, zip_uint64_t idx, const char *member, int zstd,
	    struct cp_zip_sink *k);

#endif /* !CP_ZIP_MEMBER_H */
