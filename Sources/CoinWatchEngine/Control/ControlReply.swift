import CoinWatchState
/// A command's outcome: the answer to send back and what it changes (nil for read commands and refusals).
package struct ControlReply: Sendable, Equatable, Error {
    package var answer: String
    package var edit: ControlEdit?
    /// `ok`, `refused` (not allowed), `usage` (malformed) or `failed` (a valid command that could not be done), for the audit log.
    package var outcome: String
    /// `/chart`'s image, drawn when the answer is sent (`answer` is its caption); nil for a text answer.
    package var chart: ControlChart?

    package init(_ answer: String, edit: ControlEdit? = nil, outcome: String = "ok", chart: ControlChart? = nil) {
        self.answer = answer
        self.edit = edit
        self.outcome = outcome
        self.chart = chart
    }
}
