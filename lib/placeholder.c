/*
 * placeholder.c: an answer its author has still to write.  Study files
 * keep the questions they mean to answer with a note where the answer
 * will go, "//TODO", "TBD", "????"; such a card asks what the file does
 * not yet know, and both text readers leave it out, saying so.
 */
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"

/*
 * Words that stand for an answer to come, in capitals as programmers
 * write them: "todo" is also Spanish and Portuguese for "all", and
 * "TBA" and "WIP" are acronyms a card may ask for.
 */
static const char *const todo_words[] = {
	"TODO", "TBD", "FIXME", NULL
};

int
cp_placeholder(const char *s, size_t n)
{
	const char *const	*w;
	size_t			 len;

	/*
	 * A slot left for the answer, ">>>>>", four or more: ">>>" is an
	 * operator and Python's prompt, and a rule of "_" parts cards.
	 */
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	while (n > 0 && isspace((unsigned char)*s))
		s++, n--;
	for (len = 0; len < n && s[len] == '>'; len++)
		continue;
	if (n >= 4 && len == n)
		return 1;

	/* Comment and emphasis marks round it: "// TODO", "*TBD*". */
	while (n > 0 && (isspace((unsigned char)*s) ||
	    strchr("/#*_-([<>", *s) != NULL))
		s++, n--;
	while (n > 0 && (isspace((unsigned char)s[n - 1]) ||
	    strchr("/#*_)]>:!", s[n - 1]) != NULL))
		n--;
	if (n == 0)
		return 0;
	/*
	 * Question marks alone, three or more: "???", "????"; "?", "??"
	 * and "..." may be the operator a card asks for (C#'s "??",
	 * JavaScript's spread).
	 */
	for (len = 0; len < n && s[len] == '?'; len++)
		continue;
	if (len == n && n >= 3)
		return 1;
	for (w = todo_words; *w != NULL; w++)
		if (n == strlen(*w) && strncmp(s, *w, n) == 0)
			return 1;
	return 0;
}
