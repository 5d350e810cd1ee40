/// `any`: at least one of 2–8 conditions holds (level; an event inside holds in its pass).
struct AnyCondition: ConditionKind {
    static let key = "any"
    static let summary = "at least one of 2–8 conditions holds (an event inside counts in the pass where it happens)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"any": [{"below": 50000}, {"change_24h_below": -10}]}"#
    static let schema = Compound.schema
    static let examples = [
        ConditionExample(#"{"any": [{"below": 50}, {"change_24h_below": -10}]}"#, price: 60, change24h: -12, holds: true),
        ConditionExample(#"{"any": [{"below": 50}, {"change_24h_below": -10}]}"#, price: 60, change24h: -2, holds: false),
        ConditionExample(#"{"any": [{"crosses_below": 50}, {"rank_within": 3}]}"#, price: 49, previous: 51, rank: 9, holds: true),
    ]

    /// The conditions, in the order written.
    var conditions: [Condition]

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        Compound.parse(node, path: path, &reader).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .neutral }

    var needs: ConditionNeeds { Compound.needs(conditions) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        for child in conditions where child.kind.holds(o, firing: false, rearm: 0) { return true }
        return false
    }

    func wick(_ o: Observation) -> Double? {
        Compound.wick(conditions, o) { holds($0, firing: false, rearm: 0) }
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { Compound.describe("any", conditions, o) }

    func listing(vs: String) -> String { Compound.listing(conditions, joiner: " or ", vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" meets one of: " + Compound.listing(conditions, joiner: ", ", vs: out.vs))
    }

    func writeResolved(into out: inout MessageText) {
        out.text(" no longer meets any of: " + Compound.listing(conditions, joiner: ", ", vs: out.vs))
    }
}

extension Condition {
    /// `{"any": conditions}`.
    static func any(_ conditions: [Condition]) -> Condition { Condition(AnyCondition(conditions: conditions)) }
}
