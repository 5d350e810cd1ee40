@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// The outbox's bound through the binary (SPEC §3; issue 30 item 14): past 500 waiting messages for
/// one sink, a pass's further alerts for it are folded into one grouped message, and none is dropped.
@Suite(.serialized) struct OutboxBoundTests {
    /// 600 rules that all fire on the first pass (bitcoin at 90 is below each level).
    static let rules = (0..<600).map { #"{"id": "lo-\#($0)", "coin": "bitcoin", "when": {"below": \#(100 + $0)}}"# }
        .joined(separator: ", ")

    private func pass(sink: String) throws -> (run: Binary.Run, outbox: [OutboxEntry]) {
        let market = try MarketServer()
        let dir = try TempDir()
        market.set("bitcoin", price: 90)
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: Self.rules, defaults: #"{"notify": ["hook"]}"#,
                                                   sinks: #"{"hook": \#(sink)}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_RETRY_BACKOFF": "0.001"])
        return (run, try StateStore.load(path: dir.path + "/state.json").outbox)
    }

    @Test func aSinkHeldByQuietHoursKeepsAtMost500MessagesAndEveryAlert() throws {
        let receiver = try WebhookReceiver()
        let (run, outbox) = try pass(sink: #"{"type": "webhook", "format": "json", "url": "\#(receiver.url("/q"))", "quiet_hours": "\#(OutboxEndToEndTests.quietNow)"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(outbox.count == OutboxPlan.maxWaiting, "bounded: \(outbox.count) messages")
        #expect(outbox.reduce(0) { $0 + $1.alerts.count } == 600, "no alert dropped")
        #expect(Set(outbox.flatMap(\.alerts).map(\.rule)).count == 600)
        #expect(receiver.requests.isEmpty, "held by the quiet hours")
    }

    @Test func aSinkThatIsDownGetsOneGroupedMessagePastTheBound() throws {
        let receiver = try WebhookReceiver(fallback: .text("busy", status: 503))
        let (run, outbox) = try pass(sink: #"{"type": "webhook", "format": "json", "url": "\#(receiver.url("/down"))"}"#)
        #expect(run.status == 0, "queued for a retry: \(run.stderr)")
        #expect(outbox.count == OutboxPlan.maxWaiting + 1, "500 messages and one grouped: \(outbox.count)")
        #expect(outbox.last?.alerts.count == 100, "the pass's alerts past the bound in one message")
        #expect(outbox.reduce(0) { $0 + $1.alerts.count } == 600, "no alert dropped")
    }
}
