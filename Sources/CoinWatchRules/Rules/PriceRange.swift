import CoinWatchSupport
/// The `[low, high]` range of `enters_range` and `exits_range` (bounds included) and where the previous and
/// current prices lie against it; a traded span that reached in (or out) counts too (SPEC §2 wicks).
struct PriceRange: Sendable, Equatable {
    /// The bounds, in the rule's currency.
    var low: Double, high: Double

    private var bounds: ClosedRange<Double> { min(low, high)...max(low, high) }

    /// Where the prices since the previous observation lay against the range.
    struct Sides {
        /// The previous price was inside; the current one is.
        var wasInside: Bool, isInside: Bool
        /// Some price since the previous observation (the span, the current price) was inside.
        var reached: Bool
        /// Some price since the previous observation was outside.
        var left: Bool
    }

    /// The sides in `o`; nil without a previous price.
    func sides(_ o: Observation) -> Sides? {
        guard let previous = o.previous else { return nil }
        let bounds = bounds, lowest = o.lowest, highest = o.highest
        return Sides(wasInside: bounds.contains(previous), isInside: bounds.contains(o.price),
                     reached: lowest <= bounds.upperBound && highest >= bounds.lowerBound,
                     left: lowest < bounds.lowerBound || highest > bounds.upperBound)
    }

    /// Whether the price entered the range (`entering`) or left it in `o` only within the span:
    /// the wick's extreme (its high where it went up, its low where it went down), else nil.
    func wick(_ o: Observation, entering: Bool) -> Double? {
        guard let span = o.span, let sides = sides(o), let previous = o.previous else { return nil }
        if entering {
            guard !sides.wasInside, sides.reached, !sides.isInside else { return nil }
            return previous > bounds.upperBound ? span.low : span.high
        }
        guard sides.wasInside, sides.left, sides.isInside else { return nil }
        return span.high > bounds.upperBound ? span.high : span.low
    }

    /// `25 outside → 15 inside [10, 20]`, `15 inside → 16 inside (traded 15–21) [10, 20]`, or
    /// `no previous price`.
    func describe(_ o: Observation) -> String {
        guard let previous = o.previous, let sides = sides(o) else { return "no previous price" }
        let n = NumberText.plain
        let place = { (inside: Bool) in inside ? "inside" : "outside" }
        return "\(n(previous)) \(place(sides.wasInside)) → \(n(o.price)) \(place(sides.isInside))"
            + (o.span?.tradedText ?? "") + " [\(n(bounds.lowerBound)), \(n(bounds.upperBound))]"
    }

    /// `rules.json`'s `[low, high]` as `check` lists it: `$10.00–$20.00`.
    func listing(vs: String) -> String { NumberText.money(low, vs: vs) + "–" + NumberText.money(high, vs: vs) }
}

/// `enters_range` or `exits_range`: a kind whose value is a `[low, high]` range.
protocol PriceRangeKind: ConditionKind {
    /// The range.
    var range: PriceRange { get }
    init(range: PriceRange)
}

extension PriceRangeKind {
    static var timing: ConditionTiming { .event }
    static var schema: JSONNode { RulesSchema.node(["$ref": "#/$defs/range"]) }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        reader.range(node, path: path()).map { Self(range: PriceRange(low: $0.0, high: $0.1)) }
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        range.describe(o) + (wick(o) == nil ? "" : " in a wick")
    }

    func listing(vs: String) -> String { "\(Self.key) \(range.listing(vs: vs))" }

    /// Both edges.
    func chartLevels(_ alert: Alert) -> [Double] { [min(range.low, range.high), max(range.low, range.high)] }

    var needs: ConditionNeeds { ConditionNeeds(tradedSpan: true) }
}
