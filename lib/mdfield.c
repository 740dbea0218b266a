/*
 * mdfield.c: what the Markdown flashcard dialects write inside a field
 * that is not its text.  Obsidian_to_Anki's <!--ID: ...--> comments are
 * a note's identity and Obsidian Spaced Repetition's <!--SR: ...-->
 * comments its schedule; mdanki's tag links "[#tag](...)" and Md2Anki's
 * "`{=:tag, tag:=}`" are tags, its "`{=<type>=}`" a notetype; and cloze
 * deletions are written "==text==", "**text**" or "{{text}}" (Obsidian SR),
 * "{text}" (Obsidian_to_Anki, the Flashcards plugin, inka) or
 * "~~text~~" (yanki), which Anki knows as "{{c1::text}}".
 *
 * TeX math ("$...$", "$$...$$") and code are kept as written: their
 * braces and marks are TeX's and the language's, no cloze.
 *
 * Every search for a closing mark that fails is remembered, so that a
 * field full of opening marks costs one pass, not one pass a mark.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct scan {
	const char	*s;
	size_t		 n;
	size_t		 no_comment_end;	/* no "-->" at or after this */
	size_t		 mark_fail[4];	/* no closing mark of marks[i] before */
	size_t		 line_end;	/* the end of the line being read */
	size_t		 para_end;	/* the end of its paragraph */
	size_t		 math_fail[2];	/* for cp_math_close() */
	/* Obsidian SR's footnote groups: "[^1]" after a cloze, its number */
	struct group {
		size_t	 from, len;	/* the label */
		int	 num;
	}		 groups[16];
	size_t		 ngroups;
};

static void
add_tag(struct cp_note *note, const char *t, size_t n)
{
	char	*tag;
	size_t	 i;

	while (n > 0 && (isspace((unsigned char)*t) || *t == '#'))
		t++, n--;
	while (n > 0 && isspace((unsigned char)t[n - 1]))
		n--;
	if (n == 0)
		return;
	tag = cp_xstrndup(t, n);
	/* Anki's tags hold no white space. */
	for (i = 0; i < n; i++)
		if (isspace((unsigned char)tag[i]))
			tag[i] = '_';
	for (i = 0; i < note->ntags; i++)
		if (strcmp(note->tags[i], tag) == 0)
			break;
	if (i == note->ntags)
		cp_note_add_tag(note, tag);
	free(tag);
}

/* The end of a "<!--ID:" or "<!--SR:" comment at i, or 0. */
static size_t
comment_end(struct scan *sc, size_t i)
{
	const char	*e;

	if (sc->n - i < 7 || (strncmp(sc->s + i, "<!--ID:", 7) != 0 &&
	    strncmp(sc->s + i, "<!--SR:", 7) != 0) ||
	    i >= sc->no_comment_end)
		return 0;
	if ((e = strstr(sc->s + i + 7, "-->")) == NULL) {
		sc->no_comment_end = i;
		return 0;
	}
	return (size_t)(e - sc->s) + 3;
}

/*
 * The end of a tag link "[#tag](...)" at i, on its line, or 0.  A line
 * of "[#tag]" alone is one too: mdanki takes a line opening "[#" to
 * its last ']' for a tag, link or none.
 */
static size_t
tag_link_end(const struct scan *sc, size_t i, struct cp_note *note)
{
	size_t	 j, text, k;

	if (sc->n - i < 4 || sc->s[i] != '[' || sc->s[i + 1] != '#')
		return 0;
	text = i + 2;
	for (j = text; j < sc->line_end && sc->s[j] != ']' &&
	    sc->s[j] != '['; j++)
		continue;
	for (k = j + 1; k < sc->line_end && (sc->s[k] == ' ' ||
	    sc->s[k] == '\t' || sc->s[k] == '\r'); k++)
		continue;
	if (j < sc->line_end && sc->s[j] == ']' && j > text &&
	    k == sc->line_end && (i == 0 || sc->s[i - 1] == '\n')) {
		add_tag(note, sc->s + text, j - text);
		return k;
	}
	if (j + 1 >= sc->line_end || sc->s[j] != ']' || sc->s[j + 1] != '(')
		return 0;
	add_tag(note, sc->s + text, j - text);
	for (j += 2; j < sc->line_end && sc->s[j] != ')' && sc->s[j] != '(';
	    j++)
		continue;
	return j < sc->line_end && sc->s[j] == ')' ? j + 1 : 0;
}

/* The end of Md2Anki's "`{=:a, b:=}`" or "`{=<type>=}`" at i, or 0. */
static size_t
md2anki_end(const struct scan *sc, size_t i, struct cp_note *note)
{
	size_t	 j;
	int	 tags;

	if (sc->n - i < 6 || strncmp(sc->s + i, "`{=", 3) != 0 ||
	    (sc->s[i + 3] != ':' && sc->s[i + 3] != '<'))
		return 0;
	tags = sc->s[i + 3] == ':';
	for (j = i + 4; j < sc->line_end && sc->s[j] != '`'; j++)
		continue;
	if (j >= sc->line_end || j - i < 6 ||
	    strncmp(sc->s + j - 3, tags ? ":=}" : ">=}", 3) != 0)
		return 0;
	if (tags)
		cp_md_tag_list(note, sc->s + i + 4, j - 3 - (i + 4));
	return j + 1;
}

void
cp_md_tag_list(struct cp_note *note, const char *s, size_t n)
{
	const char	*c, *e = s + n;

	for (; s < e; s = c + 1) {
		if ((c = memchr(s, ',', (size_t)(e - s))) == NULL)
			c = e;
		add_tag(note, s, (size_t)(c - s));
	}
}

/*
 * The end of a cloze "==text==" or "~~text~~" at i, whose text starts
 * with no space, or 0; *from and *to get the text.
 */
static size_t
mark_end(struct scan *sc, size_t i, char m, size_t *fail, size_t *from,
    size_t *to)
{
	size_t	 j;

	if (sc->n - i < 5 || sc->s[i] != m || sc->s[i + 1] != m ||
	    sc->s[i + 2] == m || sc->s[i + 2] == ' ' || sc->s[i + 2] == '\n' ||
	    i < *fail)
		return 0;
	for (j = i + 3; j + 1 < sc->n; j++) {
		if (sc->s[j] == '\n' && j + 1 < sc->n && sc->s[j + 1] == '\n')
			break;
		if (sc->s[j] == m && sc->s[j + 1] == m && sc->s[j - 1] != ' ') {
			*from = i + 2;
			*to = j;
			return j + 2;
		}
	}
	*fail = j;	/* where its paragraph ends */
	return 0;
}

/* The end of the paragraph that holds i: a blank line, or the field's. */
static size_t
paragraph_end(const struct scan *sc, size_t i)
{
	size_t	 k;

	for (; i < sc->n; i++) {
		if (sc->s[i] != '\n')
			continue;
		for (k = i + 1; k < sc->n && (sc->s[k] == ' ' ||
		    sc->s[k] == '\t'); k++)
			continue;
		if (k < sc->n && sc->s[k] == '\n')
			return i + 1;
	}
	return sc->n;
}

/*
 * The end of TeX math opened at i, past its closing delimiter, or 0.
 * Where it ran over lines, the line being read is the one it ends on.
 */
static size_t
math_end(struct scan *sc, size_t i)
{
	const char	*nl;
	size_t		 j, k;

	if (sc->s[i] != '$' || (i > 0 && sc->s[i - 1] == '\\'))
		return 0;
	if (i >= sc->para_end)
		sc->para_end = paragraph_end(sc, i);
	if ((j = cp_math_close(sc->s, i, sc->para_end, sc->math_fail)) == 0)
		return 0;
	j += sc->s[i + 1] == '$' ? 2 : 1;
	for (k = i; k < j && sc->s[k] != '\n'; k++)
		continue;
	if (k < j) {
		nl = strchr(sc->s + j, '\n');
		sc->line_end = nl != NULL ? (size_t)(nl - sc->s) : sc->n;
	}
	return j;
}

/* yanki's "~~2 text _hint_~~": its number and hint, as Anki writes it. */
static void
add_cloze(struct cp_buf *b, const char *s, size_t n, char m, int one,
    int *num)
{
	size_t	 k = 0, h;
	int	 c = 0;

	if (m == '~') {
		while (k < n && k < 2 && s[k] >= '0' && s[k] <= '9')
			c = c * 10 + (s[k++] - '0');
		if (k > 0 && k < n && s[k] == ' ' && c > 0)
			s += k + 1, n -= k + 1;
		else
			c = 0;
	}
	if (c == 0 && one)
		c = 1;
	if (c == 0)
		c = ++*num;
	else if (c > *num)
		*num = c;
	cp_buf_printf(b, "{{c%d::", c);
	h = n;
	if (m == '~' && n > 2 && s[n - 1] == '_')
		for (h = n - 1; h > 0 && s[h - 1] != '_'; h--)
			continue;
	if (m == '~' && h > 1 && h < n && s[h - 2] == ' ') {
		cp_buf_add(b, s, h - 2);
		cp_buf_addstr(b, "::");
		cp_buf_add(b, s + h, n - 1 - h);
	} else
		cp_buf_add(b, s, n);
	cp_buf_addstr(b, "}}");
}

/*
 * The end of a bracket opened at i by open ("^[" or "[^"), on its line,
 * no bracket in it, or 0; *from and *to get what it holds.
 */
static size_t
bracket_end(const struct scan *sc, size_t i, const char *open,
    size_t *from, size_t *to)
{
	size_t	 j;

	if (i + 3 > sc->n || sc->s[i] != open[0] || sc->s[i + 1] != open[1])
		return 0;
	for (j = i + 2; j < sc->n && sc->s[j] != ']' && sc->s[j] != '[' &&
	    sc->s[j] != '\n'; j++)
		continue;
	if (j == i + 2 || j >= sc->n || sc->s[j] != ']')
		return 0;
	*from = i + 2;
	*to = j;
	return j + 1;
}

/*
 * Obsidian SR's own marks after a cloze ending at *e: "^[hint]", its
 * hint, then "[^label]", a footnote that groups the clozes marked with
 * the same label under one number.  Both are taken past; the cloze is
 * written with them.  Past sixteen labels a cloze is numbered alone.
 */
static void
add_osr_cloze(struct cp_buf *b, struct scan *sc, const char *t, size_t n,
    size_t *e, int *num)
{
	size_t	 hf = 0, ht = 0, gf, gt, k, x;
	int	 c = 0;

	if ((x = bracket_end(sc, *e, "^[", &hf, &ht)) != 0)
		*e = x;
	if ((x = bracket_end(sc, *e, "[^", &gf, &gt)) != 0) {
		*e = x;
		for (k = 0; k < sc->ngroups; k++)
			if (sc->groups[k].len == gt - gf && memcmp(sc->s +
			    sc->groups[k].from, sc->s + gf, gt - gf) == 0)
				c = sc->groups[k].num;
		if (c == 0 && sc->ngroups < sizeof(sc->groups) /
		    sizeof(sc->groups[0]))
			sc->groups[sc->ngroups++] = (struct group){ gf,
			    gt - gf, *num + 1 };
	}
	if (c == 0)
		c = ++*num;
	cp_buf_printf(b, "{{c%d::", c);
	cp_buf_add(b, t, n);
	if (ht > hf) {
		cp_buf_addstr(b, "::");
		cp_buf_add(b, sc->s + hf, ht - hf);
	}
	cp_buf_addstr(b, "}}");
}

/*
 * Obsidian_to_Anki's curly cloze "{text}", "{2:text}" or "{c2:text}"
 * ("{2|text}", "{c2|text}", inka's "{2::text}" too) at i, on one line, no brace in it: its
 * end, or 0.
 */
static size_t
curly_end(const struct scan *sc, size_t i, size_t *from, size_t *to)
{
	size_t	 j;

	if (sc->s[i] != '{' || (i > 0 && (sc->s[i - 1] == '{' ||
	    sc->s[i - 1] == '\\')) || i + 2 >= sc->n || sc->s[i + 1] == '{' ||
	    sc->s[i + 1] == '}')
		return 0;
	for (j = i + 1; j < sc->line_end && sc->s[j] != '}' &&
	    sc->s[j] != '{'; j++)
		continue;
	if (j >= sc->line_end || sc->s[j] != '}' || (j + 1 < sc->n &&
	    sc->s[j + 1] == '}'))
		return 0;
	*from = i + 1;
	*to = j;
	return j + 1;
}

/*
 * Obsidian Spaced Repetition's "{{text}}" at i, on one line, no brace
 * in it and not Anki's own "{{c1::text}}": its end, or 0.  A search
 * that fails leaves no "}}" on the rest of the line: *fail remembers.
 */
static size_t
double_curly_end(const struct scan *sc, size_t i, size_t *fail,
    size_t *from, size_t *to)
{
	size_t	 j;

	if (i < *fail || sc->n - i < 5 || sc->s[i] != '{' ||
	    sc->s[i + 1] != '{' || sc->s[i + 2] == '{' ||
	    sc->s[i + 2] == '}' || ((sc->s[i + 2] == 'c' ||
	    sc->s[i + 2] == 'C') && sc->s[i + 3] >= '0' && sc->s[i + 3] <= '9'))
		return 0;
	for (j = i + 2; j + 1 < sc->line_end && sc->s[j] != '{' &&
	    sc->s[j] != '}'; j++)
		continue;
	if (j + 1 >= sc->line_end || sc->s[j] != '}' || sc->s[j + 1] != '}') {
		if (j + 1 >= sc->line_end)
			*fail = sc->line_end;
		return 0;
	}
	*from = i + 2;
	*to = j;
	return j + 2;
}

static void
add_curly(struct cp_buf *b, const char *s, size_t n, int one, int own,
    int *num)
{
	size_t	 k = 0;
	int	 c = 0;

	if (n > 0 && (s[0] == 'c' || s[0] == 'C'))
		k = 1;
	while (k < n && k < 3 && s[k] >= '0' && s[k] <= '9')
		c = c * 10 + (s[k++] - '0');
	if (c > 0 && k < n && (s[k] == ':' || s[k] == '|')) {
		if (k + 1 < n && s[k] == ':' && s[k + 1] == ':')
			k++;	/* inka's "{1::text}" */
		s += k + 1;
		n -= k + 1;
		if (c > *num && !own)
			*num = c;
	} else if (one) {
		c = 1;
		if (*num == 0)
			*num = 1;
	} else
		c = ++*num;
	cp_buf_printf(b, "{{c%d::", c);
	cp_buf_add(b, s, n);
	cp_buf_addstr(b, "}}");
}

/* Whether s[0..n) opens with a list item's marker: "- ", "1. ", "1) ". */
static int
item_marker(const char *s, size_t n)
{
	size_t	 d = 0;

	if (n >= 2 && strchr("-*+", s[0]) != NULL)
		return s[1] == ' ';
	while (d < n && isdigit((unsigned char)s[d]))
		d++;
	return d > 0 && d + 1 < n && (s[d] == '.' || s[d] == ')') &&
	    s[d + 1] == ' ';
}

int
cp_md_indented_code(const char *s, size_t n)
{
	size_t	 i, w, k;
	int	 items = 1;

	for (i = 0; i < n; i += w + 1) {
		for (w = 0; i + w < n && s[i + w] != '\n'; w++)
			continue;
		if (strspn(s + i, " \t") >= w)
			continue;	/* blank */
		if (s[i] == '\t')
			k = 1;
		else if (w > 4 && strncmp(s + i, "    ", 4) == 0)
			k = 4;
		else
			return 0;
		while (k < w && s[i + k] == ' ')
			k++;
		items &= item_marker(s + i + k, w - k);
	}
	/* Lines all list items: a list the author set in, not code. */
	return n > 0 && !items;
}

char *
cp_md_field(const char *s, const char *marks, struct cp_note *note,
    int *clozes)
{
	struct scan	 sc;
	struct cp_buf	 b = { 0 };
	size_t		 i, e, from, to, k;
	int		 fence = 0, code = 0, one, osr, own;

	/* The Flashcards plugin's: a deletion with no number is c1. */
	if ((one = *marks == '1'))
		marks++;
	/* Obsidian_to_Anki's: those with no number count on their own. */
	if ((own = *marks == '+'))
		marks++;
	/* Obsidian SR's: a cloze's hint and group follow it. */
	if ((osr = *marks == '^'))
		marks++;
	memset(&sc, 0, sizeof(sc));
	sc.s = s;
	sc.n = strlen(s);
	sc.no_comment_end = sc.n;
	cp_buf_addstr(&b, "");
	for (i = 0; i < sc.n; ) {
		if (i == 0 || s[i - 1] == '\n') {
			const char	*nl = strchr(s + i, '\n');

			sc.line_end = nl != NULL ? (size_t)(nl - s) : sc.n;
			if (strncmp(s + i + strspn(s + i, " "), "```", 3) == 0 ||
			    strncmp(s + i + strspn(s + i, " "), "~~~", 3) == 0)
				fence = !fence;
			if (fence || strncmp(s + i + strspn(s + i, " "), "```",
			    3) == 0 || strncmp(s + i + strspn(s + i, " "),
			    "~~~", 3) == 0) {
				/* Code is text: the line and its newline. */
				e = sc.line_end < sc.n ? sc.line_end + 1 : sc.n;
				cp_buf_add(&b, s + i, e - i);
				i = e;
				continue;
			}
		}
		if ((e = comment_end(&sc, i)) != 0 ||
		    (!code && (e = tag_link_end(&sc, i, note)) != 0) ||
		    (e = md2anki_end(&sc, i, note)) != 0) {
			/* Spaces that only set it apart go with it. */
			while (b.len > 0 && (b.data[b.len - 1] == ' ' ||
			    b.data[b.len - 1] == '\t'))
				b.data[--b.len] = '\0';
			i = e;
			continue;
		}
		if (s[i] == '`')
			code = !code;
		if (!code && (e = math_end(&sc, i)) != 0) {
			cp_buf_add(&b, s + i, e - i);
			i = e;
			continue;
		}
		for (k = 0, e = 0; !code && e == 0 && k < 4 &&
		    marks[k] != '\0'; k++)
			if (marks[k] == '{') {
				if ((e = curly_end(&sc, i, &from, &to)) != 0)
					add_curly(&b, s + from, to - from, one,
					    own, clozes);
			} else if (marks[k] == '}') {
				if ((e = double_curly_end(&sc, i,
				    &sc.mark_fail[k], &from, &to)) == 0)
					continue;
				if (osr)
					add_osr_cloze(&b, &sc, s + from,
					    to - from, &e, clozes);
				else
					add_cloze(&b, s + from, to - from, '}',
					    one, clozes);
			} else if ((e = mark_end(&sc, i, marks[k],
			    &sc.mark_fail[k], &from, &to)) != 0) {
				if (osr)
					add_osr_cloze(&b, &sc, s + from,
					    to - from, &e, clozes);
				else
					add_cloze(&b, s + from, to - from,
					    marks[k], one, clozes);
			}
		if (e != 0) {
			i = e;
			continue;
		}
		cp_buf_addc(&b, s[i++]);
	}
	/* What was taken out may leave blank lines at either end. */
	for (i = 0; i < b.len && strchr(" \t\n", b.data[i]) != NULL; i++)
		continue;
	e = b.len;
	while (e > i && strchr(" \t\n", b.data[e - 1]) != NULL)
		e--;
	/*
	 * Markdown's hard line break after a space, "What is an OS? \",
	 * whose next line went to the other side: it breaks nothing here.
	 */
	if (e > i + 1 && b.data[e - 1] == '\\' && (b.data[e - 2] == ' ' ||
	    b.data[e - 2] == '\t'))
		for (e--; e > i && strchr(" \t", b.data[e - 1]) != NULL; e--)
			continue;
	/* An indented code block keeps the indent that makes it one. */
	for (k = i; k > 0 && b.data[k - 1] != '\n'; k--)
		continue;
	if (cp_md_indented_code(b.data + k, e - k))
		i = k;
	memmove(b.data, b.data + i, e - i);
	b.len = e - i;
	b.data[b.len] = '\0';
	return cp_buf_detach(&b);
}

int
cp_anki_cloze(const char *s, size_t n)
{
	const char	*p, *q, *end = s + n;

	for (p = s; p + 4 < end; p++)
		if (p[0] == '{' && p[1] == '{' && (p[2] == 'c' || p[2] == 'C') &&
		    isdigit((unsigned char)p[3])) {
			for (q = p + 3; q < end && isdigit((unsigned char)*q);
			    q++)
				continue;
			if (q + 1 < end && q[0] == ':' && q[1] == ':')
				return 1;
		}
	return 0;
}
