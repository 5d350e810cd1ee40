/// `any`: at least one of 2–8 conditions holds (level; an event inside holds in its pass).
struct AnyCondition: CompoundKind {
    static let key = "any"
    static let summary = "at least one of 2–8 conditions holds (an event inside counts in the pass where it happens)"
    static let sample = #"{"any": [{"below": 50000}, {"change_24h_below": -10}]}"#
    static let examples = [
        ConditionExample(when: #"{"any": [{"below": 50}, {"change_24h_below": -10}]}"#, price: 60, change24h: -12, holds: true),
        ConditionExample(when: #"{"any": [{"below": 50}, {"change_24h_below": -10}]}"#, price: 60, change24h: -2, holds: false),
        ConditionExample(when: #"{"any": [{"crosses_below": 50}, {"rank_within": 3}]}"#, price: 49, previous: 51, rank: 9, holds: true),
    ]

    static let every = false

    /// The conditions, in the order written.
    var conditions: [Condition]
}
