/// One message read from a control chat (a Telegram update, a Matrix room event), decoded.
public struct ControlMessage: Sendable, Equatable {
    /// `telegram:<update_id>` or `matrix:<event_id>`: the key of its answer.
    public var key: String
    /// The chat it came from (Telegram chat id, Matrix room id).
    public var chat: String
    /// Who sent it (Telegram user id, Matrix user id).
    public var sender: String
    public var text: String

    public init(key: String, chat: String, sender: String, text: String) {
        self.key = key
        self.chat = chat
        self.sender = sender
        self.text = text
    }
}
