#include "image_codecs.h"
#include "shared_library.h"
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

/* libjpeg-turbo's libjpeg API (not TurboJPEG's, which decodes a picture in one call that cannot be
   stopped): scanlines are read a few at a time, so a decode nobody waits for any more stops between them. */
static struct {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *create_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_calc_output_dimensions) *calc_output_dimensions;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.std_error, "jpeg_std_error"),
    MDV_SHARED_SYMBOL(api.create_decompress, "jpeg_CreateDecompress"),
    MDV_SHARED_SYMBOL(api.mem_src, "jpeg_mem_src"),
    MDV_SHARED_SYMBOL(api.read_header, "jpeg_read_header"),
    MDV_SHARED_SYMBOL(api.calc_output_dimensions, "jpeg_calc_output_dimensions"),
    MDV_SHARED_SYMBOL(api.start_decompress, "jpeg_start_decompress"),
    MDV_SHARED_SYMBOL(api.read_scanlines, "jpeg_read_scanlines"),
    MDV_SHARED_SYMBOL(api.destroy_decompress, "jpeg_destroy_decompress"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libjpeg.so.62", NULL, "MDVIEW_JPEG_LIBRARY", symbols, NULL);

const char *mdview_jpeg_load(void) { return mdv_shared_library_load(&library); }

/* The error manager and progress monitor of one decode: a fatal error or a stop request jumps back to
   the decode, which then frees everything libjpeg holds. */
typedef struct {
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    const mdview_decode_stop *stop;
    int stopped;
    jmp_buf escape;
} jpeg_session;

static void fail(j_common_ptr cinfo) {
    jpeg_session *session = (jpeg_session *)cinfo->err;
    longjmp(session->escape, 1);
}

/* Warnings (a few missing bytes at the end, for example) still leave a usable picture: they are not
   printed. */
static void stay_silent(j_common_ptr cinfo) { (void)cinfo; }

static int should_stop(jpeg_session *session) {
    return session->stop && session->stop->should_stop(session->stop->context);
}

/* Called by libjpeg between units of work, also while it reads all the scans of a progressive file
   before the first scanline. */
static void monitor(j_common_ptr cinfo) {
    jpeg_session *session = (jpeg_session *)cinfo->err;
    if (should_stop(session)) {
        session->stopped = 1;
        longjmp(session->escape, 1);
    }
}

/* The factor n/8 (n from 8 down to 1) whose scaled size, rounded up, is out_width × out_height. */
static int scale_numerator(int width, int height, int out_width, int out_height) {
    for (int n = 8; n >= 1; n--) {
        long w = ((long)width * n + 7) / 8, h = ((long)height * n + 7) / 8;
        if (w == out_width && h == out_height) return n;
    }
    return 0;
}

int mdview_jpeg_decode_rgba_scaled(const void *data, size_t size, int width, int height, int out_width,
                                   int out_height, unsigned char *out, const mdview_decode_stop *stop) {
    int numerator = scale_numerator(width, height, out_width, out_height);
    if (!numerator || out_width > width || out_height > height) return MDVIEW_DECODE_REJECTED;
    struct jpeg_decompress_struct cinfo;
    jpeg_session session;
    session.stop = stop;
    session.stopped = 0;
    cinfo.err = api.std_error(&session.error);
    session.error.error_exit = fail;
    session.error.output_message = stay_silent;
    session.progress.progress_monitor = monitor;
    /* Volatile: read after a longjmp. */
    volatile int created = 0;
    if (setjmp(session.escape)) {
        if (created) api.destroy_decompress(&cinfo);
        return session.stopped ? MDVIEW_DECODE_STOPPED : MDVIEW_DECODE_REJECTED;
    }
    api.create_decompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    created = 1;
    cinfo.progress = &session.progress;
    api.mem_src(&cinfo, (const unsigned char *)data, (unsigned long)size);
    int result = MDVIEW_DECODE_REJECTED;
    if (api.read_header(&cinfo, TRUE) == JPEG_HEADER_OK && (int)cinfo.image_width == width &&
        (int)cinfo.image_height == height) {
        cinfo.out_color_space = JCS_EXT_RGBA;
        cinfo.scale_num = (unsigned int)numerator;
        cinfo.scale_denom = 8;
        api.calc_output_dimensions(&cinfo);
        if ((int)cinfo.output_width == out_width && (int)cinfo.output_height == out_height &&
            api.start_decompress(&cinfo)) {
            size_t stride = (size_t)out_width * 4;
            result = MDVIEW_DECODE_OK;
            while (cinfo.output_scanline < cinfo.output_height) {
                if (should_stop(&session)) {
                    result = MDVIEW_DECODE_STOPPED;
                    break;
                }
                JSAMPROW row = out + (size_t)cinfo.output_scanline * stride;
                /* Zero rows read means the source ran dry: libjpeg has filled the rest already or gives up. */
                if (api.read_scanlines(&cinfo, &row, 1) != 1) {
                    result = MDVIEW_DECODE_REJECTED;
                    break;
                }
            }
        }
    }
    api.destroy_decompress(&cinfo);
    return result;
}
