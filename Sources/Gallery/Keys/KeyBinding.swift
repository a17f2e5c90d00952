/// One line of the keys help: the keys and what they do.
package struct KeyBinding: Sendable, Hashable {
  /// The keys as shown to the user, such as `←↓↑→ h j k l`, with where they apply:
  /// `← →  (detail)`.
  package var keys: String { context.map { standardKeys + "  (\($0))" } ?? standardKeys }
  /// What they do.
  package let action: String
  /// The actions the line documents; a configuration that binds them to other keys
  /// shows those (`keys(in:)`).
  package let actions: [KeyAction]
  /// The standard keys, without the context.
  let standardKeys: String
  /// Where the keys apply (`detail`, `in a row`), nil for everywhere.
  let context: String?

  /// The keys as the man page's KEYS section names them, in the markup of `manual`
  /// (`Arrows, **h j k l**`).
  package let manualKeys: String
  /// The man page's paragraph: `**word**` typed as it is, `*word*` filled in, a blank
  /// line between paragraphs. Nil when another line's paragraph says it (the arrows in a
  /// row are told with the arrows).
  package let manual: String?

  init(
    _ keys: String, _ action: String, _ actions: [KeyAction], in context: String? = nil,
    manual manualKeys: String = "", _ manual: String? = nil
  ) {
    standardKeys = keys
    self.action = action
    self.actions = actions
    self.context = context
    self.manualKeys = manualKeys
    self.manual = manual
  }

  /// The keys as `keyMap` binds them: `keys` while the line's actions keep their standard
  /// keys, else for each action the names of its keys (`left/h down/x up/k right/l`), or
  /// `unbound`.
  package func keys(in keyMap: KeyMap) -> String {
    guard !actions.allSatisfy(keyMap.isStandard) else { return keys }
    let names = actions.map { keyMap.keys(for: $0).map(\.description).joined(separator: "/") }
    let text =
      names.allSatisfy(\.isEmpty)
      ? "unbound" : names.map { $0.isEmpty ? "-" : $0 }.joined(separator: " ")
    return context.map { text + "  (\($0))" } ?? text
  }

  /// Every key, in the order of the help screen; the `?` overlay shows the same list, and
  /// the man page's KEYS section is made from it.
  package static let all: [KeyBinding] = [
    KeyBinding(
      "← ↓ ↑ →  h j k l", "move the focus (across sections too)", [.left, .down, .up, .right],
      manual: "Arrows, **h j k l**",
      """
      Move the focus to the nearest picture in that direction, across sections. In a row \
      that scrolls sideways, left and right move along the row.
      """),
    KeyBinding("← →", "scroll the horizontal row", [.left, .right], in: "in a row"),
    KeyBinding(
      "PgUp PgDn  Ctrl-B Ctrl-F", "move a page", [.pageUp, .pageDown],
      manual: "PgUp, PgDn, **Ctrl-B**, **Ctrl-F**", "Move a page up or down."),
    KeyBinding(
      "Home End  g G", "first / last picture", [.first, .last],
      manual: "Home, End, **g**, **G**", "First or last picture."),
    KeyBinding(
      "Tab  Shift-Tab", "next / previous section", [.nextSection, .previousSection],
      manual: "**Tab**, **Shift-Tab**", "Next or previous section."),
    KeyBinding(
      "Enter", "open the picture large with its details", [.select], manual: "**Enter**",
      """
      Open the focused picture large, with its name, path, format, dimensions, frames or \
      pages, colour profile, file size, and EXIF date and camera when present, or why it \
      cannot be shown; animations play. There, left and right (and up, down, PgUp and PgDn) \
      show the previous and next picture, Home and End the first and last. On a section \
      header, fold or unfold the section.
      """),
    KeyBinding("← →", "previous / next picture", [.left, .right], in: "detail"),
    KeyBinding(
      "Esc", "back to the gallery; clear the filter", [.back], manual: "**Esc**, **Backspace**",
      KeyAction.back.summary),
    KeyBinding(
      "f", "favourite (a pick) or not", [.favorite], manual: "**f**",
      """
      Make the focused picture, or the marked ones, a favourite, or take it back when they \
      all are: a pick, written to the sidecar as **P** does, or the stars the **favorites** \
      setting names (every file of a pair).
      """),
    KeyBinding(
      "Space", "play or pause a video or a Live Photo; else favourite", [.play],
      manual: "**Space**",
      """
      In the detail view, pause a video or go on with it (a video plays, muted, as soon as \
      it is shown; at its end **Space** plays it again), or play a Live Photo's motion once. \
      Elsewhere, and on a still picture, make a favourite or take it back, as **f** does.
      """),
    KeyBinding(
      "m", "mark or unmark the picture", [.mark], manual: "**m**",
      """
      Mark or unmark the focused picture. Marks are apart from favourites and last until \
      the gallery quits; a marked picture has a thick frame and a filled **✓** (a **#** \
      frame and a **+** without a UTF-8 locale) in the grid, a filled bar in the list and \
      the frame's sides in the detail view, and the status line counts the marks.
      """),
    KeyBinding(
      "M", "mark or unmark the section's pictures", [.markSection], manual: "**M**",
      """
      Mark every picture of the focused section, or unmark them all when they all are \
      marked.
      """),
    KeyBinding(
      "u", "unmark every picture", [.unmarkAll], manual: "**u**", KeyAction.unmarkAll.summary),
    KeyBinding(
      "1-5  0", "give stars / take them off (marked, or this)",
      [.rate1, .rate2, .rate3, .rate4, .rate5, .rate0], manual: "**1**–**5**, **0**",
      """
      Give the focused picture, or the marked ones, one to five stars; **0** takes them \
      off. A grid tile shows them in its top edge as **★** (asterisks without \
      a UTF-8 locale), a list row before its heart, the detail view after the name; every \
      file of a pair gets them. With **auto-advance = yes** the focus then goes to the \
      next picture.
      """),
    KeyBinding(
      "X  P", "reject / pick (again: take it back)", [.reject, .pick], manual: "**X**, **P**",
      """
      Reject (**X**) or pick (**P**) the focused picture, or the marked ones; the same key \
      again takes the flag back (**unflag** does too, bound to no key). A reject shows \
      **✗** (**X**) and its cell art dimmed, a pick **⚑** (**P**). Stars stay through a \
      reject.
      """),
    KeyBinding(
      "6 7 8 9", "red / yellow / green / blue label on or off",
      [.labelRed, .labelYellow, .labelGreen, .labelBlue], manual: "**6**, **7**, **8**, **9**",
      """
      Put the red, yellow, green or blue label on the focused picture, or the marked ones, \
      or take it off when they all have it; a picture can have several (the purple one \
      has no key: **label purple**). Each shows as a dot in its colour (its initial \
      without a UTF-8 locale). Search with **is:rejected**, **is:picked**, \
      **is:unrated**, **rating>=3**, **label:red**; sort with **s** by rating.
      """),
    KeyBinding(
      "s  S", "sort by the next order, name to sharpness / reverse",
      [.sort, .reverseSort],
      manual: "**s**, **S**",
      """
      Sort the pictures of each section by name (natural order), date taken (EXIF, else \
      the modification time), modification time, size, rating (a reject below no \
      stars) or sharpness (the least sharp first, measured in the background), in turn; \
      or reverse the order. \
      The focus stays on its picture, the status line shows the order, and the order is \
      kept for the next run. Pictures named one by one keep the order given until a sort.
      """),
    KeyBinding(
      "/", "filter by name or field (Enter keeps it, Esc clears it)", [.filter],
      manual: "**/**",
      """
      Type a filter: every section narrows to the pictures that match it as it is typed. \
      A word looks in the names, ignoring diacritics, and case unless it has a capital \
      letter; a field looks at what the file says (**camera:x100v**, **lens:35**, \
      **iso>=3200**, **f<=2.8**, **focal:24-70**, **shutter<1/500**, **date:2024-08**, \
      **is:raw|video**, **has:gps**, **w>=4000**, **place:osaka**, **is:rejected**, \
      **rating>=3**, **label:red**); **-** before a term \
      leaves out what it matches, and every term must match. What cannot be read is \
      explained after the text. Sections left empty fold away; the status line shows the \
      text and how many pictures match. While typing, every key but the arrows, the page \
      keys, Home, End, Tab and Shift-Tab is text. **Enter** keeps the filter, **Esc** \
      clears it, **Backspace** takes a character off, **Ctrl-U** empties it.
      """),
    KeyBinding(
      "t", "sections by \(SectionGrouping.cycle.map(\.rawValue).joined(separator: ", "))",
      [.group], manual: "**t**",
      """
      Group the sections by folder, then by the day, month or year the pictures were taken, \
      in turn: the timeline, newest first (oldest first with the order reversed), the \
      pictures without a date last. The focus stays on its picture; dates not yet known are \
      read in the background, and the pictures move into their sections as they come.
      """),
    KeyBinding(
      "T", "go to a date (2025-08, 2025, aug 2025)", [.goToDate], manual: "**T**",
      """
      In the timeline, type a date and press **Enter** to leap to it: a year (**2025**), a \
      month (**2025-08**, **aug 2025**, **August 2025**) or a day (**2025-08-14**, **14 aug \
      2025**), months in English or in the locale's words. Without pictures from then, the \
      view goes to the nearest date that has some, and says so. **Esc** closes the prompt.
      """),
    KeyBinding(
      "o", "open with the opener (the marked ones, or this)", [.open], manual: "**o**",
      """
      Open the focused picture, or the marked ones, with the opener (see **OPENING \
      PICTURES**).
      """),
    KeyBinding(
      "y", "copy paths to the clipboard (marked, or this)", [.copy], manual: "**y**",
      """
      Copy the focused picture's path, or the marked paths (one a line), to the clipboard \
      with the terminal's OSC 52 control, which tmux takes with **set-clipboard on**; inside \
      tmux it is also sent through tmux's passthrough.
      """),
    KeyBinding(
      "d  Delete", "move to the Trash (the marked ones, or this)", [.trash],
      manual: "**d**, Delete",
      """
      Move the focused picture, or the marked ones, to the Trash (every file of a pair), \
      asking first, with the files named, unless it is just the focused picture: the \
      freedesktop.org Trash, where a file manager restores them. A file on another disk \
      goes to that disk's own Trash; where none can be used (a read-only disk) nothing is \
      done and the status line says why.
      """),
    KeyBinding(
      "D", "move every rejected picture to the Trash (asks)", [.trashRejects],
      manual: "**D**",
      """
      Move every rejected picture the gallery shows (those the filter shows, while there \
      is one) to the Trash, every file of a pair and the sidecars with them, after asking \
      with how many pictures and where; one **U** brings them all back. \
      **trash section rejects** does the same for the focused section; **move picks** and \
      **move section picks** move the picked pictures to a folder typed in, as **x** does \
      (the three bound to no key). Without a rejected or picked picture, the status line \
      says so and nothing is asked.
      """),
    KeyBinding(
      "U", "undo the last trash, move, copy, rename, turn, rating", [.undo], manual: "**U**",
      """
      Take back the last trash, move, copy, rename, turn, stars, flag or label of the \
      session, then the one before, and so on: trashed files come back from the Trash, moved and renamed ones \
      go back to their names, copies go to the Trash, a turned picture turns back, a \
      picture gets the stars, flag and labels it had. The \
      status line says what was undone; a name taken since, or a copy changed since, is \
      left as it is, and a picture another program put back from the Trash is said to be \
      back.
      """),
    KeyBinding(
      "x  c", "move / copy to a folder (Tab completes)", [.moveTo, .copyTo],
      manual: "**x**, **c**",
      """
      Move or copy the focused picture, or the marked ones, to a folder typed in the \
      status line: **Tab** completes a folder's name, **Up** and **Down** bring in the \
      folders used before, **Enter** goes, **Esc** cancels. A relative path starts at the \
      picture's folder, **~** is the home folder, and a folder that is not there is made. \
      A name already taken there is never replaced: the gallery asks whether to skip \
      those pictures (**s**) or keep both (**k**, as *name* (2).jpg). A move to another \
      disk copies, flushes and checks each file before the original goes.
      """),
    KeyBinding(
      "r", "rename the picture", [.rename], manual: "**r**",
      """
      Rename the focused picture in the status line, its name ready to edit; the other \
      files of a pair take the new name with their own extensions. A name already taken, \
      or one that cannot name a file, is refused.
      """),
    KeyBinding(
      "< >  | _", "turn left / right, flip across / down",
      [
        .turnLeft, .turnRight, .flipHorizontal, .flipVertical,
      ], manual: "**<**, **>**, **|**, **_**",
      """
      Turn the focused picture, or the marked ones, a quarter to the left or right, or \
      mirror them left to right (**|**) or top to bottom (**_**). The turn is written \
      into the file's orientation tag, so every pixel and all the metadata are kept: \
      JPEG (an EXIF block is added when it has none), TIFF and the raw files that carry \
      the tag, PNG with EXIF. Other files are left as they are, and the status line says \
      why. The file is replaced in one step.
      """),
    KeyBinding(
      "Ctrl-X key", "run the key handler with that key", [.keyHandler], manual: "**Ctrl-X**",
      """
      Wait for one more key, then run *$XDG_CONFIG_HOME/gallery/key-handler* with that \
      key's name as its argument (**a**, **ctrl-a**, **up**) and the focused picture's \
      path, or the marked paths, on its standard input, one a line, as nsxiv's key \
      handler has them. It runs on the terminal and is waited for; the status line \
      gives its exit status when it fails.
      """),
    KeyBinding(
      "I", "import the card this picture is on (shows what goes where)", [.importCard],
      manual: "**I**",
      """
      On a picture of a camera's card (under the folder holding **DCIM**), import the card \
      as **gallery import** does: type the destination in the status line (the \
      **import.to** setting, else *~/Pictures*), see each file and where it goes, and \
      those already imported, then **Enter** copies and **Esc** cancels. The status line \
      shows the files, bytes, speed and time left; **Esc** in the grid or **q** asks to \
      stop between pictures. The summary stays in the status line, **!** lists the \
      failures and what the import noted, and the folders the import wrote are shown for \
      culling. The card is looked for no higher than its mount point; the home folder, a \
      folder above it and */* are never taken for one.
      """),
    KeyBinding(
      "p", "slideshow; + - change its pace, a key stops it", [.slideshow], manual: "**p**",
      """
      Play a slideshow in the detail view (from the grid, open the focused picture and \
      play): the next picture every 3 seconds, or the configuration's \
      **slideshow-interval**, and the first after the last. While it plays, **+** and **-** \
      change the pace (1 to 60 seconds) and any other key stops it.
      """),
    KeyBinding(
      "+ - = W", "zoom in / out / actual size / fit", [.zoomIn, .zoomOut, .actualSize, .fit],
      in: "detail", manual: "**+**, **-**, **=**, **W**",
      """
      In the detail view: zoom in or out around the centre (steps of the square root of \
      two, up to 16 times), show the picture at its actual size (a picture pixel to a pixel \
      of cell art), or fit the whole picture again.
      """),
    KeyBinding(
      "← ↓ ↑ →  h j k l", "pan the zoomed picture", [.left, .down, .up, .right], in: "zoomed",
      manual: "Arrows, **h j k l** (zoomed)",
      """
      Pan the zoomed picture by a quarter of the view. The previous and next pictures wait \
      until the picture fits again; PgUp and PgDn still turn pictures.
      """),
    KeyBinding(
      "N", "survey: the marked pictures side by side", [.survey], manual: "**N**",
      """
      Survey the marked pictures side by side (up to eight), or, with none marked, the \
      pictures of the focused stack, or the focused picture and the three after it, each \
      as large as the screen allows, with its decision under it. The arrows (or **Tab**) \
      move between them; the culling keys decide for the focused one, and a rejected one \
      leaves; **+**, **-**, **=** and **W** zoom every picture to the same spot, and the \
      arrows pan them together while zoomed; **L** zooms and pans the focused one alone, \
      or all again; **PgDn** and **PgUp** show the next or the previous pictures (not for \
      marked ones, nor a stack's); **H** shows histograms and **J** paints the clipped \
      areas; **Enter** opens the focused one \
      alone, and **Esc** comes back, then goes back to the gallery.
      """),
    KeyBinding(
      "L", "zoom every picture together, or this one", [.synchronizeZoom], in: "survey",
      manual: "**L**", KeyAction.synchronizeZoom.summary),
    KeyBinding(
      "b", "open or close the focused stack", [.stack], manual: "**b**",
      """
      Open the focused stack (a burst: pictures taken within seconds of each other and \
      alike, shown as one tile with its count, **×7**) in place, each of its pictures \
      marked with its place in it (**2/7**), or close it again to its cover, the focus \
      on the cover. **N** on a stack surveys its pictures.
      """),
    KeyBinding(
      "K", "keep this one, reject the rest of the stack", [.keepOne], manual: "**K**",
      """
      Pick the focused picture and reject every other picture of its stack, in one step \
      that **U** takes back; the stack closes with the pick as its cover, and a survey \
      of the stack ends.
      """),
    KeyBinding(
      "C", "duplicates: the groups of copies, best first", [.duplicates], manual: "**C**",
      """
      Show the groups of copies and near copies, a section each, the largest group first \
      and the best copy of each first (the one picked or rated, else a RAW+JPEG pair, else the largest in pixels, \
      else the oldest); a section's title names its best copy and how many are alike. The \
      pictures without a copy are not shown. Their likeness is read in the background, \
      the library index answering for the files it has read before, and the groups form \
      as it comes; the status line counts how far it has come. Again, back to the grouping \
      before. **t** leaves it for the folders.
      """),
    KeyBinding(
      "R", "trash the rest of the group of copies (asks)", [.trashCopies], manual: "**R**",
      """
      Among the duplicates, move every picture of the focused group but its first, the \
      best copy, to the Trash, after asking with the copy kept and how many of the others \
      are identical to it or only alike; one **U** brings them all back. Not before every \
      picture's likeness and every copy's size is read. **trash all copies**, bound to no \
      key, does it for every group shown, asking once.
      """),
    KeyBinding(
      "H J", "histogram; clipped areas painted", [.histogram, .clipping],
      in: "detail, survey", manual: "**H**, **J**",
      """
      In the detail view and the survey: show the histogram of the picture (brightness, \
      and red, green and blue), with the share of clipped highlights and shadows; paint \
      the clipped highlights red and the clipped shadows blue over the picture.
      """),
    KeyBinding(
      "v", "switch between grid and list", [.list], manual: "**v**", KeyAction.list.summary),
    KeyBinding(
      "z  Enter (header)", "collapse or expand the section", [.fold], manual: "**z**",
      KeyAction.fold.summary),
    KeyBinding(
      "?", "show or hide this help", [.help], manual: "**?**",
      """
      Show or hide the help; on a short screen the arrows and page keys scroll it. Its \
      bottom edge, at its last line, shows how pictures are drawn, the size classes and the \
      terminal's size.
      """),
    KeyBinding(
      "!", "what is not shown, and the scan's warnings", [.report], manual: "**!**",
      """
      Show or hide the report of what is not shown: the scan's warnings, then the files \
      that are not pictures, folder by folder, with the folders that hold no picture. It \
      scrolls like the help; **!** or **Esc** closes it.
      """),
    KeyBinding(
      "Ctrl-L", "redraw the screen", [.redraw], manual: "**Ctrl-L**", KeyAction.redraw.summary),
    KeyBinding(
      "q", "quit", [.quit], manual: "**q**", "Quit (with **-o**, print the marked paths)."),
    KeyBinding(
      "mouse", "click focuses, double-click opens, wheel scrolls", [], manual: "**Mouse**",
      """
      A click focuses a picture (on a section header it folds or unfolds the section), a \
      double-click opens it, the wheel scrolls (in the detail view it turns the pictures). \
      On the timeline's scrubber, at the right edge, a click or a drag leaps to that point \
      of the years and months.
      """),
  ]
}
