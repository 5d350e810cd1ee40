import CoinWatchSupport
import CoinWatchMarket
/// The value of `ma_crosses_above`/`ma_crosses_below`: `{"fast": 50, "slow": 200, "tf": TF, "type": "sma"|"ema"}`.
struct AverageCrossSettings: IndicatorSettings {
    var fast: Int
    var slow: Int
    var timeframe: Timeframe
    var average: MovingAverage

    static let schema = RulesSchema.object(required: ["fast", "slow", "tf"], [
        "fast": IndicatorFields.periodSchema, "slow": IndicatorFields.periodSchema,
        "tf": IndicatorFields.timeframeSchema, "type": IndicatorFields.averageSchema,
    ])

    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path, allowed: ["fast", "slow", "tf", "type"],
                                         expected: #"an object like {"fast": 50, "slow": 200, "tf": "1d", "type": "sma"}"#) else { return nil }
        let fast = IndicatorFields.count(fields, "fast", fallback: nil, at: node, path: path, key: key, &reader)
        let slow = IndicatorFields.count(fields, "slow", fallback: nil, at: node, path: path, key: key, &reader)
        let timeframe = IndicatorFields.timeframe(fields, at: node, path: path, key: key, &reader)
        let average = IndicatorFields.average(fields, &reader, path: path)
        guard let fast, let slow, let timeframe, let average else { return nil }
        guard fast < slow else {
            reader.error("fast (\(fast)) must be fewer candles than slow (\(slow))", at: node, path: path)
            return nil
        }
        return Self(fast: fast, slow: slow, timeframe: timeframe, average: average)
    }

    var fastNeed: IndicatorNeed { IndicatorNeed(timeframe: timeframe, indicator: average.indicator(fast), crossing: true) }
    var slowNeed: IndicatorNeed { IndicatorNeed(timeframe: timeframe, indicator: average.indicator(slow), crossing: true) }

    /// `SMA(50, 1d)` and `SMA(200, 1d)`.
    var fastName: String { IndicatorFields.name(fastNeed) }
    var slowName: String { IndicatorFields.name(slowNeed) }

    /// The fast average at the last closed candle.
    func figure(_ o: Observation) -> Double? { o.indicators?[fastNeed]?.value }

    /// Whether the fast average crossed the slow one (upward when `above`) between the last two closed candles.
    func crossed(_ o: Observation, above: Bool) -> Bool {
        guard let fast = o.indicators?[fastNeed], let slow = o.indicators?[slowNeed],
              let fastNow = fast.value, let fastBefore = fast.previous, let slowNow = slow.value, let slowBefore = slow.previous
        else { return false }
        return above ? fastBefore < slowBefore && fastNow >= slowNow : fastBefore > slowBefore && fastNow <= slowNow
    }

    /// `SMA(2, 1h) 10.5 → 12 vs SMA(3, 1h) 11 → 11.3`, or the warm-up.
    func describe(_ o: Observation) -> String {
        guard let fast = o.indicators?[fastNeed], let slow = o.indicators?[slowNeed],
              let fastNow = fast.value, let fastBefore = fast.previous, let slowNow = slow.value, let slowBefore = slow.previous
        else { return IndicatorFields.warmUp(o, slowNeed) }
        let n = NumberText.plain
        return "\(fastName) \(n(fastBefore)) → \(n(fastNow)) vs \(slowName) \(n(slowBefore)) → \(n(slowNow))"
    }
}

/// `ma_crosses_above` or `ma_crosses_below`: the fast average crossed above (or below) the slow one.
protocol AverageCrossKind: SidedKind, IndicatorKind where Settings == AverageCrossSettings {}

extension AverageCrossKind {
    static var timing: ConditionTiming { .event }

    var needs: ConditionNeeds { ConditionNeeds(indicators: [settings.fastNeed, settings.slowNeed]) }

    func figure(_ o: Observation) -> Double? { settings.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { settings.crossed(o, above: Self.above) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { settings.describe(o) }
    func listing(vs: String) -> String { "\(Self.key) \(settings.fastName) over \(settings.slowName)" }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" \(settings.fastName) crossed \(Self.above ? "above" : "below") \(settings.slowName)")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — \(settings.fastName) now ", money: value) }
}
