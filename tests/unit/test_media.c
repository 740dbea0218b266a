/*
 * test_media.c: media.c opens a name below its folder and nowhere else,
 * with paths of several components as well as plain names.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "unit.h"

static char	 top[64];

static void
put(const char *name, const char *content)
{
	char	 path[256];
	FILE	*fp;

	snprintf(path, sizeof(path), "%s/%s", top, name);
	if ((fp = fopen(path, "w")) == NULL)
		abort();
	fputs(content, fp);
	fclose(fp);
}

static void
at(const char *name, int (*make)(const char *, const char *),
    const char *target)
{
	char	 path[256];

	snprintf(path, sizeof(path), "%s/%s", top, name);
	if (make(target, path) == -1)
		abort();
}

/* Why rootfd/path is refused, or "opened: CONTENT". */
static const char *
open_why(int rootfd, const char *path)
{
	static char	 buf[128];
	struct stat	 st;
	const char	*why;
	ssize_t		 n;
	int		 fd;

	if ((fd = cp_media_open(rootfd, path, &st, &why)) == -1)
		return why;
	n = read(fd, buf + 8, sizeof(buf) - 9);
	close(fd);
	memcpy(buf, "opened: ", 8);
	buf[8 + (n > 0 ? n : 0)] = '\0';
	return buf;
}

int
main(void)
{
	static const struct {
		const char	*path;
		const char	*want;
	} cases[] = {
		{ "a.png", "opened: A" },
		{ "dir/b.png", "opened: B" },
		{ "dir/deeper/c.png", "opened: C" },
		{ "passwd.jpg", "a symbolic link" },
		{ "linkdir/secret.txt", "a symbolic link" },
		{ "dir/up.png", "a symbolic link" },
		{ "../outside/secret.txt", "outside the folder" },
		{ "dir/../a.png", "outside the folder" },
		{ "/etc/passwd", "outside the folder" },
		{ "C:x.png", "outside the folder" },
		{ ".hidden", "a hidden file" },
		{ ".git/config", "a hidden file" },
		{ "./a.png", "a hidden file" },
		{ "dir//b.png", "a path with an empty component" },
		{ "dir/", "a path with an empty component" },
		{ "", "empty" },
		{ "dir", "not a regular file" },
		{ "fifo", "not a regular file" },
		{ "gone.png", "not found" },
		{ "a.png/x", "not found" },
		{ "back\\slash.png", "holding a backslash" },
		{ "bell\a.png", "holding control characters" },
		{ "bad\xff.png", "not valid UTF-8" },
	};
	char	 name[300];
	size_t	 i;
	int	 rootfd;

	strcpy(top, "/tmp/test_media.XXXXXX");
	if (mkdtemp(top) == NULL)
		abort();
	mkdir(strcat(strcpy(name, top), "/root"), 0700);
	mkdir(strcat(strcpy(name, top), "/root/dir"), 0700);
	mkdir(strcat(strcpy(name, top), "/root/dir/deeper"), 0700);
	mkdir(strcat(strcpy(name, top), "/root/.git"), 0700);
	mkdir(strcat(strcpy(name, top), "/outside"), 0700);
	put("root/a.png", "A");
	put("root/dir/b.png", "B");
	put("root/dir/deeper/c.png", "C");
	put("root/.hidden", "H");
	put("root/.git/config", "G");
	put("outside/secret.txt", "SECRET");
	at("root/passwd.jpg", symlink, "/etc/passwd");
	at("root/linkdir", symlink, "../outside");
	at("root/dir/up.png", symlink, "../a.png");
	snprintf(name, sizeof(name), "%s/root/fifo", top);
	if (mkfifo(name, 0600) == -1)
		abort();
	snprintf(name, sizeof(name), "%s/root", top);
	if ((rootfd = open(name, O_RDONLY | O_DIRECTORY)) == -1)
		abort();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "\"%s\": %s", cases[i].path,
		    cases[i].want);
		CHECK_STR(open_why(rootfd, cases[i].path), cases[i].want, name);
	}
	memset(name, 'x', 256);
	name[256] = '\0';
	CHECK_STR(cp_media_name_refused(name), "longer than 255 bytes",
	    "a component over 255 bytes");
	CHECK(cp_media_name_refused("photo é.jpg") == NULL &&
	    cp_media_name_refused("_font.woff2") == NULL &&
	    cp_media_name_refused("dir/b.png") == NULL,
	    "plain names and relative paths pass as text");
	close(rootfd);
	CHECK(cp_remove_tree(AT_FDCWD, top) == 0 && access(top, F_OK) == -1,
	    "cp_remove_tree() removes the folder and all in it");
	return unit_failed;
}
