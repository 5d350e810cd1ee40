/// `change_24h_above`: the provider's 24h change is at or over a percentage (level; `rearm` in
/// percentage points). Without a 24h change from the provider it does not hold.
struct Change24hAboveCondition: ConditionKind {
    static let key = "change_24h_above"
    static let summary = "24h change % ≥ value"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.points
    static let sample = #"{"change_24h_above": 5}"#
    static let schema = ##"{"$ref": "#/$defs/percent"}"##
    static let examples = [
        ConditionExample(#"{"change_24h_above": 5}"#, price: 1, change24h: 5.2, holds: true),
        ConditionExample(#"{"change_24h_above": 5}"#, price: 1, change24h: 4.9, holds: false),
        ConditionExample(#"{"change_24h_above": 5}"#, price: 1, holds: false),
    ]

    /// Percent; negative is a drop.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.number(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .percent) }

    func figure(_ o: Observation) -> Double? { o.change24h }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = o.change24h else { return false }
        return change >= Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: true)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        Change24h.describe(o, against: Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: true))
    }

    /// ` rose 6.20% in 24h (≥ 5%)`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard !out.change24hMove() else { return out.met("≥", MessageText.percent(value)) }
        out.text(value > 0 ? " is up \(MessageText.percent(value)) or more in 24h"
                           : "'s 24h change is at or above \(MessageText.signed(value))")
    }

    func writeResolved(into out: inout MessageText) {
        out.text(value > 0 ? " is no longer up \(MessageText.percent(value)) or more in 24h"
                           : "'s 24h change is back below \(MessageText.signed(value))")
    }
}

extension Condition {
    /// `{"change_24h_above": percent}`.
    public static func change24hAbove(_ percent: Double) -> Condition { Condition(Change24hAboveCondition(value: percent)) }
}
