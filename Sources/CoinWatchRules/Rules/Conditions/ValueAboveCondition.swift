/// `value_above`: the holding's value (amount × price) is at or over an amount.
struct ValueAboveCondition: HoldingFigureKind {
    static let key = "value_above"
    static let summary = "the holding's value (amount × price, in vs) ≥ value; with `\"coin\": \"portfolio\"`, the total"
    static let sample = #"{"value_above": 50000}"#
    static let examples = [
        ConditionExample(when: #"{"value_above": 50000}"#, price: 110_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(when: #"{"value_above": 50000}"#, price: 90_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(when: #"{"value_above": 50000}"#, price: 110_000, holds: false),
    ]

    static let measure = HoldingFigure.value
    static let above = true

    /// The line: an amount in vs_currency.
    var value: Double
}
