/// The reason-free judgement a pass uses: the same answer as `evaluate(...).holds`, without
/// building an `Evaluation` (no text); the history-bound kinds are judged by a closure the caller gives.
extension ConditionEvaluator {
    /// Whether `condition` holds for `observation`; `wasFiring` with `rearm` applies hysteresis,
    /// exactly as `evaluate(_:_:wasFiring:rearm:)` does.
    public static func holds(_ condition: Condition, _ observation: Observation,
                             wasFiring: Bool = false, rearm: Double? = nil) -> Bool {
        holds(condition, observation.reading, wasFiring: wasFiring, rearm: rearm) {
            evaluateStrict($0, observation).holds
        }
    }

    /// `holds` on the plain numbers: `history` judges the history-bound kinds (`new_high`,
    /// `new_low`, `move_pct`), which need the recorded prices and the provider's highs and lows.
    public static func holds(_ condition: Condition, _ reading: Reading, wasFiring: Bool = false, rearm: Double? = nil,
                             history: (Condition) -> Bool) -> Bool {
        if wasFiring, let rearm, rearm > 0, let relaxed = relaxed(condition, by: rearm) {
            return holdsStrict(relaxed, reading) ?? history(relaxed)
        }
        return holdsStrict(condition, reading) ?? history(condition)
    }

    /// `evaluateStrict(...).holds` without the reason; nil for the history-bound kinds.
    static func holdsStrict(_ condition: Condition, _ r: Reading) -> Bool? {
        let price = r.price
        switch condition {
        case .above(let v): return price >= v
        case .below(let v): return price <= v
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v):
            guard let previous = r.previous else { return false }
            let up = previous < v && v <= price
            let down = previous > v && v >= price
            switch condition {
            case .crossesAbove: return up
            case .crossesBelow: return down
            default: return up || down
            }
        case .change24hAbove(let v):
            guard let change = r.change24h else { return false }
            return change >= v
        case .change24hBelow(let v):
            guard let change = r.change24h else { return false }
            return change <= v
        case .change24hAbs(let v):
            guard let change = r.change24h else { return false }
            return abs(change) >= v
        case .entersRange(let low, let high), .exitsRange(let low, let high):
            guard let previous = r.previous else { return false }
            let bounds = min(low, high)...max(low, high)
            let wasInside = bounds.contains(previous)
            let isInside = bounds.contains(price)
            if case .entersRange = condition { return !wasInside && isInside }
            return wasInside && !isInside
        case .newHigh, .newLow, .movePct:
            return nil
        }
    }
}
