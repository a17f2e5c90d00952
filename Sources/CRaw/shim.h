// Camera RAW through LibRaw (the thread-safe `libraw_r`). Prefixed `gallery_` wrappers go
// here so that Swift never reaches into LibRaw's large `libraw_data_t`: a file is opened
// from memory with LibRaw's own allocation cap, its facts copied into a small struct, its
// embedded preview taken out, or the raw data developed, with a deadline LibRaw checks
// between its steps.
#ifndef GALLERY_CRAW_SHIM_H
#define GALLERY_CRAW_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <libraw/libraw.h>

/// What a raw file says of itself, copied out of LibRaw's data.
struct gallery_raw_facts {
  /// The developed picture's size before `flip`, in pixels.
  int width, height;
  /// LibRaw's flip: 0 none, 3 half a turn, 5 a quarter turn anticlockwise, 6 clockwise.
  int flip;
  /// Colours of the picture (3 for most cameras, 4 for some) and whether the sensor's data
  /// is a mosaic (LibRaw's filters non-zero: Bayer or X-Trans, one value a photosite)
  /// rather than whole pixels (linear DNG, Foveon: four values a pixel).
  int colors, is_mosaic;
  int raw_width, raw_height;
  char make[64], model[64], lens[128];
  /// EXIF exposure: ISO, seconds, f-number, millimetres; 0 when not given.
  float iso, shutter, aperture, focal_length;
  /// The date taken as LibRaw read it (seconds, the local time zone's), 0 when none.
  long long timestamp;
  /// The largest embedded preview: LIBRAW_THUMBNAIL_JPEG or _BITMAP, its size and bytes.
  int preview_format, preview_width, preview_height;
  unsigned preview_length;
};

/// The deadline LibRaw's progress callback checks.
struct gallery_raw_watch {
  /// CLOCK_MONOTONIC nanoseconds past which the work stops; 0 for none.
  uint64_t deadline;
};

static inline uint64_t gallery_raw_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

static inline int gallery_raw_progress(void *context, enum LibRaw_progress step, int iteration,
                                       int expected) {
  (void)step; (void)iteration; (void)expected;
  struct gallery_raw_watch *watch = (struct gallery_raw_watch *)context;
  if (watch == NULL) return 0;
  return watch->deadline != 0 && gallery_raw_now() > watch->deadline;
}

static inline void gallery_raw_copy(char *to, size_t size, const char *from) {
  size_t length = strnlen(from, size - 1);
  memcpy(to, from, length);
  to[length] = 0;
}

/// A LibRaw handle whose raw data buffer may not pass `max_memory_mb` (LibRaw 0.20 caps
/// that one allocation, the largest), its default callbacks (which print to standard
/// error) off and `watch`'s deadline checked between its steps; NULL when out of memory.
static inline libraw_data_t *gallery_raw_new(unsigned max_memory_mb,
                                             struct gallery_raw_watch *watch) {
  // 1 | 2: no memory-error and no data-error callbacks (LibRaw 0.20 spells the names
  // `LIBRAW_OPIONS_…`, later versions otherwise; the values stay).
  libraw_data_t *raw = libraw_init(1 | 2);
  if (raw == NULL) return NULL;
  raw->params.max_raw_memory_mb = max_memory_mb;
  libraw_set_progress_handler(raw, gallery_raw_progress, watch);
  return raw;
}

/// A raw file in `size` bytes at `data` (`gallery_raw_new`'s caps), or NULL with LibRaw's
/// status in `status`. The bytes must outlive the handle: LibRaw reads them as it goes.
static inline libraw_data_t *gallery_raw_open(const uint8_t *data, size_t size,
                                              unsigned max_memory_mb,
                                              struct gallery_raw_watch *watch, int *status) {
  libraw_data_t *raw = gallery_raw_new(max_memory_mb, watch);
  if (raw == NULL) {
    *status = LIBRAW_UNSUFFICIENT_MEMORY;
    return NULL;
  }
  *status = libraw_open_buffer(raw, (void *)data, size);
  if (*status != LIBRAW_SUCCESS) {
    libraw_close(raw);
    return NULL;
  }
  return raw;
}

/// A raw file opened by name (LibRaw reads it through its own buffered file access, only
/// the parts it needs: the tags and the preview for a thumbnail, the raw data when
/// developing), or NULL with LibRaw's status in `status`; `gallery_raw_new`'s caps.
static inline libraw_data_t *gallery_raw_open_file(const char *path, unsigned max_memory_mb,
                                                   struct gallery_raw_watch *watch,
                                                   int *status) {
  libraw_data_t *raw = gallery_raw_new(max_memory_mb, watch);
  if (raw == NULL) {
    *status = LIBRAW_UNSUFFICIENT_MEMORY;
    return NULL;
  }
  *status = libraw_open_file(raw, path);
  if (*status != LIBRAW_SUCCESS) {
    libraw_close(raw);
    return NULL;
  }
  return raw;
}

/// Copies what `raw` says of itself into `facts`.
static inline void gallery_raw_facts_of(libraw_data_t *raw, struct gallery_raw_facts *facts) {
  memset(facts, 0, sizeof *facts);
  facts->width = raw->sizes.width;
  facts->height = raw->sizes.height;
  facts->flip = raw->sizes.flip;
  facts->colors = raw->idata.colors;
  facts->is_mosaic = raw->idata.filters != 0;
  facts->raw_width = raw->sizes.raw_width;
  facts->raw_height = raw->sizes.raw_height;
  gallery_raw_copy(facts->make, sizeof facts->make, raw->idata.make);
  gallery_raw_copy(facts->model, sizeof facts->model, raw->idata.model);
  gallery_raw_copy(facts->lens, sizeof facts->lens, raw->lens.Lens);
  facts->iso = raw->other.iso_speed;
  facts->shutter = raw->other.shutter;
  facts->aperture = raw->other.aperture;
  facts->focal_length = raw->other.focal_len;
  facts->timestamp = (long long)raw->other.timestamp;
  facts->preview_format = raw->thumbnail.tformat;
  facts->preview_width = raw->thumbnail.twidth;
  facts->preview_height = raw->thumbnail.theight;
  facts->preview_length = raw->thumbnail.tlength;
}

/// The embedded preview, as JPEG bytes or an 8-bit RGB bitmap, or NULL with LibRaw's
/// status (a fatal one, LIBRAW_FATAL_ERROR, leaves the handle to be opened again before
/// developing: LibRaw recycles it). Free it with `libraw_dcraw_clear_mem`.
static inline libraw_processed_image_t *gallery_raw_preview(libraw_data_t *raw, int *status) {
  *status = libraw_unpack_thumb(raw);
  if (*status != LIBRAW_SUCCESS) return NULL;
  return libraw_dcraw_make_mem_thumb(raw, status);
}

/// Whether `status` left LibRaw's handle recycled (a fatal error).
static inline int gallery_raw_is_fatal(int status) { return LIBRAW_FATAL_ERROR(status); }

/// The image data after the header of a processed image.
static inline const uint8_t *gallery_raw_image_data(const libraw_processed_image_t *image) {
  return image->data;
}

/// The raw data developed to 8-bit sRGB, as the camera balanced it (its white balance,
/// LibRaw's automatic brightness), unturned (the caller applies the flip), at half the
/// sensor's size when `half` is non-zero; NULL with LibRaw's status. Free it with
/// `libraw_dcraw_clear_mem`.
static inline libraw_processed_image_t *gallery_raw_develop(libraw_data_t *raw, int half,
                                                            int *status) {
  raw->params.half_size = half != 0;
  raw->params.use_camera_wb = 1;
  raw->params.output_bps = 8;
  raw->params.output_color = 1;
  raw->params.user_flip = 0;
  *status = libraw_unpack(raw);
  if (*status != LIBRAW_SUCCESS) return NULL;
  *status = libraw_dcraw_process(raw);
  if (*status != LIBRAW_SUCCESS) return NULL;
  return libraw_dcraw_make_mem_image(raw, status);
}

/// The sensor's data as `libraw_unpack` leaves it: the mosaic and what reading it needs.
struct gallery_raw_sensor {
  /// The mosaic, one value a photosite, rows `pitch` values apart, from the top-left of
  /// the whole sensor (margins included); NULL when the data is no mosaic (linear DNG,
  /// Foveon, floating point).
  const uint16_t *mosaic;
  size_t pitch;
  int raw_width, raw_height;
  /// The visible area: its size and where it starts on the sensor.
  int width, height, top_margin, left_margin;
  /// The white level, in the sensor's units (LibRaw's `maximum`, black included).
  unsigned maximum;
  /// Over the visible area, from its top-left and repeating every 48 photosites: each
  /// photosite's colour (LibRaw's COLOR: 0 red, 1 green, 2 blue, 3 the second green) and
  /// black level (`black`, the channel's `cblack` and the pattern's `cblack[6…]` added).
  uint8_t color[48][48];
  unsigned black[48][48];
};

/// Reads the raw data (`libraw_unpack`, within `gallery_raw_new`'s caps) and describes it in
/// `sensor`; LibRaw's status. The data lives as long as the handle.
static inline int gallery_raw_unpack_sensor(libraw_data_t *raw, struct gallery_raw_sensor *sensor) {
  memset(sensor, 0, sizeof *sensor);
  int status = libraw_unpack(raw);
  if (status != LIBRAW_SUCCESS) return status;
  libraw_rawdata_t *data = &raw->rawdata;
  sensor->raw_width = data->sizes.raw_width;
  sensor->raw_height = data->sizes.raw_height;
  sensor->width = data->sizes.width;
  sensor->height = data->sizes.height;
  sensor->top_margin = data->sizes.top_margin;
  sensor->left_margin = data->sizes.left_margin;
  sensor->pitch = data->sizes.raw_pitch / 2;
  sensor->maximum = data->color.maximum;
  if (raw->idata.filters == 0 || data->raw_image == NULL) return LIBRAW_SUCCESS;
  sensor->mosaic = data->raw_image;
  const unsigned *cblack = data->color.cblack;
  unsigned pattern_rows = cblack[4], pattern_columns = cblack[5];
  int has_pattern = pattern_rows > 0 && pattern_columns > 0 &&
                    pattern_rows * pattern_columns <= LIBRAW_CBLACK_SIZE - 6;
  for (int row = 0; row < 48; row++) {
    for (int column = 0; column < 48; column++) {
      int color = libraw_COLOR(raw, row, column);
      if (color < 0 || color > 3) color = 1;
      unsigned black = data->color.black + cblack[color];
      if (has_pattern)
        black += cblack[6 + (row % pattern_rows) * pattern_columns + column % pattern_columns];
      sensor->color[row][column] = (uint8_t)color;
      sensor->black[row][column] = black;
    }
  }
  return LIBRAW_SUCCESS;
}

#endif
