#ifndef MDVIEW_SVG_GUARD_H
#define MDVIEW_SVG_GUARD_H
#include <stddef.h>

/* A check librsvg 2.54 needs before it renders a document from the web: it bounds the instances `<use>`
   and `url(#…)` references expand to (the "billion laughs" of SVG) only at 500,000, which takes it tens of
   seconds, and a chain of thousands of references overflows its stack. The document is read with
   libxml2's SAX parser (loaded with dlopen; librsvg links it, so it is already in memory) and its
   reference graph measured before librsvg sees it. */

enum {
    MDVIEW_SVG_GUARD_OK = 0,
    MDVIEW_SVG_GUARD_MALFORMED = 1,     /* not well-formed XML */
    MDVIEW_SVG_GUARD_TOO_COMPLEX = 2,   /* more instances or a longer reference chain than allowed */
    MDVIEW_SVG_GUARD_NO_LIBRARY = 3,    /* libxml2 could not be loaded */
    MDVIEW_SVG_GUARD_STYLE_REFERENCES = 4, /* a <style> sheet references elements (url(#…)): not measurable */
    MDVIEW_SVG_GUARD_ENTITIES = 5,      /* an internal DTD declares entities, which are never expanded */
};

typedef struct {
    int outcome;                  /* one of the MDVIEW_SVG_GUARD_ values */
    long elements;                /* elements in the document */
    long instances;               /* elements rendering would instantiate (saturates above the limit) */
    int chain;                    /* the longest chain of references followed */
    char **data_urls;             /* every `data:` URL an href names (embedded pictures), for the caller */
    int data_url_count;           /* to check: librsvg would decode them without mdview's caps */
} mdview_svg_guard_result;

/* Measures `data`; refuses (TOO_COMPLEX) a document that would instantiate more than `max_instances`
   elements or follow a chain of more than `max_chain` references. */
void mdview_svg_guard(const unsigned char *data, size_t length, long max_instances, int max_chain,
                      mdview_svg_guard_result *result);
void mdview_svg_guard_result_free(mdview_svg_guard_result *result);

#endif
