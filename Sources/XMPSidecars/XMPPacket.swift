import CExempi
import Pictures

/// One XMP packet held by Exempi: read from bytes after `XMPPacketCheck`, its culling
/// fields read and written, turned back into a sidecar's text. Every element it does not
/// write (darktable's history, keywords, anyone's fields) goes through unchanged in value.
///
/// Not shared between threads: Exempi's objects are not.
package final class XMPPacket {
  /// Exempi's object, handed to `EmbeddedXMPWrite` to put into a picture.
  let xmp: OpaquePointer

  /// The version of darktable's sidecar format a new sidecar names: the one darktable
  /// 3.0 to 5.x writes.
  static let darktableXMPVersion = "5"

  /// A packet for a sidecar made new: empty but for darktable's `xmp_version`.
  ///
  /// darktable reads a sidecar's `xmp:Rating` only when the sidecar names its version
  /// (or its "ignore EXIF rating" option is off), so a sidecar without one would show
  /// darktable no stars and no reject. Only a new sidecar gets it: an existing one keeps
  /// the version it has, which tells darktable how to read its history.
  package init() throws(XMPRefusal) {
    guard Exempi.isReady, let xmp = xmp_new_empty() else {
      throw .malformed(code: Exempi.lastError)
    }
    self.xmp = xmp
    set(Exempi.darktableNamespace, "xmp_version", Self.darktableXMPVersion)
  }

  /// A packet made new inside a picture: empty, without darktable's `xmp_version`, which
  /// names a sidecar's format.
  init(emptyForPicture: Void) throws(XMPRefusal) {
    guard Exempi.isReady, let xmp = xmp_new_empty() else {
      throw .malformed(code: Exempi.lastError)
    }
    self.xmp = xmp
  }

  /// The packet in `bytes`, checked first (`XMPPacketCheck`): a sidecar's text or XMP
  /// taken out of a picture.
  package init(parsing bytes: [UInt8]) throws(XMPRefusal) {
    try XMPPacketCheck.check(bytes)
    guard Exempi.isReady, let xmp = xmp_new_empty() else {
      throw .malformed(code: Exempi.lastError)
    }
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { xmp_parse(xmp, $0.baseAddress, $0.count) }
    }
    guard parsed else {
      let code = Exempi.lastError
      xmp_free(xmp)
      throw .malformed(code: code)
    }
    self.xmp = xmp
  }

  deinit { xmp_free(xmp) }

  /// The decision the packet holds (`CullingDecision.undecided` when none).
  ///
  /// Stars and the reject from `xmp:Rating` (−1), a pick or a reject from digiKam's
  /// `PickLabel` too; the labels from `xmp:Label` first, as darktable reads them, with
  /// the rest of darktable's `colorlabels` when their first agrees, else from
  /// `colorlabels`, else from digiKam's `ColorLabel`.
  package var decision: CullingDecision {
    let rating = integer(Exempi.xmpNamespace, "Rating") ?? 0
    let pick =
      integer(Exempi.digiKamNamespace, "PickLabel").map { CullingFlag(digiKamPickLabel: $0) }
      ?? .none
    let flag: CullingFlag = rating < 0 ? .rejected : pick
    return CullingDecision(xmpRating: rating, flag: flag, labels: labels)
  }

  /// Whether the packet holds `xmp:Rating` as a number: the stars (or the reject) it
  /// gives win over EXIF's `Rating` in the same file.
  package var hasRating: Bool { integer(Exempi.xmpNamespace, "Rating") != nil }

  private var labels: ColorLabels {
    let darktable = darktableLabels
    if let text = property(Exempi.xmpNamespace, "Label"),
      let label = ColorLabel(xmpLabel: text)
    {
      return darktable?.first == label ? darktable ?? label.set : label.set
    }
    if let darktable { return darktable }
    return integer(Exempi.digiKamNamespace, "ColorLabel").flatMap {
      ColorLabel(digiKamColorLabel: $0)
    }?
    .set ?? []
  }

  /// darktable's `colorlabels`, nil when absent; numbers outside 0–4 are passed by.
  private var darktableLabels: ColorLabels? {
    guard xmp_has_property(xmp, Exempi.darktableNamespace, "colorlabels") else { return nil }
    var labels: ColorLabels = []
    var index: Int32 = 1
    while index <= 64, let text = item(Exempi.darktableNamespace, "colorlabels", index) {
      if let number = Int(text), let label = ColorLabel(rawValue: number) {
        labels.insert(label.set)
      }
      index += 1
    }
    return labels
  }

  /// Writes `decision` into the packet for darktable, digiKam and Lightroom alike.
  ///
  /// `xmp:Rating` always (0 when unrated, −1 when rejected). A field the decision clears
  /// is removed: `xmp:Label` (unless it holds a label of Lightroom's own text, which no
  /// colour replaces), darktable's `colorlabels`, digiKam's `ColorLabel` (unless one of
  /// its colours darktable lacks, such as orange) and `PickLabel` (unless pending).
  ///
  /// - Returns: whether any of those fields changed; false when the packet held the
  ///   decision already, written as the gallery writes it.
  @discardableResult
  package func apply(_ decision: CullingDecision) -> Bool {
    let before = writtenFields
    set(Exempi.xmpNamespace, "Rating", String(decision.xmpRating))
    let first = decision.labels.first
    if let first {
      set(Exempi.xmpNamespace, "Label", first.xmpLabel)
    } else if let text = property(Exempi.xmpNamespace, "Label"), ColorLabel(xmpLabel: text) != nil {
      delete(Exempi.xmpNamespace, "Label")
    }
    delete(Exempi.darktableNamespace, "colorlabels")
    for label in decision.labels.labels {
      _ = xmp_append_array_item(
        xmp, Exempi.darktableNamespace, "colorlabels", gallery_xmp_ordered_array(),
        String(label.darktableNumber), 0)
    }
    if let first {
      set(Exempi.digiKamNamespace, "ColorLabel", String(first.digiKamColorLabel))
    } else if let number = integer(Exempi.digiKamNamespace, "ColorLabel"),
      ColorLabel(digiKamColorLabel: number) != nil
    {
      delete(Exempi.digiKamNamespace, "ColorLabel")
    }
    if decision.flag != .none {
      set(Exempi.digiKamNamespace, "PickLabel", String(decision.flag.digiKamPickLabel))
    } else if integer(Exempi.digiKamNamespace, "PickLabel") != 2 {
      delete(Exempi.digiKamNamespace, "PickLabel")
    }
    return writtenFields != before
  }

  /// The text of every field `apply` writes, darktable's labels as their items.
  private var writtenFields: [String?] {
    var labels: [String] = []
    var index: Int32 = 1
    while index <= 64, let text = item(Exempi.darktableNamespace, "colorlabels", index) {
      labels.append(text)
      index += 1
    }
    return [
      property(Exempi.xmpNamespace, "Rating"), property(Exempi.xmpNamespace, "Label"),
      property(Exempi.darktableNamespace, "colorlabels"), labels.joined(separator: ","),
      property(Exempi.digiKamNamespace, "ColorLabel"),
      property(Exempi.digiKamNamespace, "PickLabel"),
    ]
  }

  /// The packet as a sidecar's text: an XML declaration, then `x:xmpmeta` (no packet
  /// wrapper, as darktable and exiftool write sidecars).
  package func sidecarBytes() throws(XMPRefusal) -> [UInt8] {
    guard let buffer = xmp_string_new() else { throw .malformed(code: Exempi.lastError) }
    defer { xmp_string_free(buffer) }
    guard gallery_xmp_serialize_sidecar(xmp, buffer), let text = xmp_string_cstr(buffer) else {
      throw .malformed(code: Exempi.lastError)
    }
    let body = UnsafeBufferPointer(start: text, count: xmp_string_len(buffer))
    return Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
      + body.map { UInt8(bitPattern: $0) }
  }

  /// The packet to put inside a picture: its `<?xpacket?>` wrapper, then `padding`
  /// spaces before the closing one (room for a later edit in place, as the XMP
  /// specification asks), whatever the length needs.
  package func embeddedBytes(padding: Int) throws(XMPRefusal) -> [UInt8] {
    guard let buffer = xmp_string_new() else { throw .malformed(code: Exempi.lastError) }
    defer { xmp_string_free(buffer) }
    guard gallery_xmp_serialize_embedded(xmp, buffer), let text = xmp_string_cstr(buffer) else {
      throw .malformed(code: Exempi.lastError)
    }
    let body = UnsafeBufferPointer(start: text, count: xmp_string_len(buffer)).map {
      UInt8(bitPattern: $0)
    }
    let end = Array("<?xpacket end=".utf8)
    guard let closing = body.ranges(of: end).last else { throw .notXMP }
    // Lines of 100 spaces, as Adobe's writers pad.
    var spaces: [UInt8] = []
    while spaces.count < padding {
      let line = min(100, padding - spaces.count)
      spaces += line > 1 ? [UInt8](repeating: 0x20, count: line - 1) + [0x0A] : [0x20]
    }
    return Array(body[..<closing.lowerBound]) + spaces + Array(body[closing.lowerBound...])
  }

  private func property(_ namespace: String, _ name: String) -> String? {
    guard let value = xmp_string_new() else { return nil }
    defer { xmp_string_free(value) }
    guard xmp_get_property(xmp, namespace, name, value, nil), let text = xmp_string_cstr(value)
    else { return nil }
    return String(cString: text)
  }

  private func item(_ namespace: String, _ name: String, _ index: Int32) -> String? {
    guard let value = xmp_string_new() else { return nil }
    defer { xmp_string_free(value) }
    guard xmp_get_array_item(xmp, namespace, name, index, value, nil),
      let text = xmp_string_cstr(value)
    else { return nil }
    return String(cString: text)
  }

  /// An integer property; a decimal one (`3.0`, as some tools write ratings) is rounded.
  private func integer(_ namespace: String, _ name: String) -> Int? {
    guard let text = property(namespace, name)?.filter({ !$0.isWhitespace }) else { return nil }
    if let number = Int(text) { return number }
    guard let number = Double(text), number.isFinite, abs(number) < 1e6 else { return nil }
    return Int(number.rounded())
  }

  /// Sets a simple value; a property of the same name that is an array or a structure
  /// (which Exempi cannot give a value) is removed first.
  private func set(_ namespace: String, _ name: String, _ value: String) {
    if xmp_set_property(xmp, namespace, name, value, 0) { return }
    delete(namespace, name)
    _ = xmp_set_property(xmp, namespace, name, value, 0)
  }

  private func delete(_ namespace: String, _ name: String) {
    _ = xmp_delete_property(xmp, namespace, name)
  }
}
