/// `crosses_above`: the price went from under a value to at or over it.
struct CrossesAboveCondition: PriceCrossingKind {
    static let key = "crosses_above"
    static let summary = "previous price < value ≤ current price (or ≤ the high traded since: a wick)"
    static let sample = #"{"crosses_above": 100000}"#
    static let examples = [
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 101, previous: 99, holds: true),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 100, previous: 99, holds: true),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 101, previous: 100.5, holds: false),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 101, holds: false),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 99.8, previous: 99, traded: 98.9...100.3, holds: true),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 99.8, previous: 99, traded: 98.9...99.9, holds: false),
        ConditionExample(when: #"{"crosses_above": 100}"#, price: 100.5, previous: 100.2, traded: 99.5...100.6, holds: false),
    ]

    static let above = true

    var value: Double
}

extension Condition {
    /// `{"crosses_above": value}`.
    package static func crossesAbove(_ value: Double) -> Condition { Condition(CrossesAboveCondition(value: value)) }
}
