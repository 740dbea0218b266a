/*
 * digest.c: SHA-1 and SHA-256 for the whole library, and the 64-bit
 * hashes built on SHA-256.
 *
 * OpenSSL 3 looks an algorithm up by name on every EVP_sha256() digest,
 * and EVP_Digest() makes and frees a context on every call; both cost
 * more than hashing a short field.  So the algorithms are fetched once
 * (never changed after, so threads share them) and each thread keeps its
 * contexts, freed when the thread ends.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include <openssl/evp.h>

#include "internal.h"

/* A thread's contexts: for one-shot digests, a stream, a copy of it. */
enum { CTX_ONCE, CTX_STREAM, CTX_COPY, CTX_N };

static EVP_MD		*md_algo[2];	/* by enum cp_md */
static pthread_key_t	 md_key;
static pthread_once_t	 md_once = PTHREAD_ONCE_INIT;

static void
md_contexts_free(void *arg)
{
	EVP_MD_CTX	**ctx = arg;
	int		  i;

	for (i = 0; i < CTX_N; i++)
		EVP_MD_CTX_free(ctx[i]);
	free(ctx);
}

static void
md_fetch(void)
{
	md_algo[CP_SHA1] = EVP_MD_fetch(NULL, "SHA1", NULL);
	md_algo[CP_SHA256] = EVP_MD_fetch(NULL, "SHA256", NULL);
	if (md_algo[CP_SHA1] == NULL || md_algo[CP_SHA256] == NULL ||
	    pthread_key_create(&md_key, md_contexts_free) != 0)
		abort();
}

/* The calling thread's context of this kind, made when first needed. */
static EVP_MD_CTX *
md_context(int which)
{
	EVP_MD_CTX	**ctx;

	pthread_once(&md_once, md_fetch);
	if ((ctx = pthread_getspecific(md_key)) == NULL) {
		ctx = cp_xcalloc(CTX_N, sizeof(*ctx));
		if (pthread_setspecific(md_key, ctx) != 0)
			cp_out_of_memory();
	}
	if (ctx[which] == NULL && (ctx[which] = EVP_MD_CTX_new()) == NULL)
		cp_out_of_memory();
	return ctx[which];
}

void
cp_digest(enum cp_md algo, const void *data, size_t len, unsigned char *md)
{
	EVP_MD_CTX	*ctx = md_context(CTX_ONCE);
	unsigned int	 mdlen;

	if (!EVP_DigestInit_ex2(ctx, md_algo[algo], NULL) ||
	    !EVP_DigestUpdate(ctx, data, len) ||
	    !EVP_DigestFinal_ex(ctx, md, &mdlen))
		abort();
}

struct cp_digest *
cp_digest_begin(enum cp_md algo)
{
	EVP_MD_CTX	*ctx = md_context(CTX_STREAM);

	if (!EVP_DigestInit_ex2(ctx, md_algo[algo], NULL))
		abort();
	return (struct cp_digest *)ctx;
}

void
cp_digest_add(struct cp_digest *d, const void *data, size_t len)
{
	if (!EVP_DigestUpdate((EVP_MD_CTX *)d, data, len))
		abort();
}

size_t
cp_digest_end(struct cp_digest *d, unsigned char *md)
{
	unsigned int	 mdlen;

	if (!EVP_DigestFinal_ex((EVP_MD_CTX *)d, md, &mdlen))
		abort();
	return mdlen;
}

static uint64_t
first64(const unsigned char *md)
{
	uint64_t	 n = 0;
	int		 i;

	for (i = 0; i < 8; i++)
		n = n << 8 | md[i];
	return n;
}

uint64_t
cp_hash64(const void *data, size_t len)
{
	unsigned char	 md[CP_DIGEST_MAX];

	cp_digest(CP_SHA256, data, len, md);
	return first64(md);
}

void
cp_hash64_prefixes(const char *s, const size_t *ends, size_t n,
    uint64_t *out)
{
	unsigned char	 md[CP_DIGEST_MAX];
	struct cp_digest *d = cp_digest_begin(CP_SHA256);
	EVP_MD_CTX	*end = md_context(CTX_COPY);
	size_t		 i, done = 0;

	for (i = 0; i < n; done = ends[i++]) {
		cp_digest_add(d, s + done, ends[i] - done);
		if (!EVP_MD_CTX_copy_ex(end, (EVP_MD_CTX *)d))
			abort();
		cp_digest_end((struct cp_digest *)end, md);
		out[i] = first64(md);
	}
}
