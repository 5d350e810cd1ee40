/// `price_above_ma`: the price is at or above the moving average of the last P closed `tf` candles (level).
struct PriceAboveMaCondition: ConditionKind {
    static let key = "price_above_ma"
    static let summary = "price ≥ the moving average (sma or ema) of the last period closed tf candles"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"price_above_ma": {"period": 200, "tf": "1d", "type": "sma"}}"#
    static let schema = PriceAverageSettings.schema
    static let examples = [
        ConditionExample(#"{"price_above_ma": {"period": 3, "tf": "1h"}}"#, price: 12, closes: [10, 11, 12], holds: true),
        ConditionExample(#"{"price_above_ma": {"period": 3, "tf": "1h"}}"#, price: 10.5, closes: [10, 11, 12], holds: false),
        ConditionExample(#"{"price_above_ma": {"period": 3, "tf": "1h", "type": "ema"}}"#, price: 12, closes: [10, 11], holds: false),
    ]

    var settings: PriceAverageSettings

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        PriceAverageSettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need]) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, above: true) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, above: true) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name)" }
    func figureText(_ value: Double, vs: String) -> String { NumberText.money(value, vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" is above its \(settings.name)") }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(settings.name) ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer above its \(settings.name)") }
}

extension Condition {
    /// `{"price_above_ma": {"period": period, "tf": timeframe, "type": average}}`.
    public static func priceAboveAverage(period: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(PriceAboveMaCondition(settings: PriceAverageSettings(period: period, timeframe: timeframe, average: average)))
    }
}
