/*
 * ankiname.c: deck and tag names as Anki's importers can take them.
 *
 * A control character in a deck or tag name (a TAB from a spreadsheet,
 * a newline from a multi-line cell) is read differently by each of
 * Anki's importers: its CSV importer makes a deck of its own for every
 * note naming such a deck.  So both writers that hand names to Anki
 * repair them the same way, here: each control character becomes a
 * space, and the repair is reported at the record that named it.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

char *
cp_name_repair(struct cp_reporter *rep, const char *file,
    unsigned long line, const char *what, const char *name)
{
	const char	*p;
	char		*fixed, *shown, *c;

	for (p = name; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			break;
	if (*p == '\0')
		return NULL;
	fixed = cp_xstrdup(name);
	for (c = fixed + (p - name); *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	shown = cp_printable(name);
	cp_report(rep, CP_LEVEL_WARNING, file, line, 0,
	    "%s \"%s\" holds control characters, which Anki's importers "
	    "read apart; written with spaces instead", what, shown);
	free(shown);
	return fixed;
}
