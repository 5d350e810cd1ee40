import CoinWatchMarket
/// The favorites as commands name them: the rules that cover one.
extension RulesFile {
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
