import CoinWatchSupport
/// `crosses`: the price crossed a value in either direction (event; `rearm` in percent of the value).
struct CrossesCondition: ValueKind {
    static let key = "crosses"
    static let summary = "the price (or a wick traded since the previous one) crossed the value in either direction"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.percentOfThreshold
    static let sample = #"{"crosses": 50000}"#
    static let examples = [
        ConditionExample(when: #"{"crosses": 100}"#, price: 99, previous: 101, holds: true),
        ConditionExample(when: #"{"crosses": 100}"#, price: 101, previous: 99, holds: true),
        ConditionExample(when: #"{"crosses": 100}"#, price: 102, previous: 101, holds: false),
        ConditionExample(when: #"{"crosses": 100}"#, price: 99, previous: 98, traded: 97...100.5, holds: true),
        ConditionExample(when: #"{"crosses": 100}"#, price: 101, previous: 102, traded: 99.5...102, holds: true),
    ]

    var value: Double

    /// Up when the price came from under the value.
    static func direction(of alert: Alert) -> ConditionDirection {
        guard let value = alert.threshold else { return .neutral }
        return (alert.previous ?? alert.price) < value ? .rise : .fall
    }

    var needs: ConditionNeeds { ConditionNeeds(tradedSpan: true) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        let crossing = PriceCrossing(o, value: value)
        return crossing == .up || crossing == .down
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { PriceCrossing.describe(o, value: value) }

    func wick(_ o: Observation) -> Double? { PriceCrossing.wick(o, value: value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text((previous ?? price) < value ? " crossed above " : " crossed below ", money: value)
    }
}

extension Condition {
    /// `{"crosses": value}`.
    package static func crosses(_ value: Double) -> Condition { Condition(CrossesCondition(value: value)) }
}
