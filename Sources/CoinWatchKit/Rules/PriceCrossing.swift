/// Which way the price crossed a value between the previous price and now, shared by
/// `crosses_above`, `crosses_below` and `crosses`: up is previous < value ≤ current, down is
/// previous > value ≥ current.
enum PriceCrossing: Sendable, Equatable {
    case up, down, none

    /// The crossing of `value` in `o`; nil without a previous price (the first observation).
    init?(_ o: Observation, value: Double) {
        guard let previous = o.previous else { return nil }
        if previous < value && value <= o.price {
            self = .up
        } else if previous > value && value >= o.price {
            self = .down
        } else {
            self = .none
        }
    }

    /// `99 → 101 crossed above 100`, or `no previous price`.
    static func describe(_ o: Observation, value: Double) -> String {
        guard let crossing = PriceCrossing(o, value: value), let previous = o.previous else { return "no previous price" }
        let verb: String
        switch crossing {
        case .up: verb = "crossed above"
        case .down: verb = "crossed below"
        case .none: verb = "did not cross"
        }
        let n = NumberText.plain
        return "\(n(previous)) → \(n(o.price)) \(verb) \(n(value))"
    }
}
