import CoinWatchSupport
import CoinWatchMarket
/// The value of `price_above_ma`/`price_below_ma`: `{"period": P, "tf": TF, "type": "sma"|"ema"}`.
struct PriceAverageSettings: IndicatorSettings {
    var period: Int
    var timeframe: Timeframe
    var average: MovingAverage

    static let schema = RulesSchema.object(required: ["period", "tf"], [
        "period": IndicatorFields.periodSchema, "tf": IndicatorFields.timeframeSchema, "type": IndicatorFields.averageSchema,
    ])

    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path, allowed: ["period", "tf", "type"],
                                         expected: #"an object like {"period": 200, "tf": "1d", "type": "sma"}"#) else { return nil }
        let period = IndicatorFields.count(fields, "period", fallback: nil, at: node, path: path, key: key, &reader)
        let timeframe = IndicatorFields.timeframe(fields, at: node, path: path, key: key, &reader)
        let average = IndicatorFields.average(fields, &reader, path: path)
        guard let period, let timeframe, let average else { return nil }
        return Self(period: period, timeframe: timeframe, average: average)
    }

    var need: IndicatorNeed { IndicatorNeed(timeframe: timeframe, indicator: average.indicator(period)) }

    /// `SMA(200, 1d)`.
    var name: String { IndicatorFields.name(need) }

    /// The average at the last closed candle.
    func figure(_ o: Observation) -> Double? { o.indicators?[need]?.value }

    /// Whether the price is at or above (`above`) or at or below the average.
    func holds(_ o: Observation, above: Bool) -> Bool { Side.holds(o.price, figure(o), above: above) }

    /// `price 101 ≥ SMA(3, 1h) 100`, or the warm-up.
    func describe(_ o: Observation, above: Bool) -> String {
        guard let average = figure(o) else { return IndicatorFields.warmUp(o, need) }
        return "price \(NumberText.plain(o.price)) \(Side.sign(o.price, average, above: above)) \(name) \(NumberText.plain(average))"
    }
}

/// `price_above_ma` or `price_below_ma`: the price at or above (or below) a moving average.
protocol AverageKind: SidedKind, IndicatorKind where Settings == PriceAverageSettings {}

extension AverageKind {
    static var timing: ConditionTiming { .level }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need]) }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, above: Self.above) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, above: Self.above) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name)" }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" is \(Self.above ? "above" : "below") its \(settings.name)")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(settings.name) ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer \(Self.above ? "above" : "below") its \(settings.name)") }
}
