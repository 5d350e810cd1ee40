/// `rsi_crosses_below`: the RSI went from over a level to at or under it between the last two closed `tf` candles (event).
struct RsiCrossesBelowCondition: RSIKind {
    static let key = "rsi_crosses_below"
    static let summary = "Wilder's RSI of closed tf candles crossed below value between the last two closed candles (needs period + 2)"
    static let sample = #"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 14}}"#
    static let examples = [
        ConditionExample(when: #"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 9, closes: [14, 12, 13, 14, 9], holds: true),
        ConditionExample(when: #"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 9, closes: [13, 12, 11, 10, 9], holds: false),
    ]

    static let above = false
    static let crossing = true

    var settings: RSISettings
}
