@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// A hostile chat service, through the binary (SPEC §3; issue 13): a redirect is a final refusal,
/// never a delivery and never a second POST elsewhere; echoed credentials never reach stderr,
/// state or the log; a huge Retry-After is capped at 24 h; framing headers are refused in rules.json;
/// the ntfy tag shows the direction.
@Suite struct HostileWebhookTests {
    private let fastRetries = ["COINWATCH_RETRY_BACKOFF": "0.001"]

    /// A rules.json whose `lo` rule (bitcoin below 100, which it is) notifies `sinks`' "hook" (and "log").
    private func setUp(sink: String, rules: String = #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                       notify: String = #"["hook", "log"]"#) throws -> (MarketServer, TempDir) {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: rules, defaults: #"{"notify": \#(notify)}"#,
            sinks: #"{"hook": \#(sink), "log": {"type": "file", "path": "alerts.jsonl"}}"#))
        return (market, dir)
    }

    private func pass(_ dir: TempDir, _ extra: [String] = []) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra,
                       environment: fastRetries)
    }

    // MARK: Item 2: redirects

    @Test(arguments: [301, 302, 303, 307, 308])
    func aWebhookRedirectIsAFinalRefusalNeverADelivery(status: Int) throws {
        let elsewhere = try WebhookReceiver()
        let receiver = try WebhookReceiver(fallback: .redirect(to: "http://localhost:\(elsewhere.server.port)/hook", status: status))
        let (market, dir) = try setUp(sink: #"{"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))", "headers": {"Authorization": "Bearer tok-9f8e7d6c"}}"#)
        defer { withExtendedLifetime(market) {} }
        let run = try pass(dir)
        #expect(run.status == 1, "a refusal for good: \(run.stderr)")
        #expect(receiver.requests.count == 1, "a 3xx is not retried")
        #expect(elsewhere.requests.isEmpty, "neither the alert nor the token goes to the redirect's target")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("coinwatch: webhook 'hook': ") == true
                && lines.first?.contains("HTTP \(status) redirect to localhost:\(elsewhere.server.port) not followed") == true
                && lines.first?.contains("refused for good") == true, "\(run.stderr)")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true, "final: not queued")
        #expect(!run.stderr.contains("tok-9f8e7d6c"))
    }

    // MARK: Item 3: echoed credentials

    /// A sink whose URL holds userinfo, a token path segment and a token query value, with a Bearer header.
    private func secretSink(_ receiver: WebhookReceiver) -> String {
        let url = receiver.url("/hook/T0KEN-abcdef?token=qs-secret-123").replacingOccurrences(of: "http://", with: "http://ops:pa55-w0rd@")
        return #"{"type": "webhook", "format": "json", "url": "\#(url)", "headers": {"Authorization": "Bearer tok-bearer-9876", "X-Team": "team-key-4242"}}"#
    }

    private let secrets = ["pa55-w0rd", "T0KEN-abcdef", "qs-secret-123", "tok-bearer-9876", "team-key-4242",
                           Data("ops:pa55-w0rd".utf8).base64EncodedString(), "ops%3Apa55-w0rd"]

    private func echo(status: Int) -> Reply {
        .text("denied: Basic \(Data("ops:pa55-w0rd".utf8).base64EncodedString()) for ops%3Apa55-w0rd at /hook/T0KEN-abcdef?token=qs-secret-123 "
              + "with Bearer tok-bearer-9876 and team-key-4242", status: status)
    }

    @Test func aRetriedWebhookEchoingItsCredentialsLeavesThemOutOfStderrAndState() throws {
        let receiver = try WebhookReceiver(fallback: echo(status: 503))
        let (market, dir) = try setUp(sink: secretSink(receiver))
        defer { withExtendedLifetime(market) {} }
        let run = try pass(dir, ["-v"])
        #expect(run.status == 0, "queued: \(run.stderr)")
        #expect(receiver.requests.count == 4)
        let state = try String(contentsOfFile: dir.path + "/state.json", encoding: .utf8)
        #expect(state.contains("\"last_error\""), "\(state)")
        for secret in secrets {
            #expect(!run.stderr.contains(secret), "\(secret) in stderr: \(run.stderr)")
            #expect(!state.contains(secret), "\(secret) in state")
        }
    }

    @Test func aRefusingWebhookEchoingItsCredentialsLeavesThemOutOfStderrAndTheLog() throws {
        let receiver = try WebhookReceiver(fallback: echo(status: 400))
        let (market, dir) = try setUp(sink: secretSink(receiver))
        defer { withExtendedLifetime(market) {} }
        let run = try pass(dir)
        #expect(run.status == 1)
        let log = try #require(dir.read("alerts.jsonl"))
        #expect(log.contains("denied: Basic ***"), "\(log)")
        for secret in secrets {
            #expect(!run.stderr.contains(secret), "\(secret) in stderr: \(run.stderr)")
            #expect(!log.contains(secret), "\(secret) in the log")
        }
    }

    // MARK: Item 5: Retry-After

    @Test(arguments: ["99999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"])
    func aHugeRetryAfterFromAWebhookIsCappedAtADayAndCrashesNothingLater(retryAfter: String) throws {
        let receiver = try WebhookReceiver(fallback: Reply.text("slow down", status: 429).header("Retry-After", retryAfter))
        let (market, dir) = try setUp(sink: #"{"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))"}"#)
        defer { withExtendedLifetime(market) {} }
        let first = try pass(dir)
        #expect(first.status == 0, "queued: \(first.stderr)")
        let notBefore = try #require(StateStore.load(path: dir.path + "/state.json").outbox.first?.notBefore)
        #expect(notBefore <= Date().timeIntervalSince1970 + 86_400 && notBefore > Date().timeIntervalSince1970 + 86_000,
                "capped at 24 h: \(notBefore)")
        let show = try Binary.run(["state", "show", "--state", dir.path + "/state.json"])
        #expect(show.status == 0, "\(show.stderr)")
        let second = try pass(dir)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(receiver.requests.count == 1, "the message waits for its time")
    }

    // MARK: Item 21: framing headers

    @Test(arguments: ["Content-Length", "Transfer-Encoding", "Host", "Connection", "Keep-Alive", "TE", "Trailer",
                      "Upgrade", "Proxy-Authorization"])
    func hopByHopAndFramingHeadersAreRefusedByCheckAndThePass(header: String) throws {
        let receiver = try WebhookReceiver()
        let (market, dir) = try setUp(sink: #"{"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))", "headers": {"\#(header)": "5"}}"#)
        defer { withExtendedLifetime(market) {} }
        for run in [try Binary.run(["check", "--rules", dir.path + "/rules.json"]), try pass(dir)] {
            #expect(run.status == 65, "\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("rules.json:") && lines[0].contains("sinks.hook.headers.\(header)")
                    && lines[0].contains("hop-by-hop or framing header"), "\(run.stderr)")
        }
        #expect(receiver.requests.isEmpty)
        #expect(market.marketRequests == 0)
    }

    // MARK: Item 23: ntfy tags

    @Test func ntfyTagsShowTheDirectionOfEachAlert() throws {
        let receiver = try WebhookReceiver()
        let (market, dir) = try setUp(
            sink: #"{"type": "webhook", "format": "ntfy", "url": "\#(receiver.url("/coinwatch"))"}"#,
            rules: #"{"id": "drop", "coin": "bitcoin", "when": {"below": 100}, "resolve": true}, {"id": "rise", "coin": "bitcoin", "when": {"above": 50}}"#,
            notify: #"["hook"]"#)
        defer { withExtendedLifetime(market) {} }
        #expect(try pass(dir).status == 0)
        market.set("bitcoin", price: 110)
        #expect(try pass(dir).status == 0)
        let tags = receiver.requests.map { ($0.header("Title") ?? "", $0.header("Tags") ?? "") }
        #expect(tags.count == 3, "\(tags)")
        #expect(tags.contains { $0 == ("coinwatch: BTC drop", "chart_with_downwards_trend") }, "a fall: \(tags)")
        #expect(tags.contains { $0 == ("coinwatch: BTC rise", "chart_with_upwards_trend") }, "a rise: \(tags)")
        #expect(tags.contains { $0 == ("coinwatch: BTC drop RESOLVED", "white_check_mark") }, "resolved, marked in the title too: \(tags)")
    }
}
