#ifndef MDVIEW_CTREESITTER_SHIM_H
#define MDVIEW_CTREESITTER_SHIM_H
#include <tree_sitter/api.h>
#include <dlfcn.h>
#endif
