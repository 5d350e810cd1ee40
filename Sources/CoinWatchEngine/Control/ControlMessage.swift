/// One message read from a control chat by its format's `ControlTransport`, decoded.
package struct ControlMessage: Sendable, Equatable {
    /// `<format>:<id of the message in the chat service>`: the key of its answer.
    package var key: String
    /// The chat it came from, as the format's sink names it.
    package var chat: String
    /// Who sent it, as `users` and `admins` name senders.
    package var sender: String
    package var text: String
    /// A button press's id (acknowledged with `ControlTransport.acknowledge`); nil for a message.
    package var callbackID: String?
}
