/*
 * cards2md: read the card stream, write CommonMark
 */
#include "tool.h"

static const char usage[] = "[--style qa|table|quiz] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  --style S        qa (default), table or quiz\n"
	"  -o, --output FILE write to FILE\n";

static const struct option longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "style", required_argument, NULL, OPT_STYLE },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"cards2md", usage, help, "o:", longopts, "cards", "md"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
