import Foundation
import Testing
@testable import TestHelpers

/// Charts agree with their source (SPEC §7, issue 32 item 12), through the binary against loopback
/// providers that replay real captures re-timed to end now: the points are the provider's, sorted,
/// duplicates dropped, the same fresh or from the store; a Binance chart draws only closed candles.
@Suite struct ChartAgreesWithSourceEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    private static var nowMs: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// `show COIN --range 1d --json` with these rules; the chart's points.
    private func points(_ args: [String], rules: String) throws -> [[Double]] {
        try dir.write("rules.json", rules)
        let run = try Binary.run(["show"] + args + ["--range", "1d", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (doc?["chart"] as? [String: Any])?["points"] as? [[Double]] ?? []
    }

    /// CoinGecko's 5-minute market_chart capture, moved in time so that its newest point (the
    /// provider's "now" point) is 30 s old.
    private static func geckoChartEndingNow() throws -> [UInt8] {
        let capture = try HistoryCaptures.capture("coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-15.json")
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(capture)) as? [String: [[Double]]])
        let newest = try #require(doc["prices"]?.map { $0[0] }.max())
        let shift = Double(nowMs - 30_000) - newest
        for key in doc.keys { doc[key] = doc[key]?.map { [$0[0] + shift, $0[1]] } }
        return Array(try JSONSerialization.data(withJSONObject: doc))
    }

    @Test func aChartFromTheStoreHasEveryPointTheFreshOneHad() throws {
        let body = try Self.geckoChartEndingNow()
        let gecko = try ReplayServer([
            "/api/v3/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") },
            "/api/v3/coins/bitcoin/market_chart": { _ in Reply.bytes(body, contentType: "application/json") },
        ])
        let rules = #"{"providers": [{"name": "coingecko", "base_url": "\#(gecko.baseURL)/api/v3"}], "favorites": ["bitcoin"]}"#
        let fresh = try points(["bitcoin"], rules: rules)
        let cached = try points(["bitcoin"], rules: rules)
        #expect(gecko.requests("/api/v3/coins/bitcoin/market_chart").count == 1, "the second chart comes from the store")
        #expect(fresh.count == 288, "the capture's 288 distinct points, its newest ('now') one included")
        #expect(cached == fresh, "from the store: \(cached.count) points against \(fresh.count) fresh")
    }

    /// The ETHUSDT 1h klines capture laid out as 5-minute candles, the newest one still forming.
    private static func klinesEndingWithAFormingCandle(now: Int64) throws -> (body: [UInt8], candles: [[Any]]) {
        let capture = try HistoryCaptures.capture("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(capture)) as? [[Any]])
        let forming = now / 300_000 * 300_000
        let candles = rows.enumerated().map { index, row -> [Any] in
            let open = forming - Int64(rows.count - 1 - index) * 300_000
            return [open] + Array(row[1...5]) + [open + 299_999] + Array(row[7...])
        }
        return (Array(try JSONSerialization.data(withJSONObject: candles)), candles)
    }

    @Test func aBinanceChartDrawsOnlyClosedCandlesFreshOrFromTheStore() throws {
        let start = Self.nowMs
        let (body, candles) = try Self.klinesEndingWithAFormingCandle(now: start)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in Reply.bytes(body, contentType: "application/json") }
        let binance = try ReplayServer(routes)
        let rules = #"{"providers": [{"name": "binance", "base_url": "\#(binance.baseURL)"}], "vs_currency": "usdt", "favorites": ["ETH"]}"#
        let fresh = try points(["ETH", "--provider", "binance"], rules: rules)
        // Each closed candle as (its close time + 1 ms, its close): the points a chart may hold.
        let closes = candles.dropLast().map { [Double(($0[0] as? Int64) ?? 0) + 300_000, Double(($0[4] as? String) ?? "") ?? 0] }
        #expect(fresh.count == candles.count - 1, "every closed candle, not the forming one: \(fresh.suffix(2))")
        #expect(fresh == Array(closes), "each point is a closed candle's close at its end")
        let cached = try points(["ETH", "--provider", "binance"], rules: rules)
        if Self.nowMs / 300_000 == start / 300_000 {
            #expect(cached == fresh, "from the store: \(cached.count) points against \(fresh.count) fresh")
        }
    }
}
