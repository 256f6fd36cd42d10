#ifndef MDVIEW_SVG_RENDER_H
#define MDVIEW_SVG_RENDER_H
#include <stddef.h>
#include "svg_guard.h"

/* SVG to pixels through librsvg and cairo, which are loaded with dlopen the first time an SVG is decoded:
   mdview neither links them nor pays their start-up cost (GLib, GObject, cairo, pango) for documents
   without SVG. librsvg is given bytes only, never a path or a base URL, so it loads no external file. */

enum {
    MDVIEW_SVG_OK = 0,
    MDVIEW_SVG_NO_LIBRARY = 1,  /* librsvg or cairo could not be loaded; message says which */
    MDVIEW_SVG_INVALID = 2,     /* librsvg rejected the document (malformed XML, a limit it enforces) */
    MDVIEW_SVG_NO_SIZE = 3,     /* neither width/height in absolute units nor a viewBox */
    MDVIEW_SVG_TOO_LARGE = 4,   /* the intrinsic size is beyond max_side / max_area */
    MDVIEW_SVG_RENDER_FAILED = 5,
    MDVIEW_SVG_FILTERS_TOO_COSTLY = 6, /* its filters would cover more pixels than max_filter_work */
};

typedef struct {
    int outcome;               /* one of the MDVIEW_SVG_ values */
    double intrinsic_width;    /* the document's own size in pixels (0 when unknown) */
    double intrinsic_height;
    int width;                 /* the rendered picture */
    int height;
    double filter_work;        /* pixels the filters would cover at that size (see max_filter_work) */
    unsigned char *rgba;       /* width * height * 4 bytes, straight (not premultiplied) alpha */
    char message[256];
} mdview_svg_result;

/* Renders `data` (an SVG document) at its intrinsic size, scaled down (never up) so that no side exceeds
   `render_side` and the width does not exceed `max_width` (0: no such bound), the widest it is shown.
   A document whose intrinsic size has a side beyond `max_side` or an area beyond `max_area` is refused
   before anything is allocated for it, and so is one whose `filters` (as the guard counted them) would
   cover more than `max_filter_work` pixels at that size: each primitive covers the picture once per
   element applying a filter, and a feMorphology (2r+1)^2 times for its radius r in rendered pixels.
   Always fills `result`; release it with mdview_svg_result_free. The environment variable
   MDVIEW_SVG_LIBRARY, read once, names another shared object than librsvg-2.so.2 (the tests use it to
   simulate a machine without librsvg). */
void mdview_svg_render(const unsigned char *data, size_t length, int max_side, double max_area, int render_side,
                       int max_width, const mdview_svg_filters *filters, double max_filter_work,
                       mdview_svg_result *result);
void mdview_svg_result_free(mdview_svg_result *result);

#endif
