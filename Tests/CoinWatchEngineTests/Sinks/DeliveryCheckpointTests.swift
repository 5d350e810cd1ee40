import Foundation
import Synchronization
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

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

    /// SPEC §3 write-ahead, as the pass's deliver stage (`Pass`): it takes the alerts and the backlog
    /// (outbox and file spool), writes only that, and its first save is the state evaluate left with
    /// the alerts' records in it.
    @Test func theDeliverStageWritesOnlyTheBacklogAndSavesItInsideTheStateTheRulesLeft() throws {
        let dir = try TempDir()
        var rules = RulesFile(path: dir.path + "/rules.json")
        rules.sinks["log"] = .file(path: dir.path + "/alerts.jsonl")
        var delivery = Delivery(rules: rules, transport: CurlTransport(), json: false, quiet: true, sleeper: RecordingSleeper())
        let saved = Mutex<[StateDocument]>([])
        delivery.checkpoint = { state in saved.withLock { $0.append(state) } }
        var state = StateDocument()
        state.recordPrice(coin: "bitcoin", vs: "usd", price: 100_250, at: SampleAlert.time)
        state.pairs["r|bitcoin"] = PairState()
        var backlog = state.backlog
        let report = delivery.deliver([RuleRunner.Pending(alert: SampleAlert.make(id: "a", rule: "r"), sinks: ["log"])],
                                      backlog: &backlog, now: SampleAlert.time, io: CapturedIO().io(),
                                      save: delivery.save(around: state))
        #expect(!report.failed)
        let first = try #require(saved.withLock { $0.first })
        #expect(first.prices == state.prices && first.pairs == state.pairs, "the rest of the state as evaluate left it")
        #expect(first.fileSpool[dir.path + "/alerts.jsonl"]?.count == 1, "the record is saved before it is appended")
        #expect(backlog == DeliveryBacklog(), "appended whole, the record leaves the spool")
        #expect(try String(contentsOfFile: dir.path + "/alerts.jsonl", encoding: .utf8).contains("\"id\":\"a\""))
    }
}
