/// `change_24h_below`: the provider's 24h change is at or under a percentage, a drop being negative.
struct Change24hBelowCondition: Change24hKind {
    static let key = "change_24h_below"
    static let summary = "24h change % ≤ value (a drop is negative)"
    static let sample = #"{"change_24h_below": -5}"#
    static let examples = [
        ConditionExample(when: #"{"change_24h_below": -5}"#, price: 1, change24h: -7, holds: true),
        ConditionExample(when: #"{"change_24h_below": -5}"#, price: 1, change24h: -3, holds: false),
    ]

    static let above = false

    /// Percent; negative is a drop.
    var value: Double
}

extension Condition {
    /// `{"change_24h_below": percent}`.
    package static func change24hBelow(_ percent: Double) -> Condition { Condition(Change24hBelowCondition(value: percent)) }
}
