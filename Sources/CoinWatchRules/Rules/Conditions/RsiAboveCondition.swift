import CoinWatchMarket
/// `rsi_above`: Wilder's RSI of the closes of the closed `tf` candles is at or above a level (level).
struct RsiAboveCondition: RSIKind {
    static let key = "rsi_above"
    static let summary = "Wilder's RSI of the closes of closed tf candles ≥ value (needs period + 1 closed candles)"
    static let sample = #"{"rsi_above": {"value": 70, "tf": "1h", "period": 14}}"#
    static let examples = [
        ConditionExample(when: #"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 13, closes: [10, 11, 12, 13], holds: true),
        ConditionExample(when: #"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 12, closes: [10, 13, 11, 12], holds: false),
        ConditionExample(when: #"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 13, closes: [11, 12, 13], holds: false),
    ]

    static let above = true
    static let crossing = false

    var settings: RSISettings
}

extension Condition {
    /// `{"rsi_above": {"value": value, "tf": timeframe, "period": period}}`.
    package static func rsiAbove(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiAboveCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
