/// `below`: the price is at or under a value (level; `rearm` in percent of the value).
struct BelowCondition: PriceLevelKind {
    static let key = "below"
    static let summary = "price ≤ value"
    static let sample = #"{"below": 2000}"#
    static let examples = [
        ConditionExample(when: #"{"below": 2000}"#, price: 1999, holds: true),
        ConditionExample(when: #"{"below": 2000}"#, price: 2000.5, holds: false),
    ]

    static let above = false

    var value: Double
}

extension Condition {
    /// `{"below": value}`.
    package static func below(_ value: Double) -> Condition { Condition(BelowCondition(value: value)) }
}
