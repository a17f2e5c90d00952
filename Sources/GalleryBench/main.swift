// gallery-bench: prints one `name: value unit` line per figure.
//
// Usage: gallery-bench [GROUP ...]   (no group: run them all)
// Each benchmark group lives in its own file as a `BenchmarkGroup`.
import Foundation

// A child the startup group started to open one codec: it measures that and exits.
StartupRun.openCodecIfAsked()

let groups: [BenchmarkGroup] = [
  // Add each benchmark group here, one line each.
  layoutBenchmarks,
  libraryBenchmarks,
  thumbsBenchmarks,
  diffableBenchmarks,
  terminalBenchmarks,
  scaleBenchmarks,
  appBenchmarks,
  printBenchmarks,
  graphicsBenchmarks,
  cellArtBenchmarks,
  speedBenchmarks,
  printScaleBenchmarks,
  rawBenchmarks,
  videoBenchmarks,
  svgBenchmarks,
  videoFolderBenchmarks,
  indexBenchmarks,
  timelineBenchmarks,
  detailsBenchmarks,
  searchBenchmarks,
  surveyBenchmarks,
  queryBenchmarks,
  sidecarsBenchmarks,
  analysisBenchmarks,
  duplicatesBenchmarks,
  stacksBenchmarks,
  startupBenchmarks,
  importBenchmarks,
]

let wanted = Set(CommandLine.arguments.dropFirst())
let unknown = wanted.subtracting(groups.map(\.name))
if !unknown.isEmpty {
  let names = groups.map(\.name).joined(separator: " ")
  FileHandle.standardError.write(
    Data("gallery-bench: unknown group \(unknown.sorted()); groups: \(names)\n".utf8))
  exit(2)
}
for group in groups where wanted.isEmpty || wanted.contains(group.name) {
  print("# \(group.name)")
  group.run()
}
