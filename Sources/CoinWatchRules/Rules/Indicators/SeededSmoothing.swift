/// An exponential smoothing seeded by the mean of its first `period` inputs, as TA-Lib's EMA and Wilder's
/// RSI averages, over a sliding window of the last `capacity` inputs (SPEC §2: 250 closed candles).
/// The value is (1 − α)^(m − p) · mean(u₀…u₍ₚ₋₁₎) + Σₖ₌ₚ α (1 − α)^(m − 1 − k) uₖ: `seed` holds the first
/// `period` inputs' sum and `tail` the sum, so a full window moves one input from tail to seed in O(1).
struct SeededSmoothing: Sendable, Equatable {
    let period: Int
    let alpha: Double
    /// The most inputs the window holds (≥ `period`).
    let capacity: Int
    /// The window's inputs, oldest at `start` once full.
    private var ring: [Double] = []
    private var start = 0
    private var seed = CompensatedSum()
    private var tail = 0.0
    /// (1 − α)^(count − period): the seed's weight.
    private var seedWeight = 1.0

    init(period: Int, alpha: Double, capacity: Int) {
        self.period = max(1, period)
        self.alpha = alpha
        self.capacity = max(self.period, capacity)
        ring.reserveCapacity(self.capacity)
    }

    /// The smoothed value of the window; nil until `period` inputs arrived.
    var value: Double? {
        guard ring.count >= period else { return nil }
        return seedWeight * seed.value / Double(period) + tail
    }

    /// Adds one input, the newest.
    mutating func add(_ x: Double) {
        let keep = 1 - alpha
        if ring.count < capacity {
            if ring.count < period {
                seed.add(x)
            } else {
                tail = keep * tail + alpha * x
                seedWeight *= keep
            }
            ring.append(x)
            return
        }
        let oldest = ring[start]
        let moving = ring[(start + period) % capacity]
        tail = keep * tail + alpha * x - alpha * seedWeight * moving
        seed.add(-oldest)
        seed.add(moving)
        ring[start] = x
        start = (start + 1) % capacity
    }
}
