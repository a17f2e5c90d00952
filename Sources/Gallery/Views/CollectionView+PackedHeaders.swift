import CompositionalLayout
import TerminalKit

/// The headers of small days side by side (packed sections, `SectionPacking`): each as
/// wide as its pictures, so its title is the day's short one (`Tue 3 Mar`), the year only
/// where it changes, then what of the count, the folder and the dates still read fits.
extension CollectionView {
  /// A header's name and what follows it, in `room` columns: the section's own for a
  /// section of the whole width; for a packed one the first of its short titles
  /// (`TimelineTitle.shortTitles`, longest first) that fits, with the count and the
  /// folder of more than one picture and `dates being read` while they fit too, the
  /// folder going first. The last, shortest title when none fits.
  static func headerText(_ state: GalleryState, section: Int, count: Int, room: Int)
    -> (title: String, detail: String)
  {
    let shown = state.sections[section]
    guard state.layout.sections.indices.contains(section),
      state.layout.sections[section].isPacked
    else { return (shown.name, countText(state, section: section, count: count)) }
    let titles =
      shown.period.map { period in
        let previous = section > 0 ? state.sections[section - 1].period : nil
        return TimelineTitle.shortTitles(
          of: period, locale: state.appearance.locale, showsYear: previous?.year != period.year)
      } ?? [shown.name]
    let dot = state.appearance.unicode ? "·" : "-"
    let number = TimelineTitle.count(count, locale: state.appearance.locale)
    let counted = count > 1 ? " \(dot) \(number) pictures" : ""
    let pending =
      shown.period == nil && state.content.datesPending > 0 ? " \(dot) dates being read" : ""
    let place = shown.place.map { " \(dot) " + TextSanitizer.sanitize($0) } ?? ""
    // A day of one picture names no folder: the picture's own line does.
    let details =
      count > 1 ? [counted + place + pending, counted + pending, counted, ""] : [pending, ""]
    for title in titles {
      // A detail needs a blank after it; a title alone may fill the room.
      for detail in details
      where title.displayWidth + detail.displayWidth + (detail.isEmpty ? 0 : 1) <= room {
        return (title, detail + " ")
      }
    }
    return (titles.last ?? shown.name, " ")
  }
}
