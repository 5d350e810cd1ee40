// `coinwatch-bench --requests [FAVORITES]`: how many requests a pass makes over FAVORITES (default
// 5,000) coingecko favorites, with price rules only, then with a premium rule and ratio rules added
// (issue #16: they add no request beyond one batch per (provider, currency)). The transport is
// in-process: it counts requests and answers /coins/markets with a price for every id asked.
import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
import Synchronization

/// CoinGecko in process: counts requests per (path, vs_currency) and answers `/coins/markets` for the asked ids.
final class MarketsStandIn: HTTPTransport {
    private let seen = Mutex<[String: Int]>([:])

    /// Requests so far by `path?vs_currency=…`.
    var counts: [String: Int] { seen.withLock { $0 } }

    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        requests.map { request in
            let (path, query) = Self.split(request.url)
            seen.withLock { $0[path + "?vs_currency=" + (query["vs_currency"] ?? ""), default: 0] += 1 }
            let ids = (query["ids"] ?? "").split(separator: ",").map(String.init)
            let items = ids.map { id in
                #"{"id":"\#(id)","symbol":"\#(id)","name":"\#(id)","current_price":\#(100 + Double(id.count)),"market_cap":1,"market_cap_rank":1,"price_change_percentage_24h":1,"total_volume":1}"#
            }
            return .success(HTTPResponse(status: 200, body: Array(("[" + items.joined(separator: ",") + "]").utf8)))
        }
    }

    private static func split(_ url: String) -> (String, [String: String]) {
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [String: String] = [:]
        for item in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { query[pair[0]] = pair[1].split(separator: "%2C", omittingEmptySubsequences: false).joined(separator: ",") }
        }
        let path = parts[0].split(separator: "/").suffix(2).joined(separator: "/")
        return (path, query)
    }
}

enum RequestBench {
    /// Prints one JSON line per rules file: the requests by path and currency, and in all.
    static func run(favorites count: Int) throws {
        let favorites = (0..<count).map { "coin\($0)" }
        let list = favorites.map { "\"\($0)\"" }.joined(separator: ",")
        let plain = #"{"id": "any", "coin": "*", "when": {"above": 1}}"#
        let premium = #"{"id": "prem", "coin": "*", "when": {"premium_above": {"pct": 3, "against": "coingecko", "against_vs": "usd"}}}"#
        let ratios = (1..<min(count, 100)).map { #"{"id": "ratio\#($0)", "coin": "coin\#($0)/coin0", "when": {"above": 1}}"# }
        let perRule = #"{"id": "eur", "coin": "*", "vs": "eur", "when": {"above": 1}}"#
        let cases: [(String, [String])] = [("price rules only", [plain]),
                                           ("+ premium over every favorite + 99 ratios", [plain, premium] + ratios),
                                           ("+ the same in a second currency (vs eur)", [plain, premium, perRule] + ratios)]
        for (name, rules) in cases {
            let json = #"{"vs_currency": "usd", "providers": [{"name": "coingecko", "base_url": "http://bench.invalid/api/v3", "cache_ttl": "0s"}], "favorites": [\#(list)], "rules": [\#(rules.joined(separator: ","))]}"#
            let loaded = try RulesLoader.parse(bytes: Array(json.utf8), path: "/bench/rules.json", environment: [:]).rules
            let transport = MarketsStandIn()
            let config = loaded.providers[0]
            let provider = ProviderRegistry.make(config, environment: [:])
            let fetcher = QuoteFetcher(sources: [QuoteFetcher.Source(provider: provider, config: config)], transport: transport)
            let io = IO(out: { _ in }, err: { _ in }, environment: [:], stdoutIsTTY: false)
            let pass = Pass(rules: loaded, fetcher: fetcher, delivery: Delivery(rules: loaded, transport: transport, json: true, quiet: true),
                            dryRun: true)
            var state = StateDocument()
            let outcome = pass.run(state: &state, now: 1_800_000_000, io: io)
            let counts = transport.counts.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
            print(#"{"case":"\#(name)","favorites":\#(count),"rules":\#(loaded.rules.count),"requests":\#(outcome.requestCount),"alerts":\#(outcome.alerts.count),"by_endpoint":{\#(counts)}}"#)
        }
    }
}
