import CCodecLoading
import Dispatch
import Pictures

/// A codec's shared libraries, opened with `dlopen` the first time a file needs them
/// rather than loaded before `main` (a folder of JPEGs needs none of them).
///
/// Every caller into one of these libraries opens it first (`open(for:)`), which costs
/// an atomic load once it is open; the first opening takes the time its libraries take
/// to load and relocate (FFmpeg's, the slowest, 32–35 ms on an idle machine) and is never
/// on the drawing thread, since decoders and readers of details run on workers. A scan
/// opens them ahead, in the background, for the formats its folders hold
/// (`openAhead(for:)`).
package enum CodecLibrary: CaseIterable, Sendable {
  /// Videos: FFmpeg.
  case ffmpeg
  /// HEIC, HEIF and AVIF: libheif.
  case heif
  /// JPEG XL: libjxl.
  case jxl
  /// Camera raw files: LibRaw.
  case raw
  /// SVG: librsvg and cairo.
  case svg

  /// The libraries that read `format`; nil for the formats read by libraries linked in.
  package init?(reading format: ImageFormat) {
    switch format {
    case .video: self = .ffmpeg
    case .heic, .heif, .avif: self = .heif
    case .jxl: self = .jxl
    case .raw: self = .raw
    case .svg: self = .svg
    case .jpeg, .png, .gif, .webp, .tiff, .bmp: return nil
    }
  }

  /// Opens the libraries of the deferred formats among `formats` not tried yet, on a
  /// background queue, and returns at once.
  package static func openAhead(for formats: some Sequence<ImageFormat>) {
    let codecs = Set(formats.compactMap(CodecLibrary.init(reading:))).filter { !$0.wasTried }
    guard !codecs.isEmpty else { return }
    DispatchQueue.global(qos: .utility).async {
      for codec in codecs { _ = codec.problem }
    }
  }

  /// Whether opening the libraries was tried, whatever came of it; never opens them.
  var wasTried: Bool { gallery_codec_tried(code) != 0 }

  /// Whether opening the libraries was tried and failed; never opens them.
  package var couldNotOpen: Bool { gallery_codec_failed(code) != 0 }

  /// Opens the libraries (once for the process) or says why `format` cannot be read.
  func open(for format: ImageFormat) throws(ThumbnailError) {
    guard problem != nil else { return }
    throw .libraryMissing(format, library: library, packages: packages)
  }

  /// Whether the libraries are open, opening them if they never were.
  var isOpen: Bool { problem == nil }

  /// Why the libraries cannot be opened (the loader's own words, naming the file), or
  /// nil once they are: opens them if they never were.
  package var problem: String? {
    var problem: UnsafePointer<CChar>?
    if gallery_codec_open(code, &problem) != 0 { return nil }
    return problem.map { String(cString: $0) } ?? "\(library) cannot be opened"
  }

  /// The codec's first library file, by the name the loader opens (`libheif.so.1`).
  package var library: String { String(cString: gallery_codec_library(code)) }

  /// Every library file the codec opens, by the names the loader opens.
  package var libraryFiles: [String] {
    String(cString: gallery_codec_library_files(code)).split(separator: " ").map(String.init)
  }

  /// The Debian packages that install the libraries, as `apt install` takes them.
  package var packages: String { String(cString: gallery_codec_packages(code)) }

  /// What the libraries read, as `--diagnose` names it.
  package var formats: String {
    switch self {
    case .ffmpeg: "videos"
    case .heif: "HEIC, HEIF and AVIF"
    case .jxl: "JPEG XL"
    case .raw: "camera RAW"
    case .svg: "SVG"
    }
  }

  private var code: gallery_codec {
    switch self {
    case .ffmpeg: GALLERY_CODEC_FFMPEG
    case .heif: GALLERY_CODEC_HEIF
    case .jxl: GALLERY_CODEC_JXL
    case .raw: GALLERY_CODEC_RAW
    case .svg: GALLERY_CODEC_SVG
    }
  }
}
