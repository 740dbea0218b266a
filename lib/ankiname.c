/*
 * ankiname.c: deck and tag names as Anki takes them.
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

/*
 * Deck names made from what was not written as one, a folder's or a
 * file's name.
 *
 * Anki stores a deck name as levels; reading "A::B" it splits at every
 * "::", removes ASCII control characters and '"' from each level, trims
 * white space at both ends, and names an empty level "blank"
 * (rslib/src/decks/name.rs, normalized_deck_name_component()).  A name
 * made here is made the same way, so that what the package says is what
 * Anki shows, and the user is told when a folder's or file's name did
 * not survive as it was.  Unicode normalisation (NFC) is left to Anki:
 * it changes no character anyone sees.
 */
/*
 * Rust's char::is_whitespace() beyond ASCII, which Anki's trim() drops:
 * the length of the white space character at s, or 0.
 */
static size_t
wide_space(const unsigned char *s, size_t n)
{
	if (n >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
		return 2;
	if (n < 3)
		return 0;
	if ((s[0] == 0xe1 && s[1] == 0x9a && s[2] == 0x80) ||	/* U+1680 */
	    (s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80))	/* U+3000 */
		return 3;
	if (s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] <= 0x8a || s[2] == 0xa8 || s[2] == 0xa9 || s[2] == 0xaf))
		return 3;	/* U+2000-200A, U+2028, U+2029, U+202F */
	if (s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0x9f)
		return 3;	/* U+205F */
	return 0;
}

/* The length of white space or ':' at s, or 0. */
static size_t
edge(const unsigned char *s, size_t n)
{
	return *s == ' ' || *s == ':' ? 1 : wide_space(s, n);
}

char *
cp_deck_level(const char *name, size_t len, struct cp_reporter *rep,
    const char *file)
{
	struct cp_buf		 b = { 0 }, why = { 0 };
	const unsigned char	*s;
	char			*valid;
	size_t			 i, k, start, end;
	int			 removed = 0, colons = 0;

	if (!cp_utf8_valid(name, len, NULL)) {
		valid = cp_utf8_repair(name, len);
		cp_buf_addstr(&why, ", bytes that are not UTF-8 replaced");
	} else
		valid = cp_xstrndup(name, len);
	len = strlen(valid);
	for (i = 0; i < len; i++) {
		if ((unsigned char)valid[i] < 0x20 || valid[i] == 0x7f ||
		    valid[i] == '"')
			removed = 1;
		/* "a::b" would be two levels; "a:" would join the next. */
		else if (valid[i] == ':' && b.len > 0 &&
		    b.data[b.len - 1] == ':')
			colons = 1;
		else
			cp_buf_addc(&b, valid[i]);
	}
	free(valid);
	if (removed)
		cp_buf_addstr(&why, ", control characters and '\"' removed");
	if (colons)
		cp_buf_addstr(&why, ", \"::\" made ':' (it divides levels)");
	s = (const unsigned char *)cp_buf_str(&b);
	for (start = 0; start < b.len && (k = edge(s + start, b.len - start))
	    > 0; start += k)
		;
	/* Backwards: a space character's last byte is never a lead byte. */
	for (end = b.len; end > start; end -= k) {
		for (k = 1; k < end - start && (s[end - k] & 0xc0) == 0x80;)
			k++;
		if (edge(s + end - k, k) != k)
			break;
	}
	if (start > 0 || end < b.len)
		cp_buf_addstr(&why, ", white space and ':' at the ends trimmed");
	valid = end > start ? cp_xstrndup(cp_buf_str(&b) + start, end - start) :
	    cp_xstrdup("blank");
	if (end == start)
		cp_buf_addstr(&why, ", empty, named \"blank\" as Anki does");
	if (why.len > 0)
		cp_report(rep, CP_LEVEL_WARNING, file, 0, 0,
		    "deck \"%s\" made from the name: %s", valid,
		    cp_buf_str(&why) + 2);
	cp_buf_free(&b);
	cp_buf_free(&why);
	return valid;
}
