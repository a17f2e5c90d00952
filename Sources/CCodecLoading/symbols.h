// The functions the gallery calls in each deferred codec library, as X-macro lists: one
// list makes the trampolines (trampolines.c), their slots and the names the loader
// resolves (loading.c), so a function added here is resolved without another edit. A
// function called but missing here fails the link ("undefined reference"), since the
// libraries are no longer linked.
#ifndef GALLERY_CCODECLOADING_SYMBOLS_H
#define GALLERY_CCODECLOADING_SYMBOLS_H

#define GALLERY_FFMPEG_SYMBOLS(X)                                                        \
  X(av_calloc) X(av_dict_free) X(av_dict_get) X(av_dict_set) X(av_dict_set_int)          \
  X(av_display_rotation_get) X(av_find_best_stream) X(av_frame_alloc) X(av_frame_free)   \
  X(av_free) X(av_freep) X(av_guess_sample_aspect_ratio) X(av_log_set_callback)          \
  X(av_log_set_level) X(av_malloc) X(av_max_alloc) X(av_packet_alloc) X(av_packet_free)  \
  X(av_packet_unref) X(av_read_frame) X(av_seek_frame) X(av_stream_get_side_data)        \
  X(av_strerror) X(avcodec_alloc_context3) X(avcodec_find_decoder)                       \
  X(avcodec_flush_buffers) X(avcodec_free_context) X(avcodec_get_name) X(avcodec_open2)  \
  X(avcodec_parameters_to_context) X(avcodec_receive_frame) X(avcodec_send_packet)       \
  X(avformat_alloc_context) X(avformat_close_input) X(avformat_find_stream_info)         \
  X(avformat_get_class) X(avformat_open_input) X(avio_alloc_context)                     \
  X(avio_context_free) X(sws_freeContext) X(sws_getCachedContext) X(sws_scale)

#define GALLERY_HEIF_SYMBOLS(X)                                                          \
  X(heif_context_alloc) X(heif_context_free) X(heif_context_get_primary_image_handle)    \
  X(heif_context_read_from_memory_without_copy) X(heif_context_read_from_reader)         \
  X(heif_context_set_max_decoding_threads) X(heif_context_set_maximum_image_size_limit)  \
  X(heif_decode_image) X(heif_decoding_options_alloc) X(heif_decoding_options_free)      \
  X(heif_image_get_height) X(heif_image_get_plane_readonly) X(heif_image_get_width)      \
  X(heif_image_handle_get_chroma_bits_per_pixel)                                         \
  X(heif_image_handle_get_color_profile_type) X(heif_image_handle_get_height)            \
  X(heif_image_handle_get_ispe_height) X(heif_image_handle_get_ispe_width)               \
  X(heif_image_handle_get_list_of_metadata_block_IDs)                                    \
  X(heif_image_handle_get_list_of_thumbnail_IDs)                                         \
  X(heif_image_handle_get_luma_bits_per_pixel) X(heif_image_handle_get_metadata)         \
  X(heif_image_handle_get_metadata_size) X(heif_image_handle_get_nclx_color_profile)     \
  X(heif_image_handle_get_number_of_thumbnails)                                          \
  X(heif_image_handle_get_raw_color_profile)                                             \
  X(heif_image_handle_get_raw_color_profile_size) X(heif_image_handle_get_thumbnail)     \
  X(heif_image_handle_get_width) X(heif_image_handle_has_alpha_channel)                  \
  X(heif_image_handle_release) X(heif_image_release) X(heif_init)                        \
  X(heif_nclx_color_profile_free)

#define GALLERY_JXL_SYMBOLS(X)                                                           \
  X(JxlDecoderCloseInput) X(JxlDecoderCreate) X(JxlDecoderDestroy)                       \
  X(JxlDecoderGetBasicInfo) X(JxlDecoderGetBoxType) X(JxlDecoderGetColorAsEncodedProfile)\
  X(JxlDecoderGetColorAsICCProfile) X(JxlDecoderGetICCProfileSize)                       \
  X(JxlDecoderImageOutBufferSize) X(JxlDecoderProcessInput) X(JxlDecoderReleaseBoxBuffer)\
  X(JxlDecoderSetBoxBuffer) X(JxlDecoderSetDecompressBoxes) X(JxlDecoderSetImageOutBuffer)\
  X(JxlDecoderSetInput) X(JxlDecoderSetKeepOrientation)                                  \
  X(JxlDecoderSetPreferredColorProfile) X(JxlDecoderSubscribeEvents)

#define GALLERY_RAW_SYMBOLS(X)                                                           \
  X(libraw_COLOR) X(libraw_close) X(libraw_dcraw_clear_mem) X(libraw_dcraw_make_mem_image)\
  X(libraw_dcraw_make_mem_thumb) X(libraw_dcraw_process) X(libraw_init)                  \
  X(libraw_open_buffer) X(libraw_open_file) X(libraw_set_progress_handler)               \
  X(libraw_strerror) X(libraw_unpack) X(libraw_unpack_thumb)

#define GALLERY_SVG_SYMBOLS(X)                                                           \
  X(cairo_create) X(cairo_destroy) X(cairo_format_stride_for_width)                      \
  X(cairo_image_surface_create_for_data) X(cairo_status) X(cairo_status_to_string)       \
  X(cairo_surface_destroy) X(cairo_surface_flush) X(cairo_surface_status)                \
  X(g_error_free) X(g_memory_input_stream_new_from_data) X(g_object_unref)              \
  X(rsvg_handle_get_geometry_for_layer) X(rsvg_handle_get_intrinsic_dimensions)          \
  X(rsvg_handle_get_intrinsic_size_in_pixels) X(rsvg_handle_new_from_stream_sync)        \
  X(rsvg_handle_render_document) X(rsvg_handle_set_dpi)

/// Every list with its codec, for code that walks them all.
#define GALLERY_CODEC_SYMBOLS(X)                                                         \
  GALLERY_FFMPEG_SYMBOLS(X) GALLERY_HEIF_SYMBOLS(X) GALLERY_JXL_SYMBOLS(X)               \
  GALLERY_RAW_SYMBOLS(X) GALLERY_SVG_SYMBOLS(X)

#endif
