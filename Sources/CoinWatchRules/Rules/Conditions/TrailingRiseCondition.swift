/// `trailing_rise`: the price is at least P % above its lowest since the pair started or last fired.
struct TrailingRiseCondition: TrailingKind {
    static let key = "trailing_rise"
    static let summary = "price ≥ P % above the lowest price since the pair started or last fired (firing re-anchors it)"
    static let sample = #"{"trailing_rise": 10}"#
    static let examples = [
        ConditionExample(when: #"{"trailing_rise": 10}"#, price: 111, reference: 100, holds: true),
        ConditionExample(when: #"{"trailing_rise": 10}"#, price: 105, reference: 100, holds: false),
        ConditionExample(when: #"{"trailing_rise": 10}"#, price: 111, holds: false),
    ]

    static let way = TrailingWay.rise

    /// Percent, > 0.
    var pct: Double
}
