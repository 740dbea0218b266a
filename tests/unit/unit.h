/*
 * unit.h: the smallest test harness: each check prints "ok" or "not ok"
 * with its description, as tests/run counts them.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_failed;

#define CHECK(cond, desc) do {						\
	if (cond)							\
		printf("ok - %s\n", (desc));				\
	else {								\
		printf("not ok - %s (%s:%d: %s)\n", (desc), __FILE__,	\
		    __LINE__, #cond);					\
		unit_failed = 1;					\
	}								\
} while (0)

#define CHECK_STR(got, want, desc) do {					\
	const char *g_ = (got), *w_ = (want);				\
	if (g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0)		\
		printf("ok - %s\n", (desc));				\
	else {								\
		printf("not ok - %s (%s:%d)\n#   got:  %s\n#   want: %s\n",	\
		    (desc), __FILE__, __LINE__, g_ ? g_ : "(null)",	\
		    w_ ? w_ : "(null)");				\
		unit_failed = 1;					\
	}								\
} while (0)

#endif
