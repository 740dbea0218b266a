/*
 * apkg2cards: read Anki packages, write the card stream
 */
#include "tool.h"

static const char usage[] =
    "[-m MEDIADIR] [--markup html|text|markdown] [--strict] [-o FILE] "
    "[FILE ...]";
static const char help[] =
	"  -m, --media DIR  extract the media into DIR\n"
	"  --markup M       convert fields to html, text or markdown\n"
	"  -o, --output FILE\n"
	"                   write the card stream to FILE\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "media", required_argument, NULL, 'm' },
		{ "markup", required_argument, NULL, OPT_MARKUP },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, "apkg2cards", usage, help);
	while ((c = getopt_long(argc, argv, "m:o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	return tool_convert(&t, "apkg", argv + optind, argc - optind, &ropts,
	    "cards", out, &wopts);
}
