/// `bollinger_above`: the price is at or beyond the upper Bollinger band of the closed `tf` candles.
struct BollingerAboveCondition: BandKind {
    static let key = "bollinger_above"
    static let summary = "price ≥ the upper Bollinger band: the SMA of the last period closed tf candles + k population standard deviations"
    static let sample = #"{"bollinger_above": {"period": 20, "k": 2, "tf": "4h"}}"#
    static let examples = [
        ConditionExample(when: #"{"bollinger_above": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 12, closes: [10, 11, 12], holds: true),
        ConditionExample(when: #"{"bollinger_above": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 11.5, closes: [10, 11, 12], holds: false),
    ]

    static let above = true

    var settings: BandSettings
}
