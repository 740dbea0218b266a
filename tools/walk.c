/*
 * walk.c: the files a batch reads, found in the folders named
 * (cardconv(1), FOLDERS).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

static void
push(char ***list, size_t *n, size_t *room, char *s)
{
	if (*n == *room) {
		*room = *room == 0 ? 16 : *room * 2;
		if ((*list = reallocarray(*list, *room, sizeof(**list))) ==
		    NULL)
			abort();
	}
	(*list)[(*n)++] = s;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * What cannot be read in a folder is one more input that failed: unless
 * --strict makes the batch all or nothing, it must not discard the output
 * (tool.h, struct tool).
 */
static void
walk_trouble(struct tool *t, const char *path)
{
	struct cp_reporter	 rep = t->rep;

	rep.worst = CP_LEVEL_OK;
	rep.kinds = NULL;
	cp_report(t->rep.strict ? &t->rep : &rep, CP_LEVEL_SYSERR, path, 0,
	    0, "%s", strerror(errno));
	cp_report_finish(&rep);
	if (rep.worst > t->worst)
		t->worst = rep.worst;
	t->failed++;
}

/* Whether the real path of path lies inside the folder whose is root. */
static int
inside(const char *root, const char *path)
{
	char	*real;
	size_t	 len = strlen(root);
	int	 in;

	if ((real = realpath(path, NULL)) == NULL)
		return 0;
	in = strncmp(real, root, len) == 0 &&
	    (real[len] == '/' || real[len] == '\0' || strcmp(root, "/") == 0);
	free(real);
	return in;
}

/* The walk so far, and the room in its arrays. */
struct walker {
	struct tool	*t;
	struct walk	*wk;
	size_t		 room, skroom;
	int		 tree;
	const char	*from;	/* -f, or NULL */
	const char	*encoding;	/* -e, or NULL */
	const char	*o2a, *sr;	/* the vault's settings, or NULL */
};

/* parent::level, or level alone for no parent; level is taken over. */
static char *
deck_join(const char *parent, char *level)
{
	size_t	 len;
	char	*s;

	if (parent == NULL)
		return level;
	len = strlen(parent) + 2 + strlen(level) + 1;
	if ((s = malloc(len)) == NULL)
		abort();
	snprintf(s, len, "%s::%s", parent, level);
	free(level);
	return s;
}

/*
 * The format path is read in: -f's, or what its content and name say
 * (cardconv(1), FORMATS); a name that says otherwise is warned of, once.
 */
static const char *
file_format(struct walker *w, const char *path)
{
	const char	*format, *named;

	format = cp_format_detect(path, w->encoding, &named);
	if (w->from != NULL)
		return format != NULL ? w->from : NULL;
	if (format != NULL && named != NULL && strcmp(format, named) != 0)
		cp_report(&w->t->rep, CP_LEVEL_WARNING, path, 0, 0,
		    "the name says %s, the content %s: read as %s", named,
		    format, format);
	return format;
}

static void
add_file(struct walker *w, char *path, const char *format,
    const char *parent, int in_folder)
{
	struct walk	*wk = w->wk;
	const char	*base = strrchr(path, '/'), *dot;
	char		*deck = NULL;
	size_t		 len;

	if (w->tree && in_folder && w->o2a == NULL && w->sr == NULL) {
		base = base != NULL ? base + 1 : path;
		dot = strrchr(base, '.');
		len = dot != NULL && dot > base ? (size_t)(dot - base) :
		    strlen(base);
		deck = cp_deck_level(base, len, &w->t->rep, path);
	}
	if (wk->nfiles == w->room) {
		w->room = w->room == 0 ? 16 : w->room * 2;
		if ((wk->files = reallocarray(wk->files, w->room,
		    sizeof(*wk->files))) == NULL ||
		    (wk->parents = reallocarray(wk->parents, w->room,
		    sizeof(*wk->parents))) == NULL ||
		    (wk->decks = reallocarray(wk->decks, w->room,
		    sizeof(*wk->decks))) == NULL ||
		    (wk->formats = reallocarray(wk->formats, w->room,
		    sizeof(*wk->formats))) == NULL ||
		    (wk->o2a = reallocarray(wk->o2a, w->room,
		    sizeof(*wk->o2a))) == NULL ||
		    (wk->sr = reallocarray(wk->sr, w->room,
		    sizeof(*wk->sr))) == NULL)
			abort();
	}
	wk->o2a[wk->nfiles] = in_folder ? w->o2a : NULL;
	wk->sr[wk->nfiles] = in_folder ? w->sr : NULL;
	wk->files[wk->nfiles] = path;
	wk->formats[wk->nfiles] = format;
	wk->parents[wk->nfiles] = tool_strdup(parent);
	wk->decks[wk->nfiles++] = deck;
}

/*
 * Names are sorted bytewise so that a folder gives the same batch, and
 * the same package, on every machine and in every locale.  A link is
 * followed to a file inside the folder named only: to a folder it could
 * lead in circles, and outside it to what the user did not name.  parent
 * is the deck of the folder dir, NULL for none.
 */
/*
 * A vault at dir: its notes read as its flashcard plugin reads them,
 * with a note saying so; in a vault enabling both, each note as the
 * plugin whose cards it holds (md2cards(1)).  Returns whether it is one.
 */
static int
vault(struct walker *w, const char *dir)
{
	struct walk	*wk = w->wk;
	char		*o2a, *sr;

	if (!cp_vault_plugins(dir, &o2a, &sr) || (o2a == NULL && sr == NULL))
		return 0;
	if (o2a != NULL)
		push(&wk->vaults, &wk->nvaults, &wk->vroom, o2a);
	if (sr != NULL)
		push(&wk->vaults, &wk->nvaults, &wk->vroom, sr);
	w->o2a = o2a;
	w->sr = sr;
	if (o2a != NULL && sr != NULL)
		cp_report(&w->t->rep, CP_LEVEL_NOTE, dir, 0, 0, "an Obsidian "
		    "vault enabling both Obsidian_to_Anki and Obsidian Spaced "
		    "Repetition: each note is read as the plugin whose cards "
		    "it holds reads it, with %s or %s", o2a, sr);
	else
		cp_report(&w->t->rep, CP_LEVEL_NOTE, dir, 0, 0, "an Obsidian "
		    "vault: its notes are read as %s reads them, with %s",
		    o2a != NULL ? "Obsidian_to_Anki" :
		    "Obsidian Spaced Repetition", o2a != NULL ? o2a : sr);
	return 1;
}

static void
walk_dir(struct walker *w, const char *root, const char *dir,
    const char *parent)
{
	struct walk	*wk = w->wk;
	struct tool	*t = w->t;
	DIR		*d;
	struct dirent	*de;
	struct stat	 st;
	const char	*format;
	char		**names = NULL, *path, *sub;
	const char	*was_o2a, *was_sr;
	size_t		 n = 0, nroom = 0, i;

	if ((d = opendir(dir)) == NULL) {
		walk_trouble(t, dir);
		return;
	}
	/* A vault in a vault is the inner one's: Obsidian opens that. */
	was_o2a = w->o2a;
	was_sr = w->sr;
	vault(w, dir);
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			push(&names, &n, &nroom, strdup(de->d_name));
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		if (names[i] == NULL)
			abort();
		path = tool_path(dir, names[i]);
		if (lstat(path, &st) == -1) {
			walk_trouble(t, path);
			free(path);
		} else if (S_ISDIR(st.st_mode)) {
			sub = w->tree && w->o2a == NULL && w->sr == NULL ?
			    deck_join(parent,
			    cp_deck_level(names[i], strlen(names[i]), &t->rep,
			    path)) : tool_strdup(parent);
			walk_dir(w, root, path, sub);
			free(sub);
			free(path);
		} else if (S_ISLNK(st.st_mode) && (stat(path, &st) == -1 ||
		    !S_ISREG(st.st_mode) || !inside(root, path)))
			push(&wk->skipped, &wk->nskipped, &w->skroom, path);
		else if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
			push(&wk->skipped, &wk->nskipped, &w->skroom, path);
		else if ((format = file_format(w, path)) == NULL)
			push(&wk->skipped, &wk->nskipped, &w->skroom, path);
		else
			add_file(w, path, format, parent, 1);
		free(names[i]);
	}
	free(names);
	w->o2a = was_o2a;
	w->sr = was_sr;
}

void
walk_inputs(struct tool *t, char **args, int nargs, const char *from,
    const char *encoding, const char *prefix, int tree, struct walk *wk)
{
	struct walker	 w = { t, wk, 0, 0, tree, from, encoding, NULL, NULL };
	struct stat	 st;
	size_t		 len;
	char		*root, *dir;
	int		 i;

	memset(wk, 0, sizeof(*wk));
	for (i = 0; i < nargs; i++) {
		if (strcmp(args[i], "-") == 0 || stat(args[i], &st) == -1 ||
		    !S_ISDIR(st.st_mode)) {
			add_file(&w, tool_strdup(args[i]),
			    strcmp(args[i], "-") == 0 ? from :
			    file_format(&w, args[i]), prefix, 0);
			continue;
		}
		if ((root = realpath(args[i], NULL)) == NULL) {
			walk_trouble(t, args[i]);
			continue;
		}
		/* "decks/" names its files decks/x, not decks//x. */
		if ((dir = strdup(args[i])) == NULL)
			abort();
		for (len = strlen(dir); len > 1 && dir[len - 1] == '/'; len--)
			dir[len - 1] = '\0';
		wk->nfolders++;
		walk_dir(&w, root, dir, prefix);
		free(dir);
		free(root);
	}
}

void
walk_report_skipped(struct tool *t, const struct walk *wk)
{
	size_t	 i;

	if (wk->nskipped == 0)
		return;
	t->warnings++;
	progress_hold(t->progress);
	fprintf(stderr, "%s: warning: not read (no reader takes them, or links "
	    "to folders or out of the folder):", t->name);
	for (i = 0; i < wk->nskipped; i++)
		fprintf(stderr, "%s %s", i > 0 ? "," : "", wk->skipped[i]);
	fputc('\n', stderr);
	progress_release(t->progress);
}

void
walk_free(struct walk *wk)
{
	size_t	 i;

	for (i = 0; i < wk->nfiles; i++) {
		free(wk->files[i]);
		free(wk->parents[i]);
		free(wk->decks[i]);
	}
	free(wk->parents);
	free(wk->decks);
	free(wk->formats);
	for (i = 0; i < wk->nskipped; i++)
		free(wk->skipped[i]);
	free(wk->files);
	free(wk->skipped);
	free(wk->o2a);
	free(wk->sr);
	for (i = 0; i < wk->nvaults; i++)
		free(wk->vaults[i]);
	free(wk->vaults);
}

void
walk_options(const struct walk *wk, size_t i,
    const struct cp_read_options *given, struct cp_read_options *each)
{
	*each = *given;
	each->deck_parent = wk->parents[i];
	each->deck_default = wk->decks[i];
	if (given->dialect == NULL && given->sr_settings == NULL &&
	    given->o2a_settings == NULL) {
		each->o2a_settings = wk->o2a[i];
		each->sr_settings = wk->sr[i];
	}
}
