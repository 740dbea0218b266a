/*
 * vault.c: an Obsidian vault as its plugins' settings show it.  A
 * plugin keeps them in .obsidian/plugins/PLUGIN/data.json; the folder
 * over .obsidian is the vault, and a note's folders in it may name its
 * deck.  For md2cards --sr-settings and --o2a-settings: the settings
 * file read and parsed, the line of a key in it for a message, a
 * note's folder in its vault, what Obsidian takes for a tag, and the
 * settings loaded once for every note read with them.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

/* A data.json holds settings, and perhaps scheduling: far below this. */
#define SETTINGS_MAX	(16u << 20)

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
cp_vault_path(const char *vault, const char *note)
{
	char	*full;
	size_t	 n;

	if (vault == NULL || (full = realpath(note, NULL)) == NULL)
		return NULL;
	n = strlen(vault);
	if (strncmp(full, vault, n) != 0 || full[n] != '/') {
		free(full);
		return NULL;
	}
	memmove(full, full + n + 1, strlen(full + n + 1) + 1);
	return full;
}

char *
cp_vault_folder(const char *vault, const char *note)
{
	char	*path, *slash;

	if ((path = cp_vault_path(vault, note)) == NULL)
		return NULL;
	if ((slash = strrchr(path, '/')) != NULL)
		*slash = '\0';
	else
		*path = '\0';
	return path;
}

/* The code point at s[0..n) and its length; a byte not UTF-8 is itself. */
static unsigned long
glob_char(const char *s, size_t n, size_t *len)
{
	unsigned long	 c;

	*len = 0;
	c = cp_utf8_decode(s, n, len);
	if (*len == 0) {
		*len = 1;
		c = (unsigned char)*s;
	}
	return c;
}

/*
 * Whether the pattern's token at p[i], of the name p[0..pn), takes the
 * character c: "?", a class "[a-z]" ("[!a-z]" or "[^a-z]" its complement)
 * whose ']' is close[i], or a character.  Its length in the pattern if
 * so, else 0.
 */
static size_t
glob_token(const char *p, size_t pn, size_t i, const size_t *close,
    unsigned long c)
{
	unsigned long	 lo, hi;
	size_t		 k, len, len2;
	int		 neg, in = 0;

	if (p[i] == '?')
		return 1;
	if (p[i] == '[' && close[i] != 0) {
		k = i + 1;
		neg = p[k] == '!' || p[k] == '^';
		for (k += neg; k < close[i]; k += len) {
			lo = hi = glob_char(p + k, pn - k, &len);
			if (k + len + 1 < close[i] && p[k + len] == '-') {
				hi = glob_char(p + k + len + 1,
				    pn - k - len - 1, &len2);
				len += 1 + len2;
			}
			in |= c >= lo && c <= hi;
		}
		return in != neg ? close[i] + 1 - i : 0;
	}
	return glob_char(p + i, pn - i, &len) == c ? len : 0;
}

/*
 * Whether the name s[0..sn) matches the pattern's p[0..pn): '*' any run
 * of characters, the rest as glob_token() takes them; a leading dot
 * only by a dot.  Each class's ']' is found once, before the match;
 * then the match is greedy, going back to the last '*' on a mismatch:
 * time at most pn times sn, whatever the pattern.
 */
static int
glob_name(const char *p, size_t pn, const char *s, size_t sn)
{
	size_t	*close, *next, i = 0, j = 0, star = 0, mark = 0, k, len;
	int	 starred = 0, match;

	if (sn > 0 && s[0] == '.' && (pn == 0 || p[0] != '.'))
		return 0;
	/*
	 * next[k]: the first ']' at k or after, or pn; close[k]: the ']'
	 * of the class "[" opens at k, whose first member may be ']', or 0.
	 */
	next = cp_xreallocarray(NULL, pn + 1, sizeof(*next));
	close = cp_xcalloc(pn + 1, sizeof(*close));
	for (next[pn] = pn, k = pn; k-- > 0; )
		next[k] = p[k] == ']' ? k : next[k + 1];
	for (k = 0; k < pn; k++) {
		if (p[k] != '[')
			continue;
		i = k + 1 + (k + 1 < pn && (p[k + 1] == '!' || p[k + 1] == '^'));
		i += i < pn && p[i] == ']';
		close[k] = i < pn && next[i] < pn ? next[i] : 0;
	}
	free(next);
	for (i = 0, match = 1; j < sn; ) {
		if (i < pn && p[i] == '*') {
			starred = 1;
			star = ++i;
			mark = j;
		} else if (i < pn && (k = glob_token(p, pn, i, close,
		    glob_char(s + j, sn - j, &len))) > 0) {
			i += k;
			j += len;
		} else if (starred) {
			i = star;
			glob_char(s + mark, sn - mark, &len);
			j = mark += len;
		} else {
			match = 0;
			break;
		}
	}
	while (match && i < pn && p[i] == '*')
		i++;
	free(close);
	return match && i == pn;
}

int
cp_vault_glob(const char *pattern, const char *path)
{
	const char	*p = pattern, *s = path, *pstar = NULL, *sstar = NULL;
	size_t		 pn, sn;

	for (;;) {
		pn = strcspn(p, "/");
		sn = strcspn(s, "/");
		if (pn == 2 && strncmp(p, "**", 2) == 0) {
			/* Any names, none of them a dot's, then the rest. */
			p += 2 + (p[2] == '/');
			if (*p == '\0')
				return *s != '\0' && *s != '.' &&
				    strstr(s, "/.") == NULL;
			pstar = p;
			sstar = s;
			continue;
		}
		if (*s != '\0' && glob_name(p, pn, s, sn)) {
			if (p[pn] == '\0' && s[sn] == '\0')
				return 1;
			if (p[pn] == '/' && s[sn] == '/') {
				p += pn + 1;
				s += sn + 1;
				continue;
			}
		}
		/* The last "**" takes one more name, if it can. */
		if (pstar == NULL || *sstar == '\0' || *sstar == '.' ||
		    sstar[strcspn(sstar, "/")] == '\0')
			return 0;
		sstar += strcspn(sstar, "/") + 1;
		p = pstar;
		s = sstar;
	}
}

/*
 * Whether path is a regular file whose real path lies inside root: a
 * vault's own, not a link out of the folder named nor a device or FIFO.
 */
static int
inside_file(const char *path, const char *root)
{
	struct stat	 st;
	char		*real;
	size_t		 n = strlen(root);
	int		 in;

	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
	    (real = realpath(path, NULL)) == NULL)
		return 0;
	in = strncmp(real, root, n) == 0 && real[n] == '/';
	free(real);
	return in;
}

/*
 * Whether the vault at folder (real path root) enables plugin: its
 * community-plugins.json, a list of plugin ids, names it; a vault that
 * keeps no such list (a synced copy may leave it out) enables every
 * plugin whose settings it keeps.  A list that is no file of the
 * vault's is not read, and enables none.
 */
static int
enabled(const char *folder, const char *root, const char *plugin)
{
	struct cp_json_check	 chk;
	struct cp_buf		 list = { 0 }, b = { 0 };
	struct stat		 st;
	char			 chunk[8192];
	const cJSON		*v;
	cJSON			*j;
	size_t			 n;
	FILE			*fp = NULL;
	int			 on = 0;

	cp_buf_printf(&list, "%s/.obsidian/community-plugins.json", folder);
	if (lstat(cp_buf_str(&list), &st) == -1 && errno == ENOENT)
		on = 1;
	else if (inside_file(cp_buf_str(&list), root) &&
	    (fp = fopen(cp_buf_str(&list), "rb")) != NULL) {
		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0 &&
		    b.len < (1u << 20))
			cp_buf_add(&b, chunk, n);
		fclose(fp);
		cp_buf_addstr(&b, "");
		if ((j = cp_json_parse(b.data, b.len, &chk)) != NULL)
			cJSON_ArrayForEach(v, j)
				on |= cJSON_IsString(v) &&
				    strcmp(v->valuestring, plugin) == 0;
		cJSON_Delete(j);
		cp_buf_free(&b);
	}
	cp_buf_free(&list);
	return on;
}

/*
 * The plugin's settings file in the vault at folder, whose real path is
 * root, or NULL: none, not enabled, or no file of the vault's.
 */
static char *
plugin_settings(const char *folder, const char *root, const char *plugin)
{
	struct cp_buf	 path = { 0 };

	cp_buf_printf(&path, "%s/.obsidian/plugins/%s/data.json", folder,
	    plugin);
	if (!inside_file(cp_buf_str(&path), root) ||
	    !enabled(folder, root, plugin)) {
		cp_buf_free(&path);
		return NULL;
	}
	return cp_buf_detach(&path);
}

int
cp_vault_plugins(const char *folder, char **o2a, char **sr)
{
	struct cp_buf	 dot = { 0 };
	struct stat	 st;
	char		*root;
	int		 vault;

	*o2a = *sr = NULL;
	cp_buf_printf(&dot, "%s/.obsidian", folder);
	vault = stat(cp_buf_str(&dot), &st) == 0 && S_ISDIR(st.st_mode);
	cp_buf_free(&dot);
	if (!vault || (root = realpath(folder, NULL)) == NULL)
		return 0;
	*o2a = plugin_settings(folder, root, "obsidian-to-anki-plugin");
	*sr = plugin_settings(folder, root, "obsidian-spaced-repetition");
	free(root);
	return 1;
}

size_t
cp_obsidian_tag(const char *s, size_t n)
{
	size_t	 i;
	int	 digits = 1;

	for (i = 0; i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' ||
	    s[i] == '-' || s[i] == '/' || (unsigned char)s[i] >= 0x80); i++)
		digits &= isdigit((unsigned char)s[i]) != 0;
	return digits ? 0 : i;
}

/* Settings loaded, by their path: one plugin's, the other NULL. */
struct cached {
	char			*path;
	struct cp_sr_settings	*sr;
	struct cp_o2a_settings	*o2a;
};

struct cp_vault_cache {
	struct cached		*v;
	size_t			 n, room;
	struct cp_hashmap	 index;	/* by the path's hash */
};

struct cp_vault_cache *
cp_vault_cache_new(void)
{
	return cp_xcalloc(1, sizeof(struct cp_vault_cache));
}

void
cp_vault_cache_free(struct cp_vault_cache *c)
{
	size_t	 i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++) {
		if (c->v[i].sr != NULL)
			cp_sr_settings_free(c->v[i].sr);
		if (c->v[i].o2a != NULL)
			cp_o2a_settings_free(c->v[i].o2a);
		free(c->v[i].sr);
		free(c->v[i].o2a);
		free(c->v[i].path);
	}
	free(c->v);
	cp_hashmap_free(&c->index);
	free(c);
}

/* The entry of path for the plugin (sr or not), or NULL. */
static struct cached *
cached(struct cp_vault_cache *c, const char *path, int sr)
{
	size_t	 pos = 0, *i;

	while ((i = cp_hashmap_next(&c->index, cp_hash64(path, strlen(path)),
	    &pos)) != NULL)
		if (strcmp(c->v[*i].path, path) == 0 &&
		    (c->v[*i].sr != NULL) == sr)
			return &c->v[*i];
	return NULL;
}

static struct cached *
add_cached(struct cp_vault_cache *c, const char *path)
{
	struct cached	*e;

	if (c->n == c->room) {
		c->room = 2 * c->room + 4;
		c->v = cp_xreallocarray(c->v, c->room, sizeof(*c->v));
	}
	e = &c->v[c->n];
	memset(e, 0, sizeof(*e));
	e->path = cp_xstrdup(path);
	cp_hashmap_add(&c->index, cp_hash64(path, strlen(path)), c->n++);
	return e;
}

const struct cp_sr_settings *
cp_vault_sr(struct cp_vault_cache *c, const char *path,
    struct cp_reporter *rep)
{
	struct cached		*e;
	struct cp_sr_settings	*s;

	if ((e = cached(c, path, 1)) != NULL)
		return e->sr;
	s = cp_xcalloc(1, sizeof(*s));
	if (cp_sr_settings_load(path, s, rep) == -1) {
		free(s);
		return NULL;
	}
	return (add_cached(c, path)->sr = s);
}

const struct cp_o2a_settings *
cp_vault_o2a(struct cp_vault_cache *c, const char *path,
    struct cp_reporter *rep)
{
	struct cached		*e;
	struct cp_o2a_settings	*s;

	if ((e = cached(c, path, 0)) != NULL)
		return e->o2a;
	s = cp_xcalloc(1, sizeof(*s));
	if (cp_o2a_settings_load(path, s, rep) == -1) {
		free(s);
		return NULL;
	}
	return (add_cached(c, path)->o2a = s);
}
