import CoinWatchMarket
/// The favorites as commands name them: the favorite a word stands for, and the rules that cover one.
extension RulesFile {
    /// The favorite `text` names, as `favorites` writes it: the favorite itself (case and surrounding
    /// spaces ignored), else the favorite whose symbol it is; nil when it names none. `symbols`: each
    /// favorite's symbol by `lookupKey` of the favorite, as the state learnt it from a provider; before
    /// a pass has learnt one, a well-known coin's (`WellKnownSymbols`, as `check`'s did-you-mean).
    package func favorite(named text: String, symbols: [String: String]) -> String? {
        let key = lookupKey(text)
        return favorites.first { lookupKey($0) == key }
            ?? favorites.first { (symbols[lookupKey($0)] ?? WellKnownSymbols.byID[lookupKey($0)]).map(lookupKey) == key }
    }

    /// The coin of `rule`'s pair that `text` names: the favorite `favorite(named:symbols:)` finds, when the
    /// rule covers it, or the rule's own coin (a ratio, the portfolio) in any case; nil when it names none.
    package func pairCoin(named text: String, of rule: Rule, symbols: [String: String]) -> String? {
        let favorite = favorite(named: text, symbols: symbols)
        if rule.coin == "*" { return favorite }
        return favorite == rule.coin || lookupKey(text) == lookupKey(rule.coin) ? rule.coin : nil
    }

    /// The coins of `rule`'s pairs, as written: every favorite for `"*"`, else the rule's coin (a ratio's
    /// pair is the ratio, the portfolio's the portfolio: `rules(covering:)` also finds a ratio by its coins).
    package func pairCoins(of rule: Rule) -> [String] { rule.coin == "*" ? favorites : [rule.coin] }

    /// The sinks `rule` notifies: its own `notify`, else `defaults.notify`.
    package func sinks(of rule: Rule) -> [String] { rule.notify ?? defaults.notify }

    /// The rules that cover `favorite` (as `favorites` writes it): the `"*"` ones and those whose coin
    /// names it (`RuleCoin.named`: the coin itself or a leg of a ratio), each with the coin of its pair
    /// there (`favorite` for a `"*"` rule, else the rule's coin: a ratio's pair is the ratio).
    package func rules(covering favorite: String) -> [(rule: Rule, pairCoin: String)] {
        rules.compactMap { rule in
            if rule.coin == "*" { return (rule, favorite) }
            return RuleCoin.named(rule.coin, isFavorite: favorites.contains).contains(favorite) ? (rule, rule.coin) : nil
        }
    }
}
