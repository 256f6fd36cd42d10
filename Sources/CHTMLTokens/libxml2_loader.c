#include "libxml2_loader.h"
#include "shared_library.h"
#include <dlfcn.h>
#include <stddef.h>

static void (*init_parser)(void);

static const mdv_shared_symbol symbols[] = {
    MDV_SHARED_SYMBOL(init_parser, "xmlInitParser"),
    {NULL, NULL},
};

static int initialise(void *handle, char *failure, size_t size) {
    (void)handle; (void)failure; (void)size;
    init_parser();  /* once, before any thread parses */
    return 0;
}

static mdv_shared_library library = MDV_SHARED_LIBRARY("libxml2.so.2", NULL, NULL, symbols, initialise);

void *mdv_libxml2_symbol(const char *name) {
    return mdv_shared_library_load(&library) ? NULL : dlsym(library.handle, name);
}
