/*
 * cards2apkg: read the card stream, write an Anki package
 */
#include "tool.h"

static const char usage[] = "[-o FILE] [-m MEDIADIR] [--strict] [FILE ...]";
static const char help[] =
	"  -o, --output FILE write the package to FILE\n"
	"  -m, --media DIR  find referenced media in DIR only (default:\n"
	"                   each FILE's folder, or . for standard input)\n";

static const struct option longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "media", required_argument, NULL, 'm' },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"cards2apkg", usage, help, "m:o:", longopts, "cards", "apkg"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
