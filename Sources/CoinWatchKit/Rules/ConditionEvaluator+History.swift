extension ConditionEvaluator {
    /// `new_high`/`new_low`: at or beyond the provider's own mark for the window where the quote
    /// has one, and strictly beyond every price recorded within the window. Without a provider
    /// mark the window must be covered by coinwatch's own watch: its recorded history, complete
    /// since `PriceSeries.coveredFrom` (the first record unless pruning dropped older points),
    /// must reach back at least the whole window.
    static func extreme(high: Bool, window: Window, _ o: Observation) -> Evaluation {
        let price = o.price
        let word = high ? "high" : "low"
        if let mark = providerMark(high: high, window: window, o.quote) {
            let beyond = high ? price >= mark : price <= mark
            guard beyond else {
                return Evaluation(holds: false, reason: "price \(format(price)) short of the provider's "
                    + "\(window.rawValue) \(word) \(format(mark))")
            }
        } else {
            guard let seconds = window.seconds else {
                return Evaluation(holds: false, reason: "the provider reports no all-time \(word)")
            }
            guard let series = o.series, series.covers(seconds, now: o.now) else {
                return Evaluation(holds: false, reason: "not yet watched for \(window.rawValue)")
            }
        }
        let recorded = o.recorded(within: window.seconds)
        let extremePoint = high ? recorded.max { $0.p < $1.p } : recorded.min { $0.p < $1.p }
        if let extremePoint {
            let beyond = high ? price > extremePoint.p : price < extremePoint.p
            guard beyond else {
                return Evaluation(holds: false, reason: "price \(format(price)) short of the recorded "
                    + "\(window.rawValue) \(word) \(format(extremePoint.p))")
            }
        }
        return Evaluation(holds: true, reason: "price \(format(price)) is a new \(window.rawValue) \(word)")
    }

    /// The provider's own high (or low) for `window`: 24h, 52w or all-time; nil for 7d and 30d.
    static func providerMark(high: Bool, window: Window, _ quote: Quote) -> Double? {
        switch window {
        case .h24: return high ? quote.high24h : quote.low24h
        case .w52: return high ? quote.high52w : quote.low52w
        case .all: return high ? quote.ath : quote.atl
        case .d7, .d30: return nil
        }
    }

    /// `move_pct`: the price rose by ≥ pct % (fell by ≥ |pct| % when pct < 0) against some
    /// price recorded within `within` seconds. The lowest (highest) such price decides.
    static func move(pct: Double, within: Double, _ o: Observation) -> Evaluation {
        let recorded = o.recorded(within: within).filter { $0.p > 0 }
        let reference = pct >= 0 ? recorded.min { $0.p < $1.p } : recorded.max { $0.p < $1.p }
        guard let reference else {
            return Evaluation(holds: false, reason: "no price recorded within the window")
        }
        let moved = (o.price - reference.p) / reference.p * 100
        // A rounding hair (1e-9 points) must not turn 100 → 103 into a 2.9999… % move.
        let holds = pct >= 0 ? moved >= pct - 1e-9 : moved <= pct + 1e-9
        return Evaluation(holds: holds, reason: "moved \(format(moved))% from \(format(reference.p)) "
            + "vs \(format(pct))%")
    }
}
