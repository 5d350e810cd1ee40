import CoinWatchSupport
import CoinWatchMarket
/// The value of `premium_above`/`premium_below`, `{"pct": P, "against": PROVIDER, "against_vs": CUR}`, and the
/// premium in percent of the rule's price over the same coin on `against`, converted (SPEC §2).
struct Premium: Sendable, Equatable {
    /// The line, percent (may be negative: a discount).
    var pct: Double
    /// The other leg.
    var leg: PremiumLeg

    /// The kinds' schema; `against` is one of the registered providers.
    static var schema: JSONNode {
        RulesSchema.object(required: ["pct", "against", "against_vs"], [
            "pct": RulesSchema.node(["type": "number"]), "against": RulesSchema.node(["enum": RulesSchema.providerNames]),
            "against_vs": RulesSchema.node(["type": "string", "pattern": "^[A-Za-z0-9]+$"]),
        ])
    }

    /// The value examples and messages show: `{"pct": 3, "against": "binance", "against_vs": "usdt"}`, against
    /// the last registered provider that quotes in usdt.
    static func example(pct: Int) -> String {
        let against = ProviderRegistry.names { type(of: $0).offeredCurrencies?.contains("usdt") == true }.last ?? ProviderRegistry.fallback
        return #"{"pct": \#(pct), "against": "\#(against.rawValue)", "against_vs": "usdt"}"#
    }

    /// Reads `{"pct", "against", "against_vs"}` at `path`, every problem reported to `reader`.
    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Premium? {
        guard let fields = reader.object(node, path: path, allowed: ["pct", "against", "against_vs"],
                                         expected: "an object like " + example(pct: 3)) else { return nil }
        var pct: Double?
        var against: ProviderName?
        var againstVs: String?
        if let pctNode = fields["pct"], let value = reader.number(pctNode, path: JSONPath.child(path, "pct")) {
            if value.isFinite { pct = value } else {
                reader.error("pct must be a finite percent", at: pctNode, path: JSONPath.child(path, "pct"))
            }
        }
        if let provider = fields["against"] { against = reader.providerName(provider, path: JSONPath.child(path, "against")) }
        if let currency = fields["against_vs"] { againstVs = reader.vsCurrency(currency, path: JSONPath.child(path, "against_vs")) }
        for (name, what) in [("pct", "the premium in percent"), ("against", "the provider to compare with"),
                             ("against_vs", "the currency on that provider")] where fields[name] == nil {
            reader.error("\(key) needs \(name), \(what) (e.g. \(example(pct: 3)))",
                         at: node, path: path)
        }
        guard let pct, let against, let againstVs else { return nil }
        return Premium(pct: pct, leg: PremiumLeg(against: against, againstVs: againstVs))
    }

    /// `against` must quote in `against_vs` (a provider `providers` does not list is asked with its defaults).
    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        reader.checkCurrency(leg.against, vs: leg.againstVs, what: "against_vs", at: node["against_vs"] ?? node,
                             path: JSONPath.child(path(), "against_vs"))
    }

    /// The premium in percent: (price ÷ base − 1) × 100; nil when a leg is missing.
    func figure(_ o: Observation) -> Double? {
        guard let base = o.derived?.premiumBases[leg], base > 0, base.isFinite else { return nil }
        return Self.percent(o.price, against: base)
    }

    /// The premium of `price` over `base`, in percent: (price ÷ base − 1) × 100.
    static func percent(_ price: Double, against base: Double) -> Double {
        (price / base - 1) * 100
    }

    /// Whether the premium is ≥ `pct` (`above`) or ≤ it; false when a leg is missing.
    func holds(_ o: Observation, above: Bool) -> Bool { Side.meets(figure(o), pct, above: above) }

    /// `premium 4.1% ≥ 3% (price 140000000 against 134500000 from binance)` or why a leg is missing.
    func describe(_ o: Observation, above: Bool) -> String {
        guard let premium = figure(o), let base = o.derived?.premiumBases[leg] else {
            return "not observed: " + (o.derived?.premiumGaps[leg] ?? "no quote on \(leg.against.rawValue) in \(leg.againstVs)")
        }
        let n = NumberText.plain
        return "premium \(n(premium))% \(Side.sign(premium, pct, above: above)) \(n(pct))% (price \(n(o.price)) against \(n(base)) from \(leg.against.rawValue) in \(leg.againstVs), converted)"
    }

    /// `premium_above 3% against binance usdt`.
    func listing(_ key: String) -> String { "\(key) \(NumberText.plain(pct))% against \(leg.against.rawValue) \(leg.againstVs)" }

    /// ` premium against binance (USDT) rose above 3%`.
    func writeFiring(above: Bool, into out: inout MessageText) {
        out.text(" premium against \(leg.against.rawValue) (\(leg.againstVs.uppercased())) " + (above ? "rose to " : "fell to ")
                 + "\(MessageText.percent(pct)) or " + (above ? "more" : "less"))
    }

    /// ` — premium 4.1%`.
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — premium ", percent: value, then: "") }

    /// ` premium against binance (USDT) is no longer 3% or more`.
    func writeResolved(above: Bool, into out: inout MessageText) {
        out.text(" premium against \(leg.against.rawValue) (\(leg.againstVs.uppercased())) is no longer \(MessageText.percent(pct)) or "
                 + (above ? "more" : "less"))
    }
}

/// `premium_above` or `premium_below`: one `Premium` and which side of its line holds.
protocol PremiumKind: SidedKind {
    /// The line and the other leg.
    var premium: Premium { get }
    init(premium: Premium)
}

extension PremiumKind {
    static var timing: ConditionTiming { .level }

    static var readsOtherLeg: Bool { true }
    static var unit: Threshold.Unit { .percent }

    static var schema: JSONNode { Premium.schema }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        Premium.parse(key, node, path: path(), &reader).map(Self.init(premium:))
    }

    var threshold: Threshold? { Threshold(value: premium.pct, unit: .percent) }
    var needs: ConditionNeeds { ConditionNeeds(premiums: [premium.leg]) }

    func figure(_ o: Observation) -> Double? { premium.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { premium.holds(o, above: Self.above) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { premium.describe(o, above: Self.above) }
    func listing(vs: String) -> String { premium.listing(Self.key) }

    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        premium.validate(at: node[Self.key] ?? node, path: JSONPath.child(path(), Self.key), providers: providers, &reader)
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { premium.writeFiring(above: Self.above, into: &out) }
    func writeFigure(_ value: Double, into out: inout MessageText) { premium.writeFigure(value, into: &out) }
    func writeResolved(into out: inout MessageText) { premium.writeResolved(above: Self.above, into: &out) }
}
