#include "attribute_cap.h"
#include <stdlib.h>
#include <string.h>

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static int is_letter(char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

/* Reads the attributes of the start tag whose name ends at `*at`, as an HTML tokenizer does (a name, then
   optionally `=` and a quoted or unquoted value), up to the tag's `>` or the end. Leaves `*at` there and
   returns where the attribute past the cap starts, or 0 when there is none. */
static size_t read_attributes(const char *html, size_t length, size_t *at) {
    size_t i = *at, cut = 0;
    int count = 0;
    for (;;) {
        while (i < length && (is_space(html[i]) || html[i] == '/')) i++;
        if (i >= length || html[i] == '>') break;
        size_t start = i++; /* a name's first character may be '=' */
        while (i < length && !is_space(html[i]) && html[i] != '/' && html[i] != '>' && html[i] != '=') i++;
        size_t j = i;
        while (j < length && is_space(html[j])) j++;
        if (j < length && html[j] == '=') {
            j++;
            while (j < length && is_space(html[j])) j++;
            if (j < length && (html[j] == '"' || html[j] == '\'')) {
                const char *close = memchr(html + j + 1, html[j], length - j - 1);
                j = close ? (size_t)(close - html) + 1 : length;
            } else {
                while (j < length && !is_space(html[j]) && html[j] != '>') j++;
            }
            i = j;
        }
        if (++count == MDV_HTML_MAX_TAG_ATTRIBUTES + 1) cut = start;
    }
    *at = i;
    return cut;
}

char *mdv_html_cap_attributes(const char *html, size_t length, size_t *out_length) {
    char *out = NULL;
    size_t written = 0, kept_from = 0, i = 0;
    while (i < length) {
        const char *open = memchr(html + i, '<', length - i);
        if (!open) break;
        i = (size_t)(open - html) + 1;
        if (i >= length || !is_letter(html[i])) continue;
        while (i < length && !is_space(html[i]) && html[i] != '/' && html[i] != '>') i++;
        size_t cut = read_attributes(html, length, &i);
        if (!cut) continue;
        if (!out && !(out = malloc(length + 1))) return NULL;
        memcpy(out + written, html + kept_from, cut - kept_from);
        written += cut - kept_from;
        kept_from = i; /* the tag's '>' (or the end) is kept */
    }
    if (!out) return NULL;
    memcpy(out + written, html + kept_from, length - kept_from);
    written += length - kept_from;
    out[written] = 0;
    *out_length = written;
    return out;
}
