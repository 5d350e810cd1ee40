import Foundation
import Testing
@testable import TestHelpers

/// SPEC §11 health: the `heartbeat` ping after every pass and the `--metrics` Prometheus text file.
@Suite(.serialized) struct HealthEndToEndTests {
    static let rules = #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#
    static let secret = "0b6cf0a2-5e59-4a3e-9d3b-9c1f1b0c7e55"

    private func flow() throws -> BinaryFlow {
        let flow = try BinaryFlow(rules: Self.rules)
        try flow.dir.write("rules.json", RulesJSON.make(baseURL: flow.market.baseURL, rules: Self.rules,
                                                        extra: #", "heartbeat": {"url": "${HC_URL}", "timeout": "2s"}"#))
        return flow
    }

    @Test func theHeartbeatIsPingedAfterAGoodPassAndItsFailURLAfterABadOne() throws {
        let receiver = try WebhookReceiver()
        let flow = try flow()
        let env = ["HC_URL": receiver.url("/ping/" + Self.secret)]
        flow.market.set("bitcoin", price: 150)
        let good = try flow.pass(environment: env)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(receiver.requests.map(\.path) == ["/ping/\(Self.secret)"])
        flow.market.remove("bitcoin")
        let bad = try flow.pass(after: 60, environment: env)
        #expect(bad.status == 1)
        #expect(receiver.requests.map(\.path).last == "/ping/\(Self.secret)/fail")
    }

    @Test func aHeartbeatThatFailsNeverFailsThePassAndShowsNoSecret() throws {
        let receiver = try WebhookReceiver(fallback: .text("nope", status: 500))
        let flow = try flow()
        flow.market.set("bitcoin", price: 150)
        let refused = try flow.pass(environment: ["HC_URL": receiver.url("/ping/" + Self.secret)])
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("coinwatch: warning: heartbeat to 127.0.0.1:") && refused.stderr.contains("HTTP 500"),
                "\(refused.stderr)")
        let closed = try ClosedPort()
        let port = closed.port
        let unreachable = try flow.pass(after: 60, environment: ["HC_URL": closed.baseURL + "/ping/" + Self.secret])
        #expect(unreachable.status == 0, "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("heartbeat to 127.0.0.1:\(port) failed"), "\(unreachable.stderr)")
        #expect(!(refused.stderr + unreachable.stderr).contains(Self.secret), "the ping URL is a secret")
    }

    /// Red team: an unset variable in the heartbeat's URL failed the whole pass (exit 65, nothing sent).
    @Test func aHeartbeatWhoseURLCannotBeExpandedIsAFailedPingNotAFailedPass() throws {
        let flow = try flow()
        flow.market.set("bitcoin", price: 90)
        let pass = try flow.pass()
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout.contains("BTC is below"), "the pass ran: \(pass.stdout)")
        let lines = pass.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: heartbeat") && lines[0].contains("HC_URL is not set"),
                "\(pass.stderr)")
        let check = try Binary.run(["check", "--rules", flow.rulesPath])
        #expect(check.status == 65 && check.stderr.contains("heartbeat.url") && check.stderr.contains("HC_URL"), "\(check.stderr)")
    }

    @Test func metricsAreWrittenAtomicallyAfterEachPassWithTheListedFamilies() throws {
        let flow = try BinaryFlow(rules: Self.rules)
        let path = flow.dir.path + "/coinwatch.prom"
        flow.market.set("bitcoin", price: 90)
        #expect(try flow.pass(after: 0, ["--metrics", path]).status == 0)
        flow.market.set("bitcoin", price: 95)
        #expect(try flow.pass(after: 60, ["--metrics", path]).status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(samples.contains { $0.hasPrefix("coinwatch_last_pass_timestamp_seconds ") })
        #expect(samples.contains { $0.hasPrefix("coinwatch_pass_duration_seconds ") })
        #expect(samples.contains(#"coinwatch_provider_up{provider="coingecko"} 1"#), "\(text)")
        #expect(samples.contains(#"coinwatch_requests_total{provider="coingecko"} 2"#), "a counter across passes: \(text)")
        #expect(samples.contains(#"coinwatch_alerts_total{rule="lo",status="firing"} 1"#), "\(text)")
        #expect(text.contains("# TYPE coinwatch_outbox_messages gauge"))
        #expect(TempDir.mode(path) == 0o644, "readable by node_exporter")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: flow.dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "written through a temp file and a rename")
        flow.market.script(Reply.text("Bad Gateway", status: 502))
        _ = try flow.pass(after: 60, ["--metrics", path])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#"coinwatch_provider_up{provider="coingecko"} 0"#))
    }

    /// Issue 30 item 18: a metrics file that cannot be written is worded as the metrics file, with
    /// its own flag, never as a state failure; the pass's result stands.
    @Test func aMetricsFileThatCannotBeWrittenIsWordedAsTheMetricsNotTheState() throws {
        let flow = try BinaryFlow(rules: Self.rules)
        let path = flow.dir.path + "/missing-folder/coinwatch.prom"
        flow.market.set("bitcoin", price: 150)
        let run = try flow.pass(after: 0, ["--metrics", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("coinwatch: warning: cannot write the metrics to \(path): cannot create a temp file: "
                                    + "No such file or directory; check the folder or pass --metrics PATH to another one\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("state"), "\(run.stderr)")
    }

    @Test func anEmptyMetricsPathIsAUsageError() throws {
        let run = try Binary.run(["--once", "--metrics", ""])
        #expect(run.status == 64 && run.stderr.contains("'--metrics'"), "\(run.stderr)")
    }
}
