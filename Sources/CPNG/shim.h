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

/* Encodes 8-bit RGB (channels 3) or RGBA (channels 4) pixels as a PNG in memory with libpng's simplified
   write API, favouring speed over size (PNG_IMAGE_FLAG_FAST: the file goes straight to a terminal). With out == NULL, sets *size to the bytes needed; otherwise *size is the room in `out` and
   becomes the bytes written. Returns 1 on success. */
static inline int mdview_png_encode(const void *pixels, unsigned int width, unsigned int height, int channels,
                                    void *out, size_t *size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = channels == 4 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    image.flags = PNG_IMAGE_FLAG_FAST;
    png_alloc_size_t bytes = out ? *size : 0;
    int ok = png_image_write_to_memory(&image, out, &bytes, 0, pixels, 0, NULL);
    *size = bytes;
    png_image_free(&image);
    return ok;
}
#endif
