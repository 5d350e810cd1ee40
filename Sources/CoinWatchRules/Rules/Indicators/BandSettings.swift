import CoinWatchSupport
import CoinWatchMarket
/// The value of `bollinger_above`/`bollinger_below`: `{"period": 20, "k": 2, "tf": TF}`; the bands
/// are the SMA of the closes ± k population standard deviations (TA-Lib `BBANDS`, matype SMA).
struct BandSettings: IndicatorSettings {
    var period: Int
    var k: Double
    var timeframe: Timeframe

    static let schema = RulesSchema.object(required: ["tf"], [
        "period": IndicatorFields.periodSchema, "k": RulesSchema.node(["type": "number", "exclusiveMinimum": 0]),
        "tf": IndicatorFields.timeframeSchema,
    ])

    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path, allowed: ["period", "k", "tf"],
                                         expected: #"an object like {"period": 20, "k": 2, "tf": "4h"}"#) else { return nil }
        let period = IndicatorFields.count(fields, "period", fallback: 20, at: node, path: path, key: key, &reader)
        let k = fields["k"] == nil ? 2 : IndicatorFields.number(fields, "k", at: node, path: path, key: key,
                                                                rule: "a number of standard deviations > 0", &reader) { $0 > 0 && $0.isFinite }
        let timeframe = IndicatorFields.timeframe(fields, at: node, path: path, key: key, &reader)
        guard let period, let k, let timeframe else { return nil }
        return Self(period: period, k: k, timeframe: timeframe)
    }

    var need: IndicatorNeed { IndicatorNeed(timeframe: timeframe, indicator: .bands(period: period)) }

    /// `BB(20, 4h)`.
    var name: String { IndicatorFields.name(need) }

    /// The upper (`upper`) or lower band at the last closed candle.
    func band(_ o: Observation, upper: Bool) -> Double? {
        guard let reading = o.indicators?[need], let mean = reading.value, let deviation = reading.deviation else { return nil }
        return upper ? mean + k * deviation : mean - k * deviation
    }

    /// Whether the price is at or above the upper band (`upper`) or at or below the lower one.
    func holds(_ o: Observation, upper: Bool) -> Bool { Side.holds(o.price, band(o, upper: upper), above: upper) }

    /// `price 120 ≥ upper BB(20, 4h) 115.2`, or the warm-up.
    func describe(_ o: Observation, upper: Bool) -> String {
        guard let band = band(o, upper: upper) else { return IndicatorFields.warmUp(o, need) }
        let sign = Side.sign(o.price, band, above: upper)
        return "price \(NumberText.plain(o.price)) \(sign) \(upper ? "upper" : "lower") \(name) band \(NumberText.plain(band))"
            + " (k \(NumberText.plain(k)))"
    }
}

/// `bollinger_above` or `bollinger_below`: the price at or beyond the upper (or lower) band.
protocol BandKind: SidedKind, IndicatorKind where Settings == BandSettings {}

extension BandKind {
    static var timing: ConditionTiming { .level }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need]) }

    func figure(_ o: Observation) -> Double? { settings.band(o, upper: Self.above) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.holds(o, upper: Self.above) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o, upper: Self.above) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) k \(NumberText.plain(settings.k))" }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.above ? " is above its upper \(settings.name) band" : " is below its lower \(settings.name) band")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — band ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is back inside its \(settings.name) bands") }
}
