/*
 * read_md.c: Markdown flashcards, through cmark's parser.
 *
 * Two kinds of document.  What cards2md wrote (write_md.c) holds an
 * HTML comment with each record's stream line; the labelled fields that
 * follow give its values back exactly.  A "**Q:**" with no comment of
 * its own is a plain note: Basic, text, in the current deck, that of
 * the last deck or note comment or level-two heading.  Anything else
 * is read in the common flashcard dialects, top-level block by block:
 *
 *	## Question		a heading, the blocks below it the answer
 *	Q: question		Q: and A: lines, bold or not
 *	A: answer
 *	question :: answer	one card a line (":::" both ways)
 *	question		a line holding only "?" between the two
 *	?			("??" both ways)
 *	answer
 *	---			thematic breaks between cards: the first
 *				block the question, the rest the answer
 *	| question | answer |	a table's rows
 *	{{c1::cloze}}		a Cloze note
 *
 * and the marks of the flashcard tools' own dialects (mdanki,
 * Obsidian_to_Anki, Obsidian Spaced Repetition, Md2Anki, yanki,
 * markdown-anki-decks, the Obsidian Flashcards plugin; inka, read by
 * lines), one per file, told by the marks it holds or
 * named by --dialect; what they write inside a field is taken out in
 * mdfield.c.  A Logseq page is an outline of blocks, not cmark's
 * blocks: read_logseq.c reads it, and its cards are made here.
 *
 * Values are the Markdown source as written.  Front matter (title,
 * deck, tags, url) or a first "# Title" names the deck.  The document
 * is parsed whole; records are handed out as its blocks are reached.
 */
#define _GNU_SOURCE	/* memmem(), memrchr() */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmark.h>

#include "internal.h"
#include "anki_model.h"

/* U+2014, a vault's separator of question and answer in place of "?". */
#define EM_DASH	"\xe2\x80\x94"
#define ARABIC_QMARK	"\xd8\x9f"	/* U+061F, Persian's and Arabic's "?" */
/* md_state.pend_paused where an answer's label ended the question. */
#define PAUSE_LABEL	2

/* Bytes [from, to) of the document; empty when from == to. */
struct span {
	size_t	 from;
	size_t	 to;
};

/*
 * The marks that split a one-line card: "::", and ":::" for one
 * studied both ways, unless a vault's settings name others; ";;" where
 * a vault is seen to split at it (no form both ways is ever seen).
 */
struct liner_marks {
	const char	*one;	/* NULL: no one-line cards */
	const char	*both;	/* NULL: none both ways */
};

static const struct liner_marks semicolon_marks = { ";;", NULL };
/*
 * RemNote's Markdown export writes its cards' ">>" and "<>" as arrows,
 * or, in later versions, ">>" as a horizontal bar.
 */
static const struct liner_marks remnote_marks = {
	"\xe2\x86\x92", "\xe2\x86\x94"	/* "→", "↔" */
};
static const struct liner_marks remnote_bar_marks = {
	"\xe2\x80\x95", NULL		/* "―" */
};

/* The dialects, by the tool each was written for; see md2cards(1). */
enum dialect {
	D_PLAIN,
	D_MDANKI,
	D_O2A,		/* Obsidian_to_Anki */
	D_OSR,		/* Obsidian Spaced Repetition */
	D_MD2ANKI,
	D_YANKI,
	D_MAD,		/* markdown-anki-decks */
	D_FLASHCARDS,	/* the Obsidian Flashcards plugin's "#card" */
	D_INKA,
	D_LOGSEQ,	/* an outline, read by read_logseq.c */
	D_ANKDOWN,	/* fields parted by "%" lines, cards by "---" */
	D_MANKIDOWN,	/* "# tags" opens a note, "## " each field */
	D_COUNT
};

static const char *const dialect_names[D_COUNT] = {
	"plain", "mdanki", "obsidian_to_anki", "obsidian_sr", "md2anki",
	"yanki", "markdown_anki_decks", "flashcards", "inka", "logseq",
	"ankdown", "mankidown"
};

/* What the Obsidian Flashcards plugin's tag on a card makes of it. */
enum fc_kind {
	FC_NONE,
	FC_CARD,
	FC_REVERSE,
	FC_SPACED
};

struct dcard {
	int		 open;
	int		 heading;	/* unanswered, it was a section title */
	int		 item;	/* a numbered item of a list of its own */
	int		 awaiting;	/* "Q:" read, "A:" not yet */
	int		 reversed;	/* "??": studied both ways */
	int		 split;	/* "%" or "---" ended the question */
	int		 labelled_q;	/* its body's labelled line asks */
	int		 tail;	/* a one-line card: only lists, code, quotes
				   and tables below it are its answer */
	int		 section;	/* a heading over no cards: "See also" */
	int		 headed;	/* a deeper heading stood right under it */
	int		 reference;	/* over no fields, in a page of
					   titled notes */
	int		 level;	/* of its heading */
	int		 bold;	/* its question a bold line, not a heading */
	int		 until_blank;	/* its answer: every line to a blank one */
	int		 ruled;	/* a "?" card's answer may hold rules */
	int		 labelled;	/* "Q:" and "A:": "#tags" may end them */
	int		 sides;	/* under a heading "Front", then "Back" (1);
				   "Text", then "Extra" (2) */
	int		 details;	/* its answer ends at "</details>" */
	int		 boxed;	/* its answer is an admonition's body */
	int		 spaced;	/* "#card-spaced": a prompt, no answer */
	int		 quoted;	/* its answer a block quote, '>' no
				   text of it */
	int		 lists_met;	/* numbered lists of questions met
				   under it: the first may end its
				   table of contents */
	int		 q_label;	/* a heading "Q1: question": "A:"
				   opening the answer is a label */
	int		 answer_heading;	/* a heading "Answer:" under
				   it opened the answer, its sections in it */
	int		 wrapped;	/* its question heading goes on in the
				   headings right under it */
	struct span	 tagspan;	/* "#card #tag" ending its question */
	struct span	 q, qbody, a;
	size_t		 outdent;	/* an item's width: its answer's further
					   lines, set in under it, lose it */
	unsigned long	 line;
};

/*
 * How many notes of a notetype of the user's write a label, or, for no
 * label, how many notes it has: its fields are the labels they share.
 */
struct o2a_count {
	struct span	 name;	/* the notetype's line */
	struct span	 label;	/* empty: the notes */
	size_t		 notes;
	unsigned long	 last;	/* the START line of the last one counted */
};

/* An Md2Anki subdeck: "## Subdeck: Name" holds the headings below it. */
struct subdeck {
	int	 level;
	char	*name;
	char	**tags;	/* of its cards */
	size_t	 ntags;
};

/*
 * A numbered list of questions a line each and, further down, the key
 * that answers them by number: a list numbered alike, or lines opened
 * "1-", "2-" (find_later_keys()).
 */
struct later_key {
	cmark_node	*q;	/* the questions' list */
	cmark_node	*a;	/* the answers' list, or NULL: "N-" lines */
	unsigned long	 first, last;	/* the key's lines */
};

struct md_state {
	char		*doc;
	size_t		 len;
	size_t		*line_at;	/* offset of each line; [0] is line 1 */
	size_t		 nlines;
	cmark_node	*root;
	cmark_node	*next;	/* the next top-level block */
	int		 cardpipe;	/* the document is cards2md output */
	int		 breaks;	/* thematic breaks separate cards */
	int		 ruled_heads;	/* ...half of them over a heading */
	int		 done;

	struct cp_record *queue;	/* records ready to hand out */
	size_t		 qhead, qlen, qcap;

	/*
	 * A block of many cards (one-liners, a list of "?" questions, a
	 * table, inline notes) is read a line or a card at a time, as
	 * records are asked for, so that what is held is one card, not
	 * the block's.
	 */
	enum run {
		RUN_NONE,
		RUN_LINERS,	/* "question :: answer" lines */
		RUN_LIST,	/* the same, list markers left out */
		RUN_QUOTE,	/* the same, in a block quote */
		RUN_QUESTIONS,	/* a list's items going on with "?" */
		RUN_TABLE,	/* the rows of a table */
		RUN_INLINE,	/* "STARTI ... ENDI" lines */
		RUN_ITEMS,	/* a numbered list's items */
		RUN_FENCE,	/* "START ... END" notes in fenced code */
		RUN_INKA,	/* inka's sections, a question at a time */
		RUN_ANKDOWN,	/* ankdown's cards, one at a time */
		RUN_MANKIDOWN,	/* mankidown's notes, one at a time */
		RUN_ASKED	/* lines over "- " answer lines */
	}		 run;
	unsigned long	 run_line, run_last;	/* the next line, the last */
	int		 table_front;	/* the table's front column, from 0 */
	int		 table_tags;	/* and the next its tags */
	uint32_t	 table_program;	/* columns of a program's own */
	unsigned int	 table_forms;	/* columns of the word's written
					   forms besides the first, bits
					   from 0 (form_cell()) */
	unsigned long	 table_head;	/* the line of its header */
	long		 nbare_tables;	/* bare_tables(), -1 not counted */
	int		 table_numbered;	/* a number opening a row may be
					   its count (table_row()) */
	int		 empty_cells_said;	/* an empty cell passed, said */
	int		 dash_cells_said;	/* a "-" cell left out, said */
	int		 bare_table_said;	/* no delimiter row, said */
	int		 checked_lines_said;	/* checked option lines */
	cmark_node	*run_item;	/* the next item */

	char		*title, *url;
	char		*title_text;	/* title_name()'s */
	char		*deck;	/* the current deck */
	char		**tags;
	size_t		 ntags;
	size_t		 tags_cap;	/* st->tags' room, doubled */
	size_t		 matter_tags;	/* the first tags, the front matter's */
	int		 any_card;
	int		 titled;	/* a "# Title" has been read */
	int		 table_deck;	/* it says flash cards: its tables'
					   rows are cards */
	int		 untitled;	/* every heading is "# question" */
	int		 deck_sent;
	char		*sent_deck;	/* the name of the last deck record */
	unsigned long	 deck_line;	/* where the title or front matter is */

	/* cards2md output: the note whose fields are being read */
	struct cp_record note;
	int		 in_note;
	int		 deck_head;	/* after a deck: its source, description */
	int		 described;	/* that deck has a description */
	int		 bad_comment;	/* the last comment could not be read */
	size_t		 field;

	/* the dialects */
	enum dialect	 dialect;
	/*
	 * The marks of the dialect read and of the one nearest it, counted
	 * by detect_dialect(), for the note that says why (-v).
	 */
	int		 marks_read, marks_next;
	enum dialect	 dialect_next;
	struct cp_logseq *logseq;	/* a Logseq page's outline */
	struct dcard	 cur;
	struct subdeck	*sub;
	size_t		 nsub;
	unsigned long	 skip_to;	/* lines a START ... END note took */
	unsigned long	 no_end_after;	/* no "END" line after this one */
	int		 yanki_id;	/* front matter has yanki's noteId */
	int		 osr_marks;	/* <!--SR--> comments, #flashcards */
	int		 all_scheduled;	/* each one-liner has its <!--SR--> */
	int		 item_notes;	/* <!--SR--> parts lists from them */
	int		 aosr_ids;	/* AOSR's "#AOSR/..." card ids */
	int		 o2a_notes;	/* "START" and "END" lines */
	int		 semicolons;	/* ";;" splits one-liners too */
	int		 semicolons_said;
	int		 tally_said;	/* "(Correct: N)" left out */
	int		 anki_semicolons;	/* "question ; answer" lines */
	int		 bar_terms;	/* "**term** | definition" lines */
	int		 tab_cards;	/* "question<TAB>answer" lines */
	int		 gloss_terms;	/* "term - gloss" lines (gloss_split) */
	int		 colon_terms;	/* and "term: gloss" (colon_term) */
	int		 bar_said;
	int		 tab_said;	/* the tab separator warned of */
	int		 gloss_said;	/* the word list's separators said */
	int		 break_said;	/* a "<BR>" ending a line's card said */
	int		 bold_defs;	/* "**term** : definition" paragraphs */
	char		 verdicts;	/* "statement. V": true's letter */
	int		 verdicts_said;
	int		 bold_defs_said;
	int		 topic_words_said;	/* topic_words() said */
	int		 mkdocs_questions;	/* "??? question" lines */
	int		 mkdocs_said;
	int		 mkdocs_marks_said;
	int		 asked_lists;	/* lines over "- " answer lines */
	int		 asked_said;
	char		 item_terms;	/* "N. term: text" items: ':', '-',
					   '>' for an arrow, ' ' for spaces */
	int		 item_terms_said;
	int		 item_bullets;	/* its items "- term - text" */
	int		 flashcard_lines;	/* "question #flashcard" */
	int		 details_cards;	/* "<details>" summaries ask */
	struct span	 alike_summary;	/* every summary's text, when all
					   of two or more say the same */
	int		 o2a_regex;	/* "- [p] front = back" over ID comments */
	int		 o2a_marked;	/* "question #tag" over answer, ID comment */
	int		 id_items;	/* items over sub-items, an ID comment */
	int		 block_ids;	/* "^1646480171175" under clozes */
	int		 bold_questions;	/* "**question?**" lines ask */
	int		 bold_sections;	/* and headings are their sections */
	int		 note_titles;	/* the level of the headings that name
					   notes of field headings, or 0 */
	struct span	 answer_label;	/* "Answer" in "Answer: text" under
					   them, in the file's language */
	int		 answer_label_said;
	struct span	 question_label;	/* "F" in "**F: text?**",
						   their own label */
	int		 question_label_said;
	int		 items_said;	/* numbered questions warned of */
	int		 choice_said;	/* marked right options, too */
	int		 item_choice_said;	/* under a numbered item */
	int		 labelled_choice_said;	/* under "**Q1**:" */
	int		 quote_answer_said;	/* a quote under "**Q1.**" */
	int		 code_label_said;	/* code over "Ans." */
	int		 unlabelled_answer_said;
	int		 heading_answers;	/* headings answer headings */
	int		 numbered_heads;	/* the level of the headings
					   "N. " that ask, those below
					   them their answers' sections;
					   or 0 */
	int		 numbered_heads_said;
	int		 asking_heads;	/* the level whose headings all ask,
					   those below them their answers'
					   sections; or 0 */
	int		 numbered_only;	/* the other headings of their
					   level and above are notes */
	int		 label_heads_said;
	int		 label_heads;	/* the level of the headings
					   "Q1: " that ask; headings with
					   no label are sections; or 0 */
	int		 open_tags_said;	/* tags opening a "?" card */
	int		 quoted_givens;	/* a quote under a heading asks too */
	int		 quote_answers;	/* a quote under a paragraph answers */
	int		 label_fences;	/* fences hold the cards' labelled
					   text */
	int		 label_fences_said;
	int		 para_answers;	/* a paragraph answers the one
					   over it */
	int		 para_answers_said;
	int		 dashed_paras;	/* paragraphs "1- ...", "2- ..." are
					   the questions */
	int		 dashed_paras_said;
	int		 glued_said;	/* glued_question() said */
	int		 equals_notes;	/* "===" paragraphs part the notes,
					   a rule each one's sides */
	int		 equals_said;
	int		 braced_cards;	/* "question {" ... "}" paragraphs */
	int		 braced_said;
	int		 forms_said;	/* forms_row() said */
	int		 keyed_lists_said;
	int		 details_items_said;
	struct later_key *later;	/* question lists and the keys
					   further down that answer them
					   (find_later_keys()), in the
					   keys' order */
	size_t		 nlater;
	size_t		 later_cap;	/* st->later's room, doubled */
	size_t		 later_at;	/* the first key not yet passed */
	int		 later_found;	/* find_later_keys() has run */
	int		 nested_details_said;
	size_t		 details_depth;	/* <details> open round the card's */
	int		 bold_label_said;	/* bold_back_label()'s */
	int		 fc_qmark_said;	/* flashcards_card()'s "?" said */
	int		 bold_number_said;
	int		 quote_answers_said;
	int		 embed_questions;	/* a PDF's region alone asks,
					   what is under it answers */
	int		 embed_questions_said;
	int		 quote_questions;	/* a quote asks, the blocks
					   under it answer */
	int		 quote_questions_said;
	int		 question_bank;	/* headings over lists of questions
					   and prompts, three or more */
	int		 list_answers;	/* a list under a question answers */
	int		 list_answers_said;
	int		 semi_asks;	/* a paragraph's first line ending in
					   ";" asks, as a file's format says */
	int		 pair_asks;	/* every block a paragraph of two
					   lines: the first asks */
	int		 setin_asks;	/* bullets set in under the first
					   lines answer them (setin_line) */
	int		 asked_paras;	/* a paragraph's first line asks, the
					   rest answers (asked_paragraph) */
	int		 asked_paras_said;
	int		 gap_cards;	/* two blank lines part the cards */
	int		 gap_cards_said;
	int		 page_breaks_said;
	int		 mankidown_said;
	int		 asked_lines_said;
	int		 bold_items_said;
	int		 side_rule_said;
	int		 item_questions;	/* numbered items of their own
					   over answers (item_question) */
	int		 item_questions_said;
	int		 def_terms;	/* "Term" over ": definition" */
	int		 box_quiz;	/* headings over boxes, one ticked */
	int		 def_terms_said;
	int		 question_callouts;	/* "> [!question] q" cards */
	int		 heading_answer_said;
	struct cp_sr_settings sr;	/* Obsidian SR's: the plugin's
					   defaults */
	struct cp_vault_cache *vaults;	/* the reader's own, where the
					   caller gave none */
	struct liner_marks liner;	/* sr's, for one-line cards */
	int		 question_lines;	/* lines "?" and "??" */
	struct span	 separator;	/* a line of it, "—" or "!---", is
					   the "?" line */
	int		 dash_said;
	int		 marked;	/* a tool's mark, a card's line */
	int		 qa_lines;	/* lines "Q:", bold or not */
	int		 bracket_clozes;	/* "C: ... [deletion]" lines */
	size_t		 word_answers;	/* lines "Answer:", "<br>Ответ:" */
	int		 label_cards;	/* they end the questions above
					   them, no rule between cards */
	int		 label_numbered;	/* and their questions are
					   numbered: an answer runs on to
					   a higher number */
	int		 label_worded;	/* or labelled: to the next label */
	int		 container_said;	/* drop_container() */
	int		 remnote;	/* RemNote's export (remnote_page()) */
	int		 remnote_child_said;
	int		 remnote_notes_said;
	int		 remnote_wrap_said;
	int		 gloss_more_said;
	int		 toggle_said;
	int		 template_said;
	size_t		 bold_listed;	/* "- **term**" items over lists */
	size_t		 head_lines;	/* headings, "## ..." */
	size_t		 answered_heads;	/* of them, those over an
					   answer's label, "**Answer:**" */
	long		 question_lists;	/* numbered lists of questions
					   (numbered_questions()), or -1
					   before they are counted, */
	long		 checked_lists;	/* lists with some items ticked
					   (checked_list()), or -1 before
					   they are counted */
	int		 checked_said;
	size_t		 lone_questions;	/* one-item such lists that
					   ask */
	size_t		 listed_questions;	/* their items, */
	size_t		 listed_asking;	/* of those asking */
	long		 answered_items;	/* list items over their answers,
					   asked_items(); -1 not yet counted */
	int		 answers_under;	/* "A:" lines under unlabelled ones,
					   where none is labelled "Q:" */
	struct span	 own_q, own_a;	/* the file's own pair of labels,
					   "**Term:**" over "**Definition:**":
					   "Q:" and "A:" */
	size_t		 own_pairs;	/* the lines they label in pairs */
	int		 own_plain;	/* those labels not bold */
	unsigned long	 own_line;	/* the first line they label */
	struct span	 head_field;	/* "**Categoría:**" right under three
					   headings or more: no question's */
	int		 head_field_said;
	int		 solution_said;	/* options over a solution's quote */
	int		 back_label_said;	/* "Resposta:" opening a back */
	struct span	 nav;		/* "[к оглавлению](#top)" under three
					   answers or more: no text of them */
	int		 nav_said;
	int		 id_line_said;	/* "*Basic · id 17...*" reported */
	int		 sides_said;	/* "**Front:**" under headings said */
	int		 highlights;	/* "==" is written: clozes are marked */
	int		 heading_clozes;	/* headings hold "==text==" */
	int		 comment_notes;	/* notes between comment lines */
	int		 sync_blocks;	/* "<!-- basicblock-start -->" ones */
	int		 outside_said;
	struct span	 comment_marks[3];	/* those lines: the front's,
						   the back's, the end's */
	int		 heading_clozes_said;
	int		 scheduled_ends;	/* "?" cards end at their schedule */
	int		 equal_liners;	/* one-line cards "$P(U)$=::1" */
	int		 scheduled_ends_said;
	unsigned long	 schedule_stop;	/* where the last look for one
					   stopped, 0 for none */
	int		 schedule_found;	/* and whether it found one */
	int		 cloze_block;	/* the card is a cloze and nothing else */
	int		 bold_clozes;	/* "**text**" is a cloze in this card */
	int		 curly_clozes;	/* and "{text}" */
	int		 highlight_clozes;	/* and "==text==" */
	int		 setext_said;	/* "answer\n---" warned of */
	char		*note_tags;	/* apy's, for the "Front" below */
	struct cp_hashset o2a_said;	/* notetypes whose fields were said */
	struct o2a_count *o2a_counts;	/* of the whole file's notes */
	size_t		 no2a_counts, o2a_counts_room;
	struct cp_hashmap o2a_counted;	/* index in o2a_counts, by name and
					   label */
	int		 note_reversed;	/* and its model */
	int		 ki_header;	/* ki's "# Note" fence read: a "Tags"
					   heading over a fence gives tags */
	int		 whole_note;	/* one paragraph, "---", its answer */
	struct span	 yanki[4];	/* a yanki note's parts, by "---" */
	size_t		 nyanki;
	struct span	 pend;	/* blocks that belong to no card yet */
	size_t		 pend_second;	/* where the second of them starts */
	size_t		 pend_q_end;	/* where the question ends */
	int		 pend_paused;	/* ". . ." ended the question,
					   or PAUSE_LABEL a label */
	unsigned long	 pend_line;

	int		 spaced_defined;	/* its notetype's record is out */
	int		 inka_in;	/* in an inka section */
	unsigned long	 inka_open;	/* the line that opened it */
	char		*inka_tags;	/* its "Tags:" */
	char		*matter_deck;	/* the deck a section names none */
	char		*fc_tag;	/* the Flashcards plugin's, renamed */
	int		 cards_deck;	/* its front matter key "cards-deck" */
	int		 tagged_liners;	/* Obsidian SR's cards end in tags
					   and the Flashcards plugin's tag */
	int		 tagged_said;
	int		 note_review;	/* front matter "sr-due": Obsidian SR
					   reviews the page as a note */
	int		 review_only;	/* and no card of it has a schedule */
	int		 reviewed_note;	/* and nothing but a deck line marks
					   a card */
	unsigned long	 fc_heading[7];	/* the line of the last heading of
					   each level, 0 past a higher one */
	int		 fc_deck[7];	/* its title says flash cards */
	int		 fc_level;	/* of the last #card heading */
	unsigned long	 fc_parent;	/* the line of the heading over it */
	int		 fc_siblings;	/* untagged ones read: warned */
	int		 sided;		/* the card pushed is one whose
					   fields "### Front" and "### Back"
					   title */
	int		 fence_page;	/* fences of Anki's import text hold
					   the page's cards */
	int		 failed;	/* reading one of them failed */
};

static void
queue_push(struct md_state *st, struct cp_record *rec)
{
	if (st->qhead > 0 && st->qhead == st->qlen)
		st->qhead = st->qlen = 0;
	if (st->qlen == st->qcap) {
		st->qcap = st->qcap == 0 ? 8 : st->qcap * 2;
		st->queue = cp_xreallocarray(st->queue, st->qcap,
		    sizeof(*st->queue));
	}
	st->queue[st->qlen++] = *rec;
	memset(rec, 0, sizeof(*rec));
}

/* The 1-based line that holds byte off. */
static unsigned long
line_of(const struct md_state *st, size_t off)
{
	return cp_line_of(st->line_at, st->nlines, off);
}

static size_t
line_start(const struct md_state *st, unsigned long line)
{
	if (line == 0)
		return 0;
	if (line > st->nlines)
		return st->len;
	return st->line_at[line - 1];
}

/* The end of a line, before its newline. */
static size_t
line_end(const struct md_state *st, unsigned long line)
{
	size_t	 end;

	if (line == 0 || line >= st->nlines)
		return st->len;
	end = st->line_at[line];
	return end > 0 && st->doc[end - 1] == '\n' ? end - 1 : end;
}

static struct span
block_span(const struct md_state *st, cmark_node *n)
{
	struct span	 s;
	int		 first = cmark_node_get_start_line(n);
	int		 last = cmark_node_get_end_line(n);

	if (last < first)
		last = first;
	s.from = line_start(st, (unsigned long)first);
	s.to = line_end(st, (unsigned long)last);
	return s;
}

/*
 * The span of a list item's paragraph n, past the item's marker on its
 * first line ("1. ", "- "): cmark's column counts bytes from 1.
 */
static struct span
item_span(const struct md_state *st, cmark_node *n)
{
	struct span	 s = block_span(st, n);
	size_t		 col = (size_t)cmark_node_get_start_column(n);

	if (col > 1 && s.from + col - 1 <= s.to)
		s.from += col - 1;
	return s;
}

/*
 * The line a span's text ends on: cmark ends a list at the blank line
 * below it.
 */
static unsigned long
text_end_line(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	return line_of(st, s.to);
}

/*
 * s[0..n) with its lines' first k bytes taken off, when every line that
 * is not blank opens with the same k blanks as the first, spaces or a
 * tab; NULL when one does not.
 */
static char *
set_out(const char *s, size_t n, size_t k)
{
	struct cp_buf	 b = { 0 };
	size_t		 i, w;

	cp_buf_addstr(&b, "");
	for (i = 0; i < n; i += w + 1) {
		for (w = 0; i + w < n && s[i + w] != '\n'; w++)
			continue;
		if (strspn(s + i, " \t") < w && (w < k ||
		    memcmp(s + i, s, k) != 0)) {
			cp_buf_free(&b);
			return NULL;
		}
		if (i > 0)
			cp_buf_addc(&b, '\n');
		if (strspn(s + i, " \t") < w)
			cp_buf_add(&b, s + i + k, w - k);
	}
	return cp_buf_detach(&b);
}

/*
 * The indentation that sets a line [p, e) under a list item whose text
 * starts width bytes in: a tab, or up to width spaces.  Returns its length.
 */
static size_t
item_indent(const char *p, const char *e, size_t width)
{
	size_t	 k;

	if (p < e && *p == '\t')
		return 1;
	for (k = 0; k < width && p + k < e && p[k] == ' '; k++)
		continue;
	return k;
}

/*
 * The answer text a, its lines after the first each taken out of an
 * item's indentation of width bytes (item_indent).  Frees a.
 */
static char *
set_out_of_item(char *a, size_t width)
{
	struct cp_buf	 b = { 0 };
	const char	*p = a, *e, *end = a + strlen(a);

	cp_buf_addstr(&b, "");
	for (; (e = strchr(p, '\n')) != NULL; p = e) {
		cp_buf_add(&b, p, (size_t)(e - p) + 1);
		e++;
		e += item_indent(e, end, width);
	}
	cp_buf_addstr(&b, p);
	free(a);
	return cp_buf_detach(&b);
}

/*
 * Does line l stand right under a line of text set in less than four
 * columns, so that CommonMark reads it as more of that line's paragraph
 * however far it is set in?
 */
static int
under_text(const struct md_state *st, unsigned long l)
{
	size_t	 p, e, k;

	if (l <= 1)
		return 0;
	p = line_start(st, l - 1);
	e = line_end(st, l - 1);
	k = strspn(st->doc + p, " ");
	return k < 4 && p + k < e && st->doc[p + k] != '\t' &&
	    strspn(st->doc + p + k, " \t\r") < e - p - k;
}

/*
 * A span's text without the blank lines and spaces around it.  A block
 * its author set in keeps its shape: an indented code block its indent,
 * which makes it code; a list set in loses the same indent on every
 * line, not on its first alone, which would nest the others under it.
 */
static char *
span_text(const struct md_state *st, struct span s)
{
	size_t	 bol;
	char	*t;

	while (s.from < s.to && strchr(" \t\n", st->doc[s.from]) != NULL)
		s.from++;
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	if (s.to < s.from)
		s.to = s.from;
	bol = line_start(st, line_of(st, s.from));
	/*
	 * Only white space before it: a label's text is no code, nor is
	 * a line set in right under a line of text, "Answer:" over
	 * "    A copy ...", which goes on with that line's paragraph.
	 */
	if (bol < s.from && strspn(st->doc + bol, " \t") >= s.from - bol &&
	    !under_text(st, line_of(st, s.from)) &&
	    cp_md_indented_code(st->doc + bol, s.to - bol))
		s.from = bol;
	else if (bol < s.from && strspn(st->doc + bol, " \t") == s.from - bol &&
	    (t = set_out(st->doc + bol, s.to - bol, s.from - bol)) != NULL)
		return t;
	return cp_xstrndup(st->doc + s.from, s.to - s.from);
}

/*
 * The name the title gives the deck, its text as it reads, "**Sejarah**
 * XI" as "Sejarah XI": Anki shows a deck's name as text.  The state
 * owns it.
 */
static const char *
title_name(struct md_state *st)
{
	if (st->title_text == NULL)
		st->title_text = cp_markup_convert(st->title,
		    CP_MARKUP_MARKDOWN, CP_MARKUP_TEXT, NULL);
	return st->title_text;
}

/* The deck of a note read here and now; the caller frees it. */
static char *
note_deck(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct cp_buf	 deck = { 0 };
	size_t		 i;

	cp_buf_addstr(&deck, r->opts.deck != NULL ? r->opts.deck :
	    st->deck != NULL ? st->deck : st->title != NULL ? title_name(st) :
	    cp_read_default_deck(r));
	for (i = 0; r->opts.deck == NULL && i < st->nsub; i++)
		cp_buf_printf(&deck, "::%s", st->sub[i].name);
	return cp_buf_detach(&deck);
}

/* The tags the page, and its subdecks here, give note. */
static void
page_tags(const struct md_state *st, struct cp_note *note)
{
	size_t	 i, j;

	for (i = 0; i < st->ntags; i++)
		cp_note_add_tag(note, st->tags[i]);
	for (i = 0; i < st->nsub; i++)
		for (j = 0; j < st->sub[i].ntags; j++)
			cp_note_add_tag(note, st->sub[i].tags[j]);
}

static void
new_note(struct cp_reader *r, struct cp_record *rec, const char *notetype,
    unsigned long line)
{
	memset(rec, 0, sizeof(*rec));
	rec->kind = CP_RECORD_NOTE;
	rec->note.deck = note_deck(r);
	rec->note.notetype = cp_xstrdup(notetype);
	rec->note.markup = CP_MARKUP_MARKDOWN;
	rec->note.source_file = cp_xstrdup(r->name);
	rec->note.source_line = line;
	page_tags(r->state, &rec->note);
	rec->deck.declared_cards = -1;
}

static void
push_deck(struct cp_reader *r, unsigned long line)
{
	struct md_state		*st = r->state;
	struct cp_record	 rec = { 0 };

	st->deck_sent = 1;
	rec.kind = CP_RECORD_DECK;
	rec.deck.name = cp_xstrdup(r->opts.deck != NULL ? r->opts.deck :
	    st->deck != NULL ? st->deck : title_name(st));
	free(st->sent_deck);
	st->sent_deck = cp_xstrdup(rec.deck.name);
	cp_set_string(&rec.deck.title, st->title);
	cp_set_string(&rec.deck.url, st->url);
	rec.deck.declared_cards = -1;
	rec.deck.source_file = cp_xstrdup(r->name);
	rec.deck.source_line = line;
	queue_push(st, &rec);
}

/* Words separated by spaces or commas, each a tag of note. */
static void
add_words(struct cp_note *note, const char *s)
{
	char	*t;
	size_t	 n;

	for (;;) {
		s += strspn(s, " ,\t");
		if ((n = strcspn(s, " ,\t")) == 0)
			return;
		t = cp_xstrndup(s, n);
		cp_note_add_tag(note, t);
		free(t);
		s += n;
	}
}

/*
 * AOSR, which writes Obsidian SR's syntax, ends a card's last line with
 * its id, "#AOSR/deck/s/id": a key for the plugin's schedule, no word
 * of the card, so it is cut off where the file is AOSR's.
 */
static void
cut_aosr_id(const struct md_state *st, char *s)
{
	char	*id, *e;

	if (!st->aosr_ids)
		return;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	for (id = e; id > s && !isspace((unsigned char)id[-1]); id--)
		continue;
	if (e - id <= 6 || strncmp(id, "#AOSR/", 6) != 0)
		return;
	while (id > s && isspace((unsigned char)id[-1]))
		id--;
	*id = '\0';
}

/*
 * Obsidian_to_Anki writes the id of the note it made on the line below
 * the note, bare "ID: 1713263731911" where no comment hides it: the
 * plugin's key, no word of the card, so it is cut off where the file is
 * the plugin's.
 */
static void
cut_o2a_id(const struct md_state *st, char *s)
{
	char	*id, *e, *d;

	if (st->dialect != D_O2A)
		return;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	for (id = e; id > s && id[-1] != '\n'; id--)
		continue;
	if (e - id <= 4 || strncmp(id, "ID: ", 4) != 0)
		return;
	for (d = id + 4; d < e && isdigit((unsigned char)*d); d++)
		continue;
	if (d != e || d == id + 4)
		return;
	while (id > s && isspace((unsigned char)id[-1]))
		id--;
	*id = '\0';
}

/* A note made: after the deck record, if the file names a deck. */
static void
push_note(struct cp_reader *r, struct cp_record *rec)
{
	struct md_state	*st = r->state;

	if (!st->deck_sent && (st->title != NULL || st->deck != NULL))
		push_deck(r, st->deck_line);
	queue_push(st, rec);
	st->any_card = 1;
}

static enum fc_kind card_tag(const struct md_state *, const char *,
		    const char *);
static void	 end_tags(char *, struct cp_buf *);

/*
 * Reports what a rule read, at line, the first time it reads so: *said
 * keeps the file's rule from saying it again at each card.
 */
static void
warn_once(struct cp_reader *r, int *said, unsigned long line,
    const char *what)
{
	if (*said)
		return;
	*said = 1;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "%s", what);
}

/*
 * The tags ending s, the last side of the card on line l, taken out of
 * it and given to note, but for the Flashcards plugin's tag, which
 * marks it a card.
 */
static void
cut_card_tags(struct cp_reader *r, struct cp_note *note, char *s,
    unsigned long l)
{
	struct md_state	*st = r->state;
	struct cp_buf	 tags = { 0 }, word = { 0 };
	const char	*p, *e;

	cp_buf_addstr(&tags, "");
	end_tags(s, &tags);
	if (tags.len > 0)
		warn_once(r, &st->tagged_said, l, "the tags ending one-line "
		    "cards read as the cards' tags, the Flashcards plugin's "
		    "\"#card\" that marks them left out: it ends Obsidian "
		    "SR's cards too");
	for (p = cp_buf_str(&tags); *p != '\0'; p = e) {
		p += strspn(p, " ");
		e = p + strcspn(p, " ");
		if (e == p)
			break;
		/* end_tags() leaves a space for each '#'. */
		word.len = 0;
		cp_buf_printf(&word, "#%.*s", (int)(e - p), p);
		if (card_tag(st, cp_buf_str(&word), cp_buf_str(&word) +
		    word.len) == FC_NONE)
			add_words(note, cp_buf_str(&word) + 1);
	}
	cp_buf_free(&tags);
	cp_buf_free(&word);
}

/*
 * Whether field f is one cloze deletion and nothing else,
 * "{{c1::text}}": a cloze that hides all there is asks nothing.
 */
static int
whole_deletion(const char *f)
{
	const char	*e = f + strlen(f), *p;

	while (e > f && strchr(" \t\n", e[-1]) != NULL)
		e--;
	f += strspn(f, " \t\n");
	if (e - f < 8 || !cp_anki_cloze(f, 5 + strspn(f + 3, "0123456789")) ||
	    strncmp(e - 2, "}}", 2) != 0)
		return 0;
	for (p = f + 2; p + 2 < e; p++)
		if (strncmp(p, "}}", 2) == 0 || strncmp(p, "{{", 2) == 0)
			return 0;
	return 1;
}

/*
 * Obsidian SR's cloze marks in a cloze card, for cp_md_field(): its
 * hints and labels, highlights, "{{text}}", and bold where the card is
 * read so.  (A vault's own marks are read_sr.c's.)
 */
static const char *
osr_cloze_marks(const struct md_state *st)
{
	return st->bold_clozes ? "^=*}" : "^=}";
}

/* Is line r..r+len one of TeX's page breaks alone? */
static int
page_break(const char *r, size_t len)
{
	static const char *const cmds[] = {
		"\\pagebreak", "\\newpage", "\\clearpage", NULL
	};
	const char *const	*c;

	while (len > 0 && strchr(" \t\r", r[len - 1]) != NULL)
		len--;
	for (c = cmds; *c != NULL; c++)
		if (len == strlen(*c) && strncmp(r, *c, len) == 0)
			return 1;
	return 0;
}

/*
 * Takes the lines of text that are TeX's page breaks alone, "\pagebreak",
 * "\newpage", "\clearpage", as pandoc's PDFs break pages, out of text,
 * and the blank lines they leave at its end: not in fenced code, where
 * they are what the code says, nor when nothing else is there (the
 * answer to "Which command starts a page?").  Returns how many it took.
 */
static size_t
page_breaks(char *text)
{
	char	*r, *w, *eol;
	size_t	 n = 0, words = 0, pass;
	int	 fence, brk;

	for (pass = 0; pass < 2; pass++) {
		if (pass == 1 && (n == 0 || words == 0))
			return 0;
		for (r = w = text, fence = 0; *r != '\0'; r = eol) {
			eol = r + strcspn(r, "\n");
			if (strncmp(r, "```", 3) == 0 ||
			    strncmp(r, "~~~", 3) == 0)
				fence = !fence;
			brk = !fence && page_break(r, (size_t)(eol - r));
			if (pass == 0) {
				n += brk;
				words += !brk && r + strspn(r, " \t\r") < eol;
			}
			if (*eol == '\n')
				eol++;
			if (pass == 1 && !brk) {
				memmove(w, r, (size_t)(eol - r));
				w += eol - r;
			}
		}
	}
	while (w > text && strchr("\n \t", w[-1]) != NULL)
		w--;
	*w = '\0';
	return n;
}

/*
 * Is answer a a note of one still to write, "TODO" on its first line,
 * over the points it is to cover, each line below a list's item?
 */
static int
todo_outline(const char *a)
{
	const char	*nl = strchr(a, '\n'), *l;
	size_t		 ind, len;

	if (nl == NULL || !cp_placeholder(a, (size_t)(nl - a)))
		return 0;
	for (l = nl + 1; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		ind = strspn(l, " \t");
		if (ind < len && !(strchr("-*+", l[ind]) != NULL &&
		    ind + 1 < len && l[ind + 1] == ' '))
			return 0;
	}
	return 1;
}

static void	 drop_question_label(char *);
static size_t	 line_indent(const struct md_state *, unsigned long);
static size_t	 container_mark(const char *, const char *);
static struct span	 blocks_under(const struct md_state *, cmark_node *,
		    cmark_node *);
static size_t	 back_label(const char *, const char **);
static size_t	 code_over_label(const char *, size_t *);
static int	 closes_fence(const char *, char, size_t);
static int	 quote_remark(const char *);
static size_t	 bold_number_line(const char *);
static size_t	 bold_back_label(const char *);
static void	 drop_unopened_bold(char *);

/*
 * Takes q and a, as written: what the dialect writes around the text
 * is taken out of them (mdfield.c).  A cloze on either side makes a
 * Cloze note, the question above it part of its text; a reversed card
 * is also studied from its answer.
 */
static void
push_card(struct cp_reader *r, char *q, char *a, int reversed,
    const char *tags, unsigned long line)
{
	struct md_state		*st = r->state;
	struct cp_record	 rec;
	struct cp_buf		 text = { 0 };
	char			*fq, *fa, *t;
	int			 clozes = 0;
	const char		*marks, *label;
	size_t			 k, n, at, lead;

	if (page_breaks(q) + page_breaks(a) > 0)
		warn_once(r, &st->page_breaks_said, line, "a line of TeX's "
		    "\\pagebreak, \\newpage or \\clearpage breaks a printed "
		    "page (pandoc), no text of a card: left out");
	if (cp_placeholder(a, strlen(a)) || todo_outline(a)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "an answer still to write (\"%.*s\"): a question the "
		    "file does not answer yet, not a card; skipped",
		    (int)(strcspn(a, "\n") < 24 ? strcspn(a, "\n") : 24), a);
		free(q);
		free(a);
		return;
	}
	lead = strspn(a, "\n");
	if ((k = code_over_label(a + lead, &at)) > 0) {
		for (n = strlen(q); n > 0 && q[n - 1] == '\n'; n--)
			continue;
		q = cp_xrealloc(q, n + 2 + k + 1);
		memcpy(q + n, "\n\n", 2);
		memcpy(q + n + 2, a + lead, k);
		q[n + 2 + k] = '\0';
		memmove(a, a + lead + at, strlen(a + lead + at) + 1);
		warn_once(r, &st->code_label_said, line, "code over the "
		    "answer's label: the question's, kept on the front, here "
		    "and below");
	}
	if (st->sided)
		;	/* "### Back": the field is all it holds, as written */
	else if (st->dialect != D_OSR && (k = bold_back_label(a)) > 0) {
		if (st->bold_label_said++ == 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
			    "a back that opens in bold with the answer's "
			    "label inside, \"**%.*s**\": the label left out, "
			    "the bold kept, here and below", (int)k - 1, a + 2);
		memmove(a + 2, a + 2 + k, strlen(a + 2 + k) + 1);
		drop_question_label(q);
	} else if ((k = back_label(a, &label)) > 0) {
		/* The label as written, its marks and colon aside. */
		label += strspn(label, "*_");
		for (n = (size_t)(a + k - label); n > 0 &&
		    strchr(" \t*_:", label[n - 1]) != NULL; n--)
			continue;
		if (n >= 3 && memcmp(label + n - 3, FULLWIDTH_COLON, 3) == 0)
			n -= 3;
		if (st->back_label_said++ == 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
			    "a back that opens with the answer's label, "
			    "\"%.*s\": the label left out, here and below",
			    (int)n, label);
		memmove(a, a + k, strlen(a + k) + 1);
		/*
		 * "- **Answer:**" gone from over its items: they lose
		 * their indent alike, as span_text() sets a list out.
		 */
		lead = strspn(a, "\n");
		if ((n = strspn(a + lead, " ")) > 0 &&
		    (t = set_out(a + lead, strlen(a + lead), n)) != NULL) {
			memcpy(a, t, strlen(t) + 1);
			free(t);
		}
		/* "Question:" over "Answer:": the pair of labels goes. */
		drop_question_label(q);
	}
	if ((k = bold_number_line(q)) > 0) {
		warn_once(r, &st->bold_number_said, line, "a line in bold "
		    "that only numbers the question, \"**Question 1**\", over "
		    "its text: the author's count, no text of it; left out, "
		    "here and below");
		memmove(q, q + k, strlen(q + k) + 1);
	}
	if (st->review_only && st->dialect == D_OSR && st->cloze_block &&
	    !cp_anki_cloze(q, strlen(q)) && strstr(q, "==") != NULL) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "a highlight in a page Obsidian SR reviews as a note "
		    "(\"sr-due\"), where no card has its schedule: emphasis, "
		    "no cloze; skipped");
		free(q);
		free(a);
		return;
	}
	marks = st->curly_clozes ? "{" : st->highlight_clozes ? "=" :
	    st->dialect == D_YANKI ? "~" :
	    st->dialect == D_FLASHCARDS ? (st->cloze_block ? "1={" : "") :
	    st->dialect == D_INKA ? (st->cloze_block ? "{" : "") :
	    st->remnote ? (st->cloze_block ? "}" : "") :
	    st->dialect != D_OSR || !st->cloze_block ? "" :
	    osr_cloze_marks(st);
	new_note(r, &rec, reversed ? "Basic (and reversed card)" : "Basic",
	    line);
	if (tags != NULL)
		add_words(&rec.note, tags);
	else if (st->tagged_liners)
		cut_card_tags(r, &rec.note, *a != '\0' ? a : q, line);
	cut_aosr_id(st, q);
	cut_aosr_id(st, a);
	cut_o2a_id(st, a);
	fq = cp_md_field(q, marks, &rec.note, &clozes);
	fa = cp_md_field(a, marks, &rec.note, &clozes);
	if (*marks != '\0' && *fa == '\0' && !cp_anki_cloze(q, strlen(q)) &&
	    whole_deletion(fq)) {
		/* Written "{{c1::...}}", the author meant it. */
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "a mark over the whole text, nothing left to ask: the "
		    "author's highlight, not a cloze; skipped");
		cp_record_clear(&rec);
		free(q);
		free(a);
		free(fq);
		free(fa);
		return;
	}
	free(q);
	free(a);
	if (cp_anki_cloze(fq, strlen(fq)) || cp_anki_cloze(fa, strlen(fa))) {
		cp_set_string(&rec.note.notetype, "Cloze");
		if (cp_anki_cloze(fq, strlen(fq))) {
			cp_note_add_field(&rec.note, "Text", fq);
			cp_note_add_field(&rec.note, "Back Extra", fa);
		} else {
			cp_buf_printf(&text, "%s%s%s", fq, *fq != '\0' ?
			    "\n\n" : "", fa);
			cp_note_add_field(&rec.note, "Text", cp_buf_str(&text));
			cp_note_add_field(&rec.note, "Back Extra", "");
			cp_buf_free(&text);
		}
	} else if (*fq == '\0' || (*fa == '\0' && st->dialect != D_LOGSEQ)) {
		/* Logseq reviews a #card with nothing under it. */
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "card has no %s; skipped", *fq == '\0' ? "question" :
		    "answer");
		cp_record_clear(&rec);
		free(fq);
		free(fa);
		return;
	} else {
		cp_note_add_field(&rec.note, "Front", fq);
		cp_note_add_field(&rec.note, "Back", fa);
	}
	free(fq);
	free(fa);
	push_note(r, &rec);
}

/*
 * A block that is a cloze and no other card: only there are Obsidian
 * SR's marks clozes, its parser taking a line with "::" or a "?" card
 * first.
 */
static void
push_cloze(struct cp_reader *r, struct span s, unsigned long line)
{
	struct md_state	*st = r->state;

	st->cloze_block = 1;
	push_card(r, span_text(st, s), cp_xstrdup(""), 0, NULL, line);
	st->cloze_block = 0;
}

/*
 * The dialects.
 */
static void
skipped(struct cp_reader *r, struct span s, const char *why)
{
	cp_report(r->rep, CP_LEVEL_WARNING, r->name,
	    line_of(r->state, s.from), 0, "%s; skipped", why);
}

/* Whether p..e is an Obsidian tag, '#' and its name. */
static int
is_tag(const char *p, const char *e)
{
	return e - p >= 2 && *p == '#' &&
	    cp_obsidian_tag(p + 1, (size_t)(e - p - 1)) == (size_t)(e - p - 1);
}

/*
 * Obsidian tags ending the last line of a field, "answer #tag1 #tag2":
 * taken out of it, added to tags.
 */
static void
end_tags(char *s, struct cp_buf *tags)
{
	size_t	 n = strlen(s), w, i, cut;

	for (cut = n;; cut = w - 1) {
		for (n = cut; n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t');
		    n--)
			continue;
		for (w = n; w > 0 && strchr(" \t\n#", s[w - 1]) == NULL; w--)
			continue;
		if (w < 2 || !is_tag(s + w - 1, s + n) || (s[w - 2] != ' ' &&
		    s[w - 2] != '\t'))
			break;
	}
	for (i = cut; s[i] != '\0'; i++)
		cp_buf_addc(tags, s[i] == '#' ? ' ' : s[i]);
	s[n] = '\0';
}

/*
 * An answer that is one line, a command that makes an Anki package of a
 * Markdown file ("mdanki notes.md notes.apkg --deck Notes"), bare or a
 * list item: the author's note of how the deck is built, under a
 * heading such as "Generate", not a card.
 */
static int
build_command(const char *a)
{
	const char	*w, *e;
	int		 md = 0, apkg = 0;

	if (strchr(a, '\n') != NULL)
		return 0;
	if (a[0] != '\0' && strchr("*-+$", a[0]) != NULL && a[1] == ' ')
		a += 2;
	if (!islower((unsigned char)*a))
		return 0;
	for (w = a; *w != '\0'; w = e + strspn(e, " ")) {
		e = w + strcspn(w, " ");
		if (w == a && (size_t)(e - w) != strspn(w,
		    "abcdefghijklmnopqrstuvwxyz0123456789._-/"))
			return 0;	/* no program's name */
		while (e > w + 1 && strchr("\"'", e[-1]) != NULL)
			e--;
		md |= e - w > 3 && strncasecmp(e - 3, ".md", 3) == 0;
		apkg |= e - w > 5 && strncasecmp(e - 5, ".apkg", 5) == 0;
		e += strcspn(e, " ");
	}
	return md && apkg;
}

/*
 * An answer that is a link to another note of the vault and nothing
 * else, "[Classes](../notes/classes.md#^5d7015)": the answer is kept in
 * that note, and a card cannot follow a path to a file.
 */
static int
note_link(const char *a)
{
	const char	*e = a + strlen(a), *mid, *md;

	while (e > a && strchr(" \t\n", e[-1]) != NULL)
		e--;
	if (*a != '[' || e - a < 8 || e[-1] != ')' ||
	    (mid = strstr(a, "](")) == NULL || mid + 2 >= e ||
	    memchr(a + 1, '[', (size_t)(mid - a - 1)) != NULL ||
	    memchr(mid + 2, ' ', (size_t)(e - mid - 2)) != NULL ||
	    memchr(mid + 2, ':', (size_t)(e - mid - 2)) != NULL)
		return 0;	/* not one link, or a URL's scheme */
	for (md = mid + 2; md + 3 <= e - 1; md++)
		if (strncmp(md, ".md", 3) == 0 && (md + 3 == e - 1 ||
		    md[3] == '#'))
			return 1;
	return 0;
}

/*
 * Is answer a a table of contents: two thirds of its lines or more, two
 * at least, linking to the page's own sections, "[What is
 * OpenAPI?](#2-what-is-openapi)", as a table's rows or a list's items?
 * A table's rule, "| -: | --- |", is no line of it.
 */
static int
contents_table(const char *a)
{
	const char	*l;
	size_t		 len, lines = 0, links = 0;

	for (l = a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (strspn(l, " \t|-:") >= len)
			continue;
		lines++;
		links += memmem(l, len, "](#", 3) != NULL;
	}
	return links >= 2 && 3 * links >= 2 * lines;
}

/* Is span s a table of contents (contents_table())? */
static int
contents_span(const struct md_state *st, struct span s)
{
	char	*a;
	int	 yes;

	if (s.from == s.to)
		return 0;
	a = span_text(st, s);
	yes = contents_table(a);
	free(a);
	return yes;
}

/*
 * Why a heading's answer a answers nothing, or NULL when it may: the
 * page's table of contents, a link to the note that keeps the answer,
 * the command that builds the deck.
 */
static int	 unmarked_options(const char *);
static int	 unticked_options(const char *);

static const char *
no_answer(const char *a)
{
	if (unmarked_options(a))
		return "a question over lettered options, none marked as the "
		    "right one: the answer is not given, not a card";
	if (unticked_options(a))
		return "a question over options to tick, none ticked: the "
		    "answer is not given, not a card";
	if (contents_table(a))
		return "a table of contents, links to the page's own "
		    "sections: not a card";
	if (note_link(a))
		return "a heading's answer that is only a link to another "
		    "note, which keeps the answer where a card cannot "
		    "follow: not a card";
	if (build_command(a))
		return "the command that makes the deck of this file, not a "
		    "card";
	return NULL;
}

static int	 line_is(const struct md_state *, unsigned long, const char *);
static int	 says_flashcards(const struct md_state *, struct span);
static int	 question_mark(const struct md_state *, struct span);
static void	 flashcards_card(struct cp_reader *);
static int	 block_id_line(const struct md_state *, unsigned long);
static enum fc_kind card_tags(const struct md_state *, struct span,
		    size_t *);
static int	 inka_question(const struct md_state *, unsigned long);
static void	 trim_breaks(const struct md_state *, struct span *);
static int	 ends_asking(const struct md_state *, struct span);
static int	 same_text(const struct md_state *, struct span, struct span);

static struct span line_span(const struct md_state *, unsigned long);
static char	*lines_text(const struct md_state *, unsigned long,
		    unsigned long, int);
static const char *after_prefix(const struct md_state *, const char *,
		    const char *, int);
static size_t	 bold_label(const char *, const char *);
static const char *past_bold(const char *, const char *);
static int	 list_asks(const struct md_state *, struct span, int);
static int	 span_is(const struct md_state *, struct span, const char *);
static const char *past_number(const struct md_state *, struct span);
static int	 fence_mark(const struct md_state *, unsigned long);
static int	 holds_question_mark(const char *, const char *);
static int	 bullet_opens(const char *, const char *);
static void	 closing_bold(const struct md_state *, struct span *);
static const char *word_label_at(const char *, const char *,
		    const char *const *);
static const char *span_find(const struct md_state *, struct span,
		    const char *);

/*
 * Is a a list of links and nothing else, two or more, "- [English]
 * (../README.md)": folded under a summary that asks nothing, where the
 * page points to its other pages.
 */
static int
link_list(const char *a)
{
	const char	*l, *t, *e;
	size_t		 len, links = 0;

	for (l = a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		t = l + strspn(l, " \t");
		for (e = l + len; e > t && strchr(" \t", e[-1]) != NULL; e--)
			continue;
		if (t == e)
			continue;
		if (!bullet_opens(t, e))
			return 0;
		t += 2 + strspn(t + 2, " ");
		if (*t != '[' || e[-1] != ')' || (t = memmem(t, (size_t)(e -
		    t), "](", 2)) == NULL || memchr(t + 2, ')', (size_t)(e -
		    t - 3)) != NULL)
			return 0;
		links++;
	}
	return links >= 2;
}

/*
 * The end of text p..e with the blanks and closing tags after it cut,
 * "...주세요.</h3>  " to "...주세요.".
 */
static const char *
text_end(const char *p, const char *e)
{
	const char	*t;

	for (;;) {
		while (e > p && strchr(" \t\n", e[-1]) != NULL)
			e--;
		if (e - p < 3 || e[-1] != '>' ||
		    (t = memrchr(p, '<', (size_t)(e - p))) == NULL ||
		    t[1] != '/')
			return e;
		e = t;
	}
}

/* The last word of text p..e, its blanks and closing tags cut. */
static struct span
last_word(const char *base, const char *p, const char *e)
{
	const char	*w;

	e = text_end(p, e);
	for (w = e; w > p && w[-1] != ' ' && w[-1] != '>'; w--)
		continue;
	return (struct span){ (size_t)(w - base), (size_t)(e - base) };
}

/*
 * Is answer a, under question q, an HTML list and nothing else, sixty-
 * four items at most, each a question (a '?' in it) or a prompt that
 * ends as q does ("...설명해 주세요."), or, where half the items ask or
 * all are sentences, as another item does ("Show ..., please."):
 * follow-up questions folded away, none answered?  (Answers of one kind
 * end alike too, "Link layer", "Internet layer", fragments.)
 */
static int
follow_ups(const char *q, const char *a)
{
	struct span	 word[65];
	const char	*p, *c = NULL, *e;
	size_t		 n = 0, i, j, len, asking, sentences = 0, others;
	int		 asks[64];

	word[0] = last_word(q, q, q + strlen(q));
	p = a + strspn(a, " \t\n");
	if (strncmp(p, "<ul>", 4) != 0 && strncmp(p, "<ol>", 4) != 0)
		return 0;
	for (p += 4; (p = strstr(p, "<li>")) != NULL; p = c + 5) {
		if ((c = strstr(p, "</li>")) == NULL || n == 64)
			return 0;
		asks[n] = memchr(p, '?', (size_t)(c - p)) != NULL;
		word[++n] = last_word(a, p + 4, c);
		e = text_end(p + 4, c);
		sentences += e > p + 4 && strchr(".?", e[-1]) != NULL &&
		    cp_count_words(p + 4, (size_t)(e - p - 4)) >= 3;
	}
	if (c == NULL)
		return 0;
	/* Nothing after the list: "</ul>" and blanks. */
	c += 5;
	c += strspn(c, " \t\n");
	if ((strncmp(c, "</ul>", 5) != 0 && strncmp(c, "</ol>", 5) != 0) ||
	    c[5 + strspn(c + 5, " \t\n")] != '\0')
		return 0;
	for (i = 0, asking = 0; i < n; i++)
		asking += asks[i];
	/* Another item's word where half ask or all are sentences. */
	others = 2 * asking >= n || sentences == n ? n : 0;
	for (i = 1; i <= n; i++) {
		len = word[i].to - word[i].from;
		for (j = 0; !asks[i - 1] && j <= others; j++)
			if (j != i && len >= 2 &&
			    word[j].to - word[j].from == len &&
			    memcmp((j == 0 ? q : a) + word[j].from,
			    a + word[i].from, len) == 0)
				break;
		if (!asks[i - 1] && j > others)
			return 0;
	}
	return n > 0;
}

/*
 * A line of one to three '!' or '.' and nothing else ending the answer
 * of an Obsidian SR card of more lines than one: the mark its author
 * closes a card with, as the plugin's end marker may be set, no text of
 * the answer.  Left out, with a warning.
 */
static void
end_mark(struct cp_reader *r, struct dcard *c)
{
	struct md_state	*st = r->state;
	unsigned long	 l;
	struct span	 s;

	if (st->dialect != D_OSR || c->a.from == c->a.to)
		return;
	l = text_end_line(st, c->a);
	s = line_span(st, l);
	if (l <= line_of(st, c->a.from) || s.to - s.from > 3 ||
	    s.from == s.to || strspn(st->doc + s.from, "!.") < s.to - s.from)
		return;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
	    "a line of \"%.*s\" alone ends the answer: the mark that "
	    "closes the card, no text of it; left out", (int)(s.to - s.from),
	    st->doc + s.from);
	c->a.to = line_end(st, l - 1);
}

/*
 * Where the text of a line that labels the answer starts, past "<br>"
 * tags that space it, the word for an answer and its colon, perhaps in
 * bold: "<br/>Ответ: 5", "**Answer:**", or in bold with a full stop,
 * "**Ответ.**"; NULL when p..e is no such line.
 */
static const char *
answer_label_at(const char *p, const char *e)
{
	return word_label_at(p, e, cp_answer_words);
}

/*
 * Is [p, e) an answer's label alone in bold, its colon inside, "**Trả
 * lời:**", four words at most with the word for an answer among them,
 * "**Trả lời khó hơn:**", "**Short answer:**"?
 */
static int
bold_answer_label(const char *p, const char *e)
{
	const char *const	*w;
	const char		*q;
	size_t			 len;

	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (e - p < 6 || strncmp(p, "**", 2) != 0 ||
	    strncmp(e - 3, ":**", 3) != 0 ||
	    memmem(p + 2, (size_t)(e - p - 4), "**", 2) != NULL)
		return 0;
	if (cp_count_words(p + 2, (size_t)(e - p - 5)) > 4)
		return 0;
	for (q = p + 2; q < e - 3; q++) {
		if (q > p + 2 && q[-1] != ' ')
			continue;
		for (w = cp_answer_words; *w != NULL; w++) {
			len = strlen(*w);
			if ((size_t)(e - q) > len && strncasecmp(q, *w,
			    len) == 0 && strchr(" :", q[len]) != NULL)
				return 1;
		}
	}
	return 0;
}

/*
 * Does list n open with an item that labels the answer and nothing else
 * on its first line, "- **Trả lời:**", its text in the items set in
 * under it?
 */
static int
labelled_list(const struct md_state *st, cmark_node *n)
{
	cmark_node	*item = cmark_node_first_child(n), *para;
	struct span	 s;

	if (item == NULL || (para = cmark_node_first_child(item)) == NULL ||
	    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
		return 0;
	s = item_span(st, para);
	s.to = line_end(st, line_of(st, s.from));
	return bold_answer_label(st->doc + s.from, st->doc + s.to);
}

/*
 * Does the list at p explain rather than offer: an item of its first
 * run, "- " each, that parts a term from what it says of it by a dash,
 * "- **Flow** - холодный поток ...", "- `SingletonComponent` - живет
 * ...", or runs past eight words?  Options are short and say no more;
 * a problem's givens, "- Memory access time: 100ns", are no answer.
 */
static int
explained_items(const char *p)
{
	const char	*e;
	size_t		 n;

	for (; bullet_opens(p, p + strcspn(p, "\n")); p = e + (*e == '\n')) {
		n = strcspn(p, "\n");
		e = p + n;
		if (memmem(p + 2, n - 2, ": ", 2) != NULL)
			continue;
		if (cp_count_words(p + 2, n - 2) > 8 ||
		    memmem(p + 2, n - 2, " - ", 3) != NULL ||
		    memmem(p + 2, n - 2, " \xe2\x80\x94 ", 5) != NULL)
			return 1;
	}
	return 0;
}

/*
 * Where a, a card's back, opens with the answer's label, "Resposta:
 * ...", "Ans. ...", or is one item so labelled, "- Answer: ...", as a
 * list's item under its question writes it: the length of the label and
 * the bullet and the spaces after them, the label's own at *label; else
 * 0.
 */
static size_t
back_label(const char *a, const char **label)
{
	const char	*p = a, *e = a + strlen(a), *t;

	/* "- Answer: ...", or "- **Answer:**" alone over its items. */
	if (bullet_opens(p, e) && (strchr(p, '\n') == NULL ||
	    bold_answer_label(p + 2, p + strcspn(p, "\n"))))
		p += 2;
	/* "Ans. text", "Odp. text": the label's short form, a full stop. */
	if ((strncasecmp(p, "ans.", 4) == 0 || strncasecmp(p, "odp.", 4) ==
	    0) && (p[4] == ' ' || p[4] == '\n') && p[5] != '\0')
		t = p + 5;
	else if ((t = answer_label_at(p, e)) == NULL || t == e)
		return 0;
	*label = p;
	return (size_t)(t - a);
}

/*
 * Where a back opens in bold that holds the answer's label and its text
 * too, "**Respuesta: A, D**" over the explanation: the length of the
 * label, its colon and the spaces after it, which stand right after the
 * opening "**"; else 0.
 */
static size_t
bold_back_label(const char *a)
{
	const char *const	*w;
	size_t			 n = strcspn(a, "\n"), k, len;

	if (n < 7 || strncmp(a, "**", 2) != 0 ||
	    strncmp(a + n - 2, "**", 2) != 0)
		return 0;
	for (w = cp_answer_words; *w != NULL; w++) {
		len = strlen(*w);
		if (n <= len + 4 || strncasecmp(a + 2, *w, len) != 0)
			continue;
		k = 2 + len;
		k += cp_colon_space(a + k, n - k);
		if (a[k] != ':')
			continue;
		for (k++; k < n && a[k] == ' '; k++)
			continue;
		return k + 2 < n && memchr(a + k, '*', n - 2 - k) == NULL ?
		    k - 2 : 0;
	}
	return 0;
}

/*
 * Where a back opens with a fenced block of code over the answer's
 * label, "```js ... ```" over "Ans. The output will be ...", the code is
 * what the question shows ("What will this print?"): the length of the
 * block, the label's place at *label_at; else 0.  The block closes at
 * a fence of its marks as long or longer (closes_fence()).
 */
static size_t
code_over_label(const char *a, size_t *label_at)
{
	const char	*p, *end, *label;
	size_t		 run;

	if ((run = strspn(a, "`")) < 3 && (run = strspn(a, "~")) < 3)
		return 0;
	for (p = strchr(a, '\n'); p != NULL; p = strchr(p + 1, '\n'))
		if (closes_fence(p + 1, a[0], run))
			break;
	if (p == NULL || (end = strchr(p + 1, '\n')) == NULL)
		return 0;
	for (p = end; *p == '\n'; p++)
		continue;
	if (back_label(p, &label) == 0)
		return 0;
	*label_at = (size_t)(p - a);
	return (size_t)(end - a);
}

/*
 * Does the line at p close a fence of run marks c: as many of them or
 * more, set in three spaces at most, nothing after them but spaces?
 */
static int
closes_fence(const char *p, char c, size_t run)
{
	char	 mark[2] = { c, '\0' };
	size_t	 k = strspn(p, " "), m;

	if (k > 3 || (m = strspn(p + k, mark)) < run)
		return 0;
	p += k + m;
	p += strspn(p, " ");
	return *p == '\n' || *p == '\0';
}

/*
 * p past the pictographs and the spaces that open p..e, "🗂️  Question:",
 * arrows, symbols and emoji with their selectors and joiners alike.
 */
static const char *
past_pictographs(const char *p, const char *e)
{
	unsigned long	 cp;
	size_t		 len;

	for (;;) {
		if (p < e && (*p == ' ' || *p == '\t')) {
			p++;
			continue;
		}
		if (p == e || (unsigned char)*p < 0x80)
			return p;
		cp = cp_utf8_decode(p, (size_t)(e - p), &len);
		if (!((cp >= 0x2190 && cp <= 0x2bff) ||
		    (cp >= 0x1f000 && cp <= 0x1faff) || cp == 0xfe0f ||
		    cp == 0x200d))
			return p;
		p += len;
	}
}

/*
 * Past a word that calls an answer right, "correct", "richtige", at
 * p..e; NULL when none opens it.
 */
static const char *
right_word_end(const char *p, const char *e)
{
	const char	*t;

	for (t = p; t < e && cp_word_byte((unsigned char)*t); t++)
		continue;
	if (t == p || !cp_word_among(p, (size_t)(t - p), cp_right_words))
		return NULL;
	return t;
}

/*
 * Past the label of one of words that opens p..e, as answer_label_at()
 * reads "Answer:", or NULL.
 */
static const char *
word_label_at(const char *p, const char *e, const char *const *words)
{
	const char *const	*w;
	const char		*t, *c, *right;
	size_t			 len, bold;
	int			 closed;

	for (;;) {
		/* "✅ Answer (English):": a pictograph leads the label. */
		p = past_pictographs(p, e);
		if (e - p >= 4 && strncasecmp(p, "<br", 3) == 0 &&
		    (t = memchr(p + 3, '>', e - p - 3 < 3 ? (size_t)(e - p - 3) :
		    3)) != NULL)
			p = t + 1;	/* "<br>", "<br/>", "<br />" */
		else
			break;
	}
	/*
	 * In bold, "**Answer:**" or "**Answer**:", not "**Answer: x**"; in
	 * bold italics, "***Question:***"; or in italics, "*Odp:*".
	 */
	bold = e - p > 3 && (strncmp(p, "***", 3) == 0 ||
	    strncmp(p, "___", 3) == 0) ? 3 : e - p > 2 &&
	    (strncmp(p, "**", 2) == 0 || strncmp(p, "__", 2) == 0) ? 2 :
	    e - p > 1 && (*p == '*' || *p == '_') &&
	    cp_word_byte((unsigned char)p[1]) ? 1 : 0;
	/* "**Correct answer:**", "Richtige Antwort:": the right one's. */
	right = words == cp_answer_words ? right_word_end(p + bold, e) : NULL;
	if (right != NULL && (right == e || *right++ != ' '))
		right = NULL;
	for (w = words; *w != NULL; w++) {
		len = strlen(*w);
		t = right != NULL ? right : p + bold;
		if ((size_t)(e - t) <= len || strncasecmp(t, *w, len) != 0)
			continue;
		t += len;
		/* "**Risposta corretta:**", the right word after it. */
		if (right == NULL && words == cp_answer_words && t < e &&
		    *t == ' ' && (c = right_word_end(t + 1, e)) != NULL)
			t = c;
		/* "Question 12:", numbered as its list item is. */
		if (e - t > 2 && t[0] == ' ' && isdigit((unsigned char)t[1])) {
			for (c = t + 1; c < e && c - t < 5 &&
			    isdigit((unsigned char)*c); c++)
				continue;
			if (c < e && (*c == ':' || *c == ' ' || *c == '*'))
				t = c;
		}
		/* "Answer (Example):", "Answer (2 marks):" */
		if (e - t > 3 && t[0] == ' ' && t[1] == '(' &&
		    (c = memchr(t + 2, ')', (size_t)(e - t - 2) < 40 ?
		    (size_t)(e - t - 2) : 40)) != NULL &&
		    memchr(t + 2, '(', (size_t)(c - t - 2)) == NULL)
			t = c + 1;
		closed = bold && (size_t)(e - t) >= bold &&
		    strncmp(t, p, bold) == 0;
		t += closed ? bold : 0;
		t += cp_colon_space(t, (size_t)(e - t));	/* French */
		if (t < e && *t == ':')
			t++;
		else if (bold && !closed && (size_t)(e - t) > bold &&
		    *t == '.' && strncmp(t + 1, p, bold) == 0)
			t++;	/* "**Ответ.**", a full stop in the bold */
		else if (e - t >= 3 && strncmp(t, FULLWIDTH_COLON, 3) == 0)
			t += 3;
		else if (!(bold == 3 && closed && t < e && *t == ' '))
			/*
			 * Bold italics set a label apart, its colon lost,
			 * "***Answer*** text"; bold alone opens a sentence
			 * too, "**正面** — ...".
			 */
			continue;
		if (bold && !closed && (size_t)(e - t) >= bold &&
		    strncmp(t, p, bold) == 0) {
			t += bold;
			closed = 1;
		}
		if (bold && !closed)
			continue;
		while (t < e && (*t == ' ' || *t == '\t'))
			t++;
		return t;
	}
	return NULL;
}

/*
 * Is heading q the word for an answer alone, "Answer：", "Solution",
 * "答案", "Réponse :": the label of the answer under the question's
 * heading?
 */
static int
answer_label_heading(const struct md_state *st, struct span q)
{
	while (q.to > q.from && strchr(" \t", st->doc[q.to - 1]) != NULL)
		q.to--;
	if (q.to > q.from && st->doc[q.to - 1] == ':')
		q.to--;
	else if (q.to - q.from > 3 && strncmp(st->doc + q.to - 3,
	    FULLWIDTH_COLON, 3) == 0)
		q.to -= 3;
	while (q.to > q.from && strchr(" \t", st->doc[q.to - 1]) != NULL)
		q.to--;		/* French sets a space before its colon */
	return cp_word_among(st->doc + q.from, q.to - q.from,
	    cp_answer_words);
}

/* Words that number a question: "Question 3", "Aufgabe 2", "Q 7". */
static const char *const numbering_words[] = {
	"question", "q", "problem", "exercise", "task", "pregunta",
	"ejercicio", "frage", "aufgabe", "domanda", "pergunta", "pytanie",
	"zadanie", "soru", "fråga", "otázka", "kysymys", "pitanje", "câu",
	"pertanyaan", "tanya", "soal",
	"vraag", "opgave", "вопрос", "Вопрос", "задача", "Задача", "질문",
	"문제", "问题", "問題", "質問", NULL
};

static int	 numbering_heading(const char *, const char *);

/*
 * Past a question's label and number that open heading text p..e to the
 * question they number, "Question 12: ", "Pregunta 3 : ", "Câu hỏi 1: "
 * (a second word before the number); NULL when none, or nothing
 * follows.  "Q1: " is after_prefix()'s.
 */
static const char *
past_numbered_label(const char *p, const char *e)
{
	const char *const	*w;
	const char		*t;
	size_t			 len = 0;

	for (w = numbering_words; *w != NULL; w++)
		if ((len = strlen(*w)) > 1 && (size_t)(e - p) > len &&
		    strncasecmp(p, *w, len) == 0 && p[len] == ' ')
			break;
	if (*w == NULL)
		return NULL;
	t = p + len + 1;
	if (t < e && !isdigit((unsigned char)*t)) {
		while (t < e && cp_word_byte((unsigned char)*t))
			t++;
		if (t < e && *t == ' ')
			t++;
	}
	if (t == e || !isdigit((unsigned char)*t))
		return NULL;
	while (t < e && (isdigit((unsigned char)*t) || *t == '.'))
		t++;
	while (t < e && *t == ' ')
		t++;
	if (e - t >= 3 && strncmp(t, FULLWIDTH_COLON, 3) == 0)
		t += 3;
	else if (t < e && *t == ':')
		t++;
	else
		return NULL;
	while (t < e && (*t == ' ' || *t == '\t'))
		t++;
	return t < e ? t : NULL;
}


/*
 * Is heading text q a question's label alone, "질문", "Question", or
 * with its number, "질문 2" (numbering_heading())?
 */
static int
question_label_heading(const struct md_state *st, struct span q)
{
	return cp_word_among(st->doc + q.from, q.to - q.from,
	    numbering_words) || numbering_heading(st->doc + q.from,
	    st->doc + q.to);
}

/*
 * Is p..e a number, perhaps with its mark: "3", "12.", "4)", or a
 * chapter's, "2.1"?
 */
static int
bare_number(const char *p, const char *e)
{
	const char	*d = p;

	for (;;) {
		while (d < e && isdigit((unsigned char)*d))
			d++;
		if (d == p || d + 1 >= e || *d != '.' ||
		    !isdigit((unsigned char)d[1]))
			break;
		p = ++d;
	}
	return d > p && (d == e || (d + 1 == e && strchr(".:)", *d) != NULL));
}

/*
 * Is p..e a question bank's id for a question, "PL100-0126": capitals,
 * digits and a dash, three digits or more?  ("ES6" is a topic.)
 */
static int
question_id(const char *p, const char *e)
{
	const char	*d;
	int		 digits = 0, dash = 0;

	if (e - p > 16)
		return 0;
	for (d = p; d < e; d++)
		if (isdigit((unsigned char)*d))
			digits++;
		else if (*d == '-')
			dash = 1;
		else if (!isupper((unsigned char)*d))
			return 0;
	return dash && digits >= 3;
}

/* Words that count cards, "## Card 01": a count, no question. */
static const char *const card_words[] = {
	"card", "flashcard", "karte", "tarjeta", "carta", "cartão", "carte",
	"fiche", NULL
};

/*
 * Is heading text p..e a number and its label alone, "Question 1.",
 * "Q 3", "第 1 题", perhaps in bold, "**1.**": a number that asks
 * nothing of its own?  ("55. Maximum Subarray" names a problem,
 * "Python 3.12" a topic.)
 */
static int
numbering_heading(const char *p, const char *e)
{
	const char	*word[3], *end[3];
	const char *const *w;
	size_t		 n = 0;

	if (e - p > 4 && strncmp(p, "**", 2) == 0 && strncmp(e - 2, "**",
	    2) == 0) {
		p += 2;
		e -= 2;
	}
	while (p < e) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e)
			break;
		if (n == 3)
			return 0;
		for (word[n] = p; p < e && *p != ' ' && *p != '\t'; p++)
			continue;
		end[n++] = p;
	}
	/* "問題1", "문제3": the word and its number glued, as CJK writes. */
	for (w = numbering_words; n == 1 && *w != NULL; w++)
		if ((unsigned char)**w >= 0x80 && (size_t)(end[0] - word[0]) >
		    strlen(*w) && strncmp(word[0], *w, strlen(*w)) == 0 &&
		    bare_number(word[0] + strlen(*w), end[0]))
			return 1;
	if (n == 3)	/* "第 1 题" */
		return strncmp(word[0], "\xe7\xac\xac", 3) == 0 &&
		    bare_number(word[1], end[1]);
	if (n == 0 || !(bare_number(n == 2 ? word[1] : word[0], end[n - 1]) ||
	    (n == 2 && question_id(word[1], end[1]))))
		return n == 1 && strncmp(word[0], "\xe7\xac\xac", 3) == 0;
	if (n == 1 && isdigit((unsigned char)*word[0]))
		return 1;
	return n == 2 && (cp_word_among(word[0], (size_t)(end[0] - word[0]),
	    numbering_words) || cp_word_among(word[0], (size_t)(end[0] -
	    word[0]), card_words));
}

/*
 * The length of question q's first line with the blank lines under it
 * when that line is in bold and only numbers the question, "**Câu
 * 1**", "**Question 3:**" (numbering_heading()), and text follows;
 * else 0.
 */
static size_t
bold_number_line(const char *q)
{
	size_t	 n = strcspn(q, "\n"), e = n;

	if (n < 5 || strncmp(q, "**", 2) != 0 || q[n] == '\0')
		return 0;
	while (e > 2 && strchr(" \t", q[e - 1]) != NULL)
		e--;
	if (e < 5 || strncmp(q + e - 2, "**", 2) != 0)
		return 0;
	e -= 2;
	if (q[e - 1] == ':' || q[e - 1] == '.')
		e--;
	if (!numbering_heading(q + 2, q + e))
		return 0;
	n += strspn(q + n, "\n");
	return q[n] != '\0' ? n : 0;
}

/*
 * Is line l a card's count alone, "Card 3", "=== CARD 3 ===", "**Card
 * 3:**": its number and a word that counts (numbering_heading()), in
 * rules or bold?
 */
static int
count_line(const struct md_state *st, unsigned long l)
{
	const char	*p = st->doc + line_start(st, l);
	const char	*e = st->doc + line_end(st, l);

	while (p < e && strchr("=-*_# \t", *p) != NULL)
		p++;
	while (e > p && strchr("=-*_:. \t", e[-1]) != NULL)
		e--;
	return p < e && numbering_heading(p, e);
}

/*
 * The length of the check mark that ends line l..l+len, "C) 50Ω ✓"
 * (U+2713, U+2714 with or without its emoji selector, U+2705), or a
 * cross in bold as a student ticks a box, "b) État de liens **X**",
 * with the spaces before it; or 0.
 */
static size_t
check_mark(const char *l, size_t len)
{
	static const char *const marks[] = { "\xe2\x9c\x93",
	    "\xe2\x9c\x94\xef\xb8\x8f", "\xe2\x9c\x94", "\xe2\x9c\x85",
	    "**X**", "**x**" };
	size_t		 i, m, k;

	for (i = 0; i < sizeof(marks) / sizeof(*marks); i++) {
		m = strlen(marks[i]);
		if (len <= m + 1 || memcmp(l + len - m, marks[i], m) != 0 ||
		    l[len - m - 1] != ' ')
			continue;
		for (k = m; k < len && l[len - k - 1] == ' '; k++)
			continue;
		return k;
	}
	return 0;
}

/* Whether an option's letter and its mark open p..p+n: "B) ", "c. ". */
static int
option_letter(const char *p, size_t n)
{
	return n > 3 && isalnum((unsigned char)p[0]) && (p[1] == ')' ||
	    p[1] == '.') && p[2] == ' ';
}

/*
 * Is a a list of lettered options and nothing else, "- A. ...", "- B.
 * ...", two or more from A, none marked as the right one (bold, a check
 * mark): a quiz's question whose answer the page does not give.
 */
static int
unmarked_options(const char *a)
{
	const char	*l;
	size_t		 len, n = 0;

	for (l = a; *l != '\0'; l += len + (l[len] == '\n'), n++) {
		len = strcspn(l, "\n");
		if (len < 6 || !bullet_opens(l, l + len) ||
		    !option_letter(l + 2, len - 2) ||
		    toupper((unsigned char)l[2]) != (int)('A' + n) ||
		    memmem(l, len, "**", 2) != NULL || check_mark(l, len) != 0)
			return 0;
	}
	return n >= 2;
}

/*
 * Is a a question, lines the last of which asks, over options to tick,
 * two or more and none ticked, "- [ ] Eine Art von Code-Kommentar": a
 * quiz that leaves its answers to the reader?
 */
static int
unticked_options(const char *a)
{
	const char	*l, *t;
	size_t		 len, n = 0;
	int		 asks = 0;

	for (l = a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (len >= 6 && bullet_opens(l, l + len) &&
		    strncmp(l + 2, "[ ] ", 4) == 0) {
			n++;
			continue;
		}
		if (n > 0)
			return 0;
		if (strspn(l, " \t\r") == len)
			continue;	/* a blank line before the boxes */
		for (t = l + len; t > l && strchr(" \t\r", t[-1]) != NULL;
		    t--)
			continue;
		asks = t > l && t[-1] == '?';
	}
	return asks && n >= 2;
}

/*
 * The box of a task list's item at s, "[ ] " or "[x] ", or escaped as
 * an editor saves it, "\[x] ", which shows the same: ' ' or 'x' for
 * one, its length and the blank's at *len; 0 for none.
 */
static int
task_box(const char *s, size_t *len)
{
	size_t	 esc = s[0] == '\\';

	s += esc;
	*len = 4 + esc;
	if (s[0] != '[' || s[1] == '\0' || s[2] != ']' || s[3] != ' ')
		return 0;
	return s[1] == ' ' ? ' ' : s[1] == 'x' || s[1] == 'X' ? 'x' : 0;
}

/*
 * Does a hold a list whose every item is a box and a lettered option,
 * "- [ ] A. ...", "- [x] B. ...", two or more: a quiz's, whose stem may
 * ask with no question mark, "The tools divide into"?
 */
static int
lettered_boxes(const char *a)
{
	const char	*l;
	size_t		 len, items = 0, box;

	for (l = a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (!bullet_opens(l, l + len))
			continue;
		if (len < 7 || task_box(l + 2, &box) == 0 || len < 3 + box ||
		    !option_letter(l + 2 + box, len - 2 - box))
			return 0;
		items++;
	}
	return items >= 2;
}

/*
 * A question over a list of options, one of them marked as the right
 * one, and two or more: the option in bold alone, "* **Napisem SAR**",
 * or followed by a note that calls it right, "(Risposta corretta)"
 * (cp_right_note()), or that note alone, or lettered and ending in a
 * check mark, "- C) 50Ω ✓" (a to-do list
 * ticks what is done, "- CI pipeline ✅", and asks nothing), or the
 * boxes ticked among the options' boxes, "- [x] A. Aquathletic", one or
 * more but not all (escaped as an editor saves them, "- \[x] ", too).
 * *a holds the options and what follows them; the question and its
 * options go on in *q, after gap, the marks left out, as they give the
 * answer away; the marked options' text, a line each, then whatever
 * follows the list (its "> " marks left out), is *a.  Frees what it
 * replaces; whether a was so.
 */
static int
marked_choice(char **q, char **a, const char *gap)
{
	struct cp_buf	 front = { 0 }, back = { 0 };
	const char	*l = *a, *list = NULL, *after = NULL, *text = NULL;
	const char	*open = NULL, *close = NULL, *t;
	size_t		 len, items = 0, marked = 0, olen = 0, clen = 0, k;
	size_t		 boxes = 0, box, ticked = 0, note, end, inside;

	for (; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (len > 2 && bullet_opens(l, l + len)) {
			if (after != NULL)
				return 0;	/* a second list */
			list = list == NULL ? l : list;
			items++;
			/* A task list's box, "- [x] A. Aquathletic". */
			if (len > 6 && (k = task_box(l + 2, &box)) != 0 &&
			    len > 2 + box) {
				boxes++;
				marked += k == 'x';	/* the list says which */
				continue;
			}
			/* Bold past the option's letter, "B) **Bowline**". */
			t = l + 2;
			if (option_letter(t, len - 2))
				t += 3;
			/*
			 * Or a note: "**C 80** (Risposta corretta)", or
			 * inside the bold, "**b) Text (Resposta Correta)**".
			 */
			note = cp_right_note(l, len);
			end = note > 2 ? note : len;
			inside = note == 0 && len > 4 &&
			    strncmp(l + len - 2, "**", 2) == 0 ?
			    cp_right_note(l, len - 2) : 0;
			if (l + end - t > 4 && strncmp(t, "**", 2) == 0 &&
			    strncmp(l + end - 2, "**", 2) == 0 &&
			    memmem(t + 2, (size_t)(l + end - t - 4), "**",
			    2) == NULL) {
				marked++;
				text = l + 2;
				open = t;
				olen = 2;
				close = l + (inside > 2 ? inside : end - 2);
				clen = len - (size_t)(close - l);
			} else if (note > 2) {
				marked++;
				text = open = l + 2;
				olen = 0;
				close = l + note;
				clen = len - note;
			} else if ((k = check_mark(l, len)) != 0 &&
			    len > k + 2 && option_letter(l + 2, len - 2)) {
				marked++;
				text = open = l + 2;
				olen = 0;
				close = l + len - k;
				clen = k;
			}
		} else if (list != NULL && after == NULL) {
			/* Blank lines part a loose list's items. */
			for (t = l; *t == '\n'; t++)
				continue;
			if (len == 0 && bullet_opens(t, t + strcspn(t, "\n")))
				continue;
			after = l;
		}
	}
	/* Boxes may tick several right options; other marks, one. */
	if (list == NULL || items < 2 || marked == 0 ||
	    (boxes > 0 && boxes != items) || (boxes == 0 && marked != 1) ||
	    marked == items)
		return 0;
	/* The mark gives the answer away: the question shows it plain. */
	l = after != NULL ? after : l;
	if (boxes > 0) {
		/* Every option loses its box, ticked or not. */
		cp_buf_printf(&front, "%s%s%.*s", *q, gap, (int)(list - *a),
		    *a);
		for (t = list; t < l; t += len + (t[len] == '\n')) {
			if ((len = strcspn(t, "\n")) == 0)
				continue;
			task_box(t + 2, &box);
			cp_buf_printf(&front, "%.2s%.*s\n", t,
			    (int)(len - 2 - box), t + 2 + box);
		}
	} else
		cp_buf_printf(&front, "%s%s%.*s%.*s%.*s", *q, gap,
		    (int)(open - *a), *a, (int)(close - open - olen),
		    open + olen, (int)(l - close - clen), close + clen);
	while (front.len > 0 && strchr(" \t\n", front.data[front.len - 1]))
		front.data[--front.len] = '\0';
	if (boxes > 0)
		/* The ticked options, a line each. */
		for (t = list; t < l; t += len + (t[len] == '\n')) {
			if ((len = strcspn(t, "\n")) == 0)
				continue;
			if (task_box(t + 2, &box) == 'x')
				cp_buf_printf(&back, "%s%.*s", ticked++ > 0 ?
				    "\n" : "", (int)(len - 2 - box),
				    t + 2 + box);
		}
	else
		cp_buf_printf(&back, "%.*s%.*s", (int)(open - text), text,
		    (int)(close - open - olen), open + olen);
	while (after != NULL && *after == '\n')
		after++;
	for (l = after; l != NULL && *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		cp_buf_addstr(&back, l == after ? "\n\n" : "\n");
		if (l[0] == '>')
			cp_buf_add(&back, l + 1 + (l[1] == ' '),
			    len - 1 - (l[1] == ' ' && len > 1));
		else
			cp_buf_add(&back, l, len);
	}
	while (back.len > 0 && strchr(" \t\n", back.data[back.len - 1]))
		back.data[--back.len] = '\0';
	free(*q);
	free(*a);
	*q = cp_buf_detach(&front);
	*a = cp_buf_detach(&back);
	return 1;
}

/*
 * A question over lettered options, "- A. ..." or "- [ ] A. ..." (boxes
 * and ticks as written), two or more, then only a quote or a callout
 * that gives the solution, "> [!tip]- Soluzione" over "> **Risposta
 * corretta: C**", or "> **Answer:** C" (a quote the question asks about
 * gives none).  The options go on in *q, as written, and the
 * quote's lines, "> " and a callout's title line left out, are *a.
 * Frees what it replaces; whether a was so.
 */
static int
solution_after_options(char **q, char **a)
{
	struct cp_buf	 front = { 0 }, back = { 0 };
	const char	*l, *quote = NULL, *t;
	size_t		 len, items = 0, box;

	for (l = *a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (quote == NULL && bullet_opens(l, l + len)) {
			t = l + 2;
			if (len > 6 && task_box(t, &box) != 0)
				t += box;
			if (!option_letter(t, (size_t)(l + len - t)) ||
			    toupper((unsigned char)*t) != (int)('A' + items))
				return 0;
			items++;
		} else if (len == strspn(l, " \t\r")) {
			if (items == 0)
				return 0;
		} else if (*l == '>' && items >= 2) {
			if (quote == NULL)
				quote = l;
		} else
			return 0;
	}
	if (quote == NULL)
		return 0;
	/* A callout, or a quote that opens with the answer's label. */
	len = strcspn(quote, "\n");
	t = quote + 1 + (len > 1 && quote[1] == ' ');
	if (strncmp(t, "[!", 2) != 0 && answer_label_at(t, quote + len) ==
	    NULL && !((strncmp(t, "**", 2) == 0 || strncmp(t, "__", 2) == 0) &&
	    answer_label_at(t + 2, quote + len) != NULL))
		return 0;
	cp_buf_printf(&front, "%s\n%.*s", *q, (int)(quote - *a), *a);
	while (front.len > 0 && strchr(" \t\n", front.data[front.len - 1]))
		front.data[--front.len] = '\0';
	for (l = quote; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		/* A blank line between the quote's paragraphs stays. */
		t = *l == '>' ? l + 1 + (len > 1 && l[1] == ' ') : l + len;
		if (l == quote && strncmp(t, "[!", 2) == 0)
			continue;	/* the callout's title */
		if (back.len > 0)
			cp_buf_addc(&back, '\n');
		cp_buf_add(&back, t, (size_t)(l + len - t));
	}
	while (back.len > 0 && strchr(" \t\n", back.data[back.len - 1]))
		back.data[--back.len] = '\0';
	free(*q);
	free(*a);
	*q = cp_buf_detach(&front);
	*a = cp_buf_detach(&back);
	return 1;
}

/*
 * "**Q1**: question" over options, no "A:" below: the options, from the
 * question's first line that opens a bullet, are what marked_choice()
 * reads.  Frees what it replaces; whether q was so.
 */
static int
labelled_choice(char **q, char **a)
{
	const char	*l;
	char		*ask, *options;
	size_t		 len;

	for (l = *q; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (l > *q && bullet_opens(l, l + len))
			break;
	}
	if (*l == '\0')
		return 0;
	len = (size_t)(l - *q);
	while (len > 0 && strchr(" \t\n", (*q)[len - 1]) != NULL)
		len--;
	ask = cp_xstrndup(*q, len);
	options = cp_xstrdup(l);
	if (!marked_choice(&ask, &options, "\n")) {
		free(ask);
		free(options);
		return 0;
	}
	free(*q);
	free(*a);
	*q = ask;
	*a = options;
	return 1;
}

/* Whether a blank line stands right above span s's first line of text. */
static int
blank_above(const struct md_state *st, struct span s)
{
	unsigned long	 l = line_of(st, s.from);

	while (l < line_of(st, s.to) &&
	    line_span(st, l).from == line_span(st, l).to)
		l++;
	return l > 1 && line_span(st, l - 1).from == line_span(st, l - 1).to;
}

/*
 * The indent all of span s's lines that hold text share, in bytes: the
 * lines of an answer set in inside "<details>", which no Markdown reads,
 * "    d. All of the above".
 */
static size_t
common_indent(const struct md_state *st, struct span s)
{
	unsigned long	 l;
	struct span	 t;
	size_t		 least = SIZE_MAX;

	for (l = line_of(st, s.from); l <= line_of(st, s.to); l++) {
		t = line_span(st, l);
		if (t.from != t.to && t.from - line_start(st, l) < least)
			least = t.from - line_start(st, l);
	}
	return least == SIZE_MAX ? 0 : least;
}

/*
 * Takes the marks of the headings a wrapped question heading went on in
 * off its text, in place: each line's "### " and the blanks ending the
 * line above.
 */
static void
unwrap_headings(char *q)
{
	char	*w = q, *p = q, *e;

	for (; *p != '\0'; p++) {
		if (*p != '\n') {
			*w++ = *p;
			continue;
		}
		while (w > q && (w[-1] == ' ' || w[-1] == '\t'))
			w--;
		/* A closing "###" ends the heading, no text of it. */
		for (e = w; e > q && e[-1] == '#'; e--)
			continue;
		if (e < w && e > q && (e[-1] == ' ' || e[-1] == '\t'))
			for (w = e; w > q && (w[-1] == ' ' || w[-1] == '\t');
			    w--)
				continue;
		*w++ = '\n';
		e = p + 1 + strspn(p + 1, "#");
		if (e > p + 1 && (*e == ' ' || *e == '\t'))
			p = e + strspn(e, " \t") - 1;
	}
	*w = '\0';
}

/*
 * Does p..e open with the word for an answer and the option it names in
 * bold, "**Réponse : 1**.", "**Answer B**": the key of a quiz's question,
 * its label part of the answer, as it names the option?
 */
static int
answer_key(const char *p, const char *e)
{
	const char *const	*w;
	const char		*t;
	size_t			 len, k;

	if (e - p < 6 || strncmp(p, "**", 2) != 0)
		return 0;
	for (w = cp_answer_words; *w != NULL; w++) {
		len = strlen(*w);
		if ((size_t)(e - p - 2) <= len ||
		    strncasecmp(p + 2, *w, len) != 0)
			continue;
		for (t = p + 2 + len; t < e && (*t == ' ' || *t == ':'); t++)
			continue;
		if (t == p + 2 + len)
			continue;
		for (k = 0; t + k < e && k < 3 && isalnum((unsigned char)t[k]);
		    k++)
			continue;
		if (k == 0 || (k > 1 && !isdigit((unsigned char)t[0])))
			continue;
		t += k;
		if (t < e && *t == '.')
			t++;
		/*
		 * "**Réponse : 1.**" or "**Réponse 4**.", a key; not
		 * "**Answer A** is a single word", prose.
		 */
		if (e - t >= 2 && strncmp(t, "**", 2) == 0 &&
		    (t[-1] == '.' || t + 2 == e || t[2] == '.' ||
		    t[2] == ':'))
			return 1;
	}
	return 0;
}

/*
 * Whether the text of s trails off in an ellipsis, "... adalah ...",
 * "The capital is …": a stem that its options complete.
 */
static int
trails_off(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	return (s.to - s.from >= 3 && (strncmp(st->doc + s.to - 3, "...",
	    3) == 0 || strncmp(st->doc + s.to - 3, "\xe2\x80\xa6", 3) == 0));
}

/*
 * Is n a paragraph of a verdict's word alone, "Falso", "True.": the
 * answer to a statement, which asks as a question does?
 */
static int
verdict_block(const struct md_state *st, cmark_node *n)
{
	struct span	 b;
	char		 low[16];

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	while (b.from < b.to && strchr(" \t\n", st->doc[b.from]) != NULL)
		b.from++;
	while (b.to > b.from && strchr(" \t\n.!", st->doc[b.to - 1]) != NULL)
		b.to--;
	if (b.to == b.from || b.to - b.from >= sizeof(low))
		return 0;
	cp_lower_prefix(st->doc + b.from, b.to - b.from, low, sizeof(low));
	return cp_word_among(low, strlen(low), cp_verdict_words);
}

/* Whether the text of s ends in "?" or its fullwidth kin. */
static int
ends_asking(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	return (s.to > s.from && st->doc[s.to - 1] == '?') ||
	    (s.to - s.from >= 3 && strncmp(st->doc + s.to - 3,
	    FULLWIDTH_QMARK, 3) == 0);
}

/*
 * Whether the text of s ends in "?" inside the emphasis that closes it
 * or not: "**1. What is a Pod?**".
 */
static int
ends_asking_within(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n*_", st->doc[s.to - 1]) != NULL)
		s.to--;
	return ends_asking(st, s);
}

/*
 * Whether the text of s asks, or ends in ':' as an instruction over
 * what it asks for does.
 */
static int
ends_asking_or_colon(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	return ends_asking(st, s) || (s.to > s.from &&
	    st->doc[s.to - 1] == ':');
}

/* Does line l open a list's item, "- ", "* " or "1. "? */
static int
list_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	return bullet_opens(st->doc + s.from, st->doc + s.to) ||
	    past_number(st, s) != NULL;
}

/* Does s, its white space aside, end in ':', "**전체 요약:**"? */
static int
ends_colon(const struct md_state *st, struct span s)
{
	while (s.to > s.from && strchr(" \t\n*_", st->doc[s.to - 1]) != NULL)
		s.to--;
	return s.to > s.from && st->doc[s.to - 1] == ':';
}

/* Does line l open a heading, "#### 요약:"? */
static int
heading_line(const struct md_state *st, unsigned long l)
{
	const char	*p = st->doc + line_start(st, l);
	size_t		 k = strspn(p, "#");

	return k >= 1 && k <= 6 && (p[k] == ' ' || p[k] == '\t');
}

/* Does line l label an answer, "**Answer:** ..."? */
static int
answer_label_line(const struct md_state *st, unsigned long l)
{
	struct span	 t = line_span(st, l);

	return answer_label_at(st->doc + t.from, st->doc + t.to) != NULL;
}

/* Is is() true of a line of s in no fence? */
static int
unfenced_line(const struct md_state *st, struct span s,
    int (*is)(const struct md_state *, unsigned long))
{
	unsigned long	 l;
	int		 fence = 0;

	if (s.from == s.to)
		return 0;
	for (l = line_of(st, s.from); l <= line_of(st, s.to); l++)
		if (fence_mark(st, l))
			fence = !fence;
		else if (!fence && is(st, l))
			return 1;
	return 0;
}

/*
 * A heading's task and, after a blank line, a line that labels the
 * answer, "**Odpowiedź:**", or gives its key, "**Réponse : 1**.": the
 * blocks above the label are more of the question (c's qbody), those
 * after it the answer, the key kept.  Labels in code are code.
 */
static void
label_parts(const struct md_state *st, struct dcard *c)
{
	unsigned long	 l, last = line_of(st, c->a.to), block = 0, l0;
	struct span	 s;
	const char	*p = NULL;
	int		 fence = 0;

	if (c->a.from == c->a.to)
		return;
	for (l = line_of(st, c->a.from); l <= last; l++) {
		/* Where the last block after a blank line starts. */
		if (!fence && l > line_of(st, c->a.from) &&
		    line_start(st, l) != line_end(st, l) &&
		    line_start(st, l - 1) == line_end(st, l - 1))
			block = l;
		if (fence_mark(st, l)) {
			fence = !fence;
			continue;
		}
		s = line_span(st, l);
		if (!fence && l > line_of(st, c->a.from) &&
		    line_start(st, l - 1) == line_end(st, l - 1) &&
		    ((p = answer_label_at(st->doc + s.from,
		    st->doc + s.to)) != NULL || answer_key(p = past_pictographs(
		    st->doc + s.from, st->doc + s.to), st->doc + s.to)))
			break;
	}
	if (l > last && block != 0 && !fence &&
	    numbering_heading(st->doc + c->q.from, st->doc + c->q.to) &&
	    ((fence_mark(st, block) && fence_mark(st, text_end_line(st,
	    c->a))) || (!list_line(st, block) && ends_asking_or_colon(st,
	    line_span(st, text_end_line(st, (struct span){ c->a.from,
	    line_start(st, block) })))))) {
		/*
		 * "### Vraag 2" over the question, then one block that
		 * answers it: a fence, or a block under a question that
		 * asks or ends in ':' (not a list: its options).
		 */
		l = block;
		p = st->doc + line_start(st, l);
	}
	l0 = line_of(st, c->a.from);
	s = line_span(st, l0);
	if (l > last && l0 < last && fence_mark(st, l0 + 1) &&
	    fence_mark(st, text_end_line(st, c->a)) &&
	    word_label_at(st->doc + s.from, st->doc + s.to,
	    numbering_words) != NULL) {
		/*
		 * "### Pertanyaan 1.1: Daftar Tabel" over "**Pertanyaan:**
		 * question" over a fence: the labelled line asks, the fence
		 * answers, the heading names the item.
		 */
		l = l0 + 1;
		p = st->doc + line_start(st, l);
		c->labelled_q = 1;
	}
	if (l > last)
		return;
	c->qbody.from = c->a.from;
	c->qbody.to = line_end(st, l - 1);
	c->a.from = (size_t)(p - st->doc);
	c->split = 1;
}

/*
 * Is line l, its white space aside, a line of navigation: a link to a
 * place of the page in it, "[к оглавлению](#Журналирование)", "> [Top]
 * (#8-javascript) [Back](https://...)"?  The line's text is *t.
 */
static int
page_link_line(const struct md_state *st, unsigned long l, struct span *t)
{
	*t = line_span(st, l);
	while (t->from < t->to && strchr(" \t", st->doc[t->from]) != NULL)
		t->from++;
	while (t->to > t->from && strchr(" \t", st->doc[t->to - 1]) != NULL)
		t->to--;
	return span_find(st, *t, "](#") != NULL;
}

/* A line's text, as find_nav_link() sorts them. */
struct line_text {
	const char	*p;
	size_t		 n;
	struct span	 at;
};

static int
line_text_cmp(const void *x, const void *y)
{
	const struct line_text	*a = x, *b = y;
	int			 c;

	if ((c = memcmp(a->p, b->p, a->n < b->n ? a->n : b->n)) != 0)
		return c;
	return a->n < b->n ? -1 : a->n > b->n;
}

/*
 * A page of questions may close each answer with a line of navigation,
 * the same each time, "[к оглавлению](#Журналирование)": where one
 * such line (page_link_line) stands three times or more, the most
 * repeated is the page's navigation (st->nav), no text of any answer
 * (a table of contents links each place once).  n log n in the lines.
 */
static void
find_nav_link(struct md_state *st)
{
	struct line_text	*t;
	struct span		 one;
	unsigned long		 l;
	size_t			 n = 0, i, j, best = 0;

	t = cp_xreallocarray(NULL, st->nlines + 1, sizeof(*t));
	for (l = 1; l <= st->nlines; l++)
		if (page_link_line(st, l, &one)) {
			t[n].p = st->doc + one.from;
			t[n].n = one.to - one.from;
			t[n++].at = one;
		}
	qsort(t, n, sizeof(*t), line_text_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && line_text_cmp(&t[i], &t[j]) == 0; j++)
			continue;
		if (j - i > best) {
			best = j - i;
			st->nav = t[i].at;
		}
	}
	if (best < 3)
		st->nav.from = st->nav.to = 0;
	free(t);
}

/*
 * Takes the word for a question and its colon, "Frage:", "**Pergunta:**",
 * out of the front of s, unless nothing follows it.
 */
static void
drop_question_label(char *s)
{
	const char	*p;

	if ((p = word_label_at(s, s + strlen(s), numbering_words)) == NULL ||
	    *p == '\0')
		return;
	/* "**질문**:" over one item, "- q": the item is the question. */
	if (*p == '\n' && bullet_opens(p + 1, p + strlen(p)) &&
	    strchr(p + 1, '\n') == NULL)
		p += 3;
	memmove(s, p, strlen(p) + 1);
}

/*
 * The length of the heading's mark, "#### ", that opens collapsed card
 * c's answer, or 0: inside "<details>" a heading only sets the answer's
 * first line large.
 */
static size_t
atx_mark(const struct md_state *st, const struct dcard *c)
{
	size_t	 k;

	if (!c->details)
		return 0;
	k = strspn(st->doc + c->a.from, "#");
	return k >= 1 && k <= 6 && c->a.from + k < c->a.to &&
	    st->doc[c->a.from + k] == ' ' ? k + 1 : 0;
}

/* The names of a card's front, and of its back, in a dozen languages. */
static const char *const front_names[] = {
	"question", "front", "frente", "pregunta", "pergunta", "domanda",
	"frage", "vorderseite", "vraag", "recto", "anverso", "вопрос",
	"Вопрос", "питання", "Питання", "otázka", "pytanie", "soru", "问题",
	"질문", "正面", "câu hỏi", NULL
};
static const char *const back_names[] = {
	"back", "verso", "reverso", "rückseite", "achterkant", "背面",
	"答案", "câu trả lời", NULL
};

/*
 * Past the bold label of a card's side opening p..e, "**Front:**" or
 * "**Back**:" and the white space after it, when names holds its word;
 * else NULL.
 */
static const char *
past_side_label(const char *p, const char *e, const char *const *names)
{
	const char	*w, *t;
	size_t		 k;

	if ((k = bold_label(p, e)) != 0) {
		if (!cp_word_among(p + 2, k, names))
			return NULL;
		p += 2 + k + 3;
	} else {
		/*
		 * "**正面** — ..." or "**答案**" alone on its line: a dash
		 * after the bold, or nothing.
		 */
		if ((w = past_bold(p, e)) == NULL)
			return NULL;
		for (t = w; t < e && cp_word_byte((unsigned char)*t); t++)
			continue;
		if (t == w || past_bold(t, e) == NULL ||
		    !cp_word_among(w, (size_t)(t - w), names))
			return NULL;
		for (p = t + 2; p < e && (*p == ' ' || *p == '\t'); p++)
			continue;
		if (e - p >= 3 && (memcmp(p, "\xe2\x80\x94", 3) == 0 ||
		    memcmp(p, "\xe2\x80\x93", 3) == 0))
			p += 3;
		else if (p < e && *p != '\n')
			return NULL;
	}
	for (; p < e && strchr(" \t\n", *p) != NULL; p++)
		continue;
	return p;
}

/*
 * A heading's card whose body holds its own sides, "**Front:**" over
 * the question, then a line "**Back:**" over the answer, as decks kept
 * for Anki by hand set them ("**正面** —" over "**答案** —" too): the
 * heading only titles the card.  Sets *front to the question's text and
 * c's answer to the back's; whether it did.
 */
static int
side_labels(const struct md_state *st, struct dcard *c, struct span *front)
{
	const char	*p = st->doc + c->a.from, *e = st->doc + c->a.to;
	const char	*b, *t;

	while (p < e && strchr(" \t\n", *p) != NULL)
		p++;
	if ((p = past_side_label(p, e, front_names)) == NULL)
		return 0;
	for (b = p; (b = memchr(b, '\n', (size_t)(e - b))) != NULL; )
		if ((t = past_side_label(++b, e, back_names)) != NULL)
			break;
	if (b == NULL || t == e)
		return 0;
	front->from = (size_t)(p - st->doc);
	front->to = (size_t)(b - st->doc);
	c->a.from = (size_t)(t - st->doc);
	return 1;
}

/*
 * Takes off the start of answer a a line in italics alone that names
 * the note's type and id, "*Basic · id 1760207386105*": an export's
 * record of where the card came from in Anki (an id of ten digits or
 * more), no text of it.  Said once: every card of such an export has one.
 */
static void
drop_id_line(struct cp_reader *r, struct span *a)
{
	static const char	 mark[] = " \xc2\xb7 id ";	/* " · id " */
	struct md_state		*st = r->state;
	const char		*p = st->doc + a->from, *e = st->doc + a->to;
	const char		*l, *id;
	size_t			 n, digits;

	while (p < e && strchr(" \t\n", *p) != NULL)
		p++;
	if ((l = memchr(p, '\n', (size_t)(e - p))) == NULL)
		l = e;
	n = (size_t)(l - p);
	/* "*Note type · id digits*": the export's shape, nothing else. */
	if (n < 8 || (*p != '*' && *p != '_') || p[1] == *p ||
	    p[n - 1] != *p ||
	    (id = memmem(p, n, mark, sizeof(mark) - 1)) == NULL)
		return;
	id += sizeof(mark) - 1;
	digits = strspn(id, "0123456789");
	if (digits < 10 || id + digits != p + n - 1)
		return;
	if (!st->id_line_said)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    line_of(st, (size_t)(p - st->doc)), 0, "\"%.*s\" opens "
		    "the answer: the note's id in the export it came from, no "
		    "text of it; left out here and on every card so opened",
		    (int)n, p);
	st->id_line_said = 1;
	a->from = (size_t)(l - st->doc);
}

/*
 * Is n a list of two items or more, some of them ticked at their line's
 * end, "- `val x = 1` ✅" (check_mark()), and some not?
 */
static int
checked_list(const struct md_state *st, cmark_node *n)
{
	cmark_node	*item;
	struct span	 s;
	size_t		 items = 0, ticked = 0;

	if (cmark_node_get_type(n) != CMARK_NODE_LIST)
		return 0;
	for (item = cmark_node_first_child(n); item != NULL;
	    item = cmark_node_next(item), items++) {
		s = line_span(st, (unsigned long)cmark_node_get_start_line(
		    item));
		ticked += check_mark(st->doc + s.from, s.to - s.from) != 0;
	}
	return items >= 2 && ticked > 0 && ticked < items;
}

/*
 * A heading's question over its options, the right ones ticked at their
 * end, "- `val x = 1` ✅", on a page of three such lists or more (the
 * heading asks or is numbered, "#### 2. Use `var` ..."; a to-do list
 * ticks what is done under "## Done"): the
 * question, any line under it and the options without their ticks are
 * the front; the ticked options, a line each and their bullets kept,
 * the back.  Options with more below them are none.  Frees what it
 * replaces; whether *a was so.
 */
static int
checked_options(char **q, char **a)
{
	struct cp_buf	 front = { 0 }, back = { 0 };
	const char	*l, *list = NULL;
	size_t		 len, items = 0, ticked = 0, k;

	for (l = *a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (len > 2 && bullet_opens(l, l + len)) {
			list = list == NULL ? l : list;
			items++;
			ticked += check_mark(l, len) != 0;
		} else if (list != NULL && len > 0)
			return 0;
	}
	if (list == NULL || items < 2 || ticked == 0)
		return 0;
	cp_buf_printf(&front, "%s\n\n%.*s", *q, (int)(list - *a), *a);
	for (l = list; *l != '\0'; l += len + (l[len] == '\n')) {
		if ((len = strcspn(l, "\n")) == 0)
			continue;
		k = check_mark(l, len);
		cp_buf_printf(&front, "%.*s\n", (int)(len - k), l);
		if (k > 0)
			cp_buf_printf(&back, "%s%.*s", back.len > 0 ? "\n" :
			    "", (int)(len - k), l);
	}
	while (front.len > 0 && front.data[front.len - 1] == '\n')
		front.data[--front.len] = '\0';
	free(*q);
	free(*a);
	*q = cp_buf_detach(&front);
	*a = cp_buf_detach(&back);
	return 1;
}

/*
 * The page's lists some of whose items are ticked (checked_list()),
 * counted on the first call.
 */
static long
count_checked_lists(struct md_state *st)
{
	cmark_node	*n;

	if (st->checked_lists >= 0)
		return st->checked_lists;
	st->checked_lists = 0;
	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n))
		st->checked_lists += checked_list(st, n);
	return st->checked_lists;
}

/*
 * Where s's last block, past a blank line, is a quote and nothing else,
 * every line of it opening with '>', and no remark ("> Note: ..."): its
 * offset; else 0.
 */
static size_t
quote_last(const char *s)
{
	const char	*b = NULL, *p;

	for (p = s; (p = strstr(p, "\n\n")) != NULL; p++)
		b = p + 2;
	if (b == NULL)
		return 0;
	b += strspn(b, "\n");
	if (*b != '>' || quote_remark(b))
		return 0;
	for (p = b; (p = strchr(p, '\n')) != NULL; )
		if (*++p != '>' && *p != '\0')
			return 0;
	return (size_t)(b - s);
}

/*
 * Is line l the page's navigation link (find_nav_link)?  Said once, as
 * it is taken off an answer's end.
 */
static int
nav_line(struct cp_reader *r, unsigned long l)
{
	struct md_state	*st = r->state;
	struct span	 t;

	if (st->nav.from == st->nav.to || !page_link_line(st, l, &t) ||
	    t.to - t.from != st->nav.to - st->nav.from ||
	    memcmp(st->doc + t.from, st->doc + st->nav.from,
	    t.to - t.from) != 0)
		return 0;
	if (!st->nav_said)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0, "\"%.*s\" "
		    "closes three answers or more: the page's link back to "
		    "its contents, no text of them; left out",
		    (int)(t.to - t.from), st->doc + t.from);
	st->nav_said = 1;
	return 1;
}

/*
 * Takes the page's navigation link off the end of answer a, with the
 * blank lines above it.
 */
static void
drop_nav_link(struct cp_reader *r, struct span *a)
{
	struct md_state	*st = r->state;
	unsigned long	 l;

	if (a->from >= a->to)
		return;
	l = text_end_line(st, *a);
	if (l > line_of(st, a->from) && nav_line(r, l))
		a->to = line_start(st, l);
}

static void	 drop_heading_field(struct cp_reader *, struct span *);
static int	 summary_is_label(const char *, const char *);

/*
 * Takes the marks of a container round all of answer a, "::: details
 * Answer" over it and ":::" under it (container_mark()), out of it:
 * VitePress's markup, which folds the answer away; said once.  What
 * the container holds, containers of its own too, stays.
 */
static void
drop_container(struct cp_reader *r, struct span *a)
{
	struct md_state	*st = r->state;
	struct span	 s;
	unsigned long	 first, last;
	size_t		 n;

	if (a->from >= a->to)
		return;
	first = line_of(st, a->from);
	last = text_end_line(st, *a);
	s = line_span(st, first);
	if (last <= first + 1 || (n = container_mark(st->doc + s.from,
	    st->doc + s.to)) == 0 || s.from + n == s.to)
		return;
	s = line_span(st, last);
	if (container_mark(st->doc + s.from, st->doc + s.to) != s.to - s.from)
		return;
	warn_once(r, &st->container_said, first, "a container's marks, "
	    "\"::: details ...\" over the answer and \":::\" under it: "
	    "markup that folds the answer away, no text of it; left out, "
	    "here and below");
	a->from = line_start(st, first + 1);
	a->to = line_end(st, last - 1);
}

/*
 * Where p opens an HTML tag named name, "<div class=...>": past its
 * '>', else NULL.
 */
static const char *
past_tag(const char *p, const char *e, const char *name)
{
	size_t	 n = strlen(name);
	const char	*g;

	if (e - p < (ptrdiff_t)n + 2 || p[0] != '<' ||
	    strncasecmp(p + 1, name, n) != 0 || (p[n + 1] != '>' &&
	    p[n + 1] != ' ') || (g = memchr(p, '>', (size_t)(e - p))) == NULL)
		return NULL;
	for (g++; g < e && isspace((unsigned char)*g); g++)
		continue;
	return g;
}

/*
 * Where block b opens element name, "<style>", the whole element: b to
 * the line of its closing tag, "</style>", and 1; else 0.
 */
static int
element_end(const struct md_state *st, struct span *b, const char *name)
{
	char		 close[16];
	const char	*c;
	size_t		 n;

	if (past_tag(st->doc + b->from, st->doc + b->to, name) == NULL)
		return 0;
	n = (size_t)snprintf(close, sizeof(close), "</%s>", name);
	if ((c = memmem(st->doc + b->from, st->len - b->from, close, n)) ==
	    NULL)
		return 0;
	b->to = line_end(st, line_of(st, (size_t)(c - st->doc)));
	return 1;
}

/*
 * Takes a page's own folding of answer a out of it: "<div ...><button
 * ...>Show/Hide Answer</button><div ...>" over the answer and
 * "</div></div>" under it, a button that says it shows the answer
 * (summary_is_label()) and the block it shows; said once.  The answer's
 * own HTML stays.
 */
static void
drop_toggle(struct cp_reader *r, struct span *a)
{
	struct md_state	*st = r->state;
	const char	*p = st->doc + a->from, *e = st->doc + a->to, *b, *be;

	while (p < e && isspace((unsigned char)*p))
		p++;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if ((p = past_tag(p, e, "div")) == NULL ||
	    (b = past_tag(p, e, "button")) == NULL ||
	    (be = memmem(b, (size_t)(e - b), "</button>", 9)) == NULL ||
	    !summary_is_label(b, be) ||
	    (p = past_tag(be + 9 + strspn(be + 9, " \t\n"), e, "div")) ==
	    NULL || e - p < 12 || strncasecmp(e - 6, "</div>", 6) != 0)
		return;
	for (e -= 6; e > p && isspace((unsigned char)e[-1]); e--)
		continue;
	if (e - p < 6 || strncasecmp(e - 6, "</div>", 6) != 0)
		return;
	warn_once(r, &st->toggle_said, line_of(st, a->from), "a button "
	    "that shows the answer and the block it shows, \"<div><button>"
	    "...</button><div>\" round it: the page's markup, no text of "
	    "it; left out, here and below");
	a->from = (size_t)(p - st->doc);
	a->to = (size_t)(e - 6 - st->doc);
}

/*
 * A folded answer a that opens with a heading that only labels the
 * answer ("### 정답"), perhaps under empty parts of a template, headings
 * over nothing and fences that hold nothing ("### 코드" over "```js"
 * "```"): starts a past that heading, the template's parts and the label
 * no text of it.  Said once.
 */
static void
drop_template_parts(struct cp_reader *r, struct span *a)
{
	struct md_state	*st = r->state;
	unsigned long	 l, last = text_end_line(st, *a), fence = 0;
	struct span	 s, q;
	const char	*p;
	size_t		 hashes, parts = 0;

	for (l = line_of(st, a->from); l <= last; l++) {
		s = line_span(st, l);
		p = st->doc + s.from + strspn(st->doc + s.from, " \t");
		if (p == st->doc + s.to)
			continue;
		if (strncmp(p, "```", 3) == 0) {
			/* An opening fence must close on the next line. */
			if (fence != 0 && l == fence + 1)
				fence = 0;
			else if (fence == 0)
				fence = l;
			else
				return;
			parts++;
			continue;
		}
		/* An ATX heading, "### ...", no "#include". */
		hashes = strspn(p, "#");
		if (fence != 0 || hashes == 0 || hashes > 6 ||
		    (p + hashes < st->doc + s.to && p[hashes] != ' ' &&
		    p[hashes] != '\t'))
			return;
		q.from = (size_t)(p + hashes - st->doc);
		q.from += strspn(st->doc + q.from, " \t");
		q.to = s.to;
		if (!answer_label_heading(st, q)) {
			parts++;
			continue;
		}
		if (l == last)
			return;
		if (parts > 0)
			warn_once(r, &st->template_said, line_of(st, a->from),
			    "a folded answer's empty parts, headings over "
			    "nothing, over a heading that labels the answer: "
			    "a template's, no text of it; left out, here and "
			    "below");
		else
			warn_once(r, &st->template_said, l, "a heading that "
			    "only labels a folded answer, \"### Answer\": no "
			    "text of it; left out, here and below");
		a->from = line_start(st, l + 1);
		return;
	}
}

/*
 * How many lines a holds when each is one line at the margin, none an
 * answer's label, and half of them or more a list's items, "- 浏览器缓存",
 * or all of them one paragraph of three lines or more: a list of what
 * the author means to look at; else 0.  (Lines of paragraphs apart, a
 * sentence over its translation, are no such list.)
 */
static size_t
one_line_items(const char *a)
{
	const char	*p, *e;
	size_t		 n = 0, items = 0, blocks = 0, k;
	int		 gap = 1;

	for (p = a; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		e = p + strcspn(p, "\n");
		if (p + strspn(p, " \t") == e) {
			gap = 1;
			continue;
		}
		if (*p == ' ' || *p == '\t' || answer_label_at(p, e) != NULL)
			return 0;
		blocks += gap;
		gap = 0;
		n++;
		k = strspn(p, "0123456789");
		items += bullet_opens(p, e) || (k > 0 && k < 4 && p + k + 1 <
		    e && (p[k] == '.' || p[k] == ')') && p[k + 1] == ' ');
	}
	return 2 * items >= n || (blocks == 1 && n >= 3) ? n : 0;
}

/*
 * Takes a thematic break, "---", off the end of span s with the blank
 * lines above it: a rule that parts a question's options from the
 * answer's label under it, no text of the question.
 */
static void
drop_end_rule(const struct md_state *st, struct span *s)
{
	unsigned long	 l;
	struct span	 t;
	size_t		 k, marks = 0;

	if (s->from >= s->to)
		return;
	l = text_end_line(st, *s);
	t = line_span(st, l);
	for (k = t.from; k < t.to; k++)
		if (st->doc[k] == st->doc[t.from])
			marks++;
		else if (st->doc[k] != ' ' && st->doc[k] != '\t')
			return;
	if (marks < 3 || strchr("-*_", st->doc[t.from]) == NULL ||
	    l <= line_of(st, s->from))
		return;
	s->to = line_end(st, l - 1);
	while (s->to > s->from && strchr(" \t\n", st->doc[s->to - 1]) != NULL)
		s->to--;
}

/*
 * Is what span a holds past the end of its first line, blank lines
 * aside, one block quote, every line of text opening with '>'?  Then a
 * starts at the quote's first line.
 */
static int
quote_below(const struct md_state *st, struct span *a)
{
	unsigned long	 l, last, first = 0;
	struct span	 s;

	if (a->from >= a->to)
		return 0;
	last = text_end_line(st, *a);
	for (l = line_of(st, a->from); l <= last; l++) {
		s = line_span(st, l);
		if (l == line_of(st, a->from) && s.from < a->from)
			s.from = a->from;
		if (s.from >= s.to)
			continue;
		if (st->doc[s.from] != '>')
			return 0;
		if (first == 0)
			first = l;
	}
	if (first == 0)
		return 0;
	a->from = line_start(st, first);
	return 1;
}

static void
finish_card(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 spaced, sides;
	char		*q, *a;
	const char	*p, *why;
	size_t		 k;
	int		 numbered;

	if (!c->open)
		return;
	c->open = 0;
	if (c->section) {
		if (c->a.from != c->a.to)
			skipped(r, c->a, c->reference ? "a heading over no "
			    "field headings, in a page whose notes are titled "
			    "over theirs: the page's notes, not a card" :
			    "a section of links or notes, not a card");
		return;
	}
	if (c->tagspan.to != 0) {
		flashcards_card(r);
		return;
	}
	if (c->heading && !c->bold && st->mkdocs_questions >= 2) {
		/* MkDocs' "??? question" blocks are the page's cards. */
		if (c->a.from != c->a.to)
			skipped(r, c->a, "a section beside MkDocs' question "
			    "blocks, the page's cards: notes, not a card");
		return;
	}
	if (c->heading && !c->split && !c->q_label &&
	    c->qbody.from == c->qbody.to) {
		label_parts(st, c);
		/*
		 * Half the headings over an answer's label, three or more:
		 * one over none that asks nothing, a section's title ending
		 * in ':' or over headings of its own, is the page's note (a
		 * task's heading over a table, "Difference between ...",
		 * stays a card).
		 */
		if (!c->split && st->answered_heads >= 3 &&
		    2 * st->answered_heads >= st->head_lines &&
		    !ends_asking_within(st, c->q) &&
		    !unfenced_line(st, c->a, answer_label_line) &&
		    (ends_colon(st, c->q) ||
		    unfenced_line(st, c->a, heading_line))) {
			skipped(r, c->q, "a heading that asks nothing over no "
			    "answer's label, in a page whose headings label "
			    "their answers: a note, not a card");
			return;
		}
	}
	if (c->labelled) {
		closing_bold(st, &c->q);
		closing_bold(st, &c->a);
	}
	q = span_text(st, c->q);
	if (c->wrapped)
		unwrap_headings(q);
	if (c->heading && c->qbody.from != c->qbody.to)
		drop_heading_field(r, &c->qbody);
	if (c->heading)
		drop_end_rule(st, &c->qbody);
	if (c->qbody.from != c->qbody.to && (c->labelled_q ||
	    numbering_heading(q, q + strlen(q)))) {
		/*
		 * "Question 1." over the question: the text asks, its
		 * label, "**Pergunta:**", no text of it.
		 */
		free(q);
		q = span_text(st, c->qbody);
		drop_question_label(q);
	} else if (c->qbody.from != c->qbody.to) {
		/*
		 * A question longer than its heading, "**Question** :"
		 * labelling it no text of it.
		 */
		struct cp_buf	 b = { 0 };
		char		*body = span_text(st, c->qbody);

		drop_question_label(body);
		cp_buf_printf(&b, "%s\n\n%s", q, body);
		free(q);
		free(body);
		q = cp_buf_detach(&b);
	}
	if (st->aosr_ids && c->a.from != c->a.to &&
	    line_is(st, line_of(st, c->a.to), "#/Q"))
		/* AOSR's end of a card that may hold blank lines. */
		c->a.to = line_start(st, line_of(st, c->a.to));
	end_mark(r, c);
	drop_nav_link(r, &c->a);
	if (c->heading) {
		drop_id_line(r, &c->a);
		drop_container(r, &c->a);
		drop_toggle(r, &c->a);
	}
	if (c->details)
		drop_template_parts(r, &c->a);
	if (c->heading && !c->split && c->qbody.from == c->qbody.to &&
	    side_labels(st, c, &sides)) {
		warn_once(r, &st->sides_said, line_of(st, c->q.from), "a "
		    "heading over \"**Front:**\" and \"**Back:**\" titles the "
		    "card they write: the heading left out, the front the "
		    "question, the back the answer");
		free(q);
		q = span_text(st, sides);
	}
	if (c->q_label && (p = after_prefix(st, st->doc + c->a.from, st->doc +
	    c->a.to, 'A')) != NULL)
		c->a.from = (size_t)(p - st->doc);
	else if ((c->heading || c->details) && !c->sides &&
	    (p = answer_label_at(st->doc + c->a.from + atx_mark(st, c),
	    st->doc + c->a.to)) != NULL) {
		/*
		 * "**Answer:**" opening a heading's answer is its label, as
		 * is "#### Answer: D" opening a collapsed one.
		 */
		c->a.from = (size_t)(p - st->doc);
		/* And "## Frage: question" over it has one too. */
		if (c->heading)
			drop_question_label(q);
		/* "**Trả lời:**" over a quote: the quote answers, '>' no text. */
		if (c->heading && !c->quoted && quote_below(st, &c->a))
			c->quoted = 1;
	}
	/*
	 * "<br>" lines that space the page's sections: no answer.  (Spaces
	 * alone that open it may set in its code.)
	 */
	spaced = c->a;
	trim_breaks(st, &spaced);
	/* What went is break tags and spaces: a '<' says a tag went. */
	if (c->heading && spaced.from != c->a.from && span_find(st,
	    (struct span){ c->a.from, spaced.from }, "<") != NULL)
		c->a.from = spaced.from;
	if ((c->heading || c->item) && spaced.to != c->a.to)
		c->a.to = spaced.to;
	a = c->quoted ? lines_text(st, line_of(st, c->a.from),
	    text_end_line(st, c->a), 1) : span_text(st, c->a);
	/*
	 * An HTML block's lines set in by four spaces or more right under
	 * the summary, which no Markdown reads: their own indent, else
	 * code.  (Fewer spaces span_text() sets out; after a blank line
	 * they are an indented code block, code.)
	 */
	if (c->details && c->outdent == 0 &&
	    (k = common_indent(st, c->a)) >= 4 && !blank_above(st, c->a))
		c->outdent = k;
	if (c->outdent > 0)
		a = set_out_of_item(a, c->outdent);
	if ((c->details || c->boxed) && (k = strspn(a, " \t")) > 0) {
		k = k < c->outdent ? k : c->outdent;
		memmove(a, a + k, strlen(a + k) + 1);
	}
	/*
	 * One bullet's option is the answer, "- b. False": no list (a
	 * bullet's own text, "- Header", stays as written).
	 */
	if (c->details && bullet_opens(a, a + strlen(a)) &&
	    strchr(a, '\n') == NULL && option_letter(a + 2, strlen(a + 2)))
		memmove(a, a + 2, strlen(a + 2) + 1);
	if (c->heading && !c->split && *a == '\0' &&
	    !cp_anki_cloze(q, strlen(q))) {
		/*
		 * A heading with no answer titles the cards below it; one
		 * that asks is a question the file leaves unanswered.
		 */
		if (ends_asking(st, c->q) && !c->headed)
			skipped(r, c->q, "a question heading with nothing "
			    "under it, no answer: not a card");
		free(q);
		free(a);
		return;
	}
	if ((p = answer_label_at(a, a + strlen(a))) != NULL &&
	    p[strspn(p, " \t\n")] == '\0')
		why = "an answer's label with nothing after it: the question "
		    "left unanswered, not a card";
	else if (c->details && !c->split && !ends_asking(st, c->q) &&
	    link_list(a))
		why = "a folded list of links under a summary that asks "
		    "nothing: the page's way to other pages, not a card";
	else if (c->details && !c->split && follow_ups(q, a))
		why = "a folded list of questions under a question, its "
		    "follow-ups, none answered: not a card";
	else if (c->heading && !c->split && !ends_asking(st, c->q) &&
	    list_asks(st, c->a, 0))
		why = "only questions under a heading that asks nothing, none "
		    "answered: not a card";
	else if (c->heading && !c->split && c->qbody.from == c->qbody.to &&
	    bare_number(st->doc + c->q.from, st->doc + c->q.to) &&
	    one_line_items(a) >= 2)
		why = "a heading that is a number alone over lines of one "
		    "line each, none labelled: a list the author numbered, "
		    "no question, not a card";
	else if (c->heading && !c->split)
		why = no_answer(a);
	else
		why = NULL;
	if (why != NULL) {
		skipped(r, c->a, why);
		free(q);
		free(a);
		return;
	}
	numbered = c->heading && numbering_heading(st->doc + c->q.from,
	    st->doc + c->q.to);
	/*
	 * The options right under a heading that asks, or under a question
	 * that opens its answer (a heading that numbers it, or a first line
	 * asking).
	 */
	if (c->item && st->dialect == D_PLAIN && (ends_asking(st, c->q) ||
	    trails_off(st, c->q) || ends_colon(st, c->q)) &&
	    bullet_opens(a, a + strcspn(a, "\n")) &&
	    marked_choice(&q, &a, "\n\n"))
		warn_once(r, &st->item_choice_said, c->line, "a numbered "
		    "question over options, the right one marked (bold or "
		    "checked; boxes may tick several): the options ask with "
		    "the question, the marked ones are the answer");
	else if (c->heading && !c->split && st->dialect == D_PLAIN &&
	    (bullet_opens(a, a + strcspn(a, "\n")) ? !numbered &&
	    (ends_asking(st, c->q) || trails_off(st, c->q) ||
	    st->box_quiz) : numbered ||
	    holds_question_mark(a, a +
	    strcspn(a, "\n")) || lettered_boxes(a)) &&
	    marked_choice(&q, &a, "\n\n")) {
		warn_once(r, &st->choice_said, c->line, "a heading's "
		    "question over options, the right one marked (bold or "
		    "checked; boxes may tick several): the options ask with "
		    "the question, the marked ones are the answer");
		/* "## Pytanie PL100-0126" only numbers it. */
		if (numbered) {
			k = strcspn(q, "\n");
			k += strspn(q + k, "\n");
			memmove(q, q + k, strlen(q + k) + 1);
		}
	}
	else if (c->heading && !c->split && st->dialect == D_PLAIN &&
	    (ends_asking(st, c->q) || past_number(st, c->q) != NULL) &&
	    count_checked_lists(st) >= 3 && checked_options(&q, &a))
		warn_once(r, &st->checked_said, c->line, "a heading's "
		    "question over options, the right ones ticked at their end "
		    "(\"✅\"), on a page of such lists: the options ask with "
		    "the question, the ticked ones are the answer");
	if (st->dialect == D_PLAIN && solution_after_options(&q, &a))
		warn_once(r, &st->solution_said, c->line, "a question over "
		    "lettered options, then a quote or a callout: the options "
		    "ask with the question, the quote is the answer");
	if (c->sides) {
		/* The line of its text, not of the label. */
		struct span	 t = c->q;

		while (t.from < t.to && strchr(" \t\n", st->doc[t.from]))
			t.from++;
		st->sided = 1;
		push_card(r, q, a, c->reversed, st->note_tags, t.from < t.to ?
		    line_of(st, t.from) : c->line);
		st->sided = 0;
		free(st->note_tags);
		st->note_tags = NULL;
		st->note_reversed = 0;
		return;
	}
	if (c->labelled && c->awaiting && *a == '\0' && labelled_choice(&q,
	    &a))
		warn_once(r, &st->labelled_choice_said, c->line, "a labelled "
		    "question over options, one of them marked (bold or "
		    "checked), and no answer's label: the options ask with the "
		    "question, the marked one is the answer");
	else if (c->labelled && c->awaiting && *a == '\0' &&
	    (k = quote_last(q)) > 0) {
		/* "**Q3.** ..." over "> 💡 ...": the quote answers. */
		warn_once(r, &st->quote_answer_said, c->line, "a labelled "
		    "question, no answer's label, a quote the last of its "
		    "blocks: the quote is its answer, the rest the question");
		free(a);
		a = cp_xstrdup(q + k);
		while (k > 0 && q[k - 1] == '\n')
			k--;
		q[k] = '\0';
	} else if (c->labelled && c->awaiting && *a == '\0' &&
	    (k = strcspn(q, "\n")) < strlen(q) && (holds_question_mark(q,
	    q + k) || (k > 0 && q[k - 1] == ':') ||
	    cp_opens_prompt(q + strspn(q, "*_"), k)) &&
	    (!bullet_opens(q + k + 1, q + k + 1 + strcspn(q + k + 1, "\n")) ||
	    explained_items(q + k + 1))) {
		/*
		 * "**Q1.** What is a stack?" over its answer, no "A:"; not
		 * over options, none of them marked; a prompt, "**Q:
		 * Объясните ...**", is answered so too.
		 */
		warn_once(r, &st->unlabelled_answer_said, c->line, "a "
		    "labelled question's first line asks, no answer's label "
		    "under it: the lines below it are its answer");
		free(a);
		a = cp_xstrdup(q + k + 1);
		q[k] = '\0';
	}
	if (c->labelled)
		drop_unopened_bold(q);
	if (c->labelled) {
		struct cp_buf	 tags = { 0 };

		cp_buf_addstr(&tags, "");
		end_tags(q, &tags);
		end_tags(a, &tags);
		push_card(r, q, a, c->reversed, cp_buf_str(&tags), c->line);
		cp_buf_free(&tags);
		return;
	}
	push_card(r, q, a, c->reversed, NULL, c->line);
}

/*
 * A card of another kind starts.  In the Obsidian dialects a heading
 * above it is its context, not a card, and what the heading holds
 * before it no card either.
 */
static void
context_ends(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;

	if (!c->open || !c->heading || c->split || (st->dialect != D_OSR &&
	    st->dialect != D_O2A))
		return;
	if (c->a.from != c->a.to)
		skipped(r, c->a, "not a card");
	c->open = 0;
}

/* The blocks no card took, given to the card about to open. */
static struct span
take_pending(struct md_state *st, unsigned long *line)
{
	struct span	 s = st->pend;

	*line = st->pend_line;
	memset(&st->pend, 0, sizeof(st->pend));
	st->pend_second = st->pend_q_end = 0;
	st->pend_paused = 0;
	st->pend_line = 0;
	return s;
}

/*
 * Where the first line of the one block between rules asks, its answer
 * on the lines under it with no blank line between ("**Why?**" over
 * "Because fees."): the end of that line, the question's; else 0.
 */
static size_t
asking_line(const struct md_state *st, struct span b)
{
	const char	*p = st->doc + b.from, *e = st->doc + b.to, *nl, *t, *o;

	if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
		return 0;
	for (t = nl + 1; t < e && isspace((unsigned char)*t); t++)
		continue;
	if (t == e)
		return 0;
	for (t = nl; t > p && isspace((unsigned char)t[-1]); t--)
		continue;
	/*
	 * "question? <br>", "question?\": the break only parts it from its
	 * answer.
	 */
	if (t - p > 4 && strncasecmp(t - 4, "<br>", 4) == 0)
		for (t -= 4; t > p && isspace((unsigned char)t[-1]); t--)
			continue;
	else if (t > p && t[-1] == '\\')
		t--;
	while (t > p && (t[-1] == '*' || t[-1] == '_'))
		t--;
	/* "question? (what it means)": a note on the question, no answer. */
	if (t > p && t[-1] == ')' && (o = memrchr(p, '(', (size_t)(t - p))) !=
	    NULL && memchr(o, ')', (size_t)(t - 1 - o)) == NULL)
		for (t = o; t > p && t[-1] == ' '; t--)
			continue;
	/* The full-width mark Chinese and Japanese write, "...吗？". */
	return t > p && (t[-1] == '?' || (st->semi_asks && t[-1] == ';') ||
	    (t - p >= 3 && memcmp(t - 3, FULLWIDTH_QMARK, 3) == 0)) ?
	    (size_t)(nl - st->doc) : 0;
}

/*
 * Where in question q, blocks waiting above a label, the question
 * begins: at the first of its blocks that asks (a '?' or ':' ending a
 * line, or a number opening it), the blocks above it that ask nothing,
 * the page's introduction, left out.  Where none asks, all of q.
 */
static size_t
first_asking(struct cp_reader *r, struct span q)
{
	const struct md_state	*st = r->state;
	unsigned long		 l, part = line_of(st, q.from);
	struct span		 s;

	for (l = part; l <= line_of(st, q.to); l++) {
		s = line_span(st, l);
		if (s.from == s.to) {
			part = l + 1;
			continue;
		}
		trim_breaks(st, &s);	/* "question?<br>" */
		if (s.from == s.to)
			continue;
		if (!(st->doc[s.to - 1] == '?' || st->doc[s.to - 1] == ':' ||
		    (l == part && past_number(st, s) != NULL)))
			continue;
		if (part > line_of(st, q.from))
			skipped(r, (struct span){ q.from,
			    line_end(st, part - 1) }, "blocks that ask "
			    "nothing above the question a label answers, an "
			    "introduction or a remark: not a card");
		return part > line_of(st, q.from) ? line_start(st, part) :
		    q.from;
	}
	return q.from;
}

/* Blocks no card took: with thematic breaks they are a card. */
static void
finish_pending(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	 q, a;
	size_t		 second = st->pend_second, q_end = st->pend_q_end;
	unsigned long	 line;
	const char	*p;
	char		*text;
	int		 labelled = st->pend_paused == PAUSE_LABEL;

	if (st->pend.from == st->pend.to)
		return;
	q = take_pending(st, &line);
	if (st->breaks && second == 0 && (q_end = asking_line(st, q)) != 0)
		second = q_end + 1;
	if (st->label_cards && second != 0)
		q.from = first_asking(r, (struct span){ q.from, q_end });
	/* "1) question" numbers its card: the list's marker, no text. */
	if (st->label_cards && (p = past_number(st, q)) != NULL)
		q.from = (size_t)(p - st->doc);
	if (line_of(st, q.from) == line_of(st, q.to) &&
	    nav_line(r, line_of(st, q.from)))
		return;	/* said once, for the page */
	if (st->fence_page)
		skipped(r, q, "not a card: the page's cards are in its "
		    "fences of Anki's import text");
	else if (st->qa_lines >= 3 && !st->any_card &&
	    !holds_question_mark(st->doc + q.from, st->doc + q.to))
		/* Where "Q:" labels make the cards, what opens the page. */
		skipped(r, q, "not a card: an introduction above the page's "
		    "labelled cards");
	else if (st->breaks && st->ruled_heads && !st->any_card &&
	    !holds_question_mark(st->doc + q.from, st->doc + (second != 0 ?
	    second : q.to)))
		skipped(r, q, "not a card: prose above the page's first card "
		    "that asks nothing, where the rules part the page's "
		    "headings: its introduction");
	else if ((!st->breaks && !st->label_cards) || (st->label_cards &&
	    second == 0 && !holds_question_mark(st->doc + q.from,
	    st->doc + q.to) && past_number(st, q) == NULL))
		skipped(r, q, "not a card");
	else if (second == 0)
		skipped(r, q, "card has no answer");
	else {
		a.from = second;
		a.to = q.to;
		q.to = q_end;
		text = span_text(st, q);
		/* "Question:" over the answer's label: the pair goes. */
		if (st->label_cards || labelled)
			drop_question_label(text);
		push_card(r, text, span_text(st, a), 0, NULL, line);
	}
}

static void
extend(struct span *s, struct span b)
{
	if (s->from == s->to)
		*s = b;
	else
		s->to = b.to;
}

static void
add_pending(struct md_state *st, struct span b)
{
	if (st->pend.from == st->pend.to)
		st->pend_line = line_of(st, b.from);
	else if (st->pend_second == 0) {
		st->pend_second = b.from;
		if (!st->pend_paused)
			st->pend_q_end = b.from;
	}
	extend(&st->pend, b);
}

/*
 * Anki Panky's card between rules: the pandoc pause ". . ." on a line of
 * its own ends the question, which may be many blocks; so does "???",
 * as flashcard apps that read cards between rules split them.
 */
static int
pause_line(struct md_state *st, struct span b)
{
	if (!st->breaks || st->pend.from == st->pend.to || st->pend_paused ||
	    !((b.to - b.from == 5 && strncmp(st->doc + b.from, ". . .",
	    5) == 0) || (b.to - b.from == 3 && strncmp(st->doc + b.from,
	    "???", 3) == 0)))
		return 0;
	st->pend_paused = 1;
	st->pend_q_end = b.from;
	st->pend_second = 0;
	return 1;
}

/*
 * A card between rules whose answer a label opens, "<br/>Ответ:" under
 * the question and its code: the question ends there, the label is no
 * text, and what follows it, on its line or below, is the answer.
 * Where the labels part the cards (label_cards) and no rule comes, the
 * answer ends at the first blank line or numbered line; what is left
 * of b, the next item of a list, "3) ...", is *rest, the next
 * question's.  A numbered
 * item above the label's, "5) ..." after a blank line, is a question
 * left unanswered.
 */
static int
answer_pause(struct cp_reader *r, struct span b, struct span *rest)
{
	struct md_state	*st = r->state;
	const char	*p = NULL;
	unsigned long	 l, k, first = line_of(st, b.from);
	struct span	 s;

	*rest = (struct span){ 0, 0 };
	if ((!st->breaks && !st->label_cards) || st->pend_paused)
		return 0;
	for (l = first; l <= line_of(st, b.to) && p == NULL; l++) {
		s = line_span(st, l);
		p = answer_label_at(st->doc + s.from, st->doc + s.to);
	}
	if (p == NULL || (--l == first && st->pend.from == st->pend.to))
		return 0;
	for (k = l - 1; st->label_cards && k > first; k--)
		if (line_start(st, k - 1) == line_end(st, k - 1) &&
		    past_number(st, line_span(st, k)) != NULL) {
			add_pending(st, (struct span){ b.from,
			    line_end(st, k - 1) });
			finish_pending(r);
			b.from = line_start(st, k);
			first = k;
			break;
		}
	/*
	 * A numbered line ends an answer begun on the label's line: it is
	 * the next question, "2) ...".  Under a label alone it is the
	 * answer's list.
	 */
	for (k = l + 1; st->label_cards && k <= line_of(st, b.to); k++)
		if (line_span(st, k).from == line_span(st, k).to ||
		    (past_number(st, line_span(st, k)) != NULL &&
		    p < st->doc + line_span(st, l).to)) {
			rest->to = b.to;
			b.to = line_end(st, k - 1);
			/* Not past the paragraph: a lone CR ends cmark's lines. */
			while (k < line_of(st, rest->to) &&
			    line_span(st, k).from == line_span(st, k).to)
				k++;
			rest->from = line_span(st, k).from;
			break;
		}
	/* The question's lines above the label, in its paragraph. */
	if (l > first)
		add_pending(st, (struct span){ b.from,
		    line_end(st, l - 1) });
	st->pend_paused = PAUSE_LABEL;
	st->pend_q_end = line_start(st, l);
	st->pend_second = 0;
	/* "**Answer:**  ", a hard break after it, stands alone. */
	while (p < st->doc + b.to && (*p == ' ' || *p == '\t'))
		p++;
	if (p < st->doc + b.to) {
		st->pend_second = (size_t)(p - st->doc);
		extend(&st->pend, b);
	}
	return 1;
}

/*
 * The number that opens the text at, "12: ", "12. ", "12) ", at the
 * margin: the number of a question; -1 when none opens it.
 */
static long
opening_number(const struct md_state *st, size_t at)
{
	size_t	 k;

	for (k = at; k < st->len && k - at < 4 &&
	    isdigit((unsigned char)st->doc[k]); k++)
		continue;
	if (k == at || k + 1 >= st->len || strchr(".):", st->doc[k]) ==
	    NULL || (st->doc[k + 1] != ' ' && st->doc[k + 1] != '\t') ||
	    (at > 0 && st->doc[at - 1] != '\n'))
		return -1;
	return strtol(st->doc + at, NULL, 10);
}

/*
 * Does the text at, a block's, open with the word for a question and its
 * colon, "***Question:*** ...", "Frage: ..."?
 */
static int
opening_label(const struct md_state *st, size_t at)
{
	struct span	 s = line_span(st, line_of(st, at));

	return word_label_at(st->doc + at, st->doc + s.to,
	    numbering_words) != NULL;
}

/*
 * Does block n hold a line that labels an answer, or the block right
 * below it open with one: a question and its answer, no part of the
 * answer above?
 */
static int
labelled_below(const struct md_state *st, cmark_node *n)
{
	struct span	 b = block_span(st, n), s;
	cmark_node	*next = cmark_node_next(n);
	unsigned long	 l;

	for (l = line_of(st, b.from); l <= line_of(st, b.to); l++) {
		s = line_span(st, l);
		if (answer_label_at(st->doc + s.from, st->doc + s.to) != NULL)
			return 1;
	}
	if (next == NULL)
		return 0;
	s = line_span(st, line_of(st, block_span(st, next).from));
	return answer_label_at(st->doc + s.from, st->doc + s.to) != NULL;
}

/*
 * The answer runs on from block next, blocks and all, up to a heading,
 * a rule or the next question, which is where it ends: where number is
 * -1, a block that opens with a question's label (label_worded);
 * else a block with a higher number, the question's own "1:" parts
 * none, or a question that a label answers, numbered or not ("Bonus:
 * ...?" over "**Answer:**") (label_numbered).  The blocks wait for the
 * card; returns the block the answer ends at.
 */
static cmark_node *
answer_runs_on(struct md_state *st, cmark_node *next, long number)
{
	while (next != NULL && (number < 0 ? !opening_label(st,
	    block_span(st, next).from) : opening_number(st,
	    block_span(st, next).from) <= number &&
	    !labelled_below(st, next)) &&
	    cmark_node_get_type(next) != CMARK_NODE_HEADING &&
	    cmark_node_get_type(next) != CMARK_NODE_THEMATIC_BREAK) {
		add_pending(st, block_span(st, next));
		next = cmark_node_next(next);
	}
	return next;
}

/*
 * Block n, b its text, in a file whose labels end the questions
 * (label_cards): each label in it ends a card, the blocks waiting above
 * it and its lines above the label the question.  What follows the last
 * card waits for the next label.  A quote right below the block, "> why
 * so", is a remark on the last answer, more of it; under a label alone
 * at the block's end, the block right below is the answer, a list as
 * often as not.  Whether b held a label.
 */
static int
label_answers(struct cp_reader *r, cmark_node *n, struct span b)
{
	struct md_state	*st = r->state;
	struct span	 rest;
	cmark_node	*next = cmark_node_next(n);
	long		 number, k;
	int		 took = 0;

	for (;;) {
		if (b.from >= b.to)
			break;
		number = opening_number(st, b.from);
		if (!answer_pause(r, b, &rest))
			break;
		/* "18: task" over "1. do this" and the label: 18. */
		if ((k = opening_number(st, st->pend.from)) > number)
			number = k;
		if (st->label_worded && rest.from == rest.to)
			st->next = answer_runs_on(st, next, -1);
		else if (st->label_numbered && rest.from == rest.to &&
		    number >= 0)
			st->next = answer_runs_on(st, next, number);
		/* A block that asks is the next question, no answer. */
		else if (rest.from == rest.to && next != NULL &&
		    !ends_asking(st, block_span(st, next)) &&
		    (cmark_node_get_type(next) == CMARK_NODE_BLOCK_QUOTE ||
		    (st->pend_second == 0 && (cmark_node_get_type(next) ==
		    CMARK_NODE_LIST || cmark_node_get_type(next) ==
		    CMARK_NODE_PARAGRAPH || cmark_node_get_type(next) ==
		    CMARK_NODE_CODE_BLOCK)))) {
			add_pending(st, block_span(st, next));
			st->next = cmark_node_next(next);
		}
		finish_pending(r);
		took = 1;
		b = rest;
	}
	if (took && b.from < b.to)
		add_pending(st, b);
	return took;
}

/*
 * MkDocs' collapsible admonition, "??? Answer" (or "???+", "!!!") over
 * its body set in by four spaces, which CommonMark reads as code, under
 * a heading's task: the blocks so far ask, the body, out of its indent,
 * answers.  Only where the admonition's title is the word for an
 * answer.
 */
static int
admonition_answer(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), t;
	cmark_node	*body = cmark_node_next(n);

	if (!c->open || !c->heading || c->split ||
	    line_of(st, b.from) != line_of(st, b.to) || b.to - b.from < 5 ||
	    (strncmp(st->doc + b.from, "???", 3) != 0 &&
	    strncmp(st->doc + b.from, "!!!", 3) != 0) || body == NULL ||
	    cmark_node_get_type(body) != CMARK_NODE_CODE_BLOCK ||
	    fence_mark(st, line_of(st, block_span(st, body).from)))
		return 0;
	t.from = b.from + 3 + (st->doc[b.from + 3] == '+');
	t.to = b.to;
	while (t.from < t.to && strchr(" \"", st->doc[t.from]) != NULL)
		t.from++;
	while (t.to > t.from && strchr(" \"", st->doc[t.to - 1]) != NULL)
		t.to--;
	if (!answer_label_heading(st, t))
		return 0;
	c->qbody = c->a;
	c->a = block_span(st, body);
	c->split = 1;
	c->boxed = 1;
	c->outdent = 4;
	st->next = cmark_node_next(body);
	return 1;
}

/*
 * Ends what is open and opens a card at line.  Blocks wait for a card
 * only while none is open, so the card and the waiting blocks are never
 * both there and the order of the two ends changes nothing.
 */
static struct dcard *
open_card(struct cp_reader *r, unsigned long line)
{
	struct dcard	*c = &((struct md_state *)r->state)->cur;

	finish_card(r);
	finish_pending(r);
	memset(c, 0, sizeof(*c));
	c->open = 1;
	c->line = line;
	return c;
}

/* Does p..e hold bold's mark outside its code spans, "`**kwargs`"? */
static int
bold_inside(const char *p, const char *e, const char *mark)
{
	int	 code = 0;

	for (; p + 1 < e; p++)
		if (*p == '`')
			code = !code;
		else if (!code && strncmp(p, mark, 2) == 0)
			return 1;
	return 0;
}

/*
 * Takes the "**" or "__" off the end of a labelled question or answer of
 * one line whose opening one went with its label, "**Q1: question**":
 * the line's only such mark after the label.
 */
static void
closing_bold(const struct md_state *st, struct span *q)
{
	struct span	 s = line_span(st, line_of(st, q->from));
	const char	*p = st->doc + q->from, *e = st->doc + s.to;

	if (line_of(st, q->to) != line_of(st, q->from) || e - p < 2 ||
	    (strncmp(e - 2, "**", 2) != 0 && strncmp(e - 2, "__", 2) != 0) ||
	    bold_inside(p, e - 2, e - 2) ||
	    strncmp(st->doc + s.from, e - 2, 2) != 0)
		return;
	q->to = s.to - 2;
}

/*
 * Takes the "**" or "__" off the end of q, a labelled question of one
 * line, where its label took the opening one with it, "**Q1: question**"
 * over a quote that answers it: the line's only such mark.
 */
static void
drop_unopened_bold(char *q)
{
	size_t	 n = strlen(q);

	if (n > 2 && strchr(q, '\n') == NULL && (strcmp(q + n - 2, "**") ==
	    0 || strcmp(q + n - 2, "__") == 0) && !bold_inside(q, q + n - 2,
	    q + n - 2))
		q[n - 2] = '\0';
}

/* Past the "**" or "__" at p, or NULL. */
static const char *
past_bold(const char *p, const char *end)
{
	if (end - p < 2 || (strncmp(p, "**", 2) != 0 &&
	    strncmp(p, "__", 2) != 0))
		return NULL;
	return p + 2;
}

/*
 * Past the short code of a question mark's emoji and its blanks opening
 * [p, e), ":question: **1. ...**", ":grey_question:": GitHub draws the
 * code as a picture marking the line as a question, no word of it.
 * Else p (":warning: **Note**" is no question).
 */
static const char *
past_emoji(const char *p, const char *e)
{
	const char	*q = p + 1;

	if (p == e || *p != ':')
		return p;
	while (q < e && (islower((unsigned char)*q) ||
	    isdigit((unsigned char)*q) || *q == '_' || *q == '+' ||
	    *q == '-'))
		q++;
	if (q == p + 1 || q + 1 >= e || *q != ':' || (q[1] != ' ' &&
	    q[1] != '\t') || memmem(p, (size_t)(q - p), "question", 8) == NULL)
		return p;
	q++;
	return q + strspn(q, " \t");
}

/*
 * The end of a line that is bold from its start to its end, "**text**",
 * trailing blanks past; or NULL.  Notes written for no tool set their
 * questions so, as they would a heading.
 */
static const char *
bold_line(const char *p, const char *end)
{
	const char	*b;

	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r'))
		end--;
	/* "*O que é?*": emphasis a line of its own sets as bold does. */
	if (end - p > 3 && p[0] == '*' && p[1] != '*' && p[1] != ' ' &&
	    end[-1] == '*' && end[-2] != '*' && end[-2] != ' ' &&
	    memchr(p + 1, '*', (size_t)(end - p - 2)) == NULL)
		return end;
	if ((b = past_bold(p, end)) == NULL || end - b < 3 ||
	    strncmp(end - 2, p, 2) != 0 || end[-3] == ' ' || *b == ' ' ||
	    memmem(b, (size_t)(end - 2 - b), p, 2) != NULL)
		return NULL;
	return end;
}

/*
 * Whether [p, e) asks: it holds a question mark, ASCII's or the full-width
 * one Chinese and Japanese write.  A URL's query, "?setup=1", asks
 * nothing: the mark must end a word.
 */
static int
holds_question_mark(const char *p, const char *e)
{
	const char	*q;

	for (q = p; (q = memchr(q, '?', (size_t)(e - q))) != NULL; q++)
		if (q + 1 == e || (!isalnum((unsigned char)q[1]) &&
		    strchr("=&/_%", q[1]) == NULL))
			return 1;
	return memmem(p, (size_t)(e - p), FULLWIDTH_QMARK,
	    strlen(FULLWIDTH_QMARK)) != NULL;
}

/* Whether the text [p, e) opens a bullet list's item: "- ", "* " or "+ ". */
static int
bullet_opens(const char *p, const char *e)
{
	return e - p >= 2 && memchr("-*+", *p, 3) != NULL && p[1] == ' ';
}

/*
 * The length of the word that labels the line at p, "Word: text": letters
 * only, then a colon and a space; or 0.
 */
static size_t
label_word(const char *p, const char *end)
{
	const char	*w;

	for (w = p; w < end && cp_word_byte((unsigned char)*w); w++)
		continue;
	return w > p && end - w > 2 && w[0] == ':' && w[1] == ' ' ?
	    (size_t)(w - p) : 0;
}

/*
 * After "Q:" or "A:", or the file's own label (own_labels()), and the
 * spaces that follow; or NULL.  The label may be bold, colon and all or
 * not ("**Q:**", "**Q**:"), and may number its card ("Q12:", "A12:"): a
 * number a person reads past.  Chinese writes the labels "问：" and "答："
 * (ask, answer), the colon full width or not.
 */
static const char *
after_prefix(const struct md_state *st, const char *p, const char *end,
    int letter)
{
	static const char	 ask[] = "\xe9\x97\xae", answer[] = "\xe7\xad\x94";
	const char		*b = past_bold(p, end), *word, *te;
	const struct span	*own = letter == 'Q' ? &st->own_q : &st->own_a;
	size_t			 n;
	int			 dot;

	if (b != NULL && own->from != own->to &&
	    (n = bold_label(p, end)) == own->to - own->from &&
	    memcmp(b, st->doc + own->from, n) == 0) {
		/*
		 * "**Term:**", "**Term**:" or "**Term** :", the file's own
		 * label.
		 */
		p = b + n;
		if (*p == ':')
			p += 3;
		else {
			p += 2;
			p += cp_colon_space(p, (size_t)(end - p)) + 1;
		}
		for (; p < end && (*p == ' ' || *p == '\t'); p++)
			continue;
		return p;
	}
	if (st->own_plain && own->from != own->to && (size_t)(end - p) >
	    (n = own->to - own->from) + 1 && memcmp(p, st->doc + own->from,
	    n) == 0 && p[n] == ':' && p[n + 1] == ' ')
		return p + n + 1 + strspn(p + n + 1, " \t");
	if (b != NULL)
		p = b;
	word = letter == 'Q' ? ask : answer;
	if (end - p > 3 && strncmp(p, word, 3) == 0)
		p += 2;		/* its last byte is read past below */
	else if (p == end || toupper((unsigned char)*p) != letter)
		return NULL;
	for (n = 0, p++; p < end && isdigit((unsigned char)*p); p++)
		n++;
	if (b != NULL && past_bold(p, end) != NULL) {
		p += 2;		/* "**Q**:" */
		b = NULL;
	}
	/*
	 * "**Q12.**" numbers a question as "**Q12:**" does, and "**A.**"
	 * labels its answer.
	 */
	dot = (letter == 'A' || n > 0) && b != NULL && p < end &&
	    (*p == '.' || *p == ')') && past_bold(p + 1, end) != NULL;
	if (end - p >= 3 && strncmp(p, FULLWIDTH_COLON, 3) == 0)
		p += 2;
	else if (!dot && (p == end || *p != ':'))
		return NULL;
	p++;
	if (p < end && *p == ':')
		return NULL;	/* "q::a" is a one-liner */
	/*
	 * "**Q:**", or "**Q1: question**", the bold round the whole line
	 * (closing_bold() takes its end off the question).
	 */
	for (te = end; te > p && strchr(" \t\r", te[-1]) != NULL; te--)
		continue;
	if (b != NULL && past_bold(p, end) != NULL)
		p += 2;
	else if (b != NULL && !(te - p >= 2 &&
	    strncmp(te - 2, b - 2, 2) == 0 && !bold_inside(p, te - 2, b - 2)))
		return NULL;
	for (; p < end && (*p == ' ' || *p == '\t'); p++)
		continue;
	return p;
}

/*
 * Does a bullet list open on the first line under line l that is not
 * blank (one blank line at most between)?
 */
static int
list_below(const struct md_state *st, unsigned long l)
{
	struct span	 s;

	if (l < st->nlines && line_span(st, l + 1).from ==
	    line_span(st, l + 1).to)
		l++;
	if (l >= st->nlines)
		return 0;
	s = line_span(st, l + 1);
	return bullet_opens(st->doc + s.from, st->doc + s.to);
}

/*
 * Whether line l opens with an answer's label, "A: ...": not the first
 * option of a choice, which a "B:" line right under it goes on from.
 */
static int
answer_under(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l), t;

	if (after_prefix(st, st->doc + s.from, st->doc + s.to, 'A') == NULL)
		return 0;
	if (l == st->nlines)
		return 1;
	t = line_span(st, l + 1);
	return after_prefix(st, st->doc + t.from, st->doc + t.to, 'B') == NULL;
}

/*
 * The length of the name of the bold label "**Status**:" or "**Status:**"
 * (French's space before the colon allowed, "**Compétence** :") that
 * starts p, one word of letters; or 0.
 */
static size_t
bold_label(const char *p, const char *end)
{
	const char	*name, *e;

	if ((name = past_bold(p, end)) == NULL)
		return 0;
	for (e = name; e < end && cp_word_byte((unsigned char)*e); e++)
		continue;
	if (e == name || e == end)
		return 0;
	if (*e == ':' && past_bold(e + 1, end) != NULL)
		return (size_t)(e - name);
	if (past_bold(e, end) != NULL && e + 2 < end && (e[2] == ':' ||
	    cp_colon_space(e + 2, (size_t)(end - e - 2)) > 0))
		return (size_t)(e - name);
	return 0;
}

/*
 * Is line l a field's line, a bold label (bold_label) and its value in
 * a paragraph of their own, "**Categoría:** Razonamiento Lógico" over
 * a blank line, its label no question's nor answer's ("**Pergunta:**"
 * labels the question)?  The label's length, or 0.  (A hint in the
 * question's paragraph, "**Hint**: ..." over it, is the question's.)
 */
static size_t
field_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	const char	*p = st->doc + s.from, *e = st->doc + s.to;
	size_t		 n;

	if ((n = bold_label(p, e)) == 0 || (l < st->nlines &&
	    line_span(st, l + 1).from != line_span(st, l + 1).to) ||
	    word_label_at(p, e, numbering_words) != NULL ||
	    answer_label_at(p, e) != NULL)
		return 0;
	return n;
}

/*
 * Finds the field that headed questions name on the line right under
 * their heading, "**Categoría:** Razonamiento Lógico": where the first
 * such line (field_line) stands so under three headings or more, its
 * label (st->head_field).  Linear in the lines.
 */
static void
find_heading_field(struct md_state *st)
{
	struct span	 s, name = { 0, 0 };
	unsigned long	 l;
	size_t		 n, k = 0;

	for (l = 1; l < st->nlines; l++) {
		s = line_span(st, l);
		if (s.from == s.to || st->doc[s.from] != '#')
			continue;
		s = line_span(st, l + 1);
		if ((n = field_line(st, l + 1)) == 0)
			continue;
		if (name.from == name.to) {
			name.from = s.from + 2;
			name.to = name.from + n;
		}
		k += n == name.to - name.from &&
		    memcmp(st->doc + s.from + 2, st->doc + name.from, n) == 0;
	}
	if (k >= 3)
		st->head_field = name;
}

/*
 * Past the field line (find_heading_field) that opens a heading's
 * question body b, and the blank lines after it; said once.
 */
static void
drop_heading_field(struct cp_reader *r, struct span *b)
{
	struct md_state	*st = r->state;
	struct span	 s = line_span(st, line_of(st, b->from));
	size_t		 n = st->head_field.to - st->head_field.from;
	unsigned long	 l;

	if (n == 0 || s.from != b->from ||
	    field_line(st, line_of(st, b->from)) != n ||
	    memcmp(st->doc + s.from + 2, st->doc + st->head_field.from, n) != 0)
		return;
	if (!st->head_field_said)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    line_of(st, b->from), 0, "\"**%.*s**\" under three "
		    "headings or more: a field the questions are filed under, "
		    "no text of them; left out", (int)n,
		    st->doc + st->head_field.from);
	st->head_field_said = 1;
	for (l = line_of(st, b->from) + 1; l <= line_of(st, b->to) &&
	    line_span(st, l).from == line_span(st, l).to; l++)
		continue;
	b->from = l <= line_of(st, b->to) ? line_span(st, l).from : b->to;
}

/*
 * The end of the word around p, up to spaces, when it is a scoped name,
 * its parts joined by "::" twice or more: a deck "Lang::French::Verbs"
 * given to a command; or a tag, "#laravel::bootstrap", whose parts
 * Anki nests once or more; else NULL.  "`std::move`?::answer" is none:
 * '?' ends a question.
 */
static const char *
scoped_name(const char *s, const char *p, const char *end)
{
	const unsigned char	*u, *e = (const unsigned char *)end;
	int			 runs = 0;

	while (p > s && p[-1] != ' ' && p[-1] != '\t')
		p--;
	for (u = (const unsigned char *)p; u < e && *u != ' ' && *u != '\t';
	    u++)
		if (u + 3 < e && (isalnum(u[0]) || u[0] >= 0x80) &&
		    u[1] == ':' && u[2] == ':' && (isalnum(u[3]) ||
		    u[3] >= 0x80))
			runs++;
	return runs > 1 || (runs > 0 && *p == '#') ? (const char *)u : NULL;
}

/* Whether text at p, before end, starts with mark. */
static int
mark_at(const char *p, const char *end, const char *mark)
{
	size_t	 n;

	return mark != NULL && (size_t)(end - p) >= (n = strlen(mark)) &&
	    memcmp(p, mark, n) == 0;
}

/*
 * The length of the run of colons that opens or closes a container of
 * markdown-it's (VitePress, VuePress, Docusaurus) at p..end, ":::" or
 * more at the line's text, then a space, the container's name, or
 * nothing: "::: details Answer", ":::tip", ":::"; else 0.
 */
static size_t
container_mark(const char *p, const char *end)
{
	size_t	 n;

	p += strspn(p, " \t");
	for (n = 0; p + n < end && p[n] == ':'; n++)
		continue;
	return n >= 3 && (p + n == end || p[n] == ' ' ||
	    isalpha((unsigned char)p[n])) ? n : 0;
}

/*
 * Where m's mark splits a line, outside cloze braces, code spans
 * ("`std::move`"), double quotes and scoped names ("--deck A::B::C", a
 * command's argument), with text on either side; *len is the mark's
 * length.  NULL when nothing does.  Of two marks at one place the
 * longer is taken: ":::" is no "::" and a ':'.  A backtick or a double
 * quote opens only with another after it; a run of backticks opens a
 * span that only a run as long closes, as in CommonMark ("``A::f``").
 */
static const char *
one_liner(const char *p, const char *end, size_t *len,
    const struct liner_marks *m)
{
	const char	*s = p, *last_tick = NULL, *last_quote = NULL, *w;
	const char	*first, *second;
	int		 depth = 0, quoted = 0;
	size_t		 code = 0, run;

	if (m->one == NULL || container_mark(p, end) > 0)
		return NULL;
	first = m->both != NULL && strlen(m->both) > strlen(m->one) ?
	    m->both : m->one;
	second = first == m->one ? m->both : m->one;
	for (; p < end; p++)
		if (*p == '`')
			last_tick = p;
		else if (*p == '"')
			last_quote = p;
	for (p = s; p + 1 < end; p++) {
		if (*p == '`' && (code || p < last_tick)) {
			for (run = 1; p + run < end && p[run] == '`'; run++)
				continue;
			if (code == run)
				code = 0;
			else if (code == 0 && p + run <= last_tick)
				code = run;
			p += run - 1;
		} else if (code)
			continue;
		else if (*p == '"' && (quoted || p < last_quote))
			quoted = !quoted;
		else if (quoted)
			continue;
		else if (p[0] == '{' && p[1] == '{')
			depth++, p++;
		else if (p[0] == '}' && p[1] == '}' && depth > 0)
			depth--, p++;
		else if (depth == 0 && p > s && (mark_at(p, end, first) ||
		    mark_at(p, end, second))) {
			*len = strlen(mark_at(p, end, first) ? first : second);
			if (*m->one == ':' &&
			    (w = scoped_name(s, p, end)) != NULL)
				p = w - 1;	/* the whole word, once */
			else if (p + *len < end)
				return p;
		}
	}
	return NULL;
}

/* The file's separator of one-line cards, for a message. */
static const char *
liner_name(const struct md_state *st)
{
	return st->gloss_terms ? " - " : st->tab_cards ? "<TAB>" :
	    st->liner.one != NULL ? st->liner.one : "::";
}

/* Whether the mark at split, *len long, is m's both ways. */
static int
liner_both(const struct liner_marks *m, const char *split, size_t len)
{
	return m->both != NULL && strlen(m->both) == len &&
	    memcmp(split, m->both, len) == 0;
}

/*
 * Where " ; " splits a line, the one-line card of a file written for
 * Anki's text import with ";" as its separator: the spaces tell the
 * separator from a ";" in the answer's prose ("examples; in supervised
 * learning").  NULL when no " ; " splits it, or more than one does, or
 * it is in a code span.
 */
static const char *
spaced_semicolon(const char *p, const char *end)
{
	const char	*split = NULL;
	int		 code = 0;

	for (; p + 2 < end; p++)
		if (*p == '`')
			code = !code;
		else if (!code && p[0] == ' ' && p[1] == ';' && p[2] == ' ') {
			if (split != NULL)
				return NULL;
			split = p + 1;
		}
	return code ? NULL : split;
}

/*
 * Where the bold of a term that opens p..end closes, "**term** ...": its
 * closing marks, the term's text touching both; or NULL.
 */
static const char *
bold_term_end(const char *p, const char *end)
{
	const char	*b, *t;

	if ((b = past_bold(p, end)) == NULL || b == end || *b == ' ' ||
	    (t = memmem(b, (size_t)(end - b), p, 2)) == NULL || t == b ||
	    t[-1] == ' ')
		return NULL;
	return t;
}

/* The labels of a page's remarks, in bold over their text. */
static const char *const page_labels[] = {
	"note", "notes", "warning", "tip", "hint", "todo", "to do",
	"important", "caution", "attention", "example", "summary", "nb",
	NULL
};

/*
 * Does the quote at p open with a remark's label, "> Note: ...",
 * "> **Hint:** ...": no answer, a word on the question?
 */
static int
quote_remark(const char *p)
{
	const char	*e = p + strcspn(p, "\n");

	p += 1 + (p[1] == ' ');
	return p < e && word_label_at(p, e, page_labels) != NULL;
}

/*
 * Where a qualifier after a term in bold at p..end ends: a space, then
 * code, "`POO`", or more in bold, "**(Queue)**", then " :"; or NULL.
 */
static const char *
term_qualifier(const char *p, const char *end)
{
	const char	*q;

	if (p >= end || *p != ' ')
		return NULL;
	p++;
	if (end - p >= 3 && *p == '`')
		q = memchr(p + 1, '`', (size_t)(end - p - 1));
	else if (end - p >= 5 && strncmp(p, "**", 2) == 0 && p[2] != ' ')
		q = memmem(p + 2, (size_t)(end - p - 2), "**", 2);
	else
		return NULL;
	if (q == NULL || q == p + 1 || q[-1] == ' ')
		return NULL;
	q += *p == '`' ? 1 : 2;
	return end - q >= 2 && strncmp(q, " :", 2) == 0 ? q : NULL;
}

/*
 * Does t..e end in the points an exam's question is worth, in brackets,
 * "(1p)", "(2 points)", "(0,5 poäng)": a question's title, no term?
 */
static int
ends_in_points(const char *t, const char *e)
{
	const char	*o, *d;

	if (e - t < 4 || e[-1] != ')' ||
	    (o = memrchr(t, '(', (size_t)(e - t))) == NULL)
		return 0;
	for (d = o + 1; d < e && (isdigit((unsigned char)*d) || *d == '.' ||
	    *d == ','); d++)
		continue;
	if (d == o + 1 || !isdigit((unsigned char)o[1]))
		return 0;
	d += *d == ' ';
	return e - 1 - d >= 1 && e - 1 - d <= 6 &&
	    strncasecmp(d, "p", 1) == 0;
}

/*
 * Does the line under line l go on with its paragraph: text, not a
 * blank line, a quote, a heading, a fence, a table's row or a list's
 * item, which open blocks of their own?
 */
static int
goes_on(const struct md_state *st, unsigned long l)
{
	struct span	 s;

	if (l >= st->nlines)
		return 0;
	s = line_span(st, l + 1);
	return s.from < s.to && strchr(">#|", st->doc[s.from]) == NULL &&
	    !fence_mark(st, l + 1) &&
	    !bullet_opens(st->doc + s.from, st->doc + s.to) &&
	    past_number(st, s) == NULL;
}

/*
 * A glossary's entry that opens line p..end, its term in bold and a
 * colon or a dash after it, "**Architecture MVC** : " over its
 * definition, "**REST**: a style ...", "**Endpoint:** ...": the term's
 * text in [*from, *to), and where the definition starts on the line
 * (end when it starts on the next); or NULL.  Where a line follows in
 * its paragraph (under), the term may be bold alone on its line,
 * "**4. LLM (Large Language Model)**" over its definition, its list's
 * number no part of it (the points an exam's question is worth,
 * "**1. Skelett (1p)**", make it a question's title).  A term that asks, or of
 * more than six words (what it says again in brackets aside), is none:
 * a question in bold; nor is a remark's label, "**Note:**", or a step's
 * number, "**Step 2** -".
 */
static const char *
bold_definition(const char *p, const char *end, int under,
    const char **from, const char **to)
{
	const char	*t, *q, *d;
	int		 spaces = 0, depth = 0;

	if ((t = bold_term_end(p, end)) == NULL)
		return NULL;
	*from = p + 2;
	*to = t;
	d = t + 2;
	if ((q = term_qualifier(d, end)) != NULL) {
		/* "**Classe** `POO` :": the term as written, marks and all. */
		*from = p;
		*to = d = q;
	}
	if (q == NULL && t[-1] == ':')
		(*to)--;
	else if (q == NULL && t - p > 5 &&
	    memcmp(t - 3, "\xef\xbc\x9a", 3) == 0)
		*to -= 3;
	else if (q == NULL && under && d + strspn(d, " \t\r") >= end) {
		if (ends_in_points(*from, t))
			return NULL;
		for (q = *from; q < t && isdigit((unsigned char)*q); q++)
			continue;
		if (q > *from && q + 2 < t && *q == '.' && q[1] == ' ')
			*from = q + 2;
		d = end;
	} else {
		while (d < end && *d == ' ')
			d++;
		if (d < end && (*d == ':' || *d == '-'))
			d++;
		else if (end - d >= 3 && (memcmp(d, "\xe2\x80\x93", 3) == 0 ||
		    memcmp(d, "\xe2\x80\x94", 3) == 0 ||
		    memcmp(d, "\xef\xbc\x9a", 3) == 0))
			d += 3;
		else
			return NULL;
		if (d < end && *d != ' ')
			return NULL;	/* "**a**-b" */
	}
	for (q = *from; q < *to; q++)
		if (*q == '?' || (*q == ' ' && depth == 0 && ++spaces > 5))
			return NULL;
		else if (*q == '(' || (*q == ')' && depth > 0))
			depth += *q == '(' ? 1 : -1;
	/* "**Note:**", "**Step 2** -": a page's labels, no terms. */
	if (cp_word_among(*from, (size_t)(*to - *from), page_labels) ||
	    numbering_heading(*from, *to))
		return NULL;
	while (d < end && *d == ' ')
		d++;
	return *to > *from ? d : NULL;
}

/*
 * Where " | " parts a bold term from its definition, "**term** | text",
 * a glossary's line written to be studied by covering the right column;
 * NULL when the line is not one.  The '|' is right after the bold.
 */
static const char *
bar_definition(const char *p, const char *end)
{
	const char	*t;

	if ((t = bold_term_end(p, end)) == NULL || end - t < 6 ||
	    strncmp(t + 2, " | ", 3) != 0)
		return NULL;
	return t + 3;
}

/*
 * Where a tab parts a line's question from its answer, the one-line
 * card of a file written for a text import (Anki's, Quizlet's) that
 * splits at the tab: one tab only, text right before and after it, the
 * line no table row, heading or quote.  NULL when the line is no such.
 */
static const char *
tab_split(const char *p, const char *end)
{
	const char	*t, *b;

	if (p == end || strchr(" \t|#>", *p) != NULL ||
	    (t = memchr(p, '\t', (size_t)(end - p))) == NULL)
		return NULL;
	/* A zero-width space is no text: "1. <U+200B><TAB>text" sets in. */
	for (b = t; b - p >= 3 && memcmp(b - 3, "\xe2\x80\x8b", 3) == 0;
	    b -= 3)
		continue;
	if (b == p || b[-1] == ' ' || t + 1 == end || t[1] == ' ' ||
	    memchr(t + 1, '\t', (size_t)(end - t - 1)) != NULL ||
	    cp_pasted_marker(p, t))
		return NULL;
	return t;
}

/*
 * Is p..e a glossary's index letter, "A", "B :", over the terms that
 * begin with it?
 */
static int
index_letter(const char *p, const char *e)
{
	return e > p && isupper((unsigned char)*p) && (e - p == 1 ||
	    (e - p <= 3 && e[-1] == ':' && (e - p == 2 || p[1] == ' ')));
}

/* Does [p, e) hold a byte beyond ASCII, an accent or another script? */
static int
non_ascii(const char *p, const char *e)
{
	for (; p < e; p++)
		if ((unsigned char)*p >= 0x80)
			return 1;
	return 0;
}

/*
 * Does a colon follow a bold term ending at t, inside the bold or right
 * after it, "**Вопрос:**", "**Вопрос**:", "**问题：**": a label's?
 */
static int
label_colon(const char *t)
{
	if (strncmp(t, "**", 2) == 0)
		t += 2;
	return *t == ':' || strncmp(t, FULLWIDTH_COLON, 3) == 0;
}

/*
 * What opens no word list's term at the margin: a blank, a table's bar,
 * a heading, a quote, a list's bullet, a link, an image, markup or code.
 */
static const char no_term_start[] = " \t|#>*+-[!<`$";

/*
 * Counts byte c of a word list's term into *spaces or *letters; whether
 * it may stand in a term at all (no digit, no code, no mark).
 */
static int
term_byte(unsigned char c, int *spaces, int *letters)
{
	if (c == ' ')
		(*spaces)++;
	else if (isdigit(c) || strchr("?:;()[]{}<>\"`=*_\\|", c) != NULL)
		return 0;
	else if (cp_word_byte(c))
		(*letters)++;
	return 1;
}

/*
 * Where " - " (or its kin " – ", " — "), " = ", " -> " or " => " parts a
 * term from its gloss on a line of a learner's word list, "avere colpa -
 * to have fault", "sollevare = lift?", "cher -> caro" (or "Ça-> eso", the
 * arrow glued, or "Vegas=베가스", "=" glued before a gloss in a script
 * beyond ASCII), or a French
 * glossary's " : ", "Biais (Bias) : Différence ...": the line at the
 * margin, no list's item nor heading; the term one to four words of
 * letters (no digit, no code, no question) and, before " : ", what it
 * says in brackets, or a phrase of any length in bold, "**I want to say
 * that** - я хочу сказать", the gloss text.  The separator's start, its
 * length in *len; or NULL.
 */
static const char *
gloss_split(const char *p, const char *end, size_t *len)
{
	const char	*q, *sep, *start;
	int		 spaces = 0, letters = 0, depth = 0, bracketed = 0;

	*len = 3;
	if ((q = bold_term_end(p, end)) != NULL && end - q > 5 && q[2] == ' ' &&
	    (q[3] == '-' || q[3] == '=') && q[4] == ' ' &&
	    q + 4 + strspn(q + 4, " \t") < end)
		return q + 2;
	/*
	 * "*KAK'KAKU => 書く": an asterisk that closes nothing is text, a
	 * word list's mark of its own.
	 */
	start = p + (*p == '*' && end - p > 1 && cp_word_byte((unsigned
	    char)p[1]) && memchr(p + 1, '*', (size_t)(end - p - 1)) == NULL);
	if (p == end || strchr(no_term_start, *start) != NULL)
		return NULL;
	for (q = start; q + 2 < end && spaces <= 3; q++) {
		/* "(Area Under Curve - AUC)": what the term says again. */
		if (*q == '(' || (*q == ')' && depth > 0)) {
			depth += *q == '(' ? 1 : -1;
			bracketed = 1;
			continue;
		}
		if (depth > 0)
			continue;
		sep = NULL;
		if (*q == ' ' && (q[1] == '-' || q[1] == '=' ||
		    q[1] == ':') && q[2] == ' ')
			sep = q;
		else if (*q == ' ' && end - q > 5 && (memcmp(q + 1,
		    "\xe2\x80\x93 ", 4) == 0 || memcmp(q + 1,
		    "\xe2\x80\x94 ", 4) == 0)) {
			sep = q;	/* " – ", " — ": a dash typed as such */
			*len = 5;
		} else if (q > start && *q == '=' && q[-1] != ' ' &&
		    (unsigned char)q[1] >= 0x80) {
			/*
			 * "Vegas=베가스": glued, the gloss in another
			 * script, "King(인명)=킹" a note in brackets too.
			 */
			*len = 1;
			return letters >= 2 && q + 1 < end ? q : NULL;
		} else if (q > start && (q[0] == '-' || q[0] == '=') &&
		    q[1] == '>' && q[2] == ' ') {
			/* "-->", and a second arrow, a menu's steps: none. */
			if (q[-1] == q[0] || memmem(q + 2,
			    (size_t)(end - q - 2), q, 2) != NULL)
				return NULL;
			sep = q[-1] == ' ' ? q - 1 : q;
			*len = (size_t)(q + 3 - sep);
		}
		if (sep != NULL)
			return letters >= 2 && sep > p && sep + *len < end &&
			    sep[*len] != ' ' && (!bracketed || sep[1] == ':') ?
			    sep : NULL;
		if (!term_byte((unsigned char)*q, &spaces, &letters))
			return NULL;
	}
	return NULL;
}

/*
 * Where a colon glued to a term parts it from its definition on a line
 * of a glossary kept in paragraphs, "项目：为了创造独特的产品..." or
 * "Charter: a document that authorizes the project": the line at the
 * margin, no list's item nor heading; the term one to four words of
 * letters (no digit, no code, no mark) and the definition text after
 * ": " or a full-width colon.  The colon's start, its length with the
 * space in *len; or NULL.  The page decides whether such lines are
 * cards (colon_terms()).
 */
static const char *
colon_term(const char *p, const char *end, size_t *len)
{
	const char	*q;
	int		 spaces = 0, letters = 0;

	if (p == end || strchr(no_term_start, *p) != NULL)
		return NULL;
	for (q = p; q + 2 < end && spaces <= 3; q++) {
		if (q > p && q[-1] != ' ' && ((q[0] == ':' && q[1] == ' ') ||
		    memcmp(q, FULLWIDTH_COLON, 3) == 0)) {
			*len = *q == ':' ? 2 : 3;
			return letters >= 2 && q + *len < end &&
			    q[*len] != ' ' ? q : NULL;
		}
		if (!term_byte((unsigned char)*q, &spaces, &letters))
			return NULL;
	}
	return NULL;
}

/*
 * Where sep parts a term from its definition in a numbered item's text
 * [p, e), past its number: "Sire: Male Parent" (':' and a space), or
 * "airport - аэропорт" ('-' with a space on either side or both, as a
 * hand typing fast leaves it, "next- следующий").  The term is short,
 * four spaces at most, not a sentence; both sides hold text.  NULL when
 * the item is no such line.
 */
static const char *
item_term(const char *p, const char *e, char sep)
{
	const char	*q;
	int		 spaces = 0, depth = 0;

	for (q = p; q < e && spaces <= 4; q++) {
		if (*q == ' ')
			spaces++;
		depth += (*q == '[') - (*q == ']' && depth > 0);
		if (*q != sep)
			continue;
		/* "[Bagian 1: SELECT](#bagian-1)": a link's text, no term. */
		if (q == p || depth > 0)
			return NULL;
		if (sep == ':' && (q + 1 >= e || q[1] != ' '))
			return NULL;
		if (sep == '-' && q[-1] != ' ' && (q + 1 >= e || q[1] != ' '))
			continue;	/* "e-mail", a word's own */
		if (sep == '-' && q + 1 < e && q[1] == '>')
			return NULL;	/* "->", an arrow (arrow_item) */
		for (p = q + 1; p < e && (*p == ' ' || *p == '\t'); p++)
			continue;
		return p < e ? q : NULL;
	}
	return NULL;
}

/*
 * Is an item's text [p, e), which no dash or colon parts (item_term()),
 * a glossary's term left undefined: a word or a few (four spaces at
 * most) and nothing else, or a dash after them and nothing, "#meltdown
 * - "?
 */
static int
bare_term(const char *p, const char *e)
{
	int	 spaces = 0;

	while (e > p && strchr(" \t\r", e[-1]) != NULL)
		e--;
	if (e > p && e[-1] == '-' && e - 1 > p && e[-2] == ' ')
		for (e--; e > p && e[-1] == ' '; e--)
			continue;
	if (e == p || strchr(".?!:", e[-1]) != NULL)
		return 0;
	for (; p < e; p++)
		if (*p == ' ' && ++spaces > 4)
			return 0;
	return 1;
}

/*
 * Where spaces part a word from its meaning in an item's text [p, e), a
 * Japanese word list's ideographic space (U+3000), "パソコン　[口语化]",
 * or two spaces or more: the first such run with text on both sides,
 * after a word or a few (four at most) that end no sentence, its length
 * in *len unless len is NULL; NULL when none.  ("Buy milk.  Also eggs."
 * is two sentences, "今日は晴れ。　明日は雨。" too.)
 */
static const char *
spaced_item(const char *p, const char *e, size_t *len)
{
	const char	*q, *t;
	int		 spaces = 0;

	for (q = p; q < e && spaces <= 3; q++) {
		for (t = q; t < e && (*t == ' ' || (e - t >= 3 &&
		    memcmp(t, "\xe3\x80\x80", 3) == 0)); t += *t == ' ' ? 1 : 3)
			continue;
		if (t - q >= 2 && q > p && t < e) {
			if (strchr(".!?", q[-1]) != NULL || (q - p >= 3 &&
			    (memcmp(q - 3, "\xe3\x80\x82", 3) == 0 ||
			    memcmp(q - 3, "\xef\xbc\x81", 3) == 0 ||
			    memcmp(q - 3, "\xef\xbc\x9f", 3) == 0)))
				return NULL;
			if (len != NULL)
				*len = (size_t)(t - q);
			return q;
		}
		spaces += t > q;
		if (t > q)
			q = t - 1;
	}
	return NULL;
}

/*
 * Where an arrow parts a question from its answer in an item's text
 * [p, e), "O que é um byte? → Conjunto de 8 bits.": the first " → ",
 * " -> " or " => " with text on both sides, its length in *len; NULL
 * when none.  Arrows after it are the answer's, "Red → Green".
 */
static const char *
arrow_item(const char *p, const char *e, size_t *len)
{
	static const char *const arrows[] = {
		" \xe2\x86\x92 ", " -> ", " => ", NULL
	};
	const char	*q, *best = NULL;
	size_t		 i, n;

	for (i = 0; arrows[i] != NULL; i++) {
		n = strlen(arrows[i]);
		for (q = p; q + n < e && (best == NULL || q < best); q++)
			if (memcmp(q, arrows[i], n) == 0) {
				if (q > p) {
					best = q;
					*len = n;
				}
				break;
			}
	}
	return best;
}

/*
 * Where an arrow parts a word from its gloss in a bulleted item's text
 * [p, e), "Ο ναύτης / Οι ναύτες -> Sailor": the word or its forms, seven
 * words at most, no second arrow after ("Settings -> Network -> Wi-Fi"
 * is a menu's path), no digit, "_", "." nor "/" but between spaces (a
 * version, a file or a path renamed, "config.yml -> settings.yml").
 * The arrow as arrow_item() finds it, or NULL.
 */
static const char *
arrow_gloss(const char *p, const char *e)
{
	const char	*q, *t;
	size_t		 len;
	int		 spaces = 0;

	if ((q = arrow_item(p, e, &len)) == NULL || arrow_item(q + len - 1, e,
	    &len) != NULL)
		return NULL;
	for (t = p; t < q; t++)
		if ((spaces += *t == ' ') > 6 || *t == '?' ||
		    isdigit((unsigned char)*t) || *t == '_' || *t == '.' ||
		    (*t == '/' && (t == p || t[-1] != ' ' || t[1] != ' ')))
			return NULL;	/* "1.0 -> 1.1", "/api/v1 -> ..." */
	return q;
}

/*
 * The length of the HTML line break that ends [p, e), "<BR>", "<br/>" or
 * "<br />", blanks before it with it; 0 when none.  Ending a line's
 * card, it ends the line in the author's view, not the answer.
 */
static size_t
closing_break(const char *p, const char *e)
{
	static const char *const breaks[] = { "<br>", "<br/>", "<br />", NULL };
	const char *const	*b;
	const char		*t;
	size_t			 k;

	for (b = breaks; *b != NULL; b++) {
		k = strlen(*b);
		if ((size_t)(e - p) > k && strncasecmp(e - k, *b, k) == 0) {
			for (t = e - k; t - 1 > p && (t[-1] == ' ' ||
			    t[-1] == '\t'); t--)
				continue;
			return (size_t)(e - t);
		}
	}
	return 0;
}

/*
 * one_liner() on a line of a card file: Obsidian Spaced Repetition
 * also ends a line with "::" when the answer is the code or list below.
 */
static const char *
liner_split(const struct md_state *st, struct span s, size_t *len)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to, *split;
	size_t		 at;
	char		 letter;

	/* "[#Javascript::Async]", "[#a::b]()": mdanki's tag, no card. */
	if (e - p > 3 && strncmp(p, "[#", 2) == 0 &&
	    (split = memchr(p + 2, ']', (size_t)(e - p - 2))) != NULL &&
	    (split + 1 == e || (split[1] == '(' && e[-1] == ')')))
		return NULL;
	if ((split = one_liner(p, e, len, &st->liner)) != NULL ||
	    (st->semicolons && (split = one_liner(p, e, len,
	    &semicolon_marks)) != NULL))
		return split;
	if (st->anki_semicolons && (split = spaced_semicolon(p, e)) !=
	    NULL && split - 1 > p && split + 2 < e) {
		*len = 1;
		return split;
	}
	if (st->bar_terms && (split = bar_definition(p, e)) != NULL) {
		*len = 1;
		return split;
	}
	if (st->tab_cards && (split = tab_split(p, e)) != NULL) {
		*len = 1;
		return split;
	}
	if (st->gloss_terms && s.from == line_start(st, line_of(st,
	    s.from)) && ((split = gloss_split(p, e, len)) != NULL ||
	    (st->colon_terms && (split = colon_term(p, e, len)) != NULL)))
		return split;
	if (st->verdicts && s.from == line_start(st, line_of(st, s.from)) &&
	    (at = cp_verdict_letter(p, (size_t)(e - p), &letter)) > 0) {
		*len = strspn(p + at, " ");
		return p + at;
	}
	if (st->dialect != D_OSR || e - p < 3 || e[-1] != ':' ||
	    e[-2] != ':' || e[-3] == ':')
		return NULL;
	*len = 2;
	return e - 2;
}

/*
 * A Dataview field, "key:: value", Obsidian's metadata that Obsidian
 * Spaced Repetition would take for a one-line card: its plugin cannot
 * tell them apart.  Told here by both sides: the key one word, lower
 * case, as a field's name is written ("up", "source_page"), and the
 * value only what metadata holds, tags, links to notes and dates
 * ("#flashcard", "[[Note]]", "2024-01-28").  "perro::dog" is a card.
 */
static int
dataview_field(const char *p, const char *e)
{
	const unsigned char	*u = (const unsigned char *)p;
	const unsigned char	*end = (const unsigned char *)e, *t;
	int			 values = 0;

	if (u == end || !(islower(*u) || *u >= 0x80))
		return 0;
	while (u < end && (islower(*u) || isdigit(*u) || *u == '-' ||
	    *u == '_' || *u >= 0x80))
		u++;
	if (end - u < 2 || u[0] != ':' || u[1] != ':' ||
	    (end - u > 2 && u[2] == ':'))
		return 0;
	for (u += 2; u < end; values++) {
		while (u < end && (*u == ' ' || *u == '\t' || *u == ','))
			u++;
		if (u == end)
			break;
		if (*u == '#' && end - u > 1 && u[1] != '#' && u[1] != ' ')
			while (u < end && *u != ' ' && *u != '\t' && *u != ',')
				u++;
		else if (end - u > 4 && u[0] == '[' && u[1] == '[') {
			for (t = u + 2; t + 1 < end && !(t[0] == ']' &&
			    t[1] == ']'); t++)
				continue;
			if (t + 1 >= end)
				return 0;
			u = t + 2;
		} else if (end - u >= 10 && isdigit(u[0]) && isdigit(u[1]) &&
		    isdigit(u[2]) && isdigit(u[3]) && u[4] == '-' &&
		    isdigit(u[5]) && isdigit(u[6]) && u[7] == '-' &&
		    isdigit(u[8]) && isdigit(u[9]))
			for (u += 10; u < end && (isdigit(*u) || *u == ':' ||
			    *u == 'T'); u++)
				continue;
		else
			return 0;
	}
	return values > 0;
}

/*
 * A note template's fields, "Source Type :: #video", "Topics ::
 * [[]]<br>": lines "::" splits from line l on, two or more, one of them
 * or more with no value, nothing after the "::" but spaces, "<br>" and
 * an empty link "[[]]" left to fill in.  A card has an answer; fields
 * left blank are a form's, so the whole run is metadata.  The last line
 * of the run when it is such, or 0.
 */
static unsigned long
blank_fields(const struct md_state *st, unsigned long l)
{
	const char	*p, *e, *split;
	unsigned long	 first = l;
	size_t		 seplen;
	int		 blank = 0;

	for (; l <= st->nlines; l++) {
		p = st->doc + line_start(st, l);
		e = st->doc + line_end(st, l);
		if ((split = one_liner(p, e, &seplen, &st->liner)) == NULL)
			break;
		for (p = split + seplen; p < e;)
			if (*p == ' ' || *p == '\t')
				p++;
			else if (e - p >= 4 && strncasecmp(p, "<br>", 4) == 0)
				p += 4;
			else if (e - p >= 4 && strncmp(p, "[[]]", 4) == 0)
				p += 4;
			else
				break;
		blank |= p == e;
	}
	return l - first >= 2 && blank ? l - 1 : 0;
}

/*
 * The attribute that pandoc, kramdown and markdown-it write after a
 * heading, " {#its-anchor}" or " {#id .class}": markup, no text of the
 * heading; taken off the end of *q.  Linear in the heading.
 */
static void
heading_attribute(const struct md_state *st, struct span *q)
{
	size_t	 k;

	if (q->to - q->from < 4 || st->doc[q->to - 1] != '}')
		return;
	for (k = q->to - 1; k > q->from && st->doc[k - 1] != '{' &&
	    st->doc[k - 1] != '}'; k--)
		continue;
	if (k <= q->from + 1 || st->doc[k - 1] != '{' || st->doc[k] != '#' ||
	    st->doc[k - 2] != ' ')
		return;
	/*
	 * A generated anchor holds a dash, "{#the-title}", or more than
	 * the id, "{#id .class}"; Svelte's "{#each}" in a title is text.
	 */
	if (memchr(st->doc + k, '-', q->to - k) == NULL &&
	    memchr(st->doc + k, ' ', q->to - k) == NULL)
		return;
	for (q->to = k - 1; q->to > q->from && (st->doc[q->to - 1] == ' ' ||
	    st->doc[q->to - 1] == '\t'); q->to--)
		continue;
}

/*
 * Whether the heading text at q had a word processor's bullet before
 * it, which heading_text() left out.
 */
static int
bulleted(const struct md_state *st, struct span q)
{
	size_t	 p = q.from;

	while (p > 0 && (st->doc[p - 1] == ' ' || st->doc[p - 1] == '\t'))
		p--;
	return p >= 3 && memcmp(st->doc + p - 3, BULLET_DOT, 3) == 0;
}

static void
heading_text(const struct md_state *st, cmark_node *n, struct span *q)
{
	struct span	 b = block_span(st, n);
	const char	*d = st->doc, *c;

	while (b.from < b.to && d[b.from] == ' ')
		b.from++;
	if (d[b.from] == '#') {
		/* ATX: drop the opening and closing runs of '#'. */
		while (b.from < b.to && (d[b.from] == ' ' || d[b.from] == '#'))
			b.from++;
		while (b.to > b.from && d[b.to - 1] == '#')
			b.to--;
		if (b.to > b.from && d[b.to - 1] != ' ' && d[b.to - 1] != '\t')
			b.to = line_end(st, line_of(st, b.from));
		/* "### •<TAB>Welche ...?": a word processor's bullet. */
		if (b.to - b.from > 4 &&
		    memcmp(d + b.from, BULLET_DOT, 3) == 0 &&
		    (d[b.from + 3] == ' ' || d[b.from + 3] == '\t'))
			for (b.from += 3; b.from < b.to && (d[b.from] == ' ' ||
			    d[b.from] == '\t'); b.from++)
				continue;
	} else {
		/* Setext: the lines above the underline of '=' or '-'. */
		unsigned long	 l = line_of(st, b.from);

		for (; line_start(st, l + 1) < b.to; l++) {
			const char	*p = d + line_start(st, l + 1);
			const char	*e = d + line_end(st, l + 1);

			p += strspn(p, " ");
			if (p < e && (*p == '=' || *p == '-') &&
			    strspn(p, *p == '=' ? "= \t" : "- \t") ==
			    (size_t)(e - p))
				break;
		}
		b.to = line_end(st, l);
	}
	/* "### Back ", a space the author left: no text. */
	while (b.to > b.from && (d[b.to - 1] == ' ' || d[b.to - 1] == '\t'))
		b.to--;
	/*
	 * "# Sleep hygiene <!-- id:1513b427-...;status:incomplete -->": a
	 * tool's record in a comment, which no reader sees.
	 */
	heading_attribute(st, &b);
	while (b.to - b.from > 7 && memcmp(d + b.to - 3, "-->", 3) == 0) {
		/* The comment's own "<!--", back from its "-->". */
		for (c = d + b.to - 7; c > d + b.from &&
		    memcmp(c, "<!--", 4) != 0; c--)
			continue;
		if (c == d + b.from || memcmp(c, "<!--", 4) != 0 ||
		    memmem(c + 4, (size_t)(d + b.to - 3 - c - 4), "-->",
		    3) != NULL)
			break;
		for (b.to = (size_t)(c - d); b.to > b.from &&
		    (d[b.to - 1] == ' ' || d[b.to - 1] == '\t'); b.to--)
			continue;
	}
	heading_attribute(st, &b);
	*q = b;
}

/*
 * The next cell of a table row from *p: its span, trimmed; *p moves past
 * the pipe that ends it.  A pipe after a backslash is in the cell.
 */
static struct span
next_cell(const struct md_state *st, size_t *p, size_t end)
{
	struct span	 c;
	size_t		 i = *p;

	while (i < end && (st->doc[i] == ' ' || st->doc[i] == '\t'))
		i++;
	c.from = i;
	for (; i < end && st->doc[i] != '|'; i++)
		if (st->doc[i] == '\\' && i + 1 < end)
			i++;
	c.to = i;
	*p = i < end ? i + 1 : end;
	while (c.to > c.from && (st->doc[c.to - 1] == ' ' ||
	    st->doc[c.to - 1] == '\t'))
		c.to--;
	return c;
}

/*
 * A table cell's text: its "\|", the pipe a cell must escape, is the
 * pipe a field shows, "ab|heben".  The caller frees it.
 */
static char *
cell_text(const struct md_state *st, struct span c)
{
	char	*t = span_text(st, c), *r, *w;

	for (r = w = t; *r != '\0'; r++)
		if (r[0] != '\\' || r[1] != '|')
			*w++ = *r;
	*w = '\0';
	return t;
}

static void
start_run(struct md_state *st, enum run run, unsigned long first,
    unsigned long last)
{
	st->run = first <= last ? run : RUN_NONE;
	st->run_line = first;
	st->run_last = last;
}

/*
 * A card starts that no open one goes on to: what the context, the
 * open card and the waiting blocks held ends first, in that order.
 */
static void
cards_start(struct cp_reader *r)
{
	context_ends(r);
	finish_card(r);
	finish_pending(r);
}

/* A block of cards (inline notes, one-liners, "?" questions) starts. */
static void
start_cards(struct cp_reader *r, enum run run, unsigned long first,
    unsigned long last)
{
	cards_start(r);
	start_run(r->state, run, first, last);
}

/*
 * A table of GitHub Flavored Markdown, which cmark reads as a paragraph
 * of lines that hold '|', most starting with one, though GitHub needs
 * none at the ends, "Question | Réponse" over "--- | ---": under its
 * header and delimiter rows, each row a card, the first cell the
 * question and the second the answer, as written (a <br> is a line
 * break in Markdown too).
 */
static int
is_table(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	unsigned long	 l;
	size_t		 p, end;

	if (last < first + 1)
		return 0;
	for (l = first; l <= last; l++) {
		p = line_start(st, l);
		if (memchr(st->doc + p, '|', line_end(st, l) - p) == NULL)
			return 0;
	}
	p = line_start(st, first + 1);
	end = line_end(st, first + 1);
	return strspn(st->doc + p, "|:- \t") == end - p &&
	    memchr(st->doc + p, '-', end - p) != NULL &&
	    memchr(st->doc + p, '|', end - p) != NULL;
}

/* How many cells line l's row holds, its "|" not escaped: 0 for none. */
static size_t
row_cells(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	size_t		 i, bars = 0;

	if (s.to - s.from < 3 || st->doc[s.from] != '|' ||
	    st->doc[s.to - 1] != '|' || st->doc[s.to - 2] == '\\')
		return 0;
	for (i = s.from; i < s.to; i++)
		bars += st->doc[i] == '|' && (i == s.from ||
		    st->doc[i - 1] != '\\');
	return bars - 1;
}

static int	 cards_header(const struct md_state *, unsigned long);

/*
 * Where the rows of a table on lines first to last start: under the
 * header and delimiter rows of GitHub's table (is_table()), or, where
 * every line opens and closes with "|" and holds as many cells, two or
 * more, on three lines or more, a table written without the delimiter
 * row, "| 昼休み | ひるやすみ | lunch break |", which cmark reads as a
 * paragraph and a person as a table: under its header where that names
 * a table of cards (cards_header()), else on its first line.  0 for no
 * table.
 */
static unsigned long
table_rows(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	unsigned long	 l;
	size_t		 cells;

	if (is_table(st, first, last))
		return first + 2;
	if (last < first + 2 || (cells = row_cells(st, first)) < 2)
		return 0;
	for (l = first + 1; l <= last; l++)
		if (row_cells(st, l) != cells)
			return 0;
	return cards_header(st, first) ? first + 1 : first;
}

static int	 front_column(const struct md_state *, unsigned long, int *);
static unsigned int	 form_columns(const struct md_state *, unsigned long);

/*
 * In a table whose header puts cells that label the row before its
 * question, "bibliografia_id | pergunta | resposta | prova | páginas |
 * ...", a database's export, the columns past the answer's that hold
 * as few values as one in two rows, "Pág. 7", "241", an empty cell,
 * are the program's fields, no more of the answer (a mnemonic differs
 * from row to row): their bits, columns counted from 0, 32 at most.
 */
static uint32_t
program_columns(const struct md_state *st, unsigned long rows,
    unsigned long last, int after)
{
	struct cp_hashset	 seen[32];
	struct span		 c;
	unsigned long		 l;
	size_t			 p, end, n, distinct[32] = { 0 };
	uint32_t		 bits = 0;
	int			 col;

	memset(seen, 0, sizeof(seen));
	for (l = rows; l <= last; l++) {
		p = line_start(st, l);
		end = line_end(st, l);
		p += st->doc[p] == '|';
		for (col = 0; p < end && col < 32; col++) {
			c = next_cell(st, &p, end);
			if (col > after)
				distinct[col] += !cp_hashset_add(&seen[col],
				    cp_hash64(st->doc + c.from, c.to - c.from));
		}
	}
	n = last - rows + 1;
	for (col = after + 1; col < 32; col++) {
		if (distinct[col] > 0 && 2 * distinct[col] <= n)
			bits |= (uint32_t)1 << col;
		cp_hashset_free(&seen[col]);
	}
	return bits;
}
static struct span	 header_words(const struct md_state *, struct span);

/* The names of a column that says where a row's word was met. */
static const char *const source_heads[] = {
	"source", "sources", "seen in", "found in", "where seen",
	"first seen", "quelle", "fundstelle", "fuente", "出处", "来源",
	"出典", "출처", "처음 본 곳", "본 곳", NULL
};

/*
 * The columns past the answer's, after, whose header at line l says
 * where the row's word was met, "처음 본 곳" (where first seen), "Source":
 * the author's note of it, no more of the answer.  Their bits, columns
 * counted from 0, 32 at most, and the first one's header in *name.
 */
static uint32_t
source_columns(const struct md_state *st, unsigned long l, int after,
    struct span *name)
{
	size_t		 p = line_start(st, l), end = line_end(st, l);
	struct span	 c;
	uint32_t	 bits = 0;
	int		 col;

	p += p < end && st->doc[p] == '|';
	for (col = 0; p < end && col < 32; col++) {
		c = header_words(st, next_cell(st, &p, end));
		if (col <= after || !cp_word_among(st->doc + c.from,
		    c.to - c.from, source_heads))
			continue;
		if (bits == 0)
			*name = c;
		bits |= (uint32_t)1 << col;
	}
	return bits;
}

static int	 only_blank(const struct md_state *, struct span);
static int	 named_first_column(const struct md_state *, unsigned long);
static int	 forms_stand_in(const struct md_state *, unsigned long,
		    unsigned long);

static int
dialect_table(struct cp_reader *r, unsigned long first,
    unsigned long last)
{
	struct md_state	*st = r->state;
	unsigned long	 rows;
	uint32_t	 sources;
	struct span	 name;

	if ((rows = table_rows(st, first, last)) == 0)
		return 0;
	finish_card(r);
	finish_pending(r);
	if (rows < first + 2)
		warn_once(r, &st->bare_table_said, first, "lines of \"|\" "
		    "cells with no delimiter row, \"|---|\", under the first: "
		    "read as a table's rows, as a person reads them (GitHub "
		    "shows them as text), here and below");
	start_run(st, RUN_TABLE, rows, last);
	st->table_head = first;
	st->table_tags = 0;
	if (rows == first || (st->table_front = front_column(st, first,
	    &st->table_tags)) < 0)
		st->table_front = 0;
	st->table_forms = st->table_front == 0 && !st->table_tags &&
	    rows > first ? form_columns(st, first) : 0;
	st->table_numbered = rows == first ||
	    !named_first_column(st, first);
	st->table_program = st->table_front > 0 && last > rows ?
	    program_columns(st, rows, last, st->table_front + 1 +
	    st->table_tags) : 0;
	if (st->table_program != 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "columns past the answer's, in a table whose header "
		    "labels the row before its question, that hold as few "
		    "values as one in two rows: a program's fields, left out "
		    "of the answer");
	if (rows > first && (sources = source_columns(st, first,
	    st->table_front + 1 + st->table_tags, &name)) != 0) {
		st->table_program |= sources;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "the column \"%.*s\" past the answer's says where the "
		    "word was met: the author's note, left out of the answer",
		    (int)(name.to - name.from), st->doc + name.from);
	}
	if (st->table_forms != 0 && !forms_stand_in(st, first + 2, last))
		st->table_forms = 0;
	return 1;
}

/* Whether a cell is a number only, a row's "| 12 |". */
static int
number_cell(const struct md_state *st, struct span c)
{
	size_t	 i;

	for (i = c.from; i < c.to && isdigit((unsigned char)st->doc[i]); i++)
		continue;
	if (i > c.from && i + 1 == c.to && st->doc[i] == '.')
		i++;
	return i > c.from && i == c.to;
}

/*
 * Header cell c within the bold or italic marks round all of it,
 * "**Term**": they set the name apart, no part of it.
 */
static struct span
header_words(const struct md_state *st, struct span c)
{
	const char	*d = st->doc;
	size_t		 k;

	for (k = 2; k > 0; k--)
		if (c.to - c.from > 2 * k && (d[c.from] == '*' ||
		    d[c.from] == '_') && d[c.from + k - 1] == d[c.from] &&
		    strncmp(d + c.from, d + c.to - k, k) == 0) {
			c.from += k;
			c.to -= k;
			break;
		}
	return c;
}

/* Is cell c the word w, in any case? */
static int
cell_is(const struct md_state *st, struct span c, const char *w)
{
	c = header_words(st, c);
	return c.to - c.from == strlen(w) &&
	    strncasecmp(st->doc + c.from, w, c.to - c.from) == 0;
}

/* Does cell c open with the word w, in any case, "Respuesta corta"? */
static int
cell_opens(const struct md_state *st, struct span c, const char *w)
{
	size_t	 n = strlen(w);

	c = header_words(st, c);
	return cell_is(st, c, w) || (c.to - c.from > n &&
	    st->doc[c.from + n] == ' ' &&
	    strncasecmp(st->doc + c.from, w, n) == 0);
}

/*
 * Does cell c end with the word w, in any case, "English Definition"?
 */
static int
cell_ends(const struct md_state *st, struct span c, const char *w)
{
	size_t	 n = strlen(w);

	c = header_words(st, c);
	return cell_is(st, c, w) || (c.to - c.from > n &&
	    st->doc[c.to - n - 1] == ' ' &&
	    strncasecmp(st->doc + c.to - n, w, n) == 0);
}

/*
 * Is cell c the word w, in any case, alone or before what it says in
 * brackets, "Frente (English Question)"?
 */
static int
cell_names(const struct md_state *st, struct span c, const char *w)
{
	size_t	 n = strlen(w);

	c = header_words(st, c);
	return cell_is(st, c, w) || (c.to - c.from > n + 2 &&
	    strncmp(st->doc + c.from + n, " (", 2) == 0 &&
	    strncasecmp(st->doc + c.from, w, n) == 0);
}

/*
 * The column of a table's header row at line l that names the card's
 * front, right before the one naming its back, "Frente | Verso", "Card
 * ID | Domain | Frente | Verso": the cells before it only label the
 * row.  Each names its side alone or over a word in brackets ("Answer
 * rate" names a number).  -1 when none does.
 */
static int
front_column(const struct md_state *st, unsigned long l, int *tagged)
{
	size_t		 p = line_start(st, l), end = line_end(st, l), k;
	struct span	 c, next;
	int		 col, tags;

	*tagged = 0;
	p += st->doc[p] == '|';
	c = next_cell(st, &p, end);
	for (col = 0; p < end; col++, c = next) {
		next = next_cell(st, &p, end);
		for (k = 0; front_names[k] != NULL; k++)
			if (cell_names(st, c, front_names[k]))
				break;
		if (front_names[k] == NULL)
			continue;
		/* "Question | Tag | Answer": the tags between the sides. */
		tags = (cell_is(st, next, "tag") || cell_is(st, next,
		    "tags")) && p < end;
		if (tags)
			next = next_cell(st, &p, end);
		for (k = 0; back_names[k] != NULL; k++)
			if (cell_names(st, next, back_names[k])) {
				*tagged = tags;
				return col;
			}
		for (k = 0; cp_answer_words[k] != NULL; k++)
			if (cell_names(st, next, cp_answer_words[k])) {
				*tagged = tags;
				return col;
			}
		return -1;
	}
	return -1;
}

/*
 * Does the table row at line l open with a link, "| [Guide](guide.md) |":
 * the languages over it name translations, no word list's columns.
 */
static int
link_row(const struct md_state *st, unsigned long l)
{
	size_t		 p, end;
	struct span	 c;

	if (l > st->nlines)
		return 0;
	p = line_start(st, l);
	end = line_end(st, l);
	p += p < end && st->doc[p] == '|';
	c = next_cell(st, &p, end);
	return c.to > c.from && st->doc[c.from] == '[' &&
	    span_find(st, c, "](") != NULL;
}

/* Does header cell c name a language, "**Português**"? */
static int
language_cell(const struct md_state *st, struct span c)
{
	c = header_words(st, c);
	return cp_language_name(st->doc + c.from, c.to - c.from);
}

/*
 * Does header cell c name a way of writing a word, "Kana", "Kanji",
 * "假名": a written form of it, as a language is?
 */
static int
form_cell(const struct md_state *st, struct span c)
{
	c = header_words(st, c);
	return cp_writing_name(st->doc + c.from, c.to - c.from);
}

/*
 * The columns of the header row at line l, past the first, that name a
 * written form of the word as the first does (form_cell()), bits from
 * 0; 0 when the first names none.  Thirty-one columns are looked at.
 */
static unsigned int
form_columns(const struct md_state *st, unsigned long l)
{
	size_t		 p = line_start(st, l), end = line_end(st, l);
	unsigned int	 bits = 0, k;

	p += p < end && st->doc[p] == '|';
	if (!form_cell(st, next_cell(st, &p, end)))
		return 0;
	for (k = 1; k < 32 && p < end; k++)
		if (form_cell(st, next_cell(st, &p, end)))
			bits |= 1u << k;
	return bits;
}

/*
 * Do the table's rows first to last stand one written form in for
 * another (st->table_forms): one in ten or more leaving the first column
 * empty and filling another form's?  Else the other form is the word's
 * reading, "Kanji | Hiragana | English", part of what is learnt.
 */
static int
forms_stand_in(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	unsigned long	 l;
	size_t		 p, end, rows = 0, stand = 0;
	unsigned int	 k;
	struct span	 c;
	int		 empty;

	for (l = first; l <= last; l++) {
		p = line_start(st, l);
		end = line_end(st, l);
		p += p < end && st->doc[p] == '|';
		rows++;
		c = next_cell(st, &p, end);
		empty = c.to == c.from;
		for (k = 1; empty && k < 32 && p < end; k++) {
			c = next_cell(st, &p, end);
			if ((st->table_forms & 1u << k) && c.to > c.from) {
				stand++;
				break;
			}
		}
	}
	return rows > 0 && 10 * stand >= rows;
}

/*
 * Header cell c's name without what it says in brackets after it,
 * "Greek (Ελληνικά)", "**Meaning (अर्थ)**": the name in the page's other
 * language, no other name.
 */
static struct span
unglossed(const struct md_state *st, struct span c)
{
	size_t	 k;

	c = header_words(st, c);
	if (c.to - c.from < 4 || st->doc[c.to - 1] != ')')
		return c;
	for (k = c.to - 1; k > c.from + 1 && st->doc[k] != '('; k--)
		continue;
	if (st->doc[k] == '(' && st->doc[k - 1] == ' ')
		c.to = k - 1;
	return c;
}

/*
 * Does the header row at line l name a word list, "Word | Meaning",
 * "English Phrase | Arabic Translation",
 * "nr | woord | genitief | vertaling", " | translit. | gloss",
 * "**Term** | **English Definition**", "Húngaro | IPA | Português": its
 * first column (past one numbering the rows) the word, a language, or
 * unnamed, and a later one the word's meaning or another language?  So
 * does a first column of what the words name, "Number | Italian | Greek
 * (Ελληνικά)", over two later ones that name two languages.
 */
static int
word_list_header(const struct md_state *st, unsigned long l)
{
	static const char *const words[] = {
		"word", "woord", "wort", "mot", "palabra", "palavra",
		"parola", "słowo", "slovo", "слово", "kelime", "kata",
		"term", "termo", "término", "terme", "termine", "begriff",
		"pojęcie", "термин", "begrepp", "begreb", "begrep",
		"vocabulary", "vocab", "单词", "词语", "단어", "単語",
		"英単語", "英单词", "영단어", "用語", "术语", "術語", "용어",
		"phrase", "frase", "фраза", "expression",
		NULL
	};
	static const char *const meanings[] = {
		"meaning", "translation", "gloss", "definition", "vertaling",
		"betekenis", "bedeutung", "übersetzung", "traduction",
		"signification", "traducción", "significado", "tradução",
		"traduzione", "significato", "tłumaczenie", "znaczenie",
		"překlad", "význam", "перевод", "значение", "переклад",
		"anlam", "arti", "terjemahan", "explanation", "erklärung",
		"förklaring", "forklaring", "explicación", "explication",
		"spiegazione", "explicação", "wyjaśnienie", "vysvětlení",
		"объяснение", "açıklama", "penjelasan",
		"意思", "释义", "意味", "뜻", "日本語訳", "和訳", "翻訳",
		"翻译", "中文意思", NULL
	};
	size_t		 p = line_start(st, l), end = line_end(st, l), k;
	struct span	 c, first;
	int		 named, langs = 0;

	p += st->doc[p] == '|';
	c = next_cell(st, &p, end);
	if (cell_is(st, c, "#") || cell_is(st, c, "nr") ||
	    cell_is(st, c, "no") || cell_is(st, c, "no."))
		c = next_cell(st, &p, end);
	c = unglossed(st, c);
	for (k = 0; words[k] != NULL && c.to > c.from; k++)
		if (cell_opens(st, c, words[k]) || cell_ends(st, c, words[k]))
			break;
	first = c;
	named = c.to == c.from || words[k] != NULL || form_cell(st, c) ||
	    (language_cell(st, c) && !link_row(st, l + 2));
	while (p < end) {
		c = unglossed(st, next_cell(st, &p, end));
		for (k = 0; named && meanings[k] != NULL; k++)
			if (cell_opens(st, c, meanings[k]) ||
			    cell_ends(st, c, meanings[k]))
				return 1;
		if (language_cell(st, c) && !same_text(st, c, first) &&
		    (named || langs++ > 0))
			return 1;
	}
	return 0;
}

/* The names of a column that counts a table's rows. */
static const char *const row_count_heads[] = {
	"#", "No", "No.", "Nr", "Nr.", "N\xc2\xb0", "N\xc2\xba", NULL
};

/*
 * Does the header row at line l name its first column, and not as a
 * count of the rows ("#", "No.")?
 */
static int
named_first_column(const struct md_state *st, unsigned long l)
{
	size_t		 p = line_start(st, l), end = line_end(st, l);
	struct span	 c;

	p += p < end && st->doc[p] == '|';
	c = header_words(st, next_cell(st, &p, end));
	return c.to > c.from && !cp_word_among(st->doc + c.from,
	    c.to - c.from, row_count_heads);
}

/*
 * Does the header row at line l name a table of cards: its first column
 * "Question" or "Front", or its second an answer, "Question | Réponse",
 * "Pregunta | Respuesta corta", or a column the front and the next the
 * back (front_column()), or the columns a word list's (word_list_header())?
 * A first column that numbers the rows, "#" or "No.", is none of the
 * card's: the columns after it name it.
 */
static int
cards_header(const struct md_state *st, unsigned long l)
{
	size_t		 p = line_start(st, l), end = line_end(st, l), k;
	struct span	 q, a;
	int		 tagged;

	p += st->doc[p] == '|';
	q = next_cell(st, &p, end);
	if (cp_word_among(st->doc + q.from, q.to - q.from, row_count_heads)) {
		q = next_cell(st, &p, end);
		a = next_cell(st, &p, end);
		if (a.from == a.to)
			return 0;	/* "# | Question": a list of them */
	} else
		a = next_cell(st, &p, end);
	if (cell_is(st, q, "Question") || cell_is(st, q, "Front") ||
	    front_column(st, l, &tagged) >= 0 || word_list_header(st, l))
		return 1;
	for (k = 0; cp_answer_words[k] != NULL; k++)
		if (cell_opens(st, a, cp_answer_words[k]))
			return 1;
	return 0;
}

/*
 * Does text t end in a colon, asking nothing: "Here is the meaning of
 * each word in your list:" over a word list's header introduces its
 * rows, the cards, and is none itself?
 */
#define INTRO_SKIPPED	"a line introducing the table of cards below it, " \
			"asking nothing: no card"

static int
introduces(const struct md_state *st, struct span t)
{
	while (t.to > t.from && isspace((unsigned char)st->doc[t.to - 1]))
		t.to--;
	return t.to > t.from && st->doc[t.to - 1] == ':' &&
	    !holds_question_mark(st->doc + t.from, st->doc + t.to);
}

/* Is block n a table whose header names a table of cards? */
static int
cards_table(const struct md_state *st, cmark_node *n)
{
	struct span	 b;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	return table_rows(st, line_of(st, b.from), line_of(st, b.to)) != 0 &&
	    cards_header(st, line_of(st, b.from));
}

/*
 * How many tables at the page's margin are written without a delimiter
 * row or a header (table_rows() from their first line), "| 昼休み |
 * ひるやすみ | lunch break |": where MIN_BARE_TABLES or more are, each
 * is rows of cards, under a card's answer too (a word, its meaning,
 * then the words written with it).  Counted once.
 */
#define MIN_BARE_TABLES	3

static size_t
bare_tables(struct md_state *st)
{
	cmark_node	*n;
	struct span	 b;
	unsigned long	 first;

	if (st->nbare_tables >= 0)
		return (size_t)st->nbare_tables;
	st->nbare_tables = 0;
	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
			continue;
		b = block_span(st, n);
		first = line_of(st, b.from);
		st->nbare_tables += table_rows(st, first,
		    line_of(st, b.to)) == first;
	}
	return (size_t)st->nbare_tables;
}

/* Does the page hold a table of cards (cards_table()) at its margin? */
static int
holds_cards_table(const struct md_state *st)
{
	cmark_node	*n;

	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n))
		if (cards_table(st, n))
			return 1;
	return 0;
}

/* Is cell c a dash alone, "-", "–" or "—": a placeholder for nothing? */
static int
dash_cell(const struct md_state *st, struct span c)
{
	const char	*p = st->doc + c.from;
	size_t		 n = c.to - c.from;

	return (n == 1 && *p == '-') || (n == 3 && (strncmp(p,
	    "\xe2\x80\x93", 3) == 0 || strncmp(p, "\xe2\x80\x94", 3) == 0));
}

/*
 * Is the row at line l a template's, each cell the header's name and a
 * number, "| Câu hỏi 2 | Tag 2 | Câu trả lời 2 |": a row left to fill?
 */
static int
template_row(const struct md_state *st, unsigned long l)
{
	size_t		 p = line_start(st, l), end = line_end(st, l);
	size_t		 h = line_start(st, st->table_head);
	size_t		 hend = line_end(st, st->table_head), n;
	struct span	 c, name;
	int		 cells = 0;

	p += p < end && st->doc[p] == '|';
	h += h < hend && st->doc[h] == '|';
	while (p < end && h < hend) {
		c = next_cell(st, &p, end);
		name = header_words(st, next_cell(st, &h, hend));
		n = name.to - name.from;
		if (c.to - c.from < n + 2 || name.from == name.to ||
		    memcmp(st->doc + c.from, st->doc + name.from, n) != 0 ||
		    st->doc[c.from + n] != ' ' ||
		    strspn(st->doc + c.from + n + 1, "0123456789") !=
		    c.to - c.from - n - 1)
			return 0;
		cells++;
	}
	return cells >= 2;
}

/*
 * Row l of a word table whose header names written forms of the word,
 * "Kana | Romaji | Kanji | English" (st->table_forms): the forms its
 * row fills, one a line, the front, the other cells the back; a row
 * that fills one form leaves the other empty.
 */
static void
forms_row(struct cp_reader *r, unsigned long l)
{
	struct md_state	*st = r->state;
	struct cp_buf	 front = { 0 }, back = { 0 }, *b;
	size_t		 p = line_start(st, l), end = line_end(st, l);
	struct span	 c;
	unsigned int	 k;
	char		*t;

	p += p < end && st->doc[p] == '|';
	for (k = 0; p < end; k++) {
		c = next_cell(st, &p, end);
		if (c.to == c.from || dash_cell(st, c))
			continue;
		b = k == 0 || (k < 32 && (st->table_forms & 1u << k)) ?
		    &front : &back;
		t = cell_text(st, c);
		cp_buf_printf(b, "%s%s", b->len > 0 ? "\n" : "", t);
		free(t);
	}
	if (front.len == 0 || back.len == 0) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
		    "card has no %s; skipped", front.len == 0 ? "question" :
		    "answer");
		cp_buf_free(&front);
		cp_buf_free(&back);
		return;
	}
	warn_once(r, &st->forms_said, l, "a word table whose columns name "
	    "the word's written forms, \"Kana\", \"Kanji\": the forms a "
	    "row fills its front, the other cells its back");
	push_card(r, cp_buf_detach(&front), cp_buf_detach(&back), 0, NULL, l);
}

/*
 * A table's row at line l: a card, its first cell the question.  A
 * first cell that is the row's number, with two cells after it, is no
 * part of the card: the question is the second; but not under a header
 * that names the column as no count of rows, "Number | Italian | Greek":
 * there the numbers are what is learnt.
 */
static void
table_row(struct cp_reader *r, unsigned long l)
{
	struct md_state	*st = r->state;
	struct span	 q, a, more, tags = { 0, 0 };
	size_t		 p = line_start(st, l), end = line_end(st, l);
	int		 third, k, skipped_cells, col;
	char		*words = NULL;

	if (template_row(st, l)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0, "a row of "
		    "the header's names, each numbered: a template's row left "
		    "to fill, not a card; skipped");
		return;
	}
	if (st->table_forms != 0) {
		forms_row(r, l);
		return;
	}
	p += st->doc[p] == '|';

	while (end > p && (st->doc[end - 1] == ' ' ||
	    st->doc[end - 1] == '\t'))
		end--;
	if (end > p && st->doc[end - 1] == '|' &&
	    (end < p + 2 || st->doc[end - 2] != '\\'))
		end--;
	for (k = 0; k < st->table_front; k++)
		(void)next_cell(st, &p, end);	/* the row's labels */
	q = next_cell(st, &p, end);
	if (st->table_tags)
		tags = next_cell(st, &p, end);
	a = next_cell(st, &p, end);
	third = p > a.to && st->doc[p - 1] == '|';
	more = next_cell(st, &p, end);
	col = st->table_front + st->table_tags + 2;	/* more's */
	if (number_cell(st, q) && third && st->table_front == 0 &&
	    st->table_numbered) {
		q = a;
		a = more;
		more = next_cell(st, &p, end);
	}
	/* "krūmi||кусты": a row leaves a column empty, the next answers. */
	for (skipped_cells = 0; a.to == a.from && (more.to > more.from ||
	    p < end); skipped_cells++, col++) {
		a = more;
		more = next_cell(st, &p, end);
	}
	if (skipped_cells > 0 && a.to > a.from && st->empty_cells_said++ == 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0, "a row "
		    "whose answer cell is empty: the first cell after it "
		    "that holds text read as its answer, here and below");
	if (a.to == a.from && cp_anki_cloze(st->doc + q.from, q.to - q.from))
		push_cloze(r, q, l);
	else if (q.to == q.from || a.to == a.from)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
		    "card has no %s; skipped", q.to == q.from ?
		    "question" : "answer");
	else {
		/* The cells after the second say more of the answer. */
		struct cp_buf	 back = { 0 };
		char		*t;

		t = cell_text(st, a);
		cp_buf_addstr(&back, t);
		free(t);
		for (; more.to > more.from || p < end;
		    more = next_cell(st, &p, end), col++) {
			if (more.to == more.from || (col < 32 &&
			    (st->table_program >> col & 1)))
				continue;
			if (dash_cell(st, more)) {
				/* "| die badewanne | bathtub | - |" */
				if (st->dash_cells_said++ == 0)
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, l, 0, "a cell of a dash "
					    "alone, a column with nothing to "
					    "say for the row: left out of the "
					    "answer, here and below");
				continue;
			}
			t = cell_text(st, more);
			cp_buf_printf(&back, "\n%s", t);
			free(t);
		}
		if (tags.to > tags.from)
			words = span_text(st, tags);
		push_card(r, cell_text(st, q), cp_buf_detach(&back), 0, words,
		    l);
		free(words);
	}
}

static void	 add_tags(struct md_state *, char *);
static int	 has(const char *, size_t, const char *, size_t);

/*
 * Obsidian Spaced Repetition's deck tag, "flashcards" or
 * "flashcards/Sub/Deck", which puts the page's cards in Sub::Deck.
 */
static int
osr_deck(struct md_state *st, const char *tag)
{
	struct cp_buf	 b = { 0 };
	const char	*p;
	size_t		 k;

	if ((k = cp_sr_tag_in(&st->sr.deck_tags, tag, strlen(tag))) == 0)
		return 0;
	if (tag[k] == '\0' || tag[k + 1] == '\0')
		return 1;
	for (p = tag + k + 1; *p != '\0'; p++)
		if (*p == '/')
			cp_buf_addstr(&b, "::");
		else
			cp_buf_addc(&b, *p);
	free(st->deck);
	st->deck = cp_buf_detach(&b);
	return 1;
}

/* A line's text without the spaces around it. */
static struct span
line_span(const struct md_state *st, unsigned long l)
{
	struct span	 s;

	s.from = line_start(st, l);
	s.to = line_end(st, l);
	while (s.from < s.to && (st->doc[s.from] == ' ' ||
	    st->doc[s.from] == '\t'))
		s.from++;
	while (s.to > s.from && (st->doc[s.to - 1] == ' ' ||
	    st->doc[s.to - 1] == '\t' || st->doc[s.to - 1] == '\r'))
		s.to--;
	return s;
}

/*
 * The text of a numbered item on line l, past "N. " or "N) ", when the
 * item starts the line, not indented under another: NULL for any other
 * line.
 */
static const char *
numbered_text(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	if (s.from != line_start(st, l))
		return NULL;
	return past_number(st, s);
}

/*
 * The text of a glossary's item on line l (see item_terms), past its
 * number or its bullet, at the margin; NULL for any other line.
 */
static const char *
term_item(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	if (!st->item_bullets)
		return numbered_text(st, l);
	return s.from == line_start(st, l) && bullet_opens(st->doc + s.from,
	    st->doc + s.to) ? st->doc + s.from + 2 : NULL;
}

/* s past the "N. " or "N) " (or "N.<TAB>") that opens it, or NULL. */
static const char *
past_number(const struct md_state *st, struct span s)
{
	size_t		 k;

	for (k = s.from; k < s.to && isdigit((unsigned char)st->doc[k]); k++)
		continue;
	if (k == s.from || k - s.from > 9 || k + 1 >= s.to ||
	    (st->doc[k] != '.' && st->doc[k] != ')') ||
	    (st->doc[k + 1] != ' ' && st->doc[k + 1] != '\t'))
		return NULL;
	return st->doc + k + 2;
}

static int
line_is(const struct md_state *st, unsigned long l, const char *word)
{
	struct span	 s = line_span(st, l);

	return s.to - s.from == strlen(word) &&
	    strncmp(st->doc + s.from, word, s.to - s.from) == 0;
}

/*
 * Whether line l opens or closes fenced code, "```" or "~~~", as the
 * tools that read lines rather than blocks see one: a '~~~' closes a
 * '```' too.
 */
static int
fence_mark(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	return s.to - s.from >= 3 && (strncmp(st->doc + s.from, "```", 3) ==
	    0 || strncmp(st->doc + s.from, "~~~", 3) == 0);
}

/* Whether the span holds headings only, or nothing. */
static int
only_headings(const struct md_state *st, struct span s)
{
	unsigned long	 l, last;
	struct span	 t;

	if (s.from == s.to)
		return 1;
	last = text_end_line(st, s);
	for (l = line_of(st, s.from); l <= last; l++) {
		t = line_span(st, l);
		if (t.from < t.to && st->doc[t.from] != '#')
			return 0;
	}
	return 1;
}

/*
 * Whether s holds nothing but headings, line breaks "<br>" and captions,
 * lines ending in a colon, "Food:", "时间词语：": what a page sets over a
 * table of words; or, where prose is set (the heading above asks
 * nothing), paragraphs that ask nothing either, "This unit holds all
 * the words ...", the page's introduction.  Each caption and each
 * paragraph said, where say is set.
 */
static int
table_captions(struct cp_reader *r, struct span s, int prose, int say)
{
	struct md_state	*st = r->state;
	unsigned long	 l, last;
	struct span	 t;

	if (s.from == s.to)
		return 1;
	last = text_end_line(st, s);
	for (l = line_of(st, s.from); l <= last; l++) {
		t = line_span(st, l);
		if (t.from == t.to || st->doc[t.from] == '#' ||
		    (t.to - t.from == 4 && strncasecmp(st->doc + t.from,
		    "<br>", 4) == 0))
			continue;
		if (st->doc[t.to - 1] == ':' || (t.to - t.from >= 3 &&
		    memcmp(st->doc + t.to - 3, "\xef\xbc\x9a", 3) == 0)) {
			if (say)
				skipped(r, t, "a caption over a table of "
				    "cards, not a card");
		} else if (!prose || span_find(st, t, "?") != NULL ||
		    span_find(st, t, "\xef\xbc\x9f") != NULL)
			return 0;
		else if (say && (l == 1 || line_span(st, l - 1).from ==
		    line_span(st, l - 1).to))
			skipped(r, t, "a paragraph over a table of cards "
			    "that asks nothing, under a heading that asks "
			    "nothing: the page's introduction, not a card");
	}
	return 1;
}

/*
 * An Obsidian_to_Anki note of the notetype name: a Cloze note's text
 * may mark its deletions "{text}", the plugin's CurlyCloze.
 */
static void
o2a_push(struct cp_reader *r, const char *name, char *f1, char *f2,
    const char *tags, unsigned long line)
{
	struct md_state	*st = r->state;

	st->curly_clozes = strcmp(name, "Cloze") == 0 &&
	    !cp_anki_cloze(f1, strlen(f1));
	push_card(r, f1, f2, strcmp(name, "Basic (and reversed card)") == 0,
	    tags, line);
	st->curly_clozes = 0;
}

/* A field of an Obsidian_to_Anki note: its name, its text so far. */
struct o2a_field {
	char		*name;	/* NULL: the first, unlabelled */
	struct cp_buf	 text;
};

/*
 * A label "Name:" opening a line of a note whose notetype is none of
 * Anki's, as Obsidian_to_Anki writes every field but the first: a short
 * name, letters first, of letters, digits, spaces, '-', '_' and
 * parentheses, then a colon and a space or the line's end.  Its length,
 * or 0.  ("https://..." is no label.)
 */
static size_t
o2a_label(const struct md_state *st, struct span s)
{
	const unsigned char	*p = (const unsigned char *)st->doc + s.from;
	size_t			 i, n = s.to - s.from;

	if (n == 0 || !cp_word_byte(p[0]))
		return 0;
	for (i = 1; i < n && i <= 40 && p[i] != ':'; i++)
		if (!isalnum(p[i]) && p[i] < 0x80 &&
		    strchr(" -_()", p[i]) == NULL)
			return 0;
	/*
	 * A space after the colon, but for a label in a script that sets
	 * none there ("正面:text").
	 */
	if (i >= n || i > 40 || p[i] != ':' || p[i - 1] == ' ' ||
	    (i + 1 < n && p[i + 1] != ' ' && p[i + 1] != '\t' &&
	    p[0] < 0x80))
		return 0;
	return i;
}

/* Lines [from, to) of a note, trimmed, added to a field's text. */
static void
o2a_add(const struct md_state *st, struct o2a_field *f, size_t from,
    size_t to)
{
	struct span	 s;
	char		*t;

	s.from = from;
	s.to = to;
	t = span_text(st, s);
	if (*t != '\0' && f->text.len > 0)
		cp_buf_addc(&f->text, '\n');
	cp_buf_addstr(&f->text, t);
	free(t);
}

/*
 * A note of a notetype with other fields than Basic's and Cloze's: of
 * Anki's own, or of the user's, whose fields are the labels written
 * (the first, which needs none, "Front" when it has none).  What was
 * guessed is said once for each notetype: its fields.
 */
static void
o2a_fields_push(struct cp_reader *r, const char *name, int builtin,
    struct o2a_field *f, size_t nf, const char *tags, unsigned long line)
{
	struct md_state		*st = r->state;
	struct cp_record	 rec;
	struct cp_buf		 said = { 0 };
	size_t			 i;
	int			 clozes = 0;

	if (!builtin && !cp_hashset_add(&st->o2a_said, cp_hash64(name,
	    strlen(name)))) {
		for (i = 0; i < nf; i++)
			cp_buf_printf(&said, "%s\"%s\"%s", i > 0 ? ", " : "",
			    f[i].name != NULL ? f[i].name : "Front",
			    f[i].name != NULL ? "" : " (unlabelled)");
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "notetype \"%s\" is not one of Anki's: read as one of "
		    "its own, fields %s", name, cp_buf_str(&said));
		cp_buf_free(&said);
	}
	if (cp_buf_str(&f[0].text)[0] == '\0') {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "note has no \"%s\"; skipped", f[0].name != NULL ?
		    f[0].name : "first field");
		return;
	}
	new_note(r, &rec, name, line);
	if (tags != NULL)
		add_words(&rec.note, tags);
	for (i = 0; i < nf; i++)
		cp_note_take_field(&rec.note, cp_xstrdup(f[i].name != NULL ?
		    f[i].name : "Front"), cp_md_field(cp_buf_str(&f[i].text),
		    "", &rec.note, &clozes));
	push_note(r, &rec);
}

/*
 * The labels of a note of one of Anki's notetypes whose fields the
 * user's Anki names in another language: Obsidian_to_Anki takes a
 * field's label from the name Anki gives it, and a Spanish Anki's Basic
 * has "Anverso" and "Reverso" for "Front" and "Back" (a German Cloze,
 * "Text" and "Rückseite Extra").  When the first line below the notetype
 * is a label, the note writes as many labels as the notetype has fields,
 * and they are not its fields' own names in their own places, nor one of
 * them in another's, they name its fields in order; a label past those is
 * text of the last field ("Beispiel: ..." under "Rückseite:"), as the
 * plugin reads a line that names no field.  Returns them, nt->nfields
 * strings, or NULL.
 */
static char **
o2a_local_labels(const struct md_state *st, const struct cp_notetype *nt,
    unsigned long l, unsigned long end)
{
	char		**label;
	size_t		 n = 0, k, j, len, same, moved;
	struct span	 s;

	while (l < end && line_span(st, l).from == line_span(st, l).to)
		l++;
	if (l == end)
		return NULL;
	s = line_span(st, l);
	if (o2a_label(st, s) == 0)
		return NULL;
	label = cp_xcalloc(nt->nfields, sizeof(*label));
	for (same = moved = 0; l < end; l++) {
		s = line_span(st, l);
		if (strncmp(st->doc + s.from, "Tags:", 5) == 0 ||
		    (len = o2a_label(st, s)) == 0)
			continue;
		for (k = 0; k < n; k++)
			if (strlen(label[k]) == len &&
			    strncmp(st->doc + s.from, label[k], len) == 0)
				break;
		if (k < n)
			continue;
		/*
		 * A field's own name, in its place or not: "Back:" over
		 * "Front:", or past the labels that name the fields.
		 */
		for (j = 0; j < nt->nfields; j++)
			if (strlen(nt->fields[j]) == len && strncmp(st->doc +
			    s.from, nt->fields[j], len) == 0) {
				same++;
				moved += j != n;
			}
		if (n < nt->nfields)
			label[n++] = cp_xstrndup(st->doc + s.from, len);
	}
	if (n == nt->nfields && same < n && moved == 0)
		return label;
	for (k = 0; k < n; k++)
		free(label[k]);
	free(label);
	return NULL;
}

/* Whether a and b hold the same bytes. */
static int
same_text(const struct md_state *st, struct span a, struct span b)
{
	return a.to - a.from == b.to - b.from && memcmp(st->doc + a.from,
	    st->doc + b.from, a.to - a.from) == 0;
}

/* The count of label in the notetype name, made when add; or NULL. */
static struct o2a_count *
o2a_count_of(struct md_state *st, struct span name, struct span label,
    int add)
{
	struct cp_buf	 key = { 0 };
	struct o2a_count *c;
	uint64_t	 h;
	size_t		 pos = 0, *v;

	cp_buf_add(&key, st->doc + name.from, name.to - name.from);
	cp_buf_addc(&key, '\n');
	cp_buf_add(&key, st->doc + label.from, label.to - label.from);
	h = cp_hash64(cp_buf_str(&key), key.len);
	cp_buf_free(&key);
	while ((v = cp_hashmap_next(&st->o2a_counted, h, &pos)) != NULL) {
		c = &st->o2a_counts[*v];
		if (same_text(st, c->name, name) &&
		    same_text(st, c->label, label))
			return c;
	}
	if (!add)
		return NULL;
	if (st->no2a_counts == st->o2a_counts_room) {
		st->o2a_counts_room = st->o2a_counts_room * 2 + 8;
		st->o2a_counts = cp_xreallocarray(st->o2a_counts,
		    st->o2a_counts_room, sizeof(*st->o2a_counts));
	}
	c = &st->o2a_counts[st->no2a_counts];
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->label = label;
	cp_hashmap_add(&st->o2a_counted, h, st->no2a_counts++);
	return c;
}

/*
 * Counts, before any note is read, the notes of each notetype of the
 * user's and the labels each writes, a note at a time as o2a_note()
 * reads them.
 */
static void
o2a_count_labels(struct md_state *st)
{
	struct o2a_count *c;
	struct span	 name, s, none = { 0, 0 };
	unsigned long	 l, first, end;
	size_t		 len;
	char		*t;
	int		 builtin;

	for (first = 1; first <= st->nlines; first++) {
		if (!line_is(st, first, "START") &&
		    !line_is(st, first, "START_CARD"))
			continue;
		for (end = first + 1; end <= st->nlines; end++)
			if (line_is(st, end, "END") ||
			    line_is(st, end, "END_CARD"))
				break;
		if (end > st->nlines)
			return;
		for (l = first + 1; l < end && line_span(st, l).from ==
		    line_span(st, l).to; l++)
			continue;
		name = line_span(st, l);
		t = cp_xstrndup(st->doc + name.from, name.to - name.from);
		builtin = cp_builtin_notetype(t) != NULL ||
		    cp_localized_notetype(t) != NULL;
		free(t);
		if (l == end || builtin) {
			first = end;
			continue;
		}
		o2a_count_of(st, name, none, 1)->notes++;
		for (l++; l < end; l++) {
			s = line_span(st, l);
			s.from = line_start(st, l);
			if (strncmp(st->doc + s.from, "Tags:", 5) == 0 ||
			    (len = o2a_label(st, s)) == 0)
				continue;
			s.to = s.from + len;
			c = o2a_count_of(st, name, s, 1);
			if (c->last != first)
				c->notes++;
			c->last = first;
		}
		first = end;
	}
}

/*
 * Whether the label "Name:" at s, len bytes, in a note of the notetype
 * on the line name, is one no other note of it writes, of three or
 * more: their fields are those they share, and this is the note's text
 * ("Potom:", "Then:", over a list).  Said with a warning.
 */
static int
o2a_lone_label(struct cp_reader *r, struct span name, struct span s,
    size_t len)
{
	struct md_state		*st = r->state;
	struct o2a_count	*notes, *c;
	struct span		 none = { 0, 0 };

	s.to = s.from + len;
	notes = o2a_count_of(st, name, none, 0);
	c = o2a_count_of(st, name, s, 0);
	if (notes == NULL || c == NULL || notes->notes < 3 || c->notes > 1)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line_of(st, s.from), 0,
	    "\"%.*s:\" labels a field in no other of the %zu notes of "
	    "notetype \"%.*s\"; read as text of the field above", (int)len,
	    st->doc + s.from, notes->notes - 1, (int)(name.to - name.from),
	    st->doc + name.from);
	return 1;
}

/*
 * The name an older Anki gave a field of one of its notetypes, or NULL:
 * Obsidian_to_Anki labels a field by the name the user's Anki gives
 * it, and a collection made before Anki renamed Cloze's "Extra" to
 * "Back Extra" keeps the old name.
 */
static const char *
former_field_name(const char *notetype, size_t field)
{
	return strcmp(notetype, "Cloze") == 0 && field == 1 ? "Extra" : NULL;
}

/* The length of the label "label:" opening line s, or 0. */
static size_t
o2a_field_label(const struct md_state *st, struct span s, const char *label)
{
	size_t	 len = strlen(label);

	return s.to - s.from > len && strncmp(st->doc + s.from, label,
	    len) == 0 && st->doc[s.from + len] == ':' ? len : 0;
}

/*
 * Obsidian_to_Anki's note: "START", its notetype's name, its fields,
 * each but the first after its name and a colon, "Tags:" and "END", on
 * lines of their own.  Returns 0 when the paragraph at line first
 * starts none.  A search for "END" that fails is remembered: none
 * follows any later "START" either.  prose is what stands above
 * "START" in its paragraph, no part of the note.
 */
static int
o2a_note(struct cp_reader *r, unsigned long first, struct span prose)
{
	struct md_state			*st = r->state;
	struct dcard			*c = &st->cur;
	const struct cp_notetype	*nt;
	struct o2a_field		*f;
	struct cp_hashmap		 names = { 0 };
	struct cp_buf			 said = { 0 };
	char				*name, *tags = NULL, **local = NULL;
	const char			*label;
	unsigned long			 l, end;
	size_t				 nf, room, cur = 0, k, len, pos, *v;
	size_t				 from = 0;
	uint64_t			 h;
	struct span			 s, nameline;

	if ((!line_is(st, first, "START") && !line_is(st, first,
	    "START_CARD")) || first >= st->no_end_after)
		return 0;
	for (end = first + 1; end <= st->nlines; end++)
		if (line_is(st, end, "END") || line_is(st, end, "END_CARD"))
			break;
	if (end > st->nlines) {
		st->no_end_after = first;
		return 0;
	}
	if (prose.from != prose.to) {
		if (c->open)
			extend(c->awaiting ? &c->q : &c->a, prose);
		else
			add_pending(st, prose);
	}
	cards_start(r);
	st->skip_to = end;
	for (l = first + 1; l < end && line_span(st, l).from ==
	    line_span(st, l).to; l++)
		continue;
	if (l == end) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "note names no notetype; skipped");
		return 1;
	}
	s = nameline = line_span(st, l);
	name = cp_xstrndup(st->doc + s.from, s.to - s.from);
	if ((nt = cp_builtin_notetype(name)) == NULL &&
	    (nt = cp_localized_notetype(name)) != NULL) {
		/* "Einfach", as a German Anki names its Basic. */
		if (!cp_hashset_add(&st->o2a_said, cp_hash64(name,
		    strlen(name))))
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
			    "notetype \"%s\" is Anki's \"%s\" in another "
			    "language: read as it", name, nt->name);
		free(name);
		name = cp_xstrdup(nt->name);
	}
	nf = room = nt != NULL ? nt->nfields : 1;
	f = cp_xcalloc(nf, sizeof(*f));
	for (k = 0; nt != NULL && k < nf; k++)
		f[k].name = cp_xstrdup(nt->fields[k]);
	if (nt != NULL && (local = o2a_local_labels(st, nt, l + 1, end)) !=
	    NULL && !cp_hashset_add(&st->o2a_said, cp_hash64(name,
	    strlen(name)))) {
		for (k = 0; k < nf; k++)
			cp_buf_printf(&said, "%s\"%s\" as \"%s\"", k > 0 ?
			    ", " : "", local[k], nt->fields[k]);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "notetype \"%s\": its fields labelled in another "
		    "language, read in order: %s", name, cp_buf_str(&said));
		cp_buf_free(&said);
	}
	from = line_start(st, l + 1);
	for (l++; l < end; l++) {
		s = line_span(st, l);
		s.from = line_start(st, l);
		if (strncmp(st->doc + s.from, "Tags:", 5) == 0) {
			if (from != 0)
				o2a_add(st, &f[cur], from, s.from);
			from = 0;	/* only the note's id below */
			free(tags);
			tags = cp_xstrndup(st->doc + s.from + 5,
			    s.to - s.from - 5);
			continue;
		}
		len = 0;
		for (k = 0; nt != NULL && k < nf; k++) {
			label = local != NULL ? local[k] : nt->fields[k];
			if ((len = o2a_field_label(st, s, label)) > 0 ||
			    (local == NULL && (label = former_field_name(name,
			    k)) != NULL && (len = o2a_field_label(st, s,
			    label)) > 0))
				break;
		}
		if (nt == NULL && (len = o2a_label(st, s)) > 0) {
			h = cp_anki_name_hash(st->doc + s.from, len);
			pos = 0;
			while ((v = cp_hashmap_next(&names, h, &pos)) != NULL &&
			    (strlen(f[*v].name) != len ||
			    strncasecmp(f[*v].name, st->doc + s.from, len) != 0))
				continue;
			if (v != NULL)
				k = *v;
			else if (f[0].name == NULL && ((cur == 0 &&
			    from != 0 && f[0].text.len == 0 &&
			    strspn(st->doc + from, " \t\n") >= s.from - from) ||
			    (len == 5 && strncasecmp(st->doc + s.from, "Front",
			    5) == 0)))
				k = 0;	/* the first field labelled after all */
			else if (o2a_lone_label(r, nameline, s, len))
				continue;
			else {
				if (nf == room) {
					room *= 2;
					f = cp_xreallocarray(f, room, sizeof(*f));
				}
				memset(&f[nf], 0, sizeof(*f));
				k = nf++;
			}
			if (f[k].name == NULL) {
				f[k].name = cp_xstrndup(st->doc + s.from, len);
				cp_hashmap_add(&names, h, k);
			}
		} else if (nt == NULL || k == nf) {
			/* "Beispiel:" under a mapped "Rückseite:": its text. */
			if (nt != NULL && local != NULL &&
			    (len = o2a_label(st, s)) > 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    line_of(st, s.from), 0, "\"%.*s:\" names "
				    "no field of \"%s\": kept as text of "
				    "\"%s\"",
				    (int)len, st->doc + s.from, name,
				    nt->fields[cur]);
			continue;
		}
		if (from != 0)
			o2a_add(st, &f[cur], from, s.from);
		cur = k;
		from = s.from + len + 1;
	}
	if (from != 0)
		o2a_add(st, &f[cur], from, line_start(st, end));
	if (nt != NULL && nf == 2)
		o2a_push(r, name, cp_buf_detach(&f[0].text),
		    cp_buf_detach(&f[1].text), tags, first);
	else
		o2a_fields_push(r, name, nt != NULL, f, nf, tags, first);
	for (k = 0; k < nf; k++) {
		free(f[k].name);
		cp_buf_free(&f[k].text);
		if (local != NULL)
			free(local[k]);
	}
	free(f);
	free(local);
	cp_hashmap_free(&names);
	free(name);
	free(tags);
	return 1;
}

/*
 * Whether n is fenced code, not indented; *first and *last are then
 * the lines of its code (*last < *first for none).
 */
static int
fence_lines(const struct md_state *st, cmark_node *n, unsigned long *first,
    unsigned long *last)
{
	const char	*code;
	struct span	 open;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK ||
	    (code = cmark_node_get_literal(n)) == NULL)
		return 0;
	*last = (unsigned long)cmark_node_get_start_line(n);
	*first = *last + 1;
	open = line_span(st, *last);
	if (open.to - open.from < 3 || (strncmp(st->doc + open.from, "```",
	    3) != 0 && strncmp(st->doc + open.from, "~~~", 3) != 0))
		return 0;
	for (; *code != '\0'; code++)
		*last += *code == '\n';
	return 1;
}

/*
 * Whether n is fenced code that opens with one of Anki's header lines,
 * "#separator:tab": a text kept to paste into Anki's import, each line
 * below the headers a note.  *first is its first line.
 */
static int
import_text(const struct md_state *st, cmark_node *n, unsigned long *first)
{
	const char	*code;
	unsigned long	 last;
	size_t		 len;

	if (!fence_lines(st, n, first, &last) || last < *first)
		return 0;
	code = cmark_node_get_literal(n);
	if (!cp_csv_header_line(code, strcspn(code, "\r\n")))
		return 0;
	/* A row under the headers: a fence of headers alone shows them. */
	for (; *code != '\0'; code += strspn(code, "\r\n"))
		if ((len = strcspn(code, "\r\n")) > 0 &&
		    !cp_csv_header_line(code, len))
			return 1;
		else
			code += len;
	return 0;
}

/* Does s hold more than white space? */
static int
span_holds_text(const struct md_state *st, struct span s)
{
	for (; s.from < s.to; s.from++)
		if (strchr(" \t\r\n", st->doc[s.from]) == NULL)
			return 1;
	return 0;
}

/*
 * A fence of a card's labelled text, "Question:" over the question's
 * lines and "Answer:" over the answer's, a pictograph before a label
 * perhaps: the lines of its question, q, and of its answer, a (the
 * labels no text of them); 0 when n is no such fence, its labels not
 * both there, or a field empty.  Plain text only: no fence's language.
 */
static int
label_fence(const struct md_state *st, cmark_node *n, struct span *q,
    struct span *a)
{
	const char	*info, *p, *t;
	unsigned long	 first, last, l;
	struct span	 s;
	int		 asked = 0, answered = 0;

	if (!fence_lines(st, n, &first, &last) || last < first + 1 ||
	    ((info = cmark_node_get_fence_info(n)) != NULL &&
	    *info != '\0' && strcmp(info, "text") != 0 &&
	    strcmp(info, "txt") != 0 && strcmp(info, "plaintext") != 0))
		return 0;
	for (l = first; l <= last && !answered; l++) {
		s = line_span(st, l);
		p = past_pictographs(st->doc + s.from, st->doc + s.to);
		if (!asked && p == st->doc + s.to)
			continue;	/* blank lines over the label */
		if (!asked) {
			if ((t = word_label_at(p, st->doc + s.to,
			    numbering_words)) == NULL)
				return 0;
			asked = 1;
			q->from = (size_t)(t - st->doc);
			q->to = s.to;
		} else if ((t = answer_label_at(p, st->doc + s.to)) != NULL) {
			answered = 1;
			q->to = s.from;
			a->from = (size_t)(t - st->doc);
			a->to = line_end(st, last);
		} else
			q->to = s.to;
	}
	/* One card a fence: a second question's label is no answer's. */
	for (; l <= last; l++) {
		s = line_span(st, l);
		if (word_label_at(past_pictographs(st->doc + s.from,
		    st->doc + s.to), st->doc + s.to, numbering_words) != NULL)
			return 0;
	}
	return answered && span_holds_text(st, *q) &&
	    span_holds_text(st, *a);
}

/*
 * A fence of a card's labelled text (label_fence()) on a page whose
 * cards are so written, two fences or more and most of its fences: the
 * card.  Whether n was one.
 */
static int
fence_card(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 q, a;

	if (!st->label_fences || !label_fence(st, n, &q, &a))
		return 0;
	finish_card(r);
	finish_pending(r);
	warn_once(r, &st->label_fences_said, line_of(st, q.from), "fences "
	    "each holding a card's \"Question:\" and \"Answer:\": read as "
	    "the cards, the fences and the labels no text");
	push_card(r, span_text(st, q), span_text(st, a), 0, NULL,
	    line_of(st, q.from));
	return 1;
}

/* Whether a block at the page's top, no heading nor code, holds a '?'. */
static int
text_asks(const struct md_state *st)
{
	cmark_node	*n;
	struct span	 b;

	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK ||
		    cmark_node_get_type(n) == CMARK_NODE_HEADING)
			continue;
		b = block_span(st, n);
		if (holds_question_mark(st->doc + b.from, st->doc + b.to))
			return 1;
	}
	return 0;
}

/*
 * Such a fence read as csv2cards reads the text, its lines numbered as
 * the page's, each note in the deck and with the tags the page gives a
 * card there.
 */
static int
import_fence(struct cp_reader *r, cmark_node *n)
{
	struct md_state		*st = r->state;
	struct cp_read_options	 opts = r->opts;
	struct cp_reader	*csv;
	const struct cp_record	*rec;
	const char		*code;
	char			*deck;
	unsigned long		 first;
	int			 rc;

	if (!import_text(st, n, &first))
		return 0;
	context_ends(r);
	finish_card(r);
	finish_pending(r);
	code = cmark_node_get_literal(n);
	deck = note_deck(r);
	opts.deck_default = deck;
	opts.deck_parent = NULL;	/* our cp_read_next() adds it */
	opts.separator = NULL;
	opts.columns = NULL;
	opts.encoding = NULL;	/* the page is UTF-8 by now */
	opts.first_line = first;
	if ((csv = cp_read_open_memory("csv", r->name, code, strlen(code),
	    &opts, r->rep)) == NULL) {
		st->failed = 1;
		free(deck);
		return 1;
	}
	while ((rc = cp_read_next(csv, &rec)) == 1) {
		/*
		 * rec is csv->out, const to callers; this reader takes the
		 * record itself, not a copy: cp_read_next() clears it next.
		 */
		if (csv->out->kind == CP_RECORD_NOTE) {
			page_tags(st, &csv->out->note);
			push_note(r, csv->out);
		} else
			queue_push(st, csv->out);
	}
	st->failed |= rc == -1;
	cp_read_close(csv);
	free(deck);
	return 1;
}

/*
 * Fenced code holding a line "START": Obsidian_to_Anki matches its
 * notes in the note's raw text, fences and all, so they are notes.
 */
static int
o2a_fence(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first, l, last;

	if (!fence_lines(st, n, &first, &last))
		return 0;	/* indented: the plugin's "START" starts a line */
	for (l = first; l <= last; l++)
		if (line_is(st, l, "START") || line_is(st, l, "START_CARD"))
			break;
	if (l > last)
		return 0;
	start_cards(r, RUN_FENCE, first, last);
	return 1;
}

/*
 * The next note of such a fence, the lines above it that are no note
 * skipped.
 */
static void
fence_note(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	 s = { 0, 0 }, no_prose = { 0, 0 };
	unsigned long	 l;

	for (l = st->run_line; l <= st->run_last; l++) {
		if ((line_is(st, l, "START") || line_is(st, l, "START_CARD")) &&
		    o2a_note(r, l, no_prose))
			break;
		if (line_span(st, l).from != line_span(st, l).to)
			extend(&s, line_span(st, l));
	}
	if (s.from != s.to)
		skipped(r, s, "not a card");
	st->run_line = l <= st->run_last ? st->skip_to + 1 : l;
}

/*
 * Obsidian_to_Anki's inline notes, a line each:
 * "STARTI [Basic] question Back: answer ENDI".
 */
static int
o2a_inline(struct cp_reader *r, unsigned long first, unsigned long last)
{
	struct md_state	*st = r->state;
	struct span	 s = line_span(st, first);

	if (s.to - s.from < 11 || strncmp(st->doc + s.from, "STARTI ", 7) != 0)
		return 0;
	start_cards(r, RUN_INLINE, first, last);
	return 1;
}

static void
inline_note(struct cp_reader *r, unsigned long l)
{
	struct md_state			*st = r->state;
	const struct cp_notetype	*nt;
	struct span			 s = line_span(st, l);
	const char			*p = st->doc + s.from, *e = st->doc + s.to;
	const char			*f;
	char				*name;
	size_t				 len;

	if (e - p < 11 || strncmp(p, "STARTI ", 7) != 0 ||
	    strncmp(e - 4, "ENDI", 4) != 0) {
		skipped(r, s, "not an inline note \"STARTI ... ENDI\"");
		return;
	}
	for (p += 7, e -= 4; p < e && *p == ' '; p++)
		continue;
	name = cp_xstrdup("Basic");
	if (p < e && *p == '[' && (f = memchr(p, ']', (size_t)(e - p))) !=
	    NULL) {
		free(name);
		name = cp_xstrndup(p + 1, (size_t)(f - p - 1));
		for (p = f + 1; p < e && *p == ' '; p++)
			continue;
	}
	if ((nt = cp_builtin_notetype(name)) == NULL || nt->nfields != 2) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
		    "notetype \"%s\" is not one of Anki's with two fields; "
		    "note skipped", name);
		free(name);
		return;
	}
	len = strlen(nt->fields[1]);
	for (f = p; f + len < e; f++)
		if (strncmp(f, nt->fields[1], len) == 0 && f[len] == ':' &&
		    (f == p || f[-1] == ' '))
			break;
	o2a_push(r, name, cp_xstrndup(p, (size_t)(f - p)),
	    f + len < e ? cp_xstrndup(f + len + 1, (size_t)(e - f - len - 1)) :
	    cp_xstrdup(""), NULL, l);
	free(name);
}

/*
 * Obsidian_to_Anki reads no front matter: "FILE TAGS" are the tags of
 * the file's notes, and tags the front matter gives are Obsidian's, for
 * finding the page.
 */
static void
file_tags_replace(struct cp_reader *r, unsigned long line)
{
	struct md_state	*st = r->state;
	size_t		 i;

	cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "\"FILE TAGS\" "
	    "name the tags of Obsidian_to_Anki's notes; the front matter's "
	    "tags are the page's; skipped");
	for (i = 0; i < st->matter_tags; i++)
		free(st->tags[i]);
	memmove(st->tags, st->tags + st->matter_tags, (st->ntags -
	    st->matter_tags) * sizeof(*st->tags));
	st->ntags -= st->matter_tags;
	st->matter_tags = 0;
}

/*
 * Obsidian_to_Anki's "TARGET DECK" and "FILE TAGS" lines, the deck or
 * the tags on the line below or after a colon.  Returns the lines they
 * take, or 0.
 */
static unsigned long
o2a_file_line(struct cp_reader *r, unsigned long first, unsigned long last)
{
	struct md_state	*st = r->state;
	struct span	 s = line_span(st, first);
	unsigned long	 lines = 1;
	int		 deck;
	char		*v;

	if (s.to - s.from >= 11 && (strncmp(st->doc + s.from, "TARGET DECK",
	    11) == 0 || strncmp(st->doc + s.from, "TARGET_DECK", 11) == 0))
		deck = 1, s.from += 11;
	else if (s.to - s.from >= 9 && (strncmp(st->doc + s.from,
	    "FILE TAGS", 9) == 0 || strncmp(st->doc + s.from, "FILE_TAGS",
	    9) == 0))
		deck = 0, s.from += 9;
	else
		return 0;
	if (s.from < s.to && st->doc[s.from] == ':')
		s.from++;
	while (s.from < s.to && st->doc[s.from] == ' ')
		s.from++;
	if (s.from == s.to && first < last) {
		s = line_span(st, ++lines + first - 1);
	}
	v = cp_xstrndup(st->doc + s.from, s.to - s.from);
	if (deck && *v != '\0')
		cp_set_string(&st->deck, v);
	else if (!deck) {
		if (st->matter_tags > 0)
			file_tags_replace(r, first);
		add_tags(st, v);
	}
	free(v);
	return lines;
}

/*
 * A paragraph of hashtags only.  Obsidian Spaced Repetition's
 * "#flashcards/Sub/Deck" names the deck; other tags of the page are
 * no card.
 */
static int
tag_line(struct cp_reader *r, struct span b)
{
	struct md_state	*st = r->state;
	size_t		 i = b.from, n;
	int		 other = 0, words = 0;
	char		*t;

	while (i < b.to) {
		i += strspn(st->doc + i, " \t\n");
		if (i >= b.to)
			break;
		n = strcspn(st->doc + i, " \t\n");
		if (n < 2 || st->doc[i] != '#' || st->doc[i + 1] == '#' ||
		    st->doc[i + 1] == ' ')
			return 0;
		i += n;
		words++;
	}
	if (words == 0)
		return 0;
	for (i = b.from; i < b.to; i += n) {
		i += strspn(st->doc + i, " \t\n");
		if (i >= b.to)
			break;
		n = strcspn(st->doc + i, " \t\n");
		t = cp_xstrndup(st->doc + i + 1, n - 1);
		if (!osr_deck(st, t) && !(st->aosr_ids &&
		    (strncmp(t, "AOSR/", 5) == 0 || strcmp(t, "Q") == 0)))
			other = 1;	/* AOSR's card heads are no tags */
		free(t);
	}
	if (other)
		skipped(r, b, "a line of tags, not a card");
	return 1;
}

/*
 * Tags opening q's first line, line l, before its text ("#deck #sub
 * Which ...?") file the card in decks, as a line of tags above it
 * would: no text of the question.  Left out, with a warning.
 */
static void
open_tags(struct cp_reader *r, struct span *q, unsigned long l)
{
	struct md_state	*st = r->state;
	size_t		 i = q->from, n, text = q->from;
	size_t		 end = line_end(st, l);

	for (;;) {
		i += strspn(st->doc + i, " \t");
		n = strcspn(st->doc + i, " \t\n");
		if (i + n >= end || !is_tag(st->doc + i, st->doc + i + n))
			break;
		i += n;
		text = i + strspn(st->doc + i, " \t");
	}
	if (text == q->from)
		return;
	warn_once(r, &st->open_tags_said, l, "tags opening the question's "
	    "line file the card, as a line of tags above it would: no text "
	    "of the question; left out");
	q->from = text;
}

/* Headings over what is no card: links, sources, a table of contents. */
static int
is_section(const struct md_state *st, struct span q)
{
	static const char *const names[] = {
		"see also", "references", "reference", "sources", "links",
		"related", "related notes", "further reading", "resources",
		"external links", "bibliography", "footnotes", "notes",
		"contents", "table of contents", "toc"
	};
	size_t	 n = q.to - q.from, i;

	if (n > 0 && st->doc[q.from + n - 1] == ':')
		n--;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n &&
		    strncasecmp(st->doc + q.from, names[i], n) == 0)
			return 1;
	return 0;
}

/*
 * Md2Anki's note or deck id after a heading: " (1475745167)", a UUID;
 * not a range of numbers, "## Aerodynamics (11-20)".
 */
static void
drop_heading_id(const struct md_state *st, struct span *q)
{
	size_t	 i, dashes = 0;

	if (q->to - q->from < 4 || st->doc[q->to - 1] != ')')
		return;
	for (i = q->to - 1; i > q->from && (isxdigit((unsigned char)
	    st->doc[i - 1]) || st->doc[i - 1] == '-'); i--)
		dashes += st->doc[i - 1] == '-';
	if (i == q->from || st->doc[i - 1] != '(' || q->to - 1 - i < 5 ||
	    i - 1 == q->from || st->doc[i - 2] != ' ' ||
	    (dashes > 0 && (dashes != 4 || q->to - 1 - i != 36)))
		return;
	q->to = i - 2;
}

/* " #flashcard" ending a question: the heading or line it ends. */
static int
drop_flashcard_tag(const struct md_state *st, struct span *q)
{
	static const char	 tag[] = "#flashcard";
	size_t			 n = sizeof(tag) - 1;

	if (q->to - q->from < n || strncmp(st->doc + q->to - n, tag, n) != 0 ||
	    (q->to - q->from > n && st->doc[q->to - n - 1] != ' '))
		return 0;
	q->to -= n;
	while (q->to > q->from && st->doc[q->to - 1] == ' ')
		q->to--;
	return 1;
}

/* An image and nothing else: "![[gate.png]]" or "![gate](gate.png)". */
static int
only_image(const struct md_state *st, struct span s)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (e - p > 5 && strncmp(p, "![[", 3) == 0)
		return strncmp(e - 2, "]]", 2) == 0 && memchr(p, ']',
		    (size_t)(e - p - 2)) == NULL;
	return e - p > 4 && strncmp(p, "![", 2) == 0 && e[-1] == ')' &&
	    memchr(p, '\n', (size_t)(e - p)) == NULL;
}

/*
 * Does a quote, ASCII or curly (U+201C, U+201D), open at p, or end just
 * before it (before set), within start..end?
 */
static int
quote_at(const char *p, const char *start, const char *end, int before)
{
	if (before && p > start && strchr("\"'`", p[-1]) != NULL)
		return 1;
	if (!before && p < end && strchr("\"'`", *p) != NULL)
		return 1;
	if (before)
		p -= 3;
	return p >= start && end - p >= 3 && strncmp(p, "\xe2\x80", 2) == 0 &&
	    ((unsigned char)p[2] == 0x9c || (unsigned char)p[2] == 0x9d);
}

/*
 * Text marked by a pair of m on either side, as "==text==", where no
 * arrow "==>" opens it and no quotes hold the pair as an operator
 * named, "“==” and “===”".
 */
static int
has_mark(const struct md_state *st, struct span s, char m)
{
	const char	*p, *start = st->doc + s.from, *end = st->doc + s.to;

	for (p = start; p + 1 < end; p++)
		if (p[0] == m && p[1] == m && p + 2 < end && p[2] != ' ' &&
		    p[2] != m && p[2] != '>' && !quote_at(p + 2, start, end, 0) &&
		    !quote_at(p, start, end, 1))
			break;
	/* Nor does a run of three close it: "==와 ===의" names operators. */
	for (p += 2; p + 1 < end; p++)
		if (p[0] == m && p[1] == m && p[-1] != ' ' && p[-1] != m &&
		    (p + 2 == end || p[2] != m) && !quote_at(p, start, end, 1))
			return 1;
	return 0;
}

/*
 * Obsidian Spaced Repetition's "{{text}}", which is not Anki's
 * "{{c1::text}}": on one line, no brace in it, no blank opening it (a
 * template's "{{ .Values.image }}").
 */
static int
has_double_curly(const struct md_state *st, struct span s)
{
	const char	*p, *end = st->doc + s.to;

	for (p = st->doc + s.from; p + 4 < end; p++) {
		if (p[0] != '{' || p[1] != '{' || p[2] == '{' || p[2] == '}' ||
		    p[2] == ' ' ||
		    ((p[2] == 'c' || p[2] == 'C') && isdigit((unsigned char)
		    p[3])))
			continue;
		for (p += 2; p + 1 < end && *p != '{' && *p != '}' &&
		    *p != '\n'; p++)
			continue;
		if (p + 1 < end && p[0] == '}' && p[1] == '}')
			return 1;
		p--;
	}
	return 0;
}

/*
 * A cloze in Anki's syntax, or in the dialect's where it has one (and
 * RemNote's, "{{text}}", as Obsidian SR's; "{{ .Values.image }}" is a
 * template's).
 */
static int
has_cloze(const struct md_state *st, struct span s)
{
	return cp_anki_cloze(st->doc + s.from, s.to - s.from) ||
	    (st->dialect == D_OSR && st->sr.highlight_clozes &&
	    has_mark(st, s, '=')) || ((st->dialect == D_OSR || st->remnote) &&
	    has_double_curly(st, s)) ||
	    (st->dialect == D_YANKI && has_mark(st, s, '~'));
}

/*
 * Lines from first to last, each a card "question :: answer" or a
 * cloze, list markers left out.  The last card takes a list, code, a
 * quote or a table right below it as the rest of its answer.
 */
static void
liner_lines(struct cp_reader *r, unsigned long first, unsigned long last,
    int list)
{
	start_cards(r, list ? RUN_LIST : RUN_LINERS, first, last);
}

/*
 * The last line of the list item on line l: lines below it indented
 * deeper than its marker and starting no item of their own, inside the
 * run.  Line l when it has none.
 */
static unsigned long
item_wraps(const struct md_state *st, unsigned long l)
{
	struct span	 s;
	size_t		 indent = line_span(st, l).from - line_start(st, l);
	unsigned long	 k;
	const char	*p;

	for (k = l + 1; k <= st->run_last; k++) {
		s = line_span(st, k);
		p = st->doc + s.from;
		if (s.from == s.to || s.from - line_start(st, k) <= indent ||
		    bullet_opens(p, st->doc + s.to))
			break;
	}
	return k - 1;
}

/*
 * "(Correct: 2)" after a cloze: the author's tally of right answers,
 * a record of reviews, not the card's text.
 */
static void
drop_tally(struct cp_reader *r, struct span *s, unsigned long line)
{
	struct md_state	*st = r->state;
	size_t		 e = s->to;

	if (e - s->from < 13 || st->doc[e - 1] != ')')
		return;
	for (e--; e > s->from && isdigit((unsigned char)st->doc[e - 1]); e--)
		continue;
	if (e == s->to - 1 || e - s->from < 11 ||
	    strncmp(st->doc + e - 10, "(Correct: ", 10) != 0)
		return;
	for (s->to = e - 10; s->to > s->from && strchr(" \t\n",
	    st->doc[s->to - 1]) != NULL; s->to--)
		continue;
	warn_once(r, &st->tally_said, line, "\"(Correct: N)\" after a cloze "
	    "read as a tally of reviews, not card text; left out");
}

/*
 * How many dots [p, e) holds, "…" counting three, when it holds nothing
 * else but the bytes of blanks; else 0.
 */
static size_t
dots_only(const char *p, const char *e, const char *blanks)
{
	size_t	 dots = 0;

	for (; p < e; p++)
		if (*p == '.')
			dots++;
		else if (e - p >= 3 && strncmp(p, "\xe2\x80\xa6", 3) == 0)
			dots += 3, p += 2;
		else if (*p == '\0' || strchr(blanks, *p) == NULL)
			return 0;
	return dots;
}

/* Whether [p, e) is an ellipsis and nothing else: "...", "…". */
static int
only_ellipsis(const char *p, const char *e)
{
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return dots_only(p, e, "") >= 3;
}

/*
 * Where a line that lost its "::" splits, "Question? Answer": past its
 * only "?", when text follows it and no code span holds it; or NULL.
 */
static const char *
asked_split(const struct md_state *st, struct span s)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to, *q;

	if ((q = memchr(p, '?', (size_t)(e - p))) == NULL || q == p ||
	    memchr(q + 1, '?', (size_t)(e - q - 1)) != NULL ||
	    memchr(p, '`', (size_t)(e - p)) != NULL)
		return NULL;
	for (p = q + 1; p < e && (*p == ' ' || *p == '\t'); p++)
		continue;
	return p < e ? q + 1 : NULL;
}

/* Said once: a glossary's numbered items read as its cards. */
static void
item_terms_said(struct cp_reader *r, unsigned long l)
{
	struct md_state	*st = r->state;

	if (st->item_bullets && st->item_terms == ' ')
		warn_once(r, &st->item_terms_said, l, "bulleted items of a "
		    "word, spaces (an ideographic one, or two or more) and its "
		    "meaning read as cards, the word the front: nine in ten of "
		    "the file's items, its only text, are written so");
	else if (st->item_bullets && st->item_terms == '>')
		warn_once(r, &st->item_terms_said, l, "bulleted items \"word "
		    "-> gloss\" read as cards, the word the front: nine in ten "
		    "of the file's items, its only text, are written so");
	else if (st->item_bullets)
		warn_once(r, &st->item_terms_said, l, "bulleted items \"term - "
		    "definition\" or \"term: definition\" read as cards, the "
		    "term the front: nine in ten of the file's items with a "
		    "definition, its only text, are written so");
	else if (st->item_terms == '>')
		warn_once(r, &st->item_terms_said, l, "numbered items "
		    "\"question -> answer\" read as cards, the first "
		    "arrow parting them: nine in ten of the file's numbered "
		    "items are written so");
	else
		warn_once(r, &st->item_terms_said, l, st->item_terms == ':' ?
		    "numbered items \"term: definition\" read as cards, the "
		    "term the front: nine in ten of the file's numbered items "
		    "are written so" : "numbered items \"word - translation\" "
		    "read as cards, the word the front: nine in ten of the "
		    "file's numbered items are written so");
}

/*
 * Says once what separator of one-line cards was read where the file
 * alone told it: " | " after a bold term, a tab, ";;", " ; ".
 */
static void
say_separator(struct cp_reader *r, const char *split, size_t seplen,
    unsigned long l)
{
	struct md_state	*st = r->state;

	if (*split == '|')
		warn_once(r, &st->bar_said, l, "\" | \" after a bold term read "
		    "as the separator of a glossary's cards: paragraphs of "
		    "such lines make the file");
	else if (st->verdicts && *split == ' ') {
		if (st->verdicts_said++ == 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "lines of a statement ending in its verdict's "
			    "letter, \"%c\" or \"F\", read as cards, the "
			    "verdict the back: two in three of the lines of "
			    "text at the margin are written so", st->verdicts);
	}
	else if (st->gloss_terms && *split == ' ')
		warn_once(r, &st->gloss_said, l, "\" - \", \" = \", \" -> \", "
		    "\" => \" and \" : \" read as the separators of a word "
		    "list's cards: lines of a term, the dash, sign, arrow or "
		    "colon and its gloss make the file");
	else if (st->colon_terms && ((split[0] == ':' && split[1] == ' ') ||
	    strncmp(split, FULLWIDTH_COLON, 3) == 0))
		warn_once(r, &st->gloss_said, l, "a colon glued to a term "
		    "read as the separator of a glossary's cards: lines of a "
		    "term, its colon and its definition make the file, no "
		    "term twice");
	else if (*split == '\t')
		warn_once(r, &st->tab_said, l, "a tab read as the separator of "
		    "one-line cards: lines of text, a tab and more text make "
		    "the file, as a text import reads it");
	else if (*split == ';' && seplen == 2 && !st->osr_marks)
		warn_once(r, &st->semicolons_said, l, "\";;\" read as the "
		    "separator of one-line cards: paragraphs of a line it "
		    "splits make the file, and \"::\" splits none");
	else if (*split == ';')
		warn_once(r, &st->semicolons_said, l, seplen == 1 ?
		    "\" ; \" read as the separator of one-line cards: most "
		    "lines it splits ask a question" : "\";;\" read as the "
		    "separator of one-line cards: lines the plugin's schedule "
		    "marks as cards have no other");
}
/*
 * Lines indented under a glossary's item, its sub-items: more of its
 * definition, the card's answer, set out of the item's indentation.
 */
static void
item_below(struct md_state *st, struct dcard *c, unsigned long l)
{
	unsigned long	 k;
	struct span	 s;

	c->outdent = (size_t)(term_item(st, l) - st->doc) -
	    line_start(st, l);
	for (k = l + 1; k <= st->run_last; k++) {
		s = line_span(st, k);
		if (s.from == s.to || s.from == line_start(st, k))
			break;
		c->a.to = s.to;
	}
	st->run_line = k;
}

/*
 * Where s ends before the Obsidian block id that closes it, " ^a1b2c3",
 * the anchor a link to the line points at, which the page never shows
 * (the Flashcards plugin ends each card it sent so): six characters of
 * letters, digits and dashes or more, so that "2 ^10" stays maths.
 */
static size_t
inline_block_id(const struct md_state *st, struct span s)
{
	size_t	 k;

	for (k = s.to; k > s.from && (isalnum((unsigned char)st->doc[k - 1]) ||
	    st->doc[k - 1] == '-'); k--)
		continue;
	if (s.to - k < 6 || k < s.from + 2 || st->doc[k - 1] != '^' ||
	    (st->doc[k - 2] != ' ' && st->doc[k - 2] != '\t'))
		return s.to;
	for (k -= 2; k > s.from && (st->doc[k - 1] == ' ' ||
	    st->doc[k - 1] == '\t'); k--)
		continue;
	return k;
}

/*
 * Where s ends in RemNote's " ↓", the mark of a card answered by the
 * items under it: the end of its question, blanks before the arrow left
 * out; else 0.
 */
static size_t
remnote_down(const struct md_state *st, struct span s)
{
	size_t	 e = s.to;

	while (e > s.from && strchr(" \t", st->doc[e - 1]) != NULL)
		e--;
	if (e < s.from + 4 || memcmp(st->doc + e - 3, "\xe2\x86\x93", 3) != 0)
		return 0;
	for (e -= 3; e > s.from && strchr(" \t", st->doc[e - 1]) != NULL; e--)
		continue;
	return e > s.from ? e : 0;
}

static void
liner_line(struct cp_reader *r, unsigned long l, enum run run)
{
	struct md_state	*st = r->state;
	struct dcard	*c;
	struct span	 s;
	const char	*split, *p;
	size_t		 seplen, k;
	int		 list = run == RUN_LIST;
	const char	*item = list && st->item_terms ? term_item(st, l) :
			    NULL;

	s = line_span(st, l);
	if (run == RUN_QUOTE && s.from < s.to && st->doc[s.from] == '>') {
		/* A line the quote took lazily has no "> ". */
		for (s.from++; s.from < s.to && strchr(" \t",
		    st->doc[s.from]) != NULL; s.from++)
			continue;
		if (s.to - s.from > 2 && strncmp(st->doc + s.from, "[!",
		    2) == 0) {
			skipped(r, s, "a callout's title, not a card");
			return;
		}
	}
	if (list && bullet_opens(st->doc + s.from, st->doc + s.to))
		s.from += 2;
	else if (list) {
		for (k = s.from; k < s.to && isdigit((unsigned char)
		    st->doc[k]); k++)
			continue;
		if (k > s.from && k + 1 < s.to && (st->doc[k] == '.' ||
		    st->doc[k] == ')') && st->doc[k + 1] == ' ')
			s.from = k + 2;
	}
	if (s.from == s.to || strncmp(st->doc + s.from, "<!--SR:", 7) ==
	    0 || strncmp(st->doc + s.from, "<!--ID:", 7) == 0 ||
	    (st->dialect == D_FLASHCARDS && block_id_line(st, l)))
		return;		/* a schedule, an identity */
	if (dataview_field(st->doc + s.from, st->doc + s.to)) {
		skipped(r, s, "a Dataview field \"key:: value\", metadata, "
		    "not a card");
		return;
	}
	if ((p = after_prefix(st, st->doc + s.from, st->doc + s.to, 'Q')) !=
	    NULL)
		s.from = (size_t)(p - st->doc);	/* "Q: question :: answer" */
	split = liner_split(st, s, &seplen);
	if (split == NULL && item != NULL && st->item_terms == '>') {
		if ((split = arrow_item(item, st->doc + s.to, &seplen)) !=
		    NULL)
			item_terms_said(r, l);
	} else if (split == NULL && item != NULL && st->item_terms == ' ') {
		if ((split = spaced_item(item, st->doc + s.to, &seplen)) !=
		    NULL)
			item_terms_said(r, l);
	} else if (split == NULL && item != NULL && ((split = item_term(item,
	    st->doc + s.to, st->item_terms)) != NULL || (st->item_bullets &&
	    (split = item_term(item, st->doc + s.to, ':')) != NULL))) {
		seplen = 1;
		item_terms_said(r, l);
	}
	if (split == NULL && list && (k = item_wraps(st, l)) > l &&
	    has_cloze(st, (struct span){ s.from, line_span(st, k).to })) {
		/* A cloze item wrapped over lines, as the page shows it. */
		s.to = line_span(st, k).to;
		st->run_line = k + 1;
	}
	if (split == NULL && has_cloze(st, s)) {
		finish_card(r);
		drop_tally(r, &s, l);
		push_cloze(r, s, l);
		return;
	}
	c = &st->cur;
	if (split == NULL && only_ellipsis(st->doc + s.from, st->doc + s.to)) {
		skipped(r, s, "a line of dots alone among one-line cards: it "
		    "stands for the lines left out, no card nor answer");
		return;
	}
	if (split == NULL && !list && c->open && c->tail && c->q.to > c->q.from &&
	    st->doc[c->q.to - 1] == '?' && line_of(st, c->a.to) + 1 == l &&
	    (split = asked_split(st, s)) != NULL) {
		seplen = 0;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
		    "no \"%s\" on the line, under one-line cards that ask: "
		    "its one \"?\" read as its question's end, the rest as "
		    "the answer", liner_name(st));
	}
	if (split == NULL && st->remnote && (k = remnote_down(st, s)) > 0) {
		/*
		 * "question ↓": RemNote's card whose answer is the items
		 * under it (taken below, as any card's children are).
		 */
		c = open_card(r, l);
		c->tail = 1;
		c->q.from = s.from;
		c->q.to = k;
		c->a.from = c->a.to = s.to;
		return;
	}
	if (split == NULL && st->liner.one == remnote_bar_marks.one &&
	    c->open && c->tail && line_of(st, c->a.to) + 1 == l &&
	    line_indent(st, l) == 0 && !bullet_opens(st->doc +
	    line_start(st, l), st->doc + s.to) && strchr("#><|",
	    st->doc[line_start(st, l)]) == NULL && strncmp(st->doc +
	    line_start(st, l), "```", 3) != 0 && numbered_text(st, l) ==
	    NULL) {
		/* The card's own item wrapped at the margin: its answer. */
		warn_once(r, &st->remnote_wrap_said, l, "a line at the margin "
		    "right under a card, no item of its own: its answer "
		    "wrapped, as RemNote's export writes it; here and below");
		c->a.to = s.to;
		return;
	}
	/* "- #malware": a glossary's term, though it reads as a tag. */
	if (split == NULL && ((list && st->item_terms) || !tag_line(r, s))) {
		if (st->gloss_terms && !list && c->open && c->tail &&
		    line_of(st, c->a.to) + 1 == l && line_indent(st, l) > 0) {
			/* "  예문: ...", an example set in under its word. */
			warn_once(r, &st->gloss_more_said, l, "a line set in "
			    "right under a line of the word list: more of its "
			    "gloss, here and below");
			c->a.to = s.to;
		} else if (st->gloss_terms && !list)
			skipped(r, s, "a line of the word list with no "
			    "\" - \", \" = \", \" -> \" or \" : \" and a gloss "
			    "after it: no card");
		else if (st->verdicts && !list)
			skipped(r, s, "a statement with no verdict after it, "
			    "among statements judged true or false: no card");
		else if (st->remnote && list && c->open && c->tail &&
		    line_of(st, c->a.to) + 1 == l &&
		    line_indent(st, l) > line_indent(st, line_of(st,
		    c->q.from))) {
			/* RemNote shows a card's children under it. */
			warn_once(r, &st->remnote_child_said, l, "an item "
			    "set in under a card with no arrow: more of its "
			    "answer, here and below");
			/* A list under the answer, set out to its margin. */
			if (c->outdent == 0)
				c->outdent = line_indent(st, l) -
				    line_indent(st, line_of(st, c->q.from));
			c->a.to = line_end(st, l);
		} else if (!list && c->open && c->tail &&
		    c->a.from != c->a.to && line_of(st, c->a.to) + 1 == l) {
			/* The page shows it in the card's paragraph. */
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "no \"%s\" on the line, right under a one-line "
			    "card: read as more of its answer", liner_name(st));
			c->a.to = s.to;
		} else if (list && st->item_terms == '>')
			skipped(r, s, st->item_bullets ? "an item with no "
			    "arrow parting word and gloss, among items so "
			    "parted" : "a numbered item with no arrow parting "
			    "question and answer, among items so parted");
		else if (list && st->item_terms == ' ')
			skipped(r, s, "an item with no spaces parting a word "
			    "from its meaning, among items so parted");
		else if (list && st->item_terms)
			skipped(r, s, st->item_bullets ? "an item with no "
			    "definition after its term, in a glossary of them: "
			    "no card" : "a numbered item with no term and "
			    "definition in a glossary of them");
		else if (st->remnote && st->liner.both == NULL)
			warn_once(r, &st->remnote_notes_said, l,
			    "items with no \"\xe2\x80\x95\", "
			    "\"\xe2\x86\x93\" nor \"{{...}}\": RemNote's "
			    "notes, no cards, here and below");
		else
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "no \"%s\" on the line; skipped", liner_name(st));
	}
	if (split == NULL)
		return;
	say_separator(r, split, seplen, l);
	c = open_card(r, l);
	c->tail = 1;
	c->reversed = liner_both(&st->liner, split, seplen);
	c->q.from = s.from;
	c->q.to = (size_t)(split - st->doc);
	c->a.from = (size_t)(split - st->doc) + seplen;
	c->a.to = inline_block_id(st, (struct span){ c->a.from, s.to });
	if ((k = closing_break(st->doc + c->a.from, st->doc + c->a.to)) > 0) {
		c->a.to -= k;
		warn_once(r, &st->break_said, l, "a line break, \"<BR>\", "
		    "ends a one-line card: the end of its line, no part of "
		    "the answer, left out here and below");
	}
	/* A deck tag opening the card files it, no text of the question. */
	if (st->dialect == D_OSR && st->doc[s.from] == '#' &&
	    cp_sr_tag_in(&st->sr.deck_tags, st->doc + s.from + 1,
	    strcspn(st->doc + s.from + 1, " \t\r\n")) != 0)
		open_tags(r, &c->q, l);
	if (item != NULL)
		item_below(st, c, l);
	if (st->dialect == D_FLASHCARDS) {
		/* The plugin's: "#tags" that end the line are the note's. */
		card_tags(st, c->a, &k);
		c->tagspan.from = k;
		c->tagspan.to = c->a.to;
		c->a.to = k;
	}
}

/*
 * Md2Anki's "`{=:tag, tag:=}`" on a line of its own, under no card: tags
 * of the cards below, in the subdeck it is in or in the whole file.
 */
static int
md2anki_tags(struct md_state *st, struct span b)
{
	struct cp_note	 tmp = { 0 };
	char		*text, ***tags;
	size_t		*ntags, i;
	int		 n = 0;

	if (b.to - b.from < 8 || strncmp(st->doc + b.from, "`{=:", 4) != 0 ||
	    strncmp(st->doc + b.to - 4, ":=}`", 4) != 0 ||
	    memchr(st->doc + b.from, '\n', b.to - b.from) != NULL)
		return 0;
	text = span_text(st, b);
	free(cp_md_field(text, "", &tmp, &n));
	free(text);
	tags = st->nsub > 0 ? &st->sub[st->nsub - 1].tags : &st->tags;
	ntags = st->nsub > 0 ? &st->sub[st->nsub - 1].ntags : &st->ntags;
	*tags = cp_xreallocarray(*tags, *ntags + tmp.ntags, sizeof(**tags));
	for (i = 0; i < tmp.ntags; i++)
		(*tags)[(*ntags)++] = tmp.tags[i];
	free(tmp.tags);
	return 1;
}

static void
subdeck_free(struct subdeck *d)
{
	size_t	 i;

	free(d->name);
	for (i = 0; i < d->ntags; i++)
		free(d->tags[i]);
	free(d->tags);
}

/* The next run of a list's lines between blank ones: a card. */
static void
list_run(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct dcard	*c;
	unsigned long	 l, from = st->run_line, q = 0, last = st->run_last;
	struct span	 s;

	for (l = from; l <= last; l++) {
		s = line_span(st, l);
		if (s.from == s.to)
			break;
		if (q == 0 && l > from && question_mark(st, s) != 0)
			q = l;
	}
	st->run_line = l + 1;
	if (l == from)
		return;
	s.from = line_start(st, from);
	s.to = line_end(st, l - 1);
	if (q == 0) {
		skipped(r, s, "no \"?\" under the list");
		return;
	}
	c = open_card(r, from);
	c->tail = 1;
	c->reversed = question_mark(st, line_span(st, q)) == 2;
	c->q.from = s.from;
	c->q.to = line_end(st, q - 1);
	if (q + 1 < l) {
		c->a.from = line_start(st, q + 1);
		c->a.to = s.to;
	}
}

/*
 * Whether every line of the list b, at any depth, asks a question: a
 * list of questions with no answers ("- What does `splice()` do?"), or
 * paragraphs of them under a heading.
 * Under a heading that asks nothing in a bank of such lists (mixed is
 * 1), items of one line each, half of them asking, will do, the others
 * prompts: "- explain the architecture".
 */
static int
list_asks(const struct md_state *st, struct span b, int mixed)
{
	unsigned long	 l;
	struct span	 s;
	size_t		 lines = 0, asking = 0;

	for (l = line_of(st, b.from); l <= line_of(st, b.to); l++) {
		s = line_span(st, l);
		if (s.to == s.from)
			continue;
		lines++;
		if (mixed && !bullet_opens(st->doc + s.from +
		    strspn(st->doc + s.from, " \t"), st->doc + s.to) &&
		    numbered_text(st, l) == NULL)
			return 0;	/* an item that goes on: answered */
		if (ends_asking(st, s))
			asking++;
		else if (!mixed)
			return 0;
	}
	return lines >= 2 && asking * 2 >= lines;
}

/*
 * Whether list b is numbered tasks set to answer, three or more, one
 * line each ending in '.' or '?', a third of them or more asking ('?',
 * or "?." as a hand adds the period anyway): an exam's questions, which
 * no list of steps or facts mixes in.  Items lettered in order, "- a) ",
 * "- b) ", are an exam's parts of a question however they end.
 */
static int
list_tasks(const struct md_state *st, struct span b)
{
	unsigned long	 l;
	struct span	 s;
	int		 items = 0, asks = 0, lettered;
	char		 end;

	for (l = line_of(st, b.from); l <= line_of(st, b.to); l++) {
		s = line_span(st, l);
		if (s.to == s.from)
			continue;
		end = st->doc[s.to - 1];
		lettered = s.to - s.from > 5 && bullet_opens(st->doc + s.from,
		    st->doc + s.to) && st->doc[s.from + 2] == 'a' + items &&
		    st->doc[s.from + 3] == ')' && st->doc[s.from + 4] == ' ';
		if (!lettered && (numbered_text(st, l) == NULL ||
		    (end != '.' && end != '?')))
			return 0;
		items++;
		asks += end == '?' || (s.to - s.from > 2 &&
		    st->doc[s.to - 2] == '?');
	}
	return items >= 3 && 3 * asks >= items;
}

/*
 * Whether a list's lines hold cards "question :: answer", or clozes.
 * Lines of fenced code in its items are code ("f :: Int -> Int" is a
 * type signature), no card.
 */
static int
list_liners(const struct md_state *st, struct span b)
{
	unsigned long	 l;
	size_t		 seplen, lines = 0, cards = 0;
	struct span	 s;
	int		 fence = 0;

	for (l = line_of(st, b.from); l <= line_of(st, b.to); l++) {
		s = line_span(st, l);
		if (fence_mark(st, l))
			fence = !fence;
		else if (!fence && s.from != s.to) {
			lines++;
			cards += liner_split(st, s, &seplen) != NULL ||
			    has_cloze(st, s);
		}
	}
	/*
	 * Where no tool's mark says the page holds such cards, a few
	 * among many items are the items' own text, "std::move".
	 */
	return cards > 0 && (st->dialect != D_PLAIN || 3 * cards >= lines);
}

/* A list item that goes on below its first line, indented. */
static int
item_answered(const struct md_state *st, cmark_node *item)
{
	unsigned long	 l = (unsigned long)cmark_node_get_start_line(item);
	unsigned long	 last = (unsigned long)cmark_node_get_end_line(item);
	struct span	 s;

	for (l++; l <= last; l++) {
		s = line_span(st, l);
		if (s.from != s.to)
			return s.from > line_start(st, l);
	}
	return 0;
}

/*
 * A numbered list of items, each going on below its first line,
 * indented: questions, each with its answer below it, as vault
 * pages of questions write them.  In a file whose cards a flashcard
 * tool's marks shape, such a list is notes, the steps of a procedure,
 * unless every item asks a question.  Returns how many items it has,
 * 0 when it is no such list; *asked counts those whose first line holds
 * a '?'.
 */
static size_t
numbered_questions(const struct md_state *st, cmark_node *list,
    size_t *asked)
{
	cmark_node	*item;
	size_t		 n = 0;
	struct span	 q;

	*asked = 0;
	if (cmark_node_get_list_type(list) != CMARK_ORDERED_LIST)
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++) {
		if (!item_answered(st, item))
			return 0;
		q = line_span(st, (unsigned long)cmark_node_get_start_line(
		    item));
		if (st->dialect != D_PLAIN && st->doc[q.to - 1] != '?')
			return 0;
		*asked += holds_question_mark(st->doc + q.from,
		    st->doc + q.to);
	}
	return n;
}

/* Counts the page's numbered lists of questions and their items. */
static void
count_question_lists(struct md_state *st)
{
	cmark_node	*n;
	size_t		 items, asked;

	st->question_lists = 0;
	st->lone_questions = st->listed_questions = st->listed_asking = 0;
	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) != CMARK_NODE_LIST)
			continue;
		items = numbered_questions(st, n, &asked);
		st->lone_questions += items == 1 && asked == 1;
		if (items >= 2) {
			st->question_lists++;
			st->listed_questions += items;
			st->listed_asking += asked;
		}
	}
}

/*
 * Such a list under no card, or under a heading that titles it, asking
 * nothing and answered by nothing yet, two thirds of its items or more
 * asking ("## Lebegőpontos számok" over "1. ... mi lesz a legnagyobb
 * ábrázolható szám?"), or a third of the items of three such lists or
 * more on the page, the others tasks ("Számítsa ki ...!"): the items are
 * the cards, the heading their section.  Said once.
 */
static int
numbered_cards(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	size_t		 asked, n;

	if ((n = numbered_questions(st, list, &asked)) == 0)
		return 0;
	if (st->question_lists < 0)
		count_question_lists(st);
	/*
	 * One item alone, under its own section, is such a list where the
	 * page has two of them or more, and it asks; so are three or more
	 * items alone that ask, each a list of its own, the page's links
	 * back to its contents between them.
	 */
	if (n == 1 && ((st->question_lists < 2 && st->lone_questions < 3) ||
	    asked == 0))
		return 0;
	/*
	 * The page's contents end at the first list of them, no card;
	 * looked for once, whatever the answer grows to.
	 */
	if (c->open && c->heading && !c->split && c->lists_met++ == 0 &&
	    contents_span(st, c->a))
		finish_card(r);
	if (c->open) {
		if (!c->heading || c->split || c->a.from != c->a.to ||
		    ends_asking(st, c->q) || (asked * 3 < n * 2 &&
		    (st->question_lists < 3 ||
		    st->listed_asking * 3 < st->listed_questions)))
			return 0;
		c->open = 0;	/* the section the cards are in */
	}
	start_cards(r, RUN_ITEMS, (unsigned long)cmark_node_get_start_line(
	    list), (unsigned long)cmark_node_get_end_line(list));
	warn_once(r, &st->items_said,
	    (unsigned long)cmark_node_get_start_line(list), "a numbered list "
	    "whose items each go on, indented, read as cards: an item's first "
	    "line its question, the rest its answer");
	st->run_item = cmark_node_first_child(list);
	return 1;
}

/*
 * Does line s open an ATX heading, "#" to "######" then a space or the
 * line's end?  ("#biology" is a tag.)
 */
static int
atx_line(const struct md_state *st, struct span s)
{
	size_t	 k = strspn(st->doc + s.from, "#");

	return k >= 1 && k <= 6 && k <= s.to - s.from &&
	    (s.from + k == s.to || st->doc[s.from + k] == ' ' ||
	    st->doc[s.from + k] == '\t');
}

/* Is s a picture alone, "![norm1](norm1.png)"? */
static int
image_alone(const struct md_state *st, struct span s)
{
	return s.to - s.from > 4 && strncmp(st->doc + s.from, "![", 2) == 0 &&
	    st->doc[s.to - 1] == ')' && memchr(st->doc + s.from, '\n',
	    s.to - s.from) == NULL;
}

/*
 * The option letter that opens line l..l+n, "B kat", "B) kat", "B. kat",
 * a capital alone before a space or its mark: the letter, else 0.
 */
static char
line_option(const char *l, size_t n)
{
	if (n < 3 || l[0] < 'A' || l[0] > 'H')
		return 0;
	return l[1] == ' ' || option_letter(l, n) ? l[0] : 0;
}

/*
 * An item's answer *a that holds its question's options, a line each,
 * lettered from "A", the right one ending in a check mark, "B kat ✔",
 * one and no more, perhaps under lines that go with the question (the
 * word to translate, "ねこ"): those lines and the options, the mark left
 * out, go on in *q; the marked option, its letter kept, is *a.  Frees
 * what it replaces; whether a was so.
 */
static int
checked_option_lines(char **q, char **a)
{
	struct cp_buf	 front = { 0 }, back = { 0 };
	const char	*l, *opts = NULL, *marked = NULL;
	size_t		 len, k, mlen = 0;
	char		 want = 'A', c;

	for (l = *a; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (len == 0 && opts != NULL)
			continue;
		if ((c = line_option(l, len)) == 0) {
			if (opts != NULL)
				return 0;	/* text after the options */
			continue;
		}
		if (c != want++)
			return 0;
		if (opts == NULL)
			opts = l;
		if ((k = check_mark(l, len)) != 0) {
			if (marked != NULL)
				return 0;
			marked = l;
			mlen = len - k;
		}
	}
	if (marked == NULL || want < 'C')
		return 0;
	cp_buf_printf(&front, "%s\n%.*s", *q, (int)(opts - *a), *a);
	for (l = opts; *l != '\0'; l += len + (l[len] == '\n')) {
		len = strcspn(l, "\n");
		if (len == 0)
			continue;
		cp_buf_printf(&front, "%.*s\n", (int)(l == marked ? mlen :
		    len), l);
	}
	while (front.len > 0 && front.data[front.len - 1] == '\n')
		front.data[--front.len] = '\0';
	cp_buf_add(&back, marked, mlen);
	free(*q);
	free(*a);
	*q = cp_buf_detach(&front);
	*a = cp_buf_detach(&back);
	return 1;
}

/*
 * The next item of such a list: its first line past the number the
 * question, with the pictures right under it that show its data; the
 * lines below, out of the item's indentation (a tab or the number's
 * width), the answer.
 */
static void
item_card(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	cmark_node	*item = st->run_item;
	unsigned long	 l = (unsigned long)cmark_node_get_start_line(item);
	unsigned long	 last = (unsigned long)cmark_node_get_end_line(item);
	unsigned long	 k, pictured;
	struct cp_buf	 f = { 0 }, a = { 0 }, *b;
	struct span	 q = line_span(st, l), s;
	size_t		 width;
	const char	*p;
	char		*fq, *fa;

	st->run_item = cmark_node_next(item);
	q.from += strspn(st->doc + q.from, "0123456789");
	if (q.from < q.to)
		q.from++;	/* '.' or ')' */
	while (q.from < q.to && (st->doc[q.from] == ' ' ||
	    st->doc[q.from] == '\t'))
		q.from++;
	/* "1. ### question": the heading's marks set it large, no text. */
	if (atx_line(st, q)) {
		q.from += strspn(st->doc + q.from, "#");
		q.from += strspn(st->doc + q.from, " \t");
	}
	width = q.from - line_start(st, l);
	/* The item may end in the page's link back to its contents. */
	k = text_end_line(st, (struct span){ line_start(st, l),
	    line_end(st, last) });
	if (k > l && nav_line(r, k))
		last = k - 1;
	for (k = l + 1, pictured = l; k <= last; k++) {
		s = line_span(st, k);
		if (image_alone(st, s))
			pictured = k;
		else if (s.from != s.to)
			break;
	}
	/*
	 * Text follows the pictures under a question that asks, "Mi lesz
	 * az u33 elem?", or calls for a value, "Adja meg ...!", "...
	 * kerekítéssel:": they show its data.  Under a task, "Draw a
	 * tree.", the picture is the answer.
	 */
	if (pictured == l || k > last || q.to == q.from ||
	    strchr("?:!", st->doc[q.to - 1]) == NULL)
		pictured = l;
	cp_buf_addstr(&f, "");
	cp_buf_add(&f, st->doc + q.from, q.to - q.from);
	cp_buf_addstr(&a, "");
	for (l++; l <= last; l++) {
		s.from = line_start(st, l);
		s.to = line_end(st, l);
		s.from += item_indent(st->doc + s.from, st->doc + s.to, width);
		b = l <= pictured ? &f : &a;
		if (b == &f)
			cp_buf_addc(b, '\n');
		/* "Answer: ..." opening the answer is its label. */
		if (b == &a && a.len == 0 && (p = answer_label_at(st->doc +
		    s.from, st->doc + s.to)) != NULL)
			s.from = (size_t)(p - st->doc) + strspn(p, " \t");
		cp_buf_add(b, st->doc + s.from, s.to - s.from);
		if (b == &a)
			cp_buf_addc(b, '\n');
	}
	fq = cp_buf_detach(&f);
	fa = cp_buf_detach(&a);
	if (checked_option_lines(&fq, &fa))
		warn_once(r, &st->checked_lines_said, (unsigned long)
		    cmark_node_get_start_line(item), "an item's options a line "
		    "each, the right one ending in a check mark: the options "
		    "ask with the question, the mark left out, the checked one "
		    "is the answer, here and below");
	push_card(r, fq, fa, 0, NULL, (unsigned long)
	    cmark_node_get_start_line(item));
}

/* Whether s is the text of mark, NULL for none. */
static int
span_is(const struct md_state *st, struct span s, const char *mark)
{
	return mark != NULL && s.to - s.from == strlen(mark) &&
	    memcmp(st->doc + s.from, mark, s.to - s.from) == 0;
}

/*
 * A line "?" (1) or "??" (2), or the vault's marks for them, or
 * neither (0); in AOSR's files it may end with the plugin's id of the
 * card.
 */
static int
question_mark(const struct md_state *st, struct span s)
{
	char	*t;
	int	 k;

	if (span_is(st, s, st->sr.multi_sep))
		return 1;
	if (span_is(st, s, st->sr.multi_both))
		return 2;
	if (st->separator.to != 0 && same_text(st, s, st->separator))
		return 1;
	if (!st->aosr_ids || st->doc[s.from] != '?')
		return 0;
	t = span_text(st, s);
	cut_aosr_id(st, t);
	k = strcmp(t, "?") == 0 ? 1 : strcmp(t, "??") == 0 ? 2 : 0;
	free(t);
	return k;
}

/*
 * An answer that starts with a list indented one to three spaces, an
 * indent that means nothing to Markdown: the author sets the answer in
 * under its heading, so a paragraph back at the margin is not its own.
 */
static int
set_in_answer(const struct md_state *st, const struct dcard *c)
{
	const char	*d = st->doc;
	size_t		 i = c->a.from, k;

	while (i < c->a.to && d[i] == '\n')
		i++;
	for (k = 0; k < 3 && i + k < c->a.to && d[i + k] == ' '; k++)
		continue;
	if (k == 0)
		return 0;
	i += k;
	if (i < c->a.to && isdigit((unsigned char)d[i])) {
		while (i < c->a.to && isdigit((unsigned char)d[i]))
			i++;
		if (i >= c->a.to || (d[i] != '.' && d[i] != ')'))
			return 0;
	} else if (i >= c->a.to || (d[i] != '-' && d[i] != '*' &&
	    d[i] != '+'))
		return 0;
	return i + 1 < c->a.to && d[i + 1] == ' ';
}

/*
 * In a file of "?" cards, a line below the question that starts with
 * "?" and goes on with the answer, "?$(2.9)$": the "?" line with the
 * answer's first line run into it.  Returns that line, or 0.
 */
static unsigned long
glued_question_mark(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	struct span	 s;
	unsigned long	 l;

	if (st->dialect != D_OSR || st->question_lines == 0)
		return 0;
	for (l = first + 1; l <= last; l++) {
		s = line_span(st, l);
		if (s.to - s.from >= 2 && st->doc[s.from] == '?' &&
		    strchr("? \t", st->doc[s.from + 1]) == NULL)
			return l;
	}
	return 0;
}

/* A line "%%text%%", an Obsidian comment: shown nowhere. */
static int
obsidian_comment(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	return s.to - s.from > 4 && strncmp(st->doc + s.from, "%%", 2) == 0 &&
	    strncmp(st->doc + s.to - 2, "%%", 2) == 0;
}

/*
 * Obsidian Spaced Repetition reads a question from the line after the
 * last blank one: the blocks right above paragraph n, no blank line
 * between (a "15." line and code fenced under it, say), are the
 * question's, though the answer of the card above took them, or they
 * wait for a card.  Returns where the question starts, cutting that
 * answer or what waits short, or where n does.
 */
static size_t
question_above(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	cmark_node	*p = n, *prev;
	size_t		 from, limit;
	unsigned long	 l;
	struct span	 label;
	const char	*w;

	if (st->dialect != D_OSR || (c->open && c->heading))
		return block_span(st, n).from;
	for (l = line_of(st, st->pend.from); l > 1 && (line_span(st, l -
	    1).from == line_span(st, l - 1).to || obsidian_comment(st, l - 1));
	    l--)
		continue;
	if (st->scheduled_ends && !c->open && st->pend.from != st->pend.to &&
	    l > 1 && memmem(st->doc + line_span(st, l - 1).from,
	    line_span(st, l - 1).to - line_span(st, l - 1).from, "<!--SR:",
	    7) != NULL) {
		/*
		 * Where cards end at their schedules, what waits from the
		 * last schedule down to a "?" line is its question, blank
		 * lines and all; but for a word and a colon alone, "Body:",
		 * a template's label over the card, as a heading would be.
		 */
		from = st->pend.from;
		label = line_span(st, line_of(st, from));
		for (w = st->doc + label.from; w + 1 < st->doc + label.to &&
		    cp_word_byte((unsigned char)*w); w++)
			continue;
		if (text_end_line(st, st->pend) == line_of(st, from) &&
		    w > st->doc + label.from && w + 1 == st->doc + label.to &&
		    *w == ':') {
			skipped(r, take_pending(st, &l), "a word and a colon "
			    "alone, over blank lines: a template's label over "
			    "the card, not its question");
			return block_span(st, n).from;
		}
		if (st->pend_second != 0)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    line_of(st, from), 0, "paragraphs past blank lines "
			    "read as one question: they run from the schedule "
			    "of the card above to the \"?\" line");
		take_pending(st, &l);
		return from;
	}
	/* No further back than the card or what waits: linear time. */
	limit = c->open ? c->a.from : st->pend.from;
	if (!c->open && st->pend.from == st->pend.to)
		return block_span(st, n).from;
	while ((prev = cmark_node_previous(p)) != NULL &&
	    text_end_line(st, block_span(st, prev)) + 1 ==
	    (unsigned long)cmark_node_get_start_line(p) &&
	    (cmark_node_get_type(prev) == CMARK_NODE_PARAGRAPH ||
	    cmark_node_get_type(prev) == CMARK_NODE_CODE_BLOCK ||
	    cmark_node_get_type(prev) == CMARK_NODE_LIST) &&
	    block_span(st, prev).from >= limit)
		p = prev;
	from = block_span(st, p).from;
	if (p == n)
		return from;
	/* An answer all of them is the card's, as a one-liner's code. */
	if (c->open && from > c->a.from && from < c->a.to) {
		c->a.to = from;
		return from;
	}
	if (!c->open && from >= st->pend.from && from < st->pend.to) {
		if (from == st->pend.from)
			take_pending(st, &l);
		else
			st->pend.to = from;
		return from;
	}
	return block_span(st, n).from;
}

/*
 * Whether a line from l down holds the plugin's "<!--SR:" schedule
 * before a line that makes a card of its own ("?", "q::a", a cloze):
 * the card above is read on down to it.  Lines are read once: a look
 * from a line above the last one's stop stops there.
 */
static int
schedule_below(struct md_state *st, unsigned long l)
{
	struct span	 s;
	size_t		 seplen;

	if (st->schedule_stop != 0 && l <= st->schedule_stop)
		return st->schedule_found;
	st->schedule_found = 0;
	for (; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (question_mark(st, s) != 0 || liner_split(st, s,
		    &seplen) != NULL || has_cloze(st, s))
			break;
		if (memmem(st->doc + s.from, s.to - s.from, "<!--SR:", 7) !=
		    NULL) {
			st->schedule_found = 1;
			break;
		}
	}
	st->schedule_stop = l;
	return st->schedule_found;
}

/*
 * A list whose items go on with a line "?" (or "??") and the answer, as
 * CommonMark reads lines that start no block: each run of its lines
 * between blank ones that holds such a line is a card, the list items
 * above the "?" the question.  The first run starts where Obsidian
 * Spaced Repetition starts it, after the last blank line: a question
 * over its numbered options ("A --- is ...", "1. Path") is one.
 */
static int
list_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n);
	unsigned long	 l, first = line_of(st, b.from);
	unsigned long	 last = line_of(st, b.to), blank = 0;

	for (l = first + 1; l <= last; l++) {
		if (question_mark(st, line_span(st, l)) != 0)
			break;
		if (blank == 0 && line_start(st, l) == line_end(st, l))
			blank = l;
	}
	if (l > last)
		return 0;
	if (blank == 0)
		first = line_of(st, question_above(r, n));
	start_cards(r, RUN_QUESTIONS, first, last);
	return 1;
}

/*
 * The text of blocks first to last inside a list item, from the column
 * where first starts, the lines after its first set out of the item as
 * far as its first is, to line stop at most (0: no such line; cmark ends
 * a fence its item leaves open on the line that closes the item).
 * (span_text() would keep the item's indent as that of indented code.)
 */
static char *
item_block_text(const struct md_state *st, cmark_node *first,
    cmark_node *last, unsigned long stop)
{
	struct span	 s = block_span(st, first);
	size_t		 col = (size_t)cmark_node_get_start_column(first) - 1;

	s.to = block_span(st, last).to;
	if (stop != 0 && line_end(st, stop) < s.to)
		s.to = line_end(st, stop);
	s.from += col < s.to - s.from ? col : 0;
	while (s.to > s.from && strchr(" \t\n", st->doc[s.to - 1]) != NULL)
		s.to--;
	return set_out_of_item(cp_xstrndup(st->doc + s.from, s.to - s.from),
	    col);
}

static char *unquote(const struct md_state *, cmark_node *);

/*
 * Is block n a list whose items all ask: more questions, the same asked
 * again, no answer?
 */
static int
all_ask(const struct md_state *st, cmark_node *n)
{
	cmark_node	*one;

	if (cmark_node_get_type(n) != CMARK_NODE_LIST)
		return 0;
	for (one = cmark_node_first_child(n); one != NULL &&
	    ends_asking(st, block_span(st, one)); one = cmark_node_next(one))
		continue;
	return one == NULL;
}

/*
 * The answer of a list item that is a question over it: a paragraph,
 * then a block quote, or a list when the paragraph asks (a '?' in it)
 * or is a term in bold alone ("**Integrity**"), and nothing else; or,
 * in a bulleted list, under a paragraph that holds a '?', or is in bold
 * alone on a page of three such items over lists at least (bold_listed:
 * a diary's "- **Monday**" over a paragraph asks nothing), blocks of any
 * kind, "- **¿Cómo se declara?**" over paragraphs and code set in under
 * it.  A list whose items all ask is more questions, no answer.  The
 * answer's first block, or NULL when the item is no such thing: a list
 * under a plain line is an outline's.  As a PROMPT_ITEM, a colon ending
 * the paragraph prompts as a question asks ("Nenne 3 Beispiele:").
 */
enum item_leave { ASKING_ITEM, PROMPT_ITEM };

/* Is q, n bytes, "**term**": bold from its first byte to its last, once? */
static int
bold_whole(const char *q, size_t n)
{
	return n > 4 && strncmp(q, "**", 2) == 0 && strcmp(q + n - 2, "**") ==
	    0 && memmem(q + 2, n - 4, "**", 2) == NULL;
}

static cmark_node *
item_answer(const struct md_state *st, cmark_node *item,
    enum item_leave leave)
{
	cmark_node	*para = cmark_node_first_child(item), *sub;
	char		*q;
	size_t		 n;
	int		 asks;

	if (para == NULL || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH ||
	    (sub = cmark_node_next(para)) == NULL)
		return NULL;
	if (cmark_node_next(sub) != NULL ||
	    (cmark_node_get_type(sub) != CMARK_NODE_BLOCK_QUOTE &&
	    cmark_node_get_type(sub) != CMARK_NODE_LIST)) {
		/* A numbered list so is numbered_questions()'. */
		if (cmark_node_get_list_type(cmark_node_parent(item)) !=
		    CMARK_BULLET_LIST || all_ask(st, sub))
			return NULL;
		q = item_block_text(st, para, para, 0);
		n = strlen(q);
		asks = holds_question_mark(q, q + n) || (st->bold_listed >= 3 &&
		    bold_whole(q, n));
		free(q);
		return asks ? sub : NULL;
	}
	if (cmark_node_get_type(sub) == CMARK_NODE_BLOCK_QUOTE)
		return sub;
	if (cmark_node_get_type(sub) != CMARK_NODE_LIST || all_ask(st, sub))
		return NULL;
	q = item_block_text(st, para, para, 0);
	n = strlen(q);
	asks = holds_question_mark(q, q + n) ||
	    (leave == PROMPT_ITEM && n > 0 && q[n - 1] == ':') ||
	    bold_whole(q, n);
	free(q);
	return asks ? sub : NULL;
}

/*
 * How many items of the page's lists at the margin are a term in bold
 * alone, "- **java中==和equals的区别**", over a list of their own.
 */
static size_t
bold_listed(const struct md_state *st)
{
	cmark_node	*n, *item, *para, *sub;
	char		*q;
	size_t		 k = 0;

	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) != CMARK_NODE_LIST)
			continue;
		for (item = cmark_node_first_child(n); item != NULL;
		    item = cmark_node_next(item)) {
			if ((para = cmark_node_first_child(item)) == NULL ||
			    cmark_node_get_type(para) !=
			    CMARK_NODE_PARAGRAPH || (sub =
			    cmark_node_next(para)) == NULL ||
			    cmark_node_get_type(sub) != CMARK_NODE_LIST)
				continue;
			q = item_block_text(st, para, para, 0);
			k += bold_whole(q, strlen(q));
			free(q);
		}
	}
	return k;
}

/* How many items of the page's lists are questions over their answers. */
static size_t
answered_items(const struct md_state *st)
{
	cmark_node	*n, *item;
	size_t		 k = 0;

	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n))
		for (item = cmark_node_get_type(n) == CMARK_NODE_LIST ?
		    cmark_node_first_child(n) : NULL; item != NULL;
		    item = cmark_node_next(item))
			k += item_answer(st, item, ASKING_ITEM) != NULL;
	return k;
}

/*
 * Past "rta/" or "R/ " opening p..e, the label Spanish notes give an
 * answer (respuesta; "rta/" may be glued to it), or p.
 */
static const char *
past_slash_label(const char *p, const char *e)
{
	size_t	 n = 0;

	if (e - p > 4 && strncasecmp(p, "rta/", 4) == 0)
		n = 4;
	else if (e - p > 3 && (p[0] == 'R' || p[0] == 'r') && p[1] == '/')
		n = 2 + (p[2] == '/');
	if (n == 0 || (n < 4 && p[n] != ' ' && p[n] != '\t'))
		return p;
	for (p += n; p < e && (*p == ' ' || *p == '\t'); p++)
		continue;
	return p;
}

/*
 * Past a colon that opens p..e as a definition list's mark opens a
 * definition, ": 웹에서 쓰이는 통신 규약" under its question, or p.
 */
static const char *
past_colon_mark(const char *p, const char *e)
{
	if (e - p < 1 || p[0] != ':' || (e - p > 1 && p[1] != ' ' &&
	    p[1] != '\t' && p[1] != '\n'))
		return p;
	for (p++; p < e && (*p == ' ' || *p == '\t'); p++)
		continue;
	return p;
}

/*
 * Where paragraph b's first line ends when its second opens with an
 * answer's label or a definition's colon; else 0.
 */
static size_t
labelled_answer(const struct md_state *st, struct span b)
{
	const char	*nl, *p, *e = st->doc + b.to;

	if ((nl = memchr(st->doc + b.from, '\n', b.to - b.from)) == NULL)
		return 0;
	for (p = nl + 1; p < e && (*p == ' ' || *p == '\t'); p++)
		continue;
	return answer_label_at(p, e) != NULL || past_slash_label(p, e) != p ||
	    past_colon_mark(p, e) != p ? (size_t)(nl - st->doc) : 0;
}

/*
 * Are three items or more of list, two thirds of them, a line over an
 * answer that opens with a label or a definition's colon
 * (labelled_answer())?  Such items are cards, under a numbered heading
 * that asks nothing too, "### 1. CS" over "- 웹 프로토콜이란?" over
 * "  : 웹에서 쓰이는 통신 규약".
 */
static int
labelled_items(const struct md_state *st, cmark_node *list)
{
	cmark_node	*item, *para;
	size_t		 n = 0, labelled = 0;

	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++)
		labelled += (para = cmark_node_first_child(item)) != NULL &&
		    cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH &&
		    labelled_answer(st, block_span(st, para)) != 0;
	return labelled >= 3 && 3 * labelled >= 2 * n;
}

/*
 * Where the answer of paragraph b begins, past the line that asks it:
 * its first line asking (asking_line), or any first line over one
 * opening with an answer's label ("rta/ ...", "Answer: ..."); else 0.
 */
static size_t
answer_line(const struct md_state *st, struct span b)
{
	size_t	 nl;

	return (nl = asking_line(st, b)) != 0 ? nl : labelled_answer(st, b);
}

/*
 * The paragraph of list item item when it is all the item holds and it
 * asks on its first line, the lines under it answering (answer_line()),
 * "3. Чем отличаются RWMutex от Mutex?" over "<br> RWMutex содержит
 * ..."; else NULL.
 */
static cmark_node *
asked_item_lines(const struct md_state *st, cmark_node *item)
{
	cmark_node	*para = cmark_node_first_child(item);

	return para != NULL && cmark_node_next(para) == NULL &&
	    cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH &&
	    answer_line(st, block_span(st, para)) != 0 ? para : NULL;
}

/*
 * Whether a list's items may be cards of their own: in a plain page,
 * or one whose headings are mdanki's or markdown-anki-decks' cards
 * (a heading's card of theirs holds no such list).
 */
static int
list_cards_read(const struct md_state *st)
{
	return st->dialect == D_PLAIN || st->dialect == D_MDANKI ||
	    st->dialect == D_MAD;
}

/*
 * Where the first line of list item item ends, when the item is a
 * paragraph alone with text on a line under that; else 0.
 */
static size_t
item_lines(const struct md_state *st, cmark_node *item)
{
	cmark_node	*para = cmark_node_first_child(item);
	struct span	 b;
	const char	*p;

	if (para == NULL || cmark_node_next(para) != NULL ||
	    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, para);
	if ((p = memchr(st->doc + b.from, '\n', b.to - b.from)) == NULL)
		return 0;
	return span_holds_text(st, (struct span){ (size_t)(p - st->doc),
	    b.to }) ? (size_t)(p - st->doc) : 0;
}

/*
 * The list of options under list item item of list, when the item is a
 * paragraph that asks (or ends in a colon, "Select the tools:") over
 * them: its own list, all else it holds, or, for the list's last item,
 * a bulleted list or a table right after the list, set in short of the
 * item's text ("   - A) Nmap  ok" under "59. ...:"); else NULL.
 */
static cmark_node *
item_options(const struct md_state *st, cmark_node *list, cmark_node *item)
{
	cmark_node	*para = cmark_node_first_child(item), *opts;
	struct span	 b;

	if (para == NULL || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
		return NULL;
	if ((opts = cmark_node_next(para)) != NULL) {
		if (cmark_node_next(opts) != NULL ||
		    cmark_node_get_type(opts) != CMARK_NODE_LIST)
			return NULL;
	} else if (cmark_node_next(item) != NULL ||
	    (opts = cmark_node_next(list)) == NULL ||
	    (cmark_node_get_type(opts) == CMARK_NODE_LIST ?
	    cmark_node_get_list_type(opts) != CMARK_BULLET_LIST :
	    cmark_node_get_type(opts) != CMARK_NODE_PARAGRAPH ||
	    !is_table(st, line_of(st, block_span(st, opts).from),
	    line_of(st, block_span(st, opts).to))))
		return NULL;
	b = block_span(st, para);
	while (b.to > b.from && strchr(" \t\n", st->doc[b.to - 1]) != NULL)
		b.to--;
	return ends_asking(st, b) || (b.to > b.from &&
	    st->doc[b.to - 1] == ':') ? opts : NULL;
}

/*
 * Whether list item item is a question alone, one paragraph of one line
 * that asks: one the author left unanswered.
 */
static int
asks_alone(const struct md_state *st, cmark_node *item)
{
	cmark_node	*para = cmark_node_first_child(item);
	struct span	 b;

	if (para == NULL || cmark_node_next(para) != NULL ||
	    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, para);
	while (b.to > b.from && strchr(" \t\n", st->doc[b.to - 1]) != NULL)
		b.to--;
	return memchr(st->doc + b.from, '\n', b.to - b.from) == NULL &&
	    ends_asking(st, b);
}

/* Is s, white space aside, dots alone, "...", "…": an answer to come? */
static int
dots_alone(const struct md_state *st, struct span s)
{
	return dots_only(st->doc + s.from, st->doc + s.to, " \t\n") >= 2;
}

/*
 * A list whose items, three or more, are each a question on its first
 * line over its answer on the lines under it (asked_item_lines), all of
 * them, or two thirds where three answers or more open with a label or
 * every item is such a paragraph of two lines or more, asking or not
 * (items that only ask, left unanswered, aside while the answered are
 * half the list):
 * each such item a card, the "<br>" that parts question from answer no
 * text of either, nor an answer's label ("Answer:", "rta/").  An item
 * that only asks, or is answered by dots alone ("..."), is no card; one
 * that asks over a list of options is, the list its answer, and with
 * those the items need no labels to stand two thirds of the list.
 */
static int
asked_lines(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item, *para, *opts;
	struct span	 b, q, a;
	size_t		 n = 0, asked = 0, labelled = 0, lined = 0, nl;
	size_t		 listed = 0, alone = 0, aside;
	const char	*p;

	if (!list_cards_read(st))
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++) {
		lined += item_lines(st, item) != 0;
		if ((para = asked_item_lines(st, item)) != NULL) {
			asked++;
			labelled += labelled_answer(st, block_span(st,
			    para)) != 0;
		} else if (item_options(st, list, item) != NULL)
			listed++;
		else
			alone += asks_alone(st, item);
	}
	/*
	 * Unanswered items count for neither side while the answered are
	 * half the list; else it is a list of questions to ask.  Once the
	 * page has read such a list, a short one of the same shape goes on
	 * with it, "69. Match the ports:" over its table.
	 */
	aside = 2 * asked >= n ? alone : 0;
	if (st->asked_lines_said && asked + listed > 0 &&
	    lined + listed + alone == n && (asked + listed) * 3 >= n * 2)
		;
	else if (asked < 3 || (asked < n && ((labelled < 3 &&
	    lined + aside < n && (listed == 0 || lined + listed + alone < n)) ||
	    (asked + listed) * 3 < (n - aside) * 2)))
		return 0;
	warn_once(r, &st->asked_lines_said, (unsigned long)
	    cmark_node_get_start_line(list), "list items whose first line "
	    "asks over the lines that answer it: each item a card, a \"<br>\" "
	    "between them no text");
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		/* Where every item so answers, one that does not ask too. */
		if ((para = asked_item_lines(st, item)) != NULL)
			nl = answer_line(st, block_span(st, para));
		else if ((opts = item_options(st, list, item)) != NULL) {
			b = item_span(st, cmark_node_first_child(item));
			push_card(r, span_text(st, b), span_text(st,
			    block_span(st, opts)), 0, NULL,
			    line_of(st, b.from));
			if (cmark_node_parent(opts) != item)
				st->next = cmark_node_next(opts);
			continue;
		} else if (lined + aside == n && item_lines(st, item) != 0) {
			para = cmark_node_first_child(item);
			nl = item_lines(st, item);
		} else {
			skipped(r, item_span(st, item), "an item among "
			    "questions each answered on the lines under it, "
			    "with no such lines: no card");
			continue;
		}
		b = item_span(st, para);
		q.from = b.from;
		q.to = a.from = nl;
		a.to = b.to;
		trim_breaks(st, &q);
		trim_breaks(st, &a);
		while (a.from < a.to && strchr(" \t\n", st->doc[a.from]))
			a.from++;
		if ((p = answer_label_at(st->doc + a.from, st->doc + a.to)) ==
		    NULL)
			p = past_slash_label(st->doc + a.from, st->doc + a.to);
		if (p == st->doc + a.from)
			p = past_colon_mark(p, st->doc + a.to);
		a.from = (size_t)(p - st->doc);
		if (only_blank(st, a)) {
			skipped(r, b, "a question whose answer's label or "
			    "colon stands alone, nothing after it: no card");
			continue;
		}
		if (dots_alone(st, a)) {
			skipped(r, b, "a question answered by dots alone, an "
			    "answer still to be written: no card");
			continue;
		}
		push_card(r, span_text(st, q), span_text(st, a), 0, NULL,
		    line_of(st, b.from));
	}
	return 1;
}

/*
 * The text of list item item when it is one line of one paragraph, its
 * trailing blanks cut; an empty span otherwise.
 */
static struct span
item_one_line(const struct md_state *st, cmark_node *item)
{
	cmark_node	*para = cmark_node_first_child(item);
	struct span	 b, none = { 0, 0 };

	if (para == NULL || cmark_node_next(para) != NULL ||
	    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
		return none;
	b = item_span(st, para);
	while (b.to > b.from && strchr(" \t", st->doc[b.to - 1]) != NULL)
		b.to--;
	if (memchr(st->doc + b.from, '\n', b.to - b.from) != NULL)
		return none;
	return b;
}

/*
 * Where the answer in bold of list item item's line begins and ends,
 * when the item is one line of a paragraph that opens with two words or
 * more and goes on in bold: bold to the line's end ("... is **visible
 * moisture**"), or bold right after the words ask and more words after
 * it ("...air? **Evaporation** Sublimation is ..."); else 0, *from
 * then the bold's start and *to the line's end.
 */
static int
bold_answer_at(const struct md_state *st, cmark_node *item, size_t *from,
    size_t *to)
{
	struct span	 b = item_one_line(st, item);
	const char	*d = st->doc, *p, *open;

	if (b.to - b.from < 8)
		return 0;
	if (strncmp(d + b.to - 2, "**", 2) == 0 && d[b.to - 3] != ' ') {
		/* Bold to the end: its opening, the "**" before it. */
		for (open = NULL, p = d + b.from; p + 2 < d + b.to - 2; p++)
			if (p[0] == '*' && p[1] == '*')
				open = p;
		if (open == NULL || open == d + b.from || open[-1] != ' ' ||
		    open[2] == ' ')
			return 0;
	} else {
		/* Bold after a question, words after the bold. */
		if ((open = span_find(st, b, " **")) == NULL ||
		    strchr("?:", open[-1]) == NULL || open[3] == ' ' ||
		    (p = memmem(open + 3, (size_t)(d + b.to - open - 3), "**",
		    2)) == NULL || p[-1] == ' ')
			return 0;
		open++;
	}
	/* Words, two or more: "📄 **[NIST](...)**" labels a link. */
	p = memchr(d + b.from, ' ', (size_t)(open - d - b.from));
	if (p == NULL || p + 1 >= open - 1)
		return 0;
	*from = (size_t)(open - d);
	*to = b.to;
	return 1;
}

/*
 * Whether list item item's line asks in bold and answers after it,
 * "**When was the Tea Act passed?** 1773": bold opening the line that
 * asks (a '?' in it, three words or more), words after the bold that
 * neither ask again nor open an aside in brackets.  Where the bold's text ends,
 * its closing marks, in *mark.
 */
static int
bold_question_at(const struct md_state *st, cmark_node *item, size_t *mark)
{
	struct span	 b = item_one_line(st, item);
	const char	*d = st->doc, *t;

	if (b.to - b.from < 8 || (t = bold_term_end(d + b.from, d + b.to)) ==
	    NULL || memchr(d + b.from, '?', (size_t)(t - d - b.from)) == NULL ||
	    t + 3 >= d + b.to || t[2] != ' ')
		return 0;
	/*
	 * "**What is DI?** Why use it?", "(an aside)": no answers; nor
	 * does a status list's "**Tests green?** yes" ask a question of
	 * three words or more.
	 */
	if (d[b.to - 1] == '?' || t[3] == '(' ||
	    cp_count_words(d + b.from + 2, (size_t)(t - d - b.from - 2)) < 3)
		return 0;
	*mark = (size_t)(t - d);
	return 1;
}

/*
 * The cards of a list whose items ask in bold and answer after it (see
 * bold_answer_items()): the bold's text the front, the rest the back.
 */
static int
bold_question_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item;
	size_t		 mark;
	struct span	 b;

	warn_once(r, &st->bold_items_said, (unsigned long)
	    cmark_node_get_start_line(list), "list items that ask in bold "
	    "and answer after it on the same line: each item a card, the "
	    "bold its question");
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		if (!bold_question_at(st, item, &mark)) {
			if (cmark_node_first_child(item) != NULL)
				skipped(r, item_span(st, item), "an item "
				    "among questions asked in bold, not a "
				    "question in bold with its answer after "
				    "it: no card");
			continue;
		}
		b = item_one_line(st, item);
		push_card(r, span_text(st, (struct span){ b.from + 2, mark }),
		    span_text(st, (struct span){ mark + 3, b.to }), 0, NULL,
		    line_of(st, b.from));
	}
	return 1;
}

/*
 * A list whose items, three or more and two thirds of them, each state
 * or ask on one line and answer in bold after it (bold_answer_at()), or
 * ask in bold and answer after it (bold_question_at()): each such item a
 * card.  An answer in bold is without its marks where it ends the line,
 * as written where more words follow it; a question in bold is without
 * its marks.  An item with no such answer is no card.
 */
static int
bold_answer_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item;
	size_t		 n = 0, bold = 0, asks = 0, from, to, k;
	struct span	 q, b;

	if (!list_cards_read(st))
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++) {
		bold += bold_answer_at(st, item, &from, &to);
		asks += bold_question_at(st, item, &k);
	}
	if (asks >= 3 && asks * 3 >= n * 2)
		return bold_question_items(r, list);
	if (bold < 3 || bold * 3 < n * 2)
		return 0;
	warn_once(r, &st->bold_items_said, (unsigned long)
	    cmark_node_get_start_line(list), "list items that ask or state "
	    "on one line and answer in bold after it: each item a card, the "
	    "bold its answer");
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		if (!bold_answer_at(st, item, &from, &to)) {
			if (cmark_node_first_child(item) != NULL)
				skipped(r, item_span(st, item), "an item "
				    "among questions answered in bold, with no "
				    "answer so: no card");
			continue;
		}
		b = item_span(st, cmark_node_first_child(item));
		q = (struct span){ b.from, from };
		while (q.to > q.from && st->doc[q.to - 1] == ' ')
			q.to--;
		/* Bold to the line's end: its marks are the answer's. */
		k = strncmp(st->doc + to - 2, "**", 2) == 0 && memmem(st->doc +
		    from + 2, to - from - 4, "**", 2) == NULL ? 2 : 0;
		push_card(r, span_text(st, q), span_text(st, (struct span){
		    from + k, to - k }), 0, NULL, line_of(st, b.from));
	}
	return 1;
}

/*
 * List item item's card, its paragraph the front, sub, its answer
 * (item_answer()), the back: a nested list's one item's text alone,
 * several as the list they are, a quote's text without its marks, or the
 * blocks under a question as they stand.
 */
static void
answered_item_card(struct cp_reader *r, cmark_node *item, cmark_node *sub)
{
	struct md_state	*st = r->state;
	cmark_node	*one = cmark_node_first_child(sub);
	unsigned long	 stop;
	char		*back;

	stop = cmark_node_next(item) == NULL ? 0 : (unsigned long)
	    cmark_node_get_start_line(cmark_node_next(item)) - 1;
	if (cmark_node_next(sub) != NULL)
		back = item_block_text(st, sub, cmark_node_last_child(item),
		    stop);
	else if (cmark_node_get_type(sub) == CMARK_NODE_BLOCK_QUOTE)
		back = unquote(st, sub);
	else if (cmark_node_get_type(sub) == CMARK_NODE_LIST &&
	    cmark_node_next(one) == NULL && cmark_node_first_child(one) !=
	    NULL)
		back = item_block_text(st, cmark_node_first_child(one),
		    cmark_node_last_child(one), stop);
	else
		back = item_block_text(st, sub, sub, stop);
	push_card(r, item_block_text(st, cmark_node_first_child(item),
	    cmark_node_first_child(item), 0), back, 0, NULL,
	    (unsigned long)cmark_node_get_start_line(item));
}

/*
 * A list of questions, each answered by a list or a quote nested under
 * it: "- Was ist REST?" over "    - Representational State Transfer",
 * "1.  **Integrity**" over "    *   Guarding against ...", "* Define
 * the CIA triad" over "  > CIA stands for ...".  When the page has three
 * such items or more (item_answer) and two thirds of this list's items
 * are so, each is a card: its paragraph the front; the back its nested
 * list, one item's text alone, several as the list they are, or its
 * quote's text without the marks, or the blocks under a question as they
 * stand.  An item with nothing nested answers nothing and is skipped.
 */
static int
asked_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item, *sub;
	size_t		 n = 0, asked = 0;

	if (!list_cards_read(st))
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++)
		asked += item_answer(st, item, st->cur.open &&
		    st->cur.heading ? ASKING_ITEM : PROMPT_ITEM) != NULL;
	if (asked == 0 || asked * 3 < n * 2)
		return 0;
	if (st->answered_items < 0)
		st->answered_items = (long)answered_items(st);
	if (st->answered_items < 3)
		return 0;
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		if ((sub = item_answer(st, item, PROMPT_ITEM)) == NULL) {
			skipped(r, block_span(st, item), "an item among "
			    "questions answered by what is nested under them, "
			    "with nothing so: no card");
			continue;
		}
		answered_item_card(r, item, sub);
	}
	return 1;
}

/*
 * The list nested under item, a question that asks ('?'), that answers
 * it: one that item_answer() takes and that asks nothing anywhere
 * ("Technologies used? (AV, EDR, ...)" under a question asks more);
 * else NULL.
 */
static cmark_node *
answering_list(const struct md_state *st, cmark_node *item)
{
	cmark_node	*sub;
	struct span	 q, s;

	if ((sub = item_answer(st, item, ASKING_ITEM)) == NULL ||
	    cmark_node_get_type(sub) != CMARK_NODE_LIST)
		return NULL;
	q = block_span(st, cmark_node_first_child(item));
	s = block_span(st, sub);
	return holds_question_mark(st->doc + q.from, st->doc + q.to) &&
	    memchr(st->doc + s.from, '?', s.to - s.from) == NULL ? sub : NULL;
}

/*
 * A list of questions most of which no one has answered yet, "- What is
 * MRUListEx?", and a few answered by a list nested under them that asks
 * nothing (item_answer()): those few are cards, as asked_items() makes
 * them, and the others are skipped, said once for the list.  Returns
 * whether any item was so answered.
 */
static int
some_answered(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item, *sub;
	int		 n = 0;

	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item))
		n += answering_list(st, item) != NULL;
	if (n == 0)
		return 0;
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, (unsigned long)
	    cmark_node_get_start_line(list), 0, "a list of questions: the %d "
	    "answered by a list under them that asks nothing read as cards, "
	    "the others, with no answer, skipped", n);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item))
		if ((sub = answering_list(st, item)) != NULL)
			answered_item_card(r, item, sub);
	return 1;
}

/*
 * Where "=:" with one colon is in the line, its '=': a formula's
 * one-line card, "$P(U)$=::1", whose "::" lost a colon; or NULL.
 */
static const char *
equal_colon(const struct md_state *st, struct span s)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to;

	for (; p + 2 < e; p++)
		if (p[0] == '=' && p[1] == ':' && p[2] != ':' && p > st->doc +
		    s.from)
			return p;
	return NULL;
}

/*
 * A paragraph between two rules, as AOSR parts a card into sub-cards
 * with "***", whose neighbour beyond the rule above is a one-line card.
 */
static int
among_liners(const struct md_state *st, cmark_node *n)
{
	cmark_node	*prev = cmark_node_previous(n), *next = cmark_node_next(n);
	struct span	 b;
	size_t		 seplen;

	if (prev == NULL || cmark_node_get_type(prev) !=
	    CMARK_NODE_THEMATIC_BREAK || (next != NULL &&
	    cmark_node_get_type(next) != CMARK_NODE_THEMATIC_BREAK) ||
	    (prev = cmark_node_previous(prev)) == NULL ||
	    cmark_node_get_type(prev) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, prev);
	return liner_split(st, line_span(st, line_of(st, b.to)), &seplen) !=
	    NULL;
}

/* A line "%" alone between lines first and last, not either, or 0. */
static unsigned long
inner_percent(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	unsigned long	 l;

	for (l = first + 1; l < last; l++)
		if (line_is(st, l, "%"))
			return l;
	return 0;
}

/*
 * Whether fenced code right below paragraph n, no blank line between,
 * holds two one-line cards or more: examples of the syntax, which a
 * how-to writes out in code under the line that brings them in.
 */
static int
shows_liners(const struct md_state *st, cmark_node *n)
{
	cmark_node	*code = cmark_node_next(n);
	unsigned long	 first, last, l;
	size_t		 len;
	int		 shown = 0;

	if (!fence_lines(st, code, &first, &last) ||
	    cmark_node_get_start_line(code) != cmark_node_get_end_line(n) + 1)
		return 0;
	for (l = first; l <= last && shown < 2; l++)
		shown += liner_split(st, line_span(st, l), &len) != NULL;
	return shown >= 2;
}

/*
 * A paragraph opening with a Dataview field, as a note's metadata stands
 * at its top ("tags:: #flashcard", "up:: [[Topic]]", "Links:"), no line
 * of it a card of another kind: skipped whole, said once.
 */
static int
dataview_block(struct cp_reader *r, struct span b)
{
	struct md_state	*st = r->state;
	unsigned long	 l, first = line_of(st, b.from);
	unsigned long	 last = line_of(st, b.to);
	struct span	 s = line_span(st, first);
	size_t		 seplen;

	if (blank_fields(st, first) >= last) {
		skipped(r, b, "fields \"Key :: value\", some left blank: a "
		    "note template's metadata, not cards");
		return 1;
	}
	if (!dataview_field(st->doc + s.from, st->doc + s.to) ||
	    has_cloze(st, b))
		return 0;
	for (l = first + 1; l <= last; l++) {
		s = line_span(st, l);
		if (dataview_field(st->doc + s.from, st->doc + s.to))
			continue;
		if (liner_split(st, s, &seplen) != NULL ||
		    question_mark(st, s) != 0 || drop_flashcard_tag(st, &s) ||
		    after_prefix(st, st->doc + s.from, st->doc + s.to, 'Q') !=
		    NULL)
			return 0;
	}
	skipped(r, b, "Dataview fields \"key:: value\", a note's metadata, "
	    "not cards");
	return 1;
}

static int	 apy_note(struct cp_reader *, cmark_node *);
static int	 o2a_vault_open(struct cp_reader *);
static int	 sr_vault_open(struct cp_reader *);
static void	 sr_vault_read(struct cp_reader *,
		    const struct cp_sr_settings *);

/*
 * Obsidian Spaced Repetition reads a card's lines down to a blank line:
 * a paragraph that asks with a list right under it whose every item
 * holds a deletion, "How do matrices show ...?" over "- **Symmetry**:
 * ==...==", is one cloze note, its deletions numbered in order, as the
 * schedules the plugin writes under it count them.  Whether n was one.
 */
static int
osr_cloze_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*list = cmark_node_next(n), *item;
	struct span	 b = block_span(st, n), l;
	size_t		 seplen;

	if (st->dialect != D_OSR || list == NULL ||
	    cmark_node_get_type(list) != CMARK_NODE_LIST ||
	    has_cloze(st, b) || liner_split(st, b, &seplen) != NULL ||
	    question_mark(st, line_span(st, line_of(st, b.to))) != 0)
		return 0;
	l = block_span(st, list);
	if (line_of(st, l.from) != text_end_line(st, b) + 1)
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item))
		if (!has_cloze(st, block_span(st, item)) ||
		    cmark_node_first_child(item) == NULL ||
		    cmark_node_next(cmark_node_first_child(item)) != NULL)
			return 0;
	cards_start(r);
	push_cloze(r, (struct span){ b.from, l.to }, line_of(st, b.from));
	st->next = cmark_node_next(list);
	return 1;
}

/*
 * hashcards' cloze, "C: The pH runs from [0] to [14].": each part in
 * brackets a deletion of its own, numbered in order; a link's text,
 * "[text](url)" or "[text][1]", its reference, an image's, an escaped
 * bracket, brackets in code and a task's box, "[ ]" or "[x]", are none.
 * Appends the note's text in Anki's cloze marks to out, when out is not
 * NULL; returns the number of deletions.  Linear: the next ']', '[' and
 * '`' are each searched for once, past where the last search ended.
 */
static int
bracket_cloze(const char *p, const char *e, struct cp_buf *out)
{
	const char	*start = p, *close = p, *open = p, *tick;
	size_t		 n;
	int		 clozes = 0;

	while (p < e) {
		if (*p == '`' && (tick = memchr(p + 1, '`',
		    (size_t)(e - p - 1))) != NULL) {
			n = (size_t)(tick + 1 - p);	/* code, as written */
		} else if (*p == '[' && (p == start || (p[-1] != '!' &&
		    p[-1] != '\\' && p[-1] != ']'))) {
			if (close < p + 1 && (close = memchr(p + 1, ']',
			    (size_t)(e - p - 1))) == NULL)
				close = e;
			if (open < p + 1 && (open = memchr(p + 1, '[',
			    (size_t)(e - p - 1))) == NULL)
				open = e;
			n = 1;
			if (close < e && open > close &&
			    !(close + 1 < e && (close[1] == '(' ||
			    close[1] == '[')) &&
			    strspn(p + 1, " \txX") < (size_t)(close - p - 1)) {
				clozes++;
				if (out != NULL)
					cp_buf_printf(out, "{{c%d::%.*s}}",
					    clozes, (int)(close - p - 1), p + 1);
				p = close + 1;
				continue;
			}
		} else
			n = 1;
		if (out != NULL)
			cp_buf_add(out, p, n);
		p += n;
	}
	return clozes;
}

/*
 * Where the text of hashcards' cloze note starts in a paragraph at p..e
 * that opens "C: text" or "C:" alone over its lines; NULL when it opens
 * no such note.
 */
static const char *
cloze_note_text(const char *p, const char *e)
{
	if (e - p < 3 || strncmp(p, "C:", 2) != 0 ||
	    (p[2] != ' ' && p[2] != '\n'))
		return NULL;
	return p + 2 + strspn(p + 2, " \t\n");
}

/*
 * The last line of the hashcards cloze note that line l opens with
 * "C:": as hashcards reads it, its text runs on, blank lines and all,
 * up to a "---" line or a line that opens the next note, "Q:" or "C:";
 * a heading ends it too.  Blank lines at its end are no part of it.
 */
static unsigned long
cloze_note_end(const struct md_state *st, unsigned long l)
{
	unsigned long	 last = l;
	struct span	 s;

	for (l++; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (line_is(st, l, "---") || atx_line(st, s) ||
		    (s.to - s.from >= 2 &&
		    (strncmp(st->doc + s.from, "Q:", 2) == 0 ||
		    strncmp(st->doc + s.from, "C:", 2) == 0)))
			break;
		if (s.from != s.to)
			last = l;
	}
	return last;
}

/*
 * A paragraph "C: text [deletion]" in a file of such lines: hashcards'
 * cloze note.  Whether n was one.
 */
static int
bracket_cloze_note(struct cp_reader *r, struct span b)
{
	struct md_state	*st = r->state;
	struct cp_buf	 text = { 0 };
	const char	*p;
	unsigned long	 last;

	if (!st->bracket_clozes ||
	    (p = cloze_note_text(st->doc + b.from, st->doc + b.to)) == NULL)
		return 0;
	last = cloze_note_end(st, line_of(st, b.from));
	if (bracket_cloze(p, st->doc + line_end(st, last), &text) == 0) {
		cp_buf_free(&text);
		return 0;
	}
	cards_start(r);
	st->cloze_block = 1;
	push_card(r, cp_buf_detach(&text), cp_xstrdup(""), 0, NULL,
	    line_of(st, b.from));
	st->cloze_block = 0;
	st->skip_to = last;
	return 1;
}

/*
 * A paragraph in quotation marks that asks, outside brackets, first
 * under a question heading that asks nothing, "## 1. Perfect Forward
 * Secrecy" over "\"What is perfect forward secrecy? ...\"": the exam's
 * question as set, more of the question than the heading's topic; the
 * blocks below answer.
 */
static int
quoted_ask(struct cp_reader *r, struct span b)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	const char	*p = st->doc + b.from, *e = st->doc + b.to;
	const char	*m;
	int		 depth = 0;

	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if (!c->open || !c->heading || c->section || c->split ||
	    c->a.from != c->a.to || c->qbody.from != c->qbody.to ||
	    ends_asking(st, c->q) || e - p < 3 ||
	    !((*p == '"' && e[-1] == '"') ||
	    (strncmp(p, "\xe2\x80\x9c", 3) == 0 && e - p >= 6 &&
	    strncmp(e - 3, "\xe2\x80\x9d", 3) == 0)))
		return 0;
	/*
	 * It asks outside brackets: "PFS: ... (why? ...)." is a
	 * definition.
	 */
	for (m = p; m < e && !(depth == 0 && *m == '?'); m++)
		if (*m == '(')
			depth++;
		else if (*m == ')' && depth > 0)
			depth--;
	if (m == e)
		return 0;
	c->qbody = b;
	c->split = 1;
	return 1;
}

/*
 * The lines first to last of a paragraph that ends at to, the first
 * labelled "Q:": a card, its question up to the line labelled "A:",
 * awaiting its answer where none is; both labels in it, the card is
 * whole, but for a list or code right below.  A "Q:" line under the
 * answer, no blank line between, opens the next card, and so on.
 */
static void
labelled_lines(struct cp_reader *r, unsigned long first,
    unsigned long last, size_t to)
{
	struct md_state	*st = r->state;
	struct dcard	*c;
	const char	*q, *a;
	unsigned long	 l, next;

	for (; first != 0; first = next) {
		q = after_prefix(st, st->doc + line_start(st, first),
		    st->doc + line_end(st, first), 'Q');
		for (a = NULL, l = first + 1; l <= last && a == NULL; l++)
			a = after_prefix(st, st->doc + line_start(st, l),
			    st->doc + line_end(st, l), 'A');
		c = open_card(r, first);
		c->labelled = 1;
		c->q.from = (size_t)(q - st->doc);
		c->q.to = to;
		c->awaiting = a == NULL;
		if (a == NULL)
			return;
		c->q.to = line_end(st, l - 2);
		c->a.from = (size_t)(a - st->doc);
		for (next = 0; l <= last && next == 0; l++)
			if (after_prefix(st, st->doc + line_start(st, l),
			    st->doc + line_end(st, l), 'Q') != NULL)
				next = l;
		c->a.to = next != 0 ? line_end(st, next - 1) : to;
		c->tail = next == 0;
		if (next != 0)
			finish_card(r);
	}
}

static void
dialect_paragraph(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), s, rest;
	unsigned long	 first = line_of(st, b.from), last = line_of(st, b.to);
	unsigned long	 l, k, qline = 0;
	const char	*p, *end;
	size_t		 seplen, above;
	int		 liners = 0, reversed = 0, glued = 0, bold;
	struct span	 no_prose = { 0, 0 };

	if (c->open && c->sides) {
		/* All that is under "Front" or "Text" is that field's. */
		extend(c->awaiting ? &c->q : &c->a, b);
		return;
	}
	if (bracket_cloze_note(r, b) || osr_cloze_block(r, n))
		return;
	if (c->open && c->labelled && !c->awaiting &&
	    after_prefix(st, st->doc + b.from, st->doc + b.to, 'Q') == NULL &&
	    (k = bold_label(st->doc + b.from, st->doc + b.to)) != 0) {
		/*
		 * "**Status**: learnt" below "**A**:" is a field of the
		 * author's, labelled as the answer is: not the answer.
		 */
		finish_card(r);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "a field labelled \"%.*s\" below the answer, no part of "
		    "it; skipped", (int)k, st->doc + b.from + 2);
		return;
	}
	if (quoted_ask(r, b))
		return;
	if (c->open && c->heading && st->doc[b.from] != ' ' &&
	    st->doc[b.from] != '\t' && set_in_answer(st, c)) {
		skipped(r, b, "a paragraph at the margin below an answer set "
		    "in under its heading: the page's, not the card's");
		return;
	}
	if (table_rows(st, first, last) != 0 && !c->open && st->breaks &&
	    st->pend.from != st->pend.to && !cards_header(st, first)) {
		/*
		 * In a card between rules, unless its header names a table
		 * of cards: the rows are the cards, what is above them none.
		 */
		add_pending(st, b);
		return;
	}
	if (table_rows(st, first, last) != 0) {
		int	 bare_cards = table_rows(st, first, last) == first &&
			    bare_tables(st) >= (size_t)MIN_BARE_TABLES;

		/*
		 * A table belongs to the card above it, unless it comes
		 * right under a heading with a header that names a table
		 * of cards, as cards2md writes one (cards_header()).
		 */
		if (c->open && c->heading && !c->awaiting &&
		    ((st->table_deck && only_headings(st, c->a)) ||
		    (cards_header(st, first) && table_captions(r, c->a,
		    !ends_asking(st, c->q), 0)))) {
			(void)table_captions(r, c->a, !ends_asking(st, c->q),
			    1);
			/*
			 * Under a title of flash cards, or over a header
			 * naming a table of cards, the headings over a
			 * table are its sections, its rows the cards.
			 */
			c->a.to = c->a.from;
			finish_card(r);
		}
		if (c->open && !c->awaiting && !(c->heading &&
		    c->a.from == c->a.to && cards_header(st, first)) &&
		    !bare_cards) {
			extend(&c->a, b);
			return;
		}
		/*
		 * Where "Q:" labels the cards, or "<details>" hold them,
		 * its rows are no cards.
		 */
		if ((st->dialect == D_PLAIN && st->qa_lines < 2 &&
		    !st->details_cards) || st->table_deck ||
		    cards_header(st, first) || bare_cards)
			dialect_table(r, first, last);
		else if (st->details_cards) {
			cards_start(r);
			skipped(r, b, "a table in a page whose cards are its "
			    "<details> blocks: notes, not cards");
		} else {
			context_ends(r);
			finish_card(r);
			finish_pending(r);
			skipped(r, b, "a table under no card");
		}
		return;
	}
	for (l = first; l <= last; l++) {
		s.from = line_start(st, l);
		s.to = line_end(st, l);
		while (s.to > s.from && strchr(" \t", st->doc[s.to - 1]))
			s.to--;
		if ((k = question_mark(st, s)) != 0) {
			qline = l;
			reversed = k == 2;
		} else if (liner_split(st, s, &seplen) != NULL)
			liners++;
	}
	if (st->scheduled_ends && !c->open && qline == 0 && first == last &&
	    obsidian_comment(st, first)) {
		/* What waits above a "?" line may be its question. */
		finish_pending(r);
		skipped(r, b, "an Obsidian comment, shown nowhere: no part of "
		    "the question below");
		return;
	}
	/* Before a card that took them ends: see question_above(). */
	above = qline != 0 ? question_above(r, n) : b.from;
	s = c->open ? line_span(st, text_end_line(st, c->a)) : b;
	if (c->open && c->tail && st->scheduled_ends && qline == 0 &&
	    liners == 0 && c->a.from != c->a.to && memmem(st->doc + s.from,
	    s.to - s.from, "<!--SR:", 7) == NULL && schedule_below(st, first)) {
		/*
		 * The plugin writes a card's schedule under its last line:
		 * a paragraph between the answer and it, no "?" line
		 * between, is the answer's.
		 */
		warn_once(r, &st->scheduled_ends_said, first, "a paragraph "
		    "past a blank line read as more of the answer above: the "
		    "card's schedule is below it");
		extend(&c->a, b);
		return;
	}
	if (c->open && c->tail)
		finish_card(r);
	if (!c->open && st->label_cards && label_answers(r, n, b))
		return;
	if (admonition_answer(r, n))
		return;
	if (!c->open && (pause_line(st, b) || answer_pause(r, b, &rest)))
		return;
	if ((l = o2a_file_line(r, first, last)) != 0) {
		/* "FILE TAGS" or a note may come right below. */
		while (first + l <= last && (k = o2a_file_line(r, first + l,
		    last)) != 0)
			l += k;
		if (first + l <= last)
			o2a_note(r, first + l, no_prose);
		return;
	}
	if (o2a_note(r, first, no_prose) || o2a_inline(r, first, last) ||
	    tag_line(r, b) || dataview_block(r, b) ||
	    (!c->open && md2anki_tags(st, b)))
		return;
	for (l = first + 1; l <= last; l++)
		if (line_is(st, l, "START") || line_is(st, l, "START_CARD"))
			break;
	if (l <= last) {
		/* A note right under a line of prose: the plugin reads it. */
		s.from = b.from;
		s.to = line_end(st, l - 1);
		if (o2a_note(r, l, s))
			return;
	}
	if (c->open && c->section) {
		extend(&c->a, b);
		return;
	}
	if (apy_note(r, n))
		return;
	if (c->open && c->heading && !c->split && line_is(st, first, "%")) {
		/* mdanki: the question goes on to here. */
		c->qbody = c->a;
		memset(&c->a, 0, sizeof(c->a));
		c->split = 1;
		if (first < last) {
			c->a.from = line_start(st, first + 1);
			c->a.to = b.to;
		}
		return;
	}
	if (c->open && c->heading && !c->split && c->a.from == c->a.to &&
	    (l = inner_percent(st, first, last)) != 0) {
		/*
		 * mdanki and Anki for VSCode read lines: a "%" line inside
		 * the paragraph right under the heading parts it, the lines
		 * above it the rest of the question (a hint and a sentence
		 * with clozes, say), those below the answer.
		 */
		c->qbody.from = b.from;
		c->qbody.to = line_end(st, l - 1);
		c->a.from = line_start(st, l + 1);
		c->a.to = b.to;
		c->split = 1;
		return;
	}
	s = line_span(st, first);
	if (c->open && c->heading && !c->split && c->a.from == c->a.to &&
	    s.to - s.from > 2 && strncmp(st->doc + s.from, "% ", 2) == 0) {
		/*
		 * "% more of the question" right under the heading: the
		 * mark that parts question and answer, written on the
		 * question's last line.
		 */
		c->qbody.from = s.from + 2;
		c->qbody.to = s.to;
		c->split = 1;
		if (first < last) {
			c->a.from = line_start(st, first + 1);
			c->a.to = b.to;
		}
		return;
	}
	for (l = first; l <= last; l++) {
		s = line_span(st, l);
		if (!dataview_field(st->doc + s.from, st->doc + s.to) &&
		    drop_flashcard_tag(st, &s)) {
			/* The lines up to the tag are the question. */
			struct span	 above = { 0, 0 };
			unsigned long	 at = first;

			context_ends(r);
			if (l == first && only_image(st, s) && !c->open)
				/*
				 * An image asks nothing: the words no card
				 * took above it say what it shows.
				 */
				above = take_pending(st, &at);
			c = open_card(r, at);
			c->q.from = above.from != above.to ? above.from :
			    b.from;
			c->q.to = s.to;
			/* "Q: question #flashcard", "A: answer": labels. */
			if ((p = after_prefix(st, st->doc + c->q.from, st->doc +
			    s.to, 'Q')) != NULL)
				c->q.from = (size_t)(p - st->doc);
			if (l < last) {
				c->a.from = line_start(st, l + 1);
				c->a.to = b.to;
				c->tail = 1;
				c->until_blank = 1;
				if ((p = after_prefix(st, st->doc + c->a.from,
				    st->doc + line_end(st, l + 1), 'A')) !=
				    NULL)
					c->a.from = (size_t)(p - st->doc);
			}
			return;
		}
	}
	p = st->doc + b.from;
	end = st->doc + line_end(st, first);
	if (st->titled && !st->any_card && !c->open && st->url == NULL &&
	    st->pend.from == st->pend.to && first == last &&
	    end - p > 7 && strncmp(p, "Source:", 7) == 0) {
		/* The source line cards2md writes under the title. */
		for (p += 7; p < end && (*p == ' ' || *p == '<'); p++)
			continue;
		while (end > p && (end[-1] == ' ' || end[-1] == '>'))
			end--;
		st->url = cp_xstrndup(p, (size_t)(end - p));
		return;
	}
	if (first < last && count_line(st, first) &&
	    after_prefix(st, st->doc + line_start(st, first + 1),
	    st->doc + line_end(st, first + 1), 'Q') != NULL) {
		/* "=== CARD 3 ===" over "Q: ...": a count, no question. */
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "a line that counts the cards, over a labelled "
		    "question: no text of it; skipped");
		b.from = line_start(st, ++first);
	}
	p = st->doc + b.from;
	end = st->doc + line_end(st, first);
	if ((p = after_prefix(st, p, end, 'Q')) != NULL) {
		const char	*a = NULL;

		s.from = (size_t)(p - st->doc);
		s.to = (size_t)(end - st->doc);
		for (l = first + 1; l <= last && a == NULL; l++)
			a = after_prefix(st, st->doc + line_start(st, l),
			    st->doc + line_end(st, l), 'A');
		context_ends(r);
		if (a == NULL && liner_split(st, s, &seplen) != NULL) {
			/* "Q: question :: answer", a line a card */
			finish_card(r);
			finish_pending(r);
			liner_lines(r, first, last, 0);
			return;
		}
		labelled_lines(r, first, last, b.to);
		return;
	}
	/*
	 * "Was macht git init?" over "A: Git init erstellt ...", twice or
	 * more in a file that labels no question: the label parts the
	 * paragraph, the lines above it the question.
	 */
	p = NULL;
	if (st->answers_under >= 2 && !c->awaiting)
		for (l = first + 1; l <= last && p == NULL; l++)
			if (answer_under(st, l))
				p = after_prefix(st, st->doc + line_start(st,
				    l), st->doc + line_end(st, l), 'A');
	if (p != NULL) {
		context_ends(r);
		c = open_card(r, first);
		c->labelled = 1;
		c->q.from = b.from;
		c->q.to = line_end(st, l - 2);
		c->a.from = (size_t)(p - st->doc);
		c->a.to = b.to;
		c->tail = 1;
		return;
	}
	p = st->doc + b.from;
	if (c->open && c->awaiting &&
	    (p = after_prefix(st, p, end, 'A')) != NULL) {
		c->a.from = (size_t)(p - st->doc);
		c->a.to = b.to;
		c->awaiting = 0;
		return;
	}
	if (qline == 0 && liners == 0 &&
	    (qline = glued_question_mark(st, first, last)) != 0) {
		glued = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, qline, 0,
		    "the answer's first line runs on from the \"?\" that "
		    "ends the question; read as a \"?\" line and the answer");
	}
	if (qline != 0 && st->separator.to != 0 && !st->dash_said) {
		st->dash_said = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, qline, 0,
		    "a line holding only \"%.*s\" read as the \"?\" line "
		    "between question and answer: the file has no other",
		    (int)(st->separator.to - st->separator.from), st->doc +
		    st->separator.from);
	}
	if (qline != 0) {
		/* The question is above the "?", or the blocks before it. */
		cmark_node	*h;

		if (qline > first) {
			context_ends(r);
			/*
			 * Tags above the question (AOSR's card head "#Q" or
			 * id) are no part of it.
			 */
			for (l = first; above == b.from && l + 1 < qline &&
			    tag_line(r, line_span(st, l)); l++)
				continue;
			c = open_card(r, above < b.from ? line_of(st, above) :
			    l);
			c->q.from = above < b.from ? above : line_start(st, l);
			c->q.to = line_end(st, qline - 1);
			if (above == b.from)
				open_tags(r, &c->q, l);
		} else if (above < b.from) {
			c = open_card(r, line_of(st, above));
			c->q.from = above;
			c->q.to = b.from;
		} else {
			h = cmark_node_previous(n);
			s = take_pending(st, &l);
			if (s.from == s.to && h != NULL &&
			    cmark_node_get_type(h) == CMARK_NODE_HEADING &&
			    (unsigned long)cmark_node_get_end_line(h) + 1 ==
			    first) {
				/* A heading right above the "?" line. */
				heading_text(st, h, &s);
				l = line_of(st, s.from);
			}
			c = open_card(r, l != 0 ? l : first);
			c->q = s;
		}
		c->reversed = reversed;
		if (qline < last || glued) {
			/*
			 * Both sides in one paragraph: the card is whole, but
			 * for a list or code right below.
			 */
			c->a.from = glued ? line_start(st, qline) + 1 :
			    line_start(st, qline + 1);
			c->a.to = b.to;
			c->tail = 1;
			c->ruled = st->dialect == D_OSR && !st->aosr_ids;
		}
		h = cmark_node_next(n);
		if (st->dialect == D_OSR && qline == last && h != NULL &&
		    cmark_node_get_type(h) == CMARK_NODE_HEADING &&
		    (unsigned long)cmark_node_get_start_line(h) == last + 1) {
			/*
			 * A heading right below the "?" line starts the
			 * answer, which runs to a blank line as the plugin
			 * reads it, headings and all.
			 */
			c->until_blank = 1;
			c->a.from = c->a.to = line_end(st, qline);
		}
		return;
	}
	if (liners > 0 && shows_liners(st, n)) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		skipped(r, b, "a one-line card right above fenced examples of "
		    "one-line cards: the words that bring in the examples, "
		    "not a card");
		return;
	}
	if (liners > 0) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		liner_lines(r, first, last, 0);
		return;
	}
	/*
	 * Obsidian SR can take bold text for clozes; a file that marks
	 * clozes as highlights has it on for a paragraph no other card took.
	 * Where every one-line card carries the plugin's schedule, the
	 * paragraph must carry its own, on its lines or the line below
	 * (a comment there is a block of its own): without, the plugin read
	 * no card.
	 */
	bold = !has_cloze(st, b) && st->dialect == D_OSR && st->highlights &&
	    !c->open &&
	    has_mark(st, b, '*');
	if (bold && st->all_scheduled && !has(st->doc + b.from,
	    line_end(st, last + 1) - b.from, "<!--SR:", 7)) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		skipped(r, b, "bold text, no cloze: every one-line card of the "
		    "file has its schedule, this paragraph none");
		return;
	}
	if (bold || has_cloze(st, b)) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		st->bold_clozes = bold;
		push_cloze(r, b, first);
		st->bold_clozes = 0;
		return;
	}
	s = line_span(st, first);
	if (!c->open && st->dialect == D_OSR && st->question_lines > 0 &&
	    first < last && s.to > s.from && st->doc[s.to - 1] == '?') {
		/* A card of a file of "?" cards, its "?" line forgotten. */
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first + 1, 0,
		    "no \"?\" line under the question above; read as a "
		    "card, the lines below it its answer");
		context_ends(r);
		c = open_card(r, first);
		c->tail = 1;
		c->q = s;
		c->a.from = line_start(st, first + 1);
		c->a.to = b.to;
		return;
	}
	if (!c->open && st->dialect == D_OSR && first == last &&
	    (k = o2a_label(st, s)) > 0 && among_liners(st, n)) {
		/* "term: text" between rules, "term:: text" above them. */
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "\"%.*s:\" with one colon among one-line cards read as "
		    "one: \"::\" taken to have lost a colon", (int)k,
		    st->doc + s.from);
		context_ends(r);
		c = open_card(r, first);
		c->tail = 1;
		c->q.from = s.from;
		c->q.to = s.from + k;
		c->a.from = s.from + k + 1;
		c->a.to = s.to;
		return;
	}
	if (!c->open && st->equal_liners && first == last &&
	    (p = equal_colon(st, s)) != NULL) {
		/* "$P(U)$=: 1" where the file's cards write "=::". */
		context_ends(r);
		finish_pending(r);
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "\"=:\" with one colon among one-line cards written "
		    "\"=::\" read as one: \"::\" taken to have lost a colon");
		c = open_card(r, first);
		c->tail = 1;
		c->q.from = s.from;
		c->q.to = (size_t)(p - st->doc) + 1;
		c->a.from = (size_t)(p - st->doc) + 2;
		c->a.to = s.to;
		return;
	}
	if (c->open)
		extend(c->awaiting ? &c->q : &c->a, b);
	else
		add_pending(st, b);
}

/*
 * A list right under a card's last line, no blank line between, goes on
 * with its answer to the first blank line, as the Obsidian plugins read
 * a card; the one-line cards below that line, which CommonMark takes
 * into the list (indented, or lazily), are read on their own.
 */
static int
answer_list(struct cp_reader *r, struct span b)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	unsigned long	 l, first = line_of(st, b.from), last = line_of(st, b.to);
	struct span	 rest;

	if (!c->open || !c->tail || c->a.from == c->a.to ||
	    first != line_of(st, c->a.to) + 1)
		return 0;
	for (l = first; l <= last && line_span(st, l).from !=
	    line_span(st, l).to; l++)
		continue;
	rest.from = line_start(st, l);
	rest.to = b.to;
	if (l > last || !list_liners(st, rest))
		return 0;
	c->a.to = line_end(st, l - 1);
	liner_lines(r, l + 1, last, 1);
	return 1;
}

/*
 * Link reference definitions, "[label]: address", make no block: those
 * between an answer and the block at line next (or the end) are its.
 */
static void
answer_gap(struct md_state *st, unsigned long next)
{
	struct dcard	*c = &st->cur;
	unsigned long	 l;

	if (!c->open || c->tail || c->awaiting || c->a.from == c->a.to)
		return;
	for (l = next - 1; l > line_of(st, c->a.to); l--) {
		struct span	 s = line_span(st, l);

		if (s.from == s.to)
			continue;
		if (st->doc[s.from] == '[' && memchr(st->doc + s.from, ']',
		    s.to - s.from) != NULL)
			c->a.to = s.to;
		return;
	}
}

/* An Md2Anki heading: its subdeck, a level of its own, ends here. */
static int
md2anki_heading(struct md_state *st, int level, struct span q)
{
	while (st->nsub > 0 && st->sub[st->nsub - 1].level >= level)
		subdeck_free(&st->sub[--st->nsub]);
	if (q.to - q.from <= 9 || strncmp(st->doc + q.from, "Subdeck: ", 9) !=
	    0)
		return 0;
	st->sub = cp_xreallocarray(st->sub, st->nsub + 1, sizeof(*st->sub));
	memset(&st->sub[st->nsub], 0, sizeof(*st->sub));
	st->sub[st->nsub].level = level;
	st->sub[st->nsub++].name = cp_xstrndup(st->doc + q.from + 9,
	    q.to - q.from - 9);
	return 1;
}

/* Is heading n an ATX one, "## text", set in by spaces or not? */
static int
atx_heading(const struct md_state *st, cmark_node *n)
{
	size_t	 from = block_span(st, n).from;

	return st->doc[from + strspn(st->doc + from, " ")] == '#';
}

/*
 * "## question", its answer, "---" on the line right below: CommonMark
 * reads the answer, or its last paragraph, as a heading underlined, a
 * person as the answer and a rule after it.  Md2Anki's rule under a
 * heading ends the question, so there the heading stays.
 */
static int
setext_answer(struct cp_reader *r, cmark_node *n, struct span q)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 u = line_span(st, line_of(st, q.to) + 1);

	if (cmark_node_get_heading_level(n) != 2 || atx_heading(st, n) ||
	    !c->open ||
	    !c->heading || c->section || c->split ||
	    st->dialect == D_MD2ANKI)
		return 0;
	/*
	 * After a paragraph of the answer, only a sentence over a rule far
	 * shorter than itself: a question underlined to its length, "“Quais
	 * são os cursos?”" over "-------...", is the next card's heading.
	 */
	if (c->a.from != c->a.to && ((u.to - u.from) * 2 >= q.to - q.from ||
	    memchr(st->doc + q.from, '?', q.to - q.from) != NULL))
		return 0;
	warn_once(r, &st->setext_said, line_of(st, q.to) + 1, "\"---\" right "
	    "under an answer read as a rule after it, not as a heading's "
	    "underline");
	/* The answer's last paragraph, or all of it. */
	if (c->a.from == c->a.to)
		c->a.from = q.from;
	c->a.to = q.to;
	finish_card(r);
	return 1;
}

/*
 * An Obsidian SR "?" card, "---" on the line right below its answer:
 * CommonMark reads its lines as a heading underlined, and a heading is
 * only context to the plugin, so the card went unread; the plugin,
 * reading lines, and a person read the card, the "---" as a rule after
 * it.  Read so, with setext_answer()'s warning.
 */
static int
setext_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n), u;
	struct dcard	*c;
	unsigned long	 first = line_of(st, b.from), rule, l;
	unsigned long	 end = (unsigned long)cmark_node_get_end_line(n);
	int		 k = 0;

	if (st->dialect != D_OSR || atx_heading(st, n))
		return 0;
	/* cmark's end line may be the next block's: find the underline. */
	for (rule = first + 1; rule <= end; rule++) {
		u = line_span(st, rule);
		if (u.to > u.from && strspn(st->doc + u.from, "-=") ==
		    u.to - u.from)
			break;
	}
	for (l = first + 1; l + 1 < rule && k == 0; l++)
		k = question_mark(st, line_span(st, l));
	if (k == 0)
		return 0;
	l--;	/* the "?" line */
	cards_start(r);
	c = open_card(r, first);
	c->reversed = k == 2;
	c->q.from = b.from;
	c->q.to = line_end(st, l - 1);
	c->a.from = line_start(st, l + 1);
	c->a.to = line_end(st, rule - 1);
	warn_once(r, &st->setext_said, rule, "\"---\" right under an "
	    "answer read as a rule after it, not as a heading's underline");
	finish_card(r);
	return 1;
}

/*
 * A block that is an HTML comment and nothing else: shown nowhere, it
 * is no part of a card ("<!-- CARD -->" between Obsidian_to_Anki's
 * cards, "<!--SR:...-->" schedules, "<!--ID:...-->" identities).
 */
static int
is_html_comment(const struct md_state *st, struct span b)
{
	while (b.to > b.from && strchr(" \t\n", st->doc[b.to - 1]) != NULL)
		b.to--;
	return b.to - b.from >= 7 && strncmp(st->doc + b.from, "<!--", 4) ==
	    0 && strncmp(st->doc + b.to - 3, "-->", 3) == 0;
}

static int
heading_is(const struct md_state *st, struct span q, const char *word)
{
	return q.to - q.from == strlen(word) &&
	    strncasecmp(st->doc + q.from, word, q.to - q.from) == 0;
}

/* Whether the blocks under heading n, to the next heading, hold a cloze. */
static int
cloze_below(const struct md_state *st, cmark_node *n)
{
	struct span	 b;

	for (n = cmark_node_next(n); n != NULL &&
	    cmark_node_get_type(n) != CMARK_NODE_HEADING;
	    n = cmark_node_next(n)) {
		b = block_span(st, n);
		if (cp_anki_cloze(st->doc + b.from, b.to - b.from))
			return 1;
	}
	return 0;
}

/*
 * Whether heading n names the note whose field headings are right
 * below it, "## Title" over "### Front" or over "### Text" and a cloze,
 * the note's name and not one of its fields.
 */
static int
titles_note(const struct md_state *st, cmark_node *n)
{
	cmark_node	*m = cmark_node_next(n);
	struct span	 q;

	if (m == NULL || cmark_node_get_type(m) != CMARK_NODE_HEADING ||
	    cmark_node_get_heading_level(m) <= cmark_node_get_heading_level(n))
		return 0;
	heading_text(st, m, &q);
	return heading_is(st, q, "Front") || (heading_is(st, q, "Text") &&
	    cloze_below(st, m));
}

/*
 * Whether lines first to last are all "key: value", a lower-case key,
 * key among them: the head of a note apy ("model") or ki ("notetype")
 * writes.
 */
static int
key_lines(const struct md_state *st, unsigned long first,
    unsigned long last, const char *key)
{
	struct span	 s;
	unsigned long	 l;
	size_t		 k;
	int		 seen = 0;

	for (l = first; l <= last; l++) {
		s = line_span(st, l);
		k = strspn(st->doc + s.from, "abcdefghijklmnopqrstuvwxyz_");
		if (k == 0 || s.from + k >= s.to || st->doc[s.from + k] != ':')
			return 0;
		seen |= k == strlen(key) && strncmp(st->doc + s.from, key,
		    k) == 0;
	}
	return seen;
}

/*
 * Reads the lines first to last of a note's head (key_lines()) for the
 * card below it: type_key ("model", "notetype") names its notetype,
 * "Basic (and reversed card)" studied both ways and any but Anki's
 * Basic and Cloze reported; tags_key, or NULL, holds its tags; the
 * keys in quiet are the tool's own bookkeeping; any other is reported
 * and skipped.
 */
static void
note_head(struct cp_reader *r, unsigned long first, unsigned long last,
    const char *type_key, const char *tags_key, const char *const *quiet)
{
	struct md_state	*st = r->state;
	struct span	 s;
	unsigned long	 l;
	size_t		 k, i, at;
	char		*v;

	free(st->note_tags);
	st->note_tags = NULL;
	st->note_reversed = 0;
	for (l = first; l <= last; l++) {
		s = line_span(st, l);
		k = strcspn(st->doc + s.from, ":");
		for (i = 0; quiet[i] != NULL && !(strlen(quiet[i]) == k &&
		    strncmp(st->doc + s.from, quiet[i], k) == 0); i++)
			continue;
		for (at = s.from + k + 1; at < s.to && st->doc[at] == ' '; at++)
			continue;
		v = cp_xstrndup(st->doc + at, s.to - at);
		if (tags_key != NULL && k == strlen(tags_key) &&
		    strncmp(st->doc + s.from, tags_key, k) == 0)
			cp_set_string(&st->note_tags, v);
		else if (k == strlen(type_key) && strncmp(st->doc + s.from,
		    type_key, k) == 0) {
			if (strcmp(v, "Basic (and reversed card)") == 0)
				st->note_reversed = 1;
			else if (strcmp(v, "Basic") != 0 &&
			    strcmp(v, "Cloze") != 0)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name, l,
				    0, "%s \"%s\" is not one of Anki's; read "
				    "as Basic, or Cloze for a cloze", type_key,
				    v);
		} else if (quiet[i] == NULL)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "note key \"%.*s\" is not used; skipped", (int)k,
			    st->doc + s.from);
		free(v);
	}
}

/*
 * ki keeps an Anki note a file: "# Note" over a fence of "guid:" and
 * "notetype:", "### Tags" over a fence of the note's tags, a line
 * each, then "## Front" and "## Back".  The fences are its bookkeeping,
 * no card and no deck's title: the notetype and the tags are kept for
 * the sides below.  Returns whether heading n (its text q) was one of
 * the two, its fence read.
 */
static int
ki_note(struct cp_reader *r, cmark_node *n, struct span q)
{
	static const char *const ki_quiet[] = { "guid", NULL };
	struct md_state	*st = r->state;
	cmark_node	*fence = cmark_node_next(n);
	struct cp_buf	 tags = { 0 };
	struct span	 s;
	unsigned long	 l, first, last;

	if (heading_is(st, q, "Note") && fence_lines(st, fence, &first,
	    &last) && key_lines(st, first, last, "notetype")) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		st->ki_header = 1;
		note_head(r, first, last, "notetype", NULL, ki_quiet);
		st->next = cmark_node_next(fence);
		return 1;
	}
	if (!st->ki_header || !heading_is(st, q, "Tags") ||
	    !fence_lines(st, fence, &first, &last))
		return 0;
	cp_buf_addstr(&tags, "");
	for (l = first; l <= last; l++) {
		s = line_span(st, l);
		if (s.from == s.to)
			continue;
		if (tags.len > 0)
			cp_buf_addc(&tags, ' ');
		cp_buf_add(&tags, st->doc + s.from, s.to - s.from);
	}
	free(st->note_tags);
	st->note_tags = cp_buf_detach(&tags);
	st->next = cmark_node_next(fence);
	return 1;
}

/*
 * Headings "Front" and "Back" label the sides of a card, the blocks
 * under each its text, as apy's note form and one-card-a-file scripts
 * write them; "Text" over a cloze deletion and "Extra" (or "Back
 * Extra") label a Cloze note's fields the same way.
 */
static int
side_heading(struct cp_reader *r, cmark_node *n, struct span q,
    unsigned long line)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	int		 sides;

	if (c->open && c->awaiting && ((c->sides == 1 && heading_is(st, q,
	    "Back")) || (c->sides == 2 && (heading_is(st, q, "Extra") ||
	    heading_is(st, q, "Back Extra"))))) {
		c->awaiting = 0;
		return 1;
	}
	if (heading_is(st, q, "Front"))
		sides = 1;
	else if (heading_is(st, q, "Text") && cloze_below(st, n))
		sides = 2;
	else
		return 0;
	context_ends(r);
	c = open_card(r, line);
	c->sides = sides;
	c->level = cmark_node_get_heading_level(n);
	c->awaiting = 1;
	c->reversed = sides == 1 && st->note_reversed;
	return 1;
}

/*
 * apy's note: a heading "Note", "key: value" lines below it, "model:"
 * among them; "Front" and "Back" headings follow.  Its tags and model
 * are for that card; nid and markdown are apy's own.
 */
static int
apy_fields(const struct md_state *st, cmark_node *n)
{
	struct span	 b;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	return key_lines(st, line_of(st, b.from), line_of(st, b.to), "model");
}

static int
apy_note(struct cp_reader *r, cmark_node *n)
{
	static const char *const apy_quiet[] = { "nid", "markdown", NULL };
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b;

	if (!c->open || !c->heading || c->a.from != c->a.to ||
	    !heading_is(st, c->q, "Note") || !apy_fields(st, n))
		return 0;
	b = block_span(st, n);
	c->open = 0;
	note_head(r, line_of(st, b.from), line_of(st, b.to), "model", "tags",
	    apy_quiet);
	return 1;
}

/*
 * yanki's card both ways with an extra, shown on the back of both: its
 * notetype, as yanki defines it, in the stream before the note.
 */
static void
yanki_extra_note(struct cp_reader *r, struct span q, struct span a,
    struct span extra)
{
	static const char	 name[] =
	    "Yanki - Basic (and reversed card with extra)";
	const struct cp_notetype *def = cp_tool_notetype(name);
	struct md_state		*st = r->state;
	struct span		 parts[] = { q, a, extra };
	struct cp_record	 rec = { 0 };
	char			*t;
	size_t			 i;
	int			 clozes = 0;

	rec.kind = CP_RECORD_NOTETYPE;
	cp_notetype_copy(&rec.notetype, def);
	cp_set_string(&rec.notetype.source_file, r->name);
	rec.notetype.source_line = line_of(st, q.from);
	queue_push(st, &rec);

	new_note(r, &rec, name, line_of(st, q.from));
	for (i = 0; i < 3; i++) {
		t = span_text(st, parts[i]);
		cp_note_take_field(&rec.note, cp_xstrdup(def->fields[i]),
		    cp_md_field(t, "", &rec.note, &clozes));
		free(t);
	}
	push_note(r, &rec);
}

/*
 * A yanki note is the whole file: front, "---", back; "---" twice with
 * nothing between makes it a card both ways, and a part after a third
 * "---" is then its extra.  In a one-way card all below the first "---"
 * is the back, as yanki reads it.
 */
static void
yanki_note(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	*y = st->yanki, back;
	int		 reversed;

	if (st->nyanki == 0 && y[0].from == y[0].to)
		return;
	if (st->nyanki == 0 && !has_cloze(st, y[0])) {
		skipped(r, y[0], "no \"---\" between the front and the back");
		return;
	}
	/* "---" twice, nothing between: a card both ways. */
	reversed = st->nyanki >= 2 && y[1].from == y[1].to;
	if (reversed && st->nyanki == 3 && y[3].from != y[3].to &&
	    !has_cloze(st, y[0])) {
		yanki_extra_note(r, y[0], y[2], y[3]);
		return;
	}
	back = y[reversed ? 2 : 1];
	if (st->nyanki > (size_t)(reversed ? 2 : 1))
		extend(&back, y[st->nyanki]);
	push_card(r, span_text(st, y[0]), span_text(st, back), reversed, NULL,
	    line_of(st, y[0].from));
}

/* How many clozes marked by marks (as cp_md_field's) text holds. */
static int
clozes_in(const char *text, const char *marks)
{
	struct cp_note	 tmp = { 0 };
	int		 n = 0;
	size_t		 i;

	free(cp_md_field(text, marks, &tmp, &n));
	for (i = 0; i < tmp.ntags; i++)
		free(tmp.tags[i]);
	free(tmp.tags);
	return n;
}

/* Whether s holds the plugin's CurlyCloze "{text}", outside math and code. */
static int
curly_cloze(const struct md_state *st, struct span s)
{
	char	*text = span_text(st, s);
	int	 n = clozes_in(text, "{");

	free(text);
	return n > 0;
}

/*
 * A note of an Obsidian_to_Anki regex note type of the user's: lines
 * from one after a blank line down to the plugin's "<!--ID:" comment,
 * holding "==text==", each highlight a cloze deletion as the plugin's
 * "Highlights to Clozes" reads it, or one line holding CurlyCloze's
 * "{text}".  Block n starts it.
 */
static int
o2a_cloze_note(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first = (unsigned long)cmark_node_get_start_line(n);
	unsigned long	 l;
	struct span	 s;
	int		 highlights;

	if (st->dialect != D_O2A || (first > 1 &&
	    line_span(st, first - 1).from != line_span(st, first - 1).to))
		return 0;
	for (l = first; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (s.from == s.to || strncmp(st->doc + s.from, "<!--ID:",
		    7) == 0)
			break;
		if (line_is(st, l, "START") || line_is(st, l, "START_CARD"))
			return 0;	/* a note of the plugin's own */
		/* "Q:" and "#flashcard" cards are the plugin's other notes. */
		if (after_prefix(st, st->doc + s.from, st->doc + s.to, 'Q') !=
		    NULL || drop_flashcard_tag(st, &s))
			return 0;
	}
	if (l == first || l > st->nlines || s.from == s.to)
		return 0;
	s.from = line_start(st, first);
	s.to = line_end(st, l - 1);
	highlights = st->highlights && has_mark(st, s, '=');
	/* Braces over lines may be code, "{ return 0; }", or LaTeX. */
	if (!highlights && (l != first + 1 || !curly_cloze(st, s)))
		return 0;
	cards_start(r);
	st->highlight_clozes = highlights;
	st->curly_clozes = !highlights;
	push_card(r, span_text(st, s), cp_xstrdup(""), 0, NULL, first);
	st->highlight_clozes = st->curly_clozes = 0;
	st->skip_to = l;
	return 1;
}

/*
 * The length of the line break tag that opens s[0..n), "<br>", "<br/>"
 * or "<br />", or "</br>", which browsers break the line for too; or 0.
 */
static size_t
br_tag(const char *s, size_t n)
{
	size_t	 k = n > 1 && s[0] == '<' && s[1] == '/' ? 2 : 1;

	if (n < k + 3 || s[0] != '<' || strncasecmp(s + k, "br", 2) != 0)
		return 0;
	for (k += 2; k < n && (s[k] == ' ' || s[k] == '/'); k++)
		continue;
	return k < n && s[k] == '>' ? k + 1 : 0;
}

/*
 * Is n an HTML block of "<br>" tags alone, "<br/>", "<br />": a spacer
 * between the page's sections, as a rule would be?
 */
static int
br_spacer(cmark_node *n)
{
	const char	*p;
	size_t		 k, t;

	if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK ||
	    (p = cmark_node_get_literal(n)) == NULL)
		return 0;
	for (k = 0; *p != '\0'; )
		if (strchr(" \t\r\n", *p) != NULL)
			p++;
		else if ((t = br_tag(p, strlen(p))) > 0) {
			p += t;
			k++;
		} else
			return 0;
	return k > 0;
}

/*
 * A heading with nothing under it but a rule or "<br>" spacers, right
 * below another heading of its level or above: no section, it may be
 * that heading's answer.  Two or
 * more of them that end as sentences do ("## Object", "#### A passive
 * element ..."): then each such heading answers the one above it.
 */
static int
bare_heading(cmark_node *n)
{
	cmark_node	*prev = cmark_node_previous(n), *next = cmark_node_next(n);

	return prev != NULL && cmark_node_get_type(prev) == CMARK_NODE_HEADING &&
	    cmark_node_get_heading_level(prev) <=
	    cmark_node_get_heading_level(n) && (next == NULL ||
	    cmark_node_get_type(next) == CMARK_NODE_HEADING ||
	    cmark_node_get_type(next) == CMARK_NODE_THEMATIC_BREAK ||
	    br_spacer(next));
}

static int
answer_heading(const struct md_state *st, cmark_node *n)
{
	struct span	 q;

	if (!bare_heading(n))
		return 0;
	heading_text(st, n, &q);
	return q.to > q.from && st->doc[q.to - 1] == '.';
}

/* A list whose items hold nothing: "6." or "-" alone on its line. */
static int
empty_list(cmark_node *list)
{
	cmark_node	*item;

	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item))
		if (cmark_node_first_child(item) != NULL)
			return 0;
	return 1;
}

/*
 * Where what is in the span, or NULL; what holds no NUL and the
 * document is in memory whole, so a match may not run past to.
 */
static const char *
span_find(const struct md_state *st, struct span s, const char *what)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to;
	size_t		 len = strlen(what);

	for (; p + len <= e; p++)
		if (*p == *what && strncasecmp(p, what, len) == 0)
			return p;
	return NULL;
}

/*
 * Does p..e, a summary that asks nothing (no '?'), name the answer it
 * hides: "Show answer", "Answer to question 3", "第 1 题的答案"?
 */
static int
names_answer(const char *p, const char *e)
{
	const char *const *words = cp_answer_words;
	const char	*const *w;
	const char	*q;
	size_t		 len;

	for (q = p; q < e; q++)
		if (*q == '?' || strncmp(q, FULLWIDTH_QMARK, 3) == 0)
			return 0;
	for (w = words; *w != NULL; w++)
		for (len = strlen(*w), q = p; q + len <= e; q++)
			if (strncasecmp(q, *w, len) == 0 &&
			    ((unsigned char)**w >= 0xe0 || ((q == p ||
			    !isalpha((unsigned char)q[-1])) && (q + len == e ||
			    !isalpha((unsigned char)q[len])))))
				return 1;
	return 0;
}

/*
 * The text of a "<summary>" with its HTML tags left out, spaces
 * trimmed, a label when it ends in ":" or is one word ("Answer",
 * "Solution") or names the answer it hides: the question is then above
 * the block, not in it.
 */
static int
summary_is_label(const char *p, const char *e)
{
	const char	*last = NULL, *from = p;
	int		 tag = 0, words = 0, space = 1;

	for (; p < e; p++)
		if (*p == '<')
			tag = 1;
		else if (tag)
			tag = *p != '>';
		else if (*p == ' ' || *p == '\t' || *p == '\n')
			space = 1;
		else {
			words += space;
			space = 0;
			last = p;
		}
	return last != NULL && (*last == ':' || words == 1 ||
	    names_answer(from, e));
}

/*
 * A line "^1646480171175", an Obsidian block id of digits: the Flashcards
 * plugin (reuseman) writes it under each card it sends to Anki.
 */
static int
block_id_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	size_t		 i;

	if (s.to - s.from < 2 || st->doc[s.from] != '^')
		return 0;
	for (i = s.from + 1; i < s.to; i++)
		if (!isdigit((unsigned char)st->doc[i]))
			return 0;
	return 1;
}

/*
 * A Cloze note of the Flashcards plugin over its block id, at line:
 * "{text}" clozes numbered in order, or else "==text==" highlights.
 */
static void
block_id_note(struct cp_reader *r, char *text, unsigned long line)
{
	struct md_state	*st = r->state;

	if (clozes_in(text, "{") > 0)
		st->curly_clozes = 1;
	else if (clozes_in(text, "=") > 0)
		st->highlight_clozes = 1;
	else {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "no \"{text}\" or \"==text==\" cloze above its block "
		    "id, not a card; skipped");
		free(text);
		return;
	}
	push_card(r, text, cp_xstrdup(""), 0, NULL, line);
	st->curly_clozes = st->highlight_clozes = 0;
}

/*
 * Obsidian callouts ">[!info] card" of one cloze each, the plugin's id
 * under each: cmark reads the id as a line of the quote's paragraph,
 * and a callout right under it, with no blank line between, as more of
 * the same quote.  Each run of its lines down to an id is a note; the
 * callout's title line and the '>' are no text of it.
 */
static void
quoted_clozes(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n), rest;
	struct cp_buf	 text = { 0 };
	const char	*p, *e;
	unsigned long	 l, from, last = text_end_line(st, b);

	cp_buf_addstr(&text, "");
	for (l = from = line_of(st, b.from); l <= last; l++) {
		if (block_id_line(st, l)) {
			block_id_note(r, cp_xstrdup(cp_buf_str(&text)), from);
			text.len = 0;
			text.data[0] = '\0';
			from = l + 1;
			continue;
		}
		p = st->doc + line_start(st, l);
		e = st->doc + line_end(st, l);
		if (p < e && *p == '>')
			p += p + 1 < e && p[1] == ' ' ? 2 : 1;
		if (text.len == 0 && e - p >= 2 && p[0] == '[' &&
		    p[1] == '!') {
			from = l + 1;	/* the callout's title */
			continue;
		}
		if (text.len > 0)
			cp_buf_addc(&text, '\n');
		cp_buf_add(&text, p, (size_t)(e - p));
	}
	if (text.len > 0) {
		rest.from = line_start(st, from);
		rest.to = b.to;
		skipped(r, rest, "no block id under it, not a card");
	}
	cp_buf_free(&text);
}

/*
 * In a file of them, a list item or a paragraph that ends in a block id
 * and holds "{text}" clozes is a Cloze note of the Flashcards plugin,
 * its clozes numbered in order; the id is no text of it.  Under a card
 * the plugin's tag opened, whose answer is still to come, the id is
 * that card's, and the block its answer.
 */
static int
block_id_clozes(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	const struct dcard *c = &st->cur;
	cmark_node	*item;
	struct span	 s;
	unsigned long	 first, last;
	size_t		 at;
	int		 notes = 0;

	if (!st->block_ids || (cmark_node_get_type(n) != CMARK_NODE_LIST &&
	    cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH &&
	    cmark_node_get_type(n) != CMARK_NODE_BLOCK_QUOTE))
		return 0;
	if (c->open && c->tagspan.to != 0 && (c->heading ||
	    c->a.from == c->a.to))
		return 0;
	/* "Eloquent #Card" over its answer: a card, "&b{...}" in it none. */
	if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH &&
	    card_tags(st, line_span(st, line_of(st, block_span(st, n).from)),
	    &at) != FC_NONE)
		return 0;
	if (cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE) {
		s = block_span(st, n);
		last = text_end_line(st, s);
		for (first = line_of(st, s.from); first <= last; first++)
			notes += block_id_line(st, first);
		if (notes == 0)
			return 0;
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		quoted_clozes(r, n);
		return 1;
	}
	item = cmark_node_get_type(n) == CMARK_NODE_LIST ?
	    cmark_node_first_child(n) : n;
	for (; item != NULL; item = n == item ? NULL : cmark_node_next(item))
		notes += block_id_line(st, text_end_line(st, block_span(st,
		    item)));
	if (notes == 0)
		return 0;
	cards_start(r);
	item = cmark_node_get_type(n) == CMARK_NODE_LIST ?
	    cmark_node_first_child(n) : n;
	for (; item != NULL; item = n == item ? NULL : cmark_node_next(item)) {
		s = block_span(st, item);
		first = line_of(st, s.from);
		last = text_end_line(st, s);
		if (item != n && bullet_opens(st->doc + s.from, st->doc + s.to))
			s.from += 2;	/* the list's markup */
		if ((!block_id_line(st, last) || last == first) &&
		    liner_split(st, line_span(st, first), &at) != NULL) {
			/* "I am :: Io sono ^1664998574938", its id inline */
			liner_line(r, first, RUN_LIST);
			finish_card(r);
			continue;
		}
		if (!block_id_line(st, last) || last == first) {
			skipped(r, s, "no block id under it, not a card");
			continue;
		}
		s.to = line_end(st, last - 1);
		block_id_note(r, span_text(st, s), first);
	}
	return 1;
}

/*
 * The Obsidian Flashcards plugin (reuseman/flashcards-obsidian): a line
 * that ends in its tag asks, the lines below it to a blank line answer;
 * a heading that ends in it asks, the blocks below it to the next
 * heading answer.  "#card-reverse" or "#card/reverse" makes a card both
 * ways, "#card-spaced" or "#card/spaced" a prompt with no answer, which
 * the plugin sends as a note of its own notetype.  The tag is a word of
 * its own: "#cards" and "#cardiology" are not it.
 */
static enum fc_kind
card_tag(const struct md_state *st, const char *p, const char *e)
{
	const char	*tag = st->fc_tag != NULL ? st->fc_tag : "card";
	size_t		 n = (size_t)(e - p), k = strlen(tag) + 1;

	if (n < k || *p != '#' || strncasecmp(p + 1, tag, k - 1) != 0)
		return FC_NONE;
	if (n == k)
		return FC_CARD;
	if (p[k] != '-' && p[k] != '/')
		return FC_NONE;
	if (n == k + 8 && strncasecmp(p + k + 1, "reverse", 7) == 0)
		return FC_REVERSE;
	if (n == k + 7 && strncasecmp(p + k + 1, "spaced", 6) == 0)
		return FC_SPACED;
	return FC_NONE;
}

/*
 * A vault may rename the tag in the plugin's settings, which are not in
 * the file.  What the file shows of it: a line ending "#name-reverse",
 * "#name/reverse", "#name-spaced" or "#name/spaced", forms only the
 * plugin gives a tag (*sure set), or ending "#name" in a paragraph the
 * plugin's id of 13 digits (the time in milliseconds) ends, as it
 * writes under a card it sent.  The name a line ends in, or NULL; *n
 * gets its length.
 */
static const char *
renamed_tag(const struct md_state *st, unsigned long l, size_t *n,
    int *sure)
{
	struct span	 s = line_span(st, l), kind;
	const char	*d = st->doc, *w, *e = d + s.to;

	while (e > d + s.from && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (w = e; w > d + s.from && w[-1] != ' ' && w[-1] != '\t'; w--)
		continue;
	if (e - w < 2 || *w != '#' || !is_tag(w, e))
		return NULL;
	for (*n = 0; w + 1 + *n < e && w[1 + *n] != '-' && w[1 + *n] != '/';
	    ++*n)
		continue;
	kind.from = (size_t)(w + 2 + *n - d);
	kind.to = (size_t)(e - d);
	*sure = *n > 0 && w + 1 + *n < e && (heading_is(st, kind,
	    "reverse") || heading_is(st, kind, "spaced"));
	/* Over the plugin's "?" line, in a note its deck key names. */
	*sure |= st->cards_deck && w + 1 + *n == e && l < st->nlines &&
	    line_is(st, l + 1, "?");
	return *sure || w + 1 + *n == e ? w + 1 : NULL;
}

/*
 * Is the character that ends p..e a CJK one, Chinese, Japanese or
 * Korean, their punctuation and full-width forms (U+3000 to U+9FFF,
 * U+AC00 to U+D7AF, U+F900 to U+FAFF, U+FF00 to U+FFEF), after which
 * the plugin's tag stands glued in its users' notes?
 */
static int
spaceless_before(const char *p, const char *e)
{
	const char	*c = e;
	unsigned long	 cp;
	size_t		 len;

	while (c > p && ((unsigned char)c[-1] & 0xc0) == 0x80)
		c--;
	if (c == p || (unsigned char)*--c < 0x80)
		return 0;
	cp = cp_utf8_decode(c, (size_t)(e - c), &len);
	return (cp >= 0x3000 && cp <= 0x9fff) || (cp >= 0xac00 &&
	    cp <= 0xd7af) || (cp >= 0xf900 && cp <= 0xfaff) ||
	    (cp >= 0xff00 && cp <= 0xffef);
}

/*
 * The plugin's tag among the tags that end s ("question #card #bio"),
 * FC_NONE when it is not there; *at gets where those tags start.
 */
static enum fc_kind
card_tags(const struct md_state *st, struct span s, size_t *at)
{
	const char	*d = st->doc;
	size_t		 e = s.to, w, g;
	enum fc_kind	 kind = FC_NONE, k;

	*at = s.to;
	for (;;) {
		while (e > s.from && (d[e - 1] == ' ' || d[e - 1] == '\t'))
			e--;
		for (w = e; w > s.from && strchr(" \t\n", d[w - 1]) == NULL;
		    w--)
			continue;
		if (w == e)
			break;
		if (!is_tag(d + w, d + e)) {
			/*
			 * "當地檢察署#card": glued to a word of a script
			 * that sets no spaces, as the plugin reads it.
			 */
			for (g = e; g > w + 1 && d[g - 1] != '#'; g--)
				continue;
			if (g > w + 1 && spaceless_before(d + w, d + g - 1) &&
			    (k = card_tag(st, d + g - 1, d + e)) != FC_NONE) {
				kind = k;
				*at = g - 1;
			}
			break;
		}
		if ((k = card_tag(st, d + w, d + e)) != FC_NONE)
			kind = k;
		*at = w;
		e = w;
	}
	return kind;
}

/*
 * The plugin's notetype for a spaced card, defined by the first: its
 * prompt alone.
 */
static void
spaced_note(struct cp_reader *r, char *prompt, const char *tags,
    unsigned long line)
{
	static const char	 name[] = "Obsidian-spaced";
	const struct cp_notetype *def = cp_tool_notetype(name);
	struct md_state		*st = r->state;
	struct cp_record	 rec = { 0 };
	int			 clozes = 0;

	if (*prompt == '\0') {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "spaced card has no prompt; skipped");
		free(prompt);
		return;
	}
	if (!st->spaced_defined) {
		st->spaced_defined = 1;
		rec.kind = CP_RECORD_NOTETYPE;
		cp_notetype_copy(&rec.notetype, def);
		cp_set_string(&rec.notetype.source_file, r->name);
		rec.notetype.source_line = line;
		queue_push(st, &rec);
	}
	new_note(r, &rec, name, line);
	add_words(&rec.note, tags);
	cp_note_take_field(&rec.note, cp_xstrdup(def->fields[0]),
	    cp_md_field(prompt, "", &rec.note, &clozes));
	free(prompt);
	push_note(r, &rec);
}

/*
 * A card the tag made: its other tags are the note's, a '/' in one
 * Anki's "::" as the plugin sends it; the plugin's "^1234567890123" id
 * under it is no text.  A question that holds a cloze ("==text==",
 * "{text}", "{2:text}") and has no answer is a Cloze note.
 */
static void
flashcards_card(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct cp_buf	 tags = { 0 };
	struct span	 rest;
	const char	*p, *e, *end;
	unsigned long	 l, last;

	cp_buf_addstr(&tags, "");
	end = st->doc + c->tagspan.to;
	for (p = st->doc + c->tagspan.from; p < end; p = e) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		for (e = p; e < end && *e != ' ' && *e != '\t'; e++)
			continue;
		if (e == p || card_tag(st, p, e) != FC_NONE)
			continue;
		for (p++; p < e; p++)
			if (*p == '/')
				cp_buf_addstr(&tags, "::");
			else
				cp_buf_addc(&tags, *p);
		cp_buf_addc(&tags, ' ');
	}
	last = c->a.from != c->a.to ? text_end_line(st, c->a) : 0;
	for (l = line_of(st, c->a.from); l <= last; l++) {
		if (!block_id_line(st, l))
			continue;
		/* The plugin's id ends what it sends; below is the page's. */
		if (l < last) {
			rest.from = line_start(st, l + 1);
			rest.to = c->a.to;
			skipped(r, rest, "below the block id that ends the "
			    "card above it, no text of the card");
		}
		c->a.to = l > line_of(st, c->a.from) ? line_end(st, l - 1) :
		    c->a.from;
		break;
	}
	l = line_of(st, c->a.from);
	if (c->a.from != c->a.to && (line_is(st, l, "?") ||
	    line_is(st, l, FULLWIDTH_QMARK))) {
		/* "question #card" over "?": Obsidian SR's habit, kept. */
		warn_once(r, &st->fc_qmark_said, l, "a \"?\" alone under a "
		    "card's tagged question, the separator of Obsidian "
		    "Spaced Repetition: no text of the answer");
		c->a.from = l < st->nlines && line_start(st, l + 1) <
		    c->a.to ? line_start(st, l + 1) : c->a.to;
	}
	if (c->spaced) {
		if (c->a.from != c->a.to)
			skipped(r, c->a, "under a spaced card, a prompt with "
			    "no answer: no part of it");
		spaced_note(r, span_text(st, c->q), cp_buf_str(&tags),
		    c->line);
	} else {
		st->cloze_block = c->a.from == c->a.to;
		push_card(r, span_text(st, c->q), span_text(st, c->a),
		    c->reversed, cp_buf_str(&tags), c->line);
		st->cloze_block = 0;
	}
	cp_buf_free(&tags);
}

static struct dcard *
open_tagged(struct cp_reader *r, unsigned long line, struct span q,
    struct span tags, enum fc_kind kind)
{
	struct dcard	*c = open_card(r, line);

	c->q = q;
	c->tagspan = tags;
	c->reversed = kind == FC_REVERSE;
	c->spaced = kind == FC_SPACED;
	return c;
}

/* Whether a heading's text q says "flash cards" or "flashcards". */
static int
says_flashcards(const struct md_state *st, struct span q)
{
	size_t	 i;

	for (i = q.from; i < q.to; i++)
		if (strncasecmp(st->doc + i, "flashcard", 9) == 0 ||
		    strncasecmp(st->doc + i, "flash card", 10) == 0)
			return 1;
	return 0;
}

/*
 * The line of the heading over one of level at line, now that it is
 * read, and whether that title says flash cards (*deck).
 */
static unsigned long
heading_parent(struct md_state *st, int level, unsigned long line,
    struct span q, int *deck)
{
	unsigned long	 parent = 0;
	int		 k;

	*deck = 0;
	for (k = level - 1; k >= 1 && parent == 0; k--)
		if ((parent = st->fc_heading[k]) != 0)
			*deck = st->fc_deck[k];
	st->fc_heading[level] = line;
	st->fc_deck[level] = says_flashcards(st, q);
	for (k = level + 1; k <= 6; k++)
		st->fc_heading[k] = 0;
	return parent;
}

/*
 * Whether a line of [first, last] names the card tag with words after
 * it ("add #card to the line"): the tag talked about, as a page about
 * the plugin does, not a card's mark, which ends its line.
 */
static int
tag_in_prose(const struct md_state *st, unsigned long first,
    unsigned long last)
{
	const char	*d = st->doc;
	struct span	 s;
	unsigned long	 l;
	size_t		 i, w, tail;

	for (l = first; l <= last; l++) {
		s = line_span(st, l);
		/* Before the tags that end the line, a word follows. */
		card_tags(st, s, &tail);
		for (i = s.from; i < tail; i = w) {
			for (w = i; w < s.to && d[w] != ' ' && d[w] != '\t'; w++)
				continue;
			if (card_tag(st, d + i, d + w) != FC_NONE)
				return 1;
			while (w < s.to && (d[w] == ' ' || d[w] == '\t'))
				w++;
		}
	}
	return 0;
}

/*
 * The line of list's lines, the first, whose end the plugin's tag
 * follows with text before it, "- 當地檢察署#card": where a heading's
 * options end; else 0.  *at gets where the tag starts.
 */
static unsigned long
tagged_option(const struct md_state *st, cmark_node *list, size_t *at)
{
	struct span	 b = block_span(st, list), s;
	unsigned long	 l, last = text_end_line(st, b);

	for (l = line_of(st, b.from); l <= last; l++) {
		s = line_span(st, l);
		if (card_tags(st, s, at) != FC_NONE && *at > s.from)
			return l;
	}
	return 0;
}

/*
 * A block in a file of the plugin's cards: 0 when it is read as in any
 * dialect ("question::answer" lines, what is under a card).
 */
static int
flashcards_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), q, t, s;
	cmark_node	*next;
	enum fc_kind	 kind = FC_NONE;
	unsigned long	 l, first = line_of(st, b.from);
	unsigned long	 last = line_of(st, b.to), parent;
	size_t		 at;
	int		 level, deck;

	if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH && first == last &&
	    block_id_line(st, first))
		return 1;	/* the plugin's id of the card above */
	if (c->open && c->tagspan.to != 0 && !c->heading) {
		if (c->a.from == c->a.to && !c->spaced &&
		    cmark_node_get_type(n) !=
		    CMARK_NODE_HEADING && cmark_node_get_type(n) !=
		    CMARK_NODE_THEMATIC_BREAK) {
			/* Its tag ended its paragraph: this block answers. */
			c->a = b;
			return 1;
		}
		finish_card(r);		/* a blank line ended its answer */
	}
	if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
		heading_text(st, n, &q);
		level = cmark_node_get_heading_level(n);
		parent = heading_parent(st, level, first, q, &deck);
		if ((kind = card_tags(st, q, &at)) != FC_NONE) {
			t.from = at;
			t.to = q.to;
			q.to = at;
			c = open_tagged(r, first, q, t, kind);
			st->fc_level = level;
			st->fc_parent = parent;
		} else if (deck && parent == st->fc_parent &&
		    level == st->fc_level) {
			/*
			 * A page titled flash cards whose author stopped
			 * tagging: a heading beside the tagged ones, under
			 * the same title, is one of its cards too.
			 */
			if (!st->fc_siblings++)
				cp_report(r->rep, CP_LEVEL_WARNING, r->name,
				    first, 0, "headings with no #card beside "
				    "ones with it, under a title of flash "
				    "cards, read as cards too");
			t.from = t.to = q.to;
			c = open_tagged(r, first, q, t, FC_CARD);
		} else if ((next = cmark_node_next(n)) != NULL &&
		    cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH &&
		    (l = (unsigned long)cmark_node_get_start_line(next)) ==
		    last + 1 && (kind = card_tags(st, s = line_span(st, l),
		    &at)) != FC_NONE && at == s.from) {
			/* "# Question", then the tag on a line of its own */
			c = open_tagged(r, first, q, s, kind);
			if (l < text_end_line(st, block_span(st, next))) {
				c->a = block_span(st, next);
				c->a.from = line_start(st, l + 1);
			}
			st->skip_to = l;
		} else if (next != NULL &&
		    cmark_node_get_type(next) == CMARK_NODE_LIST &&
		    (l = tagged_option(st, next, &at)) != 0) {
			/*
			 * "### question" over its options, the tag ending the
			 * last: the plugin asks all the lines up to its tag,
			 * and the lines under it, CommonMark's lazy lines of
			 * that option, answer.
			 */
			kind = card_tags(st, s = line_span(st, l), &at);
			t.from = at;
			t.to = s.to;
			q.to = at;
			c = open_tagged(r, first, q, t, kind);
			b = block_span(st, next);
			if (l < text_end_line(st, b)) {
				c->a.from = line_start(st, l + 1);
				c->a.to = b.to;
			}
			st->skip_to = text_end_line(st, b);
		} else
			return 0;
		c->heading = 1;
		c->level = level;
		return 1;
	}
	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	for (l = first; l <= last; l++)
		if ((kind = card_tags(st, line_span(st, l), &at)) != FC_NONE)
			break;
	if (kind == FC_NONE || liner_split(st, line_span(st, l), &at) != NULL)
		return 0;	/* "question::answer #card": a card of its line */
	if (tag_in_prose(st, l + 1, last)) {
		context_ends(r);
		finish_card(r);
		finish_pending(r);
		skipped(r, b, "the card tag named again below it, mid-line: "
		    "prose about the tag, not a card");
		return 1;
	}
	context_ends(r);
	q.from = b.from;
	q.to = at;
	t.from = at;
	t.to = line_span(st, l).to;
	c = open_tagged(r, first, q, t, kind);
	c->until_blank = 1;
	if (l < last) {
		c->a.from = line_start(st, l + 1);
		c->a.to = b.to;
	}
	return 1;
}

/*
 * Where a list item's line "- [p] front = back = #tag" starts its
 * front, past the marker and the box: NULL when it is no such line.
 * Obsidian_to_Anki reads notes of a notetype of the user's by a regular
 * expression of the user's; this is the shape such vaults give it, a
 * box of one letter naming the notetype and " = " between the fields.
 */
static const char *
regex_note_line(const char *p, const char *e)
{
	if (e - p < 6 || !bullet_opens(p, e) ||
	    p[2] != '[' || p[3] == ']' || p[3] == ' ' || p[4] != ']' ||
	    p[5] != ' ' || !has(p + 6, (size_t)(e - p - 6), " = ", 3))
		return NULL;
	return p + 6;
}

/*
 * A list item "- Q: question" (or "1. **Q:** question") on line l whose
 * next line, indented, is "A: answer": the other shape vaults give their
 * regular expression, a note of two lines, told by the plugin's ID
 * comments under them.  The
 * question's and the answer's spans are set; 0 when it is no such note.
 */
static int
qa_note_item(const struct md_state *st, unsigned long l, struct span *q,
    struct span *a)
{
	struct span	 s, t;
	const char	*p, *w;

	if (l + 1 > st->nlines)
		return 0;
	s = line_span(st, l);
	t = line_span(st, l + 1);
	p = st->doc + s.from;
	if (s.to - s.from >= 5 && bullet_opens(p, st->doc + s.to))
		p += 2;
	else if ((p = numbered_text(st, l)) == NULL)
		return 0;
	if ((w = after_prefix(st, p, st->doc + s.to, 'Q')) == NULL ||
	    w == st->doc + s.to || t.from == line_start(st, l + 1))
		return 0;
	q->from = (size_t)(w - st->doc);
	q->to = s.to;
	if ((w = after_prefix(st, st->doc + t.from, st->doc + t.to, 'A')) ==
	    NULL || w == st->doc + t.to)
		return 0;
	a->from = (size_t)(w - st->doc);
	a->to = t.to;
	return 1;
}

/*
 * A list of such lines in a file where they stand over the plugin's ID
 * comments: each line a note, its first field the front, its second the
 * back; the third holds the note's "#tags", and what else it holds is
 * no side of the card.
 */
static int
o2a_regex_note(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item;
	struct span	 s, b, qs, as;
	struct cp_buf	 tags = { 0 };
	const char	*p, *e, *mid, *rest, *third, *more;
	char		*left;
	unsigned long	 l;
	int		 notes = 0;

	if (!st->o2a_regex || cmark_node_get_type(list) != CMARK_NODE_LIST)
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		s = line_span(st, (unsigned long)
		    cmark_node_get_start_line(item));
		notes += regex_note_line(st->doc + s.from, st->doc + s.to) !=
		    NULL || qa_note_item(st, (unsigned long)
		    cmark_node_get_start_line(item), &qs, &as);
	}
	if (notes == 0)
		return 0;
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		l = (unsigned long)cmark_node_get_start_line(item);
		s = line_span(st, l);
		b = block_span(st, item);
		e = st->doc + s.to;
		if (qa_note_item(st, l, &qs, &as)) {
			if (line_of(st, b.to) > l + 1)
				skipped(r, (struct span){ line_start(st, l + 2),
				    b.to }, "lines under a note's answer, no "
				    "side of it");
			push_card(r, span_text(st, qs), span_text(st, as), 0,
			    NULL, l);
			continue;
		}
		if ((p = regex_note_line(st->doc + s.from, e)) == NULL) {
			skipped(r, b, "a list item among notes' lines, not "
			    "one");
			continue;
		}
		if (line_of(st, b.to) > l)
			skipped(r, (struct span){ line_start(st, l + 1),
			    b.to }, "lines under a note's line, no side of it");
		mid = span_find(st, (struct span){ (size_t)(p - st->doc),
		    s.to }, " = ");
		if ((rest = span_find(st, (struct span){ (size_t)(mid + 3 -
		    st->doc), s.to }, " = ")) == NULL)
			rest = e;
		cp_buf_addstr(&tags, "");
		/* The third field, " #tag" past its "=" */
		third = rest < e ? rest + 2 : e;
		if ((more = span_find(st, (struct span){ (size_t)(third -
		    st->doc), s.to }, " = ")) == NULL)
			more = e;
		left = cp_xstrndup(third, (size_t)(more - third));
		end_tags(left, &tags);
		if (left[strspn(left, " \t")] != '\0' || more < e)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "fields past the note's second hold more than "
			    "its tags: no side of the card; left out");
		free(left);
		push_card(r, cp_xstrndup(p, (size_t)(mid - p)),
		    cp_xstrndup(mid + 3, (size_t)(rest - mid - 3)), 0,
		    cp_buf_str(&tags), l);
		cp_buf_free(&tags);
	}
	return 1;
}

/*
 * A list of items "- Q: question" over "  A: answer", two or more and
 * every item so: each item a card, the blocks under its answer's line
 * (a list, code) more of its answer.  The heading above titles them.
 */
static int
qa_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item, *para;
	struct span	 q, a;
	struct cp_buf	 back = { 0 };
	unsigned long	 l, stop;
	size_t		 n = 0;
	char		*more;

	if (!list_cards_read(st))
		return 0;
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item), n++) {
		para = cmark_node_first_child(item);
		l = (unsigned long)cmark_node_get_start_line(item);
		if (para == NULL ||
		    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH ||
		    (unsigned long)cmark_node_get_end_line(para) != l + 1 ||
		    !qa_note_item(st, l, &q, &a))
			return 0;
	}
	if (n < 2)
		return 0;
	cards_start(r);
	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		l = (unsigned long)cmark_node_get_start_line(item);
		qa_note_item(st, l, &q, &a);
		cp_buf_add(&back, st->doc + a.from, a.to - a.from);
		para = cmark_node_first_child(item);
		if (cmark_node_next(para) != NULL) {
			stop = cmark_node_next(item) == NULL ? 0 :
			    (unsigned long)cmark_node_get_start_line(
			    cmark_node_next(item)) - 1;
			more = item_block_text(st, cmark_node_next(para),
			    cmark_node_last_child(item), stop);
			cp_buf_addstr(&back, "\n\n");
			cp_buf_addstr(&back, more);
			free(more);
		}
		push_card(r, span_text(st, q), cp_buf_detach(&back), 0, NULL,
		    l);
	}
	return 1;
}

/*
 * Does bold line p..e (bold_line()) open inside its bold with a
 * question's label, a word for a question ("**Frage: ...**") or one or
 * two letters ("**F: ...**", "**Q: ...**"), and a colon, the same as
 * *label where that is set (else it is set so)?
 */
static int
bold_label_word(const struct md_state *st, const char *p, const char *e,
    struct span *label)
{
	const char	*b = past_bold(p, e);
	size_t		 n;

	if (b == NULL || (n = label_word(b, e)) == 0 ||
	    (n > 2 && !cp_word_among(b, n, numbering_words)))
		return 0;
	if (label->to == 0)
		*label = (struct span){ (size_t)(b - st->doc),
		    (size_t)(b - st->doc) + n };
	return n == label->to - label->from &&
	    strncmp(b, st->doc + label->from, n) == 0;
}

/*
 * A paragraph that opens with a bold line, in a file whose questions
 * are set so: the line is a question, as a heading is, and the lines
 * under it in the paragraph begin its answer.  Under such a question,
 * a marker alone ("#", "*") is the answer as written: the symbol
 * asked for, not an empty heading or list; and a bare link closing
 * the page is the page's, not the last answer's.
 */
static int
bold_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), s;
	unsigned long	 l = line_of(st, b.from);
	const char	*end;
	size_t		 k, e;

	if (!st->bold_questions || st->dialect != D_PLAIN)
		return 0;
	s = line_span(st, l);
	k = s.from + strspn(st->doc + s.from, " \t");
	for (e = s.to; e > k && (st->doc[e - 1] == ' ' ||
	    st->doc[e - 1] == '\t'); e--)
		continue;
	if (c->open && c->bold && c->a.from == c->a.to &&
	    (line_of(st, b.to) == l || (cmark_node_get_type(n) ==
	    CMARK_NODE_LIST && empty_list(n))) && e - k == 1 &&
	    strchr("#*-+", st->doc[k]) != NULL) {
		extend(&c->a, b);
		return 1;
	}
	if (c->open && c->bold && cmark_node_next(n) == NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH &&
	    line_of(st, b.to) == l && e - k > 8 &&
	    (strncmp(st->doc + k, "http://", 7) == 0 ||
	    strncmp(st->doc + k, "https://", 8) == 0) &&
	    memchr(st->doc + k, ' ', e - k) == NULL) {
		skipped(r, b, "a bare link closing the page, below the last "
		    "answer: the page's, not the card's");
		return 1;
	}
	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	k = (size_t)(past_emoji(st->doc + s.from, st->doc + s.to) - st->doc);
	if ((end = bold_line(st->doc + k, st->doc + s.to)) == NULL)
		return 0;
	/*
	 * A line in italics asks or prompts ("*Elementos neutros:*"), or
	 * it is a remark or a quotation.
	 */
	if (st->doc[k] == '*' && st->doc[k + 1] != '*' &&
	    !holds_question_mark(st->doc + k, end) && end[-2] != ':')
		return 0;
	c = open_card(r, l);
	c->heading = 1;
	c->bold = 1;
	c->level = 6;
	c->q = (struct span){ k, (size_t)(end - st->doc) };
	if (st->question_label.to != 0 && bold_label_word(st, st->doc + k,
	    end, &st->question_label)) {
		if (!st->question_label_said) {
			st->question_label_said = 1;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "\"%.*s:\" opens the bold questions inside their "
			    "bold: read as their label, as \"Q:\", and left "
			    "out with the bold round it",
			    (int)(st->question_label.to -
			    st->question_label.from), st->doc +
			    st->question_label.from);
		}
		c->q.from = k + 2 + st->question_label.to -
		    st->question_label.from + 1;
		c->q.from += strspn(st->doc + c->q.from, " \t");
		c->q.to -= 2;
	}
	if (line_of(st, b.to) > l)
		c->a = (struct span){ line_start(st, l + 1), b.to };
	if (c->a.from != c->a.to && st->answer_label.to != 0 &&
	    label_word(st->doc + c->a.from, st->doc + c->a.to) ==
	    st->answer_label.to - st->answer_label.from &&
	    strncmp(st->doc + c->a.from, st->doc + st->answer_label.from,
	    st->answer_label.to - st->answer_label.from) == 0) {
		if (!st->answer_label_said) {
			st->answer_label_said = 1;
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l + 1, 0,
			    "\"%.*s:\" opens answers of the bold questions "
			    "more than once: read as their label, as \"A:\", "
			    "and left out", (int)(st->answer_label.to -
			    st->answer_label.from), st->doc +
			    st->answer_label.from);
		}
		c->a.from += st->answer_label.to - st->answer_label.from + 1;
		c->a.from += strspn(st->doc + c->a.from, " \t");
	}
	return 1;
}

/*
 * Does heading n, its text q, go on with the open card's numbered
 * question heading on the line right above it, of its level and
 * numbered itself not: "### 2. Explain the P2P architecture." over
 * "### What are its advantages? (3 points)", a question of sentences
 * each set as a heading?
 */
static int
wrapped_heading(const struct md_state *st, cmark_node *n, struct span q)
{
	const struct dcard	*c = &st->cur;
	size_t			 end = q.to;

	if (!c->open || !c->heading || c->section || c->split ||
	    c->a.from != c->a.to || c->qbody.from != c->qbody.to ||
	    cmark_node_get_heading_level(n) != c->level || q.from == q.to ||
	    line_of(st, q.from) != line_of(st, c->q.to) + 1 ||
	    past_number(st, c->q) == NULL || past_number(st, q) != NULL ||
	    answer_label_heading(st, q))
		return 0;
	/*
	 * A sentence, not a title of the answer's, "### Physical layer",
	 * nor the answer to the question above, "## Paris".
	 */
	while (end > q.from && (st->doc[end - 1] == ' ' ||
	    st->doc[end - 1] == '\t'))
		end--;
	return end > q.from && strchr(".?!:)", st->doc[end - 1]) != NULL;
}

/* What block_card() is told of a card's blocks. */
#define BLOCK_QUOTED	1	/* the answer a block quote, '>' no text */
#define BLOCK_ITEM	2	/* the question a numbered list's one item */

/*
 * The card of blocks read whole: question q, answer a, of the kind
 * (BLOCK_QUOTED, BLOCK_ITEM or neither); the blocks go on at next.
 */
static void
block_card(struct cp_reader *r, struct span q, struct span a, int kind,
    cmark_node *next)
{
	struct md_state	*st = r->state;
	struct dcard	*c = open_card(r, line_of(st, q.from));

	c->q = q;
	c->a = a;
	c->quoted = (kind & BLOCK_QUOTED) != 0;
	c->item = (kind & BLOCK_ITEM) != 0;
	finish_card(r);
	st->next = next;
}

/*
 * The paragraph that asks over a quote: n itself, or the paragraph of a
 * list of one item and nothing else, "1. question" over "> answer", a
 * quote at the margin closing the list; else NULL.
 */
static cmark_node *
quote_asker(cmark_node *n)
{
	cmark_node	*item, *p;

	if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH)
		return n;
	if (cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    (item = cmark_node_first_child(n)) == NULL ||
	    cmark_node_next(item) != NULL ||
	    (p = cmark_node_first_child(item)) == NULL ||
	    cmark_node_next(p) != NULL ||
	    cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH)
		return NULL;
	return p;
}

/*
 * Is the line at span s a region of a PDF embedded alone, as Obsidian's
 * PDF viewer writes a selection, "![[exam.pdf#page=2&rect=25,630,...|
 * exam, p.2]]": an exam's question cut out of its paper?  (A picture
 * alone is more often a tutorial's screenshot over its caption.)
 */
static int
pdf_region(const struct md_state *st, struct span s)
{
	return only_image(st, s) && strncmp(st->doc + s.from, "![[", 3) ==
	    0 && memmem(st->doc + s.from, s.to - s.from, ".pdf#page=", 10) !=
	    NULL;
}

/* Does block n, a paragraph, open with such a region on its line? */
static int
region_opens(const struct md_state *st, cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH &&
	    pdf_region(st, line_span(st, line_of(st, block_span(st,
	    n).from)));
}

/*
 * Does paragraph n open with such a region on its line, and go on below
 * it, in its own lines or in a block under it that is no heading and
 * opens with no other region?
 */
static int
embed_asks(const struct md_state *st, cmark_node *n)
{
	struct span	 b;
	cmark_node	*next;

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	if (!pdf_region(st, line_span(st, line_of(st, b.from))))
		return 0;
	if (line_of(st, b.to) > line_of(st, b.from))
		return 1;
	next = cmark_node_next(n);
	return next != NULL && cmark_node_get_type(next) !=
	    CMARK_NODE_HEADING && !region_opens(st, next);
}

/*
 * In a page of such regions (embed_questions), paragraph n's region is a
 * question, what is under it up to the next such region, a heading or a
 * rule its answer.
 */
static int
embed_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 q, a;
	cmark_node	*next;
	unsigned long	 l;

	if (!st->embed_questions || !embed_asks(st, n))
		return 0;
	q = block_span(st, n);
	l = line_of(st, q.from);
	q = line_span(st, l);
	a.from = a.to = block_span(st, n).to;
	if (line_of(st, a.to) > l)
		a.from = line_start(st, l + 1);
	for (next = cmark_node_next(n); next != NULL &&
	    cmark_node_get_type(next) != CMARK_NODE_HEADING &&
	    cmark_node_get_type(next) != CMARK_NODE_THEMATIC_BREAK &&
	    !region_opens(st, next); next = cmark_node_next(next)) {
		if (a.from == a.to)
			a.from = block_span(st, next).from;
		a.to = block_span(st, next).to;
	}
	warn_once(r, &st->embed_questions_said, l, "a region of a PDF "
	    "embedded alone over text, an exam's question cut out of its "
	    "paper: the region the question, what is under it the answer");
	block_card(r, q, a, 0, next);
	return 1;
}

/*
 * A paragraph with a block quote right below it, in a file whose
 * questions are answered so: the paragraph asks and the quote answers,
 * its '>' marks no text of it.  The paragraph may be a list's one item,
 * its number the list's markup.  Code right below such a paragraph
 * answers it as a quote would.  A hard break "\" ending the question
 * is no text of it, nor is the colon of a term alone on its line,
 * "Signal:", defined by the quote.
 */
static int
quote_answer(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*next = cmark_node_next(n), *asker = quote_asker(n);
	struct span	 q;
	const char	*p;
	int		 quote;

	if (!st->quote_answers || st->dialect != D_PLAIN || next == NULL ||
	    asker == NULL)
		return 0;
	q = asker != n ? item_span(st, asker) : block_span(st, asker);
	quote = cmark_node_get_type(next) == CMARK_NODE_BLOCK_QUOTE;
	if (!quote && cmark_node_get_type(next) != CMARK_NODE_CODE_BLOCK)
		return 0;
	if (!quote && cmark_node_next(next) != NULL &&
	    cmark_node_get_type(cmark_node_next(next)) ==
	    CMARK_NODE_BLOCK_QUOTE) {
		/* The code the question shows, its answer quoted below. */
		q.to = block_span(st, next).to;
		next = cmark_node_next(next);
		quote = 1;
	}
	while (q.to > q.from && strchr(" \t", st->doc[q.to - 1]) != NULL)
		q.to--;
	if (q.to > q.from && st->doc[q.to - 1] == '\\')
		q.to--;
	else if (q.to > q.from && st->doc[q.to - 1] == ':' &&
	    line_of(st, q.from) == line_of(st, q.to))
		q.to--;
	/* "**Question:** What are ...?": the label is no text. */
	if ((p = word_label_at(st->doc + q.from, st->doc + q.to,
	    numbering_words)) != NULL && p < st->doc + q.to)
		q.from = (size_t)(p - st->doc);
	warn_once(r, &st->quote_answers_said, line_of(st, q.from), "a "
	    "paragraph with a quote or code right below it read as a "
	    "question, that block as its answer: the file's questions are "
	    "answered so");
	block_card(r, q, block_span(st, next), quote ? BLOCK_QUOTED : 0,
	    cmark_node_next(next));
	return 1;
}

/*
 * The number of n when it is a list of one numbered item, a paragraph
 * alone, numbered one more than the last (prev; 0 before the first),
 * with a block after it; else 0.
 */
static int
question_item(cmark_node *n, int prev)
{
	if (cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    cmark_node_get_list_type(n) != CMARK_ORDERED_LIST ||
	    cmark_node_get_list_start(n) != prev + 1 ||
	    cmark_node_next(n) == NULL || quote_asker(n) == NULL)
		return 0;
	return prev + 1;
}

/*
 * Leave out the "<details>" block that wraps all of answer a when its
 * summary only labels the answer, "<summary>Ответ</summary>": the page
 * folds the answer away, and the card shows it on its back anyway.
 */
static void
unwrap_answer_details(const struct md_state *st, struct span *a)
{
	const char	*d = st->doc, *p, *e, *sum, *sum_end;

	for (p = d + a->from, e = d + a->to;
	    p < e && isspace((unsigned char)*p); p++)
		continue;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if (e - p < 30 || strncasecmp(p, "<details>", 9) != 0 ||
	    strncasecmp(e - 10, "</details>", 10) != 0)
		return;
	for (sum = p + 9; sum < e && isspace((unsigned char)*sum); sum++)
		continue;
	if (strncasecmp(sum, "<summary>", 9) != 0 ||
	    (sum_end = memmem(sum, (size_t)(e - sum), "</summary>", 10)) ==
	    NULL || !summary_is_label(sum + 9, sum_end) ||
	    memmem(sum_end, (size_t)(e - 10 - sum_end), "<details", 8) != NULL)
		return;
	a->from = (size_t)(sum_end + 10 - d);
	a->to = (size_t)(e - 10 - d);
}

/*
 * Is n a list of two items or more, each opening with a box (task_box()),
 * one of them ticked: a quiz's options, the right one marked?
 */
static int
one_ticked(const struct md_state *st, cmark_node *n)
{
	cmark_node	*item;
	struct span	 s;
	size_t		 items = 0, ticked = 0, box;
	int		 k;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    cmark_node_get_list_type(n) != CMARK_BULLET_LIST)
		return 0;
	for (item = cmark_node_first_child(n); item != NULL;
	    item = cmark_node_next(item), items++) {
		if (cmark_node_first_child(item) == NULL)
			return 0;
		s = item_span(st, cmark_node_first_child(item));
		if (s.to - s.from < 5 || (k = task_box(st->doc + s.from,
		    &box)) == 0)
			return 0;
		ticked += k == 'x';
	}
	return items >= 2 && ticked == 1;
}

/*
 * Where the definition of a term starts, as pandoc and PHP Markdown
 * Extra write a definition list: n a paragraph whose first line is the
 * term (no more than six words, not itself a definition) and whose next
 * line opens with ':' and a blank, or a paragraph of one line over one
 * that opens so ("Adresbalk" over ":   Invulveld ..."); the offset of
 * the definition's text past the ':' and its blanks, else 0.
 */
static size_t
def_start(const struct md_state *st, cmark_node *n)
{
	struct span	 b, d;
	unsigned long	 l;
	const char	*p;
	size_t		 e;

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	l = line_of(st, b.from);
	for (e = b.from; e < b.to && st->doc[e] != '\n' &&
	    st->doc[e] != '\r'; e++)
		continue;
	if (e == b.from || st->doc[b.from] == ':' ||
	    cp_count_words(st->doc + b.from, e - b.from) > 6)
		return 0;
	if (line_of(st, b.to) > l)
		d = line_span(st, l + 1);
	else if (cmark_node_next(n) != NULL && cmark_node_get_type(
	    cmark_node_next(n)) == CMARK_NODE_PARAGRAPH &&
	    line_of(st, block_span(st, cmark_node_next(n)).from) <= l + 2)
		d = block_span(st, cmark_node_next(n));
	else
		return 0;
	p = st->doc + d.from;
	if (d.to < d.from + 3 || *p != ':' || (p[1] != ' ' && p[1] != '\t'))
		return 0;
	for (p++; p < st->doc + d.to && (*p == ' ' || *p == '\t'); p++)
		continue;
	return p < st->doc + d.to && *p != '\n' && *p != '\r' ?
	    (size_t)(p - st->doc) : 0;
}

/*
 * Is p..e, a glossary's definition, a pointer to another term alone,
 * "Zie toepassing", "see Application.": the word for "see" and three
 * words at most, on one line?
 */
static int
points_elsewhere(const char *p, const char *e)
{
	static const char *const see[] = {
		"see", "zie", "siehe", "voir", "ver", "vedi", "véase",
		"patrz", "см.", "см", NULL
	};
	size_t	 k;

	while (e > p && strchr(" \t\n.", e[-1]) != NULL)
		e--;
	k = strcspn(p, " \t\n");
	return memchr(p, '\n', (size_t)(e - p)) == NULL && k < (size_t)(e - p) &&
	    cp_word_among(p, k, see) && cp_count_words(p, (size_t)(e - p)) <= 4;
}

/*
 * A term over its definition (def_start()), where the page is a list of
 * them: the term the front, the definition and the blocks after it up to
 * the next term or a heading the back.
 */
static int
def_entry(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*last, *m;
	struct span	 q, a;
	size_t		 d;

	if (!st->def_terms || (d = def_start(st, n)) == 0)
		return 0;
	q = line_span(st, line_of(st, block_span(st, n).from));
	last = line_of(st, d) > line_of(st, block_span(st, n).from) ? n :
	    cmark_node_next(n);
	for (; (m = cmark_node_next(last)) != NULL &&
	    cmark_node_get_type(m) != CMARK_NODE_HEADING &&
	    def_start(st, m) == 0; last = m)
		continue;
	warn_once(r, &st->def_terms_said, line_of(st, q.from), "a term "
	    "over a line opening with \": \", a definition list as pandoc "
	    "writes it: the term is the front, the definition and the "
	    "blocks up to the next term the back");
	a.from = d;
	a.to = block_span(st, last).to;
	if (points_elsewhere(st->doc + a.from, st->doc + a.to)) {
		skipped(r, q, "a term whose definition only points to "
		    "another term (\"see ...\"): not a card");
		st->next = cmark_node_next(last);
		return 1;
	}
	block_card(r, q, a, 0, cmark_node_next(last));
	return 1;
}

/*
 * A numbered item of a list of its own, in a file whose questions are
 * written so: the item is the question, its number the list's markup,
 * and the blocks after it up to the next such item, or a heading, are
 * its answer.
 */
static int
item_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*p, *last, *m;
	struct span	 q, a;

	if (!st->item_questions || st->dialect != D_PLAIN ||
	    cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    cmark_node_get_list_type(n) != CMARK_ORDERED_LIST ||
	    (p = quote_asker(n)) == NULL || cmark_node_next(n) == NULL)
		return 0;
	if (cmark_node_get_type(cmark_node_next(n)) == CMARK_NODE_HEADING)
		return 0;
	for (last = cmark_node_next(n); (m = cmark_node_next(last)) != NULL &&
	    cmark_node_get_type(m) != CMARK_NODE_HEADING &&
	    question_item(m, cmark_node_get_list_start(m) - 1) == 0;
	    last = m)
		continue;
	warn_once(r, &st->item_questions_said, line_of(st,
	    block_span(st, n).from), "numbered items each a list of its "
	    "own, counting up, the blocks at the margin after each its "
	    "answer: the items read as the questions, their numbers left out");
	q = item_span(st, p);
	a.from = block_span(st, cmark_node_next(n)).from;
	a.to = block_span(st, last).to;
	/*
	 * "qual'è il risultato del codice seguente?" over its code: the
	 * code is the question's, what follows it the answer.
	 */
	if (cp_points_ahead(st->doc + q.from, q.to - q.from) &&
	    cmark_node_get_type(cmark_node_next(n)) == CMARK_NODE_CODE_BLOCK) {
		if (cmark_node_next(n) == last) {
			skipped(r, q, "a numbered question over the code it "
			    "points at, nothing after it that answers: not a "
			    "card");
			st->next = cmark_node_next(last);
			return 1;
		}
		q.to = block_span(st, cmark_node_next(n)).to;
		m = cmark_node_next(cmark_node_next(n));
		a.from = block_span(st, m).from;
	}
	unwrap_answer_details(st, &a);
	block_card(r, q, a, BLOCK_ITEM, cmark_node_next(last));
	return 1;
}

/*
 * The list that answers paragraph n: n ends in '?' and the list stands
 * right below it, or below one code block that n shows ("What does this
 * print?" over its fence); else NULL.
 */
static cmark_node *
listed_answer(const struct md_state *st, cmark_node *n)
{
	cmark_node	*next = cmark_node_next(n);

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH || next == NULL ||
	    !ends_asking(st, block_span(st, n)))
		return NULL;
	if (cmark_node_get_type(next) == CMARK_NODE_CODE_BLOCK)
		next = cmark_node_next(next);
	return next != NULL && cmark_node_get_type(next) == CMARK_NODE_LIST ?
	    next : NULL;
}

/*
 * A question paragraph with its list right below it (listed_answer), in
 * a file whose questions are answered so: the paragraph, with any code
 * it shows, the question; the list, its bullets kept, the answer.
 */
static int
list_answer(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*list;
	struct span	 q;

	if (!st->list_answers || st->dialect != D_PLAIN ||
	    (list = listed_answer(st, n)) == NULL)
		return 0;
	q = block_span(st, n);
	if (cmark_node_previous(list) != n)
		q.to = block_span(st, cmark_node_previous(list)).to;
	warn_once(r, &st->list_answers_said, line_of(st, q.from), "a "
	    "paragraph ending in '?' with a list right below it read as a "
	    "question, the list as its answer: the file's questions are "
	    "answered so");
	block_card(r, q, block_span(st, list), 0, cmark_node_next(list));
	return 1;
}

/*
 * Where paragraph b is two lines, the end of its first; else 0.
 */
static size_t
pair_line(const struct md_state *st, struct span b)
{
	const char	*p = st->doc + b.from, *e = st->doc + b.to, *nl;

	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL ||
	    memchr(nl + 1, '\n', (size_t)(e - nl - 1)) != NULL || nl == p)
		return 0;
	return (size_t)(nl - st->doc);
}

/*
 * Is paragraph b two lines (pair_line()), the first ending in ";" and
 * the second not, "question;" over "answer."?
 */
static int
semi_pair(const struct md_state *st, struct span b)
{
	const char	*p = st->doc + b.from, *e = st->doc + b.to, *nl;
	size_t		 end;

	if ((end = pair_line(st, b)) == 0)
		return 0;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	for (nl = st->doc + end; nl > p && isspace((unsigned char)nl[-1]);
	    nl--)
		continue;
	return nl > p && nl[-1] == ';' && e[-1] != ';';
}

/*
 * Where the first line of paragraph b asks as one sentence, the lines
 * under it answering (asking_line): prose wrapped after "... how slow
 * it was before?" ends a sentence inside that line too.  0 else.
 */
static size_t
asked_line(const struct md_state *st, struct span b)
{
	size_t	 end = asking_line(st, b), k;

	for (k = b.from; end != 0 && k + 2 < end; k++)
		if (strchr(".!?", st->doc[k]) != NULL &&
		    st->doc[k + 1] == ' ' &&
		    isupper((unsigned char)st->doc[k + 2]))
			return 0;
	return end;
}

/*
 * Where paragraph b's lines at the margin end, when bullets set in by a
 * tab or four spaces follow them to its end, "Beschreiben Sie ..." over
 * "<TAB>- Concurrency bedeutet ...": CommonMark reads the bullets as
 * more of the paragraph (they cannot interrupt it), a person as the
 * answer under the question.  0 else.
 */
static size_t
setin_line(const struct md_state *st, struct span b)
{
	unsigned long	 l, first = line_of(st, b.from);
	unsigned long	 last = line_of(st, b.to);
	size_t		 p, end = 0, k;
	int		 setin = 0;

	for (l = first; l <= last; l++) {
		p = line_start(st, l);
		k = st->doc[p] == '\t' ? 1 : strspn(st->doc + p, " ") >= 4 ?
		    4 + strspn(st->doc + p + 4, " ") : 0;
		if (k == 0 && setin)
			return 0;	/* the margin again: prose */
		if (k == 0)
			end = line_end(st, l);	/* the question, wrapped */
		else if (end == 0)
			return 0;
		else if (!setin && !(strchr("-*+", st->doc[p + k]) != NULL &&
		    st->doc[p + k + 1] == ' '))
			return 0;	/* the answer opens with a bullet */
		else
			setin = 1;
	}
	return setin ? end : 0;
}

/*
 * A paragraph whose first line asks, in a file whose cards are written
 * so: that line is the question, the lines under it the answer.
 */
static int
asked_paragraph(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n), q, a;
	size_t		 end;

	if (!(st->asked_paras || st->setin_asks) || st->dialect != D_PLAIN ||
	    cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH ||
	    (end = st->pair_asks ? pair_line(st, b) : st->setin_asks ?
	    setin_line(st, b) : asked_line(st, b)) == 0)
		return 0;
	warn_once(r, &st->asked_paras_said, line_of(st, b.from),
	    st->pair_asks ? "nothing but paragraphs of two lines, many a "
	    "first line asking or ending in a colon: each first line read as "
	    "the question, the line under it as its answer" :
	    st->setin_asks ? "paragraphs whose lines at the margin stand "
	    "over bullets set in by a tab or four spaces, which Markdown "
	    "reads as more of the paragraph: those lines read as the "
	    "question, the bullets as its answer" :
	    st->semi_asks ? "paragraphs of two lines, the first ending in "
	    "\";\": that line read as the question, the \";\" left out, the "
	    "line under it as its answer" : "paragraphs whose first line "
	    "asks: that line read as the question, the lines under it as "
	    "its answer");
	q.from = b.from;
	for (q.to = end; q.to > q.from &&
	    strchr(" \t\\", st->doc[q.to - 1]) != NULL; q.to--)
		continue;
	if (st->semi_asks && q.to > q.from && st->doc[q.to - 1] == ';')
		q.to--;		/* "question;": the ";" parts, no text */
	a.from = end + 1;
	a.to = b.to;
	/* One bullet set in alone is the answer, no list of one. */
	if (st->setin_asks && line_of(st, a.from) == line_of(st, a.to))
		a.from += strspn(st->doc + a.from, " \t") + 2;
	block_card(r, q, a, 0, cmark_node_next(n));
	return 1;
}

/*
 * Whether n is a paragraph of one line that ends asking, a paragraph
 * right below it that asks nothing: a question and its answer, as a
 * questionnaire written for no tool sets them.
 */
static int
para_pair(const struct md_state *st, cmark_node *n)
{
	cmark_node	*next = cmark_node_next(n);
	struct span	 b;

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH || next == NULL ||
	    cmark_node_get_type(next) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	return line_of(st, b.from) == line_of(st, b.to) &&
	    ends_asking(st, b) && !ends_asking(st, block_span(st, next));
}

/*
 * The number, four digits at most, that opens paragraph n, with *at
 * where its digits end and *to where the paragraph does; or -1.
 */
static long
paragraph_number(const struct md_state *st, cmark_node *n, size_t *at,
    size_t *to)
{
	struct span	 b;
	size_t		 k;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return -1;
	b = block_span(st, n);
	for (k = b.from; k < b.to && k - b.from < 4 &&
	    isdigit((unsigned char)st->doc[k]); k++)
		continue;
	if (k == b.from)
		return -1;
	*at = k;
	*to = b.to;
	return strtol(st->doc + b.from, NULL, 10);
}

/*
 * The number that opens paragraph n with a dash after it, "12- what
 * ...?", which CommonMark reads as no list's mark; or -1.
 */
static long
dashed_number(const struct md_state *st, cmark_node *n)
{
	size_t	 k, to;
	long	 v;

	if ((v = paragraph_number(st, n, &k, &to)) < 0 || k + 2 >= to ||
	    st->doc[k] != '-' || st->doc[k + 1] != ' ')
		return -1;
	return v;
}

/*
 * A paragraph "N- question" in a file whose questions are numbered so
 * (st->dashed_paras): the card, answered by the blocks below it down to
 * the next such paragraph, a heading or a rule.
 */
static int
dashed_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*next, *stop;
	long		 number;

	if (!st->dashed_paras || (number = dashed_number(st, n)) < 0)
		return 0;
	/* "1989- ...", a year in the answer, is no next question. */
	for (stop = next = cmark_node_next(n); stop != NULL &&
	    dashed_number(st, stop) != number + 1 &&
	    cmark_node_get_type(stop) != CMARK_NODE_HEADING &&
	    cmark_node_get_type(stop) != CMARK_NODE_THEMATIC_BREAK;
	    stop = cmark_node_next(stop))
		continue;
	warn_once(r, &st->dashed_paras_said, line_of(st, block_span(st,
	    n).from), "paragraphs that open with a number and a dash, "
	    "\"1- ...\", numbered in turn: read as the questions, each "
	    "answered by the blocks below it");
	block_card(r, block_span(st, n), next == stop ?
	    (struct span){ 0, 0 } : blocks_under(st, n, stop), 0, stop);
	return 1;
}

/*
 * The number that opens paragraph n glued to its text, "16.v-show ...",
 * which CommonMark reads as no list's mark; or -1.
 */
static long
glued_number(const struct md_state *st, cmark_node *n)
{
	size_t	 k, to;
	long	 v;

	if ((v = paragraph_number(st, n, &k, &to)) < 0 || k + 1 >= to ||
	    st->doc[k] != '.' || isspace((unsigned char)st->doc[k + 1]) ||
	    isdigit((unsigned char)st->doc[k + 1]))
		return -1;
	return v;
}

/*
 * Does block n go on with the numbering of a question numbered number:
 * an ordered list from a later number, or a paragraph glued to any
 * number that asks (a number skipped, repeated or restarted, "5." then
 * "5." or "1.", ends the answer too)?
 */
static int
numbered_next(const struct md_state *st, cmark_node *n, long number)
{
	return (cmark_node_get_type(n) == CMARK_NODE_LIST &&
	    cmark_node_get_list_type(n) == CMARK_ORDERED_LIST &&
	    cmark_node_get_list_start(n) > number) ||
	    (glued_number(st, n) >= 0 &&
	    asking_line(st, block_span(st, n)) != 0);
}

/*
 * A paragraph whose first line asks and opens with its number glued to
 * it, "6.说一下...？", on a page whose lists of such questions were
 * read (asked_lines()): the question its author numbered among theirs,
 * its space lost, answered by the lines under it and the blocks below
 * down to the next question's number, a heading or a rule.
 */
static int
glued_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*stop;
	struct span	 b, a;
	long		 number;
	size_t		 end;

	if (!st->asked_lines_said || st->dialect != D_PLAIN ||
	    (number = glued_number(st, n)) < 0 ||
	    (end = asking_line(st, b = block_span(st, n))) == 0)
		return 0;
	for (stop = cmark_node_next(n); stop != NULL &&
	    !numbered_next(st, stop, number) &&
	    cmark_node_get_type(stop) != CMARK_NODE_HEADING &&
	    cmark_node_get_type(stop) != CMARK_NODE_THEMATIC_BREAK;
	    stop = cmark_node_next(stop))
		continue;
	warn_once(r, &st->glued_said, line_of(st, b.from), "a paragraph "
	    "that opens with a number glued to a question, \"6.question?\", "
	    "among lists of such questions: the number's space lost, read as "
	    "one of them, answered by the lines and blocks below it");
	a.from = end + 1;
	a.to = cmark_node_next(n) == stop ? b.to : blocks_under(st, n,
	    stop).to;
	block_card(r, (struct span){ b.from, end }, a, 0, stop);
	return 1;
}

/*
 * Is paragraph b a card in its author's braces, "question {" over its
 * answer's lines over "}" alone, none of them ending in ';' as code's
 * and a style sheet's do, nor the question in ')', '=' or '>'?  *q
 * gets the question, the brace and the blanks before it left out, and
 * *a the answer, its one "* " bullet too when it is one line; either
 * may be NULL.
 */
static int
braced_lines(const struct md_state *st, struct span b, struct span *q,
    struct span *a)
{
	unsigned long	 first = line_of(st, b.from), last;
	struct span	 f, l, t;
	size_t		 p, e, k;

	last = text_end_line(st, b);
	if (last < first + 2)
		return 0;
	f = line_span(st, first);
	l = line_span(st, last);
	if (f.to - f.from < 2 || st->doc[f.to - 1] != '{' ||
	    l.to - l.from != 1 || st->doc[l.from] != '}')
		return 0;
	for (f.to--; f.to > f.from && st->doc[f.to - 1] == ' '; f.to--)
		continue;
	/* "int main() {", "a = {": code, unfenced. */
	if (f.to == f.from || strchr(")=>", st->doc[f.to - 1]) != NULL)
		return 0;
	t.from = line_start(st, first + 1);
	t.to = line_end(st, last - 1);
	/* "color: red;": a style sheet's or a program's lines. */
	for (p = t.from; p < t.to; p = e + 1) {
		e = p + strcspn(st->doc + p, "\n");
		for (k = e < t.to ? e : t.to; k > p &&
		    strchr(" \t\r", st->doc[k - 1]) != NULL; k--)
			continue;
		if (k > p && st->doc[k - 1] == ';')
			return 0;
	}
	while (t.from < t.to && strchr(" \t", st->doc[t.from]) != NULL)
		t.from++;
	if (last == first + 2 && t.to - t.from > 2 && bullet_opens(st->doc +
	    t.from, st->doc + t.to))
		t.from += 2;
	if (q != NULL)
		*q = f;
	if (a != NULL)
		*a = t;
	return 1;
}

/*
 * A paragraph of a file whose cards are in their author's braces
 * (st->braced_cards, braced_lines()): the card, said once.
 */
static int
braced_card(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 q, a;

	if (!st->braced_cards ||
	    cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH ||
	    !braced_lines(st, block_span(st, n), &q, &a))
		return 0;
	warn_once(r, &st->braced_said, line_of(st, q.from), "cards in their "
	    "author's braces, \"question {\" over the answer over \"}\": "
	    "the braces and a lone answer's bullet no text of the card");
	block_card(r, q, a, 0, cmark_node_next(n));
	return 1;
}

/* The words a heading over a quiz's answers opens with, "### Facit". */
static const char *const key_words[] = {
	"facit", "answers", "answer", "key", "svar", "antworten",
	"lösungen", "respuestas", "respostas", "risposte",
	"odpowiedzi", "ответы", "Ответы", "cevaplar", "antwoorden",
	"vastaukset", "odpovědi", "solutions", "soluciones",
	"soluzioni", "gabarito", NULL
};

/*
 * Does heading n's first word say what it heads, one of words, alone or
 * before a dash or a colon: "### Frågor – Läxförhör 1", "### Facit"?
 */
static int
heading_says(const struct md_state *st, cmark_node *n,
    const char *const *words)
{
	struct span	 q;
	size_t		 k;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_HEADING)
		return 0;
	heading_text(st, n, &q);
	for (k = q.from; k < q.to && !strchr(" \t:-", st->doc[k]); k++)
		continue;
	if (!cp_word_among(st->doc + q.from, k - q.from, words))
		return 0;
	/* Alone, or before a dash or a colon: not "Key dates". */
	while (k < q.to && (st->doc[k] == ' ' || st->doc[k] == '\t'))
		k++;
	return k == q.to || ispunct((unsigned char)st->doc[k]) ||
	    (unsigned char)st->doc[k] == 0xe2;	/* "–", "—" */
}

/* Is n an ordered list, and how many items does it hold (else 0)? */
static size_t
ordered_items(cmark_node *n)
{
	cmark_node	*i;
	size_t		 k = 0;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    cmark_node_get_list_type(n) != CMARK_ORDERED_LIST)
		return 0;
	for (i = cmark_node_first_child(n); i != NULL; i = cmark_node_next(i))
		k++;
	return k;
}

/* The text of list item i, set out of the item's indent. */
static char *
item_body(const struct md_state *st, cmark_node *i)
{
	cmark_node	*c = cmark_node_first_child(i);
	struct span	 b;
	size_t		 col;

	if (c == NULL)
		return cp_xstrdup("");
	col = (size_t)cmark_node_get_start_column(c);
	b = item_span(st, c);
	b.to = block_span(st, i).to;
	while (b.to > b.from && strchr(" \t\n", st->doc[b.to - 1]) != NULL)
		b.to--;
	return set_out_of_item(span_text(st, b), col > 1 ? col - 1 : 0);
}

/*
 * Are the items of lists q and a numbered alike as written, item by
 * item ("1. 3. 2." keys no "1. 2. 3.")?
 */
static int
numbered_alike(const struct md_state *st, cmark_node *q, cmark_node *a)
{
	cmark_node	*qi, *ai;

	for (qi = cmark_node_first_child(q), ai = cmark_node_first_child(a);
	    qi != NULL && ai != NULL; qi = cmark_node_next(qi),
	    ai = cmark_node_next(ai))
		if (strtol(st->doc + block_span(st, qi).from, NULL, 10) !=
		    strtol(st->doc + block_span(st, ai).from, NULL, 10))
			return 0;
	return qi == NULL && ai == NULL;
}

/*
 * A heading of questions over their numbered list, "### Frågor", and
 * right after it a heading of their answers over a list numbered alike,
 * "### Facit", as many items, each numbered as its question, a third of
 * the questions asking ("## Key dates" over notes pairs nothing): a
 * quiz and its key, each answer its question's card.  Said once.  Not
 * inside a collapsed answer, which holds them.
 */
static int
keyed_lists(struct cp_reader *r, cmark_node *n)
{
	static const char *const asks[] = {
		"questions", "question", "frågor", "fragen", "preguntas",
		"perguntas", "domande", "pytania", "вопросы", "Вопросы",
		"sorular", "vragen", "kysymykset", "otázky", "exercises",
		NULL
	};
	struct md_state	*st = r->state;
	cmark_node	*ql, *h, *al, *qi, *ai;
	size_t		 n_items, asking;

	if (st->dialect != D_PLAIN || (st->cur.open && st->cur.details) ||
	    !heading_says(st, n, asks) ||
	    (n_items = ordered_items(ql = cmark_node_next(n))) == 0 ||
	    !heading_says(st, h = cmark_node_next(ql), key_words) ||
	    cmark_node_get_heading_level(h) !=
	    cmark_node_get_heading_level(n) ||
	    ordered_items(al = cmark_node_next(h)) != n_items ||
	    cmark_node_get_list_start(al) != cmark_node_get_list_start(ql))
		return 0;
	/* A third of the questions ask; the numbers as written match. */
	for (qi = cmark_node_first_child(ql), asking = 0; qi != NULL;
	    qi = cmark_node_next(qi))
		asking += span_find(st, block_span(st, qi), "?") != NULL;
	if (3 * asking < n_items || !numbered_alike(st, ql, al))
		return 0;
	context_ends(r);
	finish_card(r);
	finish_pending(r);
	warn_once(r, &st->keyed_lists_said, line_of(st, block_span(st,
	    n).from), "a numbered list of questions, then a heading of their "
	    "answers over a list numbered alike, a quiz and its key: each "
	    "answer read with its question, the headings no card");
	cards_start(r);
	for (qi = cmark_node_first_child(ql), ai = cmark_node_first_child(al);
	    qi != NULL && ai != NULL; qi = cmark_node_next(qi),
	    ai = cmark_node_next(ai))
		push_card(r, item_body(st, qi), item_body(st, ai), 0, NULL,
		    line_of(st, block_span(st, qi).from));
	st->next = cmark_node_next(al);
	return 1;
}

/* How many questions' lists find_later_keys() holds open at once. */
#define LATER_PENDING	8

/*
 * How many items of ordered list n ask, a '?' in them; *one_line is set
 * when each item is a line alone.
 */
static size_t
items_asking(const struct md_state *st, cmark_node *n, int *one_line)
{
	cmark_node	*i;
	size_t		 asking = 0;
	struct span	 b;

	*one_line = 1;
	for (i = cmark_node_first_child(n); i != NULL;
	    i = cmark_node_next(i)) {
		b = block_span(st, i);
		*one_line &= line_of(st, b.from) == text_end_line(st, b);
		asking += holds_question_mark(st->doc + b.from,
		    st->doc + b.to);
	}
	return asking;
}

/*
 * The bytes of a question and of an answer that shared_stem() weighs:
 * what an answer names comes first, and the weighing stays a bounded
 * cost per item.
 */
#define STEM_SPAN	160

/*
 * Do [q, q + qn) and [a, a + an), their first STEM_SPAN bytes lowered,
 * share a word, words opening with the same four letters ("ошибки",
 * "ошибок")?  An answer names what its question asks of, "**Декоратор**:
 * ..." under "Что такое декоратор ...?"; shorter words, "for", "the",
 * say nothing.
 */
static int
shared_stem(const char *q, size_t qn, const char *a, size_t an)
{
	char		 lq[STEM_SPAN], la[STEM_SPAN];
	size_t		 i, j, m, n, k, letters;

	cp_lower_prefix(q, qn, lq, sizeof(lq));
	cp_lower_prefix(a, an, la, sizeof(la));
	for (i = 0; lq[i] != '\0'; i += m) {
		for (m = 0; cp_word_byte((unsigned char)lq[i + m]); m++)
			continue;
		if (m == 0) {
			m = 1;
			continue;
		}
		for (j = 0; m >= 4 && la[j] != '\0'; j += n) {
			for (n = 0; cp_word_byte((unsigned char)la[j + n]); n++)
				continue;
			if (n == 0) {
				n = 1;
				continue;
			}
			for (k = letters = 0; k < m && k < n &&
			    lq[i + k] == la[j + k]; k++)
				letters += ((unsigned char)lq[i + k] & 0xc0) !=
				    0x80;
			if (letters >= 4)
				return 1;
		}
	}
	return 0;
}

/*
 * Where the text of line l starts past its key mark "k-" or "k -",
 * "3-Çoklu çalışma ortamı ...", else 0.
 */
static size_t
dash_key(const struct md_state *st, unsigned long l, long k)
{
	size_t		 at = line_start(st, l), end = line_end(st, l);
	char		*e;

	if (at == end || !isdigit((unsigned char)st->doc[at]) ||
	    strtol(st->doc + at, &e, 10) != k)
		return 0;
	at = (size_t)(e - st->doc);
	at += strspn(st->doc + at, " ");
	if (at + 1 >= end || st->doc[at] != '-' || st->doc[at + 1] == '-')
		return 0;
	return at + 1 + strspn(st->doc + at + 1, " \t");
}

/*
 * Lines from first opened "k-" for k from start, n of them in turn, up
 * to a heading, a rule, a line opened "start-" again or the page's end:
 * the key's last line with text in *last, or 0 when the marks are not
 * all there.
 */
static int
dash_keys(const struct md_state *st, unsigned long first, size_t n,
    long start, unsigned long *last)
{
	unsigned long	 l;
	size_t		 found = 0;
	struct span	 s;

	if (dash_key(st, first, start) == 0)
		return 0;
	/* A key opened anew ends this one: each line is read once. */
	for (l = first, *last = 0; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (l > first && (atx_line(st, s) || (s.to - s.from >= 3 &&
		    strspn(st->doc + s.from, "-") == s.to - s.from) ||
		    dash_key(st, l, start) != 0))
			break;
		if (found < n && dash_key(st, l, start + (long)found) != 0)
			found++;
		if (s.from != s.to)
			*last = l;
	}
	return found == n;
}

/*
 * Does list a answer list q item by item, half of its answers or more
 * naming what their questions ask of (shared_stem())?  A list of as
 * many questions, the next day's, names other things.
 */
static int
named_answers(const struct md_state *st, cmark_node *q, cmark_node *a)
{
	cmark_node	*qi, *ai;
	size_t		 n = 0, named = 0;
	struct span	 qs, as;

	for (qi = cmark_node_first_child(q), ai = cmark_node_first_child(a);
	    qi != NULL && ai != NULL; qi = cmark_node_next(qi),
	    ai = cmark_node_next(ai), n++) {
		qs = block_span(st, qi);
		as = block_span(st, ai);
		named += shared_stem(st->doc + qs.from, qs.to - qs.from,
		    st->doc + as.from, as.to - as.from);
	}
	return 2 * named >= n;
}

/*
 * The page's numbered lists of questions, a line each and two thirds of
 * them asking, each with the first key below it that answers as many
 * questions from the same number: a list whose items ask a third of the
 * time at most, or a paragraph of lines opened "1-", "2-" ("1-Git,
 * sürüm kontrol sistemi ..."), the questions kept together and the
 * answers below.  Lists still waiting for their key, LATER_PENDING at
 * most, take the keys in turn, so the page is read once.
 */
static void
find_later_keys(struct md_state *st)
{
	cmark_node	*pend[LATER_PENDING], *m;
	size_t		 npend = 0, k, j, items, asking;
	unsigned long	 last;
	long		 start;
	int		 one_line = 0, keyed = 0;

	st->later_found = 1;
	for (m = cmark_node_first_child(st->root); m != NULL;
	    m = cmark_node_next(m)) {
		/*
		 * Under "### Facit" the lists answer, down to a heading
		 * as high that is no key's ("#### Del A" is).
		 */
		if (heading_says(st, m, key_words))
			keyed = cmark_node_get_heading_level(m);
		else if (cmark_node_get_type(m) == CMARK_NODE_HEADING &&
		    cmark_node_get_heading_level(m) <= keyed)
			keyed = 0;
		asking = (items = ordered_items(m)) >= 2 ?
		    items_asking(st, m, &one_line) : 0;
		if (items >= 2 && one_line && 3 * asking >= 2 * items) {
			if (npend == LATER_PENDING)
				memmove(pend, pend + 1, --npend *
				    sizeof(*pend));
			pend[npend++] = m;
			continue;
		}
		for (k = 0; k < npend; k++) {
			items = ordered_items(pend[k]);
			start = cmark_node_get_list_start(pend[k]);
			if (ordered_items(m) == items &&
			    numbered_alike(st, pend[k], m) &&
			    3 * asking < items && (keyed ||
			    named_answers(st, pend[k], m))) {
				last = text_end_line(st, block_span(st, m));
				break;
			}
			if (cmark_node_get_type(m) == CMARK_NODE_PARAGRAPH &&
			    dash_keys(st, (unsigned long)
			    cmark_node_get_start_line(m), items, start, &last))
				break;
		}
		if (k == npend)
			continue;
		/* Doubled, not grown by one: a copy each time is quadratic. */
		if (st->nlater == st->later_cap) {
			st->later_cap = st->later_cap == 0 ? 8 :
			    2 * st->later_cap;
			st->later = cp_xreallocarray(st->later, st->later_cap,
			    sizeof(*st->later));
		}
		st->later[st->nlater].q = pend[k];
		st->later[st->nlater].a = cmark_node_get_type(m) ==
		    CMARK_NODE_LIST ? m : NULL;
		st->later[st->nlater].first = (unsigned long)
		    cmark_node_get_start_line(m);
		st->later[st->nlater].last = last;
		cmark_node_set_user_data(pend[k], &st->later[st->nlater]);
		st->nlater++;
		for (j = k; j + 1 < npend; j++)
			pend[j] = pend[j + 1];
		npend--;
	}
	/* The array moved as it grew: the lists point at their keys anew. */
	for (k = 0; k < st->nlater; k++)
		cmark_node_set_user_data(st->later[k].q, &st->later[k]);
}

/*
 * A numbered list of questions whose key stands further down, past
 * other lists, prose or headings (find_later_keys()): each answer is
 * read with the question of its number, the line the question's, the
 * key's mark ("1.", "1-") no text.  Reported at each list.  The key's
 * blocks, when the walk reaches them, are taken: their lines are those
 * cards' answers, and a heading right over them, answering nothing,
 * titles them.
 */
static int
later_key(struct cp_reader *r, cmark_node *n)
{
	struct md_state		*st = r->state;
	struct dcard		*c = &st->cur;
	struct later_key	*k;
	cmark_node		*qi, *ai;
	unsigned long		 l = (unsigned long)
				    cmark_node_get_start_line(n), at, next;
	size_t			 from, to;
	long			 num;

	if (st->dialect != D_PLAIN || cmark_node_parent(n) != st->root ||
	    (c->open && c->details))
		return 0;
	if (!st->later_found)
		find_later_keys(st);
	while (st->later_at < st->nlater && st->later[st->later_at].last < l)
		st->later_at++;
	if (st->later_at < st->nlater && st->later[st->later_at].first <= l) {
		if (c->open && c->heading && c->a.from == c->a.to)
			c->open = 0;	/* "### Answers": titles the key */
		return 1;
	}
	if (cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    (k = cmark_node_get_user_data(n)) == NULL)
		return 0;
	if (c->open && c->heading && c->a.from != c->a.to) {
		c->open = 0;
		skipped(r, (struct span){ c->q.from, c->a.to }, "a heading "
		    "and prose over a list of questions, their title and "
		    "what they are for: no card");
	}
	if (c->open && c->heading)
		c->open = 0;	/* the heading titles the questions */
	context_ends(r);
	finish_card(r);
	finish_pending(r);
	cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0, "a numbered list "
	    "of questions a line each, answered by number further down, at "
	    "line %lu: each answer read with the question of its number",
	    k->first);
	cards_start(r);
	num = cmark_node_get_list_start(n);
	for (qi = cmark_node_first_child(n), ai = k->a == NULL ? NULL :
	    cmark_node_first_child(k->a), at = k->first; qi != NULL;
	    qi = cmark_node_next(qi), num++) {
		l = (unsigned long)cmark_node_get_start_line(qi);
		if (ai != NULL) {
			push_card(r, item_body(st, qi), item_body(st, ai), 0,
			    NULL, l);
			ai = cmark_node_next(ai);
			continue;
		}
		/* From past "N-" to the line before "N+1-", or the key's end. */
		from = dash_key(st, at, num);
		for (next = at + 1; next <= k->last &&
		    (cmark_node_next(qi) == NULL ||
		    dash_key(st, next, num + 1) == 0); next++)
			continue;
		to = line_end(st, next - 1);
		while (to > from && strchr(" \t\n", st->doc[to - 1]) != NULL)
			to--;
		push_card(r, item_body(st, qi), span_text(st,
		    (struct span){ from, to }), 0, NULL, l);
		at = next;
	}
	return 1;
}

/*
 * Is n a paragraph of "=" alone, three or more, "===" after a blank
 * line (under text it would underline a heading)?
 */
static int
equals_mark(const struct md_state *st, cmark_node *n)
{
	struct span	 b;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	b = block_span(st, n);
	while (b.to > b.from && strchr(" \t\n", st->doc[b.to - 1]) != NULL)
		b.to--;
	return b.to - b.from >= 3 &&
	    strspn(st->doc + b.from, "=") == b.to - b.from;
}

/*
 * A note of a deck whose notes open with "===" and whose sides a rule
 * parts (st->equals_notes): the blocks above the rule, down to the next
 * "===", the front, those below it the back.  A note with no rule, or
 * nothing on a side, is no card, skipped.
 */
static int
equals_note(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*stop, *rule = NULL;
	struct span	 q, a;

	if (!st->equals_notes || !equals_mark(st, n))
		return 0;
	for (stop = cmark_node_next(n); stop != NULL &&
	    !equals_mark(st, stop); stop = cmark_node_next(stop))
		if (rule == NULL &&
		    cmark_node_get_type(stop) == CMARK_NODE_THEMATIC_BREAK)
			rule = stop;
	warn_once(r, &st->equals_said, line_of(st, block_span(st, n).from),
	    "\"===\" alone opens each note and a rule \"---\" parts its "
	    "sides: the blocks above the rule the front, below it the back");
	st->next = stop;
	if (cmark_node_next(n) == stop)
		return 1;
	if (rule == NULL || cmark_node_next(n) == rule ||
	    cmark_node_next(rule) == stop) {
		skipped(r, blocks_under(st, n, stop), rule == NULL ? "a note "
		    "with no rule parting its sides: not a card" : "a note "
		    "with nothing on one side of its rule: not a card");
		return 1;
	}
	q = blocks_under(st, n, rule);
	a = blocks_under(st, rule, stop);
	block_card(r, q, a, 0, stop);
	return 1;
}

/*
 * A paragraph that asks over the paragraph that answers it (para_pair),
 * in a file whose cards are written so: the card.
 */
static int
para_answer(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;

	if (!st->para_answers || st->dialect != D_PLAIN || !para_pair(st, n))
		return 0;
	warn_once(r, &st->para_answers_said, line_of(st, block_span(st,
	    n).from), "paragraphs of one line that ask, each over a paragraph "
	    "that does not: read as questions, each answered by the "
	    "paragraph below");
	block_card(r, block_span(st, n), block_span(st, cmark_node_next(n)), 0,
	    cmark_node_next(cmark_node_next(n)));
	return 1;
}

/*
 * The blocks under top-level block n, down to next (NULL: the end), as
 * one span; there is one at least.
 */
static struct span
blocks_under(const struct md_state *st, cmark_node *n, cmark_node *next)
{
	cmark_node	*last;
	struct span	 a;

	for (last = cmark_node_next(n); cmark_node_next(last) != next;
	    last = cmark_node_next(last))
		continue;
	a.from = block_span(st, cmark_node_next(n)).from;
	a.to = block_span(st, last).to;
	return a;
}

/*
 * Is n a quote that asks, ending in '?' or of a few words at most (an
 * epigraph's sentence is no question), with blocks under it up to the
 * next quote or heading: a deck's "> question" over its answer?  Sets
 * *next to the block after the answer.  0 when n is no such quote; -1
 * when it is one with no answer under it, *next the block that follows.
 */
static int
quote_question_at(const struct md_state *st, cmark_node *n, cmark_node **next)
{
	cmark_node	*m = cmark_node_next(n);
	struct span	 b;
	const char	*p;
	size_t		 words = 0;

	if (cmark_node_get_type(n) != CMARK_NODE_BLOCK_QUOTE)
		return 0;
	b = block_span(st, n);
	for (p = st->doc + b.from; p < st->doc + b.to; p++)
		words += (*p == ' ' || *p == '\n') && p[1] != ' ' &&
		    p[1] != '>' && p[1] != '\n';
	if (!ends_asking(st, b) && words >= 8)
		return 0;
	*next = m;
	if (m == NULL || cmark_node_get_type(m) == CMARK_NODE_BLOCK_QUOTE ||
	    cmark_node_get_type(m) == CMARK_NODE_HEADING)
		return -1;
	while (m != NULL && cmark_node_get_type(m) != CMARK_NODE_BLOCK_QUOTE &&
	    cmark_node_get_type(m) != CMARK_NODE_HEADING)
		m = cmark_node_next(m);
	*next = m;
	return 1;
}

/*
 * A deck whose questions are quotes, "> Grausamkeit" over "cruelty", in a
 * file that opens with one and answers two thirds of its quotes so: the
 * quote's lines past their '>' ask, the blocks under it down to the next
 * quote or heading answer.  A quote with no blocks under it is a question
 * left unanswered, no card.
 */
static int
quote_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*next;
	struct span	 b = block_span(st, n);
	int		 k;

	if (!st->quote_questions || st->dialect != D_PLAIN ||
	    (k = quote_question_at(st, n, &next)) == 0)
		return 0;
	if (k < 0) {
		skipped(r, b, next == NULL ? "a quoted question that ends the "
		    "file, no answer under it: not a card" :
		    cmark_node_get_type(next) == CMARK_NODE_HEADING ?
		    "a quoted question right over a heading, no answer "
		    "under it: not a card" : "a quoted question right over "
		    "the next one, no answer under it: not a card");
		return 1;
	}
	warn_once(r, &st->quote_questions_said, line_of(st, b.from), "quotes "
	    "each over blocks read as questions, the blocks as their "
	    "answers: the file's questions are quoted");
	finish_card(r);
	finish_pending(r);
	push_card(r, lines_text(st, line_of(st, b.from),
	    text_end_line(st, b), 1), span_text(st, blocks_under(st, n,
	    next)), 0, NULL, line_of(st, b.from));
	st->next = next;
	return 1;
}

/*
 * Does top-level block n begin a part of the page, two blank lines or
 * more above it, or nothing?
 */
static int
part_start(const struct md_state *st, cmark_node *n)
{
	cmark_node	*p = cmark_node_previous(n);

	/* A list's end line counts the blank lines after it: its text's. */
	return p == NULL || (unsigned long)cmark_node_get_start_line(n) >
	    text_end_line(st, block_span(st, p)) + 2;
}

/*
 * A paragraph of one line that begins a part over more blocks in its
 * part, in a page parted so: the line asks, the blocks up to the next
 * part answer.  Sets *next to the next part's first block.
 */
static int
gap_question(const struct md_state *st, cmark_node *n, cmark_node **next)
{
	cmark_node	*m;
	struct span	 b;

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH ||
	    !part_start(st, n))
		return 0;
	b = block_span(st, n);
	if (line_of(st, b.from) != line_of(st, b.to) ||
	    (m = cmark_node_next(n)) == NULL || part_start(st, m))
		return 0;
	while (m != NULL && !part_start(st, m))
		m = cmark_node_next(m);
	*next = m;
	return 1;
}

/*
 * Parts of the page parted by two blank lines, one blank line inside
 * each, in a file whose cards are written so: the part's first line is
 * the question, its other blocks the answer.
 */
static int
gap_card(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	cmark_node	*next;

	if (!st->gap_cards || st->dialect != D_PLAIN ||
	    !gap_question(st, n, &next))
		return 0;
	warn_once(r, &st->gap_cards_said, line_of(st, block_span(st,
	    n).from), "parts parted by two blank lines, one line over "
	    "blocks: the line read as the question, the blocks as its answer");
	block_card(r, block_span(st, n), blocks_under(st, n, next), 0, next);
	return 1;
}

/*
 * The mark a vault's own Obsidian_to_Anki regex ends a question with:
 * a tag ("#fc") or '#' and one or two signs ("#!", "#?"), which no
 * prose ends a line with.  "#flashcard" is no such mark: the plugin's
 * own, read by the rules of its notes.
 */
static int
regex_mark(const char *t, const char *e)
{
	const char	*q;

	if (is_tag(t, e))
		return e - t != 10 || strncmp(t, "#flashcard", 10) != 0;
	if (e - t < 2 || e - t > 3 || *t != '#')
		return 0;
	for (q = t + 1; q < e; q++)
		if ((unsigned char)*q >= 0x80 || !ispunct((unsigned char)*q) ||
		    *q == '#')
			return 0;
	return 1;
}

/*
 * Where a line ending in such a mark, "question #fc", stops being the
 * question (at the blank before the mark); or NULL.
 */
static const char *
marked_line(const char *p, const char *e)
{
	const char	*t;

	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (t = e; t > p && t[-1] != ' ' && t[-1] != '\t'; t--)
		continue;
	if (t - p < 2 || !regex_mark(t, e))
		return NULL;
	return t - 1;
}

/*
 * A note of a notetype the user gave Obsidian_to_Anki a regex of, as
 * vaults write it: a paragraph down to its line ending in a mark such
 * as "#fc" or "#!", the question (the mark no text of it), then the
 * answer's lines down to a blank line or the
 * "<!--ID: ...-->" comment the plugin wrote under it, as the regex
 * reads them, code fences and all.  Lines of blanks that end the
 * answer are none of it.
 */
static int
o2a_marked_note(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n), s, a;
	unsigned long	 l, first = line_of(st, b.from), last;
	const char	*q = NULL;

	if (!st->o2a_marked || st->dialect != D_O2A ||
	    cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	for (l = first; l <= line_of(st, b.to) && q == NULL; l++) {
		s = line_span(st, l);
		q = marked_line(st->doc + s.from, st->doc + s.to);
	}
	if (q == NULL)
		return 0;
	cards_start(r);
	while (l <= st->nlines && line_span(st, l).from == line_span(st,
	    l).to)
		l++;
	a.from = a.to = line_start(st, l);
	for (last = l - 1; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (s.from == s.to || (s.to - s.from >= 4 &&
		    strncmp(st->doc + s.from, "<!--", 4) == 0))
			break;
		last = l;
		if (s.from + strspn(st->doc + s.from, " \t") < s.to)
			a.to = s.to;
	}
	st->skip_to = last;
	push_card(r, cp_xstrndup(st->doc + line_start(st, first),
	    (size_t)(q - st->doc) - line_start(st, first)),
	    cp_xstrndup(st->doc + a.from, a.to - a.from), 0, NULL, first);
	return 1;
}

/*
 * The text past a question's label set in bold by HTML at the start of
 * span q, "<strong>Q:</strong> What ...", or NULL.
 */
static const char *
past_tagged_label(const struct md_state *st, struct span q)
{
	static const char *const tags[][2] = {
		{ "<strong>", "</strong>" }, { "<b>", "</b>" }
	};
	const char	*p = st->doc + q.from, *end = st->doc + q.to, *close;
	size_t		 i, n;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		n = strlen(tags[i][0]);
		if ((size_t)(end - p) <= n ||
		    strncasecmp(p, tags[i][0], n) != 0 ||
		    (close = memmem(p + n, (size_t)(end - p - n), tags[i][1],
		    n + 1)) == NULL ||
		    after_prefix(st, p + n, close, 'Q') != close)
			continue;
		for (p = close + n + 1; p < end && (*p == ' ' || *p == '\t');
		    p++)
			continue;
		return p;
	}
	return NULL;
}

/*
 * Where a "<details>" block's summary is, or 0 when the block is no
 * "<details>" with a summary.
 */
static int
details_summary(const struct md_state *st, struct span b, struct span *q)
{
	const char	*sum, *end;

	/* CommonMark lets up to three spaces open an HTML block. */
	while (b.from < b.to && st->doc[b.from] == ' ')
		b.from++;
	/* "<details>", "<details open>", "<details style=...>" */
	if (b.to - b.from < 9 || strncasecmp(st->doc + b.from, "<details",
	    8) != 0 || strchr("> \t\n", st->doc[b.from + 8]) == NULL ||
	    (sum = span_find(st, b, "<summary>")) == NULL ||
	    (end = span_find(st, b, "</summary>")) == NULL || end < sum)
		return 0;
	q->from = (size_t)(sum - st->doc) + 9;
	q->to = (size_t)(end - st->doc);
	return 1;
}

/*
 * Leave out the "<br>" tags and spaces that open or close s: a break
 * with no text on one side of it parts nothing, it only spaces the
 * answer from the summary and the next card on the page.
 */
static void
trim_breaks(const struct md_state *st, struct span *s)
{
	size_t	 k, t;

	for (;;) {
		while (s->from < s->to && strchr(" \t\n", st->doc[s->from]))
			s->from++;
		if ((t = br_tag(st->doc + s->from, s->to - s->from)) == 0)
			break;
		s->from += t;
	}
	for (;;) {
		while (s->to > s->from && strchr(" \t\n", st->doc[s->to - 1]))
			s->to--;
		/* "<br>", "<br/>", "<br />": the tag that closes s, if any. */
		for (k = 4; k <= 6 && k <= s->to - s->from; k++)
			if (br_tag(st->doc + s->to - k, k) == k)
				break;
		if (k > 6 || k > s->to - s->from)
			break;
		s->to -= k;
	}
}

/*
 * Whether summary q labels the answer rather than asks: as
 * summary_is_label() reads it, or saying what all the page's summaries
 * say, "Click to reveal answer" on each: a button's words.
 */
static int
summary_label(const struct md_state *st, struct span q)
{
	trim_breaks(st, &q);
	return summary_is_label(st->doc + q.from, st->doc + q.to) ||
	    (st->alike_summary.to != 0 && same_text(st, q, st->alike_summary));
}

/* A "<details>" block whose summary asks, not labels the answer. */
static int
details_asks(const struct md_state *st, cmark_node *n)
{
	struct span	 q;

	return details_summary(st, block_span(st, n), &q) &&
	    !summary_label(st, q);
}

/* The text all the page's summaries share, two or more; else none. */
static struct span
alike_summaries(const struct md_state *st)
{
	cmark_node	*n;
	struct span	 q, b, first = { 0, 0 };
	size_t		 count = 0;
	const char	*p;

	for (n = cmark_node_first_child(st->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK)
			continue;
		/* With no blank line between them, one block holds many. */
		for (b = block_span(st, n); details_summary(st, b, &q);
		    b.from = (size_t)(p - st->doc)) {
			trim_breaks(st, &q);
			if (count++ == 0)
				first = q;
			else if (!same_text(st, q, first))
				return (struct span){ 0, 0 };
			b.from = q.to;
			if ((p = span_find(st, b, "<details>")) == NULL)
				break;
		}
	}
	return count >= 2 && first.to > first.from ? first :
	    (struct span){ 0, 0 };
}

static void	 unwrap_opened(const struct md_state *, struct span *,
		    const char *, const char *);

/*
 * Leave out the tag pair that wraps all of s, its only tags of that
 * name: "<p>" round a details block's answer, "<b>" round its summary,
 * the page's layout, no text.
 */
static void
unwrap_tag(const struct md_state *st, struct span *s, const char *name)
{
	char	 open[16];

	(void)snprintf(open, sizeof(open), "<%s>", name);
	unwrap_opened(st, s, name, open);
}

/*
 * Leave out the pair of tags name that wraps all of s, opened as open
 * says, "<div markdown=\"1\">", its only tags of that name.
 */
static void
unwrap_opened(const struct md_state *st, struct span *s, const char *name,
    const char *open)
{
	struct span	 in;
	char		 attrs[16], close[16];
	size_t		 no = strlen(open), nc;

	nc = (size_t)snprintf(close, sizeof(close), "</%s>", name);
	(void)snprintf(attrs, sizeof(attrs), "<%s ", name);
	trim_breaks(st, s);
	if (s->to - s->from < no + nc ||
	    strncasecmp(st->doc + s->from, open, no) != 0 ||
	    strncasecmp(st->doc + s->to - nc, close, nc) != 0)
		return;
	in.from = s->from + no;
	in.to = s->to - nc;
	if (span_find(st, in, open) != NULL ||
	    span_find(st, in, attrs) != NULL ||
	    span_find(st, in, close) != NULL)
		return;
	trim_breaks(st, &in);
	*s = in;
}

/*
 * Leave out the layout round all of a details block's answer: a table of
 * one cell, "<table><tr><td>" ... "</td></tr></table>", "<p>", and the
 * "<div markdown=\"1\">" that asks kramdown to read Markdown inside.
 */
static void
unwrap_answer(const struct md_state *st, struct span *a)
{
	unwrap_opened(st, a, "div", "<div markdown=\"1\">");
	unwrap_tag(st, a, "table");
	unwrap_tag(st, a, "tr");
	unwrap_tag(st, a, "td");
	unwrap_tag(st, a, "p");
}

/*
 * Is the "<details>" that opens span d a follow-up question to the card
 * whose question is q: its summary asks ('?') or ends as q does
 * ("...설명해주세요.")?  "Example", "Show the program" fold part of the
 * answer away.
 */
static int
follow_up(const struct md_state *st, struct span q, struct span d)
{
	struct span	 f, a, b;

	if (!details_summary(st, d, &f))
		return 0;
	if (span_find(st, f, "?") != NULL || span_find(st, f,
	    FULLWIDTH_QMARK) != NULL)
		return 1;
	a = last_word(st->doc, st->doc + q.from, st->doc + q.to);
	b = last_word(st->doc, st->doc + f.from, st->doc + f.to);
	return a.to - a.from >= 2 && a.to - a.from == b.to - b.from &&
	    memcmp(st->doc + a.from, st->doc + b.from, a.to - a.from) == 0;
}

/*
 * GitHub's collapsible section, "<details><summary>question</summary>
 * answer</details>", a common way to hide a card's answer on a page:
 * the summary asks, what the block holds answers.  A summary that is
 * a label ("Answer:") hides the answer of the heading's card above it,
 * whose blocks so far are more of its question.
 */
static int
details_part(struct cp_reader *r, struct span b, struct span *rest)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 q, word;
	const char	*p, *o;
	int		 label;

	*rest = (struct span){ b.to, b.to };
	/* The outer "</details>" of folded follow-ups. */
	while (b.from < b.to && st->doc[b.from] == ' ')
		b.from++;
	if (!c->open && st->details_depth > 0 && b.to - b.from >= 10 &&
	    strncasecmp(st->doc + b.from, "</details>", 10) == 0) {
		st->details_depth--;
		rest->from = b.from + 10;
		return 1;
	}
	if (c->open && c->details) {
		p = span_find(st, b, "</details>");
		/*
		 * A "<details>" inside the answer, a follow-up question
		 * folded under it: the answer ends above it, and it is a
		 * card of its own; the "</details>" of the outer one, later,
		 * closes nothing more.  Not an example or a listing folded
		 * in the answer ("Example"), nor one before any answer.
		 */
		if ((o = span_find(st, b, "<details")) != NULL &&
		    (p == NULL || o < p) && follow_up(st, c->q,
		    (struct span){ (size_t)(o - st->doc), b.to }) &&
		    (o > st->doc + b.from || !only_blank(st, c->a))) {
			if (o > st->doc + b.from)
				extend(&c->a, (struct span){ b.from,
				    (size_t)(o - st->doc) });
			trim_breaks(st, &c->a);
			unwrap_answer(st, &c->a);
			finish_card(r);
			warn_once(r, &st->nested_details_said, line_of(st,
			    (size_t)(o - st->doc)), "a collapsed answer that "
			    "folds more questions inside it: its answer ends "
			    "above the first, each a card of its own");
			st->details_depth++;
			rest->from = (size_t)(o - st->doc);
			return 1;
		}
		if (p == NULL) {
			extend(&c->a, b);
			return 1;
		}
		if (p > st->doc + b.from)
			extend(&c->a, (struct span){ b.from,
			    (size_t)(p - st->doc) });
		unwrap_answer(st, &c->a);
		finish_card(r);
		rest->from = (size_t)(p - st->doc) + 10;
		return 1;
	}
	/*
	 * "</details>" over the next question's line, "02. ¿Qué ...?", and
	 * its "<details>": no blank line ends the HTML block, and the line
	 * waits for its answer as a paragraph would.
	 */
	if (!c->open && st->alike_summary.to > st->alike_summary.from &&
	    (p = span_find(st, b, "<details>")) != NULL &&
	    p > st->doc + b.from && st->doc[b.from] != '<' &&
	    p[-1] == '\n') {
		add_pending(st, (struct span){ b.from,
		    (size_t)(p - st->doc) - 1 });
		b.from = (size_t)(p - st->doc);
	}
	if (!details_summary(st, b, &q))
		return 0;
	label = summary_label(st, q);
	/*
	 * One word, no colon, and no question above it waiting for its
	 * answer, where the page's other summaries ask: a glossary's term
	 * ("Asset"), its card's question, not a label.  A heading that asks
	 * nothing, a section's ("## NoSQL"), waits for no answer, unless
	 * the word is the word for one ("Solution").
	 */
	word = q;
	unwrap_tag(st, &word, "b");
	unwrap_tag(st, &word, "strong");
	if (label && st->details_cards && (!(c->open && c->heading) ||
	    (!ends_asking(st, c->q) && !answer_label_heading(st, word))) &&
	    (st->pend.from == st->pend.to || !ends_asking(st, st->pend)) &&
	    span_find(st, q, ":") == NULL)
		label = 0;
	if (label && c->open && c->heading && !c->split) {
		c->qbody = c->a;
		memset(&c->a, 0, sizeof(c->a));
		c->split = 1;
		p = st->doc + c->qbody.from;
		if (bold_label(p, st->doc + c->qbody.to) != 0 &&
		    line_end(st, line_of(st, c->qbody.from)) ==
		    (size_t)(p - st->doc) + bold_label(p, st->doc +
		    c->qbody.to) + 5)
			/* "**Question**:" over the questions names them. */
			c->qbody.from = line_start(st,
			    line_of(st, c->qbody.from) + 1);
	} else if (label && c->open && c->labelled && c->awaiting &&
	    answer_label_heading(st, word)) {
		/*
		 * "**Q1:** question" over "<details><summary>Answer"; a
		 * "Hint" folded away is no answer.
		 */
		c->awaiting = 0;
	} else if (label && !c->open && st->pend.from != st->pend.to &&
	    st->alike_summary.to > st->alike_summary.from) {
		/*
		 * "**Q2.** question" right over "<details><summary>Answer":
		 * the last paragraph asks; what is above it is no card.
		 */
		struct span	 pq;
		unsigned long	 line;
		const char	*gap;

		pq = take_pending(st, &line);
		for (gap = NULL, p = st->doc + pq.from; (p = memmem(p, (size_t)(
		    st->doc + pq.to - p), "\n\n", 2)) != NULL; p++)
			gap = p;
		if (gap != NULL) {
			skipped(r, (struct span){ pq.from,
			    (size_t)(gap - st->doc) }, "not a card");
			pq.from = (size_t)(gap - st->doc) + 2;
			pq.from += strspn(st->doc + pq.from, "\n");
			line = line_of(st, pq.from);
		}
		/* "01. question": the list's marker, no text of it. */
		if ((p = past_number(st, pq)) != NULL)
			pq.from = (size_t)(p - st->doc);
		c = open_card(r, line);
		c->q = pq;
	} else if (label)
		return 0;
	else {
		if (c->open && c->heading && c->a.from == c->a.to)
			c->open = 0;	/* the section the cards are in */
		finish_card(r);
		finish_pending(r);
		c = open_card(r, line_of(st, b.from));
		c->q = q;
		unwrap_tag(st, &c->q, "b");
		unwrap_tag(st, &c->q, "strong");
		/*
		 * "<summary>Q: question</summary>": the label marks it, as
		 * "A:" marks the answer, "<strong>Q:</strong> question" too.
		 */
		if (((p = after_prefix(st, st->doc + c->q.from,
		    st->doc + c->q.to, 'Q')) != NULL ||
		    (p = past_tagged_label(st, c->q)) != NULL) &&
		    p < st->doc + c->q.to) {
			c->q.from = (size_t)(p - st->doc);
			c->q_label = 1;
		}
	}
	c->details = 1;
	q.from = q.to + 10;	/* past "</summary>" */
	q.to = b.to;
	if ((p = span_find(st, q, "</details>")) != NULL) {
		q.to = (size_t)(p - st->doc);
		trim_breaks(st, &q);
		extend(&c->a, q);
		unwrap_answer(st, &c->a);
		finish_card(r);
		rest->from = (size_t)(p - st->doc) + 10;
	} else if (q.from < q.to)
		extend(&c->a, q);
	return 1;
}

/* Does span s hold nothing but white space? */
static int
only_blank(const struct md_state *st, struct span s)
{
	return strspn(st->doc + s.from, " \t\r\n") >= s.to - s.from;
}

/*
 * The blocks of a details card, one part of a block at a time: with no
 * blank line between them, the "</details>" that ends one card and the
 * "<details>" that opens the next are one HTML block, and so may be
 * several whole cards.  Headings and all, what is inside an open one
 * is its answer.  HTML after the last card's end is no card.
 */
static int
details_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), rest;
	int		 took = 0;

	if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK) {
		if (!(c->open && c->details))
			return 0;
		/*
		 * "> answer" alone under the summary: the quote sets it
		 * off.  A block after it makes the quote part of the answer.
		 */
		c->quoted = cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE &&
		    only_blank(st, c->a);
		extend(&c->a, b);
		return 1;
	}
	while (b.from < b.to && details_part(r, b, &rest)) {
		took = 1;
		b = rest;
		while (b.from < b.to && strchr(" \t\r\n", st->doc[b.from]))
			b.from++;
	}
	if (took && b.from < b.to)
		skipped(r, b, "HTML after a collapsed answer, no summary "
		    "over it: not a card");
	return took;
}

/*
 * The collapsed answer list item i holds under its question: its second
 * block HTML that opens "<details>" and holds its "<summary>" and its
 * "</details>", "21. retain cycle ..." over "<TAB><details>" ...; the
 * span between "</summary>" and "</details>", else an empty span.
 */
static struct span
item_details(const struct md_state *st, cmark_node *i)
{
	cmark_node	*para = cmark_node_first_child(i), *h;
	struct span	 b, none = { 0, 0 };
	const char	*sum, *end;

	if (para == NULL || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH ||
	    (h = cmark_node_next(para)) == NULL ||
	    cmark_node_get_type(h) != CMARK_NODE_HTML_BLOCK)
		return none;
	b = block_span(st, h);
	b.from += strspn(st->doc + b.from, " \t");
	if (b.to - b.from < 9 || strncasecmp(st->doc + b.from, "<details",
	    8) != 0 || (sum = span_find(st, b, "</summary>")) == NULL ||
	    (end = span_find(st, b, "</details>")) == NULL || end < sum)
		return none;
	return (struct span){ (size_t)(sum - st->doc) + 10,
	    (size_t)(end - st->doc) };
}

/*
 * The lines of span a, each past as much white space as the least
 * indented of them has, the blank ones at either end left out: a
 * collapsed answer set in under its list item.  The caller frees it.
 */
static char *
set_in_text(const struct md_state *st, struct span a)
{
	struct cp_buf	 b = { 0 };
	size_t		 p, e, k, least = SIZE_MAX;

	for (p = a.from; p < a.to; p = e + 1) {
		e = p + strcspn(st->doc + p, "\n");
		e = e > a.to ? a.to : e;
		k = strspn(st->doc + p, " \t");
		if (p + k < e && k < least)
			least = k;
	}
	cp_buf_addstr(&b, "");
	for (p = a.from; p < a.to; p = e + 1) {
		e = p + strcspn(st->doc + p, "\n");
		e = e > a.to ? a.to : e;
		k = strspn(st->doc + p, " \t");
		if (p + k >= e)
			k = e - p;
		else if (k > least)
			k = least;
		if (b.len > 0 || p + k < e)
			cp_buf_printf(&b, "%s%.*s", b.len > 0 ? "\n" : "",
			    (int)(e - p - k), st->doc + p + k);
	}
	while (b.len > 0 && strchr(" \t\n", b.data[b.len - 1]) != NULL)
		b.data[--b.len] = '\0';
	return cp_buf_detach(&b);
}

/*
 * A list whose items, two or more, each hold a collapsed answer under
 * their first line, "<details><summary>ответ</summary> ... </details>",
 * a question bank whose author answered some: each such item is a card,
 * its paragraph the question and the collapsed lines the answer; the
 * items with none are questions not answered, left out, said once.
 */
static int
details_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*i;
	struct span	 a;
	size_t		 answered = 0, bare = 0;
	unsigned long	 first_bare = 0;

	for (i = cmark_node_first_child(list); i != NULL;
	    i = cmark_node_next(i))
		answered += item_details(st, i).to != 0;
	if (answered < 2)
		return 0;
	cards_start(r);
	warn_once(r, &st->details_items_said, (unsigned long)
	    cmark_node_get_start_line(list), "list items over a collapsed "
	    "answer, <details>: each such item a card, its first paragraph "
	    "the question");
	for (i = cmark_node_first_child(list); i != NULL;
	    i = cmark_node_next(i)) {
		if ((a = item_details(st, i)).to == 0) {
			first_bare = bare++ == 0 ? (unsigned long)
			    cmark_node_get_start_line(i) : first_bare;
			continue;
		}
		push_card(r, span_text(st, item_span(st,
		    cmark_node_first_child(i))), set_in_text(st, a), 0, NULL,
		    (unsigned long)cmark_node_get_start_line(i));
	}
	if (bare > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first_bare, 0,
		    "%zu of the list's items with no collapsed answer under "
		    "them: questions not answered, left out", bare);
	return 1;
}

/*
 * Line l of block quote n past its "> " (a line the quote took lazily
 * has none), blanks at its end left out.
 */
static struct span
quote_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	if (s.from < s.to && st->doc[s.from] == '>') {
		s.from++;
		if (s.from < s.to && st->doc[s.from] == ' ')
			s.from++;
	}
	return s;
}

/*
 * The lines first to last as written, spaces that end them left out;
 * with unquote, each past its "> " (quote_line()).
 */
static char *
lines_text(const struct md_state *st, unsigned long first,
    unsigned long last, int unquote)
{
	struct cp_buf	 b = { 0 };
	struct span	 s;
	unsigned long	 l;

	cp_buf_addstr(&b, "");
	for (l = first; l <= last; l++) {
		if (unquote)
			s = quote_line(st, l);
		else {
			s.from = line_start(st, l);
			s.to = line_end(st, l);
		}
		while (s.to > s.from && strchr(" \t\r", st->doc[s.to - 1]))
			s.to--;
		if (l > first)
			cp_buf_addc(&b, '\n');
		cp_buf_add(&b, st->doc + s.from, s.to - s.from);
	}
	return cp_buf_detach(&b);
}

/*
 * A line that is an HTML comment of its own and none of a tool's
 * bookkeeping ("<!--ID: ...-->", "<!--SR: ...-->"): it may mark where
 * a field of a user's note type starts, as "<!--front-->" does.
 */
static int
mark_comment(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);

	return is_html_comment(st, s) && strncmp(st->doc + s.from,
	    "<!--ID:", 7) != 0 && strncmp(st->doc + s.from, "<!--SR:", 7) != 0;
}

/* The first line from l to last that is not blank, or last + 1. */
static unsigned long
first_text_line(const struct md_state *st, unsigned long l,
    unsigned long last)
{
	while (l <= last && line_span(st, l).from == line_span(st, l).to)
		l++;
	return l;
}

/*
 * Obsidian Anki Sync's comment line opening or closing a card's block,
 * "<!-- basicblock-start oid=... -->" or "<!-- clozeblock-end -->": 'b'
 * for a basic block, 'c' for a cloze one, 0 for any other line.  edge
 * is "-start" or "-end".
 */
static int
sync_mark(const struct md_state *st, unsigned long l, const char *edge)
{
	struct span	 s = line_span(st, l);
	const char	*p = st->doc + s.from + 4;
	size_t		 n = strlen(edge);

	if (!is_html_comment(st, s))
		return 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "basicblock", 10) == 0 && strncmp(p + 10, edge, n) == 0)
		return 'b';
	if (strncmp(p, "clozeblock", 10) == 0 && strncmp(p + 10, edge, n) == 0)
		return 'c';
	return 0;
}

/*
 * In a file of Obsidian Anki Sync's blocks, each block from its start
 * comment to its end comment is a card: a basic block's front is its
 * text up to the first "::", its back the rest, blank lines and fences
 * and all; a cloze block's text is a Cloze note of its highlights.  The
 * plugin reads nothing outside them: no card there.
 */
static int
sync_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first = (unsigned long)cmark_node_get_start_line(n);
	unsigned long	 end;
	struct span	 q, a;
	int		 kind;

	if (!st->sync_blocks)
		return 0;
	if ((kind = sync_mark(st, first, "-start")) == 0) {
		warn_once(r, &st->outside_said, first, "text outside the "
		    "file's card blocks is none of their cards: skipped");
		return 1;
	}
	for (end = first + 1; end <= st->nlines && sync_mark(st, end,
	    "-end") != kind; end++)
		continue;
	st->skip_to = end;
	if (end > st->nlines)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "a card's block with no end comment: read to the end "
		    "of the file");
	q.from = line_start(st, first + 1);
	q.to = end <= st->nlines ? line_start(st, end) : st->len;
	trim_breaks(st, &q);
	if (kind == 'c') {
		st->highlight_clozes = 1;
		push_cloze(r, q, line_of(st, q.from));
		st->highlight_clozes = 0;
		return 1;
	}
	for (a.from = q.from; a.from + 1 < q.to && strncmp(st->doc + a.from,
	    "::", 2) != 0; a.from++)
		continue;
	if (q.from >= q.to || a.from + 1 >= q.to) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "a card's block with no \"::\" parting front and back, "
		    "not a card; skipped");
		return 1;
	}
	a.to = q.to;
	q.to = a.from;
	a.from += 2;
	trim_breaks(st, &q);
	trim_breaks(st, &a);
	push_card(r, span_text(st, q), span_text(st, a), 0, NULL,
	    line_of(st, q.from));
	return 1;
}

/*
 * A note of a user's note type whose fields comment lines mark (an
 * Obsidian_to_Anki regex over them, say): the first of the file's
 * three marks, the front, the second, the back, the third.  Block n
 * is the first mark.  The blank lines round the fields are no text.
 */
static int
comment_note(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first = (unsigned long)cmark_node_get_start_line(n);
	unsigned long	 mid, end, q, qe, a, ae;

	if (!st->comment_notes || cmark_node_get_type(n) !=
	    CMARK_NODE_HTML_BLOCK || !same_text(st, line_span(st, first),
	    st->comment_marks[0]))
		return 0;
	cards_start(r);
	for (mid = first + 1; mid <= st->nlines && !same_text(st,
	    line_span(st, mid), st->comment_marks[1]); mid++)
		continue;
	for (end = mid + 1; end <= st->nlines && !same_text(st,
	    line_span(st, end), st->comment_marks[2]); end++)
		continue;
	st->skip_to = end;
	q = first_text_line(st, first + 1, mid - 1);
	a = first_text_line(st, mid + 1, end - 1);
	for (qe = mid - 1; qe > q && line_span(st, qe).from ==
	    line_span(st, qe).to; qe--)
		continue;
	for (ae = end - 1; ae > a && line_span(st, ae).from ==
	    line_span(st, ae).to; ae--)
		continue;
	if (q >= mid || a >= end) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0,
		    "a note's marks with no front or no back between them, "
		    "not a card; skipped");
		return 1;
	}
	push_card(r, lines_text(st, q, qe, 0), lines_text(st, a, ae, 0), 0,
	    NULL, q);
	return 1;
}

/*
 * Obsidian Spaced Repetition reads a file's lines, "> " and all: a
 * block quote with a line "?" or "??" of its own ("> ?", ">??") is a
 * card the author set in a quote to set it apart, its lines above that
 * line the question, those below the answer.
 */
static int
quoted_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first, last, l;
	int		 k = 0;

	if (st->dialect != D_OSR ||
	    cmark_node_get_type(n) != CMARK_NODE_BLOCK_QUOTE)
		return 0;
	first = (unsigned long)cmark_node_get_start_line(n);
	last = (unsigned long)cmark_node_get_end_line(n);
	for (l = first + 1; l < last; l++)
		if ((k = question_mark(st, quote_line(st, l))) != 0)
			break;
	if (k == 0)
		return 0;
	cards_start(r);
	push_card(r, lines_text(st, first, l - 1, 1), lines_text(st, l + 1,
	    last, 1), k == 2, NULL, first);
	return 1;
}

/*
 * Notion's toggle, exported: a bare "-" and, after a blank line, the
 * text folded under it indented, which CommonMark reads as indented
 * code.  The blocks no card took above it are the question, the text
 * the answer.
 */
static int
toggle_card(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*code = cmark_node_next(list);
	struct span	 q;
	unsigned long	 line;
	const char	*lit;
	size_t		 n;

	if (st->cur.open || st->pend.from == st->pend.to ||
	    cmark_node_get_list_type(list) != CMARK_BULLET_LIST ||
	    !empty_list(list) || code == NULL ||
	    cmark_node_get_type(code) != CMARK_NODE_CODE_BLOCK ||
	    strchr(" \t", st->doc[line_start(st, (unsigned long)
	    cmark_node_get_start_line(code))]) == NULL)
		return 0;
	q = take_pending(st, &line);
	lit = cmark_node_get_literal(code);
	for (n = strlen(lit); n > 0 && lit[n - 1] == '\n'; n--)
		continue;
	push_card(r, span_text(st, q), cp_xstrndup(lit, n), 0, NULL, line);
	st->next = cmark_node_next(code);
	return 1;
}

/*
 * Where the title of an Obsidian callout of the question type is, when
 * block quote n opens with one: "> [!question]- title", the type also
 * written "faq" or "help", as Obsidian spells it, folded ('-') or not.
 * 0 when n is no such callout or its title is empty.
 */
static int
question_callout(const struct md_state *st, cmark_node *n, struct span *q)
{
	static const char *const types[] = { "question]", "faq]", "help]" };
	struct span	 s;
	size_t		 i, k;

	if (cmark_node_get_type(n) != CMARK_NODE_BLOCK_QUOTE)
		return 0;
	s = line_span(st, (unsigned long)cmark_node_get_start_line(n));
	if (s.to - s.from < 3 || st->doc[s.from] != '>')
		return 0;
	for (s.from++; s.from < s.to && st->doc[s.from] == ' '; s.from++)
		continue;
	if (s.to - s.from < 2 || strncmp(st->doc + s.from, "[!", 2) != 0)
		return 0;
	s.from += 2;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		k = strlen(types[i]);
		if (s.to - s.from >= k &&
		    strncasecmp(st->doc + s.from, types[i], k) == 0)
			break;
	}
	if (i == sizeof(types) / sizeof(types[0]))
		return 0;
	s.from += k;
	if (s.from < s.to && (st->doc[s.from] == '-' ||
	    st->doc[s.from] == '+'))
		s.from++;
	while (s.from < s.to && st->doc[s.from] == ' ')
		s.from++;
	*q = s;
	return s.from < s.to;
}

static char	*unquote(const struct md_state *, cmark_node *);

/*
 * A callout of the question type asks in its title and answers in its
 * body, folded away ('-') as a "<details>" block would be: each is a
 * card, its body without the "> ".  A heading right over it, nothing
 * between, is the section the cards are in.
 */
static int
callout_card(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 q;
	char		*body, *a;

	if (!st->question_callouts || !question_callout(st, n, &q))
		return 0;
	if (c->open && c->heading && c->a.from == c->a.to)
		c->open = 0;
	finish_card(r);
	finish_pending(r);
	body = unquote(st, n);
	a = strchr(body, '\n');
	push_card(r, span_text(st, q), cp_xstrdup(a != NULL ? a + 1 : ""),
	    0, NULL, line_of(st, q.from));
	free(body);
	return 1;
}

/*
 * An Obsidian callout of any type titled with the word for an answer,
 * "> [!check]- Answer", folded as a "<details>" block would be: the
 * blocks above it ask, its body answers.  Under a question's heading
 * it ends the question there, and under a labelled question, "**Q1.**",
 * with no answer's label, it is the answer; between rules, the blocks
 * waiting since the rule are the question.
 */
static int
answer_callout(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 t, q;
	unsigned long	 line;
	const char	*k;
	char		*body, *a;
	int		 asked;

	if (cmark_node_get_type(n) != CMARK_NODE_BLOCK_QUOTE)
		return 0;
	t = line_span(st, (unsigned long)cmark_node_get_start_line(n));
	if (t.to - t.from < 6 || strncmp(st->doc + t.from, "> [!", 4) != 0 ||
	    (k = span_find(st, t, "]")) == NULL)
		return 0;
	t.from = (size_t)(k + 1 - st->doc);
	if (t.from < t.to && strchr("-+", st->doc[t.from]) != NULL)
		t.from++;
	while (t.from < t.to && st->doc[t.from] == ' ')
		t.from++;
	if (!answer_label_heading(st, t))
		return 0;
	asked = c->open && ((c->heading && !c->split) || (c->labelled &&
	    c->awaiting));
	if ((asked || (!c->open && st->breaks && st->pend.from !=
	    st->pend.to)) && (unsigned long)cmark_node_get_end_line(n) ==
	    line_of(st, t.from)) {
		/*
		 * Its title alone: the answer is still to be written.  Said
		 * at the question's line.
		 */
		if (asked) {
			c->open = 0;
			q = c->q;
		} else
			q = take_pending(st, &line);
		skipped(r, q, "a question whose answer's callout has nothing "
		    "in it, still to be answered: no card");
		return 1;
	}
	if (asked) {
		if (c->heading) {
			c->qbody = c->a;
			c->split = 1;
		}
		c->a = block_span(st, n);
		c->a.from = line_span(st, line_of(st, c->a.from) + 1).from;
		c->quoted = 1;
		c->awaiting = 0;
		return 1;
	}
	if (c->open || !st->breaks || st->pend.from == st->pend.to)
		return 0;
	q = take_pending(st, &line);
	body = unquote(st, n);
	a = strchr(body, '\n');
	push_card(r, span_text(st, q), cp_xstrdup(a != NULL ? a + 1 : ""),
	    0, NULL, line);
	free(body);
	return 1;
}

/*
 * Whether n is a block quote with more than a heading, a rule or a
 * "<br>" spacer after it: right under a heading, what the question
 * gives to work on ("name = \"Bob\""), the answer below it.
 */
static int
given_quote(cmark_node *n)
{
	cmark_node	*next = cmark_node_next(n);

	return cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE &&
	    next != NULL && cmark_node_get_type(next) != CMARK_NODE_HEADING &&
	    cmark_node_get_type(next) != CMARK_NODE_THEMATIC_BREAK &&
	    !br_spacer(next);
}

/*
 * The cloze numbers on line l, "{{cN::", as bits: 1 << N.  -1 when a
 * number is past 63, too many to tell apart here.
 */
static unsigned long long
line_clozes(const struct md_state *st, unsigned long l)
{
	const char		*p = st->doc + line_start(st, l);
	const char		*e = st->doc + line_end(st, l);
	unsigned long long	 bits = 0;
	unsigned		 k;

	for (; e - p > 5; p++) {
		if (strncmp(p, "{{c", 3) != 0 || !isdigit((unsigned char)p[3]))
			continue;
		for (k = 0, p += 3; p < e && isdigit((unsigned char)*p) &&
		    k < 64; p++)
			k = 10 * k + (unsigned)(*p - '0');
		if (k >= 64)
			return ~0ULL;
		if (e - p >= 2 && p[0] == ':' && p[1] == ':')
			bits |= 1ULL << k;
	}
	return bits;
}

/*
 * Out of a cloze note drafted by hand, what Anki would choke on: an
 * empty hint "::}}" is none ("}}"), a cloze closed with "]]" is closed
 * with "}}", and a stray "]]" right after an empty hint's close is a
 * slip of the same hand.  text starts on line; the repairs are warned
 * of once, at the line of the first.
 */
static char *
mend_clozes(struct cp_reader *r, char *text, unsigned long line)
{
	static const struct { const char *from, *to; int said; } fix[] = {
		{ "::}}]]", "}}", 1 }, { "::]]", "}}", 1 }, { "::}}", "}}", 0 },
	};
	struct cp_buf	 b = { 0 };
	const char	*p;
	size_t		 i, n = 0;
	int		 repaired = 0;

	cp_buf_addstr(&b, "");
	for (p = text; *p != '\0'; ) {
		for (i = 0; i < sizeof(fix) / sizeof(fix[0]); i++)
			if (strncmp(p, fix[i].from, n = strlen(fix[i].from))
			    == 0)
				break;
		if (i == sizeof(fix) / sizeof(fix[0])) {
			line += *p == '\n' && !repaired;
			cp_buf_addc(&b, *p++);
			continue;
		}
		cp_buf_addstr(&b, fix[i].to);
		repaired |= fix[i].said;
		p += n;
	}
	if (repaired)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "a cloze closed with \"]]\", or with a stray \"]]\" after "
		    "its \"}}\", read as closed with \"}}\"");
	free(text);
	return cp_buf_detach(&b);
}

/* Whether every number of seen comes after every number of run. */
static int
runs_on(unsigned long long run, unsigned long long seen)
{
	unsigned long long	 top = run;

	while (top & (top - 1))
		top &= top - 1;		/* the highest number alone */
	return run != 0 && seen != 0 && (seen & ((top << 1) - 1)) == 0;
}

/* The cloze numbers of an item's lines; -1 when one comes back. */
static unsigned long long
item_clozes(const struct md_state *st, cmark_node *item)
{
	unsigned long		 l = (unsigned long)
				    cmark_node_get_start_line(item);
	unsigned long		 to = (unsigned long)
				    cmark_node_get_end_line(item);
	unsigned long long	 seen = 0, bits;

	for (; l <= to; l++) {
		if ((bits = line_clozes(st, l)) == ~0ULL || (bits & seen) != 0)
			return ~0ULL;
		seen |= bits;
	}
	return seen;
}

/*
 * A list of cloze items drafted for Anki, "- {{c1::...}}" under topic
 * items, where no number comes back within an item and the next item's
 * numbers run on past them (c5 after c4): one note numbers its
 * deletions so.  Each such run of items is one note, its lines as
 * written, a new one starting where the numbers start again; items with
 * no cloze are no card.  0 when list n is no such, or when each note
 * would be one line: one-line cards then.
 */
static int
cloze_items(struct cp_reader *r, cmark_node *list)
{
	struct md_state		*st = r->state;
	cmark_node		*item;
	unsigned long long	 seen, run = 0;
	unsigned long		 first = 0, last = 0;
	int			 joined = 0;

	for (item = cmark_node_first_child(list); item != NULL;
	    item = cmark_node_next(item)) {
		if ((seen = item_clozes(st, item)) == ~0ULL)
			return 0;
		joined |= seen != 0 && cmark_node_get_end_line(item) >
		    cmark_node_get_start_line(item);
		joined |= runs_on(run, seen);
		run = runs_on(run, seen) ? run | seen : seen;
	}
	if (!joined)
		return 0;
	cards_start(r);
	run = 0;
	for (item = cmark_node_first_child(list); ; item = cmark_node_next(item)) {
		seen = item != NULL ? item_clozes(st, item) : 0;
		if (first != 0 && !runs_on(run, seen)) {
			/* The run ends: its lines are the note. */
			st->cloze_block = 1;
			push_card(r, mend_clozes(r, lines_text(st, first, last, 0),
			    first), cp_xstrdup(""), 0, NULL, first);
			st->cloze_block = 0;
			first = 0;
			run = 0;
		}
		if (item == NULL)
			break;
		if (seen == 0) {
			skipped(r, block_span(st, item), "an item with no cloze "
			    "in a list of cloze notes: not a card");
			continue;
		}
		if (first == 0)
			first = (unsigned long)cmark_node_get_start_line(item);
		for (last = (unsigned long)cmark_node_get_end_line(item);
		    last > first && line_end(st, last) == line_start(st, last);
		    last--)
			continue;
		run |= seen;
	}
	return 1;
}

/*
 * The last line of the block that line l opens, when the block is lines
 * of text each right over the "- " items that answer it, no blank line
 * anywhere: three questions or more, half of them or more ending in
 * "?", as a list of test questions is drafted.  A line may stray a
 * space or two from the margin.  0 when the block is no such.
 */
static unsigned long
asked_block(const struct md_state *st, unsigned long l)
{
	struct span	 s;
	unsigned long	 questions = 0, asks = 0, last = 0;
	int		 items = 1;	/* items under the last question */

	for (; l <= st->nlines; l++) {
		s = line_span(st, l);
		if (s.from == s.to)
			break;
		if (bullet_opens(st->doc + s.from, st->doc + s.to)) {
			if (questions == 0)
				return 0;
			items++;
			last = l;
			continue;
		}
		if (items == 0 || memchr("#>|`<~", st->doc[s.from], 6) != NULL)
			return 0;
		questions++;
		asks += st->doc[s.to - 1] == '?';
		items = 0;
	}
	return items > 0 && questions >= 3 && 2 * asks >= questions ?
	    last : 0;
}

/*
 * The card of the question on the run's line: its answer the items
 * right under it, each trimmed, one a line.
 */
static void
asked_card(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	unsigned long	 line = st->run_line, l;
	struct cp_buf	 a = { 0 };
	struct span	 s;

	warn_once(r, &st->asked_said, line, "lines over \"- \" items, no "
	    "blank line between, most of them asking: each line read as a "
	    "question, the items under it as its answer");
	for (l = line + 1; l <= st->run_last; l++) {
		s = line_span(st, l);
		if (!bullet_opens(st->doc + s.from, st->doc + s.to))
			break;
		if (a.len > 0)
			cp_buf_addc(&a, '\n');
		cp_buf_add(&a, st->doc + s.from, s.to - s.from);
	}
	st->run_line = l;
	push_card(r, span_text(st, line_span(st, line)), cp_buf_detach(&a),
	    0, NULL, line);
}

/*
 * A block of questions over their "- " answers starts at node n's
 * line: read it a question at a time, past the nodes it spans.
 */
static int
asked_lists(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	unsigned long	 first = (unsigned long)cmark_node_get_start_line(n);
	unsigned long	 last;

	if (!st->asked_lists || (first > 1 && line_end(st, first - 1) !=
	    line_start(st, first - 1)) || (last = asked_block(st, first)) == 0)
		return 0;
	start_cards(r, RUN_ASKED, first, last);
	st->skip_to = last;
	return 1;
}

/*
 * Lines first to last but for line skip (0: none), each set out of a
 * list item width wide: a tab or up to width spaces taken off.
 */
static char *
lines_set_out(const struct md_state *st, unsigned long first,
    unsigned long last, unsigned long skip, size_t width)
{
	struct cp_buf	 b = { 0 };
	unsigned long	 l;
	char		*t, *a;

	cp_buf_addstr(&b, "");
	for (l = first; l <= last; l++)
		if (l != skip)
			cp_buf_printf(&b, "\n%.*s", (int)(line_end(st, l) -
			    line_start(st, l)), st->doc + line_start(st, l));
	t = set_out_of_item(cp_buf_detach(&b), width);
	a = cp_xstrdup(t + strspn(t, "\n"));
	free(t);
	return a;
}

/*
 * A list of one item over sub-items, Obsidian_to_Anki's ID comment right
 * under it, where the file has two such or more: the plugin made a note
 * of each, by a mark the line has since lost.  The item's line is the
 * question, its sub-items, set out one level, the answer.
 */
static int
o2a_id_item(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item, *next, *text;
	struct span	 q, id;
	unsigned long	 first, last;

	if (!st->id_items || st->dialect != D_O2A ||
	    cmark_node_get_type(list) != CMARK_NODE_LIST ||
	    (item = cmark_node_first_child(list)) == NULL ||
	    cmark_node_next(item) != NULL ||
	    (next = cmark_node_next(list)) == NULL ||
	    cmark_node_get_type(next) != CMARK_NODE_HTML_BLOCK ||
	    (text = cmark_node_first_child(item)) == NULL ||
	    cmark_node_get_type(text) != CMARK_NODE_PARAGRAPH ||
	    cmark_node_next(text) == NULL ||
	    cmark_node_get_type(cmark_node_next(text)) != CMARK_NODE_LIST ||
	    cmark_node_next(cmark_node_next(text)) != NULL)
		return 0;
	first = (unsigned long)cmark_node_get_start_line(item);
	last = (unsigned long)cmark_node_get_end_line(item);
	id = line_span(st, (unsigned long)cmark_node_get_start_line(next));
	q = line_span(st, first);
	if (strncmp(st->doc + id.from, "<!--ID:", 7) != 0 ||
	    (unsigned long)cmark_node_get_end_line(text) != first ||
	    !bullet_opens(st->doc + q.from, st->doc + q.to))
		return 0;
	q.from += 2;
	if (drop_flashcard_tag(st, &q) || marked_line(st->doc + q.from,
	    st->doc + q.to) != NULL)
		return 0;	/* a marked note, read as such */
	cards_start(r);
	push_card(r, span_text(st, q), lines_set_out(st, first + 1, last, 0,
	    2), 0, NULL, first);
	return 1;
}

/*
 * The line of the plugin's ID comment that ends a note at block n, the
 * blocks from n on that hold its back, or 0 when none does: a blank
 * line, a list (another note's) or the page's end comes first.  The
 * plugin writes its comment where its regex stopped, even inside fenced
 * code the author meant whole: then *code gets the fence's last line.
 */
static unsigned long
id_below(const struct md_state *st, cmark_node *n, unsigned long above,
    unsigned long *code)
{
	const char	*lit, *p;
	unsigned long	 l;

	*code = 0;
	for (; n != NULL; n = cmark_node_next(n)) {
		l = (unsigned long)cmark_node_get_start_line(n);
		if (l > above + 1 || cmark_node_get_type(n) ==
		    CMARK_NODE_LIST)
			return 0;
		if (cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK)
			return strncmp(st->doc + line_start(st, l), "<!--ID:",
			    7) == 0 ? l : 0;
		if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK &&
		    (lit = cmark_node_get_literal(n)) != NULL)
			for (p = lit, l++; *p != '\0'; l++) {
				if (strncmp(p, "<!--ID:", 7) == 0) {
					*code = (unsigned long)
					    cmark_node_get_end_line(n);
					return l;
				}
				p += strcspn(p, "\n");
				p += *p == '\n';
			}
		above = (unsigned long)cmark_node_get_end_line(n);
	}
	return 0;
}

/*
 * A list whose first item ends in "#flashcard" ("- front #flashcard",
 * "1. **front** #flashcard"), the plugin's ID comment under it, as
 * Obsidian_to_Anki's regex of the Basic notetype reads it: the item's
 * line, past its marker, is the front; the lines below it, the list's
 * and the blocks' down to the comment, the back, set out of the item.
 * An ID comment inside fenced code is left out of it, with a warning,
 * the fence kept whole.
 */
static int
o2a_flashcard_list(struct cp_reader *r, cmark_node *list)
{
	struct md_state	*st = r->state;
	cmark_node	*item;
	struct span	 q;
	unsigned long	 first, id, code, last;
	const char	*p;

	if (st->dialect != D_O2A ||
	    cmark_node_get_type(list) != CMARK_NODE_LIST ||
	    (item = cmark_node_first_child(list)) == NULL)
		return 0;
	first = (unsigned long)cmark_node_get_start_line(item);
	q = line_span(st, first);
	if (bullet_opens(st->doc + q.from, st->doc + q.to))
		q.from += 2;
	else if ((p = numbered_text(st, first)) != NULL)
		q.from = (size_t)(p - st->doc);
	else
		return 0;
	if (!drop_flashcard_tag(st, &q) || (id = id_below(st,
	    cmark_node_next(list), (unsigned long)cmark_node_get_end_line(list),
	    &code)) == 0)
		return 0;
	last = code != 0 ? code : id - 1;
	if (code != 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, id, 0,
		    "the plugin's ID comment inside the fenced code of the "
		    "answer, where its regex stopped: left out, the fence "
		    "kept whole");
	cards_start(r);
	/* The marker's width, what the item's lines are set in by. */
	push_card(r, span_text(st, q), lines_set_out(st, first + 1, last,
	    code != 0 ? id : 0, q.from - line_start(st, first)), 0, NULL,
	    first);
	st->skip_to = last > id ? last : id;
	return 1;
}

/*
 * In a page whose questions are headings labelled "Q1: " (label_heads),
 * is heading q one with no label that asks nothing: a title?
 */
static int
unlabelled_title(const struct md_state *st, struct span q)
{
	return st->label_heads != 0 && !ends_asking(st, q) &&
	    after_prefix(st, st->doc + q.from, st->doc + q.to, 'Q') == NULL;
}

/*
 * Does p..e, a heading's text, name a list of words to learn, one of its
 * words "Vocabulary", "Wortschatz", "Словарь"?
 */
static int
names_vocabulary(const char *p, const char *e)
{
	static const char *const names[] = {
		"vocabulary", "vocab", "vocabulário", "vocabulario",
		"vocabulaire", "vocabolario", "vocabularium", "vokabeln",
		"wortschatz", "glossary", "glossar", "glossário", "glosario",
		"glossaire", "słownictwo", "słówka", "slovíčka", "словарь",
		"Словарь", "лексика", "Лексика", "kelimeler", "words",
		"palabras", "wörter", "woorden", "słowa", "слова", NULL
	};
	/* Words of scripts that set no spaces, found inside a run. */
	static const char *const ideographic[] = {
		"词汇", "生词", "単語", "用語集", "단어", NULL
	};
	const char	*const *i, *w;

	for (i = ideographic; *i != NULL; i++)
		if (memmem(p, (size_t)(e - p), *i, strlen(*i)) != NULL)
			return 1;
	for (; p < e; p = w) {
		while (p < e && !cp_word_byte((unsigned char)*p))
			p++;
		for (w = p; w < e && cp_word_byte((unsigned char)*w); w++)
			continue;
		if (w > p && cp_word_among(p, (size_t)(w - p), names))
			return 1;
	}
	return 0;
}

/*
 * Does the page open with a title that names a vocabulary, "#
 * システム工学基礎 — 単語帳" (a word book)?
 */
static int
titled_vocabulary(const struct md_state *st)
{
	cmark_node	*n = cmark_node_first_child(st->root);
	struct span	 q;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_HEADING ||
	    cmark_node_get_heading_level(n) != 1)
		return 0;
	heading_text(st, n, &q);
	return names_vocabulary(st->doc + q.from, st->doc + q.to);
}

/*
 * Where the gloss of a word list's item [p, e) starts (topic_words()):
 * past gloss_split()'s separator, or, in a list under a name of a
 * vocabulary (named), past a colon glued to the term, "परीक्षक:
 * परीक्षा लेनेवाला" (item_term()), or past a word in bold that opens
 * it, "**flight** `Vuelo`"; *sep set to the separator (the bold's
 * closing marks).  NULL when the item has no gloss.
 */
static const char *
topic_gloss(const char *p, const char *e, int named, const char **sep)
{
	size_t	 len;

	const char	*t;

	if ((*sep = gloss_split(p, e, &len)) != NULL)
		return *sep + len;
	if (!named)
		return NULL;
	/* "**flight** `Vuelo`": the word in bold, its gloss after it. */
	if ((t = bold_term_end(p, e)) != NULL && e - t > 3 && t[2] == ' ') {
		*sep = t;
		return t + 2 + strspn(t + 2, " \t");
	}
	if ((*sep = item_term(p, e, ':')) == NULL)
		return NULL;
	return *sep + 1 + strspn(*sep + 1, " \t");
}

/* Is s one link alone, "[src](https://...)", on one line? */
static int
link_alone(const struct md_state *st, struct span s)
{
	const char	*p = st->doc + s.from, *e = st->doc + s.to, *mid;

	while (p < e && strchr(" \t\n", *p) != NULL)
		p++;
	while (e > p && strchr(" \t\n", e[-1]) != NULL)
		e--;
	return e - p >= 6 && *p == '[' && e[-1] == ')' &&
	    memchr(p, '\n', (size_t)(e - p)) == NULL &&
	    (mid = memmem(p, (size_t)(e - p), "](", 2)) != NULL &&
	    memchr(p + 1, '[', (size_t)(mid - p - 1)) == NULL &&
	    memchr(mid + 2, ' ', (size_t)(e - mid - 2)) == NULL;
}

/*
 * A bulleted list of a word and its gloss, "-  mindig = always", five
 * items or more and nine in ten of them of one line split so
 * (gloss_split()), the gloss six words at most, right under a heading
 * that asks nothing or under no card, where the page's rules find no
 * card: a word list kept under a topic's heading, each item a card, the
 * heading its section, the lines set in under an item more of its gloss;
 * " = " after a dash parts it, the dash joining a word's forms.  Under
 * a heading or title that names a vocabulary (names_vocabulary()) half
 * the items so split, five at least, are enough: the others are the
 * learner's reminders, each skipped; there a colon glued to the word
 * parts it too (topic_gloss()), and a link alone between the heading and
 * the list, "[src](...)", is the list's source, said and left out.
 * Whether n was one.
 */
static int
topic_words(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	cmark_node	*item, *text;
	struct span	 t;
	struct cp_buf	 back = { 0 };
	const char	*sep, *eq, *gloss;
	size_t		 items = 0, glossed = 0;
	unsigned long	 first, last;
	char		*q, *a, *more;
	int		 named, linked;

	if (st->dialect != D_PLAIN || st->marked || st->item_terms ||
	    st->gloss_terms || cmark_node_get_type(n) != CMARK_NODE_LIST ||
	    cmark_node_get_list_type(n) != CMARK_BULLET_LIST ||
	    (c->open && !(c->heading && !c->awaiting &&
	    !ends_asking(st, c->q))))
		return 0;
	if (c->open)
		named = names_vocabulary(st->doc + c->q.from,
		    st->doc + c->q.to);
	else
		named = st->title != NULL && names_vocabulary(st->title,
		    st->title + strlen(st->title));
	linked = c->open && c->a.from != c->a.to;
	if (linked && !(named && link_alone(st, c->a)))
		return 0;
	for (item = cmark_node_first_child(n); item != NULL;
	    item = cmark_node_next(item)) {
		items++;
		text = cmark_node_first_child(item);
		if (text == NULL || cmark_node_next(text) != NULL ||
		    cmark_node_get_type(text) != CMARK_NODE_PARAGRAPH)
			continue;
		t = item_span(st, text);
		glossed += line_of(st, t.from) == line_of(st, t.to) &&
		    (gloss = topic_gloss(st->doc + t.from, st->doc + t.to,
		    named, &sep)) != NULL && cp_count_words(gloss,
		    (size_t)(st->doc + t.to - gloss)) <= 6;
	}
	if (items < 5 || glossed < 5 || 10 * glossed < (named ? 5 : 9) *
	    items)
		return 0;
	if (c->open) {
		if (linked)
			skipped(r, c->a, "a link alone over a word list: "
			    "its source, not a card");
		c->a.to = c->a.from;	/* the heading: the list's section */
		finish_card(r);
	}
	warn_once(r, &st->topic_words_said, (unsigned long)
	    cmark_node_get_start_line(n), "a bulleted list of words, each "
	    "with \" - \", \" = \", \" -> \" or \" : \" (or \":\" or the word "
	    "in bold, under a name of a vocabulary) and its gloss: each "
	    "item a card, the word the front");
	for (item = cmark_node_first_child(n); item != NULL;
	    item = cmark_node_next(item)) {
		text = cmark_node_first_child(item);
		t = text != NULL ? item_span(st, text) : block_span(st, item);
		first = line_of(st, t.from);
		last = text_end_line(st, block_span(st, item));
		t.to = line_end(st, first);
		if ((gloss = topic_gloss(st->doc + t.from, st->doc + t.to,
		    named, &sep)) == NULL) {
			skipped(r, block_span(st, item), "an item with no "
			    "gloss, among a word list's: not a card");
			continue;
		}
		/* "ban - ben = inside": the dash joins a word's forms. */
		if (*sep == ' ' && sep[1] == '-' && (eq = memmem(sep,
		    (size_t)(st->doc + t.to - sep), " = ", 3)) != NULL) {
			sep = eq;
			gloss = eq + 3;
		}
		/* The word in bold loses its marks, as a term's do. */
		if (*sep == '*' && strncmp(st->doc + t.from, "**", 2) == 0)
			t.from += 2;
		q = span_text(st, (struct span){ t.from,
		    (size_t)(sep - st->doc) });
		a = span_text(st, (struct span){ (size_t)(gloss -
		    st->doc), t.to });
		if (last > first) {
			/* Lines set in under the item go on with its gloss. */
			more = lines_set_out(st, first + 1, last, 0,
			    t.from - line_start(st, first));
			cp_buf_printf(&back, "%s\n%s", a, more);
			free(a);
			free(more);
			a = cp_buf_detach(&back);
		}
		push_card(r, q, a, 0, NULL, first);
	}
	return 1;
}

/*
 * The title of a collapsible admonition of MkDocs (pymdownx.details)
 * that opens line l, "??? question \"Why ...?\"" or "???+ faq \"...\"":
 * a card where its type is a question's (question, faq, help, quiz) or
 * its title asks, the body hidden under the title the answer.  The
 * title's span, past its quotes, in *t; whether the line is one.
 */
static int
mkdocs_title(const struct md_state *st, unsigned long l, struct span *t)
{
	static const char *const asking[] = {
		"question", "faq", "help", "quiz", NULL
	};
	const char	*p = st->doc + line_start(st, l);
	const char	*e = st->doc + line_end(st, l), *type, *q;

	if (e - p < 8 || strncmp(p, "???", 3) != 0)
		return 0;
	p += 3 + (p[3] == '+');
	if (*p != ' ')
		return 0;
	p += strspn(p, " ");
	for (type = p; p < e && (isalnum((unsigned char)*p) || *p == '-');
	    p++)
		continue;
	q = p;
	p += strspn(p, " ");
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (p == q || e - p < 3 || *p != '"' || e[-1] != '"')
		return 0;
	t->from = (size_t)(p + 1 - st->doc);
	t->to = (size_t)(e - 1 - st->doc);
	return cp_word_among(type, (size_t)(q - type), asking) ||
	    e[-2] == '?';
}

/*
 * Is line l, set in, a heading that holds a schedule, "##### id: 94fb81,
 * box: 2, score: 1/1, next: ...": a question block's last line, which a
 * page's own plugin writes?
 */
static int
schedule_heading(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	const char	*p = st->doc + s.from + strspn(st->doc + s.from, " \t");
	size_t		 n = strspn(p, "#");

	return n > 0 && p[n] == ' ' && (size_t)(st->doc + s.to - p) > n + 5 &&
	    strncmp(p + n + 1, "id: ", 4) == 0 && memmem(p, (size_t)(st->doc +
	    s.to - p), ", ", 2) != NULL;
}

/*
 * MkDocs' collapsible blocks that ask (mkdocs_title()), each over its
 * body set in by four spaces, on a page of two such or more: each a
 * card, the title the question ("&quot;" in it a quote, as the page
 * shows it), the body the answer.  cmark reads blocks with no blank line
 * between them as one paragraph, so each title line in the paragraph
 * starts a card of its own; another line at the margin is said.
 * Whether n was such.
 */
static int
mkdocs_question(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 t, b;
	struct cp_buf	 q = { 0 };
	unsigned long	 l, k, last, end;
	const char	*p;
	char		*a;

	if (st->mkdocs_questions < 2 ||
	    cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH ||
	    !mkdocs_title(st, (unsigned long)cmark_node_get_start_line(n), &t))
		return 0;
	context_ends(r);
	finish_card(r);
	finish_pending(r);
	warn_once(r, &st->mkdocs_said, (unsigned long)
	    cmark_node_get_start_line(n), "MkDocs' collapsible blocks that "
	    "ask, \"??? question \\\"...\\\"\", read as cards, the title "
	    "the question, the body set in under it the answer");
	end = (unsigned long)cmark_node_get_end_line(n);
	for (l = (unsigned long)cmark_node_get_start_line(n); l <= end;
	    l = k) {
		if (!mkdocs_title(st, l, &t)) {
			skipped(r, line_span(st, l), "a line at the margin "
			    "among MkDocs' question blocks: not a card");
			k = l + 1;
			continue;
		}
		/* The body: lines set in, and blank ones (spaces at most). */
		for (k = l + 1, last = l; k <= st->nlines; k++) {
			b = line_span(st, k);
			if (b.from < b.to && st->doc[line_start(st, k)] !=
			    '\t' && strncmp(st->doc + line_start(st, k),
			    "    ", 4) != 0)
				break;
			if (b.from < b.to)
				last = k;
		}
		st->skip_to = last;
		/* "##### id: 94fb81, box: 2, ...": the author's schedule. */
		if (last > l && schedule_heading(st, last)) {
			warn_once(r, &st->mkdocs_marks_said, last, "a "
			    "schedule's heading, \"##### id: ..., box: ...\", "
			    "and buttons, \"[](){...}\", that the page's own "
			    "plugin writes: no text; left out, here and below");
			for (last--; last > l && line_span(st, last).from ==
			    line_span(st, last).to; last--)
				continue;
		}
		/* "[](){.fbutton .ok}": a button the page draws, no text. */
		while (t.to - t.from > 5 && st->doc[t.to - 1] == '}') {
			for (p = st->doc + t.to - 1; p > st->doc + t.from &&
			    *p != '{'; p--)
				continue;
			if (p - st->doc < (ptrdiff_t)t.from + 4 ||
			    strncmp(p - 4, "[]()", 4) != 0)
				break;
			for (t.to = (size_t)(p - 4 - st->doc); t.to > t.from &&
			    st->doc[t.to - 1] == ' '; t.to--)
				continue;
		}
		for (p = st->doc + t.from; p < st->doc + t.to; p++)
			if (st->doc + t.to - p >= 6 &&
			    strncmp(p, "&quot;", 6) == 0) {
				cp_buf_addc(&q, '"');
				p += 5;
			} else
				cp_buf_addc(&q, *p);
		a = last > l ? lines_set_out(st, l + 1, last, 0, 4) :
		    cp_xstrdup("");
		push_card(r, cp_buf_detach(&q), a, 0, NULL, l);
	}
	return 1;
}

/*
 * Does block n open with "Q:", a question's label, perhaps under a line
 * that counts the cards (count_line())?
 */
static int
labels_question(const struct md_state *st, cmark_node *n)
{
	unsigned long	 l;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	l = (unsigned long)cmark_node_get_start_line(n);
	if (l < (unsigned long)cmark_node_get_end_line(n) && count_line(st, l))
		l++;
	return after_prefix(st, st->doc + line_start(st, l), st->doc +
	    line_end(st, l), 'Q') != NULL;
}

/*
 * A glossary's paragraph "**term** : definition" (see bold_defs): a
 * card, the term its question, the rest its answer.  Any other paragraph
 * goes on with the entry above, or is the page's, under none.  Whether
 * n was a paragraph of such a page.
 */
static int
glossary_entry(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c;
	struct span	 b = block_span(st, n);
	unsigned long	 first = line_of(st, b.from), last = line_of(st, b.to);
	const char	*p, *from, *to, *e = st->doc + line_end(st, first);

	if (!st->bold_defs || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	c = &st->cur;
	if ((p = bold_definition(st->doc + b.from, e, first < last &&
	    goes_on(st, first), &from, &to)) == NULL) {
		/* More of the definition above, or the page's own. */
		if (c->open && !c->heading && !c->awaiting)
			extend(&c->a, b);
		else
			skipped(r, b, "a paragraph opening with no term in "
			    "bold, under no entry of the glossary: not a card");
		return 1;
	}
	warn_once(r, &st->bold_defs_said, first, "paragraphs opening with a "
	    "term in bold and a colon or a dash, or bold alone over its "
	    "definition, read as cards, the term the front: two in three of "
	    "the page's paragraphs are written so");
	context_ends(r);
	c = open_card(r, first);
	c->q.from = (size_t)(from - st->doc);
	c->q.to = (size_t)(to - st->doc);
	/* "**Switch** :" alone: its definition is the next paragraph. */
	if (p < e || first < last) {
		c->a.from = p < e ? (size_t)(p - st->doc) :
		    line_start(st, first + 1);
		c->a.to = b.to;
	}
	c->tail = 1;
	return 1;
}

/*
 * Is heading q numbered one more than heading p, "## 3. ..." after
 * "## 2. ...", or numbered 1, a list that starts (again) under a group's
 * heading: the next question of a list, no answer to p?
 */
static int
next_numbered(const struct md_state *st, struct span p, struct span q)
{
	long	 k;

	if (past_number(st, q) == NULL)
		return 0;
	k = strtol(st->doc + q.from, NULL, 10);
	return k == 1 || (past_number(st, p) != NULL &&
	    k == strtol(st->doc + p.from, NULL, 10) + 1);
}

/*
 * Where tag, "</td>" in any case, opens in p..e, or NULL.
 */
static const char *
find_tag(const char *p, const char *e, const char *tag)
{
	size_t	 n = strlen(tag);

	for (; e - p >= (ptrdiff_t)n; p++)
		if (strncasecmp(p, tag, n) == 0)
			return p;
	return NULL;
}

/*
 * The cells of an HTML table's row on line l, all on the line, "<tr><td>
 * le judo</td><td>judo</td></tr>": the first cell's text in *f, the rest
 * in *b, from the second cell's text to the last's; how many cells, or
 * 0 when the line is no such row; -1 for a header row of "<th>" cells.
 */
static int
html_row(const struct md_state *st, unsigned long l, struct span *f,
    struct span *b)
{
	struct span	 s = line_span(st, l);
	const char	*p = st->doc + s.from, *e = st->doc + s.to, *c;
	int		 n = 0, head;

	if (e - p < 9 || strncasecmp(p, "<tr>", 4) != 0 ||
	    strncasecmp(e - 5, "</tr>", 5) != 0)
		return 0;
	head = strncasecmp(p + 4, "<th>", 4) == 0;
	for (p += 4, e -= 5; ; p = c + 5) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e)
			break;
		if (strncasecmp(p, head ? "<th>" : "<td>", 4) != 0 ||
		    (c = find_tag(p + 4, e, head ? "</th>" : "</td>")) == NULL)
			return 0;
		if (n++ == 0)
			*f = (struct span){ (size_t)(p + 4 - st->doc),
			    (size_t)(c - st->doc) };
		else {
			if (n == 2)
				b->from = (size_t)(p + 4 - st->doc);
			b->to = (size_t)(c - st->doc);
		}
	}
	return head && n > 0 ? -1 : n;
}

/*
 * An HTML table of word pairs where no card is open, a row a line,
 * "<tr><td>le judo</td><td>judo</td></tr>", three rows or more of two
 * cells or more and nothing else but the table's tags, a header row
 * and a title above or below it: each row a card, its first cell the
 * front, the others the back, one a line; the header row, the columns'
 * names, and the title no card.  (A page may leave its tables open: the
 * block ends at a blank line.)
 */
static int
html_table_cards(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct span	 b = block_span(st, n), f, a, s;
	struct cp_buf	 back = { 0 };
	unsigned long	 l, first = line_of(st, b.from), last, top;
	size_t		 rows = 0;
	const char	*p, *c, *e;
	int		 cells;

	if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK ||
	    st->dialect != D_PLAIN || st->cur.open)
		return 0;
	/*
	 * Round the table, a title set in HTML, "<h3>LE SPORT:</h3>",
	 * above it or, misplaced, below it.
	 */
	for (top = first; top <= text_end_line(st, b) &&
	    !span_is(st, line_span(st, top), "<table>"); top++)
		continue;
	for (last = text_end_line(st, b); last > top &&
	    html_row(st, last, &f, &a) == 0 && !span_is(st,
	    line_span(st, last), "</table>"); last--)
		continue;
	for (l = top; l <= last; l++) {
		s = line_span(st, l);
		if ((cells = html_row(st, l, &f, &a)) >= 2)
			rows++;
		else if (cells == 0 && s.from != s.to &&
		    !span_is(st, s, "<table>") && !span_is(st, s, "</table>"))
			return 0;
	}
	if (rows < 3)
		return 0;
	cards_start(r);
	if (top > first)
		skipped(r, (struct span){ b.from, line_end(st, top - 1) },
		    "a title in HTML over a table of cards: no card");
	for (l = top; l <= last; l++) {
		if ((cells = html_row(st, l, &f, &a)) < 0)
			skipped(r, line_span(st, l), "a table's header row, "
			    "its columns' names: no card");
		if (cells < 2)
			continue;
		/* The cells after the first, a line each. */
		for (p = st->doc + a.from, e = st->doc + a.to;; p += 4) {
			if ((c = find_tag(p, e, "</td>")) == NULL)
				c = e;
			cp_buf_add(&back, p, (size_t)(c - p));
			if (c == e || (p = find_tag(c, e, "<td>")) == NULL)
				break;
			cp_buf_addc(&back, '\n');
		}
		push_card(r, span_text(st, f), cp_buf_detach(&back), 0, NULL,
		    l);
	}
	if (last < text_end_line(st, b))
		skipped(r, (struct span){ line_start(st, last + 1), b.to },
		    "HTML under a table of cards, a title: no card");
	return 1;
}

static void
dialect_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct dcard	*c = &st->cur;
	struct span	 b = block_span(st, n), q;
	cmark_node	*next = cmark_node_next(n);
	int		 level, tagged;
	char		*t;
	const char	*w;

	if (st->skip_to != 0 && line_of(st, b.from) <= st->skip_to)
		return;
	answer_gap(st, line_of(st, b.from));
	if (equals_note(r, n) || braced_card(r, n) || keyed_lists(r, n) ||
	    later_key(r, n) ||
	    mkdocs_question(r, n) ||
	    glossary_entry(r, n) ||
	    topic_words(r, n) || sync_block(r, n) ||
	    asked_lists(r, n) || callout_card(r, n) || comment_note(r, n) ||
	    o2a_cloze_note(r, n) || details_block(r, n) ||
	    o2a_regex_note(r, n) || o2a_marked_note(r, n) ||
	    o2a_flashcard_list(r, n) || o2a_id_item(r, n) ||
	    block_id_clozes(r, n) ||
	    bold_question(r, n) || quote_answer(r, n) ||
	    embed_question(r, n) || list_answer(r, n) ||
	    asked_paragraph(r, n) || para_answer(r, n) ||
	    dashed_question(r, n) || glued_question(r, n) ||
	    item_question(r, n) || def_entry(r, n) || gap_card(r, n) ||
	    quote_question(r, n) || html_table_cards(r, n))
		return;
	if (cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK &&
	    is_html_comment(st, b)) {
		/* A schedule, an identity, a note to self. */
		if (c->open && (c->tail || st->dialect == D_OSR) &&
		    c->a.from != c->a.to &&
		    strncmp(st->doc + b.from, "<!--SR:", 7) == 0)
			/*
			 * The plugin writes it under the card's last line,
			 * a "?" card's too; a card ending in "::" has its
			 * answer still below.
			 */
			finish_card(r);
		else if (c->open && st->dialect == D_O2A && c->a.from !=
		    c->a.to && strncmp(st->doc + b.from, "<!--ID:", 7) == 0)
			/*
			 * Obsidian_to_Anki's, likewise under the note's,
			 * a heading's note too.
			 */
			finish_card(r);
		return;
	}
	/* Between cards, "<br/>" spaces the page as a rule does. */
	if (!c->open && st->pend.from == st->pend.to && br_spacer(n))
		return;
	/*
	 * A script or style the page loads, a line alone or the element
	 * whole, shows nothing.
	 */
	if (!c->open && cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK &&
	    (element_end(st, &b, "script") || element_end(st, &b, "style") ||
	    (line_of(st, b.from) == text_end_line(st, b) &&
	    past_tag(st->doc + b.from, st->doc + b.to, "link") != NULL))) {
		skipped(r, b, "a script or style the page loads: no text, "
		    "not a card");
		st->skip_to = line_of(st, b.to);
		return;
	}
	if (c->open && c->until_blank &&
	    line_of(st, b.from) == text_end_line(st, c->a) + 1) {
		/* A heading that interrupts its paragraph, say. */
		extend(&c->a, b);
		return;
	}
	if (c->open && c->ruled &&
	    cmark_node_get_type(n) == CMARK_NODE_THEMATIC_BREAK &&
	    c->a.from != c->a.to &&
	    line_of(st, b.from) == text_end_line(st, c->a) + 1) {
		/*
		 * The plugin reads lines, not blocks: a rule right under
		 * a "?" card's answer parts the answer, which runs on to
		 * a blank line (AOSR's "***" parts its cards).
		 */
		extend(&c->a, b);
		c->until_blank = 1;
		return;
	}
	if (st->dialect == D_FLASHCARDS && flashcards_block(r, n))
		return;
	if (c->open && cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE &&
	    (st->dialect == D_OSR || st->dialect == D_O2A) &&
	    strncmp(st->doc + b.from, "> [!", 4) == 0 &&
	    line_of(st, b.from) > text_end_line(st, c->a) + 1)
		/* An Obsidian callout past a blank line: a box of its own. */
		finish_card(r);
	if (st->quoted_givens && c->open && c->heading && !c->split &&
	    c->a.from == c->a.to && given_quote(n)) {
		/* What the question gives to work on, its answer below. */
		c->qbody = b;
		c->split = 1;
		return;
	}
	if (st->dialect == D_YANKI || st->whole_note) {
		if (st->whole_note &&
		    cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			/* The note's title: its text, no '#'. */
			heading_text(st, n, &q);
			extend(&st->yanki[st->nyanki], q);
		} else if (cmark_node_get_type(n) != CMARK_NODE_THEMATIC_BREAK)
			extend(&st->yanki[st->nyanki], b);
		else if (st->nyanki + 1 < sizeof(st->yanki) /
		    sizeof(st->yanki[0]))
			st->nyanki++;
		else
			extend(&st->yanki[st->nyanki], b);
		return;
	}
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_HEADING:
		heading_text(st, n, &q);
		level = cmark_node_get_heading_level(n);
		tagged = drop_flashcard_tag(st, &q);
		if (st->dialect == D_MD2ANKI)
			drop_heading_id(st, &q);
		if (ki_note(r, n, q) || setext_question(r, n) ||
		    setext_answer(r, n, q) ||
		    side_heading(r, n, q, line_of(st, b.from)))
			return;
		if (c->open && c->sides && level > c->level) {
			/* "#### Explanation:" under "### Back": its text. */
			extend(c->awaiting ? &c->q : &c->a, b);
			return;
		}
		if (wrapped_heading(st, n, q)) {
			/* "### 2. Explain ...", "### What are ...?": one. */
			c->q.to = q.to;
			c->wrapped = 1;
			return;
		}
		if (level == 1 && !st->any_card && !st->titled &&
		    !st->untitled && !c->open &&
		    st->pend.from == st->pend.to && !tagged &&
		    !(heading_is(st, q, "Note") &&
		    apy_fields(st, cmark_node_next(n)))) {
			/* The document's title names the deck. */
			st->table_deck = says_flashcards(st, q);
			t = span_text(st, q);
			if (st->title == NULL)
				st->title = t;
			else
				free(t);
			st->titled = 1;
			st->deck_line = line_of(st, b.from);
			return;
		}
		/*
		 * A bulleted heading is one more of a list's questions, and
		 * so is one that asks or prompts, "Ge exempel på ...".
		 */
		if (st->heading_answers && c->open && c->heading &&
		    !c->section && !c->split && c->a.from == c->a.to &&
		    level >= c->level && bare_heading(n) &&
		    !next_numbered(st, c->q, q) &&
		    !bulleted(st, q) && !ends_asking_within(st, q) &&
		    !cp_opens_prompt(st->doc + q.from, q.to - q.from)) {
			warn_once(r, &st->heading_answer_said,
			    line_of(st, b.from), "a heading with nothing "
			    "under it read as the answer of the heading "
			    "above: the file answers headings with headings");
			c->a = q;
			finish_card(r);
			return;
		}
		if (c->open && c->heading && !c->section && !c->split &&
		    (level > c->level || (level == c->level &&
		    question_label_heading(st, c->q))) &&
		    answer_label_heading(st, q)) {
			/*
			 * "#### Answer：" under "### 1. question?": what is
			 * above it asks too, what is below answers, headings
			 * and all; "## 답변" after "## 질문 2", which only
			 * labels the question, likewise.
			 */
			c->labelled_q = level == c->level;
			c->qbody = c->a;
			memset(&c->a, 0, sizeof(c->a));
			c->split = c->answer_heading = 1;
			return;
		}
		if (c->open && c->heading && !c->section && !c->split &&
		    level > c->level && c->a.from == c->a.to &&
		    (w = answer_label_at(st->doc + q.from, st->doc + q.to)) !=
		    NULL && w < st->doc + q.to && (next == NULL ||
		    cmark_node_get_type(next) == CMARK_NODE_HEADING ||
		    cmark_node_get_type(next) == CMARK_NODE_THEMATIC_BREAK)) {
			/*
			 * "### 답: answer" under "## question" answers it;
			 * over blocks of its own it is a section, "### 답:
			 * 개요".
			 */
			c->a.from = (size_t)(w - st->doc);
			c->a.to = q.to;
			return;
		}
		if (c->open && c->heading && !c->section && level > c->level &&
		    (c->answer_heading || (q.to > q.from &&
		    st->doc[q.to - 1] == ':'))) {
			/* "#### Example:" labels a part of the answer. */
			extend(&c->a, b);
			return;
		}
		if (st->numbered_heads != 0 && level > st->numbered_heads &&
		    c->open && c->heading && !c->section &&
		    c->level == st->numbered_heads)
			warn_once(r, &st->numbered_heads_said,
			    line_of(st, b.from), "a heading under a numbered "
			    "one read as a section of its answer: the file's "
			    "questions are its numbered headings");
		if ((((st->dialect == D_MDANKI || st->dialect == D_MAD) &&
		    c->level == 2 && !st->numbered_only) ||
		    (st->numbered_heads != 0 &&
		    c->level == st->numbered_heads) ||
		    (st->asking_heads != 0 && c->level == st->asking_heads) ||
		    (c->level == st->label_heads && unlabelled_title(st, q))) &&
		    level > c->level &&
		    c->open && c->heading && !c->section) {
			/*
			 * Cards are level-two, numbered or labelled
			 * headings; this is in one.
			 */
			extend(&c->a, b);
			return;
		}
		if (c->open && c->heading && !c->section && !c->split &&
		    level > c->level && ends_asking(st, c->q) &&
		    !ends_asking(st, q)) {
			/*
			 * "### What are Node and Koa?" over "####
			 * Node": the question's answer, in parts.
			 */
			extend(&c->a, b);
			return;
		}
		/* Over deeper headings it titles their cards. */
		c->headed = c->open && c->heading && level > c->level;
		finish_card(r);
		finish_pending(r);
		if (st->dialect == D_MD2ANKI && md2anki_heading(st, level, q))
			return;
		if (st->dialect == D_OSR && st->heading_clozes && !tagged &&
		    has_mark(st, q, '=')) {
			warn_once(r, &st->heading_clozes_said,
			    line_of(st, b.from), "a heading holding a "
			    "highlight read as a cloze, its '#' left out: the "
			    "file's headings are sentences to fill in");
			push_cloze(r, q, line_of(st, b.from));
			return;
		}
		if (!tagged && unlabelled_title(st, q)) {
			warn_once(r, &st->label_heads_said, line_of(st, b.from),
			    "headings with no 'Q' label, in a page whose "
			    "questions are labelled headings: titles, and the "
			    "blocks under them no cards");
			return;
		}
		if (!tagged && (st->dialect == D_FLASHCARDS ||
		    (st->dialect == D_OSR && st->osr_marks) ||
		    (st->dialect == D_OSR && st->question_lines > 0 &&
		    q.to > q.from && st->doc[q.to - 1] != '?') ||
		    (st->dialect == D_O2A && (st->o2a_notes ||
		    st->qa_lines >= 2)) ||
		    (st->dialect == D_PLAIN && (st->qa_lines >= 2 ||
		    st->bold_sections || st->label_cards)) ||
		    st->fence_page ||
		    st->details_cards ||
		    st->o2a_regex || st->o2a_marked || st->block_ids ||
		    st->flashcard_lines >= 2 || (st->item_terms &&
		    !ends_asking_within(st, q))))
			return;		/* the context of the cards below */
		c = open_card(r, line_of(st, b.from));
		c->heading = 1;
		/*
		 * Where notes are titled over their field headings, a
		 * heading of a title's level over none is the page's.
		 */
		c->reference = !tagged && st->note_titles != 0 &&
		    level <= st->note_titles && !titles_note(st, n);
		c->section = c->reference || (!tagged && is_section(st, q)) ||
		    (st->numbered_only && level <= st->numbered_heads &&
		    past_number(st, q) == NULL && !ends_asking(st, q));
		c->level = level;
		c->q = q;
		/*
		 * "### Q1: question": the label marks it, as on a line, and
		 * "A:" opening what is under it marks the answer.  The
		 * label of "### Question 1: question" is no text either
		 * (past_numbered_label()).
		 */
		if ((w = after_prefix(st, st->doc + q.from, st->doc + q.to,
		    'Q')) != NULL && w < st->doc + q.to) {
			c->q.from = (size_t)(w - st->doc);
			c->q_label = 1;
		} else if ((w = past_numbered_label(st->doc + q.from,
		    st->doc + q.to)) != NULL)
			c->q.from = (size_t)(w - st->doc);
		return;
	case CMARK_NODE_THEMATIC_BREAK:
		if (c->open && c->heading && !c->split &&
		    c->a.from == c->a.to && cmark_node_next(n) != NULL &&
		    cmark_node_get_type(cmark_node_next(n)) ==
		    CMARK_NODE_HEADING && cmark_node_get_heading_level(
		    cmark_node_next(n)) > c->level) {
			heading_text(st, cmark_node_next(n), &q);
			if (answer_label_heading(st, q))
				return;	/* between question and "Answer:" */
		}
		if (c->open && c->heading && !c->split &&
		    c->a.from != c->a.to && cmark_node_next(n) != NULL &&
		    cmark_node_get_type(cmark_node_next(n)) ==
		    CMARK_NODE_PARAGRAPH && (q = block_span(st,
		    cmark_node_next(n)), answer_label_at(st->doc + q.from,
		    st->doc + q.to) != NULL || bold_back_label(st->doc +
		    q.from) > 0))
			return;	/* options, a rule, "**Respuesta: A**" */
		if (st->dialect == D_MD2ANKI && c->open && c->heading &&
		    !c->split) {
			/* The question goes on to here. */
			c->qbody = c->a;
			memset(&c->a, 0, sizeof(c->a));
			c->split = 1;
			return;
		}
		if ((st->dialect == D_MDANKI || st->dialect == D_MAD ||
		    st->dialect == D_MD2ANKI) && c->open && c->heading &&
		    cmark_node_next(n) != NULL &&
		    (cmark_node_get_type(cmark_node_next(n)) !=
		    CMARK_NODE_HEADING ||
		    cmark_node_get_heading_level(cmark_node_next(n)) >
		    c->level)) {
			/*
			 * A rule in the answer; one right above a heading
			 * that ends the card, or the file, closes it.  One
			 * right under the card's heading, over its answer's
			 * text, parts the sides (Noatcards' "----").
			 */
			if (c->a.from == c->a.to && !c->split &&
			    cmark_node_get_type(cmark_node_next(n)) !=
			    CMARK_NODE_HEADING) {
				warn_once(r, &st->side_rule_said,
				    line_of(st, b.from), "a rule right under a "
				    "card's heading parts its front from its "
				    "back: no text of the back");
				return;
			}
			extend(&c->a, b);
			return;
		}
		finish_card(r);
		if (st->pend.from != st->pend.to && st->pend_second == 0 &&
		    introduces(st, st->pend) && cards_table(st, next)) {
			unsigned long	 line;

			skipped(r, take_pending(st, &line), INTRO_SKIPPED);
		}
		finish_pending(r);
		return;
	case CMARK_NODE_PARAGRAPH:
		dialect_paragraph(r, n);
		return;
	case CMARK_NODE_LIST:
		if (toggle_card(r, n))
			return;
		/* "2) question<br>" over "Answer: 4" is an item of a list. */
		if (st->label_cards && !c->open && label_answers(r, n, b))
			return;
		if (empty_list(n) && (cmark_node_next(n) == NULL ||
		    cmark_node_get_start_line(cmark_node_next(n)) !=
		    cmark_node_get_start_line(cmark_node_last_child(n)) + 1)) {
			/*
			 * Right above a block, it numbers that block (its
			 * end line is that of the blank line below it).
			 */
			skipped(r, b, "a list item with nothing in it, its "
			    "marker alone on its line: no part of a card");
			return;
		}
		if (details_items(r, n))
			return;
		/*
		 * "**Q6: ...?**" over "- **Trả lời:**" and its items: the
		 * list labelled the answer is the question's, "Q6:" awaiting
		 * its answer's label or not.
		 */
		if (c->open && (c->awaiting || c->bold || c->heading) &&
		    c->a.from == c->a.to && labelled_list(st, n)) {
			c->awaiting = 0;
			extend(&c->a, b);
			return;
		}
		/*
		 * A heading that asks, or that its '%' parts, is answered
		 * by the list; one that titles a section is not.
		 */
		if (qa_items(r, n))
			return;
		if (!(c->open && c->heading && (c->a.from != c->a.to ||
		    c->split || ends_asking(st, c->q) || (st->numbered_only &&
		    c->level == st->numbered_heads && !labelled_items(st,
		    n)))) &&
		    (asked_items(r, n) || asked_lines(r, n) ||
		    bold_answer_items(r, n)))
			return;
		if (answer_list(r, b))
			return;
		if (!(c->open && c->heading) && cloze_items(r, n))
			return;
		if (st->item_notes && c->open && c->tail && c->a.from !=
		    c->a.to && line_of(st, b.from) ==
		    text_end_line(st, c->a) + 1) {
			finish_card(r);
			skipped(r, b, "a list under a one-line card that has its "
			    "answer: notes on it, as the schedules between "
			    "the file's other cards and their lists show, not "
			    "its answer");
			return;
		}
		if (c->open && c->heading && !c->section && !c->split &&
		    c->a.from == c->a.to && (list_asks(st, b,
		    st->question_bank && !ends_asking(st, c->q)) ||
		    list_tasks(st, b))) {
			/* The heading titles them; nothing answers them. */
			c->open = 0;
			if (!some_answered(r, n))
				skipped(r, b, "a list of questions with no "
				    "answers, not cards");
			return;
		}
		if (((!(c->open && c->heading) || st->dialect == D_OSR ||
		    st->dialect == D_O2A) && list_liners(st, b)) ||
		    (st->item_terms && term_item(st, line_of(st, b.from)) !=
		    NULL)) {
			context_ends(r);
			finish_card(r);
			finish_pending(r);
			liner_lines(r, line_of(st, b.from), line_of(st, b.to),
			    1);
			return;
		}
		if (list_question(r, n) || numbered_cards(r, n))
			return;
		/* FALLTHROUGH */
	default:
		if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK &&
		    (o2a_fence(r, n) || import_fence(r, n) ||
		    fence_card(r, n)))
			return;
		if (quoted_question(r, n) || answer_callout(r, n))
			return;
		if (cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE &&
		    !c->open && st->dialect == D_OSR && list_liners(st, b)) {
			/*
			 * "term::definition" in a callout: the plugin reads
			 * the file's lines, "> " and all.
			 */
			finish_pending(r);
			start_cards(r, RUN_QUOTE, line_of(st, b.from),
			    line_of(st, b.to));
			return;
		}
		if (c->open)
			extend(c->awaiting ? &c->q : &c->a, b);
		else
			add_pending(st, b);
		return;
	}
}

/*
 * cards2md output.
 */
static void
end_note(struct cp_reader *r)
{
	struct md_state	*st = r->state;

	if (!st->in_note)
		return;
	st->in_note = 0;
	if (st->field < st->note.note.nfields)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name,
		    st->note.note.source_line, 0, "the note has %zu fields, "
		    "%zu written; the rest left empty", st->note.note.nfields,
		    st->field);
	if (st->note.note.markup == CP_MARKUP_HTML)
		st->note.note.markup = CP_MARKUP_MARKDOWN;	/* converted */
	if (r->opts.deck != NULL)
		cp_set_string(&st->note.note.deck, r->opts.deck);
	queue_push(st, &st->note);
}

/* The text a paragraph shows after its label, as write_md.c escaped it. */
static char *
inline_text(struct cp_reader *r, cmark_node *from, unsigned long line)
{
	struct cp_buf	 b = { 0 };
	cmark_iter	*it;
	cmark_node	*n;
	cmark_event_type ev;
	const char	*lit;
	int		 flattened = 0, first = 1;

	cp_buf_addstr(&b, "");
	for (; from != NULL; from = cmark_node_next(from)) {
		it = cmark_iter_new(from);
		while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
			n = cmark_iter_get_node(it);
			if (ev != CMARK_EVENT_ENTER)
				continue;
			lit = cmark_node_get_literal(n);
			switch (cmark_node_get_type(n)) {
			case CMARK_NODE_TEXT:
				if (first && lit[0] == ' ')
					lit++;
				cp_buf_addstr(&b, lit);
				break;
			case CMARK_NODE_LINEBREAK:
			case CMARK_NODE_SOFTBREAK:
				cp_buf_addc(&b, '\n');
				break;
			case CMARK_NODE_HTML_INLINE:
				if (strcasecmp(lit, "<br>") == 0 ||
				    strcasecmp(lit, "<br/>") == 0 ||
				    strcasecmp(lit, "<br />") == 0)
					cp_buf_addc(&b, '\n');
				else {
					cp_buf_addstr(&b, lit);
					flattened = 1;
				}
				break;
			case CMARK_NODE_CODE:
				cp_buf_addstr(&b, lit);
				flattened = 1;
				break;
			default:
				flattened = 1;
				break;
			}
			first = 0;
		}
		cmark_iter_free(it);
	}
	if (flattened)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "Markdown in a text field kept as its text");
	return cp_buf_detach(&b);
}

/*
 * A block quote's lines without their "> ", nor the indent it is set in
 * by inside a list item.
 */
static char *
unquote(const struct md_state *st, cmark_node *n)
{
	struct cp_buf	 b = { 0 };
	unsigned long	 l = (unsigned long)cmark_node_get_start_line(n);
	size_t		 k, col = (size_t)cmark_node_get_start_column(n) - 1;
	const char	*p, *end;

	cp_buf_addstr(&b, "");
	for (;; l++) {
		if (l > st->nlines || line_start(st, l) >= st->len)
			break;
		p = st->doc + line_start(st, l);
		end = st->doc + line_end(st, l);
		for (k = 0; k < col && p < end && *p == ' '; k++)
			p++;
		if (p == end || *p != '>')
			break;
		if (l > (unsigned long)cmark_node_get_start_line(n))
			cp_buf_addc(&b, '\n');
		p += p + 1 < end && p[1] == ' ' ? 2 : 1;
		cp_buf_add(&b, p, (size_t)(end - p));
	}
	return cp_buf_detach(&b);
}

/* The text of a heading's inlines, markup left out. */
static char *
plain_text(cmark_node *n)
{
	struct cp_buf	 b = { 0 };
	cmark_iter	*it = cmark_iter_new(n);
	cmark_event_type ev;
	cmark_node	*c;

	cp_buf_addstr(&b, "");
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		c = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER &&
		    (cmark_node_get_type(c) == CMARK_NODE_TEXT ||
		    cmark_node_get_type(c) == CMARK_NODE_CODE))
			cp_buf_addstr(&b, cmark_node_get_literal(c));
	}
	cmark_iter_free(it);
	return cp_buf_detach(&b);
}

/* "**Q:**", "**A:**" or "**Name:**" opening a paragraph. */
static int
is_label(cmark_node *n)
{
	cmark_node	*s = cmark_node_first_child(n), *t;
	const char	*lit;
	size_t		 len;

	if (s == NULL || cmark_node_get_type(s) != CMARK_NODE_STRONG)
		return 0;
	t = cmark_node_last_child(s);
	if (t == NULL || cmark_node_get_type(t) != CMARK_NODE_TEXT)
		return 0;
	lit = cmark_node_get_literal(t);
	len = strlen(lit);
	return len > 0 && lit[len - 1] == ':';
}

static void
cardpipe_comment(struct cp_reader *r, const char *lit, unsigned long line)
{
	struct md_state		*st = r->state;
	struct cp_record	 rec = { 0 };
	const char		*json = lit + strlen("<!-- cardpipe "), *end;

	end = strstr(json, "-->");
	while (end > json && end[-1] == ' ')
		end--;
	rec.deck.declared_cards = -1;
	st->deck_head = 0;
	st->bad_comment = 0;
	if (cp_stream_decode(json, (size_t)(end - json), &rec, r->name, line,
	    r->rep) == -1) {
		cp_record_clear(&rec);
		st->bad_comment = 1;
		return;
	}
	if (rec.kind == CP_RECORD_NOTE) {
		cp_set_string(&st->deck, rec.note.deck);
		cp_set_string(&rec.note.source_file, r->name);
		rec.note.source_line = line;
		st->note = rec;
		st->in_note = 1;
		st->field = 0;
		return;
	}
	if (rec.kind == CP_RECORD_DECK) {
		st->deck_head = 1;
		st->described = rec.deck.description != NULL &&
		    *rec.deck.description != '\0';
		cp_set_string(&st->deck, rec.deck.name);
		cp_set_string(&rec.deck.source_file, r->name);
		rec.deck.source_line = line;
		if (r->opts.deck != NULL)
			cp_set_string(&rec.deck.name, r->opts.deck);
	} else {
		cp_set_string(&rec.notetype.source_file, r->name);
		rec.notetype.source_line = line;
	}
	queue_push(st, &rec);
}

static int
is_comment(cmark_node *n)
{
	const char	*lit;

	if (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK)
		return 0;
	lit = cmark_node_get_literal(n);
	return strncmp(lit, "<!-- cardpipe {", 15) == 0 &&
	    strstr(lit, "-->") != NULL;
}

/*
 * Whether a paragraph starts a plain note: its label is "**Q:**", and
 * no comment is waiting for its fields.  A note that has a field left
 * to read and labels it "Q:" (the first, or one named so) takes it; a
 * deck description, which may hold anything, ends at a comment only;
 * after an unreadable comment nothing says where its note ends.
 */
static int
starts_plain(const struct md_state *st, cmark_node *n)
{
	const struct cp_note	*note = &st->note.note;
	cmark_node		*s = cmark_node_first_child(n), *t;

	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH || s == NULL ||
	    cmark_node_get_type(s) != CMARK_NODE_STRONG ||
	    (t = cmark_node_first_child(s)) == NULL ||
	    cmark_node_next(t) != NULL ||
	    cmark_node_get_type(t) != CMARK_NODE_TEXT ||
	    strcmp(cmark_node_get_literal(t), "Q:") != 0)
		return 0;
	if (st->in_note)
		return st->field >= note->nfields || st->field == 1 ||
		    (st->field > 1 &&
		    strcmp(note->fields[st->field].name, "Q") != 0);
	return !st->bad_comment && !(st->deck_head && st->described);
}

/* A plain note, its fields to be read from the labels that follow. */
static void
plain_note(struct cp_reader *r, unsigned long line)
{
	struct md_state	*st = r->state;
	struct cp_note	*note = &st->note.note;

	end_note(r);
	cp_record_clear(&st->note);
	if (st->deck == NULL)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "card before any deck; put in deck \"%s\"",
		    cp_read_default_deck(r));
	st->note.kind = CP_RECORD_NOTE;
	note->deck = cp_xstrdup(st->deck != NULL ? st->deck :
	    cp_read_default_deck(r));
	note->notetype = cp_xstrdup("Basic");
	cp_note_add_field(note, "Front", "");
	cp_note_add_field(note, "Back", "");
	note->markup = CP_MARKUP_TEXT;
	note->source_file = cp_xstrdup(r->name);
	st->in_note = 1;
	st->field = 0;
	st->deck_head = 0;
}

static void
cardpipe_block(struct cp_reader *r, cmark_node *n)
{
	struct md_state	*st = r->state;
	struct cp_note	*note = &st->note.note;
	unsigned long	 line = (unsigned long)cmark_node_get_start_line(n);
	const char	*lit;
	cmark_node	*after, *quote;
	char		*v;

	if (is_comment(n)) {
		end_note(r);
		cardpipe_comment(r, cmark_node_get_literal(n), line);
		return;
	}
	if (cmark_node_get_type(n) == CMARK_NODE_HEADING &&
	    cmark_node_get_heading_level(n) == 2) {
		/* Of the deck of what follows: cards2md writes its name. */
		free(st->deck);
		st->deck = plain_text(n);
		return;
	}
	if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH) {
		struct span	 b = block_span(st, n);
		unsigned long	 first = line_of(st, b.from);

		/*
		 * No field is a table, nor is a deck's description, whose
		 * pipes cp_html_to_markdown() escapes: a table ends both.
		 */
		if (is_table(st, first, line_of(st, b.to))) {
			end_note(r);
			st->deck_head = 0;
			dialect_table(r, first, line_of(st, b.to));
			return;
		}
	}
	if (starts_plain(st, n))
		plain_note(r, line);
	/* Headings, a deck's source and description are for people. */
	if (cmark_node_get_type(n) == CMARK_NODE_HEADING ||
	    (!st->in_note && st->deck_head))
		return;
	if (!st->in_note) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "not in a note%s; skipped", st->bad_comment ?
		    " (the comment above could not be read)" : "");
		return;
	}
	if (cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK) {
		lit = cmark_node_get_literal(n);
		if (strncmp(lit, "<details>", 9) == 0 ||
		    strncmp(lit, "</details>", 10) == 0)
			return;
	}
	if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH || !is_label(n)) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "not a field of the note above; skipped");
		return;
	}
	if (st->field >= note->nfields) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
		    "the note has %zu fields; this one skipped",
		    note->nfields);
		return;
	}
	if (st->field == 0)
		note->source_line = line;
	after = cmark_node_next(cmark_node_first_child(n));
	if (note->markup == CP_MARKUP_TEXT)
		v = inline_text(r, after, line);
	else if (after == NULL && (quote = cmark_node_next(n)) != NULL &&
	    cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE) {
		v = unquote(st, quote);
		st->next = cmark_node_next(quote);
	} else {
		if (after != NULL)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
			    "a Markdown field belongs in a block quote below "
			    "its label; read as text");
		v = after != NULL ? inline_text(r, after, line) :
		    cp_xstrdup("");
	}
	free(note->fields[st->field].value);
	note->fields[st->field++].value = v;
}

/*
 * Front matter: "---" lines around "key: value" lines.  It is blanked
 * out before cmark sees it, so that line numbers stay right.
 */
static void
add_tags(struct md_state *st, char *v)
{
	char	*t;

	for (t = strtok(v, " ,[]\t\"'"); t != NULL;
	    t = strtok(NULL, " ,[]\t\"'")) {
		if (*t == '#')
			t++;
		if (*t == '\0' || strcmp(t, "-") == 0)
			continue;
		if (st->ntags == st->tags_cap) {
			st->tags_cap = st->tags_cap == 0 ? 8 :
			    2 * st->tags_cap;
			st->tags = cp_xreallocarray(st->tags, st->tags_cap,
			    sizeof(*st->tags));
		}
		st->tags[st->ntags++] = cp_xstrdup(t);
	}
}

static void
front_matter(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	unsigned long	 l, last = 0;
	char		*line, *v, *k;
	size_t		 a, e;
	int		 in_tags = 0, in_value = 0;

	if (st->nlines < 2 || line_end(st, 1) != 3 ||
	    strncmp(st->doc, "---", 3) != 0)
		return;
	for (l = 2; l <= st->nlines && last == 0; l++) {
		a = line_start(st, l);
		e = line_end(st, l);
		if ((e - a == 3 && (strncmp(st->doc + a, "---", 3) == 0 ||
		    strncmp(st->doc + a, "...", 3) == 0)))
			last = l;
	}
	if (last == 0)
		return;
	for (l = 2; l < last; l++)
		if (inka_question(st, l))
			return;	/* inka's section of questions */
	for (l = 2; l < last; l++) {
		line = cp_xstrndup(st->doc + line_start(st, l),
		    line_end(st, l) - line_start(st, l));
		if (in_tags && (v = strstr(line, "- ")) != NULL &&
		    strspn(line, " \t") == (size_t)(v - line)) {
			add_tags(st, v + 2);
			free(line);
			continue;
		}
		/*
		 * The lines set in under "author: |", YAML's block of text
		 * or a key's nested values, are that key's value, said
		 * with it.
		 */
		if (in_value && strchr(" \t", line[0]) != NULL) {
			free(line);
			continue;
		}
		in_tags = in_value = 0;
		/*
		 * TOML's "name = \"Deck: Part\"", as hashcards writes it,
		 * too: a bare key, " =" before any colon.
		 */
		v = line + strcspn(line, ":=");
		if (*v == '=' && (v == line || v[-1] != ' ' ||
		    strcspn(line, " \t") != (size_t)(v - 1 - line)))
			v = strchr(v, ':');
		else if (*v == '\0')
			v = NULL;
		if (v == NULL) {
			if (line[strspn(line, " \t")] != '\0' &&
			    line[strspn(line, " \t")] != '#')
				cp_report(r->rep, CP_LEVEL_WARNING, r->name, l,
				    0, "front matter line is not \"key: "
				    "value\"; skipped");
			free(line);
			continue;
		}
		*v++ = '\0';
		k = line;
		for (e = strlen(k); e > 0 && strchr(" \t", k[e - 1]) != NULL;
		    e--)
			k[e - 1] = '\0';	/* "name = ..." */
		v += strspn(v, " \t");
		e = strlen(v);
		while (e > 0 && strchr(" \t", v[e - 1]) != NULL)
			v[--e] = '\0';
		if (e >= 2 && (v[0] == '"' || v[0] == '\'') &&
		    v[e - 1] == v[0]) {
			v[e - 1] = '\0';
			v++;
		}
		in_value = strchr("|>", *v) != NULL && *v != '\0' &&
		    strspn(v + 1, "+-0123456789") == strlen(v + 1);
		in_value |= *v == '\0' && strcmp(k, "tags") != 0;
		if (strcmp(k, "cards-deck") == 0)
			st->cards_deck = 1;	/* even empty: the plugin's */
		st->note_review |= strcmp(k, "sr-due") == 0;
		if (strcmp(k, "title") == 0 && *v != '\0')
			cp_set_string(&st->title, v);

		else if ((strcmp(k, "deck") == 0 ||
		    strcmp(k, "TARGET DECK") == 0 || strcmp(k, "cards-deck") ==
		    0) && *v != '\0')
			/* and Obsidian_to_Anki's, and the Flashcards plugin's */
			cp_set_string(&st->deck, v);
		else if (strcmp(k, "name") == 0 && *v != '\0' &&
		    st->deck == NULL)
			st->deck = cp_xstrdup(v);	/* Anki Panky's */
		else if ((strcmp(k, "url") == 0 || strcmp(k, "source") == 0) &&
		    *v != '\0')
			cp_set_string(&st->url, v);
		else if (strcmp(k, "FILE TAGS") == 0)
			add_tags(st, v);
		else if (strcmp(k, "tags") == 0) {
			add_tags(st, v);
			in_tags = *v == '\0';
		} else if (strcmp(k, "noteId") == 0)
			st->yanki_id = 1;	/* the note's, in Anki */
		/*
		 * Empty "cards-deck" is the default deck.  A vault's note read
		 * as its plugin reads it has Obsidian's properties (dates,
		 * aliases), none of them the plugin's, nor a card's.
		 */
		else if (strcmp(k, "cards-deck") != 0 &&
		    r->opts.sr_settings == NULL)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, l, 0,
			    "front matter key \"%s\" is not used; skipped", k);
		free(line);
	}
	st->matter_tags = st->ntags;
	/* Blank it, newlines kept, so that cmark counts the same lines. */
	for (e = 0; e < line_end(st, last); e++)
		if (st->doc[e] != '\n')
			st->doc[e] = ' ';
}

/*
 * inka (keiqu/inka, and inka2): its cards are the numbered questions
 * of sections between two lines "---", a section's "Deck:" and "Tags:"
 * lines naming the deck and the tags of the cards below them, a
 * question's answer the "> " lines under it.  A question with no answer
 * is a Cloze note, "{text}", "{1::text}" and "{c1::text}" its
 * deletions.  The "<!--ID:...-->" inka writes above a question is the
 * note's identity in Anki, no text.  A step reads one question, and
 * says what the lines before it held that is no card.
 */
static int
inka_question(const struct md_state *st, unsigned long l)
{
	size_t	 i = line_start(st, l), e = line_end(st, l), d;

	for (d = i; d < e && isdigit((unsigned char)st->doc[d]); d++)
		continue;
	return d > i && d < e && st->doc[d] == '.' && (d + 1 == e ||
	    st->doc[d + 1] == ' ' || st->doc[d + 1] == '\t');
}

/* A line "Key: value" of a section; value, or NULL. */
static const char *
inka_key(const struct md_state *st, unsigned long l, const char *key)
{
	size_t	 i = line_start(st, l), n = strlen(key);

	if (line_end(st, l) - i < n || strncmp(st->doc + i, key, n) != 0)
		return NULL;
	return st->doc + i + n;
}

/* Where a question ends: at the next, an id, the section's end. */
static int
inka_stop(const struct md_state *st, unsigned long l)
{
	return inka_question(st, l) || line_is(st, l, "---") ||
	    (line_span(st, l).to - line_span(st, l).from > 9 &&
	    strncmp(st->doc + line_span(st, l).from, "<!--ID:", 7) == 0 &&
	    strncmp(st->doc + line_span(st, l).to - 3, "-->", 3) == 0);
}

static void
inka_step(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	 prose = { 0, 0 }, s, q, rest = { 0, 0 };
	struct cp_buf	 a = { 0 };
	unsigned long	 l, first;
	const char	*v;
	int		 fence = 0;

	for (l = st->run_line; l <= st->run_last; l++) {
		s = line_span(st, l);
		if (line_is(st, l, "---")) {
			if (prose.from != prose.to)
				skipped(r, prose, st->inka_in ? "in an inka "
				    "section but in no numbered question: not "
				    "a card" : "outside inka's \"---\" "
				    "sections: not a card");
			prose.from = prose.to = 0;
			if ((st->inka_in = !st->inka_in)) {
				st->inka_open = l;
				free(st->inka_tags);
				st->inka_tags = NULL;
				free(st->deck);
				st->deck = st->matter_deck == NULL ? NULL :
				    cp_xstrdup(st->matter_deck);
			}
			continue;
		}
		if (s.from == s.to || (st->inka_in && inka_stop(st, l) &&
		    !inka_question(st, l)))
			continue;	/* blank, or an id above a question */
		if (st->inka_in && inka_question(st, l))
			break;
		if (st->inka_in && (v = inka_key(st, l, "Deck:")) != NULL) {
			free(st->deck);
			st->deck = span_text(st, (struct span){ (size_t)(v -
			    st->doc), s.to });
			/* Each section's deck has its record. */
			if (st->deck_sent && r->opts.deck == NULL &&
			    strcmp(st->deck, st->sent_deck) != 0)
				st->deck_sent = 0;
			if (!st->deck_sent)
				st->deck_line = l;
			continue;
		}
		if (st->inka_in && (v = inka_key(st, l, "Tags:")) != NULL) {
			free(st->inka_tags);
			st->inka_tags = cp_xstrndup(v, (size_t)(st->doc +
			    s.to - v));
			continue;
		}
		extend(&prose, s);
	}
	if (prose.from != prose.to)
		skipped(r, prose, st->inka_in ? "in an inka section but in no "
		    "numbered question: not a card" : "outside inka's \"---\" "
		    "sections: not a card");
	if (l > st->run_last) {
		if (st->inka_in)
			cp_report(r->rep, CP_LEVEL_WARNING, r->name,
			    st->inka_open, 0, "an inka section \"---\" never "
			    "closed: its questions read to the end of the "
			    "file");
		st->run_line = l;
		return;
	}
	/* The question, past "1.", to its answer's first '>'. */
	first = l;
	q.from = line_start(st, l) + strspn(st->doc + line_start(st, l),
	    "0123456789") + 1;
	q.to = line_end(st, l);
	for (l++; l <= st->run_last && !inka_stop(st, l) &&
	    st->doc[line_start(st, l)] != '>'; l++)
		q.to = line_end(st, l);
	cp_buf_addstr(&a, "");
	for (; l <= st->run_last && st->doc[line_start(st, l)] == '>'; l++) {
		/* inka makes each line of the quote a paragraph. */
		s.from = line_start(st, l) + 1;
		s.to = line_end(st, l);
		if (s.from < s.to && (st->doc[s.from] == ' ' ||
		    st->doc[s.from] == '\t'))
			s.from++;
		if (strncmp(st->doc + s.from, "```", 3) == 0)
			fence = !fence;
		if (s.from == s.to && !fence)
			continue;
		if (a.len > 0)
			cp_buf_addstr(&a, fence || strncmp(st->doc + s.from,
			    "```", 3) == 0 ? "\n" : "\n\n");
		cp_buf_add(&a, st->doc + s.from, s.to - s.from);
	}
	for (; l <= st->run_last && !inka_stop(st, l); l++)
		if (line_span(st, l).from != line_span(st, l).to)
			extend(&rest, line_span(st, l));
	st->run_line = l;
	st->cloze_block = a.len == 0;
	push_card(r, span_text(st, q), cp_buf_detach(&a), 0, st->inka_tags,
	    first);
	st->cloze_block = 0;
	if (rest.from != rest.to)
		skipped(r, rest, "below the answer's \"> \" lines, before the "
		    "next question: no part of a card");
}

/*
 * ankdown reads lines: a line "%" alone parts a card's fields, the front,
 * the back and then its tags, comma-separated; a line "---" or "%%"
 * alone parts the cards.  Fenced code is text.
 */
static int
ankdown_boundary(const struct md_state *st, unsigned long l)
{
	return line_is(st, l, "---") || line_is(st, l, "%%");
}

/*
 * Whether the page is ankdown's: two of its cards or more hold one or
 * two "%" lines, two thirds of them or more do, and fewer than half of
 * those open with a heading, as mdanki's do, whose "%" parts a
 * heading's card.
 */
static int
ankdown_page(const struct md_state *st)
{
	struct span	 s;
	unsigned long	 l, first = 0;
	int		 fence = 0, cards = 0, split = 0, headed = 0;
	int		 percents = 0;

	for (l = 1; l <= st->nlines + 1; l++) {
		if (l <= st->nlines && fence_mark(st, l))
			fence = !fence;
		if (l > st->nlines || (!fence && ankdown_boundary(st, l))) {
			if (first != 0) {
				cards++;
				split += percents == 1 || percents == 2;
				s = line_span(st, first);
				headed += (percents == 1 || percents == 2) &&
				    st->doc[s.from] == '#';
			}
			first = 0;
			percents = 0;
		} else if (!fence && line_is(st, l, "%"))
			percents++;
		else if (first == 0 && line_span(st, l).from !=
		    line_span(st, l).to)
			first = l;
	}
	return split >= 2 && split * 3 >= cards * 2 && headed * 2 < split;
}

/*
 * The tags of the comma-parted list s, ankdown's tags field or a
 * mankidown note's, "definition, counterexample", as push_card() takes
 * them: parted by spaces, each tag's own spaces made '_' by
 * cp_md_tag_list() ("" for none).
 */
static char *
listed_tags(const struct md_state *st, struct span s)
{
	struct cp_note	 tags = { 0 };
	struct cp_buf	 b = { 0 };
	size_t		 i;

	cp_md_tag_list(&tags, st->doc + s.from, s.to - s.from);
	for (i = 0; i < tags.ntags; i++) {
		cp_buf_printf(&b, "%s%s", i > 0 ? " " : "", tags.tags[i]);
		free(tags.tags[i]);
	}
	free(tags.tags);
	return cp_buf_detach(&b);
}

/* ankdown's next card, up to the line that parts it from the next. */
static void
ankdown_step(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	 f[3] = { { 0, 0 }, { 0, 0 }, { 0, 0 } }, s;
	unsigned long	 l, line = 0;
	size_t		 nf = 0;
	int		 fence = 0;
	char		*tags;

	for (l = st->run_line; l <= st->run_last; l++) {
		if (fence_mark(st, l))
			fence = !fence;
		if (!fence && ankdown_boundary(st, l))
			break;
		if (!fence && line_is(st, l, "%")) {
			nf++;
			continue;
		}
		s = line_span(st, l);
		if (s.from == s.to)
			continue;
		line = line == 0 ? l : line;
		if (nf < 3) {
			f[nf].from = f[nf].to == 0 ? line_start(st, l) :
			    f[nf].from;
			f[nf].to = line_end(st, l);
		}
	}
	st->run_line = l + 1;
	if (line == 0 && nf > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, l - nf, 0,
		    "an ankdown card of \"%%\" lines alone, no text: not a "
		    "card");
	if (line == 0)
		return;		/* nothing between two "---" */
	s.from = line_start(st, line);
	s.to = line_end(st, l > st->run_last ? st->run_last : l - 1);
	if (nf == 0 || f[0].to == 0 || f[1].to == 0) {
		skipped(r, s, nf == 0 ? "an ankdown card with no \"%\" line "
		    "parting its front from its back: not a card" :
		    "an ankdown card with an empty front or back: not a card");
		return;
	}
	if (nf > 2)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0, "an "
		    "ankdown card of %zu fields: those after the third, its "
		    "tags, left out", nf + 1);
	tags = f[2].to != 0 ? listed_tags(st, f[2]) : NULL;
	push_card(r, span_text(st, f[0]), span_text(st, f[1]), 0, tags, line);
	free(tags);
}

/* The fields of a mankidown note type that can be named, at most. */
#define MANKIDOWN_FIELDS	16

/*
 * mankidown reads headings: a level-one heading opens a note, its text
 * the note's tags, and each level-two heading under it opens the next
 * of the note type's fields, named in the first note and bare, "## ",
 * in the others.  The level of "# " or "## " at line l, its text in
 * *t; 0 when the line is no such heading.
 */
static int
mankidown_heading(const struct md_state *st, unsigned long l, struct span *t)
{
	struct span	 s = line_span(st, l);
	size_t		 k = strspn(st->doc + s.from, "#");

	if (k == 0 || k > 2 || s.from + k > s.to ||
	    (s.from + k < s.to && st->doc[s.from + k] != ' ' &&
	    st->doc[s.from + k] != '\t') || s.from != line_start(st, l))
		return 0;
	t->from = s.from + k;
	t->to = s.to;
	while (t->from < t->to && isspace((unsigned char)st->doc[t->from]))
		t->from++;
	return (int)k;
}

/*
 * Whether the page is mankidown's: it opens with a level-one heading,
 * two or more notes, each level-one heading over a level-two one (text
 * between, which the tool ignores, allowed), the first note's field
 * headings named and the later ones bare or named the same, as the tool
 * reads them.  Fenced code is text.
 */
static int
mankidown_page(const struct md_state *st)
{
	struct span	 t, names[MANKIDOWN_FIELDS];
	unsigned long	 l;
	int		 fence = 0, notes = 0, level, want = 0, named = 0;
	int		 bare = 0, text = 0, field = 0;

	for (l = 1; l <= st->nlines; l++) {
		if (fence_mark(st, l))
			fence = !fence;
		t = line_span(st, l);
		if (fence || t.from == t.to)
			continue;
		level = mankidown_heading(st, l, &t);
		if (want == 2 && level == 1)
			return 0;	/* a note with no field */
		if (level == 0) {
			if (notes == 0)
				return 0;
			text += want == 0;
			continue;
		}
		if (level == 1 && heading_is(st, t, "Note"))
			return 0;	/* apy's note, its fields named too */
		want = level == 1 ? 2 : 0;
		notes += level == 1;
		field = level == 1 ? 0 : field + 1;
		if (level == 1)
			continue;
		if (notes == 1 && t.from < t.to &&
		    field <= MANKIDOWN_FIELDS) {
			names[field - 1] = t;
			named = field;
		} else if (notes == 1 || (t.from < t.to && (field > named ||
		    !same_text(st, t, names[field - 1]))))
			return 0;	/* fields unnamed first, or renamed */
		else
			bare += t.from == t.to;
	}
	/*
	 * Named in every note, the fields are a note type's own, "Front"
	 * or "Text" first: any other names are a notes page's sections.
	 */
	return notes >= 2 && named > 0 && text > 0 && (bare > 0 ||
	    heading_is(st, names[0], "Front") ||
	    heading_is(st, names[0], "Text"));
}

/*
 * Is s a list of tags parted by commas, "c++,basics", "data structures,
 * c++": no sentence's mark in it, each tag three words at most?
 */
static int
tag_list(const struct md_state *st, struct span s)
{
	const char	*p;
	int		 words = 1;

	for (p = st->doc + s.from; p < st->doc + s.to; p++)
		if (strchr(".?!:;", *p) != NULL)
			return 0;
		else if (*p == ',')
			words = 1;
		else if (*p == ' ' && p[1] != ' ' && p[1] != ',' &&
		    p > st->doc + s.from && p[-1] != ',' && ++words > 3)
			return 0;
	return s.to > s.from;
}

/* mankidown's next note, up to the next level-one heading. */
static void
mankidown_step(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	struct span	 f[2] = { { 0, 0 }, { 0, 0 } }, t, tags = { 0, 0 };
	struct span	 listed = { 0, 0 };
	unsigned long	 l, line = 0, first = st->run_line;
	size_t		 nf = 0;
	int		 fence = 0, level;
	char		*words;

	for (l = st->run_line; l <= st->run_last; l++) {
		if (fence_mark(st, l))
			fence = !fence;
		level = fence ? 0 : mankidown_heading(st, l, &t);
		if (level == 1 && l > first)
			break;
		if (level == 1) {
			tags = t;
			continue;
		}
		if (level == 2) {
			nf++;
			continue;
		}
		if (line_span(st, l).from == line_span(st, l).to || nf > 2)
			continue;
		if (nf == 0 && listed.to == 0 && heading_is(st, tags, "tags") &&
		    tag_list(st, line_span(st, l))) {
			/* "# tags" over "c++,basics": a notes site's list. */
			listed = line_span(st, l);
			continue;
		}
		if (nf == 0) {
			warn_once(r, &st->mankidown_said, l, "text between a "
			    "mankidown note's heading and its first field, "
			    "which the tool ignores: left out");
			continue;
		}
		line = nf == 1 && line == 0 ? l : line;
		f[nf - 1].from = f[nf - 1].to == 0 ? line_start(st, l) :
		    f[nf - 1].from;
		f[nf - 1].to = line_end(st, l);
	}
	st->run_line = l;
	t.from = line_start(st, first);
	t.to = line_end(st, l - 1);
	if (f[0].to == 0 || f[1].to == 0) {
		skipped(r, t, "a mankidown note with an empty first or second "
		    "field: not a card");
		return;
	}
	if (nf > 2)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first, 0, "a "
		    "mankidown note of %zu fields: those after the second left "
		    "out", nf);
	words = listed.to != 0 ? listed_tags(st, listed) :
	    span_text(st, tags);
	push_card(r, span_text(st, f[0]), span_text(st, f[1]), 0, words,
	    line);
	free(words);
}

/* One line, or one card, of the block being read. */
static void
run_step(struct cp_reader *r)
{
	struct md_state	*st = r->state;

	switch (st->run) {
	case RUN_LINERS:
	case RUN_LIST:
	case RUN_QUOTE:
		liner_line(r, st->run_line++, st->run);
		break;
	case RUN_QUESTIONS:
		list_run(r);
		break;
	case RUN_TABLE:
		table_row(r, st->run_line++);
		break;
	case RUN_INLINE:
		inline_note(r, st->run_line++);
		break;
	case RUN_FENCE:
		fence_note(r);
		break;
	case RUN_INKA:
		inka_step(r);
		break;
	case RUN_ANKDOWN:
		ankdown_step(r);
		break;
	case RUN_MANKIDOWN:
		mankidown_step(r);
		break;
	case RUN_ASKED:
		asked_card(r);
		break;
	case RUN_ITEMS:
		item_card(r);
		if (st->run_item == NULL)
			st->run_line = st->run_last + 1;
		break;
	case RUN_NONE:
		break;
	}
	if (st->run_line > st->run_last) {
		if (st->run == RUN_QUOTE)
			finish_card(r);	/* what follows is past the quote */
		st->run = RUN_NONE;
	}
}

/* A Logseq page's next card, or its end. */
static void
logseq_card(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	char		*front, *back, *tags;
	unsigned long	 line;

	if (cp_logseq_next(st->logseq, &front, &back, &tags, &line)) {
		if (*back == '\0' && *front != '\0' &&
		    !cp_anki_cloze(front, strlen(front)))
			cp_report(r->rep, CP_LEVEL_WARNING, r->name, line, 0,
			    "a #card block with nothing under it: a card "
			    "with an empty back, as the app reviews it");
		push_card(r, front, back, 0, tags, line);
		free(tags);
		return;
	}
	if (!st->deck_sent && (st->title != NULL || st->deck != NULL))
		push_deck(r, st->deck_line);
	st->done = 1;
}

/*
 * A Logseq page: its outline read, its title:: the title and its deck::
 * the deck where the front matter gives none, its tags:: those of every
 * card.
 */
static void
logseq_open(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	const char	*title, *deck, *tags;
	unsigned long	 line;
	char		*v;

	st->logseq = cp_logseq_open(st->doc, st->len, r->name, r->rep);
	if ((title = cp_logseq_title(st->logseq, &line)) != NULL &&
	    st->title == NULL) {
		st->title = cp_xstrdup(title);
		st->deck_line = line;
	}
	if ((deck = cp_logseq_deck(st->logseq, &line)) != NULL &&
	    st->deck == NULL) {
		st->deck = cp_xstrdup(deck);
		st->deck_line = line;
	}
	if ((tags = cp_logseq_tags(st->logseq)) != NULL) {
		v = cp_xstrdup(tags);
		add_tags(st, v);
		free(v);
	}
}

static int
md_next(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	cmark_node	*n;

	if (st->failed)
		return -1;
	while (st->qhead == st->qlen) {
		if (st->logseq != NULL && !st->done) {
			logseq_card(r);
			continue;
		}
		if (st->run != RUN_NONE) {
			run_step(r);
			continue;
		}
		if (st->done)
			return 0;
		if ((n = st->next) == NULL) {
			if (st->cardpipe)
				end_note(r);
			else {
				if (st->dialect == D_YANKI || st->whole_note)
					yanki_note(r);
				answer_gap(st, st->nlines + 1);
				if (st->cur.open && st->cur.details)
					cp_report(r->rep, CP_LEVEL_WARNING,
					    r->name, st->cur.line, 0, "a "
					    "\"<details>\" never closed: its "
					    "answer runs to the end of the "
					    "file");
				finish_card(r);
				finish_pending(r);
				if (!st->deck_sent && (st->title != NULL ||
				    st->deck != NULL))
					push_deck(r, st->deck_line);
			}
			st->done = 1;
			continue;
		}
		st->next = cmark_node_next(n);
		if (st->cardpipe)
			cardpipe_block(r, n);
		else
			dialect_block(r, n);
	}
	r->rec = st->queue[st->qhead];
	memset(&st->queue[st->qhead++], 0, sizeof(*st->queue));
	return 1;
}

static void
md_close(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	size_t		 i;

	if (st == NULL)
		return;
	for (i = st->qhead; i < st->qlen; i++)
		cp_record_clear(&st->queue[i]);
	free(st->queue);
	cp_record_clear(&st->note);
	if (st->root != NULL)
		cmark_node_free(st->root);
	free(st->doc);
	free(st->line_at);
	free(st->title);
	free(st->title_text);
	free(st->deck);
	free(st->sent_deck);
	free(st->url);
	free(st->note_tags);
	free(st->inka_tags);
	free(st->matter_deck);
	free(st->fc_tag);
	cp_sr_settings_free(&st->sr);
	cp_vault_cache_free(st->vaults);
	cp_logseq_close(st->logseq);
	cp_hashset_free(&st->o2a_said);
	free(st->o2a_counts);
	free(st->later);
	cp_hashmap_free(&st->o2a_counted);
	for (i = 0; i < st->ntags; i++)
		free(st->tags[i]);
	free(st->tags);
	for (i = 0; i < st->nsub; i++)
		subdeck_free(&st->sub[i]);
	free(st->sub);
	free(st);
}

/*
 * Reads the whole input, makes it valid UTF-8 without NUL bytes and
 * with "\n" line ends, saying where it had to (the first place of each,
 * in the order of the lines).
 */
static int
load(struct cp_reader *r, struct md_state *st)
{
	struct cp_buf	 in = { 0 }, out = { 0 };
	char		 chunk[65536];
	size_t		 n, i, bad, lines = 1, nuls = 0;
	unsigned long	 nul_line = 0, bad_line = 0;
	char		*fixed;

	while ((n = fread(chunk, 1, sizeof(chunk), r->fp)) > 0)
		cp_buf_add(&in, chunk, n);
	if (ferror(r->fp)) {
		cp_report(r->rep, CP_LEVEL_SYSERR, r->name, 0, 0,
		    "read error: %s", strerror(errno));
		cp_buf_free(&in);
		return -1;
	}
	cp_buf_addstr(&in, "");
	i = in.len >= 3 && memcmp(in.data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	for (; i < in.len; i++) {
		if (in.data[i] == '\r' && i + 1 < in.len &&
		    in.data[i + 1] == '\n')
			continue;
		if (in.data[i] == '\n')
			lines++;
		if (in.data[i] == '\0') {
			if (nuls++ == 0)
				nul_line = (unsigned long)lines;
			cp_buf_addstr(&out, "\xef\xbf\xbd");
		} else
			cp_buf_addc(&out, in.data[i]);
	}
	cp_buf_free(&in);
	cp_buf_addstr(&out, "");
	if (!cp_utf8_valid(out.data, out.len, &bad)) {
		for (i = 0, bad_line = 1; i < bad; i++)
			bad_line += out.data[i] == '\n';
		fixed = cp_utf8_repair(out.data, out.len);
		cp_buf_free(&out);
		cp_buf_addstr(&out, fixed);
		free(fixed);
	}
	if (bad_line != 0 && (nul_line == 0 || bad_line <= nul_line))
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, bad_line, 0,
		    "invalid UTF-8 replaced by U+FFFD");
	if (nul_line != 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, nul_line, 0,
		    "%zu NUL byte%s replaced by U+FFFD", nuls,
		    nuls == 1 ? "" : "s");
	if (bad_line != 0 && nul_line != 0 && bad_line > nul_line)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, bad_line, 0,
		    "invalid UTF-8 replaced by U+FFFD");
	st->len = out.len;
	st->doc = cp_buf_detach(&out);
	st->line_at = cp_xreallocarray(NULL, lines + 1, sizeof(size_t));
	st->line_at[0] = 0;
	st->nlines = 1;
	for (i = 0; i < st->len; i++)
		if (st->doc[i] == '\n' && st->nlines <= lines)
			st->line_at[st->nlines++] = i + 1;
	return 0;
}

/*
 * Whether line l opens a list item, "- ", "* " or "+ ", that is no
 * one-line card.
 */
static int
note_item(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	size_t		 seplen;

	return s.to - s.from > 2 && bullet_opens(st->doc + s.from,
	    st->doc + s.to) && one_liner(st->doc + s.from,
	    st->doc + s.to, &seplen, &st->liner) == NULL;
}

static int
has(const char *p, size_t n, const char *what, size_t len)
{
	return memmem(p, n, what, len) != NULL;
}

/* Whether p, n bytes, holds "#" and a deck tag of the vault's. */
static int
names_deck_tag(const struct md_state *st, const char *p, size_t n)
{
	const char	*t, *e = p + n, *w;

	for (t = p; (t = memchr(t, '#', (size_t)(e - t))) != NULL; t++) {
		for (w = t + 1; w < e && (isalnum((unsigned char)*w) ||
		    *w == '_' || *w == '-' || *w == '/' ||
		    (unsigned char)*w >= 0x80);
		    w++)
			continue;
		if (cp_sr_tag_in(&st->sr.deck_tags, t + 1, (size_t)(w - t - 1)) != 0)
			return 1;
	}
	return 0;
}

/*
 * Which dialect a file is written in, by the marks only one of them
 * makes; the first of the most marked, else plain.  Fenced code is no
 * evidence, but for Obsidian_to_Anki's notes, which the plugin reads
 * there.
 */
/*
 * Whether line l, right under a line of text, holds only an em dash or
 * two to five marks that are not all one ("!---", "?-?"): what a vault
 * may set Obsidian SR's separator of multi-line cards to.  One mark
 * repeated is a rule, a fence or math's "$$"; brackets, quotes and
 * pipes are code's, HTML's or a table's.  But two commas may be one:
 * a vault that sets ";;" for one-line cards sets ",," for multi-line
 * ones (detect_dialect() asks for the ";;").
 */
static int
separator_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l), above;
	const char	*p;
	size_t		 n = s.to - s.from;

	if (l == 1)
		return 0;
	above = line_span(st, l - 1);
	if (above.from == above.to || st->doc[above.from] == '#')
		return 0;
	if (n == strlen(EM_DASH))
		return strncmp(st->doc + s.from, EM_DASH, n) == 0;
	if (n == 2 && strncmp(st->doc + s.from, ",,", 2) == 0)
		return 1;
	if (n < 2 || n > 5)
		return 0;
	for (p = st->doc + s.from; p < st->doc + s.to; p++)
		if (!ispunct((unsigned char)*p) ||
		    strchr("<>|()[]{}`$\"'\\/;,", *p) != NULL)
			return 0;
	for (p = st->doc + s.from + 1; p < st->doc + s.to; p++)
		if (*p != st->doc[s.from])
			return 1;
	return 0;
}

static enum dialect
detect_dialect(struct md_state *st)
{
	int		 score[D_COUNT] = { 0 };
	int		 starts = 0, ends = 0, fence = 0, best, d, next;
	int		 titles = 0, questions = 0, breaks = 0, semis = 0;
	int		 sub_tasks = 0, labelled_heads = 0, bare_sections = 0;
	int		 ticked = 0, ticked_open = 0;
	unsigned long	 k;
	int		 liners = 0, scheduled = 0, doubled = 0, labels = 0;
	int		 dashes = 0, semi_lines = 0, semi_asks = 0, bold_asks = 0;
	int		 bar_lines = 0, heading_asks = 0, answer_labels = 0;
	int		 question_labels = 0;
	int		 scheduled_lists = 0, items = 0, colon_terms = 0;
	int		 dash_terms = 0, item_liners = 0, unmarked;
	int		 arrow_terms = 0, arrow_asks = 0, arrow_defs = 0;
	int		 tab_lines = 0, card_liners = 0, id_items = 0;
	int		 gloss_lines = 0, set_in_asks = 0;
	struct cp_hashset colon_seen = { 0 };
	size_t		 colon_lines = 0, colon_again = 0;
	int		 schedules = 0, heading_marks = 0, marks = 0;
	int		 marks_kept = 1, deck_lines = 0, deck_only;
	int		 equal_liners = 0, quote_opens = 0;
	int		 other_separators = 0, semi_paras = 0;
	int		 bullets = 0, bullet_terms = 0, bullet_dashes = 0;
	int		 bullet_bare = 0, dash, colon;
	int		 bullet_spaced = 0, colon_glosses = 0, bracketed = 0;
	int		 short_glosses = 0;
	int		 bullet_arrows = 0, para_starts = 0, term_alone = 0;
	struct cp_verdict_tally verdict = { 0 };
	char		 letter;
	size_t		 bold_defs = 0;
	const char	*term, *term_end, *def, **bold_terms;
	size_t		 side_terms = 0, answer_terms = 0;
	int		 index_letters = 0;
	int		 margin_text = 0, q_heads = 0, answers_under = 0;
	int		 c_lines = 0, qa_items_n = 0, speakers = 0;
	unsigned long	 pe;
	const char	*cloze, *para_end;
	unsigned long	 bold_open = 0;
	int		 section_asks = -1, sparse_sections = 0;
	int		 regex_notes = 0, block_ids = 0, inka_ids = 0;
	int		 marked_notes = 0, marked_open = 0;
	int		 renamed = 0, sure = 0;
	unsigned long	 l, nonblank = 0, prev_break = 0, prev_text = 0;
	unsigned long	 fields_to = 0, head_line = 0, answered_line = 0;
	struct span	 s, h, qa_answer, separator = { 0, 0 };
	const char	*p, *e, *q, *name = NULL, *w, *para_tag = NULL;
	size_t		 n, seplen, at, name_len = 0, wn, para_len = 0, box;

	bold_terms = cp_xreallocarray(NULL, st->nlines + 1,
	    sizeof(*bold_terms));
	for (l = 1; l <= st->nlines; l++) {
		s = line_span(st, l);
		p = st->doc + s.from;
		e = st->doc + s.to;
		n = s.to - s.from;
		if (fence_mark(st, l))
			fence = !fence;
		if (!fence && (k = strspn(p, "#")) >= 1 && k <= 6 &&
		    (size_t)k < n && p[k] == ' ') {
			head_line = l;
			st->head_lines++;
		}
		/* Obsidian_to_Anki reads its notes in fences too. */
		if ((n == 5 && strncmp(p, "START", 5) == 0) || (n == 10 &&
		    strncmp(p, "START_CARD", 10) == 0))
			starts++;
		else if ((n == 3 && strncmp(p, "END", 3) == 0) || (n == 8 &&
		    strncmp(p, "END_CARD", 8) == 0))
			ends++;
		if (n == 0)
			para_tag = NULL;
		/*
		 * A question line "q #fc", its answer to the ID comment:
		 * blank lines may part the two (1), not the answer (2).
		 */
		if (n == 0)
			marked_open = marked_open == 1;
		else if (n >= 4 && strncmp(p, "<!--", 4) == 0) {
			marked_notes += marked_open != 0 && n > 7 &&
			    strncmp(p, "<!--ID:", 7) == 0;
			marked_open = 0;
		} else if (!fence && marked_line(p, e) != NULL)
			marked_open = 1;
		else if (marked_open != 0)
			marked_open = 2;
		if (fence || n == 0)
			continue;
		st->sync_blocks += sync_mark(st, l, "-start") != 0;
		st->mkdocs_questions += mkdocs_title(st, l, &h);
		h = s;
		st->flashcard_lines += *p != '#' && drop_flashcard_tag(st, &h);
		/* The marks of a user's note type, see comment_note(). */
		if (mark_comment(st, l)) {
			if (marks < 3)
				st->comment_marks[marks] = s;
			else
				marks_kept &= same_text(st, s,
				    st->comment_marks[marks % 3]);
			marks++;
		}
		/* The Flashcards plugin's tag; inka's section, its ids. */
		if (card_tags(st, s, &at) != FC_NONE) {
			score[D_FLASHCARDS] += 3;
			card_liners += one_liner(p, e, &seplen, &st->liner) != NULL;
		} else if ((w = renamed_tag(st, l, &wn, &sure)) != NULL)
			para_tag = w, para_len = wn;
		if (para_tag != NULL && (sure || (block_id_line(st, l) &&
		    n == 14)) && (name == NULL || (para_len == name_len &&
		    strncasecmp(para_tag, name, name_len) == 0))) {
			name = para_tag;
			name_len = para_len;
			renamed++;
			para_tag = NULL;
		}
		sure = 0;
		if (prev_text != 0 && line_is(st, prev_text, "---") &&
		    (inka_key(st, l, "Deck:") != NULL ||
		    inka_key(st, l, "Tags:") != NULL))
			score[D_INKA] += 5;
		if (n > 9 && strncmp(p, "<!--ID:", 7) == 0 && l < st->nlines &&
		    inka_question(st, l + 1))
			inka_ids++;
		/* A quote opening under a line of text, a blank between. */
		if (!fence && *p == '>' && prev_text != 0 &&
		    l - prev_text <= 2) {
			h = line_span(st, prev_text);
			quote_opens += h.from < h.to &&
			    strchr(">#", st->doc[h.from]) == NULL;
		}
		prev_text = l;
		if (n != 3 || strncmp(p, "---", 3) != 0)
			nonblank++;
		if ((n >= 11 && (strncmp(p, "TARGET DECK", 11) == 0 ||
		    strncmp(p, "TARGET_DECK", 11) == 0)) || (n >= 9 &&
		    (strncmp(p, "FILE TAGS", 9) == 0 || strncmp(p, "FILE_TAGS",
		    9) == 0)) || (n > 11 &&
		    strncmp(p, "STARTI ", 7) == 0)) {
			score[D_O2A] += 3;
			/* A deck or its tags, no card's mark. */
			deck_lines += strncmp(p, "STARTI ", 7) != 0;
		} else if (question_mark(st, s) != 0) {
			score[D_OSR] += 2;
			st->question_lines++;
			set_in_asks += s.from > line_start(st, l);
		} else if (n == 1 && *p == '%')
			score[D_MDANKI] += 2;
		else if (!fence && separator_line(st, l)) {
			if (dashes == 0)
				separator = s;
			if (same_text(st, s, separator))
				dashes++;
			else
				other_separators++;
		}
		if (has(p, n, "<!--ID:", 7))
			score[D_O2A] += 2;
		/* An ID comment right under a sub-item: see o2a_id_item(). */
		if (n > 7 && strncmp(p, "<!--ID:", 7) == 0 && l > 1) {
			h = line_span(st, l - 1);
			id_items += h.from > line_start(st, l - 1) &&
			    bullet_opens(st->doc + h.from, st->doc + h.to);
		}
		if ((w = numbered_text(st, l)) != NULL) {
			items++;
			colon_terms += item_term(w, e, ':') != NULL;
			item_liners += one_liner(w, e, &seplen, &st->liner) != NULL;
			dash_terms += item_term(w, e, '-') != NULL;
			if ((q = arrow_item(w, e, &seplen)) != NULL) {
				arrow_terms++;
				arrow_asks += holds_question_mark(w, q);
				/* "final keyword → The keyword is ..." */
				arrow_defs += cp_count_words(w,
				    (size_t)(q - w)) <= 4 &&
				    cp_count_words(q + seplen,
				    (size_t)(e - q - seplen)) >= 8;
			}
		} else if (s.from == line_start(st, l) && bullet_opens(p, e)) {
			bullets++;
			dash = item_term(p + 2, e, '-') != NULL;
			colon = item_term(p + 2, e, ':') != NULL;
			bullet_dashes += dash;
			bullet_terms += dash || colon;
			bullet_bare += !dash && !colon && bare_term(p + 2, e);
			bullet_spaced += spaced_item(p + 2, e, NULL) != NULL;
			bullet_arrows += arrow_gloss(p + 2, e) != NULL;
		} else if (s.from == line_start(st, l) && *p != '#') {
			if (index_letter(p, e))
				index_letters++;
			else
				margin_text++;
			if (cp_verdict_letter(p, n, &letter) > 0)
				cp_verdict_count(&verdict, letter);
			/* Not a thematic break, "---". */
			if ((l == 1 || line_end(st, l - 1) == line_start(st,
			    l - 1)) && strspn(p, "-*_ \t") < n) {
				/* A term alone's definition is no more. */
				para_starts += !term_alone;
				term_alone = 0;
				if ((def = bold_definition(p, e,
				    goes_on(st, l), &term,
				    &term_end)) != NULL) {
					/* "**Вопрос:**" over "**Ответ:**". */
					if (label_colon(term_end)) {
						side_terms += cp_word_among(
						    term, (size_t)(term_end -
						    term), front_names);
						answer_terms += cp_word_among(
						    term, (size_t)(term_end -
						    term), cp_answer_words);
					}
					bold_terms[bold_defs++] = p + 2;
					term_alone = def == e &&
					    (l == st->nlines ||
					    line_end(st, l + 1) ==
					    line_start(st, l + 1));
				}
			}
		}
		if (l < st->nlines && block_id_line(st, l + 1) &&
		    ((has(p, n, "{", 1) && has(p, n, "}", 1)) ||
		    has(p, n, "==", 2)))
			block_ids++;
		if ((regex_note_line(p, e) != NULL && l < st->nlines &&
		    strncmp(st->doc + line_start(st, l + 1), "<!--ID:", 7) ==
		    0) || (l + 2 <= st->nlines && strncmp(st->doc +
		    line_start(st, l + 2), "<!--ID:", 7) == 0 &&
		    qa_note_item(st, l, &h, &qa_answer)))
			regex_notes++;
		if (has(p, n, "#AOSR/", 6)) {
			score[D_OSR] += 3;
			st->aosr_ids = 1;
		}
		schedules += has(p, n, "<!--SR:", 7);
		/*
		 * hashcards' notes open a paragraph, "C: ..." or "C:" over
		 * its lines; a speaker's "B:" marks a transcript.
		 */
		if ((l == 1 || line_end(st, l - 1) == line_start(st, l - 1)) &&
		    strncmp(p, "C:", 2) == 0) {
			pe = cloze_note_end(st, l);
			para_end = st->doc + line_end(st, pe);
			c_lines += (cloze = cloze_note_text(p, para_end)) !=
			    NULL && bracket_cloze(cloze, para_end, NULL) > 0;
		}
		speakers += n > 3 && strncmp(p, "B: ", 3) == 0;
		if (has(p, n, "<!--SR:", 7) || names_deck_tag(st, p, n)) {
			score[D_OSR] += 3;
			st->osr_marks = 1;
		}
		if (has(p, n, "[#", 2) &&
		    has(p, n, "](", 2))
			score[D_MDANKI] += 3;
		if (has(p, n, "`{=:", 4) ||
		    has(p, n, "`{=<", 4) ||
		    (n > 11 && *p == '#' && has(p, n, "# Subdeck: ", 11)))
			score[D_MD2ANKI] += 3;
		h = s;
		drop_heading_id(st, &h);
		if (*p == '#' && h.to != s.to)
			score[D_MD2ANKI] += 2;
		if (*p == '#' && n > 3 && p[1] == '#' && p[2] == ' ' &&
		    has(p, n, "{{c", 3))
			score[D_MAD] += 2;
		if (n > 2 && p[0] == '#' && p[1] == ' ')
			titles++;
		/* A "## " section over fewer than two bold questions. */
		if (*p == '#' && (p[1] == ' ' || (p[1] == '#' && n > 2 &&
		    p[2] == ' '))) {
			sparse_sections += section_asks >= 0 &&
			    section_asks < 2;
			section_asks = p[1] == '#' ? 0 : -1;
		}
		if ((l == 1 || line_end(st, l - 1) == line_start(st, l - 1)) &&
		    (w = bold_line(past_emoji(p, e), e)) != NULL) {
			bold_asks += holds_question_mark(p, w);
			section_asks += section_asks >= 0 &&
			    holds_question_mark(p, w);
			bold_open = l;
			question_labels += bold_label_word(st, past_emoji(p,
			    e), w, &st->question_label);
		} else if (bold_open != 0 && l == bold_open + 1 &&
		    (wn = label_word(p, e)) > 0 &&
		    (st->answer_label.to == 0 || (wn == st->answer_label.to -
		    st->answer_label.from && strncmp(p, st->doc +
		    st->answer_label.from, wn) == 0))) {
			/* The same word labelling the answers under them. */
			st->answer_label = (struct span){ s.from, s.from + wn };
			answer_labels++;
		}
		if (n > 3 && p[0] == '#' && p[1] == '#' && p[2] == ' ') {
			questions++;
			labelled_heads += numbering_heading(p + 3, e);
			/*
			 * Right over a deeper heading, asking nothing: a
			 * section's.
			 */
			for (k = l + 1; k <= st->nlines && line_start(st, k) ==
			    line_end(st, k); k++)
				continue;
			for (w = e; w > p && strchr(" \t*_", w[-1]); w--)
				continue;
			bare_sections += k <= st->nlines && strncmp(st->doc +
			    line_start(st, k), "###", 3) == 0 &&
			    !holds_question_mark(p + 3, e) && w[-1] != ':';
			ticked_open = 1;
		}
		/* "- [x] A. Aquathletic": the option a quiz marks right. */
		if (ticked_open && n > 6 && bullet_opens(p, e) &&
		    task_box(p + 2, &box) == 'x') {
			ticked++;
			ticked_open = 0;
		}
		/* "### Escribe un programa ...": a task under a section. */
		if (n > 4 && strncmp(p, "###", 3) == 0 && strchr(".?",
		    p[n - 1]) != NULL && strspn(p, "#") < 7 &&
		    p[strspn(p, "#")] == ' ')
			sub_tasks++;
		/* "Was kann man mit einer Queue machen?" over its list. */
		if (*p != '#' && p[n - 1] == '?' && !bullet_opens(p, e) &&
		    list_below(st, l))
			sub_tasks++;
		/* "1. ... mi lesz a legnagyobb szám? ...": a numbered task. */
		if (p == st->doc + line_start(st, l) &&
		    past_number(st, s) != NULL && holds_question_mark(p, e))
			sub_tasks++;
		heading_asks += *p == '#' && holds_question_mark(p, p + n);
		q_heads += *p == '#' && after_prefix(st, p + strspn(p, "#") +
		    strspn(p + strspn(p, "#"), " "), e, 'Q') != NULL;
		if (has(p, n, "~~", 2))
			score[D_YANKI] += 1;
		if (n == 3 && strncmp(p, "---", 3) == 0) {
			/* No line since the last "---": "---" twice. */
			doubled |= breaks > 0 && prev_break == nonblank;
			prev_break = ++nonblank;
			breaks++;
		}
		if (*p != '=' && has_mark(st, line_span(st, l), '=')) {
			score[D_OSR] += 1;
			score[D_O2A] += 1;
			st->highlights = 1;
			heading_marks += *p == '#';
		}
		if (after_prefix(st, p, e, 'Q') != NULL)
			labels++;
		else if (qa_note_item(st, l, &h, &h))
			qa_items_n++;
		else if (!fence && answer_label_at(p, e) != NULL) {
			st->word_answers++;
			/* The first answer's label under a heading. */
			if (head_line > answered_line) {
				st->answered_heads++;
				answered_line = head_line;
			}
		}
		else if (!fence && l > 1 && line_end(st, l - 1) !=
		    line_start(st, l - 1) && answer_under(st, l)) {
			h = line_span(st, l - 1);
			answers_under += after_prefix(st, st->doc + h.from,
			    st->doc + h.to, 'Q') == NULL;
		}
		if (labels > 0 || has(p, n, "{{c", 3))
			st->marked = 1;
		/* A template's fields, a run of them read once. */
		if (l > fields_to && one_liner(p, e, &seplen, &st->liner) !=
		    NULL && (l == 1 || one_liner(st->doc + line_start(st, l - 1),
		    st->doc + line_end(st, l - 1), &at, &st->liner) == NULL))
			fields_to = blank_fields(st, l);
		if (l > fields_to && (q = one_liner(p, e, &seplen,
		    &st->liner)) != NULL && !dataview_field(p, e)) {
			score[D_OSR] += 1;
			liners++;
			equal_liners += q > p && q[-1] == '=';
			scheduled += has(p, n, "<!--SR:", 7) ||
			    (l < st->nlines && strncmp(st->doc +
			    line_start(st, l + 1), "<!--SR:", 7) == 0);
			scheduled_lists += l + 2 <= st->nlines &&
			    strncmp(st->doc + line_start(st, l + 1),
			    "<!--SR:", 7) == 0 && note_item(st, l + 2);
		} else if (*p != '#' && *p != '<' && *p != ' ' &&
		    (l == 1 || line_end(st, l - 1) == line_start(st, l - 1)) &&
		    (l == st->nlines || line_end(st, l + 1) ==
		    line_start(st, l + 1)) && (q = spaced_semicolon(p, e)) !=
		    NULL) {
			semi_lines++;
			semi_asks += q[-2] == '?' || (q - p > 3 &&
			    strncmp(q - 3, ARABIC_QMARK, 2) == 0);
		} else if ((l == 1 || line_end(st, l - 1) == line_start(st,
		    l - 1)) && (l == st->nlines || line_end(st, l + 1) ==
		    line_start(st, l + 1)) && bar_definition(p, e) != NULL)
			bar_lines++;
		else if (tab_split(p, e) != NULL)
			tab_lines++;
		else if (s.from == line_start(st, l) &&
		    (q = gloss_split(p, e, &seplen)) != NULL) {
			gloss_lines++;
			if (q[1] == ':') {
				colon_glosses++;
				bracketed += memchr(p, '(', (size_t)(q - p)) !=
				    NULL;
				short_glosses += cp_count_words(q + 3,
				    (size_t)(e - q - 3)) <= 8 &&
				    strchr(".!?", e[-1]) == NULL &&
				    non_ascii(p, q) != non_ascii(q + 3, e);
			}
		}
		else if (one_liner(p, e, &seplen, &semicolon_marks) != NULL &&
		    (has(p, n, "<!--SR:", 7) || (l < st->nlines &&
		    strncmp(st->doc + line_start(st, l + 1), "<!--SR:", 7) ==
		    0)))
			semis++;
		else if (*p != '#' && (l == 1 || line_end(st, l - 1) ==
		    line_start(st, l - 1)) && (l == st->nlines || line_end(st,
		    l + 1) == line_start(st, l + 1)) && one_liner(p, e, &seplen,
		    &semicolon_marks) != NULL)
			semi_paras++;
		else if (s.from == line_start(st, l) &&
		    (q = colon_term(p, e, &seplen)) != NULL) {
			colon_lines++;
			colon_again += cp_hashset_add(&colon_seen,
			    cp_hash64(p, (size_t)(q - p)));
		}
	}
	if (score[D_FLASHCARDS] == 0 && renamed >= 2) {
		st->fc_tag = cp_xstrndup(name, name_len);
		score[D_FLASHCARDS] += 3 * renamed;
	}
	/*
	 * The plugin's deck key, written by its template into every note
	 * of a vault: no card is marked, but nothing else is either.
	 */
	if (st->cards_deck)
		score[D_FLASHCARDS] += 2;
	/*
	 * Its inline cards are "question::answer" lines, as Obsidian SR's:
	 * under the plugin's deck key, where nothing else is Obsidian SR's,
	 * they are the plugin's.
	 */
	if (st->cards_deck && score[D_OSR] == liners)
		score[D_FLASHCARDS] += liners;
	/* inka writes its id above a question, Obsidian_to_Anki below. */
	if (score[D_INKA] > 0)
		score[D_INKA] += 3 * inka_ids;
	if (starts > 0 && ends > 0) {
		score[D_O2A] += 3 * (starts < ends ? starts : ends);
		st->o2a_notes = 1;
	}
	/*
	 * Numbered items at the margin, nine in ten of them or more "term:
	 * definition" or "word - translation", five or more, and nothing
	 * else marks a card: a glossary, a word list, each item a card.
	 * Where cards are marked, such a list is an answer's.  An item
	 * "term:: definition" among them is the author's slip of the key,
	 * one of the glossary's, no vote for Obsidian SR's one-line cards.
	 */
	unmarked = !st->marked && score[D_OSR] == item_liners;
	for (d = D_PLAIN; d < D_COUNT; d++)
		unmarked &= d == D_OSR || score[d] == 0;
	if (unmarked && items >= 5 && 10 * (colon_terms + item_liners) >=
	    9 * items)
		st->item_terms = ':';
	/*
	 * Or "question → answer", the arrow parting them, where half the
	 * fronts or more ask, or ask or are terms of four words at most
	 * over a sentence's gloss, eight words or more ("Open Settings →
	 * Devices" is a step).
	 */
	else if (unmarked && item_liners == 0 && items >= 5 &&
	    10 * arrow_terms >= 9 * items && 2 * (arrow_asks + arrow_defs) >=
	    arrow_terms)
		st->item_terms = '>';
	else if (unmarked && item_liners == 0 && items >= 5 &&
	    10 * dash_terms >= 9 * items)
		st->item_terms = '-';
	/*
	 * Or bulleted items, likewise, "- term - definition" or "- term:
	 * definition", where the file has no text at the margin but them,
	 * headings and tags: the page is a glossary and nothing else.
	 */
	else if (unmarked && items == 0 && bullets >= 5 && margin_text == 0 &&
	    10 * bullet_terms >= 9 * (bullets - bullet_bare) &&
	    bullet_terms >= 3 * bullet_bare) {
		st->item_terms = 2 * bullet_dashes >= bullets ? '-' : ':';
		st->item_bullets = 1;
	} else if (unmarked && items == 0 && bullets >= 5 &&
	    margin_text == 0 && 10 * bullet_spaced >= 9 * bullets) {
		/* "* パソコン　[口语化]": spaces part them. */
		st->item_terms = ' ';
		st->item_bullets = 1;
	} else if (unmarked && items == 0 && bullets >= 5 &&
	    margin_text == 0 && 10 * bullet_arrows >= 9 * bullets) {
		/* "- Ο ναύτης -> Sailor": an arrow, one to an item. */
		st->item_terms = '>';
		st->item_bullets = 1;
	}
	if (st->item_terms == ':')
		score[D_OSR] -= item_liners;
	/*
	 * Answers labelled by a word, "Answer: 4", three or more and more
	 * than the lines holding "::", where nothing else of the plugin's
	 * is: the "::" are a language's, "std::vector", no cards.
	 */
	if (st->word_answers >= 3 && (size_t)liners < st->word_answers &&
	    score[D_OSR] == liners)
		score[D_OSR] = 0;
	/* Nothing marks a card but Obsidian_to_Anki's deck or tag lines. */
	deck_only = !st->marked && score[D_O2A] == 3 * deck_lines;
	for (d = D_PLAIN; d < D_COUNT; d++)
		deck_only &= d == D_O2A || score[d] == 0;
	for (d = D_PLAIN; d < D_COUNT; d++)
		st->marked |= score[d] > 0;
	/*
	 * A schedule marks a line a card, and ";;" alone can split it:
	 * the plugin's separator is set so.
	 */
	st->semicolons = st->osr_marks && semis > 0;
	/*
	 * Or ";;" splits paragraphs of one line, five or more, where "::"
	 * splits none: the vault's separator, as the "!---" below is its
	 * multi-line one, though no schedule marks a card yet.
	 */
	if (semi_paras >= 5 && liners == 0) {
		st->semicolons = 1;
		score[D_OSR] += semi_paras;
	}
	/* Lines the plugin took for notes by the user's own expression. */
	st->o2a_regex = regex_notes >= 2;
	/*
	 * Lines the plugin took for notes by a regex of "#tag" lines: each
	 * note over its ID comment is as sure a sign as a START block.
	 */
	st->o2a_marked = marked_notes >= 2 && !st->o2a_notes;
	/* Items the plugin made notes of, over their ID comments. */
	st->id_items = id_items >= 2 && !st->o2a_notes;
	score[D_O2A] += st->o2a_marked ? 3 * marked_notes : 0;
	/* The Flashcards plugin's ids under lines of "{text}" clozes. */
	st->block_ids = block_ids >= 2;
	/*
	 * Paragraphs of a line "question? ; answer", most of them asking:
	 * the file is written for Anki's import of text split at ";".
	 */
	st->anki_semicolons = semi_asks >= 3 && 2 * semi_asks > semi_lines;
	liners += st->anki_semicolons ? semi_lines : 0;
	score[D_OSR] += st->anki_semicolons ? semi_lines : 0;
	/*
	 * Paragraphs of a line "**term** | definition": a glossary whose
	 * right column is covered to study it, each line a card.
	 */
	st->bar_terms = bar_lines >= 3;

	liners += st->bar_terms ? bar_lines : 0;
	score[D_OSR] += st->bar_terms ? bar_lines : 0;
	/*
	 * Lines "question<TAB>answer", three or more, where nothing else
	 * marks a card: a page kept to paste into a text import that
	 * splits each line at its tab, each line a card.
	 */
	st->tab_cards = tab_lines >= 3 && !st->marked && liners == 0;
	/*
	 * Blocks of lines each over "- " items, most of them asking, and
	 * nothing else marking a card: test questions drafted with their
	 * answers listed under them.
	 */
	for (l = 1; !st->marked && liners == 0 && l <= st->nlines; l++)
		if ((l == 1 || line_end(st, l - 1) == line_start(st, l - 1)) &&
		    asked_block(st, l) != 0) {
			st->asked_lists = 1;
			break;
		}
	liners += st->tab_cards ? tab_lines : 0;
	score[D_OSR] += st->tab_cards ? tab_lines : 0;
	/*
	 * French sets a space before any colon: " : " parts a glossary's
	 * terms where it shows itself a glossary, by index letters, by
	 * terms saying themselves again in brackets on half its lines, or
	 * by glosses of eight words or fewer, no sentence's end, written
	 * beyond ASCII where the term is not or the other way about, on two
	 * lines in three: a learner's word list ("bore : làm buồn -> v"),
	 * not prose's ("Remarque : le four doit être chaud."), a form's
	 * ("Nom : Dupont") or a configuration's ("port : 8080").
	 */
	if (colon_glosses > 0 && index_letters < 2 &&
	    2 * bracketed < colon_glosses &&
	    3 * short_glosses < 2 * colon_glosses)
		gloss_lines -= colon_glosses;
	/*
	 * A colon glued to the term parts a glossary's lines where no term
	 * comes twice: a form's records, "Name: ..." over "Born: ...",
	 * repeat their labels.
	 */
	cp_hashset_free(&colon_seen);
	if (colon_lines > 0 && colon_again == 0) {
		gloss_lines += colon_lines;
		st->colon_terms = 1;
	}
	/*
	 * Lines "term - gloss", "term = gloss", "term -> gloss" or "term :
	 * gloss" at the margin, five or more and two in three of the text
	 * there (a glossary's index letters aside), no list (one bullet to
	 * ten such lines at most) nor question anywhere, nothing else
	 * marking a card: a learner's word list kept in paragraphs, each
	 * such line a card.
	 */
	st->gloss_terms = gloss_lines >= 5 && 3 * gloss_lines >= 2 *
	    margin_text && !st->marked && liners == 0 && items == 0 &&
	    10 * bullets <= gloss_lines && heading_asks == 0 &&
	    bold_asks == 0 && st->question_lines == 0;
	st->colon_terms &= st->gloss_terms;
	liners += st->gloss_terms ? gloss_lines : 0;
	score[D_OSR] += st->gloss_terms ? gloss_lines : 0;
	/*
	 * Lines of a statement and its verdict's letter, "... nel LEC. V",
	 * three or more and two in three of the text at the margin, "F" on
	 * some and one other letter on the rest, nothing else marking a
	 * card: a bank of true-or-false statements, each line a card.
	 */
	if (verdict.lines >= 3 && 3 * verdict.lines >= 2 *
	    (size_t)margin_text && cp_verdict_bank(&verdict) &&
	    !st->marked && liners == 0 && items == 0 && heading_asks == 0)
		st->verdicts = verdict.true_letter;
	liners += st->verdicts ? (int)verdict.lines : 0;
	score[D_OSR] += st->verdicts ? (int)verdict.lines : 0;
	/*
	 * Paragraphs that open with a term in bold and a colon or a dash,
	 * "**REST** : " over its definition, five or more and two in
	 * three of the paragraphs at the margin, two in three of their
	 * terms different (a form's labels, "**Concept:**", come again),
	 * lists' items at the margin no more than twice as many (a page of
	 * lists with a "**TODO:**" under each), no question anywhere, no two
	 * labelled as one ("**Вопрос:** ...") on a page that labels answers
	 * so too ("**Ответ:**"), and nothing else marking a card: a
	 * glossary, each such paragraph a card.
	 */
	st->bold_defs = (side_terms < 2 || answer_terms == 0) &&
	    bold_defs >= 5 && 3 * bold_defs >= 2 *
	    (size_t)para_starts && (size_t)(bullets + items) <= 2 * bold_defs &&
	    !st->marked && liners == 0 &&
	    heading_asks == 0 && bold_asks == 0 && st->question_lines == 0 &&
	    3 * cp_distinct_terms(bold_terms, bold_defs, 1) >= 2 * bold_defs;
	free(bold_terms);
	/*
	 * Lines of an em dash alone, and no "?" line: the dash is the
	 * separator of the plugin's multi-line cards, set so in the vault.
	 * Lines ",," are, where ";;" is the one-line cards'.
	 */
	if (dashes >= 2 && other_separators == 0 && st->question_lines == 0 &&
	    (st->semicolons || st->doc[separator.from] != ',')) {
		st->separator = separator;
		st->question_lines = dashes;
		score[D_OSR] += 2 * dashes;
	}
	/* The ";;" cards the vault's separator makes count as the others. */
	st->all_scheduled = (liners > 0 || (st->semicolons && semis > 0)) &&
	    scheduled == liners && (!st->semicolons || semi_paras == 0);
	/*
	 * Two headings or more holding highlights: sentences to fill in,
	 * set large, each a cloze as the plugin reads its lines.
	 */
	st->heading_clozes = heading_marks >= 2;
	/*
	 * Three comment lines, none the same, in the same order twice or
	 * more, and no other: they mark a note's front, its back and its
	 * end, each note of a note type of the user's.
	 */
	st->comment_notes = marks_kept && marks >= 6 && marks % 3 == 0 &&
	    !same_text(st, st->comment_marks[0], st->comment_marks[1]) &&
	    !same_text(st, st->comment_marks[0], st->comment_marks[2]) &&
	    !same_text(st, st->comment_marks[1], st->comment_marks[2]);
	/*
	 * The plugin's schedule right under one-line cards, a list right
	 * under it, twice or more: the lists are notes on the cards, which
	 * the plugin ends at their line.
	 */
	st->item_notes = scheduled_lists >= 2;
	/*
	 * Items "- Q: question" over "  A: answer" label questions too,
	 * where no heading asks one of its own.
	 */
	if (heading_asks == 0)
		labels += qa_items_n;
	st->qa_lines = labels;
	/*
	 * hashcards' cloze paragraphs, "C: ... [deletion]", one among "Q:"
	 * cards, or three or more where no "B:" speaks (a transcript's "C:
	 * [laughs]"): its notes.
	 */
	st->bracket_clozes = (c_lines > 0 && labels > 0) ||
	    (c_lines >= 3 && speakers == 0);
	if (st->bracket_clozes)
		st->marked = 1;
	st->answers_under = labels == 0 ? answers_under : 0;
	if (st->answers_under >= 2)
		st->marked = 1;	/* what no label marks is no card */
	/*
	 * Paragraphs that open with a bold line asking, and no label: the
	 * bold lines are the questions, set as headings.  Headings may
	 * stand over them as the page's sections when none of them asks
	 * and the bold questions outnumber them three to one, or each "## "
	 * heading stands over two of them or more, but for one in three (a
	 * closing section of notes).
	 */
	sparse_sections += section_asks >= 0 && section_asks < 2;
	st->bold_questions = bold_asks >= 2 && labels == 0 &&
	    (titles + questions == 0 || (heading_asks == 0 &&
	    (bold_asks >= 3 * (titles + questions) || (questions > 0 &&
	    sparse_sections * 3 <= questions))));
	st->bold_sections = st->bold_questions && titles + questions > 0;
	/*
	 * One word and a colon opening two answers or more of the bold
	 * questions, "Risposta: final": the file's "A:" in its language.
	 */
	if (!st->bold_questions || answer_labels < 2)
		st->answer_label = (struct span){ 0, 0 };
	/*
	 * And one opening half the bold questions or more inside their
	 * bold, "**F: Was ist ...?**": the file's "Q:".
	 */
	if (!st->bold_questions || question_labels < 2 ||
	    2 * question_labels < bold_asks)
		st->question_label = (struct span){ 0, 0 };
	/*
	 * Bold questions three times as many as the lines "::" splits:
	 * the "::" is their answers' own (Java's or C++'s operator), no
	 * vote for the plugin's one-line cards.
	 */
	/*
	 * One "?" line alone, set in under a list's item and with nothing
	 * else of the plugin's, is a list's own: no vote.
	 */
	if (st->question_lines == 1 && !st->osr_marks && set_in_asks > 0) {
		score[D_OSR] -= 2;
		st->question_lines = 0;
	}
	if (st->bold_questions && bold_asks >= 3 * liners)
		score[D_OSR] -= liners;
	/*
	 * So are numbered items ten times as many as such lines, where
	 * nothing else of the plugin's is: an exam's list of questions,
	 * "40. Что делает std::move?", not a card among them.
	 */
	else if (liners > 0 && items >= 10 * liners &&
	    score[D_OSR] == liners)
		score[D_OSR] = 0;
	if (st->yanki_id)
		score[D_YANKI] += 5;
	/*
	 * A title over questions, and nothing else to go by: under headings
	 * that hold "Q:" cards, the headings are titles.  Bold questions
	 * under the headings are something to go by, and so are lines of
	 * text answered by quotes below them, more than the headings, and
	 * headings labelled "Q1:", which ask whatever their level, and
	 * headings below them that end as sentences do, or lines that ask
	 * over a list, tasks and questions under sections, as many as the
	 * sections or more, and answers labelled by a word, "Ответ: 5",
	 * twice as many as the headings, and headings that only number
	 * their questions, "## Pytanie PL100-0126", half of them or more,
	 * and headings right over deeper ones, half of them or more: the
	 * sections of the cards below; and headings over a ticked option
	 * each, half of them or more: a quiz's questions under them.
	 */
	if (titles > 0 && questions > 0 && labels == 0 && q_heads == 0 &&
	    !st->bold_questions && quote_opens <= titles + questions &&
	    sub_tasks < questions && 2 * labelled_heads < questions &&
	    2 * bare_sections < questions && 2 * ticked < questions &&
	    st->word_answers < 2 * (size_t)(titles + questions))
		score[D_MAD] += 1;
	/* A note of its own, clozes struck through. */
	if (score[D_YANKI] > 0 && breaks <= 3 && titles + questions == 0)
		score[D_YANKI] += 5;
	/* A note of its own whose "---" twice makes it a card both ways. */
	if (doubled && breaks <= 3 && titles + questions == 0)
		score[D_YANKI] += 5;
	/* yanki's strike-through is a cloze only in a note of its own. */
	if (score[D_YANKI] < 5)
		score[D_YANKI] = 0;
	best = D_PLAIN;
	for (d = D_MDANKI; d < D_COUNT; d++)
		if (score[d] > score[best])
			best = d;
	if (score[D_O2A] > 0 && score[D_O2A] >= score[best])
		best = D_O2A;
	/*
	 * Obsidian SR's one-line cards, two or more, ending in tags and the
	 * Flashcards plugin's "#card": a vault with both plugins, the tag
	 * set as SR's deck tag too.  The tags ending a card are its own.
	 */
	st->tagged_liners = best == D_OSR && card_liners >= 2;
	/*
	 * The plugin reviews the page as a note and has written no card's
	 * schedule: it has been over the page and found no card.
	 */
	st->review_only = st->note_review && schedules == 0;
	/* And nothing else has marked a card on it. */
	st->reviewed_note = st->review_only && deck_only;
	/*
	 * "?" cards and the plugin's schedules, two or more: each card
	 * ends where the plugin wrote its schedule.
	 */
	st->scheduled_ends = best == D_OSR && schedules >= 2 &&
	    st->question_lines >= 2;
	/*
	 * One-line cards of formulas, "$P(U)$=::1", two or more: a line
	 * "=:" with one colon is one of them that lost a colon.
	 */
	st->equal_liners = best == D_OSR && equal_liners >= 2;
	st->marks_read = score[best];
	for (d = 0, next = -1; d < D_COUNT; d++)
		if (d != best && (next == -1 || score[d] > score[next]))
			next = d;
	st->dialect_next = (enum dialect)next;
	st->marks_next = score[next];
	return (enum dialect)best;
}

/*
 * Says, as a note for -v, which dialect the file was read in and why:
 * the option, or the weight of the marks only that dialect makes beside
 * that of the nearest other (detect_dialect()'s scores), so that a wrong
 * first read shows what --dialect would change.
 */
static void
say_dialect(struct cp_reader *r, const struct md_state *st)
{
	const char	*name = dialect_names[st->dialect];

	if (st->len == 0)	/* cp_read_check()'s empty input, say */
		return;
	if (r->opts.dialect != NULL)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as %s, "
		    "as --dialect says", name);
	else if (st->dialect == D_LOGSEQ)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "logseq: the page is an outline of Logseq's blocks");
	else if (st->dialect == D_ANKDOWN)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "ankdown: its cards' fields are parted by \"%%\" lines");
	else if (st->dialect == D_MANKIDOWN)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "mankidown: \"# \" opens each note, \"## \" each field, "
		    "bare after the first note's");
	else if (st->marks_read == 0)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "plain: no tool's marks found (--dialect names one)");
	else if (st->marks_next == 0)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as %s: "
		    "marks only it makes weigh %d, no other tool's any "
		    "(--dialect names another)", name, st->marks_read);
	else
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as %s: "
		    "marks only it makes weigh %d, %s's %d, the nearest "
		    "(--dialect names another)", name, st->marks_read,
		    dialect_names[st->dialect_next], st->marks_next);
}

/* A heading's text, to sort the headings by. */
struct heading_words {
	const char	*p;
	size_t		 n;
};

static int
heading_words_cmp(const void *a, const void *b)
{
	const struct heading_words *x = a, *y = b;
	int		 c = memcmp(x->p, y->p, x->n < y->n ? x->n : y->n);

	return c != 0 ? c : (x->n > y->n) - (x->n < y->n);
}

/*
 * How many of the page's headings, all n of them, repeat the text of
 * another: sorted, a repeat is next to the heading it repeats.  A
 * card's "Front" and "Back" (side_heading()) repeat on every card of a
 * deck and are not counted.
 */
static size_t
repeated_headings(const struct md_state *st, size_t n)
{
	struct heading_words	*h;
	struct span		 q;
	cmark_node		*c;
	size_t			 i = 0, repeats = 0;

	if (n < 2)
		return 0;
	h = cp_xreallocarray(NULL, n, sizeof(*h));
	for (c = cmark_node_first_child(st->root); c != NULL && i < n;
	    c = cmark_node_next(c))
		if (cmark_node_get_type(c) == CMARK_NODE_HEADING) {
			heading_text(st, c, &q);
			/*
			 * "Question 1" again in the next section counts
			 * its questions anew.
			 */
			/* "###" with no text only spaces the page. */
			if (q.from == q.to || heading_is(st, q, "Front") ||
			    heading_is(st, q, "Back") ||
			    numbering_heading(st->doc + q.from, st->doc + q.to))
				continue;
			h[i].p = st->doc + q.from;
			h[i++].n = q.to - q.from;
		}
	qsort(h, i, sizeof(*h), heading_words_cmp);
	for (n = 1; n < i; n++)
		repeats += heading_words_cmp(&h[n - 1], &h[n]) == 0;
	free(h);
	return repeats;
}

/*
 * The tags of line l when it holds tags only, one of them "#flashcard"
 * or "#card": the others, '#' left out, a space between; NULL else.
 */
static char *
card_tag_line(const struct md_state *st, unsigned long l)
{
	struct span	 s = line_span(st, l);
	const char	*p = st->doc + s.from, *e = st->doc + s.to, *w;
	struct cp_buf	 tags = { 0 };
	int		 marked = 0;

	cp_buf_addstr(&tags, "");
	while (p < e) {
		for (w = p; w < e && *w != ' ' && *w != '\t'; w++)
			continue;
		if (!is_tag(p, w)) {
			cp_buf_free(&tags);
			return NULL;
		}
		if ((w - p == 10 && strncasecmp(p, "#flashcard", 10) == 0) ||
		    (w - p == 5 && strncasecmp(p, "#card", 5) == 0))
			marked = 1;
		else {
			if (tags.len > 0)
				cp_buf_addc(&tags, ' ');
			cp_buf_add(&tags, p + 1, (size_t)(w - p - 1));
		}
		for (p = w; p < e && (*p == ' ' || *p == '\t'); p++)
			continue;
	}
	if (!marked) {
		cp_buf_free(&tags);
		return NULL;
	}
	return cp_buf_detach(&tags);
}

/*
 * A note of its own, as scripts write one card a file: a line of tags
 * marking it a card, "#flashcard #topic", its question below, one
 * "---", its answer, and a closing "---" that CommonMark takes for the
 * underline of the answer's last line.  The card is pushed and the
 * file done; 0 when the file is no such note.
 */
static int
tagged_note(struct cp_reader *r)
{
	struct md_state	*st = r->state;
	cmark_node	*n = cmark_node_first_child(st->root), *rule = NULL;
	cmark_node	*c, *last = NULL;
	struct span	 q, a, t;
	char		*tags;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH ||
	    cmark_node_get_end_line(n) == cmark_node_get_start_line(n))
		return 0;
	for (c = n; c != NULL; c = cmark_node_next(c)) {
		last = c;
		if (cmark_node_get_type(c) == CMARK_NODE_THEMATIC_BREAK) {
			if (rule != NULL)
				return 0;
			rule = c;
		} else if (cmark_node_get_type(c) == CMARK_NODE_HEADING &&
		    (cmark_node_next(c) != NULL || rule == NULL ||
		    !line_is(st, (unsigned long)cmark_node_get_end_line(c),
		    "---")))
			return 0;
	}
	if (rule == NULL || cmark_node_next(rule) == NULL ||
	    (tags = card_tag_line(st, (unsigned long)
	    cmark_node_get_start_line(n))) == NULL)
		return 0;
	q.from = line_start(st, (unsigned long)cmark_node_get_start_line(n) +
	    1);
	q.to = block_span(st, cmark_node_previous(rule)).to;
	a.from = block_span(st, cmark_node_next(rule)).from;
	a.to = block_span(st, last).to;
	if (cmark_node_get_type(last) == CMARK_NODE_HEADING) {
		heading_text(st, last, &t);
		a.to = t.to;
	}
	push_card(r, span_text(st, q), span_text(st, a), 0, tags,
	    line_of(st, q.from));
	free(tags);
	return 1;
}

/*
 * Whether block n is a table whose header row names the columns the
 * header row on line head names, or, head 0, any table, and no table of
 * cards (cards_header()); *line gets its header's line.
 */
static int
table_like(const struct md_state *st, cmark_node *n, unsigned long head,
    unsigned long *line)
{
	unsigned long	 first, last;
	size_t		 p, pe, q, qe;
	struct span	 a, b;

	if (n == NULL || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
		return 0;
	first = (unsigned long)cmark_node_get_start_line(n);
	last = (unsigned long)cmark_node_get_end_line(n);
	if (!is_table(st, first, last))
		return 0;
	/* "Question | Réponse": a table of cards, looked up in by nobody. */
	if (cards_header(st, first))
		return 0;
	*line = first;
	if (head == 0)
		return 1;
	p = line_start(st, first);
	p += st->doc[p] == '|';
	pe = line_end(st, first);
	q = line_start(st, head);
	q += st->doc[q] == '|';
	qe = line_end(st, head);
	while (p < pe || q < qe) {
		a = next_cell(st, &p, pe);
		b = next_cell(st, &q, qe);
		if (a.to - a.from != b.to - b.from || strncmp(st->doc + a.from,
		    st->doc + b.from, a.to - a.from) != 0)
			return 0;
	}
	return 1;
}

/* Whether paragraph n is one line "Label: text" that asks nothing. */
static int
property_line(const struct md_state *st, cmark_node *n)
{
	unsigned long	 l = (unsigned long)cmark_node_get_start_line(n);
	struct span	 s = line_span(st, l);

	return (unsigned long)cmark_node_get_end_line(n) == l &&
	    label_word(st->doc + s.from, st->doc + s.to) > 0 &&
	    st->doc[s.to - 1] != '?';
}

/*
 * Where line l's text starts, past its indent and a bullet, "- **P:**",
 * and the indent of the line under it, "  **O:**".
 */
static const char *
item_text(const struct md_state *st, unsigned long l)
{
	const char	*p = st->doc + line_start(st, l);
	const char	*e = st->doc + line_end(st, l);

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (bullet_opens(p, e))
		p += 2;
	return p;
}

/*
 * Whether line l, its bold label p of k bytes over p2's of k2, asks as
 * an interviewer does over the answer's speaker: "**Interviewer**: Why
 * ...?" over "**Candidate**: ...".  (A question's and an answer's own
 * words, "**Question** :", are read as such labels are.)
 */
static int
speakers_ask(const struct md_state *st, unsigned long l, const char *p,
    size_t k, const char *p2, size_t k2)
{
	return ends_asking(st, line_span(st, l)) &&
	    !cp_word_among(p + 2, k, front_names) &&
	    !cp_word_among(p2 + 2, k2, cp_answer_words);
}

/*
 * The length of line l's own label at p, and p set past the label's
 * bold: plain, "Kérdés: ...", or bold (bold_label()); or 0.
 */
static size_t
own_label_at(const struct md_state *st, unsigned long l, const char **p,
    int plain)
{
	const char	*e = st->doc + line_end(st, l);
	size_t		 k;

	*p = item_text(st, l);
	if (plain)
		return label_word(*p, e);
	if ((k = bold_label(*p, e)) > 0)
		*p += 2;
	return k;
}

/* Does p..e hold a word of two letters or more ("f:A" holds none)? */
static int
holds_word(const char *p, const char *e)
{
	for (; p + 1 < e; p++)
		if (cp_word_byte((unsigned char)p[0]) &&
		    cp_word_byte((unsigned char)p[1]))
			return 1;
	return 0;
}

/* The white space that sets line l in. */
static size_t
line_indent(const struct md_state *st, unsigned long l)
{
	return strspn(st->doc + line_start(st, l), " \t");
}

/*
 * Does a list at the margin name three of the page's headings or more,
 * and half its items or more, word for word, those below it, each once
 * (a list of terms to learn that names a few of the sections after it
 * is none), as a table of contents with
 * no links does ("- Sekvenční vyhledávání v poli" over a section "##
 * Sekvenční vyhledávání v poli"), in a page whose sections have sections
 * of their own (a glossary's term headings over a paragraph each, an
 * index list over them, have none)?
 */
static int
contents_list(const struct md_state *st)
{
	struct cp_hashset	 below = { 0 }, named;
	cmark_node		*n, *item;
	struct span		 q;
	uint64_t		 h;
	size_t			 k, items;
	int			 found = 0, deeper = 0, top = 7, level;

	/* Backwards: the headings below each list are in the set. */
	for (n = cmark_node_last_child(st->root); n != NULL && !found;
	    n = cmark_node_previous(n)) {
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			heading_text(st, n, &q);
			level = cmark_node_get_heading_level(n);
			deeper |= level > top;
			if (level < top && level > 1)
				top = level;
			if (q.to > q.from)
				cp_hashset_add(&below, cp_hash64(st->doc +
				    q.from, q.to - q.from));
			continue;
		}
		if (cmark_node_get_type(n) != CMARK_NODE_LIST)
			continue;
		memset(&named, 0, sizeof(named));
		for (item = cmark_node_first_child(n), k = items = 0;
		    item != NULL; item = cmark_node_next(item), items++) {
			q = item_one_line(st, item);
			if (q.to > q.from && cp_hashset_has(&below, h =
			    cp_hash64(st->doc + q.from, q.to - q.from)))
				k += !cp_hashset_add(&named, h);
		}
		cp_hashset_free(&named);
		found = k >= 3 && 2 * k >= items && deeper;
	}
	cp_hashset_free(&below);
	return found;
}

/*
 * Is the page RemNote's export of cards: three items or more, half the
 * page's items at least, each parted once by an arrow of RemNote's
 * glued to the text on either side, a word on each, "- Ich vermute↔I
 * assume", "- preposition→nach", one "↔" at least (prose spaces its
 * arrows, "Adresse → PLZ"; maths glues them to letters, "f:A→B")?  Or
 * three items or more parted by its bar, "- What is POSIX?―POSIX is ...",
 * among its notes, items with none, half of them asking before the bar
 * or an item ending in RemNote's "↓" on the page (a quote's author after
 * the bar, "...taken.―Oscar Wilde", asks nothing)?  The marks the page
 * parts its cards by, or NULL.
 */
static const struct liner_marks *
remnote_page(const struct md_state *st)
{
	unsigned long	 l;
	size_t		 items = 0, parted = 0, both = 0, barred = 0, n;
	size_t		 asking = 0, downs = 0;
	const char	*p, *e, *a, *m;
	int		 k;

	for (l = 1; l <= st->nlines; l++) {
		p = st->doc + line_start(st, l);
		e = st->doc + line_end(st, l);
		p += strspn(p, " \t");
		if (!bullet_opens(p, e))
			continue;
		items++;
		for (k = 0, a = NULL, m = remnote_marks.one; k < 2;
		    k++, m = remnote_marks.both) {
			n = strlen(m);
			if ((a = memmem(p + 2, (size_t)(e - p - 2), m, n)) !=
			    NULL && a > p + 3 && a + n + 1 < e &&
			    a[-1] != ' ' && a[-1] != ':' && a[n] != ' ' &&
			    memmem(a + n, (size_t)(e - a - n), m, n) == NULL &&
			    holds_word(p + 2, a) && holds_word(a + n, e))
				break;
		}
		parted += k < 2;
		both += k == 1;
		m = remnote_bar_marks.one;
		if ((a = memmem(p + 2, (size_t)(e - p - 2), m, strlen(m))) !=
		    NULL && holds_word(p + 2, a) && holds_word(a + strlen(m),
		    e)) {
			barred++;
			asking += a[-1] == '?' || (a - p > 5 &&
			    strncmp(a - 3, "\xef\xbc\x9f", 3) == 0);
		}
		downs += remnote_down(st, line_span(st, l)) > 0;
	}
	if (parted >= 3 && 2 * parted >= items && both > 0)
		return &remnote_marks;
	/* A quote's author after the bar, "...taken.―Oscar Wilde", asks not. */
	return barred >= 3 && (downs > 0 || 2 * asking >= barred) ?
	    &remnote_bar_marks : NULL;
}

/*
 * A file's own pair of labels for its questions and answers: two lines
 * in a row, or with one blank line between (a list's item and the line
 * under it too), "**Concepto:** Valor absoluto" over "**Definición:**
 * Distancia al cero", the same two labels on three such pairs or more,
 * and on half the lines with a bold label in the file at least.  Read
 * then as "Q:" and "A:" are.  Of the first PAIRS pairs of labels met,
 * the most frequent.  Where no bold pair is found, plain ones, "Kérdés:
 * ..." over "Válasz: ...": always on lines together, no label right
 * above or below a pair (a log of turns, "User:" over "Assistant:" line
 * after line, is no set of cards), on two thirds of the lines with a
 * label, the first asking on half of them (a record's fields, "Name:"
 * over "Born:", ask nothing).
 */
#define PAIRS	8
static void
own_labels(struct md_state *st, int plain)
{
	struct span	 q[PAIRS], a[PAIRS];
	size_t		 count[PAIRS] = { 0 }, asking[PAIRS] = { 0 };
	size_t		 n = 0, i, best = 0, labelled = 0, k, k2;
	unsigned long	 l, l2, first[PAIRS];
	const char	*p, *p2, *t;

	for (l = 1; l < st->nlines; l++) {
		if ((k = own_label_at(st, l, &p, plain)) == 0)
			continue;
		labelled++;
		l2 = !plain && l + 1 < st->nlines && line_start(st, l + 1) ==
		    line_end(st, l + 1) ? l + 2 : l + 1;
		if ((k2 = own_label_at(st, l2, &p2, plain)) == 0 ||
		    (k == k2 && memcmp(p, p2, k) == 0))
			continue;
		/* A plain pair stands apart from the next, as a card does. */
		if (plain && ((l > 1 && own_label_at(st, l - 1, &t,
		    plain) > 0) || (l2 < st->nlines && own_label_at(st,
		    l2 + 1, &t, plain) > 0)))
			continue;
		/*
		 * Over a blank line, only the names of a card's sides,
		 * "**Front:** ..." over "**Back:** ...", or speakers
		 * (speakers_ask()), the back's text on its label's line.
		 * ("**Answer:**" under a paragraph that asks is an
		 * answer's label anyway.)
		 */
		if (l2 > l + 1 && (((!cp_word_among(p, k, front_names) ||
		    !cp_word_among(p2, k2, back_names)) &&
		    !speakers_ask(st, l, p - 2, k, p2 - 2, k2)) ||
		    st->doc + line_end(st, l2) - p2 <= (ptrdiff_t)k2 + 4))
			continue;
		for (i = 0; i < n; i++)
			if (q[i].to - q[i].from == k && a[i].to - a[i].from ==
			    k2 && memcmp(st->doc + q[i].from, p, k) == 0 &&
			    memcmp(st->doc + a[i].from, p2, k2) == 0)
				break;
		if (i == n && n < PAIRS) {
			q[n].from = (size_t)(p - st->doc);
			q[n].to = q[n].from + k;
			a[n].from = (size_t)(p2 - st->doc);
			a[n].to = a[n].from + k2;
			first[n++] = l;
		}
		if (i < n) {
			asking[i] += ends_asking(st, line_span(st, l));
			if (++count[i] > count[best])
				best = i;
		}
		labelled++;
		l = l2;
	}
	if (n == 0 || count[best] < 3 || (!plain && 4 * count[best] <
	    labelled) || (plain && (3 * 2 * count[best] < 2 * labelled ||
	    2 * asking[best] < count[best])) || after_prefix(st, st->doc +
	    q[best].from - 2 * !plain, st->doc + q[best].to + 3, 'Q') != NULL) {
		if (!plain)
			own_labels(st, 1);
		return;
	}
	st->own_q = q[best];
	st->own_a = a[best];
	st->own_pairs = count[best];
	st->own_plain = plain;
	st->own_line = first[best];
}

int
cp_read_md_open(struct cp_reader *r)
{
	struct md_state	*st;
	cmark_node	*n;
	const struct liner_marks *marks;
	size_t		 i, breaks = 0, headings = 0, above = 0, below = 0;
	size_t		 titles = 0, sentences = 0, notes = 0, details = 0;
	size_t		 labelled_heads = 0;
	size_t		 level[7] = { 0 }, labels[7] = { 0 }, asks = 0;
	size_t		 numbered_questions = 0, fronts = 0, backs = 0;
	size_t		 worded_questions = 0;
	size_t		 q_labels[7] = { 0 };
	size_t		 numbered[7] = { 0 }, level_asks[7] = { 0 }, sections;
	size_t		 over, ruled[7] = { 0 };
	unsigned long	 fence_first;
	size_t		 fences = 0;
	size_t		 numbered_asks[7] = { 0 }, plain_asks[7] = { 0 };
	int		 asking, heading_asks;
	size_t		 named = 0, givens = 0, callouts = 0, answered = 0;
	size_t		 embeds = 0;
	size_t		 paras = 0, asked_paras = 0, numbered_items = 0;
	size_t		 setin_paras = 0;
	size_t		 def_terms = 0, box_quizzes = 0, box_asking = 0;
	size_t		 semi_paras = 0, pairs = 0, prompted = 0, blocks = 0;
	size_t		 end;
	size_t		 listed = 0, parts = 0, gapped = 0, quotes = 0;
	size_t		 quote_asks = 0, asking_lists = 0, gap_asks = 0;
	size_t		 asking_items = 0, codes = 0, labelled_fences = 0;
	size_t		 para_pairs = 0, dashed = 0, dashed_asks = 0;
	size_t		 equals = 0, braced = 0, braced_ask = 0;
	struct span	 bq;
	long		 number, prev_dashed = 0;
	struct span	 fq, fa;
	cmark_node	*gap_next;
	int		 prev_number = 0;
	unsigned long	 first_heading = 0, table_head = 0;
	size_t		 tabled = 0;
	const char	*why = NULL;
	int		 k, top;
	struct span	 q;

	st = cp_xcalloc(1, sizeof(*st));
	st->nbare_tables = -1;
	st->answered_items = -1;
	st->question_lists = -1;
	st->checked_lists = -1;
	st->deck_line = 1;
	r->state = st;
	r->next = md_next;
	r->close = md_close;
	if (load(r, st) == -1)
		return -1;
	if (r->opts.o2a_settings != NULL)
		return o2a_vault_open(r);
	front_matter(r);
	if (r->opts.sr_settings != NULL)
		return sr_vault_open(r);
	find_nav_link(st);
	find_heading_field(st);
	st->no_end_after = st->nlines + 1;
	for (i = 0; r->opts.dialect != NULL && i < D_COUNT; i++)
		if (strcmp(r->opts.dialect, dialect_names[i]) == 0)
			break;
	if (r->opts.dialect != NULL) {
		if (i == D_COUNT) {
			cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0,
			    "--dialect: not plain, mdanki, obsidian_to_anki, "
			    "obsidian_sr, md2anki, yanki, markdown_anki_decks, "
			    "flashcards, inka, logseq, ankdown or mankidown: %s",
			    r->opts.dialect);
			return -1;
		}
	}
	cp_sr_settings_default(&st->sr);
	own_labels(st, 0);
	if (st->own_pairs > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, st->own_line, 0,
		    "\"%.*s\" and \"%.*s\" on %zu cards read as the labels "
		    "of question and answer",
		    (int)(st->own_q.to - st->own_q.from), st->doc +
		    st->own_q.from, (int)(st->own_a.to - st->own_a.from),
		    st->doc + st->own_a.from, st->own_pairs);
	st->liner.one = st->sr.inline_sep;
	st->liner.both = st->sr.inline_both;
	if (r->opts.dialect == NULL && (marks = remnote_page(st)) != NULL) {
		st->liner = *marks;
		st->remnote = 1;
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 1, 0, "%s",
		    marks == &remnote_marks ? "items parted by "
		    "\"\xe2\x86\x92\" or \"\xe2\x86\x94\", as RemNote "
		    "exports its cards: read as one-line cards, "
		    "\"\xe2\x86\x94\" both ways" : "items parted by "
		    "\"\xe2\x80\x95\", as RemNote exports its cards: read "
		    "as one-line cards");
	}
	if (r->opts.dialect == NULL && cp_logseq_page(st->doc, st->len))
		st->dialect = D_LOGSEQ;
	else if (r->opts.dialect == NULL && ankdown_page(st))
		st->dialect = D_ANKDOWN;
	else if (r->opts.dialect == NULL && mankidown_page(st))
		st->dialect = D_MANKIDOWN;
	else {
		/*
		 * Forced or not, the file's evidence sets what the vault's
		 * settings would: a renamed tag, a separator, a regex.
		 */
		st->dialect = detect_dialect(st);
		if (r->opts.dialect != NULL)
			st->dialect = (enum dialect)i;
	}
	say_dialect(r, st);
	/*
	 * The front matter's tags are the note's as much as a line of
	 * them: "flashcards/Sub" there files the page's cards in Sub too.
	 * They stay the cards' tags, as the front matter's tags do.
	 */
	for (i = 0; st->dialect == D_OSR && i < st->matter_tags; i++)
		osr_deck(st, st->tags[i]);
	if (st->dialect == D_INKA) {
		/* inka reads lines, not Markdown's blocks: no parse. */
		if (st->deck != NULL)
			st->matter_deck = cp_xstrdup(st->deck);
		start_run(st, RUN_INKA, 1, st->nlines);
		return 0;
	}
	if (st->dialect == D_LOGSEQ) {
		logseq_open(r);
		return 0;
	}
	if (st->dialect == D_ANKDOWN) {
		start_run(st, RUN_ANKDOWN, 1, st->nlines);
		return 0;
	}
	if (st->dialect == D_MANKIDOWN) {
		start_run(st, RUN_MANKIDOWN, 1, st->nlines);
		return 0;
	}
	o2a_count_labels(st);
	st->root = cp_cmark_parse(st->doc, st->len, CMARK_OPT_DEFAULT);
	st->next = cmark_node_first_child(st->root);
	st->alike_summary = alike_summaries(st);
	for (n = st->next; n != NULL; n = cmark_node_next(n)) {
		blocks++;
		if (is_comment(n))
			st->cardpipe = st->deck_sent = 1;	/* it has its own */
		if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH) {
			paras++;
			equals += equals_mark(st, n);
			if (braced_lines(st, block_span(st, n), &bq, NULL)) {
				braced++;
				braced_ask += bq.to > bq.from &&
				    (st->doc[bq.to - 1] == '?' ||
				    st->doc[bq.to - 1] == ':');
			}
			asked_paras += asked_line(st, block_span(st, n)) != 0;
			setin_paras += setin_line(st, block_span(st, n)) != 0;
			semi_paras += semi_pair(st, block_span(st, n));
			if ((end = pair_line(st, block_span(st, n))) != 0) {
				pairs++;
				end -= st->doc[end - 1] == '\r';
				prompted += st->doc[end - 1] == '?' ||
				    st->doc[end - 1] == ':';
			}
			para_pairs += para_pair(st, n);
			if ((number = dashed_number(st, n)) >= 0) {
				dashed += number == prev_dashed + 1;
				dashed_asks += holds_question_mark(st->doc +
				    block_span(st, n).from, st->doc +
				    block_span(st, n).to);
				prev_dashed = number;
			}
		}
		parts += part_start(st, n);
		if (gap_question(st, n, &gap_next)) {
			gapped++;
			q = block_span(st, n);
			while (q.to > q.from &&
			    strchr(" \t\n", st->doc[q.to - 1]) != NULL)
				q.to--;
			gap_asks += ends_asking(st, q) ||
			    (q.to > q.from && st->doc[q.to - 1] == ':');
		}
		quotes += cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE;
		numbered_questions += opening_number(st,
		    block_span(st, n).from) >= 0 && labelled_below(st, n);
		worded_questions += opening_label(st, block_span(st, n).from);
		fences += import_text(st, n, &fence_first);
		codes += cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK;
		labelled_fences += label_fence(st, n, &fq, &fa);
		asking_lists += cmark_node_get_type(n) == CMARK_NODE_LIST &&
		    cmark_node_previous(n) != NULL &&
		    cmark_node_get_type(cmark_node_previous(n)) ==
		    CMARK_NODE_HEADING && list_asks(st, block_span(st, n), 1);
		quote_asks += quote_question_at(st, n, &gap_next) > 0;
		def_terms += def_start(st, n) != 0;
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING &&
		    one_ticked(st, cmark_node_next(n))) {
			heading_text(st, n, &q);
			box_quizzes++;
			box_asking += ends_asking(st, q) || trails_off(st, q);
		}
		if (question_item(n, prev_number) > 0) {
			/* "3) Define a database.": a prompt asks too. */
			q = item_span(st, quote_asker(n));
			prev_number++;
			numbered_items++;
			asking_items += ends_asking_within(st, q) ||
			    cp_opens_prompt(st->doc + q.from, q.to - q.from) ||
			    trails_off(st, q) ||
			    verdict_block(st, cmark_node_next(n));
		}
		listed += listed_answer(st, n) != NULL;
		answered += quote_asker(n) != NULL &&
		    cmark_node_next(n) != NULL &&
		    cmark_node_get_type(cmark_node_next(n)) ==
		    CMARK_NODE_BLOCK_QUOTE;
		embeds += embed_asks(st, n);
		if (cmark_node_get_type(n) == CMARK_NODE_THEMATIC_BREAK)
			breaks++;
		else if (cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK)
			details += details_asks(st, n);
		else if (question_callout(st, n, &q))
			callouts++;
		else if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			headings++;
			k = cmark_node_get_heading_level(n);
			titles += k == 1;
			sentences += answer_heading(st, n);
			heading_text(st, n, &q);
			labelled_heads += answer_label_at(st->doc + q.from,
			    st->doc + q.to) != NULL || cp_word_among(st->doc +
			    q.from, q.to - q.from, cp_answer_words);
			level[k]++;
			ruled[k] += cmark_node_previous(n) != NULL &&
			    cmark_node_get_type(cmark_node_previous(n)) ==
			    CMARK_NODE_THEMATIC_BREAK;
			labels[k] += q.to > q.from && st->doc[q.to - 1] == ':';
			q_labels[k] += after_prefix(st, st->doc + q.from,
			    st->doc + q.to, 'Q') != NULL;
			heading_asks = ends_asking_within(st, q);
			asks += heading_asks;
			level_asks[k] += heading_asks;
			if (past_number(st, q) == NULL)
				plain_asks[k] += span_find(st, q, "?") != NULL;
			else {
				numbered[k]++;
				numbered_asks[k] += heading_asks ||
				    span_find(st, q, "?") != NULL;
			}
			notes += is_section(st, q);
			fronts += heading_is(st, q, "Front");
			backs += heading_is(st, q, "Back");
			if (titles_note(st, n)) {
				named++;
				st->note_titles = k > st->note_titles ? k :
				    st->note_titles;
			}
			if (first_heading == 0)
				first_heading = (unsigned long)
				    cmark_node_get_start_line(n);
			givens += cmark_node_next(n) != NULL &&
			    given_quote(cmark_node_next(n));
			tabled += table_like(st, cmark_node_next(n),
			    table_head, &table_head);
		}
		else if (breaks == 0)
			above++;
		else
			below++;
	}
	/*
	 * Headings that answer the headings above them, unless the answers'
	 * headings say so themselves, "### 답: ...", three or more.
	 */
	st->heading_answers = sentences >= 2 && labelled_heads < 3;
	/*
	 * Fences of Anki's import text, where nothing else asks, no
	 * heading nor text: the page keeps its cards there, its headings
	 * their sections and its prose notes on them.
	 */
	st->fence_page = fences > 0 && asks == 0 && !text_asks(st);
	/*
	 * Every heading of a level numbered "N. ", two or more, and the
	 * headings below that level numbered and asking none: the numbered
	 * ones are the questions, the others sections of their answers.
	 */
	for (asking = 1; asking < 7 && (level[asking] < 2 ||
	    numbered[asking] != level[asking]); asking++)
		continue;
	for (k = asking + 1, sections = 0; k < 7; k++) {
		sections += level[k];
		if (numbered[k] > 0 || level_asks[k] > 0)
			break;
	}
	st->numbered_heads = asking < 7 && k == 7 && sections > 0 ? asking :
	    0;
	/*
	 * Or three or more of them, none below, under a level of fewer
	 * headings, an introduction's "## " over "#### 1. **Sliding
	 * Window**", with a rule above two in three of them or more: they
	 * are the cards the rules part, the headings above sections.  (Not
	 * "### 1. SRP" under "## SOLID" with no rule between: parts of its
	 * answer.)
	 */
	for (i = 2, over = 0; asking < 7 && i < (size_t)asking; i++)
		over += level[i];
	if (asking > 2 && asking < 7 && k == 7 && sections == 0 &&
	    level[asking] >= 3 && over < level[asking] &&
	    3 * ruled[asking] >= 2 * level[asking]) {
		st->numbered_heads = asking;
		st->numbered_only = 1;
	}
	/*
	 * Or numbered headings of a level that ask, three or more and
	 * more than half of the level's, where its other headings ask
	 * nothing: reading notes' questions among notes' sections, which
	 * (and the titles above them) are no cards.
	 */
	for (k = 1; st->numbered_heads == 0 && k < 7; k++)
		if (numbered[k] >= 3 && numbered_asks[k] == numbered[k] &&
		    plain_asks[k] == 0 && numbered[k] * 2 > level[k] &&
		    numbered[k] < level[k]) {
			st->numbered_heads = k;
			st->numbered_only = 1;
		}
	/*
	 * Or every heading of a level asks, three or more, and none below
	 * it does: "# ¿Qué es un condicional?" over "## Sintaxis" and "###
	 * Ejemplo", its answer's parts.
	 */
	for (k = 1; k < 7 && (level[k] < 3 || level_asks[k] != level[k]);
	    k++)
		continue;
	for (i = k + 1; k < 7 && i < 7 && level_asks[i] == 0; i++)
		continue;
	st->asking_heads = st->numbered_heads == 0 && k < 7 && i == 7 ?
	    (int)k : 0;
	/*
	 * Every heading of a level labelled "Q1: ", three or more and more
	 * than half the page's headings: the labels mark the questions,
	 * and a heading with none, at any level, titles a section
	 * ("Overview", "Diagram"), no card.  (A "### Q:" FAQ under notes'
	 * sections marks its own questions only.)
	 */
	for (k = 1; st->label_heads == 0 && k < 7; k++)
		if (q_labels[k] >= 3 && q_labels[k] == level[k] &&
		    2 * q_labels[k] > headings)
			st->label_heads = k;
	/*
	 * Headings over a quote and more below it, twice or more: the
	 * quotes are what the questions give, code or a text to work on,
	 * and the blocks below them the answers.
	 */
	st->quoted_givens = givens >= 2;
	/*
	 * Paragraphs each with a block quote right below, three or more
	 * and more of them than headings, where nothing marks a card: a
	 * catalogue of questions, each answered by its quote.
	 */
	st->quote_answers = answered >= 3 && answered > headings &&
	    !st->marked;
	/*
	 * Paragraphs that open with a region of a PDF alone on its line,
	 * an exam's question cut out of its paper, "![[exam.pdf#page=2&
	 * rect=...]]", text or a list under it, three or more and more of
	 * them than headings, where nothing marks a card: each region asks.
	 */
	st->embed_questions = embeds >= 3 && embeds > headings &&
	    !st->marked && st->dialect == D_PLAIN;
	/*
	 * Fences each holding a card's labelled text, "Question:" over
	 * "Answer:", two or more, most of the page's code and more than
	 * its paragraphs: the cards, their fences and labels no text.  (A
	 * README's fences among its prose show a format.)
	 */
	st->label_fences = labelled_fences >= 2 &&
	    2 * labelled_fences > codes && labelled_fences > paras &&
	    st->dialect == D_PLAIN;
	/*
	 * Or the quotes ask, the file opening with one and two thirds of
	 * its quotes or more, three at least, over blocks of no quote: a
	 * deck of "> question" over its answer.
	 */
	n = cmark_node_first_child(st->root);
	st->quote_questions = quote_asks >= 3 &&
	    quote_asks * 3 >= quotes * 2 && n != NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE && !st->marked;
	st->quote_answers &= !st->quote_questions;
	/*
	 * Three headings or more over lists of questions and prompts: a
	 * bank of questions, where such a list answers no heading.
	 */
	st->question_bank = asking_lists >= 3;
	/*
	 * Paragraphs ending in '?' each with a list right below, three or
	 * more and more of them than headings, where nothing marks a card
	 * and no quote answers: review questions, each answered by its list.
	 */
	st->list_answers = listed >= 3 && listed > headings && !st->marked &&
	    !st->quote_answers;
	/*
	 * Paragraphs whose first line asks and whose lines under it answer,
	 * "Where are you from?" over "Wo kommst du?", three or more and
	 * two thirds of the paragraphs, where nothing marks a card: a
	 * phrase book's or a catalogue's cards, a paragraph each.
	 */
	st->asked_paras = asked_paras >= 3 && asked_paras * 3 >= paras * 2 &&
	    !st->marked && !st->quote_answers;
	/*
	 * Or they are pairs of lines, the first ending in ";", "question;"
	 * over "answer.", three or more and two thirds of the paragraphs:
	 * the ";" parts them, as a deck kept for Anki's import writes it.
	 */
	if (!st->asked_paras && semi_paras >= 3 &&
	    semi_paras * 3 >= paras * 2 && !st->marked &&
	    !st->quote_answers)
		st->asked_paras = st->semi_asks = 1;
	/*
	 * Or the page is nothing but paragraphs of two lines, five or
	 * more, a third of their first lines asking or ending in a colon,
	 * "la directory principale si trova in:" over "~": a quiz's
	 * questions each over its answer, the rest prompts with no mark.
	 */
	if (!st->asked_paras && pairs >= 5 && pairs == blocks &&
	    3 * prompted >= pairs && !st->marked && !st->quote_answers)
		st->asked_paras = st->pair_asks = 1;
	/*
	 * Or three paragraphs or more, two thirds of them, hold lines at
	 * the margin over bullets set in (setin_line()), three for each
	 * heading or more: a question over its answer's points.  (Under a
	 * heading each, they are notes in the answers of heading cards.)
	 */
	if (!st->asked_paras && setin_paras >= 3 &&
	    setin_paras * 3 >= paras * 2 && setin_paras >= 3 * headings &&
	    !st->marked && !st->quote_answers)
		st->setin_asks = 1;
	/*
	 * Parts of the page parted by two blank lines or more, one blank
	 * line inside them, three or more and two thirds of the parts, each
	 * a line over blocks, two thirds of those lines asking or ending in
	 * a colon (a diary's "Monday" asks nothing), where no heading or
	 * mark titles or marks a card: a card each, as a text file's groups
	 * are.
	 */
	st->gap_cards = gapped >= 3 && gapped * 3 >= parts * 2 &&
	    gap_asks * 3 >= gapped * 2 &&
	    headings == 0 && !st->marked && !st->quote_answers &&
	    !st->list_answers && !st->asked_paras;
	/*
	 * Terms over their definitions as pandoc writes them, three or
	 * more, where nothing else marks a card (an MkDocs
	 * page of question blocks keeps its definitions as notes).
	 */
	st->def_terms = def_terms >= 3 && !st->marked &&
	    st->mkdocs_questions < 2;
	/*
	 * Headings over lists of boxes, one of each ticked, three or
	 * more, half of them asking or trailing off: a quiz's page, whose
	 * statements to judge ask too ("... n." over "[x] True").
	 */
	st->box_quiz = box_quizzes >= 3 && 2 * box_asking >= box_quizzes;
	/*
	 * Lists of one numbered item each, counting up from 1, three or
	 * more, two thirds of them asking or prompting ("Define ...";
	 * half, of eight or more: "Git vs CVS"; a tutorial's steps
	 * are fewer, or ask less), each over blocks at
	 * the margin, where nothing marks a card and no rule parts the
	 * page (the rules part its cards then): numbered questions whose
	 * answers were never set in under them, as a word processor pastes
	 * them.
	 */
	st->item_questions = numbered_items >= 3 &&
	    (asking_items * 3 >= numbered_items * 2 || (numbered_items >= 8 &&
	    asking_items * 2 >= numbered_items)) && !st->marked &&
	    !st->quote_answers && !st->asked_paras && breaks == 0;
	/*
	 * Callouts of the question type, two or more, where nothing else
	 * marks a card: each asks in its title, answers in its body.
	 */
	st->question_callouts = callouts >= 2 && !st->marked;
	/*
	 * Two notes or more each named by a heading over its field
	 * headings, as apy lays notes out: they are the page's cards.
	 */
	if (named < 2)
		st->note_titles = 0;
	/*
	 * The Obsidian plugins mark their cards; a rule there is a rule.
	 * So do the file's own labels where two pairs of them or more
	 * come between rules: those part its sections.
	 */
	st->breaks = breaks > 0 && st->dialect != D_OSR &&
	    st->dialect != D_O2A && st->dialect != D_FLASHCARDS &&
	    st->own_pairs < 2 * breaks;
	/*
	 * Where a heading comes right under half the rules or more, two at
	 * least, the rules part the headings' cards: prose above the first
	 * card that no heading opens and that asks nothing, a page's
	 * introduction, is no card of its own.
	 */
	for (k = 1, i = 0; k < 7; k++)
		i += ruled[k];
	st->ruled_heads = st->dialect == D_PLAIN && i >= 2 && 2 * i >= breaks;
	/*
	 * Three answers or more labelled by a word, "Answer: 4", twice as
	 * many as the headings (else they answer the headings' questions),
	 * where no rule parts the cards and nothing else marks them: each
	 * label ends the question of the blocks above it, up to the last
	 * answer.
	 */
	st->label_cards = st->word_answers >= 3 &&
	    st->word_answers >= 2 * breaks &&
	    st->word_answers >= 2 * headings && st->dialect == D_PLAIN &&
	    !st->marked && st->qa_lines == 0;
	st->breaks &= !st->label_cards;
	st->quote_answers &= !st->label_cards;
	/* Two in three of those answers under numbered questions. */
	st->label_numbered = st->label_cards &&
	    3 * numbered_questions >= 2 * st->word_answers;
	/* Or labelled, "Question:", three in four of them. */
	st->label_worded = st->label_cards && !st->label_numbered &&
	    4 * worded_questions >= 3 * st->word_answers;
	/*
	 * Three "===" paragraphs or more, as many rules, about, as parts
	 * between them: a deck's notes so marked, "---" parting each one's
	 * sides.
	 */
	st->equals_notes = equals >= 3 && 2 * breaks >= equals &&
	    breaks <= equals + 1 && st->dialect == D_PLAIN;
	/*
	 * Three paragraphs "question {" ... "}" or more, two in three, two
	 * in three of them asking or prompting ('?', ':'): "struct Point {"
	 * and "body {" are code.
	 */
	st->braced_cards = braced >= 3 && 3 * braced >= 2 * paras &&
	    3 * braced_ask >= 2 * braced && st->dialect == D_PLAIN;
	/*
	 * Three paragraphs or more "N- ...", each numbered one past the
	 * last, half of them asking (a how-to's steps do not), where no
	 * heading, rule, label nor mark makes cards.
	 */
	st->dashed_paras = dashed >= 3 && 2 * dashed_asks >= dashed &&
	    headings <= 1 && breaks == 0 && !st->marked && !st->label_cards &&
	    !st->asked_paras && st->dialect == D_PLAIN;
	/*
	 * Paragraphs of one line that ask, each over a paragraph that
	 * answers, three pairs or more and four in five of the paragraphs
	 * (an essay asks a few rhetorical questions),
	 * where no heading, rule, label nor mark makes cards.
	 */
	st->para_answers = para_pairs >= 3 && para_pairs * 5 >= paras * 2 &&
	    headings <= 1 && breaks == 0 && !st->marked && !st->quote_answers &&
	    !st->asked_paras && !st->list_answers && !st->gap_cards &&
	    !st->label_cards;
	/*
	 * Summaries that ask mark the cards; headings and rules are the
	 * page's sections.
	 */
	st->details_cards = details >= 2;
	st->bold_listed = bold_listed(st);
	st->breaks &= !st->details_cards && !st->o2a_regex &&
	    !st->block_ids;
	/*
	 * Level-one headings only, more than one, or three or more that all
	 * ask, or numbered, three or more and most of them: they are the
	 * questions, the deeper ones their answers' parts.
	 */
	st->untitled = titles > 1 && (titles == headings ||
	    (titles >= 3 && level_asks[1] == titles) ||
	    (numbered[1] >= 3 && 2 * numbered[1] > titles));
	/*
	 * Headings "Front" over "Back" label cards' sides (side_heading),
	 * twice or more: a survey's one "## Front" of a house is no card.
	 */
	if (fronts >= 2 && backs >= fronts)
		st->marked = 1;
	/*
	 * Nothing marks a card and no heading asks a question: a note of
	 * sections, not questions, when its headings are of one level with
	 * only labelled parts below them ("#### Example:"), or when it
	 * opens with a quote that sums up its subject and goes on in
	 * sections of one level.
	 */
	for (top = 1; top < 7 && level[top] == 0; top++)
		continue;
	for (k = top + 1, i = 0; k < 7; k++)
		i += level[k] - labels[k];
	n = cmark_node_first_child(st->root);
	if (r->opts.dialect == NULL && !st->marked && !st->cardpipe &&
	    top < 7 && level[top] >= 2 && asks == 0) {
		if (headings > level[top] && i == 0)
			why = "nothing marks a card, and the headings are "
			    "sections whose parts are labelled, ending in ':', "
			    "not questions: a note, no card";
		else if (headings == level[top] && n != NULL &&
		    cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE)
			why = "nothing marks a card, the page opens with a "
			    "quote that sums up its subject, and the headings "
			    "are its sections, not questions: a note, no card";
	}
	/*
	 * Or when it opens with prose under its title and goes on in
	 * sections of one level, links or notes among them: a wiki page.
	 */
	for (k = 2; k < 7 && level[k] == 0; k++)
		continue;
	if (why == NULL && r->opts.dialect == NULL && !st->marked &&
	    !st->cardpipe && !st->bold_questions && asks == 0 && notes > 0 &&
	    k < 7 &&
	    level[k] >= 2 && level[1] == 1 && headings == level[k] + 1 &&
	    n != NULL && cmark_node_get_type(n) == CMARK_NODE_HEADING &&
	    cmark_node_get_heading_level(n) == 1 &&
	    (n = cmark_node_next(n)) != NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH)
		why = "nothing marks a card, the page opens with prose under "
		    "its title, keeps links or notes in sections of their "
		    "own, and the headings are its sections, not questions: "
		    "a note, no card";
	/*
	 * Or when it opens with prose under its title and goes on in
	 * sections that have sections of their own: a summary, unless its
	 * sections are numbered as questions are (numbered_heads), its
	 * text asks ("**1. What is ...?**" over its answer), or its title
	 * names a vocabulary ("単語帳", a word book: its terms' headings
	 * are the deepest), or a table's header names its rows cards
	 * ("Number | Italian | Greek").
	 */
	if (why == NULL && r->opts.dialect == NULL && !st->marked &&
	    !st->cardpipe && asks == 0 && st->numbered_heads == 0 &&
	    !holds_cards_table(st) &&
	    !(titled_vocabulary(st) && st->dialect == D_PLAIN) &&
	    k < 7 && level[k] >= 2 &&
	    level[1] == 1 && headings > level[k] + 1 &&
	    (n = cmark_node_first_child(st->root)) != NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_HEADING &&
	    cmark_node_get_heading_level(n) == 1 &&
	    (n = cmark_node_next(n)) != NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH && !text_asks(st))
		why = "nothing marks a card, the page opens with prose under "
		    "its title and goes on in sections that have sections of "
		    "their own, none a question: a summary, no card";
	/*
	 * Or when a quarter of its headings or more repeat another, eight
	 * headings or more: a lecture's slides, each title carried over to
	 * the slides that go on with it, and labels ("Theorem", "Example")
	 * over their parts.  A deck asks each question once.  Answers
	 * folded under alike summaries that label them ("<summary>
	 * решение</summary>"), or under summaries that ask (details_cards),
	 * are cards, whatever their headings, and so are answers under
	 * headings that label them, "## 답변", three or more.
	 */
	if (why == NULL && r->opts.dialect == NULL && !st->marked &&
	    !st->cardpipe && asks == 0 && headings >= 8 &&
	    labelled_heads < 3 &&
	    !(st->alike_summary.to > 0 && summary_label(st,
	    st->alike_summary)) && !st->details_cards &&
	    4 * repeated_headings(st, headings) >= headings)
		why = "nothing marks a card, no heading asks, and a quarter of "
		    "the headings or more repeat another, as slides carry a "
		    "title over and label their parts: a note, no card";
	/*
	 * Or when a list names three of its headings or more, as a table
	 * of contents does ("## Obsah" over the sections' titles), and no
	 * heading asks: a document in sections, its headings topics.
	 */
	if (why == NULL && r->opts.dialect == NULL && !st->marked &&
	    !st->cardpipe && asks == 0 && contents_list(st))
		why = "nothing marks a card, no heading asks, and a list names "
		    "three of the page's headings or more, as a table of "
		    "contents does: a document in sections, no card";
	/*
	 * Or when every heading, but a title, stands over a table, the
	 * tables of the same columns ("name | key"): a reference sheet,
	 * looked things up in, its headings the sections.
	 */
	if (why == NULL && r->opts.dialect == NULL && !st->marked &&
	    !st->cardpipe && asks == 0 && tabled >= 2 &&
	    tabled + (level[1] == 1) >= headings)
		why = "nothing marks a card, no heading asks, and every "
		    "section opens with a table of the same columns: a "
		    "reference sheet, no card";
	/*
	 * Or when Obsidian SR reviews the page as a note, no card of it
	 * scheduled, and nothing but a deck line marks a card: the plugin
	 * has been over it and found none, and no other tool has one.
	 */
	if (why == NULL && r->opts.dialect == NULL && !st->cardpipe &&
	    st->reviewed_note)
		why = "Obsidian SR reviews the page as a note and has "
		    "scheduled no card of it, and nothing but a deck line "
		    "marks a card: a note, no card";
	if (why != NULL) {
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, first_heading, 0,
		    "%s", why);
		st->done = 1;
		return 0;
	}
	/*
	 * A question, "---", its answer, as yanki and one-card-a-file
	 * scripts write a note, a heading perhaps its title above it: the
	 * rule between cards would leave the question alone.  A labelled
	 * line that asks nothing, "Purpose: ...", is a page's property over
	 * its notes, no question.  "Q:" opening both sides labels two
	 * cards.
	 */
	n = cmark_node_first_child(st->root);
	if (r->opts.dialect == NULL && !st->cardpipe && tagged_note(r)) {
		st->done = 1;
		return 0;
	}
	if (headings == 1 && n != NULL &&
	    cmark_node_get_type(n) == CMARK_NODE_HEADING)
		n = cmark_node_next(n);	/* a title over the question */
	st->whole_note = st->dialect == D_PLAIN && !st->cardpipe &&
	    !st->item_terms && breaks == 1 && above == 1 && below > 0 &&
	    (headings == 0 || n != cmark_node_first_child(st->root)) &&
	    n != NULL && cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH &&
	    !property_line(st, n) && !(labels_question(st, n) &&
	    cmark_node_next(n) != NULL &&
	    labels_question(st, cmark_node_next(cmark_node_next(n)))) &&
	    !(introduces(st, block_span(st, n)) &&
	    cards_table(st, cmark_node_next(cmark_node_next(n))));
	return 0;
}

static void
vault_emit(void *arg, struct cp_record *rec)
{
	queue_push(arg, rec);
}

/*
 * The cache of vault settings the caller gave, or the reader's own: the
 * settings are loaded one way.
 */
static struct cp_vault_cache *
vaults(struct cp_reader *r)
{
	struct md_state	*st = r->state;

	if (r->opts.vaults != NULL)
		return r->opts.vaults;
	if (st->vaults == NULL)
		st->vaults = cp_vault_cache_new();
	return st->vaults;
}

/* Counts a card Obsidian Spaced Repetition would make, and drops it. */
static void
count_emit(void *arg, struct cp_record *rec)
{
	(*(size_t *)arg)++;
	cp_record_clear(rec);
}

/*
 * The cards of a note read as Obsidian_to_Anki's that Obsidian Spaced
 * Repetition would make of it too, in a vault that uses both: said,
 * counted, as left out.
 */
static void
sr_also(struct cp_reader *r, const struct cp_sr_settings *s)
{
	struct md_state		*st = r->state;
	struct cp_reporter	 quiet = { 0 };
	size_t			 n = 0;

	cp_sr_read(s, r->name, r->name, st->doc, st->len, st->line_at,
	    st->nlines, st->tags, st->matter_tags, r->opts.deck, &quiet,
	    count_emit, &n);
	if (n > 0)
		cp_report(r->rep, CP_LEVEL_WARNING, r->name, 1, 0, "the note "
		    "holds Obsidian_to_Anki's notes and %zu card%s of Obsidian "
		    "Spaced Repetition: read as Obsidian_to_Anki's, its cards "
		    "left out", n, n == 1 ? "" : "s");
}

/*
 * A note of a vault whose Obsidian_to_Anki settings are given: read as
 * the plugin reads it there (read_o2a.c), not by the evidence.  In a
 * vault that uses both plugins, a note of no Obsidian_to_Anki note is
 * read as Obsidian Spaced Repetition's (sr_vault_open()).
 */
static int
o2a_vault_open(struct cp_reader *r)
{
	struct md_state		*st = r->state;
	const struct cp_o2a_settings *s;
	const struct cp_sr_settings *sr = NULL;
	size_t			 before = st->qlen;
	int			 both = r->opts.sr_settings != NULL;

	if (both && r->opts.dialect != NULL) {
		cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "--dialect %s: with --o2a-settings and --sr-settings a "
		    "note is read as the plugin whose cards it holds reads it",
		    r->opts.dialect);
		return -1;
	}
	if (r->opts.dialect != NULL &&
	    strcmp(r->opts.dialect, "obsidian_to_anki") != 0) {
		cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "--o2a-settings: Obsidian_to_Anki's, for "
		    "obsidian_to_anki, not --dialect %s", r->opts.dialect);
		return -1;
	}
	if ((s = cp_vault_o2a(vaults(r), r->opts.o2a_settings, r->rep)) ==
	    NULL || (both && (sr = cp_vault_sr(vaults(r),
	    r->opts.sr_settings, r->rep)) == NULL))
		return -1;
	/*
	 * cp_read_check()'s empty input, say, has no note to read.  Where
	 * both plugins may read it, the note is said once it is known.
	 */
	if (st->len > 0 && !both)
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "obsidian_to_anki, with the marks and regular expressions "
		    "of %s", r->opts.o2a_settings);
	if (st->len > 0)
		cp_o2a_read(s, r->name, r->name, st->doc, st->len,
		    st->line_at, st->nlines, r->opts.deck, r->rep, vault_emit,
		    st);
	st->dialect = D_O2A;
	st->done = 1;
	if (both && st->len > 0) {
		front_matter(r);
		if (st->qlen > before) {
			cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read "
			    "as obsidian_to_anki, whose notes it holds, with "
			    "%s", r->opts.o2a_settings);
			sr_also(r, sr);
		} else {
			st->done = 0;
			sr_vault_read(r, sr);
		}
	}
	return 0;
}

/*
 * A note of a vault whose Obsidian Spaced Repetition settings are
 * given: read as the plugin reads it there (read_sr.c), not by the
 * evidence.  Its front matter's tags are Obsidian's, the cards' too.
 */
static int
sr_vault_open(struct cp_reader *r)
{
	const struct cp_sr_settings *s;

	if (r->opts.dialect != NULL &&
	    strcmp(r->opts.dialect, "obsidian_sr") != 0) {
		cp_report(r->rep, CP_LEVEL_ERROR, NULL, 0, 0,
		    "--sr-settings: Obsidian Spaced Repetition's, for "
		    "obsidian_sr, not --dialect %s", r->opts.dialect);
		return -1;
	}
	if ((s = cp_vault_sr(vaults(r), r->opts.sr_settings, r->rep)) ==
	    NULL)
		return -1;
	sr_vault_read(r, s);
	return 0;
}

/* The note, read as Obsidian Spaced Repetition reads it under s. */
static void
sr_vault_read(struct cp_reader *r, const struct cp_sr_settings *s)
{
	struct md_state		*st = r->state;

	if (st->len > 0) {
		cp_report(r->rep, CP_LEVEL_NOTE, r->name, 1, 0, "read as "
		    "obsidian_sr, with the marks and deck tags of %s",
		    r->opts.sr_settings);
		cp_sr_read(s, r->name, r->name, st->doc, st->len,
		    st->line_at, st->nlines, st->tags, st->matter_tags,
		    r->opts.deck, r->rep, vault_emit, st);
	}
	st->dialect = D_OSR;
	st->done = 1;
}

/* Whether line, n bytes, starts with s; holds s. */
static int
bid_starts(const char *line, size_t n, const char *s)
{
	return n >= strlen(s) && memcmp(line, s, strlen(s)) == 0;
}

static int
bid_holds(const char *line, size_t n, const char *s)
{
	size_t	 i;

	for (i = 0; i + strlen(s) <= n; i++)
		if (memcmp(line + i, s, strlen(s)) == 0)
			return 1;
	return 0;
}

/*
 * What only Markdown writes: cards2md's comments, front matter, a
 * heading below the title, bold labels, a table's rule, the flashcard
 * tools' marks.  What the flashcard text format has too (a "# Title",
 * Q: and A: lines, "::") is weighed low, so that its own name decides.
 */
int
cp_read_md_bid(const char *head, size_t len)
{
	static const char *const marks[] = {
		"<!-- cardpipe ", "## ", "### ", "**Q:**", "**Question:**",
		"|---", "| ---", "|:--", "#flashcards", "<!--SR",
		"TARGET DECK", "<!--ID:", NULL
	};
	const char	*line;
	size_t		 pos = 0, n, k, lineno = 0;
	int		 whole, bid = 0;

	if (!cp_bid_text(head, len))
		return 0;
	while (cp_bid_line(head, len, &pos, &line, &n, &whole)) {
		if (n == 0)
			continue;
		if (lineno++ == 0 && n == 3 && memcmp(line, "---", 3) == 0)
			return 90;	/* front matter */
		for (k = 0; marks[k] != NULL; k++)
			if (bid_starts(line, n, marks[k]))
				return k == 0 ? 100 : 90;
		if (n == 5 && memcmp(line, "START", 5) == 0)
			return 90;	/* Obsidian_to_Anki's note */
		if (lineno == 1 && bid_starts(line, n, "# "))
			bid = 30;
		else if (bid_starts(line, n, "Q: ") ||
		    bid_starts(line, n, "A: ") ||
		    bid_holds(line, n, " :: "))
			bid = 30;
	}
	return bid;
}
