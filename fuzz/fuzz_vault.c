/*
 * fuzz_vault.c: libFuzzer harness for a vault's plugin settings and the
 * Markdown reader under them: Obsidian Spaced Repetition's
 * (sr_settings.c, read_sr.c, sr_cloze.c) and Obsidian_to_Anki's
 * (o2a_settings.c, read_o2a.c, jsregex.c).  The input is the settings'
 * JSON, a NUL, then the note: any separators, deck tags, marks, regular
 * expressions and switches a stranger's data.json may hold, over any
 * note, read as each plugin's in turn and as a vault of both plugins
 * reads it.  The reader takes the settings by path, so they are written
 * to a file of the harness's own first.  A note's path in a vault is no
 * part of the input the reader sees here (the file has none), so the
 * globs of noteFoldersToIgnore are matched apart: the settings' first
 * line, as a pattern, over the note's, as a path.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

/* The first line of p[0..pn) as a glob over that of s[0..sn). */
static void
glob_lines(const char *p, size_t pn, const char *s, size_t sn)
{
	const char	*e;
	char		*pattern, *path;

	/* As long as a path runs: the time is the two lengths' product. */
	pn = pn < 1024 ? pn : 1024;
	sn = sn < 1024 ? sn : 1024;
	pattern = strndup(p, (e = memchr(p, '\n', pn)) != NULL ?
	    (size_t)(e - p) : pn);
	path = strndup(s, (e = memchr(s, '\n', sn)) != NULL ?
	    (size_t)(e - s) : sn);
	if (pattern == NULL || path == NULL)
		abort();
	(void)cp_vault_glob(pattern, path);
	free(pattern);
	free(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char		 path[32];
	static int		 fd = -1;
	char			 name[] = "/tmp/fuzz_vault.XXXXXX";
	struct cp_reporter	 rep = { NULL, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_read_options	 opts = { 0 };
	struct cp_reader	*r;
	const struct cp_record	*rec;
	const uint8_t		*nul;
	size_t			 n;
	int			 plugin;

	if ((nul = memchr(data, '\0', size)) == NULL)
		return 0;
	n = (size_t)(nul - data);
	/* Unlinked at once, it is left behind by no run (Linux's /proc). */
	if (fd == -1) {
		if ((fd = mkstemp(name)) == -1 || unlink(name) == -1)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) == -1 || pwrite(fd, data, n, 0) != (ssize_t)n)
		abort();
	glob_lines((const char *)data, n, (const char *)nul + 1, size - n - 1);
	/* Each plugin's reading, then both's, as for a vault of both. */
	for (plugin = 0; plugin < 3; plugin++) {
		opts.sr_settings = plugin != 1 ? path : NULL;
		opts.o2a_settings = plugin != 0 ? path : NULL;
		if ((r = cp_read_open_memory("md", "fuzz", nul + 1,
		    size - n - 1, &opts, &rep)) == NULL)
			continue;
		while (cp_read_next(r, &rec) == 1)
			continue;
		cp_read_close(r);
	}
	return 0;
}
