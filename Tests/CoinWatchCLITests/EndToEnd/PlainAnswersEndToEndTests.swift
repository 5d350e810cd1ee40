import Foundation
import Testing
@testable import TestHelpers

/// Answers that say what happened, through the binary (issue 32 item 13): `notify --test`'s table
/// keeps its columns for a file sink's long path, `silence add` says what it silenced until when,
/// `check` shows a ratio's threshold in the ratio's currency as its alerts do.
@Suite struct PlainAnswersEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    private func run(_ args: [String], rules: String) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: ["TZ": "UTC"])
    }

    @Test func notifyTestKeepsItsColumnsForAFileSinksLongPath() throws {
        let long = dir.path + "/" + String(repeating: "alerts-", count: 10) + "log.jsonl"
        let run = try run(["notify", "--test"], rules: """
        {"favorites": ["bitcoin"], "rules": [],
         "sinks": {"log": {"type": "file", "path": "\(long)"}, "a-longer-sink-name": {"type": "file", "path": "\(dir.path)/b.jsonl"}},
         "defaults": {"notify": ["log"]}}
        """)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("delivered") }
        #expect(lines.count == 3, "log, a-longer-sink-name and stdout: \(run.stdout)")
        let statusColumns = Set(lines.map { $0.count - "delivered".count })
        #expect(statusColumns.count == 1, "the status column starts at one place:\n\(run.stdout)")
        #expect(lines.allSatisfy { $0.dropLast("delivered".count).hasSuffix("  ") }, "two spaces before it:\n\(run.stdout)")
        #expect(lines.contains { $0.contains(long) }, "the whole path is shown")
    }

    @Test func silenceAddSaysWhatItSilencedUntilWhen() throws {
        let rules = """
        {"favorites": ["bitcoin", "ethereum"], "rules": [{"id": "hi", "coin": "*", "when": {"above": 1}}]}
        """
        let add = try run(["silence", "add", "hi", "--for", "2h"], rules: rules)
        #expect(add.status == 0, "\(add.stderr)")
        let pattern = #"^[0-9a-f]{8}  silenced rule hi \(2 coins\) until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(2h\)\n$"#
        #expect(add.stdout.range(of: pattern, options: .regularExpression) != nil, "\(add.stdout)")
        let id = String(add.stdout.prefix { $0 != " " })
        let list = try run(["silence", "list"], rules: rules)
        #expect(list.stdout.contains(id), "the first word is the id 'silence expire' takes")
        let pair = try run(["silence", "add", "hi:ethereum", "--for", "30m"], rules: rules)
        #expect(pair.stdout.contains("silenced rule hi on ethereum until "), "\(pair.stdout)")
    }

    @Test func checkShowsARatioThresholdInTheRatiosCurrency() throws {
        let run = try run(["check"], rules: """
        {"favorites": ["bitcoin", "ethereum"],
         "rules": [{"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.024}}]}
        """)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("eth-btc") })
        #expect(line.contains("\u{20BF}0.02400") && !line.contains("$"), "as the alert says it: \(line)")
    }
}
