extension ConditionEvaluator {
    /// `crosses_above`: previous < v ≤ current; `crosses_below`: previous > v ≥ current; `crosses`: either.
    static func crossing(_ condition: Condition, value v: Double, _ o: Observation) -> Evaluation {
        guard let previous = o.previous else {
            return Evaluation(holds: false, reason: "no previous price")
        }
        let price = o.price
        let up = previous < v && v <= price
        let down = previous > v && v >= price
        let holds: Bool
        switch condition {
        case .crossesAbove: holds = up
        case .crossesBelow: holds = down
        default: holds = up || down
        }
        let verb = up ? "crossed above" : down ? "crossed below" : "did not cross"
        return Evaluation(holds: holds, reason: "\(format(previous)) → \(format(price)) \(verb) \(format(v))")
    }

    /// `enters_range`: previous outside [low, high], current inside; `exits_range`: the reverse.
    static func range(entering: Bool, low: Double, high: Double, _ o: Observation) -> Evaluation {
        guard let previous = o.previous else {
            return Evaluation(holds: false, reason: "no previous price")
        }
        let bounds = min(low, high)...max(low, high)
        let wasInside = bounds.contains(previous)
        let isInside = bounds.contains(o.price)
        let holds = entering ? (!wasInside && isInside) : (wasInside && !isInside)
        let place = { @Sendable (inside: Bool) in inside ? "inside" : "outside" }
        return Evaluation(holds: holds, reason: "\(format(previous)) \(place(wasInside)) → \(format(o.price)) "
            + "\(place(isInside)) [\(format(bounds.lowerBound)), \(format(bounds.upperBound))]")
    }
}
