// The functions of `include/CRsvg.h`, over librsvg, GLib and cairo, whose include folders
// come from the target's settings in Package.swift. Their functions are reached through
// CCodecLoading's trampolines: the caller opens GALLERY_CODEC_SVG first.
#include "CRsvg.h"

#include <cairo.h>
#include <gio/gio.h>
#include <librsvg/rsvg.h>
#include <string.h>

/// Copies `text` into `message` (`size` bytes, NUL-terminated, cut to fit).
static void gallery_svg_copy_message(const char *text, char *message, size_t size) {
  if (message == NULL || size == 0) return;
  size_t length = text != NULL ? strlen(text) : 0;
  if (length >= size) length = size - 1;
  if (length > 0) memcpy(message, text, length);
  message[length] = 0;
}

/// Takes a GError's message into `message` and frees it.
static void gallery_svg_take_error(GError *error, const char *fallback, char *message,
                                   size_t size) {
  gallery_svg_copy_message(error != NULL ? error->message : fallback, message, size);
  if (error != NULL) g_error_free(error);
}

gallery_svg_document *gallery_svg_load(const uint8_t *data, size_t size, char *message,
                                       size_t message_size) {
  if (data == NULL || size == 0 || size > (size_t)G_MAXSSIZE) {
    gallery_svg_copy_message("no data", message, message_size);
    return NULL;
  }
  GInputStream *stream = g_memory_input_stream_new_from_data(data, (gssize)size, NULL);
  GError *error = NULL;
  RsvgHandle *handle =
      rsvg_handle_new_from_stream_sync(stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
  g_object_unref(stream);
  if (handle == NULL) gallery_svg_take_error(error, "librsvg could not load it", message, message_size);
  else if (error != NULL) g_error_free(error);
  return (gallery_svg_document *)handle;
}

void gallery_svg_free(gallery_svg_document *document) {
  if (document != NULL) g_object_unref((RsvgHandle *)document);
}

gallery_svg_geometry gallery_svg_geometry_of(gallery_svg_document *document) {
  RsvgHandle *handle = (RsvgHandle *)document;
  gallery_svg_geometry geometry = {0, 0, 0, 0, 0, 0, 0, 0};
  rsvg_handle_set_dpi(handle, 96.0);
  double width = 0, height = 0;
  if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
    geometry.has_size = 1;
    geometry.width = width;
    geometry.height = height;
  }
  gboolean has_width = FALSE, has_height = FALSE, has_viewbox = FALSE;
  RsvgLength length_width, length_height;
  RsvgRectangle viewbox = {0, 0, 0, 0};
  rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height,
                                       &length_height, &has_viewbox, &viewbox);
  if (has_width && length_width.unit == RSVG_UNIT_PX) geometry.width_px = length_width.length;
  if (has_height && length_height.unit == RSVG_UNIT_PX) geometry.height_px = length_height.length;
  if (has_viewbox) {
    geometry.has_viewbox = 1;
    geometry.viewbox_width = viewbox.width;
    geometry.viewbox_height = viewbox.height;
  }
  return geometry;
}

int gallery_svg_extent(gallery_svg_document *document, double viewport_width,
                       double viewport_height, double *width, double *height, char *message,
                       size_t message_size) {
  RsvgHandle *handle = (RsvgHandle *)document;
  RsvgRectangle viewport = {0, 0, viewport_width, viewport_height};
  RsvgRectangle ink = {0, 0, 0, 0}, logical = {0, 0, 0, 0};
  GError *error = NULL;
  if (!rsvg_handle_get_geometry_for_layer(handle, NULL, &viewport, &ink, &logical, &error)) {
    gallery_svg_take_error(error, "librsvg could not measure it", message, message_size);
    return 0;
  }
  if (error != NULL) g_error_free(error);
  *width = ink.x + ink.width;
  *height = ink.y + ink.height;
  return ink.width > 0 && ink.height > 0;
}

int gallery_svg_render(gallery_svg_document *document, uint8_t *pixels, int width, int height,
                       char *message, size_t message_size) {
  RsvgHandle *handle = (RsvgHandle *)document;
  if (width <= 0 || height <= 0 ||
      cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width) != width * 4) {
    gallery_svg_copy_message("cairo cannot draw at that size", message, message_size);
    return 0;
  }
  cairo_surface_t *surface =
      cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, width * 4);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    gallery_svg_copy_message(cairo_status_to_string(cairo_surface_status(surface)), message,
                             message_size);
    cairo_surface_destroy(surface);
    return 0;
  }
  cairo_t *cairo = cairo_create(surface);
  RsvgRectangle viewport = {0, 0, (double)width, (double)height};
  GError *error = NULL;
  gboolean drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error);
  cairo_status_t status = cairo_status(cairo);
  cairo_destroy(cairo);
  cairo_surface_flush(surface);
  cairo_surface_destroy(surface);
  if (!drawn) {
    gallery_svg_take_error(error, "librsvg could not render it", message, message_size);
    return 0;
  }
  if (error != NULL) g_error_free(error);
  if (status != CAIRO_STATUS_SUCCESS) {
    gallery_svg_copy_message(cairo_status_to_string(status), message, message_size);
    return 0;
  }
  return 1;
}

