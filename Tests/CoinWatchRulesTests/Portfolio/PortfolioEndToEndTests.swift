import Foundation
import Testing
@testable import TestHelpers

/// Per-rule `vs` and `provider`, ratio coins, premiums and holdings (SPEC §2), through the binary
/// against loopback providers that replay the real captures.
@Suite(.serialized) struct PortfolioEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    private func pass(_ rules: String, _ extra: [String] = ["--json"]) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra)
    }

    @Test func rulesQuoteInSeveralCurrenciesWithOneBatchedRequestPerProviderAndCurrency() throws {
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 100_000)
        gecko.set("ethereum", price: 4_000)
        let upbit = try Replays.upbit()
        let rules = ProviderRules.make([("coingecko", gecko.baseURL), ("upbit", upbit.baseURL)], vs: "usd",
                                       favorites: ["bitcoin", "ethereum"], rules: """
            {"id": "usd", "coin": "*", "when": {"above": 1}},
            {"id": "eur-btc", "coin": "bitcoin", "vs": "eur", "when": {"above": 1}},
            {"id": "eur-eth", "coin": "ethereum", "vs": "eur", "when": {"above": 1}},
            {"id": "krw-btc", "coin": "bitcoin", "provider": "upbit", "vs": "krw", "when": {"above": 1}},
            {"id": "krw-eth", "coin": "ethereum", "provider": "upbit", "vs": "krw", "when": {"above": 1}}
            """)
        let run = try pass(rules)
        #expect(run.status == 0, "\(run.stderr)")
        let alerts = try run.records()
        let byRule = Dictionary(grouping: alerts) { $0["rule"] as? String ?? "" }
        #expect(byRule["usd"]?.count == 2)
        #expect(byRule["eur-btc"]?.first?["vs"] as? String == "eur")
        #expect(byRule["krw-btc"]?.first?["vs"] as? String == "krw")
        #expect(byRule["krw-btc"]?.first?["provider"] as? String == "upbit")
        #expect(byRule["krw-btc"]?.first?["price"] as? Double == 162_876_000)
        #expect(byRule["krw-eth"]?.first?["price"] as? Double == 5_252_000)
        let markets = gecko.server.requests.filter { $0.path.hasSuffix("/coins/markets") }
        #expect(markets.map { $0.queryItem("vs_currency") ?? "" }.sorted() == ["eur", "usd"], "one request per currency on coingecko")
        #expect(markets.allSatisfy { $0.queryItem("ids") == "bitcoin,ethereum" })
        #expect(upbit.requests("/ticker").map { $0.queryItem("markets") } == ["KRW-BTC,KRW-ETH"], "one request for both upbit rules")
        #expect(upbit.requests("/market/all").count == 1)
    }

    @Test func kimchiPremiumComparesUpbitWithBinanceAtUpbitsTetherPrice() throws {
        let upbit = try Replays.upbitWithTether(usdt: 15_000)
        let binance = try Replays.binance()
        let rules = ProviderRules.make([("upbit", upbit.baseURL), ("binance", binance.baseURL)], vs: "krw", favorites: ["BTC"], rules: """
            {"id": "kimchi", "coin": "BTC", "provider": "upbit",
             "when": {"premium_above": {"pct": 1, "against": "binance", "against_vs": "usdt"}}},
            {"id": "discount", "coin": "BTC", "provider": "upbit",
             "when": {"premium_below": {"pct": 0, "against": "binance", "against_vs": "usdt"}}}
            """)
        let run = try pass(rules)
        #expect(run.status == 0, "\(run.stderr)")
        let alerts = try run.records()
        #expect(alerts.map { $0["rule"] as? String } == ["kimchi"], "a 1.5% premium is not a discount")
        let expected: Double = (162_876_000 / (10_694.87 * 15_000) - 1) * 100
        let value = try #require(alerts.first?["value"] as? Double)
        #expect(abs(value - expected) < 1e-9, "premium \(value) against \(expected)")
        #expect(alerts.first?["threshold"] as? Double == 1)
        #expect((alerts.first?["message"] as? String)?.contains("premium against binance (USDT) rose to 1% or more — premium +1.53%") == true,
                "\(alerts.first?["message"] ?? "")")
        #expect(upbit.requests("/ticker").map { $0.queryItem("markets") } == ["KRW-BTC,KRW-USDT"])
        #expect(binance.requests("/api/v3/ticker/24hr").map { $0.queryItem("symbols") } == [#"["BTCUSDT"]"#])
    }

    @Test func aPremiumWithAMissingLegIsNotObservedAndTheFailureIsNamed() throws {
        let upbit = try Replays.upbitWithTether(usdt: 15_000)
        let binance = try ReplayServer(["/api/v3/exchangeInfo": { _ in Reply.json(Replays.exchangeInfo) },
                                        "/api/v3/ticker/24hr": { _ in Reply.text("<html>502 Bad Gateway</html>", status: 502) }])
        let rules = ProviderRules.make([("upbit", upbit.baseURL), ("binance", binance.baseURL)], vs: "krw", favorites: ["BTC"], rules: """
            {"id": "kimchi", "coin": "BTC", "provider": "upbit",
             "when": {"premium_below": {"pct": 100, "against": "binance", "against_vs": "usdt"}}}
            """)
        let run = try pass(rules)
        #expect(run.stdout.isEmpty, "no premium without binance's leg")
        #expect(run.status == 1)
        #expect(run.stderr.contains("binance") && run.stderr.contains("HTTP 502"), "\(run.stderr)")
        #expect(!run.stderr.contains("did not quote"), "the outage is the cause, said at its edges: \(run.stderr)")
    }

    @Test func holdingsValueThePortfolioAndRatiosAndNeverReachASinkOtherwise() throws {
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 100_000, change24h: 10)
        gecko.set("ethereum", price: 4_000, change24h: 10)
        let sinkPath = dir.path + "/alerts.jsonl"
        let rules = RulesJSON.make(baseURL: gecko.baseURL, favorites: ["bitcoin"], rules: """
            {"id": "total", "coin": "portfolio", "when": {"value_above": 50000}},
            {"id": "btc-pnl", "coin": "bitcoin", "when": {"pnl_pct_above": 200}},
            {"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.03}},
            {"id": "plain", "coin": "bitcoin", "when": {"above": 1}, "notify": ["log"]}
            """, sinks: #"{"log": {"type": "file", "path": "\#(sinkPath)"}}"#,
            extra: #", "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000, "date": "2024-03-01"}, {"coin": "ethereum", "amount": 2, "price": 2000}]"#)
        let run = try pass(rules)
        #expect(run.status == 0, "\(run.stderr)")
        let byRule = Dictionary(uniqueKeysWithValues: try run.records().map { ($0["rule"] as? String ?? "", $0) })
        #expect(byRule["total"]?["value"] as? Double == 58_000, "0.5 × 100,000 + 2 × 4,000")
        #expect(byRule["total"]?["symbol"] as? String == "PORTFOLIO")
        // The total is named once, with the threshold (SPEC §3): no "holding", no "now $X" repeating it.
        #expect((byRule["total"]?["message"] as? String)?.hasPrefix("Portfolio is worth $58,000.00, above $50,000.00") == true,
                "\(byRule["total"]?["message"] ?? "")")
        #expect((byRule["total"]?["message"] as? String)?.contains("now") == false)
        let pnl = try #require(byRule["btc-pnl"]?["value"] as? Double)
        let expectedPnl: Double = (50_000 - 15_000) / 15_000 * 100
        #expect(abs(pnl - expectedPnl) < 1e-9)
        #expect(byRule["eth-btc"]?["price"] as? Double == 0.04)
        #expect(byRule["eth-btc"]?["vs"] as? String == "btc")
        // The portfolio and a ratio name no single coin: no page (SPEC §4 url); a held coin links its own.
        #expect(byRule["total"]?["url"] == nil && byRule["eth-btc"]?["url"] == nil)
        #expect(byRule["btc-pnl"]?["url"] as? String == "https://www.coingecko.com/en/coins/bitcoin")
        let ratioChange: Double = byRule["eth-btc"]?["change_24h"] as? Double ?? 1
        #expect(abs(ratioChange) < 1e-9, "both rose 10%: the ratio did not move")
        let logged = try #require(dir.read("alerts.jsonl"))
        let record = try #require(try JSONSerialization.jsonObject(with: Data(logged.utf8)) as? [String: Any])
        #expect(record["rule"] as? String == "plain")
        let standard: Set = ["id", "time", "rule", "coin", "symbol", "name", "vs", "condition", "threshold", "price", "previous",
                             "change_24h", "status", "provider", "message", "url"]
        #expect(Set(record.keys).isSubset(of: standard), "no holdings field: \(record.keys.sorted())")
        #expect(!logged.contains("30000") && !logged.contains("amount") && !logged.contains("2024-03-01"))
    }

    @Test func aPortfolioWithAnUnquotedHeldCoinIsNotValuedAndThePassSaysWhichCoin() throws {
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 100_000)
        let rules = RulesJSON.make(baseURL: gecko.baseURL, favorites: ["bitcoin"], rules: """
            {"id": "total", "coin": "portfolio", "when": {"value_above": 1}}
            """, extra: #", "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000}, {"coin": "ethereum", "amount": 2, "price": 2000}]"#)
        let run = try pass(rules)
        #expect(run.stdout.isEmpty)
        #expect(run.status == 1, "a held coin is watched as a favorite: no quote for it is a failure")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("portfolio") } == ["coinwatch: portfolio not valued this pass: no quote for ethereum (a held coin)"],
                "\(run.stderr)")
    }
}
