/*
 * listmarker.c: the marker a word processor sets before a tab.  Text
 * pasted from one keeps each list item's marker and the tab after it,
 * "1.<TAB>text", "o<TAB>text"; both text readers must not take that tab
 * for the one that parts a card's front from its back.
 */
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"

int
cp_list_marker(const char *p, const char *e)
{
	size_t		 len;
	unsigned long	 cp;

	if (p >= e)
		return 0;
	/* "1.", "3.1.", "2)": a bare "1" or "1.5" is a front of its own. */
	if (strspn(p, "0123456789.)") >= (size_t)(e - p) &&
	    isdigit((unsigned char)*p) && (e[-1] == '.' || e[-1] == ')'))
		return 1;
	if (e - p == 1)
		return *p == 'o' || *p == '-' || *p == '*';
	cp = cp_utf8_decode(p, (size_t)(e - p), &len);
	/* "•", "·", "◦", "▪", and Wingdings' private-use bullets. */
	return len == (size_t)(e - p) && (cp == 0x2022 || cp == 0xb7 ||
	    cp == 0x25e6 || cp == 0x25aa || (cp >= 0xe000 && cp <= 0xf8ff));
}

int
cp_pasted_marker(const char *p, const char *e)
{
	size_t		 len;
	unsigned long	 cp;

	if (cp_list_marker(p, e))
		return 1;
	if (e - p == 1)
		return ispunct((unsigned char)*p);
	cp = cp_utf8_decode(p, (size_t)(e - p), &len);
	return len == (size_t)(e - p) && cp >= 0x2010 && cp <= 0x2bff;
}
