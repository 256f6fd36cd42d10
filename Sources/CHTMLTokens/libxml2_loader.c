#include "libxml2_loader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static void *library;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libxml2(void) {
    void *lib = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    void (*init_parser)(void);
    *(void **)(&init_parser) = dlsym(lib, "xmlInitParser");
    if (!init_parser) return;
    init_parser();  /* once, before any thread parses */
    library = lib;
}

void *mdv_libxml2_symbol(const char *name) {
    pthread_once(&load_once, load_libxml2);
    return library ? dlsym(library, name) : NULL;
}
