@testable import CoinWatchSupport
import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch backtest` through the binary against a loopback CoinGecko serving the real 30-day
/// hourly capture (SPEC §8): the `--json` document, the counts, the history store (a second
/// backtest makes no request), the text report with its timeline and chart, and bad input.
@Suite(.serialized) struct BacktestEndToEndTests {
    let server: LoopbackServer
    let dir: TempDir
    static let capture = "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"
    static let from = "2021-04-16T00:00:00Z", to = "2021-05-15T00:00:00Z"
    static let line = 56_000.0

    init() throws {
        server = try LoopbackServer { request in
            guard request.path.hasSuffix("/market_chart/range") else { return .notFound }
            return (try? HistoryCaptures.capture(Self.capture)).map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
        }
        dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}],
         "favorites": ["bitcoin"], "interval": "1h",
         "rules": [
           {"id": "btc-56k", "coin": "bitcoin", "when": {"crosses": \(Int(Self.line))}},
           {"id": "btc-low", "coin": "bitcoin", "when": {"below": 50000}, "resolve": true},
           {"id": "btc-ath", "coin": "bitcoin", "when": {"new_high": "all"}}
         ]}
        """)
    }

    private func run(_ args: [String], columns: Int = 100) throws -> Binary.Run {
        try Binary.run(["backtest"] + args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_CACHE": dir.path + "/cache", "COLUMNS": String(columns), "COINWATCH_LOCK_TIMEOUT": "20"])
    }

    private var historyRequests: Int { server.requests.count { $0.path.hasSuffix("/market_chart/range") } }

    /// The crossings of the 56k line at the hourly pass times, counted from the raw capture.
    static func bruteForceCrossings() throws -> Int {
        let points = try HistoryCaptures.gecko.decodeHistory(try HistoryCaptures.capture(capture), timeframe: .h1)
            .map { (time: $0.openTime, price: $0.close) }
        let start = try #require(DateTimeParser.parse(from)).timeIntervalSince1970
        let end = try #require(DateTimeParser.parse(to)).timeIntervalSince1970
        let seen = BacktestCrossCheckTests.sampled(points, from: start, to: end, step: 3_600).map(\.price)
        return zip(seen, seen.dropFirst()).count { ($0 < line && line <= $1) || ($0 > line && line >= $1) }
    }

    /// SPEC §14: exchange events have no history (no past market lists or flags): each such rule gets
    /// one line saying so, and the other rules are replayed as before (exit 0).
    @Test func exchangeEventRulesCannotBeReplayedAndSayItOnceEachWhileTheRestRuns() throws {
        let text = try String(contentsOfFile: dir.path + "/rules.json", encoding: .utf8)
        try dir.write("rules.json", text.replacingOccurrences(of: #""rules": ["#, with: #""rules": [{"id": "flags", "coin": "*", "when": {"caution": true}}, {"id": "new", "coin": "*", "when": {"listed": true}},"#))
        let run = try run(["--from", Self.from, "--to", Self.to, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("cannot be backtested") }
        #expect(lines == [
            "coinwatch: warning: rule 'flags' (caution) cannot be backtested: there is no history of the exchange's market lists and flags to replay; it never fires in the replay",
            "coinwatch: warning: rule 'new' (listed) cannot be backtested: there is no history of the exchange's market lists and flags to replay; it never fires in the replay",
        ], "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let alerts = try #require(document["alerts"] as? [[String: Any]])
        #expect(alerts.contains { $0["rule"] as? String == "btc-56k" }, "the price rules still replay")
        #expect(!alerts.contains { ["flags", "new"].contains($0["rule"] as? String) })
    }

    @Test func backtestJsonIsTheSpecDocumentWithEveryAlertMarkedBacktest() throws {
        let run = try run(["--from", Self.from, "--to", Self.to, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The all-time high is taken as known at the start, from the history before it (market_chart/range from 2009): no warning.
        #expect(!run.stderr.contains("btc-ath"), "\(run.stderr)")
        #expect(server.requests.contains { $0.path.hasSuffix("/market_chart/range") && $0.queryItem("from") == "1230940800"
                && $0.queryItem("to") == "1618531200" },
                "the days before the start were asked for: \(server.requests.map(\.path))")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["from", "to", "step", "coins", "rules", "alerts"])
        #expect(document["from"] as? String == Self.from && document["to"] as? String == Self.to)
        #expect(document["step"] as? String == "1h")
        let coin = try #require((document["coins"] as? [String: Any])?["bitcoin"] as? [String: Any])
        #expect(coin["provider"] as? String == "coingecko")
        #expect((coin["points"] as? Int ?? 0) > 690)
        let rules = try #require(document["rules"] as? [[String: Any]])
        #expect(rules.map { $0["rule"] as? String } == ["btc-56k", "btc-low", "btc-ath"])
        let crossings = try Self.bruteForceCrossings()
        #expect(crossings > 2)
        #expect(rules[0]["fired"] as? Int == crossings)
        #expect(rules[2]["fired"] as? Int == 0)
        let alerts = try #require(document["alerts"] as? [[String: Any]])
        #expect(alerts.count == crossings + (rules[1]["fired"] as? Int ?? -1) + (rules[1]["resolved"] as? Int ?? -1))
        #expect(alerts.allSatisfy { $0["backtest"] as? Bool == true && $0["id"] is String })
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/state.json"), "a backtest writes no state")
    }

    @Test func aSecondBacktestOverTheSameRangeMakesNoRequest() throws {
        let first = try run(["--from", Self.from, "--to", Self.to, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(historyRequests == 2, "the span, and the days before it for btc-ath's all-time high")
        let second = try run(["--from", Self.from, "--to", Self.to, "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(historyRequests == 2, "the second backtest is served by the history store")
        #expect(first.stdout == second.stdout, "the same replay from the store")
    }

    /// SPEC §8 "never finer than the history available": over 31 days the replay sees the 90-day
    /// chart's 4-hourly points (built from CoinGecko's hourly ones), so it passes every 4 hours, and the
    /// points, the `--json` step and the text report all say that one resolution.
    @Test func aSpanOfThirtyOneDaysPassesEveryFourHoursAsItsPointsAre() throws {
        let from = "2021-04-14T00:00:00Z"
        let json = try run(["--from", from, "--to", Self.to, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["step"] as? String == "4h")
        let coin = try #require((document["coins"] as? [String: Any])?["bitcoin"] as? [String: Any])
        let points = try #require(coin["points"] as? Int)
        #expect((170...181).contains(points), "30 days of 4-hourly points: \(points)")
        let text = try run(["--from", from, "--to", Self.to])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "backtest 2021-04-14T00:00:00Z to 2021-05-15T00:00:00Z (4w3d), a pass every 4h, 187 passes", "\(text.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("  bitcoin: \(points) points from coingecko ") == true, "\(text.stdout)")
    }

    /// One pass and one point read in the singular ("1 passes", "1 points" before).
    @Test func aReplayOfOnePassSaysSo() throws {
        let text = try run(["--from", "2021-05-14T23:30:00Z", "--to", Self.to, "--step", "2h"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("a pass every 2h, 1 pass") == true, "\(text.stdout)")
        let points = try #require(lines.dropFirst().first?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        #expect(lines[1].contains(" \(points) point\(points == 1 ? "" : "s") from "), "\(text.stdout)")
    }

    /// The count after a coin's points is every request the backtest made for it: here its span and,
    /// for btc-ath's all-time high, the days before the start.
    @Test func theReportCountsEveryRequestMadeForTheCoin() throws {
        let run = try run(["--from", Self.from, "--to", Self.to])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(historyRequests == 2, "the span and the days before it")
        #expect(run.stdout.split(separator: "\n").dropFirst().first?.hasSuffix(" (\(historyRequests) requests)") == true, "\(run.stdout)")
    }

    @Test func theTextReportHasARowPerRuleATimelineAndForOneRuleTheChartWithTheFiresMarked() throws {
        let run = try run(["--from", Self.from, "--to", Self.to, "--rule", "btc-56k"], columns: 90)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "backtest 2021-04-16T00:00:00Z to 2021-05-15T00:00:00Z (4w1d), a pass every 1h, 697 passes")
        let header = try #require(lines.firstIndex { $0.hasPrefix("RULE") })
        #expect(lines[header].contains("FIRED") && lines[header].contains("LONGEST QUIET"))
        let crossings = try Self.bruteForceCrossings()
        #expect(lines[header + 1].hasPrefix("btc-56k") && lines[header + 1].contains(" \(crossings) "))
        let strip = lines[header + 2]
        #expect(strip.count == 90 && strip.contains("|") && strip.contains("·"), "a terminal-wide strip: \(strip)")
        #expect(!lines.contains { $0.hasPrefix("btc-low") }, "--rule replays only that rule")
        #expect(lines.contains("btc-56k on bitcoin: price with the fires marked ▲"))
        #expect(lines.contains { $0.contains("▲") && !$0.contains("marked") })
    }

    /// docs/backtest.md's "The report": its rules and its two `$ coinwatch backtest …` blocks, run in
    /// order against the capture at 80 columns, print exactly what the page shows (the chart was once
    /// edited by hand). `make docs-charts` (COINWATCH_WRITE_DOCS=1) writes the real output into the page.
    @Test func theGuidesReportAndChartAreTheBinarysOwnOutput() throws {
        let path = Fixtures.root + "/docs/backtest.md"
        var guide = try String(contentsOfFile: path, encoding: .utf8)
        let section = try #require(guide.range(of: "## The report"))
        let end = try #require(guide.range(of: "## Calming a noisy rule", range: section.upperBound..<guide.endIndex))
        let text = String(guide[section.upperBound..<end.lowerBound])
        let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let rules = try #require(blocks.first { $0.hasPrefix("json\n") }?.dropFirst("json\n".count))
        try dir.write("rules.json", #"{"providers": [{"name": "coingecko", "base_url": "\#(server.baseURL)/api/v3"}], "#
                      + String(rules.drop { $0 != "\"" }))
        var rewritten = text
        let commands = blocks.filter { $0.hasPrefix("\n$ coinwatch backtest ") }
        #expect(commands.count == 2, "the report and the chart")
        for block in commands {
            let command = String(block.dropFirst().prefix { $0 != "\n" })
            let run = try run(command.dropFirst("$ coinwatch backtest ".count).split(separator: " ").map(String.init), columns: 80)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(command): \(run.stderr)")
            let shown = "\n" + command + "\n" + run.stdout
            #expect(block == shown, "docs/backtest.md shows other output than `\(command)` prints; `make docs-charts` rewrites it")
            rewritten = rewritten.replacingOccurrences(of: "```" + block + "```", with: "```" + shown + "```")
        }
        if ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1" {
            guide.replaceSubrange(section.upperBound..<end.lowerBound, with: rewritten)
            try guide.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test func aNoisyRuleGetsTheSmallestCooldownThatBringsItToFourADay() throws {
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3"}], "favorites": ["bitcoin"], "interval": "1h",
         "rules": [{"id": "noisy", "coin": "bitcoin", "when": {"above": 1}, "repeat_every": "1h"}]}
        """)
        let run = try run(["--from", Self.from, "--to", Self.to])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Rules firing more than 4 times a day:"))
        #expect(run.stdout.contains("noisy: 24.03 a day; try \"cooldown\": \"12h\" (2.03 a day)"), "\(run.stdout)")
    }

    @Test func badBacktestOptionsAreUsageErrors() throws {
        let days = try run(["--days", "0"])
        #expect(days.status == 64 && days.stderr == "Error: '--days 0' must be a whole number from 1 to 3650.\n")
        let both = try run(["--days", "3", "--from", Self.from])
        #expect(both.status == 64 && both.stderr.contains("give one"))
        let rule = try run(["--rule", "btc-56"])
        #expect(rule.status == 64 && rule.stderr.contains("No rule 'btc-56'") && rule.stderr.contains("Did you mean 'btc-56k'?"), "\(rule.stderr)")
        let time = try run(["--from", "yesterday"])
        #expect(time.status == 64 && time.stderr.contains("'--from yesterday' is not a valid time"))
        #expect(historyRequests == 0)
    }

    /// A backtest against a CoinGecko that answers no history, with `rules.json` pointing at it.
    private func backtestWithoutHistory(terminal: Bool) throws -> (stdout: String, stderr: String, status: Int) {
        let empty = try LoopbackServer { _ in Reply.json(#"{"prices":[],"market_caps":[],"total_volumes":[]}"#) }
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(empty.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"],
         "rules": [{"id": "btc-56k", "coin": "bitcoin", "when": {"crosses": 56000}}]}
        """)
        let args = ["backtest", "--days", "30", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        let environment = ["COINWATCH_CACHE": dir.path + "/cache"]
        guard terminal else {
            let run = try Binary.run(args, environment: environment)
            return (run.stdout, run.stderr, Int(run.status))
        }
        let session = try PseudoTerminal.run(args, answers: [], environment: environment, in: dir)
        return (session.screen, session.screen, session.status)
    }

    /// No history for a coin: the advice names backtest's own options (it named show's --vs and --range,
    /// which backtest refuses).
    @Test func noHistoryAdvisesBacktestsOwnOptions() throws {
        let run = try backtestWithoutHistory(terminal: false)
        #expect(run.status == 1)
        #expect(run.stderr == """
            coinwatch: coingecko answered no history for bitcoin in usd (30d); check the coin and rules.json's vs_currency, \
            or replay another span (--days, --from, --to); the rules of bitcoin are not backtested
            coinwatch: no history to replay; nothing was backtested

            """, "\(run.stderr)")
    }

    /// On a terminal a line on stderr while the progress bar is drawn is written over the bar from the line's
    /// start (it was written after the bar, `] 0/1 requestcoinwatch: …`).
    @Test func aLineOnStderrIsWrittenOverTheProgressBar() throws {
        let run = try backtestWithoutHistory(terminal: true)
        #expect(run.status == 1, "\(run.stdout)")
        let screen = run.stdout
        #expect(screen.contains("\r[") && screen.contains("coinwatch: coingecko answered no history"), "\(screen.debugDescription)")
        var rest = screen[...]
        while let found = rest.range(of: "coinwatch: ") {
            let before = screen[..<found.lowerBound]
            #expect(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix("\r"), "\(screen.debugDescription)")
            rest = screen[found.upperBound...]
        }
    }
}
