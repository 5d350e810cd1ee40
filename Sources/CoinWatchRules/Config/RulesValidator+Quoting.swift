import CoinWatchSupport
import CoinWatchMarket
extension RulesValidator {
    /// A rule's `vs` (a currency code) and `provider` (one of `providers`, serving that currency).
    mutating func ruleQuoting(_ fields: JSONFields, into rule: inout Rule, path: String, file: RulesFile) {
        if let node = fields["vs"] {
            rule.vs = vsCurrency(node, path: JSONPath.child(path, "vs"))
        }
        guard let node = fields["provider"] else {
            if let vs = rule.vs, let at = fields["vs"] {
                let served = file.providers.contains { Self.offers($0.name, vs) }
                if !served {
                    let offered = file.providers.flatMap { ProviderRegistry.knownCurrencies($0.name) }.uniqued()
                    error("no provider in providers quotes in '\(vs)'." + Self.currencyPhrase(vs, in: offered)
                          + " Add a provider that does, or give the rule a \"provider\"", at: at, path: JSONPath.child(path, "vs"))
                }
            }
            return
        }
        let providerPath = JSONPath.child(path, "provider")
        guard let name = providerName(node, path: providerPath) else { return }
        rule.provider = name
        checkCurrency(name, vs: rule.vs ?? file.vsCurrency, what: rule.vs == nil ? "vs_currency" : "the rule's vs",
                      at: fields["vs"] ?? node, path: fields["vs"] == nil ? providerPath : JSONPath.child(path, "vs"))
    }

    /// What the coin's form allows: `"portfolio"` takes only holdings conditions, in `vs_currency`, and
    /// needs `holdings`; holdings conditions are in `vs_currency`; a premium names one coin.
    mutating func checkCoinForm(_ coin: String, _ condition: Condition, rule: Rule, fields: JSONFields,
                                node: JSONNode, path: String, file: RulesFile) {
        let needs = condition.kind.needs
        let coinNode = fields["coin"] ?? node
        func coinPath() -> String { JSONPath.child(path, "coin") }
        if coin == RuleCoin.portfolio {
            if file.holdings.isEmpty {
                error("coin \"portfolio\" is the total of holdings, and there are none; add holdings lots, e.g. "
                      + "\"holdings\": [{\"coin\": \"bitcoin\", \"amount\": 0.5, \"price\": 30000}]", at: coinNode, path: coinPath())
            }
            if !needs.holdings {
                error("coin \"portfolio\" takes value_above, value_below, pnl_pct_above or pnl_pct_below, not \(condition.key)",
                      at: fields["when"] ?? node, path: JSONPath.child(path, "when"))
            }
            if let at = fields["provider"] {
                error("coin \"portfolio\" is valued from each held coin's own quote; leave provider out", at: at, path: JSONPath.child(path, "provider"))
            }
        }
        if needs.holdings, coin != "*", coin != RuleCoin.portfolio, !file.holdings.contains(where: { $0.coin == coin }) {
            warning("\(coin) has no holdings lot, so \(condition.key) never holds for it; add a lot to holdings or use \"coin\": \"portfolio\"",
                    at: coinNode, path: coinPath())
        }
        if needs.holdings, let vs = rule.vs, vs != file.vsCurrency, let at = fields["vs"] {
            error("\(condition.key) values holdings, whose prices are in vs_currency '\(file.vsCurrency)'; leave vs out",
                  at: at, path: JSONPath.child(path, "vs"))
        }
        if !needs.premiums.isEmpty, coin == RuleCoin.portfolio || RuleCoin.ratioParts(coin) != nil {
            error("\(condition.key) compares one coin on two providers; use a favorite or \"*\", not \(coin)", at: coinNode, path: coinPath())
        }
    }
}

extension RulesFile {
    /// The providers some rule asks by name: its `provider`, or a premium's `against` (a provider
    /// that `providers` does not list serves those rules only, with its defaults).
    package static func providersAsked(_ rules: [Rule]) -> Set<ProviderName> {
        var asked = Set<ProviderName>()
        for rule in rules {
            if let provider = rule.provider { asked.insert(provider) }
            for leg in rule.condition.kind.needs.premiums { asked.insert(leg.against) }
        }
        return asked
    }
}
