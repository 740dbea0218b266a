/*
 * cardconv: one reader and one writer in one process, formats chosen by
 * option or by the files' names; folders are read as a batch of the
 * files under them.
 */
#include <string.h>
#include <unistd.h>

#include "tool.h"

static const char usage[] =
    "[-f FROM] [-t TO] -o FILE [-d deck] [-e encoding] [--deck-prefix P] [-n notetype] "
    "[-m MEDIADIR] [-q | -v] [reader and writer options] [--strict] "
    "[FILE | FOLDER ...]";
static const char help[] =
	"  -f, --from FMT   read FMT: cards, txt, csv, md or apkg\n"
	"  -t, --to FMT     write FMT: cards, csv, md, html or apkg\n"
	"  -o, --output FILE write to FILE (- for standard output)\n"
	"  -d, --deck NAME  put every card in deck NAME\n"
	"  --deck-prefix P  put every deck under deck P\n"
	"  -e, --encoding NAME encoding of the text read (txt, csv, md)\n"
	"  -n, --notetype NAME notetype of CSV rows that name none\n"
	"  -m, --media DIR  media folder of packages read and written, of sheets\n"
	"                   (default: a package's own, each file's folder)\n"
	"  -q, --quiet      no progress line and no summary\n"
	"  -v, --verbose    the summary line even when standard error is not\n"
	"                   a terminal, and how each text was read\n"
	"  --separator S, --columns LIST, --no-header   as csv2cards, cards2csv\n"
	"  --split S        as txt2cards\n"
	"  --markup M, --scheduling   as apkg2cards\n"
	"  --dialect NAME, --sr-settings FILE, --o2a-settings FILE\n"
	"                   as md2cards\n"
	"  --style S        as cards2md\n"
	"  --paper P, --per-page N   as cards2html\n";

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "deck", required_argument, NULL, 'd' },
		{ "deck-prefix", required_argument, NULL, OPT_DECK_PREFIX },
		{ "encoding", required_argument, NULL, 'e' },
		{ "notetype", required_argument, NULL, 'n' },
		{ "media", required_argument, NULL, 'm' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "separator", required_argument, NULL, OPT_SEPARATOR },
		{ "columns", required_argument, NULL, OPT_COLUMNS },
		{ "split", required_argument, NULL, OPT_SPLIT },
		{ "no-header", no_argument, NULL, OPT_NO_HEADER },
		{ "markup", required_argument, NULL, OPT_MARKUP },
		{ "scheduling", no_argument, NULL, OPT_SCHEDULING },
		{ "dialect", required_argument, NULL, OPT_DIALECT },
		{ "sr-settings", required_argument, NULL, OPT_SR_SETTINGS },
		{ "o2a-settings", required_argument, NULL, OPT_O2A_SETTINGS },
		{ "style", required_argument, NULL, OPT_STYLE },
		{ "paper", required_argument, NULL, OPT_PAPER },
		{ "per-page", required_argument, NULL, OPT_PER_PAGE },
		TOOL_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	struct walk		 wk;
	const char		*out = NULL, *from = NULL, *to = NULL;
	const char		*prefix = NULL;
	int			 c, rc, quiet = 0, verbose = 0;

	tool_init(&t, "cardconv", usage, help);
	while ((c = getopt_long(argc, argv, "f:t:o:d:e:n:m:qv", longopts,
	    NULL)) != -1) {
		if (c == 'f')
			from = optarg;
		else if (c == 't')
			to = optarg;
		else if (c == OPT_DECK_PREFIX)
			prefix = optarg;
		else if (c == 'q')
			quiet = 1;
		else if (c == 'v')
			verbose = t.verbose = 1;
		else
			tool_option(&t, c, &ropts, &wopts, &out);
	}
	if (quiet && verbose)
		tool_error(&t, "-q and -v: choose one");
	if (prefix != NULL && *prefix == '\0')
		tool_error(&t, "--deck-prefix: empty");
	if (from != NULL && !cp_format_can_read(from))
		tool_error(&t, "cannot read format %s", from);
	if (from == NULL && optind == argc)
		tool_error(&t, "standard input needs -f FROM");
	if (to == NULL && (out == NULL || strcmp(out, "-") == 0))
		tool_error(&t, "standard output needs -t TO");
	if (to == NULL && (to = cp_format_guess(out)) == NULL)
		tool_error(&t, "cannot tell the format of %s; use -t", out);
	if (!cp_format_can_write(to))
		tool_error(&t, "cannot write format %s", to);
	/* Only a package or a card stream can hold what it asks to carry. */
	if (ropts.scheduling && strcmp(to, "apkg") != 0 &&
	    strcmp(to, "cards") != 0)
		tool_error(&t, "--scheduling: format %s holds no scheduling; "
		    "write apkg or cards", to);
	tool_check_options(&t, from, &ropts, to, &wopts);
	/*
	 * Files named one by one are a list the user made, converted all or
	 * nothing as by a pipeline; a folder is a pile, where one bad file
	 * must not sink the rest (cardconv(1), FOLDERS).
	 */
	walk_inputs(&t, argv + optind, argc - optind, from, ropts.encoding,
	    prefix, ropts.deck == NULL, &wk);
	t.batch = wk.nfolders > 0 && !t.rep.strict;
	t.walk = &wk;
	ropts.deck_parent = prefix;
	/* Folders that held nothing to read are not standard input. */
	if (wk.nfiles == 0 && optind < argc)
		tool_error(&t, "no file to read");
	/* Standard input is one file. */
	t.progress = progress_new(t.name, wk.nfiles > 0 ? wk.nfiles : 1,
	    !quiet);
	rc = tool_convert(&t, from, wk.files, (int)wk.nfiles, &ropts, to, out,
	    &wopts);
	walk_report_skipped(&t, &wk);
	/*
	 * A summary on success is noise in a script or a pipeline: only a
	 * person watching a terminal gets one unasked.
	 */
	progress_end(t.progress, &t, verbose || (!quiet &&
	    isatty(STDERR_FILENO)));
	t.progress = NULL;
	walk_free(&wk);
	return rc;
}
