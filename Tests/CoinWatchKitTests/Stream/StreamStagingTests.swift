import Testing
@testable import CoinWatchKit

/// What `stream` writes before it sends (SPEC §3, §9), and how long it waits to reconnect.
@Suite struct StreamStagingTests {
    static func delivery() -> Delivery {
        var rules = RulesFile(path: "/tmp/rules.json")
        rules.sinks = ["stdout": .stdout, "hook": .webhook(SampleAlert.config(.json)), "log": .file(path: "/tmp/x.jsonl")]
        return Delivery(rules: rules, transport: CurlTransport(), json: true, quiet: true)
    }

    @Test func stateWrittenBeforeSendingHoldsEveryWebhookAlertInItsOutbox() {
        let alert = SampleAlert.make(id: "a1")
        let pending = [RuleRunner.Pending(alert: alert, sinks: ["stdout", "hook", "log"])]
        let outbox = Self.delivery().outboxBeforeSending(pending, state: StateDocument(), now: SampleAlert.time)
        #expect(outbox.count == 1)
        #expect(outbox.first?.sink == "hook")
        #expect(outbox.first?.alerts.map(\.id) == ["a1"])
    }

    @Test func alertsForNoWebhookLeaveTheOutboxAsItIs() {
        let pending = [RuleRunner.Pending(alert: SampleAlert.make(id: "a2"), sinks: ["stdout", "log"])]
        #expect(Self.delivery().outboxBeforeSending(pending, state: StateDocument(), now: SampleAlert.time).isEmpty)
    }

    @Test func reconnectWaitsDoubleFromOneSecondToAMinuteWithJitter() {
        let backoff = ReconnectBackoff()
        #expect(backoff.delay(attempt: 1, jitter: 0.5) == 1)
        #expect(backoff.delay(attempt: 1, jitter: 0) == 1, "never under 1 s")
        #expect(backoff.delay(attempt: 3, jitter: 0.5) == 4)
        #expect(backoff.delay(attempt: 3, jitter: 0) == 3)
        #expect(backoff.delay(attempt: 3, jitter: 1) == 5)
        #expect(backoff.delay(attempt: 20, jitter: 1) == 60, "at most 60 s")
        #expect(backoff.delay(attempt: 7, jitter: 0) == 45)
    }
}
