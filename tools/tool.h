/*
 * tool.h: what every cardpipe program shares: messages, the options all
 * of them take, and the read-convert-write loop.
 */
#ifndef TOOL_H
#define TOOL_H

#include <getopt.h>

#include "cardpipe.h"

struct walk;
struct progress;

/*
 * Long-only options.  One value per meaning across all tools, so that
 * cardconv, which takes them all, and each single tool agree.
 */
enum {
	OPT_HELP = 256,
	OPT_VERSION,
	OPT_STRICT,
	OPT_SEPARATOR,
	OPT_SPLIT,
	OPT_COLUMNS,
	OPT_NO_HEADER,
	OPT_MARKUP,
	OPT_STYLE,
	OPT_PAPER,
	OPT_PER_PAGE,
	OPT_DIALECT,
	OPT_SR_SETTINGS,
	OPT_O2A_SETTINGS,
	OPT_DECK_PREFIX,
	OPT_SCHEDULING
};

#define TOOL_LONGOPTS \
	{ "help", no_argument, NULL, OPT_HELP }, \
	{ "version", no_argument, NULL, OPT_VERSION }, \
	{ "strict", no_argument, NULL, OPT_STRICT }

struct tool {
	const char		*name;
	const char		*usage;	/* the SYNOPSIS, without the name */
	const char		*help;	/* one line per option, for --help */
	struct cp_reporter	 rep;
	/*
	 * A batch (cardconv on a folder, without --strict) converts each
	 * input whole or not at all and goes on (batch_convert()); failed
	 * counts the inputs left out, and worst is the worst level any
	 * input reported.
	 */
	int			 batch;
	unsigned long		 failed;
	enum cp_level		 worst;
	/* The decks of each input (cardconv); NULL for none. */
	const struct walk	*walk;
	/* cardconv's progress line, or NULL; and what it sums up. */
	struct progress		*progress;
	unsigned long		 warnings, errors;	/* messages */
	int			 verbose;	/* -v: notes are said too */
	struct cp_write_stats	 stats;
};

void	 tool_init(struct tool *, const char *name, const char *usage,
	    const char *help);
/*
 * Applies one option returned by getopt_long(); each tool's option table
 * decides which it accepts.  -o sets *out; -m names the media folder for
 * reading and writing alike.  Exits for --help, --version and errors.
 */
void	 tool_option(struct tool *, int opt, struct cp_read_options *,
	    struct cp_write_options *, const char **out);
/* Exit 2, after the usage line; tool_error() says what was wrong first. */
void	 tool_usage(const struct tool *) __attribute__((noreturn));
void	 tool_error(struct tool *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3), noreturn));
/*
 * Exits through tool_usage() when an option's value is one the reader
 * of in_format (NULL: of any format) or the writer of out_format does
 * not take, after the library has said which values it does.
 */
void	 tool_check_options(struct tool *, const char *in_format,
	    const struct cp_read_options *, const char *out_format,
	    const struct cp_write_options *);

/* dir/name, malloc'd; aborts when memory is exhausted. */
char	*tool_path(const char *dir, const char *name);
/* A malloc'd copy of s, NULL for NULL; aborts when memory is exhausted. */
char	*tool_strdup(const char *s);

/* What one tool is: its name, its options and the formats it joins. */
struct tool_spec {
	const char		*name;
	const char		*usage;	/* the SYNOPSIS, without the name */
	const char		*help;	/* one line per option, for --help */
	const char		*shortopts;
	const struct option	*longopts;	/* ends with TOOL_LONGOPTS */
	const char		*in_format;
	const char		*out_format;
};

/*
 * The inputs of a batch: each folder among args replaced by the files
 * under it that a reader takes, by their content (decoded from
 * encoding, when not NULL) or their names (cp_format_detect()), sorted
 * bytewise, hidden files and folders left out, links followed to files
 * inside the folder only; the other files
 * found are in skipped, for walk_report_skipped().  formats[i] is the
 * format file i is read in: from, when not NULL, else what its content
 * and name say, or NULL when they say nothing.  For
 * each file, parents[i] is the deck its decks go under (cardconv(1),
 * DECKS): the prefix, then, with tree set, one level for each folder
 * between the folder named and the file; NULL for none.  With tree set,
 * decks[i] is the deck of a file's notes that name none, its name
 * without the extension, for a file found in a folder; else NULL.
 * A folder that is an Obsidian vault (it holds ".obsidian") enabling
 * one of the flashcard plugins, Obsidian_to_Anki or Obsidian Spaced
 * Repetition, has its notes read as that plugin reads them: o2a[i] or
 * sr[i] is its settings file (cp_vault_plugins()), the plugin files the
 * cards in decks, and the folders in the vault add no deck level; a
 * note is said once for the vault.  NULL elsewhere.
 * Strings and arrays are the walk's, freed by walk_free().
 */
struct walk {
	char		**files;
	const char	**formats;
	char		**parents;
	char		**decks;
	const char	**o2a;
	const char	**sr;
	size_t		 nfiles;
	char		**skipped;
	size_t		 nskipped;
	size_t		 nfolders;	/* folders among args */
	char		**vaults;	/* the settings files named */
	size_t		 nvaults, vroom;
};

void	 walk_inputs(struct tool *, char **args, int nargs,
	    const char *from, const char *encoding, const char *prefix,
	    int tree, struct walk *);
void	 walk_report_skipped(struct tool *, const struct walk *);
/*
 * The options file i is read with: given, with its parent deck, its
 * default deck, and its vault's settings where given names no dialect
 * nor settings of its own.
 */
void	 walk_options(const struct walk *, size_t i,
	    const struct cp_read_options *given, struct cp_read_options *each);
void	 walk_free(struct walk *);

/*
 * Progress (progress.c): with show set and standard error a terminal,
 * one line there, redrawn up to ten times a second from a second past
 * progress_new() on: files done of nfiles, notes written, notes a
 * second, the file being read (progress_file(); NULL once the output
 * is being finished).  A message is printed between
 * progress_hold(), which erases the line, and progress_release().
 * progress_end() erases it for good, prints the summary line of t's
 * counts when summary is set, and frees p.  All but progress_end() take NULL.
 */
struct progress	*progress_new(const char *name, size_t nfiles, int show);
void	 progress_file(struct progress *, const char *path);
void	 progress_file_done(struct progress *);
void	 progress_note(struct progress *);
void	 progress_hold(struct progress *);
void	 progress_release(struct progress *);
void	 progress_end(struct progress *, const struct tool *, int summary);

/*
 * The format path is read in: format, or what its name says; NULL
 * after an error saying neither says one.
 */
const char *tool_input_format(struct tool *, const char *format,
	    const char *path);
/*
 * Tells the writer where the media of path's notes are found
 * (cards2apkg(1), cardconv(1)): in the -m folder when there is one; a
 * package's in the package alone, extracted into a private folder of
 * the writer's, whose name it puts in ropts->media_dir; any other
 * input's in its own folder.
 */
void	 tool_input_media(const char *format, const char *path,
	    struct cp_read_options *ropts, struct cp_writer *);
/*
 * Copies every record of r to the writer, each note counted in p (NULL
 * for none); -1 when the writer failed.
 */
int	 tool_copy_records(struct cp_reader *, struct cp_writer *,
	    struct progress *);
/*
 * The inputs of a batch (batch.c), each read whole into a card stream
 * of its own first, by a second thread ahead of the writer, and copied
 * to w in input order when it held no error; one that did is reported
 * and left out, and the next is read.  Each input's format is in_format,
 * or else the walk's, or its name's.  Returns -1 when the writer failed
 * or no stream could be staged, else 0.
 */
int	 batch_convert(struct tool *, const char *in_format, char **inputs,
	    size_t n, const struct cp_read_options *, struct cp_writer *);

/* The whole main of a one-reader, one-writer tool. */
int	 tool_main(const struct tool_spec *, int argc, char *argv[]);

/*
 * Reads every input (standard input when there is none) with in_format,
 * or the format its name suggests when in_format is NULL, and writes all
 * records with one writer.  Goes on after a bad input.  Unless -m names
 * a folder, the media an input names are looked for in its own folder,
 * or for a package in the package alone; the output's notes are as new
 * as the newest input.  Returns the exit status.
 */
int	 tool_convert(struct tool *, const char *in_format, char **inputs,
	    int ninputs, const struct cp_read_options *,
	    const char *out_format, const char *out_path,
	    const struct cp_write_options *);

#endif /* !TOOL_H */
