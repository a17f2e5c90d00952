// TurboJPEG, libpng (simplified png_image API: no setjmp crosses into Swift)
// and libexif. Prefixed `gallery_` wrappers go here for macros Swift cannot import.
#ifndef GALLERY_CIMAGECODECS_SHIM_H
#define GALLERY_CIMAGECODECS_SHIM_H
#include <stdio.h>
#include <turbojpeg.h>
#include <png.h>
#include <libexif/exif-data.h>
#endif
