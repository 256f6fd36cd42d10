#ifndef MDVIEW_SHARED_LIBRARY_H
#define MDVIEW_SHARED_LIBRARY_H
#include <pthread.h>
#include <stddef.h>

/* A C library mdview loads with dlopen the first time it is needed instead of linking it, so that a
   document that does not need it (no image, no HTML, no SVG) pays nothing for it at start-up. Each user
   describes its library once, statically, with MDV_SHARED_LIBRARY; mdv_shared_library_load opens it,
   resolves its symbols into the user's function pointers and runs its initialiser, once per process and
   from any thread. A library that is missing or lacks a symbol stays unloaded with a reason
   ("libpng16.so.16 not found") that mdview shows with --verbose; it is never a crash. */

/* One symbol to resolve: its name in the library and the function pointer that receives its address. */
typedef struct {
    const char *name;
    void **slot;
} mdv_shared_symbol;

/* Resolves the symbol `name` into the function pointer `field` (of the matching type from the library's
   own header, which type-checks every call made through it). */
#define MDV_SHARED_SYMBOL(field, name) { name, (void **)&(field) }

typedef struct mdv_shared_library {
    /* The shared object's soname, and another one tried when it is missing (or NULL). */
    const char *soname;
    const char *alternative;
    /* An environment variable that, when set and not empty, names another shared object to load instead
       (read once; the tests use it to simulate a machine without the library), or NULL. */
    const char *override_variable;
    /* Resolved in order; the list ends with an entry whose name is NULL. */
    const mdv_shared_symbol *symbols;
    /* Runs once after the symbols are resolved, before any other use (NULL for none); a non-zero result
       leaves the library unloaded and `failure` (already filled in by the initialiser) says why. */
    int (*initialise)(void *handle, char *failure, size_t size);
    pthread_mutex_t lock;
    int state;     /* 0 not tried yet, 1 loaded, 2 failed */
    void *handle;  /* dlopen's handle once loaded */
    char failure[200];
} mdv_shared_library;

#define MDV_SHARED_LIBRARY(soname_, alternative_, override_variable_, symbols_, initialise_) \
    { .soname = soname_, .alternative = alternative_, .override_variable = override_variable_, \
      .symbols = symbols_, .initialise = initialise_, .lock = PTHREAD_MUTEX_INITIALIZER, .state = 0, \
      .handle = NULL, .failure = "" }

/* Loads `library` on the first call. Returns NULL when it is loaded (every symbol resolved, initialised),
   else why it is not; later calls return the same answer without trying again. */
const char *mdv_shared_library_load(mdv_shared_library *library);

#endif
