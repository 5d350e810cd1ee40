import Foundation
import Testing
@testable import TestHelpers

/// Several providers working together (SPEC §2 providers, §6), through the binary as cron runs it,
/// against loopback APIs that replay the real captures.
@Suite(.serialized) struct FailoverEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    private func pass(_ rules: String, _ extra: [String] = ["--json"]) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra)
    }

    private static let anyPrice = #"{"id": "seen", "coin": "*", "when": {"above": 0.000001}}"#

    @Test func aLaterProviderServesWhatTheFirstCouldNot() throws {
        let gecko = try MarketServer()
        let paprika = try Replays.coinPaprika()
        gecko.script(Reply.text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502))
        let run = try pass(ProviderRules.make([("coingecko", gecko.baseURL), ("coinpaprika", paprika.baseURL)],
                                              vs: "usd", favorites: ["bitcoin"], rules: Self.anyPrice))
        #expect(run.status == 0, "every favorite got a quote: \(run.stderr)")
        let record = try #require(try run.records().first)
        #expect(record["provider"] as? String == "coinpaprika")
        #expect(record["price"] as? Double == 41389.57931641128)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("coingecko") == true && lines.first?.contains("HTTP 502") == true)
    }

    @Test func threeProvidersAreTriedInOrderWithOneLinePerFailure() throws {
        let gecko = try MarketServer()
        let bithumb = try Replays.bithumb()
        let upbit = try Replays.upbit()
        gecko.script(Reply.json(#"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#, status: 429)
            .header("Retry-After", "120"))
        bithumb.script(ReplayServer.capture("real/bithumb/error-5600_unicode-escaped-message_2020.json"))
        let run = try pass(ProviderRules.make([("coingecko", gecko.baseURL), ("bithumb", bithumb.baseURL), ("upbit", upbit.baseURL)],
                                              vs: "krw", favorites: ["bitcoin", "ETH"], rules: Self.anyPrice))
        #expect(run.status == 0, "\(run.stderr)")
        let served = try run.records()
        #expect(served.count == 2)
        #expect(served.allSatisfy { $0["provider"] as? String == "upbit" })
        #expect(Set(served.compactMap { $0["price"] as? Double }) == [162876000, 5252000])
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.contains { $0.contains("coingecko") && $0.contains("HTTP 429") })
        #expect(lines.contains { $0.hasPrefix("coinwatch: bithumb: failing since ") && $0.hasSuffix(" UTC: API error: 입력값을 확인해주세요. (status 5600)") },
                "\(lines)")
        #expect(upbit.requests("/ticker").map { $0.queryItem("markets") } == ["KRW-BTC,KRW-ETH"])
    }

    @Test func exitIsOneOnlyWhenSomeFavoriteGotNoQuote() throws {
        let bithumb = try Replays.bithumb()
        let upbit = try Replays.upbit()
        let rules = ProviderRules.make([("bithumb", bithumb.baseURL), ("upbit", upbit.baseURL)],
                                       vs: "krw", favorites: ["BTC", "NOTACOIN"], rules: Self.anyPrice)
        let run = try pass(rules)
        #expect(run.status == 1)
        #expect(try run.records().map { $0["provider"] as? String } == ["bithumb"])
        #expect(run.stderr == "coinwatch: no provider quoted NOTACOIN in krw; check the favorite's id or add a provider that lists it\n")
        #expect(upbit.requests("/ticker").isEmpty, "Upbit does not list NOTACOIN, so it is never asked (no 404)")
        #expect(upbit.requests("/market/all").count == 1)
    }

    @Test func anExchangeServesAnIdStyleFavoriteOnceAProviderGaveItsSymbol() throws {
        let binance = try Replays.binance()
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 10_600)
        gecko.set("solana", price: 3.1)
        gecko.set("bcc", price: 7)
        let rules = ProviderRules.make([("binance", binance.baseURL), ("coingecko", gecko.baseURL)],
                                       vs: "usdt", favorites: ["bitcoin", "solana", "BCC"],
                                       rules: #"{"id": "btc", "coin": "bitcoin", "when": {"crosses_above": 10650}}"#)
        let first = try pass(rules)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty)
        #expect(binance.requests("/api/v3/ticker/24hr").map { $0.queryItem("symbols") } == [#"["BCCUSDT"]"#],
                "bitcoin has no known symbol yet; SOLUSDT is not listed")
        let second = try pass(rules)
        #expect(second.status == 0, "\(second.stderr)")
        let record = try #require(try second.records().first)
        #expect(record["provider"] as? String == "binance", "BTC, learned from coingecko, is listed as BTCUSDT")
        #expect(record["price"] as? Double == 10694.87)
        #expect(record["previous"] as? Double == 10_600, "the previous price counts whichever provider served it")
        #expect(binance.requests("/api/v3/ticker/24hr").last?.queryItem("symbols") == #"["BTCUSDT","BCCUSDT"]"#)
        #expect(binance.requests("/api/v3/exchangeInfo").count == 1, "the listing is remembered for a day")
        let state = try #require(try JSONSerialization.jsonObject(with: Data((dir.read("state.json") ?? "").utf8)) as? [String: Any])
        let resolved = try #require(state["resolved"] as? [String: [String: String]])
        #expect(resolved["coingecko"]?["BCC"] == "bcc", "BCCUSDT's zero prices are no quote, so coingecko served it")
        #expect(resolved["binance"]?["BCC"] == nil)
        #expect(resolved["binance"]?["bitcoin"] == "BTCUSDT")
    }

    @Test func exchangeListingsAreFetchedInOneConcurrentBatch() throws {
        let server = try ReplayServer(Replays.upbitRoutes(prefix: "/upbit", listingDelay: 0.4)
            .merging(Replays.binanceRoutes(prefix: "/binance", listingDelay: 0.4)) { first, _ in first })
        let rules = ProviderRules.make([("upbit", server.baseURL + "/upbit"), ("binance", server.baseURL + "/binance")],
                                       vs: "usdt", favorites: ["BTC"], rules: Self.anyPrice)
        let run = try pass(rules)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requests.prefix(2).map(\.path).sorted() == ["/binance/api/v3/exchangeInfo", "/upbit/market/all"])
        #expect(server.maxConcurrent >= 2, "both listings were in flight at once")
    }
}
