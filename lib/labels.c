/*
 * labels.c: the word for an answer in the languages people write cards
 * in.  Both text readers take it, with a colon, for the label of an
 * answer ("Antwort:", "Ответ:"), and md2cards for a summary or a heading
 * that only labels the answer under it.  Lower case, but for the
 * capitals of letters strncasecmp() does not fold.
 */
#include <stddef.h>

#include "internal.h"

const char *const cp_answer_words[] = {
	"answer", "ans", "solution", "antwort", "lösung", "respuesta",
	"solución", "réponse", "resposta", "risposta", "odpowiedź",
	"odgovor", "odpověď", "răspuns", "svar", "vastaus", "cevap",
	"jawaban", "jawab", "ответ", "Ответ", "відповідь", "Відповідь",
	"答案", "解答", "答", "答え", "정답", NULL
};
