/*
 * media.c: the media files a deck names, found inside one folder only.
 *
 * A deck names its media (a field's <img src>, [sound:], a package's
 * media map) and a deck is untrusted.  The folder it names them in may
 * be untrusted too: one from a git repository or a tarball can hold a
 * symbolic link to /etc/passwd or to a folder elsewhere.  So a name is
 * first checked as text, then opened one component at a time from the
 * folder's descriptor with O_NOFOLLOW, so that no "..", no absolute path
 * and no symbolic link can lead outside it; only a regular file is
 * accepted.  A realpath() and prefix check would leave a window between
 * the check and the open, in which a component could become a link;
 * openat() on descriptors leaves none.
 *
 * Hidden files are refused too: nothing a deck needs is called
 * .bash_history or .git/config, and such names are what an attacker
 * would write.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "internal.h"

/* The longest path component most file systems take. */
#define MAX_COMPONENT	255

/* Absolute on any system: "/x", "\x", "C:x", "C:\x". */
static int
absolute(const char *path)
{
	return *path == '/' || *path == '\\' ||
	    (((path[0] | 0x20) >= 'a' && (path[0] | 0x20) <= 'z') &&
	    path[1] == ':');
}

const char *
cp_media_name_refused(const char *path)
{
	const char	*c, *end;
	size_t		 n;

	if (*path == '\0')
		return "empty";
	if (absolute(path))
		return "outside the folder";
	for (c = path; ; c = end + 1) {
		end = c + strcspn(c, "/");
		n = (size_t)(end - c);
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return "outside the folder";
		if (*end == '\0')
			break;
	}
	for (c = path; ; c = end + 1) {
		end = c + strcspn(c, "/");
		n = (size_t)(end - c);
		if (n == 0)
			return "a path with an empty component";
		if (*c == '.')
			return "a hidden file";
		if (n > MAX_COMPONENT)
			return "longer than 255 bytes";
		if (*end == '\0')
			break;
	}
	/* Windows takes a backslash for a separator. */
	if (strchr(path, '\\') != NULL)
		return "holding a backslash";
	for (c = path; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return "holding control characters";
	if (!cp_utf8_valid(path, strlen(path), NULL))
		return "not valid UTF-8";
	return NULL;
}

/* Why fstatat() or openat() failed, in the words of cp_media_open(). */
static const char *
open_failure(int err)
{
	switch (err) {
	case ENOENT:
	case ENOTDIR:
		return "not found";
	case ELOOP:
		return "a symbolic link";
	default:
		return strerror(err);
	}
}

/*
 * One component below dirfd: a folder when last is 0, else the regular
 * file itself.  fstatat() first, so that a FIFO or a device is never
 * opened (opening some has effects); fstat() after, in case it changed.
 */
static int
open_component(int dirfd, const char *name, int last, struct stat *st,
    const char **why)
{
	int	 fd, flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC;

	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW) == -1) {
		*why = open_failure(errno);
		return -1;
	}
	if (S_ISLNK(st->st_mode)) {
		*why = "a symbolic link";
		return -1;
	}
	if (last ? !S_ISREG(st->st_mode) : !S_ISDIR(st->st_mode)) {
		*why = last ? "not a regular file" : "not found";
		return -1;
	}
	flags |= last ? O_NONBLOCK : O_DIRECTORY;
	if ((fd = openat(dirfd, name, flags)) == -1) {
		*why = open_failure(errno);
		return -1;
	}
	if (fstat(fd, st) == -1 ||
	    (last ? !S_ISREG(st->st_mode) : !S_ISDIR(st->st_mode))) {
		*why = "not a regular file";
		close(fd);
		return -1;
	}
	return fd;
}

int
cp_media_open(int rootfd, const char *path, struct stat *st,
    const char **why)
{
	struct cp_buf	 comp = { 0 };
	const char	*c, *end;
	int		 dirfd = rootfd, fd = -1;

	if ((*why = cp_media_name_refused(path)) != NULL)
		return -1;
	for (c = path; ; c = end + 1) {
		end = c + strcspn(c, "/");
		cp_buf_reset(&comp);
		cp_buf_add(&comp, c, (size_t)(end - c));
		fd = open_component(dirfd, comp.data, *end == '\0', st, why);
		if (dirfd != rootfd)
			close(dirfd);
		if (fd == -1 || *end == '\0')
			break;
		dirfd = fd;
	}
	cp_buf_free(&comp);
	return fd;
}

/*
 * A reference as a deck writes it, made the path cp_media_open() takes:
 * "." and empty components dropped, ".." taking back the one before it
 * (no link is followed on the way, so the text alone says where the path
 * goes).  A ".." above the folder is refused, as is an absolute path.
 */
char *
cp_media_path(const char *ref, const char **why)
{
	struct cp_buf	 b = { 0 };
	const char	*c, *end;
	size_t		 n;

	*why = NULL;
	if (absolute(ref)) {
		*why = "outside the folder";
		return NULL;
	}
	for (c = ref; ; c = end + 1) {
		end = c + strcspn(c, "/");
		n = (size_t)(end - c);
		if (n == 2 && c[0] == '.' && c[1] == '.') {
			if (b.len == 0) {
				*why = "outside the folder";
				cp_buf_free(&b);
				return NULL;
			}
			while (b.len > 0 && b.data[--b.len] != '/')
				continue;
			b.data[b.len] = '\0';
		} else if (n > 0 && !(n == 1 && c[0] == '.')) {
			if (b.len > 0)
				cp_buf_addc(&b, '/');
			cp_buf_add(&b, c, n);
		}
		if (*end == '\0')
			break;
	}
	if (b.len == 0) {
		*why = "empty";
		cp_buf_free(&b);
		return NULL;
	}
	if ((*why = cp_media_name_refused(b.data)) != NULL) {
		cp_buf_free(&b);
		return NULL;
	}
	return cp_buf_detach(&b);
}

/*
 * Whether Anki keeps a media name as it is (rslib's normalize_filename()
 * in media/files.rs): none of the characters some system refuses, no
 * trailing space or dot, no Windows device name, at most 120 bytes.  A
 * name it would change would no longer match the fields naming it.
 */
int
cp_media_anki_keeps(const char *name)
{
	static const char *const devices[] = {
		"con", "prn", "aux", "nul", NULL
	};
	size_t	 i, n = strlen(name), stem = strcspn(name, ".");

	if (n == 0 || n > 120 || strpbrk(name, "[]<>:\"/?*^\\|") != NULL ||
	    name[n - 1] == ' ' || name[n - 1] == '.')
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return 0;
	for (i = 0; devices[i] != NULL; i++)
		if (stem == 3 && strncasecmp(name, devices[i], 3) == 0)
			return 0;
	if (stem == 4 && (strncasecmp(name, "com", 3) == 0 ||
	    strncasecmp(name, "lpt", 3) == 0) && name[3] >= '1' &&
	    name[3] <= '9')
		return 0;
	return 1;
}
