/// `trailing_drop`: the price is at least P % below its highest since the pair started or last fired.
struct TrailingDropCondition: TrailingKind {
    static let key = "trailing_drop"
    static let summary = "price ≥ P % below the highest price since the pair started or last fired (firing re-anchors it)"
    static let sample = #"{"trailing_drop": 10}"#
    static let examples = [
        ConditionExample(when: #"{"trailing_drop": 10}"#, price: 89, reference: 100, holds: true),
        ConditionExample(when: #"{"trailing_drop": 10}"#, price: 95, reference: 100, holds: false),
        ConditionExample(when: #"{"trailing_drop": 10}"#, price: 89, holds: false),
    ]

    static let way = TrailingWay.drop

    /// Percent, > 0.
    var pct: Double
}
