/// `bollinger_below`: the price is at or beyond the lower Bollinger band of the closed `tf` candles
/// (SMA ± k population standard deviations; level).
struct BollingerBelowCondition: ConditionKind {
    static let key = "bollinger_below"
    static let summary = "price ≤ the lower Bollinger band: the SMA of the last period closed tf candles - k population standard deviations"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"bollinger_below": {"period": 20, "k": 2, "tf": "4h"}}"#
    static let schema = BandSettings.schema
    static let examples = [
        ConditionExample(#"{"bollinger_below": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 10, closes: [10, 11, 12], holds: true),
        ConditionExample(#"{"bollinger_below": {"period": 3, "k": 1, "tf": "1h"}}"#, price: 10.5, closes: [10, 11, 12], holds: false),
    ]

    var settings: BandSettings

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        BandSettings.parse(key, node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need]) }
    var priceLead: String { "; price " }

    func figure(_ o: Observation) -> Double? { settings.band(o, upper: false) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, upper: false) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, upper: false) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) k \(NumberText.plain(settings.k))" }
    func figureText(_ value: Double, vs: String) -> String { NumberText.money(value, vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" is below its lower \(settings.name) band") }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — band ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is back inside its \(settings.name) bands") }
}

extension Condition {
    /// `{"bollinger_below": {"period": period, "k": k, "tf": timeframe}}`.
    public static func bollingerBelow(period: Int = 20, k: Double = 2, timeframe: Timeframe) -> Condition {
        Condition(BollingerBelowCondition(settings: BandSettings(period: period, k: k, timeframe: timeframe)))
    }
}
