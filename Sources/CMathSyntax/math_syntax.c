// Math as a cmark-gfm syntax extension: inline math at the precedence of a code span, display math as
// a block that starts a line. See include/math_syntax.h for the contract.
#include "math_syntax.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// cmark-gfm's own internal headers, shipped with its -dev package: the inline parser's input chunk
// and a node's line flags (which the extensions of cmark-gfm itself use the same way).
#include <cmark-gfm/chunk.h>
#include <cmark-gfm/node.h>

// The tags a math code span carries as its user data: the address of one of these identifies its kind.
static const char tag_dollar, tag_backtick, tag_paren, tag_display;

static const void *tag_of(mdview_math_inline_kind kind) {
    switch (kind) {
    case MDVIEW_MATH_INLINE_DOLLAR: return &tag_dollar;
    case MDVIEW_MATH_INLINE_DOLLAR_BACKTICK: return &tag_backtick;
    case MDVIEW_MATH_INLINE_PAREN: return &tag_paren;
    case MDVIEW_MATH_DISPLAY_DOLLARS: return &tag_display;
    default: return NULL;
    }
}

static cmark_node_type math_block_type = CMARK_NODE_NONE;

// ---------------------------------------------------------------------------------------------------
// Byte helpers

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Whether the byte at `pos` is escaped: an odd run of backslashes stands right before it.
static int is_escaped(const unsigned char *data, int pos) {
    int run = 0;
    while (pos - run - 1 >= 0 && data[pos - run - 1] == '\\') run++;
    return run % 2 == 1;
}

// ---------------------------------------------------------------------------------------------------
// Per-paragraph cache: where the last closer of each kind stands, so that an opener after it fails at
// once (every scan that starts before it succeeds and consumes what it read: the parse stays linear).

enum { CLOSE_DOUBLE_DOLLAR, CLOSE_BACKTICK_DOLLAR, CLOSE_PAREN, CLOSE_KINDS };

static struct {
    cmark_node *parent;
    const unsigned char *data;
    int length;
    int last[CLOSE_KINDS];
} closer_cache;

void mdview_math_begin_document(void) { memset(&closer_cache, 0, sizeof closer_cache); }

// A `$` that may close `$…$`: not escaped, after a non-space, not before a digit, not part of `$$`.
static int closes_dollar(const unsigned char *data, int length, int pos) {
    if (data[pos] != '$' || pos == 0 || is_escaped(data, pos)) return 0;
    if (is_space(data[pos - 1]) || data[pos - 1] == '$') return 0;
    if (pos + 1 < length && (is_digit(data[pos + 1]) || data[pos + 1] == '$')) return 0;
    return 1;
}

static void fill_cache(cmark_node *parent, const unsigned char *data, int length) {
    if (closer_cache.parent == parent && closer_cache.data == data && closer_cache.length == length) return;
    closer_cache.parent = parent;
    closer_cache.data = data;
    closer_cache.length = length;
    for (int kind = 0; kind < CLOSE_KINDS; kind++) closer_cache.last[kind] = -1;
    for (int pos = length - 1; pos >= 0; pos--) {
        unsigned char c = data[pos];
        if (c == '$') {
            if (closer_cache.last[CLOSE_DOUBLE_DOLLAR] < 0 && pos + 1 < length && data[pos + 1] == '$'
                && !is_escaped(data, pos))
                closer_cache.last[CLOSE_DOUBLE_DOLLAR] = pos;
            if (closer_cache.last[CLOSE_BACKTICK_DOLLAR] < 0 && pos > 0 && data[pos - 1] == '`')
                closer_cache.last[CLOSE_BACKTICK_DOLLAR] = pos - 1;
        } else if (c == ')' && closer_cache.last[CLOSE_PAREN] < 0 && pos > 0 && data[pos - 1] == '\\'
                   && !is_escaped(data, pos - 1)) {
            closer_cache.last[CLOSE_PAREN] = pos - 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Inline math

static cmark_node *math_span(const unsigned char *data, int from, int to, mdview_math_inline_kind kind) {
    cmark_node *node = cmark_node_new(CMARK_NODE_CODE);
    if (!node) return NULL;
    size_t length = (size_t)(to - from);
    char *literal = malloc(length + 1);
    if (!literal) {
        cmark_node_free(node);
        return NULL;
    }
    memcpy(literal, data + from, length);
    literal[length] = 0;
    cmark_node_set_literal(node, literal);
    free(literal);
    cmark_node_set_user_data(node, (void *)tag_of(kind));
    return node;
}

static cmark_node *text_node(const char *text) {
    cmark_node *node = cmark_node_new(CMARK_NODE_TEXT);
    if (node) cmark_node_set_literal(node, text);
    return node;
}

// `$…$`, `$$…$$` and `$`…`$`; the inline parser stands on a `$` that no backslash escaped.
static cmark_node *match_dollar(cmark_node *parent, cmark_inline_parser *inline_parser) {
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    const unsigned char *data = chunk->data;
    int length = chunk->len;
    int pos = cmark_inline_parser_get_offset(inline_parser);

    if (pos + 1 < length && data[pos + 1] == '`') {
        // $`…`$: the first `$ after the opener closes it.
        fill_cache(parent, data, length);
        int last = closer_cache.last[CLOSE_BACKTICK_DOLLAR];
        if (last < pos + 2) return NULL;
        for (int at = pos + 2; at <= last; at++) {
            if (data[at] == '`' && at + 1 < length && data[at + 1] == '$') {
                cmark_node *node = math_span(data, pos + 2, at, MDVIEW_MATH_INLINE_DOLLAR_BACKTICK);
                if (node) cmark_inline_parser_set_offset(inline_parser, at + 2);
                return node;
            }
        }
        return NULL;
    }
    if (pos + 1 < length && data[pos + 1] == '$') {
        // $$…$$ inside a paragraph: display style. Without a closer the two dollars are text.
        fill_cache(parent, data, length);
        int last = closer_cache.last[CLOSE_DOUBLE_DOLLAR];
        if (last >= pos + 3) {
            for (int at = pos + 2; at <= last; at++) {
                if (data[at] == '\\') {
                    at++;
                    continue;
                }
                if (data[at] == '$' && at + 1 < length && data[at + 1] == '$') {
                    if (at == pos + 2) break;  // `$$$$` holds nothing
                    cmark_node *node = math_span(data, pos + 2, at, MDVIEW_MATH_DISPLAY_DOLLARS);
                    if (node) cmark_inline_parser_set_offset(inline_parser, at + 2);
                    return node;
                }
            }
        }
        cmark_node *node = text_node("$$");
        if (node) cmark_inline_parser_set_offset(inline_parser, pos + 2);
        return node;
    }
    // $…$: the opener is followed by a non-space, and the next unescaped `$` must close it (TeX writes a
    // dollar inside math as `\$`): in `costs $5 and $10, or $x$` the `$` of `$10` cannot close `$5`,
    // so neither is math, and `$x$` is.
    if (pos + 1 >= length || is_space(data[pos + 1])) return NULL;
    for (int at = pos + 1; at < length; at++) {
        if (data[at] == '\\') {
            at++;
            continue;
        }
        if (data[at] != '$') continue;
        if (!closes_dollar(data, length, at)) return NULL;
        cmark_node *node = math_span(data, pos + 1, at, MDVIEW_MATH_INLINE_DOLLAR);
        if (node) cmark_inline_parser_set_offset(inline_parser, at + 1);
        return node;
    }
    return NULL;
}

// The text node cmark made of the lone backslash right before the current `(` or `)`, if there is one.
static cmark_node *lone_backslash_before(cmark_node *parent, const unsigned char *data, int pos) {
    if (pos == 0 || data[pos - 1] != '\\' || is_escaped(data, pos - 1)) return NULL;
    cmark_node *last = cmark_node_last_child(parent);
    if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT) return NULL;
    const char *literal = cmark_node_get_literal(last);
    if (!literal || strcmp(literal, "\\") != 0) return NULL;
    return last;
}

// `\(…\)`. With mdview_math_backslash_ispunct, cmark leaves `\(` and `\)` as a backslash text node and
// hands the parenthesis here. Math replaces both; anything else gets CommonMark's reading back (the
// backslash escapes the parenthesis: `(` alone).
static cmark_node *match_paren(cmark_node *parent, unsigned char character, cmark_inline_parser *inline_parser) {
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    const unsigned char *data = chunk->data;
    int length = chunk->len;
    int pos = cmark_inline_parser_get_offset(inline_parser);
    cmark_node *backslash = lone_backslash_before(parent, data, pos);
    if (!backslash) return NULL;
    if (character == '(') {
        fill_cache(parent, data, length);
        int last = closer_cache.last[CLOSE_PAREN];
        for (int at = pos + 1; at <= last; at++) {
            if (data[at] != '\\') continue;
            if (at + 1 < length && data[at + 1] == ')') {
                if (at == pos + 1) break;  // `\(\)` holds nothing: CommonMark's two escaped parentheses
                cmark_node *node = math_span(data, pos + 1, at, MDVIEW_MATH_INLINE_PAREN);
                if (!node) return NULL;
                cmark_node_free(backslash);
                cmark_inline_parser_set_offset(inline_parser, at + 2);
                return node;
            }
            at++;
        }
    }
    cmark_node *node = text_node(character == '(' ? "(" : ")");
    if (!node) return NULL;
    cmark_node_free(backslash);
    cmark_inline_parser_set_offset(inline_parser, pos + 1);
    return node;
}

static cmark_node *match_inline(cmark_syntax_extension *extension, cmark_parser *parser, cmark_node *parent,
                                unsigned char character, cmark_inline_parser *inline_parser) {
    (void)extension;
    (void)parser;
    if (character == '$') return match_dollar(parent, inline_parser);
    if (character == '(' || character == ')') return match_paren(parent, character, inline_parser);
    return NULL;
}

int mdview_math_backslash_ispunct(char c) {
    if (c == '(' || c == ')') return 0;
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

// ---------------------------------------------------------------------------------------------------
// Display blocks

typedef struct {
    char *text;
    size_t length;
    size_t capacity;
    mdview_math_block_kind kind;
    int closed;
    int depth;  // open \begin … \end pairs (environments)
    int blank_after;  // a blank line followed the block (see fix_list_tightness)
    char environment[32];
} block_data;

static void free_block_data(cmark_mem *mem, void *data) {
    (void)mem;
    block_data *block = data;
    if (!block) return;
    free(block->text);
    free(block);
}

static void append(block_data *block, const unsigned char *bytes, size_t count) {
    if (count == 0) return;
    if (block->length + count + 1 > block->capacity) {
        size_t capacity = block->capacity ? block->capacity : 64;
        while (block->length + count + 1 > capacity) capacity *= 2;
        char *grown = realloc(block->text, capacity);
        if (!grown) return;  // out of memory: the formula is shown shorter, never past its buffer
        block->text = grown;
        block->capacity = capacity;
    }
    memcpy(block->text + block->length, bytes, count);
    block->length += count;
    block->text[block->length] = 0;
}

static const char *const display_environments[] = {
    "equation", "equation*", "align", "align*", "aligned", "gather", "gather*", "gathered", "multline",
    "multline*", "flalign", "flalign*", "alignat", "alignat*", "eqnarray", "eqnarray*", "displaymath", "split",
};

// The length of the display environment name after `\begin{` at `s`, with its closing brace, or 0.
static size_t environment_name(const unsigned char *s, size_t n, char *name, size_t capacity) {
    size_t end = 0;
    while (end < n && s[end] != '}') end++;
    if (end == n || end == 0 || end >= capacity) return 0;
    for (size_t i = 0; i < sizeof display_environments / sizeof display_environments[0]; i++) {
        if (strlen(display_environments[i]) == end && memcmp(display_environments[i], s, end) == 0) {
            memcpy(name, s, end);
            name[end] = 0;
            return end + 1;
        }
    }
    return 0;
}

static int starts_with(const unsigned char *s, size_t n, const char *prefix) {
    size_t length = strlen(prefix);
    return n >= length && memcmp(s, prefix, length) == 0;
}

// Where one line (no line ending) of a block of `kind` ends it: returns how many bytes of the line the
// block takes (the whole line, or up to and including the closer), sets `*text` to how many of them are
// the formula's text and `*closed` when the closer was found. `*depth` counts the open `\begin`s.
static size_t scan_line(mdview_math_block_kind kind, int *depth, const unsigned char *s, size_t n, size_t *text,
                        int *closed) {
    *closed = 0;
    for (size_t i = 0; i < n; i++) {
        if (kind == MDVIEW_MATH_BLOCK_DOLLARS && s[i] == '$' && i + 1 < n && s[i + 1] == '$') {
            *text = i;
            *closed = 1;
            return i + 2;
        }
        if (s[i] != '\\') continue;
        if (kind == MDVIEW_MATH_BLOCK_BRACKETS && i + 1 < n && s[i + 1] == ']') {
            *text = i;
            *closed = 1;
            return i + 2;
        }
        if (kind == MDVIEW_MATH_BLOCK_ENVIRONMENT) {
            if (starts_with(s + i, n - i, "\\begin{")) {
                (*depth)++;
                i += 6;
                continue;
            }
            if (starts_with(s + i, n - i, "\\end{")) {
                size_t close = i + 5;
                while (close < n && s[close] != '}') close++;
                if (close < n && --(*depth) == 0) {
                    *text = close + 1;
                    *closed = 1;
                    return close + 1;
                }
                i = close;
                continue;
            }
        }
        i++;  // an escaped character: `\$` closes nothing
    }
    *text = n;
    return n;
}

// Reads one line's text (no line ending) into the block up to its closing delimiter. Returns how many
// bytes of the line the block took: the whole line, or up to and including the closer.
static size_t take_line(block_data *block, const unsigned char *s, size_t n) {
    size_t text = 0;
    size_t taken = scan_line(block->kind, &block->depth, s, n, &text, &block->closed);
    append(block, s, text);
    if (!block->closed) append(block, (const unsigned char *)"\n", 1);
    return taken;
}

// The line's end before its line ending.
static int content_end(const unsigned char *input, int len) {
    int end = len;
    while (end > 0 && (input[end - 1] == '\n' || input[end - 1] == '\r')) end--;
    return end;
}

// Whether the line `s` (from its first non-space, no line ending) opens a display block: fills `probe`'s
// kind (and environment) and returns the length of the opening delimiter the block's text follows, or
// -1 for a line that opens none.
static long probe_opener(const unsigned char *s, size_t n, block_data *probe) {
    if (starts_with(s, n, "$$")) {
        probe->kind = MDVIEW_MATH_BLOCK_DOLLARS;
        // Prose that starts with dollars (`$$$`, `$$5 off`) stays a paragraph unless it closes the formula
        // on the same line.
        size_t first = 2;
        while (first < n && is_space(s[first])) first++;
        if (first < n && (s[first] == '$' || is_digit(s[first]))) {
            int closes = 0;
            for (size_t i = 3; i + 1 < n; i++)
                if (s[i] == '$' && s[i + 1] == '$' && s[i - 1] != '$') closes = 1;
            if (s[2] == '$' || !closes) return -1;
        }
        return 2;
    }
    if (starts_with(s, n, "\\[")) {
        // `\[` alone on its line, or closed by `\]` on it: in prose, `\[` is CommonMark's escaped bracket
        // (`\[not a link](/foo)`), and a line that starts with one is no formula.
        size_t first = 2;
        while (first < n && is_space(s[first])) first++;
        if (first < n) {
            int closes = 0;
            for (size_t i = 3; i + 1 < n; i++)
                if (s[i] == '\\' && s[i + 1] == ']') closes = 1;
            if (!closes) return -1;
        }
        probe->kind = MDVIEW_MATH_BLOCK_BRACKETS;
        return 2;
    }
    if (starts_with(s, n, "\\begin{")) {
        if (environment_name(s + 7, n - 7, probe->environment, sizeof probe->environment) == 0) return -1;
        probe->kind = MDVIEW_MATH_BLOCK_ENVIRONMENT;
        return 0;
    }
    return -1;
}

// The length of `line` before its line ending.
static size_t without_line_ending(const unsigned char *line, size_t length) {
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) length--;
    return length;
}

int mdview_math_line_opens(const unsigned char *line, size_t length, mdview_math_open_block *open) {
    size_t n = without_line_ending(line, length);
    block_data probe = {0};
    long opener = probe_opener(line, n, &probe);
    if (opener < 0) return 0;
    size_t text = 0;
    int closed = 0;
    scan_line(probe.kind, &probe.depth, line + opener, n - (size_t)opener, &text, &closed);
    if (closed) return 0;
    open->kind = probe.kind;
    open->depth = probe.depth;
    return 1;
}

int mdview_math_line_continues(mdview_math_open_block *open, const unsigned char *line, size_t length) {
    size_t n = without_line_ending(line, length);
    size_t text = 0;
    int closed = 0;
    scan_line(open->kind, &open->depth, line, n, &text, &closed);
    return !closed;
}

static cmark_node *open_block(cmark_syntax_extension *extension, int indented, cmark_parser *parser,
                              cmark_node *parent, unsigned char *input, int len) {
    if (indented || cmark_node_get_type(parent) == math_block_type) return NULL;
    int start = cmark_parser_get_first_nonspace(parser);
    int end = content_end(input, len);
    if (start >= end) return NULL;
    const unsigned char *s = input + start;
    size_t n = (size_t)(end - start);

    block_data probe = {0};
    long opener = probe_opener(s, n, &probe);
    if (opener < 0) return NULL;

    block_data *block = calloc(1, sizeof *block);
    if (!block) return NULL;
    *block = probe;
    cmark_node *node = cmark_parser_add_child(parser, parent, math_block_type, start + 1);
    if (!node) {
        free(block);
        return NULL;
    }
    cmark_node_set_syntax_extension(node, extension);
    cmark_node_set_user_data(node, block);
    cmark_node_set_user_data_free_func(node, free_block_data);
    size_t taken = (size_t)opener + take_line(block, s + opener, n - (size_t)opener);
    int offset = cmark_parser_get_offset(parser);
    cmark_parser_advance_offset(parser, (const char *)input, start + (int)taken - offset, 0);
    return node;
}

static int match_block(cmark_syntax_extension *extension, cmark_parser *parser, unsigned char *input, int len,
                       cmark_node *container) {
    (void)extension;
    block_data *block = cmark_node_get_user_data(container);
    // The block takes its lines whole, so cmark saw the rest of each as blank; that is no blank line
    // (it would make a list around the formula loose).
    container->flags &= (uint16_t)~CMARK_NODE__LAST_LINE_BLANK;
    if (block && cmark_parser_is_blank(parser)) block->blank_after = 1;
    if (!block || block->closed || cmark_parser_is_blank(parser)) return 0;
    int offset = cmark_parser_get_offset(parser);
    int end = content_end(input, len);
    if (offset >= end) return 0;
    size_t taken = take_line(block, input + offset, (size_t)(end - offset));
    cmark_parser_advance_offset(parser, (const char *)input, (int)taken, 0);
    return 1;
}

// cmark decides whether a list is tight from each block's "last line blank" flag. The block takes its
// lines whole, so cmark saw the rest of each as blank and flagged the block: match_block clears the flag
// at the block's next line, but a new list item closes the block without asking it. After the parse,
// each list holding a math block is judged again as cmark judges it, with the block's own record of
// whether a blank line followed it.
static int ends_with_blank_line(cmark_node *node) {
    while (node) {
        if (cmark_node_get_type(node) == math_block_type) {
            block_data *block = cmark_node_get_user_data(node);
            return block && block->blank_after;
        }
        cmark_node_type type = cmark_node_get_type(node);
        if ((type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM) && node->last_child) {
            node = node->last_child;
            continue;
        }
        return (node->flags & CMARK_NODE__LAST_LINE_BLANK) != 0;
    }
    return 0;
}

static int holds_math_block(cmark_node *list) {
    for (cmark_node *item = list->first_child; item; item = item->next) {
        for (cmark_node *child = item->first_child; child; child = child->next) {
            if (cmark_node_get_type(child) == math_block_type) return 1;
        }
        cmark_node *last = item->last_child;
        while (last && (cmark_node_get_type(last) == CMARK_NODE_LIST || cmark_node_get_type(last) == CMARK_NODE_ITEM))
            last = last->last_child;
        if (last && cmark_node_get_type(last) == math_block_type) return 1;
    }
    return 0;
}

static int list_is_tight(cmark_node *list) {
    for (cmark_node *item = list->first_child; item; item = item->next) {
        if ((item->flags & CMARK_NODE__LAST_LINE_BLANK) && item->next) return 0;
        for (cmark_node *child = item->first_child; child; child = child->next) {
            if ((item->next || child->next) && ends_with_blank_line(child)) return 0;
        }
    }
    return 1;
}

static cmark_node *fix_list_tightness(cmark_syntax_extension *extension, cmark_parser *parser, cmark_node *root) {
    (void)extension;
    (void)parser;
    cmark_iter *iter = cmark_iter_new(root);
    if (!iter) return root;
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_LIST && !cmark_node_get_list_tight(node)
            && holds_math_block(node))
            cmark_node_set_list_tight(node, list_is_tight(node));
    }
    cmark_iter_free(iter);
    return root;
}

static const char *type_string(cmark_syntax_extension *extension, cmark_node *node) {
    (void)extension;
    return cmark_node_get_type(node) == math_block_type ? "math_block" : "<unknown>";
}

static int can_contain(cmark_syntax_extension *extension, cmark_node *node, cmark_node_type child) {
    (void)extension;
    (void)node;
    (void)child;
    return 0;
}

static int contains_inlines(cmark_syntax_extension *extension, cmark_node *node) {
    (void)extension;
    (void)node;
    return 0;
}

// ---------------------------------------------------------------------------------------------------
// The extensions

static cmark_syntax_extension *dollar_extension;
static cmark_syntax_extension *paren_extension;

static cmark_syntax_extension *make_extension(const char *name, const char *characters) {
    cmark_syntax_extension *extension = cmark_syntax_extension_new(name);
    if (!extension) return NULL;
    cmark_mem *mem = cmark_get_default_mem_allocator();
    cmark_llist *special = NULL;
    for (const char *c = characters; *c; c++) special = cmark_llist_append(mem, special, (void *)(uintptr_t)*c);
    cmark_syntax_extension_set_special_inline_chars(extension, special);
    cmark_syntax_extension_set_match_inline_func(extension, match_inline);
    return extension;
}

cmark_syntax_extension *mdview_math_dollar_extension(void) {
    if (dollar_extension) return dollar_extension;
    cmark_syntax_extension *extension = make_extension("mdview-math", "$");
    if (!extension) return NULL;
    math_block_type = cmark_syntax_extension_add_node(0);
    cmark_syntax_extension_set_open_block_func(extension, open_block);
    cmark_syntax_extension_set_match_block_func(extension, match_block);
    cmark_syntax_extension_set_get_type_string_func(extension, type_string);
    cmark_syntax_extension_set_can_contain_func(extension, can_contain);
    cmark_syntax_extension_set_contains_inlines_func(extension, contains_inlines);
    cmark_syntax_extension_set_postprocess_func(extension, fix_list_tightness);
    dollar_extension = extension;
    return extension;
}

cmark_syntax_extension *mdview_math_paren_extension(void) {
    if (paren_extension) return paren_extension;
    paren_extension = make_extension("mdview-math-paren", "()");
    return paren_extension;
}

// ---------------------------------------------------------------------------------------------------
// Reading the tree

mdview_math_inline_kind mdview_math_inline_kind_of(cmark_node *node) {
    if (cmark_node_get_type(node) != CMARK_NODE_CODE) return MDVIEW_MATH_NOT_MATH;
    const void *tag = cmark_node_get_user_data(node);
    if (!tag) return MDVIEW_MATH_NOT_MATH;
    if (tag == &tag_dollar) return MDVIEW_MATH_INLINE_DOLLAR;
    if (tag == &tag_backtick) return MDVIEW_MATH_INLINE_DOLLAR_BACKTICK;
    if (tag == &tag_paren) return MDVIEW_MATH_INLINE_PAREN;
    if (tag == &tag_display) return MDVIEW_MATH_DISPLAY_DOLLARS;
    return MDVIEW_MATH_NOT_MATH;
}

static block_data *block_of(cmark_node *node) {
    if (math_block_type == CMARK_NODE_NONE || cmark_node_get_type(node) != math_block_type) return NULL;
    return cmark_node_get_user_data(node);
}

const char *mdview_math_block_source(cmark_node *node, size_t *length) {
    block_data *block = block_of(node);
    *length = block ? block->length : 0;
    return block && block->text ? block->text : "";
}

mdview_math_block_kind mdview_math_block_kind_of(cmark_node *node) {
    block_data *block = block_of(node);
    return block ? block->kind : 0;
}

int mdview_math_block_is_closed(cmark_node *node) {
    block_data *block = block_of(node);
    return block ? block->closed : 0;
}

const char *mdview_math_block_environment(cmark_node *node) {
    block_data *block = block_of(node);
    return block ? block->environment : "";
}
