/*
 * read_txt.c: the flashcard text format (cardtxt(5)).  Perhaps a title
 * line and a "Source: URL (N cards)" line, then cards with no delimiters
 * between them: each a question of one or more lines and an answer of
 * zero or more lines.
 *
 * Where one card ends and the next begins is a global question, so the
 * whole input is held in memory.  Every line gets a score for each of
 * four roles (first line of a question, further question line, first
 * answer line, further answer line) from what it looks like and what
 * stands beside it; a Viterbi pass over the lines picks the best roles,
 * and a second pass that counts cards picks the best reading with
 * exactly the declared number of cards when that reading is plausible.
 * Long decks reach the count by a price on each card instead, so time
 * and memory stay linear in the input.
 *
 * Before that, one pass over the whole file settles what lines alone
 * cannot: whether the first line is a title, and whether the blank
 * lines (or the strict alternation of lines) already cut the cards.
 * Files are written by people with a layout in mind, so a layout that
 * holds for the file as a whole outweighs how a single line reads.  So
 * does a notation the whole file keeps to: "\n" written for a line break,
 * Markdown's "\" ending lines, "Flashcard N" counters, labels of its own,
 * or "\card{...}" commands, which then decide the cards outright.
 */
#define _GNU_SOURCE	/* memmem() */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Roles, in the order the tables below use. */
enum role {
	R_START,	/* the first line of a question */
	R_QUEST,	/* a further question line */
	R_ANSWER,	/* the first answer line */
	R_MORE,		/* a further answer line */
	NROLE
};

/* Which role may follow which: a question line is never an answer's. */
static const int follows[NROLE][NROLE] = {
	/* to:  START QUEST ANSWER MORE     from: */
	{	1,	1,	1,	0 },	/* START */
	{	1,	1,	1,	0 },	/* QUEST */
	{	1,	0,	0,	1 },	/* ANSWER */
	{	1,	0,	0,	1 },	/* MORE */
};

/*
 * Weights, in one place.  A card without an answer costs EMPTY; the
 * declared count is not believed when reaching it costs more than
 * IMPLAUSIBLE per card added or removed: a rhetorical question ending an
 * answer costs less, a plain question taken into an answer more.
 */
#define W_EMPTY		(-7)
#define W_IMPLAUSIBLE	6
#define W_NONE		(LONG_MIN / 4)
/* The most options a question set them in under has (find_set_options). */
#define SET_OPTIONS_MAX	6
/* Scores are kept in sixteenths, so that a price per card can be fine. */
#define SCALE		16

/*
 * The layouts a file's blank lines or lines can have, and how much they
 * weigh against what a line looks like.  A layout is taken only when it
 * holds for nearly the whole file; then its weight outvotes any single
 * line's evidence (a question mark is worth about 10), so a person's
 * layout wins over the way one line happens to read.
 */
static const struct {
	int	 layout;	/* a card starts, or does not, where the layout says */
	int	 part;		/* the answer starts after the blank in a group */
	int	 fit_num;	/* a layout holds when fit_num in fit_den of */
	int	 fit_den;	/* its units fit it ... */
	int	 min_units;	/* ... and there are at least this many */
	int	 sure_num;	/* a separator is sure on sure_num in */
	int	 sure_den;	/* sure_den lines, a guess on fit_num in fit_den */
	int	 front_words;	/* the most words before a separator */
	int	 tag_words;	/* the most words of a third field of tags, */
	int	 tag_bytes;	/* and its most bytes */
	int	 title_den;	/* titles underlined or "-Title": one line in this */
	int	 atx_words;	/* the most words of a "# Part" title, */
	int	 setext_words;	/* of an underlined one, */
	int	 dash_words;	/* and of a "-Part" one */
	int	 numbered;	/* a question numbered as the deck's are starts */
	int	 break_den;	/* "\n" breaks lines when on one line in this */
	int	 name;		/* a lone lower-case word is a name, no question */
	int	 heading_den;	/* headings on one card in this head notes */
	int	 prose_words;	/* a line of more words is a paragraph */
	int	 term_den;	/* "term:" lines are cards when one line in this */
	int	 tab_den;	/* a tab parts lines when on one line in this */
	int	 term_words;	/* the most words of a "term:" over its meaning */
	int	 answer_den;	/* "A:" parts cards when on one numbered question
				   in this, else labels only its answer */
	int	 record_min;	/* a program's records have this many fields */
	int	 record_max;	/* to this many on sure_num in sure_den lines */
	int	 record_runs;	/* a separator of punctuation found from the
				   first line: up to this many tried */
	int	 asklist_den;	/* a list of questions holds no cards when
				   fewer than one card in this has an answer */
	int	 points_den;	/* numbers opening the questions are a game's
				   points when one value in this many */
	int	 prose_asks_den;	/* prose may ask on one paragraph line
				   in this many and hold no cards */
	int	 outline_den;	/* notes where no line asks hold no cards
				   when one "Heading:" in this is right
				   over another */
	int	 shown;		/* a line of markup alone, "<img ...>", is
				   shown with the question under it */
	int	 sort_den;	/* "to |add" marks a sorting word when on at
				   most one line in this */
	int	 label_bytes;	/* the most bytes of a word heading records */
	int	 wordlist_min;	/* lines of bare words of one script hold no
				   cards when at least this many */
	int	 numeral_words;	/* a bare number before a tab or " - " counts
				   a list when more words follow it, else
				   it may be the numeral a word means */
	int	 asked_fields_den;	/* a program's records are questions,
				   no cards, when the second field asks on
				   one line in this and the first does not,
				   or the other way round */
} layout_weight = {
	24, 16, 2, 3, 3, 9, 10, 16, 2, 40, 3, 12, 8, 6, 12, 4, 2, 3, 16, 4, 4,
	3, 3, 3, 6, 8, 4, 2, 40, 6, 8, 2, 16, 12, 2, 4
};

/* What a line looks like, decided from its text alone. */
#define LF_BLANK	0x0001	/* a blank line stands before it */
#define LF_ENDQ		0x0002	/* ends in a question mark */
#define LF_COLON	0x0004	/* ends in a colon */
#define LF_COMMA	0x0008	/* ends in a comma or a semicolon */
#define LF_STOP		0x0010	/* ends a sentence: . ! … */
#define LF_OPEN		0x0020	/* no final punctuation at all */
#define LF_CODE		0x0040	/* looks like a line of code */
#define LF_LIST		0x0080	/* a "- " bullet or a "1." item */
#define LF_QPFX		0x0100	/* "Q:", "Question:" */
#define LF_APFX		0x0200	/* "A:", "Answer:" */
#define LF_ANSPFX	0x0400	/* "Answer:" and its kin: never an option */
#define LF_TERM		0x0800	/* a short phrase without punctuation */
#define LF_NUMBER	0x1000	/* a "1." or "2)" item */
#define LF_POINTS	0x2000	/* a question about what follows it */
#define LF_ASKS		0x4000	/* opens with a question word or a prompt */
#define LF_GOESON	0x8000	/* opens with "and", "in", "which": no sentence */
#define LF_SPELL	0x10000	/* a pronunciation: "/ˈkæt/", "[kat]" */
#define LF_BARENUM	0x20000	/* a number and its mark alone: "2." */
#define LF_SHIFTED	0x40000	/* code by its indentation alone, not its text */
#define LF_MARKUP	0x80000	/* a picture's tags alone, "<img src=...>" */
#define LF_COUNTS	0x100000	/* after a blank, the count's next number */
#define LF_DROP		0x200000	/* a heading drop_heads() leaves out */

struct line {
	size_t		 off;	/* into text */
	size_t		 len;
	unsigned long	 lineno;
	unsigned int	 flags;
	int		 alone;	/* question-likeness of the text alone */
	int		 fenced;	/* in a ``` fence, or its fence line */
	unsigned int	 words;
	size_t		 pfx;	/* length of a Q:/A: prefix with its space */
	unsigned long	 gap;	/* blank lines before it */
	char		 opt;	/* option letter "A".."H", or 0 */
	char		 optnext;	/* the letter an option after it would have */
	size_t		 cut;	/* where a separator parts front and back, or 0 */
	size_t		 cutlen;	/* the separator's length */
	size_t		 lead;	/* markup opening its front: points, or 0 */
	size_t		 numlen;	/* "2 - ", a list's number: no cut */
	size_t		 backend;	/* where the back ends, or 0: its line's end */
	size_t		 tagoff;	/* where a field of tags starts, or 0, */
	size_t		 tagend;	/* and where it ends */
	unsigned long	 kept;	/* blank lines before it inside a quoted field */
	size_t		 section;	/* its section's number, 0 for none */
	char		 under;	/* the rule drawn right under it, or 0, */
	size_t		 underlen;	/* and that rule's length */
	int		 ruled;	/* a rule parts it from the line above */
	int		 headed;	/* a "#" heading read as a question */
	int		 counted;	/* a counter, "Card 3", stood over it */
	int		 quoted;	/* its back opens a quoted field */
	int		 qfront;	/* its front is a quoted field */
	size_t		 conflict;	/* its merge conflict's number, or 0, */
	int		 side;	/* and its side: 1 before "=======", 2 after */
	int		 part;	/* what the answers' layout makes of it */
	int		 bare;	/* its term ends at the separator, no answer */
	size_t		 names;	/* the option its number names, plus one */
	size_t		 textend;	/* where its text ends before a
					   bracketed head's "]", or 0 */
	size_t		 markat;	/* where its mark of the right option
					   opens, or 0 (find_right_marks) */
	int		 arrowed;	/* an arrow before it marked it the
					   right one (find_arrowed_options) */
	int		 framed;	/* rules framed the question it opens
					   (find_question_frames) */
};

/* What a layout of questions and answers makes of a line (find_parts). */
enum {
	P_FREE,		/* the line alone decides */
	P_HEAD,		/* it begins a card */
	P_ANSWER,	/* it goes on with the answer above */
	P_QUESTION	/* it goes on with the question above */
};

/*
 * A labelled field of a record beside its Q:/A: fields, "CLASS: Silly
 * questions", "studied: [...]": no side of the card.  A field named as
 * a category gives the card a tag; any other is left out.
 */
struct extra {
	size_t		 line;	/* the card line it belongs with */
	const char	*value;	/* into text, NUL-terminated */
	int		 tags;	/* 0 left out, 1 one tag, 2 a list of tags */
};

/*
 * A section of the file: a sub-deck of the file's deck, or a folder a
 * program files its cards in, a deck of its own.
 */
struct section {
	char		*deck;	/* "Deck::Title" */
	unsigned long	 lineno;	/* its title's line */
};

struct txt_state {
	size_t		 hang;	/* the column a label's text starts at */
	struct cp_buf	 text;	/* every kept line, each NUL-terminated */
	struct line	*lines;	/* the card lines */
	size_t		 nlines;
	size_t		 cap;
	long		(*score)[NROLE];
	unsigned char	*role;
	enum {
		QA_NONE,
		QA_BOTH,	/* Q: and A: prefixes delimit the cards */
		QA_ANSWERS	/* A: prefixes open the answers */
	}		 qa;
	int		 counters;	/* counters part the cards, no blank line */
	int		 underlabel;	/* QA_ANSWERS: each label under its question */
	int		 labelsalone;	/* labels alone on their lines head fields */
	int		 set_in;	/* the file set in as a whole: no code */
	int		 labelquotes;	/* quotes round every labelled field */
	int		 fewlabels;	/* QA_NONE: a few answers wear an "A:" */
	char		 numbered;	/* the questions' "1." or "1)" mark, or 0 */
	enum {
		L_FREE,		/* the lines alone decide */
		L_BLOCKS,	/* blank lines part the cards */
		L_GROUPS,	/* two blank lines part the cards, one the answer */
		L_CYCLE		/* every card period lines: question, answer */
	}		 layout;
	int		 split;	/* blank lines that part cards */
	const char	*sep;	/* parts every line's front and back, or NULL */
	char		 word_sep[32];	/* " cinita ", the author's own sep */
	int		 q_dashes;	/* a "q -" line labels a question */
	char		 runsep[16];	/* a separator of punctuation of the
					   file's own, "@:#:%" (find_records) */
	int		 fieldlines;	/* sep's fields after the first are
					   the back's lines (glued_fields) */
	int		 sparse;	/* sep, a tab, is on few lines: the rest ask */
	int		 plurals;	/* ",-" glues plural endings to nouns */
	int		 setin;	/* questions set in over answers at the
				   margin (set_in_questions()) */
	int		 entries;	/* blocks are entries at the margin,
					   sep parting fit_num in fit_den
					   of them: the rest are notes */
	int		 swapped;	/* sep's back asks, its front answers */
	int		 ankiquotes;	/* Anki's header stood over the text */
	char		 rightmark;	/* marks a right option (find_marked) */
	int		 quotedright;	/* lines of quoted options (find_quoted) */
	int		 sidesnamed;	/* add_cut() left labels out */
	const char	*turns;	/* what lines read in turns are
					   (find_layout), or NULL */
	char		 bracketed;	/* the bracket, '[' or '(', round the
					   answers after their questions
					   (find_bracket_answers,
					   find_paren_answers), or 0 */
	int		 tagchoices;	/* answers in <option> tags (find_tagged) */
	int		 clozes;	/* each line a cloze of "{{gaps}}" */
	struct cp_quiz_cards quiz;	/* a quiz program's JSON, read whole */
	int		 dashed;	/* a bullet marks one-line answers (1),
					   a dash every answer line (2), an
					   arrow every answer's first (3), a
					   word of the file's own (4), a list
					   of one item "1." (5) */
	size_t		 ownlabel;	/* that word's line, plus one */
	size_t		 optlabel;	/* the line, plus one, of the word
					   labelling the options under the
					   questions, "opções:" */
	int		 unasked;	/* no line asks (asks_nowhere) */
	int		 optmarks;	/* options end in marks (ends_marked) */
	int		 optquiz;	/* half the cards options alone */
	int		 termsections;	/* a term over paragraphs, alike
					   (term_sections) */
	int		 asklist;	/* a list of questions: none answers one */
	const char	*tagcol;	/* the separator after which a third
					   field holds tags, or NULL */
	size_t		 tagged, parted;	/* lines with it, lines parted */
	int		 breaks;	/* "\n" between spaces is a line break */
	int		 termcolons;	/* terms' colons left out, reported */
	int		 gluedsaid;	/* a glued bullet left out, reported */
	int		 arrowed;	/* arrows before options marked the
					   right ones (find_arrowed_options) */
	int		 frames;	/* questions framed by rules */
	int		 gluedterms;	/* a dash glued to parted lines'
					   terms is a bullet
					   (find_glued_terms) */
	int		 verdictsaid;	/* a verdict moved to the back, said */
	int		 bracket_verdicts;	/* verdict_to_back() may: -1
					   not yet counted */
	int		 bracket_keys;	/* key_to_back() may: -1 not
					   yet counted */
	int		 keysaid;	/* a key moved to the back, said */
	enum {
		QM_NONE,
		QM_BULLET,	/* a bullet opens every question, as Q: does */
		QM_TERM,	/* every question is a "term:" line of its own */
		QM_NUMBER,	/* "1.", "2.", ... open the questions' blocks */
		QM_LABEL,	/* "Question 1:" where no answer has a label */
		QM_CHOICE	/* options under each question, the right
				   ones told by their letters alone after
				   them, or by a sign before each */
	}		 qmark;
	int		 period;	/* L_CYCLE: lines a card, 2 or 3 */
	size_t		 spell_at;	/* and in threes, the pronunciation's
					   place, 1 or 2 */
	char		*title;
	char		*deck;	/* every card's deck */
	unsigned long	 titleline;
	char		*url;
	long		 declared;	/* -1 when not declared */
	unsigned long	 srcline;	/* the Source line, or 0 */
	int		 deck_sent;
	size_t		 next;	/* the next card's first line */
	struct section	*sections;	/* [0] unused: the deck itself */
	size_t		 nsections;
	size_t		 sectcap;
	size_t		 cursection;	/* the section of the last deck sent */
	struct extra	*extras;	/* in the order of their lines */
	size_t		 nextras;
	size_t		 xnext;	/* the next card's first extra */
};

static size_t	 sides_marked(const struct txt_state *, size_t *, size_t *);
static int	 line_asks(const struct txt_state *, size_t);
static int	 sure(size_t, size_t);
static size_t	 answer_bullet(const struct txt_state *, const struct line *);
static size_t	 answer_arrow(const struct txt_state *, const struct line *);

/*
 * Is s "Q:", "A:" or "R:" (c, in capitals) right before its text, its
 * space forgotten, "Q:Vad är sant?", "A:1,3", "R:Cable coaxial": not
 * "A::", "A://" nor a drive's path, "R:\\Backups".
 */
static int
glued_label(const char *s, size_t n, char c)
{
	return n > 2 && s[0] == c && s[1] == ':' && s[2] != ':' &&
	    s[2] != '/' && s[2] != '\\' && !isspace((unsigned char)s[2]);
}

/*
 * Does c lead a character of a script written without spaces, CJK or
 * Hangul (the lead bytes E3 to ED, U+3000 to U+DFFF)?  A label needs no
 * space before such text: "Q.なぜ".
 */
static int
cjk_lead(char c)
{
	return (unsigned char)c >= 0xe3 && (unsigned char)c <= 0xed;
}

/* Copies the first word of low, a lower-cased line, into w. */
static size_t
first_word(const char *low, char *w, size_t wsz)
{
	size_t	 i;

	/*
	 * A fullwidth colon, "答案：", ends a word as ':' does, and the
	 * no-break space French sets before it as a space does.
	 */
	for (i = 0; cp_word_byte((unsigned char)low[i]) &&
	    strncmp(low + i, FULLWIDTH_COLON, 3) != 0 &&
	    cp_colon_space(low + i, strnlen(low + i, 4)) == 0; i++) {
		if (i + 1 >= wsz)
			return 0;
		w[i] = low[i];
	}
	w[i] = '\0';
	return i;
}

static int
in_list(const char *w, const char *const *list)
{
	for (; *list != NULL; list++)
		if (**list == *w && strcmp(w, *list) == 0)
			return 1;
	return 0;
}

/*
 * Questions in English, German, Spanish, French, Italian, Portuguese,
 * Polish, Czech and Slovak, Romanian, Serbian, Croatian and Slovenian,
 * Russian and Ukrainian.
 */
static const char *const interrogatives[] = {
	"what", "how", "why", "when", "where", "who", "whom", "whose",
	"which", "is", "are", "was", "were", "do", "does", "did", "can",
	"could", "should", "would", "will", "has", "have", "had", "may",
	"wie", "warum", "weshalb", "wieso", "wann", "wo", "woher", "wohin",
	"wer", "wen", "wem", "wessen", "welche", "welcher", "welches",
	"welchen", "welchem", "ist", "sind", "hat", "kann", "gibt",
	"qué", "cómo", "cuál", "cuáles", "cuándo", "dónde", "quién",
	"cuánto", "cuántos", "que", "qu", "quel", "quelle", "quels",
	"quelles", "comment", "pourquoi", "quand", "où", "qui", "combien",
	"est", "perché", "quale", "quando", "dove", "chi", "cosa", "come",
	"co", "czy", "jak", "jaki", "jaka", "jakie", "jaką", "jakiej",
	"jakich", "jakim", "ile", "gdzie", "kiedy", "dlaczego", "czym",
	"czego", "kto", "który", "która", "które",
	"qual", "quais", "onde", "quem", "quanto", "quantos",
	"proč", "kdy", "kde", "kdo", "jaký", "jaká", "jaké", "čo", "prečo",
	"kedy", "ktorý", "ktorá", "ktoré",
	"când", "unde", "cine", "cât", "câte", "câți",
	"šta", "što", "kako", "zašto", "koji", "koja", "koje", "kada", "gde",
	"gdje", "tko", "kaj", "zakaj", "kateri", "katera", "katero", "kdaj",
	"kje",
	"что", "как", "какой", "какая", "какое", "какие", "каков", "каковы",
	"почему", "зачем", "где", "когда", "кто", "чем", "сколько",
	"що", "як", "який", "яка", "яке", "які", "чому", "навіщо", "де",
	"коли", "хто", "скільки", NULL
};

/* Prompts that ask without a question mark. */

/* Prompts of several words. */
static const char *const prompt_phrases[] = {
	"fill in the blank", "complete the sentence", "lückentext",
	"completa la frase", "complète la phrase", NULL
};

/*
 * Noun phrases that ask: "Function of the spleen", "Causes of the war".
 * They count when "of" or its kin follows.
 */
static const char *const heads[] = {
	"function", "functions", "role", "purpose", "definition", "meaning",
	"cause", "causes", "effect", "effects", "symptoms", "example",
	"examples", "types", "kinds", "parts", "stages", "steps",
	"advantages", "disadvantages", "benefits", "uses", "properties",
	"characteristics", "difference", "differences", "formula", "unit",
	"capital", "author", "date", "funktion", "aufgabe", "bedeutung",
	"ursache", "ursachen", "función", "significado", "causa", "causas",
	"fonction", "rôle", "définition", "sens", NULL
};
static const char *const head_links[] = {
	"of", "between", "der", "des", "von", "de", "del", "du", "d", NULL
};

/* Statements to be judged, in several languages. */
static const char *const truefalse[] = {
	"t/f", "true or false", "true/false", "wahr oder falsch",
	"richtig oder falsch", "w/f", "r/f", "verdadero o falso",
	"verdadero/falso", "v/f", "vrai ou faux", "vrai/faux",
	"vero o falso", "verdadeiro ou falso", NULL
};

/* Verdicts and one-word replies: answers, never questions. */
static const char *const verdicts[] = {
	"true", "false", "yes", "no", "wahr", "falsch", "richtig", "ja",
	"nein", "verdadero", "falso", "sí", "si", "vrai", "faux", "oui",
	"non", "vero", "correct", "incorrect", "correcto", NULL
};

/* Words that open an explanation. */
static const char *const because[] = {
	"because", "weil", "denn", "porque", "parce", "car", "perché",
	NULL
};

/* Words that carry a sentence on from the line before, in lower case. */
static const char *const connectives[] = {
	"and", "or", "but", "in", "on", "at", "of", "for", "with",
	"without", "which", "that", "who", "whose", "so", "than", "then",
	"into", "from", "by", "und", "oder", "aber", "mit", "für", "von",
	"im", "y", "o", "pero", "con", "en", "et", "ou", "mais", "avec",
	"dans", "qui", "que", "within", "about", "after", "before",
	"between", "through", "during", "as", "like", "since", "until",
	"while", "if", "whether", NULL
};

/* The first word of a line of code. */
static const char *const code_words[] = {
	"import", "def", "class", "return", "print", "select", "let",
	"const", "var", "function", "fn", "func", "lambda", "async",
	"await", "sudo", "pip", "npm", "git", "echo", "printf", "void",
	"int", "char", "float", "double", "struct", "public", "private",
	"static", "python", "torchrun", "kubectl", "docker", "cargo", NULL
};

/* Labels of the two sides, in any case: "Question:", "Front:", "term:". */
static const char *const qwords[] = {
	"question", "frage", "pregunta", "domanda", "pergunta", "front",
	"term", "vorderseite", "pytanie", "câu", "fråga", "spørgsmål",
	"spørsmål", "kysymys", "soru", "pertanyaan", "pitanje", "otázka",
	"întrebare", "вопрос", "питання", "问题", "题目", "問題", "質問",
	"질문", "câu hỏi", NULL
};
/* Labels that name a field more than they ask or answer. */
static const char *const field_words[] = {
	"front", "back", "term", "definition", "def", "vorderseite",
	"rückseite", NULL
};
/* Fields' names that label the answer's side, beside cp_answer_words. */
static const char *const afields[] = {
	"back", "definition", "def", "rückseite", NULL
};

/*
 * The length of the word among words that opens low, a lower-cased
 * line, copied into w, or 0; two words count as one where a language
 * writes the word in two, Vietnamese's "đáp án".
 */
static size_t
label_words(const char *low, const char *const *words, char *w,
    size_t wsz)
{
	size_t	 n, m;

	if ((n = first_word(low, w, wsz)) == 0)
		return 0;
	/* "câu hỏi", a question, before "câu", a question's number. */
	if (low[n] == ' ' && n + 2 < wsz &&
	    (m = first_word(low + n + 1, w + n + 1, wsz - n - 1)) > 0) {
		w[n] = ' ';
		if (in_list(w, words))
			return n + 1 + m;
		w[n] = '\0';
	}
	return in_list(w, words) ? n : 0;
}

/*
 * The length of a record's number at the start of s, "1. " or "12) "
 * with the white space after it, or 0.
 */
static size_t
record_number(const char *s, size_t n)
{
	size_t	 k;

	k = strspn(s, "0123456789");
	if (k == 0 || k > 3 || k + 1 >= n || (s[k] != '.' && s[k] != ')') ||
	    s[k + 1] != ' ')
		return 0;
	return k + 1 + strspn(s + k + 1, " \t");
}

/*
 * The length of a label up to its colon included, or 0; the label may
 * number its field, "Question 2:", and notes written in Markdown bold
 * it, "**Answer:**" or "**Answer**:".
 */
static size_t
labelled(const char *low, const char *const *words)
{
	static const char *const brackets[2][2] = {
		{ "[", "]" }, { "\xe3\x80\x90", "\xe3\x80\x91" }	/* 【】 */
	};
	const char	*t;
	char		 w[24];
	size_t		 n, i, num = record_number(low, strlen(low));
	size_t		 bold;

	/*
	 * "1. Question:": the record's number is the label's; not a
	 * field's name, "1. Term: the word itself", a list in an answer.
	 */
	low += num;
	/* "[答案] B", "【答案】B": the label in brackets, as a scrape has it. */
	for (i = 0; i < 2; i++) {
		n = strlen(brackets[i][0]);
		if (strncmp(low, brackets[i][0], n) != 0 ||
		    (t = strstr(low + n, brackets[i][1])) == NULL ||
		    (size_t)(t - low) - n >= sizeof(w))
			continue;
		memcpy(w, low + n, (size_t)(t - low) - n);
		w[t - low - n] = '\0';
		if (in_list(w, words))
			return num + (size_t)(t - low) + strlen(brackets[i][1]);
	}
	bold = strncmp(low, "**", 2) == 0 ? 2 : 0;
	if ((n = label_words(low + bold, words, w, sizeof(w))) == 0 ||
	    (num > 0 && in_list(w, field_words)))
		return 0;
	for (i = bold + n; low[i] == ' '; i++)
		continue;
	if (i > bold + n && isdigit((unsigned char)low[i])) {
		for (i += strspn(low + i, "0123456789"); low[i] == ' '; i++)
			continue;
		/* "Soru 1 - Git nedir?": a numbered label's dash. */
		if (bold == 0 && low[i] == '-' && low[i + 1] == ' ')
			return num + i + 2;
	}
	/* "Réponse\u202f:", French's no-break space before the colon. */
	i += cp_colon_space(low + i, strnlen(low + i, 4));
	if (bold == 0 && strncmp(low + i, FULLWIDTH_COLON, 3) == 0)
		return num + i + 3;
	/* "Ans) ", as "Q1) " asks: the bracket glued to the word. */
	if (bold == 0 && i == n && low[i] == ')' && low[i + 1] == ' ')
		return num + i + 1;
	if (bold == 0)
		return low[i] == ':' ? num + i + 1 : 0;
	if (strncmp(low + i, ":**", 3) == 0 || strncmp(low + i, "**:", 3) == 0)
		return num + i + 3;
	return 0;
}

/*
 * The length of the word for an answer that opens low, a lower-cased
 * line, copied into w, when a space follows it, *after set past the
 * spaces; else 0.
 */
static size_t
spaced_answer_word(const char *low, char *w, size_t wsz, size_t *after)
{
	size_t	 n;

	if ((n = label_words(low, cp_answer_words, w, wsz)) == 0 ||
	    low[n] != ' ')
		return 0;
	*after = n + strspn(low + n, " ");
	return n;
}

/*
 * The length of a line that is the word for an answer and a dash alone,
 * "Answer --", "Answer -": the dash stands for the colon.  Alone on its
 * line only, "solution - a uniform mixture" being a glossary's entry,
 * but for "Ans" and "Answer", which label far more often than a
 * glossary defines them: "Ans - 2,4", "Ans -> 2,4".
 */
static size_t
dashed_label(const char *low)
{
	char	 w[24];
	size_t	 i, n;

	if (spaced_answer_word(low, w, sizeof(w), &i) == 0)
		return 0;
	n = strspn(low + i, "-");
	if (n == 0 || n > 3)
		return 0;
	n += low[i + n] == '>';		/* "Ans -> 2,4", an arrow */
	i += n + strspn(low + i + n, " \t");
	return low[i] == '\0' || ((strcmp(w, "ans") == 0 ||
	    strcmp(w, "answer") == 0) && low[i - 1] == ' ') ? i : 0;
}

/*
 * Is low, a lower-cased line, letter c and a dash alone, "q -" or "a -":
 * a side's label, the dash standing for the colon?
 */
static int
letter_dash(const char *low, char c)
{
	size_t	 k;

	if (low[0] != c || low[1] != ' ')
		return 0;
	k = 1 + strspn(low + 1, " ");
	return low[k] == '-' && low[k + 1 + strspn(low + k + 1, " \t")] ==
	    '\0';
}

/*
 * The length of the word for an answer and its space before an option's
 * letter alone on the line, "Đáp án B", "Answer c)": a bank's answer
 * labelled without a colon.
 */
static size_t
letter_label(const char *low)
{
	char	 w[24];
	size_t	 i, n;

	if ((n = spaced_answer_word(low, w, sizeof(w), &i)) == 0)
		return 0;
	if (low[i] < 'a' || low[i] > 'h')
		return 0;
	i += 1 + (low[i + 1] == '.' || low[i + 1] == ')');
	return low[i + strspn(low + i, " \t")] == '\0' ? n + 1 : 0;
}

/*
 * The length of the word for an answer and an equals sign, "ANSWER =
 * true", with the spaces after it: the sign stands for the colon.  Only
 * "Ans" and "Answer", and not before what reads as code, "answer =
 * input()", "answer = x * 2", a variable's assignment: a bracket, a
 * quote, a ';' or an operator between spaces ("B-cells", "1/4" are
 * answers).
 */
static size_t
equals_label(const char *low)
{
	char		 w[24];
	const char	*p;
	size_t		 i;

	if (spaced_answer_word(low, w, sizeof(w), &i) == 0 ||
	    (strcmp(w, "ans") != 0 && strcmp(w, "answer") != 0) ||
	    low[i] != '=' || low[i + 1] != ' ')
		return 0;
	i += 1 + strspn(low + i + 1, " \t");
	if (low[i] == '\0' || strpbrk(low + i, "([;\"") != NULL)
		return 0;
	/* "x * 2", "y // 3": an operator between spaces; "B-cells" is none. */
	for (p = low + i; *p != '\0'; p++)
		if (strchr("+-*/%<>=&|", *p) != NULL && p[-1] == ' ' &&
		    (p[1] == ' ' || (strchr("/=*", p[1]) != NULL &&
		    p[1] != '\0' && p[2] == ' ')))
			return 0;
	return i;
}

/* The length of an answer's label, its word or a field's name. */
static size_t
answer_label(const char *low)
{
	size_t	 len = labelled(low, cp_answer_words);

	if (len == 0)
		len = dashed_label(low);
	if (len == 0)
		len = letter_label(low);
	if (len == 0)
		len = equals_label(low);
	return len > 0 ? len : labelled(low, afields);
}

/* Does s[0..n) hold a character of Chinese, Japanese or Korean? */
static int
holds_cjk(const char *s, size_t n)
{
	size_t	 k;

	for (k = 0; k < n; k++)
		if (cjk_lead(s[k]))
			return 1;
	return 0;
}

/*
 * An option "A: ", "B. ", "c) ", "(D) ", "A.北京" or "A.Softmax回归" at
 * s: returns its letter in upper case and sets *len to the length of
 * the marker, else 0.
 */
static char
option_at(const char *s, size_t n, size_t *len)
{
	size_t	 i = 0;
	int	 paren = 0;
	char	 c;

	if (n > 0 && s[0] == '(')
		paren = i = 1;
	if (i >= n || !((s[i] >= 'A' && s[i] <= 'H') ||
	    (s[i] >= 'a' && s[i] <= 'h')))
		return 0;
	c = (char)toupper((unsigned char)s[i++]);
	if (i >= n || (paren ? s[i] != ')' :
	    s[i] != ':' && s[i] != '.' && s[i] != ')'))
		return 0;
	i++;
	/*
	 * Chinese and Japanese set no space, "A.北京", nor before a Latin
	 * word in their text, "A.Softmax回归", after a capital's dot ("E.g.",
	 * "U.S." and "A.thaliana is" are none).
	 */
	if (i < n && s[i] != ' ' && s[i] != '\t' && !cjk_lead(s[i]) &&
	    !(isupper((unsigned char)s[0]) && s[1] == '.' &&
	    isalpha((unsigned char)s[i]) && i + 1 < n && s[i + 1] != '.' &&
	    holds_cjk(s + i, n - i)))
		return 0;
	*len = i;
	return c;
}

/*
 * An option whose text is glued to its "a)" or "B)", no space between, as
 * a quiz program that prints "a)" itself may keep it: its letter in upper
 * case, else 0.
 */
static char
glued_option(const char *s, size_t n)
{
	if (n < 3 || s[1] != ')' || s[2] == ' ' || s[2] == '\t' ||
	    s[2] == ')' || !((s[0] >= 'A' && s[0] <= 'H') ||
	    (s[0] >= 'a' && s[0] <= 'h')))
		return 0;
	return (char)toupper((unsigned char)s[0]);
}

/*
 * The last letter of options written after a question on its own line
 * ("Which? A: x B: y"), or 0.
 */
static char
inline_options(const char *s, size_t n)
{
	size_t	 i, len;
	char	 want = 'A', c;

	for (i = 0; i + 1 < n; i++) {
		if (want == 'A' && s[i] != '?' && s[i] != ':')
			continue;
		if (s[i + 1] != ' ' || i + 2 >= n)
			continue;
		if ((c = option_at(s + i + 2, n - i - 2, &len)) == want)
			want++;
	}
	return want == 'A' ? 0 : (char)(want - 1);
}

/*
 * Does s[0..n) open with lettered options, all on the line, "A. Stack
 * B. Queue", "a) 4 b) 5"?  ("A: x, B: y" may be a label's answer.)
 */
static int
options_line(const char *s, size_t n)
{
	char	 b[5] = { ' ', 'B', '.', ' ', '\0' };

	if (n < 8 || (s[0] != 'A' && s[0] != 'a') ||
	    (s[1] != '.' && s[1] != ')') || s[2] != ' ')
		return 0;
	b[1] = (char)(s[0] + 1);
	b[2] = s[1];
	return memmem(s + 3, n - 3, b, 4) != NULL;
}

/*
 * The highest option letter that opens line s[0..n), its blanks aside,
 * or that follows a run of two blanks or a tab on it ("A.只强调出口导向
 *     B.以国内市场为主导"), each after the one before; 0 when the line
 * opens with none or its letters skip.
 */
static char
options_on_line(const char *s, size_t n, char want)
{
	size_t	 start = strspn(s, " \t"), i, len;
	char	 c, last = 0;

	for (i = start; i < n; i++) {
		if (i != start && s[i - 1] != '\t' && (i < 2 ||
		    s[i - 1] != ' ' || s[i - 2] != ' '))
			continue;
		if ((c = option_at(s + i, n - i, &len)) == 0)
			continue;
		if (c != want)
			return 0;
		last = c;
		want++;
		i += len - 1;
	}
	return last;
}

/* The length of s[0..n) without the spaces and tabs that end it. */
static size_t
blanks_cut(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

/* Narrows s[*from..*to) past the white space at either end. */
static void
blank_trim(const char *s, size_t *from, size_t *to)
{
	while (*from < *to && isspace((unsigned char)s[*from]))
		(*from)++;
	while (*to > *from && isspace((unsigned char)s[*to - 1]))
		(*to)--;
}

/*
 * The last bracket of s[0..n) that holds option letters alone, with
 * commas and blanks, "(a,c,d)", "（ B ）", a question's key: sets *open
 * to its opening bracket, *end past its closing one and the letters,
 * blanks round them aside, in s[*from..*to); returns whether there is
 * one.
 */
static int
bracket_key(const char *s, size_t n, size_t *open, size_t *end,
    size_t *from, size_t *to)
{
	size_t	 i, k, len, letters;
	int	 found = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '(')
			len = 1;
		else if (n - i >= 3 && memcmp(s + i, "\xef\xbc\x88", 3) == 0)
			len = 3;	/* "（" */
		else
			continue;
		for (k = i + len, letters = 0; k < n && (s[k] == ' ' ||
		    s[k] == ',' || ((s[k] | 0x20) >= 'a' &&
		    (s[k] | 0x20) <= 'h')); k++)
			letters += s[k] != ' ' && s[k] != ',';
		if (letters == 0 || k == n || (s[k] != ')' && (n - k < 3 ||
		    memcmp(s + k, "\xef\xbc\x89", 3) != 0)))
			continue;
		*open = i;
		*end = k + (s[k] == ')' ? 1 : 3);
		*from = i + len;
		*to = k;
		blank_trim(s, from, to);
		found = 1;
	}
	return found;
}

/* Does line l, a question, hold its key in brackets (bracket_key())? */
static int
bracketed_letters(const struct txt_state *st, const struct line *l)
{
	size_t	 open, end, from, to;

	return bracket_key(st->text.data + l->off, l->len, &open, &end, &from,
	    &to);
}

/* The option's letter line l opens with, its blanks aside, or 0. */
static char
opens_option(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 k = strspn(s, " \t"), len;

	return k < l->len ? option_at(s + k, l->len - k, &len) : 0;
}

/*
 * Do min_units lines or more hold a key in brackets (bracket_key())?
 * Counted once, into st->bracket_keys.
 */
static int
count_bracket_keys(struct txt_state *st)
{
	size_t	 i, n = 0;

	if (st->bracket_keys < 0) {
		for (i = 0; i < st->nlines; i++)
			n += bracketed_letters(st, &st->lines[i]);
		st->bracket_keys = n >= (size_t)layout_weight.min_units;
	}
	return st->bracket_keys;
}

/*
 * A quiz may hold each question's key in the question itself, "...正确
 * 的是（ B ）。" or "...销毁方法是(a)", over its lettered options, two to a
 * line at times: where min_units lines or more hold a key so
 * (bracket_key()), a card whose first line holds one and whose other
 * lines are its options alone, "A." first, the key naming none past
 * them, has that key, as written, for its back, and its question over
 * its options for its front, the key taken out: with its brackets where
 * they end the line, else leaving them empty, the question's blank.
 * Returns whether.
 */
static int
key_to_back(struct txt_state *st, struct cp_buf *front, struct cp_buf *back)
{
	struct cp_buf	 all = { 0 }, f = { 0 };
	const char	*s, *line;
	size_t		 i, open, end, from, to, first, len;
	char		 want = 'A', c;

	if (!count_bracket_keys(st))
		return 0;
	cp_buf_printf(&all, "%s%s%s", cp_buf_str(front),
	    back->len > 0 ? "\n" : "", cp_buf_str(back));
	s = cp_buf_str(&all);
	first = strcspn(s, "\n");
	if (first == all.len || !bracket_key(s, first, &open, &end, &from,
	    &to)) {
		cp_buf_free(&all);
		return 0;
	}
	for (line = s + first + 1; line < s + all.len; line += len + 1) {
		len = strcspn(line, "\n");
		if ((c = options_on_line(line, len, want)) == 0) {
			cp_buf_free(&all);
			return 0;
		}
		want = (char)(c + 1);
	}
	for (i = from; i < to; i++)
		if (s[i] != ',' && s[i] != ' ' &&
		    toupper((unsigned char)s[i]) >= want) {
			cp_buf_free(&all);
			return 0;
		}
	/* The brackets go where nothing but blanks follows them. */
	if (strspn(s + end, " \t") >= first - end) {
		while (open > 0 && (s[open - 1] == ' ' || s[open - 1] == '\t'))
			open--;
		cp_buf_add(&f, s, open);
	} else {
		/* "（ B ）" leaves "（ ）", the blank. */
		cp_buf_add(&f, s, from);
		i = to + strspn(s + to, " \t");
		cp_buf_add(&f, s + i, first - i);
	}
	cp_buf_add(&f, s + first, all.len - first);
	cp_buf_free(back);
	cp_buf_add(back, s + from, to - from);
	cp_buf_free(front);
	*front = f;
	cp_buf_free(&all);
	return 1;
}

static int
has_letter(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (cp_word_byte((unsigned char)s[i]))
			return 1;
	return 0;
}

/* Does s[0..n) hold a letter or a digit of any script? */
static int
has_word(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (cp_word_byte((unsigned char)s[i]) ||
		    isdigit((unsigned char)s[i]))
			return 1;
	return 0;
}

static int
looks_like_code(const char *s, size_t n, const char *low, unsigned int fl)
{
	char	 w[24];
	size_t	 i;
	char	 last = s[n - 1];

	if (s[0] == '\t' || strncmp(s, "    ", 4) == 0 ||
	    strncmp(s, "$ ", 2) == 0 || strncmp(s, ">>> ", 4) == 0 ||
	    strncmp(s, "```", 3) == 0 || strncmp(s, "//", 2) == 0 ||
	    strncmp(s, "#include", 8) == 0 || (s[0] == '`' && last == '`'))
		return 1;
	if (last == ';' || last == '{' || last == '}')
		return 1;
	if (fl & (LF_STOP | LF_ENDQ))
		return 0;
	/* Code is written in lower case; prose begins with a capital. */
	if (islower((unsigned char)s[0]) &&
	    first_word(low, w, sizeof(w)) > 0 && in_list(w, code_words) &&
	    (strchr(s, '(') != NULL || strchr(s, ' ') != NULL))
		return 1;
	for (i = 1; i < n; i++)
		if (s[i] == '(' && (isalnum((unsigned char)s[i - 1]) ||
		    s[i - 1] == '_') && last == ')')
			return 1;
	/* "sys.path": a name in a module, with no space. */
	if (islower((unsigned char)s[0]) &&
	    strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") == n &&
	    (i = strcspn(s, ".")) < n - 1 && isalpha((unsigned char)s[i + 1]))
		return 1;
	if (!has_letter(s, n) && strpbrk(s, "+-*/%^<>=") != NULL)
		return 1;	/* an expression: "2 ** 10" */
	if (isupper((unsigned char)s[0]) && islower((unsigned char)s[1]))
		return 0;	/* prose: "Solve for x: 2x + 3 = 7" */
	return strstr(s, " = ") != NULL || strstr(s, "==") != NULL ||
	    strstr(s, "->") != NULL || strstr(s, "::") != NULL;
}


/* The final character class, looking through closing quotes. */
static unsigned int
ending(const char *s, size_t n)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 open;

	/* "What is X? (2 points)": a remark after the question mark. */
	if (n > 0 && u[n - 1] == ')') {
		for (open = n - 1; open > 0 && u[open] != '('; open--)
			continue;
		while (open > 0 && u[open - 1] == ' ')
			open--;
		if (open > 0 && u[open - 1] == '?')
			return LF_ENDQ;
	}
	/* "Столица Норвегии? -": the dash waits for the answer. */
	if (n >= 3 && u[n - 1] == '-' && u[n - 2] == ' ') {
		for (open = n - 2; open > 0 && u[open - 1] == ' '; open--)
			continue;
		if (open > 0 && u[open - 1] == '?')
			return LF_ENDQ;
	}
	while (n > 0 && (u[n - 1] == ')' || u[n - 1] == ']' ||
	    u[n - 1] == '"' || u[n - 1] == '\'' || u[n - 1] == '*'))
		n--;
	/* Curly quotes and » are three or two bytes. */
	while (n >= 3 && u[n - 3] == 0xe2 && u[n - 2] == 0x80 &&
	    u[n - 1] >= 0x98 && u[n - 1] <= 0x9d)
		n -= 3;
	if (n >= 2 && u[n - 2] == 0xc2 && u[n - 1] == 0xbb)
		n -= 2;
	if (n == 0)
		return LF_OPEN;
	if (u[n - 1] == '?' ||
	    (n >= 3 && u[n - 3] == 0xef && u[n - 2] == 0xbc && u[n - 1] == 0x9f))
		return LF_ENDQ;
	if (u[n - 1] == ':')
		return LF_COLON;
	if (u[n - 1] == ',' || u[n - 1] == ';')
		return LF_COMMA;
	if (u[n - 1] == '.' || u[n - 1] == '!' ||
	    (n >= 3 && u[n - 3] == 0xe2 && u[n - 2] == 0x80 && u[n - 1] == 0xa6))
		return LF_STOP;
	return LF_OPEN;
}

/* A sentence ends before the last one: "It floats. Who knew?" */
static int
earlier_sentence(const char *s, size_t n)
{
	size_t	 i;

	for (i = 1; i + 2 < n; i++)
		if ((s[i] == '.' || s[i] == '!') && s[i + 1] == ' ' &&
		    isupper((unsigned char)s[i + 2]) &&
		    !(i >= 2 && s[i - 2] == ' ' && islower((unsigned char)s[i - 1])))
			return 1;
	return 0;
}

/*
 * The length of a bullet at s, "- ", "* ", "+ ", "• ", "– ", or one a
 * word processor sets, "▪ ", "■ ", "● ", "◦ ", "► ", or 0.
 */
static size_t
bullet(const char *s, size_t n)
{
	static const char *const marks[] = {
		BULLET_DOT, "\xe2\x80\x93", "\xe2\x96\xaa", "\xe2\x96\xa0",
		"\xe2\x97\x8f", "\xe2\x97\xa6", "\xe2\x96\xba", NULL
	};
	const char *const	*m;

	if (n > 2 && strchr("-*+", s[0]) != NULL && s[1] == ' ')
		return 2;
	for (m = marks; n >= 4 && *m != NULL; m++)
		if (memcmp(s, *m, 3) == 0 && s[3] == ' ')
			return 4;
	return 0;
}

/*
 * The length of a dash glued to the question it marks, "-Explica ..."
 * or "-¿Qué ...?": 1 when a capital or an opening "¿" or "¡" follows
 * it (an option such as "-v" goes on in lower case), else 0.
 */
static size_t
glued_dash(const char *s, size_t n)
{
	if (n < 3 || s[0] != '-')
		return 0;
	return isupper((unsigned char)s[1]) ||
	    strncmp(s + 1, "\xc2\xbf", 2) == 0 ||
	    strncmp(s + 1, "\xc2\xa1", 2) == 0;
}

/*
 * Where line l's "|" marks the word a list is sorted by, "to |add": its
 * only "|", after a space and before a letter.  Else 0; -1 when the line
 * holds a "|" of another kind.
 */
static long
sort_mark(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off, *bar;
	size_t		 k;

	if ((bar = memchr(s, '|', l->len)) == NULL)
		return 0;
	k = (size_t)(bar - s);
	if (k == 0 || s[k - 1] != ' ' || k + 1 == l->len ||
	    !cp_word_byte((unsigned char)s[k + 1]) ||
	    memchr(s + k + 1, '|', l->len - k - 1) != NULL)
		return -1;
	return (long)k;
}

/* The longest run of tabs between two words on line l, no indent. */
static size_t
tab_run(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 i, k, most = 0;

	for (i = 1; i < l->len; i = k + 1) {
		for (k = i; k < l->len && s[k] == '\t'; k++)
			continue;
		if (k - i > most && s[i - 1] != ' ' && s[i - 1] != '\t' &&
		    k < l->len && s[k] != ' ')
			most = k - i;
	}
	return most;
}

/*
 * An editor's tabs may line a list's columns up, "1<TAB>2<TAB>あの<TAB>
 * <TAB><TAB>um . . .", a run of one tab to seven as the word before is
 * short or long: no empty fields.  Where half the lines hold a tab
 * between words, the longest such run on a line is two tabs or more on
 * min_units lines or more, a quarter of those with a tab at least, and
 * the runs come in three lengths or more (the empty fields of Anki's
 * notes come back alike), each run is one tab, said once.
 */
static void
find_tab_padding(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	char		*s;
	size_t		 i, k, m, run, tabbed = 0, padded = 0, most = 0;
	size_t		 kinds = 0;
	unsigned	 lengths = 0;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++) {
		if ((run = tab_run(st, &st->lines[i])) == 0)
			continue;
		tabbed++;
		lengths |= 1u << (run < 16 ? run : 16);
		if (run > most)
			most = run;
		if (run > 1 && padded++ == 0)
			first = st->lines[i].lineno;
	}
	for (m = lengths; m != 0; m &= m - 1)
		kinds++;
	if (padded < (size_t)layout_weight.min_units || 4 * padded < tabbed ||
	    2 * tabbed < st->nlines || kinds < 3)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "runs of up "
	    "to %zu tabs on %zu of %zu lines with a tab, as long as the text "
	    "before them is short: an editor's lining up of the columns, "
	    "each run read as one tab", most, padded, tabbed);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		/*
		 * A run between two words goes to one tab; the byte before
		 * it, always kept, is the last one written.
		 */
		for (k = m = 0; k < l->len; k = run) {
			for (run = k; run < l->len && s[run] == '\t'; run++)
				continue;
			if (run == k) {
				s[m++] = s[run++];
				continue;
			}
			if (k > 0 && s[m - 1] != ' ' && run < l->len &&
			    s[run] != ' ')
				s[m++] = '\t';
			else
				while (k < run)
					s[m++] = s[k++];
		}
		l->len = m;
	}
}

/*
 * A "|" glued to a word on a few lines, and used no other way in the
 * file, marks the word the list is alphabetised by, "to |add" filed
 * under a: no text, and no separator, which would stand on nearly
 * every line.
 */
static void
find_sort_marks(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, n = 0;
	unsigned long	 first = 0;
	long		 k;

	for (i = 0; i < st->nlines; i++)
		if ((k = sort_mark(st, &st->lines[i])) < 0)
			return;
		else if (k > 0 && n++ == 0)
			first = st->lines[i].lineno;
	if (n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.sort_den > st->nlines)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "a \"|\" "
	    "before a word on %zu of %zu lines, and in no other place: read "
	    "as the mark of the word the list is sorted by, not text", n,
	    st->nlines);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((k = sort_mark(st, l)) <= 0)
			continue;
		memmove(st->text.data + l->off + k,
		    st->text.data + l->off + k + 1, l->len - (size_t)k);
		l->len--;
	}
}

/*
 * The script of the letter opening s, enough to tell a list's words
 * from their meanings: 'a' a lower-case Latin letter, 'A' an upper-case
 * one, 'l' another Latin letter, 'e' Greek, 'c' Cyrillic, 'k' kana, 'h'
 * a Han ideograph, 'g' Hangul, 'o' any other; 0 for no letter.
 */
static int
letter_script(const char *s, size_t n)
{
	unsigned long	 cp;
	size_t		 k;

	cp = cp_utf8_decode(s, n, &k);
	if (cp < 0x80)
		return islower((int)cp) ? 'a' : isupper((int)cp) ? 'A' : 0;
	return cp >= 0xc0 && cp < 0x250 ? 'l' : cp >= 0x370 && cp < 0x400 ?
	    'e' : cp >= 0x400 && cp < 0x530 ? 'c' : cp >= 0x3040 &&
	    cp < 0x3100 ? 'k' : (cp >= 0x3400 && cp < 0xa000) ||
	    (cp >= 0xf900 && cp < 0xfb00) ? 'h' : cp >= 0xac00 &&
	    cp < 0xd7b0 ? 'g' : 'o';
}

/*
 * Does s[0..n) hold a letter beyond ASCII, an accented Latin one, "ó",
 * or one of another script, "я", "語" (letter_script)?
 */
static int
beyond_ascii(const char *s, size_t n)
{
	size_t	 k, len;
	int	 c;

	for (k = 0; k < n; k += len) {
		if (cp_utf8_decode(s + k, n - k, &len) == 0)
			return 0;
		if ((c = letter_script(s + k, n - k)) != 0 &&
		    strchr("aAo", c) == NULL)
			return 1;
	}
	return 0;
}

/*
 * The length of a pictograph opening s, an emoji (a playing card, a
 * light bulb, a coloured circle) or a symbol (a star, a check mark), with
 * the variation selector that may follow it and the white space after
 * it; 0 when s opens otherwise.
 */
static size_t
pictograph(const char *s, size_t n)
{
	unsigned long	 cp;
	size_t		 k;

	if ((cp = cp_utf8_decode(s, n, &k)) == 0 || k < 3)
		return 0;
	if (!(cp >= 0x1f000 && cp <= 0x1faff) &&
	    !(cp >= 0x2600 && cp <= 0x27bf) && !(cp >= 0x2b00 && cp <= 0x2bff))
		return 0;
	if (n - k >= 3 && memcmp(s + k, "\xef\xb8\x8f", 3) == 0)
		k += 3;	/* U+FE0F: shown as an emoji */
	if (k == n || (s[k] != ' ' && s[k] != '\t'))
		return 0;
	return k + strspn(s + k, " \t");
}

/*
 * Is s[0..n) a picture's HTML tags alone, "<img src='a.png'>" (or a
 * sound's, a video's), with nothing but spaces between them?
 */
static int
markup_alone(const char *s, size_t n)
{
	static const char *const shown[] = {
		"img", "image", "svg", "picture", "video", "audio", NULL
	};
	const char	*gt;
	char		 low[16], w[16];
	size_t		 i = 0;

	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			return i > 0;
		if (s[i] != '<' || i + 1 == n ||
		    (gt = memchr(s + i, '>', n - i)) == NULL)
			return 0;
		cp_lower_prefix(s + i + 1, (size_t)(gt - s) - i - 1, low,
		    sizeof(low));
		/* "</video>" closes what "<video>" opened. */
		if (first_word(low + (low[0] == '/'), w, sizeof(w)) == 0 ||
		    !in_list(w, shown))
			return 0;
		i = (size_t)(gt - s) + 1;
	}
}

/*
 * Whether the line right above l asks: it ends in '?' or ':', or opens
 * a Spanish question, "¿...?", that goes on past its mark ("¿Cómo se
 * conoce? Nombre = x"); or, for a numbered "R2 =", whether it answers
 * under such a label.  What "R =" needs to label an answer: under
 * "Ohm's law", or under another formula, it is a formula.
 */
static int
asked_above(const struct txt_state *st, const struct line *l, int numbered)
{
	const char	*s;
	size_t		 n;

	if (l == st->lines || l->gap != 0)
		return 0;
	if ((l[-1].flags & (LF_ENDQ | LF_COLON)) ||
	    (numbered && (l[-1].flags & LF_APFX)))
		return 1;
	s = st->text.data + l[-1].off;
	n = l[-1].len;
	n -= record_number(s, n);
	s += l[-1].len - n;
	return n > 2 && strncmp(s, "\xc2\xbf", 2) == 0 &&
	    memchr(s, '?', n) != NULL;
}

/*
 * Is the file set in as a whole, as a program prints its numbered
 * questions: sure_num in sure_den of its lines or more set in by a tab
 * or four spaces or more, their text after that no code, min_units of
 * them numbered, "1. ", "2) "?  The indentation is then its layout, and
 * marks no code.  (Code pasted into notes is set in under lines at the
 * margin; an outline's bullets are set in level by level and number
 * nothing.)
 */
static int
set_in_layout(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, ind, set = 0, numbered = 0;
	char			 low[64];

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		ind = strspn(s, " \t");
		if (ind == l->len || (s[0] != '\t' && ind < 4))
			continue;
		cp_lower_prefix(s + ind, l->len - ind, low, sizeof(low));
		set += !looks_like_code(s + ind, l->len - ind, low,
		    ending(s, l->len));
		numbered += record_number(s + ind, l->len - ind) > 0;
	}
	return numbered >= (size_t)layout_weight.min_units &&
	    sure(set, st->nlines);
}

/*
 * The length of a run of asterisks alone right after a question's number
 * opening s[0..n), "1. ** text", with the blanks after it, where no
 * other '*' stands on the line to close it as emphasis; else 0.  *at is
 * where the number ends, past the line's indentation (record_number()).
 */
static size_t
number_stars(const char *s, size_t n, size_t *at)
{
	size_t	 m, ind = strspn(s, " \t"), k;

	k = *at = ind + record_number(s + ind, n - ind);
	if (k == ind || (m = strspn(s + k, "*")) == 0 ||
	    k + m >= n || (s[k + m] != ' ' && s[k + m] != '\t') ||
	    memchr(s + k + m, '*', n - k - m) != NULL)
		return 0;
	return m + strspn(s + k + m, " \t");
}

/*
 * A program that printed its questions may mark some with asterisks
 * after the number, "1. ** 党的十八大以来 ...", never closed: on
 * min_units lines or more, the run is its mark, no text, and goes,
 * said once.
 */
static void
find_number_stars(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	char		*s;
	size_t		 i, k, m, marked = 0;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (number_stars(s, st->lines[i].len, &k) > 0 && marked++ == 0)
			first = st->lines[i].lineno;
	}
	if (marked < (size_t)layout_weight.min_units)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu questions with a run of asterisks after their number that "
	    "nothing closes, \"1. ** ...\": a mark, no text; left out",
	    marked);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((m = number_stars(s, l->len, &k)) == 0)
			continue;
		/* The number, set in or not, moves up to the text. */
		memmove(s + m, s, k);
		l->off += m;
		l->len -= m;
	}
}

/*
 * Where the last field after sep on line l is a number alone, a
 * program's points, "...|a|10", over a key of one letter, A to H in
 * either case (counters, "...|3|1", are no key): where that field's
 * separator starts; else 0.
 */
static size_t
points_at(const struct txt_state *st, const struct line *l, char sep)
{
	const char	*s = st->text.data + l->off, *p, *k;
	size_t		 d;

	if ((p = memrchr(s, sep, l->len)) == NULL || p == s)
		return 0;
	d = strspn(p + 1, " 0123456789");
	if (d != l->len - (size_t)(p + 1 - s) || strspn(p + 1, " ") == d ||
	    d > 8)
		return 0;
	for (k = p; k > s && k[-1] == ' '; k--)
		continue;
	if (k - s < 2 || strchr("abcdefghABCDEFGH", k[-1]) == NULL ||
	    (k[-2] != sep && k[-2] != ' ') || memchr(s, sep,
	    (size_t)(k - s)) == NULL)
		return 0;
	return (size_t)(p - s);
}

/*
 * A quiz program's records may end in the points a question earns,
 * "Ibu kota Indonesia adalah?|Jakarta|Bandung|Surabaya|a|10": where the
 * last field of sure_num in sure_den lines or more, min_units at least,
 * is a number alone after a key of one letter, for one of
 * ";", "|", a tab or ",", that field is no text of a card: left out,
 * said once, so that the key is the record's last.
 */
static void
find_points_field(struct cp_reader *r, struct txt_state *st)
{
	static const char	 seps[] = ";|\t,";
	const char		*sep;
	size_t			 i, n, k;

	for (sep = seps; *sep != '\0'; sep++) {
		for (i = n = 0; i < st->nlines; i++)
			n += points_at(st, &st->lines[i], *sep) > 0;
		if (n >= (size_t)layout_weight.min_units &&
		    sure(n, st->nlines))
			break;
	}
	if (*sep == '\0')
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "a last field of a number alone after the key on %zu of %zu "
	    "lines, the points a quiz program gives: left out", n,
	    st->nlines);
	for (i = 0; i < st->nlines; i++)
		if ((k = points_at(st, &st->lines[i], *sep)) > 0) {
			st->lines[i].len = k;
			st->text.data[st->lines[i].off + k] = '\0';
		}
}

/*
 * A quiz program may type each of its lines by a capital first, "Q|Quelle
 * est ...?" over "A|Mercure|V": where sure_num in sure_den lines or more,
 * min_units at least, open with one capital and "|" or ";", two capitals
 * at least, the first line's "Q", the capital and its separator are the
 * program's, no text, left out, said once.
 */
static void
find_type_fields(struct cp_reader *r, struct txt_state *st)
{
	const char	*s;
	size_t		 i, n = 0;
	int		 other = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (st->lines[i].len > 2 && isupper((unsigned char)s[0]) &&
		    (s[1] == '|' || s[1] == ';')) {
			n++;
			other |= s[0] != 'Q';
		}
	}
	s = st->nlines > 0 ? st->text.data + st->lines[0].off : "";
	if (n < (size_t)layout_weight.min_units || !sure(n, st->nlines) ||
	    !other || s[0] != 'Q')
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines typed by a capital first, \"Q|\", \"A|\": the "
	    "program's, left out", n, st->nlines);
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (st->lines[i].len > 2 && isupper((unsigned char)s[0]) &&
		    (s[1] == '|' || s[1] == ';')) {
			st->lines[i].off += 2;
			st->lines[i].len -= 2;
		}
	}
}

/*
 * How many fields in brackets make up s[0..n), "[question] [right]
 * [wrong] [wrong]", each closed right before the next opens, a blank
 * between; 0 when s is no such line.
 */
static size_t
bracket_fields(const char *s, size_t n)
{
	size_t	 i, k = 1;

	if (n < 5 || s[0] != '[' || s[n - 1] != ']')
		return 0;
	for (i = 1; i + 1 < n; i++)
		if (s[i] == ']') {
			if (s[i + 1] != ' ' || i + 2 >= n || s[i + 2] != '[')
				return 0;
			k++;
		} else if (s[i] == '[' && s[i - 1] != ' ')
			return 0;
	return k;
}

/*
 * A quiz program's records written as fields in brackets, "[Quelle est
 * la première sourate du Coran ?] [Al-Fatiha] [Al-Baqara] [An-Nas]":
 * where sure_num in sure_den lines or more, min_units at least, are
 * three such fields or more, the brackets are the fields' marks, no
 * text: each line's fields are parted by a tab instead, as the records'
 * rules read them, said once.
 */
static void
find_bracket_fields(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	char		*s;
	size_t		 i, k, w, n = 0;

	for (i = 0; i < st->nlines; i++)
		n += bracket_fields(st->text.data + st->lines[i].off,
		    st->lines[i].len) >= 3;
	if (n < (size_t)layout_weight.min_units || !sure(n, st->nlines))
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines are fields in brackets, \"[...] [...]\": a "
	    "program's records, the brackets their marks", n, st->nlines);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (bracket_fields(s, l->len) < 3)
			continue;
		/* "] [" becomes a tab; nothing is written ahead of what is read. */
		for (k = 1, w = 0; k + 1 < l->len; k++)
			if (s[k] == ']') {
				s[w++] = '\t';
				k += 2;
			} else
				s[w++] = s[k];
		s[w] = '\0';
		l->len = w;
	}
}

/* Fills in what a line looks like on its own. */
static void
classify(struct txt_state *st, struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len, len = 0, k, words, ind, word = 0;
	char		 low[64], w[24], w2[24], last;
	const char	*t, *const *p;
	int		 q = 0, verdict, tf = 0, prompt = 0, listed, blank;

	/*
	 * Indentation marks code, but in a file set in as a whole (an
	 * outline, a program's printout); everything else reads the text
	 * after it.
	 */
	ind = strspn(s, " \t");
	cp_lower_prefix(s + ind, n - ind, low, sizeof(low));
	l->flags |= ending(s, n);
	if (st->set_in ? looks_like_code(s + ind, n - ind, low, l->flags) :
	    looks_like_code(s, n, low, l->flags))
		l->flags |= LF_CODE;
	if ((l->flags & LF_CODE) && ind > 0 &&
	    !looks_like_code(s + ind, n - ind, low, l->flags))
		l->flags |= LF_SHIFTED;
	s += ind;
	n -= ind;
	/* Bullets, and the HTML lists Anki's editor leaves in a field. */
	listed = bullet(s, n) > 0 ||
	    strncasecmp(s, "<ul>", 4) == 0 || strncasecmp(s, "<ol>", 4) == 0 ||
	    strncasecmp(s, "<li>", 4) == 0;
	for (k = 0; k < n && k < 3 && isdigit((unsigned char)s[k]); k++)
		continue;
	if (listed)
		l->flags |= LF_LIST;
	if (!listed && markup_alone(s, n))
		l->flags |= LF_MARKUP;
	/* "1. What", or "1.what" where the author kept no space. */
	if (k > 0 && k + 1 < n && (s[k] == '.' || s[k] == ')') &&
	    (s[k + 1] == ' ' || isalpha((unsigned char)s[k + 1])))
		l->flags |= LF_NUMBER;
	if (k > 0 && k + 1 == n && (s[k] == '.' || s[k] == ')'))
		l->flags |= LF_BARENUM;
	if ((l->flags & (LF_ENDQ | LF_COLON)) && cp_points_ahead(s, n))
		l->flags |= LF_POINTS;
	/* "/ˈkæt/" or "[kat]": how the word before it is said. */
	if (n > 2 && ((s[0] == '/' && s[n - 1] == '/' && s[1] != '/') ||
	    (s[0] == '[' && s[n - 1] == ']')) && cp_count_words(s, n) <= 6)
		l->flags |= LF_SPELL;

	/* Q:/A: prefixes; whether they delimit is decided per deck. */
	if (low[0] == 'q') {
		/* "Q1:", "Q1.2:": a question and its part numbered. */
		for (k = 1; isdigit((unsigned char)low[k]) || (k > 1 &&
		    low[k] == '.' && isdigit((unsigned char)low[k - 1]) &&
		    isdigit((unsigned char)low[k + 1])); k++)
			continue;
		if (low[k] == ':' || low[k] == '.' || low[k] == ')' ||
		    (k > 1 && low[k] == '/' && low[k + 1] == '\0') ||
		    (k == 1 && low[k] == '>' && low[k + 1] == ' '))
			len = k + 1;	/* "Q1/" alone, "Q> " too */
		else if (letter_dash(low, 'q'))
			len = n;	/* "q -" alone, over its question */
	} else if (low[0] == 'p' && low[1] == ':')
		len = 2;	/* "P:" for pregunta, pergunta */
	else if (strncmp(low, "p// ", 4) == 0 || strncmp(low, "p//\t", 4) == 0)
		len = 3;	/* "P// ", as "R// " answers it */
	else if (low[0] == 'n' && low[1] == 'o' && low[2] == '.') {
		/* "NO.3", "No. 3": a question's number, as "Q3." is */
		k = 3 + (low[3] == ' ');
		if (isdigit((unsigned char)low[k]) &&
		    (k += strspn(low + k, "0123456789"), low[k] == ' '))
			len = k;
	}
	/* A word's label needs no space after it: "term:absolute_path". */
	if (len == 0)
		word = len = labelled(low, qwords);
	/* "Q1.Por qué", the number's mark glued to a capital, is one too. */
	if (len > 0 && (word || len == n || s[len] == ' ' || s[len] == '\t' ||
	    cjk_lead(s[len]) || glued_label(s, n, 'Q') ||
	    (len > 2 && (s[len - 1] == '.' || s[len - 1] == ')') &&
	    (isupper((unsigned char)s[len]) ||
	    (unsigned char)s[len] >= 0xc3)))) {
		l->flags |= LF_QPFX;
		l->pfx = ind + len;
	}
	word = len = answer_label(low);
	/* "A: Mick Jagger" over "B: Freddie Mercury": options, no label. */
	if (len == 2 && low[0] == 'a' && s[1] == ':' &&
	    l + 1 < st->lines + st->nlines && l[1].len > 2 &&
	    toupper((unsigned char)st->text.data[l[1].off]) == 'B' &&
	    st->text.data[l[1].off + 1] == ':')
		word = len = 0;
	if (len == 0 && st->q_dashes && letter_dash(low, 'a'))
		len = n;	/* "a -" alone, as "q -" asks */
	else if (len == 0 && low[0] == 'r' && low[1] == ':')
		len = 2;
	else if (len == 0 && low[0] == 'a' && low[1] == '-' && s[2] == '\t')
		len = 2;	/* "A-<TAB>", set to a tab stop as "Q.<TAB>" */
	else if (len == 0 && low[0] == 'a' && low[1] == '>' && s[2] == ' ')
		len = 2;	/* "A> ", as "Q> " asks */
	else if (len == 0 && low[0] == 'r' && low[1] == '/' &&
	    (low[2 + (low[2] == '/')] == ' ' ||
	    low[2 + (low[2] == '/')] == '\t'))
		len = low[2] == '/' ? 3 : 2;	/* "R// ", "R/ ": respuesta */
	else if (len == 0 && low[0] == 'r' && low[1] == '/' &&
	    low[2] == '/' && low[3] != '\0' && low[3] != '/')
		word = len = 3;		/* "R//glued", no other's mark */
	else if (len == 0 && s[0] == 'R' && (k = 1 + (n > 1 &&
	    isdigit((unsigned char)s[1])), s[k] == '=' ||
	    strncmp(s + k, " =", 2) == 0) && asked_above(st, l, k > 1))
		/*
		 * "R = ", "R=[glued]": respuesta, right under a question,
		 * and "R2 = " under it another; "R = U / I" under "Ohm's
		 * law" is a formula.
		 */
		word = len = k + 1 + (s[k] == ' ');
	/* "Correct answer:", "Richtige Antwort:"; "Richtig: B" alone. */
	if (len == 0 && first_word(low, w, sizeof(w)) > 0 &&
	    in_list(w, cp_right_words) && low[strlen(w)] == ' ' &&
	    (len = answer_label(low + strlen(w) + 1)) > 0)
		word = len += strlen(w) + 1;
	else if (len == 0 && first_word(low, w, sizeof(w)) > 0 &&
	    in_list(w, cp_right_words) && low[strlen(w)] == ':' &&
	    (low[strlen(w) + 1] == ' ' || low[strlen(w) + 1] == '\t'))
		word = len = strlen(w) + 1;
	if (len > 0)
		l->flags |= LF_ANSPFX;
	else if (options_line(s, n))
		;	/* "A. Stack B. Queue C. Heap": options, no label */
	else if (glued_label(s, n, 'A'))
		word = len = 2;	/* "A:checked", "A:1,3", its space forgotten */
	else if (s[0] == 'A' && (s[1] == '.' || s[1] == ':') &&
	    cjk_lead(s[2]) && !(l + 1 < st->lines + st->nlines &&
	    (t = st->text.data + l[1].off + strspn(st->text.data +
	    l[1].off, " \t"))[0] == 'B' && t[1] == s[1]) &&
	    options_on_line(s, n, 'A') != 'B')
		len = 2;	/* "A.物体が...", no "B." by it: a label */
	else if (low[0] == 'a' && option_at(s, n, &len) == 0)
		len = 0;
	if (len > 0 && (word || len == n || s[len] == ' ' || s[len] == '\t' ||
	    cjk_lead(s[len]) || glued_label(s, n, 'R')) &&
	    !(l->flags & LF_QPFX)) {
		l->flags |= LF_APFX;
		l->pfx = ind + len;
	}
	/* The white space after a label is no part of the field. */
	while (l->pfx > 0 && l->pfx < l->len &&
	    (st->text.data[l->off + l->pfx] == ' ' ||
	    st->text.data[l->off + l->pfx] == '\t'))
		l->pfx++;

	l->opt = (l->flags & LF_ANSPFX) ? 0 : option_at(s, n, &len);
	if (l->opt == 0 && !(l->flags & LF_ANSPFX))
		l->opt = glued_option(s, n);
	if (l->opt != 0)
		/* "A.出口导向      B.国内市场": two options on the line. */
		l->optnext = (char)((last = options_on_line(s, n,
		    l->opt)) != 0 ? last + 1 : l->opt + 1);
	else if ((l->optnext = inline_options(s, n)) != 0)
		l->optnext++;
	else
		l->optnext = 'A';

	/* How much the line alone reads as the start of a question. */
	words = cp_count_words(s, n);
	l->words = words < 1000 ? (unsigned int)words : 1000;
	/* A numbered question asks with the words after its number. */
	if (l->flags & LF_NUMBER) {
		k = record_number(s, n);
		k = k > 0 ? k : strspn(s, "0123456789") + 1;
		cp_lower_prefix(s + k, n - k, low, sizeof(low));
	} else if ((k = glued_dash(s, n)) > 0) {
		s += k;
		n -= k;
		cp_lower_prefix(s, n, low, sizeof(low));
	}
	first_word(low, w, sizeof(w));
	for (p = truefalse; *p != NULL; p++) {
		k = strlen(*p);
		if (strncmp(low, *p, k) == 0 &&
		    (low[k] == '\0' || strchr(":?- )", low[k]) != NULL))
			tf = 1;
	}
	if (in_list(w, cp_prompt_words)) {
		for (t = low + strlen(w); *t == ' '; t++)
			continue;
		prompt = *t == ':' ? 2 : *t != '\0' ? 1 : 0;
	}
	for (p = prompt_phrases; *p != NULL; p++)
		if (strncmp(low, *p, strlen(*p)) == 0)
			prompt = 2;
	if (in_list(w, heads) && low[strlen(w)] == ' ') {
		first_word(low + strlen(w) + 1, w2, sizeof(w2));
		if (in_list(w2, head_links))
			q += 3;
	}
	verdict = in_list(w, verdicts) &&
	    (low[strlen(w)] == '\0' || strchr(".,!;:", low[strlen(w)]) != NULL);
	if (l->flags & LF_ENDQ)
		q += earlier_sentence(s, n) ? 4 : 8;
	else if (l->optnext != 'A' && l->opt == 0)
		q += 8;		/* options follow a question on its line */
	else if (memchr(s, '?', n) != NULL)
		q += 2;
	/* "¿...?" closing before the line ends already counts as a '?'. */
	if (strncmp(s, "\xc2\xbf", 2) == 0)
		q += (l->flags & LF_ENDQ) ? 2 : memchr(s, '?', n) ? 0 : 6;
	if (in_list(w, interrogatives))
		q += (l->flags & LF_ENDQ) ? 2 : 1;
	if (in_list(w, interrogatives) || tf || prompt > 0 ||
	    strncmp(s, "\xc2\xbf", 2) == 0)
		l->flags |= LF_ASKS;
	/* "Write code that ... using the following rules." */
	if (prompt > 0 && (l->flags & LF_STOP) && cp_points_ahead(s, n))
		l->flags |= LF_POINTS;
	if (tf)
		q += 10;
	q += prompt == 2 ? 9 : prompt == 1 ? 4 : 0;
	blank = strstr(s, "___") != NULL;
	if (blank)
		q += 6;		/* a gap to fill is asked */
	/* "...正确的是（ B ）" over "A.": its key in its blank, a question. */
	if (l + 1 < st->lines + st->nlines && bracketed_letters(st, l) &&
	    opens_option(st, l + 1) == 'A') {
		q += 8;
		l->flags |= LF_ASKS;
	}
	if (l->flags & LF_ANSPFX)
		q -= 8;
	if (l->opt != 0)
		q -= 6;
	if ((l->flags & LF_LIST) && !(l->flags & LF_ENDQ))
		q -= 6;
	if (l->flags & LF_CODE)
		q -= 3;
	if (verdict || (words == 1 && (n <= 2 ||
	    strspn(s, "0123456789.,%-+") == n)))
		q -= 6;
	else if (!has_letter(s, n) && !(l->flags & LF_CODE))
		q -= 4;		/* "[1, 2, 3]", "3.14 m/s" is a value */
	if (islower((unsigned char)s[0]))
		q -= 1;
	if (in_list(w, because))
		q -= 2;
	if (islower((unsigned char)s[0]) && in_list(w, connectives))
		l->flags |= LF_GOESON;
	if (!tf && prompt == 0 && !(l->flags & (LF_QPFX | LF_ANSPFX)) &&
	    words > 0 && (t = memchr(s, ':', n)) != NULL &&
	    cp_count_words(s, (size_t)(t - s)) <= 2 && t + 1 < s + n &&
	    t[1] == ' ')
		q -= 2;		/* "Word: ..." opens an answer */
	if ((l->flags & LF_STOP) && !tf && prompt == 0 && !blank) {
		q -= 2;
		if (words > 12)
			q -= 1;
	}
	if ((l->flags & LF_OPEN) && !verdict && words <= 6 &&
	    !(l->flags & (LF_CODE | LF_LIST | LF_NUMBER | LF_SPELL)) &&
	    l->opt == 0 &&
	    !(words == 1 && n <= 2)) {
		l->flags |= LF_TERM;
		q += 2;		/* a term or a noun phrase */
		if (words == 1 && !islower((unsigned char)s[0]))
			q += 1;	/* the very shape of a term */
	}
	l->alone = q;
}

/*
 * Is line i an option out of its order right under another, set with the
 * same mark, "a)" under "b)": a slip of the author's, no answer's "A)"?
 */
static int
stray_option(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i], *up;
	const char		*s = st->text.data + l->off, *t;
	size_t			 k, m;

	if (i == 0)
		return 0;
	up = l - 1;
	t = st->text.data + up->off;
	if (l->opt == 0 || up->opt == 0 || l->gap > 0 ||
	    l->opt >= up->opt || option_at(s, l->len, &k) == 0 ||
	    option_at(t, up->len, &m) == 0)
		return 0;
	return s[k - 1] == t[m - 1];
}

/*
 * Is line i, "Q: English.", the question of the "Q:" line right above it
 * going on, the label written on each of its lines: that line ends no
 * sentence, and the run of such lines line i stands in is answered by an
 * "A:" line right under it (answered[i], see score_lines())?
 */
static int
label_goes_on(const struct txt_state *st, size_t i,
    const unsigned char *answered)
{
	const struct line	*up;

	if (i == 0 || st->lines[i].gap > 0 || !answered[i])
		return 0;
	up = &st->lines[i - 1];
	return (up->flags & LF_QPFX) && !(up->flags & (LF_ENDQ | LF_STOP));
}

static int
expected_option(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	if (i == 0 || l->opt == 0 || l->opt != st->lines[i - 1].optnext)
		return 0;
	/* A lone "A: ..." after a question is an answer, not a list. */
	return l->opt != 'A' ||
	    (i + 1 < st->nlines && st->lines[i + 1].opt == 'B');
}

/*
 * Is s[0..n) the letters of options up to last alone, which are right:
 * one, "B" or "b)", or several in order, "AD" or "bc"?
 */
static int
choice_letters(const char *s, size_t n, char last)
{
	size_t	 i;
	char	 c, prev = 0;

	if (n == 2 && (s[1] == ')' || s[1] == '.'))
		n = 1;	/* "b)": one letter and its mark */
	if (last == 0 || n == 0)
		return 0;
	for (i = 0; i < n; i++, prev = c) {
		c = (char)toupper((unsigned char)s[i]);
		if (c < 'A' || c > last || c <= prev ||
		    (i > 0 && !isupper((unsigned char)s[i]) !=
		    !isupper((unsigned char)s[0])))
			return 0;
	}
	return 1;
}

/*
 * Is line i the letters of the right options right above it, alone on
 * its line, "B", "b)" or "AD": a multiple-choice question's answer?
 */
static int
answer_letter(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	return i > 0 && l->gap == 0 && choice_letters(st->text.data + l->off,
	    l->len, st->lines[i - 1].opt);
}

/*
 * How far line i is indented: its spaces and tabs, and the ideographic
 * and no-break spaces a word processor leaves, one each.
 */
static size_t
indent_of(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n;

	for (n = 0;; n++)
		if (*s == ' ' || *s == '\t')
			s++;
		else if (strncmp(s, IDEOGRAPHIC_SPACE, 3) == 0)
			s += 3;
		else if (strncmp(s, "\xc2\xa0", 2) == 0)
			s += 2;
		else
			return n;
}

/* Is line i indented at all? */
static int
indented(const struct txt_state *st, size_t i)
{
	return indent_of(st, i) > 0;
}

/* The end of the block that starts at line i: its last line plus one. */
static size_t
block_end(const struct txt_state *st, size_t i)
{
	for (i++; i < st->nlines && st->lines[i].gap == 0; i++)
		continue;
	return i;
}

/* The mark after a line's number, "1." or "1)", or 0 when it has none. */
static char
number_mark(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	if (!(l->flags & (LF_NUMBER | LF_BARENUM)))
		return 0;
	s += strspn(s, " \t");
	return s[strspn(s, "0123456789")];
}

/* Is the line numbered as the deck numbers its questions? */
static int
numbered_as_questions(const struct txt_state *st, const struct line *l)
{
	return st->numbered != 0 && number_mark(st, l) == st->numbered;
}

/*
 * Does the blank line before line i stand inside a block of code, the
 * lines on both sides of it indented?  Then it parts no question from
 * its answer: "    foo();", "", "    function foo() {".
 */
static int
blank_in_code(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	const char	*p;

	if (i == 0 || (s[0] != ' ' && s[0] != '\t'))
		return 0;
	p = st->text.data + st->lines[i - 1].off;
	return p[0] == ' ' || p[0] == '\t';
}

/*
 * Is the block at line i one question wrapped over three lines or more,
 * each going on in lower case from a line without final punctuation, the
 * last asking?  It has no answer.  (A term over a lower-case answer has
 * two lines.)
 */
static int
wrapped_question(const struct txt_state *st, size_t i)
{
	size_t	 e = block_end(st, i), k;

	if (e - i < 3 || !(st->lines[e - 1].flags & LF_ENDQ))
		return 0;
	for (k = i + 1; k < e; k++)
		if (!(st->lines[k - 1].flags & LF_OPEN) ||
		    !islower((unsigned char)st->text.data[st->lines[k].off]))
			return 0;
	return 1;
}

/* Does line l ask, by a question mark or a question word or prompt? */
static int
asks_outright(const struct line *l)
{
	return (l->flags & (LF_ENDQ | LF_ASKS)) &&
	    !(l->flags & (LF_LIST | LF_CODE));
}

/*
 * Question words and prompts that ask wherever they stand in a line, no
 * verb or other word of an answer: "Faza 0 - co się otwiera", "z czego
 * zbudowany jest", "the spleen: why?".
 */
static const char *const asking_words[] = {
	"what", "how", "why", "where", "which", "warum", "wieso", "weshalb",
	"qué", "cómo", "cuál", "dónde", "pourquoi", "co", "czy", "jak",
	"jaki", "jaka", "jakie", "jaką", "jakiej", "jakich", "jakim",
	"jakiemu", "ile", "gdzie", "kiedy", "dlaczego", "czym", "czego",
	"wymień", "opisz", "podaj", "narysuj", "napisz", "wyjaśnij", "omów",
	NULL
};

/* Does line l hold a question word that asks wherever it stands? */
static int
asks_within(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	char		 low[24], w[24];
	size_t		 i;

	for (i = 0; i < l->len; i++) {
		if (!cp_word_byte((unsigned char)s[i]) ||
		    (i > 0 && cp_word_byte((unsigned char)s[i - 1])))
			continue;
		cp_lower_prefix(s + i, l->len - i, low, sizeof(low));
		if (first_word(low, w, sizeof(w)) > 0 &&
		    in_list(w, asking_words))
			return 1;
	}
	return 0;
}

static long	line_number(const struct txt_state *, size_t, char *);
static int	next_item(const struct txt_state *, size_t);

/* The score of each role for each line, from it and its neighbours. */
static void
score_lines(struct txt_state *st, long nblocks)
{
	const struct line	*l, *pl;
	long			*sc;
	size_t			 i, k;
	unsigned char		*labelled, *answered, *announced;
	char			 mark;
	int			 blockmode, blank, apart = 0, parted = 0;
	int			 wrapped = 0;	/* the block is one question */
	int			 unlabelled;
	long			 lw = layout_weight.layout;
	size_t			 cutind = 0;	/* the last parted line's indent */

	blockmode = st->declared > 1 && nblocks == st->declared;
	st->score = cp_xreallocarray(NULL, st->nlines, sizeof(*st->score));
	/* Which lines have an answer label after them in their block. */
	labelled = cp_xcalloc(st->nlines + 1, 1);
	for (i = st->nlines; st->underlabel && i-- > 1; )
		labelled[i - 1] = (st->lines[i].gap == 0 || (st->counters &&
		    !st->lines[i].counted)) &&
		    ((st->lines[i].flags & LF_APFX) || labelled[i]);
	/* Which lines "Q:" lines and then an "A:" follow, no blank line. */
	answered = cp_xcalloc(st->nlines + 1, 1);
	for (i = st->nlines; st->qa == QA_BOTH && i-- > 1; )
		answered[i - 1] = st->lines[i].gap == 0 &&
		    ((st->lines[i].flags & LF_APFX) ||
		    ((st->lines[i].flags & LF_QPFX) && answered[i]));
	/* Which numbered lines a line ending in a colon brought in. */
	announced = cp_xcalloc(st->nlines + 1, 1);
	for (i = 1; i < st->nlines; i++)
		announced[i] = st->lines[i].gap == 0 &&
		    line_number(st, i, &mark) > 0 &&
		    ((st->lines[i - 1].flags & LF_COLON) ||
		    (next_item(st, i) && announced[i - 1]));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		pl = i > 0 ? &st->lines[i - 1] : NULL;
		sc = st->score[i];
		blank = (l->flags & LF_BLANK) != 0;
		/*
		 * Where every answer opens with its label right under its
		 * question, a card begins only above a label: the lists,
		 * numbered items and paragraphs of a long answer begin none.
		 */
		unlabelled = st->underlabel && !(l->flags & LF_APFX) &&
		    !labelled[i] && !(st->counters && l->counted);

		sc[R_START] = l->alone;
		sc[R_QUEST] = -3;
		sc[R_ANSWER] = 0;
		sc[R_MORE] = 0;
		/* A fence's lines are one block of code: it begins none. */
		if (l->fenced && pl != NULL)
			sc[R_START] -= 4 * lw;
		/*
		 * Counters part the cards: a blank line under one is no
		 * card's start, "Card 3" over a question, options below.
		 */
		if (st->counters)
			sc[R_START] += l->counted ? 4 * lw : blank ? -4 * lw : 0;
		if (blockmode)
			sc[R_START] += blank ? 12 : -12;
		else if (blank)
			sc[R_START] += st->declared < 0 ? 4 : 3;
		if (blank)
			sc[R_QUEST] -= 2;
		if (expected_option(st, i)) {
			sc[R_START] -= 4;
			sc[R_QUEST] += 11;
		} else if (l->opt != 0)
			sc[R_QUEST] -= 2;
		if (l->flags & LF_ANSPFX)
			sc[R_ANSWER] += 4;
		/* The right option's letter answers the options above it. */
		if (answer_letter(st, i)) {
			sc[R_START] -= lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] += layout_weight.part;
			sc[R_MORE] -= lw;
		}
		if ((l->flags & LF_LIST) || ((l->flags & LF_NUMBER) &&
		    !numbered_as_questions(st, l))) {
			sc[R_ANSWER] += 2;
			sc[R_MORE] += 2;
		}
		if ((l->flags & LF_NUMBER) && !numbered_as_questions(st, l) &&
		    !(l->flags & LF_ENDQ))
			sc[R_START] -= 5;
		/*
		 * Where the deck numbers its questions, "14. ...?" is the
		 * next question even when no answer stands between, and
		 * "2." alone is where one was meant to be; a numbered line
		 * that ends a sentence may be an answer numbered in slip.
		 */
		if (numbered_as_questions(st, l) && !unlabelled &&
		    ((l->flags & LF_BARENUM) || !(l->flags & LF_STOP))) {
			sc[R_START] += layout_weight.numbered;
			sc[R_ANSWER] -= layout_weight.numbered;
			sc[R_MORE] -= layout_weight.numbered;
			/*
			 * After a blank line, the count's next number asks
			 * anew, though the question before went unanswered.
			 */
			if (l->flags & LF_COUNTS) {
				sc[R_ANSWER] -= lw;
				sc[R_MORE] -= lw;
			}
		}
		if (pl != NULL) {
			/*
			 * A picture or other markup alone is shown with the
			 * question under it, "<img ...>" over "B" asks what
			 * the picture's label B names.
			 */
			if ((pl->flags & LF_MARKUP) && !(l->flags & LF_MARKUP))
				sc[R_QUEST] += layout_weight.shown;
			/* A pronunciation stays with the word it spells. */
			if ((l->flags & LF_SPELL) && !(pl->flags & LF_SPELL))
				sc[R_QUEST] += 4;
			/* A list after a colon is what the colon announced. */
			if (pl->flags & LF_COLON) {
				sc[R_START] -= 4;
				sc[R_QUEST] += (l->flags & LF_LIST) ? 2 : 5;
				sc[R_MORE] += 3;
			}
			if (pl->flags & LF_COMMA)
				sc[R_START] -= 3;
			/*
			 * "2." right under "1.": the list's next item, no
			 * answer to the one above it, unless a line ending
			 * in a colon announced the list, "In three steps:".
			 */
			if (next_item(st, i) && !announced[i - 1])
				sc[R_ANSWER] -= 2 * lw;
			/* A bare phrase after a finished sentence begins anew. */
			if ((pl->flags & LF_STOP) && (l->flags & LF_TERM))
				sc[R_START] += 2;
			if ((l->flags & LF_CODE) &&
			    (pl->flags & (LF_ENDQ | LF_COLON)))
				sc[R_QUEST] += 3;
			if (pl->flags & LF_POINTS)
				sc[R_QUEST] += 3;
			/* A term is explained at more length than itself. */
			if ((pl->flags & LF_TERM) && l->words < pl->words)
				sc[R_ANSWER] -= 2;
			else if ((pl->flags & LF_TERM) && l->words > pl->words)
				sc[R_ANSWER] += 1;
			if ((l->flags & LF_ENDQ) && !(l->flags & LF_ASKS) &&
			    (pl->flags & LF_OPEN) &&
			    !(pl->flags & LF_CODE) && pl->opt == 0)
				sc[R_QUEST] += 6;	/* a wrapped question */
			if ((pl->flags & LF_CODE) && !(l->flags & LF_CODE))
				sc[R_MORE] -= 2;
			if ((pl->flags & LF_CODE) && (l->flags & LF_CODE)) {
				sc[R_QUEST] += 6;	/* a block of code */
				sc[R_MORE] += 3;
			}
			/*
			 * A lower-case line after a long unfinished one, or
			 * one opening with "and" or "in", carries it on; a
			 * lower-case line after a short term may be the
			 * word's translation, and a lone lower-case word
			 * ("touch") is a name, not the rest of a sentence:
			 * under "Dump traffic on a network", "tcpdump" is
			 * what the line describes, however short.  (Under a
			 * prompt, "Translate into Spanish", it may be what
			 * is asked about.)
			 */
			if ((pl->flags & LF_OPEN) &&
			    !(pl->flags & (LF_CODE | LF_SPELL)) &&
			    ((l->flags & LF_GOESON) || (!(pl->flags & LF_TERM) &&
			    l->words > 1 &&
			    islower((unsigned char)st->text.data[l->off])))) {
				/* The sentence goes on. */
				sc[R_START] -= 3;
				sc[R_QUEST] += 3;
				sc[R_ANSWER] -= 2;
				sc[R_MORE] += 3;
			} else if ((pl->flags & LF_OPEN) &&
			    !(pl->flags & (LF_CODE | LF_SPELL | LF_ASKS)) &&
			    l->words == 1 && !(l->flags & LF_ENDQ) &&
			    islower((unsigned char)st->text.data[l->off]))
				sc[R_QUEST] -= layout_weight.name;
		}
		/*
		 * Labels delimit the cards; where the blank lines already
		 * do, they tell question lines from answer lines, a block
		 * without labels is read as any other, and a line above a
		 * Q: line in its block, a remark, is no part of its card.
		 * A Q: line that a question wraps onto (label_goes_on())
		 * begins none.
		 */
		if (st->qa == QA_BOTH && (l->flags & LF_QPFX) &&
		    label_goes_on(st, i, answered)) {
			sc[R_START] -= 20;
			sc[R_QUEST] += 20;
			sc[R_ANSWER] -= 20;
			sc[R_MORE] -= 20;
		} else if (st->qa == QA_BOTH && (l->flags & LF_QPFX)) {
			sc[R_START] += 20;
			sc[R_QUEST] -= 20;
			sc[R_ANSWER] -= 20;
			sc[R_MORE] -= 20;
		} else if (st->qa != QA_NONE && (l->flags & LF_APFX) &&
		    !(st->qa == QA_ANSWERS && (expected_option(st, i) ||
		    stray_option(st, i)))) {
			/* (Where only answers are labelled, "a)" over "b)" is
			 * an option, "Đáp án B" under them the label.) */
			sc[R_START] -= 20;
			sc[R_QUEST] -= 20;
			sc[R_ANSWER] += 10;
			sc[R_MORE] -= 10;
		} else if (st->layout == L_FREE && st->qa == QA_BOTH &&
		    blank && (l->flags & LF_TERM) && i + 1 < st->nlines &&
		    st->lines[i + 1].gap == 0 &&
		    (st->lines[i + 1].flags & LF_QPFX)) {
			/* "NETWORKS" over the next "Q:", a page's heading. */
			sc[R_START] += lw;
			sc[R_MORE] -= lw;
		} else if (st->layout == L_FREE && st->qa == QA_BOTH) {
			sc[R_START] -= 20;
			sc[R_ANSWER] -= 10;
		} else if (st->layout == L_FREE && st->qa == QA_ANSWERS)
			sc[R_ANSWER] -= 20;
		if (unlabelled)
			sc[R_START] -= lw;
		/* Above its card's label, a line still asks. */
		if (st->underlabel && labelled[i] && !(l->flags & LF_APFX))
			sc[R_ANSWER] -= lw;
		/* A heading asks in its one line; what is under it answers. */
		if (pl != NULL && pl->headed && l->gap == 0)
			sc[R_QUEST] -= lw;
		/*
		 * Where marks or labels tell the questions, a rule drawn
		 * under an answer ends it: a heading past it, a line alone
		 * that ends no sentence, is no more of the answer,
		 * "🖧 2. Wired LAN" over the next section.  (A rule right
		 * under a question parts it from its answer.)
		 */
		if (l->ruled && st->qmark != QM_NONE && pl != NULL &&
		    !(pl->flags & LF_QPFX) &&
		    !(l->flags & (LF_APFX | LF_STOP)) &&
		    (i + 1 == st->nlines || st->lines[i + 1].gap > 0)) {
			sc[R_START] += lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		}
		/* Each side of a merge conflict begins with a card. */
		if (pl != NULL && (l->side != pl->side ||
		    l->conflict != pl->conflict)) {
			sc[R_START] += lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		}
		if (st->asklist && (asks_outright(l) || asks_within(st, l))) {
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		}
		/*
		 * The file's mark of a question begins every card; the
		 * question goes on only up to a blank line, unless a layout
		 * says it goes on, and a term is its line alone.
		 */
		if (st->qmark != QM_NONE && (l->flags & LF_QPFX)) {
			sc[R_START] += lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		} else if (st->qmark != QM_NONE) {
			sc[R_START] -= lw;
			sc[R_QUEST] -= (blank && l->part != P_QUESTION) ||
			    st->qmark == QM_TERM ? lw : 0;
			/*
			 * A question that ends as one, in '?' or ':', has
			 * ended: the lines under it answer, "Google Drive -
			 * 15GB free" under "17. Drive storage offered:".
			 */
			if (pl != NULL && !blank && l->opt == 0 &&
			    l->part != P_QUESTION &&
			    (pl->flags & LF_QPFX) &&
			    (pl->flags & (LF_ENDQ | LF_COLON)))
				sc[R_QUEST] -= lw;
		}
		if (st->layout == L_CYCLE ? i % (size_t)st->period == 0 :
		    st->layout != L_FREE && l->part != P_ANSWER &&
		    (i == 0 || l->gap >= (unsigned long)st->split)) {
			sc[R_START] += lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
			apart = 0;
			/*
			 * A block that is one wrapped question, or a group
			 * with no blank line whose first line points at
			 * the lines under it ("using the following
			 * rules."), is all question.
			 */
			wrapped = st->layout == L_BLOCKS ?
			    wrapped_question(st, i) : st->layout == L_GROUPS &&
			    (l->flags & LF_POINTS);
			/* Does a blank line part this group's answer? */
			for (k = i + 1, parted = 0; st->layout == L_GROUPS &&
			    k < st->nlines && st->lines[k].gap < 2 && !parted; k++)
				parted = st->lines[k].gap == 1 &&
				    !blank_in_code(st, k);
			wrapped &= !parted;
		} else if (st->layout != L_FREE) {
			sc[R_START] -= lw;
			if (st->layout == L_CYCLE && st->period == 2) {
				sc[R_QUEST] -= lw;
				sc[R_ANSWER] += lw;
				sc[R_MORE] -= lw;
			} else if (st->layout == L_CYCLE) {
				/*
				 * In threes, "word", "/wɜːd/", "meaning": the
				 * pronunciation asks with the word, the meaning
				 * answers.  Last, "word", "meaning", "/wɜːd/",
				 * it is more of the answer.
				 */
				int	 role;

				if (st->spell_at == 1)
					role = i % 3 == 1 ? R_QUEST : R_ANSWER;
				else
					role = i % 3 == 1 ? R_ANSWER : R_MORE;
				sc[R_QUEST] -= lw;
				sc[R_ANSWER] -= lw;
				sc[R_MORE] -= lw;
				sc[role] += 2 * lw;
			} else if (st->layout == L_GROUPS && l->gap == 1 &&
			    !apart && !blank_in_code(st, i)) {
				/* The first blank line in a group. */
				apart = 1;
				sc[R_QUEST] -= lw;
				sc[R_ANSWER] += layout_weight.part;
			} else if (st->layout == L_GROUPS && parted && !apart) {
				/* Before that blank line: the question. */
				sc[R_ANSWER] -= lw;
				sc[R_MORE] -= lw;
			}
			/* A card of several lines ends in its answer. */
			if (wrapped) {
				sc[R_ANSWER] -= lw;
				sc[R_MORE] -= lw;
			} else if (st->layout != L_CYCLE &&
			    (i + 1 == st->nlines || st->lines[i + 1].gap >=
			    (unsigned long)st->split))
				sc[R_QUEST] -= lw;
		}
		/* A layout of questions and answers, find_parts(). */
		if (l->part == P_HEAD) {
			sc[R_START] += lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		} else if (l->part == P_ANSWER) {
			sc[R_START] -= lw;
			sc[R_QUEST] -= lw;
		} else if (l->part == P_QUESTION) {
			sc[R_START] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		}
		/*
		 * A line parted by the file's separator is a card of its
		 * own (or a block's first line), and its question ends at
		 * the separator.  Among a few lines parted by a tab, one
		 * without it is a question of its own that has no answer.
		 * Where the separator parts lines alone, not blocks, a line
		 * without it after a blank line is no more of the answer
		 * above: a heading, "2 - find the following".
		 */
		if (l->cut > 0 || l->bare || st->sparse) {
			sc[R_START] += lw;
			sc[R_QUEST] -= lw;
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		} else if (pl != NULL && pl->cut > 0) {
			sc[R_QUEST] -= lw;
			if (st->layout == L_FREE && blank) {
				sc[R_ANSWER] -= lw;
				sc[R_MORE] -= lw;
			}
		}
		/*
		 * Under parted lines set in, a line without the separator
		 * nearer the margin goes on with no answer: a heading over
		 * the next entries, as "Lifecycles" over "  Scope - ...",
		 * left out.  A lower-case line under a long answer that ends
		 * no sentence is that answer wrapped to the margin; a question
		 * ends the entries, and what follows it may answer it.
		 */
		if (l->flags & LF_ENDQ)
			cutind = 0;
		if (l->cut == 0 && !l->bare && !st->sparse && cutind > 0 &&
		    st->layout == L_FREE && indent_of(st, i) < cutind &&
		    !(pl != NULL && (pl->flags & LF_OPEN) &&
		    cp_count_words(st->text.data + pl->off + pl->cut, pl->len -
		    pl->cut) > 2 * (size_t)layout_weight.term_words &&
		    islower((unsigned char)st->text.data[l->off]))) {
			sc[R_ANSWER] -= lw;
			sc[R_MORE] -= lw;
		}
		if (l->cut > 0)
			cutind = indent_of(st, i);
		sc[R_START] *= SCALE;
		sc[R_QUEST] *= SCALE;
		sc[R_ANSWER] *= SCALE;
		sc[R_MORE] *= SCALE;
	}
	free(labelled);
	free(answered);
	free(announced);
}

/*
 * The best roles for the lines.  With count < 0 the number of cards is
 * free, and each card earns bonus; else it is exactly count, and only
 * counts within width of ref[i] after line i are considered (ref NULL:
 * every count).  Returns the score, or W_NONE when no reading fits.
 */
static long
viterbi(struct txt_state *st, long count, const long *ref, long width,
    long bonus, unsigned char *role)
{
	size_t		 m = st->nlines, i, total = 0, maxw = 0, wd, at;
	long		*lo, *hi, *prev, *cur, *tmp, v, best, c, pc;
	size_t		*off;
	unsigned char	*bp;
	int		 to, from, arg;

	lo = cp_xreallocarray(NULL, m, sizeof(long));
	hi = cp_xreallocarray(NULL, m, sizeof(long));
	off = cp_xreallocarray(NULL, m, sizeof(size_t));
	for (i = 0; i < m; i++) {
		if (count < 0)
			lo[i] = hi[i] = 0;
		else {
			lo[i] = count - (long)(m - 1 - i);
			if (lo[i] < 1)
				lo[i] = 1;
			hi[i] = (long)i + 1 < count ? (long)i + 1 : count;
			if (ref != NULL && lo[i] < ref[i] - width)
				lo[i] = ref[i] - width;
			if (ref != NULL && hi[i] > ref[i] + width)
				hi[i] = ref[i] + width;
		}
		if (lo[i] > hi[i]) {
			free(lo);
			free(hi);
			free(off);
			return W_NONE;
		}
		wd = (size_t)(hi[i] - lo[i] + 1);
		off[i] = total;
		total += wd;
		if (wd > maxw)
			maxw = wd;
	}
	/* Each cell's four back pointers, two bits each, in one byte. */
	bp = cp_xcalloc(total, 1);
	prev = cp_xreallocarray(NULL, maxw * NROLE, sizeof(long));
	cur = cp_xreallocarray(NULL, maxw * NROLE, sizeof(long));

	for (at = 0; at < maxw * NROLE; at++)
		cur[at] = W_NONE;
	c = count < 0 ? 0 : 1;
	if (c >= lo[0] && c <= hi[0])
		cur[(c - lo[0]) * NROLE + R_START] =
		    st->score[0][R_START] + bonus;
	for (i = 1; i < m; i++) {
		tmp = prev, prev = cur, cur = tmp;
		for (c = lo[i]; c <= hi[i]; c++)
			for (to = 0; to < NROLE; to++) {
				pc = count >= 0 && to == R_START ? c - 1 : c;
				best = W_NONE;
				arg = 0;
				for (from = 0; from < NROLE; from++) {
					if (!follows[from][to] ||
					    pc < lo[i - 1] || pc > hi[i - 1])
						continue;
					v = prev[(pc - lo[i - 1]) * NROLE + from];
					if (v == W_NONE)
						continue;
					v += st->score[i][to];
					if (to == R_START)
						v += bonus;
					if (to == R_START && from <= R_QUEST &&
					    st->lines[i - 1].cut == 0)
						v += W_EMPTY * SCALE;
					if (v > best)
						best = v, arg = from;
				}
				at = (size_t)(c - lo[i]) * NROLE + to;
				cur[at] = best;
				bp[off[i] + (size_t)(c - lo[i])] |=
				    (unsigned char)(arg << (2 * to));
			}
	}

	best = W_NONE;
	arg = 0;
	c = count < 0 ? 0 : count;
	if (c >= lo[m - 1] && c <= hi[m - 1])
		for (to = 0; to < NROLE; to++) {
			v = cur[(c - lo[m - 1]) * NROLE + to];
			if (v != W_NONE && to <= R_QUEST &&
			    st->lines[m - 1].cut == 0)
				v += W_EMPTY * SCALE;
			if (v > best)
				best = v, arg = to;
		}
	if (best != W_NONE)
		for (i = m; i-- > 0; ) {
			role[i] = (unsigned char)arg;
			to = arg;
			if (i > 0)
				arg = bp[off[i] + (size_t)(c - lo[i])] >>
				    (2 * to) & 3;
			if (count >= 0 && to == R_START)
				c--;
		}
	free(bp);
	free(prev);
	free(cur);
	free(lo);
	free(hi);
	free(off);
	return best;
}

static long
count_cards(const unsigned char *role, size_t m)
{
	size_t	 i;
	long	 n = 0;

	for (i = 0; i < m; i++)
		n += role[i] == R_START;
	return n;
}

/* The largest exact search, in cells of lines times counts. */
#define EXACT_CELLS	(4UL * 1024 * 1024)
#define BANDED_CELLS	(64UL * 1024 * 1024)

/*
 * For a long deck: the free reading with a price on each card, the price
 * searched so that the count comes nearest n (a Lagrangian relaxation).
 * Sets role and *score, the reading's score without the price; returns
 * its count.
 */
static long
nearest(struct txt_state *st, long n, unsigned char *role, long *score)
{
	size_t		 m = st->nlines;
	unsigned char	*tmp;
	long		 lo = -64 * SCALE, hi = 64 * SCALE, mid, v, c;
	long		 best = -1, bestdiff = LONG_MAX;

	tmp = cp_xmalloc(m);
	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		v = viterbi(st, -1, NULL, 0, mid, tmp);
		c = count_cards(tmp, m);
		if (labs(c - n) < bestdiff) {
			bestdiff = labs(c - n);
			best = c;
			*score = v - mid * c;
			memcpy(role, tmp, m);
		}
		if (c == n)
			break;
		if (c < n)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	free(tmp);
	return best;
}

/*
 * Chooses the cards: the best free reading, unless the declared count
 * is reachable at a plausible cost.
 */
static void
segment(struct cp_reader *r, struct txt_state *st)
{
	size_t		 m = st->nlines, i;
	unsigned char	*exact;
	long		*ref, free_score, n0, n, c, width, s = W_NONE, k;

	st->role = cp_xmalloc(m);
	free_score = viterbi(st, -1, NULL, 0, 0, st->role);
	n0 = count_cards(st->role, m);
	n = st->declared;
	if (n < 0 || n == n0)
		return;
	exact = cp_xmalloc(m);
	if (n >= 1 && (size_t)n <= m && m * (size_t)(n + 1) <= EXACT_CELLS)
		s = viterbi(st, n, NULL, 0, 0, exact);
	else if (n >= 1 && (size_t)n <= m &&
	    (c = nearest(st, n, exact, &s)) != n) {
		/* Exactly n, near the reading that came nearest. */
		s = W_NONE;
		width = labs(n - c) + 16;
		if (m * (size_t)(2 * width + 1) <= BANDED_CELLS) {
			ref = cp_xreallocarray(NULL, m, sizeof(long));
			for (i = 0, k = 0; i < m; i++) {
				k += exact[i] == R_START;
				ref[i] = k + (long)((double)(n - c) *
				    (double)(i + 1) / (double)m);
			}
			s = viterbi(st, n, ref, width, 0, exact);
			free(ref);
		}
	}
	if (s != W_NONE &&
	    free_score - s <= W_IMPLAUSIBLE * SCALE * labs(n - n0))
		memcpy(st->role, exact, m);
	else
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->srcline, 0,
		    "declared %ld cards, but the text reads as %ld", n, n0);
	free(exact);
}

/* Does s open with a web link's scheme, "http://" or "https://"? */
static int
opens_link(const char *s)
{
	return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0;
}

/*
 * Is s[0..n), a line that opens with a URL, the URL alone, perhaps with
 * a count after it, "(17 cards)", "17 cards", "- 17 cards"?  Not a
 * question's line that names one, "https://www.site.com, the user ...".
 */
static int
url_alone(const char *s, size_t n)
{
	size_t	 k;

	for (k = 0; k < n && s[k] != ' ' && s[k] != '\t'; k++)
		continue;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k + 2 < n && s[k] == '-' && s[k + 1] == ' ')
		k += 2;
	return k == n || s[k] == '(' || isdigit((unsigned char)s[k]);
}

/* Parses "Source: URL (N cards)"; returns 0 when line is none. */
static int
parse_source(struct cp_reader *r, struct txt_state *st, const char *s,
    size_t n, unsigned long lineno)
{
	static const char *const units[] = {
		"card", "cards", "flashcards", "karten", "karteikarten",
		"tarjetas", "fichas", "cartes", "schede", NULL
	};
	static const char *const sources[] = {
		"source", "sources", "quelle", "fuente", "fonte", NULL
	};
	char		 low[16];
	const char	*cut = NULL, *num = NULL, *end, *p;
	char		*e;
	long		 v;
	size_t		 k;

	cp_lower_prefix(s, n, low, sizeof(low));
	if ((k = labelled(low, sources)) == 0 && !opens_link(low))
		return 0;	/* a bare URL serves as well */
	s += k, n -= k;
	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	if (n == 0)
		return 0;	/* "source:" alone heads a template, not a deck */
	if (k == 0 && !url_alone(s, n))
		return 0;	/* "https://www.site.com, the user ...": text */
	st->srcline = lineno;
	end = s + n;
	/* "(17 cards)" at the end, or "17 cards" without parentheses. */
	if (n > 0 && end[-1] == ')') {
		for (p = end - 1; p > s && p[-1] != '('; p--)
			continue;
		if (p > s)
			cut = p - 1, num = p;
	} else {
		for (p = end; p > s && p[-1] != ' '; p--)
			continue;
		cp_lower_prefix(p, (size_t)(end - p), low, sizeof(low));
		if (p > s && in_list(low, units)) {
			while (p > s && p[-1] == ' ')
				p--;
			while (p > s && isdigit((unsigned char)p[-1]))
				p--;
			cut = num = p;
		}
	}
	if (num != NULL && isdigit((unsigned char)*num)) {
		errno = 0;
		v = strtol(num, &e, 10);
		if (e < end && (*e == ' ' || *e == ')')) {
			end = cut;
			if (errno == 0 && v < LONG_MAX / 2)
				st->declared = v;
			else
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    lineno, 0, "the declared card count is "
				    "out of range");
		}
	}
	if (end == s + n)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, lineno, 0,
		    "the Source line declares no card count");
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '-' || end[-1] == ','))
		end--;
	if (end > s)
		st->url = cp_xstrndup(s, (size_t)(end - s));
	return 1;
}

/*
 * Rules drawn between cards, each right under a card's last line, are
 * of one length whatever that line's: a title's underline is about as
 * long as the title.  When min_units rules or more under lines are all
 * of the first one's length, give or take two, each right over the next
 * card's first line (a title's underline has a blank line under it),
 * and fewer than half of them within a third of their line's length,
 * they part cards and underline no titles, as two blank lines do where
 * one parts a question from its answer.
 */
static void
drop_card_rules(struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, len = 0, rules = 0, alike = 0, fit = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->under == 0)
			continue;
		if (rules++ == 0)
			len = l->underlen;
		alike += l->underlen + 2 >= len && l->underlen <= len + 2 &&
		    (i + 1 == st->nlines || st->lines[i + 1].gap == 1);
		fit += 3 * l->underlen >= 2 * l->len &&
		    3 * l->underlen <= 4 * l->len;
	}
	if (rules < (size_t)layout_weight.min_units || alike < rules ||
	    2 * fit >= rules)
		return;
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].under != 0) {
			st->lines[i].under = 0;
			if (i + 1 < st->nlines)
				st->lines[i + 1].gap++;
		}
}

/* Does s[0..n) end in '?', its white space aside? */
static int
asks_at_end(const char *s, size_t n)
{
	n = blanks_cut(s, n);
	return n > 0 && s[n - 1] == '?';
}

/* Does line l, its white space aside, end in a question mark? */
static int
ends_asking(const struct txt_state *st, const struct line *l)
{
	return asks_at_end(st->text.data + l->off, l->len);
}

/* Is line l one mark of punctuation alone, "!" or "."? */
static int
punctuation_alone(const struct txt_state *st, const struct line *l)
{
	return l->len == 1 && ispunct((unsigned char)st->text.data[l->off]);
}

/*
 * A mark alone on the file's last line, "!" under a dictionary's last
 * entry, ends the file as a program that reads it wants: no text of a
 * card, where no other line is such a mark alone (a card that answers
 * with one has others) and the line above asks nothing (the mark would
 * answer it).  Reported.
 */
static void
drop_end_mark(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i;

	if (st->nlines < (size_t)layout_weight.min_units * 2 ||
	    !punctuation_alone(st, &st->lines[st->nlines - 1]) ||
	    ends_asking(st, &st->lines[st->nlines - 2]))
		return;
	for (i = 0; i + 1 < st->nlines; i++)
		if (punctuation_alone(st, &st->lines[i]))
			return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[st->nlines - 1].lineno, 0, "\"%s\" alone on the last "
	    "line, the only such line, ends the file: no text of a card; "
	    "left out", st->text.data + st->lines[st->nlines - 1].off);
	st->nlines--;
}

/*
 * Keeps one line, repaired: invalid UTF-8 and NUL bytes become U+FFFD.
 * Returns its offset in st->text.
 */
static size_t
keep_line(struct cp_reader *r, struct txt_state *st, const char *s,
    size_t n, unsigned long lineno, size_t col0)
{
	size_t	 off = st->text.len, bad, i;
	char	*tmp, *fixed;

	if (memchr(s, '\0', n) == NULL && cp_utf8_valid(s, n, &bad)) {
		cp_buf_add(&st->text, s, n);
		cp_buf_addc(&st->text, '\0');
		return off;
	}
	tmp = cp_xmalloc(n);
	memcpy(tmp, s, n);
	for (i = 0; i < n; i++)
		if (tmp[i] == '\0')
			tmp[i] = (char)0xff;	/* invalid, so repaired */
	cp_utf8_valid(tmp, n, &bad);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, lineno,
	    (unsigned long)(col0 + bad + 1), "%s replaced by U+FFFD",
	    s[bad] == '\0' ? "NUL byte" : "invalid UTF-8");
	fixed = cp_utf8_repair(tmp, n);
	cp_buf_addstr(&st->text, fixed);
	cp_buf_addc(&st->text, '\0');
	free(fixed);
	free(tmp);
	return off;
}

/* Where reading the lines has got to. */
struct loader {
	unsigned long	 lineno;
	unsigned long	 blank;	/* blank lines since the last kept one */
	unsigned long	 header;	/* Anki's header's lines, left out */
	int		 ruled;	/* a rule since the last kept line */
	int		 merging;	/* a "<<<<<<<" line came, no ">>>>>>>" */
};

/*
 * A rule drawn between cards, "---", "=====" or "§", set in by a space
 * or two or not (take_line() takes one set in only after a blank line or
 * under a line at the margin, none inside a set-in answer): it parts
 * cards as a blank line does and belongs to no field.  ("___" is a gap
 * to fill.)
 */
static int
is_rule(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < 2 && n > 0 && *s == ' '; i++)
		s++, n--;

	/* "§" alone, or a row of them, parts a quiz program's questions. */
	for (i = 0; i + 1 < n && memcmp(s + i, "\xc2\xa7", 2) == 0; i += 2)
		continue;
	if (n > 0 && i == n)
		return 1;
	/* A row of box-drawing lines, "═════" or "─────". */
	for (i = 0; i + 2 < n && (memcmp(s + i, "\xe2\x95\x90", 3) == 0 ||
	    memcmp(s + i, "\xe2\x94\x80", 3) == 0 ||
	    memcmp(s + i, "\xe2\x94\x81", 3) == 0); i += 3)
		continue;
	if (n >= 9 && i == n)
		return 1;
	if (n < 3 || strchr("-=*", s[0]) == NULL)
		return 0;
	for (i = 1; i < n; i++)
		if (s[i] != s[0])
			return 0;
	return 1;
}

/*
 * Is s[0..n) a Markdown heading with no text, "##" or "### **"?  It
 * shows nothing and parts what is over it from what is under it, as a
 * rule does.  A lone "#" may be a comment in code, and stays a line.
 */
static int
empty_heading(const char *s, size_t n)
{
	size_t	 k, i;

	for (k = 0; k < n && s[k] == '#'; k++)
		continue;
	if (k == 0 || k > 6 || (k == 1 && n == 1))
		return 0;
	for (i = k; i < n && strchr(" \t*_#", s[i]) != NULL; i++)
		continue;
	return i == n && (k == n || s[k] == ' ' || s[k] == '\t');
}

/*
 * Is s[0..n) a marker of git's merge conflict of kind c: "<<<<<<< HEAD",
 * "=======" or ">>>>>>> 0425495 (msg)", seven of c and a space or the
 * line's end?
 */
static int
conflict_marker(const char *s, size_t n, char c)
{
	return n >= 7 && strspn(s, (char[]){ c, '\0' }) == 7 &&
	    (n == 7 || (c != '=' && s[7] == ' '));
}

/* Keeps one line that is not blank; the header is told apart later. */
static void
take_line(struct cp_reader *r, struct txt_state *st, struct loader *ld,
    const char *s, size_t n, size_t col0)
{
	struct line	*l;
	size_t		 off;

	/*
	 * White space ends no line, nor does a zero-width space or BOM
	 * (U+200B, U+FEFF), as invisible: a line of them alone is blank.
	 */
	while (n > 0 && (isspace((unsigned char)s[n - 1]) || (n >= 3 &&
	    (memcmp(s + n - 3, "\xe2\x80\x8b", 3) == 0 ||
	    memcmp(s + n - 3, "\xef\xbb\xbf", 3) == 0))))
		n -= isspace((unsigned char)s[n - 1]) ? 1 : 3;
	/* Nor does one open it: "<U+200B><TAB>text" is set in by a tab. */
	while (n >= 3 && memcmp(s, "\xe2\x80\x8b", 3) == 0) {
		s += 3;
		n -= 3;
		col0 += 3;
	}
	/* Inside a merge conflict, its "=======" is a marker, no rule. */
	ld->merging = conflict_marker(s, n, '<') ? 1 :
	    conflict_marker(s, n, '>') ? 0 : ld->merging;
	if (n == 0 || empty_heading(s, n) || (is_rule(s, n) &&
	    !(ld->merging && conflict_marker(s, n, '=')) && (*s != ' ' ||
	    ld->blank > 0 || st->nlines == 0 || !isspace((unsigned char)
	    st->text.data[st->lines[st->nlines - 1].off])))) {
		/*
		 * "Title" underlined by "=====" or "-----": a section; a
		 * line of marks alone, ">>>>>", is no title.
		 */
		if (n > 0 && ld->blank == 0 && st->nlines > 0 &&
		    st->lines[st->nlines - 1].lineno + 1 == ld->lineno &&
		    s[0] != '*' && has_word(st->text.data +
		    st->lines[st->nlines - 1].off,
		    st->lines[st->nlines - 1].len)) {
			st->lines[st->nlines - 1].under = s[0];
			st->lines[st->nlines - 1].underlen = n;
		} else if (n > 0)
			ld->ruled = 1;
		ld->blank++;
		return;
	}
	off = keep_line(r, st, s, n, ld->lineno, col0);
	if (st->nlines == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 256;
		st->lines = cp_xreallocarray(st->lines, st->cap,
		    sizeof(*st->lines));
	}
	l = &st->lines[st->nlines++];
	memset(l, 0, sizeof(*l));
	l->off = off;
	l->len = strlen(st->text.data + off);
	l->lineno = ld->lineno;
	l->gap = ld->blank;
	l->ruled = ld->ruled;
	ld->blank = 0;
	ld->ruled = 0;
}

/* Takes one line as cp_getline() reads it, which may hold CRs. */
static void
load_line(struct cp_reader *r, struct txt_state *st, struct loader *ld,
    const char *s, size_t n)
{
	const char	*cr;
	size_t		 col0 = 0;

	if (ld->lineno == 0 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3, n -= 3, col0 = 3;	/* the byte-order mark */
	/* CRLF ends a line, and so does a lone CR (old Macs). */
	do {
		ld->lineno++;
		cr = n > 0 ? memchr(s, '\r', n) : NULL;
		if (ld->lineno > ld->header)
			take_line(r, st, ld, s, cr ? (size_t)(cr - s) : n,
			    col0);
		if (cr != NULL) {
			n -= (size_t)(cr - s) + 1;
			s = cr + 1;
		}
		col0 = 0;
	} while (cr != NULL && n > 0);
}

/*
 * An HTML page kept as text, its first line "<!DOCTYPE html>" or
 * "<html>": a person reads what the page shows, not its markup.  The
 * lines are read again as the text each shows (cp_html_page_lines()),
 * the tags, the head, the styles and the scripts left out, every line
 * keeping its number.
 */
static void
read_html_page(struct cp_reader *r, struct txt_state *st)
{
	struct cp_field_at	 at = { r->rep, r->name, 1, "the page" };
	struct cp_buf		 page = { 0 };
	struct loader		 ld = { 0 };
	const char		*s;
	unsigned long		*at_line;
	char			*shown, *p;
	size_t			 i, n, len;

	if (st->nlines == 0)
		return;
	s = st->text.data + st->lines[0].off;
	s += strspn(s, " \t");
	if (strncasecmp(s, "<!doctype html", 14) != 0 &&
	    strncasecmp(s, "<html", 5) != 0)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "an HTML page kept as text: read as the text it shows, line for "
	    "line, its tags, head, styles and scripts left out");
	cp_buf_addstr(&page, "");
	for (i = 0, ld.lineno = 1; i < st->nlines; i++) {
		for (; ld.lineno < st->lines[i].lineno; ld.lineno++)
			cp_buf_addc(&page, '\n');
		cp_buf_addstr(&page, st->text.data + st->lines[i].off);
	}
	shown = cp_html_page_lines(page.data, &at, &at_line, &n);
	cp_buf_free(&page);
	st->nlines = 0;
	st->text.len = 0;
	for (p = shown, i = 0, ld.lineno = 0; i < n; i++) {
		/* The page's lines that show nothing are blank. */
		while (ld.lineno + 1 < at_line[i]) {
			ld.lineno++;
			take_line(r, st, &ld, "", 0, 0);
		}
		ld.lineno = at_line[i];
		len = strcspn(p, "\n");
		take_line(r, st, &ld, p, len, 0);
		p += len + (p[len] != '\0');
	}
	free(at_line);
	free(shown);
}

static void	drop_question_rules(struct txt_state *);

/*
 * Reads the input's lines and frees buf.  When rc, what cp_getline()
 * returned, is 1, open() has read the first lines into buf, each ended by
 * '\n' but perhaps the last.  The first header lines are Anki's header
 * over a file that is no export of Anki's (unkept_header): no text.
 */
static int
load(struct cp_reader *r, struct txt_state *st, struct cp_buf *buf, int rc,
    unsigned long header)
{
	struct loader	 ld = { 0 };
	const char	*s, *end, *nl;
	int		 had_nl;

	ld.header = header;
	for (s = buf->data, end = s + buf->len; rc == 1; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		load_line(r, st, &ld, s, (size_t)(nl - s));
		if (nl + 1 >= end)
			break;
	}
	while (rc == 1 && (rc = cp_getline(r->fp, buf, &had_nl)) == 1)
		load_line(r, st, &ld, buf->data, buf->len);
	if (rc == -1) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, ld.lineno + 1, 0,
		    "read error: %s", strerror(errno));
		cp_buf_free(buf);
		return -1;
	}
	cp_buf_free(buf);
	if (st->nlines == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 0, 0,
		    "empty input");
	read_html_page(r, st);
	drop_card_rules(st);
	drop_question_rules(st);
	drop_end_mark(r, st);
	return 0;
}

/*
 * Does a separator on good of units lines hold for sure: is it missing
 * from no more than sure_den - sure_num in sure_den, rounded up?
 */
static int
sure(size_t good, size_t units)
{
	size_t	 den = (size_t)layout_weight.sure_den;

	return (units - good) * den <= units *
	    (den - (size_t)layout_weight.sure_num) + den - 1;
}

/* Does line i open with the same mark, k bytes, as line j? */
static int
same_mark(const struct txt_state *st, size_t i, size_t j, size_t k)
{
	return st->lines[j].len > k && memcmp(st->text.data + st->lines[i].off,
	    st->text.data + st->lines[j].off, k) == 0;
}

/*
 * Study notes may mark their questions with a pictograph, a playing
 * card before "1. What is JSON?", as others do with "Q:", and their
 * answers with another, a light bulb.
 * When at least min_units lines open with a pictograph and end in a
 * question mark, and they are sure_num in sure_den of the lines that
 * end in one, the pictographs are the file's marks, no text: a question
 * loses its pictograph and the number after it; a line that asks
 * nothing loses its pictograph too, unless the same one opens the line
 * above or below it, a list's bullets, kept; and a lone answer line
 * right under a marked question loses a bullet that opens it.  A line
 * with its own pictograph that follows a blank line and stands right
 * over a marked question heads a group of them: no card, left out.
 */
static void
find_pictograph_marks(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, j, k, asked = 0, marked = 0;
	unsigned char	*asks;
	unsigned long	 first = 0;

	asks = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		if (!ends_asking(st, &st->lines[i]))
			continue;
		asked++;
		asks[i] = pictograph(st->text.data + st->lines[i].off,
		    st->lines[i].len) > 0;
		if (asks[i] && marked++ == 0)
			first = st->lines[i].lineno;
	}
	if (marked < (size_t)layout_weight.min_units || !sure(marked, asked)) {
		free(asks);
		return;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu questions "
	    "open with a pictograph: read as the mark of a question, and "
	    "pictographs opening other lines as marks, not text", marked);
	for (i = 0, j = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		k = pictograph(st->text.data + l->off, l->len);
		if (k > 0 && !asks[i] && (i == 0 || l->gap > 0) &&
		    i + 1 < st->nlines && asks[i + 1] &&
		    st->lines[i + 1].gap == 0) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "a line with a pictograph of its own over the "
			    "marked questions heads them: left out, not a card");
			st->lines[i + 1].gap = l->gap;
			continue;
		}
		if (k > 0 && !asks[i] && ((i > 0 && l->gap == 0 &&
		    same_mark(st, i, i - 1, k)) || (i + 1 < st->nlines &&
		    st->lines[i + 1].gap == 0 && same_mark(st, i, i + 1, k))))
			k = 0;	/* a list's bullets */
		else if (k == 0 && i > 0 && asks[i - 1] && l->gap == 0 &&
		    (i + 1 == st->nlines || st->lines[i + 1].gap > 0))
			k = bullet(st->text.data + l->off, l->len);
		if (asks[i])
			k += record_number(st->text.data + l->off + k,
			    l->len - k);
		l->off += k;
		l->len -= k;
		st->lines[j++] = *l;
	}
	st->nlines = j;
	free(asks);
}

/* Is s[0..n), white space aside, a number: a count, no text? */
static int
counter_field(const char *s, size_t n)
{
	size_t	 i = strspn(s, " \t"), d;

	while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	i += i < n && s[i] == '-';
	for (d = 0; i < n && (isdigit((unsigned char)s[i]) || s[i] == '.');
	    i++)
		d += s[i] != '.';
	return d > 0 && i == n;
}

/*
 * Does line l open with the comment mark, "#", "%" or "//", then white
 * space or its end: "# text" or "#" alone (no "## Heading")?
 */
static int
marked_comment(const struct txt_state *st, const struct line *l,
    const char *mark)
{
	const char	*s = st->text.data + l->off;
	size_t		 k = strlen(mark);

	return l->len >= k && strncmp(s, mark, k) == 0 &&
	    (l->len == k || s[k] == ' ' || s[k] == '\t');
}

/* Is line l a comment, "# text" or "#" alone (no "## Heading")? */
static int
comment_line(const struct txt_state *st, const struct line *l)
{
	return marked_comment(st, l, "#");
}

/*
 * Is line l a comment written with its "#" against its first word,
 * "#komentarz", as a program that skips every line opening with "#"
 * reads one, or with C's "//", "//todo"?
 */
static int
glued_comment(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	return l->len > 1 && ((s[0] == '#' &&
	    cp_word_byte((unsigned char)s[1])) || (s[0] == '/' && s[1] == '/'));
}

/*
 * A file may open with a block of comments, as a script or an app's
 * format does: "# Each flashcard must follow this format:", "#", "# Q:
 * [Your question here]".  Three lines or more of "# " or "#" alone at
 * the top, with no blank line among them, are such a block: no title
 * and no card, even where they show one.  So are three lines or more at
 * the top of those and of "#" against a word ("#komentarz"), blank lines
 * among them, when one at least is glued so or written "//": a heading
 * is written "# Part", and headings stand over text, not over one
 * another.  Left out and reported once.
 */
static void
find_comments(struct cp_reader *r, struct txt_state *st)
{
	size_t	 n, glued = 0;

	for (n = 0; n < st->nlines && comment_line(st, &st->lines[n]) &&
	    (n == 0 || st->lines[n].gap == 0); n++)
		continue;
	if (n < (size_t)layout_weight.min_units) {
		for (n = 0; n < st->nlines &&
		    (comment_line(st, &st->lines[n]) ||
		    glued_comment(st, &st->lines[n])); n++)
			glued += glued_comment(st, &st->lines[n]);
		if (glued == 0)
			return;
	}
	if (n < (size_t)layout_weight.min_units)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu \"#\" or \"//\" lines at the top read as comments: left "
	    "out, not cards", n);
	st->nlines -= n;
	memmove(st->lines, st->lines + n, st->nlines * sizeof(*st->lines));
}

/* Is line l a docstring's quotes alone, """ or '''? */
static int
docstring_quotes(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	return l->len == 3 && (strcmp(s, "\"\"\"") == 0 ||
	    strcmp(s, "'''") == 0);
}

/*
 * A file may open, as a Python module does, with a docstring: a line of
 * three quotes, """ or ''', the program's name and how to use the
 * file, and the same quotes again.  It is no title and no card: left
 * out, up to its closing quotes, and reported once.
 */
static void
find_docstring(struct cp_reader *r, struct txt_state *st)
{
	size_t	 n;

	if (st->nlines == 0 || !docstring_quotes(st, &st->lines[0]))
		return;
	for (n = 1; n < st->nlines && strcmp(st->text.data +
	    st->lines[n].off, st->text.data + st->lines[0].off) != 0; n++)
		continue;
	if (n == st->nlines)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "a docstring at the top, to line %lu: left out, not cards",
	    st->lines[n].lineno);
	st->nlines -= n + 1;
	memmove(st->lines, st->lines + n + 1,
	    st->nlines * sizeof(*st->lines));
}

/* The bytes of an ordinal's mark opening s[0..n), "º", "ª", "°", or 0. */
static size_t
ordinal_mark(const char *s, size_t n)
{
	return n >= 2 && (unsigned char)s[0] == 0xc2 &&
	    ((unsigned char)s[1] == 0xba || (unsigned char)s[1] == 0xaa ||
	    (unsigned char)s[1] == 0xb0) ? 2 : 0;
}

/*
 * The length of a list's number opening s[0..n) with the tab or " - "
 * after it and the white space after that, "12.<TAB>", "3 - ", or a
 * bare number's colon glued to a record's fields, "1:question:True", setting
 * *value to the number; or 0.  A number with no mark of its own needs
 * more than numeral_words words after it: "4 - four" pairs a numeral
 * with its word.
 */
static size_t
tabbed_number(const char *s, size_t n, long *value)
{
	size_t	 k = strspn(s, "0123456789"), e = k;

	if (k == 0 || k > 4)
		return 0;
	e += ordinal_mark(s + e, n - e);
	e += e < n && (s[e] == '.' || s[e] == ')');
	if (e < n && s[e] == '\t')
		e++;
	else if (e + 2 < n && s[e] == ' ' && s[e + 1] == '-' && s[e + 2] == ' ')
		e += 3;
	else if (e == k && e + 1 < n && s[e] == ':' &&
	    !isdigit((unsigned char)s[e + 1]) &&
	    !isspace((unsigned char)s[e + 1]) &&
	    memchr(s + e + 1, ':', n - e - 1) != NULL)
		e++;	/* "1:question:True", a program's id */
	else
		return 0;
	e += strspn(s + e, " \t");
	if (e >= n || (e - k == strspn(s + k, " \t-") &&
	    cp_count_words(s + e, n - e) <=
	    (size_t)layout_weight.numeral_words))
		return 0;
	*value = strtol(s, NULL, 10);
	return e;
}

/*
 * The length of an arrow that opens s[0..n) before a lettered option,
 * "->c) ...", "=> b. ...", or of a dot glued to its letter, ".a. ...",
 * or 0; *lettered gets whether s holds such an option at all, arrow or
 * none.
 */
static size_t
option_arrow(const char *s, size_t n, int *lettered)
{
	size_t	 k = 0;

	if (n >= 2 && (s[0] == '-' || s[0] == '=') && s[1] == '>')
		k = 2 + (n > 2 && s[2] == ' ');
	else if (n >= 1 && s[0] == '.')
		k = 1;
	*lettered = n > k + 3 && strchr("abcdefABCDEF", s[k]) != NULL &&
	    (s[k + 1] == ')' || s[k + 1] == '.') && s[k + 2] == ' ';
	return *lettered ? k : 0;
}

/*
 * A quiz program's file may mark the right one of each question's
 * lettered options by an arrow before it, "->c) a galvánelemek
 * elmélete", or a dot, ".a. La intensitat energètica".  Where min_units blocks or more, sure_num in sure_den of
 * those that hold such an arrow, hold it on one option of two or more,
 * the arrows mark the right options (right_mark()): each is left out,
 * reported once.  Done before the lines are read, as the arrow hides
 * the option's letter.
 */
static void
find_arrowed_options(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, k, from, options, arrows, good = 0, blocks = 0;
	unsigned long	 first = 0;
	int		 lettered;

	for (from = 0; from < st->nlines; from = i) {
		options = arrows = 0;
		for (i = from; i < st->nlines && (i == from ||
		    st->lines[i].gap == 0); i++) {
			l = &st->lines[i];
			arrows += option_arrow(st->text.data + l->off, l->len,
			    &lettered) > 0;
			options += lettered;
		}
		blocks += arrows > 0;
		good += arrows == 1 && options >= 2;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, blocks))
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((k = option_arrow(st->text.data + l->off, l->len,
		    &lettered)) == 0)
			continue;
		l->off += k;
		l->len -= k;
		l->arrowed = st->arrowed = 1;
		if (first == 0)
			first = l->lineno;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu questions mark the right one of their lettered options by "
	    "an arrow or a dot before it, \"->c)\", \".a.\": the mark left "
	    "out, that option the answer", good);
}

/*
 * A word processor writes a numbered list's items "1.<TAB>Sensor", and
 * a hand "1 - Order the following ...": the tab or the dash is the
 * number's, no separator of a front "1." from a back.  When lines
 * open with a number and a tab or " - " (tabbed_number()) on min_units
 * lines or more, each number one or two more than the one before, and
 * no more than two more than the lines counted, on sure_num in sure_den
 * of them, the numbers count the list, reported once: an item's number
 * with a mark of its own, "1.", is kept with one space after it, as any
 * list item's; a bare number and its dash stay as written, "1 - Order
 * ...", and cut_line() looks for no separator in them (numlen), but a
 * term parted from its meaning leaves them out (add_cut()); a bare
 * number's tab, "1<TAB>term<TAB>meaning", or colon, "1:question:True",
 * opens a record: the number and its tab or colon are left out.
 */
static void
find_tabbed_numbers(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	char		*s;
	size_t		 i, k, m, marked = 0, counting = 0;
	unsigned long	 first = 0;
	long		 v, prev = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (tabbed_number(st->text.data + l->off, l->len, &v) == 0)
			continue;
		if (marked++ == 0)
			first = l->lineno;
		/*
		 * A number the author skipped, "5" then "7", still counts;
		 * a year, "1914", counts no list.
		 */
		counting += v > prev && v <= prev + 2 &&
		    v <= (long)marked + 2;
		prev = v;
	}
	if (counting < (size_t)layout_weight.min_units ||
	    !sure(counting, marked))
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((k = tabbed_number(s, l->len, &v)) == 0)
			continue;
		m = strspn(s, "0123456789");
		/*
		 * "2 - ", kept as written; "2<TAB>" opens a record whose
		 * tabs part its fields, the number none of them.
		 */
		if (s[m] == ':' || (s[m] != '.' && s[m] != ')' &&
		    memchr(s + m, '\t', k - m) != NULL)) {
			l->off += k;
			l->len -= k;
			continue;
		}
		if (s[m] != '.' && s[m] != ')') {
			l->numlen = k;
			continue;
		}
		/* "1.<TAB>Sensor" is the item "1. Sensor". */
		s[m + 1] = ' ';
		memmove(s + m + 2, s + k, l->len - k + 1);
		l->len -= k - (m + 2);
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines "
	    "open with a number counting up and a tab, \" - \" or a colon: "
	    "read as a list's numbers, no separator after them", marked);
}

/*
 * A program's save file may count its cards on its first line and then
 * keep each card as a record of a fixed number of lines: the question,
 * the answer, and counts of its own ("4", then "1+3=", "4", "0", "0").
 * When the first line is a number N alone, the other lines are N records
 * of three to record_max lines each, and the lines after the second of
 * every record are numbers on sure_num in sure_den records, those
 * numbers and the count are no text: they are left out, reported once,
 * and the question and the answer alternate (L_CYCLE).
 */
static void
find_counted(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 n, p, m, i, k, good = 0, kept = 0;

	if (st->nlines < 4)
		return;
	s = st->text.data + st->lines[0].off;
	if (strspn(s, "0123456789") != st->lines[0].len ||
	    st->lines[0].len > 6 || (n = strtoul(s, NULL, 10)) == 0)
		return;
	m = st->nlines - 1;
	if (m % n != 0 || (p = m / n) < 3 ||
	    p > (size_t)layout_weight.record_max)
		return;
	for (i = 1; i < st->nlines; i += p) {
		for (k = 2; k < p; k++) {
			l = &st->lines[i + k];
			if (!counter_field(st->text.data + l->off, l->len))
				break;
		}
		good += k == p;
	}
	if (!sure(good, n))
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "a count of %zu cards, then as many records of %zu lines, a "
	    "program's own: each a question, an answer and %zu lines of its "
	    "numbers, no text; the count and the numbers left out", n, p,
	    p - 2);
	for (i = 1; i < st->nlines; i++)
		if ((i - 1) % p < 2)
			st->lines[kept++] = st->lines[i];
	st->nlines = kept;
	st->layout = L_CYCLE;
	st->period = 2;
}

/*
 * How many lines is() finds something at, the first of them's number in
 * *first (0 for none).
 */
static size_t
lines_where(const struct txt_state *st, size_t (*is)(const char *, size_t),
    unsigned long *first)
{
	size_t	 i, n = 0;

	*first = 0;
	for (i = 0; i < st->nlines; i++)
		if (is(st->text.data + st->lines[i].off,
		    st->lines[i].len) > 0 && n++ == 0)
			*first = st->lines[i].lineno;
	return n;
}

/*
 * Where the answer's one-letter label stands on the question's line,
 * "Q) question? A) answer" or "Q: question A:" over the answer's lines:
 * the offset of the " A)" that matches the question's "Q)", else 0.
 */
static size_t
inline_answer(const char *s, size_t n)
{
	const char	*a;
	char		 mark[5] = { ' ', 'A', '\0', '\0', '\0' };

	if (n < 6 || (s[0] != 'Q' && s[0] != 'q') ||
	    (s[1] != ')' && s[1] != ':' && s[1] != '.') || s[2] != ' ')
		return 0;
	mark[1] = s[0] == 'Q' ? 'A' : 'a';
	mark[2] = s[1];
	if (memcmp(s + n - 3, mark, 3) == 0)
		return n - 3;	/* "Q) question A)", the answer below */
	mark[3] = ' ';
	if ((a = memmem(s + 3, n - 3, mark, 4)) == NULL || a == s + 3)
		return 0;
	/* "Q: Which? A: Mars B: Jupiter": options, no answer. */
	mark[1]++;
	return memmem(a + 4, n - (size_t)(a + 4 - s), mark, 4) == NULL ?
	    (size_t)(a - s) : 0;
}

/*
 * Parts each of the n lines where cut() finds a place in two, the
 * question's line and the answer's, both numbered as it was: cut()
 * returns where the question ends (0 for no part; the blanks before it
 * go), and the answer's line starts skip bytes past it.  Where heads is
 * set, the question's line heads its block as a heading does: what is
 * under it answers.
 */
static void
part_lines(struct txt_state *st, size_t n,
    size_t (*cut)(const char *, size_t), size_t skip, int heads)
{
	struct line	*out;
	size_t		 i, o = 0, at, k;

	out = cp_xreallocarray(NULL, st->nlines + n, sizeof(*out));
	for (i = 0; i < st->nlines; i++) {
		out[o] = st->lines[i];
		if ((at = cut(st->text.data + st->lines[i].off,
		    st->lines[i].len)) == 0) {
			o++;
			continue;
		}
		out[o + 1] = out[o];
		out[o + 1].off += at + skip;
		out[o + 1].len -= at + skip;
		out[o + 1].gap = 0;
		out[o + 1].ruled = 0;
		for (k = at; k > 0 && (st->text.data[out[o].off + k - 1] ==
		    ' ' || st->text.data[out[o].off + k - 1] == '\t'); k--)
			continue;
		st->text.data[out[o].off + k] = '\0';
		out[o].len = k;
		out[o].headed |= heads;
		o += 2;
	}
	free(st->lines);
	st->lines = out;
	st->nlines = o;
	st->cap = st->nlines;
}

/*
 * A study guide may put the answer's label on its question's line, "Q)
 * What is load balancing? A)" over the answer, or "Q) Hardware load
 * balancers: A) Physical devices ...": when min_units lines or more do
 * so, each such line is parted in two at the label, the question's
 * line and the answer's, both numbered as it was.  Reported once.
 */
static void
find_inline_answers(struct cp_reader *r, struct txt_state *st)
{
	size_t		 n;
	unsigned long	 first;

	if ((n = lines_where(st, inline_answer, &first)) <
	    (size_t)layout_weight.min_units)
		return;
	/* The answer's line: "A) answer", the space before it left out. */
	part_lines(st, n, inline_answer, 1, 0);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines "
	    "hold a question and its answer's label, \"Q) ... A) ...\": "
	    "each parted at the label, the answer's line after it", n);
}

/*
 * Where a question's answer stands on its own line after "?:", "Ce
 * motor are BMW 520d f10?: 2.0": the offset past the "?", else 0.  The
 * answer asks nothing.
 */
static size_t
answered_question(const char *s, size_t n)
{
	size_t	 k, q = 0;

	for (k = 1; k + 1 < n; k++)
		if (s[k] == '?' && s[k + 1] == ':')
			q = k;
	if (q == 0 || !has_letter(s, q))
		return 0;
	k = q + 2 + strspn(s + q + 2, " \t");
	return k < n && memchr(s + k, '?', n - k) == NULL ? q + 1 : 0;
}

/*
 * The options of a question on one line, "* A. 2.0 / B. 2.5 / C. 1.6",
 * parted by " / ", lettered from "A" on, perhaps after a bullet: their
 * number, else 0.
 */
static size_t
slashed_options(const char *s, size_t n)
{
	const char	*end = s + n, *p;
	size_t		 len, count = 0;

	p = s + bullet(s, n);
	for (;;) {
		if (option_at(p, (size_t)(end - p), &len) != 'A' + (int)count)
			return 0;
		count++;
		if ((p = memmem(p, (size_t)(end - p), " / ", 3)) == NULL)
			return count >= 2 ? count : 0;
		p += 3;
	}
}

/*
 * How many lines after line i, a question answered on its line
 * (answered_question()), hold its options, the rest of its block: one
 * line of them (slashed_options()) or one an option, lettered from "A"
 * on; else 0.
 */
static size_t
options_under(const struct txt_state *st, size_t i)
{
	size_t	 e;
	char	 want = 'A';

	for (e = i + 1; e < st->nlines && st->lines[e].gap == 0; e++)
		if (opens_option(st, &st->lines[e]) != want++)
			break;
	if (e < st->nlines && st->lines[e].gap == 0)
		e = i + 1;
	if (e - i > 2)
		return e - i - 1;
	return i + 2 == st->nlines || (i + 2 < st->nlines &&
	    st->lines[i + 2].gap > 0) ? slashed_options(st->text.data +
	    st->lines[i + 1].off, st->lines[i + 1].len) > 0 : 0;
}

/*
 * A quiz program's file may keep each answer on its question's line, as
 * the text it accepts, "- 1. Ce motor are BMW 520d f10?: 2.0", over the
 * options it shows, "* A. 2.0 / B. 2.5 / C. 1.6 / D. 1.9", the rest of
 * the block: where min_units blocks or more are so, the options are the
 * question's and the answer follows them, on a line of its own numbered
 * as the question's; options on one line are parted, one to a line, the
 * bullet before them left out.  Reported once.
 */
static void
find_answered_options(struct cp_reader *r, struct txt_state *st)
{
	struct line	*out, *l, q;
	char		*s;
	size_t		 i, o, at, opts, n = 0, cap;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++)
		if ((i == 0 || st->lines[i].gap > 0) &&
		    answered_question(st->text.data + st->lines[i].off,
		    st->lines[i].len) > 0 && options_under(st, i) > 0 &&
		    n++ == 0)
			first = st->lines[i].lineno;
	if (n < (size_t)layout_weight.min_units)
		return;
	/* A block grows by its answer's line and its options' pieces. */
	for (i = 0, cap = st->nlines; i < st->nlines; i++)
		cap += 1 + slashed_options(st->text.data + st->lines[i].off,
		    st->lines[i].len);
	out = cp_xreallocarray(NULL, cap, sizeof(*out));
	for (i = o = 0; i < st->nlines; i++) {
		q = out[o++] = st->lines[i];
		if ((i > 0 && q.gap == 0) || (at = answered_question(
		    st->text.data + q.off, q.len)) == 0 ||
		    (opts = options_under(st, i)) == 0)
			continue;
		st->text.data[q.off + at] = '\0';
		out[o - 1].len = at;
		l = &out[o];
		if (opts == 1) {
			/*
			 * A run of lettered lines is two or more: one is a
			 * slashed line, one option a line each a piece of it.
			 */
			*l = st->lines[++i];
			l->off += bullet(st->text.data + l->off, l->len);
			l->len -= l->off - st->lines[i].off;
			while ((s = memmem(st->text.data + l->off, l->len,
			    " / ", 3)) != NULL) {
				*s = '\0';
				l[1] = *l;
				l[1].off = (size_t)(s + 3 - st->text.data);
				l[1].len = l->len - (l[1].off - l->off);
				l->len = (size_t)(s - st->text.data) - l->off;
				l++;
			}
			l++;
		} else
			while (opts-- > 0)
				*l++ = st->lines[++i];
		/* The answer, on a line numbered as its question's. */
		*l = q;
		l->off += at + 1 + strspn(st->text.data + q.off + at + 1,
		    " \t");
		l->len = q.off + q.len - l->off;
		l->gap = 0;
		l->ruled = 0;
		o = (size_t)(l + 1 - out);
	}
	free(st->lines);
	st->lines = out;
	st->nlines = o;
	st->cap = cap;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu questions "
	    "answered on their line after \"?:\", over their options: the "
	    "options read as the question's, its answer after them", n);
}

static long	margin_number(const char *, size_t);

/* Where the text after a margin_number() and its mark starts. */
static size_t
past_number(const char *s)
{
	size_t	 k = strspn(s, "0123456789") + 1;

	return k + strspn(s + k, " \t");
}

/*
 * Where the colon after a numbered term stands, "4. Estructuras de
 * control: Incluyen ...": a number at the margin (margin_number()), a
 * term of front_words words at most with a letter, no side's label
 * ("1. Kysymys: ..."), ": " outside brackets ("( DDL : Data ...)" is the
 * term's) and text that asks nothing; else 0.
 */
static size_t
numbered_term(const char *s, size_t n)
{
	size_t	 k, c;
	int	 open;

	if (margin_number(s, n) == 0)
		return 0;
	k = past_number(s);
	for (c = k, open = 0; c < n && (s[c] != ':' || open > 0); c++)
		open += s[c] == '(' ? 1 : s[c] == ')' && open > 0 ? -1 : 0;
	if (c == k || c + 2 >= n || s[c + 1] != ' ' ||
	    !has_letter(s + k, c - k) || cp_count_words(s + k, c - k) >
	    (size_t)layout_weight.front_words ||
	    cp_word_among(s + k, c - k, qwords) ||
	    memchr(s + c, '?', n - c) != NULL)
		return 0;
	return c;
}

/*
 * A numbered glossary, "1. Variables: Son contenedores ...", its
 * entries wrapped onto lines under them: where the lines numbered at
 * the margin count 1, 2, 3 and on, each after a blank line, and
 * min_units or more, nine in ten of them, are numbered terms
 * (numbered_term()) that differ, each is parted at its colon, the
 * numbered term's line over the definition's, so that the numbers open
 * the entries as they open questions.  Reported once.
 */
static void
find_numbered_terms(struct cp_reader *r, struct txt_state *st)
{
	const char	*s, *prev = NULL;
	size_t		 i, n = 0, c, k, prevc = 0, numbered = 0, same = 0;
	unsigned long	 first = 0;
	long		 num;

	/*
	 * One list, 1, 2, 3 and on, each entry a block of its own: no
	 * lists inside answers.  A field the program writes on each,
	 * "1. Created: 2023-08-20", is the same word every time.
	 */
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((num = margin_number(s, st->lines[i].len)) == 0)
			continue;
		if (num != (long)++numbered || (i > 0 &&
		    st->lines[i].gap == 0))
			return;
		if ((c = numbered_term(s, st->lines[i].len)) > 0) {
			if (n++ == 0)
				first = st->lines[i].lineno;
			k = past_number(s);
			same += prev != NULL && c - k == prevc &&
			    memcmp(s + k, prev, c - k) == 0;
			prev = s + k, prevc = c - k;
		}
	}
	if (n < (size_t)layout_weight.min_units || !sure(n, numbered) ||
	    2 * same >= n)
		return;
	part_lines(st, n, numbered_term, 2, 1);	/* past ": " */
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu numbered "
	    "lines \"1. term: definition\": each parted at the colon, the "
	    "numbered term over its definition", n);
}

/*
 * A file committed in the middle of a merge git could not finish holds
 * the conflict's markers, "<<<<<<< HEAD", "=======", ">>>>>>> 0425495",
 * and both sides between them, often the same cards twice.  The markers
 * are no text: they are taken out, their blank lines left to the line
 * after them, and each line between them knows its conflict and side,
 * so that a card of the second side that repeats one of the first is
 * made once (drop_repeats).  Each conflict is reported once.  A "======="
 * of no such conflict is the rule it looks like, a blank line.
 */
static void
find_conflicts(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, k, kept = 0, open = 0, mid = 0, n = 0;
	unsigned long	 gap = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (conflict_marker(s, l->len, '<'))
			open = i + 1, mid = 0;
		else if (open && !mid && conflict_marker(s, l->len, '='))
			mid = i + 1;
		else if (open && mid && conflict_marker(s, l->len, '>')) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lines[open - 1].lineno, 0, "a merge conflict "
			    "left unresolved, to line %lu: its markers left "
			    "out, and a card of one side that repeats one of "
			    "the other made once", l->lineno);
			n++;
			for (k = open - 1; k <= i; k++) {
				st->lines[k].conflict = n;
				st->lines[k].side = k < mid - 1 ? 1 : 2;
			}
			/* The markers, of no side. */
			st->lines[open - 1].side = st->lines[mid - 1].side = 0;
			st->lines[i].side = 0;
			open = mid = 0;
		}
	}
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((l->conflict > 0 && l->side == 0) ||
		    conflict_marker(s, l->len, '=')) {
			gap += l->gap + (l->conflict == 0);
			continue;
		}
		l->gap += gap;
		gap = 0;
		st->lines[kept++] = *l;
	}
	st->nlines = kept;
}

/* Does line l end in one '\\', not two (a LaTeX break, or an escape)? */
static int
hard_break(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	return s[l->len - 1] == '\\' && (l->len == 1 || s[l->len - 2] != '\\');
}

/*
 * Drops the lines an edit left empty: each is a blank line, added with
 * the blank lines above it to the gap above the next line kept.
 */
static void
drop_empty_lines(struct txt_state *st)
{
	size_t		 i, kept = 0;
	unsigned long	 carry = 0;

	for (i = 0; i < st->nlines; i++) {
		if (st->lines[i].len == 0) {
			carry += st->lines[i].gap + 1;
			continue;
		}
		st->lines[i].gap += carry;
		carry = 0;
		st->lines[kept++] = st->lines[i];
	}
	st->nlines = kept;
}

/*
 * A '\\' at the end of a line is Markdown's hard line break, written by
 * people whose notes are Markdown files ("Class - The blueprint\\").
 * When it ends two thirds of the lines or more, at least three, it is
 * markup, not text: it is taken off those lines, with the white space
 * before it, and a line that held nothing else is a blank line.
 * Reported once.
 */
static void
find_hard_breaks(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, n = 0;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++)
		if (hard_break(st, &st->lines[i])) {
			n++;
			if (first == 0)
				first = st->lines[i].lineno;
		}
	if (n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.fit_den <
	    st->nlines * (size_t)layout_weight.fit_num)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "a \"\\\" "
	    "ends %zu of %zu lines: read as Markdown's line break, not text",
	    n, st->nlines);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (hard_break(st, l)) {
			l->len--;
			while (l->len > 0 && (st->text.data[l->off + l->len - 1] ==
			    ' ' || st->text.data[l->off + l->len - 1] == '\t'))
				l->len--;
			st->text.data[l->off + l->len] = '\0';
		}
	}
	drop_empty_lines(st);
}

/* The value of a Roman digit I, V or X, else 0. */
static long
roman_digit(char c)
{
	return c == 'I' ? 1 : c == 'V' ? 5 : c == 'X' ? 10 : 0;
}

/*
 * The value of s[0..n) when it is a Roman numeral alone, "IV", perhaps
 * with a "." or ":" after it, from 1 to 39; else 0.
 */
static long
roman(const char *s, size_t n)
{
	long	 v = 0, d;
	size_t	 i;

	if (n > 0 && (s[n - 1] == '.' || s[n - 1] == ':'))
		n--;
	if (n == 0 || n > 8)
		return 0;
	for (i = 0; i < n; i++) {
		if ((d = roman_digit(s[i])) == 0)
			return 0;
		v += i + 1 < n && d < roman_digit(s[i + 1]) ? -d : d;
	}
	return v > 0 && v < 40 ? v : 0;
}

/*
 * Does s[0..n) open with the word for a question, "Pergunta 2", not a
 * field's name ("Term 2", a school term's section)?
 */
static size_t
labelled_number(const char *s, size_t n)
{
	char	 low[24], w[24];
	size_t	 k;

	cp_lower_prefix(s, n, low, sizeof(low));
	k = label_words(low, qwords, w, sizeof(w));
	return k > 0 && !in_list(w, field_words) ? k : 0;
}

/*
 * A counter line, "Flashcard 12", "Card #3", "Karte 7:", "Ques12", "#
 * Pergunta 2", or a number alone, "12": a word or two and a number, or
 * the number, nothing else, perhaps in a heading's marks.  Returns one
 * more than the length of its words and marks (1 for a number alone),
 * setting *num, or 0.
 */
static size_t
counter_line(const char *s, size_t n, long *num)
{
	size_t	 i = 0, k, words, w = 0;

	/*
	 * "# Pergunta 1": in a heading's marks, where the word numbers a
	 * question ("## Chapter 1" titles a section).
	 */
	while (i < n && s[i] == '#')
		i++;
	if (i > 0 && (i >= n || s[i++] != ' ' ||
	    labelled_number(s + i, n - i) == 0))
		return 0;
	for (words = 0; words < 2 && !isdigit((unsigned char)s[i]); words++) {
		for (k = i; k < n && cp_word_byte((unsigned char)s[k]); k++)
			continue;
		if (words == 0 && k > i && k < n &&
		    isdigit((unsigned char)s[k])) {
			w = k;	/* "Ques12": the number glued on */
			i = k;
			break;
		}
		if (k == i || k + 1 >= n || s[k] != ' ')
			return 0;
		w = k;
		i = k + 1;
		if (isdigit((unsigned char)s[i]) || s[i] == '#' ||
		    roman(s + i, n - i) > 0)
			break;
	}
	/* "Wykład IV": lectures are numbered so as often as "Card 4". */
	if (w > 0 && (*num = roman(s + i, n - i)) > 0)
		return w + 1;
	if (w > 0 && s[i] == '#')
		i++;
	for (k = i, *num = 0; k < n && k - i < 9 && isdigit((unsigned char)s[k]);
	    k++)
		*num = *num * 10 + (s[k] - '0');
	if (k < n && (s[k] == '.' || s[k] == ':'))
		k++;
	return k > i && k == n ? w + 1 : 0;
}

/*
 * The number that opens s[0..n) as an item's, "3. ", "3) ", "3 - ",
 * "3-", "3 \xe2\x80\x93 ", with the length *len up to the item's text
 * (or the line's end); else 0.
 */
static long
item_number(const char *s, size_t n, size_t *len)
{
	size_t	 k = strspn(s, "0123456789"), m;

	if (k == 0 || k > 3 || (s[0] == '0'))
		return 0;
	for (m = k; m < n && s[m] == ' '; m++)
		continue;
	if (m < n && (s[m] == '.' || s[m] == ')' || s[m] == '-'))
		m++;
	else if (n - m >= 3 && memcmp(s + m, "\xe2\x80\x93", 3) == 0)
		m += 3;
	else
		return 0;
	if (m < n && s[m] != ' ' && s[m] != '\t' &&
	    (s[m - 1] != '-' || isdigit((unsigned char)s[m])))
		return 0;	/* "3.14", "3-4" */
	for (; m < n && (s[m] == ' ' || s[m] == '\t'); m++)
		continue;
	*len = m;
	return strtol(s, NULL, 10);
}

/* Whether s[0..n) opens with a question word or a prompt, "Explain". */
static int
opens_prompt(const char *s, size_t n)
{
	char	 low[64], w[24];

	cp_lower_prefix(s, n, low, sizeof(low));
	return first_word(low, w, sizeof(w)) > 0 &&
	    (in_list(w, cp_prompt_words) || in_list(w, interrogatives));
}

/*
 * An exam sheet may list its questions numbered 1 to N, then their
 * answers numbered 1 to N again below them: "1 - Why ...?" ... "4 - ...",
 * then "1. Because ...".  When the file's numbered lines are exactly two
 * such runs, N at least min_units, and fit_num in fit_den of the first
 * run's lines ask, each answer is moved to stand under its question, its
 * number left out (a number alone on its line goes with it), so that
 * the numbers part the cards as find_numbered() reads them.  A question
 * runs to the next question; the last to a blank line; an answer to the
 * next answer or the file's end.  What stands before the questions or
 * between the last question and the first answer comes first, as notes.
 * Reported once.
 */
static void
find_answer_list(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l, *out;
	const char	*s;
	size_t		 i, k, len, *at, nat = 0, n, asks = 0, o = 0;
	size_t		 qend;
	long		 v, want = 1;
	int		 asked;

	at = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*at));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((v = item_number(st->text.data + l->off, l->len,
		    &len)) == 0)
			continue;
		if (v != want && !(v == 1 && nat > 0 && want > 1 &&
		    nat == (size_t)want - 1)) {
			free(at);
			return;
		}
		want = v + 1;
		at[nat++] = i;
	}
	n = nat / 2;
	if (nat % 2 != 0 || n < (size_t)layout_weight.min_units ||
	    item_number(st->text.data + st->lines[at[n]].off,
	    st->lines[at[n]].len, &len) != 1) {
		free(at);
		return;
	}
	/* A question asks on one of its lines, or opens with a prompt. */
	for (k = 0; k < n; k++) {
		s = st->text.data + st->lines[at[k]].off;
		item_number(s, st->lines[at[k]].len, &len);
		asked = opens_prompt(s + len, st->lines[at[k]].len - len);
		for (i = at[k]; i < at[k + 1] && !asked; i++)
			asked = memchr(st->text.data + st->lines[i].off, '?',
			    st->lines[i].len) != NULL;
		asks += asked;
	}
	if (asks * (size_t)layout_weight.fit_den <
	    n * (size_t)layout_weight.fit_num) {
		free(at);
		return;
	}
	/* The last question ends at a blank line, or where answers start. */
	for (qend = at[n - 1] + 1; qend < at[n] && st->lines[qend].gap == 0;
	    qend++)
		continue;
	out = cp_xreallocarray(NULL, st->nlines, sizeof(*out));
	for (i = 0; i < at[0]; i++)
		out[o++] = st->lines[i];
	for (i = qend; i < at[n]; i++)
		out[o++] = st->lines[i];
	at[nat] = st->nlines;
	for (k = 0; k < n; k++) {
		for (i = at[k]; i < (k + 1 < n ? at[k + 1] : qend); i++)
			out[o++] = st->lines[i];
		out[o - (i - at[k])].gap = 1;
		for (i = at[n + k]; i < at[n + k + 1]; i++) {
			out[o] = st->lines[i];
			if (i == at[n + k]) {
				l = &out[o];
				item_number(st->text.data + l->off, l->len,
				    &len);
				l->off += len;
				l->len -= len;
				l->gap = 0;
				if (l->len == 0)
					continue;	/* "2-" alone */
			}
			o++;
		}
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[at[n]].lineno, 0, "%zu questions numbered 1 to %zu, "
	    "then %zu answers numbered so: each answer read under its "
	    "question, its number left out", n, n, n);
	free(st->lines);
	st->lines = out;
	st->cap = st->nlines;
	st->nlines = o;
	free(at);
}

/*
 * Lines that count the cards, "Flashcard 1" ... "Flashcard 40", stand
 * between cards: they are no text of a card, and part the cards as a
 * blank line does.  They are taken for counters when at least three
 * lines are such a counter of the same words as the first, two thirds
 * of all counter lines or more, the number goes up by one from each to
 * the next on two thirds of them, and they stand where cards begin: the
 * first within the first three lines (after a title and a Source line
 * at most), and two lines or more, a question and an answer, after two
 * thirds of them.  "Answer 12." after each question is no counter.
 * Reported once; the lines above the first counter, names or a
 * heading, are no card.
 */
static void
find_counters(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*w = NULL, *s;
	size_t		 i, kept, len, wlen = 0, all = 0, same = 0, up = 0;
	size_t		 at = 0, after = 0, roomy = 0, inner, asking;
	unsigned long	 first = 0, gap = 0;
	long		 num, last = 0;
	unsigned char	*is;

	is = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((len = counter_line(s, l->len, &num)) == 0 || (w != NULL &&
		    (len != wlen || strncasecmp(s, w, len - 1) != 0))) {
			all += len > 0;
			after++;
			continue;
		}
		all++;
		if (w == NULL) {
			w = s, wlen = len;
			first = l->lineno;
			at = i;
		}
		roomy += same > 0 && after >= 2;
		up += same > 0 && num == last + 1;
		last = num;
		same++;
		is[i] = 1;
		after = 0;
	}
	roomy += same > 0 && after >= 2;
	if (same < (size_t)layout_weight.min_units || at > 2 ||
	    roomy * (size_t)layout_weight.fit_den <
	    same * (size_t)layout_weight.fit_num ||
	    same * (size_t)layout_weight.fit_den <
	    all * (size_t)layout_weight.fit_num ||
	    up * (size_t)layout_weight.fit_den <
	    (same - 1) * (size_t)layout_weight.fit_num) {
		free(is);
		return;
	}
	if (wlen == 1)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu "
		    "lines of a number alone read as counters between the "
		    "cards, not text", same);
	else
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu "
		    "\"%.*s%sN\" lines read as counters between the cards, "
		    "not text", same, (int)(wlen - 1), w,
		    isdigit((unsigned char)w[wlen - 1]) ? "" : " ");
	/* Above the first counter: a heading, "Mauricio Ramirez 9°2". */
	if (at > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu line%s above the first "
		    "counter: a heading, not a card", at, at > 1 ? "s" : "");
	for (i = at, kept = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (is[i]) {
			gap = l->gap > 1 ? l->gap : 1;
			continue;
		}
		if (kept > 0 && gap > l->gap)
			l->gap = gap;
		l->counted = i > 0 && is[i - 1];
		gap = 0;
		st->lines[kept++] = *l;
	}
	st->nlines = kept;
	/*
	 * Counters over blocks of one or two each, on the whole, fewer than
	 * half of those after the first asking, count the cards themselves:
	 * a blank line under one parts no card.  Over runs of blocks or of
	 * questions ("Lecture IV") they are parts.
	 */
	for (i = 0, inner = 0, asking = 0; i < kept; i++) {
		l = &st->lines[i];
		if (l->counted || l->gap == 0)
			continue;
		inner++;
		asking += ending(st->text.data + l->off, l->len) == LF_ENDQ;
	}
	st->counters = inner <= same && (asking == 0 || 2 * asking < inner);
	free(is);
}

/*
 * A label of a record's field at the start of s, "Concepto:",
 * "Término clave:", "Nội dung câu hỏi:", "C#:", in any language: one to
 * four words (a word's letters may hold "#", "+", "-" and ".", as in
 * "Objective-C" and ".NET") and a colon, then white space or the end.
 * Indentation and the record's number may stand before it, "1. Kysymys:",
 * "   Vastaus:"; *at is set to where the label begins.  Returns the
 * length up to the colon included, from s, or 0.
 */
static size_t
pair_label(const char *s, size_t n, size_t *at)
{
	size_t	 i, k, words, letters;

	i = strspn(s, " \t");
	i += record_number(s + i, n - i);
	*at = i;
	for (words = 0; words < 4; words++) {
		for (k = i, letters = 0; k < n &&
		    (cp_word_byte((unsigned char)s[k]) ||
		    strchr("#+-.", s[k]) != NULL); k++)
			letters += cp_word_byte((unsigned char)s[k]);
		if (letters == 0 || k >= n || k - *at > 24)
			return 0;
		if (s[k] == ':')
			return k + 1 < n && s[k + 1] != ' ' && s[k + 1] != '\t' ?
			    0 : k + 1;
		if (s[k] != ' ')
			return 0;
		i = k + 1;
	}
	return 0;
}

struct pair {
	const char	*a, *b;	/* the labels (no number), the question's first */
	size_t		 alen, blen;
	size_t		 line;	/* the question's line */
	size_t		 bline;	/* the answer's */
};

static int
pair_cmp(const void *x, const void *y)
{
	const struct pair	*p = x, *q = y;
	int			 c;

	if (p->alen != q->alen)
		return p->alen < q->alen ? -1 : 1;
	if (p->blen != q->blen)
		return p->blen < q->blen ? -1 : 1;
	if ((c = strncasecmp(p->a, q->a, p->alen)) != 0 ||
	    (c = strncasecmp(p->b, q->b, p->blen)) != 0)
		return c;
	return p->line < q->line ? -1 : p->line > q->line;
}

static int
same_pair(const struct pair *p, const struct pair *q)
{
	return p->alen == q->alen && p->blen == q->blen &&
	    strncasecmp(p->a, q->a, p->alen) == 0 &&
	    strncasecmp(p->b, q->b, p->blen) == 0;
}

/* The length of line i up to the end of its label at label[0..len). */
static size_t
label_end(const struct txt_state *st, size_t i, const char *label, size_t len)
{
	return (size_t)(label - (st->text.data + st->lines[i].off)) + len;
}

/*
 * Marks line i as labelled, question or answer: its first len bytes,
 * any number with the label, are no part of the field.
 */
static void
mark_label(struct txt_state *st, size_t i, size_t len, int answer)
{
	struct line	*l = &st->lines[i];
	const char	*s = st->text.data + l->off;

	l->flags &= ~(unsigned int)(LF_QPFX | LF_APFX);
	l->flags |= answer ? LF_APFX : LF_QPFX;
	for (l->pfx = len; l->pfx < l->len &&
	    (s[l->pfx] == ' ' || s[l->pfx] == '\t'); l->pfx++)
		continue;
}

/* Is line i a label and nothing else, "Pytanie:"?  len is its label's. */
static int
label_alone(const struct txt_state *st, size_t i, size_t len)
{
	const struct line	*l = &st->lines[i];

	return len + strspn(st->text.data + l->off + len, " \t") == l->len;
}

/* Does labelled line i's field open with a quote? */
static int
opens_quote(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	return l->pfx < l->len && (st->text.data[l->off + l->pfx] == '"' ||
	    st->text.data[l->off + l->pfx] == '\'');
}

/* The length of "</q>" or "</a>" ending line l, white space after it too. */
static size_t
closing_side_tag(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 f = 0, n = l->len;

	blank_trim(s, &f, &n);
	if (n < 4 || (strncasecmp(s + n - 4, "</q>", 4) != 0 &&
	    strncasecmp(s + n - 4, "</a>", 4) != 0))
		return 0;
	return l->len - (n - 4);
}

/*
 * FullRecall's cards: "<q>" opens a question, "</q>" closes it, "<a>"
 * and "</a>" its answer; the tags are syntax.  When min_units lines or
 * more open with "<q>" and about as many with "<a>" (one in ten may
 * lack its other side), those tags are read as the labels "Q:" and "A:"
 * are, and the tag that closes a side so opened is left out, and its
 * line with it where nothing else is on it ("</a>" elsewhere is an HTML
 * link's).  Reported once.
 */
static void
find_side_tags(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, k, c, kept, nq = 0, na = 0;
	unsigned long	 gap = 0;
	int		 side = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		s += strspn(s, " \t");
		nq += strncasecmp(s, "<q>", 3) == 0;
		na += strncasecmp(s, "<a>", 3) == 0;
	}
	if (nq < (size_t)layout_weight.min_units ||
	    na < (size_t)layout_weight.min_units ||
	    10 * (nq > na ? nq - na : na - nq) > nq)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu cards in FullRecall's tags, \"<q>\" and \"<a>\": read as "
	    "the labels of question and answer, the tags left out", nq);
	for (i = kept = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		k = strspn(s, " \t");
		if (strncasecmp(s + k, "<q>", 3) == 0 ||
		    strncasecmp(s + k, "<a>", 3) == 0) {
			side = tolower((unsigned char)s[k + 1]);
			mark_label(st, i, k + 3, side == 'a');
		}
		if (side != 0 && (c = closing_side_tag(st, l)) > 0 &&
		    tolower((unsigned char)s[l->len - c + 2]) == side) {
			side = 0;
			if (l->len - c <= l->pfx &&
			    !(l->flags & (LF_QPFX | LF_APFX))) {
				gap += l->gap;	/* a line of the tag alone */
				continue;
			}
			l->len -= c;
			st->text.data[l->off + l->len] = '\0';
		}
		l->gap += gap;
		gap = 0;
		st->lines[kept++] = *l;
	}
	st->nlines = kept;
}

/* Is label s (n bytes, its colon and spaces aside) a word of words? */
static int
label_among(const char *s, size_t n, const char *const *words)
{
	while (n > 0 && strchr(": \t", s[n - 1]) != NULL)
		n--;
	return cp_word_among(s, n, words);
}

/*
 * Do the n pairs of labels from p on, the file's most common, take turns
 * as a dialogue's speakers do, "Mustafa: Hallo! Wie kann ich helfen?"
 * over "Bekir: Ich möchte ...": half the pairs or more right under the
 * one before, no blank line between, the second speaker asking on two
 * lines or more, one in eight at least (an answer seldom asks), and
 * neither label a record's field, a question's or an answer's?
 */
static int
speakers_turns(const struct txt_state *st, const struct pair *p, size_t n)
{
	/* A record's fields, "Word:" over "Example: Can I ...?": no turns. */
	static const char *const fields[] = {
		"word", "term", "example", "examples", "meaning",
		"definition", "translation", "sentence", "beispiel",
		"ejemplo", "exemple", "esempio", "exemplo", "przykład",
		"пример", "note", "hint", NULL
	};
	const struct line	*b;
	size_t			 k, asking = 0, together = 0;

	if (label_among(p->a, p->alen, fields) ||
	    label_among(p->b, p->blen, fields) ||
	    label_among(p->a, p->alen, qwords) ||
	    label_among(p->b, p->blen, cp_answer_words))
		return 0;

	for (k = 0; k < n; k++) {
		b = &st->lines[p[k].bline];
		asking += asks_at_end(st->text.data + b->off, b->len);
		together += p[k].line > 0 && st->lines[p[k].line].gap == 0;
	}
	return asking >= 2 && 8 * asking >= n && 2 * together >= n;
}

/*
 * Records of two labelled lines, "Concepto: VWAP" over "Definición: El
 * VWAP es ...", label their question and answer with words in any
 * language.  A label alone on its line labels the lines under it, up
 * to the next label: "Pytanie:", the question's lines, "Odpowiedź:",
 * the answer's.  When two labelled lines stand together (or a label
 * alone and the next label alone, the question's lines between and no
 * blank line), the first label one way and the second the other, on at
 * least three pairs, and such pairs hold two thirds of the lines or
 * more, with the lines under them, the file's most common
 * pair labels its cards: every line with its first label begins a card,
 * every line with its second an answer.  A pair of other labels that
 * stands alone between blank lines is read the same way.  Each pair of
 * labels is reported once.  Returns whether the labels were found.
 * n log n in the lines.
 */
static int
find_label_pairs(struct cp_reader *r, struct txt_state *st)
{
	struct pair	*p, *top;
	const char	*s;
	size_t		 m = st->nlines, i, j, k, n = 0, run, best = 0, len;
	size_t		 alone, at, covered = 0, lone = 0, marked = 0, quoted = 0;
	struct pair	 one;

	p = cp_xreallocarray(NULL, m / 2 + 1, sizeof(*p));
	for (i = 0; i + 1 < m; i++) {
		s = st->text.data + st->lines[i].off;
		if ((len = pair_label(s, st->lines[i].len, &at)) == 0)
			continue;
		p[n].a = s + at;
		p[n].alen = len - at;
		/*
		 * The question runs to the next label; under a label alone,
		 * the answer's label stands alone too.
		 */
		alone = label_alone(st, i, len);
		j = i + 1;
		while (j + 1 < m && st->lines[j + 1].gap == 0 &&
		    pair_label(st->text.data + st->lines[j].off,
		    st->lines[j].len, &at) == 0)
			j++;
		s = st->text.data + st->lines[j].off;
		if (st->lines[j].gap > 0 ||
		    (len = pair_label(s, st->lines[j].len, &at)) == 0 ||
		    (alone && j > i + 1 && !label_alone(st, j, len)))
			continue;
		/*
		 * Where the answers' label is known, only a label of the
		 * file's own that opens its block over it pairs: "Answer:"
		 * over "Explanation:" labels no question, nor does "Hint:"
		 * under the question it hints at.
		 */
		if (st->qa == QA_ANSWERS &&
		    ((st->lines[i].flags & LF_ANSPFX) ||
		    !(st->lines[j].flags & LF_ANSPFX) ||
		    (i > 0 && st->lines[i].gap == 0)))
			continue;
		p[n].b = s + at;
		p[n].blen = len - at;
		p[n].line = i;
		p[n].bline = j;
		if (p[n].alen == p[n].blen &&
		    strncasecmp(p[n].a, p[n].b, p[n].alen) == 0)
			continue;
		/* A label alone over the answer: its lines, to the next. */
		for (k = j + 1; label_alone(st, j, len) && k < m &&
		    pair_label(st->text.data + st->lines[k].off,
		    st->lines[k].len, &at) == 0; k++)
			continue;
		covered += k - i;
		n++;
		i = k - 1;
	}
	qsort(p, n, sizeof(*p), pair_cmp);
	for (i = 0, top = NULL; i < n; i = j) {
		for (j = i + 1; j < n && same_pair(&p[i], &p[j]); j++)
			continue;
		if (j - i > best)
			best = j - i, top = &p[i];
	}
	if (best < (size_t)layout_weight.min_units ||
	    covered * (size_t)layout_weight.fit_den <
	    m * (size_t)layout_weight.fit_num) {
		free(p);
		return 0;
	}
	one = *top;
	if (speakers_turns(st, top, best)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[one.line].lineno, 0, "\"%.*s\" and \"%.*s\" "
		    "take turns, line under line, and the second asks too: "
		    "a dialogue's speakers: no cards",
		    (int)one.alen, one.a, (int)one.blen, one.b);
		free(p);
		st->nlines = 0;
		return 1;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[one.line].lineno, 0, "\"%.*s\" and \"%.*s\" on %zu "
	    "cards read as the labels of question and answer", (int)one.alen,
	    one.a, (int)one.blen, one.b, best);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && same_pair(&p[i], &p[j]); j++)
			continue;
		for (k = i, run = same_pair(&p[i], &one), alone = 0; k < j; k++) {
			if (!run && !((p[k].line == 0 ||
			    st->lines[p[k].line].gap > 0) &&
			    (p[k].bline + 1 == m ||
			    st->lines[p[k].bline + 1].gap > 0)))
				continue;
			mark_label(st, p[k].line, label_end(st, p[k].line,
			    p[k].a, p[k].alen), 0);
			len = label_end(st, p[k].bline, p[k].b, p[k].blen);
			mark_label(st, p[k].bline, len, 1);
			marked++;
			quoted += opens_quote(st, p[k].line) &&
			    opens_quote(st, p[k].bline);
			lone += run && label_alone(st, p[k].bline, len);
			if (!run && alone++ == 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    st->lines[p[k].line].lineno, 0, "\"%.*s\" "
				    "and \"%.*s\" read as the labels of question "
				    "and answer, as \"%.*s\" and \"%.*s\" are",
				    (int)p[k].alen, p[k].a, (int)p[k].blen,
				    p[k].b, (int)one.alen, one.a, (int)one.blen,
				    one.b);
		}
	}
	st->labelsalone = lone * (size_t)layout_weight.fit_den >=
	    best * (size_t)layout_weight.fit_num;
	/* 'Label: "text"' on every labelled line: the quotes are syntax. */
	if ((st->labelquotes = quoted == marked))
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[one.line].lineno, 0, "quotes round every "
		    "labelled field read as syntax: left out");
	/* The file's labels on a line of their own, out of a pair. */
	for (i = 0; i < m; i++) {
		s = st->text.data + st->lines[i].off;
		if (st->lines[i].flags & (LF_QPFX | LF_APFX) ||
		    (len = pair_label(s, st->lines[i].len, &at)) == 0)
			continue;
		if (len - at == one.alen &&
		    strncasecmp(s + at, one.a, one.alen) == 0)
			mark_label(st, i, len, 0);
		else if (len - at == one.blen &&
		    strncasecmp(s + at, one.b, one.blen) == 0)
			mark_label(st, i, len, 1);
	}
	free(p);
	return 1;
}

/*
 * How many asterisks, one or two, stand round all of t[0..n) as
 * Markdown's emphasis, "*Why?*", "**Why?**": none inside it, none
 * with a space on its inner side; 0 when none do.
 */
static size_t
emphasis_round(const char *t, size_t n)
{
	size_t	 k = n > 2 && t[0] == '*' && t[1] == '*' ? 2 : 1;

	if (n <= 2 * k || t[0] != '*' || t[k] == ' ' || t[k] == '*' ||
	    strncmp(t + n - k, "**", k) != 0 || t[n - k - 1] == ' ' ||
	    memchr(t + k, '*', n - 2 * k) != NULL)
		return 0;
	return k;
}

/*
 * The length of the emphasis round all the text of line l after its
 * record's number, "1. *Define a process?*", a chatbot's Markdown pasted
 * as text; 0 when none is.  *num is the number's length.
 */
static size_t
numbered_emphasis(const struct txt_state *st, const struct line *l,
    size_t *num)
{
	const char	*s = st->text.data + l->off;
	size_t		 e = l->len;

	if ((*num = record_number(s, l->len)) == 0)
		return 0;
	while (e > *num && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	return emphasis_round(s + *num, e - *num);
}

/*
 * Is line i a numbered line that opens a block, out of any fence: where
 * a chatbot's numbered questions stand (its answers' lists go on under
 * them)?
 */
static int
numbered_head(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	return (i == 0 || l->gap > 0) && !l->fenced &&
	    record_number(st->text.data + l->off, l->len) > 0;
}

/*
 * A chatbot's answers pasted as text keep its Markdown: each numbered
 * question in emphasis, "1. *Define a process?*".  When min_units
 * numbered lines that open blocks or more, fit_num in fit_den of them,
 * are so, the asterisks are markup, no text: left out, said once, and
 * the lines read again.  A fence's lines are code, kept as written.
 */
static void
find_emphasized(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	char		*s;
	size_t		 i, k, num, n = 0, numbered = 0, first = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!numbered_head(st, i))
			continue;
		if ((k = numbered_emphasis(st, l, &num)) > 0 && n++ == 0)
			first = l->lineno;
		numbered++;
	}
	if (n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.fit_den <
	    numbered * (size_t)layout_weight.fit_num)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu of %zu "
	    "numbered questions in Markdown's emphasis, \"*...*\": the "
	    "asterisks are markup, left out", n, numbered);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!numbered_head(st, i) ||
		    (k = numbered_emphasis(st, l, &num)) == 0)
			continue;
		s = st->text.data + l->off;
		/* The number moves up to the text; the closing mark goes. */
		memmove(s + k, s, num);
		l->off += k;
		s += k;
		l->len -= k;
		for (; l->len > 0 && (s[l->len - 1] == ' ' ||
		    s[l->len - 1] == '\t'); l->len--)
			continue;
		l->len -= k;
		s[l->len] = '\0';
		l->flags = 0;
		l->pfx = 0;
		classify(st, l);
	}
}

/*
 * Marks the lines of each Markdown fence pasted into a text file, "```"
 * to "```", fence lines included: code, ASCII art, one block that goes
 * with the card above it.  A fence left open holds nothing.
 */
static void
find_fences(struct txt_state *st)
{
	size_t	 i, open = 0;
	int	 in = 0;

	for (i = 0; i < st->nlines; i++) {
		if (strncmp(st->text.data + st->lines[i].off, "```", 3) != 0)
			continue;
		if (in)
			for (; open <= i; open++)
				st->lines[open].fenced = 1;
		open = i;
		in = !in;
	}
}

/*
 * The length of line i when it is the word for an answer alone, with no
 * colon, right under the line above, "Answer" under "1. Tell me about
 * yourself."; else 0.
 */
static size_t
bare_answer_word(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	char			 low[32], w[24];
	size_t			 n;

	if (i == 0 || l->gap > 0 || (l->flags & (LF_QPFX | LF_APFX)) ||
	    l->len >= sizeof(low))
		return 0;
	cp_lower_prefix(st->text.data + l->off, l->len, low, sizeof(low));
	if ((n = first_word(low, w, sizeof(w))) == 0 ||
	    !in_list(w, cp_answer_words) ||
	    low[n + strspn(low + n, " \t")] != '\0')
		return 0;
	return l->len;
}

/*
 * Numbered questions may each stand over the word for an answer alone on
 * its line, "Answer", over the answer: where min_units such lines or more
 * stand under fit_num in fit_den of the numbered lines that open blocks,
 * they label the answers, as "Answer:" does.  A few among many are the
 * answers' own words.  Reported once.
 */
static void
find_bare_answer_words(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, n = 0, numbered = 0;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++) {
		numbered += (i == 0 || st->lines[i].gap > 0) &&
		    (st->lines[i].flags & LF_NUMBER);
		if (bare_answer_word(st, i) > 0 && n++ == 0)
			first = st->lines[i].lineno;
	}
	if (n < (size_t)layout_weight.min_units ||
	    numbered < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.fit_den <
	    numbered * (size_t)layout_weight.fit_num)
		return;
	for (i = 0; i < st->nlines; i++)
		if (bare_answer_word(st, i) > 0)
			mark_label(st, i, st->lines[i].len, 1);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines of "
	    "the word for an answer alone, under %zu numbered questions: "
	    "read as the label of their answers", n, numbered);
}

/*
 * Decides whether Q:/A: prefixes delimit this deck's cards, whether its
 * answer labels stand right under their questions (at least three, two
 * thirds of them or more), and whether its questions are numbered, and
 * how (then "1." starts no list).
 */
static void
find_prefixes(struct txt_state *st)
{
	size_t		 i, nq = 0, na = 0, nlone = 0, nn[2] = { 0, 0 }, nb = 0;
	size_t		 under = 0, lone, bare = 0, nseq = 0, nword = 0;
	unsigned long	 num, top = 0;
	unsigned int	 f;
	const char	*s;

	for (i = 0; i < st->nlines; i++) {
		f = st->lines[i].flags;
		s = st->text.data + st->lines[i].off;
		/* Questions count up; the items of answers' lists restart. */
		st->lines[i].flags &= ~LF_COUNTS;
		if ((f & LF_NUMBER) && isdigit((unsigned char)s[0]) &&
		    (num = strtoul(s, NULL, 10)) > top) {
			if (num == top + 1 && st->lines[i].gap > 0)
				st->lines[i].flags |= LF_COUNTS;
			top = num, nseq++;
		}
		nq += (f & LF_QPFX) != 0;
		na += (f & LF_APFX) != 0;
		bare += (f & (LF_QPFX | LF_APFX)) &&
		    st->lines[i].pfx >= st->lines[i].len;
		/*
		 * "A:" before a "B" option is an option, not a label;
		 * "Answer:" never is, and labels the answer under options.
		 */
		lone = (f & LF_APFX) && !expected_option(st, i) &&
		    !stray_option(st, i) &&
		    (i + 1 == st->nlines || st->lines[i + 1].opt != 'B');
		nlone += lone;
		nword += lone && (f & LF_ANSPFX);
		under += lone && i > 0 && st->lines[i].gap == 0;
		if ((f & LF_NUMBER) && (f & (LF_ENDQ | LF_ASKS)))
			nn[number_mark(st, &st->lines[i]) == ')']++;
		nb += st->lines[i].opt == 'B';
	}
	if (nq >= 2 && na >= 1 &&
	    (st->declared < 0 || (long)nq * 2 >= st->declared)) {
		st->qa = QA_BOTH;
		/* "Question:" alone over its lines, "Answer:" over its. */
		st->labelsalone |= bare * (size_t)layout_weight.fit_den >=
		    (nq + na) * (size_t)layout_weight.fit_num;
		/*
		 * "A:" alone, a blank line, then its lines: the blank line
		 * parts the label from its answer, not a card from the next.
		 * (A comment, "// see the figure", is a remark, no answer.)
		 */
		for (i = 0; i + 1 < st->nlines; i++) {
			const struct line	*l = &st->lines[i];

			if ((l->flags & LF_APFX) && l->pfx >= l->len &&
			    l[1].gap == 1 && !(l[1].flags & (LF_QPFX |
			    LF_APFX | LF_CODE)))
				st->lines[i + 1].gap = 0;
		}
	} else if (nlone >= 2 && (nb == 0 || nword == nlone) &&
	    (st->declared < 0 || (long)nlone * 2 >= st->declared)) {
		/*
		 * "Answer: 3" under a few of many numbered questions is
		 * how those answers read; the numbers part the cards.
		 */
		if (nlone * (size_t)layout_weight.answer_den < nseq)
			st->fewlabels = 1;
		else
			st->qa = QA_ANSWERS;
	}
	st->underlabel = st->qa == QA_ANSWERS &&
	    nlone >= (size_t)layout_weight.min_units &&
	    under * (size_t)layout_weight.fit_den >=
	    nlone * (size_t)layout_weight.fit_num;
	/* "1)" items under "1." questions are a list, and the reverse. */
	if (nn[0] >= 2 || nn[1] >= 2)
		st->numbered = nn[0] >= nn[1] ? '.' : ')';
}

/*
 * Where a mark or a label opens each question, a question whose answer
 * begins after a blank line is its whole block: "Explain." and the
 * numbered items under "Question 1: ..." are asked too.  Not where most
 * questions hold their answers in their blocks, the next question right
 * after: there a block is its question's line and the answer's start,
 * or its question's lines at the margin over the answer's indented.
 */
static void
question_blocks(struct txt_state *st)
{
	size_t	 i, k, j, e, q, be = 0, inside = 0, apart = 0;

	for (i = 0; i < st->nlines; i = e) {
		/* A block may hold questions one under another's answer. */
		if (i >= be)
			be = block_end(st, i);
		for (q = i + 1; q < be && !(st->lines[q].flags & LF_QPFX); q++)
			continue;
		e = q;
		if (!(st->lines[i].flags & LF_QPFX) || e - i < 2)
			continue;
		/*
		 * A question wrapped at the margin over indented answers;
		 * a heading is never wrapped, what is under it answers.
		 */
		for (k = i + 1; st->lines[i].headed && k < e; k++)
			st->lines[k].part = P_ANSWER;
		/* A label alone, "Q1/": its next line asks, the rest answer. */
		if (label_alone(st, i, st->lines[i].pfx) && e - i > 2) {
			st->lines[i + 1].part = P_QUESTION;
			for (k = i + 2; k < e; k++)
				st->lines[k].part = P_ANSWER;
			continue;
		}
		for (k = i + 1; k < e && !indented(st, k) &&
		    !st->lines[i].headed; k++)
			continue;
		for (j = k; j < e && indented(st, j); j++)
			continue;
		if (k > i + 1 && k < e && j == e && !indented(st, i))
			for (j = i + 1; j < e; j++)
				st->lines[j].part = j < k ? P_QUESTION :
				    P_ANSWER;
		if (e == st->nlines || (st->lines[e].flags & LF_QPFX))
			inside++;
		else
			apart++;
	}
	if (inside > apart)
		return;
	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		if (!(st->lines[i].flags & LF_QPFX) || e == st->nlines ||
		    (st->lines[e].flags & LF_QPFX) ||
		    label_alone(st, i, st->lines[i].pfx))
			continue;
		for (k = i + 1; k < e; k++)
			st->lines[k].part = P_QUESTION;
	}
}

/*
 * A bullet, "* " or "- ", or a dash glued to the question (glued_dash),
 * may be a file's mark of its questions, as "Q:" is in others, rather
 * than a list: "* What is a theory?", a blank line, the answer.  It is,
 * when the same bullet begins at least three lines, never two lines in a
 * row (a list), two thirds or more of them end in a question mark or
 * open with a question word or a prompt, and they hold nine in ten or
 * more of the file's lines that end in a question mark: the questions
 * carry it and the answers do not.
 * Then each such line begins a card, no other line does, and the bullet
 * is no part of the question.  Reported once.
 */
static int
find_question_marks(struct cp_reader *r, struct txt_state *st)
{
	const char	*s, *mark = NULL;
	size_t		 i, len = 0, k, marked = 0, asks = 0, allasks = 0;
	unsigned long	 first = 0;
	unsigned char	*is;

	is = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		allasks += (st->lines[i].flags & LF_ENDQ) != 0;
		if ((k = bullet(s, st->lines[i].len)) == 0)
			k = glued_dash(s, st->lines[i].len);
		if (k == 0 || (mark != NULL &&
		    (k != len || strncmp(s, mark, len) != 0)))
			continue;
		if (mark == NULL) {
			mark = s, len = k;
			first = st->lines[i].lineno;
		}
		if (i > 0 && is[i - 1])
			break;
		is[i] = 1;
		marked++;
		asks += (st->lines[i].flags & (LF_ENDQ | LF_ASKS)) != 0;
	}
	if (i < st->nlines || marked < (size_t)layout_weight.min_units ||
	    asks * (size_t)layout_weight.fit_den <
	    marked * (size_t)layout_weight.fit_num ||
	    asks * (size_t)layout_weight.sure_den <
	    allasks * (size_t)layout_weight.sure_num) {
		free(is);
		return 0;
	}
	st->qmark = QM_BULLET;
	for (i = 0; i < st->nlines; i++)
		if (is[i])
			mark_label(st, i, len, 0);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "\"%.*s\" opens %zu lines, the file's questions: read as the "
	    "mark of a question, not text", (int)(len - (mark[len - 1] == ' ')),
	    mark, marked);
	/*
	 * Where the answers are indented, a question at the margin between
	 * two of them had its bullet forgotten.
	 */
	for (i = 1; i + 1 < st->nlines; i++)
		if (!is[i] && (st->lines[i].flags & LF_ENDQ) &&
		    !indented(st, i) && indented(st, i - 1) &&
		    indented(st, i + 1) && st->lines[i].gap == 0 &&
		    st->lines[i + 1].gap == 0) {
			mark_label(st, i, 0, 0);
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lines[i].lineno, 0, "a question without the "
			    "\"%.*s\" of the others, between indented answers: "
			    "read as a question",
			    (int)(len - (mark[len - 1] == ' ')), mark);
		}
	question_blocks(st);
	free(is);
	return 1;
}

/*
 * Does line i open with a quote's mark and text, "> ERP" (1), stand
 * wholly in brackets, "[ 자기소개 ]" (2), name a term after a colon
 * glued to it, ":Массив" (3), a glossary's mark, no more than twice
 * term_words words and no other colon, or end in an asterisk of
 * emphasis, "*Explica ... Django.*", its opening one perhaps forgotten
 * (4)?  0 when none; for brackets and asterisks, *end is where the text
 * inside them ends, its spaces aside.
 */
static int
quote_head(const struct txt_state *st, size_t i, size_t *end)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len;

	if (n >= 3 && s[0] == '>' && s[1] == ' ')
		return 1;
	if (n >= 2 && s[0] == ':' && cp_word_byte((unsigned char)s[1]) &&
	    memchr(s + 1, ':', n - 1) == NULL && cp_count_words(s + 1, n - 1) <=
	    2 * (size_t)layout_weight.term_words)
		return 3;
	n = blanks_cut(s, n);
	if (n >= 3 && s[n - 1] == '*' && strchr(" \t*", s[n - 2]) == NULL &&
	    s[0] != ' ' && s[0] != '\t' && memchr(s + 1, '*', n - 2) == NULL) {
		*end = n - 1;
		return 4;
	}
	if (n < 3 || s[0] != '[' || s[n - 1] != ']' ||
	    memchr(s + 1, '[', n - 2) != NULL ||
	    memchr(s + 1, ']', n - 2) != NULL ||
	    strspn(s + 1, " \t") >= n - 2)
		return 0;
	for (n--; s[n - 1] == ' ' || s[n - 1] == '\t'; n--)
		continue;
	*end = n;
	return 2;
}

/*
 * A quote's mark may head each card as a bullet does, "> ERP" over its
 * points set in, and so may brackets round the question, "[ 자기소개 ]"
 * over its answer, and a colon a glossary's term, ":Алгоритм" over its
 * definition: where min_units lines or more are heads of one kind, each
 * first in its block (a term's head needs no blank line), and all but a
 * third or fewer with lines under it there (those with none are
 * questions left unanswered), each such line begins a card, no other
 * line does, and the marks are no part of the question.  Reported once.
 */
static int
find_quote_heads(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, n = 0, bare = 0, end;
	int		 kind = 0, k;

	for (i = 0; i < st->nlines; i++) {
		if ((k = quote_head(st, i, &end)) == 0)
			continue;
		if ((kind != 0 && k != kind) ||
		    (k != 3 && i > 0 && st->lines[i].gap == 0))
			return 0;
		kind = k;
		n++;
		bare += i + 1 == st->nlines || (k != 4 &&
		    st->lines[i + 1].gap > 0) || ((k == 3 || k == 4) &&
		    quote_head(st, i + 1, &end) == k);
	}
	if (n - bare < (size_t)layout_weight.min_units || 3 * bare > n ||
	    (kind == 1 && bare > 0))
		return 0;
	st->qmark = QM_BULLET;
	for (i = 0; i < st->nlines; i++) {
		if (quote_head(st, i, &end) == 0)
			continue;
		mark_label(st, i, kind == 1 ? 2 : kind == 4 ?
		    st->text.data[st->lines[i].off] == '*' : 1, 0);
		if (kind == 2 || kind == 4)
			st->lines[i].textend = end;
		/* Its closing asterisk ends the question, as a heading's. */
		st->lines[i].headed = kind == 4;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    kind == 1 ? "\"> \" opens %zu lines, each over lines of its "
	    "block: read as the mark of a question, not text" : kind == 2 ?
	    "%zu lines wholly in brackets, each first in its block: read as "
	    "questions, the brackets no text" : kind == 3 ? "a colon glued "
	    "to a term opens %zu lines, each over its definition: read as a "
	    "glossary's mark of its terms, not text" : "%zu lines ending in "
	    "an asterisk, each first in its block: read as questions, the "
	    "asterisks of emphasis no text", n);
	question_blocks(st);
	return 1;
}

static int	right_word(const char *, size_t);
static int	wrong_word(const char *, size_t);

/*
 * An option written as a sentence that judges it, as QuizAcademy's
 * question parser takes them: "- Lösung "Die Rückführung" ist richtig",
 * a bullet, a word, the option in double quotes (quotes inside it
 * kept), then a verdict, right_word() or wrong_word(), perhaps after a
 * verb.  Whether s[0..n) is one; [*at, *end) the option's text inside
 * the quotes, its blanks aside, and *right its verdict.
 */
static int
judged_option(const char *s, size_t n, size_t *at, size_t *end, int *right)
{
	const char	*q;
	size_t		 i, e, w, k;

	if (n < 4 || s[0] != '-' || (s[1] != ' ' && s[1] != '\t'))
		return 0;
	i = 1 + strspn(s + 1, " \t");
	i += strcspn(s + i, " \t\"");
	i += strspn(s + i, " \t");
	if (i >= n || s[i] != '"' || (q = memrchr(s + i + 1, '"',
	    n - i - 1)) == NULL)
		return 0;
	e = (size_t)(q - s);
	for (k = n; k > e + 1 && (s[k - 1] == ' ' || s[k - 1] == '\t'); k--)
		continue;
	for (w = k; w > e + 1 && s[w - 1] != ' ' && s[w - 1] != '\t'; w--)
		continue;
	if (w == k || !(right_word(s + w, k - w) ? (*right = 1) :
	    wrong_word(s + w, k - w) ? (*right = 0, 1) : 0))
		return 0;
	/* One word, a verb, may stand between the quote and the verdict. */
	k = e + 1 + strspn(s + e + 1, " \t");
	if (k < w && (k += strcspn(s + k, " \t")) < w)
		k += strspn(s + k, " \t");
	if (k != w)
		return 0;
	for (i++; i < e && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	*at = i;
	*end = e;
	return e > i;
}

/*
 * The options judged in words (judged_option) right under labelled
 * question i, two or more, one right at least: each read with the
 * question, its text alone, and the right ones the answer.  How many.
 */
static size_t
judged_options(struct txt_state *st, size_t i)
{
	size_t	 k, e, at, end, rights = 0;
	int	 right;

	for (e = i + 1; e < st->nlines && st->lines[e].gap == 0 &&
	    judged_option(st->text.data + st->lines[e].off,
	    st->lines[e].len, &at, &end, &right); e++)
		rights += right;
	if (e - i < 3 || rights == 0)
		return 0;
	for (k = i + 1; k < e; k++) {
		judged_option(st->text.data + st->lines[k].off,
		    st->lines[k].len, &at, &end, &right);
		st->lines[k].off += at;
		st->lines[k].len = end - at;
		st->lines[k].part = P_QUESTION;
		st->lines[k].markat = right ? st->lines[k].len : 0;
	}
	return e - i - 1;
}

/*
 * Questions may carry a label where their answers carry none:
 * "Question 1: Explain ...", then an answer of paragraphs and lists.
 * When two lines or more are labelled as questions, each opening a
 * block (first, or after a blank line), and no line is labelled as an
 * answer, the labels mark the questions as a bullet does: each begins a
 * card, no other line does, the question goes on up to a blank line and
 * the label is no part of it.  Reported once.
 */
static int
find_question_labels(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n = 0, first = 0;

	for (i = 0; i < st->nlines; i++) {
		if (st->lines[i].flags & LF_ANSPFX)
			return 0;
		if (!(st->lines[i].flags & LF_QPFX))
			continue;
		if (i > 0 && st->lines[i].gap == 0)
			return 0;
		if (n++ == 0)
			first = i;
	}
	if (n < 2)
		return 0;
	st->qmark = QM_LABEL;
	question_blocks(st);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[first].lineno,
	    0, "%zu lines labelled as questions, none as answers: each "
	    "question answered by what follows it", n);
	for (i = 0, n = 0; i < st->nlines; i++)
		if ((st->lines[i].flags & LF_QPFX) &&
		    judged_options(st, i) > 0)
			n++;
	if (n > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[first].lineno, 0, "%zu questions over options "
		    "each judged in words, '- Lösung \"...\" ist richtig': "
		    "the options' texts read with the question, the right "
		    "ones the answer", n);
	return 1;
}

/*
 * Where the run of options from "A" that starts at line i ends, when a
 * line of the right ones' letters alone follows it (a blank line before
 * any of them or none): that line's index; else 0.
 */
static size_t
choice_end(const struct txt_state *st, size_t i)
{
	const struct line	*l;
	size_t			 k;

	if (i == 0 || st->lines[i].opt != 'A' || st->lines[i - 1].opt != 0)
		return 0;
	for (k = i + 1; k < st->nlines && st->lines[k].gap <= 1 &&
	    st->lines[k].opt != 0 &&
	    st->lines[k].opt == st->lines[k - 1].optnext; k++)
		continue;
	if (k == i + 1 || k == st->nlines)
		return 0;
	l = &st->lines[k];
	return l->gap <= 1 && choice_letters(st->text.data + l->off, l->len,
	    st->lines[k - 1].opt) ? k : 0;
}

/*
 * A quiz bank may give each question its lettered options, a blank line
 * between each two or none, then the letters of the right ones alone on
 * a line, "D", "bc" or "AD", and part the cards by two blank lines.
 * When at least min_units runs of options from "A" end in such a line,
 * and sure_num in sure_den of the runs do, each card is the block over
 * its options (from the line after the letters above, where no blank
 * line parts the cards), its question, which goes on with the options
 * and the blank lines between them, and the letters are its answer.
 * Reported once.
 */
static int
find_choices(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, k, e, q, from, runs = 0, good = 0;

	for (i = 0; i < st->nlines; i++) {
		runs += i > 0 && st->lines[i].opt == 'A' &&
		    st->lines[i - 1].opt == 0;
		good += choice_end(st, i) > 0;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, runs))
		return 0;
	st->qmark = QM_CHOICE;
	for (i = 1, from = 0; i < st->nlines; i++) {
		if ((e = choice_end(st, i)) == 0)
			continue;
		for (q = i - 1; q > from && st->lines[q].gap == 0; q--)
			continue;
		from = e + 1;
		mark_label(st, q, 0, 0);
		for (k = q + 1; k < e; k++) {
			st->lines[k].part = P_QUESTION;
			st->lines[k].kept = st->lines[k].gap;
		}
		st->lines[e].part = P_ANSWER;
		i = e;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu questions over lettered options, each answered by the "
	    "letters of the right ones alone: the options read as part of "
	    "the question", good);
	return 1;
}

/*
 * Where the block at line i ends in the letter of its right option, its
 * options unlettered, one a line, between its question and the letter,
 * "C" under "Oxigén", "Klór", "Fluor", "Neon": the letter's line; else 0.
 * Two to eight options, none lettered, the letter within them.
 */
static size_t
lettered_by_order(const struct txt_state *st, size_t i)
{
	const struct line	*l;
	size_t			 e = block_end(st, i) - 1, k;

	if ((i > 0 && st->lines[i].gap == 0) || e < i + 3 || e > i + 9)
		return 0;
	for (k = i + 1; k < e; k++)
		if (st->lines[k].opt != 0)
			return 0;
	l = &st->lines[e];
	return l->len <= 2 && choice_letters(st->text.data + l->off, l->len,
	    (char)('A' + (e - i - 2))) ? e : 0;
}

/*
 * A quiz may give each question its options unlettered and the letter
 * of the right one, counted in their order, alone under them, a blank
 * line after each.  When min_units blocks or more, sure_num in sure_den
 * of the blocks, are so, each is a card: the question over its options,
 * the letter its answer.  Reported once.
 */
static int
find_ordered_choices(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, k, e, blocks = 0, good = 0;

	for (i = 0; i < st->nlines; i++)
		if (i == 0 || st->lines[i].gap > 0) {
			blocks++;
			good += lettered_by_order(st, i) > 0;
		}
	if (good < (size_t)layout_weight.min_units || !sure(good, blocks))
		return 0;
	st->qmark = QM_CHOICE;
	for (i = 0; i < st->nlines; i++) {
		if ((e = lettered_by_order(st, i)) == 0)
			continue;
		mark_label(st, i, 0, 0);
		for (k = i + 1; k < e; k++)
			st->lines[k].part = P_QUESTION;
		st->lines[e].part = P_ANSWER;
		i = e;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu questions over unlettered options, each answered by the "
	    "letter of the right one in their order: the options read as "
	    "part of the question", good);
	return 1;
}

/*
 * The length of the sign that opens option line s[0..n) of a quiz
 * written as Moodle's GIFT writes one, "=Paris" right and "~Rome" wrong,
 * or "~%50%Paris" weighted (right when the weight is above 0), with the
 * spaces after it, and *right whether it marks the option right; 0 for
 * no such line ("==" opens a rule).
 */
static size_t
option_sign(const char *s, size_t n, int *right)
{
	size_t	 k = 1, d;

	if (n < 2 || (s[0] != '=' && s[0] != '~') || s[1] == s[0])
		return 0;
	*right = s[0] == '=';
	if (s[1] == '%') {
		k = 2 + (s[2] == '-');
		d = strspn(s + k, "0123456789.");
		if (d == 0 || s[k + d] != '%')
			return 0;
		*right = s[2] != '-' && strspn(s + k, "0.") < d;
		k += d + 1;
	}
	k += strspn(s + k, " \t");
	return k < n ? k : 0;
}

/* Is line i such an option, a sign before its text? */
static int
signed_option(const struct txt_state *st, size_t i)
{
	int	 right;

	return option_sign(st->text.data + st->lines[i].off,
	    st->lines[i].len, &right) > 0;
}

/*
 * Where the run of signed options that starts at line i ends, when it
 * is two options or more right under a line, its question, and one of
 * them at least signed wrong: the index after its last; else 0.
 */
static size_t
signed_run(const struct txt_state *st, size_t i)
{
	size_t	 k, wrong = 0;
	int	 right;

	if (i == 0 || st->lines[i].gap > 0 || signed_option(st, i - 1) ||
	    !signed_option(st, i))
		return 0;
	for (k = i; k < st->nlines && (k == i || st->lines[k].gap == 0) &&
	    option_sign(st->text.data + st->lines[k].off, st->lines[k].len,
	    &right) > 0; k++)
		wrong += !right;
	return k - i >= 2 && wrong > 0 ? k : 0;
}

/*
 * Takes the "::" marks of a GIFT question off line i: "::Question?::"
 * is asked between them, "::Title::Question?" after its title.
 */
static void
drop_title_marks(struct txt_state *st, size_t i)
{
	struct line	*l = &st->lines[i];
	char		*s = st->text.data + l->off;
	const char	*c;
	size_t		 e = l->len;

	if (e < 3 || strncmp(s, "::", 2) != 0)
		return;
	c = memmem(s + 2, e - 2, "::", 2);
	if (c != NULL && c[2 + strspn(c + 2, " \t")] == '\0')
		e = (size_t)(c - s);
	else if (c != NULL)
		e = 0;
	if (e == 0) {
		c += 2;
		c += strspn(c, " \t");
		l->len -= (size_t)(c - s);
		l->off += (size_t)(c - s);
		return;
	}
	for (l->off += 2, e -= 2; e > 0 && (s[e + 1] == ' ' ||
	    s[e + 1] == '\t'); e--)
		continue;
	l->len = e;
	st->text.data[l->off + e] = '\0';
}

/*
 * A quiz bank may be written as Moodle's GIFT writes one: a question,
 * perhaps between "::" marks, over its options a line each, "=" before
 * the right one and "~" before the wrong ones, or "~%33.3%" weights
 * (option_sign).  When min_units runs of such options at least, and
 * sure_num in sure_den of the runs, stand under a question and sign one
 * option wrong at least (signed_run), each question begins a card; its
 * options, without their signs, go on with it, and the right ones are
 * the answer.  A question none of whose options is right answers
 * nothing and is left out as such.  Reported once.
 */
static int
find_signed_options(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, k, e, runs = 0, good = 0, sign;
	int	 right;

	for (i = 0; i < st->nlines; i++) {
		runs += signed_option(st, i) && (i == 0 ||
		    st->lines[i].gap > 0 || !signed_option(st, i - 1));
		good += signed_run(st, i) > 0;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, runs))
		return 0;
	st->qmark = QM_CHOICE;
	for (i = 1; i < st->nlines; i++) {
		if ((e = signed_run(st, i)) == 0)
			continue;
		drop_title_marks(st, i - 1);
		mark_label(st, i - 1, 0, 0);
		for (k = i; k < e; k++) {
			sign = option_sign(st->text.data + st->lines[k].off,
			    st->lines[k].len, &right);
			st->lines[k].off += sign;
			st->lines[k].len -= sign;
			st->lines[k].part = P_QUESTION;
			st->lines[k].markat = right ? st->lines[k].len : 0;
		}
		i = e - 1;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu runs of options signed \"=\" right or \"~\" wrong "
	    "under a question: the options read with the question, the right "
	    "ones the answer, the signs left out", good, runs);
	return 1;
}

/* Is s[0..n) a word that marks an option right: "CORRECT", "right"? */
static int
right_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"correct", "right", "answer", "true", "richtig", "correcto",
		"correcta", "juste", "vrai", "giusto", "corretto", "certo",
		"poprawna", "prawda", NULL
	};
	char	 low[16];

	if (n >= sizeof(low))
		return 0;
	cp_lower_prefix(s, n, low, sizeof(low));
	return in_list(low, words);
}

/* Is s[0..n) a word that marks an option wrong: "falsch", "wrong"? */
static int
wrong_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"wrong", "incorrect", "false", "falsch", "incorrecto",
		"incorrecta", "faux", "falso", "falsa", "sbagliato", "errato",
		"errado", "errada", NULL
	};

	return cp_word_among(s, n, words);
}

/*
 * Where s[0..n) ends in a mark of the right option, one word in
 * parentheses, "b) Falso (Verificado)", an asterisk, "c) Lotes*", or a
 * symbol alone after a space,
 * "b) Falso €" (a currency sign, an arrow, a check mark, a star: U+20A0
 * to U+2BFF), or with MARK_CROSS an "x" alone after a space, as one
 * ticks a box, " SELECT x", or (not MARK_PLAIN) an "R" so after the
 * option's text, for right or richtig, "a) Spock R", or an arrow typed
 * in ASCII that points
 * back at the option, three marks long or more or followed by a word
 * that says so, "Alice  <<<< CORRECT", "Alice <--", "Alice <- right"
 * (R's "x <- y", C's "a <= b" are code), or one pointing at such a word,
 * "extends --> Answer"; white space after it allowed:
 * the index of the white space before it, or 0.
 */
enum { MARK_PLAIN, MARK_R, MARK_CROSS };

static size_t
end_mark(const char *s, size_t n, int cross)
{
	size_t		 e = n, k, len;
	unsigned long	 cp;
	int		 said;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e < 4)
		return 0;
	/* "c) Monolítico*": an asterisk, glued to the option or not. */
	if (s[e - 1] == '*' && s[e - 2] != '*') {
		for (k = e - 1; k > 0 && (s[k - 1] == ' ' ||
		    s[k - 1] == '\t'); k--)
			continue;
		return k;
	}
	for (k = e; k > 0 && isalpha((unsigned char)s[k - 1]); k--)
		continue;
	said = k < e && right_word(s + k, e - k);
	if (k < e && !said)
		k = e;	/* a word that marks nothing: no arrow before it */
	while (k < e && k > 0 && s[k - 1] == ' ')
		k--;
	/* "b. extends --> Answer": an arrow to the word that says so. */
	if (said && k > 0 && s[k - 1] == '>') {
		for (len = 0; k > 0 && strchr(">-=", s[k - 1]) != NULL; k--)
			len++;
		if (len < 2 || k < 2 || s[k - 1] != ' ')
			return 0;
		while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
			k--;
		return k;
	}
	for (len = 0; k > 0 && strchr("<-=", s[k - 1]) != NULL; k--)
		len++;
	if ((len >= 3 || (len == 2 && said)) && s[k] == '<' && k > 1 &&
	    s[k - 1] == ' ') {
		while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
			k--;
		return k;
	}
	for (k = e - 1; k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80; k--)
		continue;
	if (k > 1 && s[k - 1] == ' ' && (((cp = cp_utf8_decode(s + k, e - k,
	    &len)) >= 0x20a0 && cp <= 0x2bff && len == e - k) ||
	    (cross == MARK_CROSS && e - k == 1 && (s[k] == 'x' ||
	    s[k] == 'X')) || (e - k == 1 && s[k] == 'R' && k > 3 &&
	    cross != MARK_PLAIN))) {
		while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
			k--;
		return k;
	}
	if (s[e - 1] != ')')
		return 0;
	for (k = e - 1; k > 0 && s[k - 1] != '(' && s[k - 1] != ' '; k--)
		if (!isalpha((unsigned char)s[k - 1]) &&
		    (unsigned char)s[k - 1] < 0x80)
			return 0;
	if (k < 3 || k == e - 1 || s[k - 1] != '(' || s[k - 2] != ' ')
		return 0;
	return k - 2;
}

/*
 * How far line i is set in as an option under its question, " a CAS.":
 * one to three spaces before its text; else 0.
 */
static size_t
set_in(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 k = strspn(s, " ");

	return k <= 3 && s[k] != '\t' && s[k] != '\0' ? k : 0;
}

/*
 * Whether line k goes on with the sentence of the line above it: that
 * line ends in no mark that ends one and k opens in lower case, " A
 * protocol that delivers" over " bytes in order.", an answer wrapped.
 */
static int
goes_on(const struct txt_state *st, size_t k)
{
	const struct line	*above = &st->lines[k - 1];
	const char		*s = st->text.data + st->lines[k].off;
	const char		*a = st->text.data + above->off;

	s += strspn(s, " \t");
	return above->len > 0 && strchr(".!?:;)", a[above->len - 1]) == NULL &&
	    !(above->flags & LF_STOP) && islower((unsigned char)*s);
}

/*
 * Where the run of options set in alike right under the line above line
 * i ends (or under it and one blank line, where gap is set), its
 * question set in not at all: the index after its last, when it is two
 * options to SET_OPTIONS_MAX; else 0.
 */
static size_t
set_in_run(const struct txt_state *st, size_t i, int gap)
{
	size_t	 k, ind;

	if (i == 0 || st->lines[i].gap > (unsigned long)gap ||
	    (ind = set_in(st, i)) == 0 ||
	    strspn(st->text.data + st->lines[i - 1].off, " \t") > 0)
		return 0;
	for (k = i + 1; k < st->nlines && st->lines[k].gap == 0 &&
	    set_in(st, k) == ind; k++)
		continue;
	return k - i >= 2 && k - i <= SET_OPTIONS_MAX ? k : 0;
}

/*
 * A quiz program's questions may each be ruled off from their options,
 * "Префікс с- треба писати ..." over "--------------------" over
 * " + ..качати, ...": where every rule of the file, min_units or more,
 * stands right under a line and right over a run of options set in
 * (set_in_run()), the rules are no titles' underlines and no blank
 * lines: the options stand right under their question.
 */
static void
drop_question_rules(struct txt_state *st)
{
	size_t	 i, rules = 0, over = 0;

	for (i = 0; i + 1 < st->nlines; i++) {
		if (st->lines[i].under == 0)
			continue;
		rules++;
		over += st->lines[i + 1].gap == 1 &&
		    set_in_run(st, i + 1, 1) > 0;
	}
	if (rules < (size_t)layout_weight.min_units || over < rules)
		return;
	for (i = 0; i + 1 < st->nlines; i++)
		if (st->lines[i].under != 0) {
			st->lines[i].under = 0;
			st->lines[i + 1].gap = 0;
		}
}

/*
 * Where set-in option line k holds a mark of the right one: a "+" before
 * its text (SET_PLUS) or a mark at its end (end_mark(), the cross
 * included); else 0.
 */
enum { SET_PLUS = 1, SET_END };

static int
set_mark(const struct txt_state *st, size_t k)
{
	const char	*s = st->text.data + st->lines[k].off;

	return s[set_in(st, k)] == '+' ? SET_PLUS :
	    end_mark(s, st->lines[k].len, MARK_CROSS) > 0 ? SET_END : 0;
}

/* How many of the options in lines i to e wear a mark of kind how. */
static size_t
run_marks(const struct txt_state *st, size_t i, size_t e, int how)
{
	size_t	 k, n = 0;

	for (k = i; k < e; k++)
		n += set_mark(st, k) == how;
	return n;
}

/*
 * A quiz program's input may set each question's options in by a space,
 * a line each, right under it (or under it and a blank line), and mark
 * the right one by a "+" before its text, " +a CAS.", or a mark at its
 * end, " SELECT x" (set_mark()), or mark none.  When min_units runs of
 * such options at least, sure_num in sure_den of the runs set in under a
 * line, hold two to SET_OPTIONS_MAX options, fit_num in fit_den of
 * them as many options as the most do (a multiple choice offers a fixed
 * number; an answer's wrapped lines vary) or sure_num in sure_den of
 * them one marked option and one only, and fewer than the rest have
 * a line going on with the sentence of the line above it (goes_on()):
 * - where options are marked, one way, each question begins a card and
 *   its options, their marks left out, go on with it, the marked one
 *   the answer; a question with none marked answers nothing;
 * - where none is, no blank line parts a question from its options, and
 *   the questions and their options are fit_num in fit_den of the
 *   file's lines or more, the file is questions with no answers:
 *   *unmarked is set and the caller leaves them out.
 * Reported once.
 */
static int
find_set_options(struct cp_reader *r, struct txt_state *st, int *unmarked)
{
	size_t	 i, k, e, ind, runs = 0, good = 0, most = 0, gapped = 0;
	size_t	 onemark = 0, plus, ends;
	size_t	 held = 0, wrapped = 0, count[SET_OPTIONS_MAX + 1] = { 0 };
	size_t	 marked[SET_END + 1] = { 0 };
	int	 how, mark;
	const char	*o;

	*unmarked = 0;
	for (i = 0; i < st->nlines; i++) {
		runs += set_in(st, i) > 0 && (i == 0 || st->lines[i].gap > 0 ||
		    set_in(st, i - 1) == 0);
		if ((e = set_in_run(st, i, 1)) == 0)
			continue;
		good++;
		gapped += st->lines[i].gap > 0;
		count[e - i]++;
		held += e - i + 1;
		/*
		 * A mark at the end counts where it stands on one option of
		 * the run: " 1 €", " 3 €" is a unit on every one.
		 */
		plus = run_marks(st, i, e, SET_PLUS);
		ends = run_marks(st, i, e, SET_END);
		marked[SET_PLUS] += plus;
		marked[SET_END] += ends == 1;
		onemark += plus == 1 || (plus == 0 && ends == 1);
		for (k = i + 1; k < e && !goes_on(st, k); k++)
			continue;
		wrapped += k < e;
	}
	for (k = 0; k <= SET_OPTIONS_MAX; k++)
		most = count[k] > most ? count[k] : most;
	/*
	 * Options may finish the question's sentence, a run of them here
	 * and there; an answer's lines set in go on with theirs in most.
	 */
	if (good < (size_t)layout_weight.min_units || !sure(good, runs) ||
	    (most * (size_t)layout_weight.fit_den <
	    good * (size_t)layout_weight.fit_num && !sure(onemark, good)) ||
	    wrapped * (size_t)layout_weight.fit_den >= good *
	    (size_t)(layout_weight.fit_den - layout_weight.fit_num))
		return 0;
	how = marked[SET_PLUS] > 0 ? SET_PLUS : SET_END;
	if (marked[SET_PLUS] == 0 && marked[SET_END] == 0 && gapped == 0 &&
	    held * (size_t)layout_weight.fit_den >=
	    st->nlines * (size_t)layout_weight.fit_num) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu questions over options set "
		    "in by a space, none marked right (\"+\" before, a mark "
		    "after): questions with no answers, no cards", good);
		*unmarked = 1;
		return 1;
	}
	if (marked[how] == 0 || (marked[SET_PLUS] > 0 && marked[SET_END] > 0))
		return 0;
	st->qmark = QM_CHOICE;
	for (i = 1; i < st->nlines; i++) {
		if ((e = set_in_run(st, i, 1)) == 0)
			continue;
		mark_label(st, i - 1, 0, 0);
		ends = how == SET_END ? run_marks(st, i, e, SET_END) : 0;
		/* A line set in under lettered options says more: "Fun Fact:". */
		for (k = i; k < e && (st->lines[i].opt == 0 ||
		    st->lines[k].opt != 0); k++) {
			ind = set_in(st, k);
			mark = set_mark(st, k);
			/*
			 * The "+" and its spaces, or the "- " the wrong ones
			 * wear beside it, " - ..товщення, ...".
			 */
			o = st->text.data + st->lines[k].off;
			if (how == SET_PLUS && (mark == SET_PLUS ||
			    (o[ind] == '-' && o[ind + 1] == ' '))) {
				ind++;
				ind += strspn(o + ind, " ");
			}
			if (mark != how || (how == SET_END && ends != 1))
				st->lines[k].markat = 0;
			else if (how == SET_PLUS)
				st->lines[k].markat = st->lines[k].len - ind;
			else
				st->lines[k].markat = end_mark(st->text.data +
				    st->lines[k].off, st->lines[k].len,
				    MARK_CROSS) - ind;
			st->lines[k].off += ind;
			st->lines[k].len -= ind;
			st->lines[k].part = P_QUESTION;
		}
		i = e - 1;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu questions over options set in by a space: the options read "
	    "with the question, the one marked %s the answer, the marks "
	    "left out", good, how == SET_PLUS ? "\"+\"" : "at its end");
	return 1;
}

/*
 * Is line i a number alone, "2", right under a run of options from "A"
 * that has that many options or more?  The index of the option it names,
 * counted from 1, plus one; else 0.
 */
static size_t
named_option(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 a;
	long			 v;

	if (i == 0 || l->gap > 0 || l->len == 0 || l->len > 2 ||
	    strspn(s, "0123456789") != l->len || st->lines[i - 1].opt == 0)
		return 0;
	for (a = i - 1; a > 0 && st->lines[a].gap == 0 &&
	    st->lines[a].opt > 'A' &&
	    st->lines[a - 1].optnext == st->lines[a].opt; a--)
		continue;
	v = strtol(s, NULL, 10);
	if (st->lines[a].opt != 'A' || v < 1 || (size_t)v > i - a)
		return 0;
	return a + (size_t)v;
}

/*
 * Do runs of lettered options show their answer by one shape: answer(st,
 * i) says which line does, *good gets how many do and *runs how many
 * runs there are; min_units or more must, and sure_num in sure_den?
 */
static int
answered_runs(const struct txt_state *st,
    size_t (*answer)(const struct txt_state *, size_t), size_t *good,
    size_t *runs)
{
	size_t	 i;

	*good = *runs = 0;
	for (i = 0; i < st->nlines; i++) {
		*runs += st->lines[i].opt == 'A' &&
		    (i == 0 || st->lines[i - 1].opt == 0);
		*good += answer(st, i) > 0;
	}
	return *good >= (size_t)layout_weight.min_units && sure(*good, *runs);
}

/*
 * A quiz program may answer each question's lettered options with the
 * number of the right one alone on the line under them, counted from 1.
 * When min_units runs of options from "A" at least, and sure_num in
 * sure_den of them, are so answered (named_option), each such number
 * stands for the option it names: that option, as written, is the back.
 * Reported once.
 */
static void
find_named_options(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, good, runs;

	if (!answered_runs(st, named_option, &good, &runs))
		return;
	for (i = 0; i < st->nlines; i++)
		st->lines[i].names = named_option(st, i);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu runs of lettered options answered by a number alone, counted "
	    "from 1: the option it names is the answer", good);
}

/* Where lettered option l ends in a mark of the right one (end_mark). */
static size_t
right_mark(const struct txt_state *st, const struct line *l)
{
	if (l->opt != 0 && l->arrowed)
		return l->len;	/* its mark, before it, is gone */
	return l->opt == 0 ? 0 : end_mark(st->text.data + l->off, l->len,
	    MARK_R);
}

/*
 * Of the run of options from "A" that starts at line i: the one line
 * that ends in a mark (right_mark), its index plus one; 0 when none
 * does or more than one.
 */
static size_t
marked_option(const struct txt_state *st, size_t i)
{
	size_t	 k, found = 0;

	if (st->lines[i].opt != 'A' || (i > 0 && st->lines[i - 1].opt != 0))
		return 0;
	for (k = i; k < st->nlines && (k == i || (st->lines[k].gap == 0 &&
	    st->lines[k].opt == st->lines[k - 1].optnext)); k++)
		if (right_mark(st, &st->lines[k]) > 0 && found++ > 0)
			return 0;
	for (k = i; found > 0 && right_mark(st, &st->lines[k]) == 0; k++)
		continue;
	return found > 0 ? k + 1 : 0;
}

/*
 * A quiz bank may mark the right one of each question's lettered options
 * by a word in parentheses at the end of its line, "d) Todas (Verificado)",
 * or by a symbol there, "d) Todas €" (right_mark).
 * When min_units runs of options from "A" at least, and sure_num in
 * sure_den of them, hold one such option and one only (marked_option),
 * that option, as written and without its mark, is the answer; the mark
 * gives the answer away, so it is left out of the question too.  The
 * question is the block over the options, from the line after the
 * options above where no blank line parts the cards, and goes on with
 * the options.  Reported once.
 */
static void
find_right_marks(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, k, m, q, from = 0, good, runs;

	if (!answered_runs(st, marked_option, &good, &runs))
		return;
	for (i = 1; i < st->nlines; i++) {
		if ((m = marked_option(st, i)) == 0)
			continue;
		st->lines[m - 1].markat = right_mark(st, &st->lines[m - 1]);
		for (q = i - 1; q > from && st->lines[q].gap == 0; q--)
			continue;
		st->lines[q].part = P_HEAD;
		for (k = q + 1; k < st->nlines && (k <= i ||
		    (st->lines[k].gap == 0 &&
		    st->lines[k].opt == st->lines[k - 1].optnext)); k++)
			st->lines[k].part = P_QUESTION;
		from = k;
		i = k - 1;
	}
	/* Arrows before the options were reported as they were found. */
	if (!st->arrowed)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu of %zu runs of lettered "
		    "options mark one option by an asterisk, a word in "
		    "parentheses, a symbol, an \"R\" or an arrow at its "
		    "end: that option is the answer, the mark left out", good,
		    runs);
}

/* The bytes of the colon, ASCII or full-width, that ends s[0..n), or 0. */
static size_t
colon_at_end(const char *s, size_t n)
{
	if (n >= 3 && memcmp(s + n - 3, "\xef\xbc\x9a", 3) == 0)
		return 3;
	return n >= 1 && s[n - 1] == ':';
}

/* Is s[0..n) a URL's scheme, whose colon is the URL's? */
static int
url_scheme(const char *s, size_t n)
{
	static const char *const schemes[] = {
		"http", "https", "ftp", "file", "mailto", NULL
	};
	size_t	 k;

	for (k = 0; schemes[k] != NULL; k++)
		if (strlen(schemes[k]) == n && strncasecmp(s, schemes[k], n) == 0)
			return 1;
	return 0;
}

/*
 * Takes the colon off the end of line i, a term alone that announces its
 * definition under it, no list.
 */
static void
drop_colon(struct txt_state *st, size_t i)
{
	struct line	*l = &st->lines[i];

	l->flags &= ~(unsigned int)LF_COLON;
	for (l->len -= colon_at_end(st->text.data + l->off, l->len);
	    l->len > 0 && (st->text.data[l->off + l->len - 1] == ' ' ||
	    st->text.data[l->off + l->len - 1] == '\t'); l->len--)
		continue;
	st->text.data[l->off + l->len] = '\0';
}

/*
 * The number of line i when it stands at the margin numbered "12. ..."
 * or "12) ...", of any length, setting *mark to the mark after it; else
 * 0.
 */
static long
line_number(const struct txt_state *st, size_t i, char *mark)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 k;

	s += strspn(s, "*");	/* the author's marks of a question, "**2- " */
	k = strspn(s, "0123456789");
	/* "2-Topic" too, but not "2-way" nor "3-4". */
	if (k == 0 || k > 9 ||
	    (s[k] != '.' && s[k] != ')' && s[k] != '-') ||
	    (s[k + 1] != ' ' && (s[k] == '-' ?
	    !isupper((unsigned char)s[k + 1]) &&
	    (unsigned char)s[k + 1] < 0x80 :
	    !isalpha((unsigned char)s[k + 1]))))
		return 0;
	*mark = s[k];
	return strtol(s, NULL, 10);
}

/*
 * Is line i numbered the number after line i - 1's, right under it with
 * the same mark, "2." under "1.": a list's next item?
 */
static int
next_item(const struct txt_state *st, size_t i)
{
	char	 m, pm;
	long	 n;

	return i > 0 && st->lines[i].gap == 0 &&
	    (n = line_number(st, i, &m)) > 1 &&
	    line_number(st, i - 1, &pm) == n - 1 && m == pm;
}

/* The number of line i when it also opens a block, else 0. */
static long
block_number(const struct txt_state *st, size_t i, char *mark)
{
	return i > 0 && st->lines[i].gap == 0 ? 0 : line_number(st, i, mark);
}

/*
 * The length of the dash that opens s[0..n) as a mark of an answer's
 * line, "-git push" or "- :hover", with the spaces after it; else 0.  Two
 * dashes open a rule or an option, no such mark.
 */
static size_t
answer_dash(const char *s, size_t n)
{
	if (n < 2 || s[0] != '-' || s[1] == '-')
		return 0;
	return 1 + strspn(s + 1, " \t");
}

/*
 * Of the numbered question at line i, its card up to line e: the line
 * where its answer begins when a dash opens that line and every line
 * after it and none above (answer_dash); else 0.
 */
static size_t
dashed_from(const struct txt_state *st, size_t i, size_t e)
{
	const struct line	*l;
	size_t			 k, from = 0;

	for (k = i; k < e; k++) {
		l = &st->lines[k];
		if (answer_dash(st->text.data + l->off, l->len) > 0)
			from = from == 0 ? k : from;
		else if (from > 0)
			return 0;
	}
	return from > i ? from : 0;
}

/* The first numbered line after line i (block_number), or nlines. */
static size_t
next_numbered(const struct txt_state *st, size_t i)
{
	char	 m;

	for (i++; i < st->nlines && block_number(st, i, &m) == 0; i++)
		continue;
	return i;
}

/*
 * Numbered questions may mark each line of their answers by a dash glued
 * to it, "-git add ." over "-git push", and quote code with blank lines
 * inside above it.  When sure_num in sure_den of them, min_units at
 * least, end in such lines (dashed_from), and sure_num in sure_den of
 * the dashes are glued to their text (a list's bullets stand apart from
 * it), the answer begins at its first dash: all above it is the
 * question, blank lines kept, all below the answer, blank lines kept
 * too, and the dash of each is its mark, left out.  Reported once.
 */
static void
find_dashed_answers(struct cp_reader *r, struct txt_state *st)
{
	const char	*s;
	size_t		 i, k, e, d, n = 0, good = 0, dashes = 0, glued = 0;
	char		 m;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (answer_dash(s, st->lines[i].len) == 0)
			continue;
		dashes++;
		glued += s[1] != ' ' && s[1] != '\t';
	}
	if (dashes == 0 || !sure(glued, dashes))
		return;
	for (i = 0; i < st->nlines; i = e) {
		e = next_numbered(st, i);
		if (block_number(st, i, &m) > 0) {
			n++;
			good += dashed_from(st, i, e) > 0;
		}
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, n))
		return;
	for (i = 0; i < st->nlines; i = e) {
		e = next_numbered(st, i);
		if (block_number(st, i, &m) == 0 ||
		    (d = dashed_from(st, i, e)) == 0)
			continue;
		for (k = i + 1; k < e; k++) {
			st->lines[k].part = k < d ? P_QUESTION : P_ANSWER;
			st->lines[k].kept = k == d ? 0 : st->lines[k].gap;
		}
	}
	st->dashed = 2;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu numbered questions answered by lines that each open "
	    "with a dash: the answer begins at the first, the dashes left "
	    "out", good, n);
}

/*
 * Where the answer in brackets that ends line s[0..n) starts, "3.
 * Сколько в группе семей? (5)": the end of the question, its '?', when
 * the last bracket of the line follows it and holds text (brackets of
 * its own too, "(ln(x) + C)"), and is no note of the exam's, "(2
 * points)", "(hint: ...)"; else 0.
 */
static size_t
paren_answer(const char *s, size_t n)
{
	static const char *const notes[] = {
		"point", "points", "pts", "mark", "marks", "punkte", "puntos",
		"punti", "pontos", "баллов", "балла", NULL
	};
	size_t	 f = 0, e = n, open, depth = 0, w;

	blank_trim(s, &f, &e);
	if (e < 4 || s[e - 1] != ')')
		return 0;
	/* Back from the last ')' to the '(' it closes, "(ln(x) + C)". */
	for (open = e; open > 0; open--)
		if (s[open - 1] == ')')
			depth++;
		else if (s[open - 1] == '(' && --depth == 0)
			break;
	if (open < 2 || depth != 0 || open + 1 == e)
		return 0;
	/* "(2 points)", "(hint: ...)", "(see ...)": the exam's notes. */
	w = strspn(s + open, "0123456789");
	if ((w > 0 && s[open + w] == ' ' && cp_word_among(s + open + w + 1,
	    e - 1 - open - w - 1, notes)) || strncasecmp(s + open, "hint:",
	    5) == 0 || strncasecmp(s + open, "hint ", 5) == 0 ||
	    strncasecmp(s + open, "hints:", 6) == 0 ||
	    strncasecmp(s + open, "see ", 4) == 0 ||
	    strncasecmp(s + open, "cf.", 3) == 0)
		return 0;
	for (e = open - 1; e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t');
	    e--)
		continue;
	return e > 0 && s[e - 1] == '?' ? e : 0;
}

/*
 * Of line i: -1 when it is no numbered question (find_numbered()
 * labelled it), else where its answer in brackets begins when it is
 * one so answered with nothing under it (paren_answer()), else 0.
 */
static long
paren_question(const struct txt_state *st, size_t i)
{
	if (!(st->lines[i].flags & LF_QPFX))
		return -1;
	if (i + 1 < st->nlines && !(st->lines[i + 1].flags & LF_QPFX))
		return 0;
	return (long)paren_answer(st->text.data + st->lines[i].off,
	    st->lines[i].len);
}

/*
 * Numbered questions may each stand alone on their line, answered in
 * brackets at its end, "3. Сколько в группе семей? (5)", a
 * questionnaire's answers written in.  Where sure_num in sure_den of
 * the numbered questions, min_units at least, are one line so ending
 * and nothing under it, the bracket is the answer, its marks left out;
 * a bracket inside the question stays.  Reported once.
 */
static void
find_paren_answers(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n = 0, good = 0, first = 0;
	long	 at;

	for (i = 0; i < st->nlines; i++)
		if ((at = paren_question(st, i)) >= 0) {
			n++;
			if (at > 0 && good++ == 0)
				first = i;
		}
	if (good < (size_t)layout_weight.min_units || !sure(good, n))
		return;
	for (i = 0; i < st->nlines; i++)
		if ((at = paren_question(st, i)) > 0)
			st->lines[i].cut = (size_t)at;
	st->bracketed = '(';
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[first].lineno, 0,
	    "%zu of %zu numbered questions each one line ending in its answer "
	    "in brackets, \"? (...)\": the bracket's text the answer, its "
	    "marks left out", good, n);
}

/*
 * Where answer line i opens, past its indent, with the mark a note sets
 * before what it answers, ">> ", "=> ": the length of the indent and the
 * mark with its spaces; else 0.
 */
static size_t
answer_mark(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k = strspn(s, " \t");

	if (k + 3 > n || (strncmp(s + k, ">>", 2) != 0 &&
	    strncmp(s + k, "=>", 2) != 0) || s[k + 2] != ' ')
		return 0;
	return k + 2 + strspn(s + k + 2, " \t");
}

/*
 * Numbered questions whose answers open with a mark, ">> ", on the
 * first answer line of min_units of them and two in three or more, the
 * arrow a note draws to the command that answers it: the mark is no
 * text of the answer, left out where an answer line opens with it.
 * Reported once.
 */
static void
drop_answer_marks(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, k, heads = 0, marked = 0;
	unsigned long	 line = 0;
	char		 m;

	for (i = 0; i + 1 < st->nlines; i++)
		if (block_number(st, i, &m) > 0) {
			heads++;
			marked += answer_mark(st, i + 1) > 0;
		}
	if (marked < (size_t)layout_weight.min_units || 3 * marked < 2 * heads)
		return;
	for (i = 0; i < st->nlines; i++) {
		if (block_number(st, i, &m) > 0 ||
		    (k = answer_mark(st, i)) == 0)
			continue;
		line = line == 0 ? st->lines[i].lineno : line;
		st->lines[i].off += k;
		st->lines[i].len -= k;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "answer lines "
	    "opened by \">>\" or \"=>\" under %zu of %zu numbered questions: "
	    "the mark points at the answer, no text of it; left out", marked,
	    heads);
}

/*
 * Questions may be numbered where nothing else marks them: "1. Write a
 * shell script:", a blank line, and an answer of several paragraphs up
 * to "2. ...".  When lines at the margin that open a block (after a
 * blank line, or first) are numbered with one mark, "1.", "1)" or "1- ",
 * perhaps after "*" marks of the author's ("**2- "), and
 * their numbers count up by one from 1, each the next, on at least
 * three such lines and all of them, they are the file's questions:
 * each begins a card, no other line does, and the question goes on up
 * to a blank line; what follows it up to the next is its answer, blank
 * lines, lists and all.  A number missing between two such lines that
 * stands at the margin under an answer, no blank line above it, is the
 * question the count skipped.  Reported once.
 */
static int
find_numbered(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, j, k, n = 0, nheld = 0, *held, from = 1;
	size_t		 skipped = (size_t)-1;
	unsigned long	 first = 0;
	long		 num;
	char		 mark = 0, m, m1;
	int		 lost = 0;

	held = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*held));
	for (i = 0; i < st->nlines; i++) {
		if ((num = block_number(st, i, &m)) == 0) {
			/*
			 * Right under an answer, the next number, perhaps;
			 * not an item of a list in the answer, "2." above.
			 */
			if (mark != 0 && line_number(st, i, &m) == (long)n + 1 &&
			    m == mark && skipped == (size_t)-1 &&
			    line_number(st, i - 1, &m) != (long)n)
				skipped = i;
			continue;
		}
		if (mark == 0) {
			mark = m;
			first = st->lines[i].lineno;
			/* "1. " lost on the file's first line, "2. " below. */
			lost = num == 2 && i > 0;
			/*
			 * Unless "1." stands right under a title, no blank
			 * line between: the question all the same, where it
			 * asks as "2." does.
			 */
			if (lost && i > 1 && line_number(st, 1, &m1) == 1 &&
			    m1 == m) {
				/* Not "1. the slides" over "2. ...?" */
				if (line_asks(st, 1) || !line_asks(st, i)) {
					held[nheld++] = 1;
					first = st->lines[1].lineno;
				} else
					from = 2;
				lost = 0;
			}
			n = num == 2 && i > 0;
		}
		/*
		 * The one number between two that stands under its answer
		 * with no blank line is a question all the same: "51."
		 * between "50." and "52.".
		 */
		if (m == mark && num == (long)n + 2 && skipped != (size_t)-1) {
			held[nheld++] = skipped;
			n++;
		}
		skipped = (size_t)-1;
		if (m != mark || num != (long)n + 1) {
			free(held);
			return 0;
		}
		n++;
	}
	if (n < (size_t)layout_weight.min_units) {
		free(held);
		return 0;
	}
	st->qmark = QM_NUMBER;
	for (i = 0; i < nheld; i++)
		mark_label(st, held[i], 0, 0);
	free(held);
	if (lost) {
		mark_label(st, 0, 0, 0);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "questions numbered from 2: the "
		    "file's first line read as question 1, its number lost");
	}
	for (i = 0; i < st->nlines; i++)
		if (block_number(st, i, &m) > 0)
			mark_label(st, i, 0, 0);
	question_blocks(st);
	/*
	 * Lettered options right under a question, over a line labelled
	 * its answer, "(A) Pitcher plant" ... "Answer: (B) ...": they are
	 * offered with the question.
	 */
	for (i = 0; i < st->nlines; i++) {
		if (block_number(st, i, &m) == 0)
			continue;
		for (k = i + 1; k < st->nlines && st->lines[k].opt != 0 &&
		    block_number(st, k, &m) == 0; k++)
			continue;
		if (k > i + 1 && k < st->nlines &&
		    (st->lines[k].flags & LF_APFX))
			for (j = i + 1; j < k; j++)
				st->lines[j].part = P_QUESTION;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu lines numbered %zu to %zu open blocks: read as the questions, "
	    "each answered by what follows it", n + 1 - from, from, n);
	drop_answer_marks(r, st);
	find_dashed_answers(r, st);
	if (r->opts.split == NULL)
		find_paren_answers(r, st);
	return 1;
}

/*
 * The number at the margin of s[0..n), "5. " or "3.¿Cuál", "2)", not
 * "1.1" nor "2.": the number, else 0.
 */
static long
margin_number(const char *s, size_t n)
{
	size_t	 k = strspn(s, "0123456789");

	if (k == 0 || k > 9 || s[0] == '0' || k + 1 >= n ||
	    (s[k] != '.' && s[k] != ')') || isdigit((unsigned char)s[k + 1]))
		return 0;
	return strtol(s, NULL, 10);
}

/*
 * A worksheet may number its questions at the margin with no blank line
 * around them, "5. Describe los protocolos ...", each right over its
 * answer, and leave one out.  When at least min_units lines at the
 * margin are numbered with one mark, "1." or "1)", from 1 up, each
 * number one or two more than the last, each has a line under it that
 * is not so numbered, and fit_num in fit_den of them or more ask (a
 * question mark, a question word or a prompt), each begins a card, no
 * other line does, and the lines under it up to the next are its
 * answer, blank lines and all.  An answer's own list would break the
 * count; where every answer is one line, alternation reads the file,
 * and where lettered options stand under a question, the rules of a
 * multiple choice do.
 * Reported once.
 */
static int
find_numbered_lines(struct cp_reader *r, struct txt_state *st)
{
	const char	*s;
	size_t		 i, n = 0, asked = 0, last = 0, first = 0, longer = 0;
	long		 num, prev = 0;
	char		 mark = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((num = margin_number(s, st->lines[i].len)) == 0)
			continue;
		if (mark == 0) {
			mark = s[strspn(s, "0123456789")];
			first = i;
		}
		if ((n > 0 && i == last + 1) || num < prev + 1 ||
		    num > prev + 2 || (prev == 0 && num != 1) ||
		    s[strspn(s, "0123456789")] != mark)
			return 0;
		/* Lettered options under it: a multiple choice's rules. */
		if (i + 1 < st->nlines && st->lines[i + 1].opt != 0)
			return 0;
		asked += asks_outright(&st->lines[i]);
		longer += n > 0 && i > last + 2;
		prev = num, last = i, n++;
	}
	if (n < (size_t)layout_weight.min_units || last + 1 == st->nlines ||
	    (longer == 0 && last + 2 >= st->nlines) ||
	    asked * (size_t)layout_weight.fit_den <
	    n * (size_t)layout_weight.fit_num)
		return 0;
	st->qmark = QM_NUMBER;
	for (i = 0; i < st->nlines; i++)
		if (margin_number(st->text.data + st->lines[i].off,
		    st->lines[i].len) > 0)
			mark_label(st, i, 0, 0);
	question_blocks(st);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[first].lineno,
	    0, "%zu lines numbered up to %ld, each over lines of its own: read "
	    "as the questions, each answered by the lines under it", n, prev);
	return 1;
}

/*
 * The number of a line that is a number and a note in parentheses
 * alone, "7.\t(3 ponavljanja)", "12) (4 points)"; else 0.
 */
static long
noted_number(const char *s, size_t n)
{
	long	 num;
	size_t	 k;

	if ((num = margin_number(s, n)) == 0)
		return 0;
	k = strspn(s, "0123456789") + 1;
	k += strspn(s + k, " \t");
	return k + 2 < n && s[k] == '(' && s[n - 1] == ')' &&
	    memchr(s + k + 1, ')', n - k - 2) == NULL ? num : 0;
}

/*
 * An exam's questions ranked or marked may each open with a line that
 * is its number and a note, "1.\t(10 ponavljanja)" (asked ten times),
 * the question on the line under it and the answer below, no blank line
 * anywhere.  When at least min_units such lines count up by one from 1,
 * each with two lines or more under it before the next, they are the
 * questions' heads: each begins a card, the line under it goes on with
 * the question, and the lines after it up to the next head answer it,
 * numbered lists and all.  Reported once.
 */
static int
find_noted_numbers(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n = 0, last = 0;
	long	 num;

	for (i = 0; i < st->nlines; i++) {
		if ((num = noted_number(st->text.data + st->lines[i].off,
		    st->lines[i].len)) == 0)
			continue;
		if (num != (long)n + 1 || (n > 0 && i < last + 3))
			return 0;
		last = i, n++;
	}
	if (n < (size_t)layout_weight.min_units || last + 2 >= st->nlines)
		return 0;
	st->qmark = QM_NUMBER;
	for (i = 0; i < st->nlines; i++) {
		if (noted_number(st->text.data + st->lines[i].off,
		    st->lines[i].len) == 0)
			continue;
		mark_label(st, i, 0, 0);
		st->lines[i + 1].part = P_QUESTION;
		for (last = i + 2; last < st->nlines &&
		    noted_number(st->text.data + st->lines[last].off,
		    st->lines[last].len) == 0; last++)
			st->lines[last].part = P_ANSWER;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu lines of a number and a note in parentheses, counting up: "
	    "read as the questions' heads, each over its question's line and "
	    "the lines that answer it", n);
	return 1;
}

/*
 * A glossary may give each term a line of its own ending in a colon,
 * "function call:", its definition on the lines below.  When at least
 * three lines are a label alone (one to four words and a colon, as
 * pair_label() reads them), never two in a row nor last, and they are
 * one line in term_den or more, each begins a card and is its whole
 * question, no other line begins one, and the colon is no part of the
 * term.  Reported once.
 */
static void
find_terms(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, at, n = 0;
	unsigned long	 first = 0;
	unsigned char	*is;

	is = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		/* "https:" is a URL's. */
		if (pair_label(s, l->len, &at) != l->len || at > 0 ||
		    url_scheme(s, l->len - 1))
			continue;
		if (i + 1 == st->nlines || (i > 0 && is[i - 1]))
			break;
		if (first == 0)
			first = l->lineno;
		is[i] = 1;
		n++;
	}
	if (i < st->nlines || n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.term_den < st->nlines) {
		free(is);
		return;
	}
	st->qmark = QM_TERM;
	for (i = 0; i < st->nlines; i++) {
		if (!is[i])
			continue;
		mark_label(st, i, 0, 0);
		drop_colon(st, i);
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines "
	    "of a term and a colon read as terms, their definitions under "
	    "them", n);
	free(is);
}

/*
 * The length of the rule drawn into heading s[0..n), "#------TypeScript"
 * or "# ----- git, GitHub": perhaps a "#" and spaces, then three or more
 * of one of "-" and "=", then spaces, then words; else 0.
 */
static size_t
rule_head(const char *s, size_t n)
{
	size_t	 k = s[0] == '#', r;

	k += strspn(s + k, " \t");
	if (k >= n || (s[k] != '-' && s[k] != '='))
		return 0;
	for (r = k; r < n && s[r] == s[k]; r++)
		continue;
	if (r - k < 3 || s[r] == '>')
		return 0;	/* "---> step": an arrow, no rule */
	r += strspn(s + r, " \t");
	return r < n && has_letter(s + r, n - r) ? r : 0;
}

/*
 * Questions framed by rules (find_question_frames()), the rules gone:
 * each opens a card, as a bullet would, its block the question.
 */
static int
find_framed_heads(struct txt_state *st)
{
	size_t	 i;

	if (st->frames == 0)
		return 0;
	st->qmark = QM_BULLET;
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].framed)
			mark_label(st, i, 0, 0);
	question_blocks(st);
	return 1;
}

/*
 * Notes may head each topic with a rule drawn into its line,
 * "#------TypeScript", and answer it on the lines under it.  When
 * min_units lines or more are such headings (rule_head), each heading
 * begins a card and is its whole question, without its rule; no other
 * line begins one, and what stands under it up to the next, blank lines
 * and all, is its answer.  Reported once.
 */
static int
find_rule_heads(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, k, n;
	unsigned long	 first;

	if ((n = lines_where(st, rule_head, &first)) <
	    (size_t)layout_weight.min_units)
		return 0;
	st->qmark = QM_TERM;
	for (i = 0; i < st->nlines; i++)
		if ((k = rule_head(st->text.data + st->lines[i].off,
		    st->lines[i].len)) > 0)
			mark_label(st, i, k, 0);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines "
	    "headed by a rule drawn into them, \"#-----Topic\": read as "
	    "topics, each answered by the lines under it, the rule left out",
	    n);
	return 1;
}

/* The length of a field's label "Word:" at s, with its colon, or 0. */
static size_t
field_label(const char *s)
{
	size_t	 i;

	for (i = 0; i < 20 && (isalpha((unsigned char)s[i]) || s[i] == '_'); i++)
		continue;
	return i > 0 && s[i] == ':' ? i + 1 : 0;
}

struct label {
	const char	*s;	/* the line, its label first */
	size_t		 len;
	size_t		 line;
};

static int
label_cmp(const void *a, const void *b)
{
	const struct label	*x = a, *y = b;
	int			 c;

	if ((c = strncasecmp(x->s, y->s, x->len < y->len ? x->len :
	    y->len)) != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* What a field's label makes of its value: left out, a tag, tags. */
static int
label_tags(const char *s, size_t len)
{
	static const char *const one[] = {
		"class", "category", "topic", "subject", "chapter", "path",
		"kategorie", "thema", "categoría", "tema", "catégorie", NULL
	};
	static const char *const list[] = { "tag", "tags", NULL };
	char	 low[24];

	cp_lower_prefix(s, len - 1, low, sizeof(low));
	return in_list(low, list) ? 2 : in_list(low, one) ? 1 : 0;
}

/* Line l after its record's number, "1. Created: ...": its field. */
static const char *
record_field(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	return s + record_number(s, l->len);
}

/*
 * Leaves out the lines gone[] marks: the blank lines before each go
 * before the next line kept, and a line that names an option (names)
 * still names the same line where it now stands.
 */
static void
close_up(struct txt_state *st, const unsigned char *gone)
{
	size_t		*at, i, kept = 0;
	unsigned long	 carry = 0;

	at = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*at));
	for (i = 0; i < st->nlines; i++) {
		at[i] = kept;
		if (gone[i]) {
			carry += st->lines[i].gap;
			continue;
		}
		st->lines[i].gap += carry;
		carry = 0;
		/* A line above, else none: at[] is filled down to i. */
		if (st->lines[i].names > 0)
			st->lines[i].names = st->lines[i].names - 1 < i ?
			    at[st->lines[i].names - 1] + 1 : 0;
		st->lines[kept++] = st->lines[i];
	}
	st->nlines = kept;
	free(at);
}

/*
 * Of a record that opens with its "Q:" line at i: when its "A:" line
 * follows right under it and holds a number alone, and two lines or more
 * that share one label of their own follow that, "O: text", then at most
 * a line of punctuation alone (the record's end, ","), and then the next
 * "Q:" or the end: how many such lines, its options, with *v the number
 * and *e the record's end; else 0.
 */
static size_t
indexed_options(const struct txt_state *st, size_t i, long *v, size_t *e)
{
	const struct line	*a;
	const char		*s, *lab;
	size_t			 k, n, len;

	if (i + 3 >= st->nlines || !(st->lines[i].flags & LF_QPFX))
		return 0;
	a = &st->lines[i + 1];
	s = st->text.data + a->off + a->pfx;
	if (!(a->flags & LF_APFX) || a->pfx >= a->len ||
	    a->len - a->pfx > 2 || strspn(s, "0123456789") != a->len - a->pfx)
		return 0;
	*v = strtol(s, NULL, 10);
	lab = record_field(st, &st->lines[i + 2]);
	if ((len = field_label(lab)) == 0)
		return 0;
	for (k = i + 2; k < st->nlines && st->lines[k].gap == 0 &&
	    !(st->lines[k].flags & (LF_QPFX | LF_APFX)) &&
	    field_label(record_field(st, &st->lines[k])) == len &&
	    strncmp(record_field(st, &st->lines[k]), lab, len) == 0; k++)
		continue;
	n = k - i - 2;
	s = st->text.data + st->lines[k < st->nlines ? k : i].off;
	if (k < st->nlines && !(st->lines[k].flags & LF_QPFX) &&
	    strspn(s, ",;.-*=_~#") == st->lines[k].len)
		k++;
	*e = k;
	return n >= 2 && (k == st->nlines || (st->lines[k].flags & LF_QPFX)) ?
	    n : 0;
}

/*
 * A quiz program's records may answer by the place of the right option:
 * "Q: question", "A: 0", then the options "O: text", a line each, and a
 * "," closing the record.  When min_units records at least, and sure_num
 * in sure_den of the "Q:" lines, are so (indexed_options), and their
 * numbers count from 0 (one of them 0, none as many as its options) or
 * from 1 (one of them as many as its options, none 0), the options, their
 * label left out, go on with the question, and the back is the option the
 * number names.  The lines of punctuation that close the records are
 * left out.  Reported once.
 */
static void
find_indexed_options(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, k, n, e, q = 0, good = 0;
	long		 v, base, zero = 0, full = 0, over = 0;
	struct line	 a;
	const char	*s;
	unsigned char	*gone;

	for (i = 0; i < st->nlines; i++) {
		q += (st->lines[i].flags & LF_QPFX) != 0;
		if ((n = indexed_options(st, i, &v, &e)) == 0)
			continue;
		good++;
		zero += v == 0;
		full += v == (long)n;
		over += v > (long)n;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, q) ||
	    over > 0 || (zero > 0) == (full > 0))
		return;
	base = zero > 0 ? 0 : 1;
	gone = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		if ((n = indexed_options(st, i, &v, &e)) == 0)
			continue;
		a = st->lines[i + 1];
		for (k = i + 1; k < i + 1 + n; k++) {
			st->lines[k] = st->lines[k + 1];
			s = record_field(st, &st->lines[k]);
			s += field_label(s);
			s += strspn(s, " \t");
			st->lines[k].len -= (size_t)(s - (st->text.data +
			    st->lines[k].off));
			st->lines[k].off = (size_t)(s - st->text.data);
		}
		a.names = i + 1 + (size_t)(v - base) + 1;
		st->lines[i + 1 + n] = a;
		for (k = i + 2 + n; k < e; k++)
			gone[k] = 1;	/* the record's end mark */
		i = e - 1;
	}
	close_up(st, gone);
	free(gone);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu records answered by the place of the right option among "
	    "their labelled options, counted from %ld: the options go with "
	    "the question, their label and the records' closing marks left "
	    "out, and the option named is the answer", good, base);
}

/*
 * Where labels delimit the cards, "Q) ..." and "A) ...", a line that
 * opens with a label of the same shape but a word of its own in
 * capitals, "EXT) Is the ObjectID needed?", and asks, is a question,
 * not more of the answer above: it is read as one, and reported.
 */
static void
find_asking_labels(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, k;
	char		 mark = 0;

	for (i = 0; i < st->nlines && mark == 0; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		for (k = l->pfx; (l->flags & LF_QPFX) && k > 0 &&
		    (s[k - 1] == ' ' || s[k - 1] == '\t'); k--)
			continue;
		if ((l->flags & LF_QPFX) && k > 0 &&
		    ispunct((unsigned char)s[k - 1]))
			mark = s[k - 1];
	}
	for (i = 0; mark != 0 && i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		k = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
		if ((l->flags & (LF_QPFX | LF_APFX)) || k < 2 ||
		    k + 2 > l->len || s[k] != mark || s[k + 1] != ' ' ||
		    !(l->flags & LF_ENDQ))
			continue;
		l->flags |= LF_QPFX;
		l->pfx = k + 2;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno, 0,
		    "\"%.*s\" labels a question, as the file's own label does",
		    (int)k + 1, s);
	}
}

/* find_fields' mark of a field that explains the answer above it. */
#define FIELD_EXPLAINS	4

/*
 * Is line i, a labelled field, the explanation of the answer right above
 * it, "Motivation: In common channel signaling ...": under the answer's
 * label with no blank line, and a sentence that ends in a full stop?
 */
static int
explanation(const struct txt_state *st, size_t i)
{
	return i > 0 && st->lines[i].gap == 0 &&
	    (st->lines[i - 1].flags & LF_APFX) &&
	    (st->lines[i].flags & LF_STOP);
}

/*
 * In a deck whose Q:/A: labels part the cards, finds the other labelled
 * fields of its records: a "Word:" line ("1. Word:" where the record's
 * number stands first) that stands next to a labelled line with no
 * blank line between, under a label that comes back on at least half
 * as many lines as there are questions.  Takes them out of
 * the card lines into st->extras, each with the card it belongs to: the
 * question right below it, else the card above.  Each label is reported
 * once.  n log n in the lines.
 */
static void
find_fields(struct cp_reader *r, struct txt_state *st)
{
	struct label	*lab;
	unsigned char	*cand;
	struct line	*l;
	unsigned char	*below;
	size_t		 m = st->nlines, i, j, k, n = 0, nq = 0, kept, carry;
	size_t		 xcap = 0;
	int		 fwd, explains;
	const char	*s;

	cand = cp_xcalloc(m + 1, 1);
	for (i = 0; i < m; i++) {
		l = &st->lines[i];
		nq += (l->flags & LF_QPFX) != 0;
		if (!(l->flags & (LF_QPFX | LF_APFX)) && l->opt == 0 &&
		    field_label(record_field(st, l)) > 0)
			cand[i] = 1;
	}
	lab = cp_xreallocarray(NULL, m + 1, sizeof(*lab));
	for (i = 0; i < m; i++)
		if (cand[i] && ((i > 0 && st->lines[i].gap == 0 &&
		    (cand[i - 1] || (st->lines[i - 1].flags &
		    (LF_QPFX | LF_APFX)))) || (i + 1 < m &&
		    st->lines[i + 1].gap == 0 && (cand[i + 1] ||
		    (st->lines[i + 1].flags & (LF_QPFX | LF_APFX)))))) {
			lab[n].s = record_field(st, &st->lines[i]);
			lab[n].len = field_label(lab[n].s);
			lab[n++].line = i;
		}
	memset(cand, 0, m);
	qsort(lab, n, sizeof(*lab), label_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && lab[j].len == lab[i].len &&
		    strncasecmp(lab[j].s, lab[i].s, lab[i].len) == 0; j++)
			continue;
		if (j - i < 2 || (j - i) * 2 < nq)
			continue;
		for (k = i, explains = 1; k < j; k++)
			explains &= explanation(st, lab[k].line);
		for (k = i; k < j; k++)
			cand[lab[k].line] = explains ? FIELD_EXPLAINS :
			    1 + (unsigned char)label_tags(lab[i].s, lab[i].len);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[lab[i].line].lineno, 0, "\"%.*s\" lines %s",
		    (int)lab[i].len, lab[i].s, explains ? "read as the "
		    "answer's explanation: kept in the back, the label left "
		    "out" : cand[lab[i].line] > 1 ? "read as the cards' tags" :
		    "left out: a field of the records, no side of a card");
	}
	free(lab);
	if (n == 0) {
		free(cand);
		return;
	}
	/*
	 * Which card each field goes with: the question straight below
	 * it, fields between and no blank line, else the card above.
	 */
	below = cp_xcalloc(m, 1);
	for (i = m, fwd = 0; i-- > 0; ) {
		if (!cand[i])
			fwd = (st->lines[i].flags & LF_QPFX) != 0;
		else
			fwd = below[i] = fwd && i + 1 < m &&
			    st->lines[i + 1].gap == 0;
	}
	for (i = 0, kept = 0, carry = 0; i < m; i++) {
		l = &st->lines[i];
		if (cand[i] == FIELD_EXPLAINS) {
			s = record_field(st, l);
			s += field_label(s);
			s += strspn(s, " \t");
			l->len -= (size_t)(s - (st->text.data + l->off));
			l->off = (size_t)(s - st->text.data);
			cand[i] = 0;
		}
		if (!cand[i]) {
			l->gap += carry;
			carry = 0;
			if (kept > 0 && l->gap > 0)
				l->flags |= LF_BLANK;
			st->lines[kept++] = *l;
			continue;
		}
		carry += l->gap;
		s = record_field(st, l);
		s += field_label(s);
		s += strspn(s, " \t");
		if (cand[i] == 1 || *s == '\0' || (!below[i] && kept == 0))
			continue;
		if (st->nextras == xcap) {
			xcap = xcap ? xcap * 2 : 16;
			st->extras = cp_xreallocarray(st->extras, xcap,
			    sizeof(*st->extras));
		}
		st->extras[st->nextras].line = below[i] ? kept : kept - 1;
		st->extras[st->nextras].value = s;
		st->extras[st->nextras++].tags = cand[i] - 1;
	}
	st->nlines = kept;
	free(below);
	free(cand);
}

/*
 * Questions labelled with a known word, "Question 13:", may be answered
 * under a word of the file's own, "Explanation:", where no known answer
 * label is.  When the first labelled line (pair_label) under min_units
 * labelled questions or more, fit_num in fit_den of them, is the same
 * word, that word labels the answers.  Reported once.  Returns whether
 * it was found; n log n in the lines.
 */
static int
find_answer_word(struct cp_reader *r, struct txt_state *st)
{
	struct label	*lab;
	size_t		 m = st->nlines, i, j, k, n = 0, nq = 0, best = 0;
	size_t		 top = 0, len, at;
	const char	*s;

	for (i = 0; i < m; i++) {
		if (st->lines[i].flags & LF_APFX)
			return 0;
		nq += (st->lines[i].flags & LF_QPFX) != 0;
	}
	if (nq < (size_t)layout_weight.min_units)
		return 0;
	lab = cp_xreallocarray(NULL, nq, sizeof(*lab));
	for (i = 0; i < m; i = k) {
		for (k = i + 1; k < m && !(st->lines[k].flags & LF_QPFX); k++) {
			s = st->text.data + st->lines[k].off;
			if (!(st->lines[i].flags & LF_QPFX) ||
			    (len = pair_label(s, st->lines[k].len, &at)) == 0)
				continue;
			if (at == 0) {
				lab[n].s = s;
				lab[n].len = len;
				lab[n++].line = k;
			}
			break;
		}
	}
	qsort(lab, n, sizeof(*lab), label_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && lab[j].len == lab[i].len &&
		    strncasecmp(lab[j].s, lab[i].s, lab[i].len) == 0; j++)
			continue;
		if (j - i > best)
			best = j - i, top = i;
	}
	if (best < (size_t)layout_weight.min_units ||
	    best * (size_t)layout_weight.fit_den <
	    nq * (size_t)layout_weight.fit_num) {
		free(lab);
		return 0;
	}
	/* The word labels the answers where no question's label is over. */
	for (i = 0; i < m; i++) {
		s = st->text.data + st->lines[i].off;
		if (!(st->lines[i].flags & LF_QPFX) &&
		    (len = pair_label(s, st->lines[i].len, &at)) ==
		    lab[top].len && at == 0 &&
		    strncasecmp(s, lab[top].s, len) == 0)
			mark_label(st, i, len, 1);
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[lab[top].line].lineno, 0, "\"%.*s\" under %zu of %zu "
	    "labelled questions, and no answer label: read as the label of "
	    "their answers", (int)lab[top].len, lab[top].s, best, nq);
	free(lab);
	return 1;
}

/*
 * Is sep one that words hold inside them, "well-known", "de_DE", so that
 * spaces that fit as well part the lines instead?
 */
static int
written_in_word(const char *sep)
{
	return sep != NULL && (strcmp(sep, "-") == 0 || strcmp(sep, "_") == 0);
}

/*
 * Separators that part a card's front from its back on one line, the
 * most particular first: where two fit a file as well, the earlier is
 * taken.  SPACES is a run of two spaces or more, the space where the
 * text passes from one script to another (script_cut()), or, on a line
 * without either, the middle of a line of two or four words.
 */
static const char SPACES[] = "  ";
/*
 * A run of three hyphens or more, an arrow's head after it or none,
 * typed as long as the hand likes, "git status -----to check status",
 * "overtime    ---> tiempo extra" (dash_run()).
 */
static const char DASH_RUN[] = "---";
/* An answer's label after the question on its line, "Who? A: Emma". */
static const char ANSWER_LABEL[] = " A:";
static const char *const separators[] = {
	"\t", ANSWER_LABEL, ":::", "::", ";;", "&&", "=>", ">>", "|", "->",
	" \xe2\x80\x93 ", " \xe2\x80\x94 ", " // ", " <> ", " < ", " > ",
	" - ", "- ", " ~ ", DASH_RUN,
	"\xe2\x80\x94", "*",
	"=", ";", ",", ":", "#", "@", "-", "_", SPACES, NULL
};

/* The dashes " - " stands for when a word processor or a hand types it. */
static const char *const dash_kin[] = {
	" \xe2\x80\x93 ", " \xe2\x80\x94 ", NULL
};

/* The most bytes a transcription runs each side of its length mark. */
#define SLASH_REACH	64

/*
 * Is s[i] inside a run of no space between two slashes, SLASH_REACH
 * bytes at most each side: the length mark of a transcription,
 * "/'bu:ləvɑ:d/", or a path's?  (Bounded, so that a line of many
 * colons costs each one no more than a word's length.)
 */
static int
in_slashes(const char *s, size_t n, size_t i)
{
	size_t	 k;

	for (k = i; k > 0 && i - k < SLASH_REACH &&
	    !isspace((unsigned char)s[k - 1]) && s[k - 1] != '/'; k--)
		continue;
	if (k == 0 || s[k - 1] != '/')
		return 0;
	for (k = i + 1; k < n && k - i < SLASH_REACH &&
	    !isspace((unsigned char)s[k]) && s[k] != '/'; k++)
		continue;
	return k < n && s[k] == '/';
}

/*
 * Is sep at s[i] a separator, not a part of a number (10:30, 1,000), a
 * URL, an arrow, a transcription's length mark, a bullet, a hyphenated
 * word's kin or markup (**)?
 */
static int
sep_valid(const char *s, size_t n, size_t i, const char *sep)
{
	size_t		 k = strlen(sep);
	unsigned char	 b = i > 0 ? (unsigned char)s[i - 1] : ' ';
	unsigned char	 a = i + k < n ? (unsigned char)s[i + k] : ' ';

	/*
	 * "Staged- staged files are ...": the dash glued to the term, a
	 * space or two after it.
	 */
	if (strcmp(sep, "- ") == 0)
		return i > 0 && b != ' ' && b != '\t' && b != '-' &&
		    (a != ' ' || (i + k + 1 < n && s[i + k + 1] != ' '));
	/* "::" is no "::" inside ":::", nor "=>" inside "<=>" or "==>" */
	if (k == 2)
		return b != (unsigned char)sep[0] && a != (unsigned char)sep[1] &&
		    b != '<';
	/* Nor ":::" inside "::::". */
	if (strcmp(sep, ":::") == 0)
		return b != ':' && a != ':';
	if (k != 1)
		return 1;
	switch (*sep) {
	case ':':
		return !(isdigit(b) && isdigit(a)) && a != '/' && a != ':' &&
		    b != ':' && !in_slashes(s, n, i);
	case ',':
		return !(isdigit(b) && isdigit(a));
	case ';':
		return a != ';' && b != ';';
	case '-':	/* "a - b" is another separator, "1- " a number */
		return b != ' ' && a != ' ' && strchr("-<>", a) == NULL &&
		    b != '-' && b != '<';
	case '*':
		return a != '*' && b != '*';
	case '=':
		return strchr("=<>!", b) == NULL && strchr("=>", a) == NULL;
	case '|':
		return a != '|' && b != '|';
	case '#':	/* "word#słowo", not "C# is", "# Title" or "##" */
		return strchr(" \t#", a) == NULL && strchr(" \t#", b) == NULL;
	case '@':	/* "word@słowo" or "word@ słowo", not "@name" */
		return strchr(" \t@", b) == NULL && a != '@';
	case '_':	/* "two_kettő", not "_name", "__init__", "snake_case is" */
		return strchr(" \t_", b) == NULL &&
		    strchr(" \t_", a) == NULL && memchr(s, ' ', n) == NULL;
	case '\t':	/* not the tab a word processor puts after "1." or "o" */
		return !cp_list_marker(s + strspn(s, " \t"), s + i);
	default:
		return 1;
	}
}

/*
 * Where an HTML tag opening at s[i], "<img src='x.png'>", ends: the
 * index of its '>', or i when none opens there.  An attribute's "=" or
 * ":" parts no card.  *closed is cleared once no '>' is left in s, so
 * that a line of many "<" is scanned once.
 */
static size_t
tag_skip(const char *s, size_t n, size_t i, int *closed)
{
	const char	*gt;

	if (!*closed || s[i] != '<' || i + 1 >= n ||
	    !(isalpha((unsigned char)s[i + 1]) || s[i + 1] == '/'))
		return i;
	if ((gt = memchr(s + i + 1, '>', n - i - 1)) == NULL) {
		*closed = 0;
		return i;
	}
	return (size_t)(gt - s);
}

/* The first separator sep in s[from..n) outside HTML tags, or n. */
static size_t
sep_find(const char *s, size_t n, size_t from, const char *sep)
{
	size_t	 k = strlen(sep), i;
	int	 closed = 1;

	for (i = from; i + k <= n; i++)
		if (s[i] == *sep && memcmp(s + i, sep, k) == 0 &&
		    sep_valid(s, n, i, sep))
			return i;
		else
			i = tag_skip(s, n, i, &closed);
	return n;
}

/*
 * The first sep in s[0..n) outside parentheses, or n: "def M(self, J),
 * a method" is parted after the code, whose own commas part nothing.
 * An unclosed "(" leaves the rest inside it.
 */
static size_t
sep_outside(const char *s, size_t n, const char *sep)
{
	size_t	 k = strlen(sep), i, depth = 0;
	int	 closed = 1;

	for (i = 0; i + k <= n; i = tag_skip(s, n, i, &closed) + 1)
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth > 0)
			depth--;
		else if (depth == 0 && s[i] == *sep &&
		    memcmp(s + i, sep, k) == 0 && sep_valid(s, n, i, sep))
			return i;
	return n;
}

/*
 * Where s[0..n) passes from letters of one script to those of another
 * for good, a Latin one and any other, "perspective n. 观点": the last
 * letter of the first script in *last, the first of the second in
 * *second, and the first script, 1 for Latin, 2 for another; 0 where it
 * does not.  Marks and digits belong to neither script.
 */
static int
script_change(const char *s, size_t n, size_t *last, size_t *second)
{
	size_t	 k, len;
	int	 c, first = 0;

	*last = *second = n;
	for (k = 0; k < n; k += len) {
		if (cp_utf8_decode(s + k, n - k, &len) == 0)
			return 0;
		if ((c = letter_script(s + k, n - k)) == 0)
			continue;
		c = strchr("aAl", c) != NULL ? 1 : 2;
		if (first == 0)
			first = c;
		if (c == first && *second < n)
			return 0;	/* back to the first script */
		if (c == first)
			*last = k;
		else if (*second == n)
			*second = k;
	}
	return *second < n ? first : 0;
}

/*
 * Where s[0..n) passes from one script to another for good
 * (script_change()): the first blank (a space, or a tab) after the last
 * letter of the first script, when it comes before the first letter of
 * the second; else n.
 */
static size_t
script_cut(const char *s, size_t n, char blank)
{
	size_t	 k, last, second;

	if (script_change(s, n, &last, &second) == 0)
		return n;
	for (k = last; k < second && s[k] != blank; k++)
		continue;
	return k < second ? k : n;
}

/*
 * Where s[0..n), in Latin letters, passes to Han, kana or Hangul for good
 * with no blank, nor anything else, between, "probable大概的" ("apple-苹果"
 * has its dash): the first letter of the second script; else n.
 */
static size_t
glued_cut(const char *s, size_t n)
{
	size_t	 last, second, len;

	if (script_change(s, n, &last, &second) != 1 ||
	    strchr("khg", letter_script(s + second, n - second)) == NULL)
		return n;
	cp_utf8_decode(s + last, n - last, &len);
	return last + len == second ? second : n;
}

static int	 cut_line(const struct txt_state *, const struct line *,
		    const char *, size_t *, size_t *, int *, int *, size_t *);

/*
 * Where the first run of three hyphens or more in s[0..n) stands between
 * text, its arrow's head ">" with it: its index, its length in *len; 0
 * for none, and for a line of hyphens alone or a run at its ends.
 */
static size_t
dash_run(const char *s, size_t n, size_t *len)
{
	size_t	 i, k;

	for (i = 0; i < n; i += k > 0 ? k : 1) {
		if ((k = strspn(s + i, "-")) < 3)
			continue;
		if (i + k < n && s[i + k] == '>')
			k++;
		if (i == 0 || i + k >= n || strspn(s, " \t-") >= i ||
		    strspn(s + i + k, " \t-") >= n - i - k)
			return 0;
		*len = k;
		return i;
	}
	return 0;
}

/*
 * Do the letters of s[0..n) all belong to Latin scripts (latin set) or
 * all to others (latin clear), one at least?
 */
static int
one_side_letters(const char *s, size_t n, int latin)
{
	size_t	 k, len, letters = 0;
	int	 c;

	for (k = 0; k < n; k += len) {
		if (cp_utf8_decode(s + k, n - k, &len) == 0)
			return 0;
		if ((c = letter_script(s + k, n - k)) == 0)
			continue;
		if ((strchr("aAl", c) != NULL) != latin)
			return 0;
		letters++;
	}
	return letters > 0;
}

/*
 * Where a word in a script beyond Latin letters is followed, after sep,
 * by its reading in them, most words at most, and then by its meaning,
 * "アクション, akushon, acción" or "家庭<TAB>jiātíng<TAB>family": the offset
 * of the sep that ends the reading; else 0.
 */
static size_t
romanized_cut(const char *s, size_t n, const char *sep, size_t most)
{
	size_t	 first, from, second, k = strlen(sep);

	if ((first = sep_find(s, n, 0, sep)) == n ||
	    (second = sep_find(s, n, first + k, sep)) == n)
		return 0;
	from = first + k + strspn(s + first + k, " \t");
	return one_side_letters(s, first, 0) && from < second &&
	    one_side_letters(s + from, second - from, 1) &&
	    cp_count_words(s + from, second - from) <= most &&
	    has_letter(s + second + k, n - second - k) ? second : 0;
}

/*
 * Do min_units lines or more that sep parts twice, two in three of
 * them or more, hold a word, its reading and its meaning so
 * (romanized_cut()), the reading one word?  Where the meaning comes
 * second, "家庭|family|jiātíng", it is often more.  On such a file a
 * reading of three words at most is one on every line.
 */
static int
romanized_lines(const struct txt_state *st, const char *sep)
{
	const char	*s;
	size_t		 i, k = strlen(sep), twice = 0, n = 0, first;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((first = sep_find(s, st->lines[i].len, 0, sep)) ==
		    st->lines[i].len || sep_find(s, st->lines[i].len,
		    first + k, sep) == st->lines[i].len)
			continue;
		twice++;
		n += romanized_cut(s, st->lines[i].len, sep, 1) > 0;
	}
	return n >= (size_t)layout_weight.min_units &&
	    n * (size_t)layout_weight.fit_den >=
	    twice * (size_t)layout_weight.fit_num;
}

/*
 * Do the third fields after sep that read as tags (tag_field()) repeat
 * as a deck's tags do, "js120" on every card, "protocol" on a quarter:
 * not new on every line of twice min_units or more that hold one?  A
 * word's reading or meaning, "家庭|family|jiātíng", is.
 */
static int
tags_repeat(const struct txt_state *st, const char *sep)
{
	struct cp_hashset	 seen = { 0 };
	const struct line	*l;
	size_t			 i, cut, len, tag, n = 0, values = 0;
	uint64_t		 h;
	int			 again, guess;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!cut_line(st, l, sep, &cut, &len, &again, &guess, &tag) ||
		    tag == 0)
			continue;
		n++;
		h = cp_hash64(st->text.data + l->off + tag, l->len - tag);
		values += !cp_hashset_add(&seen, h != 0 ? h : 1);
	}
	cp_hashset_free(&seen);
	return values < n || n < 2 * (size_t)layout_weight.min_units;
}

/*
 * Do tabs part the words of one script from a last field in another,
 * "名前<TAB>なまえ<TAB>name" (script_cut()), on fit_num in fit_den of the
 * best lines that sep parts or more: that last field is the meaning,
 * however much it looks like a tag ("blue")?
 */
static int
scripted_fields(const struct txt_state *st, const char *sep, size_t best)
{
	const char	*s;
	size_t		 i, n = 0, k, first;

	if (strcmp(sep, "\t") != 0)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		first = strcspn(s, "\t");
		k = script_cut(s, st->lines[i].len, '\t');
		n += k > first && k < st->lines[i].len;
	}
	return n * (size_t)layout_weight.fit_den >=
	    best * (size_t)layout_weight.fit_num;
}

/*
 * Where a word's transcription in brackets or slashes right after it
 * ends s[0..n)'s front, "abandon [ə'bændən] v.放弃", "foresee /fɔːˈsiː/
 * meaning": the space after the closing mark, when text follows it;
 * else n.  No space inside the marks, SLASH_REACH bytes at most.
 */
static size_t
transcribed(const char *s, size_t n)
{
	size_t	 i = strspn(s, " "), o, c;
	char	 close;

	while (i < n && s[i] != ' ')
		i++;			/* the word */
	if (i + 3 >= n || (s[i + 1] != '[' && s[i + 1] != '/'))
		return n;
	o = i + 1;
	close = s[o] == '[' ? ']' : '/';
	for (c = o + 1; c < n && c - o <= SLASH_REACH && s[c] != close &&
	    s[c] != ' '; c++)
		continue;
	return c < n && s[c] == close && c > o + 1 && c + 2 < n &&
	    s[c + 1] == ' ' && s[c + 2] != ' ' ? c + 1 : n;
}

/*
 * Where spaces part s: at its first run of two or more inside the text
 * (not after a mark in parentheses that opens it), else where it passes
 * from one script to another (script_cut) or a word's transcription
 * ends (transcribed()), a table's bars and spaces
 * there parting it too ("わたし | 私 | Saya"), else (*guess set when
 * there are four words) between its middle words, unless it asks.
 */
static size_t
spaces_cut(const char *s, size_t n, size_t *len, int *guess)
{
	size_t	 i, k, words = cp_count_words(s, n), seen = 0;
	size_t	 change = script_cut(s, n, ' '), said = transcribed(s, n);

	for (i = strspn(s, " \t"); i < n; i++) {
		if (s[i] != ' ' && s[i] != '\t')
			continue;
		for (k = i; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
			continue;
		/*
		 * Not after a mark in parentheses alone: "(5 pts)  Name".  A
		 * tab among the spaces pads to a column as they do, but for
		 * a dash's, "Scrum<TAB>- sprints" ("\t- " parts that).
		 */
		if ((k - i >= 2 || s[i] == '\t') && k < n && !(s[0] == '(' &&
		    memchr(s, ')', i) == s + i - 1) &&
		    !(memchr(s + i, '\t', k - i) != NULL && k + 1 < n &&
		    strchr("-+*", s[k]) != NULL && s[k + 1] == ' ')) {
			*len = k - i;
			return i;
		}
		if ((i == change || i == said) && k == i + 1 &&
		    sep_find(s, n, 0, SPACES) == n) {
			*len = strspn(s + i, " |");
			return i;
		}
		/* "Що таке dir?" asks: no word and its meaning. */
		if (++seen == words / 2 && (words == 2 || words == 4) &&
		    sep_find(s, n, 0, SPACES) == n && !asks_at_end(s, n)) {
			*guess = words == 4;
			*len = 1;
			return i;
		}
		i = k - 1;
	}
	return 0;
}

/*
 * Where a third field after sep starts, when sep comes once more after
 * b and what follows it reads as tags: a word or two of letters, digits
 * and "_-:/", as Anki's text import takes a third column.  Else 0.
 */
static size_t
tag_field(const char *s, size_t n, size_t b, const char *sep)
{
	size_t	 j, t, i;

	if ((j = sep_find(s, n, b, sep)) == n)
		return 0;
	for (t = j + strlen(sep); t < n && (s[t] == ' ' || s[t] == '\t'); t++)
		continue;
	if (t == n || sep_find(s, n, t, sep) < n ||
	    n - t > (size_t)layout_weight.tag_bytes ||
	    cp_count_words(s + t, n - t) > (size_t)layout_weight.tag_words)
		return 0;
	for (i = t; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && (unsigned char)s[i] < 0x80 &&
		    strchr(" _-:/", s[i]) == NULL)
			return 0;
	return t;
}

/*
 * Is sep, found at s[i], half of ",-" glued to a word: "der Herr,-en",
 * "der Lehrer,-", a noun's plural ending as German word lists write it
 * ("x,-5" is a number)?
 */
static int
plural_ending(const char *s, size_t n, const char *sep, size_t i)
{
	if (strcmp(sep, "-") == 0 && i > 1 && s[i - 1] == ',')
		i--;
	else if (strcmp(sep, ",") != 0)
		return 0;
	return i > 0 && s[i - 1] != ' ' && i + 1 < n && s[i + 1] == '-' &&
	    (i + 2 == n || !isdigit((unsigned char)s[i + 2]));
}

/*
 * Does ",-" glue a plural ending to the noun on half the lines a comma
 * is on, and on a few lines at least?  Then it is no separator of a
 * meaning ("are,-dırlar" among "word,meaning" lines is one), and that
 * is reported.
 */
static int
plural_marks(struct cp_reader *r, const struct txt_state *st)
{
	const char	*s;
	size_t		 i, k, commas = 0, plurals = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((k = sep_find(s, st->lines[i].len, 0, ",")) ==
		    st->lines[i].len)
			continue;
		commas++;
		plurals += plural_ending(s, st->lines[i].len, ",", k);
	}
	if (plurals < (size_t)layout_weight.min_units || plurals * 2 < commas)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "\",-\" glues a plural ending to the word on %zu of %zu lines "
	    "with a comma: read as part of the word, no separator of a "
	    "meaning", plurals, commas);
	return 1;
}

/*
 * Where sep parts line l into a short front and a back: sets *cut and
 * *len and returns 1, with *again set when sep comes back after the cut
 * and *tagat where a third field of tags starts, or 0.
 */
static int
cut_line(const struct txt_state *st, const struct line *l, const char *sep,
    size_t *cut, size_t *len, int *again, int *guess, size_t *tagat)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len, i, f, b, k, from = l->numlen;

	*guess = 0;
	/*
	 * "<TAB>あさって<TAB>day after tomorrow": a record whose first field
	 * is empty (no kanji for the word); the next one fronts it.
	 */
	if (strcmp(sep, "\t") == 0 && s[0] == '\t' && from == 0 &&
	    sep_find(s, n, strspn(s, "\t"), sep) < n)
		from = strspn(s, "\t");
	/*
	 * " - " may be typed as a dash of its kin on an entry's line, at
	 * the margin; a wrapped line set in holds its dashes as prose.
	 */
	if (strcmp(sep, " - ") == 0 && s[0] != ' ' && s[0] != '\t' &&
	    sep_find(s, n, from, sep) == n)
		for (k = 0; dash_kin[k] != NULL; k++)
			if (sep_find(s, n, from, dash_kin[k]) < n) {
				sep = dash_kin[k];
				break;
			}
	/* Tabs that line the dashes up stand for its space: "Scope\t- x". */
	if (strcmp(sep, " - ") == 0 && sep_find(s, n, from, sep) == n &&
	    sep_find(s, n, from, "\t- ") < n)
		sep = "\t- ";
	if (sep == DASH_RUN) {
		if ((i = dash_run(s + from, n - from, len)) == 0)
			return 0;
		i += from;
	} else if (strcmp(sep, SPACES) == 0) {
		/* "A.出口导向      B.国内市场": two options, no sides. */
		if (l->opt != 0 && l->optnext > l->opt + 1)
			return 0;
		if ((i = spaces_cut(s + from, n - from, len, guess)) == 0)
			return 0;
		i += from;
	} else if ((i = sep_find(s, n, from, sep)) == n)
		return 0;
	else {
		*len = strlen(sep);
		if (memchr(s, '(', i) != NULL && (f = sep_outside(s, n,
		    sep)) < n)
			i = f;
	}
	for (f = i; f > 0 && (s[f - 1] == ' ' || s[f - 1] == '\t'); f--)
		continue;
	for (b = i + *len; b < n && (s[b] == ' ' || s[b] == '\t'); b++)
		continue;
	/*
	 * A front of punctuation alone is a bullet, not a term, unless
	 * it is two marks or more that touch the separator, "**, power",
	 * as an operator in a glossary of code does.  Prose
	 * holds the other separators, so a long front is a sentence that
	 * happens to; nobody types a tab or a bar inside one, so a tab or
	 * a "|" parts a front of any length, as Anki's text import parts
	 * it, and so do an answer's label and any separator right after a
	 * question's "?".
	 */
	if (f == 0 || b == n || (strspn(s, " \t-*#>|.,;:=") >= f &&
	    (f < 2 || f < i || strcspn(s, " \t") < f)) ||
	    (strcmp(sep, "\t") != 0 && strcmp(sep, "|") != 0 &&
	    strcmp(sep, ANSWER_LABEL) != 0 && s[f - 1] != '?' &&
	    cp_count_words(s, f) > (size_t)layout_weight.front_words))
		return 0;
	/* "Which? A: x B: y" is a question and its options. */
	if (strcmp(sep, ANSWER_LABEL) == 0 && l->optnext > 'B')
		return 0;
	/* "2-Topic", "1- Topic": an item's number, no term. */
	if ((strcmp(sep, "-") == 0 || strcmp(sep, "- ") == 0) && f <= 3 &&
	    strspn(s, "0123456789") == f)
		return 0;
	/*
	 * "2: Faça um programa que ...": an item's number before a task
	 * longer than a numeral's word ("2: two" pairs them).
	 */
	if (strcmp(sep, ":") == 0 && f <= 3 && strspn(s, "0123456789") == f &&
	    cp_count_words(s + b, n - b) > (size_t)layout_weight.numeral_words)
		return 0;
	/*
	 * "T-Hub was ...", "an e-mail to": a letter and a word, one word
	 * in a sentence ("A-Alpha" alone is a letter and its name).
	 */
	if (strcmp(sep, "-") == 0 && isalpha((unsigned char)s[f - 1]) &&
	    (f == 1 || s[f - 2] == ' ') && b < n &&
	    isalpha((unsigned char)s[b]) && memchr(s + b, ' ', n - b) != NULL)
		return 0;
	if (st->plurals && plural_ending(s, n, sep, i))
		return 0;
	/* "1️. Why ...", a keycap's selector after the digit: a number. */
	if ((k = strspn(s, "0123456789")) > 0 && k <= 3 && f == k + 4 &&
	    memcmp(s + k, "\xef\xb8\x8f", 3) == 0 &&
	    (s[k + 3] == '.' || s[k + 3] == ')'))
		return 0;
	/* "    ii - text" is a sub-list's item, its numeral no term. */
	if ((k = strspn(s, " \t")) > 0 && k < f && f - k <= 4 &&
	    strspn(s + k, "ivx") >= f - k)
		return 0;
	/* Tabs that line up a dash, "Scope<TAB>- all it does": its own. */
	if (strcmp(sep, "\t") == 0 && b + 2 < n && s[b] == '-' &&
	    s[b + 1] == ' ')
		*len = b + 2 - i;
	*cut = i;
	*again = strcmp(sep, SPACES) != 0 && sep_find(s, n, b, sep) < n;
	*tagat = *again ? tag_field(s, n, b, sep) : 0;
	return 1;
}

/* Does a separator other than sep part line l? */
static int
parted_by_other(const struct txt_state *st, const struct line *l,
    const char *sep)
{
	const char *const	*c;
	size_t			 cut, len, tag;
	int			 again, guess;

	for (c = separators; *c != SPACES; c++)
		if (*c != sep && cut_line(st, l, *c, &cut, &len, &again,
		    &guess, &tag))
			return 1;
	return 0;
}

/*
 * Does ";" part line l into three entries or more that one separator
 * parts every one of, "Kalt:Froid;Gehen:aller"?  (Prose parted by ";"
 * is no list.)
 */
static int
paired_entries(const struct txt_state *st, const struct line *l)
{
	const char *const	*c;
	const char		*s = st->text.data + l->off;
	struct line		 e = *l;
	size_t			 from, k, n, cut, len, tag;
	int			 again, guess;

	for (c = separators; *c != SPACES; c++) {
		if (strcmp(*c, ";") == 0 || strcmp(*c, ";;") == 0)
			continue;
		for (from = 0, n = 0; from < l->len; from = k + 1) {
			k = from + strcspn(s + from, ";");
			if (k == from)
				continue;
			e.off = l->off + from;
			e.len = k - from;
			if (!cut_line(st, &e, *c, &cut, &len, &again, &guess,
			    &tag))
				break;
			n++;
		}
		if (from >= l->len && n >= (size_t)layout_weight.min_units)
			return 1;
	}
	return 0;
}

/*
 * Is line l a comment of the languages whose statements ";" ends: "%
 * Unit 2" (Prolog, MATLAB, Erlang), "// Unit 2", "# Unit 2"?
 */
static int
remark_line(const struct txt_state *st, const struct line *l)
{
	return comment_line(st, l) || marked_comment(st, l, "%") ||
	    marked_comment(st, l, "//");
}

/*
 * Does ";" end each of the file's entries, as a program that joins its
 * lines and splits them at ";" writes them: ending every line, three at
 * least ("Berlin;"), but comments of a language whose statements it ends
 * ("% Unit 2"), or parting a file of one line into three entries or
 * more, each a pair ("Kalt:Froid;Gehen:aller")?
 */
static int
entries_ended(const struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, ended = 0;

	if (st->nlines == 1)
		return paired_entries(st, &st->lines[0]);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (st->text.data[l->off + l->len - 1] == ';')
			ended++;
		else if (!remark_line(st, l))
			return 0;
	}
	return ended >= (size_t)layout_weight.min_units;
}

/*
 * Leaves out the comments among entries ";" ends, each reported; the
 * blank lines before one stay before the line after it.
 */
static void
drop_remarks(struct cp_reader *r, struct txt_state *st)
{
	unsigned char	*gone;
	size_t		 i;

	gone = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i++) {
		if (st->text.data[st->lines[i].off + st->lines[i].len - 1] ==
		    ';')
			continue;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[i].lineno, 0, "a comment among entries \";\" "
		    "ends: left out, not a card");
		gone[i] = 1;
	}
	close_up(st, gone);
	free(gone);
}

/*
 * Entries a ";" ends: the ";" ending every line is no text, and the
 * entries of a file of one line are the lines the rest of the reading
 * sees, each with the number of that line.
 */
static void
find_entries(struct cp_reader *r, struct txt_state *st)
{
	struct line	*out, *l = st->lines;
	size_t		 i, k, from, cap, n = 0;
	char		*s;

	if (st->nlines == 0 || !entries_ended(st))
		return;
	if (st->nlines > 1) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno, 0,
		    "\";\" ends every line: the end of each entry, not text");
		drop_remarks(r, st);
		/* A ";" alone ends an entry of nothing: a blank line. */
		for (i = 0; i < st->nlines; i++) {
			l = &st->lines[i];
			s = st->text.data + l->off;
			while (--l->len > 0 &&
			    isspace((unsigned char)s[l->len - 1]))
				continue;
			s[l->len] = '\0';
		}
		drop_empty_lines(st);
		return;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno, 0,
	    "\";\" parts the line into pairs: each read as a line of its own, "
	    "the \";\" no text");
	s = st->text.data + l->off;
	/* Each ";" adds one entry at most. */
	for (k = 0, cap = 1; k < l->len; k++)
		cap += s[k] == ';';
	out = cp_xreallocarray(NULL, cap, sizeof(*out));
	for (from = 0, k = 0; k <= l->len; k++) {
		if (k < l->len && s[k] != ';')
			continue;
		s[k] = '\0';
		from += strspn(s + from, " \t");
		if (from < k) {
			out[n] = *l;
			out[n].off = l->off + from;
			out[n].len = strlen(s + from);
			while (out[n].len > 0 &&
			    isspace((unsigned char)s[from + out[n].len - 1]))
				s[from + --out[n].len] = '\0';
			out[n].gap = from == 0 ? l->gap : 0;
			n++;
		}
		from = k + 1;
	}
	free(st->lines);
	st->lines = out;
	st->nlines = n;
	st->cap = cap;
}

/*
 * The label framed by rules on line s[0..n), "----Frage:1.01----" or
 * "=== Answer: ===": sets *in to where it begins and returns its length,
 * the rules and the spaces inside them left out; else 0.
 */
static size_t
framed_label(const char *s, size_t n, size_t *in)
{
	char	 low[48];
	size_t	 k, e;

	if (n < 8 || (s[0] != '-' && s[0] != '='))
		return 0;
	for (k = 0; k < n && s[k] == s[0]; k++)
		continue;
	for (e = n; e > k && s[e - 1] == s[0]; e--)
		continue;
	if (k < 3 || n - e < 3)
		return 0;
	k += strspn(s + k, " \t");
	while (e > k && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e == k)
		return 0;
	cp_lower_prefix(s + k, e - k, low, sizeof(low));
	if (labelled(low, qwords) == 0 && answer_label(low) == 0)
		return 0;
	*in = k;
	return e - k;
}

/* Is s[0..n) a brace or bracket alone, "{", "}," or "];": syntax? */
static int
brace_line(const char *s, size_t n)
{
	size_t	 k = strspn(s, " \t");

	while (n > k && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
	    s[n - 1] == '\r'))
		n--;
	if (n - k == 2 && strchr(",;", s[k + 1]) != NULL)
		n--;
	return n - k == 1 && strchr("{}[]", s[k]) != NULL;
}

/*
 * Is s[0..n) a property of a program's object, a key and a colon, the
 * key perhaps quoted: "pregunta: '...',", "\"answer\": \"...\""?
 */
static int
property_line(const char *s, size_t n)
{
	size_t	 k = strspn(s, " \t"), w;

	k += s[k] == '"' || s[k] == '\'';
	for (w = k; w < n && (isalnum((unsigned char)s[w]) || s[w] == '_');
	    w++)
		continue;
	if (w == k || w >= n)
		return 0;
	w += s[w] == '"' || s[w] == '\'';
	return w + 1 < n && s[w] == ':' && s[w + 1] == ' ';
}

/*
 * A program's source may hold its records as objects, "{" over the
 * record's "key: 'value'," lines and "}," under them, as JavaScript and
 * JSON write a list of them.  When min_units such objects or more, each
 * two properties or more (property_line) and nothing else, stand in the
 * file, their braces and the brackets alone round the list are syntax,
 * no text: they are left out, and each record stands in a block of its
 * own, as if blank lines parted them.  Reported once.  (Code's braces
 * hold statements, no properties.)
 */
static void
find_braces(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	unsigned char	*brace;
	const char	*s;
	size_t		 i, j, k, records = 0, gone = 0;
	unsigned long	 first = 0, gap = 0;

	brace = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i = j) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		j = i + 1;
		if (!brace_line(s, l->len) || s[strspn(s, " \t")] != '{')
			continue;
		for (; j < st->nlines && property_line(st->text.data +
		    st->lines[j].off, st->lines[j].len); j++)
			continue;
		if (j - i < 3 || j == st->nlines || !brace_line(st->text.data +
		    st->lines[j].off, st->lines[j].len))
			continue;
		s = st->text.data + st->lines[j].off;
		if (s[strspn(s, " \t")] != '}')
			continue;
		brace[i] = brace[j] = 1;
		records++;
		j++;
	}
	if (records < (size_t)layout_weight.min_units) {
		free(brace);
		return;
	}
	for (i = k = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (brace[i] || (brace_line(s, l->len) &&
		    strchr("[]", s[strspn(s, " \t")]) != NULL)) {
			if (first == 0)
				first = l->lineno;
			gap += l->gap + 1;
			gone++;
			continue;
		}
		l->gap += gap;
		gap = 0;
		st->lines[k++] = *l;
	}
	st->nlines = k;
	free(brace);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines of "
	    "a brace or a bracket alone round %zu records of properties, a "
	    "program's objects: the braces left out, each record a card's "
	    "block", gone, records);
}

/* The length of a definition's mark opening line l, ": " or "~ ", or 0. */
static size_t
definition_mark(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	return l->len > 2 && (s[0] == ':' || s[0] == '~') && s[1] == ' ' ?
	    2 + strspn(s + 2, " \t") : 0;
}

/*
 * Pandoc's definition lists, and PHP Markdown Extra's: a term alone on
 * its line, then its definitions, each opening with ": " (or "~ "),
 * "cerun" over ": **slope**" over ": ukuran ...".  Where min_units such
 * blocks or more, sure_num in sure_den of the blocks, are so, the marks
 * are syntax, left out; the blocks read on as blocks do.  Reported once.
 */
static void
find_definition_marks(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, k, blocks = 0, good = 0, lines;

	for (i = 0; i < st->nlines; i = k) {
		for (k = i + 1, lines = 0; k < st->nlines &&
		    st->lines[k].gap == 0; k++)
			lines += definition_mark(st, &st->lines[k]) > 0;
		blocks++;
		good += k > i + 1 && lines == k - i - 1 &&
		    definition_mark(st, &st->lines[i]) == 0;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, blocks))
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu terms over definitions opening with \": \", as Pandoc's "
	    "definition lists write them: the marks left out", good);
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].gap == 0 && i > 0 &&
		    (k = definition_mark(st, &st->lines[i])) > 0) {
			st->lines[i].off += k;
			st->lines[i].len -= k;
		}
}

/*
 * Scraped banks may frame each side's label in rules,
 * "----Frage:1.1.01-001----" over the question and "----Antwort:----"
 * over its answer.  When min_units lines or more are such frames, the
 * label inside each is read as written alone, the rules left out.
 * Reported once.
 */
static void
find_framed_labels(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, k, at, n = 0;
	unsigned long	 first = 0;
	const char	*frame = NULL;
	int		 framelen = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (framed_label(st->text.data + l->off, l->len, &at) == 0)
			continue;
		if (first == 0) {
			first = l->lineno;
			frame = st->text.data + l->off;
			framelen = l->len < 60 ? (int)l->len : 60;
		}
		n++;
	}
	if (n < (size_t)layout_weight.min_units)
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((k = framed_label(st->text.data + l->off, l->len,
		    &at)) == 0)
			continue;
		l->off += at;
		l->len = k;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu labels "
	    "framed by rules, \"%.*s\": read as labels alone on their lines, "
	    "the rules left out", n, framelen, frame);
}

/* Is s[0..n) a rule alone, eight of one of "#=-*~_" or more? */
static int
frame_rule(const char *s, size_t n)
{
	size_t	 k;

	n = blanks_cut(s, n);
	if (n < 8 || strchr("#=-*~_", s[0]) == NULL)
		return 0;
	for (k = 1; k < n && s[k] == s[0]; k++)
		continue;
	return k == n;
}

/*
 * The line after the closing rule of a frame whose opening rule is line
 * i: one to eight lines of text between two rules of the same mark, no
 * blank line among them; else 0.
 */
static size_t
frame_end(const struct txt_state *st, size_t i)
{
	const struct line	*l = st->lines;
	size_t			 j;

	if (!frame_rule(st->text.data + l[i].off, l[i].len))
		return 0;
	for (j = i + 1; j < st->nlines && j <= i + 9 && l[j].gap == 0 &&
	    !frame_rule(st->text.data + l[j].off, l[j].len); j++)
		continue;
	if (j == i + 1 || j >= st->nlines || j > i + 9 || l[j].gap > 0 ||
	    l[j].len == 0 || st->text.data[l[j].off] !=
	    st->text.data[l[i].off])
		return 0;
	return j + 1;
}

/*
 * Do the lines between the rules of the frame opening at line i, ending
 * before e, ask: more than term_words words?  A banner's title,
 * "GÉNÉRALITÉS", heads a section instead.
 */
static int
frame_asks(const struct txt_state *st, size_t i, size_t e)
{
	size_t	 words = 0;

	for (i++; i + 1 < e; i++)
		words += cp_count_words(st->text.data + st->lines[i].off,
		    st->lines[i].len);
	return words > (size_t)layout_weight.term_words;
}

/*
 * Exam answers may frame each question in two rules, "#####..." over its
 * lines and again under them, the answer below.  Where min_units frames
 * or more hold every rule of the file, and sure_num in sure_den of them
 * ask (frame_asks()), the rules are left out before
 * anything else is read, each question's block begins a card
 * (find_framed_heads()) and what stands under it up to the next is its
 * answer.  Where none asks, they are banners, "GÉNÉRALITÉS" framed so,
 * the sections' titles: left out whole.  Reported once.
 */
static void
find_question_frames(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, e, kept, n = 0, rules = 0, asks = 0;
	unsigned long	 first = 0;

	for (i = 0; i < st->nlines; i++)
		rules += frame_rule(st->text.data + st->lines[i].off,
		    st->lines[i].len);
	for (i = 0; i < st->nlines; i = e > 0 ? e : i + 1)
		if ((e = frame_end(st, i)) > 0) {
			if (n++ == 0)
				first = st->lines[i].lineno;
			asks += frame_asks(st, i, e);
		}
	if (n < (size_t)layout_weight.min_units || 2 * n != rules ||
	    (asks > 0 && !sure(asks, n)))
		return;
	for (i = kept = 0; i < st->nlines; i++) {
		if ((e = frame_end(st, i)) == 0) {
			st->lines[kept++] = st->lines[i];
			continue;
		}
		if (asks == 0) {
			/* A banner's title heads a section: no text. */
			if (e < st->nlines && st->lines[e].gap == 0)
				st->lines[e].gap = 1;
			i = e - 1;
			continue;
		}
		/* The question keeps the opening rule's place. */
		st->lines[i + 1].gap = st->lines[i].gap;
		st->lines[i + 1].framed = 1;
		for (i++; i + 1 < e - 1; i++)
			st->lines[kept++] = st->lines[i];
		st->lines[kept++] = st->lines[i++];
		/* And the answer stands apart from it. */
		if (i + 1 < st->nlines && st->lines[i + 1].gap == 0)
			st->lines[i + 1].gap = 1;
	}
	st->nlines = kept;
	st->frames = asks > 0 ? (int)n : 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, asks > 0 ?
	    "%zu questions framed by a rule above and below: read as the "
	    "questions, each answered by what follows it, the rules left out" :
	    "%zu titles framed by a rule above and below, none asking: the "
	    "sections' headings, left out, not cards", n);
}

/*
 * Is s[0..n) an INI file's section, "[general-usor]": a name in
 * brackets alone on its line, with a letter and no blank or mark but
 * "-", "_" and "."?
 */
static int
ini_section(const char *s, size_t n)
{
	size_t	 k;

	n = blanks_cut(s, n);
	if (n < 3 || s[0] != '[' || s[n - 1] != ']' ||
	    !has_letter(s + 1, n - 2))
		return 0;
	for (k = 1; k < n - 1; k++)
		if (!isalnum((unsigned char)s[k]) &&
		    (unsigned char)s[k] < 0x80 && strchr("-_.", s[k]) == NULL)
			return 0;
	return 1;
}

static void	add_section(struct txt_state *, const char *, const char *,
		    size_t, unsigned long);

/*
 * A quiz program may keep its questions as an INI file, "[general-usor]"
 * over the blocks of one level or subject: where min_units sections or
 * more each stand first in their block, and head half the blocks or
 * fewer (a name in brackets over each card's block is its question,
 * find_quote_heads()), the names are taken out before anything else is
 * read, each a section whose cards go to the sub-deck "Deck::name"
 * (nest_sections() names them once the deck is known), the line under
 * each opening its block.  Reported once.
 */
static void
find_ini_sections(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*name = NULL;
	const char		*s;
	size_t			 i, kept, n = 0, blocks = 0;
	unsigned long		 carry = 0;

	for (i = 0; i < st->nlines; i++) {
		blocks += i == 0 || st->lines[i].gap > 0;
		if (!ini_section(st->text.data + st->lines[i].off,
		    st->lines[i].len))
			continue;
		if (i > 0 && st->lines[i].gap == 0)
			return;
		if (n++ == 0)
			name = &st->lines[i];
	}
	if (n < (size_t)layout_weight.min_units || 2 * n > blocks)
		return;
	/* Reported before the lines move. */
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, name->lineno, 0, "%zu "
	    "names in brackets, \"%.*s\", each first in its block, over "
	    "blocks of their own: an INI file's sections, each a sub-deck of "
	    "the cards below it", n, (int)blanks_cut(st->text.data +
	    name->off, name->len), st->text.data + name->off);
	for (i = kept = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (ini_section(s, st->lines[i].len)) {
			add_section(st, NULL, s + 1, blanks_cut(s,
			    st->lines[i].len) - 2, st->lines[i].lineno);
			carry += st->lines[i].gap;
			continue;
		}
		st->lines[i].gap = kept == 0 ? 0 : st->lines[i].gap + carry;
		st->lines[i].section = st->nsections > 0 ?
		    st->nsections - 1 : 0;
		carry = 0;
		st->lines[kept++] = st->lines[i];
	}
	st->nlines = kept;
}

/*
 * Is line l one short word of letters alone, "es", "Biology"?  Not the
 * label of a side, "Question" over the question itself.
 */
static int
label_word(const struct txt_state *st, const struct line *l)
{
	const unsigned char	*s = (const unsigned char *)st->text.data +
				    l->off;
	char			 low[32];
	size_t			 k;

	if (l->len > (size_t)layout_weight.label_bytes)
		return 0;
	for (k = 0; k < l->len; k++)
		if (!isalpha(s[k]) && s[k] < 0x80)
			return 0;
	cp_lower_prefix((const char *)s, l->len, low, sizeof(low));
	return !in_list(low, qwords) && !in_list(low, cp_answer_words) &&
	    !in_list(low, afields);
}

static int
text_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Records of three lines or more between blank lines, each headed by a
 * word that takes few values over the file, "it" or "es" over a phrase
 * and its translation: the word files the record (its language, its
 * subject) and is neither side of the card.  Every block must have one,
 * and the values must repeat, one for two blocks or fewer.
 */
static void
find_block_labels(struct cp_reader *r, struct txt_state *st)
{
	const char	**value;
	size_t		  i, e, n = 0, distinct, kept;
	unsigned long	  carry = 0;

	value = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*value));
	for (i = 0; i < st->nlines; i = e) {
		for (e = i + 1; e < st->nlines && st->lines[e].gap == 0; e++)
			continue;
		if (e - i < 3 || !label_word(st, &st->lines[i]))
			break;
		value[n++] = st->text.data + st->lines[i].off;
	}
	if (i < st->nlines || n < (size_t)layout_weight.min_units) {
		free(value);
		return;
	}
	qsort(value, n, sizeof(*value), text_cmp);
	for (i = 1, distinct = 1; i < n; i++)
		distinct += strcmp(value[i - 1], value[i]) != 0;
	free(value);
	if (distinct * 2 > n)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "each of %zu blocks opens with a word of %zu values only, as "
	    "\"%s\": read as the record's label, left out, not text", n,
	    distinct, st->text.data + st->lines[0].off);
	for (i = 0, kept = 0; i < st->nlines; i++) {
		if (i == 0 || st->lines[i].gap > 0) {
			carry = st->lines[i].gap;
			continue;
		}
		st->lines[i].gap += carry;
		carry = 0;
		st->lines[kept++] = st->lines[i];
	}
	st->nlines = kept;
}

/*
 * The text of a Markdown heading, "# Title" or "#Title", after its one
 * to six '#'; s itself when it is none.
 */
static const char *
heading(const char *s)
{
	size_t	 k = strspn(s, "#"), t;

	if (k == 0 || k > 6)
		return s;
	t = k + strspn(s + k, " \t");
	return s[t] != '\0' && s[t] != '#' ? s + t : s;
}

/*
 * Does the first line read as a deck's title rather than a card?  1 if
 * so, 2 when the line under it names the columns too, else 0.
 */
static int
looks_like_title(const struct txt_state *st)
{
	static const char *const deckwords[] = {
		"flashcards", "cards", "deck", "vocabulary", "quiz",
		"karteikarten", "karten", "vokabeln", "tarjetas", "cartes",
		NULL
	};
	const struct line	*l = &st->lines[0];
	const char		*s = st->text.data + l->off, *w;
	const char *const	*c;
	char			 low[16];
	size_t			 i, nb = 0, nmulti = 0, run = 0, cut, len, tag;
	int			 again, guess;

	/* A title is short: a paragraph on the first line is a card. */
	if (l->flags & (LF_ENDQ | LF_ASKS | LF_QPFX | LF_APFX | LF_CODE |
	    LF_LIST | LF_NUMBER) || l->opt != 0 || l->words > 12)
		return 0;
	/*
	 * "# Cell Biology" or an underlined line, unless a later "# Part"
	 * or underlined line makes it the first of the sections.
	 */
	if (heading(s) != s || l->under != 0) {
		for (i = 1; i < st->nlines; i++)
			if (st->lines[i].gap > 0 && (l->under != 0 ?
			    st->lines[i].under != 0 :
			    strspn(st->text.data + st->lines[i].off, "#") ==
			    strspn(s, "#") && heading(st->text.data +
			    st->lines[i].off) != st->text.data +
			    st->lines[i].off))
				return 0;
		return 1;
	}
	/* "Term: meaning" parted as the next line is, is a card. */
	for (c = separators; st->nlines > 1 && *c != SPACES; c++)
		if (cut_line(st, l, *c, &cut, &len, &again, &guess, &tag) &&
		    cut_line(st, l + 1, *c, &cut, &len, &again, &guess, &tag))
			return 0;
	for (w = s + l->len; w > s && w[-1] != ' '; w--)
		continue;
	cp_lower_prefix(w, (size_t)(s + l->len - w), low, sizeof(low));
	if (in_list(low, deckwords))
		return 1;	/* "Cell Biology Flashcards" */
	/*
	 * A line no separator parts atop lines one separator parts, every
	 * one of them: those lines are the cards, the lone line the title
	 * when it holds a word (a number alone is a program's setting).
	 * Another separator may part the line right under the title, the
	 * names of the columns, "Portugees : Nederlands" over "a = b".
	 */
	for (c = separators; st->nlines > (size_t)layout_weight.min_units &&
	    has_letter(s, l->len) && *c != SPACES; c++) {
		for (i = 1; i < st->nlines && cut_line(st, &st->lines[i], *c,
		    &cut, &len, &again, &guess, &tag); i++)
			continue;
		if (i == st->nlines)
			return 1;
		if (i > 1 || st->nlines < (size_t)layout_weight.min_units + 2 ||
		    !parted_by_other(st, &st->lines[1], *c))
			continue;
		for (i = 2; i < st->nlines && cut_line(st, &st->lines[i], *c,
		    &cut, &len, &again, &guess, &tag); i++)
			continue;
		if (i == st->nlines)
			return 2;
	}
	/*
	 * A line of its own atop a file of blocks of two lines or more:
	 * the blocks are the cards, so the lone line is the title.
	 */
	if (st->nlines < 2 || st->lines[1].gap == 0)
		return 0;
	for (i = 1; i <= st->nlines; i++) {
		if (i == st->nlines || st->lines[i].gap > 0) {
			nb += run > 0;
			nmulti += run > 1;
			run = 0;
		}
		run += i < st->nlines;
	}
	return nb >= (size_t)layout_weight.min_units && nmulti *
	    (size_t)layout_weight.fit_den >= nb * (size_t)layout_weight.fit_num;
}

/*
 * Takes the title and the Source line off the front of the lines, when
 * they are there.  A file without either is an ordinary deck and no
 * warning; a title without a Source line leaves the count undeclared.
 */
static void
find_header(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	const char		*title_text;
	size_t			 drop = 0, names = 0, n, k, side, end;
	int			 title;

	if (st->nlines == 0)
		return;
	l = &st->lines[0];
	if (parse_source(r, st, st->text.data + l->off, l->len, l->lineno)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno, 0,
		    "no title line");
		drop = 1;
	} else if (st->nlines > 1 && parse_source(r, st,
	    st->text.data + l[1].off, l[1].len, l[1].lineno))
		drop = 2;
	else if (!sides_marked(st, &side, &end) &&
	    (title = looks_like_title(st)) > 0) {
		drop = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    l[st->nlines > 1].lineno, 0,
		    "no Source line; the card count is not declared");
		if (title == 2) {
			names = 1;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    l[1].lineno, 0, "a header row under the title, "
			    "the columns' names: left out, not a card");
		}
	}
	if (drop == 2 || (drop == 1 && st->srcline == 0)) {
		title_text = heading(st->text.data + l->off);
		n = strlen(title_text);
		/*
		 * "### Title ###", "###Title###": its closing marks too,
		 * after a space or where the opening ones are glued ("# Learn
		 * C#" keeps its "#").
		 */
		for (k = n; k > 0 && title_text[k - 1] == '#'; k--)
			continue;
		if (title_text != st->text.data + l->off && k < n && k > 0 &&
		    (title_text[k - 1] == ' ' || title_text[-1] == '#')) {
			for (n = k; n > 0 && (title_text[n - 1] == ' ' ||
			    title_text[n - 1] == '\t'); n--)
				continue;
		}
		st->title = cp_xstrndup(title_text, n);
		st->titleline = l->lineno;
	}
	st->nlines -= drop + names;
	memmove(st->lines, st->lines + drop + names,
	    st->nlines * sizeof(*st->lines));
}

/*
 * Are the file's pronunciations the phonetic alphabet's, "/ˈwɔːtə/", not
 * paths, "/var/": do half of its such lines or more hold a character
 * beyond ASCII?
 */
static int
ipa_evidence(const struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, k, spelled = 0, ipa = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!(l->flags & LF_SPELL))
			continue;
		spelled++;
		for (k = 0; k < l->len &&
		    (unsigned char)st->text.data[l->off + k] < 0x80; k++)
			continue;
		ipa += k < l->len;
	}
	return spelled > 0 && 2 * ipa >= spelled;
}

/*
 * Do the lines go in threes with a pronunciation in the same place in
 * each, "word", "/wɜːd/", "translation"?  Nine in ten of that place's
 * lines must be one, and no more than one in ten of the others, and
 * they are the phonetic alphabet's (ipa_evidence()).  That place, 1 or
 * 2; else 0.
 */
static size_t
spelled_third(const struct txt_state *st)
{
	size_t	 n[3] = { 0, 0, 0 }, i, p, m = st->nlines;

	for (i = 0; i < m; i++)
		n[i % 3] += (st->lines[i].flags & LF_SPELL) != 0;
	for (p = 1; p < 3; p++)
		if (n[p] * 10 >= m / 3 * 9 && (n[0] + n[3 - p]) * 10 <=
		    m / 3 * 2 && ipa_evidence(st))
			return p;
	return 0;
}

/* The separator --split names: "tab", "comma", ..., or itself. */
static const char *
split_option(const char *name)
{
	static const struct {
		const char	*name;
		const char	*sep;
	} names[] = {
		{ "tab", "\t" }, { "pipe", "|" }, { "semicolon", ";" },
		{ "colon", ":" }, { "comma", "," }, { "space", SPACES },
		{ "spaces", SPACES }, { "star", "*" }, { "dash", " - " },
		{ "hyphen", "-" }, { "equals", "=" }, { "arrow", "->" },
		{ "hash", "#" },
	};
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(name, names[i].name) == 0)
			return names[i].sep;
	return name;
}

/* How messages name a separator. */
static const char *
sep_name(const char *sep)
{
	return strcmp(sep, "\t") == 0 ? "tab" :
	    strcmp(sep, SPACES) == 0 ? "spaces" : sep;
}

/* Is line i the first of a card the layout has already found? */
static int
unit_head(const struct txt_state *st, size_t i)
{
	return st->layout != L_BLOCKS || i == 0 || st->lines[i].gap > 0;
}

/*
 * Blocks whose first line is a sentence without the separator over
 * lines parted by it, "(5 pts) Name the basic types and their uses." over
 * "int - for whole numbers - 39;": the parted lines are the answer's, a
 * question's list, not cards.  So when at least min_units blocks of
 * several lines, fit_num in fit_den of them or more, open with a line of
 * more than term_words words, ending a sentence or a question, that has
 * no sep, over lines half or more of which hold it.  (A glossary's
 * headings are a few words and end no sentence: "Food and drink".)
 */
static int
asked_over_parts(const struct txt_state *st, const char *sep)
{
	const struct line	*l;
	size_t			 i, e, k, multi = 0, asked = 0, parted;

	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		if (e - i < 2)
			continue;
		multi++;
		l = &st->lines[i];
		if (l->words <= (unsigned int)layout_weight.term_words ||
		    !(l->flags & (LF_STOP | LF_ENDQ)) ||
		    sep_find(st->text.data + l->off, l->len, 0, sep) < l->len)
			continue;
		for (k = i + 1, parted = 0; k < e; k++)
			parted += sep_find(st->text.data + st->lines[k].off,
			    st->lines[k].len, 0, sep) < st->lines[k].len;
		asked += parted * 2 >= e - i - 1;
	}
	return asked >= (size_t)layout_weight.min_units &&
	    asked * (size_t)layout_weight.fit_den >=
	    multi * (size_t)layout_weight.fit_num;
}

/*
 * Separators people slip into for the file's own: "Term- meaning",
 * "Term -meaning" or "Term-meaning" in a file of "Term - meaning",
 * "question, answer" in one of "question; answer", an arrow "=>" in one
 * of "word = meaning".  A card's first line without the file's separator
 * is parted at the first of its slips that it holds, tried in this order,
 * and said so.  A dash with a space on one side is the separator typed
 * carelessly, never a word's own, so it parts the line even before the
 * separator ("Wohl -wel - well"); a comma is a question's own as often,
 * so it does not.
 */
static const struct {
	const char	*sep;
	const char	*slip;
	int		 before;	/* parts a line before sep */
} slips[] = {
	{ " - ", "- ", 1 }, { " - ", " -", 1 }, { " - ", "-", 0 },
	{ " \xe2\x80\x93 ", "\xe2\x80\x93 ", 1 },
	{ " \xe2\x80\x93 ", " \xe2\x80\x93", 1 },
	{ ";", ",", 0 }, { "=", "=>", 0 },
};

/*
 * Is the " -" slip at line l's byte at a command's option instead, "-m",
 * "-D", "--staged": a letter alone after it, or a second dash?  ("Wohl
 * -wel - well" glues a word to it.)
 */
static int
option_flag(const struct txt_state *st, const struct line *l,
    const char *slip, size_t at)
{
	const char	*s = st->text.data + l->off;

	if (strcmp(slip, " -") != 0 || at >= l->len)
		return 0;
	return s[at] == '-' || (isalpha((unsigned char)s[at]) &&
	    (at + 1 == l->len || s[at + 1] == ' '));
}

/*
 * Parts line l at the first slip of sep that it holds, when it has no sep
 * (before 0) or, with before set, when the slip comes before l's cut at
 * sep; reports it.  Returns whether it did.
 */
static int
slip_cut(struct cp_reader *r, const struct txt_state *st, struct line *l,
    const char *sep, int before)
{
	size_t	 i, cut, len, tag;
	int	 again, guess;

	for (i = 0; i < sizeof(slips) / sizeof(slips[0]); i++) {
		if (strcmp(sep, slips[i].sep) != 0 ||
		    (before && !slips[i].before) ||
		    !cut_line(st, l, slips[i].slip, &cut, &len, &again, &guess,
		    &tag) || (before && cut + len > l->cut) ||
		    option_flag(st, l, slips[i].slip, cut + len))
			continue;
		if (before)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "a \"%s\" before this line's \"%s\": front and "
			    "back parted there, a guess", slips[i].slip,
			    sep_name(sep));
		else
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "no \"%s\" on this line: front and back parted "
			    "at its first \"%s\", a guess", sep_name(sep),
			    slips[i].slip);
		l->cut = cut;
		l->cutlen = len;
		return 1;
	}
	return 0;
}

/*
 * Where the separator was left out altogether between a front in capitals
 * and a capitalised back run into it, "STAStore the accumulator" in a
 * file of "ADD*Add the contents": the index of the back's capital, or 0.
 * The front has two capitals or more and the back's first word two
 * lower-case letters or more, so "OAuth", "IPv4" and "PCs" are no such.
 */
static size_t
runon_cut(const char *s, size_t n)
{
	size_t	 k, j;

	k = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	for (j = k; j < n && islower((unsigned char)s[j]); j++)
		continue;
	return k >= 3 && j - k >= 2 ? k - 1 : 0;
}

/*
 * Does a glossary of one-line cards parted by sep head the file: from
 * its first line, or the line under a heading that ends in a colon, a run
 * of min_units or more blocks of one line each that sep parts?  Returns
 * the line after the run, or 0.
 */
static size_t
glossary_run(const struct txt_state *st, const char *sep)
{
	size_t	 i = 0, run = 0, cut, len, tag;
	int	 again, guess;

	if (st->nlines > 1 && (st->lines[0].flags & LF_COLON) &&
	    st->lines[1].gap == 0)
		i = 1;
	for (; i < st->nlines && cut_line(st, &st->lines[i], sep, &cut, &len,
	    &again, &guess, &tag) && (i + 1 == st->nlines ||
	    st->lines[i + 1].gap > 0); i++)
		run++;
	return run >= (size_t)layout_weight.min_units ? i : 0;
}

/* Is line l an HTML or XML tag, "<img src=\"\">", code of a page? */
static int
tag_line(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len;

	n = blanks_cut(s, n);
	return n > 2 && s[0] == '<' && isalpha((unsigned char)s[1]) &&
	    s[n - 1] == '>';
}

/*
 * A glossary may head notes: "p : paragraph", a card a line, then notes
 * on CSS, labels over examples of code.  When a glossary heads the file
 * (glossary_run) and the blocks after it are notes, each opening with no
 * line sep parts, none asking, and fit_num in fit_den of them holding a
 * line of code or a tag of HTML, the glossary is the file's cards and
 * the notes are left out, reported once.  Returns whether it was so.
 */
static int
find_glossary_head(struct cp_reader *r, struct txt_state *st)
{
	const char *const	*c;
	const struct line	*l;
	size_t			 end, i, blocks, code, cut, len, tag;
	int			 again, guess, coded;

	for (c = separators; *c != SPACES; c++) {
		if ((end = glossary_run(st, *c)) == 0 || end == st->nlines)
			continue;
		for (i = end, blocks = code = 0, coded = 0; i < st->nlines;
		    i++) {
			l = &st->lines[i];
			if (l->gap > 0 && cut_line(st, l, *c, &cut, &len,
			    &again, &guess, &tag))
				break;
			if ((l->flags & (LF_ENDQ | LF_ASKS)) ||
			    memchr(st->text.data + l->off, '?', l->len) != NULL)
				break;
			if (i == end || l->gap > 0) {
				blocks++;
				coded = 0;
			}
			if (((l->flags & LF_CODE) || tag_line(st, l)) &&
			    !coded) {
				code++;
				coded = 1;
			}
		}
		if (i < st->nlines || code * (size_t)layout_weight.fit_den <
		    blocks * (size_t)layout_weight.fit_num)
			continue;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[end].lineno, 0, "%zu lines of notes and code "
		    "after a glossary of \"%s\"-parted lines: left out, not "
		    "cards", st->nlines - end, sep_name(*c));
		st->nlines = end;
		return 1;
	}
	return 0;
}

/*
 * Where a term ends that a space alone parts from its meaning: after a
 * name of two capitalised words or more, "Jigoro Kano zakladatel juda",
 * else at the first space.
 */
static size_t
term_space(const char *s, size_t n)
{
	size_t	 i = 0, k, run = 0, last = 0;

	while (i < n && isupper((unsigned char)s[i])) {
		for (k = i + 1; k < n && s[k] != ' '; k++)
			if (isupper((unsigned char)s[k]))
				break;
		if (k < n && s[k] != ' ')
			break;
		run++;
		last = k;
		for (i = k; i < n && s[i] == ' '; i++)
			continue;
	}
	if (run >= 2 && last < n && i < n)
		return last;
	return strcspn(s, " ");
}

/*
 * Is line l, in a block of that many lines, an entry of a glossary that
 * nothing but a space parts, "rei povel k pozdravu": two words or more,
 * no final mark but a comma, no question, no list or code, in a block
 * of three lines or more, and a term (term_space) of letters, digits and
 * hyphens alone?
 */
static int
spaced_entry(const struct txt_state *st, const struct line *l, size_t block)
{
	const char	*s = st->text.data + l->off;
	size_t		 k, t;

	if (block < (size_t)layout_weight.min_units || l->words < 2 ||
	    !(l->flags & (LF_OPEN | LF_COMMA)) || (l->flags & (LF_ASKS |
	    LF_LIST | LF_NUMBER | LF_CODE | LF_QPFX | LF_APFX | LF_MARKUP)))
		return 0;
	if ((t = term_space(s, l->len)) == 0)
		return 0;
	for (k = 0; k < t; k++)
		if (!isalnum((unsigned char)s[k]) &&
		    (unsigned char)s[k] < 0x80 && strchr(" -", s[k]) == NULL)
			return 0;
	return 1;
}

/*
 * Do the first words of the file's lines of two words or more differ on
 * fit_num lines in fit_den of its n entries, as a glossary's terms do,
 * not articles, "la manzana", "the apple"?
 */
static int
distinct_terms(const struct txt_state *st, size_t n)
{
	const char	**word;
	size_t		  i, k = 0, distinct;

	word = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*word));
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].words >= 2)
			word[k++] = st->text.data + st->lines[i].off;
	distinct = cp_distinct_terms(word, k, 0);
	free(word);
	return distinct * (size_t)layout_weight.fit_den >=
	    n * (size_t)layout_weight.fit_num;
}

/*
 * The number of one to three digits that opens s before a space, "12
 * Datové typy", a bare list number; else 0.
 */
static long
bare_number(const char *s)
{
	size_t	 k = strspn(s, "0123456789");

	return k > 0 && k <= 3 && s[k] == ' ' ? strtol(s, NULL, 10) : 0;
}

/* The number of fields of s[0..n) parted by single spaces, or 0. */
static size_t
space_fields(const char *s, size_t n)
{
	size_t	 i, fields = 1;

	if (n == 0 || s[0] == ' ' || s[n - 1] == ' ')
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '\t')
			return 0;
		if (s[i] != ' ')
			continue;
		if (s[i + 1] == ' ')
			return 0;	/* not before n: s[n - 1] is no space */
		fields++;
	}
	return fields;
}

/*
 * A word list of fields parted by spaces, a field's own spaces written
 * '_' and an empty field '_' ("die Anmeldung _ registration",
 * "der Nachname Nachnamen last_name"), as a program reads it: every line
 * of as many fields, three to six, four times min_units lines or more,
 * and an underscore on one of them at least.  The last field is the
 * back, the others the front; reported once.
 * Returns whether it parted the lines.
 */
static int
find_fielded(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, n = 0, k, glued = 0;

	if (st->nlines < 4 * (size_t)layout_weight.min_units)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((k = space_fields(s, l->len)) < 3 || k > 6 ||
		    (n != 0 && k != n))
			return 0;
		n = k;
		glued += memchr(s, '_', l->len) != NULL;
	}
	if (glued == 0)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu lines of %zu fields each, parted by spaces, '_' within "
	    "them: each read as a card, its last field the back", st->nlines,
	    n);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		for (l->cut = l->len; s[l->cut - 1] != ' '; l->cut--)
			continue;
		l->cut--;
		l->cutlen = 1;
	}
	st->sep = SPACES;
	return 1;
}

/*
 * Where the gloss glued to a term of Latin letters starts, "keeps track
 * of跟踪", "BIO(Blocking I/O)同步阻塞": the first Han, kana or Hangul
 * character, after ASCII alone that opens with a letter and holds two;
 * or, where the term has no gloss but a remark, "hikari --默认",
 * "nginx  --反向代理", its "--".  0 when s[0..n) is no such line; *sep
 * is the length of what parts the two.
 */
static size_t
glued_gloss(const char *s, size_t n, size_t *sep)
{
	const char	*dash;
	size_t		 i, k, letters = 0;
	int		 script;

	for (i = 0; i < n && (unsigned char)s[i] < 0x80; i++)
		letters += isalpha((unsigned char)s[i]) != 0;
	if (i == n || letters < 2 || !isalpha((unsigned char)s[0]))
		return 0;
	script = letter_script(s + i, n - i);
	if (script != 'h' && script != 'k' && script != 'g')
		return 0;
	*sep = 0;
	/*
	 * The dashes of a remark follow a term of one word, "hikari
	 * --默认"; in "git commit --amend修改" they are an option's.
	 */
	if ((dash = memmem(s, i, "--", 2)) == NULL)
		return i;
	for (k = 0; s + k < dash && s[k] != ' '; k++)
		continue;
	if (s + k == dash || s + k + strspn(s + k, " ") != dash)
		return i;
	/* The term, then the spaces, dashes and spaces that part it. */
	*sep = (size_t)(dash + 2 - s) - k;
	*sep += strspn(s + k + *sep, " ");
	return k;
}

/*
 * A learner's word list with no separator, the gloss glued to the term,
 * "implicit隐含的": such lines, four times min_units or more and fit_num
 * in fit_den of the file's, no more than a third of them sentences
 * ending in "。", are cards parted there (glued_gloss()), a guess
 * reported once; the file's other lines are read as they would be
 * among any separator's.
 * Returns whether it parted the lines.
 */
static int
find_glued(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, entries = 0, sentences = 0, sep;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (glued_gloss(st->text.data + l->off, l->len, &sep) == 0)
			continue;
		entries++;
		/* "Java是一种...语言。": a sentence, no gloss */
		sentences += l->len >= 3 && memcmp(st->text.data + l->off +
		    l->len - 3, "\xe3\x80\x82", 3) == 0;
	}
	if (entries < 4 * (size_t)layout_weight.min_units ||
	    3 * sentences > entries ||
	    entries * (size_t)layout_weight.fit_den <
	    st->nlines * (size_t)layout_weight.fit_num)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "no separator on %zu lines of a word list: each read as a term "
	    "and its meaning parted where the Latin letters meet the CJK "
	    "ones, a guess; --split decides", entries);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((l->cut = glued_gloss(st->text.data + l->off, l->len,
		    &sep)) != 0)
			l->cutlen = sep;
	}
	st->sep = SPACES;
	return 1;
}

/*
 * Where a term in bold opens line l, "**pwd** print working directory",
 * the start of its closing "**"; with the meaning after it, *meaning is
 * where that starts, else 0 (the line is the term alone, "**zsh**").
 * *open is where the term starts.  0 for no such line, or a label,
 * "**Answer:**".
 */
static size_t
bold_term(const struct txt_state *st, const struct line *l, size_t *open,
    size_t *meaning)
{
	const char	*s = st->text.data + l->off, *c;
	size_t		 a = strspn(s, " \t"), e;

	if (l->len < a + 5 || strncmp(s + a, "**", 2) != 0 ||
	    (c = memmem(s + a + 2, l->len - a - 2, "**", 2)) == NULL ||
	    c == s + a + 2 || c[-1] == ':' || c[-1] == ' ' ||
	    memchr(s + a + 2, '*', (size_t)(c - s - a - 2)) != NULL ||
	    cp_count_words(s + a + 2, (size_t)(c - s - a - 2)) >
	    (size_t)layout_weight.front_words)
		return 0;
	*open = a + 2;
	e = (size_t)(c + 2 - s);
	*meaning = e + strspn(s + e, " \t");
	if (*meaning == l->len)
		*meaning = 0;
	else if (*meaning == e || s[*meaning] == ':')
		return 0;	/* "**Term**:" is a label's shape */
	return (size_t)(c - s);
}

static void	drop_heads(struct cp_reader *, struct txt_state *,
		    int (*)(const struct txt_state *, size_t), const char *);
static void	drop_marked(struct cp_reader *, struct txt_state *,
		    const char *, int);

/* Is line i marked to be left out, LF_DROP? */
static int
dropped(const struct txt_state *st, size_t i)
{
	return (st->lines[i].flags & LF_DROP) != 0;
}

/*
 * A cheat sheet opens each line with its term in bold, "**pwd** print
 * working directory", as Markdown would, in a text file: on fit_num in
 * fit_den of its lines or more, min_units at least, their terms
 * distinct (names in meeting notes repeat), when no separator parts
 * them, the term is the front without its stars and the rest of the
 * line the back; a term in bold alone on its line has no answer.  A
 * line right under a term's goes on with its meaning; others, after a
 * blank line or under no term, are left out.  Reported once, and each
 * line left out.  Returns whether it parted the lines.
 */
static int
find_bold_terms(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, open, meaning, good = 0;
	const char	**term;
	size_t		  distinct;
	int		 under = 0;

	term = cp_xreallocarray(NULL, st->nlines, sizeof(*term));
	for (i = 0; i < st->nlines; i++)
		if (bold_term(st, &st->lines[i], &open, &meaning) > 0 &&
		    meaning > 0)
			term[good++] = st->text.data + st->lines[i].off + open;
	if (good < (size_t)layout_weight.min_units || good *
	    (size_t)layout_weight.fit_den < st->nlines *
	    (size_t)layout_weight.fit_num) {
		free(term);
		return 0;
	}
	distinct = cp_distinct_terms(term, good, 1);
	free(term);
	if (distinct * (size_t)layout_weight.fit_den <
	    good * (size_t)layout_weight.fit_num)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines open with a term in bold, \"**term** "
	    "meaning\": the term the front, the rest of the line the back",
	    good, st->nlines);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((l->cut = bold_term(st, l, &open, &meaning)) == 0) {
			under &= l->gap == 0;
			if (under)
				l->part = P_ANSWER;
			else
				l->flags |= LF_DROP;
			continue;
		}
		l->lead = open;
		under = meaning > 0;
		if (meaning == 0) {
			l->bare = 1;
			l->cut = 0;
			continue;
		}
		l->cutlen = meaning - l->cut;
	}
	drop_heads(r, st, dropped, "a line with no term in bold among a "
	    "cheat sheet's \"**term** meaning\" lines, under none: left "
	    "out, not a card");
	return 1;
}

/*
 * A glossary may part term and meaning by nothing but a space, "seiza
 * klek sedmo", under one-word headings: when no separator parts the
 * file, sure_num lines in sure_den of those that stand in a block of
 * more than one line are entries (spaced_entry), and their terms differ
 * (distinct_terms) and are no list's numbers counting up ("1 Struktura",
 * "2 Operační systém" on sure_num in sure_den of them), each entry is
 * parted at its term's end (term_space), a guess reported once; a
 * meaning wholly in parentheses loses them.  A line after one ending in
 * a comma goes on with its meaning; any other line among the entries is
 * a term without a meaning.
 * Returns whether it parted the lines.
 */
static int
find_spaced(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, block = 0, lines = 0, entries = 0, counting = 0;
	long		 v, last = 0;

	for (i = 0; i < st->nlines; i++) {
		if (i == 0 || st->lines[i].gap > 0)
			block = block_end(st, i) - i;
		lines += block > 1;
		if (!spaced_entry(st, &st->lines[i], block))
			continue;
		entries++;
		/* "1 Struktura", "2 Operační systém": a list's numbers. */
		v = bare_number(st->text.data + st->lines[i].off);
		counting += v > 0 && v == last + 1;
		last = v;
	}
	if (entries < (size_t)layout_weight.min_units ||
	    !sure(entries, lines) || !distinct_terms(st, entries) ||
	    sure(counting, entries))
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "no separator on %zu lines of words: each read as a term and its "
	    "meaning parted at the first space (a name of capitalised words "
	    "kept whole), a guess; --split decides", entries);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (i == 0 || l->gap > 0)
			block = block_end(st, i) - i;
		if (l->gap == 0 && i > 0 && (st->lines[i - 1].flags & LF_COMMA))
			continue;
		if (!spaced_entry(st, l, block)) {
			l->bare = l->gap == 0;
			continue;
		}
		s = st->text.data + l->off;
		l->cut = term_space(s, l->len);
		l->cutlen = 1;
		/* "NAGE-WAZA (TECHNIKY HODŮ)": the meaning is inside. */
		if (s[l->cut + 1] == '(' && s[l->len - 1] == ')' &&
		    memchr(s + l->cut + 2, '(', l->len - l->cut - 2) == NULL &&
		    memchr(s + l->cut + 2, ')', l->len - l->cut - 3) == NULL) {
			l->cutlen = 2;
			l->backend = l->len - 1;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "a meaning wholly in parentheses: read without "
			    "them");
		}
	}
	st->sep = SPACES;
	return 1;
}

/* Is line l a term alone, "splice", sep nowhere on it? */
static int
lone_term(const struct txt_state *st, const struct line *l, const char *sep)
{
	return (l->flags & LF_TERM) && l->words <= 2 &&
	    sep_find(st->text.data + l->off, l->len, 0, sep) == l->len;
}

/* How many of the file's lines are terms alone (lone_term)? */
static size_t
lone_terms(const struct txt_state *st, const char *sep)
{
	size_t	 i, n = 0;

	for (i = 0; i < st->nlines; i++)
		n += lone_term(st, &st->lines[i], sep);
	return n;
}

/*
 * Does sep cut one of the file's lines between two letters, where a
 * word ("tally-ho") may hold it?
 */
static int
inside_word(const struct txt_state *st, const char *sep)
{
	const char	*s;
	size_t		 i, cut, len, tag;
	int		 again, guess;

	/* A hyphen or a colon may join a word's letters; these never do. */
	if (strcmp(sep, ";") == 0 || strcmp(sep, "|") == 0 ||
	    strcmp(sep, "=") == 0)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (cut_line(st, &st->lines[i], sep, &cut, &len, &again,
		    &guess, &tag) && cut > 0 && cut + len < st->lines[i].len &&
		    isalpha((unsigned char)s[cut - 1]) &&
		    isalpha((unsigned char)s[cut + len]))
			return 1;
	}
	return 0;
}

/*
 * Does line l end with sep right after a term, "Hummingbird;", sep
 * nowhere else on it: a word whose answer was never written?  A colon
 * at the end of a line ends a heading as often, "HTML tags:", so a
 * separator ending in one leaves no bare term.
 */
static int
bare_term(const struct txt_state *st, const struct line *l, const char *sep)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len, k = strlen(sep);

	if (strcmp(sep, SPACES) == 0 || sep[k - 1] == ':')
		return 0;
	n = blanks_cut(s, n);
	return n > k && memcmp(s + n - k, sep, k) == 0 &&
	    sep_find(s, n, 0, sep) == n - k && has_letter(s, n - k) &&
	    cp_count_words(s, n - k) <= (size_t)layout_weight.front_words;
}

/*
 * Is line i over entries set in deeper, right under it and parted by
 * sep: their heading, "Software Qualities" over "  Malleable - ..."?
 */
static int
heads_entries(const struct txt_state *st, size_t i, const char *sep)
{
	size_t	cut, len, tag;
	int	again, guess;

	return i + 1 < st->nlines && st->lines[i + 1].gap == 0 &&
	    indent_of(st, i + 1) > indent_of(st, i) &&
	    cut_line(st, &st->lines[i + 1], sep, &cut, &len, &again, &guess,
	    &tag);
}

/*
 * Does line i, parted by the separator or not, go on with the entry
 * above it?  Lines set in under a parted line and not parted themselves,
 * with no blank line between, do, "+ Quick progress" under "Code & Fix -
 * Doit" (a parted line set in is a sub-entry, a card of its own).  *at is
 * one more than the indent of the entry whose run is open, 0 for none; a
 * parted line that asks opens none, what is set in under a question
 * answers it.
 */
static int
entry_goes_on(const struct txt_state *st, size_t i, int parted, size_t *at)
{
	const struct line	*l = &st->lines[i];

	if (l->gap > 0)
		*at = 0;
	if (*at > 0 && indent_of(st, i) >= *at && !parted)
		return 1;
	*at = parted && !(l->flags & LF_ENDQ) ? indent_of(st, i) + 1 : 0;
	return 0;
}

/*
 * Does s open with a small letter, in ASCII or in the two bytes of UTF-8
 * that Latin-1, Latin Extended-A and Cyrillic take (lower_pair's), or
 * with an opening bracket, as the rest of a sentence may?
 */
static int
opens_small(const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;
	unsigned int		 cp;
	char			 low[2];

	if (islower(u[0]) || u[0] == '(')
		return 1;
	if (u[0] < 0xc3 || u[0] > 0xd1 || u[1] < 0x80 || u[1] > 0xbf)
		return 0;
	cp = ((u[0] & 0x1fu) << 6) | (u[1] & 0x3fu);
	return (cp >= 0xdf && cp <= 0xff && cp != 0xf7) ||
	    (cp >= 0x430 && cp <= 0x45f) ||
	    (cp >= 0x100 && cp <= 0x17f && !cp_lower_pair(u[0], u[1], low));
}

/*
 * Has line i the shape of a sentence's rest (entry_wraps): right under
 * a line that ends no sentence (no final mark, or a comma), no blank line
 * between, opening small at the margin, and more than a term's words or
 * a sentence's end?
 */
static int
wrap_shape(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	return i > 0 && l->gap == 0 && (l[-1].flags & (LF_OPEN | LF_COMMA)) &&
	    (l->words > (unsigned int)layout_weight.term_words ||
	    (l->flags & LF_STOP)) && opens_small(st->text.data + l->off);
}

/*
 * Marks in wrap[] the lines that are the rest of an entry's sentence,
 * broken where a page ended (a glossary pasted out of a PDF), and
 * returns how many: lines without sep right under an entry parted by it
 * (or under such a rest), with no blank line, opening small at the
 * margin (what is set in is entry_goes_on's) under a line that ends no
 * sentence (no final mark, or a comma), the answer above holding more
 * than a term's words, the line itself more than a term's words or a
 * sentence's end (a term alone is an entry whose answer was never
 * written).  None is marked where fewer than min_units lines are so, or
 * sep parts fewer than half the lines, or a third of the lines it parts
 * or more stand under a line that ends no sentence (prose wrapped at
 * its margin that holds sep here and there; a glossary's entries open
 * after one's end).  A comma or a space parts the sentences themselves:
 * none either.  Only in a layout of lines.
 */
static size_t
entry_wraps(const struct txt_state *st, const char *sep, unsigned char *wrap)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, n = 0, above = 0, cut, len, tag, parts = 0;
	size_t			 mid = 0;
	int			 again, guess, parted;

	memset(wrap, 0, st->nlines);
	if (st->layout != L_FREE || strcmp(sep, ",") == 0 ||
	    strcmp(sep, ";") == 0 || sep == SPACES)
		return 0;
	/* Too few lines of the shape: no separator need be tried. */
	for (i = 0; i < st->nlines && n < (size_t)layout_weight.min_units; i++)
		n += wrap_shape(st, i);
	if (n < (size_t)layout_weight.min_units)
		return 0;
	for (i = 0, n = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		parted = cut_line(st, l, sep, &cut, &len, &again, &guess,
		    &tag);
		parts += parted != 0;
		mid += parted && i > 0 && l->gap == 0 &&
		    (l[-1].flags & (LF_OPEN | LF_COMMA));
		if (!parted && above > (size_t)layout_weight.term_words &&
		    wrap_shape(st, i)) {
			wrap[i] = 1;
			n++;
			above = l->words;
		} else
			above = parted ? cp_count_words(s + cut + len,
			    l->len - cut - len) : 0;
	}
	if (n < (size_t)layout_weight.min_units || 2 * parts < st->nlines ||
	    3 * mid >= parts) {
		memset(wrap, 0, st->nlines);
		n = 0;
	}
	return n;
}

static size_t	 bullet_end(const char *, size_t);

/*
 * Where a last column of numbers starts in line l's back, after a run of
 * two spaces or more, "salut           00.01": the run's start, or 0.
 */
static size_t
spaced_count_at(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 e = l->backend > 0 ? l->backend : l->len, k;

	for (k = e; k > 0 && s[k - 1] != ' '; k--)
		continue;
	if (k == e || k < 2 || s[k - 2] != ' ' || !counter_field(s + k, e - k))
		return 0;
	while (k > 0 && s[k - 1] == ' ')
		k--;
	return k > l->cut + l->cutlen ? k : 0;
}

/*
 * Columns set by spaces, a program's word list, "hallo   salut   00.01":
 * where a last column of numbers ends the back of nearly every parted
 * line (sure_num in sure_den), min_units at least, it is the program's
 * count or time, no text of the answer; left out, said once.
 */
static void
find_spaced_counts(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, n = 0, parted = 0, k;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		parted++;
		n += spaced_count_at(st, l) > 0;
	}
	if (n < (size_t)layout_weight.min_units || !sure(n, parted))
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut > 0 && (k = spaced_count_at(st, l)) > 0)
			l->backend = k;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines end in a column of numbers set off by spaces: "
	    "the program's count, left out", n, parted);
}

/*
 * Where the comma that ends line l's back stands, "wiersze w tabeli,",
 * when more of the back stands before it; else 0.
 */
static size_t
list_comma_at(const struct txt_state *st, const struct line *l)
{
	size_t	 e = l->backend > 0 ? l->backend : l->len;

	return e > l->cut + l->cutlen + 1 &&
	    st->text.data[l->off + e - 1] == ',' ? e - 1 : 0;
}

/*
 * A list copied out of code or a sentence ends each entry with a comma,
 * "rekordy - wiersze w tabeli,": where a comma ends the back of two in
 * three of the parted lines or more, min_units at least, it is the
 * list's and no text of the answers; left out, said once.
 */
static void
find_list_commas(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, n = 0, parted = 0, k;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0 || l->tagoff > 0)
			continue;
		parted++;
		n += list_comma_at(st, l) > 0;
	}
	if (n < (size_t)layout_weight.min_units || n *
	    (size_t)layout_weight.fit_den < parted *
	    (size_t)layout_weight.fit_num)
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut > 0 && l->tagoff == 0 &&
		    (k = list_comma_at(st, l)) > 0)
			l->backend = k;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu backs end in a comma: the list's, left out", n,
	    parted);
}

/*
 * Marks in note the lines that are notes under a list's entries, and
 * returns how many: where a bullet opens the lines sep parts, at the
 * margin, min_units of them or more and fit_num in fit_den of the
 * parted lines, "- pandemic: đại dịch", a line at the margin under such
 * an entry, no blank line between, with no bullet goes on with its
 * answer, though sep parts it: an example under its word, "VD: The
 * virus ...".  (One that sep does not part goes on with it anyway.)
 * Only in a layout of lines.
 */
static size_t
bullet_notes(const struct txt_state *st, const char *sep,
    unsigned char *note)
{
	const struct line	*l;
	size_t			 i, n = 0, dots = 0, parts = 0, cut, len, tag;
	int			 again, guess, parted, open = 0;

	memset(note, 0, st->nlines);
	if (st->layout != L_FREE)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (indent_of(st, i) > 0 || !cut_line(st, l, sep, &cut, &len,
		    &again, &guess, &tag))
			continue;
		parts++;
		dots += bullet_end(st->text.data + l->off, l->len) > 0;
	}
	if (dots < (size_t)layout_weight.min_units || dots *
	    (size_t)layout_weight.fit_den < parts *
	    (size_t)layout_weight.fit_num)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->gap > 0 || indent_of(st, i) > 0)
			open = 0;
		if (indent_of(st, i) > 0)
			continue;
		parted = cut_line(st, l, sep, &cut, &len, &again, &guess,
		    &tag);
		if (bullet_end(st->text.data + l->off, l->len) > 0)
			open = parted;
		else if (open && parted) {
			note[i] = 1;
			n++;
		}
	}
	return n;
}

/*
 * Is sep one that parts a word list's further fields as well as its
 * front from its back, "Merci : Thank you : Mair ci", "lucid – adj. –
 * very clear": a colon, or a dash set off by spaces?
 */
static int
fields_sep(const char *sep)
{
	return strcmp(sep, ":") == 0 || strcmp(sep, " - ") == 0 ||
	    strcmp(sep, " \xe2\x80\x93 ") == 0 ||
	    strcmp(sep, " \xe2\x80\x94 ") == 0;
}

/*
 * How many times word w (n bytes) stands on line l as a word of its own,
 * white space or the line's ends on either side; *at is set to where
 * the last stands, and *edge when one of them is the line's first or
 * last word.
 */
static size_t
word_count(const struct txt_state *st, const struct line *l, const char *w,
    size_t n, size_t *at, int *edge)
{
	const char	*s = st->text.data + l->off, *e = s + l->len, *p;
	size_t		 count = 0;

	for (p = s; (p = memmem(p, (size_t)(e - p), w, n)) != NULL; p += n) {
		if ((p > s && p[-1] != ' ' && p[-1] != '\t') ||
		    (p + n < e && p[n] != ' ' && p[n] != '\t'))
			continue;
		count++;
		*at = (size_t)(p - s);
		if (p[strspn(p + n, " \t") + n] == '\0' ||
		    strspn(s, " \t") == (size_t)(p - s))
			*edge = 1;
	}
	return count;
}

/*
 * Do the words either side of s[at..at + n) open in two scripts, one of
 * them ASCII, "保证 cinita garantire"?
 */
static int
scripts_apart(const char *s, size_t len, size_t at, size_t n)
{
	size_t	 f = strspn(s, " \t"), b = at + n;

	b += strspn(s + b, " \t");
	return f < at && b < len &&
	    ((unsigned char)s[f] < 0x80) != ((unsigned char)s[b] < 0x80);
}

/*
 * A word game's file may part each headword from its definition by a
 * question mark glued to both, "abacterian?lipsit de bacterii": where
 * the first "?" of nine lines in ten or more, min_units at least,
 * stands right after one to three words with a letter and before more
 * text, glued to that text (a letter, a bracket) on nine in ten of them,
 * it is the file's separator, no question's mark.  *best and *units as choose_split()
 * sets them.
 */
static int
glued_qmarks(const struct txt_state *st, size_t *best, size_t *units)
{
	const char	*s;
	size_t		 i, k, glued = 0;

	*best = *units = 0;
	for (i = 0; i < st->nlines; i++) {
		if (!unit_head(st, i))
			continue;
		(*units)++;
		s = st->text.data + st->lines[i].off;
		if ((k = strcspn(s, "?")) == 0 || k + 1 >= st->lines[i].len ||
		    s[k - 1] == ' ' || !has_letter(s, k) ||
		    cp_count_words(s, k) > 3)
			continue;
		(*best)++;
		/* "Capital of Peru?,Lima": the comma parts them. */
		glued += cp_word_byte((unsigned char)s[k + 1]) ||
		    s[k + 1] == '(' || s[k + 1] == '?';
	}
	return *best >= (size_t)layout_weight.min_units &&
	    *best * 10 >= *units * 9 && glued * 10 >= *best * 9;
}

/*
 * A word of the author's own that parts nearly every card's line once,
 * as a separator would, "保证 cinita garantire": three small letters or
 * more alone, once inside nine lines in ten or more (and min_units at
 * least), nowhere twice on a line nor on the lines that go on a card,
 * the lines it parts not one line again and again, and a word of one
 * script on one side and of another on the other on nine in ten of
 * them, as a list of words and their meanings has it ("the" in a to-do
 * list parts none).  Sought where no separator of the usual ones parts
 * the lines but spaces, and nothing marks the questions, among the
 * words inside the first three lines; when found, set with a space on
 * either side into st->word_sep, a tab beside it made a space, and
 * returned, *best and *units as choose_split() sets them; else NULL.
 * Linear: at most 48 words are tried, each over the file once.
 */
static const char *
word_separator(struct txt_state *st, size_t *best, size_t *units)
{
	const struct line	*l, *prev;
	const char		*s, *w;
	char			*t;
	size_t			 i, j, k, m, n, c, at, tried = 0, once, count;
	size_t			 same, apart;
	int			 edge, bad;

	*best = *units = 0;
	for (i = 0; i < st->nlines; i++)
		*units += unit_head(st, i);
	if (st->qa != QA_NONE || st->qmark != QM_NONE ||
	    *units < (size_t)layout_weight.min_units)
		return NULL;
	for (i = 0, j = 0; i < st->nlines && j < 3; i++) {
		if (!unit_head(st, i))
			continue;
		j++;
		l = &st->lines[i];
		s = st->text.data + l->off;
		for (k = strcspn(s, " \t"); k < l->len && tried < 48; k += n) {
			k += strspn(s + k, " \t");
			w = s + k;
			n = strcspn(w, " \t");
			/* Not the last word, nor one too long to hold. */
			if (k + n >= l->len || n < 3 ||
			    n + 3 > sizeof(st->word_sep))
				continue;
			tried++;
			for (c = 0; c < n && islower((unsigned char)w[c]); c++)
				continue;
			if (c < n)
				continue;
			prev = NULL;
			for (m = 0, once = same = apart = 0, bad = 0;
			    m < st->nlines && !bad; m++) {
				edge = 0;
				count = word_count(st, &st->lines[m], w, n,
				    &at, &edge);
				if (!unit_head(st, m))
					bad = count > 0;
				else
					bad = count > 1;
				once += count == 1 && !edge;
				apart += count == 1 && !edge &&
				    scripts_apart(st->text.data +
				    st->lines[m].off, st->lines[m].len, at, n);
				/* One line again and again parts no cards. */
				same += count == 1 && !edge && prev != NULL &&
				    prev->len == st->lines[m].len &&
				    memcmp(st->text.data + prev->off,
				    st->text.data + st->lines[m].off,
				    prev->len) == 0;
				if (count == 1)
					prev = &st->lines[m];
			}
			if (2 * same > once)
				continue;
			if (bad || once < (size_t)layout_weight.min_units ||
			    once * 10 < *units * 9 || apart * 10 < once * 9)
				continue;
			(void)snprintf(st->word_sep, sizeof(st->word_sep),
			    " %.*s ", (int)n, w);
			for (m = 0; m < st->nlines; m++) {
				t = st->text.data + st->lines[m].off;
				if (word_count(st, &st->lines[m],
				    st->word_sep + 1, n, &at, &edge) != 1)
					continue;
				if (at > 0 && t[at - 1] == '\t')
					t[at - 1] = ' ';
				if (at + n < st->lines[m].len && t[at + n] ==
				    '\t')
					t[at + n] = ' ';
			}
			*best = once;
			return st->word_sep;
		}
	}
	return NULL;
}

/*
 * The word that opens the third field of parted line l, past the
 * separator sep that follows its back, its letters and digits alone
 * ("16" of "16*" or "16 :: indexby=you"): sets *at to where that
 * separator stands and returns the word's length at *field, or returns
 * 0 with no such field.
 */
static size_t
third_field(const struct txt_state *st, const struct line *l,
    const char *sep, size_t *at, const char **field)
{
	const char	*s = st->text.data + l->off;
	size_t		 k = strlen(sep), from, to;

	if (l->cutlen == 0 || l->backend > 0 ||
	    (*at = sep_find(s, l->len, l->cut + l->cutlen, sep)) >= l->len)
		return 0;
	from = *at + k + strspn(s + *at + k, " \t");
	for (to = from; to < l->len && isalnum((unsigned char)s[to]); to++)
		continue;
	*field = s + from;
	return to - from;
}

/*
 * Word lists written for a printing program may file each entry in a
 * third field, "تَشْرَبُ:you (m) drink: 16 :: indexby=you", the unit it
 * belongs to: the same word opening it (third_field) on nine parted
 * lines in ten or more, min_units at least, a short one (eight bytes
 * at most).  That field and what follows it are no side of the card,
 * left out and reported once.  Only after a colon or a spaced dash
 * (fields_sep), whose further fields a word list may hold.
 */
static void
find_filing_field(struct cp_reader *r, struct txt_state *st,
    const char *sep)
{
	const char	*first = NULL, *v;
	size_t		 i, at, n, len = 0, parted = 0, same = 0;
	unsigned long	 line = 0;

	if (!fields_sep(sep))
		return;
	for (i = 0; i < st->nlines; i++) {
		if (st->lines[i].cutlen == 0)
			continue;
		parted++;
		n = third_field(st, &st->lines[i], sep, &at, &v);
		if (n == 0 || n > 8)
			continue;
		if (first == NULL) {
			first = v, len = n;
			line = st->lines[i].lineno;
		}
		same += n == len && memcmp(v, first, n) == 0;
	}
	if (first == NULL || same < (size_t)layout_weight.min_units ||
	    same * 10 < parted * 9)
		return;
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].cutlen > 0 && (n = third_field(st,
		    &st->lines[i], sep, &at, &v)) == len &&
		    memcmp(v, first, n) == 0)
			st->lines[i].backend = at;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "\"%.*s\" "
	    "in a third field on %zu of %zu parted lines: the file's filing "
	    "of its entries (a unit, a lesson), no side of a card; left out "
	    "with what follows it", (int)len, first, same, parted);
}

/*
 * A mark set between tabs on nine tab-parted lines in ten or more,
 * "Aller<TAB>=<TAB>Se_deplacer": the tabs only align the columns, the
 * mark parts them.  Returns that mark as separators[] holds it, else
 * sep.
 */
static const char *
tab_padded(const struct txt_state *st, const char *sep)
{
	const char *const	*c;
	const char		*s;
	size_t			 i, k, m, lines, marked;

	if (strcmp(sep, "\t") != 0)
		return sep;
	for (c = separators; *c != NULL; c++) {
		if (strchr("=:-|", (*c)[0]) == NULL ||
		    strspn(*c, "=:-|>") != strlen(*c))
			continue;
		m = strlen(*c);
		for (i = 0, lines = marked = 0; i < st->nlines; i++) {
			if (!unit_head(st, i))
				continue;
			s = st->text.data + st->lines[i].off;
			if ((k = strcspn(s, "\t")) >= st->lines[i].len)
				continue;
			lines++;
			k += strspn(s + k, "\t");
			marked += strncmp(s + k, *c, m) == 0 &&
			    s[k + m] == '\t';
		}
		if (lines >= (size_t)layout_weight.min_units &&
		    marked * 10 >= lines * 9)
			return *c;
	}
	return sep;
}

/*
 * The separator that parts nearly every card's first line (every line,
 * or every block's first when blank lines part the cards) into a short
 * front and a back, mostly once, or NULL.  Sets *best to the lines it
 * parts of *units, and *tagged to those of them with a third field of
 * tags.  A separator that comes twice on a line counts against it,
 * unless what follows the second reads as tags.
 */
static const char *
choose_split(const struct txt_state *st, size_t *best, size_t *units,
    size_t *tagged)
{
	const char *const	*c;
	const char		*sep = NULL, *padded;
	size_t			 i, good, more, runs, tags, cut, len, tag;
	size_t			 tabs = 0, tabtags = 0, sepunder = 0;
	size_t			 under, at, across, wraps, bestwraps = 0;
	unsigned char		*wrap;
	int			 again, guess, parted;

	*best = *units = *tagged = 0;
	for (i = 0; i < st->nlines; i++)
		*units += unit_head(st, i);
	if (st->qa != QA_NONE || *units == 0)
		return NULL;
	wrap = cp_xcalloc(st->nlines + 1, 1);
	for (c = separators; *c != NULL; c++) {
		wraps = entry_wraps(st, *c, wrap);
		for (i = 0, good = more = runs = tags = under = at = across = 0;
		    i < st->nlines; i++) {
			if (!unit_head(st, i))
				continue;
			across += st->lines[i].gap > 0 && at > 0 &&
			    indent_of(st, i) >= at;
			parted = cut_line(st, &st->lines[i], *c, &cut, &len,
			    &again, &guess, &tag);
			if (entry_goes_on(st, i, parted, &at)) {
				under++;
				continue;
			}
			if (wrap[i]) {
				under++;
				continue;
			}
			if (!parted) {
				under += heads_entries(st, i, *c);
				continue;
			}
			good++;
			more += again && tag == 0;
			tags += tag > 0;
			runs += len > 1 || (*c == SPACES &&
			    (script_cut(st->text.data + st->lines[i].off,
			    st->lines[i].len, ' ') == cut ||
			    transcribed(st->text.data + st->lines[i].off,
			    st->lines[i].len) == cut));
		}
		/*
		 * A separator is usually there once, spaces as a rule, and
		 * spaces only where no written one fits: "tire - утолять"
		 * passes from one script to the other at its dash too.  A
		 * dash or "_" inside words ("well-known  известный") yields.
		 * Lines an entry's sentence wrapped onto are no cards of
		 * their own: the best parts the most of the rest.
		 */
		if (good * (*units - bestwraps) > *best * (*units - wraps) &&
		    (more * 2 <= good || (fields_sep(*c) &&
		    sure(good, *units))) && (*c != SPACES ||
		    (runs * 4 >= *units && sure(good, *units) &&
		    (written_in_word(sep) ||
		    *best * (size_t)layout_weight.fit_den <
		    *units * (size_t)layout_weight.fit_num))))
			*best = good, *tagged = tags, sep = *c,
			    sepunder = across > 0 ? 0 : under,
			    bestwraps = wraps;
		if (strcmp(*c, "\t") == 0 && more * 2 <= good)
			tabs = good, tabtags = tags;
	}
	free(wrap);
	/*
	 * A file of a card or two is still a file of cards, when one
	 * separator parts each of its lines but a lone term whose answer
	 * was never written, and not inside a word ("tally-ho"), where it
	 * may be the word's own.
	 */
	if (*units < (size_t)layout_weight.min_units)
		return sep != NULL && *units == st->nlines &&
		    *best + lone_terms(st, sep) == *units &&
		    !inside_word(st, sep) ? sep : NULL;
	/*
	 * Lines set in under a parted one, with no blank line between,
	 * go on with its answer: "+ Quick progress" under "Code & Fix -
	 * Doit".  They are no units of their own, unless the file sets
	 * lines in past blank lines too, as prose goes on.
	 */
	if (sep != NULL && *best * (size_t)layout_weight.fit_den >=
	    (*units - sepunder) * (size_t)layout_weight.fit_num) {
		*units -= sepunder;
		if ((padded = tab_padded(st, sep)) != sep)
			*tagged = 0;	/* the field after the mark is none */
		return padded;
	}
	/*
	 * Nobody types a tab in prose: lines copied out of Anki's fields
	 * among questions that have none are cards of one line on fewer
	 * lines than any other separator needs.
	 */
	if (tabs > 1 && tabs * (size_t)layout_weight.tab_den >= *units) {
		*best = tabs, *tagged = tabtags;
		return "\t";
	}
	*best = *tagged = 0;
	return NULL;
}

/*
 * Where a quoted field that is open at s ends: the index of its closing
 * quote, or n when s ends first.  "" is a quote inside the field.
 */
static size_t
quote_end(const char *s, size_t n)
{
	size_t	 j;

	for (j = 0; j < n; j++)
		if (s[j] == '"' && j + 1 < n && s[j + 1] == '"')
			j++;
		else if (s[j] == '"')
			return j;
	return n;
}

/*
 * Is the back of line l, parted at cut by len bytes, one field quoted
 * as Anki's text import quotes it, opened and closed on this line?
 */
static int
quoted_back(const struct txt_state *st, const struct line *l, size_t cut,
    size_t len)
{
	const char	*s = st->text.data + l->off;
	size_t		 b;

	for (b = cut + len; b < l->len && (s[b] == ' ' || s[b] == '\t');)
		b++;
	return b + 1 < l->len && s[b] == '"' &&
	    b + 1 + quote_end(s + b + 1, l->len - b - 1) == l->len - 1;
}

/*
 * A dictionary's entry as a program's source or a JSON file holds one,
 * '"question": "answer",': the front one quoted field up to the
 * separator at cut, the back one quoted field after it, then at most a
 * comma.  The quotes and the comma are syntax, not text.  Returns where
 * the back's closing quote ends, else 0.
 */
static size_t
entry_end(const struct txt_state *st, const struct line *l, size_t cut,
    size_t len)
{
	const char	*s = st->text.data + l->off;
	size_t		 i, e;

	for (i = 0; i < cut && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	if (i == cut || s[i] != '"' ||
	    (i += 1 + quote_end(s + i + 1, cut - i - 1)) >= cut)
		return 0;
	for (i++; i < cut && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	if (i != cut)
		return 0;
	for (i = cut + len; i < l->len && (s[i] == ' ' || s[i] == '\t');)
		i++;
	if (i == l->len || s[i] != '"' ||
	    (e = i + 1 + quote_end(s + i + 1, l->len - i - 1)) == l->len)
		return 0;
	i = e + 1 + (e + 1 < l->len && s[e + 1] == ',');
	while (i < l->len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i == l->len ? e + 1 : 0;
}

/*
 * Anki's text import quotes a field that runs over lines, blank lines
 * among them: 'Define it;"' ... 'the end."'.  Where a block's first line
 * opens a quote right after sep and a later line closes it at its very
 * end, the lines between are that field, and no blank line among them
 * parts a card.  A line that closes the quote before its end makes it
 * no such field.  Each line is scanned at most twice.
 */
static void
join_quotes(struct txt_state *st, const char *sep)
{
	struct line	*l;
	const char	*s;
	size_t		 i, k, b, e, cut, len, tag;
	int		 again, guess;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!unit_head(st, i) ||
		    !cut_line(st, l, sep, &cut, &len, &again, &guess, &tag))
			continue;
		s = st->text.data + l->off;
		for (b = cut + len; b < l->len && (s[b] == ' ' || s[b] == '\t');)
			b++;
		if (b == l->len || s[b] != '"')
			continue;
		e = b + 1 + quote_end(s + b + 1, l->len - b - 1);
		if (e != l->len)
			continue;	/* closed on this line: find_split's */
		for (k = i + 1; k < st->nlines; k++) {
			s = st->text.data + st->lines[k].off;
			if ((e = quote_end(s, st->lines[k].len)) !=
			    st->lines[k].len)
				break;
		}
		if (k == st->nlines)
			return;		/* no quote closes after this one */
		if (e + 1 != st->lines[k].len) {
			i = k - 1;	/* line k may open a field of its own */
			continue;
		}
		l->quoted = 1;
		for (i++; i <= k; i++) {
			st->lines[i].kept += st->lines[i].gap;
			st->lines[i].gap = 0;
			st->lines[i].flags &= ~LF_BLANK;
		}
		i--;
	}
}

/*
 * A program's save file keeps a card a line as a record of fields: the
 * question and the answer, then its tags, the counts of right and wrong
 * answers, a sentence of its own, as "Frage|Antwort|Tags|6|1",
 * "q,a,cpp;oop,0,0,1" or "term@:#:%definition@:#:%0".  Such fields are
 * parted by one separator the same number of times on nearly every line,
 * wherever a value would hold it in prose; so a record is parted at each
 * one, save inside a field quoted as CSV quotes one.
 */

/* Where the field that starts at s[i] ends: at the next sep, or at n. */
static size_t
record_end(const char *s, size_t n, size_t i, const char *sep)
{
	size_t	 k = strlen(sep), q;

	if (i < n && s[i] == '"' &&
	    (q = i + 1 + quote_end(s + i + 1, n - i - 1)) < n)
		i = q + 1;
	for (; i + k <= n; i++)
		if (s[i] == *sep && memcmp(s + i, sep, k) == 0)
			return i;
	return n;
}

/*
 * Parts s[0..n) into the fields of a record: their starts and ends in
 * at[] and to[], most + 1 at most.  Returns how many there are, most + 1
 * standing for more.
 */
static size_t
fields_upto(const char *s, size_t n, const char *sep, size_t *at,
    size_t *to, size_t most)
{
	size_t	 i = 0, k = strlen(sep), nf = 0;

	for (;;) {
		at[nf] = i;
		to[nf] = record_end(s, n, i, sep);
		i = to[nf++] + k;
		if (to[nf - 1] == n || nf > most)
			return nf;
	}
}

/* The fields of a record, record_max + 1 at most (fields_upto()). */
static size_t
record_fields(const char *s, size_t n, const char *sep, size_t *at,
    size_t *to)
{
	return fields_upto(s, n, sep, at, to,
	    (size_t)layout_weight.record_max);
}

/*
 * Does s[0..n) read as a list of tags: short, no number, of words of
 * letters, digits and "_-:/+#." parted by white space, ";" or ",", and
 * at most tag_words of them parted by white space?
 */
static int
tags_field(const char *s, size_t n)
{
	size_t	 i;

	if (n == 0 || n > (size_t)layout_weight.tag_bytes ||
	    counter_field(s, n) ||
	    cp_count_words(s, n) > (size_t)layout_weight.tag_words)
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && (unsigned char)s[i] < 0x80 &&
		    strchr(" \t_-:/+#.;,", s[i]) == NULL)
			return 0;
	return 1;
}

/*
 * Copies to run, of size sz, the n'th run of punctuation on the first
 * line, two characters or more and not one of them repeated ("--",
 * "..."), but for a field separator doubled (",,", ";;", "||"), no
 * quote or bracket: a separator a program chose so that no text holds
 * it.  Returns whether there is an n'th.
 */
static int
punctuation_run(const struct txt_state *st, size_t n, char *run, size_t sz)
{
	const struct line	*l = &st->lines[0];
	const char		*s = st->text.data + l->off;
	size_t			 i, k;

	for (i = 0; i < l->len; i = k + 1) {
		for (k = i; k < l->len && ispunct((unsigned char)s[k]) &&
		    strchr("\"'()[]{}<>", s[k]) == NULL; k++)
			continue;
		/* A field separator doubled, ",,", is a program's too. */
		if (k - i < 2 || k - i >= sz ||
		    (strspn(s + i, (char[]){ s[i], '\0' }) >= k - i &&
		    (k - i != 2 || strchr(",;|", s[i]) == NULL)))
			continue;
		if (n-- == 0) {
			memcpy(run, s + i, k - i);
			run[k - i] = '\0';
			return 1;
		}
	}
	return 0;
}

/* What find_records learns of a separator's fields. */
struct record_fit {
	size_t	 lines;		/* lines of nf fields */
	size_t	 nf;		/* fields a record */
	size_t	 counts;	/* fields after the second that hold a number */
	int	 echo;		/* the third repeats the second, an answer the
				   program accepts */
	int	 tags;		/* the third holds tags */
	int	 glued;		/* every field a few words, sep glued to them */
	size_t	 front, back;	/* the fields that are the sides
				   (record_sides()) */
};

/*
 * Is s[0..n) words and nothing else: letters, spaces and the marks that
 * words and their forms hold, "was / were", "descobrir (c/pistas)"?
 */
static int
plain_words(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (!cp_word_byte((unsigned char)s[i]) &&
		    strchr(" /-'(),.", s[i]) == NULL)
			return 0;
	return n > 0 && cp_word_byte((unsigned char)s[0]);
}

/*
 * Does sep stand glued to the words on both its sides on every line of
 * nf fields, "to be;was/were;been;zijn", each field no more than
 * term_words words and none empty: the forms of one entry a program
 * keeps, no prose, which puts a space after its ";" or ","?  The last of
 * three or more, glued too, may be an example of any length, a sentence
 * ending in ".", "!" or "?": "zaman,time,Time flies when you're having
 * fun."  A learner writing them down may put one space after a ";",
 * "pedir; ask; asked; asked", and several meanings first, "bater,
 * espancar, superar": so too where every field is plain words (no
 * program's marks), the first up to front_words of them.
 */
static int
glued_fields(const struct txt_state *st, const char *sep, size_t nf)
{
	size_t			 at[16], to[16], i, j, most, b;
	const struct line	*l;
	const char		*s;
	int			 own = 1, learner = 1;

	for (i = 0; i < st->nlines && (own || learner); i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (record_fields(s, l->len, sep, at, to) != nf)
			continue;
		for (j = 0; j < nf; j++) {
			b = at[j] + (j > 0 && s[at[j]] == ' ');
			most = j == 0 ? (size_t)layout_weight.front_words :
			    (size_t)layout_weight.term_words;
			if (to[j] <= b || isspace((unsigned char)s[b]) ||
			    isspace((unsigned char)s[to[j] - 1]))
				return 0;
			/* "zaman,time,Time flies ...": an example, last. */
			if (j + 1 == nf && nf > 2 && b == at[j] &&
			    strchr(".!?", s[to[j] - 1]) != NULL)
				continue;
			own &= b == at[j] && cp_count_words(s + b, to[j] - b) <=
			    (size_t)layout_weight.term_words;
			/* ", " is prose's comma; "; " a learner's. */
			learner &= plain_words(s + b, to[j] - b) &&
			    cp_count_words(s + b, to[j] - b) <= most &&
			    (b == at[j] || strcmp(sep, ";") == 0);
		}
	}
	return own || learner;
}

/*
 * Are s[f..t) and u[g..v), their blanks aside, the same text, and not
 * empty?
 */
static int
same_trimmed(const char *s, size_t f, size_t t, const char *u, size_t g,
    size_t v)
{
	blank_trim(s, &f, &t);
	blank_trim(u, &g, &v);
	return t > f && t - f == v - g && memcmp(s + f, u + g, t - f) == 0;
}

/*
 * Are the fields of the lines of nf sep-parted fields plain words, the
 * blanks round them aside, on sure lines (sure()): "el tornado,,der
 * Tornado,,tornado", one entry in three languages, each field a meaning?
 */
static int
worded_fields(const struct txt_state *st, const char *sep, size_t nf)
{
	size_t			 at[16], to[16], i, j, lines = 0, worded = 0;
	const struct line	*l;
	const char		*s;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (record_fields(s, l->len, sep, at, to) != nf)
			continue;
		lines++;
		for (j = 0; j < nf; j++) {
			blank_trim(s, &at[j], &to[j]);
			if (!plain_words(s + at[j], to[j] - at[j]))
				break;
		}
		worded += j == nf;
	}
	return lines > 0 && sure(worded, lines);
}

/*
 * Is s[0..n), blanks aside, an answer a field may repeat down the lines:
 * a verdict's word or letter, "True", "F", or an option's letter, "B"?
 */
static int
answer_field(const char *s, size_t n)
{
	char	 low[16];
	size_t	 f = 0;

	blank_trim(s, &f, &n);
	s += f;
	n -= f;
	if (n == 1)
		return isalpha((unsigned char)*s);
	if (n >= sizeof(low))
		return 0;
	cp_lower_prefix(s, n, low, sizeof(low));
	return in_list(low, cp_verdict_words);
}

/*
 * The number of a record's field that only counts it, "12", or a word
 * of letters in any script and its number, "Exercice12", "Übung3", "Q 7"
 * (24 bytes at most, six digits): that number, else -2.
 */
static long
field_count(const char *s, size_t n)
{
	size_t	 d = n, k;

	while (d > 0 && isdigit((unsigned char)s[d - 1]))
		d--;
	if (d == n || n - d > 6 || n > 24)
		return -2;
	for (k = d; k > 0 && (isalpha((unsigned char)s[k - 1]) ||
	    (unsigned char)s[k - 1] >= 0x80 || s[k - 1] == ' '); k--)
		continue;
	return k == 0 ? strtol(s + d, NULL, 10) : -2;
}

/*
 * Which of a record's nf fields are the card's sides: the first two that
 * are neither a category, words (a letter on nearly every line, sure_num
 * in sure_den, and no answer_field()) of as few different values as one
 * in three lines or fewer, or the same as on the line above on half the
 * lines over a field that asks on half, the records grouped by it
 * ("Basketball" twice, "Football" twice, each over a question; a column
 * of answers sorted by value groups the lines too, over no question),
 * "DNA and RNA Structural Properties" again and again, a level "1" or
 * "2" too, nor the record's number counting up by one ("1;q;a"), nor
 * empty on every line.  *front and *back get them; 0 and 1
 * when no two fields are so.
 */
static void
record_sides(const struct txt_state *st, const char *sep, size_t nf,
    size_t *front, size_t *back)
{
	struct cp_hashset	 seen;
	size_t			 at[16], to[16], i, j, lines, words, distinct;
	size_t			 filled, side[2], nside = 0, up, same, pat = 0;
	size_t			 pto = 0, asked;
	const char		*s, *prev;
	long			 v, last;

	for (j = 0; j < nf && nside < 2; j++) {
		memset(&seen, 0, sizeof(seen));
		last = -1;
		prev = NULL;
		for (i = lines = words = distinct = filled = up = same =
		    asked = 0; i < st->nlines; i++) {
			s = st->text.data + st->lines[i].off;
			if (record_fields(s, st->lines[i].len, sep, at, to) !=
			    nf)
				continue;
			lines++;
			same += prev != NULL && same_trimmed(s, at[j], to[j],
			    prev, pat, pto);
			prev = s, pat = at[j], pto = to[j];
			asked += j + 1 < nf && asks_at_end(s + at[j + 1],
			    to[j + 1] - at[j + 1]);
			filled += to[j] > at[j];
			/*
			 * "1;question;answer" or "Exercice1;...": the
			 * record's number, unless read already as a list's
			 * (find_tabbed_numbers).
			 */
			v = st->lines[i].numlen == 0 ?
			    field_count(s + at[j], to[j] - at[j]) : -2;
			up += v >= 0 && v == last + 1;
			last = v;
			words += (has_letter(s + at[j], to[j] - at[j]) ||
			    counter_field(s + at[j], to[j] - at[j])) &&
			    !answer_field(s + at[j], to[j] - at[j]);
			distinct += !cp_hashset_add(&seen, cp_hash64(s + at[j],
			    to[j] - at[j]));
		}
		cp_hashset_free(&seen);
		if (filled > 0 && !(sure(words, lines) &&
		    (3 * distinct <= lines || (lines >= 3 &&
		    2 * same >= lines && 2 * asked >= lines))) &&
		    !(lines >= 3 && sure(up, lines)))
			side[nside++] = j;
	}
	*front = nside == 2 ? side[0] : 0;
	*back = nside == 2 ? side[1] : 1;
}

/*
 * Do sep's fields make the file a program's records: the same number of
 * them, record_min to record_max, with a first and a second that hold
 * text, on sure_num in sure_den lines, and no prose that happens to hold
 * sep?  A tab or a run of punctuation of the program's own (own set) is
 * in no prose; another separator is not either when a field after the
 * second holds a number on as many lines, a count the program keeps, or
 * fields other than the first two are its sides (record_sides()), or
 * sep is glued to short fields (glued_fields), the forms of one entry.
 * Fills *fit, the sides too, and returns fit->lines, or 0.
 */
static size_t
record_fit(const struct txt_state *st, const char *sep, int own,
    struct record_fit *fit)
{
	size_t			 count[16] = { 0 }, at[16], to[16], i, j, k;
	size_t			 counters[16] = { 0 }, ntags = 0, echoes = 0;
	const struct line	*l;
	const char		*s;

	memset(fit, 0, sizeof(*fit));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		k = record_fields(st->text.data + l->off, l->len, sep, at, to);
		if (k >= 2 && to[0] > at[0] && to[1] > at[1])
			count[k]++;
	}
	for (k = (size_t)layout_weight.record_min;
	    k <= (size_t)layout_weight.record_max; k++)
		if (count[k] > fit->lines)
			fit->lines = count[k], fit->nf = k;
	if (fit->lines == 0 || !sure(fit->lines, st->nlines))
		return fit->lines = 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (record_fields(s, l->len, sep, at, to) != fit->nf)
			continue;
		for (j = 2; j < fit->nf; j++)
			counters[j] += counter_field(s + at[j], to[j] - at[j]);
		ntags += tags_field(s + at[2], to[2] - at[2]);
		echoes += same_trimmed(s, at[1], to[1], s, at[2], to[2]);
	}
	for (j = 2; j < fit->nf; j++)
		fit->counts += sure(counters[j], st->nlines);
	fit->tags = ntags * (size_t)layout_weight.fit_den >=
	    fit->lines * (size_t)layout_weight.fit_num;
	/* "word@meaning@meaning": the answer a quiz accepts, again. */
	fit->echo = sure(echoes, fit->lines);
	if (fit->echo)
		fit->tags = 0;
	record_sides(st, sep, fit->nf, &fit->front, &fit->back);
	if (fit->echo) {
		/* The answer the quiz accepts is the back again. */
		fit->front = 0;
		fit->back = 1;
	}
	if (!own && strcmp(sep, "\t") != 0 && fit->counts == 0 &&
	    !fit->echo) {
		/*
		 * A topic's or a level's field; not where prose parts, but
		 * a comma between plain words, "ÁFRICA, ANGOLA, LUANDA".
		 */
		if ((fit->front != 0 || fit->back != 1) &&
		    ((strcmp(sep, ",") != 0 && strcmp(sep, ":") != 0) ||
		    (strcmp(sep, ",") == 0 &&
		    worded_fields(st, sep, fit->nf))))
			return fit->lines;
		if (!glued_fields(st, sep, fit->nf))
			return fit->lines = 0;
		fit->glued = 1;
		fit->tags = 0;
	} else if (own && fit->counts == 0 && fit->front == 0 &&
	    fit->back == 1 && worded_fields(st, sep, fit->nf)) {
		/* "el tornado,,der Tornado,,tornado": no Anki tags. */
		fit->glued = 1;
		fit->tags = 0;
	}
	return fit->lines;
}

/*
 * Where the first field of a record, s[0..end), parts a question from its
 * answer by ": ", "Teyzemin adı: sila", an answer of no more words than
 * the longest of the nf - 1 fields after it, its wrong choices: the
 * colon's index, or 0.
 */
static size_t
asked_field(const char *s, size_t end, const size_t *at, const size_t *to,
    size_t nf)
{
	size_t	 i = sep_find(s, end, 0, ":"), j, most = 0, w;

	if (i == 0 || i + 2 >= end || s[i + 1] != ' ' ||
	    sep_find(s, end, i + 1, ":") < end)
		return 0;
	for (j = 1; j < nf; j++)
		if ((w = cp_count_words(s + at[j], to[j] - at[j])) > most)
			most = w;
	return cp_count_words(s + i + 2, end - i - 2) <= most ? i : 0;
}

/*
 * Records whose every first field is a question and its answer (above),
 * as a quiz program writes them, "question: answer<TAB>wrong<TAB>wrong":
 * the answer is the back and the other fields the wrong choices, left
 * out.  Returns whether every line of nf sep-parted fields is one.
 */
static int
asked_records(struct cp_reader *r, struct txt_state *st, const char *sep,
    size_t nf)
{
	size_t		 i, at[16], to[16];
	const char	*s;
	struct line	*l;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (record_fields(s, st->lines[i].len, sep, at, to) != nf ||
		    asked_field(s, to[0], at, to, nf) == 0)
			return 0;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu \"%s\"-parted fields, each first one \"question: "
	    "answer\": the front and the back; the other fields are wrong "
	    "choices, left out", nf, sep_name(sep));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		record_fields(s, l->len, sep, at, to);
		l->cut = asked_field(s, to[0], at, to, nf);
		l->cutlen = 1;
		l->backend = to[0];
	}
	st->sep = sep;
	st->parted = st->nlines;
	return 1;
}

/* Whether s[0..n), its white space aside, ends in a question mark. */
static int
field_asks(const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return n > 0 && s[n - 1] == '?';
}

/*
 * Are a program's records questions, each field one of its own, none an
 * answer ("question<TAB>question<TAB>question", the draws of a question
 * picker)?  So where the second field asks on one line in
 * asked_fields_den of those of nf fields and the first does not, or the
 * other way round: a phrase book's questions are asked on both sides
 * of the same line.
 */
static int
question_records(const struct txt_state *st, const char *sep, size_t nf)
{
	size_t		 i, at[16], to[16], lines = 0, second = 0, apart = 0;
	const char	*s;
	int		 a, b;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (record_fields(s, st->lines[i].len, sep, at, to) != nf)
			continue;
		lines++;
		a = field_asks(s + at[0], to[0] - at[0]);
		b = field_asks(s + at[1], to[1] - at[1]);
		second += b;
		apart += a != b;
	}
	return second * (size_t)layout_weight.asked_fields_den >= lines &&
	    apart * (size_t)layout_weight.asked_fields_den >= lines;
}

/*
 * Does line i open with a language's name, "French<TAB>francés": a word
 * list of languages, where the first line's names are words too?
 */
static int
names_language(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].cut > 0 ? st->lines[i].cut :
			    st->lines[i].len;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return cp_language_name(s, n);
}

/*
 * Does the first line name the columns that sep parts: every field, those
 * sep leaves empty aside, a spreadsheet's column name ("Term<TAB>
 * Definition", "Acronym<TAB>Term<TAB>Category"), a way of writing a word
 * ("Hiragana") or a language ("Japanese<TAB><TAB>Indonesia"), where the
 * second line names none (a list of languages is no header)?
 */
static int
names_columns(const struct txt_state *st, const char *sep)
{
	const struct line	*l = st->lines;
	const char		*s;
	size_t			 i, k, f, e;
	int			 langs;

	if (st->nlines < 2)
		return 0;
	s = st->text.data + l->off;
	langs = names_language(st, 1);
	for (i = 0; ; i = k + strlen(sep)) {
		k = sep_find(s, l->len, i, sep);
		f = i;
		e = k;
		blank_trim(s, &f, &e);
		if (e > f && cp_csv_header_label(s + f, e - f) == -1 &&
		    !cp_writing_name(s + f, e - f) &&
		    !(cp_language_name(s + f, e - f) && !langs))
			return 0;
		if (k == l->len)
			return 1;
	}
}

/*
 * Records of fields glued to their separator (glued_fields): each line a
 * card, its first field the front and the others its back, one a line,
 * for a program keeps one entry's forms so ("to be;was/were;been;zijn")
 * and asks any of them.  Reported once; a line with another number of
 * fields is read so too, and reported.  Returns 1.
 */
static int
glued_records(struct cp_reader *r, struct txt_state *st, const char *sep,
    const struct record_fit *fit)
{
	size_t		 i, k, f, at[16], to[16];
	struct line	*l;
	const char	*s = st->text.data + st->lines[0].off;

	/*
	 * A header row's first column that groups the records, "category,
	 * french,japanese", holds no side: the front is the field after it.
	 */
	record_fields(s, st->lines[0].len, sep, at, to);
	f = fit->nf > 2 && names_columns(st, sep) &&
	    cp_csv_header_groups(s + at[0], to[0] - at[0]);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu \"%s\"-parted fields on %zu of %zu lines, the "
	    "separator glued to the word before it, an entry's forms or "
	    "meanings: the %s is the front, the others the back, one a "
	    "line", fit->nf, sep_name(sep), fit->lines, st->nlines,
	    f ? "second" : "first");
	if (f)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "the first column, \"%.*s\", "
		    "groups the records: left out, no side of a card",
		    (int)(to[0] - at[0]), s + at[0]);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		k = record_fields(st->text.data + l->off, l->len, sep, at, to);
		if (k < f + 2 || to[f] == at[f] || to[f + 1] == at[f + 1])
			continue;
		if (k != fit->nf)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "%zu fields on this line, not %zu as on the "
			    "others: the %s is the front, the others the "
			    "back, a guess", k, fit->nf,
			    f ? "second" : "first");
		l->lead = at[f];
		l->cut = to[f];
		l->cutlen = strlen(sep);
	}
	st->sep = sep;
	st->parted = fit->lines;
	st->fieldlines = 1;
	return 1;
}

/*
 * Are the k fields of a record, at[] and to[] in s, plain words, k no
 * more than record_max?  (Trims them.)
 */
static int
plain_record(const char *s, size_t *at, size_t *to, size_t k)
{
	size_t	 j;

	if (k > (size_t)layout_weight.record_max)
		return 0;
	for (j = 0; j < k; j++) {
		blank_trim(s, &at[j], &to[j]);
		if (!plain_words(s + at[j], to[j] - at[j]))
			return 0;
	}
	return 1;
}

/*
 * Records whose sides are not their first two fields (record_sides()),
 * "Topic|Question|Answer", "jablko;1;zelovoc;apple;": each line a card,
 * field fit->front its front and fit->back its back, the others left out
 * (a topic, a level, a category), reported once; a line with more
 * fields, where the back is the last, holds more of it, and a line with
 * another number of fields is no record, left out, each reported.
 * Returns 1.
 */
static int
side_records(struct cp_reader *r, struct txt_state *st, const char *sep,
    const struct record_fit *fit)
{
	size_t		 i, k, at[16], to[16];
	size_t		 front = fit->front, back = fit->back;
	struct line	*l;
	const char	*s;

	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu \"%s\"-parted fields on %zu of %zu lines, a "
	    "program's own: field %zu is the front, field %zu the back; the "
	    "others, a category or a level that repeats down the lines, the "
	    "record's number, or empty, left out", fit->nf, sep_name(sep),
	    fit->lines, st->nlines,
	    front + 1, back + 1);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		k = record_fields(st->text.data + l->off, l->len, sep, at, to);
		/*
		 * "BOLIVIA, SUCRE, LA PAZ": more of the last field, the
		 * back, holding sep as its text does: all plain words.
		 */
		if (k > fit->nf && back == fit->nf - 1 &&
		    plain_record(st->text.data + l->off, at, to, k)) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    l->lineno, 0, "more than %zu fields on this line: "
			    "those after the last read as more of the back",
			    fit->nf);
			to[back] = l->len;
		} else if (k != fit->nf) {
			l->flags |= LF_DROP;
			continue;
		}
		s = st->text.data + l->off;
		/* The blanks round a field are no text of its side. */
		blank_trim(s, &at[front], &to[front]);
		blank_trim(s, &at[back], &to[back]);
		l->lead = at[front];
		l->cut = to[front];
		l->cutlen = at[back] - to[front];
		l->backend = to[back];
	}
	drop_heads(r, st, dropped, "a line that is no record of as many "
	    "fields as the others: left out, not a card");
	st->sep = sep;
	st->parted = fit->lines;
	return 1;
}

/* Are the texts of lines a and b, their blanks aside, the same? */
static int
same_line_text(const struct txt_state *st, size_t a, size_t b)
{
	const struct line	*la = &st->lines[a], *lb = &st->lines[b];

	return same_trimmed(st->text.data + la->off, 0, la->len,
	    st->text.data + lb->off, 0, lb->len);
}

/*
 * Are lines a..e an answer of options, a line each, then the right one
 * again: two to eight options, none the same as another, and the last
 * line the same as one of them, "explain" under "complain", "exchange",
 * "explain", "arrange"?
 */
static int
echoes_option(const struct txt_state *st, size_t a, size_t e)
{
	size_t	 k, j, same = 0;

	if (e - a < 3 || e - a > 9)
		return 0;
	for (k = a; k + 1 < e; k++) {
		same += same_line_text(st, k, e - 1);
		for (j = a; j < k; j++)
			if (same_line_text(st, j, k))
				return 0;
	}
	return same == 1;
}

/*
 * Does the question on lines q..a ask over options: six words or more
 * (a sentence to work on, "He was asked to ACCOUNT FOR his presence"),
 * or a final "?" (a list's name, "Steps to bake bread", asks neither)?
 */
static int
asks_over_options(const struct txt_state *st, size_t q, size_t a)
{
	size_t	 k, words = 0;

	for (k = q; k < a; k++)
		words += st->lines[k].words;
	return a > q && (words >= 6 || ends_asking(st, &st->lines[a - 1]));
}

/*
 * A quiz may set each question's options a line each under it and then
 * the right one again, as its answer: "He was asked to ACCOUNT FOR his
 * presence" over "complain", "exchange", "explain", "arrange" and
 * "explain".  Where min_units cards or more, fit_num in fit_den of the
 * cards whose answers run to three lines or more, end so
 * (echoes_option(), asks_over_options()), the lines above the last go
 * with the question and the last alone answers.  Reported once, at the
 * first such card.
 */
static void
find_repeated_answers(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, e, a, k, echoed = 0, long_answers = 0;
	unsigned long	 first = 0;
	int		 pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < st->nlines; i = e) {
			for (e = i + 1; e < st->nlines &&
			    st->role[e] != R_START; e++)
				continue;
			for (a = i; a < e && st->role[a] < R_ANSWER; a++)
				continue;
			if (e - a < 3)
				continue;
			if (pass == 0) {
				long_answers++;
				echoed += echoes_option(st, a, e) &&
				    asks_over_options(st, i, a);
			} else if (echoes_option(st, a, e) &&
			    asks_over_options(st, i, a)) {
				for (k = a; k + 1 < e; k++)
					st->role[k] = R_QUEST;
				st->role[e - 1] = R_ANSWER;
				if (first == 0)
					first = st->lines[i].lineno;
			}
		}
		if (pass == 0 && (echoed < (size_t)layout_weight.min_units ||
		    echoed * (size_t)layout_weight.fit_den <
		    long_answers * (size_t)layout_weight.fit_num))
			return;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu questions over their options, a line each, then the right "
	    "one again: the options read as part of the question, the last "
	    "line as the answer", echoed);
}

/*
 * The most fields of a quiz program's record: a topic, a question, six
 * options and the key.
 */
#define QUIZ_FIELDS	9

/*
 * The option a record's field names when it is a letter alone, "b" or
 * "C", the blanks round it aside: its index from 'a', or -1.
 */
static int
key_letter(const char *s, size_t from, size_t to)
{
	blank_trim(s, &from, &to);
	if (to - from != 1 || !isalpha((unsigned char)s[from]) ||
	    tolower((unsigned char)s[from]) > 'h')
		return -1;
	return tolower((unsigned char)s[from]) - 'a';
}

/*
 * The option a record's last field names when it is a digit alone, "3":
 * that digit, or -1.
 */
static int
key_digit(const char *s, size_t from, size_t to)
{
	blank_trim(s, &from, &to);
	return to - from == 1 && isdigit((unsigned char)s[from]) ?
	    s[from] - '0' : -1;
}

/* Does the field s[from..to) open with option n's letter, "b. ", "B)"? */
static int
lettered_as(const char *s, size_t from, size_t to, int n)
{
	blank_trim(s, &from, &to);
	return to - from > 2 && tolower((unsigned char)s[from]) == 'a' + n &&
	    (s[from + 1] == '.' || s[from + 1] == ')');
}

/* How a quiz program lays out its records (keyed_layout()). */
struct quiz_layout {
	const char	*sep;
	size_t		 nf;		/* fields a record */
	size_t		 key;		/* the key's field, first or last */
	size_t		 question;	/* the question's field */
	size_t		 lines;		/* lines of nf fields with a key */
	int		 echoed;	/* the key is the right option again */
	int		 numbered;	/* the key is its number, counted */
	int		 base;		/* counted from: 0 or 1 */
	int		 topic_some;	/* nf + 1 fields: a topic, then one */
	int		 tail;		/* a field after the key: */
	int		 explained;	/* the answer explained, else the
					   program's own */
	size_t		 units;		/* lines but headings over records */
};

/* Is s[0..n), its blanks aside, a level, one to three digits alone? */
static int
level_field(const char *s, size_t n)
{
	size_t	 f = 0, e = n;

	blank_trim(s, &f, &e);
	return e > f && e - f <= 3 && strspn(s + f, "0123456789") >= e - f;
}

/*
 * Does line i hold a record of ql's shape: nf fields, a key that names
 * one of its options?  The fields are set in at[] and to[].
 */
static int
quiz_record(const struct txt_state *st, size_t i,
    const struct quiz_layout *ql, size_t *at, size_t *to)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 n;
	int			 k;

	n = fields_upto(s, l->len, ql->sep, at, to, QUIZ_FIELDS);
	/*
	 * "Networking|question|...|1" among "question|...|1": a topic the
	 * program added on later lines, a few words that do not ask.
	 */
	if (n == ql->nf + 1 && ql->topic_some && ql->key != 0 &&
	    to[0] > at[0] && cp_count_words(s + at[0], to[0] - at[0]) <= 3 &&
	    memchr(s + at[0], '?', to[0] - at[0]) == NULL) {
		memmove(at, at + 1, ql->nf * sizeof(*at));
		memmove(to, to + 1, ql->nf * sizeof(*to));
	} else if (n != ql->nf)
		return 0;
	if (!ql->echoed) {
		/* The options. */
		n = ql->nf - 2 - ql->question - ql->tail + (ql->key == 0);
		/*
		 * "...;Pascal;1": the last field numbers the right one, from 0
		 * or 1 (numbered_keys()), a digit alone and nothing else.
		 */
		if (ql->numbered)
			return (k = key_digit(s, at[ql->key], to[ql->key])) >=
			    0 && (size_t)k <= n;
		k = key_letter(s, at[ql->key], to[ql->key]);
		return k >= 0 && (size_t)k < n;
	}
	/*
	 * The right option written again, "...;Roma;París;París", once
	 * among options that differ ("...,0,0,0" counts, and so does
	 * "...,0,0" before a program's field "0").
	 */
	if (ql->tail && same_trimmed(s, at[ql->nf - 1], to[ql->nf - 1], s,
	    at[ql->key], to[ql->key]))
		return 0;
	for (n = ql->question + 1, k = 0; n < ql->nf - ql->tail; n++)
		k += n != ql->key && same_trimmed(s, at[n], to[n], s,
		    at[ql->key], to[ql->key]);
	return k == 1;
}

/*
 * Whether ql's records, nf fields on count[nf] lines, end in the number
 * of their right option, "...|Watt|Pascal|1", counted from 0 where one
 * of them is 0 (and none is the count of options), else from 1, the
 * question first or after the topics keyed_layout() found in field
 * question ("Inglese | question | ... | 2"): a digit last on sure lines
 * and no option a bare number (a program's counters, "...|Geografie|6|
 * 1").  Sets ql so.
 */
static int
numbered_keys(const struct txt_state *st, struct quiz_layout *ql,
    const size_t *count, size_t question)
{
	size_t		 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1], i, f;
	const char	*s;
	int		 zero = 0, top = 0;

	ql->key = ql->nf - 1;
	ql->question = question;
	ql->echoed = 0;
	ql->numbered = 1;
	for (i = 0, ql->lines = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (!quiz_record(st, i, ql, at, to))
			continue;
		ql->lines++;
		zero |= key_digit(s, at[ql->key], to[ql->key]) == 0;
		top |= (size_t)key_digit(s, at[ql->key], to[ql->key]) ==
		    ql->nf - 2;
		for (f = question + 1; f < ql->key; f++)
			if (strspn(s + at[f], " 0123456789") >= to[f] - at[f])
				ql->lines = 0, i = st->nlines;
	}
	ql->base = zero ? 0 : 1;
	if (ql->lines > 0 && !(zero && top) &&
	    sure(ql->lines, count[ql->nf]) && sure(ql->lines, ql->units))
		return 1;
	ql->numbered = 0;
	return 0;
}

/*
 * Are the records of nf + 1 fields, for sep, all after those of nf, as
 * a program that began to file its questions under topics later writes
 * them, and does a topic come again on two of them at least, "Rivers"?
 */
static int
later_topics(const struct txt_state *st, const char *sep, size_t nf)
{
	struct cp_hashset	 seen = { 0 };
	size_t			 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1], i, k;
	int			 longer = 0, again = 0;
	const char		*s;

	for (i = 0; i < st->nlines && again >= 0; i++) {
		s = st->text.data + st->lines[i].off;
		k = fields_upto(s, st->lines[i].len, sep, at, to, QUIZ_FIELDS);
		if (k == nf && longer)
			again = -1;	/* a shorter one after a longer */
		else if (k == nf + 1) {
			longer = 1;
			again += cp_hashset_add(&seen, cp_hash64(s + at[0],
			    to[0] - at[0]));
		}
	}
	cp_hashset_free(&seen);
	return again > 0;
}

/*
 * Does the last of the records' nf fields, for sep, hold as few different
 * values as one in two lines, "false" but for a picture's name now and
 * then: the program's own, after the key?
 */
static int
program_tail(const struct txt_state *st, const char *sep, size_t nf)
{
	struct cp_hashset	 seen = { 0 };
	size_t			 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1];
	size_t			 i, lines = 0, distinct = 0, f, e;
	const char		*s;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (fields_upto(s, st->lines[i].len, sep, at, to,
		    QUIZ_FIELDS) != nf)
			continue;
		f = at[nf - 1], e = to[nf - 1];
		blank_trim(s, &f, &e);
		lines++;
		distinct += !cp_hashset_add(&seen, cp_hash64(s + f, e - f));
	}
	cp_hashset_free(&seen);
	return lines > 0 && 2 * distinct <= lines;
}

/* What ql's key is and where it stands, in words for a report. */
static const char *
quiz_key_words(const struct quiz_layout *ql)
{
	if (ql->tail && ql->explained)
		return ql->echoed ? "the right option written again, then the "
		    "answer explained (after it on the back)" : "a key letter, "
		    "then the answer explained (after it on the back)";
	if (ql->tail)
		return ql->echoed ? "the right option written again, then a "
		    "field of the program's own (left out)" : "a key letter, "
		    "then a field of the program's own (left out)";
	if (ql->echoed && ql->key == 1 && ql->question == 0)
		return "the right option right after the question and again "
		    "among the options";
	if (ql->echoed)
		return "the right option written again last";
	if (!ql->numbered)
		return "a key letter";
	return ql->base == 0 ? "the right option's number last, counted "
	    "from 0" : "the right option's number last, counted from 1 "
	    "(none is 0)";
}

/*
 * Finds a quiz program's layout of records, for sep: on sure lines the
 * same number of fields, four to QUIZ_FIELDS, the last or the first a
 * letter that names one of the options, or the last one of the options
 * written again; the question first after the key, or after topics
 * that repeat from line to line on half the lines ("Math;question;0;
 * 2;4;6;C", "E|E1|question|..."), three words or more on half the
 * lines; the options after it.
 * Returns whether there is one.
 */
static int
keyed_layout(const struct txt_state *st, const char *sep,
    struct quiz_layout *ql)
{
	size_t	 count[QUIZ_FIELDS + 2] = { 0 }, at[QUIZ_FIELDS + 1];
	size_t	 to[QUIZ_FIELDS + 1], i, n, same = 0, asked = 0;
	size_t	 pat = 0, pto = 0, f, worded, counts = 0, texts, topics = 0;
	size_t	 levels;
	const char	*s, *prev = NULL;

	memset(ql, 0, sizeof(*ql));
	ql->sep = sep;
	ql->units = st->nlines;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		n = fields_upto(s, st->lines[i].len, sep, at, to, QUIZ_FIELDS);
		if (n >= 4 && n <= QUIZ_FIELDS)
			count[n]++;
		/* "[L]", "Level 2": a heading right over a level's records. */
		if (n == 1 && cp_count_words(s, st->lines[i].len) <= 2 &&
		    memchr(s, '?', st->lines[i].len) == NULL &&
		    i + 1 < st->nlines && fields_upto(st->text.data +
		    st->lines[i + 1].off, st->lines[i + 1].len, sep, at, to,
		    QUIZ_FIELDS) >= 4)
			ql->units--;
	}
	if (3 * ql->units < 2 * st->nlines)
		return 0;
	for (n = 4; n <= QUIZ_FIELDS; n++)
		if (count[n] > count[ql->nf])
			ql->nf = n;
	/*
	 * Records of two shapes, the later ones a field longer: a topic
	 * first on those (quiz_record()), the key last.
	 */
	if (ql->nf != 0 && !sure(count[ql->nf], ql->units)) {
		n = count[ql->nf - 1] > count[ql->nf + 1] ? ql->nf - 1 : ql->nf;
		if (n >= 4 && n < QUIZ_FIELDS && count[n] > 0 &&
		    count[n + 1] > 0 && sure(count[n] + count[n + 1],
		    ql->units) && later_topics(st, sep, n)) {
			ql->nf = n;
			ql->topic_some = 1;
			count[n] += count[n + 1];
		}
	}
	if (ql->nf == 0 || !sure(count[ql->nf], ql->units))
		return 0;
	/* The key last, after topics or not; else first. */
	for (ql->key = ql->nf - 1;; ql->key = 0) {
		ql->question = ql->key == 0 ? 1 : 0;
		/*
		 * Topics, "E|E1|question|...": each field that repeats from
		 * line to line on half the lines, before the question and
		 * two options at least.
		 */
		for (f = 0; ql->key != 0 && f + 4 < ql->nf; f++) {
			prev = NULL;
			for (i = 0, same = 0, worded = 0, levels = 0;
			    i < st->nlines; i++) {
				s = st->text.data + st->lines[i].off;
				if (fields_upto(s, st->lines[i].len, sep, at,
				    to, QUIZ_FIELDS) != ql->nf)
					continue;
				if (prev != NULL && to[f] - at[f] ==
				    pto - pat && memcmp(s + at[f], prev + pat,
				    pto - pat) == 0)
					same++;
				worded += cp_count_words(s + at[f],
				    to[f] - at[f]) >= 3;
				levels += level_field(s + at[f], to[f] - at[f]);
				prev = s, pat = at[f], pto = to[f];
			}
			/*
			 * "Choose the synonym" asks again: no topic; a level,
			 * "1" to "12", is the program's as a topic is.
			 */
			if ((2 * same < count[ql->nf] ||
			    2 * worded >= count[ql->nf]) &&
			    !sure(levels, count[ql->nf]))
				break;
			ql->question = f + 1;	/* a topic, then it */
		}
		if (ql->key != 0)
			topics = ql->question;
		for (ql->echoed = 0;; ql->echoed = 1) {
			for (i = 0, ql->lines = 0; i < st->nlines; i++)
				ql->lines += quiz_record(st, i, ql, at, to);
			if (sure(ql->lines, ql->units) || ql->echoed ||
			    ql->key == 0)
				break;
		}
		if (sure(ql->lines, ql->units) || ql->key == 0)
			break;
	}
	/*
	 * "...;Paris;Paris;false": the program's own field after the key;
	 * '...|C|"Doğru cevap: Nefi"': the answer explained after it.
	 */
	if (!sure(ql->lines, ql->units) && ql->nf > 5) {
		ql->key = ql->nf - 2;
		ql->question = topics;
		ql->tail = 1;
		ql->explained = !program_tail(st, sep, ql->nf);
		/* The right option again, or a key letter, "...|B|FILM". */
		for (ql->echoed = 1;; ql->echoed = 0) {
			for (i = 0, ql->lines = 0; i < st->nlines; i++)
				ql->lines += quiz_record(st, i, ql, at, to);
			if (sure(ql->lines, ql->units) || !ql->echoed)
				break;
		}
		if (!sure(ql->lines, ql->units))
			ql->tail = ql->explained = 0;
	}
	/*
	 * "Capital? | Jakarta | Jakarta | Surabaya | ...": the answer right
	 * after the question, then again among the options.
	 */
	if (!sure(ql->lines, ql->units) && ql->nf > 4) {
		ql->key = 1;
		ql->question = 0;
		ql->echoed = 1;
		ql->tail = 0;
		for (i = 0, ql->lines = 0; i < st->nlines; i++)
			ql->lines += quiz_record(st, i, ql, at, to);
	}
	/* "well-known": a dash parts only options that say which is right. */
	if (written_in_word(sep) && !(sure(ql->lines, ql->units) &&
	    ql->echoed))
		return 0;
	if (!sure(ql->lines, ql->units) &&
	    !numbered_keys(st, ql, count, topics))
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if (!quiz_record(st, i, ql, at, to))
			continue;
		/*
		 * A question of three words or more on half the lines, nine
		 * in ten over options that are numbers: no name over marks
		 * or scores ("2 + 2 ADALAH" asks in three).
		 */
		asked += cp_count_words(s + at[ql->question],
		    to[ql->question] - at[ql->question]) >= 3;
		for (n = ql->question + 1, texts = 0; n < ql->nf; n++)
			texts += n != ql->key && strspn(s + at[n],
			    " 0123456789.,%") < to[n] - at[n];
		counts += texts == 0;
	}
	/* Options all numbers on half the lines: a sheet's scores too. */
	return 2 * counts >= ql->lines ? sure(asked, ql->lines) :
	    2 * asked >= ql->lines;
}

/*
 * Line l's text becomes card, its front up to cut, a unit separator
 * (0x1f), its back: the card's own text, kept where the lines keep
 * theirs.  card is emptied.
 */
static void
set_card_text(struct txt_state *st, struct line *l, struct cp_buf *card,
    size_t cut)
{
	l->off = st->text.len;
	l->len = card->len;
	cp_buf_add(&st->text, cp_buf_str(card), card->len);
	cp_buf_addc(&st->text, '\0');
	l->lead = 0;
	l->cut = cut;
	l->cutlen = 1;
	l->backend = 0;
	card->len = 0;
}

/*
 * A quiz record's lines from to to - 1, a question over its options,
 * become one card's, kept as line kept (at or above from): those lines
 * its front, the text of back its back (none for NULL).  card is
 * scratch.
 */
static void
join_record(struct txt_state *st, size_t from, size_t to,
    const struct line *back, size_t kept, struct cp_buf *card)
{
	size_t	 j, cut;

	for (j = from; j < to; j++) {
		if (j > from)
			cp_buf_addc(card, '\n');
		cp_buf_add(card, st->text.data + st->lines[j].off,
		    st->lines[j].len);
	}
	cut = card->len;
	cp_buf_addc(card, '\x1f');
	if (back != NULL)
		cp_buf_add(card, st->text.data + back->off, back->len);
	st->lines[kept] = st->lines[from];
	set_card_text(st, &st->lines[kept], card, cut);
}

/*
 * The quiz's records joined into kept cards (join_record()), the first
 * kept lines: the file is read so, card is freed.  Returns 1.
 */
static int
cards_joined(struct txt_state *st, size_t kept, struct cp_buf *card)
{
	st->nlines = kept;
	st->parted = kept;
	cp_buf_free(card);
	return 1;
}

/*
 * Does s[0..n) end asking: in "?", or in the Greek question mark, U+037E
 * or a ";" ending a Greek sentence?
 */
static int
asks_any(const char *s, size_t n)
{
	size_t	 i, greek = 0, latin = 0;

	n = blanks_cut(s, n);
	if (asks_at_end(s, n) || (n >= 2 && memcmp(s + n - 2, "\xcd\xbe",
	    2) == 0))
		return 1;
	if (n == 0 || s[n - 1] != ';')
		return 0;
	/*
	 * In a Greek sentence, more of its letters Greek (lead bytes 0xCE
	 * and 0xCF) than Latin: "... το Tour de France;", not "What is
	 * the α particle;".
	 */
	for (i = 0; i + 1 < n; i++) {
		greek += (unsigned char)s[i] == 0xce ||
		    (unsigned char)s[i] == 0xcf;
		latin += isalpha((unsigned char)s[i]) != 0;
	}
	return greek > latin;
}

/*
 * The options under the question at line i, when a block of them follows
 * it, three to six, up to the next line that asks or a blank line (not
 * one that strays among the first three) or the end, none lettered (one
 * is a name's initial), set in, asking, ending a sentence or long (more
 * words than most): how many; else 0.  (The lines of an answer are
 * sentences, or set in.)  Whether the question asks is the caller's.
 */
static size_t
unmarked_options(const struct txt_state *st, size_t i, size_t most)
{
	const struct line	*l;
	size_t			 k, lettered = 0;

	if (st->lines[i].opt != 0)
		return 0;
	for (k = i + 1; k < st->nlines && k <= i + 7; k++) {
		l = &st->lines[k];
		/* A stray blank line may part the first three options. */
		if ((l->gap > 0 && k - i - 1 >= 3) ||
		    asks_any(st->text.data + l->off, l->len))
			break;
		/* One "F. Scott Fitzgerald" is a name's initial, no letter. */
		if ((l->opt != 0 && lettered++ > 0) || l->len == 0 ||
		    strchr(" \t", st->text.data[l->off]) != NULL ||
		    st->text.data[l->off + l->len - 1] == '.' ||
		    cp_count_words(st->text.data + l->off, l->len) > most)
			return 0;
	}
	return k - i - 1 >= 3 && k - i - 1 <= 6 && (k == st->nlines ||
	    st->lines[k].gap > 0 || asks_any(st->text.data + st->lines[k].off,
	    st->lines[k].len)) ? k - i - 1 : 0;
}

/*
 * The text of line l past a bullet or an arrow that opens it, "* ",
 * "- ", "=> " (answer_bullet(), answer_arrow()), in *t.
 */
static void
past_mark(const struct txt_state *st, const struct line *l, struct line *t)
{
	size_t	 k = answer_bullet(st, l);

	if (k == 0)
		k = answer_arrow(st, l);
	*t = *l;
	if (k > 0 && k < l->len) {
		t->off += k;
		t->len -= k;
	}
}

/*
 * Does the last of the n options under question i name one above it
 * again, its mark aside ("- Paris" ... "* Paris"): the right one, as the
 * program keeps its key?  *key gets that last line past its mark.
 */
static int
echoed_option(const struct txt_state *st, size_t i, size_t n,
    struct line *key)
{
	struct line	 t;
	size_t		 k, same = 0;

	past_mark(st, &st->lines[i + n], key);
	for (k = i + 1; k < i + n; k++) {
		past_mark(st, &st->lines[k], &t);
		same += t.len == key->len && memcmp(st->text.data + t.off,
		    st->text.data + key->off, t.len) == 0;
	}
	return same == 1;
}

static long	number_alone(const struct txt_state *, size_t, size_t);

/*
 * A quiz program's data may keep the right option first, unmarked, as
 * its code shuffles them to show: a question, then its options a line
 * each, "Snow White", "Cinderella", "Ariel", "Belle", the next question
 * right under them; or a line each, "Woher kommen Ananas?;Nürnberg;
 * Frankreich;Bosnien;Schweiz".  Where the whole file is so, min_units
 * questions or more, as many options under each on nine in ten of them
 * (answers that list things vary in length) and none marked or
 * lettered, each question is a card: the
 * question over its options the front, the first option the back, a
 * guess said once.  A number alone right under each question, "0" over
 * "Roma", is the program's, a level: left out, said once.  Returns
 * whether it did.
 */
static int
first_right_blocks(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	struct line	 key;
	size_t		 i, n, most = 0, count[7] = { 0 }, cards = 0, kept;
	size_t		 covered = 0, echoes = 0, mute = 0, wordy = 0, q;
	int		 levels;

	if (st->qmark != QM_NONE || st->qa != QA_NONE)
		return 0;
	for (i = 0, levels = 1; i < st->nlines; i += n + 1) {
		/*
		 * Options of six words at most; one question in ten may
		 * offer longer ones, "A family of two cats two rabbits and
		 * a fish".
		 */
		if ((n = unmarked_options(st, i, 6)) == 0 &&
		    (n = unmarked_options(st, i, 12)) > 0)
			wordy++;
		if (n == 0)
			return 0;
		/* "Capitale dell'Italia?" over "0", its level, then "Roma". */
		levels &= n > 3 && number_alone(st, i + 1, 2) >= 0;
		/*
		 * One question in ten may ask nothing, the author's "test"
		 * over "1" to "4", in blocks set out alike.
		 */
		if (!asks_any(st->text.data + st->lines[i].off,
		    st->lines[i].len) && !asks_outright(&st->lines[i])) {
			if (i == 0 || st->lines[i].gap == 0)
				return 0;
			mute++;
		}
		count[n]++;
		cards++;
		covered += n + 1;
		echoes += echoed_option(st, i, n, &key);
	}
	for (n = 3; n <= 6; n++)
		if (count[n] > count[most])
			most = n;
	if (cards < (size_t)layout_weight.min_units || covered != st->nlines ||
	    10 * count[most] < 9 * cards || 10 * mute > cards ||
	    10 * wordy > cards)
		return 0;
	if (levels)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[1].lineno, 0, "a number alone under each of "
		    "the %zu questions, the program's (a level): left out",
		    cards);
	if (echoes == cards)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu questions, each over its "
		    "options a line and, last, the right one again, perhaps "
		    "marked, \"* Paris\": the question over its options is "
		    "the front, the option named again the back", cards);
	else
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu questions, each over %zu "
		    "options a line, none of them marked: read as a quiz "
		    "program keeps them, the first one the right one (a "
		    "guess); the question over its options is the front, the "
		    "first option the back", cards, most - (size_t)levels);
	for (i = 0, kept = 0; i < st->nlines; i += n + 1) {
		n = unmarked_options(st, i, 12);
		/* The question right over its options, as they are read. */
		q = i + (size_t)levels;
		st->lines[q] = st->lines[i];
		if (echoes == cards && echoed_option(st, i, n, &key))
			join_record(st, q, i + n, &key, kept++, &card);
		else
			join_record(st, q, i + n + 1, &st->lines[q + 1],
			    kept++, &card);
	}
	return cards_joined(st, kept, &card);
}

/*
 * The number alone on line i, of most digits at most, a right option's
 * index ("2"), a record's number ("12"), or -1.
 */
static long
number_alone(const struct txt_state *st, size_t i, size_t most)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len;

	return n > 0 && n <= most && strspn(s, "0123456789") == n ?
	    strtol(s, NULL, 10) : -1;
}

/*
 * The count a quiz program writes on top of its records, "50" alone on
 * the first line where records of k lines follow, so many of them: 1
 * when line 0 is that, else 0.
 */
static size_t
count_line(const struct txt_state *st, size_t k)
{
	const char	*s;
	size_t		 n;

	if (st->nlines < 2)
		return 0;	/* no lines, no text: nothing to point at */
	s = st->text.data + st->lines[0].off;
	n = st->lines[0].len;
	return n > 0 && n <= 6 &&
	    strspn(s, "0123456789") == n && (st->nlines - 1) % k == 0 &&
	    strtoul(s, NULL, 10) == (st->nlines - 1) / k;
}

/*
 * The option the index v names, line opt, as its back shows it: where
 * the options are numbered so, "1.clrscr();" when the index is 1, the
 * number says no more than the index did and is left off.
 */
static struct line
indexed_option(const struct txt_state *st, size_t opt, long v)
{
	struct line	 l = st->lines[opt];
	const char	*s = st->text.data + l.off;
	char		*end;
	size_t		 n;

	if (!isdigit((unsigned char)s[0]) ||
	    strtol(s, &end, 10) != v || (*end != '.' && *end != ')'))
		return l;
	n = (size_t)(end + 1 - s);
	while (n < l.len && (s[n] == ' ' || s[n] == '\t'))
		n++;
	if (n < l.len)
		l.off += n, l.len -= n;
	return l;
}

/*
 * The index on line i of a quiz record: the number alone, two digits at
 * most; -1 for "-1", a program's "none is right"; -2 for no index.
 */
static long
record_index(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	long		 v;

	if (st->lines[i].len == 2 && s[0] == '-' && s[1] == '1')
		return -1;
	return (v = number_alone(st, i, 2)) >= 0 ? v : -2;
}

/*
 * Do the records of k lines from line top0 hold their index at place at,
 * the question at 0, the count of their options at 1 where counted, no
 * question a number alone and no blank line inside a record?
 */
static int
records_fit(const struct txt_state *st, size_t top0, size_t k, size_t at,
    int counted)
{
	size_t	 i, j;

	if ((st->nlines - top0) % k != 0 ||
	    (st->nlines - top0) / k < (size_t)layout_weight.min_units)
		return 0;
	for (i = top0; i < st->nlines; i++) {
		j = (i - top0) % k;
		/*
		 * The index a number, the question none; an option may be
		 * one, "Kolik nohou má kočka" over "2", "3", "4", "6".
		 */
		if ((j == at && record_index(st, i) < -1) ||
		    (j == 0 && number_alone(st, i, 2) >= 0) ||
		    (counted && j == 1 &&
		    number_alone(st, i, 2) != (long)(k - 3)) ||
		    (j != 0 && st->lines[i].gap > 0))
			return 0;
	}
	return 1;
}

/*
 * A quiz program's records of a line each: the question, its options, a
 * line each, and the index of the right one alone on the last line,
 * "Punk-laulaja ... on" over "Petri Muuri", "Petri Tiili", "Petri Kivi"
 * over "1", the next record right under it; or the index under the
 * question, over the options, alone or under their count, "Qual animal
 * representa ...?" over "4", "1", "a) Pomba", ...  Where the whole file
 * is so, min_units records or more, all of as many lines, four to nine,
 * no question a number alone (an option may be one) and a count of the
 * records on top left out, said, each record is a card: the question
 * over its options the front, the option the index names the back,
 * counted from 0 as a program counts unless an index reaches the count
 * of options and none is 0 (where both, the numbers are no index: a
 * level, say).  An index of -1 names none: no answer.
 * Reported once.  Returns whether it did.
 */
static int
indexed_records(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	struct line	 back;
	size_t		 k, i, kept, opts, top0 = 0, at = 0, first;
	long		 v, zero = 0, top = 0, base;
	int		 counted = 0;

	if (st->qmark != QM_NONE || st->qa != QA_NONE)
		return 0;
	for (k = 4; k <= 9; k++) {
		top0 = count_line(st, k);
		if (records_fit(st, top0, k, at = k - 1, counted = 0) ||
		    records_fit(st, top0, k, at = 2, counted = 1) ||
		    records_fit(st, top0, k, at = 1, counted = 0))
			break;
	}
	if (k > 9)
		return 0;
	opts = k - 2 - (size_t)counted;
	first = at == k - 1 ? 1 : at + 1;
	for (i = top0 + at; i < st->nlines; i += k) {
		v = record_index(st, i);
		zero |= v == 0;
		top |= v == (long)opts;
		if (v > (long)opts)
			return 0;
	}
	/* 0 to the count of options is one more than options: a level. */
	if (zero && top)
		return 0;
	base = top && !zero;
	if (top0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "the count of the quiz's records "
		    "on top: left out, not a card");
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[top0].lineno,
	    0, "%zu records of %zu lines, a question, %sthe index of the "
	    "right one, counted from %ld%s: the question over its options is "
	    "the front, that option the back", (st->nlines - top0) / k, k,
	    at == k - 1 ? "its options and " : counted ? "the count of its "
	    "options, " : "", base, at == k - 1 ? "" : ", and the options");
	for (i = top0, kept = 0; i < st->nlines; i += k) {
		v = record_index(st, i + at);
		if (v == -1) {
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lines[i].lineno, 0, "the index -1 names no "
			    "option: a question with no answer, left out");
			continue;
		}
		if (v - base >= 0)
			back = indexed_option(st, i + first +
			    (size_t)(v - base), v);
		/* The question right over its options, as they are read. */
		st->lines[i + first - 1] = st->lines[i];
		join_record(st, i + first - 1, i + first + opts,
		    v - base >= 0 ? &back : NULL, kept++, &card);
	}
	return cards_joined(st, kept, &card);
}

/*
 * The option a block's last line names, "BENAR=A", "Answer: 3": the
 * word for an answer, for the right one or for a key, "=" or ":", and a
 * letter alone (A the first) or a digit alone (1 the first), as a quiz
 * program's key; its index from 0, or -1.  ("Grade: A" grades.)
 */
static long
option_key(const struct txt_state *st, size_t i)
{
	/* "BENAR=A" (right), "Kunci: B" (key), beside the answer's words. */
	static const char *const keys[] = { "benar", "kunci", "key", NULL };
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k = 0;

	while (k < n && ((unsigned char)s[k] >= 0x80 ||
	    isalpha((unsigned char)s[k])))
		k++;
	if (k == 0 || k > 24 || k == n || !(cp_word_among(s, k, keys) ||
	    cp_word_among(s, k, cp_answer_words) ||
	    cp_word_among(s, k, cp_right_words)))
		return -1;
	while (k < n && s[k] == ' ')
		k++;
	if (k == n || (s[k] != '=' && s[k] != ':'))
		return -1;
	for (k++; k < n && s[k] == ' '; k++)
		continue;
	if (k + 1 != n)
		return -1;
	if (isalpha((unsigned char)s[k]))
		return toupper((unsigned char)s[k]) - 'A';
	return s[k] >= '1' && s[k] <= '9' ? s[k] - '1' : -1;
}

/* A line of three dashes or more alone, the rule a block may end with. */
static int
dash_rule(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;

	return st->lines[i].len >= 3 &&
	    strspn(s, "-") == st->lines[i].len;
}

static int	same_line(const struct txt_state *, size_t,
		    const struct line *);

/*
 * The place of the option line i names alone, "C" or "c" for the third,
 * or of the last of the options capitals name in order, "AB", "ABC", as
 * a test of several right answers keys them; or -1.
 */
static int
key_alone(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k;

	if (n == 1)
		return (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'h' ?
		    (s[0] | 0x20) - 'a' : -1;
	for (k = 0; k < n; k++)
		if (s[k] < 'A' || s[k] > 'H' || (k > 0 && s[k] <= s[k - 1]))
			return -1;
	return n > 0 ? s[n - 1] - 'A' : -1;
}

/*
 * Is the line at place at of each of nrec records of per lines a field
 * of the program's: a number alone on every record ("10", the seconds
 * allowed; "12", the record's number), or the same text on half the
 * records or more ("T102", a course's code)?
 */
static int
program_field(const struct txt_state *st, size_t per, size_t nrec,
    size_t at)
{
	size_t	 rec, numbers = 0, same = 0;

	for (rec = 0; rec < nrec; rec++) {
		numbers += number_alone(st, rec * per + at, 15) >= 0;
		same += rec > 0 && same_line(st, rec * per + at,
		    &st->lines[(rec - 1) * per + at]);
	}
	return numbers == nrec || (nrec > 1 && 2 * same >= nrec - 1);
}

/*
 * A quiz program's records of a fixed number of lines each, no blank
 * line between them: fields of the program's first (the record's
 * number, a code that repeats from record to record, "T102"), the
 * question, its options a line each, unlettered, the letter that
 * names the right one by its place, "C" or "c" (or the capitals of the
 * right ones, "AB"), or the right one written
 * again (echoes_option()), "3. con người", and perhaps more of the
 * program's fields after it (the seconds allowed and the prize, numbers
 * alone).  Where the file is min_units such records or more, every one
 * of the same length, five to ten lines, the letter in the same place
 * in each, each is a card: the question over its options the front,
 * the letter the back, the card's line the record's first; the
 * program's fields are left out.  Reported once.  Returns whether it
 * did.
 */
static int
line_records(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	size_t		 per, nrec = 0, rec, b, q = 0, key = 0, at, kept;
	size_t		 short_by = 0;
	unsigned long	 first;

	if (st->nlines == 0)
		return 0;
	for (b = 1; b < st->nlines; b++)
		if (st->lines[b].gap > 0)
			return 0;
	for (per = 5; per <= 10; per++) {
		/*
		 * The last record may end at its key, short of the fields
		 * after it, "|" between records but not after the last.
		 */
		short_by = (per - st->nlines % per) % per;
		if ((nrec = (st->nlines + short_by) / per) <
		    (size_t)layout_weight.min_units)
			continue;
		/* The program's fields, then the question, two options. */
		for (q = 0; q + 3 < per - short_by &&
		    program_field(st, per, nrec, q); q++)
			continue;
		/* The key: the program's fields only after it. */
		for (key = q + 3; key + short_by < per; key++) {
			for (rec = 0; rec < nrec && ((key_alone(st, rec * per +
			    key) >= 0 && (size_t)key_alone(st, rec * per +
			    key) < key - q - 1) || echoes_option(st, rec * per +
			    q + 1, rec * per + key + 1)); rec++)
				continue;
			if (rec < nrec)
				continue;
			for (at = key + 1; at < per && program_field(st, per,
			    nrec - (at + short_by >= per), at); at++)
				continue;
			if (at == per)
				break;
		}
		if (key + short_by < per && number_alone(st, q, 15) < 0)
			break;
	}
	if (per > 10)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu records of %zu lines each, a quiz program's: %zu field%s of "
	    "its own, the question, %zu options and the letter of the right "
	    "one (or ones) or the option again; the question over its options "
	    "is the front, that line the back, the rest left out", nrec, per,
	    per - (key - q) - 1,
	    per - (key - q) - 1 == 1 ? "" : "s", key - q - 1);
	/* "Zebra;": a ";" closing every field is the program's. */
	for (b = 0; b < st->nlines && (b % per < q || b % per > key ||
	    (st->lines[b].len > 1 && st->text.data[st->lines[b].off +
	    st->lines[b].len - 1] == ';')); b++)
		continue;
	if (b == st->nlines) {
		for (b = 0; b < st->nlines; b++)
			if (b % per >= q && b % per <= key)
				st->lines[b].len--;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "every field of the records ends "
		    "in \";\", the program's end of a field: left out");
	}
	for (rec = kept = 0; rec < nrec; rec++) {
		b = rec * per;
		first = st->lines[b].lineno;
		join_record(st, b + q, b + key, &st->lines[b + key], kept,
		    &card);
		st->lines[kept++].lineno = first;
	}
	return cards_joined(st, kept, &card);
}

/* Is line i a verdict alone, "1" for right or "0" for wrong: which, else -1. */
static int
verdict_digit(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len;

	n = blanks_cut(s, n);
	return n == 1 && (s[0] == '0' || s[0] == '1') ? s[0] - '0' : -1;
}

/*
 * The record of verdict_options() that opens at line i: its end, the
 * line after its options (*opts, two or more, each over its verdict)
 * and a hint, and in *right the right option's line and in *hint the
 * hint's line or 0; i itself when no record opens there.  A line after
 * the options is a hint unless an option and its verdict follow it.
 */
static size_t
verdict_record(const struct txt_state *st, size_t i, size_t *opts,
    size_t *right, size_t *hint)
{
	size_t	 j, n = 0, ones = 0;

	*hint = 0;
	if (verdict_digit(st, i) >= 0)
		return i;
	for (j = i + 1; j + 1 < st->nlines && verdict_digit(st, j) < 0 &&
	    verdict_digit(st, j + 1) >= 0; j += 2, n++)
		if (verdict_digit(st, j + 1) == 1) {
			ones++;
			*right = j;
		}
	if (n < 2 || ones != 1)
		return i;
	*opts = j;
	if (j < st->nlines && verdict_digit(st, j) < 0 &&
	    (j + 2 >= st->nlines || verdict_digit(st, j + 2) < 0))
		*hint = j++;
	return j;
}

/*
 * A quiz program may keep each question over its options, each option
 * over a line of its verdict, "1" for the right one and "0" for the
 * others, then perhaps a hint: "Care este ...?", "a Despacito", "0",
 * ..., "c Baby Shark Dance", "1", ..., "Let's go hunt".  Where the
 * whole file is such records, min_units or more, each is a card: the
 * question over its options the front, the right option and the hint
 * the back; the verdicts are no text.  Reported once.  Returns whether
 * it did.
 */
static int
verdict_options(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	struct line	 first;
	size_t		 i, e, j, opts = 0, right = 0, hint, cards = 0, kept;
	size_t		 cut;

	if (st->qa != QA_NONE || st->qmark != QM_NONE)
		return 0;
	for (i = 0; i < st->nlines; i = e, cards++)
		if ((e = verdict_record(st, i, &opts, &right, &hint)) == i)
			return 0;
	if (cards < (size_t)layout_weight.min_units)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu questions, each over its options a line, each option over "
	    "its verdict, \"1\" for the right one and \"0\" for the others: "
	    "the question over its options is the front, the right one the "
	    "back, with the hint under it where one follows", cards);
	for (i = 0, kept = 0; i < st->nlines; i = e) {
		e = verdict_record(st, i, &opts, &right, &hint);
		first = st->lines[i];
		cp_buf_add(&card, st->text.data + first.off, first.len);
		for (j = i + 1; j < opts; j += 2) {
			cp_buf_addc(&card, '\n');
			cp_buf_add(&card, st->text.data + st->lines[j].off,
			    st->lines[j].len);
		}
		cut = card.len;
		cp_buf_addc(&card, '\x1f');
		cp_buf_add(&card, st->text.data + st->lines[right].off,
		    st->lines[right].len);
		if (hint != 0) {
			cp_buf_addc(&card, '\n');
			cp_buf_add(&card, st->text.data + st->lines[hint].off,
			    st->lines[hint].len);
		}
		st->lines[kept] = first;
		set_card_text(st, &st->lines[kept++], &card, cut);
	}
	return cards_joined(st, kept, &card);
}

/*
 * A quiz program's blocks, each a question over two to six options a
 * line, none lettered, and a line that names the right one by its
 * place, "BENAR=A", "Answer: 2", perhaps a rule of dashes under it:
 * where every block of the file is so, min_units or more, each is a
 * card: the question over its options the front, the option the key
 * names the back.  Reported once.  Returns whether it did.
 */
static int
keyed_option_blocks(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	size_t		 i, j, e, k, kept, blocks = 0;
	long		 v;

	if (st->qmark != QM_NONE || st->qa != QA_NONE)
		return 0;
	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		k = e > i && dash_rule(st, e - 1) ? e - 1 : e;
		if (k < i + 4 || k > i + 8 || (v = option_key(st, k - 1)) < 0 ||
		    (size_t)v >= k - i - 2)
			return 0;
		for (j = i + 1; j < k - 1; j++)
			if (st->lines[j].opt != 0)
				return 0;
		blocks++;
	}
	if (blocks < (size_t)layout_weight.min_units)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu blocks of a question, its options a line and a key line "
	    "that names the right one by its place (\"BENAR=A\"): the "
	    "question over its options is the front, that option the back",
	    blocks);
	for (i = kept = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		k = dash_rule(st, e - 1) ? e - 1 : e;
		v = option_key(st, k - 1);
		join_record(st, i, k - 1, &st->lines[i + 1 + (size_t)v],
		    kept++, &card);
	}
	return cards_joined(st, kept, &card);
}

/*
 * Line i as a quiz program's option, marked: its verdict at its end, a
 * separator and "true" or "false", "Ρεαλ Μαδριτης,true", or "V" or "X",
 * "Mercure|V" (French "vrai", a cross for a wrong one), its mark
 * after a bullet, "•<TAB>[+] a) PESTEL", "[-]" a wrong one, or a sign
 * before it, "+ right", "- wrong".  Whether it
 * is one; the text the option shows is [0, *pre) and [*at, *end), the
 * option's own [*at, *end), and *right says whether it is right.
 */
static int
program_mark(const struct txt_state *st, size_t i, size_t *pre,
    size_t *at, size_t *end, int *right)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k, w, b = 0;

	if (n > 2 && memcmp(s, "\xe2\x80\xa2", 3) == 0)
		b = 3;		/* "•" */
	else if (n > 0 && (s[0] == '-' || s[0] == '*'))
		b = 1;
	b += strspn(s + b, " \t");
	if (b + 3 < n && s[b] == '[' && (s[b + 1] == '+' || s[b + 1] == '-')
	    && s[b + 2] == ']') {
		*right = s[b + 1] == '+';
		*pre = b;
		*at = b + 3 + strspn(s + b + 3, " \t");
		*end = n;
		return *at < n;
	}
	/*
	 * "+   класс Г" right, "-   класс Б" wrong: the sign its mark, set
	 * off by two blanks or a tab ("- item" is a list's bullet).
	 */
	if (n > 3 && (s[0] == '+' || s[0] == '-') && (s[1] == '\t' ||
	    (s[1] == ' ' && (s[2] == ' ' || s[2] == '\t')))) {
		*right = s[0] == '+';
		*pre = 0;
		*at = 1 + strspn(s + 1, " \t");
		*end = n;
		return *at < n;
	}
	if (n > 5 && strncasecmp(s + n - 4, "true", 4) == 0)
		w = 4, *right = 1;
	else if (n > 6 && strncasecmp(s + n - 5, "false", 5) == 0)
		w = 5, *right = 0;
	else if (n > 3 && (s[n - 1] == 'V' || s[n - 1] == 'X') &&
	    strchr(",;|\t", s[n - 2]) != NULL)
		w = 1, *right = s[n - 1] == 'V';	/* "vrai", a cross */
	else
		return 0;
	for (k = n - w; k > 0 && s[k - 1] == ' '; k--)
		continue;
	if (k < 2 || strchr(",;|\t", s[k - 1]) == NULL)
		return 0;
	*pre = *at = 0;
	*end = k - 1;
	return 1;
}

/*
 * A quiz program's questions (and perhaps a category on the line under
 * each), each over two to eight options a line that the program marks
 * right or wrong (program_mark()), one of them or more right: where
 * the whole file is so, min_units questions or more, one right under
 * nine in ten and half of them asking or numbered, each is a card,
 * the question over its options the front, the right ones the back, the
 * marks no text.  Where half the questions or more set a line between
 * them and their options, each short (three words at most) and asking
 * nothing, those lines are categories, left out.  Reported once.
 * Returns whether it did.
 */
static int
marked_options(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 }, back = { 0 };
	struct line	*l;
	size_t		 i, j, e, k, q, pre, at, end, cut, kept, blocks = 0;
	size_t		 between = 0, short_between = 0, cats = 0, one = 0;
	size_t		 asked = 0, opts = 0, verdicts = 0;
	int		 right, any, categories, signs = 0, title;

	if (st->qa != QA_NONE || st->nlines < 2)
		return 0;
	/* A title over the quiz, a blank line under it. */
	title = st->lines[1].gap > 0 && !program_mark(st, 0, &pre, &at, &end,
	    &right) && !program_mark(st, 1, &pre, &at, &end, &right);
	for (i = title; i < st->nlines; i = e) {
		for (k = i; k < st->nlines && !program_mark(st, k, &pre, &at,
		    &end, &right); k++)
			continue;
		for (e = k, any = 0; e < st->nlines && program_mark(st, e,
		    &pre, &at, &end, &right); e++) {
			any += right;
			opts++;
			verdicts += at == 0;
			signs += pre == 0 && at > 0 &&
			    st->text.data[st->lines[e].off] != '[';
		}
		if (k == i || k > i + 2 || e - k < 2 || e - k > 8 || !any)
			return 0;
		blocks++;
		one += any == 1;
		l = &st->lines[i];
		asked += asks_any(st->text.data + l->off, l->len) ||
		    l->numlen > 0 || number_mark(st, l) != 0;
		/* "Αθλητισμός": a short line between, that asks nothing. */
		if (k == i + 2) {
			l = &st->lines[i + 1];
			between++;
			short_between += cp_count_words(st->text.data + l->off,
			    l->len) <= 3 && !asks_any(st->text.data + l->off,
			    l->len);
		}
	}
	/*
	 * A quiz's question asks or is numbered, one option right: a to-do
	 * list's days tick several done, "Monday" over "[+] Buy milk".  A
	 * verdict on every option, ",true", "|X", may say several are.
	 */
	if (blocks < (size_t)layout_weight.min_units ||
	    (!sure(one, blocks) && verdicts < opts) || 2 * asked < blocks)
		return 0;
	categories = 2 * between >= blocks && short_between == between;
	if (title)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "a title over the quiz: left out, "
		    "not a card");
	for (i = title, kept = 0; i < st->nlines; i = e) {
		for (k = i; !program_mark(st, k, &pre, &at, &end, &right); k++)
			continue;
		q = k == i + 2 && categories ? i + 1 : k;
		cats += q != k;
		for (j = i; j < q; j++) {
			if (j > i)
				cp_buf_addc(&card, '\n');
			cp_buf_add(&card, st->text.data + st->lines[j].off,
			    st->lines[j].len);
		}
		for (e = k; e < st->nlines && program_mark(st, e, &pre, &at,
		    &end, &right); e++) {
			l = &st->lines[e];
			cp_buf_addc(&card, '\n');
			cp_buf_add(&card, st->text.data + l->off, pre);
			cp_buf_add(&card, st->text.data + l->off + at,
			    end - at);
			if (!right)
				continue;
			if (back.len > 0)
				cp_buf_addc(&back, '\n');
			cp_buf_add(&back, st->text.data + l->off + at,
			    end - at);
		}
		cut = card.len;
		cp_buf_addc(&card, '\x1f');
		cp_buf_add(&card, back.data, back.len);
		back.len = 0;
		st->lines[kept] = st->lines[i];
		set_card_text(st, &st->lines[kept++], &card, cut);
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu questions over options a line, each marked right or wrong "
	    "(%s): the question over its options is the front, the right "
	    "ones the back, the marks no text%s", blocks, verdicts > 0 ?
	    "a verdict after a separator, \",true\", \",false\", \"|V\", "
	    "\"|X\"" : signs > 0 ? "\"+ \", \"- \"" :
	    "\"[+]\", \"[-]\"", cats > 0 ?
	    "; the short line under each question, a category, left out" :
	    "");
	cp_buf_free(&back);
	return cards_joined(st, kept, &card);
}

static int	csv_quoted(const struct cp_buf *);
static void	unquote(struct cp_buf *);

/*
 * Where line l ends in a mark and a key alone, "...#3) Te|2": the
 * mark's index (trailing blanks aside), else 0.
 */
static size_t
key_mark(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len;

	n = blanks_cut(s, n);
	if (n < 4 || !isalnum((unsigned char)s[n - 1]) ||
	    strchr("|#;", s[n - 2]) == NULL)
		return 0;
	return n - 2;
}

/*
 * A quiz program may part its key from the rest by a mark of its own,
 * "question#1) Mi#2) Fue#3) Te|2": where nine lines in ten or more, and
 * min_units at least, end in the one mark and a key alone and hold
 * another mark, "#", "|" or ";", twice or more before it, as many times
 * on each, the key's mark is made the others', so the key is the last
 * of the record's fields, where keyed_layout() then finds a quiz's
 * layout for that mark (else the marks are put back).  Reported once.
 */
static int	keyed_layout(const struct txt_state *, const char *,
		    struct quiz_layout *);

static void
unify_key_mark(struct cp_reader *r, struct txt_state *st)
{
	static const char	 marks[] = "#|;";
	struct quiz_layout	 ql;
	size_t			 i, k, n, lines = 0, count = 0, at;
	char			 key = 0, mark = 0, *t, name[2] = { 0, 0 };
	const char		*m;

	for (i = 0; i < st->nlines; i++) {
		if ((at = key_mark(st, &st->lines[i])) == 0)
			continue;
		t = st->text.data + st->lines[i].off;
		if (key == 0)
			key = t[at];
		if (t[at] != key)
			return;
		for (m = marks; *m != '\0'; m++) {
			if (*m == key)
				continue;
			for (k = 0, n = 0; k < at; k++)
				n += t[k] == *m;
			if (n < 2)
				continue;
			if (mark == 0)
				mark = *m, count = n;
			if (*m == mark && n == count)
				lines++;
			break;
		}
	}
	if (mark == 0 || lines < (size_t)layout_weight.min_units ||
	    !sure(lines, st->nlines))
		return;
	for (i = 0; i < st->nlines; i++)
		if ((at = key_mark(st, &st->lines[i])) != 0)
			st->text.data[st->lines[i].off + at] = mark;
	name[0] = mark;
	if (!keyed_layout(st, name, &ql)) {
		for (i = 0; i < st->nlines; i++)
			if ((at = key_mark(st, &st->lines[i])) != 0)
				st->text.data[st->lines[i].off + at] = key;
		return;
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "\"%c\" before a key alone at the end of %zu lines, \"%c\" "
	    "between their other fields: the key read as their last field",
	    key, lines, mark);
}

/*
 * Appends the field s[from..to) to card, its blanks aside, and its
 * quotes where a spreadsheet's export quotes it whole, '"Melyik ...
 * ""Fekete gyöngyszem""-nek?"', quotes inside it written twice.
 */
static void
add_field(struct cp_buf *card, const char *s, size_t from, size_t to)
{
	struct cp_buf	 field = { 0 };

	blank_trim(s, &from, &to);
	cp_buf_add(&field, s + from, to - from);
	if (csv_quoted(&field))
		unquote(&field);
	cp_buf_add(card, field.data, field.len);
	cp_buf_free(&field);
}

/*
 * A quiz program's records, "b;2.The experts were ...;a. convinced;b.
 * believed;c. found that;d. realized" or "Math;question;0;2;4;6;C"
 * (keyed_layout()): each line a card, its question over its options,
 * one a line, the front; the back the option the key names where the
 * options open with their letters, else the key as written (the option
 * itself where the key repeats it).  A topic is left out, and lines of
 * another shape, each reported.  Reported once.  Returns whether it did.
 */
static int
keyed_records(struct cp_reader *r, struct txt_state *st)
{
	static const char *const seps[] = {
		";", "\t", "|", ",", "#", "-", NULL
	};
	const char *const	*sep;
	struct quiz_layout	 ql;
	struct line		*l;
	struct cp_buf		 card = { 0 };
	size_t			 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1];
	size_t			 i, n, f;
	const char		*s;

	if (st->nlines < (size_t)layout_weight.min_units || st->qa != QA_NONE)
		return 0;
	unify_key_mark(r, st);
	for (sep = seps; *sep != NULL; sep++)
		if (keyed_layout(st, *sep, &ql))
			break;
	if (*sep == NULL)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu%s \"%s\"-parted fields on %zu of %zu lines, a "
	    "quiz program's: %s, %sthe question and its options; the "
	    "question over its options is the front, %s the back",
	    ql.nf, ql.topic_some ? " (a topic first on the later ones, one "
	    "more)" : "", sep_name(ql.sep), ql.lines, st->nlines,
	    quiz_key_words(&ql),
	    ql.question > 1 && ql.key != 0 ? "topics (left out), " :
	    ql.question == 1 && ql.key != 0 ? "a topic (left out), " :
	    ql.topic_some ? "the topic left out, " : "",
	    ql.echoed ? "that option" : ql.numbered ?
	    "the option the key names" : "the key");
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!quiz_record(st, i, &ql, at, to)) {
			l->flags |= LF_DROP;
			continue;
		}
		s = st->text.data + l->off;
		for (n = ql.question; n < ql.nf - ql.tail; n++) {
			if (n == ql.key)
				continue;
			if (n > ql.question)
				cp_buf_addc(&card, '\n');
			add_field(&card, s, at[n], to[n]);
		}
		f = card.len;
		/* A digit is read as a count; a letter names its option. */
		n = ql.numbered && !ql.echoed ? ql.question + 1 + (size_t)
		    (key_digit(s, at[ql.key], to[ql.key]) - ql.base) : ql.key;
		cp_buf_addc(&card, '\x1f');
		add_field(&card, s, at[n], to[n]);
		if (ql.explained) {
			cp_buf_addc(&card, '\n');
			add_field(&card, s, at[ql.nf - 1], to[ql.nf - 1]);
		}
		set_card_text(st, l, &card, f);
	}
	cp_buf_free(&card);
	drop_heads(r, st, dropped, "a line that is no record of the "
	    "quiz's shape: left out, not a card");
	st->sep = ql.sep;
	st->parted = ql.lines;
	return 1;
}

/*
 * The fields of line i parted by sep (fields_upto()), as
 * first_right_lines() reads them: how many, an empty last one after a
 * closing separator ("...;0244;") not counted; 0 when another is empty
 * or they are more than QUIZ_FIELDS.
 */
static size_t
quiz_fields(const struct txt_state *st, size_t i, const char *sep,
    size_t *at, size_t *to)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n, k, f, e;

	n = fields_upto(s, st->lines[i].len, sep, at, to, QUIZ_FIELDS);
	if (n > QUIZ_FIELDS)
		return 0;
	for (k = 0; k < n; k++) {
		f = at[k], e = to[k];
		blank_trim(s, &f, &e);
		if (f == e && k + 1 < n)
			return 0;
		if (f == e)
			n--;
	}
	return n;
}

/*
 * Is line i a record of nf fields, a question in field q (after a level,
 * "1, What is ...?, ..." when q is 1) and its options, three or more,
 * none lettered and none a key's letter, each eight words at most?
 * Whether the question asks in *asks, and has three words in *worded.
 */
static int
first_right_record(const struct txt_state *st, size_t i, const char *sep,
    size_t nf, size_t q, int *asks, int *worded)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1], k;

	if (nf < q + 4 || quiz_fields(st, i, sep, at, to) != nf ||
	    lettered_as(s, at[q + 1], to[q + 1], 0) ||
	    key_letter(s, at[nf - 1], to[nf - 1]) >= 0 ||
	    (q > 0 && !level_field(s + at[0], to[0] - at[0])))
		return 0;
	for (k = q + 1; k < nf; k++)
		if (cp_count_words(s + at[k], to[k] - at[k]) > 8)
			return 0;
	*asks = asks_any(s + at[q], to[q] - at[q]);
	*worded = cp_count_words(s + at[q], to[q] - at[q]) >= 3;
	return 1;
}

/*
 * Does a field of the records of nf fields, past the question in field
 * q, hold the same text as on the line above on half the lines or more,
 * or as few different values as one in two lines: a topic, a level or a
 * count, "Geografie", "easy", no option?  (A quiz's options differ from
 * question to question.)
 */
static int
column_repeats(const struct txt_state *st, const char *sep, size_t nf,
    size_t q)
{
	struct cp_hashset	 seen;
	size_t			 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1];
	size_t			 i, k, lines, same, distinct, f, e, pf = 0;
	size_t			 pe = 0;
	const char		*s, *prev;
	int			 repeats = 0;

	for (k = q + 1; k < nf && !repeats; k++) {
		memset(&seen, 0, sizeof(seen));
		prev = NULL;
		for (i = lines = same = distinct = 0; i < st->nlines; i++) {
			s = st->text.data + st->lines[i].off;
			if (quiz_fields(st, i, sep, at, to) != nf)
				continue;
			lines++;
			f = at[k], e = to[k];
			blank_trim(s, &f, &e);
			same += prev != NULL && e - f == pe - pf &&
			    memcmp(s + f, prev + pf, e - f) == 0;
			distinct += !cp_hashset_add(&seen, cp_hash64(s + f,
			    e - f));
			prev = s, pf = f, pe = e;
		}
		cp_hashset_free(&seen);
		repeats = 2 * same >= lines || 2 * distinct <= lines;
	}
	return repeats;
}

/*
 * The records of first_right_blocks(), a line each: on sure lines a
 * question, perhaps after its level ("1, "), and three to QUIZ_FIELDS - 1
 * options parted by ";", a tab, "|", ", " or a "," glued to its words
 * (no ", " on sure lines), the question three words or more on sure
 * ones and asking on half of them; lines of another shape are left out,
 * each said.
 */
static int
first_right_lines(struct cp_reader *r, struct txt_state *st)
{
	static const char *const seps[] = { ";", "\t", "|", ", ", ",", NULL };
	const char *const	*sep;
	struct cp_buf		 card = { 0 };
	size_t			 at[QUIZ_FIELDS + 1], to[QUIZ_FIELDS + 1];
	size_t			 count[QUIZ_FIELDS + 1], i, n, nf = 0, f, e;
	size_t			 asked = 0, worded = 0, lines = 0, q = 0;
	const char		*s;
	int			 asks, three;

	if (st->nlines < (size_t)layout_weight.min_units || st->qa != QA_NONE ||
	    st->qmark != QM_NONE)
		return 0;
	for (sep = seps; *sep != NULL; sep++) {
		memset(count, 0, sizeof(count));
		for (i = 0, n = 0; i < st->nlines; i++) {
			count[quiz_fields(st, i, *sep, at, to)]++;
			n += memmem(st->text.data + st->lines[i].off,
			    st->lines[i].len, ", ", 2) != NULL;
		}
		/* A program's glued ",": no prose's ", " on the lines. */
		if (strcmp(*sep, ",") == 0 && !sure(st->nlines - n,
		    st->nlines))
			continue;
		for (n = 4, nf = 0; n <= QUIZ_FIELDS; n++)
			if (count[n] > count[nf])
				nf = n;
		if (nf == 0 || !sure(count[nf], st->nlines))
			continue;
		/* The question first, or after its level, "1, ...". */
		for (q = 0; q < 2; q++) {
			/* ", " parts prose too: only after a level. */
			if (q == 0 && strcmp(*sep, ", ") == 0)
				continue;
			for (i = 0, asked = worded = lines = 0;
			    i < st->nlines; i++)
				if (first_right_record(st, i, *sep, nf, q,
				    &asks, &three)) {
					lines++;
					asked += asks;
					worded += three;
				}
			if (sure(lines, st->nlines) && sure(worded, lines) &&
			    2 * asked >= lines &&
			    !column_repeats(st, *sep, nf, q))
				break;
		}
		if (q < 2)
			break;
	}
	if (*sep == NULL)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu \"%s\"-parted fields on %zu of %zu lines, %sa "
	    "question and its options, none of them marked: read as a quiz "
	    "program keeps them, the first one the right one (a guess); the "
	    "question over its options is the front, the first option the "
	    "back", nf, sep_name(*sep), lines, st->nlines, q > 0 ? "a level "
	    "(left out), " : "");
	for (i = 0; i < st->nlines; i++) {
		if (!first_right_record(st, i, *sep, nf, q, &asks, &three)) {
			st->lines[i].flags |= LF_DROP;
			continue;
		}
		s = st->text.data + st->lines[i].off;
		quiz_fields(st, i, *sep, at, to);
		for (n = q; n < nf; n++) {
			f = at[n], e = to[n];
			blank_trim(s, &f, &e);
			if (n > q)
				cp_buf_addc(&card, '\n');
			cp_buf_add(&card, s + f, e - f);
		}
		f = at[q + 1], e = to[q + 1];
		blank_trim(s, &f, &e);
		n = card.len;
		cp_buf_addc(&card, '\x1f');
		cp_buf_add(&card, s + f, e - f);
		set_card_text(st, &st->lines[i], &card, n);
	}
	cp_buf_free(&card);
	drop_heads(r, st, dropped, "a line that is no record of the "
	    "quiz's shape: left out, not a card");
	st->sep = *sep;
	st->parted = lines;
	return 1;
}

/*
 * Reads the file as a program's records when a separator's fields make it
 * one (record_fit): of the separators above, the tab, "|" and the others,
 * and the runs of punctuation on the first line, the one that parts the
 * most lines, the earlier where two part as many.  Each line is then a
 * card: its first field the front, its second the back, a third that
 * reads as tags on fit_num in fit_den lines its tags; the other fields
 * are left out, and reported once.  Returns whether it did.
 */
static int
find_records(struct cp_reader *r, struct txt_state *st)
{
	const char *const	*c;
	const char		*sep = NULL, *s;
	char			 run[sizeof(st->runsep)], left[32];
	size_t			 k, i, n, most = (size_t)layout_weight.record_max;
	size_t			 at[16], to[16];
	struct record_fit	 fit, best = { 0 };
	struct line		*l;

	if (st->nlines < (size_t)layout_weight.min_units || st->qa != QA_NONE)
		return 0;
	for (c = separators; *c != NULL; c++)
		if (*c != SPACES && !written_in_word(*c) &&
		    record_fit(st, *c, 0, &fit) > best.lines)
			best = fit, sep = *c;
	for (n = 0; n < (size_t)layout_weight.record_runs &&
	    punctuation_run(st, n, run, sizeof(run)); n++)
		if (record_fit(st, run, 1, &fit) > best.lines) {
			best = fit;
			memcpy(st->runsep, run, sizeof(run));
			sep = st->runsep;
		}
	/*
	 * Front, back and tags alone are Anki's columns (choose_split),
	 * but not behind the record's number, "1;question;answer".
	 */
	if (sep == NULL || (best.tags && best.nf == 3 && best.front == 0))
		return 0;
	/* Fields that repeat the second are no wrong choices. */
	if (!best.echo && asked_records(r, st, sep, best.nf))
		return 1;
	if (best.front == 0 && best.back == 1 &&
	    question_records(st, sep, best.nf)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "records of %zu \"%s\"-parted "
		    "fields on %zu of %zu lines, each a question of its own: "
		    "the second asks where the first does not, none answers; "
		    "a list of questions, no cards", best.nf, sep_name(sep),
		    best.lines, st->nlines);
		st->nlines = 0;
		return 1;
	}
	if (best.glued)
		return glued_records(r, st, sep, &best);
	if (best.front != 0 || best.back != 1)
		return side_records(r, st, sep, &best);
	k = best.tags ? 4 : 3;
	if (k == best.nf)
		snprintf(left, sizeof(left), "field %zu", k);
	else
		snprintf(left, sizeof(left), "fields %zu to %zu", k, best.nf);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "records of %zu \"%s\"-parted fields on %zu of %zu lines, a "
	    "program's own: the first is the front, the second the back%s; "
	    "%s left out (%s)", best.nf, sep_name(sep), best.lines, st->nlines,
	    best.tags ? ", the third the tags" : "", left,
	    best.echo && best.nf == 3 ? "the back again on nine lines in "
	    "ten, the answer the program accepts" :
	    best.counts + (size_t)best.tags + 2 == best.nf ?
	    "numbers the program counts with, no text" :
	    "the program's own, no side of the card");
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		k = record_fields(s, l->len, sep, at, to);
		if (k < 2 || to[0] == at[0] || to[1] == at[1])
			continue;
		if (k != best.nf)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "%s%zu fields on this line, not %zu as on the "
			    "others: front and back are its first two, a guess",
			    k > most ? "more than " : "", k > most ? most : k,
			    best.nf);
		l->cut = to[0];
		l->cutlen = strlen(sep);
		l->backend = to[1];
		l->qfront = s[at[0]] == '"' && to[0] > at[0] + 1 &&
		    s[to[0] - 1] == '"';
		l->quoted = s[at[1]] == '"' && to[1] > at[1] + 1 &&
		    s[to[1] - 1] == '"';
		if (best.tags && k > 2 && tags_field(s + at[2], to[2] - at[2])) {
			l->tagoff = at[2];
			l->tagend = to[2];
		}
	}
	st->sep = sep;
	st->parted = best.lines;
	return 1;
}

/* How many pipes a word list of pipe_columns() sets between 4 fields. */
#define PIPE_COLUMNS	3

/*
 * Line i's pipe marks, a "|" with a space on one side at least, "Abandon
 * | Verb" or, typed in haste, "According to| Preposition": how many.
 * The first mark, its spaces with it, starts at *first and runs *firstlen
 * bytes; the last starts at *lastmark, and the field after it at *last.
 */
static size_t
spaced_pipes(const struct txt_state *st, size_t i, size_t *first,
    size_t *firstlen, size_t *lastmark, size_t *last)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k = 0, at, from, to;

	for (at = 0; at < n; at++) {
		if (s[at] != '|' || ((at == 0 || s[at - 1] != ' ') &&
		    (at + 1 == n || s[at + 1] != ' ')))
			continue;
		for (from = at; from > 0 && s[from - 1] == ' '; from--)
			continue;
		for (to = at + 1; to < n && s[to] == ' '; to++)
			continue;
		if (k++ == 0)
			*first = from, *firstlen = to - from;
		*lastmark = from, *last = to;
	}
	return k;
}

/*
 * Is s[0..n), the last of a word list's columns, a tag a program files
 * the word under, "Unit_1_Session_1_N2": tags_field() and a "_" or a
 * digit in it, as a name or a word has none?
 */
static int
tag_column(const char *s, size_t n)
{
	return tags_field(s, n) && (memchr(s, '_', n) != NULL ||
	    strcspn(s, "0123456789") < n);
}

/*
 * A program's word list of many columns set apart by " | ", "人生 |
 * jinsei | Nhân Sinh | Cuộc đời | Life | <example> | ...", "Abandon |
 * Verb | Terk etmek | The crew had to ...": every line of four fields or
 * more, min_units lines at least, the first field a term of front_words
 * words at most that opens with a letter, the terms distinct and the
 * second field words with no digit (a timetable's "Mon | 09:00" is none)
 * on nine lines in ten.  Each line is a card: the term its front, the
 * rest as written its back, all the program knows of the word; a last
 * field that reads as a tag on nine lines in ten (tag_column(),
 * "Unit_1_Session_1_N2") its tags.  (find_records() takes fields parted
 * by a bare "|", one a side, and no more than record_max of them.)
 * Reported once.  Returns whether it did.
 */
static int
pipe_columns(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s, **term;
	size_t		 i, k, first, firstlen, lastmark, last;
	size_t		 fewest = SIZE_MAX;
	size_t		 most = 0, tags = 0, worded = 0, distinct;
	char		 span[32];

	if (st->nlines < (size_t)layout_weight.min_units || st->qa != QA_NONE)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((k = spaced_pipes(st, i, &first, &firstlen, &lastmark,
		    &last)) < PIPE_COLUMNS || (!isalpha((unsigned char)s[0]) &&
		    (unsigned char)s[0] < 0x80) || cp_count_words(s, first) >
		    (size_t)layout_weight.front_words)
			return 0;
		if (k < fewest)
			fewest = k;
		if (k > most)
			most = k;
		tags += tag_column(s + last, l->len - last);
		/* The second field a word's, "jinsei", no time or count. */
		k = strcspn(s + first + firstlen, "|");
		worded += has_letter(s + first + firstlen, k) &&
		    strcspn(s + first + firstlen, "0123456789") >= k;
	}
	if (!sure(worded, st->nlines))
		return 0;
	/* A word list's terms differ ("Mon" comes back in a timetable). */
	term = cp_xreallocarray(NULL, st->nlines, sizeof(*term));
	for (i = 0; i < st->nlines; i++)
		term[i] = st->text.data + st->lines[i].off;
	distinct = cp_distinct_terms(term, st->nlines, 0);
	free(term);
	if (!sure(distinct, st->nlines))
		return 0;
	tags = sure(tags, st->nlines);
	if (fewest == most)
		(void)snprintf(span, sizeof(span), "%zu", most + 1);
	else
		(void)snprintf(span, sizeof(span), "%zu to %zu", fewest + 1,
		    most + 1);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "a word list of %s fields a line parted by \" | \": the first is "
	    "the front, %s the back%s", span, tags ? "the ones up to the last" :
	    "the rest as written", tags ? ", the last the tags" : "");
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		(void)spaced_pipes(st, i, &first, &firstlen, &lastmark,
		    &last);
		l->cut = first;
		l->cutlen = firstlen;
		l->backend = l->len;
		if (tags && tag_column(st->text.data + l->off + last,
		    l->len - last)) {
			l->backend = lastmark;
			l->tagoff = last;
			l->tagend = l->len;
		}
	}
	st->sep = "|";
	st->parted = st->nlines;
	return 1;
}

/*
 * The mark that may stand between a question's "?" and its answer,
 * "? : 15", "? - Paris", "? | West", "? => 4", s[0..n) from the space after the
 * "?": the bytes of the space, the mark and the space after it, or 1
 * for the space alone.
 */
static size_t
asked_gap(const char *s, size_t n)
{
	static const char *const marks[] = {
		" : ", " - ", " = ", " | ", " -> ", " => ", " \xe2\x80\x93 ",
		" \xe2\x80\x94 ", " \xe2\x86\x92 ", NULL
	};
	size_t	 k;

	for (k = 0; marks[k] != NULL; k++)
		if (n > strlen(marks[k]) && memcmp(s, marks[k],
		    strlen(marks[k])) == 0)
			return strlen(marks[k]);
	return 1;
}

/*
 * Is s[0..n) a slide's or a page's code, capitals and digits in turns
 * twice and no space, "S1F21", "S2F16-20": a reference, no answer
 * ("H2O", "B12", "MP3" may answer).
 */
static int
reference_code(const char *s, size_t n)
{
	size_t	 i = 0, k, runs;

	for (runs = 0; runs < 2; runs++) {
		for (k = i; i < n && isupper((unsigned char)s[i]); i++)
			continue;
		if (i == k)
			return 0;
		for (k = i; i < n && isdigit((unsigned char)s[i]); i++)
			continue;
		if (i == k)
			return 0;
	}
	if (i < n && s[i] == '-')	/* "F16-20", a range */
		for (i++; i < n && isdigit((unsigned char)s[i]); i++)
			continue;
	return i == n;
}

/*
 * Where line l parts a question from its answer right after its only
 * "?", "What is the capital of France? Paris": the index of the space
 * after the "?", when the question has two words or more and one to
 * term_words words follow, a mark before them aside; else 0.
 */
static size_t
asked_cut(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	const char	*q = memchr(s, '?', l->len);
	size_t		 i, k, n;

	if (q == NULL)
		return 0;
	i = (size_t)(q - s) + 1;
	if (i + 1 >= l->len || s[i] != ' ' ||
	    memchr(s + i, '?', l->len - i) != NULL || cp_count_words(s, i) < 2)
		return 0;
	k = asked_gap(s + i, l->len - i);
	/* "Столица Норвегии? - " waits for its answer. */
	if (cp_count_words(s + i + k, l->len - i - k) >
	    (size_t)layout_weight.term_words || !has_word(s + i, l->len - i))
		return 0;
	/* "Was ist X? [S1F21]": the slide it is on, no answer. */
	k = i;
	n = l->len;
	blank_trim(s, &k, &n);
	if (n - k > 2 && s[k] == '[' && s[n - 1] == ']' &&
	    reference_code(s + k + 1, n - k - 2))
		return 0;
	return i;
}

/*
 * Reports line i, which lacks what the file's other lines hold: what,
 * "answer in brackets", and that the lines around it decide it.
 */
static void
unlike_others(struct cp_reader *r, const struct txt_state *st, size_t i,
    const char *what)
{
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[i].lineno, 0,
	    "no %s on this line, unlike the others: read as the lines "
	    "around it decide", what);
}

/*
 * A quiz program may keep a question and its short answer on one line,
 * parted by nothing but the question's "?" and a space.  When sure_num
 * in sure_den lines, min_units at least, are so (asked_cut), each is a
 * card parted there, the "?" kept in the front.  Reported once, and each
 * line that is not so, read as the lines around it decide.
 */
static int
find_asked_lines(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, good = 0;

	for (i = 0; i < st->nlines; i++)
		good += asked_cut(st, &st->lines[i]) > 0;
	if (good < (size_t)layout_weight.min_units || !sure(good, st->nlines))
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a question and a short answer after its \"?\": "
	    "parted there, the \"?\" kept in the question", good, st->nlines);
	for (i = 0; i < st->nlines; i++) {
		if ((st->lines[i].cut = asked_cut(st, &st->lines[i])) > 0)
			st->lines[i].cutlen = asked_gap(st->text.data +
			    st->lines[i].off + st->lines[i].cut,
			    st->lines[i].len - st->lines[i].cut);
		else
			unlike_others(r, st, i, "short answer after a \"?\"");
	}
	return 1;
}

/*
 * The next option of a line of a question and its options, each after a
 * "$" and marked right or wrong by a letter or digit after a ";", as a
 * quiz program writes them: "Wo liegt Berlin? $Deutschland;r$Belgien;f".
 * From *pos, at a "$", sets the option's text and mark and moves *pos
 * on; returns 0 at the line's end, -1 where the line is no such line.
 */
static int
next_option(const char *s, size_t n, size_t *pos, size_t *off,
    size_t *len, char *mark)
{
	const char	*d;
	size_t		 e;

	if (*pos >= n)
		return 0;
	if (s[*pos] != '$')
		return -1;
	d = memchr(s + *pos + 1, '$', n - *pos - 1);
	e = d != NULL ? (size_t)(d - s) : n;
	while (e > *pos && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e < *pos + 4 || s[e - 2] != ';' ||
	    !isalnum((unsigned char)s[e - 1]))
		return -1;
	*off = *pos + 1;
	*len = e - 2 - *off;
	*mark = s[e - 1];
	*pos = d != NULL ? (size_t)(d - s) : n;
	return 1;
}

/*
 * Is line l a question and two options or more, "Frage? $a;r$b;f"?
 * Counts its marks in seen[]; returns where its options begin, or 0.
 */
static size_t
marked_line(const struct txt_state *st, const struct line *l,
    size_t seen[128])
{
	const char	*s = st->text.data + l->off, *d;
	size_t		 start, pos, off, len, k = 0;
	char		 mark;
	int		 rc;

	memset(seen, 0, 128 * sizeof(*seen));
	if ((d = memchr(s, '$', l->len)) == NULL || d == s)
		return 0;
	start = pos = (size_t)(d - s);
	while ((rc = next_option(s, l->len, &pos, &off, &len, &mark)) == 1) {
		if ((unsigned char)mark >= 128 || len == 0)
			return 0;
		seen[(unsigned char)mark]++;
		k++;
	}
	return rc == -1 || k < 2 ? 0 : start;
}

/*
 * A quiz program's file of such lines: on sure_num in sure_den lines or
 * more, min_units at least, with two marks in all, each line is a card.
 * The rarer mark, on every line, says an option is right: the question
 * and its options, in order and without their marks, are the front, the
 * right options the back.  Reported once.
 */
static int
find_marked(struct cp_reader *r, struct txt_state *st)
{
	size_t	 count[128] = { 0 }, seen[128], i, k, good = 0;
	size_t	 right = 0, wrong = 0;
	int	 marks = 0;

	for (i = 0; i < st->nlines; i++) {
		if (marked_line(st, &st->lines[i], seen) == 0)
			continue;
		good++;
		for (k = 0; k < 128; k++)
			count[k] += seen[k];
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, st->nlines))
		return 0;
	for (k = 0; k < 128; k++)
		if (count[k] > 0 && marks++ == 0)
			right = k;
		else if (count[k] > 0)
			wrong = k;
	if (marks != 2 || count[right] == count[wrong])
		return 0;
	if (count[right] > count[wrong]) {
		k = right;
		right = wrong;
		wrong = k;
	}
	/* The right mark is on every line: one option at least is right. */
	for (i = 0; i < st->nlines; i++)
		if (marked_line(st, &st->lines[i], seen) > 0 &&
		    seen[right] == 0)
			return 0;
	for (i = 0; i < st->nlines; i++)
		st->lines[i].cut = marked_line(st, &st->lines[i], seen);
	st->rightmark = (char)right;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a question and its options, each after \"$\" "
	    "and marked \"%c\" right or \"%c\" wrong: the options under "
	    "the question, the right ones the answer", good, st->nlines,
	    (char)right, (char)wrong);
	return 1;
}

/*
 * A bank of true-or-false statements, each line ending in its verdict's
 * letter, "... nel LEC. V" and "... nel LIC. F": on fit_num in fit_den
 * of the lines or more, min_units at least, "F" on some and one other
 * letter on the rest, each such line a card, the statement its front
 * and the letter (with any doubt the author wrote, "V?") its back; a
 * line with no verdict is left out.  Reported once, and each line left
 * out.  Returns whether it parted the lines.
 */
static int
find_verdict_letters(struct cp_reader *r, struct txt_state *st)
{
	struct cp_verdict_tally v = { 0 };
	size_t		 i;
	char		 letter;
	struct line	*l;

	for (i = 0; i < st->nlines; i++)
		if (cp_verdict_letter(st->text.data + st->lines[i].off,
		    st->lines[i].len, &letter) > 0)
			cp_verdict_count(&v, letter);
	if (v.lines < (size_t)layout_weight.min_units || !cp_verdict_bank(&v) ||
	    v.lines * (size_t)layout_weight.fit_den < st->nlines *
	    (size_t)layout_weight.fit_num)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a statement ending in its verdict, \"%c\" or "
	    "\"F\": each a card, the verdict its back", v.lines, st->nlines,
	    v.true_letter);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((l->cut = cp_verdict_letter(st->text.data + l->off, l->len,
		    &letter)) > 0)
			l->cutlen = strspn(st->text.data + l->off + l->cut,
			    " ");
		else
			l->flags |= LF_DROP;
	}
	drop_heads(r, st, dropped, "a statement with no verdict after it, "
	    "among statements judged true or false: left out, not a card");
	return 1;
}

/*
 * Where the dash before the verdict that ends line s[0..n) begins, the
 * spaces before it too, "Kangaroos can swim  -True", "... 6 meters
 * deep - true", "... --false": a word for true or false after one or
 * two dashes, a space and text before them; else 0.  *len gets the
 * length from there to the verdict.
 */
static size_t
dashed_verdict(const char *s, size_t n, size_t *len)
{
	static const char *const words[] = { "true", "false", NULL };
	size_t	 e = n, w, d;
	int	 j;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	for (j = 0; words[j] != NULL; j++) {
		w = strlen(words[j]);
		if (e > w && strncasecmp(s + e - w, words[j], w) == 0)
			break;
	}
	if (words[j] == NULL)
		return 0;
	for (d = e - w; d > 0 && s[d - 1] == ' '; d--)
		continue;
	if (d < 2 || s[d - 1] != '-')
		return 0;
	d -= 1 + (s[d - 2] == '-');
	/* A space before the dash: "self-true" is a word. */
	if (d == 0 || s[d - 1] != ' ')
		return 0;
	while (d > 0 && s[d - 1] == ' ')
		d--;
	if (d == 0)
		return 0;
	*len = e - w - d;
	return d;
}

/*
 * A bank of true-or-false statements, each line ending in a dash and its
 * verdict's word, "Bats can swim -True", however the dash is spaced: on
 * fit_num in fit_den of the lines or more, min_units at least, both
 * words among them, each such line a card, the statement its front and
 * the word as written its back; a line with no verdict is left out.
 * Reported once, and each line left out.  Returns whether it did.
 */
static int
find_verdict_words(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, d, good = 0, f = 0, len;
	struct line	*l;
	const char	*s;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((d = dashed_verdict(s, st->lines[i].len, &len)) > 0) {
			good++;
			f += strncasecmp(s + d + len, "false", 5) == 0;
		}
	}
	if (good < (size_t)layout_weight.min_units || f == 0 || f == good ||
	    good * (size_t)layout_weight.fit_den < st->nlines *
	    (size_t)layout_weight.fit_num)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a statement ending in a dash and its verdict, "
	    "\"true\" or \"false\": each a card, the verdict its back", good,
	    st->nlines);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((l->cut = dashed_verdict(st->text.data + l->off, l->len,
		    &len)) > 0)
			l->cutlen = len;
		else
			l->flags |= LF_DROP;
	}
	drop_heads(r, st, dropped, "a statement with no verdict after it, "
	    "among statements judged true or false: left out, not a card");
	return 1;
}

/*
 * Where a line of a quiz's review writes its question and the option
 * chosen, "¿Qué parte reside en memoria? b) El kernel", "Firmware es
 * considerado un software… c) De sistema": the space before the
 * option's letter, right after the stem's '?', '…', "...", ':' or a
 * remark's ')', "(indica la falsa)", the only such place on the line,
 * text after it; else 0.  Options listed on the line, "a) x b) y", have
 * two and are none.
 */
static size_t
chosen_option_at(const char *s, size_t n)
{
	size_t	 i, at = 0;

	for (i = 1; i + 4 < n; i++) {
		if (s[i] != ' ' || !((s[i + 1] >= 'a' && s[i + 1] <= 'h') ||
		    (s[i + 1] >= 'A' && s[i + 1] <= 'H')) || s[i + 2] != ')' ||
		    s[i + 3] != ' ')
			continue;
		if (!(s[i - 1] == '?' || s[i - 1] == ':' || s[i - 1] == '.' ||
		    s[i - 1] == ')' ||
		    (i >= 3 && memcmp(s + i - 3, "\xe2\x80\xa6", 3) == 0)) ||
		    (s[i - 1] == '.' && (i < 3 || memcmp(s + i - 3, "...", 3) != 0)))
			continue;
		if (at > 0)
			return 0;
		at = i;
	}
	return at;
}

/*
 * A quiz's review of one line a question, its stem and the option
 * chosen (chosen_option_at()): on fit_num in fit_den lines or more,
 * min_units at least, each such line is a card, the stem its front, the
 * option with its letter its back.  Reported once.
 */
static int
find_chosen_options(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, good = 0;

	for (i = 0; i < st->nlines; i++)
		good += chosen_option_at(st->text.data + st->lines[i].off,
		    st->lines[i].len) > 0;
	if (good < (size_t)layout_weight.min_units ||
	    good * (size_t)layout_weight.fit_den <
	    st->nlines * (size_t)layout_weight.fit_num)
		return 0;
	for (i = 0; i < st->nlines; i++)
		if ((st->lines[i].cut = chosen_option_at(st->text.data +
		    st->lines[i].off, st->lines[i].len)) > 0)
			st->lines[i].cutlen = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a question and the option chosen, \"b) ...\", "
	    "after its '?', ':', '...' or a remark in brackets: the question "
	    "the front, the option the back", good, st->nlines);
	return 1;
}

/*
 * Appends a line of a question and its marked options to front, and its
 * right options to back, where a right option the same as the right one
 * before it is kept once.
 */
static void
add_marked(struct txt_state *st, struct cp_buf *front, struct cp_buf *back,
    size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 q = l->cut, pos = l->cut, off, len;
	size_t			 last = 0, lastlen = 0;
	char			 mark;

	while (q > 0 && (s[q - 1] == ' ' || s[q - 1] == '\t'))
		q--;
	cp_buf_add(front, s, q);
	while (next_option(s, l->len, &pos, &off, &len, &mark) == 1) {
		cp_buf_addc(front, '\n');
		cp_buf_add(front, s + off, len);
		if (mark != st->rightmark || (len == lastlen &&
		    memcmp(s + off, s + last, len) == 0))
			continue;
		if (back->len > 0)
			cp_buf_addc(back, '\n');
		cp_buf_add(back, s + off, len);
		last = off;
		lastlen = len;
	}
}

/*
 * The next field of a line of a question and its options in double
 * quotes, the right option after "=":
 * '"Kto?" "Pracownik" "Pracodawca" ="Pracodawca"'.  From *pos sets the
 * field's text, white space inside the quotes aside, and whether it is
 * the right one, and moves *pos past it; returns 0 at the line's end, -1
 * where the line is no such line.
 */
static int
next_quoted(const char *s, size_t n, size_t *pos, size_t *off,
    size_t *len, int *right)
{
	const char	*q;
	size_t		 i = *pos, e;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n)
		return 0;
	if ((*right = s[i] == '=') != 0)
		i++;
	if (i == n || s[i] != '"' ||
	    (q = memchr(s + i + 1, '"', n - i - 1)) == NULL)
		return -1;
	e = (size_t)(q - s);
	*pos = e + 1;
	if (*pos < n && s[*pos] != ' ' && s[*pos] != '\t')
		return -1;
	for (i++; i < e && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	*off = i;
	*len = e - i;
	return 1;
}

/*
 * Is line l, perhaps numbered as a list's item ("1. "), a question and
 * two options or more, each in quotes, and last the right one after "="?
 * Returns where the options begin, after the question, or 0, and sets
 * *at to where the question's quote opens.
 */
static size_t
quoted_line(const struct txt_state *st, const struct line *l, size_t *at)
{
	const char	*s = st->text.data + l->off;
	size_t		 pos, off, len, k = 0, opts = 0, rights = 0;
	int		 rc, right;

	pos = strspn(s, "0123456789");
	if (pos > 0 && pos < l->len && (s[pos] == '.' || s[pos] == ')'))
		pos++;
	else
		pos = 0;
	*at = pos + strspn(s + pos, " \t");
	while ((rc = next_quoted(s, l->len, &pos, &off, &len, &right)) == 1) {
		if (len == 0 || (k++ == 0 && right) || rights > 0)
			return 0;
		if (k == 2)
			opts = off - 1;
		rights += right;
	}
	return rc == -1 || rights != 1 || k < 4 ? 0 : opts;
}

/* Is s[0..n), in brackets, a box to tick, "[ ]", "[x]": no answer? */
static int
checkbox(const char *s, size_t n)
{
	return strspn(s, " \t") == n || (n == 1 && (*s == 'x' || *s == 'X'));
}

/*
 * Where the answers in brackets that end line s[0..n) start, "Wie
 * heeft de telefoon uitgevonden? [Alexander Graham Bell] [Bell]": the
 * offset of the white space before the first, each bracket holding
 * text and no bracket, the question before them; else 0.
 */
static size_t
bracket_answers(const char *s, size_t n)
{
	size_t	 f = 0, e = n, open;

	blank_trim(s, &f, &e);
	if (e == 0 || s[e - 1] != ']')
		return 0;
	for (;;) {
		for (open = e - 1; open > 0 && s[open - 1] != '[' &&
		    s[open - 1] != ']'; open--)
			continue;
		if (open == 0 || s[open - 1] != '[' || open + 1 == e ||
		    open < 2 || (s[open - 2] != ' ' && s[open - 2] != '\t') ||
		    reference_code(s + open, e - 1 - open) ||
		    checkbox(s + open, e - 1 - open))
			return 0;
		for (e = open - 1; e > 0 && (s[e - 1] == ' ' ||
		    s[e - 1] == '\t'); e--)
			continue;
		if (e == 0)
			return 0;
		if (s[e - 1] != ']')
			return e;
	}
}

/*
 * A quiz's lines of a question and its answers in brackets after it,
 * the other spellings it takes too (bracket_answers()): on sure_num in
 * sure_den lines or more, min_units at least, half of them asking,
 * each is a card, the question its front, the bracketed answers its
 * back, a line each.  Reported once.
 */
static int
find_bracket_answers(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, at, good = 0, asks = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((at = bracket_answers(st->text.data + l->off,
		    l->len)) == 0)
			continue;
		good++;
		asks += st->text.data[l->off + at - 1] == '?';
	}
	if (good < (size_t)layout_weight.min_units ||
	    !sure(good, st->nlines) || 2 * asks < good)
		return 0;
	st->bracketed = '[';
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a question and its answers in brackets after "
	    "it, \"[...]\": the question the front, each bracket's text a "
	    "line of the back", good, st->nlines);
	for (i = 0; i < st->nlines; i++)
		if ((st->lines[i].cut = bracket_answers(st->text.data +
		    st->lines[i].off, st->lines[i].len)) == 0)
			unlike_others(r, st, i, "answer in brackets");
	return 1;
}

/*
 * The script of the first letter of s[0..n) and whether a letter of
 * another follows: 1 for Latin letters, 2 for another script, 0 for no
 * letter; *mixed set when both are there.
 */
static int
scripts_of(const char *s, size_t n, int *mixed)
{
	size_t	 k, len;
	int	 c, first = 0;

	*mixed = 0;
	for (k = 0; k < n; k += len) {
		if (cp_utf8_decode(s + k, n - k, &len) == 0)
			break;
		if ((c = letter_script(s + k, n - k)) == 0)
			continue;
		c = strchr("aAl", c) != NULL ? 1 : 2;
		if (first == 0)
			first = c;
		else if (c != first)
			*mixed = 1;
	}
	return first;
}

/*
 * Where line s[0..n) parts a word from the meaning written after it,
 * by " ~ " where tilde says so, else where the text passes from Latin
 * letters to another script for good ("dictate 听写", script_cut(), or
 * "probable大概的", glued_cut()): the cut, the blanks or the mark in
 * *len; 0 for none, and for a mark written twice.
 */
static size_t
meaning_cut(const char *s, size_t n, int tilde, size_t *len)
{
	size_t	 k;
	int	 mixed;

	if (tilde) {
		k = sep_find(s, n, 0, " ~ ");
		if (k == n || sep_find(s, n, k + 3, " ~ ") < n)
			return 0;
		*len = 3;
		return k;
	}
	if (scripts_of(s, n, &mixed) != 1)
		return 0;
	if ((k = script_cut(s, n, ' ')) == n)
		k = glued_cut(s, n);
	if (k == n || k == 0)
		return 0;
	*len = strspn(s + k, " \t");
	return k + *len < n ? k : 0;
}

/*
 * Is line l a few words kept bare, a word or a heading: no tab, and
 * where tilde parts the meanings twice front_words at most, else
 * front_words at most in Latin letters alone, ending no sentence nor
 * question?
 */
static int
bare_words_line(const struct txt_state *st, const struct line *l, int tilde)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len;
	int		 mixed;

	n = blanks_cut(s, n);
	if (n == 0 || memchr(s, '\t', n) != NULL)
		return 0;
	if (tilde)
		return cp_count_words(s, n) <=
		    2 * (size_t)layout_weight.front_words;
	return scripts_of(s, n, &mixed) == 1 && !mixed &&
	    strchr("?.!:;", s[n - 1]) == NULL &&
	    cp_count_words(s, n) <= (size_t)layout_weight.front_words;
}

/*
 * A word list may give only some of its words their meaning, "d'où ~
 * отсюда" or "dictate 听写", among words kept bare to look up later,
 * "deduct", under headings, "CAUSALITÉ": where " ~ " (in no prose),
 * or else the passage from Latin letters to another script, parts
 * min_units lines or more once each, one in ten at least, their fronts
 * front_words at most, and every other line is a few words ending no
 * sentence (bare_words_line()), a quarter of the lines at least, each
 * parted line is a card, the words its front and the meaning its back,
 * and each bare line is left out, reported.  So too, said once, where
 * the passage of scripts parts half the lines or more, twice min_units
 * at least, and the others are in Latin letters alone (the sentences
 * the words were met in, some, and headings, rules), a quarter of the
 * lines at least, but for one in ten: a reader's notebook of words.  Returns
 * whether it did.
 */
static int
sparse_meanings(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	struct line	*l;
	const char	*s;
	size_t		 i, n, cut, len, f, b, e, parted = 0, bare = 0;
	size_t		 latin = 0, other = 0;
	int		 tilde = 0, mixed, notebook;

	if (st->qa != QA_NONE || st->qmark != QM_NONE ||
	    st->nlines < (size_t)layout_weight.min_units)
		return 0;
	for (i = 0; i < st->nlines && !tilde; i++)
		tilde = sep_find(st->text.data + st->lines[i].off,
		    st->lines[i].len, 0, " ~ ") < st->lines[i].len;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((cut = meaning_cut(s, l->len, tilde, &len)) > 0 &&
		    cp_count_words(s, cut) <= (size_t)layout_weight.front_words)
			parted++;
		else if (bare_words_line(st, l, tilde))
			bare++;
		else if (scripts_of(s, l->len, &mixed) != 2 && !mixed)
			latin++;
		else
			other++;
	}
	notebook = !tilde && parted >= 2 * (size_t)layout_weight.min_units &&
	    2 * parted >= st->nlines && 4 * (latin + bare) >= st->nlines &&
	    latin > 0 && 10 * other <= st->nlines;
	if (!notebook && (latin > 0 || other > 0 ||
	    parted < (size_t)layout_weight.min_units ||
	    10 * parted < st->nlines || 4 * bare < st->nlines))
		return 0;
	if (notebook)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu of %zu lines give a word its "
		    "meaning after a change of script, \"ischemic 缺血性的\", "
		    "among lines in Latin letters alone: a reader's notebook, "
		    "each parted line a card, the others (the sentences the "
		    "words were met in, headings) left out", parted,
		    st->nlines);
	else
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu of %zu lines give a word its "
		    "meaning after %s, the others are words alone: a word "
		    "list whose bare words are still to look up, each parted "
		    "line a card", parted, st->nlines, tilde ? "\" ~ \"" :
		    "a change of script");
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		n = l->len;
		if ((cut = meaning_cut(s, n, tilde, &len)) == 0) {
			l->flags |= LF_DROP;
			continue;
		}
		f = 0, e = cut;
		blank_trim(s, &f, &e);
		cp_buf_add(&card, s + f, e - f);
		b = cut + len, e = n;
		blank_trim(s, &b, &e);
		f = card.len;
		cp_buf_addc(&card, '\x1f');
		cp_buf_add(&card, s + b, e - b);
		set_card_text(st, l, &card, f);
	}
	cp_buf_free(&card);
	drop_marked(r, st, notebook ? NULL : "words alone, no meaning "
	    "written after them (or a heading): left out, not a card", 0);
	st->sep = tilde ? " ~ " : SPACES;
	st->parted = parted;
	return 1;
}

/*
 * Appends line i's question to front, its answers in brackets, '[' or
 * '(' as st->bracketed says, to back.
 */
static void
add_brackets(struct txt_state *st, struct cp_buf *front,
    struct cp_buf *back, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off, *o, *c;
	size_t			 k = l->cut;
	char			 close = st->bracketed == '(' ? ')' : ']';

	cp_buf_add(front, s, l->cut);
	if (st->bracketed == '(') {
		/* One bracket to the line's last ')', brackets inside. */
		if ((o = memchr(s + k, '(', l->len - k)) == NULL)
			return;
		for (c = s + l->len; c > o && c[-1] != ')'; c--)
			continue;
		if (c > o + 1)
			cp_buf_add(back, o + 1, (size_t)(c - 1 - o - 1));
		return;
	}
	while ((o = memchr(s + k, st->bracketed, l->len - k)) != NULL &&
	    (c = memchr(o, close, l->len - (size_t)(o - s))) != NULL) {
		if (back->len > 0)
			cp_buf_addc(back, '\n');
		cp_buf_add(back, o + 1, (size_t)(c - o - 1));
		k = (size_t)(c - s);
	}
}

/*
 * Is line i a mark alone, two to eight bytes of ASCII punctuation and
 * nothing else, "&&&", "$$$", "%%"?
 */
static int
mark_line(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 k;

	if (l->len < 2 || l->len > 8)
		return 0;
	for (k = 0; k < l->len; k++)
		if (!ispunct((unsigned char)s[k]))
			return 0;
	return 1;
}

/* Does line i say what line m says? */
static int
same_line(const struct txt_state *st, size_t i, const struct line *m)
{
	return st->lines[i].len == m->len && memcmp(st->text.data +
	    st->lines[i].off, st->text.data + m->off, m->len) == 0;
}

/*
 * Are the file's cards written between marks alone on their lines, one
 * that parts a card's sides, "&&&", and another that ends the card,
 * "$$$", in turns, min_units cards or more and no mark line of a third
 * kind?  Their lines' numbers in *side and *end, from 0; the cards'
 * count returned, or 0.
 */
static size_t
sides_marked(const struct txt_state *st, size_t *side, size_t *end)
{
	size_t	 i, cards = 0;
	int	 want_side = 1, seen = 0;

	for (i = 0; i < st->nlines; i++) {
		if (!mark_line(st, i))
			continue;
		if (seen == 0)
			*side = i, seen = 1;
		else if (seen == 1 && !same_line(st, i, &st->lines[*side]))
			*end = i, seen = 2;
		if (same_line(st, i, &st->lines[*side]) ? !want_side :
		    seen < 2 || !same_line(st, i, &st->lines[*end]) ||
		    want_side)
			return 0;
		cards += !want_side;
		want_side = !want_side;
	}
	return cards >= (size_t)layout_weight.min_units ? cards : 0;
}

/*
 * A study program's cards written between marks alone on their lines
 * (sides_marked()): each card is the lines between two ends, the lines
 * before its side mark the front, after it the back, blank lines
 * within kept; the marks are no text.  Lines after the last end are no
 * card, reported.  Reported once.  Returns whether it did.
 */
static int
marked_sides(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 card = { 0 };
	struct line	 side, end;
	size_t		 i, j, cards, from, cut, kept = 0, si, ei;

	if ((cards = sides_marked(st, &si, &ei)) == 0)
		return 0;
	side = st->lines[si];
	end = st->lines[ei];
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu cards between lines of \"%.*s\" alone, each parted by a "
	    "line of \"%.*s\": the lines above that line the front, those "
	    "below it the back, the marks no text", cards, (int)end.len,
	    st->text.data + end.off, (int)side.len, st->text.data + side.off);
	for (i = 0, from = 0; i < st->nlines; i++) {
		if (!mark_line(st, i) || !same_line(st, i, &end))
			continue;
		for (j = from, cut = 0; j < i; j++) {
			if (same_line(st, j, &side)) {
				cut = card.len;
				cp_buf_addc(&card, '\x1f');
				continue;
			}
			/* A line, and a blank one above it if any. */
			if (j > from && card.data[card.len - 1] != '\x1f')
				cp_buf_add(&card, "\n\n",
				    st->lines[j].gap > 0 ? 2 : 1);
			cp_buf_add(&card, st->text.data + st->lines[j].off,
			    st->lines[j].len);
		}
		st->lines[kept] = st->lines[from];
		set_card_text(st, &st->lines[kept++], &card, cut);
		from = i + 1;
	}
	if (from < st->nlines)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[from].lineno, 0, "lines after the last card's "
		    "end mark: no card, left out");
	return cards_joined(st, kept, &card);
}

/*
 * A quiz's file of such lines: on sure_num in sure_den lines or more,
 * min_units at least, each is a card, the question and its options, in
 * order and without their quotes, the front, the right option the back.
 * A list's number before the question is no part of it.  Reported once.
 */
static int
find_quoted(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, at, good = 0;

	for (i = 0; i < st->nlines; i++)
		good += quoted_line(st, &st->lines[i], &at) > 0;
	if (good < (size_t)layout_weight.min_units || !sure(good, st->nlines))
		return 0;
	for (i = 0; i < st->nlines; i++)
		if ((st->lines[i].cut = quoted_line(st, &st->lines[i],
		    &at)) > 0)
			st->lines[i].lead = at;
	st->quotedright = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu of %zu lines a question and its options in quotes, the "
	    "right one after \"=\": the options under the question, the "
	    "right one the answer", good, st->nlines);
	return 1;
}

/*
 * The next element of an answer written as a quiz program's markup of a
 * choice, "<option>Ananya</option><option>Praneel</option>
 * <correct>Praneel</correct>": from *pos sets its text and whether it is
 * the correct one and moves *pos past it; returns 0 at the end, -1
 * where s is no such answer.
 */
static int
next_tagged(const char *s, size_t n, size_t *pos, size_t *off,
    size_t *len, int *correct)
{
	static const char *const tags[] = { "option", "correct" };
	const char	*e;
	size_t		 i = *pos, t, k;
	char		 close[16];

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n)
		return 0;
	for (t = 0; t < 2; t++) {
		k = strlen(tags[t]);
		if (n - i >= k + 2 && s[i] == '<' &&
		    strncmp(s + i + 1, tags[t], k) == 0 && s[i + k + 1] == '>')
			break;
	}
	if (t == 2)
		return -1;
	(void)snprintf(close, sizeof(close), "</%s>", tags[t]);
	*off = i + k + 2;
	if ((e = memmem(s + *off, n - *off, close, k + 3)) == NULL)
		return -1;
	*len = (size_t)(e - s) - *off;
	*correct = t == 1;
	*pos = (size_t)(e - s) + k + 3;
	return 1;
}

/*
 * Is s[0..n) such an answer, two options or more and one correct?
 */
static int
tagged_choice(const char *s, size_t n)
{
	size_t	 pos = 0, off, len, opts = 0, correct = 0;
	int	 rc, right;

	while ((rc = next_tagged(s, n, &pos, &off, &len, &right)) == 1) {
		if (right)
			correct++;
		else
			opts++;
	}
	return rc == 0 && opts >= 2 && correct == 1;
}

/* The text of line i after its answer's label, as add_text() takes it. */
static size_t
label_skip(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];

	return (l->flags & LF_APFX) && st->qa != QA_NONE ? l->pfx : 0;
}

/*
 * Answers written so, options and the correct one in tags, ask a
 * multiple choice: the options, a line each, go under the question, and
 * the correct option is the answer; the tags are no text.  Reported
 * once, at the first.
 */
static void
find_tagged(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, n = 0, k;
	unsigned long		 first = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		k = label_skip(st, i);
		if (tagged_choice(st->text.data + l->off + k, l->len - k) &&
		    n++ == 0)
			first = l->lineno;
	}
	if (n == 0)
		return;
	st->tagchoices = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu answers a choice in <option> and <correct> tags: the "
	    "options under the question, the correct one the answer", n);
}

/*
 * Appends the fields next gives from s[pos..n) of a question and its
 * options, the quoted ones (next_quoted) or the tagged (next_tagged):
 * each option to front, a line each, and the right one to back.
 */
static void
add_choices(struct cp_buf *front, struct cp_buf *back, const char *s,
    size_t n, size_t pos, int (*next)(const char *, size_t, size_t *,
    size_t *, size_t *, int *))
{
	struct cp_buf	*to;
	size_t		 off, len;
	int		 right;

	while (next(s, n, &pos, &off, &len, &right) == 1) {
		to = right ? back : front;
		if (to->len > 0)
			cp_buf_addc(to, '\n');
		cp_buf_add(to, s + off, len);
	}
}

/*
 * Where the brace that opens at s[i] closes, as TeX reads braces: those
 * inside pair up, and one after a backslash is text.  0 when none
 * closes it before n.
 */
static size_t
brace_close(const char *s, size_t n, size_t i)
{
	size_t	 depth = 1;

	for (i++; i < n; i++)
		if (s[i] == '\\' && i + 1 < n)
			i++;
		else if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && --depth == 0)
			return i;
	return 0;
}

/*
 * Where a gap "{{text}}" that opens at s[i] ends (past its "}}"), or 0.
 * Its text is what the second brace holds, so braces inside pair up as
 * TeX's do: "{{\\frac{1}{2} }}".  A gap that Anki numbered,
 * "{{c1::text}}", is no unnumbered one.
 */
static size_t
gap_end(const char *s, size_t n, size_t i)
{
	size_t	 j;

	if (i + 4 > n || s[i] != '{' || s[i + 1] != '{' || s[i + 2] == '{' ||
	    (i > 0 && s[i - 1] == '{') ||
	    ((s[i + 2] == 'c' || s[i + 2] == 'C') && i + 3 < n &&
	    isdigit((unsigned char)s[i + 3])))
		return 0;
	j = brace_close(s, n, i + 1);
	return j > i + 2 && j + 1 < n && s[j + 1] == '}' ? j + 2 : 0;
}

/* How many unnumbered gaps s[0..n) holds, or 0 when a "{{" opens none. */
static size_t
count_gaps(const char *s, size_t n)
{
	size_t	 i, e, gaps = 0;

	for (i = 0; i + 1 < n; i++) {
		if (s[i] != '{' || s[i + 1] != '{')
			continue;
		if ((e = gap_end(s, n, i)) == 0)
			return 0;
		gaps++;
		i = e - 1;
	}
	return gaps;
}

/*
 * A file that marks gaps to fill "{{like this}}", one sentence a line,
 * as a program that prints or quizzes clozes reads it: when every line
 * but one in sure_den, min_units at least, holds such gaps and nothing
 * else parts it, each line is a Cloze note, its gaps numbered c1, c2,
 * ... in order ("{{word::hint}}" keeps its hint).  A line without a gap
 * is left out, reported.
 */
static int
find_clozes(struct cp_reader *r, struct txt_state *st)
{
	size_t			 i, good = 0;
	const struct line	*l;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		good += count_gaps(st->text.data + l->off, l->len) > 0;
	}
	if (good < (size_t)layout_weight.min_units || !sure(good, st->nlines))
		return 0;
	st->clozes = 1;
	for (i = 0, good = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (count_gaps(st->text.data + l->off, l->len) > 0)
			st->lines[good++] = *l;
		else
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "no \"{{gap}}\" on this line among lines of "
			    "clozes: left out, not a card");
	}
	st->nlines = good;
	st->role = cp_xmalloc(st->nlines);
	memset(st->role, R_START, st->nlines);
	return 1;
}

/* Line l's text, its gaps numbered as Anki's clozes: "{{c1::text}}". */
static void
add_clozes(const struct txt_state *st, struct cp_buf *b, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k, e, from = 0;
	int		 c = 0;

	for (k = 0; k + 1 < n; k++) {
		if (s[k] != '{' || s[k + 1] != '{' ||
		    (e = gap_end(s, n, k)) == 0)
			continue;
		cp_buf_add(b, s + from, k - from);
		cp_buf_printf(b, "{{c%d::", ++c);
		cp_buf_add(b, s + k + 2, e - k - 2);
		from = e;
		k = e - 1;
	}
	cp_buf_add(b, s + from, n - from);
}

/* Does s[0..n) hold a gap to fill, "___"? */
static int
holds_gap(const char *s, size_t n)
{
	return memmem(s, n, "___", 3) != NULL;
}

/*
 * A generator of quizzes may write the answer first, "surprise|I got a
 * ____ when I saw the bill": the sentence with the gap asks, the word
 * fills it.  When the back holds a gap on sure_num in sure_den parted
 * lines and no front holds one, the sides swap, reported once; so too
 * where the front is a verdict's letter alone on as many, "V | I
 * ciclomotori possono avere due o tre ruote", the back what it judges
 * (term_words words or more).
 */
static void
find_swap(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, parted = 0, gaps = 0, verdicts = 0, f;
	int			 front_gap = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		s = st->text.data + l->off;
		front_gap |= holds_gap(s, l->cut);
		parted++;
		gaps += holds_gap(s + l->cut, l->len - l->cut);
		/* "V | statement": a verdict's letter, then what it judges. */
		for (f = l->cut; f > 0 && strchr(" \t", s[f - 1]); f--)
			continue;
		verdicts += f == 1 && strchr("TFVWRP", s[0]) != NULL &&
		    cp_count_words(s + l->cut, l->len - l->cut) >=
		    (size_t)layout_weight.term_words;
	}
	if (parted < (size_t)layout_weight.min_units)
		return;
	if (!front_gap && sure(gaps, parted)) {
		st->swapped = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "the back leaves a gap to fill "
		    "\"___\" on %zu of %zu lines and the front fills it: "
		    "front and back swapped", gaps, parted);
	} else if (sure(verdicts, parted)) {
		st->swapped = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "a verdict's letter before the "
		    "separator on %zu of %zu lines, \"V | statement\": the "
		    "statement is the front, the letter the back", verdicts,
		    parted);
	}
}

/*
 * Where the question starts after the points a quiz game gives it, "200
 * Who directed Inception? A: Christopher Nolan", in the front s[0..f):
 * after a bare number (no "." or ")", which number a list) and its
 * spaces, when a letter or punctuation and more follow; else 0.
 */
static size_t
points_end(const char *s, size_t f, long *value)
{
	size_t	 k = strspn(s, "0123456789"), e;

	if (k == 0 || k > 6 || k >= f || s[k] != ' ')
		return 0;
	for (e = k; e < f && s[e] == ' '; e++)
		continue;
	if (e == f || isdigit((unsigned char)s[e]))
		return 0;
	*value = strtol(s, NULL, 10);
	return e;
}

static int
long_cmp(const void *a, const void *b)
{
	long	 x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/*
 * A game's points before each question: when the fronts of sure_num in
 * sure_den parted lines, min_units at least, open with a bare number,
 * and the numbers take few values (one in points_den lines, as every
 * category of a quiz game gives the same points), the
 * numbers are the game's count and no part of any question.  Years or
 * amounts that a question is about differ from line to line, so they
 * stay.  Reported once.
 */
static void
find_points(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	long		*value, v;
	size_t		 i, n = 0, parted = 0, distinct;
	unsigned long	 first = 0;

	value = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*value));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		parted++;
		if (points_end(st->text.data + l->off, l->cut, &value[n]) > 0 &&
		    n++ == 0)
			first = l->lineno;
	}
	qsort(value, n, sizeof(*value), long_cmp);
	for (i = 0, distinct = 0; i < n; i++)
		distinct += i == 0 || value[i] != value[i - 1];
	free(value);
	if (n < (size_t)layout_weight.min_units || !sure(n, parted) ||
	    distinct * (size_t)layout_weight.points_den > n)
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut > 0)
			l->lead = points_end(st->text.data + l->off, l->cut,
			    &v);
	}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu of %zu questions open with a bare number of %zu values: "
	    "read as a quiz game's points, no part of the question", n,
	    parted, distinct);
}

/*
 * Where the question starts after the number a list gives it, "7: What
 * is a semigroup? - ...", in the front s[0..f): after a number, its
 * mark ':', '.' or ')', or a table's bar that closes its column ("7 |
 * word"), and a space, when more follows; else 0.
 */
static size_t
list_number_end(const char *s, size_t f, long *value)
{
	size_t	 k = strspn(s, "0123456789"), e, m;

	m = k + (k + 2 < f && s[k] == ' ' && s[k + 1] == '|');
	if (k == 0 || k > 6 || m + 1 >= f || strchr(":.)|", s[m]) == NULL ||
	    s[m + 1] != ' ')
		return 0;
	for (e = m + 1; e < f && s[e] == ' '; e++)
		continue;
	if (e == f)
		return 0;
	*value = strtol(s, NULL, 10);
	return e;
}

/*
 * Where the front s[0..f) goes on after its indentation (a form feed a
 * page break left among it), a bullet and the spaces after it,
 * "   •   Haus"; else 0.
 */
static size_t
bullet_end(const char *s, size_t f)
{
	size_t	 k = strspn(s, " \t\f"), b;

	/* "-> byte - 1 byte": an arrow bullets an entry too. */
	if (k + 3 <= f && strncmp(s + k, "-> ", 3) == 0)
		b = 3;
	else if (k >= f || (b = bullet(s + k, f - k)) == 0)
		return 0;
	k += b;
	k += strspn(s + k, " \t");
	return k < f ? k : 0;
}

/*
 * A bulleted list's headings: a block of lines none of which opens with
 * a bullet, right over a block whose first line does, heads the entries
 * ("Lekce 6: Jídlo", "Gerichte") and is no entry, though a separator may
 * part it; such blocks are left out, reported once.
 */
static void
drop_list_heads(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	unsigned char		*gone;
	size_t			 i, k, e, n = 0;
	unsigned long		 first = 0;

	gone = cp_xcalloc(st->nlines + 1, 1);
	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		for (k = i; k < e; k++) {
			l = &st->lines[k];
			if (bullet_end(st->text.data + l->off, l->len) > 0)
				break;
		}
		if (k < e || e == st->nlines || bullet_end(st->text.data +
		    st->lines[e].off, st->lines[e].len) == 0)
			continue;
		memset(gone + i, 1, e - i);
		n += e - i;
		if (first == 0)
			first = st->lines[i].lineno;
	}
	if (n > 0) {
		close_up(st, gone);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "%zu lines in blocks with no bullet over bulleted entries: "
		    "read as the list's headings, left out, not cards", n);
	}
	free(gone);
}

/*
 * A list's numbers or bullets before the questions of one-line cards,
 * "1: What are normal forms used for? - To standardize ...", as a
 * program numbers what it saves, or "- Haus: house", as a word list
 * copied from a book bullets its entries: when the fronts of sure_num in
 * sure_den parted lines, min_units at least, open with a number and its
 * mark, each number one more than the one before, or with a bullet,
 * those are the list's and no part of any question.  A number a question
 * is about does not count up so from line to line, and stays.  Reported
 * once.
 */
static void
find_list_marks(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	long		 v, prev = 0;
	size_t		 i, n = 0, dots = 0, parted = 0;
	int		 numbered;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		parted++;
		dots += bullet_end(st->text.data + l->off, l->cut) > 0;
		if (list_number_end(st->text.data + l->off, l->cut, &v) > 0) {
			n += v == prev + 1;
			prev = v;
		}
	}
	numbered = n >= (size_t)layout_weight.min_units && sure(n, parted);
	if (!numbered && (dots < (size_t)layout_weight.min_units ||
	    !sure(dots, parted)))
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut > 0)
			l->lead = numbered ? list_number_end(st->text.data +
			    l->off, l->cut, &v) : bullet_end(st->text.data +
			    l->off, l->cut);
	}
	if (numbered)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu of %zu questions open with a "
		    "number counting up: read as the list's numbering, no part "
		    "of the question", n, parted);
	else {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu of %zu questions open with a "
		    "bullet: read as the list's mark, no part of the question",
		    dots, parted);
		drop_list_heads(r, st);
	}
}

/*
 * Blocks whose lines are parted by sep, "git init -> make a repo" over
 * "mkdir -> make a folder": runs of cards of a line each, no card over
 * its answer, where fit_num in fit_den of the lines at the margin under
 * the blocks' first lines are parted, min_units at least.  Each such
 * line a card of its own; a line at the margin under a parted one that
 * is not goes on with its answer, said at its line.  Not for separators
 * that punctuate prose ("," and ";") or spaces.
 */
static void
part_runs(struct cp_reader *r, struct txt_state *st, const char *sep)
{
	size_t		 i, k, end, cut, len, tag, inner = 0, parted = 0;
	int		 again, guess;
	unsigned char	*cuts;

	if (sep == SPACES || strcmp(sep, ",") == 0 || strcmp(sep, ";") == 0)
		return;
	cuts = cp_xcalloc(st->nlines, 1);
	for (i = 0; i < st->nlines; i++) {
		cuts[i] = indent_of(st, i) == 0 && cut_line(st,
		    &st->lines[i], sep, &cut, &len, &again, &guess, &tag) &&
		    !again;
		if (!unit_head(st, i) && indent_of(st, i) == 0) {
			inner++;
			parted += cuts[i];
		}
	}
	if (parted < (size_t)layout_weight.min_units ||
	    parted * (size_t)layout_weight.fit_den <
	    inner * (size_t)layout_weight.fit_num) {
		free(cuts);
		return;
	}
	for (i = 0; i < st->nlines; i = end) {
		for (end = i + 1; end < st->nlines && !unit_head(st, end);
		    end++)
			continue;
		for (k = i + 1; k < end; k++)
			if (cuts[k])
				st->lines[k].gap = 1;
			else if (indent_of(st, k) == 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    st->lines[k].lineno, 0, "no \"%s\" parts "
				    "this line: read as more of the answer "
				    "above", sep_name(sep));
	}
	free(cuts);
}

/*
 * Is s[0..n) an id a program makes, lower-case ASCII letters and digits
 * only, not a word a person writes first, "Hund", "日": 2 when it holds
 * a digit or no vowel, as no word does ("vpx", "a7f"), 1 when it may be
 * a word ("rae", "eat"), else 0.
 */
static int
machine_id(const char *s, size_t n)
{
	size_t	 i;
	int	 digit = 0, vowel = 0;

	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digit = 1;
		else if (!islower((unsigned char)s[i]))
			return 0;
		else if (strchr("aeiouy", s[i]) != NULL)
			vowel = 1;
	}
	return digit || !vowel ? 2 : 1;
}

/*
 * A program may key each entry by an id of its own before a tab, "vpx",
 * "mrj", and keep the entry after it as the author wrote it, "jam:
 * kopp".  Where every line is so, min_units at least, the ids all of one
 * length, two to twelve lower-case ASCII letters and digits
 * (machine_id()), a quarter of them in a shape no word has, each its
 * own, and the text after the tab holds no tab and a separator of its
 * own on sure_num in sure_den lines (": ", " - ", " = "), the ids are
 * the program's: left out, reported once, and the lines are read from
 * after the tab.
 */
static void
drop_key_column(struct cp_reader *r, struct txt_state *st)
{
	static const char *const seps[] = { ": ", " - ", " = ", NULL };
	struct cp_hashset	 seen;
	const struct line	*l;
	const char		*s, *t;
	size_t			 i, k, len = 0, parted = 0, odd = 0;
	int			 j, kind;

	if (st->nlines < (size_t)layout_weight.min_units)
		return;
	memset(&seen, 0, sizeof(seen));
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((t = memchr(s, '\t', l->len)) == NULL ||
		    (k = (size_t)(t - s)) < 2 || k > 12 ||
		    (len != 0 && k != len) || (kind = machine_id(s, k)) == 0 ||
		    memchr(t + 1, '\t', l->len - k - 1) != NULL ||
		    cp_hashset_add(&seen, cp_hash64(s, k)))
			break;
		odd += kind == 2;
		len = k;
		for (j = 0; seps[j] != NULL; j++)
			if (memmem(t + 1, l->len - k - 1, seps[j],
			    strlen(seps[j])) != NULL)
				break;
		parted += seps[j] != NULL;
	}
	cp_hashset_free(&seen);
	/*
	 * Words of the same length, "eat", "run", are no ids: a quarter or
	 * more in a shape no word has.
	 */
	if (i < st->nlines || !sure(parted, st->nlines) ||
	    4 * odd < st->nlines)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu lines, each opening with an id of %zu bytes and a tab, every "
	    "id its own: a program's keys, left out; the text after the tab "
	    "read as the entry", st->nlines, len);
	for (i = 0; i < st->nlines; i++) {
		st->lines[i].off += len + 1;
		st->lines[i].len -= len + 1;
	}
}

/*
 * Parts the cards' first lines at the separator choose_split finds, or
 * the one --split names ("none": no separator).  The separator on
 * fit_num in fit_den lines but not on sure_num in sure_den is a guess,
 * and said so; spaces are never guessed so, nor is any separator in a
 * file whose labels already part its cards.  A third field takes the
 * card's tags when most parted lines have one that reads as tags.
 * Returns whether a line is parted.
 */
static int
find_split(struct cp_reader *r, struct txt_state *st)
{
	const char	*sep, *forced = r->opts.split, *s;
	size_t		 i, units = 0, good, best = 0, tagged = 0, first = 0, tag;
	size_t		 end, entries = 0, at, wraps = 0, wrapline = 0;
	size_t		 notes = 0, noteline = 0, scripts = 0, k;
	size_t		 wbest, wunits;
	unsigned char	*wrap = NULL, *note = NULL;
	struct line	*l;
	int		 again, guess, parted, romanized;

	if (forced != NULL && strcasecmp(forced, "none") == 0)
		return 0;
	if (forced == NULL && st->layout == L_FREE)
		drop_key_column(r, st);
	/* Numbered questions' answers in brackets part them already. */
	if (forced == NULL && st->bracketed == '(')
		return 1;
	if (forced == NULL && st->layout == L_FREE &&
	    (indexed_records(r, st) || marked_sides(r, st) ||
	    verdict_options(r, st) ||
	    keyed_option_blocks(r, st) || line_records(r, st) ||
	    marked_options(r, st) ||
	    first_right_blocks(r, st) ||
	    keyed_records(r, st) ||
	    first_right_lines(r, st) || find_records(r, st) ||
	    pipe_columns(r, st) || find_marked(r, st) ||
	    find_verdict_letters(r, st) || find_verdict_words(r, st) ||
	    find_chosen_options(r, st) ||
	    find_quoted(r, st) || find_bracket_answers(r, st) ||
	    sparse_meanings(r, st) ||
	    find_asked_lines(r, st)))
		return 1;
	sep = forced == NULL ? choose_split(st, &best, &units, &tagged) :
	    NULL;
	/* A word of the author's own, where no usual separator parts. */
	if (forced == NULL && st->layout == L_FREE &&
	    (sep == NULL || strcmp(sep, SPACES) == 0) &&
	    word_separator(st, &wbest, &wunits) != NULL) {
		best = wbest, units = wunits, tagged = 0;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "\"%s\" stands once inside %zu "
		    "of %zu lines and nowhere else: read as the author's own "
		    "separator of front and back, a guess; --split=none "
		    "decides otherwise", st->word_sep, best, units);
		forced = st->word_sep;	/* as if the user had named it */
	} else if (forced == NULL && st->layout == L_FREE &&
	    glued_qmarks(st, &wbest, &wunits)) {
		best = wbest, units = wunits, tagged = 0;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "a \"?\" glued to a headword of "
		    "three words at most and to the text after it parts %zu "
		    "of %zu lines: read as the separator of front and back, "
		    "no question's mark; --split=none decides otherwise", best,
		    units);
		forced = "?";
	}
	if (forced != NULL)
		sep = split_option(forced);
	else if (sep == NULL &&
	    (st->layout != L_FREE || !find_glossary_head(r, st) ||
	    (sep = choose_split(st, &best, &units, &tagged)) == NULL))
		return st->layout == L_FREE && (find_fielded(r, st) ||
		    find_glued(r, st) || find_bold_terms(r, st) ||
		    find_spaced(r, st));
	if (st->layout == L_BLOCKS) {
		join_quotes(st, sep);
		if (forced == NULL)
			part_runs(r, st, sep);
		if (forced == NULL &&
		    choose_split(st, &best, &units, &tagged) != sep)
			return 0;
	}
	if (forced == NULL && asked_over_parts(st, sep))
		return 0;
	/*
	 * A mark of the questions outweighs a separator's guess, and a
	 * comma, which punctuates their sentences.
	 */
	if (forced == NULL && st->qmark != QM_NONE && (!sure(best, units) ||
	    strcmp(sep, ",") == 0))
		return 0;
	if (st->layout == L_FREE)
		st->sep = sep;
	st->sparse = forced == NULL && best * (size_t)layout_weight.fit_den <
	    units * (size_t)layout_weight.fit_num;
	romanized = forced == NULL && romanized_lines(st, sep);
	if (forced == NULL && tagged * (size_t)layout_weight.fit_den >=
	    best * (size_t)layout_weight.fit_num && !romanized &&
	    !scripted_fields(st, sep, best) && tags_repeat(st, sep))
		st->tagcol = sep;
	if (forced == NULL) {
		wrap = cp_xcalloc(st->nlines + 1, 1);
		note = cp_xcalloc(st->nlines + 1, 1);
		wraps = entry_wraps(st, sep, wrap);
		notes = bullet_notes(st, sep, note);
	}
	for (i = 0, good = 0, at = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!unit_head(st, i))
			continue;
		parted = cut_line(st, l, sep, &l->cut, &l->cutlen, &again,
		    &guess, &tag);
		if (wrap != NULL && wrap[i]) {
			l->part = P_ANSWER;
			if (wrapline == 0)
				wrapline = l->lineno;
			continue;
		}
		if (note != NULL && note[i]) {
			l->part = P_ANSWER;
			l->cut = l->cutlen = 0;
			if (noteline == 0)
				noteline = l->lineno;
			continue;
		}
		if (entry_goes_on(st, i, parted, &at))
			l->cut = l->cutlen = 0;
		else if (parted) {
			good++;
			if (guess && first == 0)
				first = l->lineno;
			if (st->tagcol && tag > 0) {
				l->backend = sep_find(st->text.data + l->off,
				    l->len, l->cut + l->cutlen, sep);
				l->tagoff = tag;
				l->tagend = l->len;
			} else if (romanized && again && (k = romanized_cut(
			    st->text.data + l->off, l->len, sep, 3)) > 0) {
				/* The word and its reading, the front. */
				l->cut = k;
				l->cutlen = strlen(sep) + strspn(st->text.data +
				    l->off + k + strlen(sep), " \t");
				if (scripts++ == 0)
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, l->lineno, 0, "\"%s\" "
					    "parts a word in a script beyond "
					    "Latin letters, its reading in them "
					    "and its meaning, on this line and "
					    "more: the word and its reading are "
					    "the front, the meaning the back; "
					    "here and below", sep_name(sep));
			} else if (again && strcmp(sep, "\t") == 0 &&
			    (k = script_cut(st->text.data + l->off, l->len,
			    '\t')) > l->cut && k < l->len) {
				/*
				 * "名前<TAB>なまえ<TAB>nama": a word and its
				 * reading in one script, its meaning in
				 * another, the back.
				 */
				l->cut = k;
				l->cutlen = strspn(st->text.data + l->off + k,
				    "\t");
				if (scripts++ == 0)
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, l->lineno, 0, "tabs part "
					    "this line and more: the fields in "
					    "the script the line opens in are "
					    "the front, the last, in another, "
					    "the back; here and below");
			} else if (again && strcmp(sep, "\t") == 0)
				/* Anki's import would make it a third field. */
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    l->lineno, 0, "a second tab on this line: "
				    "read as part of the back, not a third field");
			else if (again && strcmp(sep, "@") == 0) {
				/* A program's own mark parts its fields. */
				l->backend = sep_find(st->text.data + l->off,
				    l->len, l->cut + l->cutlen, sep);
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    l->lineno, 0, "a second \"@\" on this "
				    "line: what follows it is a third field, "
				    "left out, not the back");
			}
			if (forced == NULL && l->tagoff == 0)
				slip_cut(r, st, l, sep, 1);
			l->quoted |= quoted_back(st, l, l->cut, l->cutlen);
			if (forced == NULL && l->tagoff == 0 && (end =
			    entry_end(st, l, l->cut, l->cutlen)) > 0) {
				l->qfront = l->quoted = 1;
				l->backend = end;
				/* A program's indentation is no text either. */
				if (l->lead == 0)
					l->lead = strspn(st->text.data +
					    l->off, " \t");
				if (entries++ == 0)
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, l->lineno, 0, "a "
					    "dictionary's entry, \"question\": "
					    "\"answer\",: its quotes and comma "
					    "left out, here and on such lines "
					    "below");
			}
			continue;
		}
		if (forced == NULL && ((st->layout == L_FREE &&
		    bare_term(st, l, sep)) || (units == st->nlines &&
		    units < (size_t)layout_weight.min_units &&
		    lone_term(st, l, sep)))) {
			l->bare = 1;
			continue;
		}
		/* Without blank lines, a line may carry an answer on. */
		if (forced != NULL || (st->layout == L_FREE && i > 0 &&
		    st->lines[i - 1].cut == 0))
			continue;
		s = st->text.data + l->off;
		if (slip_cut(r, st, l, sep, 0))
			continue;
		if ((l->cut = runon_cut(s, l->len)) > 0) {
			l->cutlen = 0;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno,
			    0, "no \"%s\" on this line: front and back parted "
			    "between \"%.*s\" and \"%.*s\", run together, a "
			    "guess", sep_name(sep), (int)l->cut, s,
			    (int)strcspn(s + l->cut, " \t"), s + l->cut);
		}
	}
	if (wraps > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, wrapline, 0,
		    "%zu lines without \"%s\" open small under a line that "
		    "ends no sentence: read as the answer's sentence going on, "
		    "broken where a page's line ended", wraps, sep_name(sep));
	if (notes > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, noteline, 0,
		    "%zu lines with no bullet under the list's bulleted "
		    "entries: read as notes in the answer above, though \"%s\" "
		    "parts them", notes, sep_name(sep));
	free(wrap);
	free(note);
	if (forced == NULL)
		find_filing_field(r, st, sep);
	find_list_marks(r, st);
	find_points(r, st);
	find_list_commas(r, st);
	if (sep == SPACES)
		find_spaced_counts(r, st);
	if (forced != NULL)
		return good > 0;
	if (!sure(best, units))
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno,
		    0, "read as cards of one line, front and back parted by "
		    "\"%s\" on %zu of %zu lines, a guess; --split=\"%s\" or "
		    "--split=none decides", sep_name(sep), best, units,
		    sep_name(sep));
	if (first != 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "four words parted in the middle, a guess; two spaces or "
		    "a tab between front and back say where");
	st->tagged = tagged;
	st->parted = best;
	find_swap(r, st);
	return 1;
}

/*
 * The length of the bullet that opens line l, with the indentation
 * before it, "  - git log": an answer set in under its question.  0
 * when no bullet opens it.
 */
static size_t
answer_bullet(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 ind = strspn(s, " \t"), b;

	b = ind < l->len ? bullet(s + ind, l->len - ind) : 0;
	return b > 0 ? ind + b : 0;
}

/*
 * The length of the arrow that opens line l, "-> ", "----> ", "=> ",
 * "- > ", "→ ", "⇒ " or the emoji's "➡ " (its picture's selector too),
 * with the indentation before it; 0 when none opens it.
 */
static size_t
answer_arrow(const struct txt_state *st, const struct line *l)
{
	static const char *const arrows[] = { "- >",
	    "\xe2\x86\x92", "\xe2\x87\x92", "\xe2\x9e\xa1\xef\xb8\x8f",
	    "\xe2\x9e\xa1", NULL };
	const char	*s = st->text.data + l->off;
	size_t		 k = strspn(s, " \t"), a = 0, j;

	if (k < l->len && (s[k] == '-' || s[k] == '=')) {
		/* A shaft of one character, drawn as long as one likes. */
		for (j = k; j < l->len && s[j] == s[k]; j++)
			continue;
		if (j < l->len && s[j] == '>')
			a = j + 1 - k;
	}
	for (j = 0; arrows[j] != NULL && a == 0; j++)
		if (strncmp(s + k, arrows[j], strlen(arrows[j])) == 0)
			a = strlen(arrows[j]);
	if (a == 0)
		return 0;
	/*
	 * A space after it, or an ideographic one; a picture's arrow,
	 * "⇒column", needs none ("->x" may be code).
	 */
	for (j = k + a; j < l->len; j += s[j] == ' ' || s[j] == '\t' ? 1 : 3)
		if (s[j] != ' ' && s[j] != '\t' && (l->len - j < 3 ||
		    memcmp(s + j, IDEOGRAPHIC_SPACE, 3) != 0))
			break;
	if (j == k + a && (unsigned char)s[k] < 0x80)
		return 0;
	return j;
}

/*
 * The length of a list's number that opens line l, "    3. ", with the
 * indentation before it, *value its value; 0 when none does.
 */
static size_t
line_item(const struct txt_state *st, const struct line *l, long *value)
{
	const char	*s = st->text.data + l->off;
	size_t		 ind = strspn(s, " \t"), e;

	return (e = list_number_end(s + ind, l->len - ind, value)) > 0 ?
	    ind + e : 0;
}

/* As line_item(), any number: a mark() for marked_again(). */
static size_t
answer_item(const struct txt_state *st, const struct line *l)
{
	long	 v;

	return line_item(st, l, &v);
}

/* As line_item(), the number 1 only: a list of one item's. */
static size_t
answer_first_item(const struct txt_state *st, const struct line *l)
{
	long	 v;
	size_t	 k = line_item(st, l, &v);

	return k > 0 && v == 1 ? k : 0;
}

/*
 * Does a line of line i's card below it open with mark() too: the
 * points of a list, no answer's one mark?
 */
static int
marked_again(const struct txt_state *st, size_t i,
    size_t (*mark)(const struct txt_state *, const struct line *))
{
	size_t	 k;

	for (k = i + 1; k < st->nlines && st->role[k] != R_START; k++)
		if (mark(st, &st->lines[k]) > 0)
			return 1;
	return 0;
}

/*
 * Is line i the start of a card's answer that opens with a bullet, no
 * other line of it opening with one, under a question that holds none
 * of it ("Term -> ..." over "  - more"): the answer's mark, no list's?
 */
static int
dashed_answer(const struct txt_state *st, size_t i)
{
	size_t	 k;

	if (st->role[i] != R_ANSWER || st->lines[i].cut != 0 ||
	    answer_bullet(st, &st->lines[i]) == 0)
		return 0;
	for (k = i; k > 0 && st->role[k] != R_START; k--)
		continue;
	return st->lines[k].cut == 0 && !marked_again(st, i, answer_bullet);
}

/*
 * A file may mark its answers by a bullet, "- A requirement is ...",
 * under each question: when three answers or more open with one that
 * no other line of theirs has, more than answers that open a list of
 * several, the bullet is the answer's mark, as "A:" is, and those
 * answers lose it; an answer of several items keeps its bullets.
 * Reported once.
 */
static void
find_dashed(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, n = 0, lists = 0, answers;
	unsigned long	 first = 0;
	int		 dashed;

	for (i = 0; i < st->nlines && !st->dashed; i++) {
		if ((dashed = dashed_answer(st, i)) && n++ == 0)
			first = st->lines[i].lineno;
		lists += st->role[i] == R_ANSWER && !dashed &&
		    answer_bullet(st, &st->lines[i]) > 0;
	}
	if (!st->dashed && n >= (size_t)layout_weight.min_units &&
	    n > lists) {
		st->dashed = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu "
		    "answers open with a bullet that no other line of theirs "
		    "has: the answer's mark, left out", n);
		return;
	}
	/*
	 * "-> Git fetch ...", "=> ...": an arrow opening every answer; but
	 * where a third of such answers or more go on in lines that open
	 * with one too, the arrows are points, bullets, kept.
	 */
	for (i = 0, n = 0, answers = 0, lists = 0; i < st->nlines &&
	    !st->dashed; i++)
		if (st->role[i] == R_ANSWER) {
			answers++;
			if (answer_arrow(st, &st->lines[i]) == 0)
				continue;
			if (n++ == 0)
				first = st->lines[i].lineno;
			lists += marked_again(st, i, answer_arrow);
		}
	if (st->dashed || n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.fit_den <
	    answers * (size_t)layout_weight.fit_num || 3 * lists >= n)
		return;
	st->dashed = 3;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu of %zu "
	    "answers open with an arrow: the answer's mark, left out", n,
	    answers);
}

/*
 * Or by a list of one item, "    1. Canada" under each question: when
 * three answers or more, nine in ten of them, open with a list's "1."
 * and no other line of theirs with a number, the number is the
 * answer's mark, left out.  Reported once.
 */
static void
find_first_items(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, n = 0, answers = 0;
	unsigned long	 first = 0;

	if (st->dashed)
		return;
	for (i = 0; i < st->nlines; i++) {
		if (st->role[i] != R_ANSWER || (i > 0 &&
		    st->role[i - 1] >= R_ANSWER))
			continue;
		answers++;
		if (answer_first_item(st, &st->lines[i]) == 0 ||
		    marked_again(st, i, answer_item))
			continue;
		if (n++ == 0)
			first = st->lines[i].lineno;
	}
	if (n < (size_t)layout_weight.min_units || !sure(n, answers))
		return;
	st->dashed = 5;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu of %zu "
	    "answers a list of one item, \"1.\": the answer's mark, left "
	    "out", n, answers);
}

/*
 * The length of the label that opens line l, a word and its colon with
 * the spaces around them, "Query: ", "Query : ": 0 when none does, or
 * when like is set and the word is not like's.
 */
static size_t
own_label(const struct txt_state *st, const struct line *l,
    const struct line *like)
{
	const char	*s = st->text.data + l->off;
	size_t		 w, k;

	for (w = 0; w < l->len && cp_word_byte((unsigned char)s[w]); w++)
		continue;
	if (w == 0 || w > (size_t)layout_weight.label_bytes)
		return 0;
	for (k = w; k < l->len && s[k] == ' '; k++)
		continue;
	if (k == l->len || s[k] != ':' || (k + 1 < l->len && s[k + 1] != ' '))
		return 0;
	if (like != NULL && (own_label(st, like, NULL) == 0 ||
	    strncasecmp(s, st->text.data + like->off, w) != 0 ||
	    cp_word_byte((unsigned char)st->text.data[like->off + w])))
		return 0;
	for (k++; k < l->len && s[k] == ' '; k++)
		continue;
	return k;
}

/*
 * Does the word that labels line like (own_label()) stand in a question
 * too, "What is Python?" over "Python: a dynamic language": a term the
 * answers name, no label?
 */
static int
asked_word(const struct txt_state *st, const struct line *like)
{
	const char	*w = st->text.data + like->off, *s, *p;
	size_t		 i, n;

	for (n = 0; cp_word_byte((unsigned char)w[n]); n++)
		continue;
	for (i = 0; i < st->nlines; i++) {
		if (st->role[i] > R_QUEST)
			continue;
		s = st->text.data + st->lines[i].off;
		for (p = s; (p = memmem(p, st->lines[i].len - (size_t)(p -
		    s), w, n)) != NULL; p++)
			if ((p == s || !cp_word_byte((unsigned char)p[-1])) &&
			    !cp_word_byte((unsigned char)p[n]))
				return 1;
	}
	return 0;
}

/* Where the word that opens s ends: at a blank, ':' or "：". */
static size_t
word_end(const char *s)
{
	size_t	 k;

	for (k = 0; s[k] != '\0' && strchr(" \t:", s[k]) == NULL &&
	    strncmp(s + k, FULLWIDTH_COLON, 3) != 0; k++)
		continue;
	return k;
}

/*
 * Is the word that labels line l (own_label()) one of words, lower case,
 * in any case of Latin or Cyrillic letters ("Подсказка:")?
 */
static int
own_label_in(const struct txt_state *st, const struct line *l,
    const char *const *words)
{
	char	 low[32];

	cp_lower_prefix(st->text.data + l->off, l->len, low, sizeof(low));
	low[word_end(low)] = '\0';
	return in_list(low, words);
}

/*
 * Is the word that labels line l (own_label()) the word for a question's
 * options, "opções:", "Choices:"?
 */
static int
options_label(const struct txt_state *st, const struct line *l)
{
	static const char *const words[] = {
		"options", "choices", "alternatives", "opções", "opcoes",
		"alternativas", "opciones", "opzioni", "optionen",
		"auswahl", "варианты", "seçenekler", "pilihan", "选项",
		"選項", NULL
	};

	return own_label_in(st, l, words);
}

/*
 * Is line i only the word for a question's options and its colon,
 * "选项:" or "选项：" alone over "A.", "B." lines, in a file whose
 * questions and answers wear labels?  It labels what follows and says
 * nothing itself.
 */
static int
options_head(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 k = word_end(s);

	if ((l->flags & (LF_QPFX | LF_APFX)) || !options_label(st, l))
		return 0;
	k += strspn(s + k, " \t");
	if (strncmp(s + k, FULLWIDTH_COLON, 3) == 0)	/* "选项：" */
		k += 2;
	else if (s[k] != ':')
		return 0;
	return k + 1 + strspn(s + k + 1, " \t") == l->len;
}

/*
 * Leaves out, in a labelled file (QA_BOTH), the lines options_head()
 * finds, each reported.
 */
static void
find_options_heads(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i;

	for (i = 0; i < st->nlines; i++)
		if (options_head(st, i))
			st->lines[i].flags |= LF_DROP;
	drop_marked(r, st, "a label over a question's options, no text of "
	    "its own: left out", 0);
}

/*
 * How many of the answers open with the word and colon that open the
 * first of them so labelled (own_label()), fit_num in fit_den of them
 * and min_units at least, no question holding the word; else 0.  *first
 * gets that line, plus one, and *answers the answers' count.
 */
static size_t
own_labels(const struct txt_state *st, size_t *first, size_t *answers)
{
	size_t	 i, n = 0;

	*first = *answers = 0;
	for (i = 0; i < st->nlines; i++)
		if (st->role[i] == R_ANSWER && st->lines[i].cut == 0) {
			++*answers;
			if (*first == 0 && own_label(st, &st->lines[i],
			    NULL) > 0)
				*first = i + 1;
			n += *first > 0 && own_label(st, &st->lines[i],
			    &st->lines[*first - 1]) > 0;
		}
	if (n < (size_t)layout_weight.min_units ||
	    n * (size_t)layout_weight.fit_den <
	    *answers * (size_t)layout_weight.fit_num ||
	    asked_word(st, &st->lines[*first - 1]))
		return 0;
	return n;
}

/*
 * The questions' lines under them may all name their options, "opções:
 * ...", a quiz with no answer marked: when they open so (own_labels())
 * and the word is one for options (options_label()), those questions
 * are unanswered (not_a_card()).  Reported once.
 */
static void
find_options_label(struct cp_reader *r, struct txt_state *st)
{
	size_t	 n, first, answers;

	if (st->dashed || st->qa != QA_NONE ||
	    (n = own_labels(st, &first, &answers)) == 0 ||
	    !options_label(st, &st->lines[first - 1]))
		return;
	st->optlabel = first;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[first - 1].lineno, 0, "%zu of %zu answers open with "
	    "\"%.*s:\": the file's label of a question's options, none "
	    "marked right; no answers", n, answers,
	    (int)strcspn(st->text.data + st->lines[first - 1].off, " :"),
	    st->text.data + st->lines[first - 1].off);
}

/*
 * Is the word that labels line l (own_label()) the word for a hint,
 * "Pista:", "Hint:": help a quiz shows before it is answered?
 */
static int
hint_label(const struct txt_state *st, const struct line *l)
{
	static const char *const words[] = {
		"hint", "tip", "clue", "pista", "dica", "tipp", "hinweis",
		"indice", "indizio", "suggerimento", "wskazówka",
		"podpowiedź", "nápověda", "подсказка", "підказка", "ipucu",
		"petunjuk", "ヒント", "提示", "힌트", NULL
	};

	return own_label_in(st, l, words);
}

/*
 * A file may label its answers with a word of its own, "Query:" under
 * each exam question, where no known label ("A:", "Answer:") is: when
 * min_units answers or more, fit_num in fit_den of them, open with the
 * same word and its colon, and no question holds the word (a term:
 * "Python: a dynamic language"), it is the answers' label, left out.
 * Reported once.
 */
static void
find_own_label(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n, first, answers;

	if (st->dashed || st->qa != QA_NONE || st->optlabel > 0 ||
	    (n = own_labels(st, &first, &answers)) == 0)
		return;
	/* "Pista: ..." under the options: the quiz shows it with them. */
	if (hint_label(st, &st->lines[first - 1])) {
		for (i = 0; i < st->nlines; i++)
			if (st->role[i] == R_ANSWER && st->lines[i].cut == 0 &&
			    own_label(st, &st->lines[i],
			    &st->lines[first - 1]) > 0)
				st->role[i] = R_QUEST;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[first - 1].lineno, 0, "%zu of %zu answers open "
		    "with \"%.*s:\", a hint: read with the question, as a "
		    "quiz shows it", n, answers,
		    (int)strcspn(st->text.data + st->lines[first - 1].off,
		    " :"), st->text.data + st->lines[first - 1].off);
		return;
	}
	st->dashed = 4;
	st->ownlabel = first;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    st->lines[first - 1].lineno, 0, "%zu of %zu answers open with "
	    "\"%.*s:\": the file's label of its answers, left out", n,
	    answers, (int)strcspn(st->text.data + st->lines[first - 1].off,
	    " :"), st->text.data + st->lines[first - 1].off);
}

/*
 * Does unnumbered line i read as no answer among numbered questions: a
 * line that goes on with the one above (a lower-case start, or no final
 * mark above it), or a heading right over a numbered line (no final mark
 * and no question mark)?
 */
static int
between_questions(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;

	if (i > 0 && l->gap == 0 && (islower((unsigned char)s[0]) ||
	    (st->lines[i - 1].flags & (LF_OPEN | LF_COMMA))))
		return 1;
	return (l->flags & LF_OPEN) && memchr(s, '?', l->len) == NULL &&
	    i + 1 < st->nlines && (st->lines[i + 1].flags & LF_NUMBER);
}

/*
 * Is the file a list of numbered questions that nothing answers, as an
 * exam's list of topics or an exam paper is: two lines in three or more
 * numbered or going on with a numbered one (between_questions, a
 * question wrapped), two in three of the questions holding a "?" and
 * half ending in one on their last line, and fewer than one line in
 * asklist_den of them an unnumbered line that could be an answer?  The
 * lines above the first question, when a blank line parts them from it,
 * are the paper's heading and count for neither.
 */
static int
unanswered_numbers(const struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, num = 0, asking = 0, endq = 0, other = 0;
	size_t			 held = 0, above = 0;
	int			 asks = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (num == 0 && !(l->flags & LF_NUMBER))
			continue;
		if (l->flags & LF_NUMBER) {
			if (num == 0 && l->gap > 0)
				above = i;
			else if (num == 0)
				other += i;
			else
				endq += (st->lines[i - 1].flags & LF_ENDQ) != 0;
			asking += asks;
			num++;
			held++;
			asks = memchr(st->text.data + l->off, '?', l->len) !=
			    NULL;
		} else if (between_questions(st, i)) {
			held++;
			asks |= memchr(st->text.data + l->off, '?', l->len) !=
			    NULL;
		} else
			other++;
	}
	if (num > 0) {
		asking += asks;
		endq += (st->lines[st->nlines - 1].flags & LF_ENDQ) != 0;
	}
	return num >= (size_t)layout_weight.min_units &&
	    held * (size_t)layout_weight.fit_den >=
	    (st->nlines - above) * (size_t)layout_weight.fit_num &&
	    asking * (size_t)layout_weight.fit_den >=
	    num * (size_t)layout_weight.fit_num && endq * 2 >= num &&
	    other * (size_t)layout_weight.asklist_den < num;
}

/*
 * Is the file a numbered list of topics, "1 Struktura osobního
 * počítače", "2 Operační systém": every line a bare number one more
 * than the line before's, from 1, a space and words, no line asking?
 * Then the numbers pair nothing with nothing: an exam's topics.
 */
static int
numbered_topics(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (bare_number(s) != (long)i + 1 || !has_letter(s, l->len) ||
		    memchr(s, '?', l->len) != NULL ||
		    (l->flags & (LF_ASKS | LF_QPFX | LF_APFX)))
			return 0;
	}
	return st->nlines >= (size_t)layout_weight.min_units;
}

/*
 * Is every line of the file numbered at the margin, "1." to "8." one
 * after another, nearly each the last plus one (a few skipped, one
 * repeated; a block may count again), and nothing else?  A numbered
 * line answers no other.
 */
static int
numbered_list(const struct txt_state *st)
{
	size_t	 i, next = 0;
	long	 num, last = 0;

	for (i = 0; i < st->nlines; i++, last = num) {
		num = margin_number(st->text.data + st->lines[i].off,
		    st->lines[i].len);
		if (num == 0 || (num < last && st->lines[i].gap == 0) ||
		    num > last + 9)
			return 0;
		next += num == last + 1;
	}
	return st->nlines >= (size_t)layout_weight.min_units &&
	    sure(next, st->nlines);
}

/*
 * The label in brackets that ends line l after a space, "[Bazy danych]"
 * (white space after it allowed), as *at and the length; 0 for none.
 */
static size_t
end_label(const struct txt_state *st, const struct line *l, size_t *at)
{
	const char	*s = st->text.data + l->off;
	size_t		 e = l->len, k;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e < 3 || s[e - 1] != ']')
		return 0;
	for (k = e - 1; k > 0 && s[k - 1] != '[' && s[k - 1] != ']'; k--)
		continue;
	if (k < 3 || k + 1 == e || s[k - 1] != '[' || s[k - 2] != ' ')
		return 0;
	*at = k - 1;
	return e - *at;
}

/*
 * Is the file a list of topics filed under labels, an exam's outline:
 * blank lines part it into blocks of two lines or more, min_units at
 * least, and every line of sure_num in sure_den of those blocks ends in
 * one label in brackets, the block's own, "Czym jest polimorfizm?
 * [Programowanie obiektowe]" over "Model DOM [Programowanie obiektowe]"?
 * A question and its answer are not each filed under their subject;
 * lines that are, are items of one list, and nothing answers them.
 */
static int
filed_topics(const struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, k, e, at, len, first, blocks = 0, filed = 0;
	int			 same;

	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		if (e - i < 2)
			continue;
		blocks++;
		if ((len = end_label(st, &st->lines[i], &first)) == 0)
			continue;
		for (k = i + 1, same = 1; k < e && same; k++) {
			l = &st->lines[k];
			same = end_label(st, l, &at) == len &&
			    memcmp(st->text.data + l->off + at,
			    st->text.data + st->lines[i].off + first, len) == 0;
		}
		filed += same;
	}
	return blocks >= (size_t)layout_weight.min_units &&
	    sure(filed, blocks);
}

/*
 * Is line i a part's heading numbered in Roman numerals, "II: Short
 * Answer Questions", right over a numbered question: a numeral and its
 * ":" or ".", then words with no final mark that ask nothing?
 */
static int
roman_head(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 k = strcspn(s, " ");

	return i + 1 < st->nlines && st->lines[i + 1].gap == 0 &&
	    (st->lines[i + 1].flags & LF_NUMBER) && k + 1 < l->len &&
	    strchr(".:", s[k - (k > 0)]) != NULL && roman(s, k) > 0 &&
	    (l->flags & LF_OPEN) && !(l->flags & (LF_ASKS | LF_ENDQ));
}

/*
 * Leaves out the lines marked LF_DROP, saying why at each unless why is
 * NULL.  The line after a heading keeps a blank line above it at least,
 * as the heading had; after a label within a field, only the blank lines
 * the label had above it.
 */
static void
drop_marked(struct cp_reader *r, struct txt_state *st, const char *why,
    int heading)
{
	size_t		 i, kept;
	unsigned long	 gap = 0;

	for (i = 0, kept = 0; i < st->nlines; i++) {
		if (st->lines[i].flags & LF_DROP) {
			if (why != NULL)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    st->lines[i].lineno, 0, "%s", why);
			/*
			 * A heading's own blank line, one at least, stands
			 * for the run it ends; a label keeps the most any
			 * line dropped had.
			 */
			if (heading)
				gap = st->lines[i].gap > 1 ?
				    st->lines[i].gap : 1;
			else if (st->lines[i].gap > gap)
				gap = st->lines[i].gap;
			continue;
		}
		if (gap > st->lines[i].gap)
			st->lines[i].gap = gap;
		gap = 0;
		st->lines[kept++] = st->lines[i];
	}
	st->nlines = kept;
}

/*
 * Leaves out the lines head() picks, each a heading over what follows
 * (drop_marked()).  head() looks at the lines as they were: all are
 * picked before any is left out.
 */
static void
drop_heads(struct cp_reader *r, struct txt_state *st,
    int (*head)(const struct txt_state *, size_t), const char *why)
{
	size_t	 i;

	for (i = 0; i < st->nlines; i++)
		if (head(st, i))
			st->lines[i].flags |= LF_DROP;
	drop_marked(r, st, why, 1);
}

enum { CITE_BARE = 1, CITE_SURE };	/* what citation() finds */

/* Words that label where a text was taken from, "Fuente: https://...". */
static const char *const citation_words[] = {
	"source", "sources", "fuente", "fuentes", "quelle", "quellen",
	"fonte", "fontes", "ref", "reference", "references", "via", NULL
};

/*
 * Is line i, right under a line of text, a citation of where that text
 * was taken from: a link or a book after such a word and a colon in
 * brackets, "[ Fuente: http://... ]", "[ Fuente: Libro ... ]", a link
 * after one, "source: https://...", or a link alone in brackets,
 * "[https://...]" (CITE_SURE); or, which only a file that cites so
 * cites by, a link alone, or the word alone over its links, "fuentes:"
 * (CITE_BARE)?  Else 0.  (A link alone may be what a card teaches.)
 */
static int
citation(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 b, e = st->lines[i].len, w, k;
	int		 bracketed, labelled;

	if (i == 0 || st->lines[i].gap > 0)
		return 0;
	b = strspn(s, " \t");
	e = blanks_cut(s, e);
	if ((bracketed = b < e && s[b] == '[') != 0) {
		if (s[e - 1] != ']')
			return 0;
		b += 1 + strspn(s + b + 1, " \t");
		e = blanks_cut(s, e - 1);
	}
	for (w = b; w < e && isalpha((unsigned char)s[w]); w++)
		continue;
	if ((labelled = w < e && s[w] == ':' && cp_word_among(s + b, w - b,
	    citation_words)) != 0)
		b = w + 1 + strspn(s + w + 1, " \t");
	if (labelled && b == e)
		return bracketed ? 0 : CITE_BARE;
	if (labelled && bracketed)
		return CITE_SURE;
	if (e - b <= 8 || !opens_link(s + b))
		return 0;
	for (k = b; k < e; k++)
		if (s[k] == ' ' || s[k] == '\t')
			return 0;
	return labelled || bracketed ? CITE_SURE : CITE_BARE;
}

/*
 * A glossary may cite under each entry where its text was taken from
 * (citation()): where one line at least cites so for sure, those lines,
 * and the bare links and words that end an entry, are no part of any
 * card, left out, said once.
 */
static void
find_citations(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n = 0, sure = 0, first = 0;
	int	 cite;

	for (i = 0; i < st->nlines; i++)
		sure += citation(st, i) == CITE_SURE;
	if (sure == 0)
		return;
	for (i = st->nlines; i-- > 0;)
		if ((cite = citation(st, i)) == CITE_SURE ||
		    (cite == CITE_BARE && (i + 1 == st->nlines ||
		    st->lines[i + 1].gap > 0 ||
		    (st->lines[i + 1].flags & LF_DROP)))) {
			n++;
			first = i;
			st->lines[i].flags |= LF_DROP;
		}
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[first].lineno,
	    0, "%zu line%s citing where the text above came from, \"[ Fuente: "
	    "https://... ]\", \"source: https://...\", and the links alone "
	    "that end entries so: no part of a card, left out, here and below",
	    n, n == 1 ? "" : "s");
	drop_marked(r, st, NULL, 0);
}

/*
 * An exam may part its numbered questions into parts headed "I: True/
 * False questions", "II: Short Answer Questions".  When three lines or
 * more are such headings (roman_head), they are no questions: each is
 * left out, reported, and the question under it starts a card.
 */
static void
find_roman_heads(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, n = 0;

	for (i = 0; i < st->nlines; i++)
		n += roman_head(st, i);
	if (n < (size_t)layout_weight.min_units)
		return;
	drop_heads(r, st, roman_head, "a part's heading numbered in Roman "
	    "numerals over numbered questions: left out, not a card");
}

/*
 * Is line i a heading in a word list in threes, "word", "/wɜːd/",
 * "translation": the line after a meaning, its pronunciation two lines
 * above, and right above a word, whose pronunciation is two lines below
 * ("TERRAIN" between "puro" and "canal")?  At the file's start, right
 * above the first word.
 */
static int
spelled_head(const struct txt_state *st, size_t i)
{
	const struct line	*l = st->lines;

	return i + 2 < st->nlines && (l[i + 2].flags & LF_SPELL) &&
	    !(l[i].flags & LF_SPELL) && !(l[i + 1].flags & LF_SPELL) &&
	    (i == 0 || (i >= 2 && (l[i - 2].flags & LF_SPELL) &&
	    !(l[i - 1].flags & LF_SPELL)));
}

/*
 * Where the lines go in threes with a pronunciation in the same place
 * in each (spelled_third()), but for headings over the words that begin
 * the list's parts, the headings are left out: nine in ten of the
 * pronunciations or more, min_units at least, have two lines between
 * them, and the rest three, the third a heading.
 */
static void
find_spelled_heads(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, prev = 0, spells = 0, two = 0, heads = 0;

	for (i = 0; i < st->nlines; i++) {
		heads += spelled_head(st, i);
		if (!(st->lines[i].flags & LF_SPELL))
			continue;
		if (spells++ > 0) {
			if (i - prev == 3)
				two++;
			else if (i - prev != 4)
				return;
		}
		prev = i;
	}
	/* A heading over the first word adds no gap between two. */
	if (spells < (size_t)layout_weight.min_units || heads == 0 ||
	    heads - spelled_head(st, 0) + two + 1 != spells ||
	    two * 10 < (spells - 1) * 9 || !ipa_evidence(st))
		return;
	drop_heads(r, st, spelled_head, "a heading over a word list in "
	    "threes, a word, its pronunciation and its meaning: left out, "
	    "not a card");
}

/* Does line i hold the number v as a word of digits, "5, 6 or 7"? */
static int
holds_number(const struct txt_state *st, size_t i, long v)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len, k, d;

	for (k = 0; k < n; k += d ? d : 1)
		if ((d = strspn(s + k, "0123456789")) > 0 &&
		    (k == 0 || !isdigit((unsigned char)s[k - 1])) &&
		    strtol(s + k, NULL, 10) == v)
			return 1;
	return 0;
}

/*
 * A program's cards kept three lines each and no blank line, a question,
 * its answer and a count ("What is a class?", "A blueprint ...", "2": a
 * difficulty, a score): where every third line of min_units threes or
 * more is such a number, 0 to 5, some of them the same, none of them in
 * the answer above it ("5, 6 or 7" over "7" answers), and every first
 * line asks and is none, the counts are left out, said once, and the
 * pairs stay.
 */
static void
find_count_thirds(struct cp_reader *r, struct txt_state *st)
{
	size_t	 i, seen = 0, again = 0;
	long	 v;

	if (st->nlines < 3 * (size_t)layout_weight.min_units ||
	    st->nlines % 3 != 0)
		return;
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].gap > 0 && i > 0)
			return;
		else if (i % 3 == 0 && (number_alone(st, i, 2) >= 0 ||
		    !(st->lines[i].flags & (LF_ENDQ | LF_ASKS))))
			return;
		else if (i % 3 == 2) {
			if ((v = number_alone(st, i, 1)) < 0 || v > 5 ||
			    holds_number(st, i - 1, v))
				return;
			again += (seen & (1u << v)) != 0;
			seen |= 1u << v;
		}
	if (again == 0)
		return;
	for (i = 2; i < st->nlines; i += 3)
		st->lines[i].flags |= LF_DROP;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[2].lineno, 0,
	    "%zu lines in threes, a question, its answer and a number alone: "
	    "the number a count the program keeps, left out", st->nlines);
	drop_marked(r, st, NULL, 0);
}

/*
 * The letter that line i is alone, in upper case, with white space after
 * it at most, a blank line before it (or the file's start), and a line
 * under it that opens with that letter: a glossary's index, "A" over
 * "API && ..."; else 0.  A quiz's answer letter stands under its
 * question, "B" under "What is 2 + 2?", and heads nothing so.
 */
static int
index_letter(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;

	if (!isalpha((unsigned char)s[0]) || strspn(s + 1, " \t") + 1 !=
	    l->len || (i > 0 && l->gap == 0) || i + 1 >= st->nlines ||
	    toupper((unsigned char)st->text.data[st->lines[i + 1].off]) !=
	    toupper((unsigned char)s[0]))
		return 0;
	return toupper((unsigned char)s[0]);
}

/*
 * A glossary may head its terms with the letters they begin with, "A",
 * "C", "D", each alone after a blank line.  When min_units such lines
 * or more stand in the alphabet's order, each after the one before, and
 * no other such line breaks it, they are the glossary's index: left out,
 * said once.
 */
static void
find_index_letters(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, n = 0;
	unsigned long	 first = 0;
	int		 c, last = 0;

	for (i = 0; i < st->nlines; i++) {
		if ((c = index_letter(st, i)) == 0)
			continue;
		if (c <= last)
			return;
		if (n++ == 0)
			first = st->lines[i].lineno;
		last = c;
	}
	if (n < (size_t)layout_weight.min_units)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu lines of "
	    "a letter alone, in the alphabet's order: a glossary's index, "
	    "left out, not cards", n);
	drop_heads(r, st, index_letter, NULL);
}

/*
 * Where a statement's verdict in parentheses opens at the end of line l,
 * "XML allows custom tags. (True)": the index of its "(", or 0.
 */
static size_t
verdict_at(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	char		 low[16];
	size_t		 n = l->len, k;

	if (n < 4 || s[n - 1] != ')')
		return 0;
	for (k = n - 1; k > 0 && s[k - 1] != '(' && n - k < sizeof(low); k--)
		continue;
	if (k < 2 || s[k - 1] != '(' || s[k - 2] != ' ')
		return 0;
	cp_lower_prefix(s + k, n - 1 - k, low, sizeof(low));
	return in_list(low, verdicts) && cp_count_words(s, k - 1) >= 2 ?
	    k - 1 : 0;
}

/*
 * Statements to judge may carry their verdict at the end, "HTML is a
 * super type of XML. (False)": where no separator parts the file and
 * three lines or more end so, each such line is a card of its own, the
 * statement the front and the verdict, without its parentheses, the
 * back.  Reported once.
 */
static void
find_verdicts(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, n = 0;
	unsigned long	 first = 0;

	if (st->sep != NULL || st->qa != QA_NONE)
		return;
	for (i = 0; i < st->nlines; i++)
		if (verdict_at(st, &st->lines[i]) > 0 && n++ == 0)
			first = st->lines[i].lineno;
	if (n < (size_t)layout_weight.min_units)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
	    "%zu statements end in their verdict in parentheses, \"(True)\": "
	    "each a card, the verdict its back", n);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if ((l->cut = verdict_at(st, l)) > 0) {
			l->cutlen = 1;
			l->backend = l->len - 1;
		}
	}
}

/*
 * A first line that names the columns (names_columns()) is a header row,
 * as csv2cards reads one, and no card: it is left out, and reported.
 */
static void
find_header_row(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l = st->lines;
	size_t			 i;

	if (st->sep == NULL || st->nlines < 2 || l->cut == 0 ||
	    !names_columns(st, st->sep))
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, l->lineno, 0, "a header "
	    "row, the columns' names: left out, not a card");
	st->tagged -= l->tagoff > 0;
	st->parted--;
	st->nlines--;
	memmove(st->lines, st->lines + 1, st->nlines * sizeof(*st->lines));
	/* An answer naming an option names it one line up now. */
	for (i = 0; i < st->nlines; i++)
		if (st->lines[i].names > 0)
			st->lines[i].names--;
}

/*
 * A list whose dashes are glued to its terms, "    -demokrácia: szabad
 * polgárok ...": where most parted lines open so, and most of those
 * terms are words of a language (a space or a letter beyond ASCII in
 * them) rather than a command's options ("-v: verbose"), the dash is the
 * list's bullet, no term's; said once.  A suffix's dash ("-ABLE :
 * capable of") is text: its terms are no such words.
 */
static void
find_glued_terms(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, k, glued = 0, words = 0, at = 0;

	if (st->sep == NULL)
		return;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		k = strspn(s, " \t");
		if (l->cut == 0 || k + 2 > l->cut || s[k] != '-' ||
		    !(isalpha((unsigned char)s[k + 1]) ||
		    (unsigned char)s[k + 1] >= 0x80))
			continue;
		if (glued++ == 0)
			at = l->lineno;
		for (k++; k < l->cut && s[k] != ' ' &&
		    (unsigned char)s[k] < 0x80; k++)
			continue;
		words += k < l->cut && !(s[k] == ' ' &&
		    strspn(s + k, " \t") == l->cut - k);
	}
	if (glued < 3 || 2 * glued < st->parted || 2 * words <= glued)
		return;
	st->gluedterms = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, at, 0, "a dash glued "
	    "to the terms of %zu lines read as the list's bullet, no part "
	    "of the term", glued);
}

/*
 * The scripts beyond Latin of the letters in s[0..n), a bit for each
 * of letter_script()'s 'e', 'c', 'k', 'h' and 'g'.
 */
#define CJK_SCRIPTS	0x1cu	/* 'k', 'h' and 'g' in script_mix() */

static unsigned int
script_mix(const char *s, size_t n)
{
	static const char	 scripts[] = "eckhg";
	unsigned int		 mix = 0;
	size_t			 k, len;
	int			 c;

	for (k = 0; k < n; k += len) {
		if (cp_utf8_decode(s + k, n - k, &len) == 0)
			break;
		if ((c = letter_script(s + k, n - k)) != 0 &&
		    strchr(scripts, c) != NULL)
			mix |= 1u << (strchr(scripts, c) - scripts);
	}
	return mix;
}

/*
 * Are the lines written in one mix of scripts beyond Latin, sure_num in
 * sure_den of them or more, ideographs or kana or both ("この花は...")?
 * Lines that alternate between a word and its reading or meaning change
 * scripts between the two ("義務" over "ぎむ"); lines of one mix, none
 * asking, are sentences or words of one language, each of one kind.
 * (Latin letters say nothing: many languages share them.)
 */
static int
one_script_mix(const struct txt_state *st)
{
	size_t		 i, count[32] = { 0 }, most = 0;

	for (i = 0; i < st->nlines; i++)
		count[script_mix(st->text.data + st->lines[i].off,
		    st->lines[i].len)]++;
	for (i = 1; i < 32; i++)
		if (count[i] > count[most])
			most = i;
	return most != 0 && sure(count[most], st->nlines);
}

/*
 * Does line l ask, by a question mark or as Japanese asks, "...か" or
 * "...か。"?
 */
static int
asks_in_cjk(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len;

	if (n >= 3 && strncmp(s + n - 3, "\xe3\x80\x82", 3) == 0)
		n -= 3;		/* "。" */
	return (l->flags & LF_ENDQ) || memchr(s, '?', l->len) != NULL ||
	    (n >= 3 && strncmp(s + n - 3, "\xe3\x81\x8b", 3) == 0);
}

/*
 * Is the file a text in one language written without spaces between
 * words (Chinese, Japanese; Korean spaces words but its lines are
 * counted alike), a line a sentence, no blank line between them: the
 * lines of one mix of scripts (one_script_mix()), sure_num in sure_den
 * of them with no field's colon or bracket and not set in (records and
 * outlines have them), fit_num in fit_den of them prose_words letters
 * of those scripts or more (a word and its reading are shorter), one in
 * prose_asks_den at most asking?  Example
 * sentences to listen to ask nothing and answer nothing, however they
 * alternate.  (Where words are spaced, holds_no_cards() counts them.)
 */
static int
one_script_text(const struct txt_state *st)
{
	size_t	 i, k, len, letters, long_lines = 0, asking = 0, marked = 0;
	const char	*s;

	if (st->nlines < (size_t)layout_weight.min_units ||
	    !one_script_mix(st))
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((i > 0 && st->lines[i].gap > 0) ||
		    (script_mix(s, st->lines[i].len) & ~CJK_SCRIPTS) != 0)
			return 0;
		/*
		 * A field's colon or bracket, a line set in: a record; "A."
		 * opening it: an option.
		 */
		marked += strchr(" \t", *s) != NULL || strpbrk(s, ":[") !=
		    NULL || strstr(s, FULLWIDTH_COLON) != NULL ||
		    strstr(s, "\xe3\x80\x90") != NULL ||	/* 【 */
		    opens_option(st, &st->lines[i]) != 0;
	}
	if (!sure(st->nlines - marked, st->nlines))
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		for (k = letters = 0; k < st->lines[i].len; k += len) {
			if (cp_utf8_decode(s + k, st->lines[i].len - k,
			    &len) == 0)
				break;
			letters += script_mix(s + k, len) != 0;
		}
		long_lines += letters >= (size_t)layout_weight.prose_words;
		asking += asks_in_cjk(st, &st->lines[i]);
	}
	return long_lines * (size_t)layout_weight.fit_den >=
	    st->nlines * (size_t)layout_weight.fit_num &&
	    asking * (size_t)layout_weight.prose_asks_den <= st->nlines;
}

/*
 * Reads the layout of the whole file: blank lines that part every card
 * (L_BLOCKS), two blank lines between cards and one between question
 * and answer (L_GROUPS), or, with no blank lines to go by, lines that
 * alternate between question and answer (L_CYCLE), or go in threes
 * with a pronunciation in the same place in each (L_CYCLE).  Labels and a
 * declared count are stronger evidence and have their own rules.
 */
static void
find_layout(struct txt_state *st)
{
	size_t	 m = st->nlines, i, nb = 0, nmulti = 0, ng = 0, ng1 = 0;
	size_t	 ngle1 = 0, run = 0, inner = 0, ninner = 0, qe = 0, qo = 0;
	size_t	 we = 0, wo = 0;
	size_t	 nlab = 0, no = 0, ng0 = 0, asked = 0, tight = 0;
	long	 ae = 0, ao = 0;
	size_t	 fe = 0, fo = 0;
	int	 blanks = 0, lab = 0, options = 0;
	unsigned long	 gap;

	if (m == 0 || st->declared >= 0 || st->layout != L_FREE)
		return;
	for (i = 0; i <= m; i++) {
		gap = i == m ? ULONG_MAX : i == 0 ? 0 : st->lines[i].gap;
		/* Where counters part the cards, a block is a counter's. */
		if (i > 0 && gap > 0 && (!st->counters || i == m ||
		    st->lines[i].counted)) {
			nb++;
			nmulti += run > 1;
			nlab += lab;
			run = lab = 0;
		}
		lab |= i < m && (st->lines[i].flags & LF_APFX);
		if (i > 0 && gap >= 2) {
			ng++;
			ng1 += inner == 1;
			ng0 += inner == 0;
			ngle1 += inner <= 1;
			inner = 0;
		} else if (i > 0 && gap == 1) {
			inner++;
			ninner++;
		}
		run++;
		blanks |= i > 0 && i < m && gap > 0;
		options |= i < m && expected_option(st, i);
	}
	/*
	 * Answer labels right under their questions say where cards begin;
	 * blank lines that part an answer's paragraphs do not.
	 */
	if (st->underlabel && nlab * (size_t)layout_weight.fit_den <
	    nb * (size_t)layout_weight.fit_num)
		return;
	/*
	 * Labels alone on their lines head all the lines up to the next
	 * label, the blank lines in a long answer too.
	 */
	if (st->labelsalone)
		return;
	/*
	 * Question labels right under the answer above (not under a
	 * remark after a blank line), on half of them or more, part the
	 * cards themselves; blank lines may only space a page's parts.
	 */
	for (i = 1; st->qa == QA_BOTH && i < m; i++)
		if (st->lines[i].flags & LF_QPFX) {
			asked++;
			tight += st->lines[i].gap == 0 &&
			    (st->lines[i - 1].gap == 0 ||
			    (st->lines[i - 1].flags & LF_APFX));
		}
	if (asked >= (size_t)layout_weight.min_units && 2 * tight >= asked)
		return;
	/*
	 * Groups hold one blank line each, give or take: half of them one
	 * or more and half of those exactly one (a group with none is a
	 * question left unanswered or a note), most at most one, and no
	 * more blank lines inside them than there are groups (else they are
	 * blocks under headings).
	 */
	if (ng >= (size_t)layout_weight.min_units && ng1 * 2 >= ng - ng0 &&
	    (ng - ng0) * 2 >= ng && ninner <= ng &&
	    ngle1 * (size_t)layout_weight.fit_den >=
	    ng * (size_t)layout_weight.fit_num) {
		st->layout = L_GROUPS;
		st->split = 2;
		return;
	}
	if (nb >= (size_t)layout_weight.min_units &&
	    nmulti * (size_t)layout_weight.fit_den >=
	    nb * (size_t)layout_weight.fit_num) {
		st->layout = L_BLOCKS;
		st->split = 1;
		return;
	}
	/*
	 * Cycles: every block is one line, or there are no blanks.  Options
	 * "A) ...", "B) ..." go with their question, however many lines
	 * there are.
	 */
	if ((blanks && nmulti > 0) || st->qa != QA_NONE || options)
		return;
	if (m % 3 == 0 && m >= 6 && (st->spell_at = spelled_third(st)) > 0) {
		st->layout = L_CYCLE;
		st->period = 3;
		return;
	}
	if (m % 2 != 0 || m < 4)
		return;
	for (i = 0; i < m; i++) {
		if (i % 2 == 0) {
			ae += st->lines[i].alone;
			qe += (st->lines[i].flags & LF_ENDQ) != 0;
			we += asks_outright(&st->lines[i]);
			fe += beyond_ascii(st->text.data + st->lines[i].off,
			    st->lines[i].len);
		} else {
			ao += st->lines[i].alone;
			qo += (st->lines[i].flags & LF_ENDQ) != 0;
			wo += asks_outright(&st->lines[i]);
			no += numbered_as_questions(st, &st->lines[i]);
			fo += beyond_ascii(st->text.data + st->lines[i].off,
			    st->lines[i].len);
		}
	}
	/*
	 * The questions must read more as questions than the answers (or
	 * ask, by a "?" or a question word, on sure lines where the answers
	 * hardly do), and
	 * a line numbered as the deck's questions are is no answer: half
	 * the lines so numbered are a list of questions, not a cycle.  A
	 * phrase and its translation ask alike; lines that alternate between
	 * letters of ASCII alone and letters beyond it on sure_num in
	 * sure_den of the pairs or more, min_units at least, are two
	 * languages, each pair one card, the first line the front.
	 */
	if (no * 4 >= m)
		return;
	if ((ae > ao && qo * 4 <= qe) ||
	    (m / 2 >= (size_t)layout_weight.min_units && sure(we, m / 2) &&
	    wo * 4 <= we))
		st->turns = "a question over its answer";
	else if (m / 2 >= (size_t)layout_weight.min_units &&
	    (fe == 0 || fo == 0) && sure(fe + fo, m / 2))
		st->turns = "a phrase over its translation";
	else
		return;
	st->layout = L_CYCLE;
	st->period = 2;
}

/*
 * A list of questions, a test to answer oneself ("ile trwa ...", "co to
 * jest EDV?"), holds no answers: where two thirds of the lines or more
 * ask outright, in a file whose layout, labels and separators say
 * nothing, a line that asks answers no question above it, however the
 * lines alternate.  Blank lines that part the file into blocks say as
 * little when two in three of the lines under each block's first, the
 * lines that would be the answers, ask: those blocks are topics of
 * questions under a heading ("PySpark -"), no question over its answer,
 * and the lines alone decide.
 */
static void
find_question_list(struct txt_state *st)
{
	size_t	 i, n = 0, lines = 0;
	int	 blocks = st->layout == L_BLOCKS;

	if ((st->layout != L_FREE && !blocks) || st->qa != QA_NONE ||
	    st->qmark != QM_NONE || st->sep != NULL || st->declared >= 0 ||
	    st->nlines < (size_t)layout_weight.min_units)
		return;
	for (i = 0; i < st->nlines; i++) {
		if (blocks && (i == 0 || st->lines[i].gap > 0))
			continue;
		lines++;
		n += asks_outright(&st->lines[i]);
	}
	st->asklist = lines >= (size_t)layout_weight.min_units &&
	    n * (size_t)layout_weight.fit_den >=
	    lines * (size_t)layout_weight.fit_num;
	if (st->asklist) {
		st->layout = L_FREE;
		st->split = 0;
	}
}

/*
 * Does s[0..n) end in a reference in parentheses, numbers alone,
 * "(17)", "(24,44)", perhaps with a sign after it, "(21)?"?
 */
static int
ends_in_reference(const char *s, size_t n)
{
	size_t	 k;

	while (n > 0 && strchr("?&.", s[n - 1]) != NULL)
		n--;
	if (n < 3 || s[n - 1] != ')')
		return 0;
	for (k = n - 1; k > 0 && (isdigit((unsigned char)s[k - 1]) ||
	    s[k - 1] == ',' || s[k - 1] == ' '); k--)
		continue;
	return k > 0 && k + 1 < n && s[k - 1] == '(' &&
	    isdigit((unsigned char)s[k]);
}

/*
 * An exam's bank of questions and statements to judge true or false may
 * end each line in the numbers of the exams that set it, "(24,44)":
 * where fit_num in fit_den lines or more do, min_units at least, and as
 * many of those are sentences (twice the words of a term or more;
 * "Paris (1)" or "Hydrogen - H (1)" are answers or pairs), the lines are
 * all of one kind and none answers another, however they alternate.
 */
static int
referenced_lines(const struct txt_state *st)
{
	size_t	 i, n = 0, sentences = 0;

	for (i = 0; i < st->nlines; i++)
		if (ends_in_reference(st->text.data + st->lines[i].off,
		    st->lines[i].len)) {
			n++;
			sentences += st->lines[i].words >=
			    2 * (unsigned int)layout_weight.term_words;
		}
	return n >= (size_t)layout_weight.min_units &&
	    n * (size_t)layout_weight.fit_den >=
	    st->nlines * (size_t)layout_weight.fit_num &&
	    sentences * (size_t)layout_weight.fit_den >=
	    n * (size_t)layout_weight.fit_num;
}

/*
 * Is line i the rest of a paragraph's sentence wrapped onto it: in lower
 * case right under a paragraph's line that ends no sentence?  Its first
 * word, "ile", "which", asks nothing then.
 */
static int
wrapped_on(const struct txt_state *st, size_t i)
{
	const struct line	*p = &st->lines[i - (i > 0)];

	return i > 0 && st->lines[i].gap == 0 &&
	    islower((unsigned char)st->text.data[st->lines[i].off +
	    strspn(st->text.data + st->lines[i].off, " \t")]) &&
	    p->words > (unsigned int)layout_weight.prose_words &&
	    !(p->flags & LF_STOP);
}

/*
 * Does paragraph line l, text s, ask a question and answer it itself,
 * "Why? Because ...": its last "?" followed by a sentence on the line?
 */
static int
answered_in_place(const struct line *l, const char *s)
{
	const char	*q;
	size_t		 k;

	if (l->words <= (unsigned int)layout_weight.prose_words)
		return 0;
	for (q = NULL, k = l->len; k > 0 && q == NULL; k--)
		if (s[k - 1] == '?')
			q = s + k - 1;
	if (q == NULL)
		return 0;
	k = (size_t)(q - s) + 1;
	k += strspn(s + k, " \t\"");
	return k < l->len && cp_count_words(s + k, l->len - k) >= 2 &&
	    isupper((unsigned char)s[k]);
}

/*
 * Does line i ask a reader: end in or hold a '?', open with a question
 * word or a prompt, or point ahead?  "Why? Because ..." asks and goes on
 * to answer; it asks no reader.
 */
static int
line_asks(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;

	return !answered_in_place(l, s) &&
	    ((l->flags & (LF_ENDQ | LF_POINTS)) ||
	    memchr(s, '?', l->len) != NULL ||
	    ((l->flags & LF_ASKS) && !wrapped_on(st, i)));
}

/*
 * Is the file a list of topics, an exam's, one to a block under a line
 * that announces them ("Questions for the exam:"): min_units blocks or
 * more, each one line, hardly any asking and hardly any as short as a
 * term (each one line in ten at most: sure_num in sure_den are
 * neither), the lines that would be fronts and those that would be backs
 * as long as each other, neither pair's side half as long again as the
 * other?  Read in pairs, one topic would answer another; a question
 * asks, a term is short, an explanation longer than what it explains,
 * and these lines are none of them.  (A deck of sentences over their
 * translations, one to a block, is shaped so too, but announces no
 * list.)
 */
static int
topic_blocks(const struct txt_state *st)
{
	size_t	 i, asking = 0, terms = 0, words[2] = { 0, 0 }, few;

	if (st->nlines < (size_t)layout_weight.min_units ||
	    !(st->lines[0].flags & LF_COLON))
		return 0;
	for (i = 0; i < st->nlines; i++) {
		if (i > 0 && st->lines[i].gap == 0)
			return 0;
		asking += line_asks(st, i);
		terms += st->lines[i].words <=
		    (unsigned int)layout_weight.term_words;
		words[i % 2] += st->lines[i].words;
	}
	few = st->nlines * (size_t)(layout_weight.sure_den -
	    layout_weight.sure_num);
	return asking * (size_t)layout_weight.sure_den <= few &&
	    terms * (size_t)layout_weight.sure_den <= few &&
	    words[0] * 2 <= words[1] * 3 && words[1] * 2 <= words[0] * 3;
}

/*
 * Is the file a bank of questions with no answers: a line to a block
 * (nine in ten blocks or more), four times min_units lines or more, two
 * in five of them asking (line_asks()), and half the lines right under
 * one that asks asking too?  An answer follows a question; here
 * questions follow questions, "Why is main() static?" over "Which class
 * is the superclass of every class?".  Not where they do so within the
 * file's pairs of lines far more than across them: a sentence over its
 * translation, a question over the same question.
 */
static int
question_bank(const struct txt_state *st)
{
	size_t	 i, joined = 0, asking = 0, after = 0, again[2] = { 0, 0 };
	int	 prev = 0, cur;

	if (st->nlines < 4 * (size_t)layout_weight.min_units)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		joined += i > 0 && st->lines[i].gap == 0;
		cur = line_asks(st, i);
		asking += cur;
		after += prev;
		again[i % 2] += prev && cur;
		prev = cur;
	}
	return joined * 10 <= st->nlines && asking * 5 >= st->nlines * 2 &&
	    after > 0 && (again[0] + again[1]) * 2 >= after &&
	    again[0] * 2 >= again[1];
}

/*
 * Is the file prose that holds no cards, lecture notes or an essay?  No
 * line leaves a gap to fill or carries a label; hardly any reads as a
 * question (ends in or holds a '?', opens with a question word or a
 * prompt, points ahead), one paragraph line in prose_asks_den at most,
 * where a paragraph's line that asks and goes on to answer, "Why? Because
 * ...", asks no reader; two thirds of the lines or more are paragraphs of
 * more than prose_words words, and more than half of those follow
 * another paragraph, so no short line heads each one as a term heads
 * its meaning in a glossary.  Nor is it prose when blank lines part it
 * into pairs of lines, a sentence over another (its translation, say),
 * on sure_num in sure_den blocks or more: that layout repeats.
 */
static int
holds_no_cards(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, para = 0, runs = 0, long_words;
	size_t			 blocks = 0, pairs = 0, asking = 0;
	size_t			 words = 0, parawords = 0, heads = 0, nested = 0;
	int			 prev = 0, cur;

	long_words = (size_t)layout_weight.prose_words;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((l->flags & (LF_QPFX | LF_APFX)) ||
		    strstr(s, "___") != NULL)
			return 0;
		asking += line_asks(st, i);
		if (l->flags & LF_COLON) {
			heads++;
			nested += i + 1 < st->nlines &&
			    st->lines[i + 1].gap == 0 &&
			    (st->lines[i + 1].flags & LF_COLON);
		}
		cur = l->words > long_words;
		para += cur;
		words += l->words;
		parawords += cur ? l->words : 0;
		runs += cur && prev;
		prev = cur;
		if (i > 0 && l->gap == 0)
			continue;
		blocks++;
		pairs += i + 1 < st->nlines && st->lines[i + 1].gap == 0 &&
		    (i + 2 == st->nlines || st->lines[i + 2].gap > 0) &&
		    (l->flags & LF_STOP);
	}
	if (blocks >= (size_t)layout_weight.min_units &&
	    pairs * (size_t)layout_weight.sure_den >=
	    blocks * (size_t)layout_weight.sure_num)
		return 0;
	if (asking * (size_t)layout_weight.prose_asks_den <= st->nlines &&
	    nested >= (size_t)layout_weight.min_units &&
	    nested * (size_t)layout_weight.outline_den >= heads)
		return 1;
	return para >= (size_t)layout_weight.min_units &&
	    parawords * (size_t)layout_weight.fit_den >=
	    words * (size_t)layout_weight.fit_num && runs * 2 > para &&
	    asking * (size_t)layout_weight.prose_asks_den <= para;
}

/*
 * Is s[0..n) bare words, no more than most: letters, spaces, '-',
 * '\'' and the brackets of a reading, "範[はん] 囲[い]", and no digit,
 * no punctuation (ASCII, general, CJK or full-width)?
 */
static int
bare_words(const char *s, size_t n, size_t most)
{
	unsigned long	 cp;
	size_t		 i, k;

	if (cp_count_words(s, n) > most)
		return 0;
	for (i = 0; i < n; i += k) {
		if ((cp = cp_utf8_decode(s + i, n - i, &k)) < 0x80 ?
		    !isalpha((int)cp) && strchr(" -'[]", (int)cp) == NULL :
		    (cp >= 0x2000 && cp < 0x2070) ||
		    (cp >= 0x3000 && cp < 0x3040) ||
		    (cp >= 0xff00 && cp < 0xff66))
			return 0;
	}
	return 1;
}

/*
 * How many blocks blank lines part the file into when all of them hold
 * as many lines, *size of them; else 0.
 */
static size_t
even_blocks(const struct txt_state *st, size_t *size)
{
	size_t	 i, blocks = 1, run = 0;

	for (*size = 0, i = 0; i < st->nlines; i++) {
		if (i > 0 && st->lines[i].gap > 0) {
			if (*size != 0 && run != *size)
				return 0;
			*size = run;
			run = 0;
			blocks++;
		}
		run++;
	}
	if (*size != 0 && run != *size)
		return 0;
	*size = run;
	return blocks;
}

/* Does line i open with a space or a tab? */
static int
opens_blank(const struct txt_state *st, size_t i)
{
	char	 c = st->text.data[st->lines[i].off];

	return c == ' ' || c == '\t';
}

/*
 * Is the file one list of bulleted items, "- das einzige Licht im
 * berufsalltag", phrases to remember with no meaning given: at least
 * wordlist_min lines, sure_num in sure_den of them opening with a
 * bullet (answer_bullet()), not an outline (sure_num in sure_den of its
 * lines a margin item over one set-in line, a term over its meaning),
 * no blank lines that part it into three blocks or more of one size,
 * two lines at least (pairs), no arrow, slash or "=" parting half the
 * lines, and fewer than one in four asking, so that no question stands
 * over its answer?  Read by the lines' turns, items would pair as
 * cards.
 */
static int
bullet_list(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, bullets = 0, asks = 0, setin = 0;
	size_t			 size, parted = 0;

	if (st->nlines < (size_t)layout_weight.wordlist_min)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		bullets += answer_bullet(st, l) > 0;
		asks += (l->flags & LF_ENDQ) != 0;
		/* A margin item over one set-in line: an outline's pair. */
		setin += !opens_blank(st, i) && i + 1 < st->nlines &&
		    opens_blank(st, i + 1) && (i + 2 == st->nlines ||
		    !opens_blank(st, i + 2));
		parted += memmem(s, l->len, " \xe2\x86\x92 ", 5) != NULL ||
		    memmem(s, l->len, " / ", 3) != NULL ||
		    memmem(s, l->len, " = ", 3) != NULL;
	}
	/*
	 * An outline, terms over set-in meanings; pairs in blocks; items
	 * parted by an arrow, a slash or "=", "apple → Apfel".
	 */
	if (sure(2 * setin, st->nlines) || (even_blocks(st, &size) >= 3 &&
	    size >= 2) || 2 * parted >= st->nlines)
		return 0;
	return sure(bullets, st->nlines) && 4 * asks < st->nlines;
}

/*
 * Are the lines, min_units or more and nearly all of them, each a term
 * of four words at most and "=" with nothing after it, "always=": a
 * program's dictionary whose meanings are still to write?
 */
static int
unfilled_entries(const struct txt_state *st)
{
	const char	*s;
	size_t		 i, n, open = 0;

	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		n = blanks_cut(s, st->lines[i].len);
		open += n > 1 && s[n - 1] == '=' &&
		    memchr(s, '=', n - 1) == NULL &&
		    cp_count_words(s, n - 1) <= 4;
	}
	return st->nlines >= (size_t)layout_weight.min_units &&
	    sure(open, st->nlines);
}

/*
 * Is the file nouns with their plural endings (st->plurals), nearly each
 * line one or a few words with no meaning, "die Stadt,-ä-e", "der
 * Sport"?  A list of words to learn by their plurals, no cards.
 */
static int
plural_list(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, k, words = 0;

	if (!st->plurals)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		k = sep_find(s, l->len, 0, ",");
		words += k < l->len ? plural_ending(s, l->len, ",", k) &&
		    strcspn(s + k, " \t") >= blanks_cut(s + k, l->len - k) &&
		    cp_count_words(s, k) <= (size_t)layout_weight.front_words :
		    bare_words_line(st, l, 0);
	}
	return sure(words, st->nlines);
}

/*
 * Does each line, nearly (sure_num in sure_den), sort after the one above
 * it, as bytes with Latin capitals taken as small letters?
 */
static int
sorted_lines(const struct txt_state *st)
{
	const char	*a, *b;
	size_t		 i, n = 0;

	for (i = 1; i < st->nlines; i++) {
		a = st->text.data + st->lines[i - 1].off;
		b = st->text.data + st->lines[i].off;
		n += strcasecmp(a, b) <= 0;
	}
	return st->nlines > 1 && sure(n, st->nlines - 1);
}

/*
 * Is the file a drill's prompts, each line a word and the form asked of
 * it in another script, "театр yksikön genetiivissä" (script_cut()):
 * nine lines in ten or more so, four times min_units at least, each
 * word asked on two lines or more on average and the forms a quarter
 * as many as the lines or fewer, no line twice?  Each word pairs with
 * several forms and each form with many words: no line says what a
 * word's form is, and no card is written.
 */
static int
drill_prompts(const struct txt_state *st)
{
	struct cp_hashset	 fronts = { 0 }, backs = { 0 }, lines = { 0 };
	const char		*s;
	size_t			 i, k, n = 0, nf = 0, nb = 0, again = 0;

	if (st->nlines < 4 * (size_t)layout_weight.min_units)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		s = st->text.data + st->lines[i].off;
		if ((k = script_cut(s, st->lines[i].len, ' ')) >=
		    st->lines[i].len)
			continue;
		n++;
		nf += !cp_hashset_add(&fronts, cp_hash64(s, k));
		nb += !cp_hashset_add(&backs, cp_hash64(s + k + 1,
		    st->lines[i].len - k - 1));
		again += cp_hashset_add(&lines, cp_hash64(s,
		    st->lines[i].len));
	}
	cp_hashset_free(&fronts);
	cp_hashset_free(&backs);
	cp_hashset_free(&lines);
	return n * 10 >= st->nlines * 9 && 2 * nf <= n && 4 * nb <= n &&
	    again == 0;
}

/*
 * Is the file a list of words to learn, with no meaning given: GRE words
 * one a line, or Japanese words with their readings?  At least
 * wordlist_min lines, each bare words (bare_words()) whose first letter
 * is of the same script as every other's; where the script has cases,
 * each line is one word, lower-case (a capital opens the names that
 * pair as facts do, a country over its capital, and a phrase may be a
 * word's meaning) unless the lines stand in alphabetical order, nearly
 * all (sorted_lines()), as no pairs do; where it has none, one to three words ("範[はん]
 * 囲[い]" is one word and its readings).  Nothing tells a word from a
 * meaning.  Nor is it a list when blank lines part it into min_units
 * blocks or more, all of one size: that layout pairs the lines.
 */
static int
word_list(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, size, other = 0;
	int			 script = 0, cur, sorted;

	if (st->nlines < (size_t)layout_weight.wordlist_min)
		return 0;
	sorted = sorted_lines(st);
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((cur = letter_script(s, l->len)) == 'A' && sorted)
			cur = 'a';	/* "Abstinens" over "Akrobat" */
		if (cur == 0 || cur == 'A' || (script != 0 && cur != script) ||
		    !bare_words(s, l->len, strchr("alec", cur) ? 1 : 3)) {
			/*
			 * A few lines of another kind, "--- 100", a count;
			 * not a question.
			 */
			if ((l->flags & LF_ENDQ) ||
			    !sure(st->nlines - ++other, st->nlines))
				return 0;
			continue;
		}
		script = cur;
	}
	return even_blocks(st, &size) < (size_t)layout_weight.min_units;
}

/*
 * How many blocks open at the margin with a line that sep parts: a
 * glossary's entries, "Objeto -> Una entidad ...", over their set-in
 * points.  A block set in is an answer's paragraph, no entry.
 */
static size_t
margin_entries(const struct txt_state *st, const char *sep)
{
	size_t	 i, n = 0, cut, len, tag;
	int	 again, guess;

	for (i = 0; i < st->nlines; i++)
		n += unit_head(st, i) && !indented(st, i) &&
		    cut_line(st, &st->lines[i], sep, &cut, &len, &again,
		    &guess, &tag);
	return n;
}

/*
 * Blocks of one line and of several, between blank lines, are still
 * the cards when one separator parts the first line of nearly every
 * block (sure_num in sure_den): "question;answer" with the answer
 * running on below, or quoted over blank lines.  Entries at the margin
 * over their points set in are cards on fit_num in fit_den of the
 * blocks: the blocks that are no entries are the notes among them.
 */
static void
split_blocks(struct txt_state *st)
{
	const char	*sep;
	size_t		 best, units, tagged;

	st->layout = L_BLOCKS;
	st->split = 1;
	/* Quoted fields joined, the separator must still be the one. */
	if ((sep = choose_split(st, &best, &units, &tagged)) != NULL) {
		join_quotes(st, sep);
		if (choose_split(st, &best, &units, &tagged) != sep)
			sep = NULL;
	}
	if (sep != NULL && !sure(best, units))
		st->entries = margin_entries(st, sep) *
		    (size_t)layout_weight.fit_den >=
		    units * (size_t)layout_weight.fit_num;
	if (sep == NULL || (!sure(best, units) && !st->entries)) {
		st->layout = L_FREE;
		st->split = 0;
	}
}

/*
 * An answer's label alone on its line, "A:" over paragraphs and code with
 * blank lines among them, heads them all: the answer goes on up to the
 * next line after a blank that asks, wears a label or stands over one.
 */
static void
find_label_answers(struct txt_state *st)
{
	const struct line	*n;
	size_t			 i, k;

	for (i = 0; i < st->nlines; i++) {
		if (!(st->lines[i].flags & LF_APFX) ||
		    st->lines[i].pfx < st->lines[i].len)
			continue;
		for (k = i + 1; k < st->nlines; k++) {
			n = &st->lines[k];
			if (n->gap > 0 && ((n->flags & (LF_ENDQ | LF_QPFX |
			    LF_APFX)) || (k + 1 < st->nlines &&
			    st->lines[k + 1].gap == 0 &&
			    (st->lines[k + 1].flags & LF_APFX))))
				break;
			st->lines[k].part = P_ANSWER;
		}
		i = k - 1;
	}
}

/*
 * Exam questions with answers copied under them may leave a blank line
 * between a question and its answer ("Dlaczego ...?", a blank line, "Ze
 * względu na ...").  Where half the blocks or more open with a line that
 * asks outright, and at least three questions stand alone in their
 * blocks, two thirds of them or more over a block that asks nothing, such
 * a block is the answer of the question above it: the two are joined,
 * and this is reported once.
 */
static void
join_answers(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 i, e, blocks = 0, asking = 0, lone = 0, pairs = 0;
	size_t		 joined = 0;
	unsigned long	 first = 0;
	int		 lone_above = 0;

	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		blocks++;
		asking += asks_outright(&st->lines[i]);
		if (e == i + 1 && e < st->nlines &&
		    asks_outright(&st->lines[i])) {
			lone++;
			pairs += !asks_outright(&st->lines[e]);
		}
	}
	if (asking * 2 < blocks || pairs < (size_t)layout_weight.min_units ||
	    pairs * (size_t)layout_weight.fit_den <
	    lone * (size_t)layout_weight.fit_num)
		return;
	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		l = &st->lines[i];
		if (lone_above && !asks_outright(l)) {
			l->gap = 0;
			l->flags &= ~LF_BLANK;
			l->part = P_ANSWER;
			if (joined++ == 0)
				first = l[-1].lineno;
		}
		lone_above = e == i + 1 && asks_outright(l);
	}
	if (joined > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "%zu questions alone in their blocks over a block that "
		    "asks nothing (questions open %zu of %zu blocks): each "
		    "such block read as the answer above", joined, asking,
		    blocks);
}

/* Is line l code by its text, not by its indentation alone? */
static int
written_code(const struct line *l)
{
	return (l->flags & (LF_CODE | LF_SHIFTED)) == LF_CODE;
}

/* The braces line l opens and does not close, or closes (< 0), as code. */
static long
brace_balance(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 i;
	long		 d = 0;

	if (!written_code(l))
		return 0;
	for (i = 0; i < l->len; i++)
		d += (s[i] == '{') - (s[i] == '}');
	return d;
}

/*
 * An answer may show code with blank lines inside it, at the margin as
 * a program is written: "int main() {", a blank line, "  int a = 10;",
 * "}".  In a file of blocks, a block that asks nothing is more of the
 * answer above when a brace of the code above it is still open, when it
 * is code to its last line (code over prose asks and answers) right
 * after a line that announces it ("as follows:") or after code, or when
 * it is indented under a block so joined ("  which adds two boxes").  A
 * block that asks begins a card and closes the braces.  Its blank lines
 * stay part of the answer; reported once.
 */
static void
join_code(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l, *last;
	size_t		 i, e, k, joined = 0;
	unsigned long	 first = 0;
	long		 depth = 0;
	int		 prev = 0, join, code;

	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		l = &st->lines[i];
		last = i > 0 ? &st->lines[i - 1] : NULL;
		/* Code over a line of prose is a question over its answer. */
		code = written_code(&st->lines[e - 1]) || indented(st, e - 1) ||
		    e == i + 1;
		/* A block that asks begins a card, whatever the braces. */
		if (asks_outright(l))
			depth = 0;
		join = last != NULL && !asks_outright(l) && (depth > 0 ||
		    (written_code(l) && code && (written_code(last) ||
		    (last->flags & LF_COLON) || prev)) ||
		    (prev && indented(st, i)));
		if (join) {
			for (k = i; k < e; k++)
				st->lines[k].part = P_ANSWER;
			l->kept = l->gap;
			if (joined++ == 0)
				first = l->lineno;
		}
		prev = join;
		for (k = i; k < e; k++)
			if ((depth += brace_balance(st, &st->lines[k])) < 0)
				depth = 0;
	}
	if (joined > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "%zu block%s of code, or set in under code, past blank "
		    "lines: read as more of the answer above, not cards",
		    joined, joined == 1 ? "" : "s");
}

/* Does a line read as a question or a term, a card's first line? */
static int
asks(const struct line *l)
{
	return (l->flags & (LF_ENDQ | LF_ASKS | LF_TERM | LF_QPFX)) &&
	    !(l->flags & (LF_LIST | LF_CODE));
}

/*
 * Does line l ask (asks()), when set in by four spaces, as an outline's
 * or a study guide's questions are, taken for no code?
 */
static int
asks_set_in(const struct line *l)
{
	struct line	 unshifted = *l;

	if (l->flags & LF_SHIFTED)
		unshifted.flags &= ~LF_CODE;
	return asks(&unshifted);
}

/*
 * Can line l head an indented answer in the middle of a block: a
 * question, a numbered line, or a term and its colon ("Long:")?
 */
static int
heads_answer(const struct line *l)
{
	return asks_set_in(l) || (l->flags & LF_NUMBER) ||
	    ((l->flags & LF_COLON) &&
	    l->words <= (unsigned int)layout_weight.term_words);
}

/*
 * Counts the runs of lines at indent base over lines indented deeper
 * (*multi, with the runs of several lines) and those whose deeper lines
 * hang from them as an answer from its question (*hang): a block's
 * first line, or a run ending in a line that can head an answer, over
 * lines not all code or options, and of those the runs that end in a
 * label's colon (*labels).  Shallower lines belong to no run.
 */
static void
hanging(const struct txt_state *st, size_t base, size_t *hang, size_t *multi,
    size_t *labels)
{
	size_t	 i, j, k, r, e;
	int	 prose, hangs;

	*hang = *multi = *labels = 0;
	for (i = 0; i < st->nlines; i = e) {
		e = block_end(st, i);
		for (k = i; k < e; k = j > k ? j : k + 1) {
			for (r = k; r < e && indent_of(st, r) == base; r++)
				continue;
			for (j = r, prose = 0; j < e && indent_of(st, j) > base;
			    j++)
				prose |= (!(st->lines[j].flags & LF_CODE) ||
				    (st->lines[j].flags & LF_SHIFTED)) &&
				    st->lines[j].opt == 0;
			*multi += r > k && j - k >= 2;
			hangs = r > k && j > r && prose && ((k == i &&
			    r == k + 1) || heads_answer(&st->lines[r - 1]));
			*hang += hangs;
			*labels += hangs && (st->lines[r - 1].flags & LF_COLON);
		}
	}
}

/*
 * Is line i a question standing alone between blank lines?  A term
 * alone right under such a question ("Paris" under "What is the capital
 * of France?") is its answer; above says whether the block above is one.
 */
static int
lone_question(const struct txt_state *st, size_t i, int above)
{
	const struct line	*l = &st->lines[i];

	return (i == 0 || l->gap > 0) && block_end(st, i) == i + 1 &&
	    asks(l) && !(above && !(l->flags & (LF_ENDQ | LF_ASKS | LF_QPFX)));
}

/*
 * A study guide's questions set in as the guide has them, each over its
 * answer typed at the margin: where min_units lines set in that ask or
 * more, fit_num in fit_den of them, stand right over a line at the
 * margin, and a third of the lines at the margin at most ask, each line
 * set in begins a card and the lines at the margin under it answer, up
 * to the next line set in or two blank lines.  A line set in right under
 * an answer's line that asks nothing, "    ls -la /tmp", is more of the
 * answer: its code.  A line at the margin after two blank lines, a
 * section's heading, is a note.  Sets each line's part; returns whether
 * the layout holds.
 */
static int
set_in_questions(struct txt_state *st)
{
	size_t	 i, m = st->nlines, over = 0, asking = 0, margin = 0;
	size_t	 margin_asks = 0;
	int	 under = 0;

	for (i = 0; i < m; i++)
		if (indent_of(st, i) == 0) {
			margin++;
			margin_asks += asks_outright(&st->lines[i]);
		} else if (asks_set_in(&st->lines[i])) {
			asking++;
			over += i + 1 < m && st->lines[i + 1].gap == 0 &&
			    indent_of(st, i + 1) == 0;
		}
	if (over < (size_t)layout_weight.min_units ||
	    over * (size_t)layout_weight.fit_den <
	    asking * (size_t)layout_weight.fit_num || margin_asks * 3 > margin)
		return 0;
	st->setin = 1;
	for (i = 0; i < m; i++)
		if (indent_of(st, i) > 0 && under && i > 0 &&
		    st->lines[i].gap == 0 && indent_of(st, i - 1) == 0 &&
		    !asks_set_in(&st->lines[i]))
			st->lines[i].part = P_ANSWER;
		else if (indent_of(st, i) > 0) {
			st->lines[i].part = P_HEAD;
			under = 1;
		} else if (under && st->lines[i].gap < 2)
			st->lines[i].part = P_ANSWER;
		else {
			st->lines[i].part = P_HEAD;
			under = 0;
		}
	return 1;
}

/*
 * Two layouts of questions and answers that blank lines alone do not
 * cut, each a file's habit when it holds on at least three cards, two
 * thirds of them or more.
 *
 * Answers indented under their questions: a block's first line, or a
 * run of lines at the margin that ends in a line that can head an
 * answer, over indented lines, not all of them code or options, two
 * thirds or more of the runs at the margin with lines under them or of
 * several lines.  Then every line at the margin that opens a block,
 * follows an indented line or is numbered begins a card; an indented
 * line goes on with the answer above, after a blank line too (the
 * answer's paragraphs and lists); and a line at the margin that hangs
 * nothing and asks nothing is a note, left out.  An outline may set its
 * questions in under headings at the margin, their answers deeper: the
 * layout is then read from the questions' indent, the headings above
 * it notes, when more runs hang answers there than lines stand at the
 * margin, a third of those at most asking or numbered, and a third of
 * the runs at most are labels ("  Kinds:" in a glossary's entry).
 *
 * Where blank lines make no blocks, questions alone between blank
 * lines with an answer of one block or more below each: a one-line
 * block that asks (a '?', a question word, a term) and a next block that
 * does not, on two thirds of such questions or more.  Then each such
 * question begins a card and everything up to the next is its answer,
 * lists and paragraphs alike.  Two blank lines or more end an answer:
 * lines after them with no question above them, like those before the
 * first question, answer nothing, each a line of its own, left out.
 *
 * Sets each line's part; returns whether either layout holds.
 */
static int
find_parts(struct txt_state *st)
{
	struct line	*l;
	size_t		 m = st->nlines, i, j, k, e, multi = 0, hang = 0;
	size_t		 heads = 0, pairs = 0, base = 0, inner, runs;
	size_t		 margin = 0, asking = 0, labels;
	int		 under = P_FREE, stray = 1, head, above = 0;

	for (i = 0; i < m; i = e, above = head) {
		e = block_end(st, i);
		head = lone_question(st, i, above);
		heads += head;
		pairs += above && !head;
	}
	hanging(st, 0, &hang, &multi, &labels);
	/*
	 * An outline may set its questions in under headings at the
	 * margin, their answers deeper still: read it from the questions'
	 * indent when more lines hang answers there than stand at the
	 * margin, few of those asking.
	 */
	for (i = 0; i + 1 < m && !(indent_of(st, i) > 0 &&
	    st->lines[i + 1].gap == 0 &&
	    indent_of(st, i + 1) > indent_of(st, i)); i++)
		continue;
	if (i + 1 < m) {
		hanging(st, indent_of(st, i), &inner, &runs, &labels);
		for (j = 0; j < m; j++)
			if (indent_of(st, j) == 0) {
				margin++;
				asking += asks_outright(&st->lines[j]) ||
				    (st->lines[j].flags & LF_NUMBER);
			}
		if (inner > hang && inner > margin && asking * 3 <= margin &&
		    labels * 3 <= inner &&
		    inner * (size_t)layout_weight.fit_den >=
		    runs * (size_t)layout_weight.fit_num) {
			base = indent_of(st, i);
			hang = inner, multi = runs;
		}
	}
	if (hang >= (size_t)layout_weight.min_units &&
	    hang * (size_t)layout_weight.fit_den >=
	    multi * (size_t)layout_weight.fit_num) {
		for (i = 0; i < m; i++) {
			l = &st->lines[i];
			if (indent_of(st, i) > base)
				l->part = P_ANSWER;
			else if (i == 0 || l->gap > 0 ||
			    indent_of(st, i - 1) != base ||
			    indent_of(st, i) < base ||
			    (l->flags & LF_NUMBER)) {
				l->part = P_HEAD;
				under = P_FREE;
				if ((l->flags & LF_COLON) && l->words <=
				    (unsigned int)layout_weight.term_words &&
				    st->text.data[l->off + l->len - 1] == ':') {
					drop_colon(st, i);
					under = P_ANSWER;
				} else if (!asks(l) && i + 1 < m &&
				    st->lines[i + 1].gap == 0 &&
				    indent_of(st, i + 1) == base &&
				    indent_of(st, i) == base)
					under = P_QUESTION;
			} else
				l->part = under;
		}
		return 1;
	}
	if (set_in_questions(st))
		return 1;
	if (st->layout != L_FREE || pairs < (size_t)layout_weight.min_units ||
	    pairs * (size_t)layout_weight.fit_den <
	    heads * (size_t)layout_weight.fit_num)
		return 0;
	for (i = 0, above = 0; i < m; i = e, above = head) {
		e = block_end(st, i);
		head = lone_question(st, i, above);
		if (head)
			stray = 0;
		else if (st->lines[i].gap > 1)
			stray = 1;
		for (k = i; k < e; k++)
			st->lines[k].part = head || stray ? P_HEAD : P_ANSWER;
	}
	return 1;
}

static long
count_blocks(const struct txt_state *st)
{
	size_t	 i;
	long	 n = st->nlines > 0;

	for (i = 1; i < st->nlines; i++)
		n += (st->lines[i].flags & LF_BLANK) != 0;
	return n;
}

/* The deck's name: the title without a trailing "Flashcards". */
static char *
deck_name(const char *title)
{
	static const char	 word[] = " flashcards";
	size_t			 n, k = sizeof(word) - 1;
	char			 low[sizeof(word)];

	title += strspn(title, " \t");	/* a title set in, "  第一章" */
	n = strlen(title);

	if (n > k) {
		cp_lower_prefix(title + n - k, k, low, sizeof(low));
		if (strcmp(low, word) == 0)
			for (n -= k; n > 0 && isspace((unsigned char)title[n - 1]);)
				n--;
	}
	return cp_xstrndup(title, n);
}

/* The deck of a file without a title: its name without the extension. */
static char *
file_deck(const char *name)
{
	const char	*base = strrchr(name, '/'), *dot;

	base = base != NULL ? base + 1 : name;
	if (*base == '\0' || strcmp(name, "<stdin>") == 0)
		return cp_xstrdup("Default");
	dot = strrchr(base, '.');
	return cp_xstrndup(base, dot != NULL && dot > base ?
	    (size_t)(dot - base) : strlen(base));
}

enum { H_NONE, H_ATX, H_SETEXT, H_DASH };

/*
 * What kind of section title line i is, if it stands at the start of a
 * block: "# Part" (one to six '#' and a space), "Part" underlined by a
 * rule of '=' or '-', or "-Part", a dash on a capitalised word.
 */
static int
heading_kind(const struct txt_state *st, size_t i)
{
	const struct line	*l = &st->lines[i];
	const unsigned char	*s = (const unsigned char *)st->text.data + l->off;

	if ((i > 0 && l->gap == 0) || (l->flags & LF_ENDQ) ||
	    l->words > (unsigned int)layout_weight.atx_words)
		return H_NONE;
	/*
	 * "# note" above a line of code is a comment in it; "# ---- git"
	 * is a topic with a rule drawn into it (find_rule_heads).
	 */
	if (s[0] == '#' && heading((const char *)s) != (const char *)s &&
	    rule_head((const char *)s, l->len) == 0 &&
	    s[strspn((const char *)s, "#")] == ' ' && !(i + 1 < st->nlines &&
	    st->lines[i + 1].gap == 0 && (st->lines[i + 1].flags & LF_CODE)))
		return H_ATX;
	if (l->under != 0 &&
	    l->words <= (unsigned int)layout_weight.setext_words &&
	    !(l->flags & (LF_LIST |
	    LF_CODE | LF_QPFX | LF_APFX)))
		return H_SETEXT;
	/* A term over its definition set in is a bullet's, no title. */
	if (s[0] == '-' && isupper(s[1]) && (islower(s[2]) || s[2] >= 0x80) &&
	    l->words <= (unsigned int)layout_weight.dash_words &&
	    (l->flags & LF_OPEN) && !(i + 1 < st->nlines &&
	    st->lines[i + 1].gap == 0 && indented(st, i + 1)))
		return H_DASH;
	return H_NONE;
}

/*
 * Is the heading on line i asked, the answer's label on the line right
 * under it, "### Q1. Why?" over "**Answer:** ..."?  Notes written in
 * Markdown head each question so; a title stands over cards, not over
 * one answer.
 */
static int
asked_heading(const struct txt_state *st, size_t i)
{
	return i + 1 < st->nlines && st->lines[i + 1].gap == 0 &&
	    (st->lines[i + 1].flags & LF_ANSPFX) &&
	    !(st->lines[i].flags & (LF_QPFX | LF_APFX));
}

/*
 * Is the heading on line i over one block, right under it, and no more,
 * the next heading or the file's end after it, "### *2. K-Means*" over
 * its bullets?  A title stands over cards, not over one answer.  Where
 * only is 0, the block may be followed by anything.  A heading that
 * only names a part, "## Installation", or whose lines hold questions
 * or labels, is no such heading.
 */
static int
block_heading(const struct txt_state *st, size_t i, int only)
{
	const char	*s = st->text.data + st->lines[i].off, *t;
	size_t		 j;

	if ((i > 0 && st->lines[i].gap == 0) || (t = heading(s)) == s ||
	    (s[strspn(s, "#")] != ' ' && s[strspn(s, "#")] != '\t') ||
	    i + 1 >= st->nlines || st->lines[i + 1].gap > 0)
		return 0;
	/* It heads a card: numbered, asking or in emphasis, "*2. ...*". */
	if (!isdigit((unsigned char)*t) && *t != '*' && *t != '_' &&
	    strchr(t, '?') == NULL)
		return 0;
	/* Its lines hold no card of their own, "Q: ..." under "## Part". */
	for (j = i + 1; j < st->nlines && st->lines[j].gap == 0; j++)
		if (st->lines[j].flags & (LF_QPFX | LF_APFX | LF_ENDQ))
			return 0;
	return !only || j == st->nlines || heading(st->text.data +
	    st->lines[j].off) != st->text.data + st->lines[j].off;
}

/*
 * Takes the '#' of a Markdown heading off line l, and the emphasis
 * round all of its text, "### *1. Why?*"; reads it again.
 */
static void
unhead(struct txt_state *st, struct line *l)
{
	const char	*s = st->text.data + l->off, *t = heading(s);
	size_t		 k;

	l->len -= (size_t)(t - s);
	l->off += (size_t)(t - s);
	/* "### *Why?* ###": the closing '#'s are no text. */
	for (k = l->len; k > 0 && t[k - 1] == '#'; k--)
		continue;
	if (k < l->len && k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t')) {
		while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t'))
			k--;
		st->text.data[l->off + k] = '\0';
		l->len = k;
	}
	if ((k = emphasis_round(t, l->len)) > 0) {
		st->text.data[l->off + l->len - k] = '\0';
		l->off += k;
		l->len -= 2 * k;
	}
	l->flags = 0;
	l->pfx = 0;
	l->headed = 1;
	classify(st, l);
}

/*
 * Adds the section "Parent::Title", title[0..len) its title, or the
 * deck "Title" itself when parent is NULL.
 */
static void
add_section(struct txt_state *st, const char *parent, const char *title,
    size_t len, unsigned long lineno)
{
	struct cp_buf	 b = { 0 };

	if (st->nsections == 0)
		st->nsections = 1;	/* [0] is the deck itself */
	if (st->nsections >= st->sectcap) {
		st->sectcap = st->sectcap ? st->sectcap * 2 : 8;
		st->sections = cp_xreallocarray(st->sections, st->sectcap,
		    sizeof(*st->sections));
	}
	if (parent != NULL) {
		cp_buf_addstr(&b, parent);
		cp_buf_addstr(&b, "::");
	}
	cp_buf_add(&b, title, len);
	st->sections[st->nsections].deck = cp_xstrdup(cp_buf_str(&b));
	st->sections[st->nsections++].lineno = lineno;
	cp_buf_free(&b);
}

/*
 * Names the sections read before the deck was known, an INI file's
 * (find_ini_sections()), as sub-decks of it: "Deck::name".
 */
static void
nest_sections(struct txt_state *st)
{
	struct cp_buf	 b = { 0 };
	size_t		 i;

	for (i = 1; i < st->nsections; i++) {
		cp_buf_printf(&b, "%s::%s", st->deck, st->sections[i].deck);
		free(st->sections[i].deck);
		st->sections[i].deck = cp_buf_detach(&b);
	}
}

/*
 * Keeps line l, the next of st->lines after *kept, in the section read
 * last; a title taken out above it left *gap, the blank lines the title
 * parted the cards by, which l's own gap is at least.
 */
static void
keep_in_section(struct txt_state *st, struct line *l, unsigned long *gap,
    size_t *kept)
{
	if (*kept > 0 && *gap > l->gap)
		l->gap = *gap;
	*gap = 0;
	l->section = st->nsections > 0 ? st->nsections - 1 : 0;
	st->lines[(*kept)++] = *l;
}

/*
 * Is line i "# " and an entry, a term parted from its meaning by " : ",
 * ": ", " - " or " = ", alone in its block, however long?
 */
static int
lone_mark(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 n = st->lines[i].len;

	return s[0] == '#' && heading(s) != s && s[strspn(s, "#")] == ' ' &&
	    (i == 0 || st->lines[i].gap > 0) && (i + 1 == st->nlines ||
	    st->lines[i + 1].gap > 0) && (memmem(s, n, ": ", 2) != NULL ||
	    memmem(s, n, " - ", 3) != NULL || memmem(s, n, " = ", 3) != NULL);
}

/*
 * Takes the section titles out of the card lines; the cards under one
 * go to the sub-deck "Deck::Title".  "# Part" is a title wherever it
 * stands at a block's start; an underlined line and "-Part" only when
 * there are no more of them than one line in three (a file of cards
 * each underlined by "---" has rules, not titles), "-Part" only on two
 * lines or more, and said so, since it is read from the file's habit.
 */
static void
find_sections(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	size_t		 m = st->nlines, i, kept, n[4] = { 0, 0, 0, 0 }, first = 0;
	size_t		 len, asked = 0, blocks = 0, heads = 0;
	unsigned long	 gap = 0, headline = 0;
	const char	*t;
	int		 k;

	/*
	 * "# term : definition" alone in each block (lone_mark()), two in
	 * three of the lines or more, three at least: each an entry, "#"
	 * its mark, and no title with nothing under it.
	 */
	for (i = 0, heads = 0; i < m; i++)
		heads += lone_mark(st, i);
	if (heads >= (size_t)layout_weight.min_units &&
	    heads * (size_t)layout_weight.fit_den >=
	    m * (size_t)layout_weight.fit_num) {
		for (i = 0; i < m; i++)
			if (lone_mark(st, i))
				unhead(st, &st->lines[i]);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "%zu \"#\" lines, each alone in "
		    "its block, nothing under them: entries, no sections' "
		    "titles; their '#' left out", heads);
		return;
	}
	heads = 0;
	for (i = 0; i < m; i++)
		if (block_heading(st, i, 1))
			blocks++;
		else
			n[heading_kind(st, i)]++;
	/*
	 * Headings each over one block, three or more and two in three of
	 * them or more, head cards, as a heading over a labelled answer
	 * does: the file is a page of them, and any heading right over its
	 * lines is a question.
	 */
	if (blocks >= (size_t)layout_weight.min_units &&
	    blocks * (size_t)layout_weight.fit_den >=
	    (blocks + n[H_ATX]) * (size_t)layout_weight.fit_num) {
		for (i = 0; i < m; i++)
			if (!block_heading(st, i, 0))
				continue;
			else if (asked_heading(st, i))
				n[H_ATX]++;	/* unheaded below, as ever */
			else {
				unhead(st, &st->lines[i]);
				if (heads++ == 0)
					headline = st->lines[i].lineno;
			}
		if (heads > 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    headline, 0, "%zu \"#\" headings, nearly each "
			    "over one block of lines: the questions of cards, "
			    "no sections' titles; their '#' left out", heads);
	} else
		for (i = 0; i < m; i++)
			n[H_ATX] += block_heading(st, i, 1) &&
			    heading_kind(st, i) == H_ATX;
	if (n[H_SETEXT] * (size_t)layout_weight.title_den > m)
		n[H_SETEXT] = 0;
	if (n[H_DASH] * (size_t)layout_weight.title_den > m || n[H_DASH] < 2)
		n[H_DASH] = 0;
	if (n[H_ATX] + n[H_SETEXT] + n[H_DASH] == 0)
		return;
	for (i = 0, kept = 0; i < m; i++) {
		l = &st->lines[i];
		if ((k = heading_kind(st, i)) == H_ATX && asked_heading(st, i)) {
			unhead(st, l);
			if (asked++ == 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    l->lineno, 0, "a \"#\" heading right over "
				    "a labelled answer is its question, no "
				    "section's title: its '#' left out, here "
				    "and on such headings below");
			k = H_NONE;
		}
		if (k == H_NONE || n[k] == 0) {
			keep_in_section(st, l, &gap, &kept);
			continue;
		}
		if (k == H_DASH && first == 0)
			first = l->lineno;
		/* A title parts the cards before it from those after. */
		gap = l->gap > 1 ? l->gap : 1;
		t = st->text.data + l->off;
		t = k == H_ATX ? heading(t) : k == H_DASH ? t + 1 : t;
		for (len = strlen(t); len > 0 && (t[len - 1] == '#' ||
		    t[len - 1] == ' '); len--)
			continue;
		add_section(st, st->deck, t, len, l->lineno);
	}
	st->nlines = kept;
	if (kept == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->sections[1].lineno, 0, "section titles and no cards");
	if (first != 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "%zu \"-Title\" lines read as section titles, each a "
		    "sub-deck of the cards below it", n[H_DASH]);
}

/*
 * Is line l a folder's path, "Maths/Español/Vocab/": names parted by
 * "/" and a "/" ending them, none empty, no URL?
 */
static int
folder_path(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;

	/* "09/" alone numbers a question, no folder. */
	return l->len > 1 && s[l->len - 1] == '/' && s[0] != '/' &&
	    s[0] != ' ' && strspn(s, "0123456789") + 1 < l->len &&
	    strstr(s, "//") == NULL &&
	    strstr(s, "/ ") == NULL && strstr(s, " /") == NULL &&
	    !(l->flags & (LF_CODE | LF_LIST | LF_QPFX | LF_APFX));
}

/*
 * A program that files its cards in folders may save each record under
 * its folder's path, "merge test/" or "ads/sdf/whack/".  When such lines
 * stand where cards begin, after a blank line (or at the top) on two
 * thirds of them or more, three at least, and never two in a row, each
 * is the deck of the cards under it, its levels parted by "::", and
 * parts the cards before it from those after as a blank line does.
 */
static void
find_folders(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 b = { 0 };
	struct line	*l;
	size_t		 i, k, kept, n = 0, heads = 0;
	unsigned long	 gap = 0;
	const char	*s;

	if (st->nsections > 0)
		return;
	for (i = 0; i < st->nlines; i++) {
		if (!folder_path(st, &st->lines[i]))
			continue;
		if (i + 1 < st->nlines && folder_path(st, &st->lines[i + 1]))
			return;
		n++;
		heads += i == 0 || st->lines[i].gap > 0;
	}
	if (n < (size_t)layout_weight.min_units || heads *
	    (size_t)layout_weight.fit_den < n * (size_t)layout_weight.fit_num)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%zu lines of a folder's path ending in \"/\" head the records: "
	    "each read as the deck of the cards under it, not text", n);
	for (i = 0, kept = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (!folder_path(st, l)) {
			keep_in_section(st, l, &gap, &kept);
			continue;
		}
		gap = l->gap > 1 ? l->gap : 1;
		s = st->text.data + l->off;
		cp_buf_reset(&b);
		for (k = 0; k + 1 < l->len; k++)
			if (s[k] == '/')
				cp_buf_addstr(&b, "::");
			else
				cp_buf_addc(&b, s[k]);
		/* The same folder again goes on with its deck. */
		if (st->nsections == 0 || strcmp(cp_buf_str(&b),
		    st->sections[st->nsections - 1].deck) != 0)
			add_section(st, NULL, b.data, b.len, l->lineno);
	}
	st->nlines = kept;
	cp_buf_free(&b);
}

/*
 * A line "\\card{question}" or "\\section{title}", name the command, with
 * white space around it and nothing else: sets *arg and *len to its
 * argument and returns 1, else 0.  Braces nest inside the argument, as
 * in "\\card{b and $\\Bar{R}$}"; a brace after a backslash is text.
 */
static int
command_line(const char *s, size_t n, const char *name, size_t *arg,
    size_t *len)
{
	size_t	 i = strspn(s, " \t"), k = strlen(name), j;

	if (i + k + 2 > n || s[i] != '\\' || strncmp(s + i + 1, name, k) != 0 ||
	    s[i + k + 1] != '{')
		return 0;
	*arg = i + k + 2;
	j = brace_close(s, n, i + k + 1);
	if (j == 0 || j == *arg || strspn(s + j + 1, " \t") != n - j - 1)
		return 0;
	*len = j - *arg;
	return 1;
}

/*
 * Is the file written in the LaTeX-like form some authors feed their
 * own scripts, "\\card{question}" and the answer on the lines below it,
 * "\\section{title}" over a group of cards?  At least three \\card lines,
 * and two thirds of the blocks between blank lines or more begin with
 * \\card or \\section.
 */
static int
command_file(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, cards = 0, blocks = 0, heads = 0, arg, len;
	int			 card;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		card = command_line(s, l->len, "card", &arg, &len);
		cards += card;
		if (i == 0 || l->gap > 0) {
			blocks++;
			heads += card ||
			    command_line(s, l->len, "section", &arg, &len);
		}
	}
	return cards >= (size_t)layout_weight.min_units &&
	    heads * (size_t)layout_weight.fit_den >=
	    blocks * (size_t)layout_weight.fit_num;
}

/*
 * Reads a file command_file() takes: each \\card line begins a card, its
 * argument the question, and the lines after it, up to the next \\card or
 * \\section, are the answer, its blank lines kept; a \\section line
 * begins a sub-deck.  LaTeX's indentation is no text, nor is its line
 * break "\\\\" at the end of a line.  The roles of the lines are read off
 * the commands, so no weighing is needed.
 */
static void
read_commands(struct cp_reader *r, struct txt_state *st)
{
	struct line	*l;
	const char	*s;
	size_t		 i, kept, arg, len, ind, cards = 0, breaks = 0;
	unsigned long	 carry = 0, first = 0;
	int		 seen = 0;

	st->role = cp_xmalloc(st->nlines + 1);
	for (i = 0, kept = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if (command_line(s, l->len, "section", &arg, &len)) {
			add_section(st, st->deck, s + arg, len, l->lineno);
			carry = 0;
			continue;
		}
		if (command_line(s, l->len, "card", &arg, &len)) {
			l->off += arg;
			l->len = len;
			st->text.data[l->off + l->len] = '\0';
			st->role[kept] = R_START;
			seen = 1;
			if (first == 0)
				first = l->lineno;
			cards++;
		} else {
			ind = strspn(s, " \t");
			l->off += ind;
			l->len -= ind;
			s += ind;
			if (l->len >= 2 && s[l->len - 1] == '\\' &&
			    s[l->len - 2] == '\\') {
				breaks++;
				for (l->len -= 2; l->len > 0 && (s[l->len - 1] == ' ' ||
				    s[l->len - 1] == '\t'); l->len--)
					continue;
				st->text.data[l->off + l->len] = '\0';
			}
			if (l->len == 0) {
				carry += l->gap + 1;
				continue;
			}
			/* Text before the first \\card is a card of its own. */
			st->role[kept] = !seen ? R_START : kept > 0 &&
			    st->role[kept - 1] == R_START ? R_ANSWER : R_MORE;
			seen = 1;
			l->kept = st->role[kept] == R_MORE ? l->gap + carry : 0;
		}
		carry = 0;
		l->section = st->nsections > 0 ? st->nsections - 1 : 0;
		st->lines[kept++] = *l;
	}
	st->nlines = kept;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "%zu "
	    "\"\\card{...}\" lines read as questions, the lines below each as "
	    "its answer%s%s", cards, st->nsections > 0 ? ", \"\\section{...}\" "
	    "lines as sub-decks" : "", breaks > 0 ? "; \"\\\\\" ending a line "
	    "as LaTeX's line break" : "");
}

/*
 * A quiz site may mark the right option among a question's options with
 * "*" around it, "[A. x / B. *y* / C. z]", and give that option again as
 * the answer.  Where the answer, one line, stands so in the question,
 * once, the two "*" only mark it and are taken out; returns whether.
 */
static int
unstar_answer(struct cp_buf *front, const struct cp_buf *back)
{
	char	*at, *next;

	if (back->len == 0 || memchr(back->data, '\n', back->len) != NULL ||
	    memchr(back->data, '*', back->len) != NULL ||
	    (at = memmem(front->data, front->len, back->data,
	    back->len)) == NULL || at == front->data || at[-1] != '*' ||
	    at[back->len] != '*')
		return 0;
	next = at + back->len + 1;
	if (memmem(next, front->len - (size_t)(next - front->data),
	    back->data, back->len) != NULL)
		return 0;
	memmove(at + back->len, next, front->len - (size_t)(next - front->data)
	    + 1);
	memmove(at - 1, at, front->len - (size_t)(at - front->data));
	front->len -= 2;
	front->data[front->len] = '\0';
	return 1;
}

/*
 * Where s[0..n), one line, ends in a verdict in brackets, half or full
 * width, round a tick or a cross (✓ ✔ ✗ ✘ √ ×) or a verdict word of four
 * letters or more ("See (si)": a short word in brackets says how it
 * sounds), after text: the index of the opening bracket, the verdict in
 * s[*from..*from + *len); or 0.
 */
static size_t
bracketed_verdict(const char *s, size_t n, size_t *from, size_t *len)
{
	static const char *const marks[] = {
		"\xe2\x9c\x93", "\xe2\x9c\x94", "\xe2\x9c\x97",
		"\xe2\x9c\x98", "\xe2\x88\x9a", "\xc3\x97", NULL
	};
	char		 low[16];
	size_t		 k, close, at, open;

	if (n == 0 || memchr(s, '\n', n) != NULL)
		return 0;
	if (s[n - 1] == ')')
		close = 1;
	else if (n >= 3 && memcmp(s + n - 3, "\xef\xbc\x89", 3) == 0)
		close = 3;
	else
		return 0;
	for (at = n - close; at > 0 && n - close - at < sizeof(low) &&
	    s[at - 1] != '(' && (at < 3 ||
	    memcmp(s + at - 3, "\xef\xbc\x88", 3) != 0); at--)
		continue;
	if (at == 0 || n - close - at >= sizeof(low))
		return 0;
	open = s[at - 1] == '(' ? at - 1 : at - 3;
	*from = at;
	*len = n - close - at;
	for (k = 0; marks[k] != NULL; k++)
		if (*len == strlen(marks[k]) && memcmp(s + at, marks[k],
		    *len) == 0)
			break;
	cp_lower_prefix(s + at, *len, low, sizeof(low));
	if (marks[k] == NULL && (*len < 4 || !in_list(low, verdicts)))
		return 0;
	return open > 0 && cp_count_words(s, open) > 0 ? open : 0;
}

/*
 * A bank of statements over their explanations may end each in its
 * verdict in brackets (bracketed_verdict()), "...编写程序。（✗）" over
 * "解释：错误。...": the verdict is the answer, and on the front it gives
 * it away.  Where min_units lines of the file or more, and one in three,
 * end so, a card's one-line front ending so has its verdict open the
 * back instead; returns whether.
 */
static int
verdict_to_back(struct txt_state *st, struct cp_buf *front,
    struct cp_buf *back)
{
	struct cp_buf	 b = { 0 };
	const struct line *l;
	size_t		 i, open, from, len, n = 0;

	if (st->bracket_verdicts < 0) {
		for (i = 0; i < st->nlines; i++) {
			l = &st->lines[i];
			n += bracketed_verdict(st->text.data + l->off, l->len,
			    &from, &len) > 0;
		}
		st->bracket_verdicts = n >= (size_t)layout_weight.min_units &&
		    3 * n >= st->nlines;
	}
	if (!st->bracket_verdicts || (open = bracketed_verdict(front->data,
	    front->len, &from, &len)) == 0)
		return 0;
	cp_buf_printf(&b, "%.*s%s%s", (int)len, front->data + from,
	    back->len > 0 ? "\n" : "", cp_buf_str(back));
	cp_buf_free(back);
	*back = b;
	front->len = open;
	while (front->len > 0 && (front->data[front->len - 1] == ' ' ||
	    front->data[front->len - 1] == '\t'))
		front->len--;
	front->data[front->len] = '\0';
	return 1;
}

/*
 * A question framed by runs of one mark, "----Hur omvandlar man ...?----",
 * "== Term ==": moves *from past the opening run and its spaces and *to
 * before the closing one, the frame no text.  Runs of two or more, the
 * two not of one length needed, with a letter between them.
 */
static void
unframe(const char *s, size_t *from, size_t *to)
{
	size_t	 a = *from, e = *to, lead, trail;

	if (e <= a || strchr("-=*~#", s[a]) == NULL || s[a] == '\0')
		return;
	for (lead = 0; a + lead < e && s[a + lead] == s[a]; lead++)
		continue;
	for (trail = 0; e - trail > a + lead && s[e - trail - 1] == s[a];
	    trail++)
		continue;
	if (lead < 2 || trail < 2 ||
	    !has_letter(s + a + lead, e - trail - a - lead))
		return;
	a += lead;
	e -= trail;
	while (a < e && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	*from = a;
	*to = e;
}

/*
 * Does s[0..n) open with a number that counts it, "12." or "12、", or
 * with a Chinese numeral and its mark, "二。", "十、"?
 */
static int
counted(const char *s, size_t n)
{
	static const unsigned long	 han[] = {
		0x4e00, 0x4e8c, 0x4e09, 0x56db, 0x4e94, 0x516d, 0x4e03,
		0x516b, 0x4e5d, 0x5341, 0x767e, 0
	};
	unsigned long	 cp;
	size_t		 i, k, j, digits = 0, numerals = 0;

	for (i = 0; i < n; i += k) {
		cp = cp_utf8_decode(s + i, n - i, &k);
		for (j = 0; han[j] != 0 && han[j] != cp; j++)
			continue;
		if (cp < 0x80 && isdigit((int)cp))
			digits++;
		else if (han[j] != 0)
			numerals++;
		else
			break;
	}
	if (i == n || (digits == 0) == (numerals == 0))
		return 0;
	cp = cp_utf8_decode(s + i, n - i, &k);
	return cp == '.' || cp == 0x3001 || cp == 0x3002 || cp == 0xff0e ||
	    (digits > 0 && cp == ')');
}

/*
 * How many bytes end front, the one line i of a card answered under it,
 * as a term's colon: "結婚：　" over what the author says of marriage,
 * "career planとは：", "chat gpt:".  A term is term_words words at most
 * and two label_bytes characters at most, unnumbered, asking nothing, no
 * item; an ASCII or a full-width colon ends it, then spaces, ideographic
 * ones too.  A longer sentence, "Examples of VCS are:", a numbered task,
 * "12.求结果：", a scheme "https:" and "std::" keep their colons ("C:"
 * is rather the language than the drive).  Returns 0 for none.
 */
static size_t
term_colon(const struct txt_state *st, size_t i, const struct cp_buf *front)
{
	const struct line	*l = &st->lines[i];
	size_t			 n = front->len, k;

	if (st->qa != QA_NONE || st->qmark != QM_NONE || l->cut > 0 ||
	    i + 1 >= st->nlines || st->role[i + 1] < R_ANSWER ||
	    (l->flags & (LF_NUMBER | LF_ASKS | LF_LIST | LF_ENDQ)) ||
	    memchr(front->data, '\n', n) != NULL ||
	    memchr(front->data, '?', n) != NULL)
		return 0;
	while (n > 0 && (front->data[n - 1] == ' ' ||
	    front->data[n - 1] == '\t'))
		n--;
	while (n >= 3 &&
	    memcmp(front->data + n - 3, IDEOGRAPHIC_SPACE, 3) == 0)
		n -= 3;
	if ((k = colon_at_end(front->data, n)) == 0 ||
	    (n > k && front->data[n - k - 1] == ':'))
		return 0;	/* "std::" */
	n -= k;
	while (n > 0 && (front->data[n - 1] == ' ' ||
	    front->data[n - 1] == '\t'))
		n--;
	if (n == 0 || !has_letter(front->data, n) ||
	    counted(front->data, n) || url_scheme(front->data, n) ||
	    cp_utf8_chars(front->data, n) >
	    2 * (size_t)layout_weight.label_bytes ||
	    cp_count_words(front->data, n) > (size_t)layout_weight.term_words)
		return 0;
	return front->len - n;
}

/*
 * The bytes of a dash glued to a term that opens a card over its
 * definition set in, "-Classe (descreve)" over "<TAB>Engloba ...", with
 * the spaces before it: a bullet, no text.  0 for none.
 */
static size_t
glued_bullet(const struct txt_state *st, size_t i)
{
	const char	*s = st->text.data + st->lines[i].off;
	size_t		 k = strspn(s, " \t");

	if (st->role[i] != R_START || s[k] != '-' ||
	    !(isupper((unsigned char)s[k + 1]) ||
	    (unsigned char)s[k + 1] >= 0x80) || i + 1 >= st->nlines ||
	    st->lines[i + 1].gap > 0 || indent_of(st, i + 1) <= k)
		return 0;
	return k + 1;
}

/* The column after character c at column col, a tab's the next stop. */
static size_t
next_column(size_t col, char c)
{
	return c == '\t' ? (col / 8 + 1) * 8 : col + 1;
}

/* The columns s[0..n) takes. */
static size_t
columns(const char *s, size_t n)
{
	size_t	 i, col = 0;

	for (i = 0; i < n; i++)
		col = next_column(col, s[i]);
	return col;
}

/*
 * The length of the white space opening s[0..n) up to column hang, when
 * it reaches that column exactly; else 0.
 */
static size_t
hang_skip(const char *s, size_t n, size_t hang)
{
	size_t	 i, col = 0, next;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++) {
		if ((next = next_column(col, s[i])) > hang)
			break;
		col = next;
	}
	return col == hang ? i : 0;
}

/*
 * Appends line i to b without a delimiting Q:/A: prefix; an answer's
 * number that names an option (find_named_options), that option.
 */
static void
add_text(struct txt_state *st, struct cp_buf *b, size_t i)
{
	const struct line	*l;
	size_t			 skip = 0, k, end;

	/* Only an option above it, in its own card, is named. */
	if (st->lines[i].names > 0 && st->lines[i].names - 1 < i &&
	    st->role[i] >= R_ANSWER)
		i = st->lines[i].names - 1;
	l = &st->lines[i];

	/*
	 * An "A." a "B." goes on from, under it or by it, is an option's
	 * letter, no label.
	 */
	if (((st->qa == QA_BOTH || st->qmark != QM_NONE) &&
	    (l->flags & LF_QPFX)) ||
	    ((st->qa != QA_NONE || ((st->fewlabels ||
	    st->qmark == QM_NUMBER) && st->role[i] == R_ANSWER)) &&
	    (l->flags & LF_APFX) && !stray_option(st, i) &&
	    !(l->opt == 'A' && (l->optnext > 'B' || (i + 1 < st->nlines &&
	    st->lines[i + 1].opt == 'B')))))
		skip = l->pfx;
	if (st->dashed == 1 && dashed_answer(st, i))
		skip = answer_bullet(st, l);
	else if (st->dashed == 3 && st->role[i] == R_ANSWER &&
	    !marked_again(st, i, answer_arrow))	/* points keep theirs */
		skip = answer_arrow(st, l);
	else if (st->dashed == 2 && st->role[i] >= R_ANSWER)
		skip = answer_dash(st->text.data + l->off, l->len);
	else if (st->dashed == 4 && st->role[i] == R_ANSWER)
		skip = own_label(st, l, &st->lines[st->ownlabel - 1]);
	else if (st->dashed == 5 && st->role[i] == R_ANSWER &&
	    !marked_again(st, i, answer_item))
		skip = answer_first_item(st, l);
	end = l->markat > 0 ? l->markat : l->textend > 0 ? l->textend :
	    l->len;
	/*
	 * "A:<TAB>text" over "<TAB>more": the lines of the field under a
	 * label's line are set in to its text, no indentation of theirs,
	 * and "<TAB>solution: ..." there is more text, no label.
	 */
	if (st->hang > 0 && st->role[i] != R_START &&
	    (st->role[i] <= R_QUEST) == (st->role[i - 1] <= R_QUEST) &&
	    (k = hang_skip(st->text.data + l->off, end, st->hang)) > 0)
		skip = k;
	else if (skip > 0 && skip == l->pfx && skip < end &&
	    st->qa != QA_NONE && (l->flags & (LF_QPFX | LF_APFX))) {
		/* Only where the line under it starts at that column. */
		st->hang = columns(st->text.data + l->off, skip);
		if (i + 1 == st->nlines || (k = hang_skip(st->text.data +
		    st->lines[i + 1].off, st->lines[i + 1].len,
		    st->hang)) == 0 || k != strspn(st->text.data +
		    st->lines[i + 1].off, " \t"))
			st->hang = 0;
	}
	else if (st->role[i] == R_START)
		st->hang = 0;
	if (skip == 0)
		skip = glued_bullet(st, i);
	if (st->role[i] == R_START && skip == 0 && l->markat == 0)
		unframe(st->text.data + l->off, &skip, &end);
	/* A question set in, as a study guide sets it: no part of it. */
	if (st->role[i] == R_START && l->part == P_HEAD && st->setin)
		skip += strspn(st->text.data + l->off + skip, " \t");
	if (b->len > 0)
		cp_buf_addc(b, '\n');
	for (k = 0; b->len > 0 && k < l->kept; k++)
		cp_buf_addc(b, '\n');
	cp_buf_add(b, st->text.data + l->off + skip, end - skip);
}

/* Is b a field in quotes as CSV writes one, every quote in it doubled? */
static int
csv_quoted(const struct cp_buf *b)
{
	size_t	 i;

	if (b->len < 2 || b->data[0] != '"' || b->data[b->len - 1] != '"')
		return 0;
	for (i = 1; i + 1 < b->len; i++)
		if (b->data[i] == '"' && b->data[++i] != '"')
			return 0;
	return i + 1 == b->len;
}

/*
 * Takes the quotes of a quoted field off b, and undoubles those in it;
 * a field that opens at the end of its line starts on the next.
 */
static void
unquote(struct cp_buf *b)
{
	size_t	 i, k;

	if (b->len < 2 || b->data[0] != '"' || b->data[b->len - 1] != '"')
		return;
	for (i = 1; i + 1 < b->len && b->data[i] == '\n'; i++)
		continue;
	for (k = 0; i + 1 < b->len; i++) {
		b->data[k++] = b->data[i];
		if (b->data[i] == '"' && b->data[i + 1] == '"')
			i++;
	}
	b->len = k;
	b->data[k] = '\0';
}

/*
 * Takes off the quotes b opens and closes with, as they stand, when
 * they hold all of it: '"ser" or "estar"' quotes two words, its first
 * quote closed after "ser"; '"Is GET a "safe" method?"' quotes a word
 * inside the one field.  A quote after a space opens, one before a
 * space or the end closes.
 */
static void
strip_quotes(struct cp_buf *b)
{
	size_t	 i, depth = 1, end = b->len;
	char	 q;

	/* "'text'," a program's property, its list's comma after it. */
	if (end > 2 && b->data[end - 1] == ',')
		end--;
	if (end < 2 || ((q = b->data[0]) != '"' && q != '\'') ||
	    b->data[end - 1] != q)
		return;
	for (i = 1; i + 1 < end; i++) {
		if (b->data[i] != q)
			continue;
		if (isspace((unsigned char)b->data[i - 1]))
			depth++;
		else if ((isspace((unsigned char)b->data[i + 1]) ||
		    ispunct((unsigned char)b->data[i + 1])) && --depth == 0)
			return;
	}
	memmove(b->data, b->data + 1, end - 2);
	b->len = end - 2;
	b->data[b->len] = '\0';
}

/*
 * Appends line i to front up to its separator, and the rest to back.
 * Returns whether a label on each side, left out, named them.
 */
static int
add_cut(struct txt_state *st, struct cp_buf *front, struct cp_buf *back,
    size_t i)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 f = l->cut, b = l->cut + l->cutlen, k, q, a;
	size_t			 e = l->backend > 0 ? l->backend : l->len;
	char			 qlow[64], alow[64];
	int			 named;
	size_t			 m = st->qmark != QM_NONE &&
				     (l->flags & LF_QPFX) ?
				     l->pfx : l->lead;

	/* A sub-entry's bullet, "  - kein Aas : ...", is no term's. */
	if (m == 0 && (k = strspn(s, " \t")) > 0 && k < f)
		m = k + bullet(s + k, f - k);
	if (st->gluedterms && (k = strspn(s, " \t")) >= m && k < f &&
	    s[k] == '-')
		m = k + 1;
	/* "1 - term - meaning": the list's number, no term's. */
	if (m < l->numlen)
		m = l->numlen;
	while (f > m && (s[f - 1] == ' ' || s[f - 1] == '\t'))
		f--;
	if (m > f)
		m = f;
	while (b < e && (s[b] == ' ' || s[b] == '\t'))
		b++;
	while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	/*
	 * "Question: q::Answer: a": a label on each side, the pair names
	 * the sides, no text of them.
	 */
	cp_lower_prefix(s + m, f - m, qlow, sizeof(qlow));
	cp_lower_prefix(s + b, e - b, alow, sizeof(alow));
	if ((named = (q = labelled(qlow, qwords)) > 0 && q < f - m &&
	    (a = answer_label(alow)) > 0 && a < e - b)) {
		m += q + strspn(s + m + q, " \t");
		b += a + strspn(s + b + a, " \t");
	}
	if (front->len > 0)
		cp_buf_addc(front, '\n');
	cp_buf_add(front, s + m, f - m);
	if (back->len > 0)
		cp_buf_addc(back, '\n');
	if (!st->fieldlines) {
		cp_buf_add(back, s + b, e - b);
		return named;
	}
	/* "drink; drank; drunk": the space after each sep is no text. */
	for (k = strlen(st->sep); (f = record_end(s, e, b, st->sep)) < e;
	    b = f + k + (f + k < e && s[f + k] == ' ')) {
		cp_buf_add(back, s + b, f - b);
		cp_buf_addc(back, '\n');
	}
	cp_buf_add(back, s + b, e - b);
	return named;
}

/*
 * Adds the words of s[0..n) to n's tags, parted by white space, or by
 * the ";" or "," a program's record parts its list of tags with.
 */
static void
add_tags(struct cp_note *note, const char *s, size_t n)
{
	size_t	 i, k;
	char	*tag;

	for (i = 0; i < n; i = k) {
		for (; i < n && strchr(" \t;,", s[i]) != NULL; i++)
			continue;
		for (k = i; k < n && strchr(" \t;,", s[k]) == NULL; k++)
			continue;
		if (k > i) {
			tag = cp_xstrndup(s + i, k - i);
			cp_note_add_tag(note, tag);
			free(tag);
		}
	}
}

/*
 * Adds a record's field to n's tags: a list as it is, a category as one
 * tag, its white space made "_" since a tag holds none.
 */
static void
add_extra(struct cp_note *note, const struct extra *x)
{
	char	*tag, *p;

	if (x->tags == 2) {
		tag = cp_xstrdup(x->value);
		for (p = tag; *p != '\0'; p++)
			if (*p == ',')
				*p = ' ';
		add_tags(note, tag, strlen(tag));
	} else if (x->tags == 1) {
		tag = cp_xstrdup(x->value);
		for (p = tag; *p != '\0'; p++)
			if (*p == ' ' || *p == '\t')
				*p = '_';
		cp_note_add_tag(note, tag);
	} else
		return;
	free(tag);
}

static const char unanswered[] =
    "question with no answer: left out, not a card";
static const char stray_note[] =
    "a note, neither question nor answer: left out, not a card";
static const char template[] =
    "labels with nothing after them, a template: left out, not a card";
static const char still_to_write[] =
    "an answer still to write (\"TODO\", \"???\", a slot \">>>>>\"): a "
    "question the file does not answer yet, left out, not a card";
static const char among_notes[] =
    "lines among notes that hold no cards: left out, not a card";
static const char among_questions[] =
    "lines among a list of questions with no answers: left out, not a card";

/*
 * Is the card of lines i to e a heading and what is under it: a first
 * line that ends in a colon with nothing in it weighing for a question,
 * and no line under it that asks, nor options to choose from?  "Bash:"
 * over "Last word on previous line?" heads a question and is none, and
 * so does a line the file labels or marks as a question, or that stands
 * right over an answer's label.
 */
static int
heading_card(const struct txt_state *st, size_t i, size_t e)
{
	const struct line	*l = &st->lines[i];
	size_t			 k;

	if (!(l->flags & LF_COLON) || l->alone > 0 || l->cut > 0 ||
	    (l->flags & LF_QPFX) || (i + 1 < e &&
	    (st->lines[i + 1].flags & LF_APFX)))
		return 0;
	for (k = i + 1; k < e; k++) {
		l = &st->lines[k];
		if ((l->flags & LF_ASKS) || expected_option(st, k) ||
		    memchr(st->text.data + l->off, '?', l->len) != NULL)
			return 0;
	}
	return 1;
}

/*
 * Does no line of the file ask: no question mark but in a link, no
 * question word or prompt, no label, no question about what follows?
 * Then a term over paragraphs is a heading over notes (not_a_card).
 */
static int
asks_nowhere(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i;

	if (st->qa != QA_NONE || st->sep != NULL || st->qmark != QM_NONE)
		return 0;
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		if ((l->flags & (LF_ENDQ | LF_ASKS | LF_POINTS | LF_QPFX |
		    LF_APFX)) || (memchr(s, '?', l->len) != NULL &&
		    strstr(s, "://") == NULL) || asks_within(st, l))
			return 0;
	}
	return 1;
}

/*
 * Does line l end in what may mark its option right, a lone " R", " x"
 * or "*", or an "x" glued to a word of another script, "założeńx"?
 * (Quotes and blanks after it aside: "Next Generation R\"".)
 */
static int
ends_marked(const struct txt_state *st, const struct line *l)
{
	const char	*s = st->text.data + l->off;
	size_t		 n = l->len;

	while (n > 0 && strchr(" \t\"'", s[n - 1]) != NULL)
		n--;
	if (n < 2 || strchr("RxX*", s[n - 1]) == NULL)
		return 0;
	return s[n - 2] == ' ' || s[n - 2] == '\t' ||
	    (s[n - 1] == 'x' && (unsigned char)s[n - 2] >= 0x80);
}

/*
 * Are lines i + 1 to e - 1 of a card only its question's options, "A."
 * to "D." in order or a true-or-false pair alone, "T" over "F", none
 * marked and nothing after them, the question holding no answer: a
 * quiz's question left unanswered?  Where the file marks an option's end
 * anywhere (optmarks), the marks it uses may be of a kind not read, and
 * the options may answer.
 */
static int
options_alone(const struct txt_state *st, size_t i, size_t e)
{
	static const char *const verdicts[][2] = {
		{ "t", "f" }, { "true", "false" }, { "v", "f" }, { "对", "错" },
		{ "正确", "错误" }, { "đúng", "sai" }, { NULL, NULL }
	};
	char	 a[16], b[16];
	size_t	 k;

	if (st->optmarks || bracketed_letters(st, &st->lines[i]))
		return 0;
	if (e == i + 3) {
		cp_lower_prefix(st->text.data + st->lines[i + 1].off,
		    st->lines[i + 1].len, a, sizeof(a));
		cp_lower_prefix(st->text.data + st->lines[i + 2].off,
		    st->lines[i + 2].len, b, sizeof(b));
		for (k = 0; verdicts[k][0] != NULL; k++)
			if (strcmp(a, verdicts[k][0]) == 0 &&
			    strcmp(b, verdicts[k][1]) == 0)
				return 1;
	}
	if (e < i + 3)
		return 0;
	for (k = i + 1; k < e; k++)
		if (st->lines[k].opt != (char)('A' + (k - i - 1)) ||
		    st->lines[k].markat > 0 ||
		    (st->lines[k].flags & LF_ANSPFX))
			return 0;
	return 1;
}

/*
 * Why the card of lines i to e is no card a person would study, or NULL
 * when it is one.  A question or a note with nothing under it, a link,
 * a heading over nothing, a template's empty labels, an answer under a
 * bare number, and, where notes is set, a heading over notes: what a
 * file holds besides its cards.  A line a separator parts is a card
 * whatever it holds.
 */
static const char *
not_a_card(const struct txt_state *st, size_t i, size_t e, int notes)
{
	const struct line	*l = &st->lines[i];
	const char		*s = st->text.data + l->off;
	size_t			 k, answer = 0, labels = 0, paras, items, asked;
	int			 bare, heads;

	/*
	 * Where "Q:" and "A:" label the cards, unlabelled lines that ask
	 * nothing are the notes around them, tables and all (such lines
	 * with no answer are told apart below).
	 */
	for (k = i; st->qa == QA_BOTH && k < e && !(st->lines[k].flags &
	    (LF_QPFX | LF_APFX | LF_ENDQ)) &&
	    memchr(st->text.data + st->lines[k].off, '?',
	    st->lines[k].len) == NULL; k++)
		continue;
	if (st->qa == QA_BOTH && k == e && st->role[e - 1] >= R_ANSWER)
		return stray_note;
	/* A question over its options alone, "opções: ...": unanswered. */
	if (st->optlabel > 0 && e == i + 2 && st->role[i + 1] >= R_ANSWER &&
	    own_label(st, &st->lines[i + 1], &st->lines[st->optlabel - 1]) >
	    0)
		return unanswered;
	if (l->cut == 0 && st->optquiz && options_alone(st, i, e))
		return unanswered;
	/* A question over its options, its key in its brackets: answered. */
	if (st->bracket_keys > 0 && e > i + 1 && bracketed_letters(st, l) &&
	    opens_option(st, &st->lines[i + 1]) == 'A')
		return NULL;
	if (l->cut > 0 && e == i + 1 && cp_placeholder(s + l->cut +
	    l->cutlen, (l->backend > 0 ? l->backend : l->len) - l->cut -
	    l->cutlen))
		return still_to_write;
	if (l->cut > 0)
		return NULL;
	if (cp_placeholder(s, l->len))
		return still_to_write;
	if (e == i + 2 && st->role[i + 1] >= R_ANSWER &&
	    cp_placeholder(st->text.data + st->lines[i + 1].off +
	    st->lines[i + 1].pfx, st->lines[i + 1].len - st->lines[i + 1].pfx))
		return still_to_write;
	/* The slot left for its answer in the next card's place. */
	for (k = i; k < e && st->role[k] < R_ANSWER; k++)
		continue;
	if (k == e && e < st->nlines && st->lines[e].cut == 0 &&
	    cp_placeholder(st->text.data + st->lines[e].off,
	    st->lines[e].len))
		return still_to_write;
	/* The slot left for the answer, ">>>>>", under a question of lines. */
	if (e > i + 2 && st->lines[e - 1].gap > 0 &&
	    cp_placeholder(st->text.data + st->lines[e - 1].off,
	    st->lines[e - 1].len) && !cp_placeholder(st->text.data +
	    st->lines[e - 2].off, st->lines[e - 2].len))
		return still_to_write;
	if (l->bare)
		return "a term with no answer after it: left out, not a card";
	if (st->entries && st->layout == L_BLOCKS &&
	    !(l->flags & (LF_ENDQ | LF_ASKS | LF_QPFX)))
		return "a block among entries, no separator on its first "
		    "line and nothing asked: a note, left out, not a card";
	for (k = i; k < e; k++) {
		bare = (st->lines[k].flags & (LF_QPFX | LF_APFX)) &&
		    st->lines[k].pfx >= st->lines[k].len;
		/* An answer's label with nothing after it answers nothing. */
		answer += (st->role[k] >= R_ANSWER && !(bare && st->qa !=
		    QA_NONE)) || st->lines[k].markat > 0;
		labels += field_label(st->text.data + st->lines[k].off) ==
		    st->lines[k].len || bare;
	}
	if (labels == e - i && e - i > 1)
		return template;
	for (k = i + 1, paras = 0, items = 0; k < e; k++) {
		paras += st->lines[k].gap > 0;
		items += (st->lines[k].flags & LF_NUMBER) != 0;
	}
	/*
	 * Where a mark opens each question, or each answer's label stands
	 * under its question, the lines above the first that ask nothing
	 * are the file's heading: "PREGUNTAS Y RESPUESTAS" and its course.
	 */
	heads = i == 0 && answer > 0 &&
	    (st->underlabel || st->qmark != QM_NONE);
	for (k = i, asked = 0; heads && k < e; k++)
		asked += (st->lines[k].flags & (LF_QPFX | LF_APFX | LF_ENDQ |
		    LF_ASKS)) != 0 || memchr(st->text.data +
		    st->lines[k].off, '?', st->lines[k].len) != NULL;
	if (heads && asked == 0)
		return "lines above the first marked question or labelled "
		    "answer that ask nothing, the file's heading: left out, "
		    "not a card";
	if (answer > 0 && ((notes && e - i > 2 && heading_card(st, i, e)) ||
	    (st->unasked && !st->termsections && st->layout != L_CYCLE &&
	    (paras >= 2 ||
	    (items == e - i - 1 &&
	    items >= (size_t)layout_weight.min_units)))))
		return "a heading over notes, nothing asked: left out, not a "
		    "card";
	if (answer > 0)
		return (l->flags & LF_BARENUM) && st->role[i + 1] >= R_ANSWER ?
		    "a number with no question: its answer left out, not a "
		    "card" : NULL;
	/* A question may be wrapped over lines, the last asking. */
	if ((l->flags & (LF_ENDQ | LF_ASKS | LF_QPFX)) ||
	    (st->lines[e - 1].flags & LF_ENDQ) ||
	    numbered_as_questions(st, l))
		return unanswered;
	if (opens_link(s) && l->words == 1)
		return "a link with no question: left out, not a card";
	if (l->flags & LF_CODE)
		return "code with no question: left out, not a card";
	/* A LaTeX card's line may be its "\\" alone, now nothing. */
	if ((l->flags & LF_COLON) || (l->len > 0 &&
	    strchr("-=*#~", s[0]) != NULL && s[l->len - 1] == s[0] &&
	    has_letter(s, l->len)))
		return "a heading with no card under it: left out";
	return stray_note;
}

/* The end of the card that starts at line i. */
static size_t
card_end(const struct txt_state *st, size_t i)
{
	for (i++; i < st->nlines && st->role[i] != R_START; i++)
		continue;
	return i;
}

/*
 * Reports why the card of lines i to e is no card.  Questions and notes
 * with no answer that follow one another, a list of questions still to
 * be answered, are reported once, at the first, and so are templates
 * that follow one another: returns the end of the cards reported, so
 * that the others are not.
 */
static size_t
report_left_out(struct cp_reader *r, const struct txt_state *st, size_t i,
    size_t e, int notes, const char *why)
{
	size_t		 n = 1, asked, k, ke;
	const char	*w;

	asked = why == unanswered;
	for (k = e; (why == unanswered || why == stray_note ||
	    why == template) && k < st->nlines; k = ke, n++) {
		ke = card_end(st, k);
		w = not_a_card(st, k, ke, notes);
		if (why == template ? w != template : w != unanswered &&
		    w != stray_note)
			break;
		asked += w == unanswered;
		e = ke;
	}
	if (n == 1)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[i].lineno, 0, "%s", why);
	else if (why == template)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[i].lineno, 0, "%zu templates, labels with "
		    "nothing after them, to line %lu: left out, not cards", n,
		    st->lines[e - 1].lineno);
	else
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[i].lineno, 0, "%zu %s, to line %lu: left out, "
		    "not cards", n, asked == n ? "questions with no answer" :
		    asked == 0 ? "notes, neither question nor answer" :
		    "questions and notes with no answer",
		    st->lines[e - 1].lineno);
	return e;
}

/*
 * The hash of the card of lines i to e, its conflict's number with it:
 * so that a card repeats only one of its own conflict's other side.
 */
static uint64_t
card_hash(const struct txt_state *st, size_t i, size_t e, struct cp_buf *b)
{
	cp_buf_reset(b);
	cp_buf_printf(b, "%zu", st->lines[i].conflict);
	for (; i < e; i++) {
		cp_buf_addc(b, '\n');
		cp_buf_add(b, st->text.data + st->lines[i].off,
		    st->lines[i].len);
	}
	return cp_hash64(b->data, b->len) | 1;
}

/* Reports the n cards from line from to line to that repeat the others. */
static void
report_repeats(struct cp_reader *r, unsigned long from, unsigned long to,
    size_t n)
{
	if (n == 1)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, from, 0, "a card "
		    "that repeats one of the merge conflict's other side: made "
		    "once");
	else if (n > 1)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, from, 0, "%zu "
		    "cards, to line %lu, that repeat those of the merge "
		    "conflict's other side: made once", n, to);
}

/*
 * Moves line k of the card that starts at line first down to line to,
 * with its role, as cards are left out above it: an answer that names
 * an option of its own card still names it where it now stands, one
 * that names a line of another card names none.
 */
static void
move_line(struct txt_state *st, size_t k, size_t to, size_t first)
{
	struct line	*l = &st->lines[k];

	if (l->names > 0)
		l->names = l->names - 1 >= first ? l->names - (k - to) : 0;
	st->lines[to] = *l;
	st->role[to] = st->role[k];
}

/*
 * A card of a merge conflict's second side that repeats a card of its
 * first side line for line (find_conflicts) is made once: it is left
 * out, and each conflict's repeats are reported once, at the first.
 */
static void
drop_repeats(struct cp_reader *r, struct txt_state *st)
{
	struct cp_hashset	 seen = { 0 };
	struct cp_buf		 b = { 0 };
	size_t			 i, e, k, kept = 0, x = 0, xkept = 0, n = 0;
	size_t			 conflict = 0;
	unsigned long		 from = 0, to = 0;
	int			 drop;

	for (i = 0; i < st->nlines; i = card_end(st, i))
		if (st->lines[i].side == 1)
			cp_hashset_add(&seen, card_hash(st, i, card_end(st, i),
			    &b));
	for (i = 0; seen.len > 0 && i < st->nlines; i = e) {
		e = card_end(st, i);
		drop = st->lines[i].side == 2 &&
		    cp_hashset_has(&seen, card_hash(st, i, e, &b));
		if (drop && st->lines[i].conflict != conflict) {
			report_repeats(r, from, to, n);
			conflict = st->lines[i].conflict;
			from = st->lines[i].lineno;
			n = 0;
		}
		if (drop) {
			n++;
			to = st->lines[e - 1].lineno;
		}
		for (; x < st->nextras && st->extras[x].line < e; x++)
			if (!drop) {
				st->extras[xkept] = st->extras[x];
				st->extras[xkept++].line += kept - i;
			}
		for (k = i; !drop && k < e; k++)
			move_line(st, k, kept++, i);
	}
	report_repeats(r, from, to, n);
	if (seen.len > 0) {
		st->nlines = kept;
		st->nextras = xkept;
	}
	cp_hashset_free(&seen);
	cp_buf_free(&b);
}

/*
 * Does every card, nine in ten of them and twice min_units at least,
 * stand as a glossary's entry in paragraphs: a term of one to four
 * words on a line of its own that ends in no mark, "Git push", then as
 * many paragraphs as the others, two or more (a definition, then a
 * formal one with its source)?  Such headings over paragraphs are terms,
 * no notes' headings: notes head their sections with paragraphs of
 * every count.
 */
static int
term_sections(const struct txt_state *st)
{
	const struct line	*l;
	size_t			 i, e, k, cards = 0, alike = 0, paras, want = 0;

	for (i = 0; i < st->nlines; i = e) {
		e = card_end(st, i);
		cards++;
		l = &st->lines[i];
		if (e - i < 3 || st->lines[i + 1].gap == 0 ||
		    !(l->flags & LF_OPEN) || (l->flags & LF_LIST) ||
		    cp_count_words(st->text.data + l->off, l->len) > 4)
			continue;
		for (k = i + 1, paras = 0; k < e; k++)
			paras += st->lines[k].gap > 0;
		if (want == 0)
			want = paras;
		alike += paras == want && paras >= 2;
	}
	/* Three days of a diary are alike too: a glossary holds more. */
	return cards >= 2 * (size_t)layout_weight.min_units &&
	    sure(alike, cards);
}

/*
 * Takes what is no card out of the reading, and says so at its first
 * line.  A declared count is the author's word that every question is
 * a card, answered or not, so then nothing is left out.  A heading over
 * notes is no card where headings are rare, no more than one card in
 * heading_den: where they are the file's habit ("To add a remote:"),
 * they are its questions.  A file of notes, code and questions still to
 * be answered holds no cards: where fit_num in fit_den of its lines or
 * more are left out, the few cards among them, min_units or fewer, are
 * lines that happen to read as a question and its answer.
 */
static void
leave_out(struct cp_reader *r, struct txt_state *st)
{
	size_t		 i, e, k, kept = 0, x = 0, xkept = 0, told = 0;
	size_t		 cards = 0, headed = 0, good = 0, goodlines = 0;
	const char	*why;
	int		 notes, none;

	if (st->declared >= 0)
		return;
	for (i = 0; i < st->nlines && !st->optmarks; i++)
		st->optmarks = st->lines[i].opt != 0 &&
		    ends_marked(st, &st->lines[i]);
	count_bracket_keys(st);
	for (i = 0, k = 0; i < st->nlines; i = e) {
		e = card_end(st, i);
		cards++;
		headed += heading_card(st, i, e);
		k += options_alone(st, i, e);
	}
	notes = headed * (size_t)layout_weight.heading_den <= cards;
	st->unasked = asks_nowhere(st);
	/*
	 * Questions over their options alone are a quiz's with no key
	 * where they are min_units or more and half the cards;
	 * a few among other cards are questions answered by a list.
	 */
	st->optquiz = k >= (size_t)layout_weight.min_units && 2 * k >= cards;
	if ((st->termsections = st->unasked && st->layout != L_CYCLE &&
	    term_sections(st)))
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[0].lineno, 0, "terms on lines of their own, "
		    "each over as many paragraphs: read as a glossary's "
		    "entries, not as headings over notes");
	for (i = 0; i < st->nlines; i = e) {
		e = card_end(st, i);
		if ((why = not_a_card(st, i, e, notes)) == NULL) {
			good++;
			goodlines += e - i;
		} else if (why == still_to_write)
			goodlines += e - i;	/* questions, no notes */
	}
	none = good <= (size_t)layout_weight.min_units &&
	    (st->nlines - goodlines) * (size_t)layout_weight.fit_den >=
	    st->nlines * (size_t)layout_weight.fit_num;
	/*
	 * In a list of questions, the few "answers" are more questions,
	 * topics to recall ("hormony naczyniozwężające"), a note to self.
	 */
	none |= st->asklist &&
	    good * (size_t)layout_weight.asklist_den < cards;
	for (i = 0; i < st->nlines; i = e) {
		e = card_end(st, i);
		if ((why = not_a_card(st, i, e, notes)) == NULL && none)
			why = st->asklist ? among_questions : among_notes;
		if (why != NULL && i >= told)
			told = report_left_out(r, st, i, e, notes, why);
		/* A record's labelled fields stay or go with its card. */
		for (; x < st->nextras && st->extras[x].line < e; x++)
			if (why == NULL) {
				st->extras[xkept] = st->extras[x];
				st->extras[xkept++].line += kept - i;
			}
		for (k = i; why == NULL && k < e; k++)
			move_line(st, k, kept++, i);
	}
	st->nlines = kept;
	st->nextras = xkept;
}

/* Is s[i] white space or an end of a line of n bytes? */
static int
breaks_word(const char *s, size_t n, size_t i)
{
	return i >= n || s[i] == ' ' || s[i] == '\t' || s[i] == '\n';
}

/*
 * Can byte c end the text before a "\n" written between two words,
 * "better\n-comma", and can d begin the text after it?  A quote or a
 * bracket is code's, printf("a\n"); a backslash or a colon a path's,
 * C:\new.
 */
static int
glued_break(unsigned char c, unsigned char d)
{
	return (isalnum(c) || c >= 0x80 || (c != '\0' &&
	    strchr(")]?!.,;", c) != NULL)) &&
	    (isalnum(d) || d >= 0x80 || (d != '\0' &&
	    strchr("-*(", d) != NULL));
}

/* Is there a "\n" standing as a word of its own, or between two, at s[i]? */
static int
escaped_break(const char *s, size_t n, size_t i)
{
	if (i + 1 >= n || s[i] != '\\' || s[i + 1] != 'n')
		return 0;
	if ((i == 0 || breaks_word(s, n, i - 1)) && breaks_word(s, n, i + 2))
		return 1;
	return i > 0 && i + 2 < n && glued_break(s[i - 1], s[i + 2]);
}

/*
 * Some authors keep a field of several lines on one line by writing its
 * breaks as "\n", the escape of the programs their cards go through:
 * "Madre. \n Matiz: ..." or "cations\n-proteins".  When a "\n" standing
 * between spaces or between two words is on at least three lines and one
 * line in break_den, and such "\n" are two thirds or more of all "\n" in
 * the file (a "\n" inside code, printf("%d\n"), is no such break), each
 * such one is read as a line break; this is reported once.
 */
static void
find_breaks(struct cp_reader *r, struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, k, nlines = 0, words = 0, all = 0;
	unsigned long		 first = 0;
	int			 seen;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		s = st->text.data + l->off;
		for (k = 0, seen = 0; k + 1 < l->len; k++) {
			if (s[k] != '\\' || s[k + 1] != 'n')
				continue;
			all++;
			if (escaped_break(s, l->len, k)) {
				words++;
				seen = 1;
			}
		}
		if (seen && first == 0)
			first = l->lineno;
		nlines += seen;
	}
	if (nlines < (size_t)layout_weight.min_units ||
	    nlines * (size_t)layout_weight.break_den < st->nlines ||
	    words * (size_t)layout_weight.fit_den <
	    all * (size_t)layout_weight.fit_num)
		return;
	st->breaks = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "\"\\n\" "
	    "as a word or between two on %zu lines read as a line break inside "
	    "a field", nlines);
}

/* Makes each such "\n" in b a line break, the spaces around it dropped. */
static void
unescape_breaks(struct cp_buf *b)
{
	size_t	 i, k;

	/* Nothing is written ahead of what is read: k <= i throughout. */
	for (i = 0, k = 0; i < b->len; i++) {
		if (!escaped_break(b->data, b->len, i)) {
			b->data[k++] = b->data[i];
			continue;
		}
		while (k > 0 && (b->data[k - 1] == ' ' || b->data[k - 1] == '\t'))
			k--;
		b->data[k++] = '\n';
		for (i += 2; i < b->len && (b->data[i] == ' ' ||
		    b->data[i] == '\t'); i++)
			continue;
		i--;
	}
	b->len = k;
	if (b->data != NULL)
		b->data[k] = '\0';
}

/*
 * Takes off b's lines the indentation all of them share, a file's
 * layout where it is set in as a whole (st->set_in); what one line sets
 * in past the others stays.
 */
static void
set_out(struct cp_buf *b)
{
	size_t	 i, k, ind, least = SIZE_MAX;

	for (i = 0; i < b->len; i += k + (i + k < b->len)) {
		k = strcspn(b->data + i, "\n");
		ind = strspn(b->data + i, " \t");
		if (ind < k && ind < least)
			least = ind;
	}
	if (least == 0 || least == SIZE_MAX)
		return;
	/* Nothing is written ahead of what is read. */
	for (i = 0, k = 0; i < b->len; ) {
		ind = strspn(b->data + i, " \t");
		i += ind < least ? ind : least;
		while (i < b->len && b->data[i] != '\n')
			b->data[k++] = b->data[i++];
		if (i < b->len)
			b->data[k++] = b->data[i++];
	}
	b->len = k;
	b->data[k] = '\0';
}

/* The next of a quiz program's cards (find_quiz_json()). */
static int
quiz_next(struct cp_reader *r, struct txt_state *st)
{
	const struct cp_quiz_card	*c = &st->quiz.card[st->next++];
	struct cp_note			*n = &r->rec.note;

	r->rec.kind = CP_RECORD_NOTE;
	cp_set_string(&n->deck, st->deck);
	cp_set_string(&n->notetype, c->cloze ? "Cloze" : "Basic");
	cp_note_add_field(n, c->cloze ? "Text" : "Front", c->front);
	cp_note_add_field(n, c->cloze ? "Back Extra" : "Back",
	    c->cloze ? "" : c->back);
	n->markup = CP_MARKUP_TEXT;
	n->source_file = cp_xstrdup(r->name);
	n->source_line = c->line;
	if (!c->cloze && *c->back == '\0')
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, c->line, 0,
		    "card has no answer");
	return 1;
}

static int
txt_next(struct cp_reader *r)
{
	struct txt_state	*st = r->state;
	struct cp_note		*n = &r->rec.note;
	struct cp_deck		*d = &r->rec.deck;
	struct cp_buf		 front = { 0 }, back = { 0 }, marked = { 0 };
	const struct line	*l;
	size_t			 i, k;

	if (!st->deck_sent) {
		st->deck_sent = 1;
		if (st->title == NULL && st->srcline == 0 && st->nlines == 0)
			return 0;	/* an empty input */
		r->rec.kind = CP_RECORD_DECK;
		cp_set_string(&d->name, st->deck);
		cp_set_string(&d->title, st->title);
		cp_set_string(&d->url, st->url);
		d->declared_cards = st->declared;
		d->source_file = cp_xstrdup(r->name);
		d->source_line = st->titleline != 0 ? st->titleline :
		    st->srcline != 0 ? st->srcline : st->lines[0].lineno;
		return 1;
	}
	if (st->quiz.n > 0)
		return st->next < st->quiz.n ? quiz_next(r, st) : 0;
	if (st->next >= st->nlines)
		return 0;
	if (st->lines[st->next].section != st->cursection) {
		st->cursection = st->lines[st->next].section;
		r->rec.kind = CP_RECORD_DECK;
		cp_set_string(&d->name, st->cursection > 0 ?
		    st->sections[st->cursection].deck : st->deck);
		cp_set_string(&d->title, NULL);
		cp_set_string(&d->url, NULL);
		d->declared_cards = -1;
		d->source_file = cp_xstrdup(r->name);
		d->source_line = st->cursection > 0 ?
		    st->sections[st->cursection].lineno :
		    st->lines[st->next].lineno;
		return 1;
	}
	i = st->next;
	if (st->clozes) {
		add_clozes(st, &front, i++);
		r->rec.kind = CP_RECORD_NOTE;
		cp_set_string(&n->deck, st->deck);
		cp_set_string(&n->notetype, "Cloze");
		cp_note_add_field(n, "Text", cp_buf_str(&front));
		cp_note_add_field(n, "Back Extra", "");
		n->markup = CP_MARKUP_TEXT;
		n->source_file = cp_xstrdup(r->name);
		n->source_line = st->lines[st->next].lineno;
		cp_buf_free(&front);
		st->next = i;
		return 1;
	}
	do {
		if (st->lines[i].cut > 0 && st->role[i] == R_START &&
		    st->rightmark != 0)
			add_marked(st, &front, &back, i);
		else if (st->lines[i].cut > 0 && st->role[i] == R_START &&
		    st->quotedright)
			add_choices(&front, &back, st->text.data +
			    st->lines[i].off, st->lines[i].len,
			    st->lines[i].lead, next_quoted);
		else if (st->lines[i].cut > 0 && st->role[i] == R_START &&
		    st->bracketed)
			add_brackets(st, &front, &back, i);
		else if (st->lines[i].cut > 0 && st->role[i] == R_START) {
			if (add_cut(st, st->swapped ? &back : &front,
			    st->swapped ? &front : &back, i) &&
			    st->sidesnamed++ == 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    st->lines[i].lineno, 0, "a question's "
				    "label before the separator and an "
				    "answer's after it name the sides: left "
				    "out, here and below");
		}
		else if (st->tagchoices && st->role[i] >= R_ANSWER &&
		    tagged_choice(st->text.data + st->lines[i].off +
		    label_skip(st, i), st->lines[i].len - label_skip(st, i)))
			add_choices(&front, &back, st->text.data +
			    st->lines[i].off + label_skip(st, i),
			    st->lines[i].len - label_skip(st, i), 0,
			    next_tagged);
		else
			add_text(st, st->role[i] <= R_QUEST ? &front : &back, i);
		i++;
	} while (i < st->nlines && st->role[i] != R_START);
	/*
	 * Every option marked right answers, ahead of the lines under the
	 * options that say more, "Fun Fact: ...".
	 */
	for (k = st->next; k < i; k++)
		if (st->lines[k].markat > 0)
			add_text(st, &marked, k);
	if (marked.len > 0 && back.len > 0)
		cp_buf_addc(&marked, '\n');
	if (marked.len > 0) {
		cp_buf_add(&marked, back.data, back.len);
		cp_buf_free(&back);
		back = marked;
		memset(&marked, 0, sizeof(marked));
	}
	if (st->lines[st->next].quoted)
		unquote(&back);
	if (st->lines[st->next].qfront)
		unquote(&front);
	if (st->labelquotes) {
		strip_quotes(&front);
		strip_quotes(&back);
	}
	/* Under Anki's header, a field is quoted as Anki's import reads it. */
	if (st->ankiquotes && csv_quoted(&front))
		unquote(&front);
	if (st->ankiquotes && csv_quoted(&back))
		unquote(&back);
	if (st->breaks) {
		unescape_breaks(&front);
		unescape_breaks(&back);
	}
	if (st->set_in) {
		set_out(&front);
		set_out(&back);
	}
	if (unstar_answer(&front, &back))
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[st->next].lineno, 0, "\"*\" around the option "
		    "the answer repeats marks it right: left out of the question");
	if (key_to_back(st, &front, &back) && st->keysaid++ == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[st->next].lineno, 0, "a key in brackets in the "
		    "question over its options, \"(B)\", is the answer: "
		    "moved to the back, here and below");
	if (back.len > 0 && verdict_to_back(st, &front, &back) &&
	    st->verdictsaid++ == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[st->next].lineno, 0, "a verdict in brackets "
		    "ending a statement over its explanation, "
		    "\"(\xe2\x9c\x93)\", is the answer: moved to the back, "
		    "here and below");
	if (glued_bullet(st, st->next) > 0 && st->gluedsaid++ == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->lines[st->next].lineno, 0, "a dash glued to a term "
		    "over its definition set in is its bullet: left out of "
		    "the question, here and on such lines below");
	if (back.len > 0 && (k = term_colon(st, st->next, &front)) > 0) {
		front.len -= k;
		front.data[front.len] = '\0';
		if (st->termcolons++ == 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lines[st->next].lineno, 0, "a term's colon "
			    "over its answer: left out of the question, here "
			    "and on such lines below");
	}
	r->rec.kind = CP_RECORD_NOTE;
	cp_set_string(&n->deck, st->lines[st->next].section > 0 ?
	    st->sections[st->lines[st->next].section].deck : st->deck);
	cp_set_string(&n->notetype, "Basic");
	cp_note_add_field(n, "Front", cp_buf_str(&front));
	cp_note_add_field(n, "Back", cp_buf_str(&back));
	n->markup = CP_MARKUP_TEXT;
	n->source_file = cp_xstrdup(r->name);
	n->source_line = st->lines[st->next].lineno;
	l = &st->lines[st->next];
	if (l->tagoff > 0)
		add_tags(n, st->text.data + l->off + l->tagoff,
		    l->tagend - l->tagoff);
	for (; st->xnext < st->nextras && st->extras[st->xnext].line < i;
	    st->xnext++)
		add_extra(n, &st->extras[st->xnext]);
	if (front.len == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, n->source_line, 0,
		    "card has no question");
	if (back.len == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, n->source_line, 0,
		    "card has no answer");
	cp_buf_free(&front);
	cp_buf_free(&back);
	st->next = i;
	return 1;
}

static void
txt_close(struct cp_reader *r)
{
	struct txt_state	*st = r->state;
	size_t			 i;

	if (st == NULL)
		return;
	cp_buf_free(&st->text);
	cp_quiz_cards_free(&st->quiz);
	free(st->lines);
	free(st->score);
	free(st->role);
	free(st->title);
	free(st->deck);
	free(st->url);
	free(st->extras);
	for (i = 1; i < st->nsections; i++)
		free(st->sections[i].deck);
	free(st->sections);
	free(st);
}

/*
 * Is the first line one of the header lines that Anki's "Notes in Plain
 * Text" export opens with?  Then the file is that format, not cardtxt.
 */
static int
anki_export(const struct cp_buf *first)
{
	const char	*s = first->data;
	size_t		 n = first->len;

	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3, n -= 3;
	if (n > 0 && s[n - 1] == '\r')
		n--;
	return cp_csv_header_line(s, n);
}

/*
 * Anki's header promises a separator, "#separator:tab", and Anki's
 * import takes it at its word.  A header copied over notes written by
 * hand, a question line and an answer line with no tab on any, promises
 * what no line keeps: then the file's own layout holds.  Reads on from
 * the header's first line in head, each line ended by '\n', until a line
 * holds the separator (the file is the export, head and the rest are
 * csv2cards' to read) or the input ends.  Returns the number of the
 * header's last line when no line holds it, else 0; -1 on a read error.
 */
static long
unkept_header(struct cp_reader *r, struct cp_buf *head)
{
	struct cp_buf	 line = { 0 };
	const char	*s = head->data;
	unsigned long	 lineno = 1, last = 0, named = 0;
	size_t		 n = head->len, k;
	int		 sep = 0, nl, rc, text = 0;
	char		 name[16] = "";

	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3, n -= 3;
	n -= n > 0 && s[n - 1] == '\n';
	for (;;) {
		if (n > 0 && s[n - 1] == '\r')
			n--;
		if (text == 0 && cp_csv_header_line(s, n)) {
			/* The header ends at the first line of text. */
			last = lineno;
			if (n > 11 && strncasecmp(s, "#separator:", 11) == 0) {
				for (k = 0; k + 1 < sizeof(name) && 11 + k < n;
				    k++)
					name[k] = s[11 + k];
				while (k > 0 && name[k - 1] == ' ')
					k--;
				name[k] = '\0';
				named = lineno;
				if ((sep = cp_csv_separator(name)) == -1)
					break;	/* csv2cards reports it */
			}
		} else if (strspn(s, " \t") < n) {
			/* With no separator named, csv2cards guesses one. */
			if (text++ == 0 && named == 0)
				break;
			if (memchr(s, sep, n) != NULL)
				break;
		}
		if ((rc = cp_getline(r->fp, &line, &nl)) != 1) {
			cp_buf_free(&line);
			if (rc == -1) {
				cp_report(r->rep, CP_LEVEL_SYSERR, r->name,
				    lineno + 1, 0, "read error: %s",
				    strerror(errno));
				return -1;
			}
			if (text == 0)
				return 0;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, named, 0,
			    "Anki's header names the separator \"%s\", but "
			    "no line after it holds one: the header left out, "
			    "the text read as cardtxt", name);
			return (long)last;
		}
		n = head->len;
		cp_buf_add(head, line.data, line.len);
		if (nl)
			cp_buf_addc(head, '\n');
		s = head->data + n;
		n = line.len;
		lineno++;
	}
	cp_buf_free(&line);
	return 0;
}

/*
 * Is the file an answer key: lines parted by the file's separator,
 * min_units or more and sure_num in sure_den of them, each a bare number
 * over the letters of a right option, "1 - b", "12 - AC"?  The
 * questions are elsewhere; a number and a letter ask and answer nothing.
 */
static int
answer_key(const struct txt_state *st)
{
	const struct line	*l;
	const char		*s;
	size_t			 i, f, b, e, parted = 0, keys = 0;

	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		parted++;
		s = st->text.data + l->off;
		f = strspn(s, " \t");
		b = l->cut + l->cutlen;
		b += strspn(s + b, " \t");
		for (e = l->len; e > b && strchr(" \t.)", s[e - 1]) != NULL; e--)
			continue;
		keys += strspn(s + f, "0123456789") > 0 &&
		    f + strspn(s + f, "0123456789") + strspn(s + f +
		    strspn(s + f, "0123456789"), " \t.)") >= l->cut &&
		    e > b && choice_letters(s + b, e - b, 'H');
	}
	return keys >= (size_t)layout_weight.min_units && sure(keys, parted);
}

/*
 * Is the file an outline's paths, "A. Vizualizační řetězec: 1.
 * Vizualizační řetězec: a)Homogenní souřadnice": lines parted by the
 * file's separator, min_units * 2 or more and sure_num in sure_den of
 * them holding it again after the cut, the first fields repeating, as
 * few as one for three lines or fewer, and the second as few as one for
 * two?  Each line names a topic under topics, where a term defines
 * itself once; nothing answers.  (A program's records repeat their
 * category too, but part their fields by no colon, and number them.)
 */
static int
outline_paths(const struct txt_state *st)
{
	struct cp_hashset	 fronts = { 0 }, seconds = { 0 };
	const struct line	*l;
	const char		*s;
	size_t			 i, b, k, parted = 0, again = 0, distinct = 0;
	size_t			 distinct2 = 0;

	if (st->sep[0] != ':')
		return 0;	/* a program's records, "cat,haut,上" */
	for (i = 0; i < st->nlines; i++) {
		l = &st->lines[i];
		if (l->cut == 0)
			continue;
		parted++;
		s = st->text.data + l->off;
		b = l->cut + l->cutlen;
		if ((k = sep_find(s, l->len, b, st->sep)) >= l->len)
			continue;
		again++;
		distinct += !cp_hashset_add(&fronts, cp_hash64(s, l->cut));
		/* The topic under it repeats too: no record's own id. */
		distinct2 += !cp_hashset_add(&seconds, cp_hash64(s + b,
		    k - b));
	}
	cp_hashset_free(&fronts);
	cp_hashset_free(&seconds);
	return parted >= 2 * (size_t)layout_weight.min_units &&
	    sure(again, parted) && 3 * distinct <= again &&
	    2 * distinct2 <= again;
}

/*
 * Reports at the file's first line why it holds no cards, and reads it
 * as none: what cp_read_txt_open() returns then.
 */
static int
no_cards(struct cp_reader *r, struct txt_state *st, const char *fmt, ...)
{
	char	 why[512];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno, 0,
	    "%s", why);
	st->nlines = 0;
	return 0;
}

/*
 * Says, as a note for -v, how the file was read where nothing declared
 * it: what parts the cards and what parts a card's question from its
 * answer.  The rules that repaired or left out lines said so already;
 * this names the layout they chose, so that a wrong first read shows
 * what to force (--split) or to change in the file.
 */
static void
say_reading(struct cp_reader *r, const struct txt_state *st)
{
	static const char *const layouts[] = {
		"each card begun by a line that asks or is marked as a question",
		"cards parted by blank lines, one a block",
		"cards parted by two blank lines, question from answer by one",
		NULL	/* L_CYCLE: said with its period */
	};
	static const char *const marks[] = {
		"", "; each question opens with a bullet",
		"; each question a \"term:\" line of its own",
		"; the questions numbered", "; the questions labelled",
		"; options under each question, the right ones named after them"
	};
	struct cp_buf	 b = { 0 };

	if (st->layout == L_CYCLE)
		cp_buf_printf(&b, "cards of %d lines in turn, the question "
		    "first", st->period);
	else
		cp_buf_addstr(&b, st->layout == L_FREE && st->sep != NULL ?
		    "one card a line" : layouts[st->layout]);
	if (st->sep != NULL)
		cp_buf_printf(&b, ", front and back parted by \"%s\"",
		    sep_name(st->sep));
	cp_buf_addstr(&b, st->qa == QA_BOTH ? "; questions and answers "
	    "labelled" : st->qa == QA_ANSWERS ? "; answers labelled" : "");
	cp_buf_addstr(&b, marks[st->qmark]);
	cp_report(r->rep, CP_LEVEL_NOTE, r->name, st->lines[0].lineno, 0,
	    "read as %s%s", b.data, st->declared >= 0 ? ", as many as the "
	    "header declares" : "");
	cp_buf_free(&b);
}

/*
 * A quiz program's JSON (quiz_json.c) is read whole, not by its lines:
 * the lines are joined again as the file holds them, blank ones too.
 * Whether the text was such JSON (its cards in st->quiz, none perhaps).
 */
static int
find_quiz_json(struct cp_reader *r, struct txt_state *st)
{
	struct cp_buf	 doc = { 0 };
	const char	*s;
	unsigned long	 line = 1;
	size_t		 i;
	int		 n;

	if (st->nlines == 0)
		return 0;
	s = st->text.data + st->lines[0].off;
	s += strspn(s, " \t");
	if (*s != '[' && *s != '{')
		return 0;
	for (i = 0; i < st->nlines; i++) {
		for (; line < st->lines[i].lineno; line++)
			cp_buf_addc(&doc, '\n');
		cp_buf_add(&doc, st->text.data + st->lines[i].off,
		    st->lines[i].len);
	}
	n = cp_quiz_json(doc.data, doc.len, r->name, r->rep, &st->quiz);
	cp_buf_free(&doc);
	if (n == 0)
		st->nlines = 0;		/* a program's data: no cards */
	return n >= 0;
}

int
cp_read_txt_open(struct cp_reader *r)
{
	struct txt_state	*st;
	struct cp_buf		 first = { 0 };
	size_t			 i, at;
	long			 header;
	int			 parted, commands, cut, nl, rc, unmarked = 0;
	char			 low[16];

	/* Anki's export is read by csv2cards' reader, from its first byte. */
	header = 0;
	if ((rc = cp_getline(r->fp, &first, &nl)) == 1 &&
	    anki_export(&first)) {
		if (nl)
			cp_buf_addc(&first, '\n');
		if ((header = unkept_header(r, &first)) == 0) {
			rc = cp_read_csv_open_head(r, first.data, first.len);
			cp_buf_free(&first);
			return rc;
		}
		if (header == -1) {
			cp_buf_free(&first);
			return -1;
		}
	}
	st = r->state = cp_xcalloc(1, sizeof(*st));
	st->declared = -1;
	st->bracket_verdicts = -1;
	st->bracket_keys = -1;
	r->next = txt_next;
	r->close = txt_close;
	if (load(r, st, &first, rc, (unsigned long)header) == -1)
		return -1;
	st->ankiquotes = header > 0;
	if (r->opts.split == NULL && find_quiz_json(r, st)) {
		st->deck = r->opts.deck != NULL ? cp_xstrdup(r->opts.deck) :
		    r->opts.deck_default != NULL ?
		    cp_xstrdup(r->opts.deck_default) : file_deck(r->name);
		return 0;
	}
	find_framed_labels(r, st);
	find_question_frames(r, st);
	find_ini_sections(r, st);
	find_braces(r, st);
	find_definition_marks(r, st);
	find_answer_list(r, st);
	find_entries(r, st);
	find_breaks(r, st);
	find_hard_breaks(r, st);
	find_tab_padding(r, st);
	find_sort_marks(r, st);
	find_pictograph_marks(r, st);
	find_tabbed_numbers(r, st);
	find_arrowed_options(r, st);
	find_block_labels(r, st);
	find_conflicts(r, st);
	find_counters(r, st);
	find_inline_answers(r, st);
	find_answered_options(r, st);
	find_numbered_terms(r, st);
	find_comments(r, st);
	find_docstring(r, st);
	find_counted(r, st);
	if (r->opts.split == NULL && find_clozes(r, st)) {
		st->deck = r->opts.deck != NULL ? cp_xstrdup(r->opts.deck) :
		    r->opts.deck_default != NULL ?
		    cp_xstrdup(r->opts.deck_default) : file_deck(r->name);
		return 0;
	}
	commands = command_file(st);
	for (i = 0; i < st->nlines && !st->q_dashes; i++) {
		cp_lower_prefix(st->text.data + st->lines[i].off,
		    st->lines[i].len, low, sizeof(low));
		st->q_dashes = letter_dash(low, 'q');
	}
	st->set_in = set_in_layout(st);
	find_number_stars(r, st);
	find_type_fields(r, st);
	find_bracket_fields(r, st);
	find_points_field(r, st);
	for (i = 0; i < st->nlines && !commands; i++)
		classify(st, &st->lines[i]);
	find_fences(st);
	if (!commands)
		find_emphasized(r, st);
	if (!commands)
		find_header(r, st);
	st->deck = r->opts.deck != NULL ? cp_xstrdup(r->opts.deck) :
	    st->title != NULL ? deck_name(st->title) :
	    r->opts.deck_default != NULL ? cp_xstrdup(r->opts.deck_default) :
	    file_deck(r->name);
	if (commands) {
		read_commands(r, st);
		return 0;
	}
	if (st->nsections > 0)
		nest_sections(st);
	else
		find_sections(r, st);
	find_folders(r, st);
	find_roman_heads(r, st);
	find_index_letters(r, st);
	find_spelled_heads(r, st);
	find_count_thirds(r, st);
	find_citations(r, st);
	for (i = 1; i < st->nlines; i++)
		if (st->lines[i].gap > 0)
			st->lines[i].flags |= LF_BLANK;
	find_bare_answer_words(r, st);
	find_side_tags(r, st);
	find_prefixes(st);
	/*
	 * "Nội dung câu hỏi:" over "Đáp án:": a question's label of the
	 * file's own over a known answer's, paired as two unknown ones are.
	 */
	if ((st->qa == QA_NONE || st->qa == QA_ANSWERS) &&
	    (find_label_pairs(r, st) ||
	    (st->qa == QA_NONE && find_answer_word(r, st))))
		find_prefixes(st);
	if (st->qa == QA_ANSWERS) {
		find_label_answers(st);
		if (!find_question_marks(r, st))
			find_numbered(r, st);
	}
	if (st->qa == QA_BOTH) {
		find_options_heads(r, st);
		find_indexed_options(r, st);
		find_asking_labels(r, st);
		find_fields(r, st);
	} else if (st->qa == QA_NONE && !find_framed_heads(st) &&
	    !find_question_marks(r, st) &&
	    !find_quote_heads(r, st) && !find_question_labels(r, st) &&
	    !find_set_options(r, st, &unmarked) && !find_numbered(r, st) &&
	    !find_choices(r, st) && !find_ordered_choices(r, st) &&
	    !find_signed_options(r, st) &&
	    !find_noted_numbers(r, st) &&
	    !find_rule_heads(r, st) && !find_numbered_lines(r, st))
		find_terms(r, st);
	if (unmarked) {
		st->nlines = 0;
		return 0;
	}
	if (st->qa == QA_NONE && st->qmark == QM_NONE && st->declared < 0 &&
	    r->opts.split == NULL && referenced_lines(st))
		return no_cards(r, st, "%zu lines, nearly each ending in "
		    "the numbers of the exams it was set in, \"(24,44)\": a "
		    "bank of questions and statements of one kind, none "
		    "answering another, no cards", st->nlines);
	if (st->qa == QA_NONE && st->qmark == QM_NONE && st->declared < 0 &&
	    r->opts.split == NULL && drill_prompts(st))
		return no_cards(r, st, "%zu lines, each a word and the form "
		    "asked of it in another script, every word asked in "
		    "several forms and every form of many words: a drill's "
		    "prompts, no answer given, no cards", st->nlines);
	/*
	 * A separator on every line outweighs blank lines and alternation;
	 * a mark of the questions outweighs them too.
	 */
	st->plurals = r->opts.split == NULL && plural_marks(r, st);
	if (!find_split(r, st) && st->qmark == QM_NONE) {
		/* Lists that hold no cards, where nothing labels or counts. */
		if (st->qa == QA_NONE && st->declared < 0) {
			if (holds_no_cards(st))
				return no_cards(r, st, "hardly a line asks "
				    "and no layout repeats: %zu lines of "
				    "prose, no cards", st->nlines);
			if (topic_blocks(st))
				return no_cards(r, st, "%zu lines, a block "
				    "each, nearly none asking or as short as "
				    "a term, every other one as long as the "
				    "next: a list of topics, none answering "
				    "another, no cards", st->nlines);
			if (question_bank(st))
				return no_cards(r, st, "%zu lines, a block "
				    "each, the questions among them followed "
				    "by more questions, none by an answer: a "
				    "bank of questions, no cards", st->nlines);
			if (filed_topics(st))
				return no_cards(r, st, "%zu lines, each ending "
				    "in its block's label in brackets, nothing "
				    "that answers: a list of topics, no cards",
				    st->nlines);
			if (numbered_list(st))
				return no_cards(r, st, "%zu lines, each "
				    "numbered at the margin, counting up, and "
				    "nothing else: a list of questions and "
				    "tasks, none answering another, no cards",
				    st->nlines);
			if (numbered_topics(st))
				return no_cards(r, st, "%zu lines numbered 1 "
				    "to %zu, each a topic, none asking and "
				    "nothing that answers: a list, no cards",
				    st->nlines, st->nlines);
			if (unfilled_entries(st))
				return no_cards(r, st, "%zu lines, nearly each "
				    "a term and \"=\" with nothing after it: "
				    "a dictionary whose meanings are still to "
				    "write, no cards", st->nlines);
			if (plural_list(st))
				return no_cards(r, st, "%zu lines, nine in "
				    "ten or more a word or two, most with its "
				    "plural ending after \",-\", nothing "
				    "telling a word from a meaning: a list of "
				    "words, no cards", st->nlines);
			if (word_list(st))
				return no_cards(r, st, "%zu lines, nine in ten "
				    "or more bare words of one script, nothing "
				    "telling a word from a meaning: a list of "
				    "words, no cards (a blank line after each "
				    "pair makes the pairs cards)", st->nlines);
			if (one_script_text(st))
				return no_cards(r, st, "%zu lines, each a "
				    "sentence in the same scripts beyond Latin "
				    "letters, hardly one asking and nothing "
				    "telling a question from an answer: a text "
				    "to read, no cards", st->nlines);
			if (bullet_list(st))
				return no_cards(r, st, "%zu lines, each an "
				    "item of a bulleted list, nothing telling "
				    "an item from a meaning and hardly one "
				    "asking: a list, no cards", st->nlines);
		}
		find_layout(st);
		if (st->turns != NULL)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->lines[0].lineno, 0, "nothing parts the cards "
			    "but the lines' turns: read as %s, each pair a "
			    "card, a guess", st->turns);
		find_question_list(st);
		/* Their headings and wrapped lines are no answers either. */
		if (!st->asklist && st->qa == QA_NONE && st->declared < 0 &&
		    unanswered_numbers(st))
			return no_cards(r, st, "%zu lines of numbered "
			    "questions, headings and lines that go on with "
			    "them, nothing that answers: a list of questions, "
			    "no cards", st->nlines);
		if (st->layout == L_FREE && st->declared < 0)
			split_blocks(st);
		cut = st->layout == L_BLOCKS && find_split(r, st);
		if (!cut && st->layout == L_BLOCKS && st->qa == QA_NONE &&
		    st->declared < 0) {
			join_answers(r, st);
			join_code(r, st);
		}
		/* Indented answers go on over the blank lines of blocks. */
		if (!cut && (st->layout == L_FREE || st->layout == L_BLOCKS) &&
		    st->declared < 0 && st->qa == QA_NONE && find_parts(st)) {
			st->layout = L_FREE;
			st->split = 0;
		}
	}
	if (st->sep != NULL && st->declared < 0 && answer_key(st))
		return no_cards(r, st, "%zu lines, each a question's number "
		    "and the letter of its right option, \"1 - b\": an "
		    "answer key to questions the file does not hold, no "
		    "cards", st->nlines);
	if (st->sep != NULL && st->declared < 0 && outline_paths(st))
		return no_cards(r, st, "%zu lines of topics under topics "
		    "parted by \"%s\", the first repeating from line to line: "
		    "an outline's paths, nothing answered, no cards",
		    st->nlines, sep_name(st->sep));
	find_verdicts(r, st);
	find_named_options(r, st);
	find_right_marks(r, st);
	find_header_row(r, st);
	find_glued_terms(r, st);
	find_tagged(r, st);
	/* Said after the header row is out, so that it counts no names. */
	if (st->tagcol)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->lines[0].lineno,
		    0, "a third \"%s\"-parted field on %zu of %zu lines read "
		    "as the card's tags, as Anki's text import takes it",
		    sep_name(st->tagcol), st->tagged, st->parted);
	if (st->nlines > 0) {
		score_lines(st, count_blocks(st));
		segment(r, st);
		find_repeated_answers(r, st);
		/*
		 * A card without an answer is reported as it is made; lines
		 * set in under an entry go on with it as the layout says.
		 */
		for (i = 0, parted = 0, at = 0; st->sep != NULL &&
		    i < st->nlines; i++)
			if (entry_goes_on(st, i, st->lines[i].cut > 0, &at) ||
			    st->lines[i].part == P_ANSWER)
				continue;
			else if (st->role[i] == R_START)
				parted = st->lines[i].cut > 0;
			else if (parted && st->role[i] >= R_ANSWER)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    st->lines[i].lineno, 0, "no \"%s\" parts "
				    "this line: read as more of the answer above",
				    sep_name(st->sep));
		find_options_label(r, st);
		leave_out(r, st);
		drop_repeats(r, st);
		find_dashed(r, st);
		find_first_items(r, st);
		find_own_label(r, st);
		say_reading(r, st);
	} else if (st->declared > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->srcline, 0,
		    "declared %ld cards, but the text reads as 0",
		    st->declared);
	return 0;
}

/*
 * Any text reads as flashcards, so text alone earns little; a Source
 * line, or lines labelled Q: and A:, are this format's own.
 */
int
cp_read_txt_bid(const char *head, size_t len)
{
	const char	*line;
	size_t		 pos = 0, n, lineno = 0;
	int		 whole, q = 0, a = 0;

	if (!cp_bid_text(head, len))
		return 0;
	while (cp_bid_line(head, len, &pos, &line, &n, &whole)) {
		if (n == 0)
			continue;
		if (++lineno <= 2 && n >= 7 && strncasecmp(line, "Source:", 7)
		    == 0)
			return 60;
		q |= n >= 2 && (line[0] == 'Q' || line[0] == 'q') &&
		    line[1] == ':';
		a |= n >= 2 && (line[0] == 'A' || line[0] == 'a') &&
		    line[1] == ':';
	}
	return q && a ? 50 : 10;
}
