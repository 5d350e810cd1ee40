import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2: `${file:PATH}` secrets (relative to `$CREDENTIALS_DIRECTORY`, else rules.json's folder),
/// and a sink whose `${…}` cannot be expanded in a pass: unavailable, its alerts queued, every
/// other sink served, exit 1 with one line; `check` still refuses the file.
@Suite(.serialized) struct SecretFileAndUnavailableSinkTests {
    let market: MarketServer
    let receiver: WebhookReceiver
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        receiver = try WebhookReceiver()
        dir = try TempDir()
        market.set("bitcoin", price: 90)
    }

    private func writeRules(hookURL: String) throws {
        let sinks = #"{"hook": {"type": "webhook", "format": "json", "url": "\#(hookURL)"}, "log": {"type": "file", "path": "alerts.jsonl"}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                                                   defaults: #"{"notify": ["hook", "log"]}"#, sinks: sinks))
    }

    private func run(_ args: [String], env: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_RETRY_BACKOFF": "0.001"].merging(env) { _, new in new })
    }

    @Test func aFileSecretIsReadRelativeToRulesJSONsFolderWithOneTrailingNewlineDropped() throws {
        try dir.write("hook-url", receiver.url("/from-file") + "\n")
        try writeRules(hookURL: "${file:hook-url}")
        let pass = try run(["--once"])
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        #expect(receiver.requests.map(\.path) == ["/from-file"])
    }

    @Test func aFileSecretIsReadFromTheCredentialsDirectoryWhenSystemdSetsIt() throws {
        let credentials = try TempDir()
        try credentials.write("hook-url", receiver.url("/credential"))
        try dir.write("hook-url", "https://wrong.invalid/x")
        try writeRules(hookURL: "${file:hook-url}")
        let pass = try run(["--once"], env: ["CREDENTIALS_DIRECTORY": credentials.path])
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(receiver.requests.map(\.path) == ["/credential"])
    }

    @Test func anUnreadableSecretFileMakesCheckFailNamingThePathNeverAValue() throws {
        try writeRules(hookURL: "${file:missing-secret}")
        let check = try run(["check"])
        #expect(check.status == 65)
        #expect(check.stderr.contains("sinks.hook.url") && check.stderr.contains(dir.path + "/missing-secret")
                && check.stderr.contains("no such file"), "\(check.stderr)")
        try dir.write("bad-url", "not a url SeCrEt-42")
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
        #expect(dir.read("alerts.jsonl")?.split(separator: "\n").count == 1, "the file sink was served")
        #expect(dir.read("state.json")?.contains(#""sink":"hook""#) == true)
        #expect(receiver.requests.isEmpty)

        let second = try run(["--once"], env: ["HOOK_URL": receiver.url("/hook")])
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        #expect(receiver.requests.count == 1, "the queued alert is delivered once the variable is back")
        #expect(dir.read("state.json")?.contains(#""sink":"hook""#) == false)

        let check = try run(["check"])
        #expect(check.status == 65 && check.stderr.contains("HOOK_URL"), "check still refuses the file")
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
        market.set("bitcoin", price: 100)
        let list = try run(["favorites", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("bitcoin"))
    }
}
