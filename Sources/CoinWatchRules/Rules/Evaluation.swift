/// Whether a rule's condition held for one pair, and the figure it compared in words (`price 101 ≥ 100
/// (rearm 5)`): what `coinwatch explain` prints before the `Decision`.
package struct Evaluation: Sendable, Equatable {
    /// Whether the condition holds in this pass (after hysteresis and re-arming).
    package var holds: Bool
    /// The figure against the threshold, in words.
    package var reason: String
}
