#ifndef MDVIEW_ATTRIBUTE_CAP_H
#define MDVIEW_ATTRIBUTE_CAP_H
#include <stddef.h>

/* libxml2's HTML parser checks each attribute of a tag against the ones before it, so a tag with 200,000
   attributes costs it tens of seconds. What reaches it is capped instead: at most this many attributes
   a start tag (mdview reads only the first 32). */
enum { MDV_HTML_MAX_TAG_ATTRIBUTES = 256 };

/* A copy of `html` in which every start tag keeps at most MDV_HTML_MAX_TAG_ATTRIBUTES attributes (the
   rest of the tag up to its `>` is left out), with its length in `out_length`; or NULL when no tag has
   more (the usual case) or memory ran out. Linear in `length`. The caller frees the copy. */
char *mdv_html_cap_attributes(const char *html, size_t length, size_t *out_length);

#endif
