/// `premium_below`: the rule's price is at least `pct` % below the same coin on another provider,
/// converted into the rule's currency (level; the kimchi premium). Not true when a leg is missing.
struct PremiumBelowCondition: ConditionKind {
    static let key = "premium_below"
    static let summary = "premium of the rule's price over the same coin on `against` in `against_vs`, converted at the price of `against_vs` on the rule's provider, ≤ pct % (may be negative)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"premium_below": {"pct": 0, "against": "binance", "against_vs": "usdt"}}"#
    static let schema = Premium.schema
    static let examples = [
        ConditionExample(#"{"premium_below": {"pct": -1, "against": "binance", "against_vs": "usdt"}}"#, price: 98, premiumBase: 100, holds: true),
        ConditionExample(#"{"premium_below": {"pct": -1, "against": "binance", "against_vs": "usdt"}}"#, price: 99.5, premiumBase: 100, holds: false),
        ConditionExample(#"{"premium_below": {"pct": -1, "against": "binance", "against_vs": "usdt"}}"#, price: 98, holds: false),
    ]

    /// The line and the other leg.
    var premium: Premium

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        Premium.parse(key, node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: premium.pct, unit: .percent) }

    var needs: ConditionNeeds { ConditionNeeds(premiums: [premium.leg]) }

    func figure(_ o: Observation) -> Double? { premium.figure(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { premium.holds(o, above: false) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { premium.describe(o, above: false) }

    func listing(vs: String) -> String { premium.listing(Self.key) }

    func validate(at node: JSONNode, path: String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        premium.validate(at: node["premium_below"] ?? node, path: JSONPath.child(path, Self.key), providers: providers, &reader)
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { premium.writeFiring(above: false, into: &out) }
    func writeFigure(_ value: Double, into out: inout MessageText) { premium.writeFigure(value, into: &out) }
    func writeResolved(into out: inout MessageText) { premium.writeResolved(above: false, into: &out) }
}

extension Condition {
    /// `{"premium_below": {"pct": pct, "against": against, "against_vs": againstVs}}`.
    static func premiumBelow(pct: Double, against: ProviderName, againstVs: String) -> Condition {
        Condition(PremiumBelowCondition(premium: Premium(pct: pct, leg: PremiumLeg(against: against, againstVs: againstVs))))
    }
}
