/// A command's outcome: the answer to send back and what it changes (nil for read commands and refusals).
public struct ControlReply: Sendable, Equatable, Error {
    public var answer: String
    public var edit: ControlEdit?
    /// `ok`, `refused` (not allowed), `usage` (malformed) or `failed` (a valid command that could not be done), for the audit log.
    public var outcome: String

    public init(_ answer: String, edit: ControlEdit? = nil, outcome: String = "ok") {
        self.answer = answer
        self.edit = edit
        self.outcome = outcome
    }
}
