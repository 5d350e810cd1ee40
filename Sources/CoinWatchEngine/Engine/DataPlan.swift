import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
/// What data each rule needs (SPEC §2), worked out once: the quotes its observations are made of,
/// the candles its indicators read and the histories a replay loads. Passes, `stream`, `explain`,
/// `backtest` and `check` all read it, so none works a rule's data out on its own.
package struct DataPlan: Sendable {
    /// A coin quoted in a currency by a provider (nil: the providers in order, with failover).
    package struct Feed: Sendable, Hashable {
        /// As written in rules.json (a favorite, or a currency's symbol that converts a premium).
        package var coin: String
        /// Lower case.
        package var vs: String
        package var provider: String?
    }

    /// What one rule needs.
    package struct RuleData: Sendable {
        /// The rule's id.
        package var id: String
        /// Whether a pass evaluates it (`enabled`; `expires` is a pass's own judgement).
        package var enabled: Bool
        /// Whether its condition is an event (a crossing, a range), which a trade between two
        /// observations can make happen (`stream` subscribes to every trade of its feeds).
        package var isEvent: Bool
        /// The coins of its pairs, as written (every favorite for `"*"`).
        package var coins: [String]
        /// Its quote currency (lower case) and provider (nil: the providers in order).
        package var vs: String
        package var provider: String?
        /// The indicators it reads on closed candles, of its own feed.
        package var indicators: [IndicatorNeed]
        /// The other legs its premiums compare against (`ConditionNeeds.premiums`).
        var premiums: [PremiumLeg]
        /// Whether it reads its exchange's market lists rather than quotes (`ConditionNeeds.marketLists`).
        var readsMarketLists: Bool
        /// The held coins, as written: the portfolio's quotes.
        var held: [String]
        /// `vs_currency`, lower case: the portfolio's currency.
        var vsCurrency: String

        /// The quotes the observation of its pair on `coin` is made of, its own first: both coins of
        /// a ratio, the held coins of the portfolio, a premium's other leg and the price that converts it.
        package func feeds(_ coin: String) -> [Feed] {
            if readsMarketLists { return [] }
            if coin == RuleCoin.portfolio { return held.map { Feed(coin: $0, vs: vsCurrency, provider: nil) } }
            if let parts = RuleCoin.ratioParts(coin) {
                return [Feed(coin: parts.base, vs: vs, provider: provider), Feed(coin: parts.quote, vs: vs, provider: provider)]
            }
            var own = [Feed(coin: coin, vs: vs, provider: provider)]
            for leg in premiums {
                own.append(Feed(coin: coin, vs: leg.againstVs, provider: leg.against.rawValue))
                if leg.againstVs != vs { own.append(Feed(coin: DataPlan.conversionCoin(leg), vs: vs, provider: provider)) }
            }
            return own
        }

        /// The coins whose price history a replay of its pair on `coin` is made from (the coin, a
        /// ratio's two coins, the portfolio's held coins), in `vs_currency`.
        package func history(_ coin: String) -> [String] {
            if readsMarketLists { return [] }
            if coin == RuleCoin.portfolio { return held }
            if let parts = RuleCoin.ratioParts(coin) { return [parts.base, parts.quote] }
            return [coin]
        }
    }

    /// `vs_currency`, lower case.
    package let vsCurrency: String
    /// The watchlist, as written.
    package let favorites: [String]
    /// The favorites a pass quotes: all but those `listed` rules name (`ConditionNeeds.awaitsMarket`), which wait on
    /// a market list, not a quote (SPEC §14: a coin not listed yet has none); a rule that reads a quote asks for its coin itself.
    let quotedFavorites: [String]
    /// One per rule of rules.json, same order (disabled ones too).
    package let rules: [RuleData]

    package init(_ file: RulesFile) {
        vsCurrency = file.vsCurrency
        favorites = file.favorites
        let awaited = Set(file.rules.filter { $0.enabled && $0.coin != "*" && $0.condition.kind.needs.awaitsMarket }.map(\.coin))
        quotedFavorites = awaited.isEmpty ? favorites : favorites.filter { !awaited.contains($0) }
        let held = file.holdings.map(\.coin).uniqued()
        rules = file.rules.map { rule in
            let needs = rule.condition.kind.needs
            return RuleData(id: rule.id, enabled: rule.enabled, isEvent: !needs.marketLists && !rule.condition.isLevel,
                            coins: file.pairCoins(of: rule), vs: rule.vs ?? file.vsCurrency,
                            provider: rule.provider?.rawValue, indicators: needs.indicators,
                            premiums: needs.premiums, readsMarketLists: needs.marketLists, held: held, vsCurrency: file.vsCurrency)
        }
    }

    /// The key of `feed` among a pass's quotes (`QuoteKey`).
    package func key(_ feed: Feed) -> String {
        QuoteKey.key(feed.coin, vs: feed.vs, provider: feed.provider, defaultVs: vsCurrency)
    }

    /// The coin whose price converts a premium's other leg: `against_vs` as a symbol (`USDT`, quoted
    /// as KRW-USDT on Upbit for a rule in krw).
    package static func conversionCoin(_ leg: PremiumLeg) -> String { leg.againstVs.uppercased() }

    /// What a pass fetches: the favorites through the providers in order, then every enabled rule's feeds.
    package var demand: QuoteDemand { QuoteDemand(self, rules: rules.indices, favorites: true) }

    /// What one rule's pairs on `coins` (nil: all of them) need fetched, and nothing else (`explain`).
    package func demand(rule index: Int, coins: Set<String>? = nil) -> QuoteDemand {
        QuoteDemand(self, rules: [index], favorites: false, coins: coins)
    }

    /// The indicators each feed's rules read (enabled rules), by the feed's key.
    package var indicatorNeeds: [String: [IndicatorNeed]] { indicatorNeeds(rules: rules.indices) }

    /// `indicatorNeeds` of the rules at `indices` only.
    package func indicatorNeeds(rules indices: some Sequence<Int>, coins: Set<String>? = nil) -> [String: [IndicatorNeed]] {
        var out: [String: [IndicatorNeed]] = [:]
        for index in indices {
            let rule = rules[index]
            guard rule.enabled, !rule.indicators.isEmpty else { continue }
            for coin in rule.coins where coins?.contains(coin) ?? true {
                guard let own = rule.feeds(coin).first else { continue }
                let key = key(own)
                for need in rule.indicators where !(out[key] ?? []).contains(where: { $0.key == need.key }) {
                    out[key, default: []].append(need)
                }
            }
        }
        return out
    }

    /// The quotes (by `QuoteKey`) some enabled event rule reads: `stream` subscribes to every trade of their markets.
    package var tradedKeys: Set<String> {
        var keys = Set<String>()
        for rule in rules where rule.enabled && rule.isEvent {
            for coin in rule.coins {
                for feed in rule.feeds(coin) { keys.insert(key(feed)) }
            }
        }
        return keys
    }

    /// The coins whose price history a replay of the enabled rules loads, favorites' order first.
    package var historyCoins: [String] {
        let coins = rules.filter(\.enabled).flatMap { rule in rule.coins.flatMap(rule.history) }
        let loaded = Set(coins)
        return (favorites.filter(loaded.contains) + coins).uniqued()
    }

    /// What each provider is asked for in each currency by a pass (`check --online`).
    package func asked(failover: [String], serves: (String, String) -> Bool) -> [(provider: String, vs: String, coins: [String])] {
        var out: [(provider: String, vs: String, coins: [String])] = []
        func add(_ provider: String, _ vs: String, _ coins: [String]) {
            guard !coins.isEmpty else { return }
            if let at = out.firstIndex(where: { $0.provider == provider && $0.vs == vs }) {
                out[at].coins += coins.filter { !out[at].coins.contains($0) }
            } else {
                out.append((provider, vs, coins.uniqued()))
            }
        }
        for currency in demand.currencies {
            for provider in failover where serves(provider, currency.vs) { add(provider, currency.vs, currency.failover) }
            for (provider, coins) in currency.pinned.sorted(by: { $0.key < $1.key }) { add(provider, currency.vs, coins) }
        }
        return out
    }
}
