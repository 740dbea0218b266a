/*
 * terms.c: how many different terms a list of entries names, and how
 * many words a text holds.  A glossary names a term once; a form names
 * its labels ("Concept:", "Example:") again in every entry.  Both text
 * readers tell the two apart so, and a term from a sentence by its words,
 * and a word by its letters.
 */
#include <ctype.h>
#include <stdlib.h>

#include "internal.h"

/* Orders s and t, each ending at the byte end or at the string's end. */
static int
cmp_until(const char *s, const char *t, char end)
{
	for (; *s != '\0' && *s != end && *s == *t; s++, t++)
		continue;
	return (*s == end ? '\0' : (unsigned char)*s) -
	    (*t == end ? '\0' : (unsigned char)*t);
}

/* Orders two first words, each ending at a space. */
static int
word_cmp(const void *a, const void *b)
{
	return cmp_until(*(const char *const *)a, *(const char *const *)b,
	    ' ');
}

/* Orders two terms in bold, each ending at its closing stars. */
static int
bold_cmp(const void *a, const void *b)
{
	return cmp_until(*(const char *const *)a, *(const char *const *)b,
	    '*');
}

size_t
cp_distinct_terms(const char **terms, size_t n, int bold)
{
	int	(*cmp)(const void *, const void *) = bold ? bold_cmp :
		    word_cmp;
	size_t	 i, distinct = n > 0;

	qsort(terms, n, sizeof(*terms), cmp);
	for (i = 1; i < n; i++)
		distinct += cmp(&terms[i - 1], &terms[i]) != 0;
	return distinct;
}

size_t
cp_count_words(const char *s, size_t n)
{
	size_t	 i, w = 0;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && (i == 0 || s[i - 1] == ' '))
			w++;
	return w;
}

int
cp_word_byte(unsigned char c)
{
	return isalpha(c) || c >= 0x80;
}
