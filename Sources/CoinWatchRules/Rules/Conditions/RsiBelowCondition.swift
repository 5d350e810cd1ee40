import CoinWatchMarket
/// `rsi_below`: Wilder's RSI of the closes of the closed `tf` candles is at or below a level (level).
struct RsiBelowCondition: RSIKind {
    static let key = "rsi_below"
    static let summary = "Wilder's RSI of the closes of closed tf candles ≤ value (needs period + 1 closed candles)"
    static let sample = #"{"rsi_below": {"value": 30, "tf": "1h", "period": 14}}"#
    static let examples = [
        ConditionExample(when: #"{"rsi_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 10, closes: [13, 12, 11, 10], holds: true),
        ConditionExample(when: #"{"rsi_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 12, closes: [10, 13, 11, 12], holds: false),
    ]

    static let above = false
    static let crossing = false

    var settings: RSISettings
}

extension Condition {
    /// `{"rsi_below": {"value": value, "tf": timeframe, "period": period}}`.
    package static func rsiBelow(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiBelowCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
