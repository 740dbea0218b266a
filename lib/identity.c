/*
 * identity.c: stable note identity.  A note's guid decides whether Anki
 * updates a note or adds a new one, so it must not change when an answer
 * is edited: it is derived from the deck, the notetype and the first
 * field, never from the whole note.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "internal.h"

/* Anki's guid alphabet: 91 printable characters, no space, quote or '\'. */
static const char base91_digits[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "!#$%&()*+,-./:;<=>?@[]^_`{|}~";

void
cp_base91(uint64_t n, char out[11])
{
	char	 rev[11];
	size_t	 i = 0, j;

	do {
		rev[i++] = base91_digits[n % 91];
		n /= 91;
	} while (n > 0);
	for (j = 0; j < i; j++)
		out[j] = rev[i - 1 - j];
	out[i] = '\0';
}

uint64_t
cp_hash64(const void *data, size_t len)
{
	unsigned char	 md[EVP_MAX_MD_SIZE];
	unsigned int	 mdlen;
	uint64_t	 n = 0;
	int		 i;

	if (!EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL))
		abort();
	for (i = 0; i < 8; i++)
		n = n << 8 | md[i];
	return n;
}

char *
cp_note_guid(const struct cp_note *n, unsigned int occurrence)
{
	struct cp_buf	 b = { 0 };
	char		 guid[11];

	if (n->guid != NULL && *n->guid != '\0')
		return cp_xstrdup(n->guid);
	cp_buf_addstr(&b, "cardpipe-guid-1\x1f");
	cp_buf_addstr(&b, n->deck != NULL ? n->deck : "");
	cp_buf_addc(&b, 0x1f);
	cp_buf_addstr(&b, n->notetype != NULL ? n->notetype : "");
	cp_buf_addc(&b, 0x1f);
	cp_buf_addstr(&b, n->nfields > 0 ? n->fields[0].value : "");
	if (occurrence > 1)
		cp_buf_printf(&b, "\x1f%u", occurrence);
	cp_base91(cp_hash64(b.data, b.len), guid);
	cp_buf_free(&b);
	return cp_xstrdup(guid);
}
