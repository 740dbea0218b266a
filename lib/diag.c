/*
 * diag.c: the library reports through a callback and never prints.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

static const char *const level_names[] = {
	"ok", "warning", "error", "error"
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
	case CP_LEVEL_WARNING:
		return 0;
	case CP_LEVEL_ERROR:
		return 1;
	default:
		return 3;
	}
}

static void
vreport(struct cp_reporter *rep, enum cp_level level, const char *file,
    unsigned long line, unsigned long col, const char *fmt, va_list ap)
{
	struct cp_buf	 msg = { 0 };
	struct cp_diag	 d;

	if (level == CP_LEVEL_WARNING && rep->strict)
		level = CP_LEVEL_ERROR;
	if (level > rep->worst)
		rep->worst = level;
	if (rep->fn == NULL)
		return;
	cp_buf_vprintf(&msg, fmt, ap);
	d.level = level;
	d.file = file;
	d.line = line;
	d.col = col;
	d.msg = msg.data;
	rep->fn(&d, rep->arg);
	cp_buf_free(&msg);
}

void
cp_report(struct cp_reporter *rep, enum cp_level level, const char *file,
    unsigned long line, unsigned long col, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vreport(rep, level, file, line, col, fmt, ap);
	va_end(ap);
}

void
cp_report_at_note(struct cp_reporter *rep, enum cp_level level,
    const struct cp_note *note, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vreport(rep, level, note->source_file, note->source_line, 0, fmt, ap);
	va_end(ap);
}
