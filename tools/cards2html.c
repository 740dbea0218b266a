/*
 * cards2html: read the card stream, write printable card sheets
 */
#include "tool.h"

static const char usage[] = "[-m MEDIADIR] [--paper a4|letter] [--per-page N] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  -m, --media DIR  images are read from DIR\n"
	"  --paper P        a4 (default) or letter\n"
	"  --per-page N     cards on each page\n"
	"  -o, --output FILE write to FILE\n";

static const struct option longopts[] = {
	{ "media", required_argument, NULL, 'm' },
	{ "output", required_argument, NULL, 'o' },
	{ "paper", required_argument, NULL, OPT_PAPER },
	{ "per-page", required_argument, NULL, OPT_PER_PAGE },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"cards2html", usage, help, "m:o:", longopts, "cards", "html"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
