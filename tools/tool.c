/*
 * tool.c: messages, common options and the conversion loop of every
 * cardpipe program.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

static void
print_diag(const struct cp_diag *d, void *arg)
{
	struct tool	*t = arg;

	if (d->level == CP_LEVEL_NOTE && !t->verbose)
		return;
	if (d->level == CP_LEVEL_WARNING)
		t->warnings += d->hidden > 0 ? d->hidden : 1;
	else if (d->level >= CP_LEVEL_ERROR)
		t->errors += d->hidden > 0 ? d->hidden : 1;
	progress_hold(t->progress);
	fprintf(stderr, "%s: ", t->name);
	if (d->file != NULL) {
		fputs(d->file, stderr);
		if (d->line > 0)
			fprintf(stderr, ":%lu", d->line);
		if (d->line > 0 && d->col > 0)
			fprintf(stderr, ":%lu", d->col);
		fputs(": ", stderr);
	}
	fprintf(stderr, "%s: %s\n", cp_level_name(d->level), d->msg);
	progress_release(t->progress);
}

/*
 * A tool killed while it writes leaves no temporary behind: the handler
 * removes them, then dies of the same signal so that the shell sees it.
 */
static void
remove_temporaries_and_die(int sig)
{
	int	 saved = errno;	/* for the moment before the signal lands */

	cp_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

/*
 * Made before it is needed: with memory exhausted, stdio may not be able
 * to allocate, and write(2) is all that is safe (cp_set_out_of_memory()).
 */
static char	 oom_msg[128];
static size_t	 oom_len;

static void
say_out_of_memory(void)
{
	ssize_t	 n;

	n = write(STDERR_FILENO, oom_msg, oom_len);
	(void)n;	/* nowhere left to report it */
}

static void
catch_fatal_signals(void)
{
	static const int	 sigs[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	struct sigaction	 sa, old;
	size_t			 i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = remove_temporaries_and_die;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		/* A signal ignored by our parent (nohup, &) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

void
tool_init(struct tool *t, const char *name, const char *usage,
    const char *help)
{
	catch_fatal_signals();
	snprintf(oom_msg, sizeof(oom_msg), "%s: out of memory\n", name);
	oom_len = strlen(oom_msg);
	cp_set_out_of_memory(say_out_of_memory);
	memset(t, 0, sizeof(*t));
	t->name = name;
	t->usage = usage;
	t->help = help;
	t->rep.fn = print_diag;
	t->rep.arg = t;
	t->rep.cap = CP_REPORT_CAP;
}

void
tool_usage(const struct tool *t)
{
	fprintf(stderr, "usage: %s %s\n", t->name, t->usage);
	exit(2);
}

void
tool_error(struct tool *t, const char *fmt, ...)
{
	va_list	 ap;

	fprintf(stderr, "%s: error: ", t->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	tool_usage(t);
}

/*
 * A bad option value is bad usage, whichever reader or writer takes the
 * option: it is found before anything is opened, read or created, and
 * the library's message about it is followed by the usage line.
 */
void
tool_check_options(struct tool *t, const char *in_format,
    const struct cp_read_options *ropts, const char *out_format,
    const struct cp_write_options *wopts)
{
	if (cp_read_check(in_format, ropts, &t->rep) == -1 ||
	    cp_write_check(out_format, wopts, &t->rep) == -1)
		tool_usage(t);
}

void
tool_option(struct tool *t, int opt, struct cp_read_options *ropts,
    struct cp_write_options *wopts, const char **out)
{
	char	*end;
	long	 n;

	switch (opt) {
	case 'd':
		ropts->deck = optarg;
		break;
	case 'e':
		ropts->encoding = optarg;
		break;
	case 'n':
		ropts->notetype = optarg;
		break;
	case 'm':
		ropts->media_dir = wopts->media_dir = optarg;
		break;
	case 'o':
		*out = optarg;
		break;
	case OPT_SEPARATOR:
		ropts->separator = wopts->separator = optarg;
		break;
	case OPT_SPLIT:
		if (*optarg == '\0')
			tool_error(t, "--split: not a separator, a name such "
			    "as tab or comma, or none: \"\"");
		ropts->split = optarg;
		break;
	case OPT_COLUMNS:
		ropts->columns = wopts->columns = optarg;
		break;
	case OPT_NO_HEADER:
		wopts->no_header = 1;
		break;
	case OPT_MARKUP:
		if (cp_markup_parse(optarg, &ropts->markup) == -1)
			tool_error(t, "--markup: not html, text or markdown: %s",
			    optarg);
		ropts->convert_markup = 1;
		break;
	case OPT_SCHEDULING:
		ropts->scheduling = 1;
		break;
	case OPT_STYLE:
		wopts->style = optarg;
		break;
	case OPT_DIALECT:
		ropts->dialect = optarg;
		break;
	case OPT_SR_SETTINGS:
		ropts->sr_settings = optarg;
		break;
	case OPT_O2A_SETTINGS:
		ropts->o2a_settings = optarg;
		break;
	case OPT_PAPER:
		wopts->paper = optarg;
		break;
	case OPT_PER_PAGE:
		n = strtol(optarg, &end, 10);
		if (*optarg == '\0' || *end != '\0' || n < 1 ||
		    n > CP_PER_PAGE_MAX)
			tool_error(t, "--per-page: not a count from 1 to %d: %s",
			    CP_PER_PAGE_MAX, optarg);
		wopts->per_page = (int)n;
		break;
	case OPT_STRICT:
		t->rep.strict = 1;
		break;
	case 'v':
		t->verbose = 1;
		break;
	case OPT_HELP:
		printf("usage: %s %s\n%s", t->name, t->usage, t->help);
		printf("  --strict         treat warnings as errors\n"
		    "  --help           print this help and exit\n"
		    "  --version        print the version and exit\n");
		exit(fflush(stdout) == 0 && !ferror(stdout) ? 0 : 3);
	case OPT_VERSION:
		printf("%s (cardpipe) %s\n", t->name, CP_VERSION);
		exit(fflush(stdout) == 0 && !ferror(stdout) ? 0 : 3);
	default:
		tool_usage(t);
	}
}

char *
tool_path(const char *dir, const char *name)
{
	size_t	 len = strlen(dir) + 1 + strlen(name) + 1;
	char	*s;

	if ((s = malloc(len)) == NULL)
		abort();
	snprintf(s, len, "%s/%s", dir, name);
	return s;
}

char *
tool_strdup(const char *s)
{
	char	*d;

	if (s == NULL)
		return NULL;
	if ((d = strdup(s)) == NULL)
		abort();
	return d;
}

/*
 * A package's media are never looked for beside it, where it may have
 * been saved among other downloads.
 */
void
tool_input_media(const char *format, const char *path,
    struct cp_read_options *ropts, struct cp_writer *w)
{
	const char	*slash;
	char		*dir;

	if (ropts->media_dir != NULL)
		cp_write_media_dir(w, ropts->media_dir);
	else if (strcmp(format, "apkg") == 0)
		ropts->media_dir = cp_write_media_dir(w, NULL);
	else if (strcmp(path, "-") == 0 ||
	    (slash = strrchr(path, '/')) == NULL)
		cp_write_media_dir(w, ".");
	else {
		dir = strndup(path, (size_t)(slash - path) + (slash == path));
		if (dir == NULL)
			abort();
		cp_write_media_dir(w, dir);
		free(dir);
	}
}

int
tool_copy_records(struct cp_reader *r, struct cp_writer *w,
    struct progress *p)
{
	const struct cp_record	*rec;
	int			 rc;

	while ((rc = cp_read_next(r, &rec)) == 1) {
		if (cp_write_record(w, rec) == -1)
			break;
		if (rec->kind == CP_RECORD_NOTE)
			progress_note(p);
	}
	return rc == 1 ? -1 : 0;
}

const char *
tool_input_format(struct tool *t, const char *format, const char *path)
{
	if (format == NULL && (format = cp_format_guess(path)) == NULL)
		cp_report(&t->rep, CP_LEVEL_ERROR, path, 0, 0,
		    "cannot tell the format from the name or the content; "
		    "use -f");
	return format;
}

/*
 * Copies every record of one input to the writer.  Returns -1 when the
 * writer failed and nothing more can be written, else 0: a bad input
 * has been reported, and the next one is read.
 */
static int
convert_one(struct tool *t, const char *format, const char *path,
    const struct cp_read_options *ropts_given, struct cp_writer *w)
{
	struct cp_read_options	 ropts = *ropts_given;
	struct cp_reader	*r;
	int			 rc;

	if ((format = tool_input_format(t, format, path)) == NULL)
		return 0;
	tool_input_media(format, path, &ropts, w);
	if ((r = cp_read_open(format, path, &ropts, &t->rep)) == NULL)
		return 0;
	rc = tool_copy_records(r, w, t->progress);
	cp_read_close(r);
	return rc;
}

/* Notes are as new as the newest input (cards2apkg(1), IDENTITY). */
static void
input_mtime(char **inputs, int ninputs, struct cp_write_options *wopts)
{
	struct stat	 st;
	int		 i;

	for (i = 0; i < ninputs; i++)
		if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &st) == 0 &&
		    st.st_mtime > wopts->mtime)
			wopts->mtime = st.st_mtime;
	if (ninputs == 0 && fstat(STDIN_FILENO, &st) == 0 &&
	    S_ISREG(st.st_mode))
		wopts->mtime = st.st_mtime;
}

int
tool_convert(struct tool *t, const char *in_format, char **inputs,
    int ninputs, const struct cp_read_options *ropts,
    const char *out_format, const char *out_path,
    const struct cp_write_options *wopts_given)
{
	struct cp_write_options	 wopts = *wopts_given;
	struct cp_read_options	 given = *ropts, each;
	struct cp_writer	*w;
	const char		*format = in_format;
	int			 i;

	/* A vault's settings, loaded once for all its notes. */
	given.vaults = cp_vault_cache_new();
	ropts = &given;
	each = given;
	input_mtime(inputs, ninputs, &wopts);
	wopts.stats = &t->stats;
	if ((w = cp_write_open(out_format, out_path, &wopts, &t->rep)) != NULL) {
		if (ninputs == 0)
			convert_one(t, in_format != NULL ? in_format : "cards",
			    "-", ropts, w);
		if (t->batch)
			batch_convert(t, in_format, inputs, (size_t)ninputs,
			    ropts, w);
		for (i = 0; i < ninputs && !t->batch; i++) {
			if (t->walk != NULL) {
				format = t->walk->formats[i];
				walk_options(t->walk, (size_t)i, ropts, &each);
			}
			progress_file(t->progress, inputs[i]);
			if (convert_one(t, format, inputs[i], &each, w) ==
			    -1)
				break;
			progress_file_done(t->progress);
		}
		progress_file(t->progress, NULL);
		cp_write_close(w);
	}
	cp_vault_cache_free(given.vaults);
	cp_report_finish(&t->rep);
	return cp_exit_status(t->rep.worst > t->worst ? t->rep.worst :
	    t->worst);
}

int
tool_main(const struct tool_spec *spec, int argc, char *argv[])
{
	struct tool		 t;
	struct cp_read_options	 ropts = { 0 };
	struct cp_write_options	 wopts = { 0 };
	const char		*out = NULL;
	int			 c;

	tool_init(&t, spec->name, spec->usage, spec->help);
	while ((c = getopt_long(argc, argv, spec->shortopts, spec->longopts,
	    NULL)) != -1)
		tool_option(&t, c, &ropts, &wopts, &out);
	tool_check_options(&t, spec->in_format, &ropts, spec->out_format,
	    &wopts);
	return tool_convert(&t, spec->in_format, argv + optind, argc - optind,
	    &ropts, spec->out_format, out, &wopts);
}
