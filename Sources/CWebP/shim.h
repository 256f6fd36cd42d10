#ifndef MDVIEW_CWEBP_SHIM_H
#define MDVIEW_CWEBP_SHIM_H
#include <webp/decode.h>
#endif
