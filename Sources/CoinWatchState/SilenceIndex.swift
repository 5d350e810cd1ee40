import CoinWatchRules
/// The silences in force at one instant, looked up per (rule, coin) pair. Built once per pass; with
/// none in force `isEmpty` lets the pass skip the look-up altogether.
package struct SilenceIndex: Sendable {
    private var everything: Double?
    private var names: [String: Double] = [:]
    private var pairs: [String: Double] = [:]

    /// True when no silence is in force.
    package let isEmpty: Bool

    /// The silences of `silences` that have not ended at `now` (seconds since 1970).
    package init(_ silences: [Silence], now: Double) {
        var empty = true
        for silence in silences where silence.until > now {
            empty = false
            switch Silence.Target(silence.target) {
            case .everything: everything = max(everything ?? 0, silence.until)
            case .name(let name): names[name] = max(names[name] ?? 0, silence.until)
            case .pair(let rule, let coin):
                let key = StateDocument.pairKey(rule: rule, coin: coin)
                pairs[key] = max(pairs[key] ?? 0, silence.until)
            }
        }
        isEmpty = empty
    }

    /// When the last silence covering the pair ends (seconds since 1970), nil when none covers it. A silenced favorite
    /// covers the ratios it is a leg of too (`bitcoin` covers `ethereum/bitcoin`): its alerts do not arrive.
    package func until(rule: String, coin: String) -> Double? {
        guard !isEmpty else { return nil }
        let legs = RuleCoin.ratioParts(coin)
        let found = [everything, names[rule], names[coin], legs.flatMap { names[$0.base] }, legs.flatMap { names[$0.quote] },
                     pairs[StateDocument.pairKey(rule: rule, coin: coin)],
                     pairs[StateDocument.pairKey(rule: rule, coin: "*")]].compactMap { $0 }
        return found.max()
    }
}
