/*
 * apkg2cards: read Anki packages, write the card stream
 */
#include "tool.h"

static const char usage[] =
    "[-m MEDIADIR] [--markup html|text|markdown] [--scheduling] [--strict] "
    "[-o FILE] [FILE ...]";
static const char help[] =
	"  -m, --media DIR  extract the media into DIR\n"
	"  --markup M       convert fields to html, text or markdown\n"
	"  --scheduling     carry each card's scheduling and review log\n"
	"  -o, --output FILE\n"
	"                   write the card stream to FILE\n";

static const struct option longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "media", required_argument, NULL, 'm' },
	{ "markup", required_argument, NULL, OPT_MARKUP },
	{ "scheduling", no_argument, NULL, OPT_SCHEDULING },
	TOOL_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static const struct tool_spec spec = {
	"apkg2cards", usage, help, "m:o:", longopts, "apkg", "cards"
};

int
main(int argc, char *argv[])
{
	return tool_main(&spec, argc, argv);
}
