/// `change_24h_below`: the provider's 24h change is at or under a percentage, a drop being
/// negative (level; `rearm` in percentage points).
struct Change24hBelowCondition: ConditionKind {
    static let key = "change_24h_below"
    static let summary = "24h change % ≤ value (a drop is negative)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.points
    static let sample = #"{"change_24h_below": -5}"#
    static let schema = ##"{"$ref": "#/$defs/percent"}"##
    static let examples = [
        ConditionExample(#"{"change_24h_below": -5}"#, price: 1, change24h: -7, holds: true),
        ConditionExample(#"{"change_24h_below": -5}"#, price: 1, change24h: -3, holds: false),
    ]

    /// Percent; negative is a drop.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.number(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .percent) }

    func figure(_ o: Observation) -> Double? { o.change24h }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = o.change24h else { return false }
        return change <= Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: false)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        Change24h.describe(o, against: Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: false))
    }

    /// ` fell 7.13% in 24h (≤ -5%)`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard !out.change24hMove() else { return out.met("≤", MessageText.percent(value)) }
        out.text(value < 0 ? " is down \(MessageText.percent(-value)) or more in 24h"
                           : "'s 24h change is at or below \(MessageText.signed(value))")
    }

    func writeResolved(into out: inout MessageText) {
        out.text(value < 0 ? " is no longer down \(MessageText.percent(-value)) or more in 24h"
                           : "'s 24h change is back above \(MessageText.signed(value))")
    }
}

extension Condition {
    /// `{"change_24h_below": percent}`.
    public static func change24hBelow(_ percent: Double) -> Condition { Condition(Change24hBelowCondition(value: percent)) }
}
