/*
 * alloc.c: allocation that aborts on exhaustion, and the growable buffer.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>

#include "internal.h"

static void	(*out_of_memory_fn)(void);

void
cp_set_out_of_memory(void (*fn)(void))
{
	out_of_memory_fn = fn;
}

void
cp_out_of_memory(void)
{
	static int	 entered;

	/*
	 * Another thread that runs out meanwhile waits for the first one's
	 * abort(): one message, and temporaries removed once.
	 */
	if (__atomic_exchange_n(&entered, 1, __ATOMIC_ACQ_REL))
		for (;;)
			pause();
	cp_remove_temporaries();
	if (out_of_memory_fn != NULL)
		out_of_memory_fn();
	abort();
}

static void
json_alloc(void)
{
	cJSON_Hooks	 hooks = { cp_xmalloc, free };

	cJSON_InitHooks(&hooks);
}

void
cp_json_alloc_init(void)
{
	static pthread_once_t	 once = PTHREAD_ONCE_INIT;

	pthread_once(&once, json_alloc);
}

void *
cp_xmalloc(size_t n)
{
	void	*p;

	if ((p = malloc(n ? n : 1)) == NULL)
		cp_out_of_memory();
	return p;
}

void *
cp_xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if ((p = calloc(nmemb ? nmemb : 1, size ? size : 1)) == NULL)
		cp_out_of_memory();
	return p;
}

void *
cp_xrealloc(void *old, size_t n)
{
	void	*p;

	if ((p = realloc(old, n ? n : 1)) == NULL)
		cp_out_of_memory();
	return p;
}

void *
cp_xreallocarray(void *old, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		cp_out_of_memory();
	return cp_xrealloc(old, nmemb * size);
}

/*
 * An array grown only through cp_xgrow() needs no capacity field: one
 * holding len items has room for the next power of two at or above
 * max(len, 4), so it is full at 0 and at every power of two from 4 on, and
 * n appends copy O(n) items in all.  Growing one item at a time copied
 * O(n^2): it showed in cards2apkg's profile (bench/README.md) and, under
 * ASan's allocator, made a reader quadratic in its input.
 */
void *
cp_xgrow(void *old, size_t len, size_t size)
{
	if (len != 0 && (len < 4 || (len & (len - 1)) != 0))
		return old;
	return cp_xreallocarray(old, len == 0 ? 4 : len * 2, size);
}

char *
cp_xstrdup(const char *s)
{
	return cp_xstrndup(s, strlen(s));
}

char *
cp_xstrndup(const char *s, size_t n)
{
	char	*p;

	p = cp_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
cp_buf_reserve(struct cp_buf *b, size_t more)
{
	size_t	 need;

	if (more > SIZE_MAX - b->len - 1)
		cp_out_of_memory();
	need = b->len + more + 1;
	if (need > b->cap) {
		if (b->cap == 0)
			b->cap = 64;
		while (b->cap < need)
			b->cap = b->cap > SIZE_MAX / 2 ? need : b->cap * 2;
		b->data = cp_xrealloc(b->data, b->cap);
	}
	b->data[b->len] = '\0';
}

void
cp_buf_add(struct cp_buf *b, const void *p, size_t n)
{
	cp_buf_reserve(b, n);
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
cp_buf_addstr(struct cp_buf *b, const char *s)
{
	cp_buf_add(b, s, strlen(s));
}

void
cp_buf_addc(struct cp_buf *b, int c)
{
	char	 ch = (char)c;

	cp_buf_add(b, &ch, 1);
}

void
cp_buf_vprintf(struct cp_buf *b, const char *fmt, va_list ap)
{
	va_list	 aq;
	int	 n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		abort();
	cp_buf_reserve(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
cp_buf_printf(struct cp_buf *b, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	cp_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
cp_buf_reset(struct cp_buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

char *
cp_buf_detach(struct cp_buf *b)
{
	char	*p;

	p = b->data != NULL ? b->data : cp_xstrdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void
cp_buf_free(struct cp_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

const char *
cp_buf_str(struct cp_buf *b)
{
	return b->data != NULL ? b->data : "";
}
