import CoinWatchMarket
/// `bollinger_below`: the price is at or beyond the lower Bollinger band of the closed `tf` candles.
struct BollingerBelowCondition: BandKind {
    static let key = "bollinger_below"
    static let summary = "price ≤ the lower Bollinger band: the SMA of the last period closed tf candles - k population standard deviations"
    static let sample = #"{"bollinger_below": {"period": 20, "k": 2, "tf": "4h"}}"#
    static let examples = [
        ConditionExample(when: #"{"bollinger_below": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 10, closes: [10, 11, 12], holds: true),
        ConditionExample(when: #"{"bollinger_below": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 10.5, closes: [10, 11, 12], holds: false),
    ]

    static let above = false

    var settings: BandSettings
}

extension Condition {
    /// `{"bollinger_below": {"period": period, "k": k, "tf": timeframe}}`.
    package static func bollingerBelow(period: Int = 20, k: Double = 2, timeframe: Timeframe) -> Condition {
        Condition(BollingerBelowCondition(settings: BandSettings(period: period, k: k, timeframe: timeframe)))
    }
}
