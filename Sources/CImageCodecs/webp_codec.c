#include "image_codecs.h"
#include "shared_library.h"
#include <webp/decode.h>

/* libwebp's incremental decoding API: the encoded bytes are handed over a slice at a time, so a decode
   nobody waits for any more stops between two slices. */
static struct {
    __typeof__(WebPGetInfo) *get_info;
    __typeof__(WebPInitDecoderConfigInternal) *init_config;
    __typeof__(WebPIDecode) *incremental_decoder;
    __typeof__(WebPIUpdate) *update;
    __typeof__(WebPIDelete) *delete_decoder;
    __typeof__(WebPFreeDecBuffer) *free_buffer;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.get_info, "WebPGetInfo"),
    MDV_SHARED_SYMBOL(api.init_config, "WebPInitDecoderConfigInternal"),
    MDV_SHARED_SYMBOL(api.incremental_decoder, "WebPIDecode"),
    MDV_SHARED_SYMBOL(api.update, "WebPIUpdate"),
    MDV_SHARED_SYMBOL(api.delete_decoder, "WebPIDelete"),
    MDV_SHARED_SYMBOL(api.free_buffer, "WebPFreeDecBuffer"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libwebp.so.7", NULL, "MDVIEW_WEBP_LIBRARY", symbols, NULL);

const char *mdview_webp_load(void) { return mdv_shared_library_load(&library); }

/* How many encoded bytes are decoded between two questions whether to stop. */
enum { slice_bytes = 32 << 10 };

int mdview_webp_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out, const mdview_decode_stop *stop) {
    int w = 0, h = 0;
    if (!api.get_info((const uint8_t *)data, size, &w, &h) || w != width || h != height) {
        return MDVIEW_DECODE_REJECTED;
    }
    if (out_width <= 0 || out_height <= 0 || out_width > w || out_height > h) return MDVIEW_DECODE_REJECTED;
    WebPDecoderConfig config;
    if (!api.init_config(&config, WEBP_DECODER_ABI_VERSION)) return MDVIEW_DECODE_REJECTED;
    if (out_width != w || out_height != h) {
        /* libwebp scales while it decodes, row by row: the full-size picture is never held. */
        config.options.use_scaling = 1;
        config.options.scaled_width = out_width;
        config.options.scaled_height = out_height;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = out_width * 4;
    config.output.u.RGBA.size = (size_t)out_width * (size_t)out_height * 4;
    WebPIDecoder *decoder = api.incremental_decoder(NULL, 0, &config);
    if (!decoder) return MDVIEW_DECODE_REJECTED;
    int result = MDVIEW_DECODE_REJECTED;
    for (size_t given = 0; given < size;) {
        if (stop && stop->should_stop(stop->context)) {
            result = MDVIEW_DECODE_STOPPED;
            break;
        }
        given = size - given > slice_bytes ? given + slice_bytes : size;
        VP8StatusCode status = api.update(decoder, (const uint8_t *)data, given);
        if (status == VP8_STATUS_OK) {
            result = MDVIEW_DECODE_OK;
            break;
        }
        /* Suspended: waiting for more bytes, which a truncated file never gives. */
        if (status != VP8_STATUS_SUSPENDED) break;
    }
    api.delete_decoder(decoder);
    api.free_buffer(&config.output);
    return result;
}
