import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// SPEC §3 delivery against a real loopback receiver through the real libcurl transport; the
/// waits between retries go to a recording sleeper, so no test sleeps to let time pass.
@Suite(.serialized) struct WebhookDeliveryTests {
    let receiver: WebhookReceiver
    let sleeper = RecordingSleeper()
    let dir: TempDir
    let captured = CapturedIO()
    let now = SampleAlert.time

    init() throws {
        receiver = try WebhookReceiver()
        dir = try TempDir()
    }

    private func config(_ format: WebhookConfig.Format = .json, path: String = "/hook", group: Bool = false,
                        timeout: Double = 5) -> WebhookConfig {
        var config = SampleAlert.config(format, url: receiver.url(path), group: group)
        config.timeout = timeout
        return config
    }

    private func delivery(_ sinks: [String: SinkConfig], attempts: Int = 4) -> Delivery {
        var rules = RulesFile(path: dir.path + "/rules.json")
        for (name, sink) in sinks { rules.sinks[name] = sink }
        return Delivery(rules: rules, transport: CurlTransport(), json: false, quiet: true, sleeper: sleeper,
                        retry: RetryPolicy(attempts: attempts, baseDelay: 1, maxDelay: 30))
    }

    private func pending(_ alerts: [Alert], to sinks: [String] = ["hook"]) -> [RuleRunner.Pending] {
        alerts.map { RuleRunner.Pending(alert: $0, sinks: sinks) }
    }

    private func alerts(_ ids: String...) -> [Alert] { ids.map { SampleAlert.make(id: $0, rule: "rule-\($0)") } }

    @Test func a500IsRetriedWithinThePassWithBackoffAndTheSameKey() {
        receiver.script(.status(500), .status(503))
        var state = StateDocument()
        let report = delivery(["hook": .webhook(config())]).deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 3)
        #expect(receiver.keys == ["a", "a", "a"])
        #expect(sleeper.recorded == [1, 2], "capped exponential backoff, through the sleeper")
        #expect(report.errors.isEmpty && !report.failed, "\(report.errors)")
        #expect(state.outbox.isEmpty)
    }

    @Test func a429RetryAfterIsHonoured() {
        receiver.script(Reply.status(429).header("Retry-After", "7"))
        var state = StateDocument()
        _ = delivery(["hook": .webhook(config())]).deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(sleeper.recorded == [7])
        #expect(receiver.requests.count == 2)
        #expect(state.outbox.isEmpty)
    }

    @Test func a429BodysRetryAfterCountsWhenNoHeaderCame() {
        receiver.script(Reply.json(#"{"ok":false,"error_code":429,"parameters":{"retry_after":3}}"#, status: 429),
                        Reply.json(#"{"message":"You are being rate limited.","retry_after":0.5,"global":false}"#, status: 429))
        var state = StateDocument()
        _ = delivery(["hook": .webhook(config())]).deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(sleeper.recorded == [3, 0.5], "Telegram's and Discord's way of saying it")
        #expect(state.outbox.isEmpty)
    }

    @Test func aRetryAfterBeyondTheCapWaitsForALaterPass() {
        receiver.script(Reply.status(429).header("Retry-After", "600"))
        var state = StateDocument()
        let hook = delivery(["hook": .webhook(config())])
        let first = hook.deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(first.errors.count == 1 && !first.failed)
        #expect(state.outbox.first?.notBefore == now + 600)
        _ = hook.deliver([], state: &state, now: now + 60, io: captured.io())
        #expect(receiver.requests.count == 1, "not before Retry-After")
        _ = hook.deliver([], state: &state, now: now + 601, io: captured.io())
        #expect(receiver.requests.count == 2)
        #expect(state.outbox.isEmpty)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func anotherClientErrorIsFinalAndItsBodyGoesIntoTheError() throws {
        receiver.script(Reply.json(#"{"ok":false,"description":"Bad Request: chat not found"}"#, status: 400))
        var state = StateDocument()
        let report = delivery(["hook": .webhook(config()), "log": .file(path: dir.path + "/alerts.jsonl")])
            .deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 1, "no retry")
        #expect(report.failed)
        let line = try #require(report.errors.first)
        #expect(line.contains("webhook 'hook'") && line.contains("HTTP 400") && line.contains("chat not found"), "\(line)")
        #expect(state.outbox.isEmpty)
        let record = try #require(dir.read("alerts.jsonl"))
        #expect(record.contains(#""undelivered":{"sink":"hook","reason":"refused""#), "\(record)")
    }

    @Test func aDroppedConnectionIsRetried() {
        receiver.script(Reply.status(200).behaving(.closeWithoutAnswer), Reply.status(200).behaving(.reset))
        var state = StateDocument()
        let report = delivery(["hook": .webhook(config())]).deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 3)
        #expect(!report.failed && state.outbox.isEmpty)
    }

    @Test func aSlowAnswerTimesOutAndIsRetried() {
        receiver.script(Reply.status(200).delayed(3))
        var state = StateDocument()
        let report = delivery(["hook": .webhook(config(timeout: 0.3))])
            .deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 2)
        #expect(!report.failed && state.outbox.isEmpty, "\(report.errors)")
    }

    @Test func stillUndeliveredWaitsInTheOutboxAndGoesFirstNextPass() throws {
        receiver.script(.status(500), .status(500))
        var state = StateDocument()
        let hook = delivery(["hook": .webhook(config())], attempts: 2)
        let first = hook.deliver(pending(alerts("a", "b")), state: &state, now: now, io: captured.io())
        #expect(!first.failed, "safely queued is not a failure")
        #expect(first.errors.count == 1)
        #expect(first.errors.first?.contains("2 messages queued") == true, "\(first.errors)")
        #expect(state.outbox.map(\.key) == ["a", "b"], "b waits behind a, in order")
        #expect(state.outbox.allSatisfy { $0.sink == "hook" && $0.firstAttempt == now })
        let stateText = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        #expect(!stateText.contains(receiver.url("/hook")), "state names the sink, never its URL")

        let second = hook.deliver(pending(alerts("c")), state: &state, now: now + 60, io: captured.io())
        #expect(second.errors.isEmpty)
        #expect(receiver.keys == ["a", "a", "a", "b", "c"], "queued first, oldest first, then the new one")
        #expect(state.outbox.isEmpty)
        _ = hook.deliver([], state: &state, now: now + 120, io: captured.io())
        #expect(receiver.requests.count == 5, "nothing answered 2xx is sent again")
    }

    @Test func aSplitMessageNeverResendsAPartThatGot2xx() throws {
        receiver.script(.status(200), .status(500), .status(500))
        let long = (1...58).map { "line \($0) " + String(repeating: "x", count: 90) }.joined(separator: "\n")
        var state = StateDocument()
        let hook = delivery(["hook": .webhook(config(.discord))], attempts: 2)
        _ = hook.deliver(pending([SampleAlert.make(id: "k", message: long)]), state: &state, now: now, io: captured.io())
        #expect(state.outbox.first?.partsDelivered == 1)
        #expect(receiver.keys == ["k-1", "k-2", "k-2"])
        _ = hook.deliver([], state: &state, now: now + 60, io: captured.io())
        #expect(receiver.keys == ["k-1", "k-2", "k-2", "k-2", "k-3"], "parts in order, part 1 never again")
        #expect(receiver.bodies.allSatisfy { $0.contains("\"description\":\"line") || $0.contains("\"description\":\"▲ line") })
        #expect(state.outbox.isEmpty)
    }

    @Test func groupSendsOneMessagePerPassPerSink() {
        var state = StateDocument()
        _ = delivery(["hook": .webhook(config(.slack, group: true))])
            .deliver(pending(alerts("a", "b", "c")), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 1)
        let text = receiver.bodies.first ?? ""
        #expect(text.components(separatedBy: "\"color\"").count == 4 && text.hasPrefix(#"{"text":"coinwatch: 3 alerts""#),
                "a title, then one attachment per alert: \(text)")
        #expect(receiver.keys.first == OutboxEntry(sink: "hook", alerts: alerts("a", "b", "c"), queuedAt: 0).key)
    }

    @Test func webhooksOfOnePassAreInFlightAtOnce() {
        let slow = try? WebhookReceiver(fallback: Reply.text("ok").delayed(0.4))
        guard let slow else { Issue.record("no server"); return }
        var sinks: [String: SinkConfig] = [:]
        for name in ["a", "b", "c", "d"] {
            sinks[name] = .webhook(SampleAlert.config(.json, url: slow.url("/" + name)))
        }
        var state = StateDocument()
        let report = delivery(sinks).deliver(pending(alerts("1"), to: ["a", "b", "c", "d"]), state: &state, now: now, io: captured.io())
        #expect(slow.requests.count == 4)
        #expect(slow.server.maxConcurrent == 4)
        #expect(report.requestCount == 4 && report.delivered == 4)
    }

    @Test func oneSinksMessagesGoOneAtATimeInOrder() {
        let slow = try? WebhookReceiver(fallback: Reply.text("ok").delayed(0.3))
        guard let slow else { Issue.record("no server"); return }
        var state = StateDocument()
        _ = delivery(["hook": .webhook(SampleAlert.config(.json, url: slow.url("/hook")))])
            .deliver(pending(alerts("a", "b", "c")), state: &state, now: now, io: captured.io())
        #expect(slow.keys == ["a", "b", "c"])
        // Sent together, all three would be open at once; one at a time, at most the last one's
        // connection may still be closing on the server's side when the next one opens.
        #expect(slow.server.maxConcurrent < 3)
    }

    @Test func aFailingSinkDoesNotHoldBackTheOthers() {
        let broken = try? WebhookReceiver(fallback: .status(502))
        guard let broken else { Issue.record("no server"); return }
        var state = StateDocument()
        let report = delivery(["ok": .webhook(config()), "down": .webhook(SampleAlert.config(.json, url: broken.url("/x")))])
            .deliver(pending(alerts("a"), to: ["ok", "down"]), state: &state, now: now, io: captured.io())
        #expect(receiver.requests.count == 1)
        #expect(broken.requests.count == 4)
        #expect(state.outbox.map(\.sink) == ["down"])
        #expect(!report.failed)
    }

    @Test func after24HoursAnEntryIsDroppedWithAStderrLineAndAFileRecord() throws {
        var entry = OutboxEntry(sink: "hook", alerts: alerts("old"), queuedAt: now - 90_000)
        entry.firstAttempt = now - 86_401
        entry.lastError = SecretScrubber.none.scrub("127.0.0.1: HTTP 503")
        var state = StateDocument()
        state.outbox = [entry, OutboxEntry(sink: "hook", alerts: alerts("young"), queuedAt: now - 600)]
        let report = delivery(["hook": .webhook(config()), "log": .file(path: dir.path + "/a.jsonl"),
                               "audit": .file(path: dir.path + "/b.jsonl")])
            .deliver([], state: &state, now: now, io: captured.io())
        #expect(receiver.keys == ["young"])
        #expect(report.failed, "an alert that will never arrive is a failure (exit 1)")
        let line = try #require(report.errors.first)
        #expect(line.contains("dropped alert rule-old") && line.contains("24 h") && line.contains("HTTP 503"), "\(line)")
        for file in ["a.jsonl", "b.jsonl"] {
            let record = try #require(dir.read(file), "every file sink gets the record")
            #expect(record.hasPrefix(#"{"id":"old","#))
            #expect(record.contains(#""undelivered":{"sink":"hook","reason":"expired","time":"2026-11-29T12:00:00Z","error":"127.0.0.1: HTTP 503"}}"#), "\(record)")
        }
        #expect(state.outbox.isEmpty)
    }

    @Test func aQueuedAlertForARemovedSinkIsDroppedAndRecorded() throws {
        var state = StateDocument()
        state.outbox = [OutboxEntry(sink: "gone", alerts: alerts("a"), queuedAt: now - 60)]
        let report = delivery(["log": .file(path: dir.path + "/a.jsonl")]).deliver([], state: &state, now: now, io: captured.io())
        #expect(report.errors.first?.contains("sink 'gone' is no longer in rules.json") == true)
        #expect(dir.read("a.jsonl")?.contains(#""reason":"sink_removed""#) == true)
        #expect(state.outbox.isEmpty)
    }

    @Test func quietHoursHoldAlertsAndSendThemAsOneMessageAfterTheWindow() {
        let minute = TimeText.localMinuteOfDay(now)
        var hook = config(.slack)
        hook.quietHours = QuietHours(start: (minute + 1440 - 60) % 1440, end: (minute + 60) % 1440)
        let quiet = delivery(["hook": .webhook(hook)])
        var state = StateDocument()
        let first = quiet.deliver(pending(alerts("a")), state: &state, now: now, io: captured.io())
        _ = quiet.deliver(pending(alerts("b")), state: &state, now: now + 1800, io: captured.io())
        #expect(receiver.requests.isEmpty)
        #expect(first.errors.isEmpty, "holding is not an error")
        #expect(state.outbox.map(\.held) == [true, true])
        _ = quiet.deliver([], state: &state, now: now + 2 * 3600, io: captured.io())
        #expect(receiver.requests.count == 1, "one message")
        #expect(receiver.keys.first == OutboxEntry(sink: "hook", alerts: alerts("a", "b"), queuedAt: 0).key)
        #expect(state.outbox.isEmpty)
    }
}
