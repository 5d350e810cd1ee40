/// Whether a rule's condition held for one pair in one pass, and the figure it compared in
/// words: the first half of what `coinwatch explain` prints for a pair (the second half is the
/// `Decision` and its `NotifyReason`: notify, or why it held back). `PairStep.advance` makes it;
/// a pass does not (it asks `holds` only).
///
/// `reason` is the kind's `describe`: the figure against the threshold (`price 101 ≥ 100`,
/// `24h change -7% vs -5%`, `no previous price`), then ` (rearm 5)` when hysteresis moved the
/// threshold, or `; not re-armed until ≤ 95` when a crossing is waiting to re-arm.
package struct Evaluation: Sendable, Equatable {
    /// Whether the condition holds in this pass (after hysteresis and re-arming).
    package var holds: Bool
    /// The figure against the threshold, in words.
    package var reason: String
}
