/*
 * mediatag.c: where a field's HTML names a media file, as Anki finds it.
 */
#include <string.h>
#include <strings.h>

#include "internal.h"

static int
word_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/* Does s start with word w, case-insensitively, ending at a non-word? */
static size_t
match_word(const char *s, const char *w)
{
	size_t	 n = strlen(w);

	if (strncasecmp(s, w, n) != 0 || word_char((unsigned char)s[n]))
		return 0;
	return n;
}

/*
 * Anki's media tag: <img>, <audio>, <video>, <object> or <source> with a
 * src= or data= attribute, quoted or not.  Attribute values in quotes
 * are skipped whole, so a '>' inside one does not end the tag.
 */
size_t
cp_media_tag(const char *p, const char **name, size_t *namelen)
{
	static const char *const tags[] = {
		"img", "audio", "video", "object", "source", NULL
	};
	const char	*s = p + 1, *v, *e;
	size_t		 i, n = 0;

	if (*p != '<')
		return 0;
	for (i = 0; tags[i] != NULL && n == 0; i++)
		n = match_word(s, tags[i]);
	if (n == 0)
		return 0;
	for (s += n; *s != '\0' && *s != '>'; s++) {
		if (*s == '"' || *s == '\'') {
			if ((e = strchr(s + 1, *s)) == NULL)
				return 0;
			s = e;
			continue;
		}
		if (word_char((unsigned char)s[-1]))
			continue;
		if (strncasecmp(s, "src=", 4) == 0)
			v = s + 4;
		else if (strncasecmp(s, "data=", 5) == 0)
			v = s + 5;
		else
			continue;
		if (*v == '"' || *v == '\'') {
			if ((e = strchr(v + 1, *v)) == NULL || e == v + 1)
				return 0;
			*name = v + 1;
			*namelen = (size_t)(e - v - 1);
			e++;
		} else {
			e = v + strcspn(v, " >");
			if (e == v)
				return 0;
			*name = v;
			*namelen = (size_t)(e - v);
		}
		if ((e = strchr(e, '>')) == NULL)
			return 0;
		return (size_t)(e + 1 - p);
	}
	return 0;
}
