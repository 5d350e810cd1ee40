/// `below`: the price is at or under a value (level; `rearm` in percent of the value).
struct BelowCondition: ConditionKind {
    static let key = "below"
    static let summary = "price ≤ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.percentOfThreshold
    static let sample = #"{"below": 2000}"#
    static let schema = ##"{"$ref": "#/$defs/price"}"##
    static let examples = [
        ConditionExample(#"{"below": 2000}"#, price: 1999, holds: true),
        ConditionExample(#"{"below": 2000}"#, price: 2000.5, holds: false),
    ]

    /// The price, in the rule's currency.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    /// The value, moved up by `rearm` while firing.
    func line(firing: Bool, rearm: Double) -> Double { Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: false) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { o.price <= line(firing: firing, rearm: rearm) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let v = line(firing: firing, rearm: rearm)
        return "price \(NumberText.plain(o.price)) \(o.price <= v ? "≤" : ">") \(NumberText.plain(v))"
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" is below ", money: value) }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer below ", money: value) }
}

extension Condition {
    /// `{"below": value}`.
    public static func below(_ value: Double) -> Condition { Condition(BelowCondition(value: value)) }
}
