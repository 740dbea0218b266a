/*
 * csv.c: the separators of Anki's CSV dialect, named once for the reader
 * and the writer alike, so that what one accepts the other writes and
 * both name it in the same words.
 */
#include <string.h>
#include <strings.h>

#include "internal.h"

const struct cp_csv_sep cp_csv_separators[] = {
	{ "tab", '\t' },
	{ "pipe", '|' },
	{ "semicolon", ';' },
	{ "colon", ':' },
	{ "comma", ',' },
	{ "space", ' ' },
	{ NULL, 0 }
};

int
cp_csv_separator(const char *s)
{
	const struct cp_csv_sep	*sp;

	for (sp = cp_csv_separators; sp->name != NULL; sp++)
		if (strcasecmp(s, sp->name) == 0)
			return sp->c;
	if (s[0] != '\0' && s[1] == '\0' && s[0] != '"' && s[0] != '\r' &&
	    s[0] != '\n' && (unsigned char)s[0] < 0x80)
		return (unsigned char)s[0];
	return -1;
}

const char *
cp_csv_separator_name(int c)
{
	const struct cp_csv_sep	*sp;

	for (sp = cp_csv_separators; sp->name != NULL; sp++)
		if (sp->c == c)
			return sp->name;
	return NULL;
}

void
cp_csv_separator_list(struct cp_buf *b)
{
	const struct cp_csv_sep	*sp;

	for (sp = cp_csv_separators; sp->name != NULL; sp++)
		cp_buf_printf(b, "%s%s", sp == cp_csv_separators ? "" : ", ",
		    sp->name);
}
