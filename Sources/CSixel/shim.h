#ifndef MDVIEW_CSIXEL_SHIM_H
#define MDVIEW_CSIXEL_SHIM_H
#include <sixel.h>
#endif
