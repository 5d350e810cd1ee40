/// The outcome of judging one condition: whether it holds and a short human reason.
///
/// The reason is formatted only when read: a pass judges every (rule, coin) pair but reads no
/// reason, and formatting numbers into text cost more than the judgement itself.
public struct Evaluation: Sendable, Equatable {
    /// Whether the condition holds in this pass (after hysteresis).
    public var holds: Bool
    private let describe: @Sendable () -> String

    /// One phrase saying why (`price 101 ≥ 100`), for `-v` and tests.
    public var reason: String { describe() }

    /// Creates an evaluation; `reason` is evaluated when first read, not here.
    public init(holds: Bool, reason: @autoclosure @escaping @Sendable () -> String) {
        self.holds = holds
        self.describe = reason
    }

    public static func == (lhs: Evaluation, rhs: Evaluation) -> Bool {
        lhs.holds == rhs.holds && lhs.reason == rhs.reason
    }
}
