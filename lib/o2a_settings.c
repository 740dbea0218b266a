/*
 * o2a_settings.c: a vault's Obsidian_to_Anki settings, read from the
 * plugin's data.json (.obsidian/plugins/obsidian-to-anki-plugin/
 * data.json), for md2cards --o2a-settings.  A vault may add its own
 * regular expressions, one a notetype, for cards written in its own
 * way ("question #flashcard" over the answer), rename the marks
 * ("START", "TARGET DECK"), and turn "{text}" into clozes; nothing in
 * its notes says so.  The file is the user's word for them.
 *
 * The plugin writes { "settings": { ... }, "fields_dict": { notetype:
 * [field, ...] }, ... }, fields_dict being the user's Anki's notetypes
 * as the plugin last asked Anki for them; an object of the settings
 * alone is taken too, and then Anki's own notetypes are the ones known.
 */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

static const char *const mark_keys[CP_O2A_MARKS] = {
	"Begin Note", "End Note", "Begin Inline Note", "End Inline Note",
	"Target Deck Line", "File Tags Line", "Delete Note Line",
	"Frozen Fields Line"
};

static const char *const mark_defaults[CP_O2A_MARKS] = {
	"START", "END", "STARTI", "ENDI", "TARGET DECK", "FILE TAGS",
	"DELETE", "FROZEN"
};

/*
 * The marks of Syntax: a string each, on one line, not empty (the
 * plugin would find its notes between any two line breaks).
 */
static int
marks(const cJSON *set, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_o2a_settings *s)
{
	const cJSON	*syn, *v;
	int		 i;

	if ((syn = cJSON_GetObjectItemCaseSensitive(set, "Syntax")) == NULL)
		return 0;
	for (i = 0; i < CP_O2A_MARKS; i++) {
		if (!cJSON_IsObject(syn))
			break;
		if ((v = cJSON_GetObjectItemCaseSensitive(syn,
		    mark_keys[i])) == NULL)
			continue;
		if (!cJSON_IsString(v) || v->valuestring[0] == '\0' ||
		    strpbrk(v->valuestring, "\r\n") != NULL) {
			cp_report(rep, CP_LEVEL_ERROR, path,
			    cp_json_key_line(text, mark_keys[i]), 0,
			    "Syntax: %s: not a mark, a string on one line",
			    mark_keys[i]);
			return -1;
		}
		free(s->mark[i]);
		s->mark[i] = cp_xstrdup(v->valuestring);
	}
	if (!cJSON_IsObject(syn)) {
		cp_report(rep, CP_LEVEL_ERROR, path,
		    cp_json_key_line(text, "Syntax"), 0,
		    "Syntax: not an object of marks");
		return -1;
	}
	return 0;
}

static int
defaults(const cJSON *set, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_o2a_settings *s)
{
	const cJSON	*d, *v;

	if ((d = cJSON_GetObjectItemCaseSensitive(set, "Defaults")) == NULL)
		return 0;
	if (!cJSON_IsObject(d)) {
		cp_report(rep, CP_LEVEL_ERROR, path,
		    cp_json_key_line(text, "Defaults"), 0,
		    "Defaults: not an object of settings");
		return -1;
	}
	if ((v = cJSON_GetObjectItemCaseSensitive(d, "Deck")) != NULL) {
		if (!cJSON_IsString(v)) {
			cp_report(rep, CP_LEVEL_ERROR, path,
			    cp_json_key_line(text, "Deck"), 0,
			    "Defaults: Deck: not a deck's name");
			return -1;
		}
		free(s->deck);
		s->deck = cp_xstrdup(v->valuestring);
	}
	if (cp_json_flag(d, "CurlyCloze", text, path, rep,
	    &s->curly_clozes) == -1 || cp_json_flag(d,
	    "CurlyCloze - Highlights to Clozes", text, path, rep,
	    &s->highlight_clozes) == -1 || cp_json_flag(d,
	    "Add Obsidian Tags", text, path, rep, &s->obsidian_tags) == -1)
		return -1;
	/*
	 * What the plugin adds to a field of a note in the vault: a link
	 * back to the note, the headings over it.  Neither is the card;
	 * the reading says so (read_o2a.c).
	 */
	if (cp_json_flag(d, "Add File Link", text, path, rep,
	    &s->file_link) == -1 || cp_json_flag(d, "Add Context", text,
	    path, rep, &s->context) == -1)
		return -1;
	if (s->file_link)
		s->file_link = (int)cp_json_key_line(text, "Add File Link");
	if (s->context)
		s->context = (int)cp_json_key_line(text, "Add Context");
	return 0;
}

/*
 * The object of strings at key in set, *c, NULL when there is none;
 * -1 after reporting a value of another kind, "not an object of what".
 */
static int
strings(const cJSON *set, const char *key, const char *what,
    const char *text, const char *path, struct cp_reporter *rep,
    const cJSON **c)
{
	const cJSON	*v;

	if ((*c = cJSON_GetObjectItemCaseSensitive(set, key)) == NULL)
		return 0;
	cJSON_ArrayForEach(v, *c)
		if (!cJSON_IsString(v))
			break;
	if (!cJSON_IsObject(*c) || v != NULL) {
		cp_report(rep, CP_LEVEL_ERROR, path, cp_json_key_line(text,
		    key), 0, "%s: not an object of %s", key, what);
		return -1;
	}
	return 0;
}

/*
 * The line of the next key of an object of strings, *at inside it on
 * line *line, both moved past the key: one walk over the object, so that
 * a stranger's thousands of keys cost no more than the file.  0 past
 * the object's end.
 */
static unsigned long
next_key_line(const char **at, unsigned long *line)
{
	const char	*p, *q;

	for (p = *at; *p != '\0' && *p != '}'; p++) {
		if (*p == '\n')
			++*line;
		if (*p != '"')
			continue;
		for (q = p + 1; *q != '\0' && *q != '"'; q++)
			if (*q == '\\' && q[1] != '\0')
				q++;
		if (*q == '\0')
			break;
		for (p = q + 1; *p == ' ' || *p == '\t' || *p == '\r'; p++)
			continue;
		if (*p == ':') {	/* a key, not a value */
			*at = p + 1;
			return *line;
		}
		p--;
	}
	*at = p;
	return 0;
}

/* The regular expressions of CUSTOM_REGEXPS, in the order written. */
static int
regexps(const cJSON *set, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_o2a_settings *s)
{
	const cJSON	*c, *v;
	const char	*at, *p;
	unsigned long	 line, key;
	size_t		 n = 0;

	if (strings(set, "CUSTOM_REGEXPS", "a regular expression for each "
	    "notetype", text, path, rep, &c) == -1 || c == NULL)
		return c == NULL ? 0 : -1;
	/* Into the object, past its name. */
	if ((at = strstr(text, "\"CUSTOM_REGEXPS\"")) == NULL ||
	    (at = strchr(at, '{')) == NULL)
		at = "";
	for (p = text, line = 1; *at != '\0' && p < at; p++)
		line += *p == '\n';
	cJSON_ArrayForEach(v, c)
		n += v->valuestring[0] != '\0';
	s->regexps = cp_xreallocarray(NULL, n + 1, sizeof(*s->regexps));
	cJSON_ArrayForEach(v, c) {
		/* The object's keys come in the order cJSON lists them. */
		key = next_key_line(&at, &line);
		if (v->valuestring[0] == '\0')
			continue;	/* the plugin lists every notetype */
		s->regexps[s->nregexps].notetype = cp_xstrdup(v->string);
		s->regexps[s->nregexps].source = cp_xstrdup(v->valuestring);
		s->regexps[s->nregexps].line = key;
		s->nregexps++;
	}
	return 0;
}

/* fields_dict: each notetype's fields, found by the notetype's hash. */
static int
notetypes(const cJSON *j, const char *text, const char *path,
    struct cp_reporter *rep, struct cp_o2a_settings *s)
{
	const cJSON		*d, *v, *f;
	struct cp_o2a_notetype	*nt;
	size_t			 n = 0;

	if (!cJSON_IsObject(j) || (d = cJSON_GetObjectItemCaseSensitive(j,
	    "fields_dict")) == NULL)
		return 0;
	cJSON_ArrayForEach(v, d) {
		cJSON_ArrayForEach(f, v)
			if (!cJSON_IsString(f))
				break;
		if (!cJSON_IsArray(v) || f != NULL)
			break;
		n++;
	}
	if (!cJSON_IsObject(d) || v != NULL) {
		cp_report(rep, CP_LEVEL_ERROR, path, cp_json_key_line(text,
		    "fields_dict"), 0, "fields_dict: not an object of a list "
		    "of field names for each notetype");
		return -1;
	}
	s->notetypes = cp_xreallocarray(NULL, n + 1, sizeof(*s->notetypes));
	cJSON_ArrayForEach(v, d) {
		nt = &s->notetypes[s->nnotetypes];
		nt->name = cp_xstrdup(v->string);
		nt->fields = cp_xreallocarray(NULL,
		    (size_t)cJSON_GetArraySize(v) + 1, sizeof(*nt->fields));
		nt->nfields = 0;
		cJSON_ArrayForEach(f, v)
			nt->fields[nt->nfields++] = cp_xstrdup(f->valuestring);
		cp_hashmap_add(&s->notetype_index, cp_hash64(nt->name,
		    strlen(nt->name)), s->nnotetypes++);
	}
	return 0;
}

/* FOLDER_DECKS or FOLDER_TAGS: folder, value, folder, value, ... */
static int
folders(const cJSON *set, const char *key, const char *text,
    const char *path, struct cp_reporter *rep, char ***pairs, size_t *n)
{
	const cJSON	*c, *v;

	if (strings(set, key, "a string for each folder", text, path, rep,
	    &c) == -1 || c == NULL)
		return c == NULL ? 0 : -1;
	*pairs = cp_xreallocarray(NULL, 2 * (size_t)cJSON_GetArraySize(c) + 1,
	    sizeof(**pairs));
	cJSON_ArrayForEach(v, c) {
		if (v->valuestring[0] == '\0')
			continue;
		(*pairs)[2 * *n] = cp_xstrdup(v->string);
		(*pairs)[2 * *n + 1] = cp_xstrdup(v->valuestring);
		++*n;
	}
	return 0;
}

int
cp_o2a_settings_load(const char *path, struct cp_o2a_settings *s,
    struct cp_reporter *rep)
{
	const cJSON	*set;
	cJSON		*j;
	char		*text;
	int		 i, rc = -1;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < CP_O2A_MARKS; i++)
		s->mark[i] = cp_xstrdup(mark_defaults[i]);
	s->deck = cp_xstrdup("Default");
	if ((j = cp_vault_settings_load("--o2a-settings", path, &text,
	    rep)) == NULL) {
		cp_o2a_settings_free(s);
		return -1;
	}
	set = cJSON_GetObjectItemCaseSensitive(j, "settings");
	if (!cJSON_IsObject(set))
		set = j;
	if (!cJSON_IsObject(set) || (cJSON_GetObjectItemCaseSensitive(set,
	    "CUSTOM_REGEXPS") == NULL && cJSON_GetObjectItemCaseSensitive(set,
	    "Syntax") == NULL && cJSON_GetObjectItemCaseSensitive(set,
	    "Defaults") == NULL)) {
		cp_report(rep, CP_LEVEL_ERROR, path, 1, 0, "no CUSTOM_REGEXPS, "
		    "Syntax or Defaults of Obsidian_to_Anki's settings: not "
		    "the plugin's data.json");
		goto out;
	}
	if (marks(set, text, path, rep, s) == -1 ||
	    defaults(set, text, path, rep, s) == -1 ||
	    regexps(set, text, path, rep, s) == -1 ||
	    notetypes(j, text, path, rep, s) == -1 ||
	    folders(set, "FOLDER_DECKS", text, path, rep, &s->folder_decks,
	    &s->nfolder_decks) == -1 ||
	    folders(set, "FOLDER_TAGS", text, path, rep, &s->folder_tags,
	    &s->nfolder_tags) == -1)
		goto out;
	s->vault = cp_vault_of(path);
	s->path = cp_xstrdup(path);
	rc = 0;
out:
	cJSON_Delete(j);
	free(text);
	if (rc == -1)
		cp_o2a_settings_free(s);
	return rc;
}

const struct cp_o2a_notetype *
cp_o2a_notetype(const struct cp_o2a_settings *s, const char *name)
{
	/* cp_hashmap_next() only reads the map. */
	struct cp_hashmap	*index = (struct cp_hashmap *)&s->notetype_index;
	size_t			 pos = 0, *i;

	while ((i = cp_hashmap_next(index, cp_hash64(name, strlen(name)),
	    &pos)) != NULL)
		if (strcmp(s->notetypes[*i].name, name) == 0)
			return &s->notetypes[*i];
	return NULL;
}

void
cp_o2a_settings_free(struct cp_o2a_settings *s)
{
	size_t	 i, k;
	int	 m;

	for (m = 0; m < CP_O2A_MARKS; m++)
		free(s->mark[m]);
	free(s->deck);
	for (i = 0; i < s->nregexps; i++) {
		free(s->regexps[i].notetype);
		free(s->regexps[i].source);
	}
	free(s->regexps);
	for (i = 0; i < s->nnotetypes; i++) {
		free(s->notetypes[i].name);
		for (k = 0; k < s->notetypes[i].nfields; k++)
			free(s->notetypes[i].fields[k]);
		free(s->notetypes[i].fields);
	}
	free(s->notetypes);
	cp_hashmap_free(&s->notetype_index);
	for (i = 0; i < 2 * s->nfolder_decks; i++)
		free(s->folder_decks[i]);
	free(s->folder_decks);
	for (i = 0; i < 2 * s->nfolder_tags; i++)
		free(s->folder_tags[i]);
	free(s->folder_tags);
	free(s->vault);
	free(s->path);
	memset(s, 0, sizeof(*s));
}
