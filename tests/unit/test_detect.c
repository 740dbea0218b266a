/*
 * test_detect.c: cp_format_detect_memory(), the readers' bids on a
 * file's first bytes and the name's weight against them (cardconv(1),
 * FORMATS); and cp_deck_level(), a name made one level of a deck as
 * Anki would make it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

static const char *
detect(const char *name, const char *head, size_t len)
{
	const char	*named, *f;

	f = cp_format_detect_memory(name, head, len, NULL, &named);
	return f != NULL ? f : "(none)";
}

#define DETECT(name, s)	detect((name), (s), sizeof(s) - 1)

static void
bids(void)
{
	static const char	 stream[] = "{\"deck\":\"D\",\"notetype\":"
	    "\"Basic\",\"fields\":{\"Front\":\"q\",\"Back\":\"a\"}}\n";
	static const char	 anki_csv[] = "#separator:tab\n#html:false\n"
	    "front\tback\n";
	static const char	 md[] = "# Deck\n\n## What is 2 + 2?\n\n4\n";
	static const char	 txt[] = "Biology\nSource: https://example.org/ "
	    "(2 cards)\nWhat is a cell?\nThe unit of life.\n";
	static const char	 utf16[] = "Q\0:\0 \0o\0n\0e\0\n\0"
	    "A\0:\0 \0t\0w\0o\0\n\0";
	const char		*named;
	static const char	 zip[] = "PK\3\4\24\0\0\0\10\0\0\0\0\0\0\0\0\0"
	    "\0\0\0\0\0\0\0\0\20\0\0\0collection.anki21b";
	char			*big;

	CHECK_STR(DETECT("x.dat", stream), "cards",
	    "a card stream named .dat is a card stream");
	CHECK_STR(DETECT("export.txt", anki_csv), "csv",
	    "Anki's text export (.txt, header lines) is CSV");
	CHECK_STR(DETECT("deck.txt", md), "md",
	    "a Markdown deck named .txt is Markdown");
	CHECK_STR(DETECT("deck", txt), "txt",
	    "flashcard text with a Source line and no extension is txt");
	CHECK_STR(DETECT("shared.zip", zip), "apkg",
	    "a zip holding a collection, named .zip, is a package");
	CHECK_STR(DETECT("notes.zip", "PK\3\4\24\0\0\0"), "(none)",
	    "another zip with no name of ours is taken by nothing");
	CHECK_STR(DETECT("README", "These decks are for the course.\n"),
	    "(none)", "plain text with no extension is taken by nothing");
	CHECK_STR(DETECT("notes.txt", "These decks are for the course.\n"),
	    "txt", "plain text named .txt is txt");
	CHECK_STR(DETECT("words.csv", "Q: capital of France, please,Paris\n"
	    "Q: capital of Spain,Madrid\n"), "csv",
	    "a guess any text earns overrules no name (Q: lines in a .csv)");
	CHECK_STR(DETECT("deck.md", "Q: one\nA: two\n"), "md",
	    "Q: and A: lines named .md stay Markdown");
	CHECK_STR(DETECT("deck", "Q: one\nA: two\n"), "txt",
	    "Q: and A: lines with no name are flashcard text");
	CHECK_STR(DETECT("picture.png", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
	    "(none)", "binary data is taken by nothing");
	CHECK_STR(DETECT("page.html", "<html><body>Q: a\nA: b\n"), "(none)",
	    "a name that says a format no reader takes is left out");
	CHECK_STR(DETECT("deck.apkg", "not a zip\n"), "apkg",
	    "a package that is not one stays a package, to be reported");
	CHECK_STR(detect("empty.csv", "", 0), "csv",
	    "an empty file is what its name says");
	CHECK_STR(detect("empty", "", 0), "(none)",
	    "an empty file with no name of ours is taken by nothing");
	CHECK_STR(DETECT("x", "front\tback\nhund\tdog\n"), "csv",
	    "tab-separated rows with no extension are CSV");
	CHECK_STR(DETECT("x", "front,back\nhund,dog\nkatze,cat\n"), "(none)",
	    "comma-separated rows with no extension: a comma is no proof");
	CHECK_STR(DETECT("x.jsonl", "{\"deck\":1,\0}\n"), "cards",
	    "a NUL byte leaves the name to decide");
	/* The text formats bid on text decoded as their readers decode it. */
	CHECK_STR(DETECT("deck", "\xff\xfeQ\0:\0 \0o\0n\0e\0\n\0"
	    "A\0:\0 \0t\0w\0o\0\n\0"), "txt",
	    "Q: and A: lines in UTF-16LE with no name are flashcard text");
	CHECK_STR(DETECT("x", "\xfe\xff\0f\0r\0o\0n\0t\0\t\0b\0a\0c\0k"
	    "\0\n\0h\0u\0n\0d\0\t\0d\0o\0g\0\n"), "csv",
	    "tab-separated rows in UTF-16BE with no extension are CSV");
	CHECK_STR(DETECT("deck", "Q: caf\xe9 noir?\nA: un caf\xe9 sans lait\n"),
	    "txt", "Q: and A: lines in Latin-1 with no name are flashcard text");
	/* UTF-16 with no byte order mark: only the encoding named tells. */
	CHECK_STR(cp_format_detect_memory("deck", utf16, sizeof(utf16) - 1,
	    NULL, &named) == NULL ? "(none)" : "taken", "(none)",
	    "English Q: and A: lines in UTF-16LE, no BOM, no encoding named: "
	    "nothing to tell");
	CHECK_STR(cp_format_detect_memory("deck", utf16, sizeof(utf16) - 1,
	    "UTF-16LE", &named), "txt",
	    "the same lines with UTF-16LE named are flashcard text");

	/* A character cut by the end of the head is no fault of the file. */
	if ((big = malloc(CP_BID_BYTES + 16)) == NULL)
		abort();
	memset(big, 'a', CP_BID_BYTES + 16);
	memcpy(big, "Q: one\nA: two\n", 14);
	memcpy(big + CP_BID_BYTES - 1, "\xc3\xa9", 2);
	CHECK_STR(detect("deck", big, CP_BID_BYTES + 16), "txt",
	    "UTF-8 cut short by the 4096th byte is still text");
	free(big);
}

static void
level(const char *name, const char *want, int warned, const char *desc)
{
	struct cp_reporter	 rep = { 0 };
	char			*got, said[160];

	got = cp_deck_level(name, strlen(name), &rep, "f");
	CHECK_STR(got, want, desc);
	snprintf(said, sizeof(said), "%s: %s", desc, warned ? "warned of" :
	    "no warning");
	CHECK((rep.worst == CP_LEVEL_WARNING) == warned, said);
	free(got);
}

static void
levels(void)
{
	level("Week 1", "Week 1", 0, "a plain name is kept");
	level(" Week 2 ", "Week 2", 1, "white space at the ends is trimmed");
	level("a::b", "a:b", 1, "\"::\" would make two levels: one ':'");
	level("Ch. 1:", "Ch. 1", 1, "a ':' at the end would join the next");
	level("a\tb\"c", "abc", 1, "control characters and '\"' go");
	level("\xe3\x80\x80x\xc2\xa0", "x", 1,
	    "Unicode white space at the ends is trimmed, as Rust's trim()");
	level("   ", "blank", 1, "an empty level is \"blank\", as in Anki");
	level("caf\xe9", "caf\xef\xbf\xbd", 1, "bytes not UTF-8 become U+FFFD");
	level("Étude: 1", "Étude: 1", 0, "a ':' inside stays");
}

int
main(void)
{
	bids();
	levels();
	return unit_failed;
}
