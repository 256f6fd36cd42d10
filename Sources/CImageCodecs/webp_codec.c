#include "image_codecs.h"
#include "shared_library.h"
#include <webp/decode.h>

/* libwebp's simple decoding API. */
static struct {
    __typeof__(WebPGetInfo) *get_info;
    __typeof__(WebPDecodeRGBAInto) *decode_rgba_into;
    __typeof__(WebPInitDecoderConfigInternal) *init_config;
    __typeof__(WebPDecode) *decode;
    __typeof__(WebPFreeDecBuffer) *free_buffer;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.get_info, "WebPGetInfo"),
    MDV_SHARED_SYMBOL(api.decode_rgba_into, "WebPDecodeRGBAInto"),
    MDV_SHARED_SYMBOL(api.init_config, "WebPInitDecoderConfigInternal"),
    MDV_SHARED_SYMBOL(api.decode, "WebPDecode"),
    MDV_SHARED_SYMBOL(api.free_buffer, "WebPFreeDecBuffer"),
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

int mdview_webp_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out) {
    int w = 0, h = 0;
    if (!api.get_info((const uint8_t *)data, size, &w, &h) || w != width || h != height) return 0;
    if (out_width <= 0 || out_height <= 0 || out_width > w || out_height > h) return 0;
    if (out_width == w && out_height == h) return mdview_webp_decode_rgba(data, size, width, height, out);
    WebPDecoderConfig config;
    if (!api.init_config(&config, WEBP_DECODER_ABI_VERSION)) return 0;
    /* libwebp scales while it decodes, row by row: the full-size picture is never held. */
    config.options.use_scaling = 1;
    config.options.scaled_width = out_width;
    config.options.scaled_height = out_height;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = out_width * 4;
    config.output.u.RGBA.size = (size_t)out_width * (size_t)out_height * 4;
    int ok = api.decode((const uint8_t *)data, size, &config) == VP8_STATUS_OK;
    api.free_buffer(&config.output);
    return ok;
}
