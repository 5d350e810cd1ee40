import Foundation
import Synchronization
import Testing
@testable import TestHelpers

/// Indicator rules through the built binary against a loopback Binance that serves the real
/// ETHUSDT 1h klines capture (240 candles), replayed at the present: every open and close time is
/// moved by the same whole number of hours so that its last candle is the one that closed last.
@Suite(.serialized) struct IndicatorEndToEndTests {
    static let capture = "real/history/binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json"

    /// The capture with its times moved so its newest candle closed within the last hour before `now`.
    static func replayedKlines(now: Double) throws -> String {
        let hour: Int64 = 3_600_000
        return try ReplayedHistory.moved(capture, fields: [0, 6]) { rows in
            Int64(now * 1000) / hour * hour - hour - (try ReplayedHistory.time(rows, rows.count - 1))
        }
    }

    let dir: TempDir
    let api: ReplayServer

    init() throws {
        dir = try TempDir()
        let klines = try Self.replayedKlines(now: Date().timeIntervalSince1970)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in Reply.json(klines) }
        api = try ReplayServer(routes)
    }

    private func pass(_ rules: String) throws -> Binary.Run {
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"], rules: rules))
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: ["COINWATCH_CACHE": dir.path + "/cache"])
    }

    private static func golden(_ name: String) throws -> Double {
        let series = try #require(IndicatorGolden.golden.first { $0.provider == "binance" })
        return try #require(series.values[name]?.last ?? nil)
    }

    @Test func rsiAndMovingAverageRulesFireOnTheClosedCandlesWithTALibsValues() throws {
        let run = try pass("""
            {"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 1, "tf": "1h"}}},
            {"id": "ma", "coin": "ETH", "when": {"price_below_ma": {"period": 50, "tf": "1h"}}},
            {"id": "band", "coin": "ETH", "when": {"bollinger_below": {"period": 20, "k": 2, "tf": "1h"}}}
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let byRule = ReplayedHistory.byRule(run.stdout)
        let rsi = try #require((byRule["rsi"]?["value"] as? NSNumber)?.doubleValue, "\(run.stdout)")
        #expect(abs(rsi - (try Self.golden("rsi14"))) <= 1e-9 * 100)
        let sma = try #require((byRule["ma"]?["value"] as? NSNumber)?.doubleValue)
        #expect(abs(sma - (try Self.golden("sma50"))) / sma <= 1e-9)
        let lower = try #require((byRule["band"]?["value"] as? NSNumber)?.doubleValue)
        #expect(abs(lower - (try Self.golden("bb20_lower"))) / lower <= 1e-9)
        let message = try #require(byRule["rsi"]?["message"] as? String)
        #expect(message.hasPrefix("ETH RSI(14, 1h) is at or above 1 — now "), "\(message)")
        #expect(message.contains("; price "), "\(message)")
        #expect(api.requests("/api/v3/klines").count == 1, "one series, one request")
    }

    @Test func aSecondPassWithinTheSameCandleAsksForNoCandleAndAnUnwatchedCoinForNone() throws {
        let rules = #"{"id": "rsi", "coin": "ETH", "when": {"rsi_crosses_above": {"value": 99, "tf": "1h"}}}"#
        #expect(try pass(rules).status == 0)
        #expect(try pass(rules).status == 0)
        #expect(api.requests("/api/v3/klines").count == 1, "the closed candles are in the store; none closed since")
        try? FileManager.default.removeItem(atPath: dir.path + "/cache")
        #expect(try pass(#"{"id": "plain", "coin": "ETH", "when": {"above": 1}}"#).status == 0)
        #expect(api.requests("/api/v3/klines").count == 1, "no indicator rule: no history request")
    }

    @Test func aRuleWithItsOwnVsAndProviderReadsTheCandlesOfThatFeed() throws {
        // vs_currency krw through Upbit; the rule asks Binance in usdt: its readings are keyed by
        // that feed (ETH|usdt|binance), not by the favorite's own quote.
        let upbit = try Replays.upbit()
        _ = try dir.write("rules.json", ProviderRules.make([("upbit", upbit.baseURL), ("binance", api.baseURL)], vs: "krw", favorites: ["ETH"],
                                                       rules: #"{"id": "rsi", "coin": "ETH", "provider": "binance", "vs": "usdt", "when": {"rsi_above": {"value": 1, "tf": "1h"}}}"#))
        let run = try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(ReplayedHistory.byRule(run.stdout)["rsi"], "\(run.stdout)\n\(run.stderr)")
        let rsi = try #require((record["value"] as? NSNumber)?.doubleValue)
        #expect(abs(rsi - (try Self.golden("rsi14"))) <= 1e-9 * 100)
        #expect(record["vs"] as? String == "usdt" && record["provider"] as? String == "binance")
        // The price in the currency Binance quoted, not vs_currency's and never `$` (SPEC §3), and its market's page (§4).
        let message = try #require(record["message"] as? String)
        #expect(message.contains("; price USDT ") && !message.contains("$") && !message.contains("₩"), "\(message)")
        #expect(record["url"] as? String == "https://www.binance.com/en/trade/ETH_USDT?type=spot", "\(record)")
        #expect(api.requests("/api/v3/klines").first?.queryItem("symbol") == "ETHUSDT")
        #expect(upbit.requests.allSatisfy { !$0.path.contains("candles") }, "the favorite's own feed is not asked for candles")
    }

    /// Candles that cannot be read (klines answer 502 while the quotes answer) are an outage of the provider, said at
    /// its edges (SPEC §6): one line when it starts, none on the passes while it lasts (it was a warning every
    /// pass, so cron mailed every minute), one when they are read again.
    @Test func candlesThatCannotBeReadAreAnOutageSaidAtItsEdges() throws {
        let failing = Mutex(true)
        let klines = try Self.replayedKlines(now: Date().timeIntervalSince1970)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in failing.withLock { $0 } ? Reply.json("bad gateway", status: 502) : Reply.json(klines) }
        let down = try ReplayServer(routes)
        _ = try dir.write("rules.json", ProviderRules.make([("binance", down.baseURL)], vs: "usdt", favorites: ["ETH"],
                                                       rules: #"{"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 1, "tf": "1h"}}}"#))
        let pass = {
            try Binary.run(["--once", "--json", "--rules", self.dir.path + "/rules.json", "--state", self.dir.path + "/state.json"],
                           environment: ["COINWATCH_CACHE": self.dir.path + "/cache"])
        }
        let first = try pass()
        #expect(first.status == 0 && first.stderr.hasPrefix("coinwatch: binance: failing since ") && first.stderr.hasSuffix(": HTTP 502: bad gateway\n")
                && first.stderr.split(separator: "\n").count == 1, "\(first.stderr)")
        for _ in 0..<2 {
            let during = try pass()
            #expect(during.status == 0 && during.stderr.isEmpty, "\(during.stderr)")
        }
        #expect(down.requests("/api/v3/klines").count == 3, "still asked every pass")
        failing.withLock { $0 = false }
        let back = try pass()
        // The passes ran seconds apart: "recovered after 2s" (OutageEndToEndTests prices the duration).
        #expect(back.stderr.hasPrefix("coinwatch: binance: recovered after ") && back.stderr.hasSuffix("s\n")
                && back.stderr.split(separator: "\n").count == 1 && ReplayedHistory.byRule(back.stdout)["rsi"] != nil,
                "\(back.stdout) \(back.stderr)")
    }

    @Test func checkSaysHowManyCandlesAndRequestsAnIndicatorRuleNeeds() throws {
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"],
                                                       rules: #"{"id": "rsi", "coin": "ETH", "when": {"rsi_crosses_above": {"value": 70, "tf": "1h"}}}"#))
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("16 closed 1h candles"), "\(run.stdout)")
        #expect(run.stdout.contains("1 history request per coin when a 1h candle closes"), "\(run.stdout)")
    }

    @Test func aBadTimeframeIsOneErrorNamingTheFileLineAndPath() throws {
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"],
                                                       rules: #"{"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 70, "tf": "2h"}}}"#))
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[0].when.rsi_above.tf"), "\(run.stderr)")
        #expect(run.stderr.contains("unknown timeframe"), "\(run.stderr)")
    }
}
