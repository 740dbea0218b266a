/*
 * cards2html: read the card stream, write printable card sheets
 */
#include "tool.h"

static const char usage[] = "[--paper a4|letter] [--per-page N] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  --paper P        a4 (default) or letter\n"
	"  --per-page N     cards on each page\n"
	"  -o, --output FILE write to FILE\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, OPT_PAPER },
		{ "per-page", required_argument, NULL, OPT_PER_PAGE },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, "cards2html", usage, help);
	while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	return tool_convert(&t, "cards", argv + optind, argc - optind, &ropts,
	    "html", out, &wopts);
}
