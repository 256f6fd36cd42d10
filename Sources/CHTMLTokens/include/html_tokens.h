#ifndef MDVIEW_HTML_TOKENS_H
#define MDVIEW_HTML_TOKENS_H
#include <stddef.h>
#include "attribute_cap.h"

/* HTML tokens from libxml2's HTML parser, which is loaded with dlopen on the first call, so documents
   without HTML never load libxml2 (and the ICU libraries it links). Names arrive in lower case, entities
   decoded; comments, processing instructions and the content of script and style are not reported. */

typedef void (*mdv_html_start_fn)(void *context, const char *name, const char **attributes);
typedef void (*mdv_html_end_fn)(void *context, const char *name);
typedef void (*mdv_html_text_fn)(void *context, const char *text, int length);

/* Parses `length` bytes of UTF-8 HTML, calling back in document order. `attributes` is a NULL-terminated
   array of name/value pairs (a value may be NULL for a bare attribute). Returns 0, or -1 when libxml2
   cannot be loaded. */
int mdv_html_tokens(const char *html, size_t length, void *context, mdv_html_start_fn start,
                    mdv_html_end_fn end, mdv_html_text_fn text);

#endif
