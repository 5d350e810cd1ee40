/// `price_below_ma`: the price is at or below the moving average of the last P closed `tf` candles (level).
struct PriceBelowMaCondition: AverageKind {
    static let key = "price_below_ma"
    static let summary = "price ≤ the moving average (sma or ema) of the last period closed tf candles"
    static let sample = #"{"price_below_ma": {"period": 200, "tf": "1d", "type": "sma"}}"#
    static let examples = [
        ConditionExample(when: #"{"price_below_ma": {"period": 3, "tf": "1h"}}"#, price: 10, closes: [10, 11, 12], holds: true),
        ConditionExample(when: #"{"price_below_ma": {"period": 3, "tf": "1h"}}"#, price: 11.5, closes: [10, 11, 12], holds: false),
        ConditionExample(when: #"{"price_below_ma": {"period": 3, "tf": "1h", "type": "ema"}}"#, price: 10, closes: [10, 11], holds: false),
    ]

    static let above = false

    var settings: PriceAverageSettings
}
