import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchCLI

/// SPEC §3 quiet hours through `CLI.run` in process, with a fixed clock per pass.
@Suite(.serialized) struct QuietHoursCLITests {
    let market: MarketServer
    let receiver: WebhookReceiver
    let dir: TempDir
    let start = SampleAlert.time

    init() throws {
        market = try MarketServer()
        receiver = try WebhookReceiver()
        dir = try TempDir()
    }

    private func pass(at instant: Double) -> (code: ExitCode, io: CapturedIO) {
        let captured = CapturedIO()
        let code = CLI.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                           io: captured.io(), clock: FixedClock(Date(timeIntervalSince1970: instant)),
                           sleeper: RecordingSleeper())
        return (code, captured)
    }

    /// `HH:MM` of a minute of the day.
    private func clock(_ minute: Int) -> String {
        let m = (minute + 1440) % 1440
        return String(format: "%02d:%02d", m / 60, m % 60)
    }

    @Test func quietHoursHoldTheSinksAlertsAndSendThemAsOneMessageAtTheFirstPassAfter() throws {
        // A window from an hour before to an hour after the first pass, in this process's local time.
        let minute = TimeText.localMinuteOfDay(start)
        let quiet = clock(minute - 60) + "-" + clock(minute + 60)
        let rules = #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}, {"id": "up", "coin": "bitcoin", "when": {"crosses_above": 120}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: rules, defaults: #"{"notify": ["stdout", "hook"]}"#,
            sinks: #"{"hook": {"type": "webhook", "format": "slack", "url": "\#(receiver.url("/hook"))", "quiet_hours": "\#(quiet)"}}"#))
        market.set("bitcoin", price: 90)
        let first = pass(at: start)
        #expect(first.code == .success)
        #expect(first.io.stdout.contains("BTC is below"), "other sinks are not held")
        #expect(first.io.stderr.isEmpty, "\(first.io.stderr)")
        market.set("bitcoin", price: 150)
        let second = pass(at: start + 1800)
        #expect(second.code == .success)
        #expect(receiver.requests.isEmpty, "held during \(quiet)")
        market.set("bitcoin", price: 151)
        let after = pass(at: start + 2 * 3600)
        #expect(after.code == .success, "\(after.io.stderr)")
        #expect(receiver.requests.count == 1, "one message")
        let body = receiver.bodies.first ?? ""
        #expect(body.contains("BTC is below $100.00") && body.contains("BTC crossed above $120.00"), "\(body)")
        _ = pass(at: start + 3 * 3600)
        #expect(receiver.requests.count == 1, "sent once")
    }
}
