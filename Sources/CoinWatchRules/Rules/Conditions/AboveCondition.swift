/// `above`: the price is at or over a value (level; `rearm` in percent of the value).
struct AboveCondition: PriceLevelKind {
    static let key = "above"
    static let summary = "price ≥ value"
    static let sample = #"{"above": 100000}"#
    static let examples = [
        ConditionExample(when: #"{"above": 100}"#, price: 100, holds: true),
        ConditionExample(when: #"{"above": 100}"#, price: 99.99, holds: false),
    ]

    static let above = true

    var value: Double
}

extension Condition {
    /// `{"above": value}`.
    package static func above(_ value: Double) -> Condition { Condition(AboveCondition(value: value)) }
}
