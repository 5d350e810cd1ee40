import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchEngine
extension Plan {
    /// One batch of a pass (SPEC §2 per-rule `vs` and `provider`): a provider asked for some coins in one currency.
    struct Batch: Equatable {
        var provider: String
        var vs: String
        /// Coins in the batch.
        var coins: Int
        /// Its quote requests (CoinGecko: one per 250 ids; an exchange: one per its chunk of markets).
        var requests: Int
    }

    /// The quote batches a pass makes (before the cache): per currency, the first provider serving it
    /// takes the failover coins with those pinned to it; every other pinned provider is a batch of its own.
    func batches() -> [Batch] {
        var out: [Batch] = []
        for currency in DataPlan(rules).demand.currencies {
            var pinned = currency.pinned
            if !currency.failover.isEmpty, let first = rules.providers.first(where: { QuoteFetcher.serves($0.name.rawValue, currency.vs) }) {
                let name = first.name.rawValue
                let coins = (currency.failover + (pinned.removeValue(forKey: name) ?? [])).uniqued()
                out.append(batch(first, vs: currency.vs, coins: coins))
            }
            for (name, coins) in pinned.sorted(by: { $0.key < $1.key }) {
                guard let provider = ProviderName(rawValue: name) else { continue }
                out.append(batch(rules.providers.config(provider), vs: currency.vs, coins: coins.uniqued()))
            }
        }
        return out
    }

    private func batch(_ config: ProviderConfig, vs: String, coins: [String]) -> Batch {
        let requests: Int
        let provider = ProviderRegistry.make(config, environment: [:])
        if let exchange = provider as? any ListedMarketExchange {
            let size = max(1, type(of: exchange).chunkSize)
            requests = (coins.count + size - 1) / size
        } else {
            requests = max(1, (try? provider.requests(QuoteQuery(favorites: coins, vs: vs)).count) ?? 1)
        }
        return Batch(provider: config.name.rawValue, vs: vs, coins: coins.count, requests: requests)
    }

    /// The market lists a pass (and `stream`) asks for (SPEC §14), each at most once per `listing_interval`:
    /// an exchange's list in one currency.
    /// With each its own requests: those an earlier group does not already make (a pass sends one request once,
    /// `MarketEventStage.requests(of:)`: Upbit's one list serves every currency).
    func listGroups() -> [(group: MarketEventStage.Group, requests: Int)] {
        let providers = rules.providers.map { ProviderRegistry.make($0, environment: [:]) }
        var asked: Set<String> = []
        return MarketEventStage.groups(rules: rules, providers: providers, now: -.infinity).groups.map { group in
            (group, group.requests.filter { asked.insert($0.url).inserted }.count)
        }
    }

    /// `exchange events add: upbit krw: 1 market list request every 10m (it also serves favorites)`; nil without such rules.
    func listRequestsText() -> String? {
        let lists = listGroups()
        guard !lists.isEmpty else { return nil }
        let every = TimeText.duration(rules.listingInterval)
        return "exchange events add: " + lists.map { list, requests in
            guard requests > 0 else { return "\(list.exchange.name) \(list.vs): no request of its own (an earlier list serves it)" }
            return "\(list.exchange.name) \(list.vs): \(requests) market list request\(requests == 1 ? "" : "s") every \(every)"
                + (list.exchange.eventsShareListing ? " (it also serves favorites)" : "")
        }.joined(separator: "; ")
    }

    /// `requests a pass: 3 (coingecko usd: 1 for 2 coins; …), none within cache_ttl`.
    func requestsText() -> String {
        let all = batches()
        let total = all.reduce(0) { $0 + $1.requests }
        let parts = all.map { "\($0.provider) \($0.vs): \($0.requests) for \($0.coins) coin\($0.coins == 1 ? "" : "s")" }
        return "requests a pass: \(total) quote request\(total == 1 ? "" : "s") (" + parts.joined(separator: "; ")
            + "), none within cache_ttl; exchanges add a market listing request once a day; indicator rules add history requests (below)"
    }

    /// `{"quote_requests": 3, "batches": [{"provider": "coingecko", "vs": "usd", "coins": 2, "requests": 1}, …]}`.
    func requestsJSON() -> String {
        let all = batches()
        var out = JSONOut()
        out.add("quote_requests", all.reduce(0) { $0 + $1.requests })
        out.addRaw("batches", JSONOut.array(all.map { batch in
            var b = JSONOut()
            b.add("provider", batch.provider)
            b.add("vs", batch.vs)
            b.add("coins", batch.coins)
            b.add("requests", batch.requests)
            return b.text
        }))
        let lists = listGroups()
        if !lists.isEmpty {
            out.addRaw("market_lists", JSONOut.array(lists.map { list, requests in
                var b = JSONOut()
                b.add("provider", list.exchange.name)
                b.add("vs", list.vs)
                b.add("requests", requests)
                b.add("every_seconds", rules.listingInterval)
                b.add("serves_favorites", list.exchange.eventsShareListing)
                return b.text
            }))
        }
        return out.text
    }
}
