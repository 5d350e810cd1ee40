/// `above`: the price is at or over a value (level; `rearm` in percent of the value).
struct AboveCondition: ConditionKind {
    static let key = "above"
    static let summary = "price ≥ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.percentOfThreshold
    static let sample = #"{"above": 100000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"above": 100}"#, price: 100, holds: true),
        ConditionExample(#"{"above": 100}"#, price: 99.99, holds: false),
    ]

    /// The price, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    /// The value, moved down by `rearm` while firing.
    func line(firing: Bool, rearm: Double) -> Double { Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: true) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { o.price >= line(firing: firing, rearm: rearm) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let v = line(firing: firing, rearm: rearm)
        return "price \(NumberText.plain(o.price)) \(o.price >= v ? "≥" : "<") \(NumberText.plain(v))"
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" is above ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer above ", money: value) }
}

extension Condition {
    /// `{"above": value}`.
    public static func above(_ value: Double) -> Condition { Condition(AboveCondition(value: value)) }
}
