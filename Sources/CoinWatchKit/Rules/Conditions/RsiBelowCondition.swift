/// `rsi_below`: Wilder's RSI of the closes of the closed `tf` candles is at or below a level (level).
struct RsiBelowCondition: ConditionKind {
    static let key = "rsi_below"
    static let summary = "Wilder's RSI of the closes of closed tf candles ≤ value (needs period + 1 closed candles)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"rsi_below": {"value": 30, "tf": "1h", "period": 14}}"#
    static let schema = RSISettings.schema
    static let examples = [
        ConditionExample(#"{"rsi_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 10, closes: [13, 12, 11, 10], holds: true),
        ConditionExample(#"{"rsi_below": {"value": 30, "tf": "1h", "period": 3}}"#, price: 12, closes: [10, 13, 11, 12], holds: false),
    ]

    var settings: RSISettings

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        RSISettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need(crossing: false)]) }
    var threshold: Threshold? { Threshold(value: settings.value, unit: .count) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, above: false) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, crossing: false, above: false) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) \(IndicatorFields.figure(settings.value))" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.name) is at or below \(IndicatorFields.figure(settings.value))")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — now \(IndicatorFields.figure(value))") }
    func writeResolved(into out: inout MessageText) { out.text(" \(settings.name) is no longer below \(IndicatorFields.figure(settings.value))") }
}

extension Condition {
    /// `{"rsi_below": {"value": value, "tf": timeframe, "period": period}}`.
    public static func rsiBelow(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiBelowCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }
}
