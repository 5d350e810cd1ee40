import CoinWatchSupport
/// A sink format whose chat can be under `control` (SPEC §13): how `users` and `admins` name a sender
/// there (its chat service is `DeliveryFormat.controlTransport`, in CoinWatchEngine).
package protocol ControlFormat: SinkFormat {
    /// What `users` and `admins` list, for the schema's descriptions and the error when one is no list.
    static var senders: String { get }
    /// The JSON schema of one sender id (rules.schema.json).
    static var senderSchema: JSONNode { get }
    /// The sender id that `node`, an element of `users` or `admins`, names; nil when it names none (reported
    /// through `validator` at `path`).
    static func sender(_ node: JSONNode, path: String, validator: inout RulesValidator) -> String?
    /// Why the sink's chat (`chat_id`, `room`), as written there and expanded, can be sent to but never commands: what
    /// to write instead; nil when it can.
    static func uncommandable(chat: String) -> String?
}

extension ControlFormat {
    package static func uncommandable(chat: String) -> String? { nil }
}
