#include "image_codecs.h"
#include "shared_library.h"
#include <turbojpeg.h>

/* libjpeg-turbo's TurboJPEG API. */
static struct {
    __typeof__(tjInitDecompress) *init_decompress;
    __typeof__(tjDecompressHeader3) *decompress_header;
    __typeof__(tjDecompress2) *decompress;
    __typeof__(tjGetErrorCode) *error_code;
    __typeof__(tjDestroy) *destroy;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.init_decompress, "tjInitDecompress"),
    MDV_SHARED_SYMBOL(api.decompress_header, "tjDecompressHeader3"),
    MDV_SHARED_SYMBOL(api.decompress, "tjDecompress2"),
    MDV_SHARED_SYMBOL(api.error_code, "tjGetErrorCode"),
    MDV_SHARED_SYMBOL(api.destroy, "tjDestroy"),
    {NULL, NULL},
};

static mdv_shared_library library =
    MDV_SHARED_LIBRARY("libturbojpeg.so.0", NULL, "MDVIEW_JPEG_LIBRARY", symbols, NULL);

const char *mdview_jpeg_load(void) { return mdv_shared_library_load(&library); }

int mdview_jpeg_decode_rgba(const void *data, size_t size, int width, int height, unsigned char *out) {
    return mdview_jpeg_decode_rgba_scaled(data, size, width, height, width, height, out);
}

int mdview_jpeg_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out) {
    tjhandle handle = api.init_decompress();
    if (!handle) return 0;
    int w = 0, h = 0, subsampling = 0, colorspace = 0, ok = 0;
    if (api.decompress_header(handle, (const unsigned char *)data, (unsigned long)size, &w, &h, &subsampling,
                              &colorspace) == 0 &&
        w == width && h == height && out_width > 0 && out_height > 0 && out_width <= w && out_height <= h) {
        /* Given a smaller size, TurboJPEG scales in the DCT by the largest factor n/8 that fits it: the
           caller passes the exact size of one such factor. */
        int status = api.decompress(handle, (const unsigned char *)data, (unsigned long)size, out, out_width, 0,
                                    out_height, TJPF_RGBA, 0);
        /* A warning (for example a few missing bytes at the end) still leaves a usable picture. */
        ok = status == 0 || api.error_code(handle) == TJERR_WARNING;
    }
    api.destroy(handle);
    return ok;
}
