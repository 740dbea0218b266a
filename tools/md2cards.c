/*
 * md2cards: read Markdown flashcards, write the card stream
 */
#include "tool.h"

static const char usage[] = "[-d deck] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  -d, --deck NAME  put every card in deck NAME\n"
	"  -o, --output FILE write the card stream to FILE\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "deck", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, "md2cards", usage, help);
	while ((c = getopt_long(argc, argv, "d:o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	return tool_convert(&t, "md", argv + optind, argc - optind, &ropts,
	    "cards", out, &wopts);
}
