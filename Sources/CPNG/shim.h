#ifndef MDVIEW_CPNG_SHIM_H
#define MDVIEW_CPNG_SHIM_H
#include <png.h>
#include <string.h>

/* Decodes a PNG held in memory to 8-bit RGBA with libpng's simplified API (which keeps its own
   setjmp error handling inside libpng). `out` must hold width*height*4 bytes. Returns 1 on success. */
static inline int mdview_png_decode_rgba(const void *data, size_t size, unsigned int width,
                                         unsigned int height, unsigned char *out) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return 0;
    if (image.width != width || image.height != height) { png_image_free(&image); return 0; }
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, out, 0, NULL)) { png_image_free(&image); return 0; }
    return 1;
}
#endif
