/*
 * fuzz_cards_diff.c: libFuzzer harness that decodes each input, as one
 * line, with the library's decoder and with the jansson decoder it
 * replaced (stream_jansson.c), and aborts where they disagree: a line the
 * old decoder refused must be refused; a line both read must give the
 * same record, the same bytes when encoded and the same unknown keys.
 * The new decoder may refuse what the old read only at the limits
 * cards(5) states (nesting, a number's length) and where the line holds
 * a NUL byte: jansson passed over a NUL between tokens (the fuzzer found
 * {"a":null<NUL>} read as {"a":null}); the stream refuses it.
 * A card's "sched" and "revlog", which the old decoder passed over, the
 * new one reads and checks: it may refuse a line for them, and what it
 * read of them is set aside before the records are compared.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "stream_jansson.h"

static struct cp_buf	 diags;

static void
collect(const struct cp_diag *d, void *arg)
{
	cp_buf_printf(&diags, "%s\n", d->msg);
}

/* The cards' scheduling, which the old decoder never read, dropped. */
static void
drop_sched(struct cp_record *rec)
{
	struct cp_card	*c;
	size_t		 i;

	if (rec->kind != CP_RECORD_NOTE)
		return;
	for (i = 0; i < rec->note.ncards; i++) {
		c = &rec->note.cards[i];
		if (c->sched != NULL)
			free(c->sched->data);
		free(c->sched);
		free(c->revlog);
		c->sched = NULL;
		c->revlog = NULL;
		c->nrevlog = 0;
	}
}

static int
same(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cp_reporter	 rep = { collect, NULL, 0, CP_LEVEL_OK, 0, NULL };
	struct cp_record	 old = { 0 }, new = { 0 };
	struct cp_buf		 eo = { 0 }, en = { 0 };
	const uint8_t		*nl;
	char			*line;
	int			 ro, rn;

	/* A line: what the reader hands the decoder never holds a newline. */
	if ((nl = memchr(data, '\n', size)) != NULL)
		size = (size_t)(nl - data);
	line = malloc(size > 0 ? size : 1);	/* no NUL after it: ASan sees */
	memcpy(line, data, size);
	cp_buf_reset(&diags);
	ro = ref_stream_decode(line, size, &old, "f", 1, &rep);
	cp_buf_reset(&diags);
	rn = cp_stream_decode(line, size, &new, "f", 1, &rep);
	if (ro != 0 && rn == 0)
		abort();	/* the old decoder refused it */
	if (ro == 0 && rn != 0 && memchr(line, '\0', size) == NULL &&
	    strstr(cp_buf_str(&diags), "nested deeper than") == NULL &&
	    strstr(cp_buf_str(&diags), "a number longer than") == NULL &&
	    strstr(cp_buf_str(&diags), "\"sched\"") == NULL &&
	    strstr(cp_buf_str(&diags), "\"revlog\"") == NULL)
		abort();	/* refused for no stated limit */
	if (ro == 0 && rn == 0) {
		if (old.kind != new.kind)
			abort();
		if (old.kind == CP_RECORD_NOTE &&
		    !same(old.note.extra, new.note.extra))
			abort();
		if (old.kind == CP_RECORD_DECK &&
		    !same(old.deck.extra, new.deck.extra))
			abort();
		if (old.kind == CP_RECORD_NOTETYPE &&
		    !same(old.notetype.extra, new.notetype.extra))
			abort();
		drop_sched(&new);
		cp_stream_encode(&old, &eo);
		cp_stream_encode(&new, &en);
		if (eo.len != en.len || memcmp(eo.data, en.data, eo.len) != 0)
			abort();
	}
	cp_record_clear(&old);
	cp_record_clear(&new);
	cp_buf_free(&eo);
	cp_buf_free(&en);
	free(line);
	return 0;
}
