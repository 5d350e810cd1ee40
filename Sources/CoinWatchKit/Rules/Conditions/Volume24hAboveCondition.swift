/// `volume_24h_above`: the provider's 24h traded volume, in the rule's currency, is at or over an
/// amount (level). Without a volume from the provider it does not hold.
struct Volume24hAboveCondition: ConditionKind {
    static let key = "volume_24h_above"
    static let summary = "the provider's 24h traded volume (in vs) ≥ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"volume_24h_above": 50000000000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"volume_24h_above": 1000000}"#, price: 10, volume24h: 1_200_000, holds: true),
        ConditionExample(#"{"volume_24h_above": 1000000}"#, price: 10, volume24h: 999_999, holds: false),
        ConditionExample(#"{"volume_24h_above": 1000000}"#, price: 10, holds: false),
    ]

    /// The amount, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    func figure(_ o: Observation) -> Double? { ProviderFigure.volume24h.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { ProviderFigure.volume24h.holds(o, value, atLeast: true) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        ProviderFigure.volume24h.describe(o, value, atLeast: true)
    }

    /// `'s 24h volume is $1.20B (≥ $1.00B)`: the figure and the amount it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard let figure = out.value else { return out.text("'s 24h volume is above ", money: value) }
        out.text("'s 24h volume is " + out.amount(figure))
        out.met("≥", out.amount(value))
    }
    func writeResolved(into out: inout MessageText) { out.text("'s 24h volume is no longer above " + out.amount(value)) }
}

extension Condition {
    /// `{"volume_24h_above": amount}`.
    static func volume24hAbove(_ amount: Double) -> Condition { Condition(Volume24hAboveCondition(value: amount)) }
}
