/*
 * utf8.c: validation and repair of UTF-8, so that nothing invalid reaches
 * the card stream (JSON requires valid UTF-8), and decoding for the
 * readers and writers that ask what script a letter is in.
 */
#include <stddef.h>

#include "internal.h"

int
cp_utf8_valid(const char *str, size_t n, size_t *bad)
{
	const unsigned char	*s = (const unsigned char *)str;
	size_t			 i, len;

	for (i = 0; i < n; i += len) {
		if ((len = cp_utf8_seqlen(s + i, n - i)) == 0) {
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
		if ((len = cp_utf8_seqlen(s + i, n - i)) == 0) {
			cp_buf_addstr(&b, "\xef\xbf\xbd");
			len = 1;
		} else
			cp_buf_add(&b, s + i, len);
	}
	return cp_buf_detach(&b);
}

unsigned long
cp_utf8_decode(const char *str, size_t n, size_t *len)
{
	const unsigned char	*s = (const unsigned char *)str;
	unsigned long		 cp;
	size_t			 k, i;

	if (n == 0 || (k = cp_utf8_seqlen(s, n)) == 0)
		return 0;
	cp = k == 1 ? s[0] : (unsigned long)s[0] & (0x7fu >> k);
	for (i = 1; i < k; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	*len = k;
	return cp;
}

void
cp_utf8_put(struct cp_buf *b, unsigned long cp)
{
	if (cp < 0x80)
		cp_buf_addc(b, (int)cp);
	else if (cp < 0x800) {
		cp_buf_addc(b, (int)(0xC0 | cp >> 6));
		cp_buf_addc(b, (int)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		cp_buf_addc(b, (int)(0xE0 | cp >> 12));
		cp_buf_addc(b, (int)(0x80 | (cp >> 6 & 0x3F)));
		cp_buf_addc(b, (int)(0x80 | (cp & 0x3F)));
	} else {
		cp_buf_addc(b, (int)(0xF0 | cp >> 18));
		cp_buf_addc(b, (int)(0x80 | (cp >> 12 & 0x3F)));
		cp_buf_addc(b, (int)(0x80 | (cp >> 6 & 0x3F)));
		cp_buf_addc(b, (int)(0x80 | (cp & 0x3F)));
	}
}

size_t
cp_utf8_chars(const char *s, size_t n)
{
	size_t	 i, chars = 0;

	for (i = 0; i < n; i++)
		chars += ((unsigned char)s[i] & 0xc0) != 0x80;
	return chars;
}
