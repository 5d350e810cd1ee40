/// Checks a silence target against rules.json: a rule id, a favorite, `RULE:COIN` (the rule must
/// cover the coin) or `*`.
package enum SilenceTarget {
    /// What is wrong with `target`, with a did-you-mean, or nil when rules.json knows it.
    package static func problem(_ target: String, rules: RulesFile) -> String? {
        let ids = rules.rules.map(\.id)
        let coins = rules.favorites + rules.rules.map(\.coin).filter { $0 != "*" && !rules.favorites.contains($0) }
        switch Silence.Target(target) {
        case .everything: return nil
        case .name(let name):
            guard !ids.contains(name), !coins.contains(name) else { return nil }
            if let id = ids.first(where: { $0.lowercased() == name.lowercased() })
                ?? coins.first(where: { $0.lowercased() == name.lowercased() }) {
                return "'\(name)' is not a rule id or a favorite. Did you mean '\(id)'?"
            }
            return "'\(name)' is not a rule id, a favorite, RULE:COIN or '*'.\(Suggestion.phrase(for: name, in: ids + coins))"
        case .pair(let ruleID, let coin):
            guard let rule = rules.rules.first(where: { $0.id == ruleID }) else {
                return "'\(target)': no rule '\(ruleID)'.\(Suggestion.phrase(for: ruleID, in: ids))"
            }
            let covered = rule.coin == "*" ? rules.favorites : [rule.coin]
            guard coin == "*" || covered.contains(coin) else {
                return "'\(target)': rule '\(ruleID)' does not cover '\(coin)'.\(Suggestion.phrase(for: coin, in: covered))"
                    + " It covers \(covered.joined(separator: ", "))."
            }
            return nil
        }
    }
}
