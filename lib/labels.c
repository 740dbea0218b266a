/*
 * labels.c: the word for an answer in the languages people write cards
 * in.  Both text readers take it, with a colon, for the label of an
 * answer ("Antwort:", "Ответ:"), and md2cards for a summary or a heading
 * that only labels the answer under it.  Lower case, but for the
 * capitals of letters strncasecmp() does not fold.  The names of the
 * languages people learn words of, as a word list names its columns.
 * And the space French sets before the label's colon, and the letter
 * that gives a statement's verdict, "V" or "F".  The words that open a
 * prompt, a question put as an order, and the lower case that matching
 * them takes.  The words that call an option the right one, and the
 * note in brackets that marks it so, "(Risposta corretta)".  The
 * words by which a question points at what follows it, "this code".
 */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

const char *const cp_answer_words[] = {
	"answer", "ans", "solution", "antwort", "antwoord", "lösung",
	"respuesta", "solución", "réponse", "resposta", "risposta",
	"odpowiedź", "odgovor", "odpověď", "răspuns", "svar", "vastaus",
	"cevap", "jawaban", "jawab", "ответ", "Ответ", "відповідь",
	"Відповідь", "odp", "正确答案", "答案", "解答", "答", "答え", "정답",
	"답변", "답", "đáp án", "Đáp án", "trả lời", "Trả lời", "תשובה", "الإجابة",
	"الجواب", "جواب", "پاسخ", "उत्तर", "απάντηση", "Απάντηση", "คำตอบ",
	NULL
};

const char *const cp_verdict_words[] = {
	"true", "false", "richtig", "falsch", "vrai", "faux",
	"verdadero", "falso", "vero", "wahr", "yes", "no", NULL
};

const char *const cp_right_words[] = {
	"correct", "right", "richtig", "richtige", "korrekte", "correcta",
	"correcte",
	"bonne", "poprawna", "prawidłowa", "doğru", "correto", "correta",
	"corretta",
	"juiste", NULL
};

size_t
cp_right_note(const char *s, size_t n)
{
	size_t	 open, k, e, right = 0, words = 0;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < 4 || s[n - 1] != ')')
		return 0;
	for (open = n - 1; open > 0 && s[open - 1] != '(' &&
	    s[open - 1] != ')'; open--)
		continue;
	if (open < 2 || s[open - 1] != '(')
		return 0;
	/* One to three words, one calling it right, the rest "answer". */
	for (k = open, e = open; k < n - 1; k = e + strspn(s + e, " ")) {
		e = k + strcspn(s + k, " )");
		if (++words > 3)
			return 0;
		if (cp_word_among(s + k, e - k, cp_right_words))
			right++;
		else if (!cp_word_among(s + k, e - k, cp_answer_words))
			return 0;
	}
	if (right == 0)
		return 0;
	for (k = open - 1; k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t');)
		k--;
	return k;
}

int
cp_points_ahead(const char *s, size_t n)
{
	static const char *const words[] = {
		" this ", " these ", " following", " below", " dieser ",
		" diesen ", " dieses ", " folgende", " este ", " esta ",
		" siguiente", " ce ", " cette ", " suivant", " seguente",
		" seguenti", " seguinte", " volgende", NULL
	};
	const char *const	*w;
	size_t			 i, k;

	for (w = words; *w != NULL; w++)
		for (k = strlen(*w), i = 0; i + k <= n; i++)
			if (strncasecmp(s + i, *w, k) == 0)
				return 1;
	return 0;
}

size_t
cp_colon_space(const char *s, size_t n)
{
	size_t	 k;

	if (n >= 2 && s[0] == ' ')
		k = 1;
	else if (n >= 3 && strncmp(s, "\xc2\xa0", 2) == 0)
		k = 2;
	else if (n >= 4 && strncmp(s, "\xe2\x80\xaf", 3) == 0)
		k = 3;
	else
		return 0;
	return s[k] == ':' ? k : 0;
}

size_t
cp_verdict_letter(const char *s, size_t n, char *letter)
{
	size_t	 k;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n > 4 && memcmp(s + n - 4, " (?)", 4) == 0)
		n -= 4;
	else if (n > 1 && s[n - 1] == '?')
		n--;
	if (n < 4 || strchr("TFVWRP", s[n - 1]) == NULL || s[n - 2] != ' ')
		return 0;
	for (k = n - 2; k > 0 && s[k - 1] == ' '; k--)
		continue;
	if (k == 0 || strchr(".?!)", s[k - 1]) == NULL)
		return 0;
	if (cp_count_words(s, k) < 3)
		return 0;
	*letter = s[n - 1];
	return k;
}

void
cp_verdict_count(struct cp_verdict_tally *v, char letter)
{
	v->lines++;
	if (letter == 'F')
		v->f++;
	else if (v->true_letter == 0 || letter == v->true_letter) {
		v->true_letter = letter;
		v->other++;
	} else
		v->mixed = 1;
}

int
cp_verdict_bank(const struct cp_verdict_tally *v)
{
	return v->f > 0 && v->other > 0 && !v->mixed;
}

/*
 * In English and in their own words, and in the languages learners write
 * (lower case, but for the capitals strncasecmp() does not fold).
 */
static const char *const language_names[] = {
	"english", "inglés", "inglês", "englisch", "anglais", "inglese",
	"engels", "angielski", "ingilizce", "английский", "英语", "英語",
	"영어", "german", "deutsch", "alemán", "alemão", "allemand",
	"tedesco", "duits", "niemiecki", "almanca", "немецкий", "德语",
	"ドイツ語", "독일어", "spanish", "español", "espanhol", "spanisch",
	"espagnol", "spagnolo", "spaans", "hiszpański", "испанский",
	"french", "français", "francés", "francês", "französisch",
	"francese", "frans", "francuski", "fransızca", "французский",
	"italian", "italiano", "italienisch", "italien", "włoski",
	"итальянский", "portuguese", "português", "portugués",
	"portugiesisch", "portugais", "portoghese", "portugees", "russian",
	"русский", "Русский", "ruso", "russo", "russisch", "russe",
	"rosyjski", "rusça", "chinese", "中文", "汉语", "chino", "chinês",
	/* Chinese names them by their writing, "日文 | 中文" */
	"日文", "英文", "韩文", "韓文", "法文", "德文",
	"chinesisch", "chinois", "cinese", "japanese", "日本語", "日语",
	"japonés", "japonês", "japanisch", "japonais", "giapponese",
	"japonca", "korean", "한국어", "coreano", "koreanisch", "coréen",
	/* Korean and Japanese name languages with a word for "language" */
	"일본어", "중국어", "프랑스어", "스페인어", "러시아어", "中国語",
	"韓国語", "フランス語", "スペイン語",
	"hungarian", "magyar", "húngaro", "ungarisch", "hongrois",
	"ungherese", "polish", "polski", "polaco", "polonês", "polnisch",
	"polonais", "dutch", "nederlands", "neerlandés", "holandês",
	"niederländisch", "néerlandais", "turkish", "türkçe", "turco",
	"türkisch", "turc", "ukrainian", "українська", "Українська",
	"vietnamese", "tiếng việt", "indonesian", "indonesia", "swedish",
	"svenska", "latin", "latein", "latín", "latim", "latino", "czech",
	"greek", "ελληνικά", "Ελληνικά", "griechisch", "grec", "griego",
	"grego", "greco", "hindi", "हिंदी", "हिन्दी", "arabic", "العربية",
	"hebrew", "עברית", "hebräisch", "hébreu", "hebreo", "ebraico",
	"persian", "farsi", "فارسی", "thai", "ไทย", "finnish", "suomi",
	"finnisch", "norwegian", "norsk", "danish", "dansk", "romanian",
	"română", "rumänisch", "roumain",
	"čeština", "Čeština", "česky", "Česky",
	/* Czech names them as adverbs, "Anglicky | Překlad" */
	"anglicky", "angličtina", "německy", "němčina", "francouzsky",
	"španělsky", "rusky", "italsky",
	/* and as typed without their accents */
	"ingles", "aleman", "alemao", "espanol", "frances", "francais",
	"portugues", "japones", "holandes", "hungaro", NULL
};

int
cp_word_among(const char *s, size_t n, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strlen(*words) == n && strncasecmp(s, *words, n) == 0)
			return 1;
	return 0;
}

int
cp_language_name(const char *s, size_t n)
{
	return cp_word_among(s, n, language_names);
}

/*
 * Ways of writing a word, named as a column is: a written form of it,
 * as a language is.
 */
static const char *const writing_names[] = {
	"kana", "kanji", "hiragana", "katakana", "hanzi", "假名",
	"漢字", "汉字", "かな", "ひらがな", "カタカナ", NULL
};

int
cp_writing_name(const char *s, size_t n)
{
	return cp_word_among(s, n, writing_names);
}

/*
 * Words that open a prompt, a question put as an order ("Define ...",
 * "Nenne ...", "Опишите ..."), lower case.
 */
const char *const cp_prompt_words[] = {
	"define", "name", "list", "explain", "describe", "give", "state",
	"identify", "compare", "contrast", "translate", "complete",
	"summarize", "summarise", "outline", "calculate", "convert",
	"spell", "conjugate", "classify", "distinguish", "fill", "match",
	"übersetze", "nenne", "nennen", "erkläre", "erklären", "definiere",
	"beschreibe", "ergänze", "vervollständige", "konjugiere", "gib",
	"vergleiche", "berechne", "traduce", "traduzca", "explica",
	"nombra", "describe", "completa", "conjuga", "menciona", "enumera",
	"indica",
	"calcula", "traduis", "traduisez", "définis", "définissez",
	"explique", "expliquez", "nomme", "nommez", "cite", "citez",
	"décris", "décrivez", "complète", "complétez", "conjugue",
	"conjuguez", "traduci", "spiega", "definisci", "traduza", "defina",
	"solve", "simplify", "evaluate", "find", "determine", "prove", "write",
	"derive", "estimate", "rewrite", "löse", "bestimme", "berechnen",
	"resuelve", "calcule", "résous", "wymień", "opisz", "podaj",
	"wyjaśnij", "omów", "napisz", "narysuj", "scharakteryzuj",
	"porównaj", "zdefiniuj", "oblicz", "przetłumacz",
	/* Polish exam topics ask in the infinitive: "Omówić ...". */
	"wymienić", "opisać", "podać", "wyjaśnić", "omówić", "napisać",
	"narysować", "scharakteryzować", "porównać", "zdefiniować",
	"obliczyć", "udowodnić", "wyprowadzić",
	"descreva", "explicar", "descrever", "definir",
	"vysvětlete", "popište", "uveďte", "definujte", "vyjmenujte",
	"porovnejte", "charakterizujte",
	"explicați", "descrieți", "definiți", "enumerați", "precizați",
	"comparați", "prezentați",
	"objasni", "objasnite", "objasniti", "navedi", "navedite",
	"navesti", "opiši", "opišite", "opisati", "definiši", "definirajte",
	"nabroji", "nabrojite", "pojasni", "pojasnite",
	"перечислите", "опишите", "объясните", "назовите", "приведите",
	"сравните", "определите", "расскажите", "напишите", "докажите",
	"охарактеризуйте", "раскройте", "поясніть", "опишіть", "назвіть",
	"наведіть", "перелічіть",
	/* Russian lists translated by machine ask in the infinitive. */
	"определить", "перечислить", "объяснить", "описать", "назвать",
	"сравнить", "записать", "привести", NULL
};

/*
 * The lower case of a capital written in two bytes of UTF-8, a and b,
 * into out[0..2): Latin-1, Latin Extended-A ("Š", "Ț") and Cyrillic
 * ("Что"); returns 0 when a and b are no such capital.
 */
int
cp_lower_pair(unsigned char a, unsigned char b, char *out)
{
	unsigned int	 cp = ((a & 0x1fu) << 6) | (b & 0x3fu);

	if (a < 0xc3 || a > 0xd0 || b < 0x80 || b > 0xbf)
		return 0;
	if (cp >= 0xc0 && cp <= 0xde && cp != 0xd7)
		cp += 0x20;
	else if (cp == 0x178)
		cp = 0xff;	/* "Ÿ" lowers into Latin-1, "ÿ" */
	else if (cp >= 0x100 && cp <= 0x17e && cp != 0x130 && cp != 0x138 &&
	    cp != 0x149 && (cp < 0x139 || (cp > 0x148 && cp < 0x179) ?
	    cp % 2 == 0 : cp % 2 == 1))
		cp += 1;
	else if (cp >= 0x410 && cp <= 0x42f)
		cp += 0x20;
	else if (cp >= 0x400 && cp <= 0x40f)
		cp += 0x50;
	else
		return 0;
	out[0] = (char)(0xc0 | (cp >> 6));
	out[1] = (char)(0x80 | (cp & 0x3f));
	return 1;
}

/* Lower-cases ASCII and the two-byte capitals of UTF-8 into out. */
void
cp_lower_prefix(const char *s, size_t len, char *out, size_t outsz)
{
	size_t	 i;

	for (i = 0; i < len && i + 1 < outsz; i++) {
		if (i + 1 < len && i + 2 < outsz &&
		    cp_lower_pair((unsigned char)s[i], (unsigned char)s[i + 1],
		    out + i)) {
			i++;
			continue;
		}
		out[i] = (char)tolower((unsigned char)s[i]);
	}
	out[i] = '\0';
}

int
cp_opens_prompt(const char *s, size_t n)
{
	char	 low[64];
	size_t	 k;

	cp_lower_prefix(s, n, low, sizeof(low));
	for (k = 0; cp_word_byte((unsigned char)low[k]); k++)
		continue;
	return k > 0 && cp_word_among(low, k, cp_prompt_words);
}
