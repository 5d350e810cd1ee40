/// A condition's kind in a box that knows its concrete type, so a pass asks `holds` through one
/// class call straight into that kind's own `holds`: opening `Condition.kind` instead copies the
/// existential first, once per pair. It is the same judgement as `Condition.holds`. A plan makes
/// its boxes back to back, in rule order, so a pass walks them in the order they lie in memory.
package class ConditionBox: @unchecked Sendable {
    fileprivate init() {}

    /// `Condition.holds(observation, firing:, rearm:)` of the boxed condition. `observation` is
    /// `inout` only so a pass can hand it over where it lies (a borrowed argument is copied
    /// first); it is not changed.
    package func holds(_ observation: inout Observation, firing: Bool, rearm: Double) -> Bool { false }

    /// `ConditionKind.remember` of the boxed condition.
    package func remember(_ observation: Observation, fired: Bool) -> Double? { nil }

    /// A box for `condition`'s kind, typed by it.
    package static func boxing(_ condition: Condition) -> ConditionBox { box(condition.kind) }

    private static func box<Kind: ConditionKind>(_ kind: Kind) -> ConditionBox { KindBox(kind) }
}

/// A `ConditionBox` for a condition of kind `Kind` (immutable after init).
private final class KindBox<Kind: ConditionKind>: ConditionBox, @unchecked Sendable {
    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
        super.init()
    }

    override func holds(_ observation: inout Observation, firing: Bool, rearm: Double) -> Bool {
        // This generic method is not specialized per kind: `holds(inPlace:)` is the witness that
        // takes the observation without a copy.
        kind.holds(inPlace: &observation, firing: firing, rearm: rearm)
    }

    override func remember(_ observation: Observation, fired: Bool) -> Double? { kind.remember(observation, fired: fired) }
}
