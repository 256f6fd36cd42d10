#include "image_codecs.h"
#include "shared_library.h"
#include <sixel.h>
#include <stdlib.h>
#include <string.h>

/* libsixel's encoder; it only ever sees pixels mdview decoded, never a path or undecoded bytes. */
static struct {
    __typeof__(sixel_output_new) *output_new;
    __typeof__(sixel_output_unref) *output_unref;
    __typeof__(sixel_dither_new) *dither_new;
    __typeof__(sixel_dither_unref) *dither_unref;
    __typeof__(sixel_dither_initialize) *dither_initialize;
    __typeof__(sixel_dither_set_diffusion_type) *dither_set_diffusion_type;
    __typeof__(sixel_encode) *encode;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.output_new, "sixel_output_new"),
    MDV_SHARED_SYMBOL(api.output_unref, "sixel_output_unref"),
    MDV_SHARED_SYMBOL(api.dither_new, "sixel_dither_new"),
    MDV_SHARED_SYMBOL(api.dither_unref, "sixel_dither_unref"),
    MDV_SHARED_SYMBOL(api.dither_initialize, "sixel_dither_initialize"),
    MDV_SHARED_SYMBOL(api.dither_set_diffusion_type, "sixel_dither_set_diffusion_type"),
    MDV_SHARED_SYMBOL(api.encode, "sixel_encode"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libsixel.so.1", NULL, "MDVIEW_SIXEL_LIBRARY", symbols, NULL);

const char *mdview_sixel_load(void) { return mdv_shared_library_load(&library); }

/* libsixel's output callback: appends to the buffer, so no capturing callback is needed. */
static int write_buffer(char *data, int size, void *priv) {
    mdview_sixel_buffer *b = (mdview_sixel_buffer *)priv;
    if (size <= 0 || b->failed) return 0;
    if (b->count + (size_t)size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->count + (size_t)size) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(b->bytes, capacity);
        if (!grown) { b->failed = 1; return 0; }
        b->bytes = grown; b->capacity = capacity;
    }
    memcpy(b->bytes + b->count, data, (size_t)size);
    b->count += (size_t)size;
    return size;
}

void mdview_sixel_buffer_free(mdview_sixel_buffer *b) {
    free(b->bytes);
    b->bytes = NULL;
    b->count = b->capacity = 0;
}

const char *mdview_sixel_encode_rgb(unsigned char *pixels, int width, int height, int colors,
                                    mdview_sixel_buffer *buffer, int *status) {
    sixel_output_t *output = NULL;
    *status = api.output_new(&output, write_buffer, buffer, NULL);
    if (SIXEL_FAILED(*status) || !output) return "sixel_output_new";
    sixel_dither_t *dither = NULL;
    *status = api.dither_new(&dither, colors, NULL);
    if (SIXEL_FAILED(*status) || !dither) { api.output_unref(output); return "sixel_dither_new"; }
    const char *failed = NULL;
    *status = api.dither_initialize(dither, pixels, width, height, SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_AUTO,
                                    SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO);
    if (SIXEL_FAILED(*status)) {
        failed = "sixel_dither_initialize";
    } else {
        api.dither_set_diffusion_type(dither, SIXEL_DIFFUSE_FS);
        *status = api.encode(pixels, width, height, 3, dither, output);
        if (SIXEL_FAILED(*status)) failed = "sixel_encode";
        else if (buffer->failed || !buffer->bytes) failed = "sixel_encode output";
    }
    api.dither_unref(dither);
    api.output_unref(output);
    return failed;
}
