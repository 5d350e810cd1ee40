import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// What a pass tells the outside world about its health (SPEC §11), never changing its exit status.
package enum PassHealth {
    /// Pings the heartbeat (`url`, or `url/fail` after a pass that exited non-zero); one warning line
    /// (the URL redacted) when the ping failed, as it does unsent when the heartbeat is unavailable, else nil.
    package static func ping(_ heartbeat: HeartbeatConfig, succeeded: Bool, transport: any HTTPTransport) -> String? {
        if let reason = heartbeat.unavailable { return "heartbeat not sent: \(reason); the pass's result stands" }
        var url = heartbeat.url
        if !succeeded {
            url = url.hasSuffix("/") ? url + "fail" : url + "/fail"
        }
        let request = HTTPRequest(url: url, timeout: heartbeat.timeout, displayURL: Redaction.url(url))
        switch transport.perform(request) {
        case .success(let response) where (200..<300).contains(response.status): return nil
        case .success(let response):
            return "heartbeat to \(HTTPRequest.host(of: url)) answered HTTP \(response.status); the pass's result stands"
        case .failure(let error):
            // The ping URL is a secret: scrubbed from the message as a webhook's would be.
            let scrubber = SecretScrubber(url: heartbeat.url)
            return "heartbeat to \(HTTPRequest.host(of: url)) failed: \(scrubber.scrub(error.message).text); the pass's result stands"
        }
    }

    /// Adds this pass's requests (per provider, found by host) and alerts (per rule and status) to the
    /// state's running totals, which the metrics report as counters.
    package static func count(requests byHost: [String: Int], providerHosts: [String: String], alerts: [Alert],
                             state: inout StateDocument) {
        for (host, count) in byHost {
            guard let provider = providerHosts[host] else { continue }
            state.counters["requests|" + provider, default: 0] += Double(count)
        }
        for alert in alerts {
            state.counters["alerts|\(alert.rule)|\(alert.status.rawValue)", default: 0] += 1
        }
    }

    /// The Prometheus text exposition of a pass that started at `started` and took `duration` seconds.
    package static func metrics(state: StateDocument, providers: [String], started: Double, duration: Double) -> String {
        var out = ""
        family("coinwatch_last_pass_timestamp_seconds", "gauge", "When the last pass started (Unix time).", into: &out)
        out += "coinwatch_last_pass_timestamp_seconds \(JSONOut.number(started))\n"
        family("coinwatch_pass_duration_seconds", "gauge", "How long the last pass took.", into: &out)
        out += "coinwatch_pass_duration_seconds \(JSONOut.number(max(0, duration)))\n"
        return out + stateMetrics(state: state, providers: providers)
    }

    /// Writes `text` to `path` atomically (temp file, rename; mode 0644, for node_exporter); returns
    /// one warning line when it cannot, which never changes the exit status.
    package static func write(metrics text: String, to path: String) -> String? {
        if let problem = unusable(metricsPath: path) { return "warning: cannot write the metrics to \(path): \(problem)" }
        // Worded for the metrics file, never as a state failure (the state was written).
        return POSIXFile.replace(path, with: Array(text.utf8), mode: 0o644).map {
            "warning: cannot write the metrics to \(path): \(StateError.detail($0, flag: "--metrics PATH"))"
        }
    }

    /// Why `path` cannot be the metrics file (SPEC §11): it exists and is not a regular file, which
    /// the atomic rename would replace; nil when it is missing or a regular file.
    package static func unusable(metricsPath path: String) -> String? {
        switch POSIXFile.refusal(at: path, followLinks: false) {
        case .symlink?: return "it is a symbolic link, which coinwatch neither follows nor replaces"
        case .notRegular(let kind)?: return "it is \(kind), not a regular file"
        case .permissionDenied?, nil: return nil
        }
    }

    /// `# HELP` and `# TYPE` lines of one metric family.
    static func family(_ name: String, _ type: String, _ help: String, into out: inout String) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// The families read from the state (providers up, requests, alerts, outbox), shared by passes and `stream`.
    static func stateMetrics(state: StateDocument, providers: [String]) -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) { Self.family(name, type, help, into: &out) }
        family("coinwatch_provider_up", "gauge", "1 when the provider answered (no outage in progress), else 0.")
        for provider in providers {
            out += "coinwatch_provider_up{provider=\"\(label(provider))\"} \(state.outages[provider] == nil ? 1 : 0)\n"
        }
        family("coinwatch_requests_total", "counter", "HTTP requests made to the provider.")
        for provider in providers {
            out += "coinwatch_requests_total{provider=\"\(label(provider))\"} \(JSONOut.number(state.counters["requests|" + provider] ?? 0))\n"
        }
        family("coinwatch_alerts_total", "counter", "Alerts raised, by rule and status.")
        for key in state.counters.keys.sorted() where key.hasPrefix("alerts|") {
            let parts = key.split(separator: "|", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            out += "coinwatch_alerts_total{rule=\"\(label(parts[1]))\",status=\"\(label(parts[2]))\"} \(JSONOut.number(state.counters[key] ?? 0))\n"
        }
        family("coinwatch_outbox_messages", "gauge", "Webhook messages waiting in the outbox, by sink.")
        var bySink: [String: Int] = [:]
        for entry in state.outbox { bySink[entry.sink, default: 0] += 1 }
        for sink in bySink.keys.sorted() {
            out += "coinwatch_outbox_messages{sink=\"\(label(sink))\"} \(bySink[sink] ?? 0)\n"
        }
        return out
    }

    /// A label value with `\`, `"` and newlines escaped as the exposition format asks.
    static func label(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
