/*
 * csv2cards: read CSV or TSV, with or without Anki's header lines, write the card stream
 */
#include "tool.h"

static const char usage[] = "[--separator S] [--columns LIST] [-d deck] [-e encoding] [-n notetype] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  --separator S    tab, comma, semicolon, pipe, colon, space or a character\n"
	"  --columns LIST   map columns to fields, deck, tags and guid\n"
	"  -d, --deck NAME  put every card in deck NAME\n"
	"  -e, --encoding NAME the input's encoding, such as windows-1252\n"
	"  -n, --notetype NAME notetype of rows that name none\n"
	"  -o, --output FILE write the card stream to FILE\n";

static const struct option longopts[] = {
	{ "deck", required_argument, NULL, 'd' },
	{ "encoding", required_argument, NULL, 'e' },
	{ "output", required_argument, NULL, 'o' },
	{ "notetype", required_argument, NULL, 'n' },
	{ "separator", required_argument, NULL, OPT_SEPARATOR },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"csv2cards", usage, help, "d:e:n:o:", longopts, "csv", "cards"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
