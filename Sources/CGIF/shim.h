#ifndef MDVIEW_CGIF_SHIM_H
#define MDVIEW_CGIF_SHIM_H
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

/* Reads a GIF from memory and renders its first frame onto an RGBA canvas of the logical screen
   size (transparent where the frame does not cover it). Only giflib touches the compressed data. */

typedef struct { const unsigned char *data; size_t size; size_t pos; } mdview_gif_source;

static inline int mdview_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    mdview_gif_source *src = (mdview_gif_source *)gif->UserData;
    if (length <= 0) return 0;
    size_t left = src->size - src->pos;
    size_t n = (size_t)length < left ? (size_t)length : left;
    memcpy(buffer, src->data + src->pos, n);
    src->pos += n;
    return (int)n;
}

/* Returns 1 on success. `out` holds width*height*4 bytes, where width/height are the screen size
   the caller read from the header (and checked against its limits). */
static inline int mdview_gif_decode_first_frame(const void *data, size_t size, int width, int height,
                                                unsigned char *out) {
    mdview_gif_source src = { (const unsigned char *)data, size, 0 };
    int error = 0;
    GifFileType *gif = DGifOpen(&src, mdview_gif_read, &error);
    if (!gif) return 0;
    if (gif->SWidth != width || gif->SHeight != height) { DGifCloseFile(gif, &error); return 0; }
    memset(out, 0, (size_t)width * (size_t)height * 4);
    int transparent = -1, ok = 0;
    GifRecordType record;
    while (DGifGetRecordType(gif, &record) == GIF_OK) {
        if (record == EXTENSION_RECORD_TYPE) {
            int code; GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) != GIF_OK) break;
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4 && (ext[1] & 1)) transparent = ext[4];
            while (ext) { if (DGifGetExtensionNext(gif, &ext) != GIF_OK) { ext = NULL; record = TERMINATE_RECORD_TYPE; } }
            if (record == TERMINATE_RECORD_TYPE) break;
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) != GIF_OK) break;
            GifImageDesc *d = &gif->Image;
            ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
            if (!map || d->Width <= 0 || d->Height <= 0 || d->Width > 65535 || d->Height > 65535) break;
            GifPixelType *line = (GifPixelType *)malloc((size_t)d->Width);
            if (!line) break;
            int rows[4][2] = {{0, 8}, {4, 8}, {2, 4}, {1, 2}};
            int passes = d->Interlace ? 4 : 1, failed = 0;
            for (int p = 0; p < passes && !failed; p++) {
                int start = d->Interlace ? rows[p][0] : 0, step = d->Interlace ? rows[p][1] : 1;
                for (int y = start; y < d->Height; y += step) {
                    if (DGifGetLine(gif, line, d->Width) != GIF_OK) { failed = 1; break; }
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
            ok = !failed;
            break;
        } else if (record == TERMINATE_RECORD_TYPE) {
            break;
        }
    }
    DGifCloseFile(gif, &error);
    return ok;
}
#endif
