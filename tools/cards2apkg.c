/*
 * cards2apkg: read the card stream, write an Anki package
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

static const char usage[] = "[-o FILE] [-m MEDIADIR] [--strict] [FILE ...]";
static const char help[] =
	"  -o, --output FILE write the package to FILE\n"
	"  -m, --media DIR  find referenced media in DIR (default: the\n"
	"                   first FILE's folder, or . for standard input)\n";

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
	struct stat		 st;
	const char		*out = NULL, *slash;
	char			*dir = NULL;
	int			 c, i, rc;

	tool_init(&t, "cards2apkg", usage, help);
	while ((c = getopt_long(argc, argv, "m:o:", longopts, NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	/* Media sit beside the deck they belong to. */
	if (wopts.media_dir == NULL && optind < argc &&
	    strcmp(argv[optind], "-") != 0 &&
	    (slash = strrchr(argv[optind], '/')) != NULL) {
		dir = strndup(argv[optind], (size_t)(slash - argv[optind]) +
		    (slash == argv[optind]));
		if (dir == NULL)
			abort();
		wopts.media_dir = dir;
	}
	/* Notes are as new as the newest input (see Identity in the man page). */
	for (i = optind; i < argc; i++)
		if (strcmp(argv[i], "-") != 0 && stat(argv[i], &st) == 0 &&
		    st.st_mtime > wopts.mtime)
			wopts.mtime = st.st_mtime;
	if (optind == argc && fstat(STDIN_FILENO, &st) == 0 &&
	    S_ISREG(st.st_mode))
		wopts.mtime = st.st_mtime;
	rc = tool_convert(&t, "cards", argv + optind, argc - optind, &ropts,
	    "apkg", out, &wopts);
	free(dir);
	return rc;
}
