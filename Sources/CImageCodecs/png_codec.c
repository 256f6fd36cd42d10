#include "image_codecs.h"
#include "shared_library.h"
#include <png.h>
#include <string.h>

/* libpng's simplified API, which keeps its setjmp error handling inside libpng. */
static struct {
    __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
    __typeof__(png_image_finish_read) *finish_read;
    __typeof__(png_image_write_to_memory) *write_to_memory;
    __typeof__(png_image_free) *image_free;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.begin_read_from_memory, "png_image_begin_read_from_memory"),
    MDV_SHARED_SYMBOL(api.finish_read, "png_image_finish_read"),
    MDV_SHARED_SYMBOL(api.write_to_memory, "png_image_write_to_memory"),
    MDV_SHARED_SYMBOL(api.image_free, "png_image_free"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libpng16.so.16", NULL, "MDVIEW_PNG_LIBRARY", symbols, NULL);

const char *mdview_png_load(void) { return mdv_shared_library_load(&library); }

int mdview_png_decode_rgba(const void *data, size_t size, unsigned int width, unsigned int height,
                           unsigned char *out) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!api.begin_read_from_memory(&image, data, size)) return 0;
    if (image.width != width || image.height != height) { api.image_free(&image); return 0; }
    image.format = PNG_FORMAT_RGBA;
    if (!api.finish_read(&image, NULL, out, 0, NULL)) { api.image_free(&image); return 0; }
    return 1;
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
