/// A condition held in a box that knows its kind's concrete type, so a pass asks `holds` through
/// one class call into that kind's own `holds` (no copy of the condition's existential per pair,
/// which opening `Condition.kind` would make). It is the same judgement as `Condition.holds`.
class ConditionBox: @unchecked Sendable {
    /// The condition.
    let condition: Condition

    fileprivate init(_ condition: Condition) { self.condition = condition }

    /// `condition.holds(observation, firing:, rearm:)`. `observation` is `inout` only so a pass
    /// can hand it over where it lies (a borrowed argument is copied first); it is not changed.
    func holds(_ observation: inout Observation, firing: Bool, rearm: Double) -> Bool {
        condition.holds(observation, firing: firing, rearm: rearm)
    }

    /// A box for `condition`, typed by its kind.
    static func boxing(_ condition: Condition) -> ConditionBox { box(condition.kind, of: condition) }

    private static func box<Kind: ConditionKind>(_ kind: Kind, of condition: Condition) -> ConditionBox {
        KindBox(kind, of: condition)
    }
}

/// A `ConditionBox` for a condition of kind `Kind` (immutable after init).
private final class KindBox<Kind: ConditionKind>: ConditionBox, @unchecked Sendable {
    let kind: Kind

    init(_ kind: Kind, of condition: Condition) {
        self.kind = kind
        super.init(condition)
    }

    override func holds(_ observation: inout Observation, firing: Bool, rearm: Double) -> Bool {
        kind.holds(observation, firing: firing, rearm: rearm)
    }
}
