/// `rsi_crosses_above`: the RSI went from under a level to at or over it between the last two closed `tf` candles (event).
struct RsiCrossesAboveCondition: ConditionKind {
    static let key = "rsi_crosses_above"
    static let summary = "Wilder's RSI of closed tf candles crossed above value between the last two closed candles (needs period + 2)"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 14}}"#
    static let schema = RSISettings.schema
    static let examples = [
        ConditionExample(#"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [10, 12, 11, 10, 14], holds: true),
        ConditionExample(#"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [10, 11, 12, 13, 14], holds: false),
        ConditionExample(#"{"rsi_crosses_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 14, closes: [12, 11, 10, 14], holds: false),
    ]

    var settings: RSISettings

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        RSISettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need(crossing: true)]) }
    var threshold: Threshold? { Threshold(value: settings.value, unit: .count) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.crossed(o, above: true) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, crossing: true, above: true) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) \(IndicatorFields.figure(settings.value))" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.name) crossed above \(IndicatorFields.figure(settings.value))")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — now \(IndicatorFields.figure(value))") }
}

extension Condition {
    /// `{"rsi_crosses_above": {"value": value, "tf": timeframe, "period": period}}`.
    static func rsiCrossesAbove(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiCrossesAboveCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
