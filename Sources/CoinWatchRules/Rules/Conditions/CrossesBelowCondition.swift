/// `crosses_below`: the price went from over a value to at or under it.
struct CrossesBelowCondition: PriceCrossingKind {
    static let key = "crosses_below"
    static let summary = "previous price > value ≥ current price (or ≥ the low traded since: a wick)"
    static let sample = #"{"crosses_below": 90000}"#
    static let examples = [
        ConditionExample(when: #"{"crosses_below": 100}"#, price: 100, previous: 101, holds: true),
        ConditionExample(when: #"{"crosses_below": 100}"#, price: 99, previous: 98, holds: false),
        ConditionExample(when: #"{"crosses_below": 100}"#, price: 99, holds: false),
        ConditionExample(when: #"{"crosses_below": 100}"#, price: 100.2, previous: 101, traded: 99.7...101.2, holds: true),
        ConditionExample(when: #"{"crosses_below": 100}"#, price: 100.2, previous: 101, traded: 100.1...101.2, holds: false),
    ]

    static let above = false

    var value: Double
}

extension Condition {
    /// `{"crosses_below": value}`.
    package static func crossesBelow(_ value: Double) -> Condition { Condition(CrossesBelowCondition(value: value)) }
}
