/// `exits_range`: the previous price was inside `[low, high]` and the current one is outside (event).
struct ExitsRangeCondition: PriceRangeKind {
    static let key = "exits_range"
    static let summary = "previous price inside [low, high], current price (or a wick traded since) outside"
    static let sample = #"{"exits_range": [60000, 65000]}"#
    static let examples = [
        ConditionExample(when: #"{"exits_range": [10, 20]}"#, price: 21, previous: 15, holds: true),
        ConditionExample(when: #"{"exits_range": [10, 20]}"#, price: 25, previous: 21, holds: false),
        ConditionExample(when: #"{"exits_range": [10, 20]}"#, price: 15, previous: 14, traded: 9...16, holds: true),
        ConditionExample(when: #"{"exits_range": [10, 20]}"#, price: 15, previous: 14, traded: 11...19, holds: false),
    ]

    var range: PriceRange

    /// Up when the price (or the wick) left over the top, down when under the bottom.
    static func direction(of alert: Alert) -> ConditionDirection {
        let reached = alert.extreme ?? alert.price
        guard let previous = alert.previous, previous != reached else { return .neutral }
        return reached > previous ? .rise : .fall
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let sides = range.sides(o) else { return false }
        return sides.wasInside && sides.left
    }

    func wick(_ o: Observation) -> Double? { range.wick(o, entering: false) }

    /// ` fell out of $60,000.00–$65,000.00` (`price`, a wick's extreme for a wick, below it), ` rose out
    /// of …` (above it), ` left …` when `price` is inside (no side to name).
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let verb = price > max(range.low, range.high) ? " rose out of " : price < min(range.low, range.high) ? " fell out of " : " left "
        out.text(verb, from: range.low, to: range.high)
    }
}
