#include "shared_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void open_library(mdv_shared_library *library) {
    const char *name = library->override_variable ? getenv(library->override_variable) : NULL;
    if (!name || !*name) name = library->soname;
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle && name == library->soname && library->alternative) {
        handle = dlopen(library->alternative, RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle) {
        snprintf(library->failure, sizeof library->failure, "%s not found", name);
        return;
    }
    for (const mdv_shared_symbol *symbol = library->symbols; symbol && symbol->name; symbol++) {
        *symbol->slot = dlsym(handle, symbol->name);
        if (!*symbol->slot) {
            snprintf(library->failure, sizeof library->failure, "%s lacks %s", name, symbol->name);
            dlclose(handle);
            return;
        }
    }
    if (library->initialise && library->initialise(handle, library->failure, sizeof library->failure) != 0) {
        dlclose(handle);
        return;
    }
    library->handle = handle;
}

const char *mdv_shared_library_load(mdv_shared_library *library) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        open_library(library);
        library->state = library->handle ? 1 : 2;
    }
    int loaded = library->state == 1;
    pthread_mutex_unlock(&library->lock);
    return loaded ? NULL : library->failure;
}
