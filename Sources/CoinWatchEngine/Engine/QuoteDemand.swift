import CoinWatchRules
/// What a pass fetches for a rules file, per currency: the coins quoted through the providers in
/// order and those pinned to one provider (a rule's `provider`, a premium's `against`, the
/// conversion price on the rule's provider), so each (provider, currency) is one batch (SPEC §2).
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

    package init(_ rules: RulesFile) {
        var currencies = [Currency(vs: rules.vsCurrency, failover: rules.favorites)]
        var at = [rules.vsCurrency: 0]
        var seen = Set<String>()
        func add(_ coins: [String], vs: String, provider: String?) {
            let index = at[vs] ?? {
                currencies.append(Currency(vs: vs))
                at[vs] = currencies.count - 1
                return currencies.count - 1
            }()
            for coin in coins where seen.insert(QuoteKey.key(coin, vs: vs, provider: provider, defaultVs: rules.vsCurrency)).inserted {
                if let provider { currencies[index].pinned[provider, default: []].append(coin) } else if index != 0 || !rules.favorites.contains(coin) {
                    currencies[index].failover.append(coin)
                }
            }
        }
        for favorite in rules.favorites { seen.insert(favorite) }
        for rule in rules.rules where rule.enabled {
            let coins = Self.coins(of: rule, favorites: rules.favorites)
            let vs = rule.vs ?? rules.vsCurrency
            let provider = rule.provider?.rawValue
            add(coins, vs: vs, provider: provider)
            for leg in rule.condition.kind.needs.premiums {
                add(coins, vs: leg.againstVs, provider: leg.against.rawValue)
                if leg.againstVs != vs { add([Self.conversionCoin(leg)], vs: vs, provider: provider) }
            }
        }
        self.currencies = currencies
    }

    /// The coins a rule's quotes are made of: every favorite for `"*"`, both of a ratio, none for the
    /// portfolio (its held coins are favorites).
    static func coins(of rule: Rule, favorites: [String]) -> [String] {
        if rule.coin == "*" { return favorites }
        if rule.coin == RuleCoin.portfolio { return [] }
        if let parts = RuleCoin.ratioParts(rule.coin) { return [parts.base, parts.quote] }
        return [rule.coin]
    }

    /// The coin whose price converts a premium's other leg: `against_vs` as a symbol (`USDT`, quoted
    /// as KRW-USDT on Upbit for a rule in krw).
    static func conversionCoin(_ leg: PremiumLeg) -> String { leg.againstVs.uppercased() }
}
