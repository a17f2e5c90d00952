import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness ends what it starts: a process group of its own (an X server, a terminal)
/// is kept from its start to its reaping, and whatever is still kept when the test
/// process ends is stopped then, so no Xvfb outlives `make test`.
@Suite struct ProcessGroupsTests {
  @Test func aGroupIsKeptUntilReaped() async throws {
    let sleeper = try Subprocess.start(["sleep", "600"], ownGroup: true)
    #expect(ProcessGroups.shared.kept.contains(sleeper))
    await Subprocess.stop(sleeper)
    #expect(!ProcessGroups.shared.kept.contains(sleeper))
    let plain = try Subprocess.start(["sleep", "600"])
    defer { Subprocess.stopInBackground(plain) }
    #expect(!ProcessGroups.shared.kept.contains(plain), "a process in the test's own group")
  }

  /// The sweep at the process's end, on a set of groups of the test's own (the shared
  /// one holds the other tests' servers): every member of each group ends, and the
  /// leader is reaped.
  @Test func theSweepEndsEveryGroupStillKept() async throws {
    let groups = ProcessGroups()
    let leader = try Subprocess.start(["sh", "-c", "sleep 600 & sleep 600; wait"], ownGroup: true)
    // Stopped here unless the sweep reaped it: a reaped pid may name another process.
    var reaped = false
    defer { if !reaped { Subprocess.stopInBackground(leader) } }
    groups.keep(leader)
    #expect(groups.kept == [leader])
    await Waiting.onOwnThread { groups.stopAll() }
    reaped = true
    ProcessGroups.shared.release(leader)
    #expect(groups.kept.isEmpty)
    #expect(!Subprocess.isRunning(leader))
    // The backgrounded sleep was in the group too: once it is gone, so is the group.
    let gone = await Waiting.until(timeout: .seconds(10), interval: .milliseconds(20)) {
      kill(-leader, 0) != 0 && errno == ESRCH
    }
    #expect(gone, "a member of the group is left")
  }

  /// Only a child not yet reaped is signalled: once reaped, its pid may be another
  /// process's (another test's X server), which a stop must not end.
  @Test func aReapedChildIsNeverSignalledAgain() async throws {
    let child = try Subprocess.start(["true"], ownGroup: true)
    #expect(Subprocess.isUnreapedChild(child), "running or ended, it holds its pid")
    let ended = await Waiting.until(timeout: .seconds(10), interval: .milliseconds(20)) {
      !Subprocess.isRunning(child)
    }
    #expect(ended)
    #expect(!Subprocess.isUnreapedChild(child), "reaped: the pid is free for another")
    #expect(!Subprocess.isUnreapedChild(1), "not a child")
    // What a stop of the reaped pid would have hit: a process of another's, here init.
    await Subprocess.stop(child)
    #expect(!ProcessGroups.shared.kept.contains(child))
  }
}
