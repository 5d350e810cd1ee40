import CoinWatchSupport
import CoinWatchMarket
/// `volume_spike`: the last closed `tf` candle's volume is at least `x` times the mean volume of
/// the `n` candles before it (level). Candles without a volume (CoinGecko) never make it true.
struct VolumeSpikeCondition: ConditionKind {
    static let key = "volume_spike"
    static let summary = "the last closed tf candle's volume ≥ x × the mean volume of the n candles before it (needs n + 1)"
    static let timing = ConditionTiming.level
    static let unit = Threshold.Unit.count
    static let readsCandleVolume = true
    static let sample = #"{"volume_spike": {"x": 3, "tf": "1h", "n": 20}}"#
    static let schema = RulesSchema.object(required: ["x", "tf"], [
        "x": RulesSchema.node(["type": "number", "exclusiveMinimum": 0]), "tf": IndicatorFields.timeframeSchema, "n": RulesSchema.count(counts),
    ])
    static let examples = [
        ConditionExample(when: #"{"volume_spike": {"x": 3, "tf": "1h", "n": 3}}"#, price: 10, closes: [10, 10, 10, 10],
                         volumes: [10, 12, 8, 40], holds: true),
        ConditionExample(when: #"{"volume_spike": {"x": 3, "tf": "1h", "n": 3}}"#, price: 10, closes: [10, 10, 10, 10],
                         volumes: [10, 12, 8, 20], holds: false),
        ConditionExample(when: #"{"volume_spike": {"x": 3, "tf": "1h", "n": 3}}"#, price: 10, closes: [10, 10, 10],
                         volumes: [1, 1, 40], holds: false),
    ]

    /// How many candles `n` may average: the window holds them and the last one.
    static let counts = 1...(Indicator.window - 1)

    /// The multiple of the mean, > 0.
    var x: Double
    var timeframe: Timeframe
    /// Candles in the mean (default 20).
    var n: Int

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path(), allowed: ["x", "tf", "n"],
                                         expected: #"an object like {"x": 3, "tf": "1h", "n": 20}"#) else { return nil }
        let x = IndicatorFields.number(fields, "x", at: node, path: path(), key: key, rule: "a multiple of the mean volume > 0",
                                       &reader) { $0 > 0 && $0.isFinite }
        let timeframe = IndicatorFields.timeframe(fields, at: node, path: path(), key: key, &reader)
        let n = IndicatorFields.count(fields, "n", fallback: 20, range: counts, at: node, path: path(), key: key, &reader)
        guard let x, let timeframe, let n else { return nil }
        return Self(x: x, timeframe: timeframe, n: n)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    private var need: IndicatorNeed { IndicatorNeed(timeframe: timeframe, indicator: .volumeRatio(count: n)) }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [need]) }
    var threshold: Threshold? { Threshold(value: x, unit: .count) }

    /// The last closed candle's volume over the mean of the `n` before it.
    func figure(_ o: Observation) -> Double? { o.indicators?[need]?.value }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { figure(o).map { $0 >= x } ?? false }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let ratio = figure(o) else {
            return IndicatorFields.warmUp(o, need) + " or no volume"
        }
        return "last \(timeframe.rawValue) volume \(IndicatorFields.figure(ratio, decimals: 2))× the mean of \(n) \(ratio >= x ? "≥" : "<") \(NumberText.plain(x))×"
    }

    func listing(vs: String) -> String { "volume_spike \(NumberText.plain(x))× the mean of \(n) \(timeframe.rawValue) candles" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value, decimals: 2) + "×" }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text("'s \(timeframe.rawValue) volume spiked to \(NumberText.plain(x))× its \(n)-candle mean or more")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(IndicatorFields.figure(value, decimals: 2))×") }
    func writeResolved(into out: inout MessageText) { out.text("'s \(timeframe.rawValue) volume is no longer \(NumberText.plain(x))× its mean") }
}
