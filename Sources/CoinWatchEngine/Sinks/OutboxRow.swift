import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// One thing waiting for delivery (SPEC §11), as `coinwatch outbox list` and the chat's `/outbox` show it: a message in
/// the outbox, or a file sink's records waiting in the state's spool for their file.
package struct OutboxRow: Sendable {
    /// The message; nil for a file's records.
    package var entry: OutboxEntry?
    /// The message's sink, or the file sink that writes `path` (the path when rules.json names none).
    package var sink: String
    /// The file the records wait for; nil for a message.
    package var path: String?
    /// How many records wait for `path` (0 for a message).
    package var records = 0
    /// What waits: the message's alerts, or "N records".
    package var what: String
    /// `quiet hours` or `retry`.
    package var heldBy = "retry"
    /// When it may go: after the quiet hours, after its `Retry-After`, or `next pass`.
    package var nextTry = "next pass"
    /// The message's last error (secrets scrubbed), or "not yet appended to PATH"; nil: none.
    package var note: String?

    /// The id `outbox retry` and `outbox drop` take; `-` for a file's records.
    package var id: String { entry?.shownID ?? "-" }

    /// Everything waiting in `state`: the outbox's messages in their order, then one row per spooled file by path;
    /// `rules` (nil when unreadable) names the files' sinks, the quiet hours and the secrets to scrub.
    package static func all(_ state: StateDocument, rules: RulesFile?) -> [OutboxRow] {
        let scrubber = rules.map { SecretScrubber(rules: $0) } ?? .none
        let messages = state.outbox.map { entry in
            OutboxRow(entry: entry, sink: entry.sink, what: Delivery.describe(entry.alerts), heldBy: entry.held ? "quiet hours" : "retry",
                      nextTry: nextTry(entry, rules: rules), note: entry.lastError.map { scrubber.scrub($0.text).text })
        }
        let files = state.fileSpool.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { path, records in
            let sink = rules?.sinks.filter { if case .file(path) = $0.value { true } else { false } }.keys.min() ?? path
            return OutboxRow(sink: sink, path: path, records: records.count,
                             what: "\(records.count) record\(records.count == 1 ? "" : "s")", note: "not yet appended to \(path)")
        }
        return messages + files
    }

    /// When the next pass may send `entry`: after the quiet hours, after its `Retry-After`, or the next pass.
    private static func nextTry(_ entry: OutboxEntry, rules: RulesFile?) -> String {
        if entry.held {
            if let quiet = rules?.sinks[entry.sink]?.quietHours {
                return "after \(TimeText.clock(minutes: quiet.end)) local (quiet hours)"
            }
            return "after the quiet hours"
        }
        if let notBefore = entry.notBefore { return TimeText.iso(notBefore) }
        return "next pass"
    }
}
