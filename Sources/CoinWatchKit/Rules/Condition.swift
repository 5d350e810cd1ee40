/// The `when` of a rule: exactly one condition (SPEC §2), of one of the kinds in
/// `ConditionRegistry`. Each kind's file adds its constructor here (`Condition.above(100)`).
public struct Condition: Sendable, Equatable, CustomStringConvertible {
    /// The parsed condition.
    let kind: any ConditionKind
    /// Level conditions notify on becoming true; the others (crossings, ranges) on the event.
    /// Kept beside the kind (as `threshold` is) so a pass reads it without a call into the kind.
    public let isLevel: Bool
    /// The number the alert record reports as `threshold`, where one applies.
    public let threshold: Double?

    /// Wraps one parsed condition.
    init(_ kind: any ConditionKind) {
        self.kind = kind
        self.isLevel = type(of: kind).timing == .level
        self.threshold = kind.threshold?.value
    }

    /// The key as written in rules.json (`crosses_above`).
    public var key: String { type(of: kind).key }

    /// Whether the condition holds in `observation`; `firing` and `rearm` as in `ConditionKind.holds`.
    public func holds(_ observation: Observation, firing: Bool = false, rearm: Double = 0) -> Bool {
        kind.holds(observation, firing: firing, rearm: rearm)
    }

    /// Every key that may stand in `when`, in registry order.
    public static var allKeys: [String] { ConditionRegistry.keys }

    /// `{"above": 100}`-like text for test output.
    public var description: String { "\(key)(\(kind))" }

    public static func == (lhs: Condition, rhs: Condition) -> Bool { lhs.kind.isSame(as: rhs.kind) }
}
