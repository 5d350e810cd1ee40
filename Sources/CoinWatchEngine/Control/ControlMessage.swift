import CoinWatchSupport
/// One message read from a control chat (a Telegram update, a Matrix room event), decoded.
package struct ControlMessage: Sendable, Equatable {
    /// `telegram:<update_id>` or `matrix:<event_id>`: the key of its answer.
    package var key: String
    /// The chat it came from (Telegram chat id, Matrix room id).
    package var chat: String
    /// Who sent it (Telegram user id, Matrix user id).
    package var sender: String
    package var text: String
    /// A Telegram button press's callback query id (acknowledged with `answerCallbackQuery`); nil for a message.
    package var callbackID: String?

    package init(key: String, chat: String, sender: String, text: String, callbackID: String? = nil) {
        self.key = key
        self.chat = chat
        self.sender = sender
        self.text = text
        self.callbackID = callbackID
    }
}
