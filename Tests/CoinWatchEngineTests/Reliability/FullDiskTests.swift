import Foundation
import Testing
@testable import TestHelpers

/// A full disk for real (a small tmpfs the test mounts and fills), through the binary (SPEC §3): an
/// alert is sent only after the state that records it is written, and a file sink never leaves a
/// torn record.
@Suite(.serialized) struct FullDiskTests {
    @Test func whenStateCannotBeWrittenNothingIsSentAndThePassSaysWhatToDo() throws {
        guard let disk = try TinyDisk.make() else {
            Issue.record("cannot mount a tmpfs here (needs root); the full-disk test did not run")
            return
        }
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let receiver = try WebhookReceiver()
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["stdout", "hook", "log"]}"#,
            sinks: #"{"hook": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))"}, "log": {"type": "file", "path": "alerts.jsonl"}}"#))
        let state = disk.path + "/state.json"
        disk.fill()
        for _ in 0..<2 {   // every pass on the full disk: nothing sent, ever (no new Idempotency-Key per pass)
            let run = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 30)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty, "nothing on stdout: \(run.stdout)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "one line: \(run.stderr)")
            #expect(run.stderr.hasPrefix("coinwatch: cannot write state \(state): ") && run.stderr.contains("No space left on device")
                    && run.stderr.contains("free some disk space there or pass --state PATH on another disk")
                    && run.stderr.contains("nothing was sent"), "\(run.stderr)")
        }
        #expect(receiver.requests.isEmpty, "the webhook got nothing")
        #expect(dir.read("alerts.jsonl") == nil, "the log got nothing")
        disk.free()
        let run = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1)
        #expect(receiver.requests.count == 1, "sent once the state can record it")
        #expect(dir.read("alerts.jsonl")?.split(separator: "\n").count == 1)
    }

    @Test func aFullDiskUnderTheJSONLinesFileNeverLeavesATornRecord() throws {
        guard let disk = try TinyDisk.make() else {
            Issue.record("cannot mount a tmpfs here (needs root); the torn-record test did not run")
            return
        }
        let market = try MarketServer()
        let dir = try TempDir()
        let log = disk.path + "/alerts.jsonl"
        let rules = try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, favorites: ["bitcoin", "ethereum"],
            rules: #"{"id": "lo", "coin": "*", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["log"]}"#, sinks: #"{"log": {"type": "file", "path": "\#(log)"}}"#))
        let state = dir.path + "/state.json"
        // One whole record that ends 50 bytes before a page boundary: the next record starts in the
        // page the file already has and runs out of space after 50 bytes (a short write, then ENOSPC).
        let first = #"{"pad":""# + String(repeating: "p", count: 4096 - 50 - 10) + "\"}\n"
        try first.write(toFile: log, atomically: false, encoding: .utf8)
        disk.fill()
        market.set("bitcoin", price: 90)
        market.set("ethereum", price: 80)
        let run = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 30)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write \(log): No space left on device"), "\(run.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == first, "cut back to the last whole record")
        // Space again: the two records come on the next pass, whole, after the first one.
        disk.free()
        let next = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 30)
        #expect(next.status == 0, "\(next.stderr)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text.hasSuffix("\n") && lines.count == 4, "\(lines.count) lines")
        for line in lines.dropLast() {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole JSON record: \(line.prefix(80))")
        }
        #expect(lines.filter { $0.contains("\"rule\":\"lo\"") }.count == 2, "both alerts recorded once")
    }
}
