/// `enters_range`: the previous price was outside `[low, high]` and the current one is inside (event).
struct EntersRangeCondition: PriceRangeKind {
    static let key = "enters_range"
    static let summary = "previous price outside [low, high], current price (or a wick traded since) inside"
    static let sample = #"{"enters_range": [60000, 65000]}"#
    static let examples = [
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 15, previous: 25, holds: true),
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 10, previous: 9, holds: true),
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 15, previous: 12, holds: false),
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 15, holds: false),
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 25, previous: 24, traded: 19...26, holds: true),
        ConditionExample(when: #"{"enters_range": [10, 20]}"#, price: 25, previous: 24, traded: 21...26, holds: false),
    ]

    var range: PriceRange

    /// From above the range a fall, from below a rise.
    static func direction(of alert: Alert) -> ConditionDirection {
        guard let previous = alert.previous, previous != alert.price else { return .neutral }
        return alert.price > previous ? .rise : .fall
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let sides = range.sides(o) else { return false }
        return !sides.wasInside && sides.reached
    }

    func wick(_ o: Observation) -> Double? { range.wick(o, entering: true) }

    /// ` fell into $60,000.00–$65,000.00` (from above), ` rose into …` (from below), ` entered …` when
    /// `price` (a wick's extreme for a wick) is not inside (no side to name).
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let low = min(range.low, range.high), high = max(range.low, range.high)
        let inside = price >= low && price <= high
        let verb = !inside ? " entered " : previous.map { $0 > high ? " fell into " : $0 < low ? " rose into " : " entered " } ?? " entered "
        out.text(verb, from: range.low, to: range.high)
    }
}
