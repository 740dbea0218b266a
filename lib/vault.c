/*
 * vault.c: an Obsidian vault as its plugins' settings show it.  A
 * plugin keeps them in .obsidian/plugins/PLUGIN/data.json; the folder
 * over .obsidian is the vault, and a note's folders in it may name its
 * deck.  For md2cards --sr-settings and --o2a-settings: the settings
 * file read and parsed, the line of a key in it for a message, and a
 * note's folder in its vault.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

/* A data.json holds settings, and perhaps scheduling: far below this. */
#define SETTINGS_MAX	(16u << 20)

unsigned long
cp_json_key_line(const char *text, const char *key)
{
	struct cp_buf	 quoted = { 0 };
	const char	*p, *at;
	unsigned long	 line = 1;

	cp_buf_printf(&quoted, "\"%s\"", key);
	at = strstr(text, cp_buf_str(&quoted));
	cp_buf_free(&quoted);
	if (at == NULL)
		return 0;
	for (p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

int
cp_json_flag(const cJSON *set, const char *key, const char *text,
    const char *path, struct cp_reporter *rep, int *on)
{
	const cJSON	*v;

	if ((v = cJSON_GetObjectItemCaseSensitive(set, key)) == NULL)
		return 0;
	if (!cJSON_IsBool(v)) {
		cp_report(rep, CP_LEVEL_ERROR, path,
		    cp_json_key_line(text, key), 0,
		    "%s: not true or false", key);
		return -1;
	}
	*on = cJSON_IsTrue(v);
	return 0;
}

cJSON *
cp_vault_settings_load(const char *option, const char *path, char **text,
    struct cp_reporter *rep)
{
	struct cp_json_check	 chk;
	struct cp_buf		 b = { 0 };
	char			 chunk[8192];
	const char		*p;
	unsigned long		 line;
	size_t			 n;
	FILE			*fp;
	cJSON			*j;

	*text = NULL;
	if ((fp = fopen(path, "rb")) == NULL) {
		cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0, "%s: %s: %s",
		    option, path, strerror(errno));
		return NULL;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0 &&
	    b.len + n <= SETTINGS_MAX)
		cp_buf_add(&b, chunk, n);
	if (ferror(fp) || n > 0) {
		cp_report(rep, CP_LEVEL_ERROR, NULL, 0, 0, "%s: %s: %s",
		    option, path, ferror(fp) ? strerror(errno) :
		    "larger than any settings file: not read");
		fclose(fp);
		cp_buf_free(&b);
		return NULL;
	}
	fclose(fp);
	cp_buf_addstr(&b, "");
	if ((j = cp_json_parse(b.data, b.len, &chk)) == NULL) {
		for (p = b.data, line = 1; p < b.data + chk.err; p++)
			line += *p == '\n';
		cp_report(rep, CP_LEVEL_ERROR, path, line, 0, "%s", chk.msg);
		cp_buf_free(&b);
		return NULL;
	}
	*text = cp_buf_detach(&b);
	return j;
}

char *
cp_vault_of(const char *path)
{
	const char	*part[4];
	char		*full, *p;
	int		 i;

	if ((full = realpath(path, NULL)) == NULL)
		return NULL;
	/* From the end: data.json, the plugin's folder, plugins, .obsidian. */
	for (i = 0; i < 4; i++) {
		if ((p = strrchr(full, '/')) == NULL)
			goto none;
		*p = '\0';
		part[i] = p + 1;
	}
	if (strcmp(part[0], "data.json") != 0 ||
	    strcmp(part[2], "plugins") != 0 ||
	    strcmp(part[3], ".obsidian") != 0 || *full == '\0')
		goto none;
	return full;
none:
	free(full);
	return NULL;
}

char *
cp_vault_folder(const char *vault, const char *note)
{
	char	*full, *slash;
	size_t	 n;

	if (vault == NULL || (full = realpath(note, NULL)) == NULL)
		return NULL;
	n = strlen(vault);
	if (strncmp(full, vault, n) != 0 || full[n] != '/') {
		free(full);
		return NULL;
	}
	memmove(full, full + n + 1, strlen(full + n + 1) + 1);
	if ((slash = strrchr(full, '/')) != NULL)
		*slash = '\0';
	else
		*full = '\0';
	return full;
}
