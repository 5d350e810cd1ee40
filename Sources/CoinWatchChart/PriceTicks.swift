import Glibc

/// The round prices a price axis labels: steps of 1, 2, 2.5 or 5 times a power of ten (as gnuplot, rrdtool).
enum PriceTicks {
    /// Multiples in `low`...`high` of the smallest round step giving at most `most`; `[low]` for an empty span.
    static func ticks(low: Double, high: Double, most: Int = 6) -> [Double] {
        // Of halves, so that no finite span overflows.
        let raw = (high / 2 - low / 2) / Double(most - 1) * 2
        guard raw > 0, raw.isFinite, most > 1 else { return [low] }
        let power = pow(10, floor(log10(raw)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * power
        guard let first = Int(exactly: (low / step).rounded(.up)), let last = Int(exactly: (high / step).rounded(.down)),
              first <= last else { return [low] }
        return (first...last).map { Double($0) * step }
    }
}
