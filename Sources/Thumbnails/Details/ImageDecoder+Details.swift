import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension ImageDecoder {
  /// What the library index keeps of the picture at `path`, read from the head of its file:
  /// format, stored size, orientation, when, with what and where it was taken, a video's
  /// length and codec, and why it cannot be shown when its head says so. No pixels are
  /// decoded.
  ///
  /// JPEG, PNG, GIF, BMP, WebP, TIFF and TIFF-based raw files (NEF, ARW, DNG, CR2, PEF,
  /// ORF) are read by one `pread` of their first 16 KiB, grown only when a structure in it
  /// goes on (an EXIF block, a directory further in), their tags read in place
  /// (`TIFFTags`). Raw files whose directories do not give a size (CR3, RAF, RW2) have
  /// LibRaw read their tags. HEIF and AVIF are read box by box through libheif, JPEG XL's
  /// header through libjxl and its `Exif` box found by the boxes' headers; an SVG is parsed
  /// for its own size; a video's container header is read by FFmpeg. A file that cannot be
  /// opened gives its reason and the format its name suggests.
  package func details(path: String) -> PictureDetails {
    let opened: (descriptor: Int32, status: stat)
    do throws(ThumbnailError) {
      // No size cap: a video is read in part; the others are checked below.
      opened = try PictureFile.openRegular(path: path, limit: .max)
    } catch {
      return PictureDetails(brokenReason: error.shortReason)
    }
    defer { close(opened.descriptor) }
    let head = FileHead(descriptor: opened.descriptor, fileSize: Int(opened.status.st_size))
    return details(head: head, name: path)
  }

  /// The details of the file `head` reads; `name` says what it claims to be when its bytes
  /// are no format the gallery knows.
  func details(head: FileHead, name: String) -> PictureDetails {
    let sniffed = head.bytes(at: 0, count: min(head.fileSize, ImageFormat.sniffLength))
      .flatMap { Self.sniff($0) }
    guard let format = sniffed else {
      let claimed = ImageFormat(fileName: name).map { "not a \($0.name)" }
      return PictureDetails(brokenReason: claimed ?? ThumbnailError.unsupportedFormat.shortReason)
    }
    var details = PictureDetails(format: format)
    // A file past the size cap is not shown, but its head still says what it is (a
    // scanner's huge TIFF keeps its date): only what would read it whole is skipped.
    let tooLarge = format != .video && Int64(head.fileSize) > limits.maxFileBytes
    switch format {
    case .jpeg: HeadDetails.jpeg(head, into: &details)
    case .png: HeadDetails.png(head, into: &details)
    case .gif: HeadDetails.gif(head, into: &details)
    case .bmp: HeadDetails.bmp(head, into: &details)
    case .webp: HeadDetails.webp(head, into: &details)
    case .tiff: HeadDetails.tiff(head, into: &details)
    case .raw: rawDetails(head, into: &details)
    case .heic, .heif, .avif: HEIFDetails.read(head, into: &details)
    case .jxl: JXLDetails.read(head, into: &details)
    case .svg: if !tooLarge { svgDetails(head, into: &details) }
    case .video: videoDetails(head, into: &details)
    }
    // Checked after the reading, which opens the library when it needs it (a NEF whose
    // directories give its size never opens LibRaw): not kept when it could not be.
    details.lacksLibrary = CodecLibrary(reading: format)?.couldNotOpen ?? false
    if tooLarge {
      details.brokenReason =
        ThumbnailError.fileTooLarge(bytes: Int64(head.fileSize), limit: limits.maxFileBytes)
        .shortReason
    } else if details.brokenReason == nil, format != .svg, let size = details.storedSize {
      do throws(ThumbnailError) {
        try limits.check(width: size.width, height: size.height)
      } catch {
        details.brokenReason = error.shortReason
      }
    }
    return details
  }

  /// An SVG's own size, its document parsed (not rendered).
  private func svgDetails(_ head: FileHead, into details: inout PictureDetails) {
    guard let bytes = head.array(at: 0, count: head.fileSize) else {
      details.brokenReason = ThumbnailError.truncated.shortReason
      return
    }
    do throws(ThumbnailError) {
      let metadata = try SVGDecoder.metadata(bytes, limits: limits)
      details.storedSize = PixelSize(
        width: metadata.originalWidth, height: metadata.originalHeight)
    } catch {
      details.brokenReason = error.shortReason
    }
  }
}

extension PictureDetails {
  /// Takes what an EXIF structure says: orientation, date, camera, exposure, position,
  /// focus point; the stored size too when `size` (a TIFF's own directories).
  mutating func take(_ tags: TIFFTags, size: Bool = false) {
    if let orientation = tags.orientation, (1...8).contains(orientation) {
      self.orientation = orientation
    }
    taken = tags.taken
    cameraMake = tags.make
    cameraModel = tags.model
    lens = tags.lens
    exposure = tags.exposure
    position = tags.position
    if size, let width = tags.width, let height = tags.height, width > 0, height > 0 {
      storedSize = PixelSize(width: width, height: height)
    }
    takeFocus(tags)
  }
}
