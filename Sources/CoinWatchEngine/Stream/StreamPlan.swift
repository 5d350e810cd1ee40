import CoinWatchMarket
import CoinWatchRules
/// Which quotes `stream` follows on which exchange feed (SPEC §9): each on the feed of the provider that served it,
/// when that provider has one; what else a pass fetches is polled over REST every `interval` (`StreamLoop`).
struct StreamPlan {
    /// One connection's worth of markets on one exchange.
    struct Group {
        /// The provider's rules.json entry (`ws_url`, `ca_file`, `timeout`).
        var provider: ProviderConfig
        var feed: any ExchangeFeed
        /// Market codes, in the order of the pass's demand (favorites first).
        var markets: [String]
        /// Market code → the quotes of the pass's demand it prices, by `QuoteKey` (a favorite's, a pinned rule's).
        var quoteKeys: [String: [String]]
        /// The markets whose every trade is subscribed too: a rule on one of their quotes is an event a trade between
        /// two tickers could make happen (`DataPlan.tradedKeys`).
        var traded: [String]

        /// The quotes this connection serves, by `QuoteKey`.
        var allKeys: [String] { markets.flatMap { quoteKeys[$0] ?? [] } }
        /// The URL it connects to.
        var url: String { feed.url(root: provider.wsURL, markets: markets, traded: traded) }
    }

    var groups: [Group] = []

    /// The plan for `rules` once `quotes` (by `QuoteKey`, from a REST fetch) say who serves what: every quote a pass
    /// fetches (`DataPlan.demand`: a favorite, a rule's own `vs` or `provider`, a premium's leg) whose provider has a
    /// feed is followed on it, by the market its REST quote named.
    init(rules: RulesFile, quotes: [String: Quote]) {
        var byProvider: [ProviderName: [(key: String, market: String)]] = [:]
        let plan = DataPlan(rules)
        let traded = plan.tradedKeys
        for entry in plan.demand.entries(defaultVs: rules.vsCurrency) {
            guard let quote = quotes[entry.key], let name = ProviderName(rawValue: quote.provider),
                  name.provider.feed != nil, rules.providers.contains(where: { $0.name == name }) else { continue }
            byProvider[name, default: []].append((entry.key, quote.providerID))
        }
        for config in rules.providers {
            guard let feed = config.name.provider.feed, let entries = byProvider[config.name] else { continue }
            var keys: [String: [String]] = [:]
            var markets: [String] = []
            var tradedMarkets: Set<String> = []
            for (key, market) in entries {
                if keys[market] == nil { markets.append(market) }
                keys[market, default: []].append(key)
                if traded.contains(key) { tradedMarkets.insert(market) }
            }
            let size = max(1, feed.marketsPerConnection)
            for start in stride(from: 0, to: markets.count, by: size) {
                let chunk = Array(markets[start..<min(start + size, markets.count)])
                groups.append(Group(provider: config, feed: feed, markets: chunk,
                                    quoteKeys: keys.filter { chunk.contains($0.key) },
                                    traded: chunk.filter(tradedMarkets.contains)))
            }
        }
    }
}
