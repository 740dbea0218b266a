/*
 * sortfield.c: a field as Anki sorts and checks it: the text left once
 * media tags become their file names and tags, comments, styles and
 * scripts go, and the checksum of the first field built on it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

#include "internal.h"

#define NBLOCKS	3

/*
 * The length of what Anki strips at p: a comment, style, script or tag.
 * Calls come in the order of p; missing[] says which ends an earlier
 * call found nowhere after it (NBLOCKS for a '>'), so that no search
 * for them is made again: a field of n '<' and no '>' took n squared / 2
 * steps, one of 200000 "<!--" over 15 s.
 */
static size_t
html_skip(const char *p, unsigned char missing[NBLOCKS + 1])
{
	static const char *const blocks[NBLOCKS][2] = {
		{ "<!--", "-->" },
		{ "<style", "</style>" },
		{ "<script", "</script>" },
	};
	const char	*e;
	size_t		 i, n;

	for (i = 0; i < NBLOCKS; i++) {
		n = strlen(blocks[i][0]);
		if (missing[i] || strncasecmp(p, blocks[i][0], n) != 0)
			continue;
		for (e = p + n; *e != '\0'; e++)
			if (strncasecmp(e, blocks[i][1],
			    strlen(blocks[i][1])) == 0)
				return (size_t)(e - p) + strlen(blocks[i][1]);
		missing[i] = 1;
	}
	if (missing[NBLOCKS] || (e = strchr(p + 1, '>')) == NULL) {
		missing[NBLOCKS] = 1;
		return 0;
	}
	return (size_t)(e + 1 - p);
}

/*
 * The code point of the entity after a '&' at s, setting *len to its
 * length with the ';', or 0 when s starts no entity.  Names are HTML 4's,
 * from libxml2's table, as in the decoder Anki uses: not even &apos;.
 */
static unsigned long
entity_at(const char *s, size_t *len)
{
	const htmlEntityDesc	*e;
	unsigned long		 cp;
	char			*end, name[16];
	size_t			 n;

	if (*s == '#') {
		if (s[1] == 'x' || s[1] == 'X')
			cp = strtoul(s + 2, &end, 16);
		else
			cp = strtoul(s + 1, &end, 10);
		if (end == s + 1 || end == s + 2 || *end != ';' ||
		    cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		*len = (size_t)(end - s) + 1;
		return cp;
	}
	n = strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
	if (n == 0 || n >= sizeof(name) || s[n] != ';')
		return 0;
	memcpy(name, s, n);
	name[n] = '\0';
	*len = n + 1;
	if (strcmp(name, "apos") == 0)	/* libxml2 adds XML's */
		return 0;
	return (e = htmlEntityLookup((const xmlChar *)name)) != NULL ?
	    e->value : 0;
}

/*
 * Decodes the entities of s into b; returns -1, leaving b partly
 * written, at the first '&' that starts no entity known here: a bare '&'
 * or an unknown name makes Anki keep the whole text undecoded.  U+00A0
 * becomes a space, as Anki does after decoding.
 */
static int
entity_decode(struct cp_buf *b, const char *s)
{
	unsigned long	 cp;
	size_t		 n;

	while (*s != '\0') {
		if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0) {
			cp_buf_addc(b, ' ');
			s += 2;
			continue;
		}
		if (*s != '&') {
			n = strcspn(s + 1, "&\xc2") + 1;
			cp_buf_add(b, s, n);
			s += n;
			continue;
		}
		if ((cp = entity_at(s + 1, &n)) == 0)
			return -1;
		cp_utf8_put(b, cp == 0xA0 ? ' ' : cp);
		s += 1 + n;
	}
	return 0;
}

char *
cp_anki_strip_html(const char *s)
{
	struct cp_buf	 media = { 0 }, text = { 0 }, out = { 0 };
	struct cp_media_memo memo;
	const char	*p, *name;
	size_t		 n, namelen;
	unsigned char	 missing[NBLOCKS + 1] = { 0 };

	/* Media tags first: their file names are what the field shows. */
	cp_buf_reserve(&media, strlen(s));
	cp_media_memo_init(&memo, s);
	for (p = s; *p != '\0'; ) {
		n = strcspn(p, "<");
		cp_buf_add(&media, p, n);
		if (p[n] == '\0')
			break;
		p += n;
		if ((n = cp_media_tag(p, &memo, &name, &namelen)) > 0) {
			cp_buf_addc(&media, ' ');
			cp_buf_add(&media, name, namelen);
			cp_buf_addc(&media, ' ');
			p += n;
		} else
			cp_buf_addc(&media, *p++);
	}
	cp_media_memo_free(&memo);
	cp_buf_reserve(&text, media.len);
	for (p = media.data; *p != '\0'; ) {
		n = strcspn(p, "<");
		cp_buf_add(&text, p, n);
		if (p[n] == '\0')
			break;
		p += n;
		if ((n = html_skip(p, missing)) > 0)
			p += n;
		else
			cp_buf_addc(&text, *p++);
	}
	cp_buf_free(&media);
	if (strchr(text.data, '&') == NULL)
		return cp_buf_detach(&text);
	cp_buf_addstr(&out, "");
	if (entity_decode(&out, text.data) == -1) {
		cp_buf_free(&out);
		return cp_buf_detach(&text);
	}
	cp_buf_free(&text);
	return cp_buf_detach(&out);
}

uint32_t
cp_anki_csum(const char *stripped)
{
	unsigned char	 md[CP_DIGEST_MAX];

	cp_digest(CP_SHA1, stripped, strlen(stripped), md);
	return (uint32_t)md[0] << 24 | (uint32_t)md[1] << 16 |
	    (uint32_t)md[2] << 8 | md[3];
}
