import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2: `${file:PATH}` secrets (relative to `$CREDENTIALS_DIRECTORY`, else rules.json's folder),
/// and a sink whose `${…}` cannot be expanded in a pass: unavailable, its alerts queued, every
/// other sink served, exit 1 with one line; `check` still refuses the file.
@Suite(.serialized) struct SecretFileAndUnavailableSinkTests {
    let rig: BinaryRig

    init() throws {
        rig = try BinaryRig()
        rig.market.set("bitcoin", price: 90)
    }

    private func writeRules(hookURL: String) throws {
        let sinks = #"{"hook": {"type": "webhook", "format": "json", "url": "\#(hookURL)"}, "log": {"type": "file", "path": "alerts.jsonl"}}"#
        try rig.write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, defaults: #"{"notify": ["hook", "log"]}"#, sinks: sinks)
    }

    private func run(_ args: [String], env: [String: String] = [:]) throws -> Binary.Run {
        try rig.run(args, environment: ["COINWATCH_RETRY_BACKOFF": "0.001"].merging(env) { _, new in new })
    }

    @Test func aFileSecretIsReadRelativeToRulesJSONsFolderWithOneTrailingNewlineDropped() throws {
        try rig.dir.write("hook-url", rig.receiver.url("/from-file") + "\n")
        try writeRules(hookURL: "${file:hook-url}")
        let pass = try run(["--once"])
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        #expect(rig.receiver.requests.map(\.path) == ["/from-file"])
    }

    @Test func aFileSecretIsReadFromTheCredentialsDirectoryWhenSystemdSetsIt() throws {
        let credentials = try TempDir()
        try credentials.write("hook-url", rig.receiver.url("/credential"))
        try rig.dir.write("hook-url", "https://wrong.invalid/x")
        try writeRules(hookURL: "${file:hook-url}")
        let pass = try run(["--once"], env: ["CREDENTIALS_DIRECTORY": credentials.path])
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(rig.receiver.requests.map(\.path) == ["/credential"])
    }

    @Test func anUnreadableSecretFileMakesCheckFailNamingThePathNeverAValue() throws {
        try writeRules(hookURL: "${file:missing-secret}")
        let check = try run(["check"])
        #expect(check.status == 65)
        #expect(check.stderr.contains("sinks.hook.url") && check.stderr.contains(rig.dir.path + "/missing-secret")
                && check.stderr.contains("no such file"), "\(check.stderr)")
        try rig.dir.write("bad-url", "not a url SeCrEt-42")
        try writeRules(hookURL: "${file:bad-url}")
        let invalid = try run(["check"])
        #expect(invalid.status == 65)
        #expect(!invalid.stderr.contains("SeCrEt-42"), "a file's content is never echoed: \(invalid.stderr)")
    }

    @Test func aSinkWhoseVariableIsUnsetWaitsInTheOutboxWhileTheOthersAreServed() throws {
        try writeRules(hookURL: "${HOOK_URL}")
        let first = try run(["--once"])
        #expect(first.status == 1)
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("webhook sink 'hook' is unavailable") && lines[0].contains("HOOK_URL")
                && lines[0].contains("1 alert waits in the outbox"), "\(first.stderr)")
        #expect(rig.dir.read("alerts.jsonl")?.split(separator: "\n").count == 1, "the file sink was served")
        #expect(rig.dir.read("state.json")?.contains(#""sink":"hook""#) == true)
        #expect(rig.receiver.requests.isEmpty)

        let second = try run(["--once"], env: ["HOOK_URL": rig.receiver.url("/hook")])
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        #expect(rig.receiver.requests.count == 1, "the queued alert is delivered once the variable is back")
        #expect(rig.dir.read("state.json")?.contains(#""sink":"hook""#) == false)

        let check = try run(["check"])
        #expect(check.status == 65 && check.stderr.contains("HOOK_URL"), "check still refuses the file")
    }

    /// Red team r3: a file sink's `path` was left out of the rule, so its unset variable failed the whole pass (exit 65).
    @Test func aFileSinkWhosePathCannotBeExpandedWaitsInTheOutboxThenReachesItsFile() throws {
        let sinks = #"{"hook": {"type": "webhook", "format": "json", "url": "\#(rig.receiver.url("/hook"))"}, "#
            + #""log": {"type": "file", "path": "${LOG_DIR}/alerts.jsonl"}}"#
        try rig.write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                      defaults: #"{"notify": ["stdout", "hook", "log"]}"#, sinks: sinks)
        let first = try run(["--once"])
        #expect(first.status == 1)
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("file sink 'log' is unavailable") && lines[0].contains("LOG_DIR")
                && lines[0].contains("1 alert waits in the outbox"), "\(first.stderr)")
        #expect(first.stdout.contains("BTC is below"), "stdout was served: \(first.stdout)")
        #expect(rig.receiver.requests.count == 1, "the webhook was served")
        #expect(rig.dir.read("state.json")?.contains(#""sink":"log""#) == true)

        let second = try run(["--once"], env: ["LOG_DIR": rig.dir.path + "/logs"])
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        let records = rig.dir.read("logs/alerts.jsonl")?.split(separator: "\n") ?? []
        #expect(records.count == 1 && records[0].contains(#""rule":"lo""#) && !records[0].contains("undelivered"),
                "the waiting alert reaches the file once the variable is back: \(records)")
        #expect(rig.dir.read("state.json")?.contains(#""sink":"log""#) == false)

        let check = try run(["check"])
        #expect(check.status == 65 && check.stderr.contains("sinks.log.path") && check.stderr.contains("LOG_DIR"),
                "check still refuses the file: \(check.stderr)")
    }

    @Test func outboxRetryWritesAFileSinksWaitingAlertsToItsFile() throws {
        try rig.write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, defaults: #"{"notify": ["log"]}"#,
                      sinks: #"{"log": {"type": "file", "path": "${LOG_DIR}/alerts.jsonl"}}"#)
        #expect(try run(["--once"]).status == 1)
        let retry = try run(["outbox", "retry"], env: ["LOG_DIR": rig.dir.path + "/logs"])
        #expect(retry.status == 0 && retry.stdout.contains("1 delivered, 0 still in the outbox"), "\(retry.stdout)\(retry.stderr)")
        #expect(rig.dir.read("logs/alerts.jsonl")?.split(separator: "\n").count == 1)
    }

    @Test func commandsThatDoNotDeliverNeverWriteToAnUnexpandablePath() throws {
        let sinks = #"{"hook": {"type": "webhook", "format": "json", "url": "\#(rig.receiver.url("/hook"))"}, "#
            + #""log": {"type": "file", "path": "${LOG_DIR}/alerts.jsonl"}}"#
        try rig.write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                      defaults: #"{"notify": ["hook", "log"]}"#, sinks: sinks)
        #expect(try run(["--once"]).status == 1)
        let id = try #require(try run(["outbox", "list", "--json"]).stdout.firstMatch(of: /"id":"([^"]+)"/)?.1)
        let drop = try run(["outbox", "drop", String(id)])
        #expect(drop.status == 0, "\(drop.stdout)\(drop.stderr)")
        let log = try run(["log"])
        #expect(log.status == 1 && log.stderr.contains("file sink 'log' is unavailable") && log.stderr.contains("LOG_DIR"), "\(log.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: rig.dir.path)
        #expect(!made.contains { $0.hasPrefix("https") }, "no placeholder path was written to: \(made)")
    }

    @Test func anEmptyVariableIsAsUnsetAsAMissingOne() throws {
        try writeRules(hookURL: "${HOOK_URL}")
        let check = try run(["check"], env: ["HOOK_URL": ""])
        #expect(check.status == 65 && check.stderr.contains("HOOK_URL is empty"), "\(check.stderr)")
    }
}

extension SecretFileAndUnavailableSinkTests {
    @Test func commandsThatNeverDeliverWorkWhileASinksSecretFileIsUnreadable() throws {
        try writeRules(hookURL: "${file:only-on-the-server}")
        rig.market.set("bitcoin", price: 100)
        let list = try run(["favorites", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("bitcoin"))
    }
}
