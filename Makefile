# cardpipe: flashcard decks between formats.  GNU make.

VERSION    = 0.1.0
PREFIX     = /usr/local
MANPREFIX  = $(PREFIX)/share/man
LIBDIR     = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
DESTDIR    =

CC        ?= cc
PKG_CONFIG = pkg-config
# icu-uc: Unicode case folding, for Anki's rule on field names
# (anki_model.c); ICU comes with libxml2's -dev package already and folds
# UTF-8 in place, where libunistring would be one more package; and
# decoding the text readers' input (encoding.c): icu-uc's converters,
# icu-i18n's charset detector, the same -dev package.  libpcre2-8: a
# vault's Obsidian_to_Anki regular expressions, JavaScript's, which need
# lookbehind and back references (jsregex.c); POSIX regex has neither.
PKGS       = libcjson libpcre2-8 libzip sqlite3 libxml-2.0 libcmark libzstd libcrypto zlib libisal icu-uc icu-i18n
CFLAGS     = -O2 -g
# The language and the warnings are the project's, not the builder's: a
# packager's CFLAGS=-O3 keeps them.  CI (which sets CI) makes warnings
# errors.
STD        = -std=c11
WARN       = -Wall -Wextra -Wno-unused-parameter $(if $(CI),-Werror)
ALL_CFLAGS = $(STD) $(WARN) $(CFLAGS)
CPPFLAGS   = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Ilib
DEP_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS))
DEP_LIBS   = $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm
# The library and the tools read and write JSON with cJSON alone.
# jansson, the card stream's decoder before it, is linked only into the
# differential fuzzer (fuzz_cards_diff) and the decoding bench
# (bench/decode), as the reference they hold cJSON's decoder to.
REF_CFLAGS = $(shell $(PKG_CONFIG) --cflags jansson)
REF_LIBS   = $(shell $(PKG_CONFIG) --libs jansson)
# The programs, not the library, take jemalloc's malloc: cJSON allocates
# for every JSON value, and glibc's malloc did worst where one thread
# frees what another allocated (figures in bench/README.md).  Sanitizer
# builds keep their own.
TOOL_LIBS  = $(shell $(PKG_CONFIG) --libs jemalloc)

# Build directory; `make sanitize` builds a second tree beside this one.
B = build

LIB_OBJS = \
	$(B)/alloc.o \
	$(B)/anki_model.o \
	$(B)/ankiname.o \
	$(B)/csv.o \
	$(B)/diag.o \
	$(B)/digest.o \
	$(B)/encoding.o \
	$(B)/formats.o \
	$(B)/getline.o \
	$(B)/glyphwidth.o \
	$(B)/hashmap.o \
	$(B)/htmlparse.o \
	$(B)/identity.o \
	$(B)/json.o \
	$(B)/jsregex.o \
	$(B)/labels.o \
	$(B)/listmarker.o \
	$(B)/markup.o \
	$(B)/media.o \
	$(B)/mdfield.o \
	$(B)/mediatag.o \
	$(B)/notetype.o \
	$(B)/ntscope.o \
	$(B)/o2a_settings.o \
	$(B)/placeholder.o \
	$(B)/protobuf.o \
	$(B)/quiz_json.o \
	$(B)/read_apkg.o \
	$(B)/read_cards.o \
	$(B)/read_csv.o \
	$(B)/read_logseq.o \
	$(B)/read_md.o \
	$(B)/read_o2a.o \
	$(B)/read_sr.o \
	$(B)/read_txt.o \
	$(B)/record.o \
	$(B)/sanitize.o \
	$(B)/sched.o \
	$(B)/sortfield.o \
	$(B)/sr_cloze.o \
	$(B)/sr_settings.o \
	$(B)/stream.o \
	$(B)/temporary.o \
	$(B)/terms.o \
	$(B)/utf8.o \
	$(B)/vault.o \
	$(B)/write_apkg.o \
	$(B)/write_cards.o \
	$(B)/write_csv.o \
	$(B)/write_html.o \
	$(B)/write_md.o \
	$(B)/zip.o

TOOLS = \
	apkg2cards \
	cardconv \
	cards2apkg \
	cards2csv \
	cards2html \
	cards2md \
	csv2cards \
	md2cards \
	txt2cards

MAN1 = $(TOOLS:%=man/%.1)
MAN5 = man/cards.5 man/cardtxt.5

UNIT_TESTS = \
	$(B)/unit/test_detect \
	$(B)/unit/test_markup \
	$(B)/unit/test_media \
	$(B)/unit/test_sanitize \
	$(B)/unit/test_stream

FUZZERS = \
	fuzz_cards \
	fuzz_txt \
	fuzz_csv \
	fuzz_md \
	fuzz_vault \
	fuzz_apkg \
	fuzz_html

# The harnesses again without libFuzzer, for tests/fuzz_regress.sh.
REPLAYS = $(FUZZERS:%=$(B)/replay/%)

all: $(TOOLS:%=$(B)/bin/%) $(UNIT_TESTS) $(REPLAYS)
	@mkdir -p bin
	@for t in $(TOOLS); do ln -sf ../$(B)/bin/$$t bin/$$t; done

# A tree of its own, for work in progress beside the main build.
tree: $(TOOLS:%=$(B)/bin/%) $(UNIT_TESTS) $(REPLAYS)

$(B)/%.o: lib/%.c lib/cardpipe.h lib/internal.h lib/anki_model.h \
    lib/zip_member.h
	@mkdir -p $(B)
	$(CC) $(CPPFLAGS) $(DEP_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(B)/libcardpipe.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(B)/tool.o: tools/tool.c tools/tool.h lib/cardpipe.h
	@mkdir -p $(B)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ tools/tool.c

$(B)/walk.o: tools/walk.c tools/tool.h lib/cardpipe.h
	@mkdir -p $(B)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ tools/walk.c

$(B)/progress.o: tools/progress.c tools/tool.h lib/cardpipe.h
	@mkdir -p $(B)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ tools/progress.c

$(B)/batch.o: tools/batch.c tools/tool.h lib/cardpipe.h
	@mkdir -p $(B)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ tools/batch.c

# An archive, so that only cardconv, which walks folders, links walk.o.
$(B)/libtool.a: $(B)/tool.o $(B)/walk.o $(B)/progress.o $(B)/batch.o
	rm -f $@
	$(AR) rcs $@ $(B)/tool.o $(B)/walk.o $(B)/progress.o $(B)/batch.o

$(B)/bin/%: tools/%.c $(B)/libtool.a $(B)/libcardpipe.a tools/tool.h
	@mkdir -p $(B)/bin
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libtool.a \
	    $(B)/libcardpipe.a $(DEP_LIBS) $(TOOL_LIBS)

$(B)/unit/%: tests/unit/%.c $(B)/libcardpipe.a tests/unit/unit.h
	@mkdir -p $(B)/unit
	$(CC) $(CPPFLAGS) $(DEP_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
	    $(B)/libcardpipe.a $(DEP_LIBS)

$(B)/replay/%: fuzz/%.c fuzz/replay.c $(B)/libcardpipe.a lib/internal.h
	@mkdir -p $(B)/replay
	$(CC) $(CPPFLAGS) $(DEP_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
	    fuzz/replay.c $(B)/libcardpipe.a $(DEP_LIBS)

# The suite: golden fixtures, unit tests, and the checks against Anki,
# Python's csv, cmark and Chromium.  Ends with "N passed, N failed".
check: all
	CARDPIPE_BUILD=$(B) tests/run

# The whole suite again under AddressSanitizer and UBSan, built once by
# gcc and once by clang, each in its own tree: their UBSan checks differ
# (only clang's flagged a zero offset applied to a null pointer in
# markup.c).  Both run even when the first fails; either failing fails.
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
sanitize:
	@st=0; \
	for t in "build/sanitize gcc" "build/sanitize-clang clang"; do \
		set -- $$t; \
		$(MAKE) B=$$1 CC=$$2 CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
		    TOOL_LIBS= $(TOOLS:%=$$1/bin/%) \
		    $(UNIT_TESTS:$(B)/%=$$1/%) $(REPLAYS:$(B)/%=$$1/%) && \
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		    CARDPIPE_BUILD=$$1 tests/run || st=1; \
	done; \
	exit $$st

# The suite again under ThreadSanitizer: the card-stream reader decodes on
# a helper thread, cards2apkg builds its database on another.
TSAN_FLAGS = -O1 -g -fsanitize=thread
tsan:
	$(MAKE) B=build/tsan CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" \
	    TOOL_LIBS= \
	    $(TOOLS:%=build/tsan/bin/%) $(UNIT_TESTS:$(B)/%=build/tsan/%) \
	    $(REPLAYS:$(B)/%=build/tsan/%)
	TSAN_OPTIONS=halt_on_error=1 CARDPIPE_BUILD=build/tsan tests/run

# libFuzzer harnesses, one per reader (clang), and fuzz_cards_diff, the
# card stream decoder against the jansson one it replaced.  Run one at a
# time, seeded from the fixtures (and fuzz/corpus/apkg for fuzz_apkg,
# fuzz/corpus/md for fuzz_md's mixes of dialects), e.g.
#   build/fuzz/bin/fuzz_md -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
#       -dict=fuzz/md.dict build/corpus/md fixtures/md2cards fuzz/corpus/md
# and put what they find in fuzz/regress/HARNESS/, which the suite replays.
# Undefined behaviour stops the run, so that libFuzzer keeps the input.
FUZZ_SAN   = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_FLAGS = -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SAN)
fuzz:
	$(MAKE) B=build/fuzz CC=clang CFLAGS="$(FUZZ_FLAGS)" \
	    build/fuzz/libcardpipe.a
	@mkdir -p build/fuzz/bin
	for f in $(FUZZERS); do \
		clang $(CPPFLAGS) $(DEP_CFLAGS) -O1 -g -fsanitize=fuzzer \
		    $(FUZZ_SAN) \
		    -o build/fuzz/bin/$$f fuzz/$$f.c build/fuzz/libcardpipe.a \
		    $(DEP_LIBS) || exit 1; \
	done
	clang $(CPPFLAGS) $(DEP_CFLAGS) $(REF_CFLAGS) -O1 -g -fsanitize=fuzzer \
	    $(FUZZ_SAN) -o build/fuzz/bin/fuzz_cards_diff fuzz/fuzz_cards_diff.c \
	    fuzz/stream_jansson.c build/fuzz/libcardpipe.a $(DEP_LIBS) \
	    $(REF_LIBS)

# The card stream decoder alone, old against new (bench/decode.sh).
$(B)/bench/decode: bench/decode.c fuzz/stream_jansson.c fuzz/stream_jansson.h \
    $(B)/libcardpipe.a
	@mkdir -p $(B)/bench
	$(CC) $(CPPFLAGS) $(DEP_CFLAGS) $(REF_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) \
	    -o $@ bench/decode.c fuzz/stream_jansson.c $(B)/libcardpipe.a \
	    $(DEP_LIBS) $(REF_LIBS) $(TOOL_LIBS)

# The main job: the example deck to a card stream, .apkg, CSV, Markdown.
example: all
	@mkdir -p out
	bin/txt2cards examples/pytorch-ddp.txt > out/pytorch-ddp.jsonl
	bin/cards2apkg -o out/pytorch-ddp.apkg out/pytorch-ddp.jsonl
	bin/cards2csv -o out/pytorch-ddp.csv out/pytorch-ddp.jsonl
	bin/cards2md -o out/pytorch-ddp.md out/pytorch-ddp.jsonl
	@ls -l out

lint:
	mandoc -Tlint -W warning $(MAN1) $(MAN5)

cardpipe.pc: Makefile
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	    'includedir=$(INCLUDEDIR)' '' 'Name: cardpipe' \
	    'Description: flashcard decks between formats' \
	    'Version: $(VERSION)' 'Requires.private: $(PKGS)' \
	    'Libs: -L$${libdir} -lcardpipe' 'Cflags: -I$${includedir}' > $@

install: all cardpipe.pc
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(INCLUDEDIR)
	for t in $(TOOLS); do \
		cp $(B)/bin/$$t $(DESTDIR)$(PREFIX)/bin/ || exit 1; done
	cp $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/
	cp $(B)/libcardpipe.a $(DESTDIR)$(LIBDIR)/
	cp lib/cardpipe.h $(DESTDIR)$(INCLUDEDIR)/
	cp cardpipe.pc $(DESTDIR)$(LIBDIR)/pkgconfig/

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$t; done
	for m in $(MAN1); do rm -f $(DESTDIR)$(MANPREFIX)/man1/$${m#man/}; done
	for m in $(MAN5); do rm -f $(DESTDIR)$(MANPREFIX)/man5/$${m#man/}; done
	rm -f $(DESTDIR)$(LIBDIR)/libcardpipe.a \
	    $(DESTDIR)$(INCLUDEDIR)/cardpipe.h \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/cardpipe.pc

clean:
	rm -rf build bin out cardpipe.pc

.PHONY: tsan all tree check sanitize fuzz example lint install uninstall clean
