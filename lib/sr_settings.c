/*
 * sr_settings.c: a vault's Obsidian Spaced Repetition settings, read
 * from the plugin's data.json (.obsidian/plugins/obsidian-spaced-
 * repetition/data.json), for md2cards --sr-settings.  A vault may set
 * its own separators ("->->->" in place of "::", ",," in place of
 * "?"), deck tags ("#🧠" in place of "#flashcards") and cloze marks;
 * nothing in its notes says so, and guessing them from the notes fails
 * on the next vault.  The file is the user's word for them.
 *
 * The plugin writes { "settings": { ... }, "buryDate": ... }; an object
 * of the settings alone is taken too.  Keys it does not know are the
 * plugin's other settings (review buttons, intervals) and say nothing
 * about what a card is.
 */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

/*
 * The separator named by key, or by its older spelling old (the plugin
 * renamed "singleline..." to "singleLine..."): 0 with *sep set (NULL
 * when the setting is empty, no such card), or -1 after reporting a
 * value that is no string or holds a line break.
 */
static int
separator(const cJSON *set, const char *key, const char *old,
    const char *text, const char *path, struct cp_reporter *rep, char **sep)
{
	const cJSON	*v;

	if ((v = cJSON_GetObjectItemCaseSensitive(set, key)) == NULL &&
	    old != NULL)
		v = cJSON_GetObjectItemCaseSensitive(set, key = old);
	if (v == NULL)
		return 0;
	if (!cJSON_IsString(v) || strpbrk(v->valuestring, "\r\n") != NULL) {
		cp_report(rep, CP_LEVEL_ERROR, path,
		    cp_json_key_line(text, key), 0,
		    "%s: not a separator, a string on one line", key);
		return -1;
	}
	free(*sep);
	*sep = *v->valuestring != '\0' ? cp_xstrdup(v->valuestring) : NULL;
	return 0;
}

/*
 * A tag of a list, found by its hash: a note's every tag is looked up,
 * and a stranger's settings may list any number of them.
 */
static void
add_tag(struct cp_sr_tags *l, const char *name)
{
	cp_hashmap_add(&l->index, cp_hash64(name, strlen(name)), l->ntags);
	if (l->ntags == l->room) {
		l->room = 2 * l->room + 8;
		l->tags = cp_xreallocarray(l->tags, l->room, sizeof(*l->tags));
	}
	l->tags[l->ntags++] = cp_xstrdup(name);
}

static void
free_tags(struct cp_sr_tags *l)
{
	size_t	 i;

	for (i = 0; i < l->ntags; i++)
		free(l->tags[i]);
	free(l->tags);
	cp_hashmap_free(&l->index);
	memset(l, 0, sizeof(*l));
}

size_t
cp_sr_tag_in(const struct cp_sr_tags *l, const char *tag, size_t n)
{
	/* cp_hashmap_next() only reads the map. */
	struct cp_hashmap	*index = (struct cp_hashmap *)&l->index;
	size_t			 k, pos, *i;

	for (k = 1; k <= n; k++) {
		if (k < n && tag[k] != '/')
			continue;
		pos = 0;
		while ((i = cp_hashmap_next(index, cp_hash64(tag, k), &pos)) !=
		    NULL)
			if (strlen(l->tags[*i]) == k &&
			    memcmp(l->tags[*i], tag, k) == 0)
				return k;
	}
	return 0;
}

/*
 * The list of strings at key in set, in *list, or NULL when there is
 * none; -1 after reporting a value of another kind, what the list holds
 * named in the message.
 */
static int
string_list(const cJSON *set, const char *key, const char *what,
    const char *text, const char *path, struct cp_reporter *rep,
    const cJSON **list)
{
	const cJSON	*v, *t;

	*list = NULL;
	if ((v = cJSON_GetObjectItemCaseSensitive(set, key)) == NULL)
		return 0;
	cJSON_ArrayForEach(t, v)
		if (!cJSON_IsString(t))
			break;
	if (!cJSON_IsArray(v) || t != NULL) {
		cp_report(rep, CP_LEVEL_ERROR, path, cp_json_key_line(text,
		    key), 0, "%s: not a list of %s", key, what);
		return -1;
	}
	*list = v;
	return 0;
}

/*
 * A list of tags, "#flashcards" each, kept without their '#'.  A vault
 * that files its cards by folder may clear the tag: "" is no tag.
 */
static int
tag_list(const cJSON *set, const char *key, const char *text,
    const char *path, struct cp_reporter *rep, struct cp_sr_tags *l)
{
	const cJSON	*v, *t;
	const char	*name;

	if (string_list(set, key, "tags such as \"#flashcards\"", text, path,
	    rep, &v) == -1)
		return -1;
	if (v == NULL)
		return 0;
	free_tags(l);
	cJSON_ArrayForEach(t, v) {
		name = t->valuestring + (t->valuestring[0] == '#');
		if (*name != '\0')
			add_tag(l, name);
	}
	return 0;
}

/*
 * The cloze patterns: the vault's list, or, from a version of the
 * plugin before it had one, those of the marks it turns on, as the
 * plugin makes them when it upgrades.
 */
static int
cloze_patterns(const cJSON *set, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_sr_settings *s)
{
	static const char *const marks[] = {
		"==[123;;]answer[;;hint]==", "**[123;;]answer[;;hint]**",
		"{{[123;;]answer[;;hint]}}"
	};
	const char	*from[3];
	const cJSON	*v, *t;
	size_t		 i, n = 0;
	char		 err[160];

	if ((v = cJSON_GetObjectItemCaseSensitive(set, "clozePatterns")) !=
	    NULL && !cJSON_IsNull(v)) {
		cJSON_ArrayForEach(t, v)
			if (!cJSON_IsString(t) || !cp_utf8_valid(t->valuestring,
			    strlen(t->valuestring), NULL))
				break;
		if (!cJSON_IsArray(v) || t != NULL) {
			cp_report(rep, CP_LEVEL_ERROR, path,
			    cp_json_key_line(text, "clozePatterns"), 0,
			    "clozePatterns: not a list of patterns such as "
			    "\"%s\"", marks[0]);
			return -1;
		}
		s->clozes = cp_xcalloc((size_t)cJSON_GetArraySize(v) + 1,
		    sizeof(*s->clozes));
		cJSON_ArrayForEach(t, v) {
			if ((s->clozes[s->nclozes] = cp_sr_cloze_new(
			    t->valuestring, err, sizeof(err))) == NULL) {
				cp_report(rep, CP_LEVEL_ERROR, path,
				    cp_json_key_line(text, "clozePatterns"), 0,
				    "clozePatterns: \"%s\": %s",
				    t->valuestring, err);
				return -1;
			}
			s->nclozes++;
		}
		return 0;
	}
	if (s->highlight_clozes)
		from[n++] = marks[0];
	if (s->bold_clozes)
		from[n++] = marks[1];
	if (s->curly_clozes)
		from[n++] = marks[2];
	s->clozes = cp_xcalloc(n + 1, sizeof(*s->clozes));
	for (i = 0; i < n; i++)
		if ((s->clozes[s->nclozes++] = cp_sr_cloze_new(from[i], err,
		    sizeof(err))) == NULL)
			abort();	/* the plugin's own, which compile */
	return 0;
}

void
cp_sr_settings_default(struct cp_sr_settings *s)
{
	memset(s, 0, sizeof(*s));
	s->inline_sep = cp_xstrdup("::");
	s->inline_both = cp_xstrdup(":::");
	s->multi_sep = cp_xstrdup("?");
	s->multi_both = cp_xstrdup("??");
	add_tag(&s->deck_tags, "flashcards");
	s->highlight_clozes = 1;
	s->ignore_paths = cp_xreallocarray(NULL, 1, sizeof(*s->ignore_paths));
	s->ignore_paths[s->nignore_paths++] = cp_xstrdup("**/*.excalidraw.md");
}

/*
 * The notes the plugin passes over, noteFoldersToIgnore: paths in the
 * vault a note's may start with, or globs.  An empty one, which the
 * plugin's settings page never writes and which would pass over every
 * note, is none.
 */
static int
path_list(const cJSON *set, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_sr_settings *s)
{
	const cJSON	*v, *t;
	size_t		 i;

	if (string_list(set, "noteFoldersToIgnore", "folders or globs such "
	    "as \"**/*.excalidraw.md\"", text, path, rep, &v) == -1)
		return -1;
	if (v == NULL)
		return 0;
	for (i = 0; i < s->nignore_paths; i++)
		free(s->ignore_paths[i]);
	s->nignore_paths = 0;
	s->ignore_paths = cp_xreallocarray(s->ignore_paths,
	    (size_t)cJSON_GetArraySize(v) + 1, sizeof(*s->ignore_paths));
	cJSON_ArrayForEach(t, v)
		if (t->valuestring[0] != '\0')
			s->ignore_paths[s->nignore_paths++] =
			    cp_xstrdup(t->valuestring);
	return 0;
}

int
cp_sr_settings_load(const char *path, struct cp_sr_settings *s,
    struct cp_reporter *rep)
{
	static const char *const known[] = {
		"singleLineCardSeparator", "singlelineCardSeparator",
		"singleLineReversedCardSeparator",
		"singlelineReversedCardSeparator", "multilineCardSeparator",
		"multilineReversedCardSeparator", "flashcardTags"
	};
	const cJSON		*set;
	cJSON			*j;
	char			*text;
	size_t			 i;
	int			 rc = -1;

	cp_sr_settings_default(s);
	if ((j = cp_vault_settings_load("--sr-settings", path, &text,
	    rep)) == NULL) {
		cp_sr_settings_free(s);
		return -1;
	}
	set = cJSON_GetObjectItemCaseSensitive(j, "settings");
	if (!cJSON_IsObject(set))
		set = j;
	for (i = 0; cJSON_IsObject(set) && i < sizeof(known) /
	    sizeof(known[0]); i++)
		if (cJSON_GetObjectItemCaseSensitive(set, known[i]) != NULL)
			break;
	if (!cJSON_IsObject(set) || i == sizeof(known) / sizeof(known[0])) {
		cp_report(rep, CP_LEVEL_ERROR, path, 1, 0, "no separator or "
		    "flashcard tag of Obsidian Spaced Repetition's settings: "
		    "not the plugin's data.json");
		goto out;
	}
	if (separator(set, "singleLineCardSeparator",
	    "singlelineCardSeparator", text, path, rep, &s->inline_sep) ==
	    -1 || separator(set, "singleLineReversedCardSeparator",
	    "singlelineReversedCardSeparator", text, path, rep,
	    &s->inline_both) == -1 || separator(set, "multilineCardSeparator",
	    NULL, text, path, rep, &s->multi_sep) == -1 ||
	    separator(set, "multilineReversedCardSeparator", NULL, text, path,
	    rep, &s->multi_both) == -1 ||
	    tag_list(set, "flashcardTags", text, path, rep, &s->deck_tags) ==
	    -1 || tag_list(set, "flashcardTagsToIgnore", text, path, rep,
	    &s->ignore_tags) == -1 ||
	    cp_json_flag(set, "convertHighlightsToClozes", text, path, rep,
	    &s->highlight_clozes) == -1 ||
	    cp_json_flag(set, "convertBoldTextToClozes", text, path, rep,
	    &s->bold_clozes) == -1 ||
	    cp_json_flag(set, "convertCurlyBracketsToClozes", text, path, rep,
	    &s->curly_clozes) == -1 ||
	    cp_json_flag(set, "convertFoldersToDecks", text, path, rep,
	    &s->folder_decks) == -1 ||
	    cloze_patterns(set, text, path, rep, s) == -1 ||
	    path_list(set, text, path, rep, s) == -1)
		goto out;
	s->vault = cp_vault_of(path);
	if ((set = cJSON_GetObjectItemCaseSensitive(set,
	    "multilineCardEndMarker")) != NULL && cJSON_IsString(set) &&
	    set->valuestring[0] != '\0')
		s->end_marker = cp_xstrdup(set->valuestring);
	rc = 0;
out:
	cJSON_Delete(j);
	free(text);
	if (rc == -1)
		cp_sr_settings_free(s);
	return rc;
}

void
cp_sr_settings_free(struct cp_sr_settings *s)
{
	size_t	 i;

	free(s->inline_sep);
	free(s->inline_both);
	free(s->multi_sep);
	free(s->multi_both);
	free(s->end_marker);
	free(s->vault);
	free_tags(&s->deck_tags);
	free_tags(&s->ignore_tags);
	for (i = 0; i < s->nignore_paths; i++)
		free(s->ignore_paths[i]);
	free(s->ignore_paths);
	for (i = 0; i < s->nclozes; i++)
		cp_sr_cloze_free(s->clozes[i]);
	free(s->clozes);
	memset(s, 0, sizeof(*s));
}
