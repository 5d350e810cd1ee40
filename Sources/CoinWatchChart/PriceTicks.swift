import Glibc

/// The round prices a price axis labels: steps of 1, 2, 2.5 or 5 times a power of ten (as gnuplot, rrdtool).
enum PriceTicks {
    /// Multiples in `low`...`high` of the smallest round step giving at most `most`; `[low]` for an empty span.
    static func ticks(low: Double, high: Double, most: Int = 6) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite, most > 1 else { return [low] }
        let raw = span / Double(most - 1)
        let power = pow(10, floor(log10(raw)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * power
        let first = Int((low / step).rounded(.up)), last = Int((high / step).rounded(.down))
        guard first <= last else { return [low] }
        return (first...last).map { Double($0) * step }
    }
}
