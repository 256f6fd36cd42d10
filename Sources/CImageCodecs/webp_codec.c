#include "image_codecs.h"
#include "shared_library.h"
#include <webp/decode.h>

/* libwebp's simple decoding API. */
static struct {
    __typeof__(WebPGetInfo) *get_info;
    __typeof__(WebPDecodeRGBAInto) *decode_rgba_into;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.get_info, "WebPGetInfo"),
    MDV_SHARED_SYMBOL(api.decode_rgba_into, "WebPDecodeRGBAInto"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libwebp.so.7", NULL, "MDVIEW_WEBP_LIBRARY", symbols, NULL);

const char *mdview_webp_load(void) { return mdv_shared_library_load(&library); }

int mdview_webp_decode_rgba(const void *data, size_t size, int width, int height, unsigned char *out) {
    int w = 0, h = 0;
    if (!api.get_info((const uint8_t *)data, size, &w, &h) || w != width || h != height) return 0;
    return api.decode_rgba_into((const uint8_t *)data, size, out, (size_t)width * (size_t)height * 4,
                                width * 4) != NULL;
}
