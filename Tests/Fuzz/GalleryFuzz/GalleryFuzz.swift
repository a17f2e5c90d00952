import Foundation
import FuzzTargets

#if GALLERY_FUZZING
  import CFuzzerDriver
#endif

/// `gallery-fuzz --target=NAME [ARGUMENTS...]`: one fuzz target, under libFuzzer or replayed;
/// `gallery-fuzz --list`: the targets' names.
///
/// Built by `make fuzz` (`-sanitize=fuzzer,address`, `GALLERY_FUZZING`), it runs libFuzzer
/// on the target; the other arguments are libFuzzer's (corpus folders, `-max_total_time=`
/// and the rest), and libFuzzer ignores `--target=`, which keeps it on the command lines it
/// prints and runs again. Built plainly, it runs each file named (folders: each file in
/// them) through the target once and says which fail: a crash found by the fuzzer can be
/// stepped through in a debugger without it.
@main enum GalleryFuzz {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--list" {
      for target in FuzzTarget.all { print(target.name) }
      exit(0)
    }
    let prefix = "--target="
    guard let option = arguments.first(where: { $0.hasPrefix(prefix) }),
      let target = FuzzTarget.named(String(option.dropFirst(prefix.count)))
    else {
      let names = FuzzTarget.all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
      FileHandle.standardError.write(
        Data("usage: gallery-fuzz --target=NAME [FILE...] | --list\ntargets:\n\(names)\n".utf8))
      exit(2)
    }
    #if GALLERY_FUZZING
      fuzz(target)
    #else
      let files = arguments.filter { !$0.hasPrefix("-") }
      exit(replay(target, files: files) ? 0 : 1)
    #endif
  }

  /// Runs each file through `target`; false when one fails.
  static func replay(_ target: FuzzTarget, files: [String]) -> Bool {
    var passed = true
    for path in files.flatMap(expand) {
      guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot be read")
        passed = false
        continue
      }
      do {
        try target.run(Array(data))
        print("\(path): passes")
      } catch {
        print("\(path): \(error)")
        passed = false
      }
    }
    return passed
  }

  /// A folder's files (sorted), or the path itself.
  static func expand(_ path: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      return [path]
    }
    return names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
  }
}

#if GALLERY_FUZZING
  /// The target libFuzzer's callback runs: a C function pointer captures nothing, so the
  /// choice is a global, written once before the driver starts and only read after, on
  /// the driver's one thread.
  nonisolated(unsafe) private var selected: FuzzTarget?

  extension GalleryFuzz {
    static func fuzz(_ target: FuzzTarget) -> Never {
      selected = target
      var count = CommandLine.argc
      var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      let status = LLVMFuzzerRunDriver(&count, &vector) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        guard let target = selected else { return 0 }
        do {
          try target.run(bytes)
        } catch {
          // A trap, so libFuzzer keeps the input as a crash.
          fatalError("\(target.name): \(error)")
        }
        return 0
      }
      exit(status)
    }
  }
#endif
