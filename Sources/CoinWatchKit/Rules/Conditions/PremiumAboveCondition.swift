/// `premium_above`: the rule's price is at least `pct` % above the same coin on another provider,
/// converted into the rule's currency (level; the kimchi premium). Not true when a leg is missing.
struct PremiumAboveCondition: ConditionKind {
    static let key = "premium_above"
    static let summary = "premium of the rule's price over the same coin on `against` in `against_vs`, converted at the price of `against_vs` on the rule's provider, ≥ pct %"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"premium_above": {"pct": 3, "against": "binance", "against_vs": "usdt"}}"#
    static let schema = Premium.schema
    static let examples = [
        ConditionExample(#"{"premium_above": {"pct": 3, "against": "binance", "against_vs": "usdt"}}"#, price: 104, premiumBase: 100, holds: true),
        ConditionExample(#"{"premium_above": {"pct": 3, "against": "binance", "against_vs": "usdt"}}"#, price: 102, premiumBase: 100, holds: false),
        ConditionExample(#"{"premium_above": {"pct": 3, "against": "binance", "against_vs": "usdt"}}"#, price: 104, holds: false),
    ]

    /// The line and the other leg.
    var premium: Premium

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        Premium.parse(key, node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: premium.pct, unit: .percent) }

    var needs: ConditionNeeds { ConditionNeeds(premiums: [premium.leg]) }

    func figure(_ o: Observation) -> Double? { premium.figure(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { premium.holds(o, above: true) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { premium.describe(o, above: true) }

    func listing(vs: String) -> String { premium.listing(Self.key) }

    func validate(at node: JSONNode, path: String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        premium.validate(at: node["premium_above"] ?? node, path: JSONPath.child(path, Self.key), providers: providers, &reader)
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { premium.writeFiring(above: true, into: &out) }
    func writeFigure(_ value: Double, into out: inout MessageText) { premium.writeFigure(value, into: &out) }
    func writeResolved(into out: inout MessageText) { premium.writeResolved(above: true, into: &out) }
}

extension Condition {
    /// `{"premium_above": {"pct": pct, "against": against, "against_vs": againstVs}}`.
    static func premiumAbove(pct: Double, against: ProviderName, againstVs: String) -> Condition {
        Condition(PremiumAboveCondition(premium: Premium(pct: pct, leg: PremiumLeg(against: against, againstVs: againstVs))))
    }
}
