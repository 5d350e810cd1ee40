import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// `coinwatch log` (SPEC §11) through the binary: the records a real pass wrote to its file sink
/// read back oldest first, the filters, `--json`, torn and foreign lines, no file sink, and
/// `--follow` across logrotate's two ways of rotating (rename, copytruncate), each wait a bounded
/// poll for the output expected.
@Suite(.serialized) struct LogEndToEndTests {
    let dir: TempDir

    init() throws { dir = try TempDir() }

    static let sinks = #"{"log": {"type": "file", "path": "alerts.jsonl"}}"#

    private var logPath: String { dir.path + "/alerts.jsonl" }

    /// A rules.json with a file sink and rules whose ids are longer than the default column.
    private func writeRules(sinks: String = LogEndToEndTests.sinks, notify: String = "log") throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: "http://127.0.0.1:9", favorites: ["bitcoin", "ethereum"],
                                                   rules: #"{"id": "btc-100k-crossing", "coin": "bitcoin", "when": {"above": 1}}"#,
                                                   defaults: #"{"notify": ["\#(notify)"]}"#, sinks: sinks))
    }

    private func log(_ args: [String], tz: String = "UTC") throws -> Binary.Run {
        try Binary.run(["log"] + args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["TZ": tz])
    }

    /// One alert record line as the file sink writes it (`undelivered`: the outbox's dropped form).
    static func record(_ id: String, _ time: String, rule: String = "btc-100k-crossing", coin: String = "bitcoin",
                       symbol: String = "BTC", status: String = "firing", message: String = "BTC is above $1.00",
                       undelivered: String? = nil) -> String {
        var line = #"{"id":"\#(id)","time":"\#(time)","rule":"\#(rule)","coin":"\#(coin)","symbol":"\#(symbol)","status":"\#(status)","message":"\#(message)""#
        if let undelivered { line += #","undelivered":\#(undelivered)"# }
        return line + "}\n"
    }

    private var sample: String {
        Self.record("a1", "2026-11-29T12:00:00Z")
            + Self.record("a2", "2026-11-29T13:00:00Z", rule: "eth-dip", coin: "ethereum", symbol: "ETH", status: "resolved",
                          message: "ETH is no longer below $2,000.00")
            + Self.record("a3", "2026-11-29T14:00:00Z", message: "BTC again",
                          undelivered: #"{"sink":"chat","reason":"dropped","time":"2026-11-29T14:30:00Z"}"#)
            + Self.record("a4", "2026-11-29T15:00:00Z", rule: "eth-dip", coin: "ethereum", symbol: "ETH")
    }

    @Test func logReadsTheAlertsARealPassWroteToTheFirstFileSink() throws {
        let flow = try BinaryFlow(rules: #"{"id": "btc-high", "coin": "bitcoin", "when": {"above": 100}}"#,
                                  defaults: #"{"notify": ["log"]}"#,
                                  sinks: #"{"other": {"type": "stdout"}, "log": {"type": "file", "path": "alerts.jsonl"}, "log2": {"type": "file", "path": "second.jsonl"}}"#)
        flow.market.set("bitcoin", price: 150, change24h: 1)
        let pass = try flow.pass()
        #expect(pass.status == 0, "\(pass.stderr)")
        let run = try Binary.run(["log", "--rules", flow.rulesPath, "--state", flow.statePath])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(lines.first?.contains("  btc-high  bitcoin   firing       BTC is above $100.00") == true, "\(run.stdout)")
    }

    /// SPEC §3: "a record that could not be written whole is removed again (or completed before the next one)": a log
    /// ending mid-line (a power loss, another writer) gets that line ended before the pass's record, which `log` then shows.
    @Test func aPassAfterATornLastLineWritesItsRecordOnALineOfItsOwn() throws {
        let flow = try BinaryFlow(rules: #"{"id": "btc-high", "coin": "bitcoin", "when": {"above": 100}}"#,
                                  defaults: #"{"notify": ["log"]}"#, sinks: Self.sinks)
        let torn = Self.record("a1", "2026-11-29T12:00:00Z") + #"{"id":"a2","time":"2026-11-29T13:0"#
        try flow.dir.write("alerts.jsonl", torn)
        flow.market.set("bitcoin", price: 150, change24h: 1)
        let pass = try flow.pass()
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(flow.dir.read("alerts.jsonl")?.hasPrefix(torn + "\n{") == true, "\(flow.dir.read("alerts.jsonl") ?? "")")
        let run = try Binary.run(["log", "--rules", flow.rulesPath, "--state", flow.statePath])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.last.map { $0.contains(" btc-high ") && $0.contains("BTC is above $100.00") } == true, "\(run.stdout)")
    }

    @Test func logPrintsOldestFirstOneAlignedLineEachInLocalTime() throws {
        try writeRules()
        try dir.write("alerts.jsonl", sample)
        let run = try log([], tz: "Asia/Seoul")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout == """
        2026-11-29 21:00:00  btc-100k-crossing  bitcoin   firing       BTC is above $1.00
        2026-11-29 22:00:00  eth-dip            ethereum  resolved     ETH is no longer below $2,000.00
        2026-11-29 23:30:00  btc-100k-crossing  bitcoin   undelivered  BTC again (chat: dropped)
        2026-11-30 00:00:00  eth-dip            ethereum  firing       BTC is above $1.00

        """)
    }

    /// The coin column is as wide as the coins printed, not only the favorites: a `"*"` rule's market code
    /// (`1000SATSUSDT`) pushed the columns after it out of line.
    @Test(arguments: [[], ["--limit", "2"]])
    func aMarketCodeLongerThanTheFavoritesWidensTheCoinColumn(_ args: [String]) throws {
        try writeRules()
        try dir.write("alerts.jsonl", Self.record("a1", "2026-11-29T12:00:00Z")
            + Self.record("a2", "2026-11-29T13:00:00Z", rule: "new", coin: "1000SATSUSDT", symbol: "1000SATS", message: "Binance lists 1000SATSUSDT"))
        let run = try log(args)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout == """
        2026-11-29 12:00:00  btc-100k-crossing  bitcoin       firing       BTC is above $1.00
        2026-11-29 13:00:00  new                1000SATSUSDT  firing       Binance lists 1000SATSUSDT

        """)
    }

    @Test func sinceRuleCoinStatusAndLimitFilterTheLinesAndLimitKeepsTheLastN() throws {
        try writeRules()
        try dir.write("alerts.jsonl", sample)
        func ids(_ args: [String]) throws -> [String] {
            let run = try log(args + ["--json"])
            #expect(run.status == 0, "\(args): \(run.stderr)")
            return try run.records().compactMap { $0["id"] as? String }
        }
        #expect(try ids([]) == ["a1", "a2", "a3", "a4"])
        #expect(try ids(["--since", "2026-11-29T13:30:00Z"]) == ["a3", "a4"], "an undelivered record counts from when it was given up")
        #expect(try ids(["--since", "2026-11-29T22:30+09:00"]) == ["a3", "a4"])
        #expect(try ids(["--since", "1h"]).isEmpty, "a duration counts back from now")
        #expect(try ids(["--since", "52w"]) == ["a1", "a2", "a3", "a4"])
        #expect(try ids(["--rule", "eth-dip"]) == ["a2", "a4"])
        #expect(try ids(["--coin", "ethereum"]) == ["a2", "a4"])
        #expect(try ids(["--coin", "btc"]) == ["a1", "a3"], "a symbol, in either case")
        #expect(try ids(["--status", "firing"]) == ["a1", "a4"])
        #expect(try ids(["--status", "resolved"]) == ["a2"])
        #expect(try ids(["--status", "undelivered"]) == ["a3"])
        #expect(try ids(["--limit", "2"]) == ["a3", "a4"], "the last N, oldest first")
        #expect(try ids(["--limit", "1", "--coin", "bitcoin"]) == ["a3"], "the last N after filtering")
        #expect(try ids(["--limit", "9"]) == ["a1", "a2", "a3", "a4"])
    }

    @Test func jsonPrintsTheRecordsAsTheyStandInTheLog() throws {
        try writeRules()
        try dir.write("alerts.jsonl", sample)
        let run = try log(["--json", "--status", "undelivered"])
        #expect(run.stdout == Self.record("a3", "2026-11-29T14:00:00Z", message: "BTC again",
                                          undelivered: #"{"sink":"chat","reason":"dropped","time":"2026-11-29T14:30:00Z"}"#))
    }

    @Test(arguments: [[], ["--limit", "3"], ["--follow"]])
    func aTornOrForeignLineIsSkippedWithOneWarningNeverACrash(_ args: [String]) throws {
        try writeRules()
        let lines = Self.record("a1", "2026-11-29T12:00:00Z") + "not json at all\n" + "[1, 2]\n" + #"{"rule": "x"}"# + "\n"
            + "\u{1B}[31m{\"id\"\n" + Self.record("a2", "2026-11-29T13:00:00Z") + #"{"id":"a3","time":"2026-11-29T14:00:00Z","rule":"to"#
        try dir.write("alerts.jsonl", lines)
        let run: (status: Int32?, stdout: String, stderr: String)
        if args == ["--follow"] {
            let running = try RunningBinary(["log", "--follow", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
            #expect(Eventually.wait { running.stdout.split(separator: "\n").count == 2 && running.stderr.contains("warning") })
            running.send(SIGTERM)
            run = (running.waitForExit(), running.stdout, running.stderr)
        } else {
            let done = try log(args)
            run = (done.status, done.stdout, done.stderr)
        }
        #expect(run.status == 0, "\(args): \(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 2 && run.stdout.contains("2026-11-29 13:00:00"), "\(args): \(run.stdout)")
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "one warning: \(run.stderr)")
        // Following, the unfinished last line may still be being written: it is not counted yet.
        let skipped = args == ["--follow"] ? "4 lines" : "5 lines"
        #expect(warnings.first?.contains("skipped \(skipped) that are not alert records") == true, "\(args): \(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "no control character of the file reaches the terminal")
    }

    @Test func withoutAFileSinkOneLineSaysHowToAddOne() throws {
        try writeRules(sinks: #"{"chat": {"type": "stdout"}}"#, notify: "chat")
        let run = try log([])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("has no file sink") && run.stderr.contains(#""type": "file""#) && run.stderr.contains("--file PATH"), "\(run.stderr)")
    }

    @Test func aFileSinkNotWrittenYetIsNoAlertsYetAndAMissingFileGivenIs66() throws {
        try writeRules()
        let none = try log([])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no alerts yet"), "\(none.stderr)")
        let missing = try log(["--file", dir.path + "/nope.jsonl"])
        #expect(missing.status == 66 && missing.stderr.contains("cannot read") && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let folder = try log(["--file", dir.path])
        #expect(folder.status == 1 && folder.stderr.contains("not a regular file"), "\(folder.stderr)")
    }

    @Test func badFiltersAreUsageErrors() throws {
        try writeRules()
        let status = try log(["--status", "firng"])
        #expect(status.status == 64 && status.stderr.contains("Did you mean 'firing'?"), "\(status.stderr)")
        let since = try log(["--since", "yesterday"])
        #expect(since.status == 64 && since.stderr.contains("neither a duration"), "\(since.stderr)")
        let limit = try log(["--limit", "0"])
        #expect(limit.status == 64, "\(limit.stderr)")
        let extra = try log(["bitcoin"])
        #expect(extra.status == 64 && extra.stderr.contains("takes no arguments"), "\(extra.stderr)")
    }

    @Test func fileReadsAnotherLogWithoutRulesJSON() throws {
        try dir.write("other.jsonl", sample)
        let run = try Binary.run(["log", "--file", dir.path + "/other.jsonl", "--limit", "1", "--rules", dir.path + "/none.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-29 15:00:00  eth-dip   ethereum  firing       BTC is above $1.00\n")
    }

    /// `--follow`: what is appended appears; logrotate's rename (the old file gets a last record, then a
    /// new file at the path) and copytruncate (the file emptied in place) lose nothing written after.
    @Test func followPrintsNewRecordsAndKeepsGoingAcrossRenameAndCopytruncate() throws {
        try writeRules()
        try dir.write("alerts.jsonl", Self.record("a1", "2026-11-29T12:00:00Z"))
        let running = try RunningBinary(["log", "--follow", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        func ids() -> [String] {
            running.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
            }
        }
        func append(_ path: String, _ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            handle.closeFile()
        }
        #expect(Eventually.wait { ids() == ["a1"] }, "the past first: \(running.stdout)")
        try append(logPath, Self.record("a2", "2026-11-29T12:01:00Z"))
        #expect(Eventually.wait { ids() == ["a1", "a2"] }, "appended: \(running.stdout) \(running.stderr)")
        // A record split across two writes is printed once whole.
        let split = Self.record("a3", "2026-11-29T12:02:00Z")
        try append(logPath, String(split.prefix(30)))
        try append(logPath, String(split.dropFirst(30)))
        #expect(Eventually.wait { ids() == ["a1", "a2", "a3"] }, "\(running.stdout)")
        // logrotate's default: rename, then a pass writes to the old file still open, then a new file.
        #expect(rename(logPath, logPath + ".1") == 0)
        try append(logPath + ".1", Self.record("a4", "2026-11-29T12:03:00Z"))
        try dir.write("alerts.jsonl", Self.record("a5", "2026-11-29T12:04:00Z"))
        #expect(Eventually.wait { ids() == ["a1", "a2", "a3", "a4", "a5"] }, "rename: \(running.stdout) \(running.stderr)")
        try append(logPath, Self.record("a6", "2026-11-29T12:05:00Z"))
        #expect(Eventually.wait { ids().last == "a6" }, "the new file is followed: \(running.stdout)")
        // copytruncate: the file is emptied in place, then written from its start.
        #expect(truncate(logPath, 0) == 0)
        try append(logPath, Self.record("a7", "2026-11-29T12:06:00Z"))
        #expect(Eventually.wait { ids().last == "a7" }, "copytruncate: \(running.stdout) \(running.stderr)")
        #expect(ids() == ["a1", "a2", "a3", "a4", "a5", "a6", "a7"], "each record once")
        running.send(SIGINT)
        #expect(running.waitForExit() == 0)
        #expect(running.stderr.isEmpty, "\(running.stderr)")
    }

    @Test func followWaitsForALogThatDoesNotExistYetAndAppliesTheFilters() throws {
        try writeRules()
        let running = try RunningBinary(["log", "--follow", "--coin", "eth", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        try dir.write("alerts.jsonl", Self.record("a1", "2026-11-29T12:00:00Z")
            + Self.record("a2", "2026-11-29T12:01:00Z", rule: "eth-dip", coin: "ethereum", symbol: "ETH"))
        #expect(Eventually.wait { running.stdout.contains("eth-dip") }, "\(running.stdout) \(running.stderr)")
        running.send(SIGTERM)
        #expect(running.waitForExit() == 0)
        #expect(!running.stdout.contains("btc-100k"), "\(running.stdout)")
    }
}
