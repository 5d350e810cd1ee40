/// `all`: every one of 2–8 conditions holds (level; an event inside holds in its pass).
struct AllCondition: CompoundKind {
    static let key = "all"
    static let summary = "every one of 2–8 conditions holds (an event inside counts in the pass where it happens)"
    static let sample = #"{"all": [{"above": 100000}, {"change_24h_above": 5}]}"#
    static let examples = [
        ConditionExample(when: #"{"all": [{"above": 100}, {"change_24h_above": 5}]}"#, price: 101, change24h: 6, holds: true),
        ConditionExample(when: #"{"all": [{"above": 100}, {"change_24h_above": 5}]}"#, price: 101, change24h: 4, holds: false),
        ConditionExample(when: #"{"all": [{"crosses_above": 100}, {"volume_24h_above": 1000}]}"#, price: 101, previous: 99,
                         volume24h: 2000, holds: true),
        ConditionExample(when: #"{"all": [{"crosses_above": 100}, {"volume_24h_above": 1000}]}"#, price: 102, previous: 101,
                         volume24h: 2000, holds: false),
    ]

    static let every = true

    /// The conditions, in the order written.
    var conditions: [Condition]
}

extension Condition {
    /// `{"all": conditions}`.
    package static func all(_ conditions: [Condition]) -> Condition { Condition(AllCondition(conditions: conditions)) }
}
