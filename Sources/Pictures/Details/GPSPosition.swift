/// Where a picture was taken: a point on the WGS 84 globe, as its file says.
package struct GPSPosition: Hashable, Sendable {
  /// Degrees north (negative: south), −90…90.
  package var latitude: Double
  /// Degrees east (negative: west), −180…180.
  package var longitude: Double
  /// Metres above sea level, when given.
  package var altitude: Double?

  /// A position; nil when a coordinate is out of range or not a number (a file's
  /// garbage is not a place).
  package init?(latitude: Double, longitude: Double, altitude: Double? = nil) {
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude.flatMap { $0.isFinite ? $0 : nil }
  }
}
