import Foundation

// gallery-assets: draws the gallery's sample pictures (see Assets/README.md).
//   gallery-assets FOLDER          write every asset under FOLDER
//   gallery-assets --check FOLDER  regenerate elsewhere and compare byte for byte
//   gallery-assets --photos N WxH FOLDER [GRAIN]  write N photo-like JPEGs (for benchmarks),
//                                  with grain of GRAIN levels (5 unless given)

/// Prints to standard error and leaves with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data(("gallery-assets: " + message + "\n").utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.count {
  case 1 where !arguments[0].hasPrefix("-"):
    let folder = arguments[0]
    var total = 0
    var count = 0
    try Generator.writeAll(to: folder) { written in
      let path = folder + "/" + written.relativePath
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      let size = attributes?[.size] as? Int ?? 0
      total += size
      count += 1
      print("wrote \(path) (\(written.summary), \((size + 512) / 1024) KB)")
    }
    print("\(count) files, \((total + 512) / 1024) KB in all")
  case 2 where arguments[0] == "--check":
    let problems = try Check.differences(committed: arguments[1])
    if problems.isEmpty {
      print("\(Catalog.all.count) assets in \(arguments[1]) match the generator byte for byte")
    } else {
      for problem in problems { print(problem) }
      fail(
        "\(problems.count) asset(s) differ from the generator; run `make assets` and commit")
    }
  case 4...5 where arguments[0] == "--photos":
    let size = arguments[2].split(separator: "x").compactMap { Int($0) }
    let grain = arguments.count == 5 ? Int(arguments[4]) : Photos.grain
    guard let count = Int(arguments[1]), count > 0, size.count == 2, size[0] > 0, size[1] > 0,
      let grain, (0...64).contains(grain)
    else { fail(AssetsError.usage.description, status: 2) }
    var total = 0
    try Photos.write(
      count: count, width: size[0], height: size[1], grain: grain, to: arguments[3]
    ) {
      _, bytes in total += bytes
    }
    print("\(count) photos of \(arguments[2]), \((total + 512) / 1024) KB in all")
  default:
    fail(AssetsError.usage.description, status: 2)
  }
} catch {
  fail(error.description)
}
