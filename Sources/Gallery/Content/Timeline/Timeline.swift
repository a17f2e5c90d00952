import FoundationEssentials

/// The library in sections by the date taken: the timeline's arrangement.
///
/// Pure and made from scratch: every picture of the folders' sections (a pair once) goes
/// into the period of its day, the periods newest first, then the pictures without a day
/// (none read yet, or none to read) in a last section of their own.
package enum Timeline {
  /// The identifier of the section of pictures without a date.
  package static let undatedSectionID = "gallery:undated"

  /// The sections of `folders`' pictures grouped by `grouping` (not `.folder`), newest
  /// first, the section without dates last (left out when empty).
  ///
  /// Within a period the pictures keep the folders' order, by name within each folder; a
  /// period of pictures from more than one folder is put in the natural order of the
  /// names. A section names the folder its pictures came from when there is one
  /// (`LibrarySection.place`). `title` names each period (called once a period).
  ///
  /// O(pictures) lookups, plus a sort of each period drawn from several folders.
  package static func sections(
    of folders: [LibrarySection], days: [String: CalendarDay], grouping: SectionGrouping,
    title: (TimelinePeriod) -> String
  ) -> [LibrarySection] {
    struct Gathering {
      var pictures: [Picture] = []
      var folder: String
      var place: String?
      var folderURL: URL
      var mixed = false
    }
    var periods: [TimelinePeriod: Gathering] = [:]
    var undated: [Picture] = []
    for section in folders {
      for picture in section.pictures {
        guard let day = days[picture.path], let period = TimelinePeriod(day, grouping: grouping)
        else {
          undated.append(picture)
          continue
        }
        if periods[period] == nil {
          periods[period] = Gathering(
            folder: section.id, place: section.name, folderURL: section.folder)
        }
        periods[period]?.pictures.append(picture)
        if periods[period]?.folder != section.id { periods[period]?.mixed = true }
      }
    }
    var result: [LibrarySection] = []
    result.reserveCapacity(periods.count + 1)
    for period in periods.keys.sorted(by: >) {
      guard let gathered = periods[period] else { continue }
      let pictures =
        gathered.mixed
        ? NaturalOrder.sorted(gathered.pictures, by: \.fileName) : gathered.pictures
      result.append(
        LibrarySection(
          name: title(period),
          folder: gathered.mixed ? URL(fileURLWithPath: "/") : gathered.folderURL,
          pictures: pictures, id: period.sectionID, period: period,
          place: gathered.mixed ? nil : gathered.place))
    }
    if !undated.isEmpty {
      result.append(
        LibrarySection(
          name: TimelineTitle.undated, folder: URL(fileURLWithPath: "/"), pictures: undated,
          id: undatedSectionID))
    }
    return result
  }
}
