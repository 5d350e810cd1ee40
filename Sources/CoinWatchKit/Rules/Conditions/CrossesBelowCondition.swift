/// `crosses_below`: the price went from over a value to at or under it (event; `rearm` in percent
/// of the value: a crossing counts again once the price was that far back over it).
struct CrossesBelowCondition: ConditionKind {
    static let key = "crosses_below"
    static let summary = "previous price > value ≥ current price (or ≥ the low traded since: a wick)"
    static let timing = ConditionTiming.event
    static let rearm = RearmUnit.percentOfThreshold
    static let sample = #"{"crosses_below": 90000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"crosses_below": 100}"#, price: 100, previous: 101, holds: true),
        ConditionExample(#"{"crosses_below": 100}"#, price: 99, previous: 98, holds: false),
        ConditionExample(#"{"crosses_below": 100}"#, price: 99, holds: false),
        ConditionExample(#"{"crosses_below": 100}"#, price: 100.2, previous: 101, traded: 99.7...101.2, holds: true),
        ConditionExample(#"{"crosses_below": 100}"#, price: 100.2, previous: 101, traded: 100.1...101.2, holds: false),
    ]

    /// The price, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    var needs: ConditionNeeds { ConditionNeeds(tradedSpan: true) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { PriceCrossing(o, value: value) == .down }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { PriceCrossing.describe(o, value: value) }

    func wick(_ o: Observation) -> Double? { PriceCrossing.wick(o, value: value, toward: .down) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" crossed below ", money: value) }
}

extension Condition {
    /// `{"crosses_below": value}`.
    public static func crossesBelow(_ value: Double) -> Condition { Condition(CrossesBelowCondition(value: value)) }
}
