/// `volume_24h_below`: the provider's 24h traded volume, in the rule's currency, is at or under an
/// amount (level). Without a volume from the provider it does not hold.
struct Volume24hBelowCondition: ConditionKind {
    static let key = "volume_24h_below"
    static let summary = "the provider's 24h traded volume (in vs) ≤ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"volume_24h_below": 1000000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"volume_24h_below": 1000000}"#, price: 10, volume24h: 800_000, holds: true),
        ConditionExample(#"{"volume_24h_below": 1000000}"#, price: 10, volume24h: 1_000_001, holds: false),
        ConditionExample(#"{"volume_24h_below": 1000000}"#, price: 10, holds: false),
    ]

    /// The amount, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    func figure(_ o: Observation) -> Double? { ProviderFigure.volume24h.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { ProviderFigure.volume24h.holds(o, value, atLeast: false) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        ProviderFigure.volume24h.describe(o, value, atLeast: false)
    }

    /// `'s 24h volume is $1.20B (≥ $1.00B)`: the figure and the amount it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard let figure = out.value else { return out.text("'s 24h volume is below ", money: value) }
        out.text("'s 24h volume is " + out.amount(figure))
        out.met("≤", out.amount(value))
    }
    func writeResolved(into out: inout MessageText) { out.text("'s 24h volume is no longer below " + out.amount(value)) }
}

extension Condition {
    /// `{"volume_24h_below": amount}`.
    static func volume24hBelow(_ amount: Double) -> Condition { Condition(Volume24hBelowCondition(value: amount)) }
}
