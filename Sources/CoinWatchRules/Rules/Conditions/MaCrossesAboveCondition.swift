import CoinWatchMarket
/// `ma_crosses_above`: the fast moving average crossed above the slow one (golden cross; event).
struct MaCrossesAboveCondition: AverageCrossKind {
    static let key = "ma_crosses_above"
    static let summary = "the fast moving average (sma or ema) of closed tf candles crossed above the slow one between the last two closed candles (golden cross; needs slow + 1)"
    static let sample = #"{"ma_crosses_above": {"fast": 50, "slow": 200, "tf": "1d", "type": "sma"}}"#
    static let examples = [
        ConditionExample(when: #"{"ma_crosses_above": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 10, 9, 12], holds: true),
        ConditionExample(when: #"{"ma_crosses_above": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 11, 12, 13], holds: false),
    ]

    static let above = true

    var settings: AverageCrossSettings
}

extension Condition {
    /// `{"ma_crosses_above": {"fast": fast, "slow": slow, "tf": timeframe, "type": average}}`.
    package static func maCrossesAbove(fast: Int, slow: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(MaCrossesAboveCondition(settings: AverageCrossSettings(fast: fast, slow: slow, timeframe: timeframe, average: average)))
    }
}
