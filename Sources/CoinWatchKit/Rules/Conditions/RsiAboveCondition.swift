/// `rsi_above`: Wilder's RSI of the closes of the closed `tf` candles is at or above a level (level).
struct RsiAboveCondition: ConditionKind {
    static let key = "rsi_above"
    static let summary = "Wilder's RSI of the closes of closed tf candles ≥ value (needs period + 1 closed candles)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"rsi_above": {"value": 70, "tf": "1h", "period": 14}}"#
    static let schema = RSISettings.schema
    static let examples = [
        ConditionExample(#"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 13, closes: [10, 11, 12, 13], holds: true),
        ConditionExample(#"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 12, closes: [10, 13, 11, 12], holds: false),
        ConditionExample(#"{"rsi_above": {"value": 70, "tf": "1h", "period": 3}}"#, price: 13, closes: [11, 12, 13], holds: false),
    ]

    var settings: RSISettings

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        RSISettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need(crossing: false)]) }
    var threshold: Threshold? { Threshold(value: settings.value, unit: .count) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, above: true) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, crossing: false, above: true) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) \(IndicatorFields.figure(settings.value))" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.name) is at or above \(IndicatorFields.figure(settings.value))")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — now \(IndicatorFields.figure(value))") }
    func writeResolved(into out: inout MessageText) { out.text(" \(settings.name) is no longer above \(IndicatorFields.figure(settings.value))") }
}

extension Condition {
    /// `{"rsi_above": {"value": value, "tf": timeframe, "period": period}}`.
    public static func rsiAbove(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiAboveCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
