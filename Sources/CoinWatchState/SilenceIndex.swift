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

    /// When the last silence covering the pair ends (seconds since 1970), nil when none covers it
    /// (`Silence.Target.forEachCovering` says which do).
    package func until(rule: String, coin: String) -> Double? {
        guard !isEmpty else { return nil }
        var last: Double?
        Silence.Target.forEachCovering(rule: rule, coin: coin) { target in
            let end: Double?
            switch target {
            case .everything: end = everything
            case .name(let name): end = names[name]
            case .pair(let rule, let coin): end = pairs[StateDocument.pairKey(rule: rule, coin: coin)]
            }
            if let end { last = max(last ?? end, end) }
        }
        return last
    }
}
