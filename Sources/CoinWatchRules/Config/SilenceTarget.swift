import CoinWatchSupport
import CoinWatchTransport
/// Checks a silence target against rules.json: a rule id, a favorite, `RULE:COIN` (the rule must
/// cover the coin) or `*`.
package enum SilenceTarget {
    /// `target` as a silence stores it, a favorite written as `favorites` writes it (given in another
    /// case or by its symbol, as `RulesFile.favorite(named:symbols:)` reads it); throws what is wrong
    /// with it. `symbols`: the favorites' symbols the state learnt (`ProviderMemory.symbols`).
    package static func resolved(_ target: String, rules: RulesFile, symbols: [String: String]) throws(OneLineError) -> String {
        let ids = rules.rules.map(\.id)
        let coins = rules.favorites + rules.rules.map(\.coin).filter { $0 != "*" && !rules.favorites.contains($0) }
        switch Silence.Target(target) {
        case .everything: return target
        case .name(let name):
            if ids.contains(name) || coins.contains(name) { return name }
            if let favorite = rules.favorite(named: name, symbols: symbols) { return favorite }
            if let id = ids.first(where: { $0.lowercased() == name.lowercased() })
                ?? coins.first(where: { $0.lowercased() == name.lowercased() }) {
                throw OneLineError("'\(name)' is not a rule id or a favorite. Did you mean '\(id)'?")
            }
            throw OneLineError("'\(name)' is not a rule id, a favorite, RULE:COIN or '*'.\(Suggestion.phrase(for: name, in: ids + coins))")
        case .pair(let ruleID, let coin):
            guard let rule = rules.rules.first(where: { $0.id == ruleID }) else {
                throw OneLineError("'\(target)': no rule '\(ruleID)'.\(Suggestion.phrase(for: ruleID, in: ids))")
            }
            let covered = rules.pairCoins(of: rule)
            if coin == "*" || covered.contains(coin) { return target }
            if let found = rules.pairCoin(named: coin, of: rule, symbols: symbols) { return ruleID + ":" + found }
            throw OneLineError("'\(target)': rule '\(ruleID)' does not cover '\(coin)'.\(Suggestion.phrase(for: coin, in: covered))"
                + " It covers \(covered.joined(separator: ", ")).")
        }
    }

    /// What a silence of `target` holds back, in words: `rule btc-100k (1 coin)`, `every rule on
    /// bitcoin and on ratios with bitcoin as a leg`, `rule big-mover on solana`, `every rule on every coin`.
    package static func described(_ target: String, rules: RulesFile) -> String {
        switch Silence.Target(target) {
        case .everything: return "every rule on every coin"
        case .name(let name):
            if let rule = rules.rules.first(where: { $0.id == name }) {
                let coins = rules.pairCoins(of: rule).count
                return "rule \(SilenceTarget.shown(name)) (\(coins) coin\(coins == 1 ? "" : "s"))"
            }
            let coin = SilenceTarget.shown(name)
            return "every rule on \(coin)" + (RuleCoin.ratioParts(name) == nil ? " and on ratios with \(coin) as a leg" : "")
        case .pair(let rule, let coin):
            return "rule \(SilenceTarget.shown(rule)) on \(coin == "*" ? "every coin" : SilenceTarget.shown(coin))"
        }
    }

    /// User text on one line without control characters.
    package static func shown(_ text: String) -> String { BodySummary.oneLine(Array(text.utf8), html: false) }
}
