/// The benchmarks' seeded random numbers (a 64-bit LCG), so every run draws the same prices.
struct BenchRandom {
    private(set) var state: UInt64

    init(seed: Int) { state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15 }

    /// The next number in 0..<1.
    mutating func uniform() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
