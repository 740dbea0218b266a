/*
 * sched.c: a card's scheduling state and review log as the card stream
 * carries them (cards(5), "sched" and "revlog"): Anki's rules for each
 * value, answered in one place for the stream's decoder, the package
 * reader (which takes nothing on trust either) and the package writer;
 * and the calendar, since review dates travel as dates.
 *
 * The ranges are those of Anki's own card and revlog structures
 * (rslib/src/card, rslib/src/revlog): a value outside them Anki would
 * refuse or wrap, so the stream refuses it with the key and the range.
 */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "internal.h"

#define I32_MAX	2147483647LL
#define U16_MAX	65535LL

/* Days from 1970-01-01 to 9999-12-31: the dates a stream may name. */
#define DAY_MAX	2932896LL

/* Anki's card data: a small JSON object (FSRS memory state and the like). */
#define DATA_MAX	65536

int
cp_sched_due_is_day(int type, int queue)
{
	/*
	 * Anki's importer moves exactly these dues by the days between two
	 * collections (cards.rs, due_in_days_since_collection_creation):
	 * the review and day-learning queues, and any review card's.
	 */
	return queue == 2 || queue == 3 || type == 2;
}

static int
in(long long v, long long lo, long long hi)
{
	return v >= lo && v <= hi;
}

const char *
cp_sched_invalid(const struct cp_sched *s, const char **key)
{
	size_t	 len;
	cJSON	*j;
	int	 obj;

	if (!in(s->type, 0, 3))
		return *key = "type", "not one of Anki's card types, 0 to 3";
	if (!in(s->queue, -3, 4))
		return *key = "queue", "not one of Anki's queues, -3 to 4";
	if (cp_sched_due_is_day(s->type, s->queue) ? !in(s->due, 0, DAY_MAX) :
	    !in(s->due, -I32_MAX - 1, I32_MAX))
		return *key = "due", cp_sched_due_is_day(s->type, s->queue) ?
		    "not a date from 1970-01-01 to 9999-12-31" :
		    "beyond Anki's 32-bit due";
	if (!in(s->ivl, 0, I32_MAX))
		return *key = "ivl", "not a count of days Anki takes";
	if (!in(s->factor, 0, U16_MAX))
		return *key = "factor", "not a factor Anki takes, 0 to 65535";
	if (!in(s->reps, 0, I32_MAX))
		return *key = "reps", "not a count Anki takes";
	if (!in(s->lapses, 0, I32_MAX))
		return *key = "lapses", "not a count Anki takes";
	if (!in(s->left, 0, I32_MAX))
		return *key = "left", "not a count Anki takes";
	if (!in(s->flags, 0, 255))
		return *key = "flags", "not Anki's flag byte, 0 to 255";
	if (s->data == NULL || *s->data == '\0')
		return NULL;
	len = strlen(s->data);
	if (len > DATA_MAX)
		return *key = "data", "longer than 65536 bytes";
	if ((j = cJSON_ParseWithLength(s->data, len)) == NULL)
		return *key = "data", "not JSON text";
	obj = cJSON_IsObject(j);
	cJSON_Delete(j);
	return obj ? NULL : (*key = "data", "not a JSON object");
}

const char *
cp_revlog_invalid(const struct cp_revlog *r, const char **key)
{
	/* Ids are milliseconds; Anki's are all after 2006. */
	if (!in(r->id, 1, DAY_MAX * 86400000LL))
		return *key = "id", "not a time in milliseconds up to 9999";
	if (!in(r->ease, 0, 4))
		return *key = "ease", "not one of Anki's buttons, 0 to 4";
	if (!in(r->ivl, -I32_MAX - 1, I32_MAX))
		return *key = "ivl", "beyond Anki's 32-bit interval";
	if (!in(r->last_ivl, -I32_MAX - 1, I32_MAX))
		return *key = "lastIvl", "beyond Anki's 32-bit interval";
	if (!in(r->factor, 0, I32_MAX))
		return *key = "factor", "not a factor Anki takes";
	if (!in(r->time, 0, I32_MAX))
		return *key = "time", "not a time in milliseconds Anki takes";
	if (!in(r->type, 0, 5))
		return *key = "type", "not one of Anki's review kinds, 0 to 5";
	return NULL;
}

/*
 * Days since 1970-01-01 of a proleptic Gregorian date, and back: the
 * civil-from-days algorithms of Howard Hinnant's "chrono-Compatible
 * Low-Level Date Algorithms".
 */
long long
cp_day_from_civil(long long y, long long m, long long d)
{
	long long	 era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

void
cp_day_format(long long day, char buf[CP_DATE_LEN + 1])
{
	long long	 z = day + 719468, era, doe, yoe, y, doy, mp, d, m;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	/* The modulos tell the compiler what validation keeps: 4 digits. */
	snprintf(buf, CP_DATE_LEN + 1, "%04u-%02u-%02u",
	    (unsigned)((y + (m <= 2)) % 10000), (unsigned)m % 100,
	    (unsigned)d % 100);
}

int
cp_day_parse(const char *s, long long *day)
{
	static const int mdays[] = {
		31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	long long	 y, m, d;
	size_t		 i;

	if (strlen(s) != CP_DATE_LEN || s[4] != '-' || s[7] != '-')
		return -1;
	for (i = 0; i < CP_DATE_LEN; i++)
		if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
			return -1;
	y = atoi(s);
	m = atoi(s + 5);
	d = atoi(s + 8);
	if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1] ||
	    (m == 2 && d == 29 && (y % 4 != 0 ||
	    (y % 100 == 0 && y % 400 != 0))))
		return -1;
	*day = cp_day_from_civil(y, m, d);
	return 0;
}

void
cp_card_set_sched(struct cp_card *c, const struct cp_sched *s)
{
	if (c->sched == NULL)
		c->sched = cp_xcalloc(1, sizeof(*c->sched));
	free(c->sched->data);
	*c->sched = *s;
	c->sched->data = s->data != NULL ? cp_xstrdup(s->data) : NULL;
}

void
cp_card_add_revlog(struct cp_card *c, const struct cp_revlog *r)
{
	/* Doubling: a log of many answers costs linear time to grow. */
	if (c->nrevlog == 0 || (c->nrevlog & (c->nrevlog - 1)) == 0)
		c->revlog = cp_xreallocarray(c->revlog,
		    c->nrevlog == 0 ? 1 : c->nrevlog * 2, sizeof(*c->revlog));
	c->revlog[c->nrevlog++] = *r;
}

void
cp_card_clear(struct cp_card *c)
{
	free(c->deck);
	if (c->sched != NULL)
		free(c->sched->data);
	free(c->sched);
	free(c->revlog);
}
