import Foundation
import Testing
@testable import TestHelpers

/// `backtest` replays what a pass observes (SPEC §8, issue 32 item 3), through the binary against a
/// loopback CoinGecko serving the real 30-day hourly bitcoin capture: a ratio coin from its two
/// coins' histories and the portfolio from its held coins' (never `/coins/portfolio/…` or
/// `/coins/ethereum%2Fbitcoin/…`), and a span in the past asks for that span
/// (`/market_chart/range?from=…&to=…`), not for the last days (`days=30`). No ethereum history
/// capture exists: the ethereum leg replays the same bitcoin capture (the ratio is then 1).
@Suite(.serialized) struct BacktestPlanEndToEndTests {
    let server: LoopbackServer
    let dir: TempDir
    static let capture = "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"

    init() throws {
        server = try LoopbackServer { request in
            let known = ["/api/v3/coins/bitcoin/", "/api/v3/coins/ethereum/"].contains { request.path.hasPrefix($0) }
            guard known, request.path.hasSuffix("/market_chart") || request.path.hasSuffix("/market_chart/range") else {
                return Reply.json(#"{"error":"coin not found"}"#, status: 404)
            }
            return (try? HistoryCaptures.capture(Self.capture)).map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
        }
        dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}],
         "favorites": ["bitcoin", "ethereum"], "interval": "1h",
         "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000}, {"coin": "ethereum", "amount": 2, "price": 2000}],
         "rules": [
           {"id": "ratio", "coin": "ethereum/bitcoin", "when": {"above": 0.5}},
           {"id": "total", "coin": "portfolio", "when": {"value_above": 100000}}
         ]}
        """)
    }

    private func run(_ args: [String]) throws -> Binary.Run {
        try Binary.run(["backtest"] + args + ["--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_CACHE": dir.path + "/cache", "COINWATCH_LOCK_TIMEOUT": "20"])
    }

    @Test func aRatioAndThePortfolioReplayFromTheirCoinsHistoriesAndAPastSpanAsksForThatSpan() throws {
        let run = try run(["--from", "2021-04-20T00:00:00Z", "--to", "2021-05-10T00:00:00Z"])
        #expect(run.status == 0, "\(run.stderr)")
        let paths = server.requests.map(\.path)
        #expect(!paths.contains { $0.contains("portfolio") || $0.contains("%2F") || $0.contains("/") && $0.contains("ethereum/bitcoin") },
                "\(paths)")
        #expect(Set(paths) == ["/api/v3/coins/bitcoin/market_chart/range", "/api/v3/coins/ethereum/market_chart/range"], "\(paths)")
        for request in server.requests {
            #expect(request.queryItem("days") == nil, "a 2021 span never asks the last days: \(request.query ?? "")")
            #expect(request.queryItem("to") == "1620604800", "\(request.query ?? "")")
            #expect(Int(request.queryItem("from") ?? "") ?? .max <= 1_618_876_800, "\(request.query ?? "")")
        }
        #expect(!run.stderr.contains("cannot be backtested") && !run.stderr.contains("not backtested"), "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rules"] as? [[String: Any]])
        #expect(rows.first { $0["rule"] as? String == "ratio" }?["fired"] as? Int == 1, "\(rows)")
        let alerts = try #require(document["alerts"] as? [[String: Any]])
        let ratio = try #require(alerts.first { $0["rule"] as? String == "ratio" })
        #expect(ratio["price"] as? Double == 1 && ratio["coin"] as? String == "ethereum/bitcoin", "\(ratio)")
        // Both held coins replay the same capture: the total is 2.5 of its price, first above 100,000 at 40,000.
        let total = try #require(alerts.first { $0["rule"] as? String == "total" }, "\(rows)")
        let value = try #require(total["value"] as? Double)
        let points = try HistoryCaptures.gecko.decodeHistory(try HistoryCaptures.capture(Self.capture), timeframe: .h1)
        #expect(points.contains { abs($0.close * 2.5 - value) < 1e-6 }, "the total of the held coins' prices: \(value)")
        #expect(value >= 100_000)
    }
}
