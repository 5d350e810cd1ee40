import CoinWatchSupport
import CoinWatchMarket
/// The value of the RSI kinds: `{"value": V, "tf": TF, "period": 14}` (SPEC §2).
struct RSISettings: IndicatorSettings {
    /// The RSI level, 0–100.
    var value: Double
    var timeframe: Timeframe
    /// Candles in Wilder's smoothing (default 14).
    var period: Int

    static let schema = RulesSchema.object(required: ["value", "tf"], [
        "value": RulesSchema.node(["type": "number", "minimum": 0, "maximum": 100]), "tf": IndicatorFields.timeframeSchema,
        "period": IndicatorFields.periodSchema,
    ])

    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path, allowed: ["value", "tf", "period"],
                                         expected: #"an object like {"value": 70, "tf": "1h", "period": 14}"#) else { return nil }
        let value = IndicatorFields.number(fields, "value", at: node, path: path, key: key, rule: "an RSI level from 0 to 100",
                                           &reader) { (0...100).contains($0) }
        let timeframe = IndicatorFields.timeframe(fields, at: node, path: path, key: key, &reader)
        let period = IndicatorFields.count(fields, "period", fallback: 14, at: node, path: path, key: key, &reader)
        guard let value, let timeframe, let period else { return nil }
        return Self(value: value, timeframe: timeframe, period: period)
    }

    /// The RSI track on the rule's timeframe; a crossing reads two readings.
    func need(crossing: Bool) -> IndicatorNeed {
        IndicatorNeed(timeframe: timeframe, indicator: .rsi(period: period), crossing: crossing)
    }

    /// `RSI(14, 1h)`.
    var name: String { IndicatorFields.name(need(crossing: false)) }

    /// The RSI at the last closed candle.
    func figure(_ o: Observation) -> Double? { o.indicators?[need(crossing: false)]?.value }

    /// Whether the RSI is at or above (`above`) or at or below the level.
    func holds(_ o: Observation, above: Bool) -> Bool { Side.holds(figure(o), value, above: above) }

    /// Whether the RSI crossed the level between the last two closed candles.
    func crossed(_ o: Observation, above: Bool) -> Bool {
        guard let reading = o.indicators?[need(crossing: true)], let now = reading.value, let before = reading.previous else { return false }
        return above ? before < value && value <= now : before > value && value >= now
    }

    /// `RSI(14, 1h) 71.3 ≥ 70`, or the warm-up; with `crossing` the reading before too.
    func describe(_ o: Observation, crossing: Bool, above: Bool) -> String {
        let need = need(crossing: crossing)
        guard let reading = o.indicators?[need], let now = reading.value, !crossing || reading.previous != nil else {
            return IndicatorFields.warmUp(o, need)
        }
        let level = IndicatorFields.figure(value)
        if crossing, let before = reading.previous {
            return "\(name) \(IndicatorFields.figure(before)) → \(IndicatorFields.figure(now)) vs \(level)"
        }
        return "\(name) \(IndicatorFields.figure(now)) \(Side.sign(now, value, above: above)) \(level)"
    }
}

/// `rsi_above` or `rsi_below` (the RSI at the last closed candle against the level; level), or
/// `rsi_crosses_above` or `rsi_crosses_below` (it crossed the level between the last two closed candles; event).
protocol RSIKind: SidedKind, IndicatorKind where Settings == RSISettings {
    /// Whether the kind is the crossing of the level (event) rather than the level itself.
    static var crossing: Bool { get }
}

extension RSIKind {
    static var timing: ConditionTiming { crossing ? .event : .level }
    static var unit: Threshold.Unit { .count }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.need(crossing: Self.crossing)]) }
    var threshold: Threshold? { Threshold(value: settings.value, unit: .count) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        Self.crossing ? settings.crossed(o, above: Self.above) : settings.holds(o, above: Self.above)
    }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        settings.describe(o, crossing: Self.crossing, above: Self.above)
    }
    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.name) \(IndicatorFields.figure(settings.value))" }
    func figureText(_ value: Double, vs: String) -> String { IndicatorFields.figure(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let what = Self.crossing ? "crossed" : "is at or"
        out.text(" \(settings.name) \(what) \(Self.above ? "above" : "below") \(IndicatorFields.figure(settings.value))")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — now \(IndicatorFields.figure(value))") }
    /// A level kind's words (a crossing is an event, which never resolves).
    func writeResolved(into out: inout MessageText) {
        out.text(" \(settings.name) is no longer \(Self.above ? "above" : "below") \(IndicatorFields.figure(settings.value))")
    }
}
