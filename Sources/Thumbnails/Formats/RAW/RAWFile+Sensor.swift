import CRaw
import Pictures

extension RAWFile {
  /// The histogram (`.sensor`) and clipping of the sensor's mosaic over its visible area;
  /// nil when the data is no mosaic (a linear DNG, Foveon). Reads the raw data (LibRaw's
  /// `libraw_unpack`, within the memory cap): call it before `preview()`, on a handle no
  /// failed preview recycled.
  func measureSensor() throws(ThumbnailError) -> (histogram: ToneHistogram, clipping: Clipping)? {
    var sensor = gallery_raw_sensor()
    let status = gallery_raw_unpack_sensor(handle, &sensor)
    guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status, seconds: seconds) }
    guard let values = sensor.mosaic else { return nil }
    let (top, left) = (Int(sensor.top_margin), Int(sensor.left_margin))
    let (rawWidth, rawHeight, pitch) = (Int(sensor.raw_width), Int(sensor.raw_height), sensor.pitch)
    // LibRaw's sizes come from the file: checked before a photosite is read.
    guard rawWidth > 0, rawHeight > 0, pitch >= rawWidth, top >= 0, left >= 0,
      top < rawHeight, left < rawWidth
    else { throw .corrupt("its sensor's sizes do not agree") }
    let width = min(Int(sensor.width), rawWidth - left)
    let height = min(Int(sensor.height), rawHeight - top)
    guard width > 0, height > 0,
      let mosaic = Self.mosaic(of: &sensor, white: sensor.maximum)
    else { throw .corrupt("its sensor's mosaic or levels cannot be read") }
    let start = top * pitch + left
    let visible = UnsafeBufferPointer(start: values + start, count: rawHeight * pitch - start)
    guard
      let measured = ToneAnalysis.measure(
        sensor: visible, width: width, height: height, rowStride: pitch, mosaic: mosaic)
    else { throw .corrupt("its sensor is smaller than a block of its mosaic") }
    return measured
  }

  /// The mosaic LibRaw described over 48×48 photosites, cut to the shortest period that
  /// repeats it; nil when its levels are not a range (white not above black).
  private static func mosaic(of sensor: inout gallery_raw_sensor, white: UInt32)
    -> SensorMosaic?
  {
    let side = 48
    let colors: [UInt8] = withUnsafeBytes(of: &sensor.color) { Array($0) }
    let blacks: [UInt32] = withUnsafeBytes(of: &sensor.black) {
      Array($0.bindMemory(to: UInt32.self))
    }
    guard colors.count == side * side, blacks.count == side * side else { return nil }
    func repeats(every rows: Int, _ columns: Int) -> Bool {
      for row in 0..<side {
        for column in 0..<side {
          let cell = row * side + column
          let same = (row % rows) * side + column % columns
          if colors[cell] != colors[same] || blacks[cell] != blacks[same] { return false }
        }
      }
      return true
    }
    let periods = [1, 2, 3, 4, 6, 8, 12, 16, 24, 48]
    let rows = periods.first { repeats(every: $0, side) } ?? side
    let columns = periods.first { repeats(every: rows, $0) } ?? side
    var channels: [SensorMosaic.Channel] = []
    var levels: [UInt16] = []
    for row in 0..<rows {
      for column in 0..<columns {
        let cell = row * side + column
        channels.append(
          SensorMosaic.Channel(rawValue: colors[cell] == 3 ? 1 : colors[cell]) ?? .green)
        levels.append(UInt16(clamping: blacks[cell]))
      }
    }
    return SensorMosaic(
      rows: rows, columns: columns, channels: channels, blackLevels: levels,
      whiteLevel: UInt16(clamping: white))
  }
}
