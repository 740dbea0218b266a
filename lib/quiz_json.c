/*
 * quiz_json.c: a quiz program's questions kept as JSON in a text file.
 * A program's data file may be a JSON array of objects, or an object a
 * line ending in "," or ";" as a script appends them:
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
 * a type) is no side of a card and is said once.  The whole text is
 * parsed by json.c's strict parser; anything else falls to the lines.
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
	"question_text", NULL
};
static const char *const back_keys[] = {
	"answer", "back", "a", "definition", "meaning", "translation",
	"respuesta", "risposta", "antwort", "resposta", "odpowiedz", "cevap",
	NULL
};
static const char *const right_keys[] = {
	"correct", "correctanswer", "rightanswer", "correctoption", "right",
	"answer", "solution", "key", "correctindex", "respuestacorrecta",
	"poprawna", NULL
};
static const char *const option_keys[] = {
	"options", "choices", "answers", "alternatives", "opciones",
	"opzioni", "odpowiedzi", NULL
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

/* An option's letter key, "a" to "h" in either case: its index, or -1. */
static int
option_letter(const char *key)
{
	int	 c = tolower((unsigned char)key[0]);

	return key[1] == '\0' && c >= 'a' && c <= 'h' ? c - 'a' : -1;
}

/* What one object holds, its strings borrowed from the tree. */
struct record {
	const char	*front, *back, *text, *cloze;
	const cJSON	*right;			/* the right option's key */
	const char	*letters[8];		/* options by letter */
	const cJSON	*list;			/* options as an array */
	int		 nletters;
};

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
static void
take_record(const cJSON *o, struct record *rec, struct cp_buf *left)
{
	const cJSON	*m;
	const char	*k;
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
		else if (cJSON_IsString(m) && (i = option_letter(k)) >= 0 &&
		    i == rec->nletters) {
			rec->letters[i] = m->valuestring;
			rec->nletters++;
		} else if (cJSON_IsArray(m) && key_among(k, option_keys))
			rec->list = m;
		else if ((cJSON_IsString(m) || cJSON_IsNumber(m)) &&
		    key_among(k, right_keys) && rec->right == NULL)
			rec->right = m;
		else if (cJSON_IsString(m) && rec->back == NULL &&
		    key_among(k, back_keys))
			rec->back = m->valuestring;
		else
			leave_key(left, k);
	}
	/* "text" is the question where no other key asks. */
	if (rec->front == NULL && rec->cloze == NULL && rec->text != NULL) {
		rec->front = rec->text;
		rec->text = NULL;
	}
}

/* How many options the record has; option() gives the i-th's text. */
static int
options(const struct record *rec)
{
	return rec->list != NULL ? cJSON_GetArraySize(rec->list) :
	    rec->nletters;
}

static const char *
option(const struct record *rec, int i)
{
	const cJSON	*v;

	if (rec->list == NULL)
		return i < rec->nletters ? rec->letters[i] : NULL;
	v = cJSON_GetArrayItem(rec->list, i);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * The right option's text, as rec->right names it: its letter, its text
 * or its index (from 0, as a program counts, or from 1 where the count
 * reaches past the last); or NULL.
 */
static const char *
right_option(const struct record *rec)
{
	const cJSON	*r = rec->right;
	int		 n = options(rec), i;

	if (r == NULL || n == 0)
		return NULL;
	if (cJSON_IsNumber(r)) {
		i = (int)r->valuedouble;
		if (r->valuedouble != (double)i || i < 0 || i > n)
			return NULL;
		return option(rec, i == n ? n - 1 : i);
	}
	if ((i = option_letter(r->valuestring)) >= 0 && i < n)
		return option(rec, i);
	for (i = 0; i < n; i++)
		if (option(rec, i) != NULL &&
		    strcmp(option(rec, i), r->valuestring) == 0)
			return option(rec, i);
	return NULL;
}

/*
 * The card of rec at line, added to cards; 0, or -1 when it is none, -2
 * when the part a cloze hides is not in its text.
 */
static int
make_card(const struct record *rec, unsigned long line,
    struct cp_quiz_cards *cards)
{
	struct cp_quiz_card	*c;
	struct cp_buf		 front = { 0 }, back = { 0 };
	const char		*at, *right, *o;
	int			 i, cloze = 0;

	if (rec->text != NULL && rec->cloze != NULL) {
		if (*rec->cloze == '\0' ||
		    (at = strstr(rec->text, rec->cloze)) == NULL)
			return -2;
		cp_buf_add(&front, rec->text, (size_t)(at - rec->text));
		cp_buf_addstr(&front, "{{c1::");
		cp_buf_addstr(&front, rec->cloze);
		cp_buf_addstr(&front, "}}");
		cp_buf_addstr(&front, at + strlen(rec->cloze));
		cloze = 1;
	} else if (rec->front != NULL && rec->nletters == 1 &&
	    rec->list == NULL && rec->right == NULL && rec->back == NULL) {
		/* "q" and "a": a question and its answer, no options. */
		cp_buf_addstr(&front, rec->front);
		cp_buf_addstr(&back, rec->letters[0]);
	} else if (rec->front != NULL) {
		if ((right = right_option(rec)) == NULL)
			right = rec->back != NULL ? rec->back :
			    cJSON_IsString(rec->right) ?
			    rec->right->valuestring : NULL;
		if (right == NULL)
			return -1;
		cp_buf_addstr(&front, rec->front);
		for (i = 0; i < options(rec); i++)
			if ((o = option(rec, i)) != NULL) {
				cp_buf_addc(&front, '\n');
				cp_buf_addstr(&front, o);
			}
		cp_buf_addstr(&back, right);
	} else
		return -1;
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
	return 0;
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
 * The offset of each element of the checked JSON array at text (which
 * opens with '['), in order, into at: the depth-1 values' first bytes.
 */
static size_t
element_offsets(const char *text, size_t len, size_t *at, size_t max)
{
	size_t	 i, n = 0;
	int	 depth = 0, in_string = 0;

	for (i = 0; i < len; i++) {
		if (in_string) {
			if (text[i] == '\\')
				i++;
			else if (text[i] == '"')
				in_string = 0;
			continue;
		}
		if (text[i] == '"')
			in_string = 1;
		if (text[i] == '{' || text[i] == '[') {
			if (depth == 1 && n < max)
				at[n++] = i;
			depth++;
		} else if (text[i] == '}' || text[i] == ']')
			depth--;
	}
	return n;
}

/* What reading the records met, said once the file is known for one. */
struct tally {
	struct cp_buf	 left;		/* keys left out, ",k1,k2," */
	size_t		 records, skipped, missed;
	unsigned long	 first, skip_line, miss_line;
};

/* Reads object o at line into a card of cards, or notes why not. */
static void
add_record(const cJSON *o, unsigned long line, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct record	 rec;
	int		 rc;

	take_record(o, &rec, &t->left);
	if ((rc = make_card(&rec, line, cards)) == -1 && t->skipped++ == 0)
		t->skip_line = line;
	if (rc == -2 && t->missed++ == 0)
		t->miss_line = line;
	if (t->records++ == 0)
		t->first = line;
}

/* Reads the array at text, each element an object, into cards. */
static int
read_array(const char *text, size_t len, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct cp_json_check	 chk;
	const cJSON		*o;
	cJSON			*v;
	size_t			 n, i = 0, from = 0, *at;
	unsigned long		 line = 1;
	int			 all = 1;

	if ((v = cp_json_parse(text, len, &chk)) == NULL)
		return -1;
	n = cJSON_IsArray(v) ? (size_t)cJSON_GetArraySize(v) : 0;
	cJSON_ArrayForEach(o, v)
		all &= cJSON_IsObject(o);
	at = cp_xreallocarray(NULL, n + 1, sizeof(*at));
	if (n == 0 || !all || element_offsets(text, len, at, n) != n) {
		free(at);
		cJSON_Delete(v);
		return -1;
	}
	cJSON_ArrayForEach(o, v)
		add_record(o, line_at(text, at[i++], &from, &line), cards, t);
	free(at);
	cJSON_Delete(v);
	return 0;
}

/* Reads an object a line, each line JSON but for a ";" or "," ending it. */
static int
read_lines(const char *text, size_t len, struct cp_quiz_cards *cards,
    struct tally *t)
{
	struct cp_json_check	 chk;
	const char		*p, *e, *end = text + len;
	cJSON			*v;
	size_t			 k;
	unsigned long		 line;

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
	return 0;
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

size_t
cp_quiz_json(const char *text, size_t len, const char *name,
    struct cp_reporter *rep, struct cp_quiz_cards *cards)
{
	struct tally	 t = { 0 };
	const char	*p = text + strspn(text, " \t\r\n");
	int		 rc = -1;

	memset(cards, 0, sizeof(*cards));
	cp_buf_addc(&t.left, ',');
	if (p < text + len && *p == '[')
		rc = read_array(text, len, cards, &t);
	else if (p < text + len && *p == '{')
		rc = read_lines(text, len, cards, &t);
	/* Most records a card, three at least, or the lines read it. */
	if (rc == -1 || t.records < 3 || cards->n * 3 < t.records * 2) {
		cp_quiz_cards_free(cards);
		cp_buf_free(&t.left);
		return 0;
	}
	cp_report(rep, CP_LEVEL_WARNING, name, t.first, 0, "%zu JSON objects, "
	    "a quiz program's records: each read as a card by the names of "
	    "its keys (question, options, the right one, answer)", t.records);
	if (t.left.len > 1)
		say_left(rep, name, t.first, &t.left);
	if (t.skipped > 0)
		cp_report(rep, CP_LEVEL_WARNING, name, t.skip_line, 0, "%zu "
		    "record%s with no question or no answer: skipped",
		    t.skipped, t.skipped == 1 ? "" : "s");
	if (t.missed > 0)
		cp_report(rep, CP_LEVEL_WARNING, name, t.miss_line, 0, "%zu "
		    "cloze record%s whose hidden part is not in its text: "
		    "skipped", t.missed, t.missed == 1 ? "" : "s");
	cp_buf_free(&t.left);
	return cards->n;
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
