import CoinWatchRules
/// What a pass fetches for a rules file, per currency (SPEC §2): the coins quoted through the
/// providers in order and those pinned to one provider, so each (provider, currency) is one batch.
package struct QuoteDemand: Sendable, Equatable {
    /// One currency's demand.
    package struct Currency: Sendable, Equatable {
        /// Lower case.
        package var vs: String
        /// Quoted through the providers in order.
        package var failover: [String] = []
        /// Provider name → coins quoted by that provider only.
        package var pinned: [String: [String]] = [:]
    }

    /// `vs_currency` first (its failover coins are the favorites), then the others in rule order.
    package var currencies: [Currency]

    /// The feeds of the enabled rules at `indices` (their pairs on `coins` only, when given), after the
    /// favorites a pass quotes (`DataPlan.quotedFavorites`) when `favorites`.
    init(_ plan: DataPlan, rules indices: some Sequence<Int>, favorites: Bool, coins: Set<String>? = nil) {
        var currencies = [Currency(vs: plan.vsCurrency, failover: favorites ? plan.quotedFavorites : [])]
        var at = [plan.vsCurrency: 0]
        var seen = favorites ? Set(plan.quotedFavorites) : []
        for index in indices {
            let rule = plan.rules[index]
            guard rule.enabled else { continue }
            // Each kind of feed for every pair before the next kind (the coins, then a premium's other
            // legs, then the conversion), so one batch lists the coins in rule order.
            var position = 0
            var more = true
            while more {
                more = false
                for coin in rule.coins where coins?.contains(coin) ?? true {
                    let feeds = rule.feeds(coin)
                    more = more || position + 1 < feeds.count
                    guard position < feeds.count else { continue }
                    let feed = feeds[position]
                    guard seen.insert(plan.key(feed)).inserted else { continue }
                    let slot = at[feed.vs] ?? {
                        currencies.append(Currency(vs: feed.vs))
                        at[feed.vs] = currencies.count - 1
                        return currencies.count - 1
                    }()
                    if let provider = feed.provider {
                        currencies[slot].pinned[provider, default: []].append(feed.coin)
                    } else {
                        currencies[slot].failover.append(feed.coin)
                    }
                }
                position += 1
            }
        }
        self.currencies = currencies
    }

    /// Nothing to fetch.
    init() { currencies = [] }

    /// Every coin to fetch with its `QuoteKey` (the favorites' currency being `defaultVs`), currency by currency: those
    /// quoted through the providers in order, then the pinned ones by provider name.
    func entries(defaultVs: String) -> [(key: String, coin: String, vs: String, provider: String?)] {
        currencies.flatMap { currency in
            let pinned = currency.pinned.sorted { $0.key < $1.key }.flatMap { provider, coins in coins.map { ($0, Optional(provider)) } }
            return (currency.failover.map { ($0, nil) } + pinned).map { coin, provider in
                (QuoteKey.key(coin, vs: currency.vs, provider: provider, defaultVs: defaultVs), coin, currency.vs, provider)
            }
        }
    }

    /// This demand with only the coins whose `QuoteKey` (the favorites' currency being `defaultVs`) `keep` accepts
    /// (`stream`: what its feeds serve, for a bridge over a gap, or what they do not, for its polls); a currency left
    /// with nothing to fetch is dropped.
    func filter(defaultVs: String, _ keep: (String) -> Bool) -> QuoteDemand {
        var out = self
        for index in out.currencies.indices {
            let vs = out.currencies[index].vs
            out.currencies[index].failover.removeAll { !keep(QuoteKey.key($0, vs: vs, provider: nil, defaultVs: defaultVs)) }
            for (provider, coins) in out.currencies[index].pinned {
                let kept = coins.filter { keep(QuoteKey.key($0, vs: vs, provider: provider, defaultVs: defaultVs)) }
                out.currencies[index].pinned[provider] = kept.isEmpty ? nil : kept
            }
        }
        out.currencies.removeAll { $0.failover.isEmpty && $0.pinned.isEmpty }
        return out
    }
}
