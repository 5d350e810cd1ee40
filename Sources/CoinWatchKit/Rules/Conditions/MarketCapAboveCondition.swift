/// `market_cap_above`: the provider's market cap, in the rule's currency, is at or over an
/// amount (level). Without a market cap from the provider it does not hold.
struct MarketCapAboveCondition: ConditionKind {
    static let key = "market_cap_above"
    static let summary = "the provider's market cap (in vs) ≥ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"market_cap_above": 1000000000000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"market_cap_above": 1000000000}"#, price: 10, marketCap: 1_200_000_000, holds: true),
        ConditionExample(#"{"market_cap_above": 1000000000}"#, price: 10, marketCap: 999_999_999, holds: false),
        ConditionExample(#"{"market_cap_above": 1000000000}"#, price: 10, holds: false),
    ]

    /// The amount, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    func figure(_ o: Observation) -> Double? { ProviderFigure.marketCap.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { ProviderFigure.marketCap.holds(o, value, atLeast: true) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        ProviderFigure.marketCap.describe(o, value, atLeast: true)
    }

    /// `'s market cap is $1.20B (≥ $1.00B)`: the figure and the amount it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard let figure = out.value else { return out.text("'s market cap is above ", money: value) }
        out.text("'s market cap is " + out.amount(figure))
        out.met("≥", out.amount(value))
    }
    func writeResolved(into out: inout MessageText) { out.text("'s market cap is no longer above " + out.amount(value)) }
}

extension Condition {
    /// `{"market_cap_above": amount}`.
    static func marketCapAbove(_ amount: Double) -> Condition { Condition(MarketCapAboveCondition(value: amount)) }
}
