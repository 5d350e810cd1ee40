/// The `when` of a rule: exactly one condition (SPEC §2), of one of the kinds in
/// `ConditionRegistry`. Each kind's file adds its constructor here (`Condition.above(100)`).
package struct Condition: Sendable, Equatable, CustomStringConvertible {
    /// The parsed condition.
    package let kind: any ConditionKind
    /// Level conditions notify on becoming true; the others (crossings, ranges) on the event.
    /// Kept beside the kind (as `threshold` is) so a pass reads it without a call into the kind.
    package let isLevel: Bool
    /// The number the alert record reports as `threshold`, where one applies.
    package let threshold: Double?

    /// Wraps one parsed condition.
    init(_ kind: any ConditionKind) {
        self.kind = kind
        self.isLevel = type(of: kind).timing == .level
        self.threshold = kind.threshold?.value
    }

    /// The key as written in rules.json (`crosses_above`).
    package var key: String { type(of: kind).key }

    /// Whether the condition holds in `observation`; `firing` and `rearm` as in `ConditionKind.holds`.
    package func holds(_ observation: Observation, firing: Bool = false, rearm: Double = 0) -> Bool {
        kind.holds(observation, firing: firing, rearm: rearm)
    }

    /// `ConditionKind.holds(inPlace:)` of the kind, asked where the condition lies: out of line, so
    /// `PairStep.decide`, inlined into a loop, opens the kind without copying the condition first.
    @inline(never)
    package func holds(inPlace observation: inout Observation, firing: Bool, rearm: Double) -> Bool {
        kind.holds(inPlace: &observation, firing: firing, rearm: rearm)
    }

    /// `ConditionKind.remember` of the kind, out of line as `holds(inPlace:)` is.
    @inline(never)
    package func remember(_ observation: Observation, fired: Bool) -> Double? {
        kind.remember(observation, fired: fired)
    }

    /// The prices a chart of `alert` draws as lines (SPEC §12; `ConditionKind.chartLevels`).
    package func chartLevels(_ alert: Alert) -> [Double] { kind.chartLevels(alert) }

    /// `{"above": 100}`-like text for test output.
    package var description: String { "\(key)(\(kind))" }

    package static func == (lhs: Condition, rhs: Condition) -> Bool { lhs.kind.isSame(as: rhs.kind) }
}
