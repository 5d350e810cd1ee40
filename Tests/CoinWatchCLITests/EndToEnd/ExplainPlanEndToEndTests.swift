import Foundation
import Testing
@testable import TestHelpers

/// `explain` reads the same plan and data a pass used (SPEC §11, issue 32 item 1): right after a
/// `--once` pass fired them against loopback providers replaying real captures, a premium rule, an
/// RSI rule, the portfolio, a ratio coin and a rule with its own `provider` and `vs` are explained
/// from the quotes, candles and prices the pass observed — `--json` with the figures as numbers.
@Suite(.serialized) struct ExplainPlanEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    private var environment: [String: String] { ["COINWATCH_CACHE": dir.path + "/cache"] }

    private func pass(_ rules: String) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: environment)
    }

    private func explain(_ args: [String]) throws -> Binary.Run {
        try Binary.run(["explain"] + args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: environment)
    }

    /// `explain RULE --json`'s only pair.
    private func explained(_ rule: String) throws -> [String: Any] {
        let run = try explain([rule, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let pairs = try #require(doc["pairs"] as? [[String: Any]])
        return try #require(pairs.first, "\(run.stdout)")
    }

    @Test func aPremiumRuleThatJustFiredIsExplainedFromBothLegsAndTheConversion() throws {
        let upbit = try Replays.upbitWithTether(usdt: 15_000)
        let binance = try Replays.binance()
        let fired = try pass(ProviderRules.make([("upbit", upbit.baseURL), ("binance", binance.baseURL)], vs: "krw", favorites: ["BTC"], rules: """
            {"id": "kimchi", "coin": "BTC", "provider": "upbit",
             "when": {"premium_above": {"pct": 1, "against": "binance", "against_vs": "usdt"}}}
            """))
        #expect(try fired.records().map { $0["rule"] as? String } == ["kimchi"], "\(fired.stderr)")
        let pair = try explained("kimchi")
        let expected: Double = (162_876_000 / (10_694.87 * 15_000) - 1) * 100
        let value = try #require(pair["value"] as? Double, "\(pair)")
        #expect(abs(value - expected) < 1e-9, "the premium the pass saw: \(value) against \(expected)")
        #expect(pair["threshold"] as? Double == 1 && pair["holds"] as? Bool == true && pair["status"] as? String == "firing", "\(pair)")
        #expect(pair["price"] as? Double == 162_876_000)
        let text = try explain(["kimchi"])
        #expect(text.stdout.contains("— holds") && !text.stdout.contains("not observed"), "\(text.stdout)")
    }

    @Test func anRSIRuleWhoseStateSaysFiringIsExplainedFromTheClosedCandlesThePassRead() throws {
        let klines = try IndicatorEndToEndTests.replayedKlines(now: Date().timeIntervalSince1970)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in Reply.json(klines) }
        let api = try ReplayServer(routes)
        let fired = try pass(ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"], rules: """
            {"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 1, "tf": "1h"}}}
            """))
        let record = try #require(try fired.records().first, "\(fired.stderr)")
        let pair = try explained("rsi")
        #expect(pair["status"] as? String == "firing" && pair["holds"] as? Bool == true, "\(pair)")
        #expect(pair["value"] as? Double == record["value"] as? Double, "the RSI the pass saw: \(pair)")
        #expect(!((pair["figure"] as? String) ?? "").contains("warming up"), "\(pair)")
        #expect(api.requests("/api/v3/klines").count == 1, "explain reads the candles the pass stored")
    }

    @Test func thePortfolioAndARatioCoinAreExplainedFromTheQuotesTheyAreMadeOf() throws {
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 100_000, change24h: 10)
        gecko.set("ethereum", price: 4_000, change24h: 10)
        let fired = try pass(RulesJSON.make(baseURL: gecko.baseURL, favorites: ["bitcoin"], rules: """
            {"id": "total", "coin": "portfolio", "when": {"value_above": 50000}},
            {"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.03}}
            """, extra: #", "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000}, {"coin": "ethereum", "amount": 2, "price": 2000}]"#))
        #expect(try fired.records().count == 2, "\(fired.stderr)")
        #expect(try fired.records().allSatisfy { $0["url"] == nil }, "no single coin, no page (SPEC §4 url): \(fired.stdout)")
        let total = try explained("total")
        #expect(total["value"] as? Double == 58_000 && total["threshold"] as? Double == 50_000, "\(total)")
        #expect(total["holds"] as? Bool == true && total["status"] as? String == "firing", "\(total)")
        let ratio = try explained("eth-btc")
        #expect(ratio["value"] as? Double == 0.04 && ratio["holds"] as? Bool == true && ratio["status"] as? String == "firing", "\(ratio)")
        gecko.remove("ethereum")
        let gone = try explain(["eth-btc"])
        #expect(gone.stdout.contains("not observed: no quote of ethereum this pass"), "\(gone.stdout)")
    }

    @Test func aRuleWithItsOwnProviderAndVsIsExplainedFromThatFeed() throws {
        let upbit = try Replays.upbit()
        let binance = try Replays.binance()
        let fired = try pass(ProviderRules.make([("upbit", upbit.baseURL), ("binance", binance.baseURL)], vs: "krw", favorites: ["ETH"], rules: """
            {"id": "eth-usdt", "coin": "ETH", "provider": "binance", "vs": "usdt", "when": {"above": 300}}
            """))
        #expect(try fired.records().map { $0["price"] as? Double } == [353.24], "\(fired.stderr)")
        let pair = try explained("eth-usdt")
        #expect(pair["value"] as? Double == 353.24 && pair["holds"] as? Bool == true && pair["status"] as? String == "firing", "\(pair)")
    }
}
