#include "svg_render.h"
#include "shared_library.h"
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* The few librsvg, GLib and cairo entry points mdview uses, resolved on the first SVG (see
   shared_library.h); the headers (librsvg2-dev at build time) type-check every pointer. */
static struct {
    __typeof__(rsvg_handle_new_from_data) *new_from_data;
    __typeof__(rsvg_handle_get_intrinsic_size_in_pixels) *intrinsic_size_in_pixels;
    __typeof__(rsvg_handle_get_intrinsic_dimensions) *intrinsic_dimensions;
    __typeof__(rsvg_handle_render_document) *render_document;
    __typeof__(g_log_set_default_handler) *log_set_default_handler;
    __typeof__(g_log_set_writer_func) *log_set_writer_func;
    __typeof__(g_object_unref) *object_unref;
    __typeof__(g_error_free) *error_free;
    __typeof__(cairo_image_surface_create) *surface_create;
    __typeof__(cairo_surface_status) *surface_status;
    __typeof__(cairo_surface_flush) *surface_flush;
    __typeof__(cairo_surface_destroy) *surface_destroy;
    __typeof__(cairo_image_surface_get_data) *surface_data;
    __typeof__(cairo_image_surface_get_stride) *surface_stride;
    __typeof__(cairo_create) *create;
    __typeof__(cairo_status) *status;
    __typeof__(cairo_destroy) *destroy;
} api;

static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static GLogWriterOutput ignore_structured_log(GLogLevelFlags level, const GLogField *fields, gsize count,
                                              gpointer data) {
    (void)level; (void)fields; (void)count; (void)data;
    return G_LOG_WRITER_HANDLED;
}

/* GLib's warnings (pango's "couldn't load font <family>", for example) would reach stderr with text from
   the document in them; mdview says why an image failed itself. Nothing else in mdview uses GLib, so its
   log writer is mdview's to set, once. */
static int silence_glib(void *handle, char *failure, size_t size) {
    (void)handle; (void)failure; (void)size;
    api.log_set_default_handler(ignore_log, NULL);
    api.log_set_writer_func(ignore_structured_log, NULL, NULL);
    return 0;
}

static const mdv_shared_symbol rsvg_symbols[] = {
    MDV_SHARED_SYMBOL(api.new_from_data, "rsvg_handle_new_from_data"),
    MDV_SHARED_SYMBOL(api.intrinsic_size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels"),
    MDV_SHARED_SYMBOL(api.intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions"),
    MDV_SHARED_SYMBOL(api.render_document, "rsvg_handle_render_document"),
    MDV_SHARED_SYMBOL(api.log_set_default_handler, "g_log_set_default_handler"),
    MDV_SHARED_SYMBOL(api.log_set_writer_func, "g_log_set_writer_func"),
    MDV_SHARED_SYMBOL(api.object_unref, "g_object_unref"),
    MDV_SHARED_SYMBOL(api.error_free, "g_error_free"),
    {NULL, NULL},
};

/* librsvg links cairo and GLib, so once it is loaded these are already in memory: dlopen only finds them. */
static const mdv_shared_symbol cairo_symbols[] = {
    MDV_SHARED_SYMBOL(api.surface_create, "cairo_image_surface_create"),
    MDV_SHARED_SYMBOL(api.surface_status, "cairo_surface_status"),
    MDV_SHARED_SYMBOL(api.surface_flush, "cairo_surface_flush"),
    MDV_SHARED_SYMBOL(api.surface_destroy, "cairo_surface_destroy"),
    MDV_SHARED_SYMBOL(api.surface_data, "cairo_image_surface_get_data"),
    MDV_SHARED_SYMBOL(api.surface_stride, "cairo_image_surface_get_stride"),
    MDV_SHARED_SYMBOL(api.create, "cairo_create"),
    MDV_SHARED_SYMBOL(api.status, "cairo_status"),
    MDV_SHARED_SYMBOL(api.destroy, "cairo_destroy"),
    {NULL, NULL},
};

static mdv_shared_library librsvg =
    MDV_SHARED_LIBRARY("librsvg-2.so.2", NULL, "MDVIEW_SVG_LIBRARY", rsvg_symbols, silence_glib);
static mdv_shared_library libcairo = MDV_SHARED_LIBRARY("libcairo.so.2", NULL, NULL, cairo_symbols, NULL);

/* NULL once librsvg and cairo are loaded, else why not. */
static const char *load_libraries(void) {
    const char *failure = mdv_shared_library_load(&librsvg);
    return failure ? failure : mdv_shared_library_load(&libcairo);
}

static void fail(mdview_svg_result *result, int outcome, const char *message) {
    result->outcome = outcome;
    snprintf(result->message, sizeof result->message, "%s", message ? message : "");
}

static void fail_with(mdview_svg_result *result, int outcome, GError *error) {
    fail(result, outcome, error && error->message ? error->message : "librsvg gave no reason");
    if (error) api.error_free(error);
}

/* The document's size in pixels: width/height when they are absolute, else the viewBox. */
static int intrinsic_size(RsvgHandle *handle, double *width, double *height) {
    if (api.intrinsic_size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 1;
    gboolean has_width = 0, has_height = 0, has_viewbox = 0;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    api.intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (!has_viewbox || !(viewbox.width > 0) || !(viewbox.height > 0)) return 0;
    *width = viewbox.width;
    *height = viewbox.height;
    return 1;
}

/* cairo's ARGB32 (native-endian 32-bit words, premultiplied) to RGBA bytes with straight alpha. */
static void unpremultiply(const unsigned char *surface, int stride, int width, int height, unsigned char *out) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(surface + (size_t)y * (size_t)stride);
        unsigned char *target = out + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            target[0] = (unsigned char)(r > 255 ? 255 : r);
            target[1] = (unsigned char)(g > 255 ? 255 : g);
            target[2] = (unsigned char)(b > 255 ? 255 : b);
            target[3] = (unsigned char)a;
            target += 4;
        }
    }
}

/* The pixels the filters cover when the picture is `width` × `height` at `scale` (see the header). */
static double filter_work(const mdview_svg_filters *f, int width, int height, double scale) {
    if (!f || f->primitives <= 0) return 0;
    double radius = 2 * f->morphology_radius * scale + 1;
    double per_use = (double)(f->primitives - f->morphology_count) + (double)f->morphology_count * radius * radius;
    double uses = f->uses > 1 ? (double)f->uses : 1;
    return (double)width * (double)height * per_use * uses;
}

void mdview_svg_render(const unsigned char *data, size_t length, int max_side, double max_area, int render_side,
                       int max_width, const mdview_svg_filters *filters, double max_filter_work,
                       mdview_svg_result *result) {
    memset(result, 0, sizeof *result);
    const char *missing = load_libraries();
    if (missing) { fail(result, MDVIEW_SVG_NO_LIBRARY, missing); return; }
    GError *error = NULL;
    RsvgHandle *handle = api.new_from_data(data, length, &error);
    if (!handle) { fail_with(result, MDVIEW_SVG_INVALID, error); return; }
    double w = 0, h = 0;
    if (!intrinsic_size(handle, &w, &h) || !isfinite(w) || !isfinite(h)) {
        fail(result, MDVIEW_SVG_NO_SIZE, "no width and height in pixels and no viewBox");
        api.object_unref(handle);
        return;
    }
    result->intrinsic_width = w;
    result->intrinsic_height = h;
    if (w > max_side || h > max_side || w * h > max_area) {
        fail(result, MDVIEW_SVG_TOO_LARGE, "");
        api.object_unref(handle);
        return;
    }
    double scale = 1;
    if (w > render_side) scale = fmin(scale, render_side / w);
    if (h > render_side) scale = fmin(scale, render_side / h);
    if (max_width > 0 && w * scale > max_width) scale = fmin(scale, max_width / w);
    int width = (int)ceil(w * scale), height = (int)ceil(h * scale);
    if (width < 1) width = 1;
    if (height < 1) height = 1;
    result->width = width;
    result->height = height;
    result->filter_work = filter_work(filters, width, height, scale);
    if (result->filter_work > max_filter_work) {
        fail(result, MDVIEW_SVG_FILTERS_TOO_COSTLY, "");
        api.object_unref(handle);
        return;
    }
    cairo_surface_t *surface = api.surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (api.surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fail(result, MDVIEW_SVG_RENDER_FAILED, "cairo could not allocate the picture");
        api.surface_destroy(surface);
        api.object_unref(handle);
        return;
    }
    cairo_t *cr = api.create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    gboolean rendered = api.render_document(handle, cr, &viewport, &error);
    int drawn = api.status(cr) == CAIRO_STATUS_SUCCESS;
    api.destroy(cr);
    api.object_unref(handle);
    if (!rendered || !drawn) {
        if (!rendered) fail_with(result, MDVIEW_SVG_INVALID, error);
        else fail(result, MDVIEW_SVG_RENDER_FAILED, "cairo failed while drawing");
        api.surface_destroy(surface);
        return;
    }
    api.surface_flush(surface);
    unsigned char *rgba = malloc((size_t)width * (size_t)height * 4);
    if (!rgba) {
        fail(result, MDVIEW_SVG_RENDER_FAILED, "out of memory");
        api.surface_destroy(surface);
        return;
    }
    unpremultiply(api.surface_data(surface), api.surface_stride(surface), width, height, rgba);
    api.surface_destroy(surface);
    result->outcome = MDVIEW_SVG_OK;
    result->width = width;
    result->height = height;
    result->rgba = rgba;
}

void mdview_svg_result_free(mdview_svg_result *result) {
    free(result->rgba);
    result->rgba = NULL;
}
