/// A `[low, high]` range and where the previous and current prices lie against it, shared by
/// `enters_range` and `exits_range` (bounds included).
struct PriceRange: Sendable, Equatable {
    /// The bounds, in the rule's currency.
    var low: Double, high: Double

    private var bounds: ClosedRange<Double> { min(low, high)...max(low, high) }

    /// Whether the previous price was inside and whether the current one is; nil without a previous price.
    func sides(_ o: Observation) -> (wasInside: Bool, isInside: Bool)? {
        guard let previous = o.previous else { return nil }
        return (bounds.contains(previous), bounds.contains(o.price))
    }

    /// `25 outside → 15 inside [10, 20]`, or `no previous price`.
    func describe(_ o: Observation) -> String {
        guard let previous = o.previous, let (was, now) = sides(o) else { return "no previous price" }
        let n = NumberText.plain
        let place = { (inside: Bool) in inside ? "inside" : "outside" }
        return "\(n(previous)) \(place(was)) → \(n(o.price)) \(place(now)) [\(n(bounds.lowerBound)), \(n(bounds.upperBound))]"
    }

    /// `rules.json`'s `[low, high]` as `check` lists it: `$10.00–$20.00`.
    func listing(vs: String) -> String { NumberText.money(low, vs: vs) + "–" + NumberText.money(high, vs: vs) }
}

/// A kind whose value is a `[low, high]` range: `enters_range` and `exits_range`, which differ
/// only in which side change they fire on, their words and their examples.
protocol PriceRangeKind: ConditionKind {
    /// The range.
    var range: PriceRange { get }
    init(range: PriceRange)
}

extension PriceRangeKind {
    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.range(node, path: path).map { Self(range: PriceRange(low: $0.0, high: $0.1)) }
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { range.describe(o) }

    func listing(vs: String) -> String { "\(Self.key) \(range.listing(vs: vs))" }
}
