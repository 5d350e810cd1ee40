/// `ma_crosses_below`: the fast moving average of the closes crossed below the slow one between the last
/// two closed `tf` candles (death cross; event).
struct MaCrossesBelowCondition: ConditionKind {
    static let key = "ma_crosses_below"
    static let summary = "the fast moving average (sma or ema) of closed tf candles crossed below the slow one between the last two closed candles (death cross; needs slow + 1)"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"ma_crosses_below": {"fast": 50, "slow": 200, "tf": "1d", "type": "sma"}}"#
    static let schema = AverageCrossSettings.schema
    static let examples = [
        ConditionExample(#"{"ma_crosses_below": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [10, 10, 11, 8], holds: true),
        ConditionExample(#"{"ma_crosses_below": {"fast": 2, "slow": 3, "tf": "1h"}}"#, price: 12, closes: [13, 12, 11, 10], holds: false),
    ]

    var settings: AverageCrossSettings

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        AverageCrossSettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.fastNeed, settings.slowNeed]) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.crossed(o, above: false) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.fastName) over \(settings.slowName)" }
    func figureText(_ value: Double, vs: String) -> String { NumberText.money(value, vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.fastName) crossed below \(settings.slowName)")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(settings.fastName) now ", money: value) }
}

extension Condition {
    /// `{"ma_crosses_below": {"fast": fast, "slow": slow, "tf": timeframe, "type": average}}`.
    static func maCrossesBelow(fast: Int, slow: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(MaCrossesBelowCondition(settings: AverageCrossSettings(fast: fast, slow: slow, timeframe: timeframe, average: average)))
    }
}
