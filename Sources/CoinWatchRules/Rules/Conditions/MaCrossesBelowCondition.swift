/// `ma_crosses_below`: the fast moving average crossed below the slow one (death cross; event).
struct MaCrossesBelowCondition: AverageCrossKind {
    static let key = "ma_crosses_below"
    static let summary = "the fast moving average (sma or ema) of closed tf candles crossed below the slow one between the last two closed candles (death cross; needs slow + 1)"
    static let sample = #"{"ma_crosses_below": {"fast": 50, "slow": 200, "tf": "1d", "type": "sma"}}"#
    static let examples = [
        ConditionExample(when: #"{"ma_crosses_below": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 10, 11, 8], holds: true),
        ConditionExample(when: #"{"ma_crosses_below": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [13, 12, 11, 10], holds: false),
    ]

    static let above = false

    var settings: AverageCrossSettings
}
