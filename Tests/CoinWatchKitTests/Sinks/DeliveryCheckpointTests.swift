import Foundation
import Synchronization
import Testing
@testable import CoinWatchKit

/// Write-ahead delivery (SPEC §3 "nothing is dropped silently", §5): each webhook message is in the
/// persisted outbox before its first try and leaves it right after its 2xx, so a killed pass resends
/// only what was not yet answered 2xx, under the same Idempotency-Key.
@Suite struct DeliveryCheckpointTests {
    @Test func messagesAreSavedBeforeTheFirstTryAndLeaveTheSavedOutboxRightAfterTheir2xx() throws {
        let receiver = try WebhookReceiver()
        receiver.script(.text("ok"), .status(500), .status(500))
        let dir = try TempDir()
        var rules = RulesFile(path: dir.path + "/rules.json")
        rules.sinks["hook"] = .webhook(SampleAlert.config(.json, url: receiver.url("/hook"), group: false))
        let saved = Mutex<[[String]]>([])
        var delivery = Delivery(rules: rules, transport: CurlTransport(), json: false, quiet: true,
                                sleeper: RecordingSleeper(), retry: RetryPolicy(attempts: 2, baseDelay: 0, maxDelay: 0))
        delivery.checkpoint = { state in
            let keys = state.outbox.map(\.key)
            saved.withLock { $0.append(keys) }
        }
        let pending = ["a", "b"].map { RuleRunner.Pending(alert: SampleAlert.make(id: $0, rule: "rule-\($0)"), sinks: ["hook"]) }
        var state = StateDocument()
        _ = delivery.deliver(pending, state: &state, now: SampleAlert.time, io: CapturedIO().io())

        #expect(receiver.keys == ["a", "b", "b"])
        #expect(saved.withLock { $0 } == [["a", "b"], ["b"]], "both saved before any try; a saved as delivered after its 2xx")
        #expect(state.outbox.map(\.key) == ["b"], "b stays queued after its failures")
    }

    @Test func aDryRunOrATestWithoutACheckpointSavesNothingMidDelivery() throws {
        let receiver = try WebhookReceiver()
        let dir = try TempDir()
        var rules = RulesFile(path: dir.path + "/rules.json")
        rules.sinks["hook"] = .webhook(SampleAlert.config(.json, url: receiver.url("/hook"), group: false))
        let delivery = Delivery(rules: rules, transport: CurlTransport(), json: false, quiet: true, sleeper: RecordingSleeper())
        #expect(delivery.checkpoint == nil)
        var state = StateDocument()
        _ = delivery.deliver([RuleRunner.Pending(alert: SampleAlert.make(id: "a", rule: "r"), sinks: ["hook"])],
                             state: &state, now: SampleAlert.time, io: CapturedIO().io())
        #expect(receiver.keys == ["a"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
