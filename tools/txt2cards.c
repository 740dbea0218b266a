/*
 * txt2cards: read the flashcard text format, write the card stream
 */
#include "tool.h"

static const char usage[] = "[-d deck] [-e encoding] [--split S] [--strict] [-v] [-o FILE] [FILE ...]";
static const char help[] =
	"  -d, --deck NAME  put every card in deck NAME\n"
	"  -e, --encoding NAME the input's encoding, such as windows-1252\n"
	"  -o, --output FILE write the card stream to FILE\n"
	"  -v, --verbose    say how the file was read: its layout\n"
	"  --split S        part each line's front and back at S: tab, pipe,\n"
	"                   comma, spaces, ... or S itself; none: never\n";

static const struct option longopts[] = {
	{ "deck", required_argument, NULL, 'd' },
	{ "encoding", required_argument, NULL, 'e' },
	{ "output", required_argument, NULL, 'o' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "split", required_argument, NULL, OPT_SPLIT },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"txt2cards", usage, help, "d:e:o:v", longopts, "txt", "cards"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
