import CoinWatchRules
/// Which rules a price history cannot evaluate as a live pass would, and why (SPEC §8): one
/// warning line each, so no rule is skipped or misjudged in silence.
package enum BacktestCoverage {
    /// Why a price history cannot evaluate a kind, from what it reads; nil when it can (a 24h
    /// volume only where the history holds volumes, checked per coin).
    static func unevaluable(_ kind: any ConditionKind.Type) -> String? {
        if kind.readsOtherLeg { return "the history is one provider's, with no second market to compare against" }
        switch kind.figure {
        case .marketCap?: return "the history holds no market cap"
        case .rank?: return "the history holds no market-cap rank"
        case .volume24h?, nil: return nil
        }
    }

    /// One line per enabled rule the replay of `series` (coin → history) cannot evaluate as live,
    /// naming it and the reason.
    package static func warnings(_ rules: RulesFile, series: [String: Backtest.Series]) -> [String] {
        var lines: [String] = []
        for rule in rules.rules where rule.enabled {
            let key = rule.condition.key
            let kind = type(of: rule.condition.kind)
            if rule.condition.kind.needs.marketLists {
                lines.append("rule '\(rule.id)' (\(key)) cannot be backtested: there is no history of the exchange's market lists "
                             + "and flags to replay; it never fires in the replay")
                continue
            }
            if let reason = unevaluable(kind) {
                lines.append("rule '\(rule.id)' (\(key)) cannot be backtested: \(reason); it never fires in the replay")
            } else if let reason = coinReason(rule, rules) {
                lines.append("rule '\(rule.id)' (\(key) on \(rule.coin)) cannot be backtested: \(reason); it never fires in the replay")
            }
            if kind.figure == .volume24h {
                let coins = rules.pairCoins(of: rule)
                for coin in coins where series[coin].map({ $0.volumeSums == nil }) ?? false {
                    lines.append("rule '\(rule.id)' (\(key)) cannot be backtested on \(coin): its history holds no traded volume "
                                 + "(\(series[coin]?.template.provider ?? "the provider") serves prices only), so the 24h volume is unknown; "
                                 + "it never fires there in the replay")
                }
            }
            if let window = (rule.condition.kind as? any WindowExtremeKind)?.window, window == .w52 || window == .all,
               rules.pairCoins(of: rule).contains(where: { series[$0].map { $0.before == nil } ?? true }) {
                lines.append("rule '\(rule.id)' (\(key) \(window.rawValue)): the provider's \(window == .all ? "all-time" : "52-week") "
                             + "figure is not in the history (the history before the start could not be fetched), so it holds only after the replay "
                             + "has watched the coin for the window")
            }
        }
        return lines
    }

    /// Why the replay (one history per coin in `vs_currency`, from the failover providers) cannot price the rule's coin
    /// as a live pass would; nil when it can.
    static func coinReason(_ rule: Rule, _ rules: RulesFile) -> String? {
        if let vs = rule.vs, vs != rules.vsCurrency { return "the replay fetches history in \(rules.vsCurrency), not the rule's \(vs)" }
        if let provider = rule.provider { return "the replay fetches history from the failover providers, not from the rule's own \(provider.rawValue)" }
        return nil
    }
}
