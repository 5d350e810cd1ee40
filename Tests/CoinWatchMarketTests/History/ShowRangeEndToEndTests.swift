@testable import CoinWatchSupport
@testable import CoinWatchMarket
import Foundation
import Glibc
import Synchronization
import Testing
@testable import TestHelpers

/// `show --range` through the binary against a loopback CoinGecko replaying the real captures:
/// the chart, the store under `$COINWATCH_CACHE`, no second request for closed data, and a store
/// that survives concurrent commands and SIGKILL (SPEC §7).
@Suite(.serialized) struct ShowRangeEndToEndTests {
    let server: LoopbackServer
    let dir: TempDir

    init() throws {
        server = try HistoryCaptures.replayServer()
        dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
    }

    var environment: [String: String] { ["COINWATCH_CACHE": dir.path + "/cache", "COINWATCH_LOCK_TIMEOUT": "20"] }

    private func run(_ args: [String], columns: Int? = nil) throws -> Binary.Run {
        var env = environment
        if let columns { env["COLUMNS"] = String(columns) }
        return try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"], environment: env)
    }

    private var historyRequests: [RecordedRequest] { server.requests.filter { $0.path.hasSuffix("/market_chart") } }

    @Test func showRangeDrawsTheCardThenAChartAsWideAsTheTerminal() throws {
        let run = try run(["show", "bitcoin", "--range", "30d"], columns: 100)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex(of: "30d chart  -21.10%"))
        #expect(lines[0] == "Bitcoin (BTC)  ·  bitcoin on coingecko", "the card comes first")
        let chart = Array(lines[(heading + 1)...(heading + 12)])
        #expect(chart[0].hasSuffix(" $63,604.38") && chart[11].hasSuffix(" $47,409.78"), "high at the top, low at the bottom")
        #expect(chart.contains { $0.hasSuffix(" $49,424.28") }, "the last price on its row")
        #expect(chart.allSatisfy { TextCell.width($0) <= 100 } && chart.contains { TextCell.width($0) == 100 })
        #expect(lines[heading + 13].contains("Apr 22") && lines[heading + 13].contains("May 13"), "days along the bottom")
        #expect(!run.stdout.contains("\u{1B}["), "plain when not a terminal")
        #expect(historyRequests.map(\.target) == ["/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=30"])
        #expect(FileManager.default.fileExists(atPath: dir.path + "/cache/history.sqlite"))
        #expect(!(dir.read("state.json") ?? "").contains("1618499053863"), "history is never in state.json")
    }

    /// `show COIN` with no `--range`: the card, then the 7-day chart, compared whole with
    /// `Fixtures/golden/charts/bitcoin-show-default-80.txt` (`RECORD_GOLDEN=1` rewrites it).
    @Test func showWithoutRangeDrawsTheCardThenTheSevenDayChart() throws {
        let run = try run(["show", "bitcoin"], columns: 80)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let path = Fixtures.url("golden/charts/bitcoin-show-default-80.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(run.stdout == (try String(contentsOfFile: path, encoding: .utf8)))
        #expect(run.stdout.hasPrefix("Bitcoin (BTC)  ·  bitcoin on coingecko\n"), "the card comes first")
        #expect(run.stdout.contains("\n7d chart  "), "then the 7-day chart")
        #expect(historyRequests.map(\.target) == ["/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=7"])
        let named = try self.run(["show", "bitcoin", "--range", "7d"], columns: 80)
        #expect(named.stdout == run.stdout, "the default is exactly --range 7d")
    }

    @Test func aDefaultChartThatCannotBeHadWarnsAndStillShowsTheCard() throws {
        let failing = try LoopbackServer { request in
            request.path.hasSuffix("/coins/markets")
                ? ((try? Fixtures.bytes("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound)
                : .notFound
        }
        try dir.write("failing.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(failing.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
        let args = ["--rules", dir.path + "/failing.json", "--state", dir.path + "/state.json"]
        let run = try Binary.run(["show", "bitcoin"] + args, environment: environment)
        #expect(run.status == 0, "the card was shown")
        #expect(run.stdout.hasPrefix("Bitcoin (BTC)") && !run.stdout.contains("7d chart"))
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: ") && lines[0].hasSuffix("; the card is shown without its 7d chart"),
                "\(run.stderr)")
        let named = try Binary.run(["show", "bitcoin", "--range", "7d"] + args, environment: environment)
        #expect(named.status == 1, "a range asked for by name that cannot be drawn fails the command")
        #expect(!named.stderr.contains("warning"), "\(named.stderr)")
    }

    @Test func aSecondShowOfTheSameRangeMakesNoRequestForClosedData() throws {
        let first = try run(["show", "bitcoin", "--range", "30d", "-v"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("coinwatch: history coingecko bitcoin usd p1h 30d: 0 from the store, 722 from the network (1 requests)"), "\(first.stderr)")
        let second = try run(["show", "bitcoin", "--range", "30d", "-v"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(historyRequests.count == 1, "the second show asks the loopback server for no history")
        #expect(second.stderr.contains("722 from the store, 0 from the network (0 requests)"), "\(second.stderr)")
        let chartOf = { (run: Binary.Run) in run.stdout.components(separatedBy: "30d chart").last ?? "" }
        #expect(chartOf(first) == chartOf(second), "the same chart from the store")
    }

    @Test func stateShowReportsTheStoreSize() throws {
        #expect(try run(["show", "bitcoin", "--range", "30d"]).status == 0)
        let show = try Binary.run(["state", "show", "--state", dir.path + "/state.json"], environment: environment)
        let line = try #require(show.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("history store \(dir.path)/cache/history.sqlite: 0.") && line.hasSuffix(" MB, 1 series"), "\(line)")
        let json = try Binary.run(["state", "show", "--json", "--state", dir.path + "/state.json"], environment: environment)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let store = try #require(doc["history_store"] as? [String: Any])
        #expect((store["bytes"] as? Int ?? 0) > 10_000 && store["series"] as? Int == 1)
    }

    /// A store damaged where SQLite does not look (the candles' bytes: a price of NaN, another infinite) draws the
    /// chart without those points: `--json` gave `[ms, null]` and the heading `30d chart  +nan%`.
    @Test func storedPricesThatAreNotNumbersAreLeftOut() throws {
        #expect(try run(["show", "bitcoin", "--range", "30d"]).status == 0)
        let db = try SQLiteConnection(path: dir.path + "/cache/history.sqlite", busyTimeout: 5)
        let chunks = try db.with("SELECT series, start, data FROM chunks") { (select) throws(SQLiteError) in
            var out: [(series: Int64, start: Int64, data: [UInt8])] = []
            while try select.step() { out.append((select.int(0), select.int(1), select.withBlob(2) { Array($0) })) }
            return out
        }
        #expect(!chunks.isEmpty)
        for chunk in chunks {
            var data = chunk.data
            // The first candle's close (bytes 32..<40) NaN, the second's open (bytes 56..<64) infinite.
            for (offset, value) in [(32, Double.nan), (56, Double.infinity)] where offset + 8 <= data.count {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { data.replaceSubrange(offset..<(offset + 8), with: $0) }
            }
            try db.run("UPDATE chunks SET data = ?1 WHERE series = ?2 AND start = ?3", [data, chunk.series, chunk.start])
        }
        db.close()
        let text = try run(["show", "bitcoin", "--range", "30d"])
        #expect(text.status == 0, "\(text.stderr)")
        let heading = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("30d chart") })
        #expect(!heading.lowercased().contains("nan"), "\(heading)")
        let json = try run(["show", "bitcoin", "--range", "30d", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let points = try #require((doc["chart"] as? [String: Any])?["points"] as? [Any])
        #expect(points.count > 600 && points.allSatisfy { ($0 as? [Double])?.count == 2 }, "no [ms, null]: \(points.prefix(3))")
    }

    @Test func showJSONAddsThePointsSortedWithDuplicatesDropped() throws {
        let run = try run(["show", "bitcoin", "--range", "1d", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let chart = try #require(doc["chart"] as? [String: Any])
        #expect(chart["range"] as? String == "1d")
        let points = try #require(chart["points"] as? [[Double]])
        #expect(points.count == 288)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0[0] < $1[0] }, "the capture's two backward timestamps come out sorted")
        #expect(points.last == [1_621_089_594_955, 49078.83040364477])
        #expect(doc["price"] as? Double == 49053, "the card is still there")
        #expect(historyRequests.first?.queryItem("days") == "1")
    }

    @Test func aCorruptStoreIsMovedAsideWithOneWarningAndTheChartStillDrawn() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        try dir.write("cache/history.sqlite", String(repeating: "not a database ", count: 300))
        let run = try run(["show", "bitcoin", "--range", "30d"])
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("coinwatch: warning: history store \(dir.path)/cache/history.sqlite was not usable"),
                "\(run.stderr)")
        #expect(run.stdout.contains("30d chart  -21.10%"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/cache").filter { $0.contains(".corrupt-") }
        #expect(aside.count == 1)
        let again = try self.run(["show", "bitcoin", "--range", "30d"])
        #expect(again.stderr.isEmpty && historyRequests.count == 1, "the rebuilt store serves the second chart")
    }

    /// Issue 30 item 15: a store whose header is good but whose pages are damaged is moved aside once
    /// (under a new name) and rebuilt; the next command finds a sound store, with no warning.
    @Test func aStoreWithAGoodHeaderButDamagedPagesIsMovedAsideOnceAndRebuilt() throws {
        #expect(try run(["show", "bitcoin", "--range", "30d"]).status == 0)
        let path = dir.path + "/cache/history.sqlite"
        var bytes = try #require(FileManager.default.contents(atPath: path))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        #expect(bytes.count > pageSize * 2, "a store of several pages")
        for index in pageSize..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 151) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let damaged = try run(["show", "bitcoin", "--range", "30d"])
        #expect(damaged.status == 0, "\(damaged.stderr)")
        #expect(damaged.stdout.contains("30d chart  -21.10%"))
        #expect(damaged.stderr.contains("moved it to \(path).corrupt-"), "\(damaged.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/cache").filter { $0.contains(".corrupt-") }
        #expect(aside.count == 1, "\(aside)")
        let requests = historyRequests.count
        let again = try run(["show", "bitcoin", "--range", "30d"])
        #expect(again.status == 0 && again.stderr.isEmpty, "the rebuilt store is sound: \(again.stderr)")
        #expect(historyRequests.count == requests, "and serves the chart")
    }

    /// Issue 30 item 16: a store path that is a symbolic link is refused (never followed), so another
    /// program's file is never turned into coinwatch's database; the chart is still drawn.
    @Test func aSymlinkedStoreIsRefusedAndItsTargetLeftUntouched() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        let target = try dir.write("other-program.db", "")
        #expect(symlink(target, dir.path + "/cache/history.sqlite") == 0)
        let run = try run(["show", "bitcoin", "--range", "30d"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("30d chart  -21.10%"))
        #expect(run.stderr.contains("history.sqlite is a symbolic link, which coinwatch never opens"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target)?.isEmpty == true, "the link's target is left as it was")
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
    }

    /// Issue 30 item 12: a store path that is a FIFO is refused at once, never waited on.
    @Test func aStoreThatIsAFIFOIsRefusedAtOnceNotWaitedOn() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        #expect(mkfifo(dir.path + "/cache/history.sqlite", 0o600) == 0)
        let run = try Binary.run(["show", "bitcoin", "--range", "30d", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: environment, timeout: 15)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("history.sqlite is a FIFO, which coinwatch never opens"), "\(run.stderr)")
    }

    @Test func aCacheFolderThatCannotBeMadeStillDrawsTheChart() throws {
        try dir.write("file", "a file, not a folder")
        var env = environment
        env["COINWATCH_CACHE"] = dir.path + "/file/cache"
        let run = try Binary.run(["show", "bitcoin", "--range", "7d", "--rules", dir.path + "/rules.json",
                                  "--state", dir.path + "/state.json"], environment: env)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("coinwatch: warning: history store \(dir.path)/file/cache/history.sqlite: ") && run.stderr.hasSuffix("going on without it\n"),
                "\(run.stderr)")
        #expect(run.stdout.contains("7d chart"))
    }

    @Test func theChartIsColoredByDirectionWithColorAlways() throws {
        let run = try run(["show", "bitcoin", "--range", "30d", "--color", "always"])
        let red = run.stdout.split(separator: "\n").filter { line in
            line.hasPrefix("\u{1B}[31m") && line.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
        }
        #expect(red.count == 12, "every row of a fall over the range is red")
    }

    @Test func anUnknownRangeIsAUsageErrorWithASuggestion() throws {
        let run = try run(["show", "bitcoin", "--range", "7"])
        #expect(run.status == 64)
        #expect(run.stderr == "Error: '--range 7' is not a chart range. Did you mean '7d'? Use one of 1d, 7d, 30d, 90d, 1y, max.\n")
        #expect(server.requests.isEmpty)
    }

    @Test func severalCommandsWritingTheStoreAtOnceLoseNothing() throws {
        let ranges = ["1d", "30d", "max", "1d", "30d", "max", "1d", "30d", "max"]
        let runs = Mutex<[Binary.Run]>([])
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            if let run = try? self.run(["show", "bitcoin", "--range", ranges[index]]) { runs.withLock { $0.append(run) } }
        }
        let finished = runs.withLock { $0 }
        #expect(finished.count == ranges.count)
        #expect(finished.allSatisfy { $0.status == 0 && !$0.stderr.contains("warning") }, "\(finished.map(\.stderr))")
        let store = try HistoryStore(path: dir.path + "/cache/history.sqlite")
        #expect(try store.check() == "ok")
        let gecko = HistoryCaptures.gecko
        for (timeframe, days) in [(Timeframe.m5, ["1"]), (.h1, ["30"]), (.d1, ["max"])] {
            let key = SeriesKey(provider: "coingecko", coin: "bitcoin", currency: "usd", timeframe: timeframe, points: true)
            let times = try days.flatMap { try gecko.decodeHistory(try HistoryCaptures.capture(HistoryCaptures.chart(days: $0)), timeframe: timeframe) }
                .map(\.openTime)
            #expect(try store.candles(key, from: .min, to: .max).map(\.openTime) == Set(times).sorted(), "\(timeframe): every point of every answer, once")
        }
    }

    /// The size of the file at `path`, 0 when there is none.
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Kills are aimed at moments of the command's own progress, never at a time: as its history
    /// request is answered, once its write to the store has begun (the write-ahead log grew after
    /// the request), and once it draws the chart (the write is done). Each attempt has a store of
    /// its own, filled by nothing but the killed command (a complete store would make the next one
    /// ask for nothing).
    @Test func aCommandKilledAtAnyMomentLeavesAConsistentStore() throws {
        let key = SeriesKey(provider: "coingecko", coin: "bitcoin", currency: "usd", timeframe: .d1, points: true)
        let moments = ["as the answer goes out", "once the write began", "once the chart is drawn"]
        for attempt in 0..<12 {
            let asked = historyRequests.count
            let cache = dir.path + "/cache-\(attempt)", path = cache + "/history.sqlite"
            let child = try RunningBinary(["show", "bitcoin", "--range", "max", "--rules", dir.path + "/rules.json",
                                           "--state", dir.path + "/state-\(attempt).json"],
                                          environment: environment.merging(["COINWATCH_CACHE": cache]) { $1 })
            try #require(Eventually.wait(timeout: 10) { self.historyRequests.count > asked })
            let logAtRequest = Self.size(path + "-wal")
            let moment = attempt % moments.count
            let reached = Eventually.wait(timeout: 10) {
                switch moment {
                case 0: return true
                case 1: return Self.size(path + "-wal") > logAtRequest || !child.isRunning
                default: return !child.stdout.isEmpty || !child.isRunning
                }
            }
            #expect(reached, "attempt \(attempt): \(moments[moment]) never came")
            child.send(SIGKILL)
            #expect(child.waitForEnd(timeout: 10), "attempt \(attempt): the killed show ended")
            let store = try HistoryStore(path: path)
            #expect(try store.check() == "ok", "after a kill \(moments[moment])")
            let stored = try store.candles(key, from: .min, to: .max).count
            let known = try store.complete(key).spans.isEmpty
            #expect(stored == 0 ? known : stored == 1157, "either nothing or the whole answer, with its span: \(stored)")
        }
        let after = try run(["show", "bitcoin", "--range", "max"])
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
    }
}

/// A range beyond what the plan allows (issue 15, bad input): CoinGecko's keyless and demo
/// plans refuse history older than 365 days with the real `error_code` 10012 body.
@Suite struct ShowPlanLimitEndToEndTests {
    @Test func coinGeckosThreeHundredSixtyFiveDayLimitIsOneLineSayingWhatToDoAndStoresNothing() throws {
        let server = try LoopbackServer { request in
            if request.path.hasSuffix("/coins/markets") {
                return ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json")
            }
            if request.path.hasSuffix("/market_chart") {
                return ReplayServer.capture("real/history/error-401_coingecko-market-chart_days-max_error-10012_2024-03-30.json", status: 401)
            }
            return .notFound
        }
        let dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
        let run = try Binary.run(["show", "bitcoin", "--range", "max", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 1, "a range asked for by name that cannot be drawn fails the command")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("coingecko") == true && lines.first?.contains("use --range 1y or shorter, or a paid key") == true,
                "\(run.stderr)")
        let store = try HistoryStore(path: dir.path + "/cache/history.sqlite")
        #expect(try store.candles(SeriesKey(provider: "coingecko", coin: "bitcoin", currency: "usd", timeframe: .d1, points: true),
                                  from: .min, to: .max).isEmpty)
    }
}
