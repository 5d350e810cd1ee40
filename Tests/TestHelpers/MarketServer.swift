import Foundation

/// A loopback CoinGecko: `/coins/markets` answers with the prices the test sets, in the
/// API's own shape, for the ids asked for; other paths 404. Scripted failures per call.
final class MarketServer: @unchecked Sendable {
    private let lock = NSLock()
    /// What `/coins/markets` reports for one coin; nil figures are sent as null.
    struct Market: Sendable {
        var price: Double
        var change: Double? = 0
        var high24h: Double?
        var low24h: Double?
        var ath: Double?
        var atl: Double?
    }

    private var prices: [String: Market] = [:]
    private var scripted: [Reply] = []
    private var routes: [(suffix: String, reply: Reply)] = []
    private(set) var server: LoopbackServer!

    init() throws {
        server = try LoopbackServer { [weak self] request in
            self?.answer(request) ?? Reply.text("gone", status: 500)
        }
    }

    deinit { server?.stop() }

    var baseURL: String { server.baseURL }

    /// Sets a coin's price, 24h change and the provider's own highs and lows for the next answers.
    func set(_ id: String, price: Double, change24h: Double? = 0, high24h: Double? = nil, low24h: Double? = nil,
             ath: Double? = nil, atl: Double? = nil) {
        lock.withLock {
            prices[id] = Market(price: price, change: change24h, high24h: high24h, low24h: low24h, ath: ath, atl: atl)
        }
    }

    /// Stops quoting `id` (the provider no longer lists it).
    func remove(_ id: String) {
        _ = lock.withLock { prices.removeValue(forKey: id) }
    }

    /// Answers the next calls with these replies, then with prices again.
    func script(_ replies: Reply...) {
        lock.withLock { scripted += replies }
    }

    /// Answers requests whose path ends with `suffix` (`/search`, `/market_chart`) with `reply`.
    func route(_ suffix: String, _ reply: Reply) {
        lock.withLock { routes.append((suffix, reply)) }
    }

    /// Requests for `/coins/markets` so far.
    var marketRequests: Int { server.requests.filter { $0.path.hasSuffix("/coins/markets") }.count }

    private func answer(_ request: RecordedRequest) -> Reply {
        lock.withLock {
            if !scripted.isEmpty { return scripted.removeFirst() }
            if let route = routes.first(where: { request.path.hasSuffix($0.suffix) }) { return route.reply }
            guard request.path.hasSuffix("/coins/markets") else { return Reply.json(#"{"error":"Not Found"}"#, status: 404) }
            let ids = request.queryItem("ids")?.split(separator: ",").map(String.init) ?? []
            let items = ids.compactMap { id -> String? in
                guard let p = prices[id] else { return nil }
                let symbol = ["bitcoin": "btc", "ethereum": "eth", "solana": "sol"][id] ?? String(id.prefix(3))
                let n = { (v: Double?) in v.map { "\($0)" } ?? "null" }
                return #"{"id":"\#(id)","symbol":"\#(symbol)","name":"\#(id.capitalized)","current_price":\#(p.price),"market_cap":1000000,"market_cap_rank":1,"high_24h":\#(n(p.high24h)),"low_24h":\#(n(p.low24h)),"price_change_percentage_24h":\#(n(p.change)),"ath":\#(n(p.ath)),"ath_date":null,"atl":\#(n(p.atl)),"atl_date":null,"total_volume":5000,"last_updated":"2026-11-29T12:00:00.000Z"}"#
            }
            return Reply.json("[" + items.joined(separator: ",") + "]")
        }
    }

    /// A `/coins/markets` answer holding these coins, in the API's own shape (for `script`).
    static func markets(_ coins: [(id: String, price: Double, change24h: Double)]) -> Reply {
        let items = coins.map { coin -> String in
            let symbol = ["bitcoin": "btc", "ethereum": "eth", "solana": "sol"][coin.id] ?? String(coin.id.prefix(3))
            return #"{"id":"\#(coin.id)","symbol":"\#(symbol)","name":"\#(coin.id.capitalized)","current_price":\#(coin.price),"market_cap":1000000,"market_cap_rank":1,"high_24h":null,"low_24h":null,"price_change_percentage_24h":\#(coin.change24h),"ath":null,"ath_date":null,"atl":null,"atl_date":null,"total_volume":5000,"last_updated":"2026-11-29T12:00:00.000Z"}"#
        }
        return Reply.json("[" + items.joined(separator: ",") + "]")
    }
}

/// A rules.json for end-to-end runs against a MarketServer.
enum RulesJSON {
    static func make(baseURL: String, favorites: [String] = ["bitcoin"], rules: String,
                     defaults: String = #"{"notify": ["stdout"]}"#, sinks: String = "{}", extra: String = "") -> String {
        let favs = favorites.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
          "providers": [{"name": "coingecko", "base_url": "\(baseURL)", "cache_ttl": "0s", "timeout": "5s"}],
          "favorites": [\(favs)],
          "defaults": \(defaults),
          "rules": [\(rules)],
          "sinks": \(sinks)\(extra)
        }
        """
    }
}
