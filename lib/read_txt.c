/* read_txt.c: placeholder until the format lands; replaced by its owner. */
#include "internal.h"

int
cp_read_txt_open(struct cp_reader *r)
{
	cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0, "format txt is not implemented yet");
	return -1;
}
