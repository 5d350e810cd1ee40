/// A candle width. Boundaries are in UTC; a week starts on Monday 00:00 UTC (SPEC §7).
package enum Timeframe: String, Sendable, CaseIterable, Comparable {
    case m1 = "1m", m5 = "5m", m15 = "15m", h1 = "1h", h4 = "4h", d1 = "1d", w1 = "1w"

    /// The width in milliseconds.
    package var milliseconds: Int64 {
        switch self {
        case .m1: 60_000
        case .m5: 300_000
        case .m15: 900_000
        case .h1: 3_600_000
        case .h4: 14_400_000
        case .d1: 86_400_000
        case .w1: 604_800_000
        }
    }

    /// The open time (ms since 1970, UTC) of the candle holding instant `ms`.
    package func floor(_ ms: Int64) -> Int64 {
        // 1970-01-01 was a Thursday; weeks are counted from Monday 1970-01-05.
        let origin: Int64 = self == .w1 ? 4 * 86_400_000 : 0
        let shifted = ms - origin
        let size = milliseconds
        let quotient = shifted >= 0 ? shifted / size : -((-shifted + size - 1) / size)
        return quotient * size + origin
    }

    /// Whether candles of `self` can be built from candles of `finer` (boundaries nest).
    package func isBuilt(from finer: Timeframe) -> Bool {
        finer < self && (self == .w1 ? finer <= .d1 : milliseconds % finer.milliseconds == 0)
    }

    package static func < (a: Timeframe, b: Timeframe) -> Bool { a.milliseconds < b.milliseconds }
}
