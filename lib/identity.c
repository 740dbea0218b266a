/*
 * identity.c: stable note identity.  A note's guid decides whether Anki
 * updates a note or adds a new one, so it must not change when an answer
 * is edited: it is derived from the deck, the notetype and the first
 * field, never from the whole note.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
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

/*
 * OpenSSL 3 looks an algorithm up by name on every EVP_sha256() digest,
 * and EVP_Digest() makes and frees a context on every call; both cost
 * more than hashing a short field.  So the algorithms are fetched once
 * (never changed after, so threads share them) and each thread keeps a
 * context per algorithm, freed when the thread ends.
 */
enum { MD_SHA1, MD_SHA256, MD_N };

static EVP_MD		*md_algo[MD_N];
static pthread_key_t	 md_key;
static pthread_once_t	 md_once = PTHREAD_ONCE_INIT;

static void
md_contexts_free(void *arg)
{
	EVP_MD_CTX	**ctx = arg;
	int		  i;

	for (i = 0; i < MD_N; i++)
		EVP_MD_CTX_free(ctx[i]);
	free(ctx);
}

static void
md_fetch(void)
{
	md_algo[MD_SHA1] = EVP_MD_fetch(NULL, "SHA1", NULL);
	md_algo[MD_SHA256] = EVP_MD_fetch(NULL, "SHA256", NULL);
	if (md_algo[MD_SHA1] == NULL || md_algo[MD_SHA256] == NULL ||
	    pthread_key_create(&md_key, md_contexts_free) != 0)
		abort();
}

static void
digest(const void *data, size_t len, int algo, unsigned char *md)
{
	EVP_MD_CTX	**ctx;
	unsigned int	  mdlen;

	pthread_once(&md_once, md_fetch);
	if ((ctx = pthread_getspecific(md_key)) == NULL) {
		ctx = cp_xcalloc(MD_N, sizeof(*ctx));
		if (pthread_setspecific(md_key, ctx) != 0)
			cp_out_of_memory();
	}
	if (ctx[algo] == NULL && (ctx[algo] = EVP_MD_CTX_new()) == NULL)
		cp_out_of_memory();
	if (!EVP_DigestInit_ex2(ctx[algo], md_algo[algo], NULL) ||
	    !EVP_DigestUpdate(ctx[algo], data, len) ||
	    !EVP_DigestFinal_ex(ctx[algo], md, &mdlen))
		abort();
}

uint64_t
cp_hash64(const void *data, size_t len)
{
	unsigned char	 md[EVP_MAX_MD_SIZE];
	uint64_t	 n = 0;
	int		 i;

	digest(data, len, MD_SHA256, md);
	for (i = 0; i < 8; i++)
		n = n << 8 | md[i];
	return n;
}

void
cp_hash64_prefixes(const char *s, const size_t *ends, size_t n,
    uint64_t *out)
{
	unsigned char	 md[EVP_MAX_MD_SIZE];
	EVP_MD_CTX	*ctx, *end;
	unsigned int	 mdlen;
	size_t		 i, done = 0;
	int		 k;

	pthread_once(&md_once, md_fetch);
	if ((ctx = EVP_MD_CTX_new()) == NULL ||
	    (end = EVP_MD_CTX_new()) == NULL ||
	    !EVP_DigestInit_ex2(ctx, md_algo[MD_SHA256], NULL))
		abort();
	for (i = 0; i < n; done = ends[i++]) {
		if (!EVP_DigestUpdate(ctx, s + done, ends[i] - done) ||
		    !EVP_MD_CTX_copy_ex(end, ctx) ||
		    !EVP_DigestFinal_ex(end, md, &mdlen))
			abort();
		for (out[i] = 0, k = 0; k < 8; k++)
			out[i] = out[i] << 8 | md[k];
	}
	EVP_MD_CTX_free(ctx);
	EVP_MD_CTX_free(end);
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

/*
 * The occurrence numbers below a base's last one are all taken (guids
 * are never forgotten), so the search resumes there: numbering n notes
 * of one first field made n squared / 2 hashes when it started at 2
 * each time, 18 s for 10000 notes.  The numbers are the same as that
 * search gave.
 */
char *
cp_unique_guid(struct cp_guids *g, const struct cp_note *n,
    struct cp_reporter *rep)
{
	uint64_t	 base;
	size_t		 pos = 0, *last;
	unsigned int	 occ;
	char		*guid;

	guid = cp_note_guid(n, 1);
	base = cp_fnv64(guid);
	if (!cp_hashset_add(&g->seen, base))
		return guid;
	if (n->guid != NULL && *n->guid != '\0') {
		cp_report_at_note(rep, CP_LEVEL_ERROR, n,
		    "guid \"%s\" is already used by an earlier note", guid);
		free(guid);
		return NULL;
	}
	/* A derived guid is SHA-256's: bases that share a hash do not occur. */
	if ((last = cp_hashmap_next(&g->last, base, &pos)) == NULL) {
		cp_hashmap_add(&g->last, base, 1);
		pos = 0;
		last = cp_hashmap_next(&g->last, base, &pos);
	}
	for (occ = (unsigned int)*last + 1; ; occ++) {
		free(guid);
		guid = cp_note_guid(n, occ);
		if (!cp_hashset_add(&g->seen, cp_fnv64(guid)))
			break;
	}
	*last = occ;
	cp_report_at_note(rep, CP_LEVEL_WARNING, n,
	    "an earlier note has the same deck, notetype and first field; "
	    "this one is told apart as occurrence %u", occ);
	return guid;
}

void
cp_guids_free(struct cp_guids *g)
{
	cp_hashset_free(&g->seen);
	cp_hashmap_free(&g->last);
}

/*
 * Notetype and deck ids are derived, not random, so that converting the
 * same deck twice gives the same ids and Anki matches them.  They fall in
 * [2^40, 2^41), the range of Anki's own millisecond-timestamp ids, well
 * clear of the Default deck's id 1 and safe as JSON numbers.
 */
static int64_t
derived_id(const struct cp_buf *b)
{
	uint64_t	 h = cp_hash64(b->data, b->len);

	return (int64_t)((UINT64_C(1) << 40) | (h & ((UINT64_C(1) << 40) - 1)));
}

/*
 * A notetype's id covers its schema only (kind, field names, template
 * names): Anki replaces a known notetype in place when its schema is
 * unchanged and the package's copy is newer, so edited CSS or template
 * text updates the user's notetype instead of adding a second one.
 */
int64_t
cp_notetype_id(const struct cp_notetype *nt)
{
	struct cp_buf	 b = { 0 };
	size_t		 i;
	int64_t		 id;

	cp_buf_printf(&b, "cardpipe-notetype-1\x1f%s\x1f%d", nt->name,
	    nt->cloze);
	for (i = 0; i < nt->nfields; i++)
		cp_buf_printf(&b, "\x1f" "f%s", nt->fields[i]);
	for (i = 0; i < nt->ntemplates; i++)
		cp_buf_printf(&b, "\x1f" "t%s", nt->templates[i].name);
	id = derived_id(&b);
	cp_buf_free(&b);
	return id;
}

int64_t
cp_deck_id(const char *name)
{
	struct cp_buf	 b = { 0 };
	int64_t		 id;

	cp_buf_printf(&b, "cardpipe-deck-1\x1f%s", name);
	id = derived_id(&b);
	cp_buf_free(&b);
	return id;
}

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

static void
utf8_put(struct cp_buf *b, unsigned long cp)
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
		utf8_put(b, cp == 0xA0 ? ' ' : cp);
		s += 1 + n;
	}
	return 0;
}

char *
cp_anki_strip_html(const char *s)
{
	struct cp_buf	 media = { 0 }, text = { 0 }, out = { 0 };
	const char	*p, *name;
	size_t		 n, namelen;
	unsigned char	 missing[NBLOCKS + 1] = { 0 };

	/* Media tags first: their file names are what the field shows. */
	cp_buf_reserve(&media, strlen(s));
	for (p = s; *p != '\0'; ) {
		n = strcspn(p, "<");
		cp_buf_add(&media, p, n);
		if (p[n] == '\0')
			break;
		p += n;
		if ((n = cp_media_tag(p, &name, &namelen)) > 0) {
			cp_buf_addc(&media, ' ');
			cp_buf_add(&media, name, namelen);
			cp_buf_addc(&media, ' ');
			p += n;
		} else
			cp_buf_addc(&media, *p++);
	}
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
	unsigned char	 md[EVP_MAX_MD_SIZE];

	digest(stripped, strlen(stripped), MD_SHA1, md);
	return (uint32_t)md[0] << 24 | (uint32_t)md[1] << 16 |
	    (uint32_t)md[2] << 8 | md[3];
}
