/// `all`: every one of 2–8 conditions holds (level; an event inside holds in its pass).
struct AllCondition: ConditionKind {
    static let key = "all"
    static let summary = "every one of 2–8 conditions holds (an event inside counts in the pass where it happens)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"all": [{"above": 100000}, {"change_24h_above": 5}]}"#
    static let schema = Compound.schema
    static let examples = [
        ConditionExample(#"{"all": [{"above": 100}, {"change_24h_above": 5}]}"#, price: 101, change24h: 6, holds: true),
        ConditionExample(#"{"all": [{"above": 100}, {"change_24h_above": 5}]}"#, price: 101, change24h: 4, holds: false),
        ConditionExample(#"{"all": [{"crosses_above": 100}, {"volume_24h_above": 1000}]}"#, price: 101, previous: 99,
                         volume24h: 2000, holds: true),
        ConditionExample(#"{"all": [{"crosses_above": 100}, {"volume_24h_above": 1000}]}"#, price: 102, previous: 101,
                         volume24h: 2000, holds: false),
    ]

    /// The conditions, in the order written.
    var conditions: [Condition]

    public static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        Compound.parse(node, path: path, &reader).map(Self.init)
    }

    public static func direction(of alert: Alert) -> ConditionDirection { .neutral }

    var needs: ConditionNeeds { Compound.needs(conditions) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        for child in conditions where !child.kind.holds(o, firing: false, rearm: 0) { return false }
        return true
    }

    func wick(_ o: Observation) -> Double? {
        Compound.wick(conditions, o) { holds($0, firing: false, rearm: 0) }
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { Compound.describe("all", conditions, o) }

    func listing(vs: String) -> String { Compound.listing(conditions, joiner: " and ", vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" meets all of: " + Compound.listing(conditions, joiner: ", ", vs: out.vs))
    }

    func writeResolved(into out: inout MessageText) {
        out.text(" no longer meets all of: " + Compound.listing(conditions, joiner: ", ", vs: out.vs))
    }
}

extension Condition {
    /// `{"all": conditions}`.
    public static func all(_ conditions: [Condition]) -> Condition { Condition(AllCondition(conditions: conditions)) }
}
