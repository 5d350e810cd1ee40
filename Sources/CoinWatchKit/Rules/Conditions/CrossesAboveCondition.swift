/// `crosses_above`: the price went from under a value to at or over it (event; `rearm` in percent
/// of the value: a crossing counts again once the price was that far back under it).
struct CrossesAboveCondition: ConditionKind {
    static let key = "crosses_above"
    static let summary = "previous price < value ≤ current price"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.percentOfThreshold
    static let sample = #"{"crosses_above": 100000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"crosses_above": 100}"#, price: 101, previous: 99, holds: true),
        ConditionExample(#"{"crosses_above": 100}"#, price: 100, previous: 99, holds: true),
        ConditionExample(#"{"crosses_above": 100}"#, price: 101, previous: 100.5, holds: false),
        ConditionExample(#"{"crosses_above": 100}"#, price: 101, holds: false),
    ]

    /// The price, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { PriceCrossing(o, value: value) == .up }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { PriceCrossing.describe(o, value: value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" crossed above ", money: value) }
}

extension Condition {
    /// `{"crosses_above": value}`.
    public static func crossesAbove(_ value: Double) -> Condition { Condition(CrossesAboveCondition(value: value)) }
}
