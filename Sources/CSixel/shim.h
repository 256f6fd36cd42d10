#ifndef MDVIEW_CSIXEL_SHIM_H
#define MDVIEW_CSIXEL_SHIM_H
#include <sixel.h>
#include <stdlib.h>
#include <string.h>

/* A growable byte buffer that libsixel's output callback appends to, so Swift never needs a
   capturing C callback. */
typedef struct { unsigned char *bytes; size_t count; size_t capacity; int failed; } mdview_sixel_buffer;

static inline int mdview_sixel_buffer_write(char *data, int size, void *priv) {
    mdview_sixel_buffer *b = (mdview_sixel_buffer *)priv;
    if (size <= 0 || b->failed) return 0;
    if (b->count + (size_t)size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->count + (size_t)size) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(b->bytes, capacity);
        if (!grown) { b->failed = 1; return 0; }
        b->bytes = grown; b->capacity = capacity;
    }
    memcpy(b->bytes + b->count, data, (size_t)size);
    b->count += (size_t)size;
    return size;
}

static inline SIXELSTATUS mdview_sixel_output_new(sixel_output_t **output, mdview_sixel_buffer *buffer) {
    return sixel_output_new(output, mdview_sixel_buffer_write, buffer, NULL);
}

static inline int mdview_sixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status); }

static inline void mdview_sixel_buffer_free(mdview_sixel_buffer *b) { free(b->bytes); b->bytes = NULL; b->count = b->capacity = 0; }
#endif
