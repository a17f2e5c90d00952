// Exempi, Adobe's XMP Toolkit behind a C API, for the XMP sidecars (XMPSidecars, its one
// importer). Swift calls Exempi's functions directly; the wrappers here are the ones it
// cannot write itself: XmpStringPtr's text is a `const char *` Swift would copy through
// strlen, and the serialisation options are a C enum Swift imports as a struct.
#ifndef GALLERY_EXEMPI_SHIM_H
#define GALLERY_EXEMPI_SHIM_H

#include <exempi/xmp.h>
#include <exempi/xmpconsts.h>

/// Serialises `xmp` into `buffer` as a sidecar's text: UTF-8, no packet wrapper (no
/// `<?xpacket?>` and no padding), simple values as attributes as darktable writes them,
/// indented with a space per level.
static inline bool gallery_xmp_serialize_sidecar(XmpPtr xmp, XmpStringPtr buffer) {
  uint32_t options = XMP_SERIAL_OMITPACKETWRAPPER | XMP_SERIAL_USECOMPACTFORMAT;
  return xmp_serialize_and_format(xmp, buffer, options, 0, "\n", " ", 0);
}

/// Serialises `xmp` into `buffer` as a packet to put inside a picture: UTF-8, with its
/// `<?xpacket?>` wrapper (read-only marker off), compact as a sidecar, and no padding: the
/// caller pads it to the room it takes.
static inline bool gallery_xmp_serialize_embedded(XmpPtr xmp, XmpStringPtr buffer) {
  uint32_t options = XMP_SERIAL_USECOMPACTFORMAT;
  return xmp_serialize_and_format(xmp, buffer, options, 1, "\n", " ", 0);
}

/// The option bits of an ordered array (`rdf:Seq`), for `xmp_append_array_item`.
static inline uint32_t gallery_xmp_ordered_array(void) { return XMP_PROP_ARRAY_IS_ORDERED; }

#endif
