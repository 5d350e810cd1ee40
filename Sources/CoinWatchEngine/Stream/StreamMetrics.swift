import CoinWatchSupport
import CoinWatchState
/// `stream --metrics PATH` (SPEC §11): per feed its messages, reconnects, alerts, connections and last
/// message's age, written at most every `minimumGap` and at least every `refresh` seconds, and at exit.
package final class StreamMetrics {
    /// Where the text file goes.
    let path: String
    /// Seconds between two writes at least, and at most.
    var minimumGap: Double = 5
    var refresh: Double = 15
    /// Requests made so far by host (a `CountingTransport`'s), and host → provider name.
    package var requests: () -> [String: Int] = { [:] }
    package var providerHosts: [String: String] = [:]
    private var counted: [String: Int] = [:]

    private var messages: [String: Int] = [:]
    private var reconnects: [String: Int] = [:]
    /// Provider → Unix seconds of its last message.
    private var lastMessage: [String: Double] = [:]
    private var changed = true
    private var writtenAt = -Double.infinity

    package init(path: String) { self.path = path }

    /// One message from `provider`'s feed, at `wall` (Unix seconds).
    func message(_ provider: String, at wall: Double) {
        messages[provider, default: 0] += 1
        lastMessage[provider] = wall
        changed = true
    }

    /// A connection of `provider` ended or could not be opened, and is retried.
    func reconnect(_ provider: String) {
        reconnects[provider, default: 0] += 1
        changed = true
    }

    /// Something the file shows changed elsewhere (an alert, the outbox).
    func markChanged() { changed = true }

    /// Adds the requests made since the last call to the state's running totals (`PassHealth.count`).
    func countRequests(into state: inout StateDocument) {
        let now = requests()
        var since: [String: Int] = [:]
        for (host, count) in now where count > counted[host] ?? 0 { since[host] = count - (counted[host] ?? 0) }
        counted = now
        PassHealth.count(requests: since, providerHosts: providerHosts, alerts: [], state: &state)
    }

    /// When the next write is due (monotonic seconds).
    var due: Double { writtenAt + (changed ? minimumGap : refresh) }

    /// Writes the file `text` builds when due at `monotonicNow` (or `force`); a warning line when it cannot.
    func writeIfDue(monotonicNow: Double, force: Bool, text: () -> String) -> String? {
        guard force || monotonicNow >= due else { return nil }
        changed = false
        writtenAt = monotonicNow
        return PassHealth.write(metrics: text(), to: path)
    }

    /// The exposition at `wall` (Unix seconds) for rules.json's `providers`, of which `feeds` have a feed.
    func text(state: StateDocument, providers: [String], feeds: [String], connected: [String: Int],
              alerts: [String: Int], wall: Double) -> String {
        var out = PassHealth.stateMetrics(state: state, providers: providers)
        func family(_ name: String, _ type: String, _ help: String, _ value: (String) -> Double?) {
            PassHealth.family(name, type, help, into: &out)
            for feed in feeds {
                guard let value = value(feed) else { continue }
                out += "\(name){provider=\"\(PassHealth.label(feed))\"} \(JSONOut.number(value))\n"
            }
        }
        family("coinwatch_stream_connected", "gauge", "Open WebSocket connections of the feed.") { Double(connected[$0] ?? 0) }
        family("coinwatch_stream_messages_total", "counter", "Messages received from the feed.") { Double(self.messages[$0] ?? 0) }
        family("coinwatch_stream_reconnects_total", "counter", "Connections of the feed lost or refused, then retried.") {
            Double(self.reconnects[$0] ?? 0)
        }
        family("coinwatch_stream_alerts_total", "counter", "Alerts raised on prices from the feed's provider.") { Double(alerts[$0] ?? 0) }
        family("coinwatch_stream_last_message_age_seconds", "gauge", "Seconds since the feed's last message (none before the first).") {
            self.lastMessage[$0].map { max(0, wall - $0) }
        }
        return out
    }
}
