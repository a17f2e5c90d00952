// gallery: browse folders of pictures in the terminal, or print them once (--print).
// Wiring only: the options parsed, the real terminal and services handed to the runtime.
import Curses
import FoundationEssentials
import GalleryRuntime
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

// First: a crash from here on restores the terminal and says where to report it, instead
// of the Swift runtime's backtracer taking the raw terminal.
// A crash the tests force (`GALLERY_TEST_TRAP`) is no bug to report.
CrashReport.install(
  environment: ProcessInfo.processInfo.environment,
  forcedByTestTrap: TestTrap(ProcessInfo.processInfo.environment["GALLERY_TEST_TRAP"] ?? "") != nil)
Allocator.configure()

// The configuration file gives the defaults; the command line wins over it. Its problems
// are never fatal: the status line shows them (standard error with --print).
let config = ConfigFile.load(environment: ProcessInfo.processInfo.environment)
// The arguments' own bytes (not `CommandLine.arguments`, which replaces a byte that is
// not UTF-8): a name that is not UTF-8 still opens its file.
let command: GalleryCommand
let arguments = Array(SystemPaths.commandLineArguments().dropFirst())
do {
  command = try GalleryOptions.parse(arguments, defaults: config.options)
} catch {
  Console.fail(
    "gallery: \(Console.shown(error))\n\(GalleryOptions.usageLine(for: arguments))\n"
      + "Try 'gallery --help' for more.",
    status: 2)
}

// A parent may have left signals blocked (threads of test runners do); the browser
// needs resizes and termination signals delivered.
var needed = sigset_t()
sigemptyset(&needed)
for signal in [
  SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP, SIGCONT,
] {
  sigaddset(&needed, signal)
}
sigprocmask(SIG_UNBLOCK, &needed, nil)

switch command {
case .help:
  Console.write(GalleryOptions.helpText(environment: ProcessInfo.processInfo.environment))
case .version:
  Console.write(GalleryOptions.versionText)
case .run(let options):
  let launch = GalleryLaunch(
    options: options, unicode: TerminalLocale.isUTF8(), configProblems: config.problems)
  if options.diagnose {
    Diagnosis.run(launch)
  } else if options.importing {
    for problem in config.problems {
      Console.write(Array("gallery: \(Console.shown(problem))\n".utf8), to: 2)
    }
    IndexRun.catchInterruption()
    exit(
      ImportRun(launch: launch, console: .standard, stopping: IndexRun.interruption).run()
        .rawValue)
  } else if options.index {
    for problem in config.problems {
      Console.write(Array("gallery: \(Console.shown(problem))\n".utf8), to: 2)
    }
    IndexRun.catchInterruption()
    exit(
      IndexRun(launch: launch, console: .standard, stopping: IndexRun.interruption).run().rawValue)
  } else if options.duplicates {
    for problem in config.problems {
      Console.write(Array("gallery: \(Console.shown(problem))\n".utf8), to: 2)
    }
    IndexRun.catchInterruption()
    exit(
      DuplicatesRun(launch: launch, console: .standard, stopping: IndexRun.interruption).run()
        .rawValue)
  } else if options.print {
    for problem in config.problems {
      Console.write(Array("gallery: \(Console.shown(problem))\n".utf8), to: 2)
    }
    do {
      try launch.print(
        to: { Console.write($0) },
        diagnostics: { Console.write(Array(($0 + "\n").utf8), to: 2) })
    } catch {
      Console.fail("gallery: \(Console.shown(error))", status: 1)
    }
  } else {
    // With -o standard output takes the paths and the screen goes to /dev/tty.
    guard isatty(1) == 1 || options.outputMarked else {
      Console.fail(
        "gallery: standard output is not a terminal; use --print to render the gallery to a file "
          + "or pipe, or -o to print the marked pictures' paths to it",
        status: 2)
    }
    MainActor.assumeIsolated { Browser.run(launch) }
  }
}
