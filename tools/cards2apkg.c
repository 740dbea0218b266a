/*
 * cards2apkg: read the card stream, write an Anki package
 */
#include "tool.h"

static const char usage[] = "[-o FILE] [-m MEDIADIR] [--strict] [FILE ...]";
static const char help[] =
	"  -o, --output FILE write the package to FILE\n"
	"  -m, --media DIR  find referenced media in DIR\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "media", required_argument, NULL, 'm' },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, "cards2apkg", usage, help);
	while ((c = getopt_long(argc, argv, "m:o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	return tool_convert(&t, "cards", argv + optind, argc - optind, &ropts,
	    "apkg", out, &wopts);
}
