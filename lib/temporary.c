/*
 * temporary.c: the temporary files and folders the library has made and
 * not yet removed or renamed into place, so that a tool killed by a
 * signal can remove them from its handler (cp_remove_temporaries()).
 *
 * The handler may interrupt any thread, even one in the middle of
 * registering, so it takes no lock: each slot's path is written before
 * its used flag is set, and the handler reads only slots whose flag is
 * set.  It calls only system calls: unlinkat(), and for a folder removed
 * with what it holds (a package's media extracted on their way to
 * another package: too many files for a slot each) openat(),
 * getdents64() into a buffer on the stack, and close(); readdir() would
 * allocate.
 */
#define _GNU_SOURCE	/* getdents64() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

/* Each writer or reader holds at most a handful at once. */
#define MAX_TEMPORARIES	32

static struct temporary {
	volatile sig_atomic_t	 used;
	int			 dirfd;
	int			 is_dir;
	char			 path[PATH_MAX];
} temporaries[MAX_TEMPORARIES];

static pthread_mutex_t	 temporaries_mu = PTHREAD_MUTEX_INITIALIZER;

int
cp_temporary_add(int dirfd, const char *path, int is_dir)
{
	struct temporary	*t;
	int			 i;

	if (strlen(path) >= sizeof(t->path))
		return -1;
	pthread_mutex_lock(&temporaries_mu);
	for (i = 0; i < MAX_TEMPORARIES; i++) {
		t = &temporaries[i];
		/* Forgetting takes no lock: another thread may free a slot. */
		if (__atomic_load_n(&t->used, __ATOMIC_ACQUIRE))
			continue;
		t->dirfd = dirfd;
		t->is_dir = is_dir;
		strcpy(t->path, path);
		__atomic_store_n(&t->used, 1, __ATOMIC_RELEASE);
		break;
	}
	pthread_mutex_unlock(&temporaries_mu);
	return i < MAX_TEMPORARIES ? i : -1;
}

void
cp_temporary_forget(int slot)
{
	if (slot >= 0 && slot < MAX_TEMPORARIES)
		__atomic_store_n(&temporaries[slot].used, 0, __ATOMIC_RELEASE);
}

/* Deeper than any folder the library makes in its own. */
#define MAX_TREE_DEPTH	4

static int
remove_tree_at(int dirfd, const char *path, int depth)
{
	char		 buf[4096];
	struct dirent64	*d;
	ssize_t		 n, off;
	int		 fd, removed;

	if ((fd = openat(dirfd, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return errno == ENOENT ? 0 : -1;
	/*
	 * Entries removed while the folder is read may make the reading
	 * skip others, so it is read again until a pass removes nothing.
	 */
	do {
		removed = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = getdents64(fd, buf, sizeof(buf))) > 0)
			for (off = 0; off < n; off += d->d_reclen) {
				d = (struct dirent64 *)(void *)(buf + off);
				if (strcmp(d->d_name, ".") == 0 ||
				    strcmp(d->d_name, "..") == 0)
					continue;
				/* Linux says EISDIR, POSIX EPERM. */
				if (unlinkat(fd, d->d_name, 0) == 0 ||
				    ((errno == EISDIR || errno == EPERM) &&
				    depth < MAX_TREE_DEPTH &&
				    remove_tree_at(fd, d->d_name, depth + 1) ==
				    0))
					removed = 1;
			}
	} while (removed && n == 0);
	close(fd);
	return unlinkat(dirfd, path, AT_REMOVEDIR);
}

int
cp_remove_tree(int dirfd, const char *path)
{
	return remove_tree_at(dirfd, path, 0);
}

void
cp_remove_temporaries(void)
{
	struct temporary	*t;
	int			 i, kind;

	/*
	 * Files first, then folders with what they hold, then the folders
	 * that only held registered files and folders.
	 */
	for (kind = 0; kind < 3; kind++)
		for (i = 0; i < MAX_TEMPORARIES; i++) {
			t = &temporaries[i];
			if (!__atomic_load_n(&t->used, __ATOMIC_ACQUIRE) ||
			    t->is_dir != (kind == 0 ? 0 : kind == 1 ? 2 : 1))
				continue;
			if (t->is_dir == 2)
				cp_remove_tree(t->dirfd, t->path);
			else
				unlinkat(t->dirfd, t->path,
				    t->is_dir ? AT_REMOVEDIR : 0);
		}
}
