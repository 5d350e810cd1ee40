import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// Sends one test message per sink and tells what became of each (`coinwatch notify --test`).
struct NotifyTest {
    /// The outcome for one sink.
    struct Result: Equatable {
        var sink: String
        /// `stdout`, `file` or `webhook`.
        var type: String
        /// Where it went, secrets left out: the file's path, or the webhook's format and host.
        var target: String
        /// Nil when delivered; else one line, secrets removed.
        var error: String?

        /// `webhook 'team-chat'`, `file sink 'log'`, `stdout`.
        var describedSink: String { type == "stdout" ? "stdout" : "\(type) '\(sink)'" }
    }

    var rules: RulesFile
    var transport: any HTTPTransport
    var sleeper: any Sleeper
    var retry: RetryPolicy

    /// The test alert for `sink` at `now`: rule `coinwatch-test`, condition `test`, a fresh id.
    static func alert(sink: String, vs: String, now: Double) -> Alert {
        Alert(id: StableHash.hex(["coinwatch-test", sink, StableHash.digits(of: now)]), time: now, rule: "coinwatch-test",
              coin: "test", symbol: "TEST", name: "coinwatch test", vs: vs, condition: "test", threshold: nil,
              price: 0, previous: nil, change24h: nil, status: .firing, provider: "coinwatch",
              message: "Test message from coinwatch: sink '\(sink)' works.")
    }

    /// Sends to each named sink; the stdout sink's message is printed only when `printToStdout`.
    func send(to names: [String], now: Double, io: IO, printToStdout: Bool) -> [Result] {
        var results: [String: Result] = [:]
        var lanes: [OutboxPlan.Lane] = []
        for name in names {
            guard let sink = rules.sinks[name] else { continue }
            let alert = Self.alert(sink: name, vs: rules.vsCurrency, now: now)
            switch sink {
            case .stdout:
                if printToStdout { io.out(AlertRecord.line(alert) + "\n") }
                results[name] = Result(sink: name, type: "stdout", target: "standard output")
                continue
            case .file(let path):
                var result = Result(sink: name, type: "file", target: path)
                do {
                    try FileSink.append([AlertRecord.json(alert)], to: path)
                } catch {
                    result.error = error.message
                }
                results[name] = result
                continue
            case .unavailable(let type, let reason):
                results[name] = Result(sink: name, type: type, target: "unavailable", error: reason)
                continue
            case .webhook(let config):
                results[name] = Result(sink: name, type: "webhook",
                                       target: "\(config.format.rawValue), \(HTTPRequest.host(of: config.url))")
            case .command(let config):
                results[name] = Result(sink: name, type: "command", target: config.argv.first ?? "")
            case .email(let config):
                results[name] = Result(sink: name, type: "email",
                                       target: "\(HTTPRequest.host(of: config.url)), \(config.to.count) recipient\(config.to.count == 1 ? "" : "s")")
            }
            // Webhook, command and email sinks send through the dispatcher, as a pass's outbox does.
            lanes.append(OutboxPlan.Lane(sink: name, config: sink, entries: [OutboxEntry(sink: name, alerts: [alert], queuedAt: now)]))
        }
        let dispatcher = WebhookDispatcher(transport: transport, sleeper: sleeper, retry: retry,
                                           scrubber: SecretScrubber(rules: rules), environment: io.environment)
        for lane in dispatcher.send(lanes, now: now).results {
            results[lane.sink]?.error = (lane.refused.first?.error ?? lane.stopError)?.text
        }
        return names.compactMap { results[$0] }
    }

    /// One line per sink: `team-chat   webhook (FORMAT, hooks.example.com)   delivered`; each column as
    /// wide as its longest entry (a file sink's long path included) and two spaces.
    static func text(_ results: [Result]) -> String {
        let nameWidth = (results.map { TextCell.width($0.sink) }.max() ?? 0) + 2
        let kindWidth = (results.map { kind($0).count }.max() ?? 0) + 2
        return results.map { result in
            result.sink.padding(to: nameWidth) + kind(result).padding(to: kindWidth)
                + (result.error.map { "failed: \($0)" } ?? "delivered") + "\n"
        }.joined()
    }

    /// `{"sinks":[{"name":…,"type":…,"target":…,"delivered":true},…]}`.
    static func json(_ results: [Result]) -> String {
        var out = JSONOut()
        out.addRaw("sinks", JSONOut.array(results.map { result in
            var item = JSONOut()
            item.add("name", result.sink)
            item.add("type", result.type)
            item.add("target", result.target)
            item.add("delivered", result.error == nil)
            item.add("error", result.error)
            return item.text
        }))
        return out.text
    }

    private static func kind(_ result: Result) -> String {
        result.type == "stdout" ? "stdout" : "\(result.type) (\(result.target))"
    }
}
