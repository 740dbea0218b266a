/*
 * diag.c: the library reports through a callback and never prints.
 *
 * A reporter with a cap counts messages by kind: its format string and
 * the file it is about.  The kinds are kept in the order they first
 * came, for cp_report_finish(), and found through a hash table of their
 * indexes, so that counting costs the same at the millionth message as
 * at the first.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct kind {
	const char	*fmt;
	char		*file;	/* NULL when the messages concern no file */
	uint64_t	 hash;
	unsigned long	 shown, hidden;
	enum cp_level	 level;	/* the worst hidden */
	char		*last;	/* the last message shown */
};

struct cp_diag_kinds {
	struct kind	*kind;	/* in the order they first came */
	size_t		 len, cap;
	size_t		*index;	/* 1 + an index into kind, or 0 */
	size_t		 nindex;	/* a power of two, over twice len */
};

static const char *const level_names[] = {
	"ok", "note", "warning", "error", "error"
};

const char *
cp_level_name(enum cp_level level)
{
	return level_names[level];
}

int
cp_exit_status(enum cp_level worst)
{
	switch (worst) {
	case CP_LEVEL_OK:
	case CP_LEVEL_NOTE:
	case CP_LEVEL_WARNING:
		return 0;
	case CP_LEVEL_ERROR:
		return 1;
	default:
		return 3;
	}
}

static uint64_t
kind_hash(const char *fmt, const char *file)
{
	uint64_t	 h = cp_fnv64(file != NULL ? file : "");

	return h ^ ((uint64_t)(uintptr_t)fmt * UINT64_C(0x9e3779b97f4a7c15));
}

static int
kind_is(const struct kind *k, uint64_t hash, const char *fmt,
    const char *file)
{
	return k->hash == hash && k->fmt == fmt && (k->file == NULL ?
	    file == NULL : file != NULL && strcmp(k->file, file) == 0);
}

static void
kinds_rehash(struct cp_diag_kinds *ks)
{
	size_t	 i, j;

	free(ks->index);
	ks->nindex = ks->nindex == 0 ? 64 : ks->nindex * 2;
	ks->index = cp_xcalloc(ks->nindex, sizeof(*ks->index));
	for (i = 0; i < ks->len; i++) {
		for (j = ks->kind[i].hash & (ks->nindex - 1);
		    ks->index[j] != 0; j = (j + 1) & (ks->nindex - 1))
			continue;
		ks->index[j] = i + 1;
	}
}

/* The kind of a message, added when new. */
static struct kind *
kind_find(struct cp_reporter *rep, const char *fmt, const char *file)
{
	struct cp_diag_kinds	*ks;
	struct kind		*k;
	uint64_t		 hash = kind_hash(fmt, file);
	size_t			 j;

	if ((ks = rep->kinds) == NULL)
		ks = rep->kinds = cp_xcalloc(1, sizeof(*ks));
	if (2 * (ks->len + 1) > ks->nindex)
		kinds_rehash(ks);
	for (j = hash & (ks->nindex - 1); ks->index[j] != 0;
	    j = (j + 1) & (ks->nindex - 1))
		if (kind_is(&ks->kind[ks->index[j] - 1], hash, fmt, file))
			return &ks->kind[ks->index[j] - 1];
	if (ks->len == ks->cap) {
		ks->cap = ks->cap == 0 ? 16 : ks->cap * 2;
		ks->kind = cp_xreallocarray(ks->kind, ks->cap,
		    sizeof(*ks->kind));
	}
	k = &ks->kind[ks->len++];
	memset(k, 0, sizeof(*k));
	k->fmt = fmt;
	k->file = file != NULL ? cp_xstrdup(file) : NULL;
	k->hash = hash;
	ks->index[j] = ks->len;
	return k;
}

static void
vreport(struct cp_reporter *rep, const char *kind, enum cp_level level,
    const char *file, unsigned long line, unsigned long col,
    const char *fmt, va_list ap)
{
	struct cp_buf	 msg = { 0 };
	struct cp_diag	 d;
	struct kind	*k = NULL;

	if (level == CP_LEVEL_WARNING && rep->strict)
		level = CP_LEVEL_ERROR;
	if (level > rep->worst)
		rep->worst = level;
	if (rep->fn == NULL)
		return;
	if (rep->cap > 0) {
		k = kind_find(rep, kind, file);
		if (k->shown == rep->cap) {
			k->hidden++;
			if (level > k->level)
				k->level = level;
			return;
		}
		k->shown++;
	}
	cp_buf_vprintf(&msg, fmt, ap);
	d.level = level;
	d.file = file;
	d.line = line;
	d.col = col;
	d.msg = msg.data;
	d.kind = kind;
	d.hidden = 0;
	rep->fn(&d, rep->arg);
	if (k != NULL && k->shown == rep->cap)
		k->last = cp_buf_detach(&msg);
	cp_buf_free(&msg);
}

void
cp_report(struct cp_reporter *rep, enum cp_level level, const char *file,
    unsigned long line, unsigned long col, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vreport(rep, fmt, level, file, line, col, fmt, ap);
	va_end(ap);
}

void
cp_report_kind(struct cp_reporter *rep, const char *kind,
    enum cp_level level, const char *file, unsigned long line,
    unsigned long col, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vreport(rep, kind, level, file, line, col, fmt, ap);
	va_end(ap);
}

void
cp_report_at_note(struct cp_reporter *rep, enum cp_level level,
    const struct cp_note *note, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vreport(rep, fmt, level, note->source_file, note->source_line, 0,
	    fmt, ap);
	va_end(ap);
}

void
cp_report_finish(struct cp_reporter *rep)
{
	struct cp_diag_kinds	*ks = rep->kinds;
	struct cp_buf		 msg = { 0 };
	struct cp_diag		 d;
	struct kind		*k;
	size_t			 i;

	if (ks == NULL)
		return;
	for (i = 0; i < ks->len; i++) {
		k = &ks->kind[i];
		if (k->hidden > 0) {
			cp_buf_reset(&msg);
			cp_buf_printf(&msg, "%lu more like this not shown: %s",
			    k->hidden, k->last);
			d.level = k->level;
			d.file = k->file;
			d.line = d.col = 0;
			d.msg = msg.data;
			d.kind = NULL;
			d.hidden = k->hidden;
			rep->fn(&d, rep->arg);
		}
		free(k->file);
		free(k->last);
	}
	cp_buf_free(&msg);
	free(ks->kind);
	free(ks->index);
	free(ks);
	rep->kinds = NULL;
}

char *
cp_printable(const char *s)
{
	struct cp_buf	 b = { 0 };

	for (; *s != '\0'; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			cp_buf_printf(&b, "\\x%02x", (unsigned char)*s);
		else
			cp_buf_addc(&b, *s);
	}
	return cp_buf_detach(&b);
}

unsigned long
cp_line_of(const size_t *line_at, size_t nlines, size_t off)
{
	size_t	 lo = 0, hi = nlines;

	while (hi - lo > 1) {
		size_t	 mid = lo + (hi - lo) / 2;

		if (line_at[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (unsigned long)lo + 1;
}
