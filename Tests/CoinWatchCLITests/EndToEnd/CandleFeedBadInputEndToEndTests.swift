@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// Bad history input in an alert pass (issue 15, bad input; SPEC §7): a damaged candle answer, an
/// empty one, a store that is not SQLite and one locked past its timeout never fail the pass,
/// each is one stderr line naming the provider or the store, and nothing wrong is stored. Through
/// the binary against a loopback Binance replaying the real ETHUSDT 1h klines capture.
@Suite(.serialized) struct CandleFeedBadInputEndToEndTests {
    let dir: TempDir
    let klines: String

    init() throws {
        dir = try TempDir()
        klines = try IndicatorEndToEndTests.replayedKlines(now: Date().timeIntervalSince1970)
    }

    static let rules = #"{"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 1, "tf": "1h"}}}"#

    private func pass(_ api: ReplayServer) throws -> Binary.Run {
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"], rules: Self.rules))
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: ["COINWATCH_CACHE": dir.path + "/cache"])
    }

    private func server(_ klines: @escaping @Sendable () -> Reply) throws -> ReplayServer {
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in klines() }
        return try ReplayServer(routes)
    }

    private var storedSeries: Int {
        get throws { try HistoryStore(path: dir.path + "/cache/history.sqlite").seriesCount() }
    }

    @Test func aTruncatedCandleAnswerIsOneLineNamingTheProviderAndStoresNothing() throws {
        let cut = String(klines.prefix(klines.count * 2 / 3))
        let api = try server { Reply.json(cut) }
        let run = try pass(api)
        #expect(run.status == 0, "the quote was fine: the pass does not fail \(run.stderr)")
        #expect(run.stdout.isEmpty, "no candles, no RSI: the rule is in warm-up")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        // An outage of the provider's candles, said at its edges (SPEC §6).
        #expect(lines.first?.hasPrefix("coinwatch: binance: failing since ") == true
                && lines.first?.contains(" UTC: unexpected response: ") == true, "\(run.stderr)")
        #expect(lines.first?.contains("not valid JSON") == true, "\(run.stderr)")
        #expect(try storedSeries == 0, "nothing of a damaged answer is stored")
    }

    @Test func aNonNumericRowStoresNothingOfTheAnswer() throws {
        var rows = try #require(try JSONSerialization.jsonObject(with: Data(klines.utf8)) as? [[Any]])
        rows[3][4] = "x"
        let bad = String(decoding: try JSONSerialization.data(withJSONObject: rows), as: UTF8.self)
        let api = try server { Reply.json(bad) }
        let run = try pass(api)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("coinwatch: binance: failing since ") && run.stderr.contains(" UTC: unexpected response: [3][4]: expected a number"), "\(run.stderr)")
        #expect(try storedSeries == 0)
    }

    @Test func anEmptyCandleAnswerLeavesTheRuleInWarmUpAndMarksNothingComplete() throws {
        let api = try server { Reply.json("[]") }
        #expect(try pass(api).status == 0)
        #expect(try pass(api).status == 0)
        #expect(api.requests("/api/v3/klines").count == 2, "an empty answer is not taken as a complete span: the next pass asks again")
    }

    @Test func aStoreThatIsNotSQLiteNeverFailsAnAlertPass() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        try dir.write("cache/history.sqlite", String(repeating: "not a database ", count: 300))
        let klines = self.klines
        let api = try server { Reply.json(klines) }
        let run = try pass(api)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""rule":"rsi""#), "the rule fires from the rebuilt store: \(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("history store \(dir.path)/cache/history.sqlite was not usable"), "\(run.stderr)")
    }

    @Test func aStoreLockedPastItsTimeoutNeverFailsAnAlertPass() throws {
        let path = dir.path + "/cache/history.sqlite"
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        _ = try HistoryStore(path: path)
        let holder = try SQLiteConnection(path: path, busyTimeout: 0)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }
        let klines = self.klines
        let api = try server { Reply.json(klines) }
        let run = try pass(api)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""rule":"rsi""#), "the candles come from the provider instead: \(run.stdout)")
        #expect(run.stderr.contains("locked"), "\(run.stderr)")
        #expect(!run.stderr.contains("fatal"), "\(run.stderr)")
    }
}
