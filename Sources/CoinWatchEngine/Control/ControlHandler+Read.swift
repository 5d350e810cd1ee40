import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The read commands: answers from the recorded prices, the rules and the state.
extension ControlHandler {
    /// `/price COIN`: the last recorded price, its time and the 24h change when the record covers it.
    static func price(_ coin: String, _ input: ControlInput) throws(ControlReply) -> ControlReply {
        let favorite = try favorite(coin, input)
        return ControlReply(priceLine(favorite, input) ?? "\(favorite): no price recorded yet; it comes with the next pass")
    }

    /// "bitcoin (BTC): $97,000.00, 24h +2.10% (12:00 UTC)", or nil when no price is recorded.
    static func priceLine(_ favorite: String, _ input: ControlInput) -> String? {
        let vs = input.rules.vsCurrency
        guard let series = input.state.prices[StateDocument.priceKey(coin: favorite, vs: vs)], let last = series.last else { return nil }
        let symbol = input.state.memory.symbols[favorite].map { " (\($0.uppercased()))" } ?? ""
        var line = "\(SilenceTarget.shown(favorite))\(symbol): \(NumberText.money(last.price, vs: vs))"
        if let change = change24h(series) { line += ", 24h \(NumberText.percent(change))" }
        return line + " (\(TimeText.iso(last.time)))"
    }

    /// Percent change from the last point at least 24 h before the newest to the newest, or nil.
    static func change24h(_ series: PriceSeries) -> Double? {
        guard let last = series.last, let then = series.points.last(where: { $0.time <= last.time - 86_400 }), then.price > 0 else { return nil }
        return (last.price - then.price) / then.price * 100
    }

    /// `/chart COIN [RANGE]`: the §12 image of the favorite over RANGE (default 1d), drawn from its history when
    /// the answer is sent; the caption is the favorite's price line and the range.
    static func chart(_ coin: String, range: String?, _ input: ControlInput,
                      _ verb: ControlVerb) throws(ControlReply) -> ControlReply {
        let favorite = try favorite(coin, input)
        var chosen = ChartRange.d1
        if let range {
            guard let parsed = ChartRange(rawValue: range.lowercased()) else {
                return usage(verb, "'\(SilenceTarget.shown(range))' is not a range; one of \(ChartRange.names).")
            }
            chosen = parsed
        }
        let vs = input.rules.vsCurrency
        let symbol = input.state.memory.symbols[favorite] ?? favorite
        let provider = input.rules.providers.first?.name.rawValue ?? ProviderRegistry.fallback.rawValue
        let caption = (priceLine(favorite, input) ?? SilenceTarget.shown(favorite)) + " · \(chosen.rawValue) chart"
        return ControlReply(caption, chart: ControlChart(coin: favorite, symbol: symbol, vs: vs, provider: provider, range: chosen.rawValue))
    }

    /// `/list`: each favorite's price line and its rules' states.
    static func list(_ input: ControlInput) -> ControlReply {
        guard !input.rules.favorites.isEmpty else { return ControlReply("no favorites; add one with /favorite add COIN") }
        let lines = input.rules.favorites.map { favorite -> String in
            var line = priceLine(favorite, input) ?? "\(SilenceTarget.shown(favorite)): no price yet"
            let states = input.rules.rules(covering: favorite).map { rule, pairCoin in
                "\(rule.id) \(explanation(rule, coin: pairCoin, input).status)"
            }
            if !states.isEmpty { line += " — " + states.joined(separator: ", ") }
            return line
        }
        return ControlReply(lines.joined(separator: "\n"))
    }

    /// `/rules`: id, coin and condition of each rule.
    static func rules(_ input: ControlInput) -> ControlReply {
        guard !input.rules.rules.isEmpty else { return ControlReply("no rules; add one with /alert COIN KIND VALUE") }
        return ControlReply(input.rules.rules.map { rule in
            var line = "\(rule.id): \(SilenceTarget.shown(rule.coin)) \(rule.condition.key)"
            if let threshold = rule.condition.threshold { line += " \(NumberText.plain(threshold))" }
            line += " -> " + input.rules.sinks(of: rule).joined(separator: ", ")
            return line + (rule.enabled ? "" : " (disabled)")
        }.joined(separator: "\n"))
    }

    /// `/explain RULE [COIN]`: each pair's status and what would make it notify next.
    static func explain(_ id: String, coin: String?, _ input: ControlInput) -> ControlReply {
        let ids = input.rules.rules.map(\.id)
        guard let rule = input.rules.rules.first(where: { $0.id == id }) else { return noRule(id, in: ids) }
        var coins = input.rules.pairCoins(of: rule)
        if let coin {
            guard let found = input.rules.pairCoin(named: coin, of: rule, symbols: input.state.memory.symbols) else {
                return failed("rule '\(rule.id)' does not cover '\(SilenceTarget.shown(coin))'.\(Suggestion.phrase(for: coin, in: coins))")
            }
            coins = [found]
        }
        let lines = coins.prefix(20).map { coin -> String in
            let explained = explanation(rule, coin: coin, input)
            return "\(rule.id) on \(SilenceTarget.shown(coin)): \(explained.status); \(explained.next)"
        }
        return ControlReply(lines.joined(separator: "\n") + (coins.count > 20 ? "\n… and \(coins.count - 20) more coins" : ""))
    }

    /// The pair's explanation from its state (no fresh quote: `explain` on the command line fetches one).
    static func explanation(_ rule: Rule, coin: String, _ input: ControlInput) -> PairExplanation {
        var policy = NotifyPolicy(rule: rule, defaults: input.rules.defaults)
        policy.silencedUntil = SilenceIndex(input.state.silences, now: input.now).until(rule: rule.id, coin: coin)
        let pair = input.state.pairs[StateDocument.pairKey(rule: rule.id, coin: coin)] ?? PairState()
        return PairExplanation(pair: pair, policy: policy, condition: rule.condition, rearm: rule.rearm, enabled: rule.enabled,
                               expiresAt: rule.expires?.timeIntervalSince1970, outcome: nil, now: input.now)
    }

    /// `/silences`: id, target, until and comment of each silence in force.
    static func silences(_ input: ControlInput) -> ControlReply {
        let active = input.state.silences.filter { $0.until > input.now }
        guard !active.isEmpty else { return ControlReply("no silences in force") }
        return ControlReply(active.map { silence in
            "\(silence.id) \(SilenceTarget.shown(silence.target)) until \(TimeText.iso(silence.until))"
                + (silence.comment.map { " — " + SilenceTarget.shown($0) } ?? "")
        }.joined(separator: "\n"))
    }

    /// `/outbox`: what `outbox list` shows, a line each: id, sink, what waits, attempts, what holds it, the next try and
    /// the last error (secrets scrubbed) or the file the records wait for.
    static func outbox(_ input: ControlInput) -> ControlReply {
        let rows = OutboxRow.all(input.state, rules: input.rules)
        guard !rows.isEmpty else { return ControlReply("the outbox is empty") }
        return ControlReply(rows.map { row in
            "\(row.id) → \(SilenceTarget.shown(row.sink)): \(SilenceTarget.shown(row.what)); "
                + (row.entry.map { "\($0.attempts) attempts; " } ?? "") + "held by \(row.heldBy), next try \(row.nextTry)"
                + (row.note.map { "; " + SilenceTarget.shown($0) } ?? "")
        }.joined(separator: "\n"))
    }

    /// `/log [N]`: the last N notifications (rule, coin, time), newest first.
    static func log(_ count: String?, _ input: ControlInput, _ verb: ControlVerb) -> ControlReply {
        var limit = 10
        if let count {
            guard let n = Int(count), n > 0 else { return usage(verb) }
            limit = min(n, maxLog)
        }
        var fired: [(key: String, time: Double)] = []
        for (key, pair) in input.state.pairs {
            if let time = pair.lastNotified { fired.append((key, time)) }
        }
        guard !fired.isEmpty else { return ControlReply("no alerts yet") }
        fired.sort { $0.time != $1.time ? $0.time > $1.time : $0.key < $1.key }
        return ControlReply(fired.prefix(limit).map { item in
            let parts = item.key.split(separator: "|", maxSplits: 1).map(String.init)
            let pair = parts.count == 2 ? "\(parts[0]) on \(parts[1])" : item.key
            return "\(TimeText.iso(item.time)) \(SilenceTarget.shown(pair))"
        }.joined(separator: "\n"))
    }
}
