// Videos through FFmpeg's libraries (libavformat, libavcodec, libswscale, libavutil).
// Prefixed `gallery_` wrappers go here so that Swift never handles FFmpeg's contexts:
// a file is read from a descriptor or from memory through the gallery's own I/O, never
// by a name FFmpeg opens, and every other file or URL a container could name (an HLS
// playlist's segments, a concat list, a QuickTime reference) is refused. Only the
// container demuxers of camera and phone videos are allowed; decoding runs on the
// caller's thread with no threads of FFmpeg's own, and a deadline stops reading and
// decoding alike.
#ifndef GALLERY_CFFMPEG_SHIM_H
#define GALLERY_CFFMPEG_SHIM_H
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>

/// The demuxers a video is opened with: MP4 and QuickTime (phones and most cameras),
/// Matroska and WebM, AVI, MPEG transport and program streams (camcorders' MTS), ASF
/// (WMV), FLV. No playlist, list or image-sequence demuxer.
#define GALLERY_VIDEO_FORMATS "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,mpeg,asf,flv"

/// Where a video's bytes come from: memory (`data`, `size`) or an open descriptor
/// (`fd` >= 0, `length` bytes), read at `position`.
struct gallery_video_source {
  const uint8_t *data;
  int64_t size;
  int fd;
  int64_t position;
  /// CLOCK_MONOTONIC nanoseconds past which reading and decoding stop; 0 for none.
  uint64_t deadline;
};

static inline uint64_t gallery_video_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

static inline int gallery_video_interrupted(void *opaque) {
  struct gallery_video_source *source = (struct gallery_video_source *)opaque;
  return source->deadline != 0 && gallery_video_now() > source->deadline;
}

static inline int gallery_video_read(void *opaque, uint8_t *buffer, int size) {
  struct gallery_video_source *source = (struct gallery_video_source *)opaque;
  // Past the deadline every read fails, so a demuxer looping over reads stops too.
  if (gallery_video_interrupted(opaque)) return AVERROR_EXIT;
  if (source->position >= source->size || size <= 0) return AVERROR_EOF;
  int64_t left = source->size - source->position;
  int count = left < size ? (int)left : size;
  if (source->fd >= 0) {
    ssize_t got;
    do {
      got = pread(source->fd, buffer, (size_t)count, (off_t)source->position);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return AVERROR(errno);
    if (got == 0) return AVERROR_EOF;
    count = (int)got;
  } else {
    memcpy(buffer, source->data + source->position, (size_t)count);
  }
  source->position += count;
  return count;
}

static inline int64_t gallery_video_seek(void *opaque, int64_t offset, int whence) {
  struct gallery_video_source *source = (struct gallery_video_source *)opaque;
  int64_t target;
  switch (whence & ~AVSEEK_FORCE) {
  case AVSEEK_SIZE: return source->size;
  case SEEK_SET: target = offset; break;
  case SEEK_CUR: target = source->position + offset; break;
  case SEEK_END: target = source->size + offset; break;
  default: return AVERROR(EINVAL);
  }
  if (target < 0) return AVERROR(EINVAL);
  source->position = target;
  return target;
}

/// FFmpeg's callback for every other file a container names: refused.
static inline int gallery_video_refuse_open(struct AVFormatContext *context, AVIOContext **pb,
                                            const char *url, int flags,
                                            AVDictionary **options) {
  (void)context; (void)pb; (void)url; (void)flags; (void)options;
  return AVERROR(EPERM);
}

/// An open video: its container, the video stream's decoder, the frame last decoded.
struct gallery_video {
  struct gallery_video_source source;
  AVFormatContext *format;
  AVIOContext *io;
  AVCodecContext *codec;
  AVPacket *packet;
  AVFrame *frame;
  struct SwsContext *scaler;
  int stream;
  int ended;
  /// Set when the container declared more streams than `max_streams` (FFmpeg then fails
  /// with ENOMEM, which would read as a lack of memory).
  int too_many_streams;
};

/// What a video says of itself.
struct gallery_video_facts {
  /// The video stream's coded size, in pixels; its sample aspect ratio (0/1 unknown).
  int width, height, sar_num, sar_den;
  /// Quarter turns clockwise the display matrix asks for (0–3).
  int quarter_turns;
  /// Seconds; 0 when unknown.
  double duration;
  /// Frames a second (the stream's average, else its base rate); 0 when unknown.
  double frame_rate;
  /// The decoder's short name (`h264`, `hevc`), or empty when none decodes it.
  char codec[32];
  /// The container's `creation_time` tag as written (ISO 8601, UTC), or empty.
  char creation_time[40];
  /// Whether an audio stream is there; the attached cover's size in bytes (0 none).
  int has_audio;
  int cover_size;
};

/// The most streams (tracks) a container may declare; the largest block FFmpeg may
/// allocate at once.
static inline int gallery_video_max_streams(void) { return 64; }
static inline size_t gallery_video_max_alloc(void) { return (size_t)256 << 20; }

/// FFmpeg's log, which prints nothing: it notes only that a container declared more
/// streams than allowed, on the `gallery_video` opening it (the format context's
/// `opaque`), so the ENOMEM that follows is told as what it is.
static void gallery_video_log(void *object, int level, const char *format, va_list arguments) {
  (void)arguments;
  if (level > AV_LOG_ERROR || object == NULL || format == NULL) return;
  if (*(const AVClass **)object != avformat_get_class()) return;
  if (strstr(format, "max_streams") == NULL) return;
  struct gallery_video *video = (struct gallery_video *)((AVFormatContext *)object)->opaque;
  if (video != NULL) video->too_many_streams = 1;
}

static inline void gallery_video_close(struct gallery_video *video) {
  if (video->scaler != NULL) sws_freeContext(video->scaler);
  av_frame_free(&video->frame);
  av_packet_free(&video->packet);
  avcodec_free_context(&video->codec);
  if (video->format != NULL) avformat_close_input(&video->format);
  if (video->io != NULL) {
    av_freep(&video->io->buffer);
    avio_context_free(&video->io);
  }
  memset(video, 0, sizeof *video);
  video->stream = -1;
}

/// Opens the video whose bytes `video->source` gives: the container probed among the
/// allowed demuxers, its streams read, the best video stream's decoder opened (one
/// thread, at most `max_pixels` a frame). Returns 0, or FFmpeg's error; the stream is -1
/// when the file holds no video stream (only audio, or nothing), and the codec NULL when
/// none decodes it. Close it with `gallery_video_close` either way.
static inline int gallery_video_open(struct gallery_video *video, int64_t max_pixels) {
  video->stream = -1;
  const int buffer_size = 64 << 10;
  uint8_t *buffer = (uint8_t *)av_malloc(buffer_size);
  if (buffer == NULL) return AVERROR(ENOMEM);
  video->io = avio_alloc_context(buffer, buffer_size, 0, &video->source, gallery_video_read,
                                 NULL, gallery_video_seek);
  if (video->io == NULL) {
    av_free(buffer);
    return AVERROR(ENOMEM);
  }
  video->format = avformat_alloc_context();
  if (video->format == NULL) return AVERROR(ENOMEM);
  video->format->pb = video->io;
  video->format->flags |= AVFMT_FLAG_CUSTOM_IO;
  video->format->io_open = gallery_video_refuse_open;
  video->format->interrupt_callback.callback = gallery_video_interrupted;
  video->format->interrupt_callback.opaque = &video->source;
  video->format->max_streams = gallery_video_max_streams();
  video->format->opaque = video;
  AVDictionary *options = NULL;
  av_dict_set(&options, "format_whitelist", GALLERY_VIDEO_FORMATS, 0);
  av_dict_set(&options, "protocol_whitelist", "none", 0);
  int status = avformat_open_input(&video->format, NULL, NULL, &options);
  av_dict_free(&options);
  if (status < 0) return status;  // avformat_open_input freed the context
  // The decoders this opens to learn the streams get the same caps as ours: one thread,
  // at most `max_pixels` a frame.
  unsigned count = video->format->nb_streams;
  AVDictionary **per_stream = count > 0 ? av_calloc(count, sizeof *per_stream) : NULL;
  // Without the caps the probing decoders would take what a frame claims: no probing then.
  if (count > 0 && per_stream == NULL) return AVERROR(ENOMEM);
  for (unsigned i = 0; per_stream != NULL && i < count; i++) {
    av_dict_set(&per_stream[i], "threads", "1", 0);
    av_dict_set_int(&per_stream[i], "max_pixels", max_pixels, 0);
  }
  status = avformat_find_stream_info(video->format, per_stream);
  for (unsigned i = 0; per_stream != NULL && i < count; i++) av_dict_free(&per_stream[i]);
  av_free(per_stream);
  if (status < 0) return status;
  // Chosen without asking for a decoder: asked, FFmpeg passes over a stream it cannot
  // decode, and a video of an unknown codec would read as sound alone.
  int stream = av_find_best_stream(video->format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  // A cover alone (an audio file's artwork) is no video: the stream stays -1.
  if (stream < 0 || (video->format->streams[stream]->disposition & AV_DISPOSITION_ATTACHED_PIC))
    return 0;
  video->stream = stream;
  AVStream *chosen = video->format->streams[stream];
  const AVCodec *decoder = avcodec_find_decoder(chosen->codecpar->codec_id);
  if (decoder == NULL) return 0;
  video->codec = avcodec_alloc_context3(decoder);
  if (video->codec == NULL) return AVERROR(ENOMEM);
  status = avcodec_parameters_to_context(video->codec, chosen->codecpar);
  if (status < 0) return status;
  video->codec->thread_count = 1;
  video->codec->max_pixels = max_pixels;
  status = avcodec_open2(video->codec, decoder, NULL);
  if (status < 0) {
    avcodec_free_context(&video->codec);
    return status;
  }
  video->packet = av_packet_alloc();
  video->frame = av_frame_alloc();
  if (video->packet == NULL || video->frame == NULL) return AVERROR(ENOMEM);
  return 0;
}

static inline void gallery_video_copy(char *to, size_t size, const char *from) {
  if (from == NULL) {
    to[0] = 0;
    return;
  }
  size_t length = strnlen(from, size - 1);
  memcpy(to, from, length);
  to[length] = 0;
}

/// Copies what an open video says of itself into `facts`.
static inline void gallery_video_facts_of(struct gallery_video *video,
                                          struct gallery_video_facts *facts) {
  memset(facts, 0, sizeof *facts);
  AVFormatContext *format = video->format;
  if (format == NULL) return;
  if (format->duration > 0) facts->duration = (double)format->duration / AV_TIME_BASE;
  AVDictionaryEntry *created = av_dict_get(format->metadata, "creation_time", NULL, 0);
  for (unsigned i = 0; i < format->nb_streams; i++) {
    AVStream *stream = format->streams[i];
    if (stream->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) facts->has_audio = 1;
    if ((stream->disposition & AV_DISPOSITION_ATTACHED_PIC) && facts->cover_size == 0)
      facts->cover_size = stream->attached_pic.size;
  }
  if (video->stream >= 0) {
    AVStream *stream = format->streams[video->stream];
    AVCodecParameters *parameters = stream->codecpar;
    facts->width = parameters->width;
    facts->height = parameters->height;
    // The container's aspect where it gives one (a MOV's pasp), else the stream's.
    AVRational aspect = av_guess_sample_aspect_ratio(format, stream, NULL);
    facts->sar_num = aspect.num;
    facts->sar_den = aspect.den;
    AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    if (rate.num > 0 && rate.den > 0) facts->frame_rate = av_q2d(rate);
    if (facts->duration <= 0 && stream->duration > 0)
      facts->duration = stream->duration * av_q2d(stream->time_base);
    size_t matrix_size = 0;
    const uint8_t *matrix =
        av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &matrix_size);
    if (matrix != NULL && matrix_size >= 9 * sizeof(int32_t)) {
      // Anticlockwise degrees; a phone held upright records -90 (a quarter turn clockwise).
      double degrees = av_display_rotation_get((const int32_t *)matrix);
      if (degrees == degrees) {
        long turns = lround(-degrees / 90.0) % 4;
        facts->quarter_turns = (int)(turns < 0 ? turns + 4 : turns);
      }
    }
    // The codec's name even when no decoder reads it, for the reason shown.
    const char *codec = video->codec != NULL ? video->codec->codec->name
                                             : avcodec_get_name(parameters->codec_id);
    gallery_video_copy(facts->codec, sizeof facts->codec, codec);
    if (created == NULL) created = av_dict_get(stream->metadata, "creation_time", NULL, 0);
  }
  if (created != NULL) gallery_video_copy(facts->creation_time, sizeof facts->creation_time, created->value);
}

/// The attached cover's bytes (a JPEG or PNG an MP4 or Matroska file carries), or NULL.
static inline const uint8_t *gallery_video_cover(struct gallery_video *video, int *size) {
  *size = 0;
  if (video->format == NULL) return NULL;
  for (unsigned i = 0; i < video->format->nb_streams; i++) {
    AVStream *stream = video->format->streams[i];
    if ((stream->disposition & AV_DISPOSITION_ATTACHED_PIC) && stream->attached_pic.size > 0) {
      *size = stream->attached_pic.size;
      return stream->attached_pic.data;
    }
  }
  return NULL;
}

/// Moves to the key frame at or before `seconds` into the video stream; the next frame
/// decoded is that key frame. Returns 0 or FFmpeg's error (the position is then kept).
static inline int gallery_video_seek_to(struct gallery_video *video, double seconds) {
  if (video->codec == NULL) return AVERROR(EINVAL);
  AVStream *stream = video->format->streams[video->stream];
  double ticks = seconds / av_q2d(stream->time_base);
  // A length a crafted file claims can be past what a timestamp holds.
  if (!(ticks >= 0 && ticks < 9.0e18)) return AVERROR(EINVAL);
  int64_t timestamp = (int64_t)ticks;
  if (stream->start_time != AV_NOPTS_VALUE) timestamp += stream->start_time;
  int status = av_seek_frame(video->format, video->stream, timestamp, AVSEEK_FLAG_BACKWARD);
  if (status < 0) return status;
  avcodec_flush_buffers(video->codec);
  video->ended = 0;
  return 0;
}

/// Decodes the video stream's next frame into `video->frame`; its time in seconds from the
/// stream's start in `seconds`. Returns 0, AVERROR_EOF after the last frame, or FFmpeg's
/// error (AVERROR_EXIT past the deadline).
static inline int gallery_video_next_frame(struct gallery_video *video, double *seconds) {
  if (video->codec == NULL) return AVERROR(EINVAL);
  AVStream *stream = video->format->streams[video->stream];
  for (;;) {
    if (gallery_video_interrupted(&video->source)) return AVERROR_EXIT;
    int status = avcodec_receive_frame(video->codec, video->frame);
    if (status == 0) {
      int64_t pts = video->frame->best_effort_timestamp;
      if (pts == AV_NOPTS_VALUE) pts = video->frame->pts;
      if (pts != AV_NOPTS_VALUE && stream->start_time != AV_NOPTS_VALUE) pts -= stream->start_time;
      *seconds = pts == AV_NOPTS_VALUE ? 0 : pts * av_q2d(stream->time_base);
      return 0;
    }
    if (status != AVERROR(EAGAIN)) return status;
    if (video->ended) return AVERROR_EOF;
    status = av_read_frame(video->format, video->packet);
    if (status == AVERROR_EOF) {
      video->ended = 1;
      avcodec_send_packet(video->codec, NULL);  // drain what the decoder holds
      continue;
    }
    if (status < 0) return status;
    if (video->packet->stream_index == video->stream) {
      status = avcodec_send_packet(video->codec, video->packet);
      av_packet_unref(video->packet);
      if (status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_INVALIDDATA) return status;
    } else {
      av_packet_unref(video->packet);
    }
  }
}

/// The frame last decoded, scaled (area averaging) to `width`×`height` RGBA rows into
/// `rgba`. Returns 0, or -1 when there is no frame or the scaler cannot be made.
static inline int gallery_video_scale(struct gallery_video *video, uint8_t *rgba, int width,
                                      int height) {
  AVFrame *frame = video->frame;
  if (frame == NULL || frame->width <= 0 || frame->height <= 0 || width <= 0 || height <= 0)
    return -1;
  video->scaler = sws_getCachedContext(video->scaler, frame->width, frame->height,
                                       (enum AVPixelFormat)frame->format, width, height,
                                       AV_PIX_FMT_RGBA, SWS_AREA, NULL, NULL, NULL);
  if (video->scaler == NULL) return -1;
  uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
  int strides[4] = {width * 4, 0, 0, 0};
  int rows = sws_scale(video->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0,
                       frame->height, planes, strides);
  return rows == height ? 0 : -1;
}

/// FFmpeg's words for `status`, into `message` (`size` bytes).
static inline void gallery_video_error(int status, char *message, size_t size) {
  if (av_strerror(status, message, size) < 0) snprintf(message, size, "error %d", status);
}

/// FFmpeg's error codes, which are macros Swift cannot import.
static inline int gallery_video_eof(void) { return AVERROR_EOF; }
static inline int gallery_video_no_memory(void) { return AVERROR(ENOMEM); }
static inline int gallery_video_exit(void) { return AVERROR_EXIT; }
static inline int gallery_video_refused(void) { return AVERROR(EPERM); }

/// Quiets FFmpeg's own log (it writes to standard error, which is the screen), and caps
/// the largest block it may allocate at once: a damaged file's claims (a sample table or
/// a packet of half a gigabyte) then fail with ENOMEM instead of taking the memory. An
/// 8K frame in RGBA is 133 MB.
static inline void gallery_video_prepare(void) {
  av_log_set_level(AV_LOG_QUIET);
  av_log_set_callback(gallery_video_log);
  av_max_alloc(gallery_video_max_alloc());
}

#endif
