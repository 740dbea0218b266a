/*
 * isal_cpu.c: an LD_PRELOAD library that makes ISA-L's igzip, on a
 * machine with AVX-512, take the code another processor would: built
 * with -DPATH_AVX2, the AVX2 code; by default, the code of a processor
 * without AVX2.  ISA-L picks each routine's code once, from CPUID,
 * through its own PLT, so a definition loaded first replaces a choice.
 */
#include <stdint.h>

struct isal_zstream;
struct deflate_icf;
struct BitBuf2;
struct hufftables_icf;

#ifdef PATH_AVX2
uint64_t gen_icf_map_lh1_04(struct isal_zstream *, struct deflate_icf *,
    uint32_t);
void	 set_long_icf_fg_04(uint8_t *, uint64_t, uint64_t,
    struct deflate_icf *);
struct deflate_icf *encode_deflate_icf_04(struct deflate_icf *,
    struct deflate_icf *, struct BitBuf2 *, struct hufftables_icf *);

uint64_t
gen_icf_map_lh1_06(struct isal_zstream *s, struct deflate_icf *m, uint32_t n)
{
	return gen_icf_map_lh1_04(s, m, n);
}

void
set_long_icf_fg_06(uint8_t *in, uint64_t p, uint64_t n,
    struct deflate_icf *m)
{
	set_long_icf_fg_04(in, p, n, m);
}

struct deflate_icf *
encode_deflate_icf_06(struct deflate_icf *a, struct deflate_icf *b,
    struct BitBuf2 *bb, struct hufftables_icf *h)
{
	return encode_deflate_icf_04(a, b, bb, h);
}
#else
void	 icf_body_hash1_fillgreedy_lazy(struct isal_zstream *);
void	 set_long_icf_fg_base(uint8_t *, uint64_t, uint64_t,
    struct deflate_icf *);
struct deflate_icf *encode_deflate_icf_base(struct deflate_icf *,
    struct deflate_icf *, struct BitBuf2 *, struct hufftables_icf *);

void
icf_body_lazyhash1_fillgreedy_greedy(struct isal_zstream *s)
{
	icf_body_hash1_fillgreedy_lazy(s);
}

void
set_long_icf_fg_04(uint8_t *in, uint64_t p, uint64_t n,
    struct deflate_icf *m)
{
	set_long_icf_fg_base(in, p, n, m);
}

void
set_long_icf_fg_06(uint8_t *in, uint64_t p, uint64_t n,
    struct deflate_icf *m)
{
	set_long_icf_fg_base(in, p, n, m);
}

struct deflate_icf *
encode_deflate_icf_04(struct deflate_icf *a, struct deflate_icf *b,
    struct BitBuf2 *bb, struct hufftables_icf *h)
{
	return encode_deflate_icf_base(a, b, bb, h);
}

struct deflate_icf *
encode_deflate_icf_06(struct deflate_icf *a, struct deflate_icf *b,
    struct BitBuf2 *bb, struct hufftables_icf *h)
{
	return encode_deflate_icf_base(a, b, bb, h);
}
#endif
