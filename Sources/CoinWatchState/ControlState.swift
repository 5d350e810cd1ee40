import CoinWatchSupport
/// The chat side's memory (SPEC §13), the state's `control` section: how far each chat has been read,
/// the answers not yet sent, and when each unknown sender was last reported.
package struct ControlState: Codable, Sendable, Equatable, StateRecord {
    /// Format name → where its next read starts (the chat service's offset or token).
    package var offsets: [String: String] = [:]
    /// Answers waiting to be sent, oldest first.
    package var answers: [ControlAnswer] = []
    /// `transport:sender` → when an unknown sender was last reported on stderr (once an hour).
    package var unknown: [String: Double] = [:]

    package init() {}

    package static let fields = StateFields<ControlState>(blank: ControlState(), [
        .defaulted("offsets", \.offsets, .dictionary(.string), default: [:]),
        .defaulted("answers", \.answers, .array(.record), default: []),
        .defaulted("unknown", \.unknown, .dictionary(.number), default: [:]),
    ])
}
