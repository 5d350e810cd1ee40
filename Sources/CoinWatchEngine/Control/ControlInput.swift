import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// What a command handler reads (SPEC §13): rules.json (loaded, and as bytes for edits), the state, the time, and the
/// network `/favorite add` resolves a coin through.
package struct ControlInput: Sendable {
    package var rules: RulesFile
    /// rules.json as read, for edits that rewrite it.
    package var rulesBytes: [UInt8]
    /// The environment rules.json is read with (an unset `${NAME}` leaves its sink or chat unavailable).
    package var environment: [String: String]
    package var state: StateDocument
    /// Seconds since 1970.
    package var now: Double
    /// Where `/favorite add` sends its search.
    package var transport: any HTTPTransport
    /// The key of the message being answered (`<format>:<id>`): `/alert` names its rule after it, so a
    /// command read again after a kill adds nothing twice. nil: the first free `chat-N`.
    package var key: String?
}
