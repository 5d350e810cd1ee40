import CoinWatchMarket
import CoinWatchRules
/// Which favorites `stream` follows on which exchange feed (SPEC §9): the feed of the provider that served its quote,
/// when that provider has one; what else a pass fetches is polled over REST every `interval` (`StreamLoop`).
struct StreamPlan {
    /// One connection's worth of markets on one exchange.
    struct Group {
        /// The provider's rules.json entry (`ws_url`, `ca_file`, `timeout`).
        var provider: ProviderConfig
        var feed: any ExchangeFeed
        /// Market codes, in favorites' order.
        var markets: [String]
        /// Market code → the favorites it prices.
        var favorites: [String: [String]]
        /// Whether every trade is subscribed too: a rule on these coins is an event a trade between two tickers could
        /// make happen (`DataPlan.tradedCoins`).
        var trades: Bool

        /// The favorites this connection serves.
        var allFavorites: [String] { markets.flatMap { favorites[$0] ?? [] } }
        /// The URL it connects to.
        var url: String { feed.url(root: provider.wsURL, markets: markets, trades: trades) }
    }

    var groups: [Group] = []

    /// The plan for `rules` once `quotes` (favorite → quote, from a REST fetch) say who serves what.
    init(rules: RulesFile, quotes: [String: Quote]) {
        var byProvider: [ProviderName: [(favorite: String, market: String)]] = [:]
        let traded = DataPlan(rules).tradedCoins
        for favorite in rules.favorites {
            guard let quote = quotes[favorite], let name = ProviderName(rawValue: quote.provider),
                  name.provider.feed != nil, rules.providers.contains(where: { $0.name == name }) else { continue }
            byProvider[name, default: []].append((favorite, quote.providerID))
        }
        for config in rules.providers {
            guard let feed = config.name.provider.feed, let entries = byProvider[config.name] else { continue }
            var favorites: [String: [String]] = [:]
            var markets: [String] = []
            var trades: [String: Bool] = [:]
            for (favorite, market) in entries {
                if favorites[market] == nil { markets.append(market) }
                favorites[market, default: []].append(favorite)
                trades[market] = (trades[market] ?? false) || traded.contains(favorite)
            }
            let size = max(1, feed.marketsPerConnection)
            for start in stride(from: 0, to: markets.count, by: size) {
                let chunk = Array(markets[start..<min(start + size, markets.count)])
                groups.append(Group(provider: config, feed: feed, markets: chunk,
                                    favorites: favorites.filter { chunk.contains($0.key) },
                                    trades: chunk.contains { trades[$0] == true }))
            }
        }
    }
}
