import CoinWatchSupport
/// A chat command's answer waiting to be sent (SPEC §13), kept in the state's `control` section from the
/// state write that advanced the chat's offset past the command until the chat service accepted it.
package struct ControlAnswer: Codable, Sendable, Equatable, StateRecord {
    /// The name of the format of the chat it goes to (a `control` key).
    package var transport: String
    /// The chat it goes to, as the sink names it.
    package var chat: String
    package var text: String
    /// Stable per command (`<format>:<id>`): a chat service that takes a transaction id gets it, so a
    /// retried answer is shown once.
    package var key: String
    /// Seconds since 1970.
    package var queuedAt: Double
    package var attempts: Int = 0
    /// Not sent before this instant (a 429's `retry_after`, or one second after the chat's last message).
    package var notBefore: Double?
    /// `/chart`'s image (SPEC §13): drawn when the answer is sent, `text` its caption; nil for a text answer.
    package var chart: ControlChart?

    package init(transport: String, chat: String, text: String, key: String, queuedAt: Double, chart: ControlChart? = nil) {
        self.transport = transport
        self.chat = chat
        self.text = text
        self.key = key
        self.queuedAt = queuedAt
        self.chart = chart
    }

    package static let fields = StateFields<ControlAnswer>(blank: ControlAnswer(transport: "", chat: "", text: "", key: "", queuedAt: 0), [
        .required("transport", \.transport, .string),
        .required("chat", \.chat, .string),
        .required("text", \.text, .string),
        .required("key", \.key, .string),
        .required("queued_at", \.queuedAt, .number),
        .defaulted("attempts", \.attempts, .integer, default: 0),
        .optional("not_before", \.notBefore, .number),
        .optional("chart", \.chart, .record),
    ])
}
