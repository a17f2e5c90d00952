import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How long the soak runs; nil (the soak is skipped) unless `GALLERY_SOAK_SECONDS` is set.
private let soakSeconds = ProcessInfo.processInfo.environment["GALLERY_SOAK_SECONDS"].flatMap {
  Int($0)
}

/// The real binary for a while under everything at once (`make soak`): a folder that
/// keeps changing, random keys and mouse reports, resizes, Ctrl-Z and `fg`, SIGCONT and
/// bursts of SIGWINCH. It must stay alive and responsive, its memory must stay within its
/// budget and a fixed overhead (and, from ten minutes on, level off over the second half),
/// its descriptors must not grow, the screen must end as a full repaint draws
/// it, the favourites file must hold what was marked, and quitting must give the terminal
/// back. The keys trash, move, copy, rename, turn and undo too: the pictures the churn
/// leaves to them (`album-…`) are counted every second, in the library and in the Trash,
/// and the count never drops. Runs only when `GALLERY_SOAK_SECONDS` is set, and prints its figures.
@Suite(.enabled(if: soakSeconds != nil, "set GALLERY_SOAK_SECONDS to soak (make soak)"))
struct SoakTests {
  static let width = 100
  static let height = 30
  /// The memory budget the soaked gallery is given (`memory =` in its configuration file),
  /// in MiB: `GALLERY_SOAK_MEMORY_MIB`, default 64, small enough for the churn to fill it
  /// within the first minutes, so even a short soak shows memory holding to it.
  static let memoryMiB =
    ProcessInfo.processInfo.environment["GALLERY_SOAK_MEMORY_MIB"].flatMap { Int($0) } ?? 64
  /// What the process may hold beyond its budget: the program and its libraries (about
  /// 33 MiB at the first frame), the state, the screens, the threads' stacks, a picture
  /// being decoded and the allocator's own keeping; CONTRIBUTING.md gives the same figure.
  /// `GALLERY_SOAK_OVERHEAD_MIB` replaces it (a sanitizer's shadow memory is more).
  static let overheadMiB =
    ProcessInfo.processInfo.environment["GALLERY_SOAK_OVERHEAD_MIB"].flatMap { Int($0) } ?? 64
  /// How much resident memory may rise over the second half of a soak of ten minutes or
  /// more: by then the caches are full, and what they drop is given back.
  static let secondHalfGrowthMiB = 5

  /// The binary soaked: `GALLERY_SOAK_BINARY` (`make sanitize` names a sanitizer's
  /// build), else the debug build.
  static func binary() throws -> String {
    try ProcessInfo.processInfo.environment["GALLERY_SOAK_BINARY"] ?? BuiltProduct.path("gallery")
  }

  /// What the binary's environment gets besides the session's: the sanitizers' options,
  /// which `make sanitize` points at files (the screen is the soak's to read).
  static let passedOn = ProcessInfo.processInfo.environment.filter {
    ["TSAN_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "GLIBC_TUNABLES"].contains(
      $0.key)
  }

  @Test func theGallerySurvivesChurnAndEveryKindOfInput() async throws {
    let duration = soakSeconds ?? 300
    let warmUp = min(30, max(5, duration / 5))
    let fixture = FolderFixture()
    let (root, anchor, sources) = try Self.makeLibrary(in: fixture)
    let budgetMiB = Self.memoryMiB
    try FileManager.default.createDirectory(
      atPath: fixture.path("config/gallery"), withIntermediateDirectories: true)
    try Data("memory = \(budgetMiB)M\n".utf8).write(
      to: URL(fileURLWithPath: fixture.path("config/gallery/config")))
    let tmux = try await Tmux.start(
      width: Self.width, height: Self.height,
      environment: Self.passedOn.merging([
        "XDG_STATE_HOME": fixture.path("state"), "XDG_CACHE_HOME": fixture.path("cache"),
        "XDG_CONFIG_HOME": fixture.path("config"), "GALLERY_OPENER": "true",
        "XDG_DATA_HOME": fixture.path("data"),
      ]) { _, new in new })
    defer { tmux.kill() }
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color COLORTERM=truecolor \(try Self.binary()) \(root)")
    // A sanitizer's build starts slower.
    try await tmux.waitUntil(deadline: .seconds(60), "the first frame") {
      GalleryEndToEndTests.isDrawn($0)
    }
    let pid = try #require(try await tmux.programPIDs().first)
    var figures = SoakFigures(start: try #require(ProcessStatus(pid: pid)))
    let startTargets = ProcessStatus.descriptorTargets(pid: pid)

    let churn = Task.detached {
      var churn = FolderChurn(
        root: root, sources: sources, protected: [anchor], keptPrefixes: Self.keptPrefixes,
        seed: 17)
      while !Task.isCancelled {
        churn.step()
        try? await Task.sleep(for: .milliseconds(150))
      }
      return churn.counts
    }
    let trash = fixture.path("data") + "/Trash/files"
    let keptAtStart = Self.keptFiles(in: [root, trash]).count
    var keptFewest = keptAtStart
    var input = SoakInput(tmux: tmux, pid: pid, seed: 2026)
    let clock = ContinuousClock()
    let began = clock.now
    var nextSample = began
    while clock.now < began.advanced(by: .seconds(duration)) {
      if clock.now >= nextSample {
        guard let status = ProcessStatus(pid: pid), !status.isZombie else {
          churn.cancel()
          Issue.record("the gallery died:\n\(try await tmux.capture())")
          return
        }
        figures.sample(status, warm: clock.now >= began.advanced(by: .seconds(warmUp)))
        keptFewest = min(
          keptFewest, await Self.keptCount(in: [root, trash], expecting: keptAtStart))
        nextSample = nextSample.advanced(by: .seconds(1))
      }
      try await input.step()
    }
    churn.cancel()
    figures.churn = await churn.value
    figures.events = input.counts
    figures.winches = input.winches
    figures.seconds = Int((clock.now - began).components.seconds)

    // Quiet again: no slideshow, help or detail view, the size it started with, the folder
    // settled, late thumbnails drawn.
    for _ in 0..<3 { try await tmux.sendKeys("Escape") }
    try await tmux.resize(width: Self.width, height: Self.height)
    try await Self.expectFullRepaintMatches(tmux)
    let keptAtEnd = Self.keptFiles(in: [root, trash])
    #expect(
      keptFewest >= keptAtStart && keptAtEnd.count >= keptAtStart,
      "pictures lost: \(keptAtStart) at the start, \(keptFewest) at the fewest, \(keptAtEnd.count) at the end"
    )
    print(
      "soak: \(keptAtStart) pictures left to the keys at the start, \(keptFewest) at the fewest, "
        + "\(keptAtEnd.count) at the end, "
        + "\((try? FileManager.default.contentsOfDirectory(atPath: trash))?.count ?? 0) in the Trash"
    )
    try Self.putAnchorBack(anchor, from: keptAtEnd)
    try await Self.markAnchor(tmux)
    // Writing the favourites, the disk cache and a late decode hold a file open for a
    // moment (longer under a sanitizer); a leak is one that stays.
    let settled = try await Self.settledStatus(pid: pid, descriptors: figures.start.descriptors)
    figures.end = settled
    let endTargets = ProcessStatus.descriptorTargets(pid: pid)
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
    try await Self.expectAnchorPicked(anchor, stateFolder: fixture.path("state") + "/gallery")
    try Self.expectNoSanitizerReports()

    print(figures.report)
    _ = try #require(figures.warm, "the soak ended before its warm-up")
    let bound = (budgetMiB + Self.overheadMiB) * 1024
    #expect(
      figures.peak <= bound,
      """
      resident memory passed the budget (\(budgetMiB) MiB) and the overhead \
      (\(Self.overheadMiB) MiB):
      \(figures.report)
      """)
    if duration >= 600 {
      #expect(
        figures.growthOverSecondHalfKiB <= Self.secondHalfGrowthMiB * 1024,
        "resident memory still rose over the second half:\n\(figures.report)")
    }
    #expect(
      settled.descriptors <= figures.start.descriptors,
      """
      open descriptors grew:
      \(figures.report)
      at the start: \(startTargets.joined(separator: ", "))
      at the end: \(endTargets.joined(separator: ", "))
      """)
  }

  /// The process's status once it holds no more than `descriptors` open, or after 10 s.
  static func settledStatus(pid: Int32, descriptors: Int) async throws -> ProcessStatus {
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while true {
      let status = try #require(ProcessStatus(pid: pid), "the gallery died")
      if status.descriptors <= descriptors || ContinuousClock.now >= deadline { return status }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// The starts of the names the churn leaves alone: the keys act on them.
  static let keptPrefixes = ["album-", "0-anchor"]

  /// How many kept files are under `folders`, counted again while under `expecting`: a
  /// walk is not atomic, and a folder the churn renames, or a picture the keys move into
  /// a folder already walked, is missed by that one walk. A file lost stays missing
  /// through every walk; the most any walk found is the count.
  static func keptCount(in folders: [String], expecting: Int) async -> Int {
    var most = keptFiles(in: folders).count
    for _ in 0..<5 where most < expecting {
      try? await Task.sleep(for: .milliseconds(100))
      most = max(most, keptFiles(in: folders).count)
    }
    return most
  }

  /// The files under `folders` whose names start with one of `keptPrefixes`.
  static func keptFiles(in folders: [String]) -> [String] {
    folders.flatMap { folder -> [String] in
      guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
      var found: [String] = []
      while let path = walk.nextObject() as? String {
        let name = (path as NSString).lastPathComponent
        var status = stat()
        if keptPrefixes.contains(where: { name.hasPrefix($0) }),
          lstat(folder + "/" + path, &status) == 0, status.st_mode & S_IFMT == S_IFREG
        {
          found.append(folder + "/" + path)
        }
      }
      return found
    }
  }

  /// The keys may have trashed, moved, renamed or copied the anchor (its favourite
  /// follows a move or a rename): one file named like it stays in the library, brought
  /// back from the Trash to its place when it is only there, and the others get names of
  /// their own, so the filter for it finds one picture.
  static func putAnchorBack(_ anchor: String, from kept: [String]) throws {
    let likeIt = kept.filter { ($0 as NSString).lastPathComponent.hasPrefix("0-anchor") }
    var inLibrary = likeIt.filter { !$0.contains("/Trash/files/") }
    if inLibrary.isEmpty, let trashed = likeIt.first {
      try #require(rename(trashed, anchor) == 0, "the anchor back from \(trashed)")
      inLibrary = [anchor]
    }
    let keep =
      inLibrary.first { ($0 as NSString).lastPathComponent == "0-anchor.jpg" }
      ?? inLibrary.first
    for (index, path) in inLibrary.enumerated() where path != keep {
      let folder = (path as NSString).deletingLastPathComponent
      try #require(rename(path, folder + "/album-anchor-\(index).jpg") == 0)
    }
  }

  /// Photos/ with copies of some built-in pictures in three folders, eight pictures left
  /// to the keys (`album-…`), and an anchor picture first in the root that the churn leaves
  /// alone; the small pictures to copy in.
  static func makeLibrary(in fixture: FolderFixture) throws -> (String, String, [String]) {
    let assets = BuiltProduct.packageRoot().appendingPathComponent("Assets").path
    var sources: [String] = []
    for folder in ["Office", "Kitchen", "MacBook", "Doodles"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: assets + "/" + folder)
      sources += names.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        .map { assets + "/" + folder + "/" + $0 }
    }
    // The smaller half: the soak is about churn, not decoding speed.
    let sizes = Dictionary(
      uniqueKeysWithValues: sources.map {
        ($0, (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0)
      })
    sources = Array(sources.sorted { sizes[$0, default: 0] < sizes[$1, default: 0] }.prefix(40))
    let root = fixture.folder("Photos")
    for (index, source) in sources.prefix(24).enumerated() {
      let folder = fixture.folder("Photos/" + ["Office", "Kitchen", "MacBook"][index % 3])
      try FileManager.default.copyItem(
        atPath: source, toPath: folder + "/" + (source as NSString).lastPathComponent)
    }
    for (index, source) in sources.filter({ $0.hasSuffix(".jpg") }).prefix(8).enumerated() {
      let folder = fixture.folder("Photos/" + ["Office", "Kitchen", "MacBook"][index % 3])
      try FileManager.default.copyItem(atPath: source, toPath: folder + "/album-\(index).jpg")
    }
    let jpeg = try #require(sources.first { $0.hasSuffix(".jpg") })
    let anchor = root + "/0-anchor.jpg"
    try FileManager.default.copyItem(atPath: jpeg, toPath: anchor)
    return (root, anchor, sources)
  }

  /// What incremental frames left on the screen equals what a full repaint draws.
  static func expectFullRepaintMatches(_ tmux: Tmux) async throws {
    // The screen settling is the sign the resize is drawn.
    var incremental = try await tmux.waitUntilSteady(quiet: .seconds(2), deadline: .seconds(60))
    let last = GalleryEndToEndTests.statusLine(incremental)
    if last.contains("⚠"),
      ["no longer exists", "not done", "meanwhile", "No such file"].contains(where: last.contains)
    {
      // The report of an action the churn raced (a file it deleted or changed meanwhile)
      // may come after the last key: it answers that key, and the next one clears it. Any
      // other warning stays, and fails below.
      try await tmux.sendKeys("Escape")
      incremental = try await tmux.waitUntilSteady(quiet: .seconds(2), deadline: .seconds(60))
    }
    let status = GalleryEndToEndTests.statusLine(incremental)
    #expect(!status.contains("⚠"), "a warning at the end: \(status)")
    // Ctrl-L is a key, and a key clears a confirmation still shown (the report of an
    // action that came after the last key: "flipped vertically: …"). One key first, so
    // both screens are of the same state.
    try await tmux.sendKeys("Escape")
    incremental = try await tmux.waitUntilSteady(quiet: .seconds(2), deadline: .seconds(60))
    try await tmux.clearBehindTheProgram()
    try await tmux.waitUntil("a blank pane") { $0.allSatisfy(\.isWhitespace) }
    try await tmux.sendKeys("C-l")
    try await tmux.waitUntil("the repaint") { !$0.allSatisfy(\.isWhitespace) }
    let repainted = try await tmux.waitUntilSteady(quiet: .seconds(1))
    let differing = ScreenModel(capture: incremental, width: width, height: height)
      .differingRows(from: ScreenModel(capture: repainted, width: width, height: height))
    #expect(
      differing.isEmpty, "rows \(differing) differ:\n\(incremental)\nrepainted:\n\(repainted)")
  }

  /// Back to the grid, the anchor picture focused and marked a favourite. The anchor is
  /// found by filtering for its name, since the random keys may have changed the order.
  static func markAnchor(_ tmux: Tmux) async throws {
    let name = "0-anchor.jpg"
    for _ in 0..<6 {
      // Escape stops a slideshow, leaves the help and the detail view, and clears a
      // filter; `u` unmarks all (a mark's ✓ stands between ♥ and the name); `g` then
      // focuses the only picture the filter leaves, or the header of a folded section,
      // which Enter unfolds.
      for _ in 0..<3 { try await tmux.sendKeys("Escape") }
      try await tmux.sendKeys("u")
      try await tmux.sendKeys("/")
      try await tmux.type("0-anchor")
      try await tmux.sendKeys("Enter")
      try await tmux.sendKeys("g")
      let status = GalleryEndToEndTests.statusLine(
        try await tmux.waitUntilSteady(quiet: .milliseconds(500)))
      if status.contains("♥ " + name) { return }
      if status.contains(name) {
        try await tmux.sendKeys("f")
        try await tmux.waitUntil("the anchor marked") {
          GalleryEndToEndTests.statusLine($0).contains("♥ " + name)
        }
        return
      }
      if status.contains("folded") { try await tmux.sendKeys("Enter") }
    }
    Issue.record("the anchor picture could not be focused:\n\(try await tmux.capture())")
  }

  /// `GALLERY_SOAK_REPORTS`, where `make sanitize` has the sanitizer write, is empty.
  static func expectNoSanitizerReports() throws {
    guard let folder = ProcessInfo.processInfo.environment["GALLERY_SOAK_REPORTS"] else { return }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      let report = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
      Issue.record("the sanitizer reported (\(folder)/\(name)):\n\(report.prefix(6000))")
    }
  }

  /// The anchor marked a favourite is picked in its sidecar, as editors read it; the
  /// state folder holds no list of favourites, and nothing set aside as damaged.
  static func expectAnchorPicked(_ anchor: String, stateFolder: String) async throws {
    let read = try await Subprocess.run([
      "exiftool", "-s", "-s", "-XMP-digiKam:PickLabel", "-XMP:Rating", anchor + ".xmp",
    ])
    #expect(read.status == 0, "exiftool on the anchor's sidecar: \(read.errors)")
    #expect(read.output.contains("PickLabel: 3"), "the anchor's sidecar: \(read.output)")
    // The state file (the order `s` chose) may be there.
    let left = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder).sorted()) ?? []
    #expect(left.isEmpty || left == ["state.json"], "in the state folder: \(left)")
  }
}
