/*
 * notetype.c: Anki's built-in notetypes, as Anki's stock notetypes define
 * them (fields, templates, CSS), so that every writer agrees on them, and
 * the names Anki gives them in other languages; and the notetypes other
 * Anki tools make, as those tools define them.
 */
#include <string.h>

#include "internal.h"

#define CARD_CSS \
	".card {\n" \
	"    font-family: arial;\n" \
	"    font-size: 20px;\n" \
	"    line-height: 1.5;\n" \
	"    text-align: center;\n" \
	"    color: black;\n" \
	"    background-color: white;\n" \
	"}\n"

#define CLOZE_CSS CARD_CSS \
	".cloze {\n" \
	"    font-weight: bold;\n" \
	"    color: blue;\n" \
	"}\n" \
	".nightMode .cloze {\n" \
	"    color: lightblue;\n" \
	"}\n"

#define ANSWER_SEP "\n\n<hr id=answer>\n\n"

static char *front_back[] = { "Front", "Back" };
static char *front_back_reverse[] = { "Front", "Back", "Add Reverse" };
static char *front_back_extra[] = { "Front", "Back", "Extra" };
static char *cloze_fields[] = { "Text", "Back Extra" };
static char *prompt_field[] = { "Prompt" };

static struct cp_template basic_tmpl[] = {
	{ "Card 1", "{{Front}}", "{{FrontSide}}" ANSWER_SEP "{{Back}}" },
};
static struct cp_template reversed_tmpl[] = {
	{ "Card 1", "{{Front}}", "{{FrontSide}}" ANSWER_SEP "{{Back}}" },
	{ "Card 2", "{{Back}}", "{{FrontSide}}" ANSWER_SEP "{{Front}}" },
};
static struct cp_template optional_tmpl[] = {
	{ "Card 1", "{{Front}}", "{{FrontSide}}" ANSWER_SEP "{{Back}}" },
	{ "Card 2", "{{#Add Reverse}}{{Back}}{{/Add Reverse}}",
	  "{{FrontSide}}" ANSWER_SEP "{{Front}}" },
};
static struct cp_template typein_tmpl[] = {
	{ "Card 1", "{{Front}}\n\n{{type:Back}}",
	  "{{Front}}" ANSWER_SEP "{{type:Back}}" },
};
static struct cp_template reversed_extra_tmpl[] = {
	{ "Card 1", "{{Front}}", "{{FrontSide}}" ANSWER_SEP
	  "{{Back}}{{#Extra}}<br>\n{{Extra}}{{/Extra}}" },
	{ "Card 2", "{{Back}}", "{{FrontSide}}" ANSWER_SEP
	  "{{Front}}{{#Extra}}<br>\n{{Extra}}{{/Extra}}" },
};
static struct cp_template spaced_tmpl[] = {
	{ "Spaced", "{{Prompt}}", "{{FrontSide}}" ANSWER_SEP "Review done." },
};
static struct cp_template cloze_tmpl[] = {
	{ "Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}" },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define BUILTIN(name, cloze, f, t, css) \
	{ name, cloze, f, NELEM(f), t, NELEM(t), css, 0, NULL, NULL, 0, 0, \
	  NULL, NULL, 0, NULL }

static const struct cp_notetype builtins[] = {
	BUILTIN("Basic", 0, front_back, basic_tmpl, CARD_CSS),
	BUILTIN("Basic (and reversed card)", 0, front_back, reversed_tmpl,
	    CARD_CSS),
	BUILTIN("Basic (optional reversed card)", 0, front_back_reverse,
	    optional_tmpl, CARD_CSS),
	BUILTIN("Basic (type in the answer)", 0, front_back, typein_tmpl,
	    CARD_CSS),
	BUILTIN("Cloze", 1, cloze_fields, cloze_tmpl, CLOZE_CSS),
};

/*
 * yanki's card both ways with an extra, shown on the back of both; the
 * Obsidian Flashcards plugin's spaced card, a prompt to recall.
 */
static const struct cp_notetype tools[] = {
	BUILTIN("Yanki - Basic (and reversed card with extra)", 0,
	    front_back_extra, reversed_extra_tmpl, CARD_CSS),
	BUILTIN("Obsidian-spaced", 0, prompt_field, spaced_tmpl, CARD_CSS),
};

static const struct cp_notetype *
find(const struct cp_notetype *table, size_t n, const char *name)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

const struct cp_notetype *
cp_builtin_notetype(const char *name)
{
	return find(builtins, NELEM(builtins), name);
}

const struct cp_notetype *
cp_tool_notetype(const char *name)
{
	return find(tools, NELEM(tools), name);
}

/*
 * Anki names its stock notetypes in the profile's language when it makes
 * them (its translations' notetypes-basic-name and the like), so a German
 * user's Basic is "Einfach", and tools that take the name from the user's
 * Anki write that.  German, French, Spanish, Brazilian Portuguese,
 * Italian, Russian, Chinese and Japanese, in the order of the builtins.
 */
static const char *const localized[][NELEM(builtins)] = {
	{ "Einfach", "Einfach (beide Richtungen)",
	  "Einfach (eine oder zwei Richtungen)",
	  "Einfach (Antwort eintippen)", "Lückentext" },
	{ "Basique", "Généralités (deux sens)",
	  "Basique (carte inversée optionnelle)",
	  "Basique (saisissez la réponse)", "Texte à trous" },
	{ "Básico", "Básico (y tarjeta invertida)",
	  "Básico (tarjeta invertida opcional)",
	  "Básico (teclear la respuesta)", "Respuesta anidada" },
	{ "Básico", "Básico (e cartão invertido)",
	  "Básico (cartão invertido opcional)",
	  "Básico (digite a resposta)", "Omissão de Palavras" },
	{ "Basilare", "Basilare (e carta inversa)",
	  "Basilare (carta inversa opzionale)",
	  "Basilare (digita la risposta)", "Testo da completare" },
	{ "Основная", "Основная (с обратной карточкой)",
	  "Основная (обратная по выбору)", "Основная (с вводом ответа)",
	  "Задание с пропусками" },
	{ "问答题", "问答题（同时生成翻转的卡片）",
	  "问答题（同时生成翻转的卡片<可选>）", "问答题（输入答案）",
	  "填空题" },
	{ "基本", "Basic (裏表反転カード付き)",
	  "Basic (裏表反転カード追加可能)", "Basic (解答タイピング入力)",
	  "穴埋め" },
};

/* The builtin a profile in another language names name; or NULL. */
const struct cp_notetype *
cp_localized_notetype(const char *name)
{
	size_t	 i, k;

	for (i = 0; i < NELEM(localized); i++)
		for (k = 0; k < NELEM(builtins); k++)
			if (strcmp(localized[i][k], name) == 0)
				return &builtins[k];
	return NULL;
}
