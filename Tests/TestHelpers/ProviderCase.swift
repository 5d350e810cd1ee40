import Foundation
import Testing

/// One provider as the reliability tests drive it: the path whose answer the tests break, and real
/// captures for every path a healthy pass asks for. Adding a provider is one entry in `all`.
struct ProviderCase: Sendable, CustomTestStringConvertible {
    /// The name in rules.json (`coingecko`).
    var name: String
    /// A favorite the captures quote.
    var favorite: String
    /// The `vs_currency` the captures are in.
    var vs: String
    /// The path (without query) whose answer a fault replaces: the batched quote request.
    var faultPath: String
    /// Path (without query) → the healthy answer, built from real captures (`Replays`).
    var routes: @Sendable () throws -> [String: ReplayServer.Route]

    var testDescription: String { name }

    /// Every provider; each is one line. (An exchange's market listing is remembered for a day after
    /// the healthy pass, so its quote request is the one a fault can reach.)
    static let all: [ProviderCase] = [
        ProviderCase(name: "coingecko", favorite: "bitcoin", vs: "usd", faultPath: "/coins/markets") {
            ["/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") }]
        },
        ProviderCase(name: "coinpaprika", favorite: "BTC", vs: "usd", faultPath: "/tickers") {
            let element = try Fixtures.bytes("real/coinpaprika/tickers_btc-bitcoin_quotes-USD_2022-04-19.json")
            let list = Array("[".utf8) + element + Array("]".utf8)
            return ["/tickers": { _ in .bytes(list, contentType: "application/json") }]
        },
        ProviderCase(name: "bithumb", favorite: "BTC", vs: "krw", faultPath: "/public/ticker/ALL_KRW") {
            ["/public/ticker/ALL_KRW": { _ in ReplayServer.capture("real/bithumb/ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json") }]
        },
        ProviderCase(name: "upbit", favorite: "BTC", vs: "krw", faultPath: "/ticker") { Replays.upbitRoutes() },
        ProviderCase(name: "binance", favorite: "BTC", vs: "usdt", faultPath: "/api/v3/ticker/24hr") { Replays.binanceRoutes() },
    ]

    /// A rules.json using only this provider at `baseURL`, never caching, with `rules` and `extra` top-level members.
    func rulesJSON(baseURL: String, rules: String, timeout: String = "1s", caFile: String? = nil, extra: String = "") -> String {
        let ca = caFile.map { #", "ca_file": "\#($0)""# } ?? ""
        return """
        {
          "vs_currency": "\(vs)",
          "providers": [{"name": "\(name)", "base_url": "\(baseURL)", "cache_ttl": "0s", "timeout": "\(timeout)"\(ca)}],
          "favorites": ["\(favorite)"],
          "rules": [\(rules)]\(extra)
        }
        """
    }
}
