/*
 * temporary.c: the temporary files and folders the library has made and
 * not yet removed or renamed into place, so that a tool killed by a
 * signal can remove them from its handler (cp_remove_temporaries()).
 *
 * The handler may interrupt any thread, even one in the middle of
 * registering, so it takes no lock: each slot's path is written before
 * its used flag is set, and the handler reads only slots whose flag is
 * set.  unlinkat() is async-signal-safe; nothing else is called.
 */
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
		if (t->used)
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

void
cp_remove_temporaries(void)
{
	struct temporary	*t;
	int			 i, dirs;

	/* Files first, so that the folders holding them are empty. */
	for (dirs = 0; dirs < 2; dirs++)
		for (i = 0; i < MAX_TEMPORARIES; i++) {
			t = &temporaries[i];
			if (__atomic_load_n(&t->used, __ATOMIC_ACQUIRE) &&
			    t->is_dir == dirs)
				unlinkat(t->dirfd, t->path,
				    dirs ? AT_REMOVEDIR : 0);
		}
}
