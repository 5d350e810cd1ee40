/// `rsi_crosses_above`: the RSI went from under a level to at or over it between the last two closed `tf` candles (event).
struct RsiCrossesAboveCondition: RSIKind {
    static let key = "rsi_crosses_above"
    static let summary = "Wilder's RSI of closed tf candles crossed above value between the last two closed candles (needs period + 2)"
    static let sample = #"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 14}}"#
    static let examples = [
        ConditionExample(when: #"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [10, 12, 11, 10, 14], holds: true),
        ConditionExample(when: #"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [10, 11, 12, 13, 14], holds: false),
        ConditionExample(when: #"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [12, 11, 10, 14], holds: false),
    ]

    static let above = true
    static let crossing = true

    var settings: RSISettings
}
