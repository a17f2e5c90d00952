import TerminalKit

/// What the library index keeps of one picture's file besides its identity: what its
/// head says (format, size, when and with what it was taken, where, the spot it was
/// focused on), read without
/// decoding its pixels.
///
/// The file is the truth and this a copy of what it said when it was last read: the
/// index keeps it under the file's identity and stamp, and a file rewritten since is read
/// again. Every field is optional but the format's guess and the orientation: a GIF has
/// no camera, a screenshot no date, a video no aperture.
package struct PictureDetails: Hashable, Sendable {
  /// The fields, in one shared box: a library holds 100,000 of these in dictionaries and
  /// the search copies them as it goes, so a copy is one reference, not 200 bytes and six
  /// strings to retain. Copied on write.
  private var box: Box

  /// The format its bytes say (nil: none the gallery knows).
  package var format: ImageFormat? {
    get { box.fields.format }
    set { mutate { $0.format = newValue } }
  }
  /// The stored size in pixels, before the orientation is applied; nil when unknown.
  package var storedSize: PixelSize? {
    get { box.fields.storedSize }
    set { mutate { $0.storedSize = newValue } }
  }
  /// The EXIF orientation (1–8); 1 when the file names none.
  package var orientation: Int {
    get { box.fields.orientation }
    set { mutate { $0.orientation = newValue } }
  }
  /// When it was taken, as the camera's clock said, with the zone when the file gives it.
  package var taken: TakenTime? {
    get { box.fields.taken }
    set { mutate { $0.taken = newValue } }
  }
  /// The camera's maker as written (`FUJIFILM`, `NIKON CORPORATION`).
  package var cameraMake: String? {
    get { box.fields.cameraMake }
    set { mutate { $0.cameraMake = newValue } }
  }
  /// The camera's model as written (`X100V`, `NIKON Z 6`).
  package var cameraModel: String? {
    get { box.fields.cameraModel }
    set { mutate { $0.cameraModel = newValue } }
  }
  /// The lens, as the camera names it.
  package var lens: String? {
    get { box.fields.lens }
    set { mutate { $0.lens = newValue } }
  }
  /// Exposure time, aperture, ISO and focal length.
  package var exposure: Exposure? {
    get { box.fields.exposure }
    set { mutate { $0.exposure = newValue } }
  }
  /// Where it was taken, when the file says.
  package var position: GPSPosition? {
    get { box.fields.position }
    set { mutate { $0.position = newValue } }
  }
  /// Where the camera focused, in fractions (0...1) of the picture as shown (after its
  /// orientation): EXIF's `SubjectArea` or `SubjectLocation`, which phones and many
  /// cameras write, else a Sony camera's `FocusLocation`; nil when the file names none,
  /// or one outside the picture.
  package var focusPoint: FocusPoint? {
    get { box.fields.focusPoint }
    set { mutate { $0.focusPoint = newValue } }
  }
  /// A video's length in seconds; nil for a still or when the container does not say.
  package var duration: Double? {
    get { box.fields.duration }
    set { mutate { $0.duration = newValue } }
  }
  /// A video's codec as FFmpeg names it (`h264`, `hevc`).
  package var codec: String? {
    get { box.fields.codec }
    set { mutate { $0.codec = newValue } }
  }
  /// Why the file cannot be shown (`truncated`, `not a JPEG`…); nil when its head is
  /// sound. Read from the head only: a file whose later bytes are damaged is found broken
  /// when it is decoded.
  package var brokenReason: String? {
    get { box.fields.brokenReason }
    set { mutate { $0.brokenReason = newValue } }
  }

  /// Whether the library that reads the format could not be opened on this machine, so
  /// what was read (its broken reason, say) is not the file's own: such details are shown
  /// but not kept in the library index, and the file is read again once the library is
  /// installed.
  package var lacksLibrary: Bool {
    get { box.fields.lacksLibrary }
    set { mutate { $0.lacksLibrary = newValue } }
  }

  package init(
    format: ImageFormat? = nil, storedSize: PixelSize? = nil, orientation: Int = 1,
    taken: TakenTime? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
    lens: String? = nil, exposure: Exposure? = nil, position: GPSPosition? = nil,
    focusPoint: FocusPoint? = nil, duration: Double? = nil, codec: String? = nil,
    brokenReason: String? = nil
  ) {
    box = Box(
      Fields(
        format: format, storedSize: storedSize,
        orientation: (1...8).contains(orientation) ? orientation : 1, taken: taken,
        cameraMake: cameraMake, cameraModel: cameraModel, lens: lens,
        exposure: exposure.flatMap { $0.isEmpty ? nil : $0 }, position: position,
        focusPoint: focusPoint,
        duration: duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }, codec: codec,
        brokenReason: brokenReason))
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

  /// Changes the fields through `change`, on a box of its own.
  private mutating func mutate(_ change: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    change(&box.fields)
  }

  /// The size as shown: orientations 5–8 swap the sides.
  package var shownSize: PixelSize? {
    guard let storedSize else { return nil }
    return orientation >= 5
      ? PixelSize(width: storedSize.height, height: storedSize.width) : storedSize
  }

  /// Whether the file's head says it cannot be shown.
  package var isBroken: Bool { brokenReason != nil }

  /// The stored fields.
  private struct Fields: Hashable, Sendable {
    var format: ImageFormat?
    var storedSize: PixelSize?
    var orientation: Int
    var taken: TakenTime?
    var cameraMake: String?
    var cameraModel: String?
    var lens: String?
    var exposure: Exposure?
    var position: GPSPosition?
    var focusPoint: FocusPoint?
    var duration: Double?
    var codec: String?
    var brokenReason: String?
    var lacksLibrary = false
  }

  /// The box the fields live in. Unchecked: its fields change only through `mutate`,
  /// on a box no other value holds, so no two threads ever see one change.
  private final class Box: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) { self.fields = fields }
  }
}
