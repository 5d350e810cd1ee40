import CoinWatchRules
/// Which rules a price history cannot evaluate as a live pass would, and why (SPEC §8): one
/// warning line each, so no rule is skipped or misjudged in silence.
package enum BacktestCoverage {
    /// Condition key → why the history cannot evaluate it.
    static let unevaluable: [String: String] = [
        "market_cap_above": "the history holds no market cap",
        "market_cap_below": "the history holds no market cap",
        "rank_within": "the history holds no market-cap rank",
        "premium_above": "the history is one provider's, with no second market to compare against",
        "premium_below": "the history is one provider's, with no second market to compare against",
        "value_above": "the replay does not value holdings",
        "value_below": "the replay does not value holdings",
        "pnl_pct_above": "the replay does not value holdings",
        "pnl_pct_below": "the replay does not value holdings",
    ]

    /// Conditions on the 24h traded volume, which only a history with volumes can evaluate.
    static let volumeKeys: Set<String> = ["volume_24h_above", "volume_24h_below"]

    /// One line per enabled rule the replay of `series` (coin → history) cannot evaluate as live,
    /// naming it and the reason.
    package static func warnings(_ rules: RulesFile, series: [String: Backtest.Series]) -> [String] {
        var lines: [String] = []
        for rule in rules.rules where rule.enabled {
            let key = rule.condition.key
            if let reason = unevaluable[key] {
                lines.append("rule '\(rule.id)' (\(key)) cannot be backtested: \(reason); it never fires in the replay")
            } else if let reason = coinReason(rule, rules) {
                lines.append("rule '\(rule.id)' (\(key) on \(rule.coin)) cannot be backtested: \(reason); it never fires in the replay")
            }
            if volumeKeys.contains(key) {
                let coins = rule.coin == "*" ? rules.favorites : [rule.coin]
                for coin in coins where series[coin].map({ $0.volumeSums == nil }) ?? false {
                    lines.append("rule '\(rule.id)' (\(key)) cannot be backtested on \(coin): its history holds no traded volume "
                                 + "(\(series[coin]?.template.provider ?? "the provider") serves prices only), so the 24h volume is unknown; "
                                 + "it never fires there in the replay")
                }
            }
            if let window = (rule.condition.kind as? any WindowExtremeKind)?.window, window == .w52 || window == .all,
               (rule.coin == "*" ? rules.favorites : [rule.coin]).contains(where: { series[$0].map { $0.before == nil } ?? true }) {
                lines.append("rule '\(rule.id)' (\(key) \(window.rawValue)): the provider's \(window == .all ? "all-time" : "52-week") "
                             + "figure is not in the history (the history before the start could not be fetched), so it holds only after the replay "
                             + "has watched the coin for the window")
            }
        }
        return lines
    }

    /// Why the replay, one history per favorite in `vs_currency` from the failover providers, cannot
    /// price the rule's coin as a live pass would; nil when it can.
    static func coinReason(_ rule: Rule, _ rules: RulesFile) -> String? {
        if RuleCoin.ratioParts(rule.coin) != nil { return "a ratio is priced from two coins' quotes in one pass, and the replay runs one coin at a time" }
        if rule.coin == RuleCoin.portfolio { return "the replay does not value holdings" }
        if let vs = rule.vs, vs != rules.vsCurrency { return "the replay fetches history in \(rules.vsCurrency), not the rule's \(vs)" }
        if let provider = rule.provider { return "the replay fetches history from the failover providers, not from the rule's own \(provider.rawValue)" }
        return nil
    }
}
