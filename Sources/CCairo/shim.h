// cairo, for CRsvg's C code, which includes it: this target brings cairo's and GLib's
// include folders from cairo-gobject's pkg-config file (librsvg's own would bring GIO's
// -pthread, which SwiftPM refuses with a warning on every build). No Swift imports it.
#ifndef GALLERY_CCAIRO_SHIM_H
#define GALLERY_CCAIRO_SHIM_H
#include <cairo.h>
#endif
