@testable import CoinWatchSupport
@testable import CoinWatchState
@testable import CoinWatchEngine
@testable import CoinWatchCLI
import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch outbox list | retry [ID] | drop ID` (SPEC §11) through the binary, against a loopback webhook.
@Suite(.serialized) struct OutboxEndToEndTests {
    let receiver: WebhookReceiver
    let flow: BinaryFlow
    static let env = ["COINWATCH_RETRY_BACKOFF": "0.001"]

    /// A quiet-hours window around the current UTC time (the binary runs with TZ=UTC).
    static var quietNow: String {
        let minute = TimeText.localMinuteOfDay(Date().timeIntervalSince1970)
        let clock = { (m: Int) in TimeText.clock(minutes: (m + 1440) % 1440) }
        return clock(minute - 60) + "-" + clock(minute + 60)
    }

    init() throws {
        receiver = try WebhookReceiver()
        let sinks = #"{"quiet": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/quiet"))", "quiet_hours": "\#(Self.quietNow)"}, "#
            + #""flaky": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/flaky"))"}, "log": {"type": "file", "path": "alerts.jsonl"}}"#
        flow = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["quiet", "flaky"]}"#,
                              sinks: sinks)
        flow.market.set("bitcoin", price: 90)
    }

    private func outbox(_ args: [String]) throws -> Binary.Run {
        try Binary.run(["outbox"] + args + ["--rules", flow.rulesPath, "--state", flow.statePath], environment: Self.env)
    }

    /// One pass in which the flaky sink answers 503 throughout: one message held, one waiting for a retry.
    private func fill() throws {
        for _ in 0..<RetryPolicy().attempts { receiver.script(Reply.text("busy", status: 503)) }
        let run = try flow.pass(environment: Self.env)
        #expect(run.status == 0, "queued for retry is exit 0: \(run.stderr)")
        #expect(try StateStore.load(path: flow.statePath).outbox.count == 2)
    }

    @Test func listShowsIdSinkAlertsAttemptsLastErrorNextTryAndWhatHoldsEach() throws {
        try fill()
        let run = try outbox(["list"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID            SINK") == true, "\(run.stdout)")
        let quiet = try #require(lines.first { $0.contains(" quiet ") })
        #expect(quiet.contains("alert lo for bitcoin") && quiet.contains("quiet hours") && quiet.contains("(quiet hours)"), "\(quiet)")
        let flaky = try #require(lines.first { $0.contains(" flaky ") })
        #expect(flaky.contains("retry") && flaky.contains("503") && flaky.contains("next pass"), "\(flaky)")
        let json = try outbox(["list", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(doc["outbox"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["held_by"] as? String }) == ["quiet hours", "retry"])
        let retry = try #require(items.first { $0["sink"] as? String == "flaky" })
        #expect((retry["attempts"] as? Int ?? 0) >= 1 && (retry["last_error"] as? String)?.contains("503") == true)
        #expect((retry["id"] as? String)?.count == 12 && retry["rules"] as? [String] == ["lo"])
    }

    /// A command or email sink's held message names the end of its quiet hours as a webhook's does (it said only
    /// "after the quiet hours").
    @Test func aHeldCommandSinksMessageSaysWhenItsQuietHoursEnd() throws {
        let flow = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["quiet"]}"#,
                                  sinks: #"{"quiet": {"type": "command", "argv": ["true"], "quiet_hours": "\#(Self.quietNow)"}}"#)
        flow.market.set("bitcoin", price: 90)
        #expect(try flow.pass(environment: Self.env).status == 0)
        let run = try Binary.run(["outbox", "list", "--rules", flow.rulesPath, "--state", flow.statePath])
        let end = Self.quietNow.split(separator: "-").last.map(String.init) ?? ""
        #expect(run.stdout.contains("after \(end) local (quiet hours)"), "\(run.stdout)")
    }

    /// A message's wait is its latest answer's: after a 429 whose Retry-After was an hour, a retry answered 503 without
    /// one still said "retried … after <that hour> (Retry-After)" and kept the message back for that hour.
    @Test func aRetryAnsweredWithoutRetryAfterEndsTheWaitAnEarlierAnswerAskedFor() throws {
        receiver.script(Reply.text("slow down", status: 429).header("Retry-After", "3600"))
        let pass = try flow.pass(environment: Self.env)
        #expect(pass.status == 0 && pass.stderr.contains("HTTP 429") && pass.stderr.contains("(Retry-After)"), "\(pass.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(try outbox(["list", "--json"]).stdout.utf8)) as? [String: Any]
        let item = try #require((listed?["outbox"] as? [[String: Any]])?.first { $0["sink"] as? String == "flaky" })
        let id = try #require(item["id"] as? String)
        for _ in 0..<RetryPolicy().attempts { receiver.script(Reply.text("busy", status: 503)) }
        let retry = try outbox(["retry", id])
        #expect(retry.status == 1 && retry.stderr.contains("HTTP 503"), "\(retry.stderr)")
        #expect(!retry.stderr.contains("Retry-After"), "\(retry.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(try outbox(["list", "--json"]).stdout.utf8)) as? [String: Any]
        let after = try #require((json?["outbox"] as? [[String: Any]])?.first { $0["sink"] as? String == "flaky" })
        #expect(after["next_try"] as? String == "next pass" && after["not_before"] == nil, "\(after)")
    }

    @Test func stateShowNoLongerCallsQuietHoursHoldsQueuedForRetry() throws {
        try fill()
        let run = try Binary.run(["state", "show", "--state", flow.statePath])
        #expect(run.stdout.contains("2 alert(s) in the outbox (1 waiting for a retry, 1 held by quiet hours)"), "\(run.stdout)")
        #expect(!run.stdout.contains("queued for retry"))
    }

    @Test func retrySendsEveryMessageNowIgnoringQuietHoursAndBackoff() throws {
        try fill()
        let before = receiver.requests.count
        let run = try outbox(["retry"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "retried 2 message(s): 2 delivered, 0 still in the outbox\n")
        let sent = receiver.requests.dropFirst(before).map(\.path)
        #expect(Set(sent) == ["/quiet", "/flaky"], "the held message went despite the quiet hours: \(sent)")
        #expect(try StateStore.load(path: flow.statePath).outbox.isEmpty)
    }

    @Test func retryWithASinksVariableUnsetSendsTheOthersAndKeepsThatSinksMessage() throws {
        // Run from a shell without the service's EnvironmentFile: one sink's ${…} is unset. As in a pass, that sink is
        // unavailable and the rest go (outbox retry refused everything with exit 65 before).
        try fill()
        let rules = try #require(flow.dir.read("rules.json"))
        try flow.dir.write("rules.json", rules.replacingOccurrences(of: receiver.url("/quiet"), with: "${COINWATCH_TEST_QUIET_URL}"))
        let before = receiver.requests.count
        let run = try outbox(["retry"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == "retried 2 message(s): 1 delivered, 1 still in the outbox\n", "\(run.stderr)")
        #expect(run.stderr.contains("quiet") && run.stderr.contains("COINWATCH_TEST_QUIET_URL"), "\(run.stderr)")
        #expect(receiver.requests.dropFirst(before).map(\.path) == ["/flaky"])
        let left = try StateStore.load(path: flow.statePath).outbox
        #expect(left.count == 1 && left[0].sink == "quiet")
    }

    @Test func retryOfOneIdSendsOnlyThatMessage() throws {
        try fill()
        let state = try StateStore.load(path: flow.statePath)
        let held = try #require(state.outbox.first { $0.held })
        let before = receiver.requests.count
        let run = try outbox(["retry", String(held.shownID.prefix(6))])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.requests.dropFirst(before).map(\.path) == ["/quiet"])
        let left = try StateStore.load(path: flow.statePath).outbox
        #expect(left.count == 1 && left[0].sink == "flaky")
    }

    @Test func dropRemovesTheMessageAndWritesAnUndeliveredRecordInEveryFileSink() throws {
        try fill()
        let state = try StateStore.load(path: flow.statePath)
        let flaky = try #require(state.outbox.first { $0.sink == "flaky" })
        let run = try outbox(["drop", flaky.shownID])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("dropped \(flaky.shownID)") && run.stdout.contains("alerts.jsonl"))
        let left = try StateStore.load(path: flow.statePath).outbox
        #expect(left.count == 1 && left[0].sink == "quiet")
        let log = try #require(flow.dir.read("alerts.jsonl")).split(separator: "\n")
        let record = try #require(log.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let undelivered = try #require(record["undelivered"] as? [String: Any])
        #expect(undelivered["reason"] as? String == "dropped" && undelivered["sink"] as? String == "flaky")
        #expect(record["rule"] as? String == "lo")
    }

    /// Issue 30 item 18: right after a sink refused an alert for good the outbox is empty, and
    /// `outbox list` says so without claiming that every alert was delivered.
    @Test func anEmptyOutboxAfterARefusalNeverSaysEveryAlertWasDelivered() throws {
        let refusing = try WebhookReceiver(fallback: .text("no such hook", status: 404))
        let other = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["hook"]}"#,
                                   sinks: #"{"hook": {"type": "webhook", "format": "json", "url": "\#(refusing.url("/gone"))"}}"#)
        other.market.set("bitcoin", price: 90)
        #expect(try other.pass(environment: Self.env).status == 1, "refused for good")
        let list = try Binary.run(["outbox", "list", "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env)
        #expect(list.status == 0)
        #expect(list.stdout == "the outbox is empty: no message is waiting for a retry or for quiet hours\n", "\(list.stdout)")
        #expect(!list.stdout.contains("delivered"))
    }

    /// A file sink's records that wait in the state for their file (its folder cannot be made) are waiting records
    /// too: listed with the sink, the file and how many, held by retry until the next pass appends them.
    @Test func listShowsTheFileSinksRecordsWaitingForTheirFile() throws {
        let other = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["log"]}"#,
                                   sinks: #"{"log": {"type": "file", "path": "blocked/alerts.jsonl"}}"#)
        try other.dir.write("blocked", "a file where the sink's folder should be\n")
        other.market.set("bitcoin", price: 90)
        #expect(try other.pass(environment: Self.env).status == 1, "the record could not be appended")
        let list = try Binary.run(["outbox", "list", "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env)
        #expect(list.status == 0, "\(list.stderr)")
        let row = try #require(list.stdout.split(separator: "\n").first { $0.contains(" log ") }, "\(list.stdout)")
        #expect(row.contains("1 record") && row.contains("retry") && row.contains("next pass")
                && row.contains("blocked/alerts.jsonl"), "\(row)")
        let json = try Binary.run(["outbox", "list", "--json", "--rules", other.rulesPath, "--state", other.statePath],
                                  environment: Self.env)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(doc["outbox"] as? [[String: Any]])
        #expect(items.count == 1 && items[0]["sink"] as? String == "log" && items[0]["records"] as? Int == 1
                && items[0]["held_by"] as? String == "retry" && (items[0]["path"] as? String)?.hasSuffix("blocked/alerts.jsonl") == true,
                "\(json.stdout)")
    }

    /// `outbox retry` appends the file records waiting for their file through the file sink, under the state's lock: a
    /// file still unwritable keeps its records (exit 1), one written loses them from the state, so the next retry appends
    /// only what still waited — no record lost, none twice.
    @Test func retryAppendsTheFileRecordsWaitingForTheirFileEachOnceWhenAFileStaysUnwritable() throws {
        let other = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["log", "audit"]}"#,
                                   sinks: #"{"log": {"type": "file", "path": "a/alerts.jsonl"}, "audit": {"type": "file", "path": "b/alerts.jsonl"}}"#)
        try other.dir.write("a", "a file where the sink's folder should be\n")
        try other.dir.write("b", "a file where the sink's folder should be\n")
        other.market.set("bitcoin", price: 90)
        #expect(try other.pass(environment: Self.env).status == 1, "neither record could be appended")
        let retry = { try Binary.run(["outbox", "retry", "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env) }
        try FileManager.default.removeItem(atPath: other.dir.file("a"))
        let first = try retry()
        #expect(first.status == 1 && first.stderr.contains("b/alerts.jsonl"), "\(first.stderr)")
        #expect(first.stdout == "appended 1 file record(s), 1 still waiting for their file\n", "\(first.stdout)")
        #expect(other.dir.read("a/alerts.jsonl")?.split(separator: "\n").count == 1)
        #expect(try StateStore.load(path: other.statePath).fileSpool.keys.map { $0.hasSuffix("b/alerts.jsonl") } == [true])
        try FileManager.default.removeItem(atPath: other.dir.file("b"))
        let second = try retry()
        #expect(second.status == 0 && second.stdout == "appended 1 file record(s), 0 still waiting for their file\n",
                "\(second.stdout)\(second.stderr)")
        let a = try #require(other.dir.read("a/alerts.jsonl")).split(separator: "\n")
        let b = try #require(other.dir.read("b/alerts.jsonl")).split(separator: "\n")
        #expect(a.count == 1 && b.count == 1 && a == b && a[0].contains(#""rule":"lo""#), "each record once: \(a) \(b)")
        #expect(try StateStore.load(path: other.statePath).fileSpool.isEmpty)
        let list = try Binary.run(["outbox", "list", "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env)
        #expect(list.stdout.hasPrefix("the outbox is empty"), "\(list.stdout)")
    }

    /// A pass whose alert goes to a webhook that answers 503 every try and to a file whose folder is a file:
    /// one message in the outbox, one record waiting for its file.
    private func flowWithAMessageAndAFileRecordWaiting() throws -> BinaryFlow {
        let other = try BinaryFlow(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["flaky", "log"]}"#,
                                   sinks: #"{"flaky": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/flaky"))"}, "#
                                       + #""log": {"type": "file", "path": "a/alerts.jsonl"}}"#)
        try other.dir.write("a", "a file where the sink's folder should be\n")
        other.market.set("bitcoin", price: 90)
        for _ in 0..<RetryPolicy().attempts { receiver.script(Reply.text("busy", status: 503)) }
        #expect(try other.pass(environment: Self.env).status == 1, "the record could not be appended")
        return other
    }

    /// `outbox retry ID` appends the file records waiting for their file as well as sending the message.
    @Test func retryOfOneIdAppendsTheFileRecordsWaitingForTheirFileToo() throws {
        let other = try flowWithAMessageAndAFileRecordWaiting()
        let id = try #require(try StateStore.load(path: other.statePath).outbox.first?.shownID)
        try FileManager.default.removeItem(atPath: other.dir.file("a"))
        let run = try Binary.run(["outbox", "retry", id, "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env)
        #expect(run.status == 0 && run.stdout == "retried 1 message(s): 1 delivered, 0 still in the outbox\n"
                + "appended 1 file record(s), 0 still waiting for their file\n", "\(run.stdout)\(run.stderr)")
        #expect(other.dir.read("a/alerts.jsonl")?.split(separator: "\n").count == 1)
        let state = try StateStore.load(path: other.statePath)
        #expect(state.outbox.isEmpty && state.fileSpool.isEmpty)
    }

    /// `outbox retry`'s "appended N file record(s)" counts the records that waited for their file, not the `undelivered`
    /// record the same retry adds for a message the webhook refuses for good.
    @Test func retryCountsTheWaitingFileRecordsItAppendedNotTheUndeliveredRecordsItAdds() throws {
        let other = try flowWithAMessageAndAFileRecordWaiting()
        try FileManager.default.removeItem(atPath: other.dir.file("a"))
        receiver.script(Reply.text("no such hook", status: 404))
        let run = try Binary.run(["outbox", "retry", "--rules", other.rulesPath, "--state", other.statePath], environment: Self.env)
        #expect(run.status == 1 && run.stdout == "retried 1 message(s): 0 delivered, 0 still in the outbox\n"
                + "appended 1 file record(s), 0 still waiting for their file\n", "\(run.stdout)\(run.stderr)")
        let records = try #require(other.dir.read("a/alerts.jsonl")).split(separator: "\n")
        #expect(records.count == 2 && records[1].contains("undelivered"), "the waiting record, then the undelivered one: \(records)")
    }

    @Test func anUnknownIdGetsADidYouMeanAndExit1() throws {
        try fill()
        let state = try StateStore.load(path: flow.statePath)
        let id = state.outbox[0].shownID
        let typo = String(id.dropLast()) + (id.last == "0" ? "1" : "0")
        let run = try outbox(["drop", typo])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no message '\(typo)' in the outbox. Did you mean '\(id)'?"), "\(run.stderr)")
        #expect(try StateStore.load(path: flow.statePath).outbox.count == 2, "nothing dropped")
        let usage = try outbox(["lst"])
        #expect(usage.status == 64 && usage.stderr.contains("Did you mean"), "\(usage.stderr)")
    }
}
