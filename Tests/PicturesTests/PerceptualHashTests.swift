import Pictures
import Testing

@Suite struct PerceptualHashTests {
  @Test func distanceCountsTheBitsThatDiffer() {
    let hash = PerceptualHash(bits: 0b1011)
    #expect(hash.distance(to: hash) == 0)
    #expect(hash.distance(to: PerceptualHash(bits: 0b0011)) == 1)
    #expect(PerceptualHash(bits: 0).distance(to: PerceptualHash(bits: .max)) == 64)
  }

  @Test func distanceIsSymmetric() {
    let one = PerceptualHash(bits: 0xF0F0_0000_1234_5678)
    let other = PerceptualHash(bits: 0x0F0F_0000_1234_0000)
    #expect(one.distance(to: other) == other.distance(to: one))
    #expect(one.distance(to: other) == 16 + 8)
  }
}
