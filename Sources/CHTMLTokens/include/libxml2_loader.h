#ifndef MDVIEW_LIBXML2_LOADER_H
#define MDVIEW_LIBXML2_LOADER_H

/* libxml2, loaded with dlopen and initialised once for the whole process (the HTML tokens and the SVG
   guard both read through it). Returns the address of `name` in libxml2, or NULL when libxml2 cannot be
   loaded or lacks the symbol. */
void *mdv_libxml2_symbol(const char *name);

#endif
