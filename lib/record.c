/*
 * record.c: the card model's builders and destructor.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
cp_set_string(char **dst, const char *src)
{
	free(*dst);
	*dst = src != NULL ? cp_xstrdup(src) : NULL;
}

void
cp_note_take_field(struct cp_note *n, char *name, char *value)
{
	n->fields = cp_xgrow(n->fields, n->nfields, sizeof(*n->fields));
	n->fields[n->nfields].name = name;
	n->fields[n->nfields].value = value;
	n->nfields++;
}

void
cp_note_add_field(struct cp_note *n, const char *name, const char *value)
{
	cp_note_take_field(n, cp_xstrdup(name), cp_xstrdup(value));
}

void
cp_note_take_tag(struct cp_note *n, char *tag)
{
	n->tags = cp_xgrow(n->tags, n->ntags, sizeof(*n->tags));
	n->tags[n->ntags++] = tag;
}

void
cp_note_add_tag(struct cp_note *n, const char *tag)
{
	cp_note_take_tag(n, cp_xstrdup(tag));
}

void
cp_note_add_card(struct cp_note *n, unsigned int ord, const char *deck)
{
	n->cards = cp_xgrow(n->cards, n->ncards, sizeof(*n->cards));
	n->cards[n->ncards].ord = ord;
	n->cards[n->ncards].deck = deck != NULL ? cp_xstrdup(deck) : NULL;
	n->cards[n->ncards].sched = NULL;
	n->cards[n->ncards].revlog = NULL;
	n->cards[n->ncards].nrevlog = 0;
	n->ncards++;
}

void
cp_deck_add_media(struct cp_deck *d, const char *name)
{
	d->media = cp_xgrow(d->media, d->nmedia, sizeof(*d->media));
	d->media[d->nmedia++] = cp_xstrdup(name);
}

void
cp_notetype_add_field(struct cp_notetype *nt, const char *name)
{
	nt->fields = cp_xgrow(nt->fields, nt->nfields, sizeof(*nt->fields));
	nt->fields[nt->nfields++] = cp_xstrdup(name);
}

void
cp_notetype_add_template(struct cp_notetype *nt, const char *name,
    const char *qfmt, const char *afmt)
{
	struct cp_template	*t;

	nt->templates = cp_xgrow(nt->templates,
	    nt->ntemplates, sizeof(*nt->templates));
	t = &nt->templates[nt->ntemplates++];
	t->name = cp_xstrdup(name);
	t->qfmt = cp_xstrdup(qfmt);
	t->afmt = cp_xstrdup(afmt);
}

void
cp_notetype_copy(struct cp_notetype *dst, const struct cp_notetype *src)
{
	size_t	 i;

	cp_set_string(&dst->name, src->name);
	dst->cloze = src->cloze;
	for (i = 0; i < src->nfields; i++)
		cp_notetype_add_field(dst, src->fields[i]);
	for (i = 0; i < src->ntemplates; i++)
		cp_notetype_add_template(dst, src->templates[i].name,
		    src->templates[i].qfmt, src->templates[i].afmt);
	cp_set_string(&dst->css, src->css);
	dst->sortf = src->sortf;
	cp_set_string(&dst->latex_pre, src->latex_pre);
	cp_set_string(&dst->latex_post, src->latex_post);
	dst->mod = src->mod;
	cp_set_string(&dst->digest, src->digest);
}

const char *
cp_note_field(const struct cp_note *n, const char *name)
{
	size_t	 i;

	for (i = 0; i < n->nfields; i++)
		if (strcmp(n->fields[i].name, name) == 0)
			return n->fields[i].value;
	return NULL;
}

static void
note_clear(struct cp_note *n)
{
	size_t	 i;

	free(n->deck);
	free(n->notetype);
	for (i = 0; i < n->nfields; i++) {
		free(n->fields[i].name);
		free(n->fields[i].value);
	}
	free(n->fields);
	for (i = 0; i < n->ntags; i++)
		free(n->tags[i]);
	free(n->tags);
	free(n->guid);
	free(n->digest);
	for (i = 0; i < n->ncards; i++)
		cp_card_clear(&n->cards[i]);
	free(n->cards);
	free(n->source_file);
	free(n->extra);
}

static void
deck_clear(struct cp_deck *d)
{
	size_t	 i;

	for (i = 0; i < d->nmedia; i++)
		free(d->media[i]);
	free(d->media);
	free(d->name);
	free(d->title);
	free(d->url);
	free(d->description);
	free(d->source_file);
	free(d->extra);
}

void
cp_notetype_clear(struct cp_notetype *nt)
{
	size_t	 i;

	free(nt->name);
	for (i = 0; i < nt->nfields; i++)
		free(nt->fields[i]);
	free(nt->fields);
	for (i = 0; i < nt->ntemplates; i++) {
		free(nt->templates[i].name);
		free(nt->templates[i].qfmt);
		free(nt->templates[i].afmt);
	}
	free(nt->templates);
	free(nt->css);
	free(nt->latex_pre);
	free(nt->latex_post);
	free(nt->digest);
	free(nt->source_file);
	free(nt->extra);
	memset(nt, 0, sizeof(*nt));
}

void
cp_record_clear(struct cp_record *rec)
{
	note_clear(&rec->note);
	deck_clear(&rec->deck);
	cp_notetype_clear(&rec->notetype);
	memset(rec, 0, sizeof(*rec));
	rec->deck.declared_cards = -1;
}

static const char *const markup_names[] = { "text", "html", "markdown" };

const char *
cp_markup_name(enum cp_markup m)
{
	return markup_names[m];
}

int
cp_markup_parse(const char *s, enum cp_markup *m)
{
	size_t	 i;

	for (i = 0; i < sizeof(markup_names) / sizeof(markup_names[0]); i++)
		if (strcmp(s, markup_names[i]) == 0) {
			*m = (enum cp_markup)i;
			return 0;
		}
	return -1;
}
