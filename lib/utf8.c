/*
 * utf8.c: validation and repair of UTF-8, so that nothing invalid reaches
 * the card stream (JSON requires valid UTF-8).
 */
#include <stddef.h>

#include "internal.h"

/* Length of the valid sequence at s, or 0 when it is invalid. */
static size_t
utf8_seqlen(const unsigned char *s, size_t n)
{
	unsigned int	 cp;
	size_t		 len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

int
cp_utf8_valid(const char *str, size_t n, size_t *bad)
{
	const unsigned char	*s = (const unsigned char *)str;
	size_t			 i, len;

	for (i = 0; i < n; i += len) {
		if ((len = utf8_seqlen(s + i, n - i)) == 0) {
			if (bad != NULL)
				*bad = i;
			return 0;
		}
	}
	return 1;
}

char *
cp_utf8_repair(const char *str, size_t n)
{
	const unsigned char	*s = (const unsigned char *)str;
	struct cp_buf		 b = { 0 };
	size_t			 i, len;

	for (i = 0; i < n; i += len) {
		if ((len = utf8_seqlen(s + i, n - i)) == 0) {
			cp_buf_addstr(&b, "\xef\xbf\xbd");
			len = 1;
		} else
			cp_buf_add(&b, s + i, len);
	}
	return cp_buf_detach(&b);
}
