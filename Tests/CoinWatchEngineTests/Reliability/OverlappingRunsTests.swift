import Foundation
import Testing
@testable import TestHelpers

/// Overlapping cron runs never double-notify (SPEC §5): the state lock serializes them.
@Suite struct OverlappingRunsTests {
    static let runs = 8

    @Test func eightOverlappingOncePassesNotifyEachEventExactlyOnce() throws {
        let market = try MarketServer()
        let receiver = try WebhookReceiver(fallback: Reply.text("ok").delayed(0.3))
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, favorites: ["bitcoin", "ethereum"],
            rules: #"{"id": "up", "coin": "*", "when": {"crosses_above": 100}}, {"id": "lo", "coin": "*", "when": {"below": 1000}}"#,
            defaults: #"{"notify": ["stdout", "log", "hook"]}"#,
            sinks: #"{"log": {"type": "file", "path": "alerts.jsonl"}, "hook": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))"}}"#))
        let args = ["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        let env = ["COINWATCH_LOCK_TIMEOUT": "60"]
        market.set("bitcoin", price: 90)
        market.set("ethereum", price: 2000)
        let first = try Binary.run(args, environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 1, "lo fires for bitcoin: \(first.stdout)")

        // The events: bitcoin crosses above 100 and stops being below 1000; ethereum falls below 1000 (crossing nothing).
        market.set("bitcoin", price: 1500)
        market.set("ethereum", price: 500)
        var processes: [(process: Process, output: String)] = []
        for index in 0..<Self.runs {
            let output = dir.path + "/run-\(index).out"
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = args
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.path, "TZ": "UTC", "NO_COLOR": "1"].merging(env) { _, new in new }
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append((process, output))
        }
        let runningTogether = processes.filter(\.process.isRunning).count
        #expect(runningTogether >= 2, "the passes overlapped: \(runningTogether) running at once")
        var runs: [Binary.Run] = []
        for (process, output) in processes {
            process.waitUntilExit()
            runs.append(Binary.Run(status: process.terminationStatus, stdout: dir.read(URL(fileURLWithPath: output).lastPathComponent) ?? "", stderr: ""))
        }
        #expect(runs.count == Self.runs)
        for run in runs { #expect(run.status == 0, "only 0 (or 75 past the lock timeout, set high here)") }
        let alerts = runs.flatMap { $0.stdout.split(separator: "\n").map(String.init) }
        let events = alerts.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["rule"] ?? "")|\(object["coin"] ?? "")"
        }.sorted()
        #expect(events == ["lo|ethereum", "up|bitcoin"], "each event once across \(Self.runs) runs: \(alerts)")
        #expect(runs.filter { !$0.stdout.isEmpty }.count == 1, "one run saw the events; the others found them notified")
        let log = try #require(dir.read("alerts.jsonl")).split(separator: "\n")
        #expect(log.count == 3, "the first alert and the two events, once each: \(log)")
        #expect(receiver.requests.count == 3)
        #expect(Set(receiver.keys).count == 3)
    }
}

