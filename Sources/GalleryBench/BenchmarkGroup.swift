import Foundation

/// A named set of measurements that prints `name: value unit` lines.
struct BenchmarkGroup {
  let name: String
  let run: () -> Void
}

/// Prints one figure as `name: value unit`.
func report(_ name: String, _ value: Double, _ unit: String) {
  let formatted = value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
  print("\(name): \(formatted) \(unit)")
}

/// The median wall time of `body` in nanoseconds over `runs` runs, after one warm-up.
func medianNanoseconds(runs: Int = 7, _ body: () -> Void) -> Double {
  body()
  var samples: [UInt64] = []
  for _ in 0..<max(1, runs) {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(DispatchTime.now().uptimeNanoseconds - start)
  }
  samples.sort()
  return Double(samples[samples.count / 2])
}
