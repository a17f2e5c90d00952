// SVG through librsvg, rendered with cairo: `gallery_` functions over plain C types, so
// that Swift never handles a GObject, a GError or a cairo context, and nothing that
// imports this module needs librsvg's, GLib's or cairo's headers (only `svg.c`, compiled
// once, includes them). A document is loaded from memory with no base file (so no file
// or URL it names is ever read), its intrinsic geometry read, and rendered into a buffer
// the caller owns.
#ifndef GALLERY_CRSVG_H
#define GALLERY_CRSVG_H
#include <stddef.h>
#include <stdint.h>

/// A loaded document (librsvg's handle).
typedef struct gallery_svg_document gallery_svg_document;

/// The document in `size` bytes at `data` (plain or gzip-compressed SVG), or NULL with
/// librsvg's reason in `message`. The bytes are read before it returns; they need not
/// outlive the call.
///
/// No base file is given: librsvg 2.54 then refuses every reference to another file or
/// URL (`<image href>`, `xlink:href` to other documents, XInclude, CSS `@import`). The
/// flags leave librsvg's own limits on (no `RSVG_HANDLE_FLAG_UNLIMITED`): at most a
/// million elements loaded, 500,000 references resolved while rendering, and libxml2's
/// checks on entity expansion and on huge text nodes.
gallery_svg_document *gallery_svg_load(const uint8_t *data, size_t size, char *message,
                                       size_t message_size);

/// Frees a document from `gallery_svg_load`.
void gallery_svg_free(gallery_svg_document *document);

/// What the root `<svg>` element says of its size.
typedef struct {
  /// Both `width` and `height` are in absolute or font units (converted at 96 dpi).
  int has_size;
  double width;
  double height;
  /// A `viewBox` is given.
  int has_viewbox;
  double viewbox_width;
  double viewbox_height;
  /// `width` and `height` when given in pixels (or without a unit); 0 otherwise.
  double width_px;
  double height_px;
} gallery_svg_geometry;

/// The document's intrinsic size in pixels and its `viewBox`.
gallery_svg_geometry gallery_svg_geometry_of(gallery_svg_document *document);

/// The extent of what the document draws, from its top-left corner, laid out in a
/// `viewport_width`×`viewport_height` viewport: for a document that gives no size and no
/// `viewBox`. 1 when it draws something; 0 for nothing, or with the reason in `message`.
int gallery_svg_extent(gallery_svg_document *document, double viewport_width,
                       double viewport_height, double *width, double *height, char *message,
                       size_t message_size);

/// Renders the whole document scaled into `width`×`height` pixels at `pixels`, which
/// must hold `width * height * 4` bytes, cleared: cairo's premultiplied ARGB32, one
/// native-endian 32-bit word a pixel, rows `width * 4` bytes apart. 1 on success; 0 with
/// the reason in `message`.
int gallery_svg_render(gallery_svg_document *document, uint8_t *pixels, int width, int height,
                       char *message, size_t message_size);

#endif
