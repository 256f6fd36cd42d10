#ifndef MDVIEW_CTURBOJPEG_SHIM_H
#define MDVIEW_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
