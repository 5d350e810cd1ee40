/// `value_below`: the holding's value (amount × price) is at or under an amount.
struct ValueBelowCondition: HoldingFigureKind {
    static let key = "value_below"
    static let summary = "the holding's value (amount × price, in vs) ≤ value; with `\"coin\": \"portfolio\"`, the total"
    static let sample = #"{"value_below": 20000}"#
    static let examples = [
        ConditionExample(when: #"{"value_below": 20000}"#, price: 30_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(when: #"{"value_below": 20000}"#, price: 50_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(when: #"{"value_below": 20000}"#, price: 30_000, holds: false),
    ]

    static let measure = HoldingFigure.value
    static let above = false

    /// The line: an amount in vs_currency.
    var value: Double
}
