/*
 * cards2csv: read the card stream, write CSV in Anki's text-import dialect
 */
#include "tool.h"

static const char usage[] = "[--separator S] [--no-header] [--columns LIST] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  --separator S    tab (default), pipe, semicolon, colon, comma or space;\n"
	"                   with --no-header, any one ASCII character\n"
	"  --no-header      write plain rows, without Anki's header lines\n"
	"  --columns LIST   the columns to write, in order\n"
	"  -o, --output FILE write to FILE\n";

static const struct option longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "separator", required_argument, NULL, OPT_SEPARATOR },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	{ "no-header", no_argument, NULL, OPT_NO_HEADER },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"cards2csv", usage, help, "o:", longopts, "cards", "csv"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
