import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchState
@testable import CoinWatchCLI

/// HTTP 429 backoff and the response cache across passes (SPEC §6), in process with an injected clock.
@Suite(.serialized) struct RateLimitAndCacheTests {
    let dir: TempDir
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        dir = try TempDir()
    }

    /// One `--once --json` pass at `start + seconds`.
    private func pass(at seconds: Double) -> (code: ExitCode, io: CapturedIO) {
        let io = CapturedIO()
        let code = CLI.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                           io: io.io, clock: FixedClock(Self.start.addingTimeInterval(seconds)))
        return (code, io)
    }

    private func state() throws -> StateDocument {
        try StateStore.load(path: dir.path + "/state.json")
    }

    private static let anyPrice = #"{"id": "seen", "coin": "*", "when": {"above": 0.000001}}"#

    @Test func a429IsRememberedAndTheProviderSkippedUntilRetryAfter() throws {
        let paprika = try Replays.coinPaprika()
        let gecko = try MarketServer()
        gecko.set("bitcoin", price: 40_000)
        paprika.script(Reply.json(#"{"error":"Too many requests"}"#, status: 429).header("Retry-After", "120"))
        try dir.write("rules.json", ProviderRules.make([("coinpaprika", paprika.baseURL), ("coingecko", gecko.baseURL)],
                                                       vs: "usd", favorites: ["bitcoin"], rules: Self.anyPrice))
        let first = pass(at: 0)
        #expect(first.code == .success, "coingecko served: \(first.io.err)")
        #expect(first.io.out.contains(#""provider":"coingecko""#))
        #expect(try state().memory.backoff["coinpaprika"] == Self.start.timeIntervalSince1970 + 120)
        #expect(paprika.requests.count == 1)

        let second = pass(at: 60)
        #expect(second.code == .success)
        #expect(paprika.requests.count == 1, "skipped without a request while the backoff lasts")
        #expect(first.io.err.hasPrefix("coinwatch: coinpaprika: failing since 08:00 UTC: "), "the outage's start: \(first.io.err)")
        #expect(second.io.err.isEmpty, "an outage is reported at its edges (SPEC §6), not every pass: \(second.io.err)")
        #expect(try state().memory.quoteCache["coinpaprika|usd|bitcoin"] == nil)

        let third = pass(at: 121)
        #expect(third.code == .success)
        #expect(paprika.requests.count == 2, "asked again once Retry-After has passed")
        #expect(third.io.err == "coinwatch: coinpaprika: recovered after 2m\n", "\(third.io.err)")
        #expect(try state().memory.backoff["coinpaprika"] == nil)
        #expect(try state().prices["bitcoin|usd"]?.last?.price == 41389.57931641128, "coinpaprika served the price")
        #expect(try state().memory.quoteCache["coinpaprika|usd|bitcoin"] == nil, "with cache_ttl 0s no quote is kept")
    }

    @Test func a429WithoutRetryAfterBacksOffSixtySeconds() throws {
        let paprika = try Replays.coinPaprika()
        paprika.script(Reply.status(429))
        try dir.write("rules.json", ProviderRules.make([("coinpaprika", paprika.baseURL)], vs: "usd",
                                                       favorites: ["bitcoin"], rules: Self.anyPrice))
        #expect(pass(at: 0).code == .failure, "no provider quoted bitcoin")
        #expect(try state().memory.backoff["coinpaprika"] == Self.start.timeIntervalSince1970 + ProviderMemory.defaultBackoff)
    }

    @Test func withinCacheTTLARepeatedPassMakesNoRequest() throws {
        let upbit = try Replays.upbit()
        try dir.write("rules.json", ProviderRules.make([("upbit", upbit.baseURL)], vs: "krw", favorites: ["BTC", "ethereum"],
                                                       rules: Self.anyPrice, cacheTTL: "1h"))
        #expect(pass(at: 0).code == .success)
        #expect(upbit.requests.map(\.path) == ["/market/all", "/ticker"])
        #expect(pass(at: 20).code == .success)
        #expect(upbit.requests.count == 2, "cache hit (younger than cache_ttl and half the 60 s interval): no request")
        #expect(pass(at: 7_200).code == .success)
        #expect(upbit.requests.map(\.path) == ["/market/all", "/ticker", "/ticker"], "the listing is kept for a day")
        #expect(pass(at: 90_000).code == .success)
        #expect(upbit.requests.map(\.path) == ["/market/all", "/ticker", "/ticker", "/market/all", "/ticker"])
    }

    @Test func binanceCodeAndMsgIsOneLineNamingTheProvider() throws {
        let binance = try Replays.binance()
        binance.script(Reply.json(Replays.exchangeInfo), Reply.json(#"{"code":-1121,"msg":"Invalid symbol."}"#, status: 400))
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["BTC"],
                                                       rules: Self.anyPrice))
        let run = pass(at: 0)
        #expect(run.code == .failure)
        #expect(run.io.err.split(separator: "\n").first == "coinwatch: binance: failing since 08:00 UTC: API error: Invalid symbol. (code -1121) (HTTP 400)")
    }

    /// Upbit fails a whole `/ticker` call with 404 for one market it no longer knows: a market removed since the list was
    /// read (kept for a day) cost every favorite its quote until the list was a day old. The refusal makes the list
    /// out of date, asked for again at the next pass.
    @Test func aMarketRemovedSinceTheListWasReadCostsOnePassNotADay() throws {
        let upbit = try Replays.upbit()
        try upbit.route("/market/all", fixture: "real/upbit/market-all_isDetails-true_2025-07-27_EDITED-KRW-XYZ-listed.json")
        try dir.write("rules.json", ProviderRules.make([("upbit", upbit.baseURL)], vs: "krw", favorites: ["BTC", "XYZ"],
                                                       rules: Self.anyPrice))
        let first = pass(at: 0)
        #expect(first.code == .failure)
        #expect(first.io.err.contains("upbit: failing since 08:00 UTC: API error: Code not found"), "\(first.io.err)")
        // Upbit has removed KRW-XYZ from its list too.
        try upbit.route("/market/all", fixture: "real/upbit/market-all_isDetails-true_2025-07-27.json")
        let second = pass(at: 60)
        #expect(upbit.requests.map(\.path) == ["/market/all", "/ticker", "/market/all", "/ticker"])
        #expect(upbit.requests("/ticker").last?.queryItem("markets") == "KRW-BTC")
        #expect(try state().prices["btc|krw"]?.last?.price == 162_876_000, "\(second.io.err)")
        #expect(second.io.err.contains("upbit: recovered after 1m"), "\(second.io.err)")
    }

    /// Binance lists every market `BREAK` while it is down for maintenance: a list read then named no market, and was
    /// kept for a day, so no favorite was asked for until the next day. The remembered list serves on, asked for again.
    @Test func aListOfHaltedMarketsDoesNotReplaceTheRememberedOne() throws {
        let binance = try Replays.binance()
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["BTC"],
                                                       rules: Self.anyPrice))
        #expect(pass(at: 0).code == .success)
        binance.route("/api/v3/exchangeInfo", .json(Replays.exchangeInfo.replacing(#""TRADING""#, with: #""BREAK""#)))
        let daily = pass(at: 86_400)
        #expect(daily.code == .success, "\(daily.io.err)")
        #expect(binance.requests.map(\.path) == ["/api/v3/exchangeInfo", "/api/v3/ticker/24hr", "/api/v3/exchangeInfo", "/api/v3/ticker/24hr"])
        #expect(try state().memory.listings["binance|usdt"]?.markets.map(\.code) == ["BTCUSDT", "ETHUSDT", "BCCUSDT"])
        binance.route("/api/v3/exchangeInfo", .json(Replays.exchangeInfo))
        #expect(pass(at: 86_460).code == .success)
        #expect(binance.requests("/api/v3/exchangeInfo").count == 3, "the list is asked for again next pass")
        #expect(try state().memory.listings["binance|usdt"]?.fetchedAt == Self.start.timeIntervalSince1970 + 86_460)
    }

    /// Nor does such a list stand for a day when there is no remembered one: the pass says why nothing was asked.
    @Test func aFirstListOfHaltedMarketsIsAskedForAgainNextPass() throws {
        let binance = try Replays.binance()
        binance.route("/api/v3/exchangeInfo", .json(Replays.exchangeInfo.replacing(#""TRADING""#, with: #""BREAK""#)))
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["BTC"],
                                                       rules: Self.anyPrice))
        let first = pass(at: 0)
        #expect(first.code == .failure)
        #expect(first.io.err.hasPrefix("coinwatch: binance: failing since 08:00 UTC: could not load its market list, skipped: "
                                       + "it lists no market trading in USDT"), "\(first.io.err)")
        binance.route("/api/v3/exchangeInfo", .json(Replays.exchangeInfo))
        #expect(pass(at: 60).code == .success)
        #expect(binance.requests.map(\.path) == ["/api/v3/exchangeInfo", "/api/v3/exchangeInfo", "/api/v3/ticker/24hr"])
    }

    @Test func aListingThatCannotLoadSkipsTheExchangeWithOneLine() throws {
        let upbit = try Replays.upbit()
        let bithumb = try Replays.bithumb()
        upbit.script(Reply.text("upstream down", status: 503))
        try dir.write("rules.json", ProviderRules.make([("upbit", upbit.baseURL), ("bithumb", bithumb.baseURL)], vs: "krw",
                                                       favorites: ["BTC"], rules: Self.anyPrice))
        let run = pass(at: 0)
        #expect(run.code == .success)
        #expect(run.io.out.contains(#""provider":"bithumb""#))
        #expect(run.io.err.split(separator: "\n").count == 1)
        #expect(run.io.err.hasPrefix("coinwatch: upbit: failing since 08:00 UTC: could not load its market list, skipped: 127.0.0.1:"))
        #expect(run.io.err.contains("HTTP 503: upstream down"))
        #expect(upbit.requests("/ticker").isEmpty)
    }
}
