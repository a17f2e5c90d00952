import Foundation
import GalleryRuntime

// gallery-docs write|check [ROOT]: makes the man page's OPTIONS, KEYS and ACTIONS sections
// and its settings, the guide's tables of settings and actions, and the shell completions
// from the description of the options, settings, keys and actions (`CommandLineSpec`,
// `KeyBinding`, `KeyAction`), or checks the committed ones.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: gallery-docs write|check [REPOSITORY]\n"
guard let command = arguments.first, ["write", "check"].contains(command), arguments.count <= 2
else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
let root = URL(fileURLWithPath: arguments.count == 2 ? arguments[1] : ".")
do {
  if command == "write" {
    let changed = try GeneratedDocs.write(root: root)
    print(changed.isEmpty ? "up to date" : "wrote " + changed.joined(separator: ", "))
  } else {
    let stale = try GeneratedDocs.outOfDate(root: root)
    guard stale.isEmpty else { throw GeneratedDocsError.outOfDate(files: stale) }
  }
} catch let error as GeneratedDocsError {
  FileHandle.standardError.write(Data("gallery-docs: \(error)\n".utf8))
  exit(1)
}
