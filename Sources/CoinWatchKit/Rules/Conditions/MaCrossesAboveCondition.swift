/// `ma_crosses_above`: the fast moving average of the closes crossed above the slow one between the last
/// two closed `tf` candles (golden cross; event).
struct MaCrossesAboveCondition: ConditionKind {
    static let key = "ma_crosses_above"
    static let summary = "the fast moving average (sma or ema) of closed tf candles crossed above the slow one between the last two closed candles (golden cross; needs slow + 1)"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"ma_crosses_above": {"fast": 50, "slow": 200, "tf": "1d", "type": "sma"}}"#
    static let schema = AverageCrossSettings.schema
    static let examples = [
        ConditionExample(#"{"ma_crosses_above": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 10, 9, 12], holds: true),
        ConditionExample(#"{"ma_crosses_above": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 11, 12, 13], holds: false),
    ]

    var settings: AverageCrossSettings

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        AverageCrossSettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.fastNeed, settings.slowNeed]) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.crossed(o, above: true) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.fastName) over \(settings.slowName)" }
    func figureText(_ value: Double, vs: String) -> String { NumberText.money(value, vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.fastName) crossed above \(settings.slowName)")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(settings.fastName) now ", money: value) }
}

extension Condition {
    /// `{"ma_crosses_above": {"fast": fast, "slow": slow, "tf": timeframe, "type": average}}`.
    public static func maCrossesAbove(fast: Int, slow: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(MaCrossesAboveCondition(settings: AverageCrossSettings(fast: fast, slow: slow, timeframe: timeframe, average: average)))
    }
}
