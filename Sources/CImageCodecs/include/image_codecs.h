#ifndef MDVIEW_IMAGE_CODECS_H
#define MDVIEW_IMAGE_CODECS_H
#include <stddef.h>

/* The image codecs (libpng, libjpeg-turbo, giflib, libwebp) and libsixel, each loaded with dlopen on the
   first picture that needs it (see shared_library.h), so a document without images loads none of them.
   Call a codec's mdview_*_load first: it returns NULL once the library is ready, else why it is not
   ("libpng16.so.16 not found"); the other functions of a codec may be called only after it returned NULL.
   The environment variables MDVIEW_PNG_LIBRARY, MDVIEW_JPEG_LIBRARY, MDVIEW_GIF_LIBRARY,
   MDVIEW_WEBP_LIBRARY and MDVIEW_SIXEL_LIBRARY, read once, name another shared object (the tests use them
   to simulate a machine without the library). The decoders are given bytes only, never a path. */

const char *mdview_png_load(void);
const char *mdview_jpeg_load(void);
const char *mdview_gif_load(void);
const char *mdview_webp_load(void);
const char *mdview_sixel_load(void);

/* How a decode learns that its picture is no longer wanted (the document stopped waiting for it): each
   decoder calls `should_stop(context)` between rows of output (libjpeg-turbo also while it reads a
   progressive file's scans, libpng and libwebp between slices of input) and, when it returns non-zero,
   stops, frees what it holds and returns MDVIEW_DECODE_STOPPED. A NULL `stop` never stops. */
typedef struct {
    int (*should_stop)(void *context);
    void *context;
} mdview_decode_stop;

/* What a decode returns: the picture is in `out`, the codec rejects the data, or the decode was stopped. */
enum { MDVIEW_DECODE_REJECTED = 0, MDVIEW_DECODE_OK = 1, MDVIEW_DECODE_STOPPED = 2 };

/* Decodes a PNG, JPEG, GIF (its first frame, on a transparent canvas of the logical screen size) or WebP
   held in memory to 8-bit RGBA. `width` and `height` are the size the caller read from the header and
   checked against its limits: a file that decodes to another size is refused. `out` holds
   width*height*4 bytes. */
int mdview_png_decode_rgba(const void *data, size_t size, unsigned int width, unsigned int height,
                           unsigned char *out, const mdview_decode_stop *stop);
int mdview_gif_decode_first_frame(const void *data, size_t size, int width, int height, unsigned char *out,
                                  const mdview_decode_stop *stop);

/* The same for JPEG and WebP, scaled while decoding to `out_width` × `out_height` (at most the full size;
   `out` holds out_width*out_height*4 bytes), so that the full-size picture is never held. libwebp scales
   to any size; for JPEG the size must be the image scaled by a factor n/8 (n from 1 to 8), rounded up,
   which libjpeg-turbo's DCT scaling gives directly. */
int mdview_jpeg_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out, const mdview_decode_stop *stop);
int mdview_webp_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out, const mdview_decode_stop *stop);

/* Encodes 8-bit RGB (channels 3) or RGBA (channels 4) pixels as a PNG in memory with libpng's simplified
   write API, favouring speed over size (the file goes straight to a terminal). With out == NULL, sets
   *size to the bytes needed; otherwise *size is the room in `out` and becomes the bytes written.
   Returns 1 on success. */
int mdview_png_encode(const void *pixels, unsigned int width, unsigned int height, int channels, void *out,
                      size_t *size);

/* The DCS … ST bytes of a sixel graphic, grown by libsixel's output callback. */
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    int failed;
} mdview_sixel_buffer;

void mdview_sixel_buffer_free(mdview_sixel_buffer *buffer);

/* Encodes RGB888 pixels (width*height*3 bytes; libsixel may scribble on them while it dithers) as a sixel
   graphic with a `colors`-colour median-cut palette and Floyd–Steinberg dithering, into `buffer`.
   Returns NULL on success, else the libsixel step that failed ("sixel_dither_new") with its status in
   *status. */
const char *mdview_sixel_encode_rgb(unsigned char *pixels, int width, int height, int colors,
                                    mdview_sixel_buffer *buffer, int *status);

#endif
