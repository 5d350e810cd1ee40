import CoinWatchMarket
import CoinWatchRules
/// Which favorites `stream` follows on which exchange feed (SPEC §9): the feed of the provider that served its quote,
/// when that provider has one, and with it a rule pinned to that provider on the same market; what else a pass fetches
/// is polled over REST every `interval` (`StreamLoop`).
struct StreamPlan {
    /// One connection's worth of markets on one exchange.
    struct Group {
        /// The provider's rules.json entry (`ws_url`, `ca_file`, `timeout`).
        var provider: ProviderConfig
        var feed: any ExchangeFeed
        /// Market codes, in favorites' order.
        var markets: [String]
        /// Market code → the quotes it prices, by `QuoteKey`: favorites', and those of rules pinned to this provider.
        var quoteKeys: [String: [String]]
        /// Whether every trade is subscribed too: a rule on these quotes is an event a trade between two tickers could
        /// make happen (`DataPlan.tradedKeys`).
        var trades: Bool

        /// The quotes this connection serves, by `QuoteKey`.
        var allKeys: [String] { markets.flatMap { quoteKeys[$0] ?? [] } }
        /// The URL it connects to.
        var url: String { feed.url(root: provider.wsURL, markets: markets, trades: trades) }
    }

    var groups: [Group] = []

    /// The plan for `rules` once `quotes` (by `QuoteKey`, from a REST fetch) say who serves what.
    init(rules: RulesFile, quotes: [String: Quote]) {
        var byProvider: [ProviderName: [(key: String, market: String)]] = [:]
        let plan = DataPlan(rules)
        let traded = plan.tradedKeys
        for favorite in rules.favorites {
            guard let quote = quotes[favorite], let name = ProviderName(rawValue: quote.provider),
                  name.provider.feed != nil, rules.providers.contains(where: { $0.name == name }) else { continue }
            byProvider[name, default: []].append((favorite, quote.providerID))
        }
        // A rule pinned to a provider reads its feed where that carries the rule's market for a favorite.
        for currency in plan.demand.currencies {
            for (provider, coins) in currency.pinned.sorted(by: { $0.key < $1.key }) {
                guard let name = ProviderName(rawValue: provider), let carried = byProvider[name] else { continue }
                for coin in coins {
                    let key = QuoteKey.key(coin, vs: currency.vs, provider: provider, defaultVs: rules.vsCurrency)
                    guard let market = quotes[key]?.providerID, carried.contains(where: { $0.market == market }) else { continue }
                    byProvider[name, default: []].append((key, market))
                }
            }
        }
        for config in rules.providers {
            guard let feed = config.name.provider.feed, let entries = byProvider[config.name] else { continue }
            var keys: [String: [String]] = [:]
            var markets: [String] = []
            var trades: [String: Bool] = [:]
            for (key, market) in entries {
                if keys[market] == nil { markets.append(market) }
                keys[market, default: []].append(key)
                trades[market] = (trades[market] ?? false) || traded.contains(key)
            }
            let size = max(1, feed.marketsPerConnection)
            for start in stride(from: 0, to: markets.count, by: size) {
                let chunk = Array(markets[start..<min(start + size, markets.count)])
                groups.append(Group(provider: config, feed: feed, markets: chunk,
                                    quoteKeys: keys.filter { chunk.contains($0.key) },
                                    trades: chunk.contains { trades[$0] == true }))
            }
        }
    }
}
