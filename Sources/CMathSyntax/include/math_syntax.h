#ifndef MDVIEW_MATH_SYNTAX_H
#define MDVIEW_MATH_SYNTAX_H

#include <stddef.h>
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>

/*
 * Math recognised inside cmark-gfm's own parser, as a syntax extension: nothing is rewritten around
 * the parser, so math binds exactly where a code span would and the rest of the document is parsed
 * as CommonMark + GFM would parse it.
 *
 * Two extensions, attached per document after a scan for the bytes they need:
 *   - `mdview_math_dollar_extension`: inline `$…$`, `$$…$$`, `$`…`$`, and display blocks that start a
 *     line (`$$`, `\[`, `\begin{align}` and the other display environments);
 *   - `mdview_math_paren_extension`: inline `\(…\)`; it also needs the parser's backslash rule
 *     (`mdview_math_backslash_ispunct`), so that `\(` reaches the extension instead of becoming `(`.
 *
 * Inline math becomes a CMARK_NODE_CODE node whose user data is one of two tags (inline or display
 * style): its literal is the TeX between the delimiters. A display block is a node of the extension's
 * own type whose type string is "math_block"; its source, delimiter and whether it was closed are read
 * with the functions below. Every call happens under the caller's cmark lock (the extensions keep a
 * small per-paragraph cache in static storage).
 */

typedef enum {
    MDVIEW_MATH_NOT_MATH = 0,
    MDVIEW_MATH_INLINE_DOLLAR = 1,         /* $…$ */
    MDVIEW_MATH_INLINE_DOLLAR_BACKTICK = 2, /* $`…`$ */
    MDVIEW_MATH_INLINE_PAREN = 3,          /* \(…\) */
    MDVIEW_MATH_DISPLAY_DOLLARS = 4,       /* $$…$$ inside a paragraph */
} mdview_math_inline_kind;

typedef enum {
    MDVIEW_MATH_BLOCK_DOLLARS = 1,     /* $$ … $$ starting a line */
    MDVIEW_MATH_BLOCK_BRACKETS = 2,    /* \[ … \] starting a line */
    MDVIEW_MATH_BLOCK_ENVIRONMENT = 3, /* \begin{align} … \end{align} starting a line */
} mdview_math_block_kind;

cmark_syntax_extension *mdview_math_dollar_extension(void);
cmark_syntax_extension *mdview_math_paren_extension(void);

/* The backslash rule for a parser with the paren extension: every ASCII punctuation character can be
 * escaped except `(` and `)`, whose backslash the extension reads itself. */
int mdview_math_backslash_ispunct(char c);

/* Forgets the per-paragraph cache; called before each parse. */
void mdview_math_begin_document(void);

/* Which inline math a node is (MDVIEW_MATH_NOT_MATH for any node that is not). */
mdview_math_inline_kind mdview_math_inline_kind_of(cmark_node *node);

/* A display block's TeX as written between its delimiters (the environment's own \begin … \end
 * included), its kind, and whether its closing delimiter was found. NULL / 0 for other nodes. */
const char *mdview_math_block_source(cmark_node *node, size_t *length);
mdview_math_block_kind mdview_math_block_kind_of(cmark_node *node);
int mdview_math_block_is_closed(cmark_node *node);
/* The environment's name for MDVIEW_MATH_BLOCK_ENVIRONMENT, else "". */
const char *mdview_math_block_environment(cmark_node *node);

/* A display block followed line by line without a parser (mdview's section cutter), by the rules the
 * extension parses with: its kind and, for an environment, how many `\begin`s are open. */
typedef struct {
    mdview_math_block_kind kind;
    int depth;
} mdview_math_open_block;

/* Whether `line` (from its first non-space; a line ending is ignored) opens a display block that is
 * still open after it; if so, fills `open`. */
int mdview_math_line_opens(const unsigned char *line, size_t length, mdview_math_open_block *open);
/* Whether the block `open` is still open after one more line of it (not blank: a blank line ends it);
 * updates `open`. */
int mdview_math_line_continues(mdview_math_open_block *open, const unsigned char *line, size_t length);

#endif
