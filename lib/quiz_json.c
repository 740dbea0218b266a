/*
 * quiz_json.c: a quiz program's questions kept as JSON in a text file.
 * A program's data file may be a JSON array of objects, objects parted
 * by commas with no array round them, an object of groups of them, or
 * an object a line ending in "," or ";" as a script appends them:
 *
 *	[ { "question": "...", "a": "...", "b": "...", "correct": "b" } ]
 *	{"front":"...","back":"...","type":"basic"};
 *
 * Each object is a card, read by the names of its keys: the question's
 * ("question", "front", "term", ...), the answer's ("answer", "back",
 * ...), options lettered "a" to "h" or listed in an array ("options",
 * "choices"), and the key that names the right one ("correct", "answer")
 * by its letter, its text or its index; a sentence ("text") with the
 * part it hides ("cloze") is a cloze.  Every other key (an id, an image,
 * a type) is no side of a card and is said once.  A program's
 * dictionary, one object of "word": "meaning" members, is a card a
 * member.  The whole text is parsed by json.c's strict parser; anything
 * else falls to the lines.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cJSON.h>

#include "internal.h"

/* Keys, lower case without "_" or "-": "correct_answer" is "correctanswer". */
static const char *const front_keys[] = {
	"question", "front", "q", "prompt", "term", "word", "pregunta",
	"domanda", "frage", "pergunta", "pytanie", "soru", "vraag",
	"questiontext", "texto", NULL
};
static const char *const back_keys[] = {
	"answer", "back", "a", "definition", "meaning", "translation",
	"respuesta", "risposta", "antwort", "resposta", "odpowiedz", "cevap",
	NULL
};
static const char *const right_keys[] = {
	"correct", "correctanswer", "rightanswer", "correctoption", "right",
	"answer", "solution", "key", "correctindex", "respuestacorrecta",
	"poprawna", "richtig", NULL
};
static const char *const option_keys[] = {
	"options", "choices", "answers", "alternatives", "opciones",
	"opzioni", "odpowiedzi", NULL
};
/*
 * Keys of a wrong option, a number perhaps after them, "Falsch1",
 * "wrong_2": each an option, the right one named by its text beside
 * them ("Richtig": "...").
 */
static const char *const wrong_keys[] = {
	"wrong", "incorrect", "falsch", "incorrecta", "errada", "sbagliata",
	NULL
};

/* A program's settings' keys, no word of a dictionary. */
static const char *const setting_keys[] = {
	"name", "version", "description", "main", "license", "author",
	"homepage", "repository", "type", "id", "url", "path", "host",
	"port", "user", "password", "mode", "lang", "locale", "theme", NULL
};

/* k, a key, folded for the lists above into buf: NULL if too long. */
static const char *
fold_key(const char *k, char *buf, size_t size)
{
	size_t	 n = 0;

	for (; *k != '\0'; k++) {
		if (*k == '_' || *k == '-')
			continue;
		if (n + 1 >= size)
			return NULL;
		buf[n++] = (char)tolower((unsigned char)*k);
	}
	buf[n] = '\0';
	return buf;
}

static int
key_among(const char *key, const char *const *list)
{
	char		 buf[32];
	const char	*f;
	size_t		 i;

	if ((f = fold_key(key, buf, sizeof(buf))) == NULL)
		return 0;
	for (i = 0; list[i] != NULL; i++)
		if (strcmp(f, list[i]) == 0)
			return 1;
	return 0;
}

/* Is key a wrong option's, "Falsch1", "wrong"? */
static int
wrong_key(const char *key)
{
	char	 buf[32];
	size_t	 n;

	if (fold_key(key, buf, sizeof(buf)) == NULL)
		return 0;
	for (n = strlen(buf); n > 0 && isdigit((unsigned char)buf[n - 1]);)
		buf[--n] = '\0';
	return key_among(buf, wrong_keys);
}

/* A key that letters an option, "a" to "h" in either case: its index, or -1. */
static int
letter_key(const char *key)
{
	int	 c = tolower((unsigned char)key[0]);

	return key[1] == '\0' && c >= 'a' && c <= 'h' ? c - 'a' : -1;
}

/*
 * What one object holds: its strings borrowed from the tree, but for
 * its options, copies (a number among them written as text).
 */
struct record {
	const char	*front, *back, *text, *cloze, *title;
	const cJSON	*right;			/* the right option's key */
	char		**opt;			/* the options, in order */
	size_t		 nopt, cap, nletters;
	size_t		 nwrong;		/* options keyed as wrong */
	size_t		 right_at;		/* options before the right
						   one's key */
	int		 listed;		/* options in an array */
};

/* Adds option v, a string or a number, to rec; NULL for another. */
static void
add_option(struct record *rec, const cJSON *v)
{
	char	 num[32];

	if (rec->nopt == rec->cap) {
		rec->cap = rec->cap == 0 ? 8 : 2 * rec->cap;
		rec->opt = cp_xreallocarray(rec->opt, rec->cap,
		    sizeof(*rec->opt));
	}
	if (cJSON_IsString(v))
		rec->opt[rec->nopt++] = cp_xstrdup(v->valuestring);
	else if (cJSON_IsNumber(v)) {
		snprintf(num, sizeof(num), "%.15g", v->valuedouble);
		rec->opt[rec->nopt++] = cp_xstrdup(num);
	} else
		rec->opt[rec->nopt++] = NULL;
}

static void
free_record(struct record *rec)
{
	size_t	 i;

	for (i = 0; i < rec->nopt; i++)
		free(rec->opt[i]);
	free(rec->opt);
	memset(rec, 0, sizeof(*rec));
}

/*
 * Notes key k as left out in left, ",k1,k2,": each key once, the first
 * LEFT_KEYS of them, then "..." for the rest and for a key longer than
 * LEFT_KEY_LEN (so that the list, and the time to look a key up in it,
 * stays short whatever the keys).
 */
#define LEFT_KEYS	6
#define LEFT_KEY_LEN	40
static void
leave_key(struct cp_buf *left, const char *k)
{
	size_t	 i, n = 0;
	char	*look;

	if (k == NULL || strchr(k, ',') != NULL || strlen(k) > LEFT_KEY_LEN)
		k = "...";
	for (i = 0; i < left->len; i++)
		n += left->data[i] == ',';
	if (n > LEFT_KEYS || strstr(left->data, ",...,") != NULL)
		return;
	look = cp_xmalloc(strlen(k) + 3);
	snprintf(look, strlen(k) + 3, ",%s,", k);
	if (strstr(left->data, look) == NULL) {
		if (n == LEFT_KEYS)
			k = "...";
		cp_buf_addstr(left, k);
		cp_buf_addc(left, ',');
	}
	free(look);
}

/* The record of object o; the keys it leaves out noted in left. */
static const char	*right_text(const struct record *);

static void
take_record(const cJSON *o, struct record *rec, struct cp_buf *left)
{
	const cJSON	*m, *v;
	const char	*k;
	char		*right;
	int		 i;

	memset(rec, 0, sizeof(*rec));
	cJSON_ArrayForEach(m, o) {
		k = m->string;
		if (cJSON_IsString(m) && rec->front == NULL &&
		    key_among(k, front_keys))
			rec->front = m->valuestring;
		else if (cJSON_IsString(m) && strcasecmp(k, "text") == 0)
			rec->text = m->valuestring;
		else if (cJSON_IsString(m) && strcasecmp(k, "cloze") == 0)
			rec->cloze = m->valuestring;
		else if (cJSON_IsString(m) && strcasecmp(k, "title") == 0)
			rec->title = m->valuestring;
		else if ((cJSON_IsString(m) || cJSON_IsNumber(m)) &&
		    !rec->listed && rec->nletters == 0 && wrong_key(k)) {
			add_option(rec, m);
			rec->nwrong++;
		}
		else if ((cJSON_IsString(m) || cJSON_IsNumber(m)) &&
		    !rec->listed && (i = letter_key(k)) >= 0 &&
		    (size_t)i == rec->nletters) {
			add_option(rec, m);
			rec->nletters++;
		} else if (cJSON_IsArray(m) && rec->nopt == 0 &&
		    key_among(k, option_keys)) {
			cJSON_ArrayForEach(v, m)
				add_option(rec, v);
			rec->listed = 1;
		} else if ((cJSON_IsString(m) || cJSON_IsNumber(m)) &&
		    key_among(k, right_keys) && rec->right == NULL) {
			rec->right = m;
			rec->right_at = rec->nopt;
		}
		else if (cJSON_IsString(m) && rec->back == NULL &&
		    key_among(k, back_keys))
			rec->back = m->valuestring;
		else
			leave_key(left, k);
	}
	/* "text", else "title", is the question where no other key asks. */
	if (rec->front == NULL && rec->cloze == NULL && rec->text != NULL) {
		rec->front = rec->text;
		rec->text = NULL;
	}
	if (rec->front == NULL && rec->text == NULL)
		rec->front = rec->title;
	/*
	 * Beside wrong options, the right one's text is an option too, in
	 * its key's place: "Richtig" over "Falsch1" and "Falsch2".
	 */
	if (rec->nwrong > 0 && cJSON_IsString(rec->right) &&
	    right_text(rec) == NULL) {
		add_option(rec, rec->right);
		right = rec->opt[rec->nopt - 1];
		memmove(rec->opt + rec->right_at + 1, rec->opt + rec->right_at,
		    (rec->nopt - 1 - rec->right_at) * sizeof(*rec->opt));
		rec->opt[rec->right_at] = right;
	}
}

/*
 * The option whose text rec->right is, a string or a number written as
 * the options' numbers are ("answer": 4 among [4, 5, 6]); or NULL.
 */
static const char *
right_text(const struct record *rec)
{
	const cJSON	*r = rec->right;
	char		 num[32];
	const char	*v = num;
	size_t		 k;

	if (cJSON_IsNumber(r))
		snprintf(num, sizeof(num), "%.15g", r->valuedouble);
	else
		v = r->valuestring;
	for (k = 0; k < rec->nopt; k++)
		if (rec->opt[k] != NULL && strcmp(rec->opt[k], v) == 0)
			return rec->opt[k];
	return NULL;
}

/*
 * The place rec->right may give, a whole number from 0 to the count of
 * options, whatever the options' texts; or -1.
 */
static long
right_place(const struct record *rec)
{
	double	 v;

	if (rec->right == NULL || !cJSON_IsNumber(rec->right) ||
	    rec->nopt == 0)
		return -1;
	v = rec->right->valuedouble;
	if (!(v >= 0 && v <= (double)rec->nopt) || v != (double)(long)v)
		return -1;
	return (long)v;
}

/* The index rec->right gives where it is no option's text; or -1. */
static long
right_index(const struct record *rec)
{
	long	 i = right_place(rec);

	return i >= 0 && right_text(rec) == NULL ? i : -1;
}

/*
 * The right option's text, as rec->right names it: its text, its index,
 * counted from base (0 or 1, the file's: quiz_base()), or its letter; or
 * NULL.  Where the file's numbers are indices (by_place), a number that
 * is an option's text too, 3 among [2, 3, 4, 6], is an index.
 */
static const char *
right_option(const struct record *rec, int base, int by_place)
{
	const cJSON	*r = rec->right;
	const char	*t;
	long		 i;

	if (r == NULL || rec->nopt == 0)
		return NULL;
	if ((!by_place || right_place(rec) < 0) &&
	    (t = right_text(rec)) != NULL)
		return t;
	if (cJSON_IsNumber(r))
		return (i = right_place(rec)) >= base &&
		    (size_t)(i - base) < rec->nopt ? rec->opt[i - base] : NULL;
	if ((i = letter_key(r->valuestring)) >= 0 && (size_t)i < rec->nopt)
		return rec->opt[i];
	return NULL;
}

/* Why a record is no card. */
enum quiz_skip { Q_CARD, Q_NO_QUESTION, Q_NO_ANSWER, Q_CLOZE_MISSED };

/* The card of rec at line, added to cards; or why it is none. */
static enum quiz_skip
make_card(const struct record *rec, unsigned long line, int base,
    int by_place, struct cp_quiz_cards *cards)
{
	struct cp_quiz_card	*c;
	struct cp_buf		 front = { 0 }, back = { 0 };
	const char		*at, *right;
	size_t			 i;
	int			 cloze = 0;

	if (rec->text != NULL && rec->cloze != NULL) {
		if (*rec->cloze == '\0' ||
		    (at = strstr(rec->text, rec->cloze)) == NULL)
			return Q_CLOZE_MISSED;
		cp_buf_add(&front, rec->text, (size_t)(at - rec->text));
		cp_buf_addstr(&front, "{{c1::");
		cp_buf_addstr(&front, rec->cloze);
		cp_buf_addstr(&front, "}}");
		cp_buf_addstr(&front, at + strlen(rec->cloze));
		cloze = 1;
	} else if (rec->front == NULL || *rec->front == '\0')
		return Q_NO_QUESTION;
	else if (rec->nletters == 1 && rec->right == NULL &&
	    rec->back == NULL && rec->opt[0] != NULL) {
		/* "q" and "a": a question and its answer, no options. */
		cp_buf_addstr(&front, rec->front);
		cp_buf_addstr(&back, rec->opt[0]);
	} else {
		if ((right = right_option(rec, base, by_place)) == NULL)
			right = rec->back != NULL ? rec->back :
			    cJSON_IsString(rec->right) ?
			    rec->right->valuestring : NULL;
		if (right == NULL || *right == '\0')
			return Q_NO_ANSWER;
		cp_buf_addstr(&front, rec->front);
		for (i = 0; i < rec->nopt; i++)
			if (rec->opt[i] != NULL) {
				cp_buf_addc(&front, '\n');
				cp_buf_addstr(&front, rec->opt[i]);
			}
		cp_buf_addstr(&back, right);
	}
	if (cards->n == cards->cap) {
		cards->cap = cards->cap == 0 ? 16 : 2 * cards->cap;
		cards->card = cp_xreallocarray(cards->card, cards->cap,
		    sizeof(*cards->card));
	}
	c = &cards->card[cards->n++];
	c->line = line;
	c->cloze = cloze;
	c->front = cp_buf_detach(&front);
	c->back = cloze ? NULL : cp_buf_detach(&back);
	return Q_CARD;
}

/* The line of offset off in text, counting on from *line at *from. */
static unsigned long
line_at(const char *text, size_t off, size_t *from, unsigned long *line)
{
	for (; *from < off; (*from)++)
		*line += text[*from] == '\n';
	return *line;
}

/*
 * The offsets in the checked JSON text of its parts at depth (1 for the
 * outermost value's), in order, into at: the elements that open with '{'
 * or '[', or, keys set, an object's keys (the strings after '{' or ',').
 */
static size_t
part_offsets(const char *text, size_t len, int keys, int at_depth,
    size_t *at, size_t max)
{
	size_t	 i, n = 0;
	int	 depth = 0, in_string = 0;
	char	 last = 0;

	for (i = 0; i < len; i++) {
		if (in_string) {
			if (text[i] == '\\')
				i++;
			else if (text[i] == '"')
				in_string = 0;
			continue;
		}
		if (text[i] == '"') {
			in_string = 1;
			if (keys && depth == at_depth && n < max &&
			    (last == '{' || last == ','))
				at[n++] = i;
		} else if (text[i] == '{' || text[i] == '[') {
			if (!keys && depth == at_depth && n < max)
				at[n++] = i;
			depth++;
		} else if (text[i] == '}' || text[i] == ']')
			depth--;
		if (!isspace((unsigned char)text[i]))
			last = text[i];
	}
	return n;
}

/*
 * What reading the records met.  They are read twice: first for the
 * base their numeric indices count from (the file's, not a record's),
 * then into cards.
 */
struct tally {
	struct cp_buf	 left;		/* keys left out, ",k1,k2," */
	int		 pass;		/* 0: the indices' base; 1: cards */
	int		 zero, top;	/* an index 0; an index as large as
					   its record's count of options */
	int		 indexed;	/* a numeric index at all */
	int		 texts;		/* a number that is an option's
					   text and can be no index */
	int		 base;		/* 0 or 1, after the first pass */
	size_t		 records;
	unsigned long	 first;
	struct skip {
		unsigned long	 line;
		enum quiz_skip	 why;
	}		*skip;
	size_t		 nskip, cap;
};

/* Reads object o at line: its index in the first pass, its card after. */
static void
add_record(const cJSON *o, unsigned long line, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct record	 rec;
	enum quiz_skip	 why;
	long		 i;

	take_record(o, &rec, &t->left);
	if (t->pass == 0) {
		i = right_index(&rec);
		t->indexed |= i >= 0;
		t->zero |= i == 0;
		t->top |= i > 0 && (size_t)i == rec.nopt;
		t->texts |= cJSON_IsNumber(rec.right) && right_place(&rec) < 0 &&
		    right_text(&rec) != NULL;
	} else {
		if ((why = make_card(&rec, line, t->base,
		    t->indexed && !t->texts, cards)) != Q_CARD) {
			if (t->nskip == t->cap) {
				t->cap = t->cap == 0 ? 16 : 2 * t->cap;
				t->skip = cp_xreallocarray(t->skip, t->cap,
				    sizeof(*t->skip));
			}
			t->skip[t->nskip].line = line;
			t->skip[t->nskip++].why = why;
		}
		if (t->records++ == 0)
			t->first = line;
	}
	free_record(&rec);
}

/*
 * The base of the indices, once the first pass has met them: 1 where
 * one reaches its record's count of options and none is 0, else 0, as
 * a program counts.
 */
static void
quiz_base(struct tally *t)
{
	t->base = t->top && !t->zero;
}

/*
 * Reads the records of the JSON at text into cards: at depth 1, the
 * elements of an array, each an object; at depth 2, those of each member
 * of an object, two or more, each an array of objects (records in groups
 * under the groups' names).  *tree gets the parsed tree, for the
 * groups' names (caller frees).  0, or -1 when the JSON is not so.
 */
static int
read_records(const char *text, size_t len, int depth,
    struct cp_quiz_cards *cards, struct tally *t, cJSON **tree)
{
	struct cp_json_check	 chk;
	const cJSON		*g, *o;
	cJSON			*v;
	size_t			 n = 0, groups = 0, i, from, *at;
	unsigned long		 line;
	int			 all = 1;

	if ((*tree = v = cp_json_parse(text, len, &chk)) == NULL)
		return -1;
	for (g = depth == 1 ? v : v->child; g != NULL;
	    g = depth == 1 ? NULL : g->next) {
		all &= cJSON_IsArray(g) && cJSON_GetArraySize(g) > 0;
		groups++;
		cJSON_ArrayForEach(o, g) {
			all &= cJSON_IsObject(o);
			n++;
		}
	}
	at = cp_xreallocarray(NULL, n + 1, sizeof(*at));
	if (!all || (depth == 1 ? !cJSON_IsArray(v) : !cJSON_IsObject(v) ||
	    groups < 2) || part_offsets(text, len, 0, depth, at, n) != n) {
		free(at);
		return -1;
	}
	for (t->pass = 0; t->pass < 2; t->pass++) {
		if (t->pass == 1)
			quiz_base(t);
		i = from = 0;
		line = 1;
		for (g = depth == 1 ? v : v->child; g != NULL;
		    g = depth == 1 ? NULL : g->next)
			cJSON_ArrayForEach(o, g)
				add_record(o, line_at(text, at[i++], &from,
				    &line), cards, t);
	}
	free(at);
	return 0;
}

/* Reads the array at text, each element an object, into cards. */
static int
read_array(const char *text, size_t len, struct cp_quiz_cards *cards,
    struct tally *t)
{
	cJSON	*tree;
	int	 rc;

	rc = read_records(text, len, 1, cards, t, &tree);
	cJSON_Delete(tree);
	return rc;
}

/*
 * Reads objects parted by commas with no array round them, "{...},
 * {...}", as a script that writes a list of them may leave them.
 */
static int
read_listed(const char *text, size_t len, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct cp_buf	 b = { 0 };
	int		 rc;

	while (len > 0 && strchr(" \t\r\n,;", text[len - 1]) != NULL)
		len--;
	cp_buf_addc(&b, '[');
	cp_buf_add(&b, text, len);
	cp_buf_addc(&b, ']');
	rc = read_array(b.data, b.len, cards, t);
	cp_buf_free(&b);
	return rc;
}

/*
 * Reads an object whose every member is an array of objects, records
 * in groups under the groups' names, "{ "Mobilität": [ {...} ] }": each
 * object is a record; the names are left out, said once.
 */
static int
read_groups(const char *text, size_t len, const char *name,
    struct cp_reporter *rep, struct cp_quiz_cards *cards, struct tally *t)
{
	cJSON	*tree;
	char	*shown;
	int	 rc;

	if ((rc = read_records(text, len, 2, cards, t, &tree)) == 0) {
		shown = cp_printable(tree->child->string);
		cp_report(rep, CP_LEVEL_WARNING, name, t->first, 0, "%d groups "
		    "of records under their names, the first \"%s\": the "
		    "names left out, no side of a card",
		    cJSON_GetArraySize(tree), shown);
		free(shown);
	}
	cJSON_Delete(tree);
	return rc;
}

/*
 * Reads an object a line, each line JSON but for a ";" or "," ending it
 * (each line parsed once a pass).
 */
static int
read_lines(const char *text, size_t len, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct cp_json_check	 chk;
	const char		*p, *e, *end = text + len;
	cJSON			*v;
	size_t			 k;
	unsigned long		 line;

	for (t->pass = 0; t->pass < 2; t->pass++) {
		if (t->pass == 1)
			quiz_base(t);
		for (line = 1, p = text; p < end; p = e + 1, line++) {
			if ((e = memchr(p, '\n', (size_t)(end - p))) == NULL)
				e = end;
			k = (size_t)(e - p);
			while (k > 0 && strchr(" \t\r", p[k - 1]) != NULL)
				k--;
			if (k > 0 && (p[k - 1] == ';' || p[k - 1] == ','))
				k--;
			if (k == 0)
				continue;
			if ((v = cp_json_parse(p, k, &chk)) == NULL ||
			    !cJSON_IsObject(v)) {
				cJSON_Delete(v);
				return -1;
			}
			add_record(v, line, cards, t);
			cJSON_Delete(v);
		}
	}
	return 0;
}

/*
 * Is s a meaning a dictionary gives, words: a letter in it, and no path,
 * address or version, "index.js", "https://...", "1.0.0", no space in it
 * but a "." or "/"?
 */
static int
worded_value(const char *s)
{
	const char	*p;
	int		 letter = 0;

	for (p = s; *p != '\0'; p++)
		letter |= isalpha((unsigned char)*p) ||
		    (unsigned char)*p >= 0x80;
	return letter && (strchr(s, ' ') != NULL ||
	    strpbrk(s, "./:") == NULL);
}

/*
 * A program's dictionary, one JSON object of three "word": "meaning"
 * members or more, every value text and no key a record's (a question,
 * an answer, an option) or a program's setting's ("version"), two values
 * in three words (worded_value()): each member a card, its key the front,
 * its value the back, said once.  The number of cards, or -1 when the text
 * is no such object.
 */
static int
read_dictionary(const char *text, size_t len, const char *name,
    struct cp_reporter *rep, struct cp_quiz_cards *cards)
{
	struct cp_json_check	 chk;
	struct cp_quiz_card	*c;
	const cJSON		*m;
	cJSON			*v;
	size_t			 n = 0, i = 0, from = 0, worded = 0, *at;
	unsigned long		 line = 1;
	int			 all = 1;

	if ((v = cp_json_parse(text, len, &chk)) == NULL)
		return -1;
	if (!cJSON_IsObject(v)) {
		cJSON_Delete(v);
		return -1;
	}
	cJSON_ArrayForEach(m, v) {
		all &= cJSON_IsString(m) && *m->valuestring != '\0' &&
		    *m->string != '\0' && !key_among(m->string, front_keys) &&
		    !key_among(m->string, back_keys) &&
		    !key_among(m->string, right_keys) &&
		    !key_among(m->string, option_keys) &&
		    !key_among(m->string, setting_keys) &&
		    letter_key(m->string) < 0;
		n++;
		worded += cJSON_IsString(m) && worded_value(m->valuestring);
	}
	/* A program's settings, "version": "1.0.0", "main": "index.js". */
	if (n < 3 || !all || 3 * worded < 2 * n) {
		cJSON_Delete(v);
		return -1;
	}
	at = cp_xreallocarray(NULL, n + 1, sizeof(*at));
	if (part_offsets(text, len, 1, 1, at, n) != n) {
		free(at);
		cJSON_Delete(v);
		return -1;
	}
	cards->card = cp_xreallocarray(NULL, n, sizeof(*cards->card));
	cards->cap = n;
	cJSON_ArrayForEach(m, v) {
		c = &cards->card[cards->n++];
		c->line = line_at(text, at[i++], &from, &line);
		c->cloze = 0;
		c->front = cp_xstrdup(m->string);
		c->back = cp_xstrdup(m->valuestring);
	}
	cp_report(rep, CP_LEVEL_WARNING, name, cards->card[0].line, 0, "a JSON "
	    "object of %zu \"word\": \"meaning\" members, a program's "
	    "dictionary: each key a card's front, its value the back", n);
	free(at);
	cJSON_Delete(v);
	return (int)n;
}

/*
 * Says the keys noted in left, ",k1,k2,", as "k1", "k2", control
 * characters escaped.
 */
static void
say_left(struct cp_reporter *rep, const char *name, unsigned long line,
    const struct cp_buf *left)
{
	struct cp_buf	 shown = { 0 };
	const char	*p, *e;
	char		 key[LEFT_KEY_LEN + 1], *printable;

	for (p = left->data + 1; (e = strchr(p, ',')) != NULL; p = e + 1) {
		if (shown.len > 0)
			cp_buf_addstr(&shown, ", ");
		snprintf(key, sizeof(key), "%.*s", (int)(e - p), p);
		printable = cp_printable(key);
		cp_buf_printf(&shown, "\"%s\"", printable);
		free(printable);
	}
	cp_report(rep, CP_LEVEL_WARNING, name, line, 0, "the records' keys "
	    "%s hold no side of a card: left out", shown.data);
	cp_buf_free(&shown);
}

/*
 * Forgets what a reading that failed part way met: read_lines() reads
 * the records it parsed before the line that is no JSON.
 */
static void
tally_reset(struct tally *t)
{
	t->indexed = t->zero = t->top = t->texts = 0;
	t->records = 0;
	cp_buf_reset(&t->left);
	cp_buf_addc(&t->left, ',');
}

int
cp_quiz_json(const char *text, size_t len, const char *name,
    struct cp_reporter *rep, struct cp_quiz_cards *cards)
{
	static const char *const why[] = {
		NULL, "a record with no question", "a record with no answer",
		"a cloze record whose hidden part is not in its text"
	};
	struct tally	 t = { 0 };
	const char	*p = text + strspn(text, " \t\r\n");
	size_t		 i;
	int		 rc = -1;

	memset(cards, 0, sizeof(*cards));
	cp_buf_addc(&t.left, ',');
	if (p < text + len && *p == '[')
		rc = read_array(text, len, cards, &t);
	else if (p < text + len && *p == '{') {
		if ((rc = read_dictionary(text, len, name, rep, cards)) >= 0) {
			cp_buf_free(&t.left);
			return rc;
		}
		if ((rc = read_groups(text, len, name, rep, cards, &t)) == -1 &&
		    (rc = read_lines(text, len, cards, &t)) == -1) {
			tally_reset(&t);
			rc = read_listed(text, len, cards, &t);
		}
	}
	if (rc == -1) {
		cp_quiz_cards_free(cards);
		cp_buf_free(&t.left);
		free(t.skip);
		return -1;
	}
	/* Two records in three a card, or the file is a program's data. */
	if (cards->n * 3 < t.records * 2) {
		cp_report(rep, CP_LEVEL_WARNING, name, t.first, 0, "%zu JSON "
		    "objects, %zu of them with the keys of a question and its "
		    "answer: a program's data, no cards", t.records, cards->n);
		cp_quiz_cards_free(cards);
		cp_buf_free(&t.left);
		free(t.skip);
		return 0;
	} else
		cp_report(rep, CP_LEVEL_WARNING, name, t.first, 0, "%zu JSON "
		    "objects, a quiz program's records: each read as a card "
		    "by the names of its keys (question, options, the right "
		    "one, answer)", t.records);
	if (t.left.len > 1)
		say_left(rep, name, t.first, &t.left);
	if (t.indexed && !t.zero && !t.top)
		cp_report(rep, CP_LEVEL_WARNING, name, t.first, 0, "the right "
		    "options' indices read from 0, as a program counts: no "
		    "index is 0 or past the last option to tell (a guess)");
	else if (t.indexed && t.base == 1)
		cp_report(rep, CP_LEVEL_WARNING, name, t.first, 0, "the right "
		    "options' indices read from 1: one is its record's count "
		    "of options, none is 0");
	for (i = 0; i < t.nskip; i++)
		cp_report(rep, CP_LEVEL_WARNING, name, t.skip[i].line, 0,
		    "%s: skipped", why[t.skip[i].why]);
	cp_buf_free(&t.left);
	free(t.skip);
	return (int)cards->n;
}

void
cp_quiz_cards_free(struct cp_quiz_cards *cards)
{
	size_t	 i;

	for (i = 0; i < cards->n; i++) {
		free(cards->card[i].front);
		free(cards->card[i].back);
	}
	free(cards->card);
	memset(cards, 0, sizeof(*cards));
}
