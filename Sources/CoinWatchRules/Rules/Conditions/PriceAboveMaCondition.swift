import CoinWatchMarket
/// `price_above_ma`: the price is at or above the moving average of the last P closed `tf` candles (level).
struct PriceAboveMaCondition: AverageKind {
    static let key = "price_above_ma"
    static let summary = "price ≥ the moving average (sma or ema) of the last period closed tf candles"
    static let sample = #"{"price_above_ma": {"period": 200, "tf": "1d", "type": "sma"}}"#
    static let examples = [
        ConditionExample(when: #"{"price_above_ma": {"period": 3, "tf": "1h"}}"#, price: 12, closes: [10, 11, 12], holds: true),
        ConditionExample(when: #"{"price_above_ma": {"period": 3, "tf": "1h"}}"#, price: 10.5, closes: [10, 11, 12], holds: false),
        ConditionExample(when: #"{"price_above_ma": {"period": 3, "tf": "1h", "type": "ema"}}"#, price: 12, closes: [10, 11], holds: false),
    ]

    static let above = true

    var settings: PriceAverageSettings
}

extension Condition {
    /// `{"price_above_ma": {"period": period, "tf": timeframe, "type": average}}`.
    package static func priceAboveAverage(period: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(PriceAboveMaCondition(settings: PriceAverageSettings(period: period, timeframe: timeframe, average: average)))
    }
}
