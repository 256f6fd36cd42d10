/* fopencookie */
#define _GNU_SOURCE
#include "image_codecs.h"
#include "shared_library.h"
#include <png.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

/* libpng's simplified API, which keeps its setjmp error handling inside libpng. */
static struct {
    __typeof__(png_image_begin_read_from_stdio) *begin_read_from_stdio;
    __typeof__(png_image_finish_read) *finish_read;
    __typeof__(png_image_write_to_memory) *write_to_memory;
    __typeof__(png_image_free) *image_free;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.begin_read_from_stdio, "png_image_begin_read_from_stdio"),
    MDV_SHARED_SYMBOL(api.finish_read, "png_image_finish_read"),
    MDV_SHARED_SYMBOL(api.write_to_memory, "png_image_write_to_memory"),
    MDV_SHARED_SYMBOL(api.image_free, "png_image_free"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libpng16.so.16", NULL, "MDVIEW_PNG_LIBRARY", symbols, NULL);

const char *mdview_png_load(void) { return mdv_shared_library_load(&library); }

/* The encoded bytes as a read-only stream that refuses to give more once the decode is to stop: libpng
   reads its input through stdio's buffer a slice at a time, so the simplified API, which decodes the
   whole picture in one call, fails with a read error at the next slice and frees what it holds. */
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t position;
    const mdview_decode_stop *stop;
    int stopped;
} png_source;

static ssize_t read_source(void *cookie, char *buffer, size_t size) {
    png_source *source = (png_source *)cookie;
    if (source->stop && source->stop->should_stop(source->stop->context)) {
        source->stopped = 1;
        return -1;
    }
    size_t left = source->size - source->position;
    size_t n = size < left ? size : left;
    memcpy(buffer, source->data + source->position, n);
    source->position += n;
    return (ssize_t)n;
}

int mdview_png_decode_rgba(const void *data, size_t size, unsigned int width, unsigned int height,
                           unsigned char *out, const mdview_decode_stop *stop) {
    png_source source = {(const unsigned char *)data, size, 0, stop, 0};
    cookie_io_functions_t io = {.read = read_source, .write = NULL, .seek = NULL, .close = NULL};
    FILE *file = fopencookie(&source, "r", io);
    if (!file) return MDVIEW_DECODE_REJECTED;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    int ok = api.begin_read_from_stdio(&image, file);
    if (ok && (image.width != width || image.height != height)) ok = 0;
    if (ok) {
        image.format = PNG_FORMAT_RGBA;
        ok = api.finish_read(&image, NULL, out, 0, NULL);
    }
    api.image_free(&image);
    fclose(file);
    if (source.stopped) return MDVIEW_DECODE_STOPPED;
    return ok ? MDVIEW_DECODE_OK : MDVIEW_DECODE_REJECTED;
}

int mdview_png_encode(const void *pixels, unsigned int width, unsigned int height, int channels, void *out,
                      size_t *size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = channels == 4 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    image.flags = PNG_IMAGE_FLAG_FAST;
    png_alloc_size_t bytes = out ? *size : 0;
    int ok = api.write_to_memory(&image, out, &bytes, 0, pixels, 0, NULL);
    *size = bytes;
    api.image_free(&image);
    return ok;
}
