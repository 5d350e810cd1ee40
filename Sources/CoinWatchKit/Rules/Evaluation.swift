/// The outcome of judging one condition: whether it holds and a short human reason.
public struct Evaluation: Sendable, Equatable {
    /// Whether the condition holds in this pass (after hysteresis).
    public var holds: Bool
    /// One phrase saying why (`price 101 ≥ 100`), for `-v` and tests.
    public var reason: String

    /// Creates an evaluation.
    public init(holds: Bool, reason: String) {
        self.holds = holds
        self.reason = reason
    }
}
