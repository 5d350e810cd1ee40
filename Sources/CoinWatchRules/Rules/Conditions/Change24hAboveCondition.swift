/// `change_24h_above`: the provider's 24h change is at or over a percentage.
struct Change24hAboveCondition: Change24hKind {
    static let key = "change_24h_above"
    static let summary = "24h change % ≥ value"
    static let sample = #"{"change_24h_above": 5}"#
    static let examples = [
        ConditionExample(when: #"{"change_24h_above": 5}"#, price: 1, change24h: 5.2, holds: true),
        ConditionExample(when: #"{"change_24h_above": 5}"#, price: 1, change24h: 4.9, holds: false),
        ConditionExample(when: #"{"change_24h_above": 5}"#, price: 1, holds: false),
    ]

    static let above = true

    /// Percent; negative is a drop.
    var value: Double
}

extension Condition {
    /// `{"change_24h_above": percent}`.
    package static func change24hAbove(_ percent: Double) -> Condition { Condition(Change24hAboveCondition(value: percent)) }
}
