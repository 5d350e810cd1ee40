/// The reason-free judgement a pass uses: the same answer as `evaluate(...).holds`, without
/// building an `Evaluation` (no closure, no text).
extension ConditionEvaluator {
    /// Whether `condition` holds for `observation`; `wasFiring` with `rearm` applies hysteresis,
    /// exactly as `evaluate(_:_:wasFiring:rearm:)` does.
    public static func holds(_ condition: Condition, _ observation: Observation,
                             wasFiring: Bool = false, rearm: Double? = nil) -> Bool {
        if wasFiring, let rearm, rearm > 0, let relaxed = relaxed(condition, by: rearm) {
            return holdsStrict(relaxed, observation)
        }
        return holdsStrict(condition, observation)
    }

    /// `evaluateStrict(...).holds` without the reason.
    static func holdsStrict(_ condition: Condition, _ o: Observation) -> Bool {
        let price = o.price
        switch condition {
        case .above(let v): return price >= v
        case .below(let v): return price <= v
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v):
            guard let previous = o.previous else { return false }
            let up = previous < v && v <= price
            let down = previous > v && v >= price
            switch condition {
            case .crossesAbove: return up
            case .crossesBelow: return down
            default: return up || down
            }
        case .change24hAbove(let v):
            guard let change = o.quote.change24h else { return false }
            return change >= v
        case .change24hBelow(let v):
            guard let change = o.quote.change24h else { return false }
            return change <= v
        case .change24hAbs(let v):
            guard let change = o.quote.change24h else { return false }
            return abs(change) >= v
        case .entersRange(let low, let high), .exitsRange(let low, let high):
            guard let previous = o.previous else { return false }
            let bounds = min(low, high)...max(low, high)
            let wasInside = bounds.contains(previous)
            let isInside = bounds.contains(price)
            if case .entersRange = condition { return !wasInside && isInside }
            return wasInside && !isInside
        case .newHigh, .newLow, .movePct:
            // Rare and history-bound: the reasoned path decides (its reason is not formatted).
            return evaluateStrict(condition, o).holds
        }
    }
}
