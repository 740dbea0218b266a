/*
 * anki_model.c: Anki's model, as the apkg reader and writer share it:
 * what makes a valid notetype and deck, which cards a note's fields
 * make, the collection's JSON and schema-11 tables as written, and the
 * notetypes and decks as read from schema 11's JSON and schema 18's
 * blobs (see anki_model.h).
 */
#include <sys/types.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cJSON.h>
#include <unicode/ucasemap.h>

#include "internal.h"
#include "anki_model.h"

/*
 * Fields are found by name through a hash map beyond this many; below,
 * comparing the names costs less than hashing one.
 */
#define FEW_FIELDS	16

/*
 * A front template as template_renders() reads it, parsed once per
 * notetype: 8 MB of template text scanned for every note took 28 s.
 * The front shows a field when the field is not empty and every
 * section around it holds: a condition on fields.  A node is a section
 * inside another (node 0, the template, always holds) that holds when
 * its field is not empty ('#') or empty ('^'); a term shows a field
 * inside a node.  Sections that repeat a condition around them add no
 * node, sections of the same condition at one place are one node, a
 * field shown twice in one node is one term, and nothing inside a
 * section that can never hold counts, so a template costs a note what
 * its distinct conditions do, not its length.
 */
struct tnode {
	size_t		 parent;	/* an earlier node */
	int		 kind;	/* '#' or '^' */
	size_t		 f;
};

struct tterm {
	size_t		 node;
	size_t		 f;
};

struct cp_anki_front {
	struct tnode	*node;
	size_t		 nnodes;
	struct tterm	*term;
	size_t		 nterms;
	size_t		*alone;	/* fields that alone make a card, in order */
	size_t		 nalone;
};

const char cp_anki_schema11[] =
    "CREATE TABLE col (id integer primary key, crt integer not null,"
    " mod integer not null, scm integer not null, ver integer not null,"
    " dty integer not null, usn integer not null, ls integer not null,"
    " conf text not null, models text not null, decks text not null,"
    " dconf text not null, tags text not null);"
    "CREATE TABLE notes (id integer primary key, guid text not null,"
    " mid integer not null, mod integer not null, usn integer not null,"
    " tags text not null, flds text not null, sfld integer not null,"
    " csum integer not null, flags integer not null, data text not null);"
    "CREATE TABLE cards (id integer primary key, nid integer not null,"
    " did integer not null, ord integer not null, mod integer not null,"
    " usn integer not null, type integer not null, queue integer not null,"
    " due integer not null, ivl integer not null, factor integer not null,"
    " reps integer not null, lapses integer not null, left integer not null,"
    " odue integer not null, odid integer not null, flags integer not null,"
    " data text not null);"
    "CREATE TABLE revlog (id integer primary key, cid integer not null,"
    " usn integer not null, ease integer not null, ivl integer not null,"
    " lastIvl integer not null, factor integer not null,"
    " time integer not null, type integer not null);"
    "CREATE TABLE graves (usn integer not null, oid integer not null,"
    " type integer not null);";

/*
 * Indexes are built after the load: one sort each instead of a B-tree
 * insertion per row.
 */
const char *const cp_anki_schema11_indexes[] = {
	"CREATE INDEX ix_notes_usn ON notes (usn)",
	"CREATE INDEX ix_notes_csum ON notes (csum)",
	"CREATE INDEX ix_cards_sched ON cards (did, queue, due)",
	"CREATE INDEX ix_cards_nid ON cards (nid)",
	"CREATE INDEX ix_cards_usn ON cards (usn)",
	"CREATE INDEX ix_revlog_usn ON revlog (usn)",
	"CREATE INDEX ix_revlog_cid ON revlog (cid)",
	NULL
};

/* A field Anki treats as empty: only whitespace, <br> and <div> tags. */
static int
field_empty(const char *s)
{
	static const char *const blank[] = {
		"<br>", "<br/>", "<br />", "<div>", "</div>", NULL
	};
	size_t	 i;

	while (*s != '\0') {
		if (*s == ' ' || (*s >= '\t' && *s <= '\r')) {
			s++;
			continue;
		}
		for (i = 0; blank[i] != NULL; i++)
			if (strncasecmp(s, blank[i], strlen(blank[i])) == 0)
				break;
		if (blank[i] == NULL)
			return 0;
		s += strlen(blank[i]);
	}
	return 1;
}

size_t
cp_anki_strip_controls(char *s, unsigned int *first)
{
	unsigned char	 c;
	char		*out = s;
	size_t		 n = 0;

	for (; (c = (unsigned char)*s) != '\0'; s++)
		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
			if (c != '\r' && n++ == 0)
				*first = c;
		} else
			*out++ = (char)c;
	*out = '\0';
	return n;
}

/* A hash of s as ASCII case-insensitive names compare. */
uint64_t
cp_anki_name_hash(const char *s, size_t len)
{
	char		*c = cp_xstrndup(s, len);
	uint64_t	 h;
	size_t		 i;

	for (i = 0; i < len; i++)
		if (c[i] >= 'A' && c[i] <= 'Z')
			c[i] = (char)(c[i] - 'A' + 'a');
	h = cp_hash64(c, len);
	free(c);
	return h;
}

ssize_t
cp_anki_field_index(struct cp_anki_notetype *nt, const char *name, size_t len)
{
	const struct cp_notetype *d = &nt->def;
	size_t		 i, pos = 0, *v;

	if (d->nfields <= FEW_FIELDS) {
		for (i = 0; i < d->nfields; i++)
			if (strlen(d->fields[i]) == len &&
			    strncmp(d->fields[i], name, len) == 0)
				return (ssize_t)i;
		return -1;
	}
	while ((v = cp_hashmap_next(&nt->fields, cp_hash64(name, len),
	    &pos)) != NULL)
		if (strlen(d->fields[*v]) == len &&
		    strncmp(d->fields[*v], name, len) == 0)
			return (ssize_t)*v;
	return -1;
}

/* One section of the template being parsed, in template_parse(). */
struct topen {
	size_t		 node;	/* the node around it */
	int		 kind;
	ssize_t		 f;
	int		 dead;	/* it can never hold there */
};

static int
index_cmp(const void *a, const void *b)
{
	size_t	 x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Parses a front template into prog.  It also lists the fields that,
 * the only one not empty, would make the template show something: a
 * field shown where every section around that can hold is a '#' of it
 * and none a '^' of it.  Anki's old clients read that list ("req").
 */
static void
template_parse(struct cp_anki_notetype *nt, const char *qfmt,
    struct cp_anki_front *prog)
{
	const char	*p = qfmt, *open, *close, *name, *end, *c;
	struct cp_hashmap nodes = { 0 }, terms = { 0 };
	struct topen	*stack = NULL, *o;
	size_t		 depth = 0, cur = 0, dead = 0, npos = 0, nf;
	size_t		*pos, *neg, key[3], at, *v;
	unsigned char	*alone;
	ssize_t		 f;
	int		 kind;

	nf = nt->def.nfields;
	pos = cp_xcalloc(nf, sizeof(*pos));	/* '#' sections around */
	neg = cp_xcalloc(nf, sizeof(*neg));	/* '^' sections around */
	alone = cp_xcalloc(nf, 1);
	prog->node = cp_xgrow(NULL, 0, sizeof(*prog->node));
	memset(prog->node, 0, sizeof(*prog->node));
	prog->nnodes = 1;
	while ((open = strstr(p, "{{")) != NULL &&
	    (close = strstr(open + 2, "}}")) != NULL) {
		p = close + 2;
		name = open + 2;
		end = close;
		while (name < end && (*name == ' ' || *name == '\t'))
			name++;
		kind = name < end && strchr("#^/", *name) != NULL ? *name++ :
		    0;
		if (kind == 0)	/* the field follows the last filter */
			for (c = name; c < end; c++)
				if (*c == ':')
					name = c + 1;
		while (name < end && (*name == ' ' || *name == '\t'))
			name++;
		while (end > name && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		f = cp_anki_field_index(nt, name, (size_t)(end - name));
		if (kind == '/') {
			/* A close ends the innermost section, whatever it names. */
			if (depth == 0)
				continue;
			o = &stack[--depth];
			cur = o->node;
			dead -= o->dead;
			if (o->f >= 0 && o->kind == '#' && --pos[o->f] == 0)
				npos--;
			else if (o->f >= 0 && o->kind == '^')
				neg[o->f]--;
			continue;
		}
		if (kind == 0) {
			if (f < 0 || dead > 0)
				continue;
			if (!alone[f] && neg[f] == 0 &&
			    (npos == 0 || (npos == 1 && pos[f] > 0))) {
				alone[f] = 1;
				prog->alone = cp_xgrow(prog->alone,
				    prog->nalone, sizeof(*prog->alone));
				prog->alone[prog->nalone++] = (size_t)f;
			}
			key[0] = cur;
			key[1] = (size_t)f;
			at = 0;
			while ((v = cp_hashmap_next(&terms, cp_hash64(key,
			    2 * sizeof(*key)), &at)) != NULL &&
			    (prog->term[*v].node != cur ||
			    prog->term[*v].f != (size_t)f))
				continue;
			if (v != NULL)
				continue;
			cp_hashmap_add(&terms, cp_hash64(key, 2 * sizeof(*key)),
			    prog->nterms);
			prog->term = cp_xgrow(prog->term,
			    prog->nterms, sizeof(*prog->term));
			prog->term[prog->nterms].node = cur;
			prog->term[prog->nterms++].f = (size_t)f;
			continue;
		}
		stack = cp_xgrow(stack, depth, sizeof(*stack));
		o = &stack[depth++];
		o->node = cur;
		o->kind = kind;
		o->f = f;
		/* A '#' of no field never holds; a '^' of none always does. */
		o->dead = f < 0 ? kind == '#' :
		    kind == '#' ? neg[f] > 0 : pos[f] > 0;
		dead += o->dead;
		if (f < 0)
			continue;
		if (kind == '#' && pos[f]++ > 0)
			continue;
		if (kind == '#')
			npos++;
		if (kind == '^' && neg[f]++ > 0)
			continue;
		if (o->dead || dead > 0)
			continue;
		key[0] = cur;
		key[1] = (size_t)kind;
		key[2] = (size_t)f;
		at = 0;
		while ((v = cp_hashmap_next(&nodes, cp_hash64(key,
		    sizeof(key)), &at)) != NULL &&
		    (prog->node[*v].parent != cur ||
		    prog->node[*v].kind != kind ||
		    prog->node[*v].f != (size_t)f))
			continue;
		if (v != NULL) {
			cur = *v;
			continue;
		}
		cp_hashmap_add(&nodes, cp_hash64(key, sizeof(key)),
		    prog->nnodes);
		prog->node = cp_xgrow(prog->node,
		    prog->nnodes, sizeof(*prog->node));
		prog->node[prog->nnodes].parent = cur;
		prog->node[prog->nnodes].kind = kind;
		prog->node[prog->nnodes].f = (size_t)f;
		cur = prog->nnodes++;
	}
	if (prog->nalone > 0)
		qsort(prog->alone, prog->nalone, sizeof(*prog->alone),
		    index_cmp);
	cp_hashmap_free(&nodes);
	cp_hashmap_free(&terms);
	free(stack);
	free(pos);
	free(neg);
	free(alone);
}

static void
tprog_free(struct cp_anki_front *prog)
{
	free(prog->node);
	free(prog->term);
	free(prog->alone);
}

/*
 * Would this front template show anything?  Anki makes a card only when
 * the front references a non-empty field outside sections whose
 * condition fails; static text alone does not count.  holds[] has room
 * for the template's nodes.
 */
static int
template_renders(const struct cp_anki_front *prog, const unsigned char *empty,
    unsigned char *holds)
{
	const struct tnode	*n;
	size_t			 i;

	holds[0] = 1;
	for (i = 1; i < prog->nnodes; i++) {
		n = &prog->node[i];
		holds[i] = holds[n->parent] && !empty[n->f] == (n->kind == '#');
	}
	for (i = 0; i < prog->nterms; i++)
		if (holds[prog->term[i].node] && !empty[prog->term[i].f])
			return 1;
	return 0;
}

/* Marks the cloze numbers ({{cN::...}}, {{cN,M::...}}) found in s. */
static void
cloze_numbers(const char *s, unsigned char *seen)
{
	const char	*p;
	unsigned long	 n;
	char		*end;
	unsigned long	 nums[CP_ANKI_MAX_CLOZE];
	size_t		 k, i;

	/*
	 * strchr(), not strstr(): a sanitizer's strstr() reads the whole
	 * rest of s at each call, which made a field of many clozes cost
	 * the square of its length under make sanitize.
	 */
	for (p = s; (p = strchr(p, '{')) != NULL; ) {
		if (strncmp(p, "{{c", 3) != 0) {
			p++;
			continue;
		}
		p += 3;
		k = 0;
		for (;;) {
			if (*p < '0' || *p > '9')
				break;
			n = strtoul(p, &end, 10);
			if (k < CP_ANKI_MAX_CLOZE)
				nums[k++] = n;
			p = end;
			if (*p != ',')
				break;
			p++;
		}
		if (k == 0 || strncmp(p, "::", 2) != 0)
			continue;
		for (i = 0; i < k; i++)
			if (nums[i] > 0)
				seen[(nums[i] > CP_ANKI_MAX_CLOZE ?
				    CP_ANKI_MAX_CLOZE : nums[i]) - 1] = 1;
	}
}

void
cp_anki_notetype_init(struct cp_anki_notetype *nt,
    const struct cp_notetype *src, char *name)
{
	struct cp_notetype	*dst = &nt->def;
	size_t			 i;

	memset(nt, 0, sizeof(*nt));
	cp_notetype_copy(dst, src);
	if (name != NULL) {
		free(dst->name);
		dst->name = name;
	}
	nt->id = cp_notetype_id(dst);
	for (i = 0; dst->nfields > FEW_FIELDS && i < dst->nfields; i++)
		cp_hashmap_add(&nt->fields, cp_hash64(dst->fields[i],
		    strlen(dst->fields[i])), i);
	nt->fronts = cp_xcalloc(dst->ntemplates, sizeof(*nt->fronts));
	for (i = 0; i < dst->ntemplates; i++)
		template_parse(nt, dst->templates[i].qfmt, &nt->fronts[i]);
}

void
cp_anki_notetype_free(struct cp_anki_notetype *nt)
{
	size_t	 i;

	for (i = 0; i < nt->def.ntemplates; i++)
		tprog_free(&nt->fronts[i]);
	free(nt->fronts);
	cp_hashmap_free(&nt->fields);
	cp_notetype_clear(&nt->def);
}

size_t
cp_anki_cards(const struct cp_anki_notetype *nt, char *const *html,
    unsigned char seen[CP_ANKI_MAX_CLOZE])
{
	const struct cp_notetype *def = &nt->def;
	size_t		 i, nf = def->nfields, nords, ncards = 0;
	unsigned char	*empty, *holds;

	/*
	 * Only a cloze can reach past its notetype's templates; looking at
	 * all CP_ANKI_MAX_CLOZE ords for every note was 6500 instructions
	 * a note.
	 */
	nords = def->cloze || def->ntemplates > CP_ANKI_MAX_CLOZE ?
	    CP_ANKI_MAX_CLOZE : def->ntemplates > 0 ? def->ntemplates : 1;
	if (def->cloze) {
		for (i = 0; i < nf; i++)
			cloze_numbers(html[i], seen);
	} else {
		empty = cp_xcalloc(nf, 1);
		for (i = 0; i < nf; i++)
			empty[i] = field_empty(html[i]);
		for (i = 0; i < def->ntemplates && i < nords; i++) {
			holds = cp_xmalloc(nt->fronts[i].nnodes);
			seen[i] |= (unsigned char)template_renders(
			    &nt->fronts[i], empty, holds);
			free(holds);
		}
		free(empty);
	}
	for (i = 0; i < nords; i++)
		ncards += seen[i];
	if (ncards == 0)
		seen[0] = 1;	/* Anki, too, keeps a note's first card */
	return nords;
}

/* Two definitions that give Anki the same notetype. */
/* NULL, Anki's default, is not the empty string. */
static int
same_latex(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

int
cp_anki_notetype_same(const struct cp_notetype *a, const struct cp_notetype *b)
{
	size_t	 i;

	if (a->cloze != b->cloze || a->nfields != b->nfields ||
	    a->ntemplates != b->ntemplates || a->sortf != b->sortf ||
	    strcmp(a->css != NULL ? a->css : "", b->css != NULL ? b->css : "")
	    != 0 || !same_latex(a->latex_pre, b->latex_pre) ||
	    !same_latex(a->latex_post, b->latex_post))
		return 0;
	for (i = 0; i < a->nfields; i++)
		if (strcmp(a->fields[i], b->fields[i]) != 0)
			return 0;
	for (i = 0; i < a->ntemplates; i++)
		if (strcmp(a->templates[i].name, b->templates[i].name) != 0 ||
		    strcmp(a->templates[i].qfmt, b->templates[i].qfmt) != 0 ||
		    strcmp(a->templates[i].afmt, b->templates[i].afmt) != 0)
			return 0;
	return 1;
}

/*
 * Anki refuses or rewrites field names holding : { } " or starting with
 * # / ^ or a space, and tells names apart case-insensitively; our
 * templates name fields, so such a notetype cannot be written as given.
 */
/*
 * Field names as Anki tells them apart.  rslib's notetype code
 * (ensure_names_unique) puts each name through unicase::UniCase, that
 * is Unicode full case folding without normalisation or locale, and
 * renames a name met again by appending '+', where our templates no
 * longer find it.  So "Ärger" and "ärger", or "ß" and "SS", are one
 * name; "İ" (which folds to "i" and a combining dot) and "i" are two.
 * ICU's default case folding is the same mapping.
 */
static char *
name_fold(UCaseMap *cm, const char *s)
{
	UErrorCode	 err = U_ZERO_ERROR;
	size_t		 len = strlen(s);
	int32_t		 n;
	char		*f;

	if (cm == NULL || len > INT32_MAX / 4)
		return cp_xstrdup(s);
	n = ucasemap_utf8FoldCase(cm, NULL, 0, s, (int32_t)len, &err);
	if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err))
		return cp_xstrdup(s);
	f = cp_xmalloc((size_t)n + 1);
	err = U_ZERO_ERROR;
	ucasemap_utf8FoldCase(cm, f, n + 1, s, (int32_t)len, &err);
	if (err == U_MEMORY_ALLOCATION_ERROR)
		cp_out_of_memory();
	if (U_FAILURE(err)) {
		free(f);
		return cp_xstrdup(s);
	}
	f[n] = '\0';
	return f;
}

int
cp_anki_fields_clash(const struct cp_notetype *nt, size_t *first,
    size_t *second)
{
	struct cp_hashmap seen = { 0 };	/* each folded name */
	UErrorCode	 err = U_ZERO_ERROR;
	UCaseMap	*cm;
	char		**fold;
	uint64_t	 h;
	size_t		 i, pos, *j;
	int		 clash = 0;

	if ((cm = ucasemap_open("", U_FOLD_CASE_DEFAULT, &err)) == NULL &&
	    err == U_MEMORY_ALLOCATION_ERROR)
		cp_out_of_memory();
	fold = cp_xcalloc(nt->nfields, sizeof(*fold));
	for (i = 0; i < nt->nfields && !clash; i++) {
		fold[i] = name_fold(cm, nt->fields[i]);
		h = cp_hash64(fold[i], strlen(fold[i]));
		pos = 0;
		while ((j = cp_hashmap_next(&seen, h, &pos)) != NULL)
			if (strcmp(fold[*j], fold[i]) == 0) {
				*first = *j;
				*second = i;
				clash = 1;
				break;
			}
		cp_hashmap_add(&seen, h, i);
	}
	for (i = 0; i < nt->nfields; i++)
		free(fold[i]);
	free(fold);
	cp_hashmap_free(&seen);
	ucasemap_close(cm);
	return clash;
}

int
cp_anki_field_name_refused(const char *f)
{
	return *f == '\0' || strpbrk(f, ":{}\"") != NULL ||
	    strchr("#/^ \t", *f) != NULL;
}

int
cp_anki_notetype_check(struct cp_reporter *rep, const struct cp_notetype *nt,
    const char *file, unsigned long line)
{
	size_t		 i, j;

	if (nt->nfields == 0 || nt->ntemplates == 0 || *nt->name == '\0') {
		cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
		    "notetype \"%s\" needs a name, fields and templates",
		    nt->name);
		return -1;
	}
	if (nt->sortf >= nt->nfields) {
		cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
		    "notetype \"%s\": sort field %zu does not exist",
		    nt->name, nt->sortf);
		return -1;
	}
	for (i = 0; i < nt->nfields; i++)
		if (cp_anki_field_name_refused(nt->fields[i])) {
			cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
			    "notetype \"%s\": Anki does not allow the field "
			    "name \"%s\"", nt->name, nt->fields[i]);
			return -1;
		}
	if (cp_anki_fields_clash(nt, &i, &j)) {
		cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
		    "notetype \"%s\": fields \"%s\" and \"%s\" are one to "
		    "Anki, which tells names apart ignoring case", nt->name,
		    nt->fields[i], nt->fields[j]);
		return -1;
	}
	for (i = 0; i < nt->ntemplates; i++)
		if (*nt->templates[i].name == '\0') {
			cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
			    "notetype \"%s\": a template has no name",
			    nt->name);
			return -1;
		}
	return 0;
}

int
cp_anki_deck_check(struct cp_reporter *rep, const char *name,
    const char *file, unsigned long line)
{
	const char	*sep;
	size_t		 levels = 1;

	for (sep = name; (sep = strstr(sep, "::")) != NULL; sep += 2)
		if (++levels > CP_ANKI_MAX_DECK_LEVELS) {
			cp_report(rep, CP_LEVEL_ERROR, file, line, 0,
			    "deck name of more than %d levels: each level "
			    "is a deck of its own, named in full; refused",
			    CP_ANKI_MAX_DECK_LEVELS);
			return -1;
		}
	return 0;
}

/*
 * The name a new collection gives deck 1 in each language of Anki's
 * backend (26.9.3, read from collections it made in each), which names
 * it in the language set on the collection's first day; the languages
 * that give each name are in its comment.
 */
static const char *const default_deck_names[] = {
	"Default",	/* af_ZA, en_GB, en_US, et_EE, fa_IR, jbo_EN, la_LA, tl */
	"افتراضية",	/* ar_SA */
	"Прадвызначаная",	/* be_BY */
	"По подразбиране",	/* bg_BG */
	"Per defecte",	/* ca_ES */
	"Výchozí",	/* cs_CZ */
	"Standard",	/* da_DK, de_DE, nb_NO */
	"Προεπιλογή",	/* el_GR */
	"Implicita",	/* eo_UY */
	"Predeterminado",	/* es_ES, gl_ES */
	"Lehenetsia",	/* eu_ES */
	"Oletusarvo",	/* fi_FI */
	"Par défaut",	/* fr_FR */
	"Réamhshocrú",	/* ga_IE */
	"ברירת-מחדל",	/* he_IL */
	"Zadano",	/* hr_HR */
	"Alapértelmezett",	/* hu_HU */
	"Սկզբնադիր",	/* hy_AM */
	"Predefinito",	/* it_IT */
	"既定",	/* ja_JP */
	"Әдепкі",	/* kk_KZ */
	"기본",	/* ko_KR */
	"Анхдагч",	/* mn_MN */
	"Lalai",	/* ms_MY */
	"Standaard",	/* nl_NL */
	"Per defaut",	/* oc_FR */
	"ଡିଫଲ୍ଟ",	/* or_OR */
	"Domyślna",	/* pl_PL */
	"Padrão",	/* pt_BR, pt_PT */
	"Implicit",	/* ro_RO */
	"По умолчанию",	/* ru_RU */
	"Predvolený",	/* sk_SK */
	"Privzeto",	/* sl_SI */
	"Подразумевано",	/* sr_SP */
	"Förval",	/* sv_SE */
	"ค่าเริ่มต้น",	/* th_TH */
	"Varsayılan",	/* tr_TR */
	"كۆڭۈلدىكى",	/* ug */
	"Типовий",	/* uk_UA */
	"Birlamchi",	/* uz_UZ */
	"Mặc định",	/* vi_VN */
	"דורך פֿעליקייט",	/* yi */
	"系统默认",	/* zh_CN */
	"預設",	/* zh_TW */
	NULL
};

int
cp_anki_default_deck_name(const char *name)
{
	const char *const	*p;

	for (p = default_deck_names; *p != NULL; p++)
		if (strcmp(name, *p) == 0)
			return 1;
	return 0;
}

/* A member of a collection object; the object owns it from here. */
static void
put(cJSON *o, const char *key, cJSON *v)
{
	cJSON_AddItemToObject(o, key, v);
}

static cJSON *
str(const char *s)
{
	return cJSON_CreateString(s);
}

/* Two zeros, the day counters of a deck. */
static cJSON *
zeros(void)
{
	cJSON	*a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cp_json_integer(0));
	cJSON_AddItemToArray(a, cp_json_integer(0));
	return a;
}

cJSON *
cp_anki_notetype_json(const struct cp_anki_notetype *nt, long long mod)
{
	const struct cp_notetype *d = &nt->def;
	cJSON		*o = cJSON_CreateObject(), *flds = cJSON_CreateArray(),
			*tmpls = cJSON_CreateArray(), *req = cJSON_CreateArray(),
			*f, *t;
	size_t		 i, j;

	put(o, "id", cp_json_integer(nt->id));
	put(o, "name", str(d->name));
	put(o, "type", cp_json_integer(d->cloze ? 1 : 0));
	put(o, "mod", cp_json_integer(mod));
	put(o, "usn", cp_json_integer(-1));
	put(o, "sortf", cp_json_integer((long long)d->sortf));
	put(o, "did", cJSON_CreateNull());
	for (i = 0; i < d->ntemplates; i++) {
		t = cJSON_CreateObject();
		put(t, "name", str(d->templates[i].name));
		put(t, "ord", cp_json_integer((long long)i));
		put(t, "qfmt", str(d->templates[i].qfmt));
		put(t, "afmt", str(d->templates[i].afmt != NULL ?
		    d->templates[i].afmt : ""));
		put(t, "bqfmt", str(""));
		put(t, "bafmt", str(""));
		put(t, "did", cJSON_CreateNull());
		put(t, "bfont", str(""));
		put(t, "bsize", cp_json_integer(0));
		cJSON_AddItemToArray(tmpls, t);
	}
	put(o, "tmpls", tmpls);
	for (i = 0; i < d->nfields; i++) {
		f = cJSON_CreateObject();
		put(f, "name", str(d->fields[i]));
		put(f, "ord", cp_json_integer((long long)i));
		put(f, "sticky", cJSON_CreateFalse());
		put(f, "rtl", cJSON_CreateFalse());
		put(f, "font", str("Arial"));
		put(f, "size", cp_json_integer(20));
		put(f, "media", cJSON_CreateArray());
		cJSON_AddItemToArray(flds, f);
	}
	put(o, "flds", flds);
	put(o, "css", str(d->css != NULL ? d->css : ""));
	if (d->latex_pre != NULL)
		put(o, "latexPre", str(d->latex_pre));
	if (d->latex_post != NULL)
		put(o, "latexPost", str(d->latex_post));
	put(o, "latexsvg", cJSON_CreateFalse());
	/* For old clients only: the fields that alone make each card. */
	for (i = 0; !d->cloze && i < d->ntemplates; i++) {
		cJSON *r = cJSON_CreateArray(), *ords = cJSON_CreateArray();

		for (j = 0; j < nt->fronts[i].nalone; j++)
			cJSON_AddItemToArray(ords, cp_json_integer(
			    (long long)nt->fronts[i].alone[j]));
		cJSON_AddItemToArray(r, cp_json_integer((long long)i));
		cJSON_AddItemToArray(r, str(nt->fronts[i].nalone > 0 ?
		    "any" : "none"));
		cJSON_AddItemToArray(r, ords);
		cJSON_AddItemToArray(req, r);
	}
	put(o, "req", req);
	put(o, "tags", cJSON_CreateArray());
	put(o, "vers", cJSON_CreateArray());
	return o;
}

cJSON *
cp_anki_deck_json(int64_t id, const char *name, const char *desc,
    long long mod)
{
	cJSON	*o = cJSON_CreateObject();
	size_t	 i;
	static const char *const today[] = {
		"lrnToday", "revToday", "newToday", "timeToday"
	};

	put(o, "id", cp_json_integer(id));
	put(o, "name", str(name));
	put(o, "mod", cp_json_integer(mod));
	put(o, "usn", cp_json_integer(-1));
	put(o, "collapsed", cJSON_CreateFalse());
	put(o, "browserCollapsed", cJSON_CreateFalse());
	put(o, "dyn", cp_json_integer(0));
	put(o, "conf", cp_json_integer(1));
	put(o, "desc", str(desc != NULL ? desc : ""));
	put(o, "extendNew", cp_json_integer(0));
	put(o, "extendRev", cp_json_integer(0));
	for (i = 0; i < 4; i++)
		put(o, today[i], zeros());
	return o;
}

/*
 * An array of numbers written as given: reals keep the ".0" Anki's own
 * collections show, which cJSON's printing of a double would drop.
 */
static cJSON *
numbers(const char *const *text, size_t n)
{
	cJSON	*a = cJSON_CreateArray();
	size_t	 i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateRaw(text[i]));
	return a;
}

/* The one deck options group, "Default", that every deck uses. */
cJSON *
cp_anki_dconf_json(long long mod)
{
	cJSON		*o = cJSON_CreateObject(), *g;
	static const char *const new_delays[] = { "1.0", "10.0" },
	    *const ints[] = { "1", "4", "0" }, *const lapse_delays[] = {
	    "10.0" };

	put(o, "id", cp_json_integer(1));
	put(o, "mod", cp_json_integer(mod));
	put(o, "name", str("Default"));
	put(o, "usn", cp_json_integer(0));
	put(o, "maxTaken", cp_json_integer(60));
	put(o, "autoplay", cJSON_CreateTrue());
	put(o, "timer", cp_json_integer(0));
	put(o, "replayq", cJSON_CreateTrue());
	put(o, "dyn", cJSON_CreateFalse());
	put(o, "new", g = cJSON_CreateObject());
	put(g, "bury", cJSON_CreateFalse());
	put(g, "delays", numbers(new_delays, 2));
	put(g, "initialFactor", cp_json_integer(2500));
	put(g, "ints", numbers(ints, 3));
	put(g, "order", cp_json_integer(1));
	put(g, "perDay", cp_json_integer(20));
	put(o, "rev", g = cJSON_CreateObject());
	put(g, "bury", cJSON_CreateFalse());
	put(g, "ease4", cJSON_CreateRaw("1.3"));
	put(g, "ivlFct", cJSON_CreateRaw("1.0"));
	put(g, "maxIvl", cp_json_integer(36500));
	put(g, "perDay", cp_json_integer(200));
	put(g, "hardFactor", cJSON_CreateRaw("1.2"));
	put(o, "lapse", g = cJSON_CreateObject());
	put(g, "delays", numbers(lapse_delays, 1));
	put(g, "leechAction", cp_json_integer(1));
	put(g, "leechFails", cp_json_integer(8));
	put(g, "minInt", cp_json_integer(1));
	put(g, "mult", cJSON_CreateRaw("0.0"));
	return o;
}

cJSON *
cp_anki_conf_json(long next_pos)
{
	cJSON	*o = cJSON_CreateObject(), *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cp_json_integer(1));
	put(o, "activeDecks", a);
	put(o, "curDeck", cp_json_integer(1));
	put(o, "newSpread", cp_json_integer(0));
	put(o, "collapseTime", cp_json_integer(1200));
	put(o, "timeLim", cp_json_integer(0));
	put(o, "estTimes", cJSON_CreateTrue());
	put(o, "dueCounts", cJSON_CreateTrue());
	put(o, "curModel", cJSON_CreateNull());
	put(o, "nextPos", cp_json_integer(next_pos));
	put(o, "sortType", str("noteFld"));
	put(o, "sortBackwards", cJSON_CreateFalse());
	put(o, "addToCur", cJSON_CreateTrue());
	put(o, "dayLearnFirst", cJSON_CreateFalse());
	put(o, "schedVer", cp_json_integer(2));
	put(o, "sched2021", cJSON_CreateTrue());
	return o;
}

/* Schema 18: a notetype's config blob. */
int
cp_anki_notetype_config(struct cp_notetype *nt, const void *blob, int len)
{
	struct cp_pb	 pb;
	struct cp_pb_field	 f;
	uint64_t	 v;
	int		 k;

	cp_pb_init(&pb, blob, len > 0 ? (size_t)len : 0);
	while ((k = cp_pb_next(&pb, &f)) == 1) {
		switch (f.num) {
		case 1:
			if ((k = cp_pb_uint(&f, &v)) == 0)
				nt->cloze = v == 1;
			break;
		case 2:
			if ((k = cp_pb_uint(&f, &v)) == 0)
				nt->sortf = v > SIZE_MAX ? 0 : (size_t)v;
			break;
		case 3:
			k = cp_pb_take_string(&f, &nt->css);
			break;
		case 5:
			k = cp_pb_take_string(&f, &nt->latex_pre);
			break;
		case 6:
			k = cp_pb_take_string(&f, &nt->latex_post);
			break;
		}
		if (k == -1)
			return -1;
	}
	return k;
}

/* Schema 18: a template's config blob holds its two formats. */
int
cp_anki_template_config(const void *blob, int len, char **qfmt, char **afmt)
{
	struct cp_pb	 pb;
	struct cp_pb_field	 f;
	int		 k;

	cp_pb_init(&pb, blob, len > 0 ? (size_t)len : 0);
	while ((k = cp_pb_next(&pb, &f)) == 1) {
		if (f.num == 1)
			k = cp_pb_take_string(&f, qfmt);
		else if (f.num == 2)
			k = cp_pb_take_string(&f, afmt);
		if (k == -1)
			return -1;
	}
	return k;
}

/* Schema 18: a deck's kind blob; a normal deck holds its description. */
int
cp_anki_deck_kind(const void *blob, int len, char **desc)
{
	struct cp_pb	 pb, normal;
	struct cp_pb_field	 f, g;
	int		 k;

	cp_pb_init(&pb, blob, len > 0 ? (size_t)len : 0);
	while ((k = cp_pb_next(&pb, &f)) == 1) {
		if (f.num != 1)
			continue;
		if (f.wt != 2)
			return -1;
		normal = f.sub;
		while ((k = cp_pb_next(&normal, &g)) == 1)
			if (g.num == 4 && cp_pb_take_string(&g, desc) == -1)
				return -1;
		if (k == -1)
			return -1;
	}
	return k;
}

/*
 * A JSON member that must be a string; json.c has checked its UTF-8 and
 * refused a NUL.
 */
static const char *
json_str(const cJSON *obj, const char *key)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * A member that must be a whole number from 0, or -1.  cJSON keeps
 * numbers as doubles: one past 2^53 is kept as 2^53, as much out of
 * range for a field's or a kind's number as itself.
 */
static long long
json_count(const cJSON *obj, const char *key)
{
	const cJSON	*v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0))
		return -1;
	if (v->valuedouble >= 9007199254740992.0)
		return 9007199254740992LL;
	return v->valuedouble == (double)(long long)v->valuedouble ?
	    (long long)v->valuedouble : -1;
}

int
cp_anki_notetype_from_json(const cJSON *m, struct cp_notetype *nt,
    struct cp_buf *why)
{
	const char	*name, *qfmt, *afmt, *s;
	const cJSON	*a, *e;
	long long	 n;
	size_t		 i;

	if ((name = json_str(m, "name")) == NULL) {
		cp_buf_addstr(why, " has no name");
		return -1;
	}
	nt->name = cp_xstrdup(name);
	nt->cloze = json_count(m, "type") == 1;
	if ((s = json_str(m, "css")) != NULL)
		nt->css = cp_xstrdup(s);
	if ((s = json_str(m, "latexPre")) != NULL)
		nt->latex_pre = cp_xstrdup(s);
	if ((s = json_str(m, "latexPost")) != NULL)
		nt->latex_post = cp_xstrdup(s);
	if ((n = json_count(m, "sortf")) != -1)
		nt->sortf = (size_t)n;
	if ((n = json_count(m, "mod")) > 0)
		nt->mod = n;
	a = cJSON_GetObjectItemCaseSensitive(m, "flds");
	i = 0;
	if (cJSON_IsArray(a))
		cJSON_ArrayForEach(e, a) {
			if ((name = json_str(e, "name")) == NULL) {
				cp_buf_printf(why, ": field %zu has no name",
				    i + 1);
				return -1;
			}
			cp_notetype_add_field(nt, name);
			i++;
		}
	a = cJSON_GetObjectItemCaseSensitive(m, "tmpls");
	i = 0;
	if (cJSON_IsArray(a))
		cJSON_ArrayForEach(e, a) {
			name = json_str(e, "name");
			qfmt = json_str(e, "qfmt");
			afmt = json_str(e, "afmt");
			if (name == NULL || qfmt == NULL) {
				cp_buf_printf(why, ": template %zu lacks a "
				    "name or qfmt", i + 1);
				return -1;
			}
			cp_notetype_add_template(nt, name, qfmt,
			    afmt != NULL ? afmt : "");
			i++;
		}
	return 0;
}

int
cp_anki_deck_from_json(const cJSON *o, char **name, char **desc)
{
	const char	*n, *d;

	if ((n = json_str(o, "name")) == NULL)
		return -1;
	*name = cp_xstrdup(n);
	*desc = (d = json_str(o, "desc")) != NULL && *d != '\0' ?
	    cp_xstrdup(d) : NULL;
	return 0;
}
