/*
 * cards2md: read the card stream, write CommonMark
 */
#include "tool.h"

static const char usage[] = "[--style qa|table|quiz] [--strict] [-o FILE] [FILE ...]";
static const char help[] =
	"  --style S        qa (default), table or quiz\n"
	"  -o, --output FILE write to FILE\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "style", required_argument, NULL, OPT_STYLE },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, "cards2md", usage, help);
	while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	return tool_convert(&t, "cards", argv + optind, argc - optind, &ropts,
	    "md", out, &wopts);
}
