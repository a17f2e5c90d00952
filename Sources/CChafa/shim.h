// libchafa (1.12) with glib. Prefixed `gallery_` wrappers go here when a macro
// or a variadic call is needed from Swift.
#ifndef GALLERY_CCHAFA_SHIM_H
#define GALLERY_CCHAFA_SHIM_H
#include <chafa.h>

/// Symbol tags from a plain bit mask (the enum mixes negative members).
static inline ChafaSymbolTags gallery_chafa_tags(unsigned int bits) {
  return (ChafaSymbolTags)bits;
}
#endif
