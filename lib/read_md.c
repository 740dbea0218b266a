/* read_md.c: placeholder until the format lands; replaced by its owner. */
#include "internal.h"

int
cp_read_md_open(struct cp_reader *r)
{
	cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0, "format md is not implemented yet");
	return -1;
}
