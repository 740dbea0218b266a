/*
 * md2cards: read Markdown flashcards, write the card stream
 */
#include "tool.h"

static const char usage[] =
    "[-d deck] [-e encoding] [--dialect NAME] [--sr-settings FILE] "
    "[--o2a-settings FILE] [--strict] [-v] [-o FILE] [FILE ...]";
static const char help[] =
	"  -d, --deck NAME  put every card in deck NAME\n"
	"  -e, --encoding NAME the input's encoding, such as windows-1252\n"
	"  --dialect NAME   read the dialect NAME, not the one the file shows\n"
	"  -o, --output FILE write the card stream to FILE\n"
	"  --o2a-settings FILE read as Obsidian_to_Anki does with the\n"
	"                   settings in FILE, a vault's data.json\n"
	"  --sr-settings FILE read as Obsidian Spaced Repetition does with\n"
	"                   the settings in FILE, a vault's data.json\n"
	"  -v, --verbose    say which dialect the file was read in, and why\n";

static const struct option longopts[] = {
	{ "deck", required_argument, NULL, 'd' },
	{ "encoding", required_argument, NULL, 'e' },
	{ "dialect", required_argument, NULL, OPT_DIALECT },
	{ "sr-settings", required_argument, NULL, OPT_SR_SETTINGS },
	{ "o2a-settings", required_argument, NULL, OPT_O2A_SETTINGS },
	{ "output", required_argument, NULL, 'o' },
	{ "verbose", no_argument, NULL, 'v' },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"md2cards", usage, help, "d:e:o:v", longopts, "md", "cards"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
