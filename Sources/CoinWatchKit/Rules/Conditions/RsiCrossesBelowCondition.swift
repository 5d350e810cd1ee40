/// `rsi_crosses_below`: the RSI went from over a level to at or under it between the last two closed `tf` candles (event).
struct RsiCrossesBelowCondition: ConditionKind {
    static let key = "rsi_crosses_below"
    static let summary = "Wilder's RSI of closed tf candles crossed below value between the last two closed candles (needs period + 2)"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 14}}"#
    static let schema = RSISettings.schema
    static let examples = [
        ConditionExample(#"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 9, closes: [14, 12, 13, 14, 9], holds: true),
        ConditionExample(#"{"rsi_crosses_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 9, closes: [13, 12, 11, 10, 9], holds: false),
    ]

    var settings: RSISettings

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        RSISettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need(crossing: true)]) }
    var threshold: Threshold? { Threshold(value: settings.value, unit: .count) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.crossed(o, above: false) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, crossing: true, above: false) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) \(IndicatorFields.figure(settings.value))" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.name) crossed below \(IndicatorFields.figure(settings.value))")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — now \(IndicatorFields.figure(value))") }
}

extension Condition {
    /// `{"rsi_crosses_below": {"value": value, "tf": timeframe, "period": period}}`.
    static func rsiCrossesBelow(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiCrossesBelowCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
