import FuzzTargets
import Pictures
import Testing
import XMPSidecars

/// The `xmp-packet` target's seeds (`make fuzz` writes them through `GALLERY_FUZZ_SEEDS`):
/// darktable's sidecar, what the gallery writes, an embedded packet, each passing the
/// target.
@Suite struct SidecarFuzzSeedTests {
  @Test func theSidecarsSeedTheXMPPacketTarget() throws {
    let target = try #require(FuzzTarget.named("xmp-packet"))
    try FuzzSeeds.plant(try SidecarSamples.darktable(), named: "darktable.xmp", in: target)
    try FuzzSeeds.plant(SidecarSamples.other(rating: 3, note: "n"), named: "other.xmp", in: target)
    for (index, decision) in PacketTests.decisions.enumerated() {
      let packet = try XMPPacket()
      packet.apply(decision)
      try FuzzSeeds.plant(try packet.sidecarBytes(), named: "gallery-\(index).xmp", in: target)
    }
  }
}
