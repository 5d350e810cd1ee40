/// `value_above`: the holding's value (amount × price) is at or over an amount (level). Not true for a coin that is not held; on `"coin": "portfolio"`,
/// only when every held coin was quoted this pass.
struct ValueAboveCondition: ConditionKind {
    static let key = "value_above"
    static let summary = "the holding's value (amount × price, in vs) ≥ value; with `\"coin\": \"portfolio\"`, the total"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"value_above": 50000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"value_above": 50000}"#, price: 110_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(#"{"value_above": 50000}"#, price: 90_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(#"{"value_above": 50000}"#, price: 110_000, holds: false),
    ]

    /// The line: an amount in vs_currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    var needs: ConditionNeeds { ConditionNeeds(holdings: true) }

    func figure(_ o: Observation) -> Double? { HoldingFigure.value.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { HoldingFigure.value.holds(o, value, atLeast: true) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { HoldingFigure.value.describe(o, value, atLeast: true) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" holding is worth more than ", money: value) }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — worth ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" holding is no longer worth more than ", money: value) }
}

extension Condition {
    /// `{"value_above": value}`.
    static func valueAbove(_ value: Double) -> Condition { Condition(ValueAboveCondition(value: value)) }
}
