#include "image_codecs.h"
#include "shared_library.h"
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

/* giflib's decoding API: only giflib touches the compressed data. */
static struct {
    __typeof__(DGifOpen) *open;
    __typeof__(DGifGetRecordType) *record_type;
    __typeof__(DGifGetExtension) *extension;
    __typeof__(DGifGetExtensionNext) *extension_next;
    __typeof__(DGifGetImageDesc) *image_desc;
    __typeof__(DGifGetLine) *line;
    __typeof__(DGifCloseFile) *close;
} api;

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(api.open, "DGifOpen"),
    MDV_SHARED_SYMBOL(api.record_type, "DGifGetRecordType"),
    MDV_SHARED_SYMBOL(api.extension, "DGifGetExtension"),
    MDV_SHARED_SYMBOL(api.extension_next, "DGifGetExtensionNext"),
    MDV_SHARED_SYMBOL(api.image_desc, "DGifGetImageDesc"),
    MDV_SHARED_SYMBOL(api.line, "DGifGetLine"),
    MDV_SHARED_SYMBOL(api.close, "DGifCloseFile"),
    {NULL, NULL},
};

static mdv_shared_library library = MDV_SHARED_LIBRARY("libgif.so.7", NULL, "MDVIEW_GIF_LIBRARY", symbols, NULL);

const char *mdview_gif_load(void) { return mdv_shared_library_load(&library); }

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t pos;
} gif_source;

static int read_source(GifFileType *gif, GifByteType *buffer, int length) {
    gif_source *src = (gif_source *)gif->UserData;
    if (length <= 0) return 0;
    size_t left = src->size - src->pos;
    size_t n = (size_t)length < left ? (size_t)length : left;
    memcpy(buffer, src->data + src->pos, n);
    src->pos += n;
    return (int)n;
}

int mdview_gif_decode_first_frame(const void *data, size_t size, int width, int height, unsigned char *out,
                                  const mdview_decode_stop *stop) {
    gif_source src = {(const unsigned char *)data, size, 0};
    int error = 0;
    GifFileType *gif = api.open(&src, read_source, &error);
    if (!gif) return 0;
    if (gif->SWidth != width || gif->SHeight != height) { api.close(gif, &error); return 0; }
    memset(out, 0, (size_t)width * (size_t)height * 4);
    int transparent = -1, result = MDVIEW_DECODE_REJECTED;
    GifRecordType record;
    while (api.record_type(gif, &record) == GIF_OK) {
        if (record == EXTENSION_RECORD_TYPE) {
            int code; GifByteType *ext;
            if (api.extension(gif, &code, &ext) != GIF_OK) break;
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4 && (ext[1] & 1)) transparent = ext[4];
            while (ext) { if (api.extension_next(gif, &ext) != GIF_OK) { ext = NULL; record = TERMINATE_RECORD_TYPE; } }
            if (record == TERMINATE_RECORD_TYPE) break;
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (api.image_desc(gif) != GIF_OK) break;
            GifImageDesc *d = &gif->Image;
            ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
            if (!map || d->Width <= 0 || d->Height <= 0 || d->Width > 65535 || d->Height > 65535) break;
            GifPixelType *line = (GifPixelType *)malloc((size_t)d->Width);
            if (!line) break;
            int rows[4][2] = {{0, 8}, {4, 8}, {2, 4}, {1, 2}};
            int passes = d->Interlace ? 4 : 1, failed = 0, stopped = 0;
            for (int p = 0; p < passes && !failed; p++) {
                int start = d->Interlace ? rows[p][0] : 0, step = d->Interlace ? rows[p][1] : 1;
                for (int y = start; y < d->Height; y += step) {
                    /* Between rows, a decode nobody waits for any more stops. */
                    if (stop && stop->should_stop(stop->context)) { failed = stopped = 1; break; }
                    if (api.line(gif, line, d->Width) != GIF_OK) { failed = 1; break; }
                    int cy = d->Top + y;
                    if (cy < 0 || cy >= height) continue;
                    for (int x = 0; x < d->Width; x++) {
                        int cx = d->Left + x;
                        if (cx < 0 || cx >= width) continue;
                        int index = line[x];
                        if (index == transparent || index >= map->ColorCount) continue;
                        unsigned char *px = out + ((size_t)cy * (size_t)width + (size_t)cx) * 4;
                        px[0] = map->Colors[index].Red; px[1] = map->Colors[index].Green;
                        px[2] = map->Colors[index].Blue; px[3] = 255;
                    }
                }
            }
            free(line);
            result = stopped ? MDVIEW_DECODE_STOPPED : failed ? MDVIEW_DECODE_REJECTED : MDVIEW_DECODE_OK;
            break;
        } else if (record == TERMINATE_RECORD_TYPE) {
            break;
        }
    }
    api.close(gif, &error);
    return result;
}
