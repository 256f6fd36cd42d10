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

/* The filter effects of a document, as the guard counts them: what a filter costs grows with the pixels
   it covers, so the renderer weighs them against the size it renders at (see mdview_svg_render). */
typedef struct {
    long primitives;              /* filter primitive elements (feGaussianBlur, feMorphology, …) */
    long uses;                    /* elements that apply a filter (a filter attribute or style property) */
    long morphology_count;        /* feMorphology primitives, whose work grows with the square of… */
    double morphology_radius;     /* …their largest radius, in user units */
} mdview_svg_filters;

typedef struct {
    int outcome;                  /* one of the MDVIEW_SVG_GUARD_ values */
    mdview_svg_filters filters;
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
