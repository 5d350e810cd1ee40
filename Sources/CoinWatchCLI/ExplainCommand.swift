import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch explain RULE [COIN]` (SPEC §11): per pair, the condition's figure against its
/// threshold, whether it holds, the pair's state and timers, the last notification, and what would
/// make it notify next. It fetches quotes as a pass would (sharing the cache and backoff), judges
/// each pair as a pass now would (`PairStep.advance`), and writes no pair state.
enum ExplainCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        let positionals = context.arguments.positionals
        guard (1...2).contains(positionals.count) else {
            context.io.err(positionals.isEmpty ? "Error: Missing rule id. Usage: coinwatch explain RULE [COIN].\n"
                : "Error: Unexpected argument '\(positionals[2])'. Usage: coinwatch explain RULE [COIN].\n")
            return .usage
        }
        let rules: RulesFile
        switch context.loadRules(tolerateUnsetVariables: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        let ids = rules.rules.map(\.id)
        guard let ruleIndex = ids.firstIndex(of: positionals[0]) else {
            context.io.err("coinwatch: rules.json has no rule '\(SilenceCommand.shown(positionals[0]))'.\(Suggestion.phrase(for: positionals[0], in: ids))"
                + " See 'coinwatch check' for the rules.\n")
            return .failure
        }
        let rule = rules.rules[ruleIndex]
        var coins = rule.coin == "*" ? rules.favorites : [rule.coin]
        if positionals.count == 2 {
            let coin = positionals[1]
            guard coins.contains(coin) else {
                context.io.err("coinwatch: rule '\(rule.id)' does not cover '\(SilenceCommand.shown(coin))'.\(Suggestion.phrase(for: coin, in: coins))"
                    + " It covers \(coins.prefix(10).joined(separator: ", "))\(coins.count > 10 ? ", …" : "").\n")
                return .failure
            }
            coins = [coin]
        }
        let fetcher = RunCommand.makePass(context, rules: rules).fetcher
        // Of the state, the pairs, series and cached quotes are read for these coins only, by their keys.
        let providers = fetcher.sources.map(\.provider.name)
        let sections = StateSections.explaining(
            pairs: Set(coins.map { StateDocument.pairKey(rule: rule.id, coin: $0) }),
            prices: Set(coins.map { StateDocument.priceKey(coin: $0, vs: rules.vsCurrency) }),
            quotes: Set(providers.flatMap { name in coins.map { QuoteFetcher.cacheKey(provider: name, vs: rules.vsCurrency, favorite: $0) } }))
        var session = WatchSession.open(context, rules: rules, sections: sections)
        defer { session.finish() }
        let now = session.now
        let fetched = fetcher.fetch(favorites: coins, vs: rules.vsCurrency, memory: &session.state.memory, now: now)
        for failure in fetched.failures { context.io.err("coinwatch: \(failure.message)\n") }
        let silences = SilenceIndex(session.state.silences, now: now)
        var policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
        let explained = coins.map { coin -> Explained in
            policy.silencedUntil = silences.until(rule: rule.id, coin: coin)
            let pair = session.state.pairs[StateDocument.pairKey(rule: rule.id, coin: coin)] ?? PairState()
            let series = session.state.prices[StateDocument.priceKey(coin: coin, vs: rules.vsCurrency)]
            let outcome = fetched.quotes[coin].map { quote in
                PairStep.advance(rule.condition, rearm: rule.rearm, policy: policy, pair: pair,
                                 observation: Observation(quote: quote, previous: series?.points.last?.price, series: series, now: now))
            }
            let explanation = PairExplanation(pair: pair, policy: policy, condition: rule.condition, rearm: rule.rearm,
                                              enabled: rule.enabled, expiresAt: rule.expires?.timeIntervalSince1970,
                                              outcome: outcome, now: now)
            return Explained(coin: coin, pair: pair, outcome: outcome, explanation: explanation)
        }
        let plan = Plan(rules: rules)
        if context.arguments.json {
            context.io.out(#"{"rule":"# + JSONOut.quote(rule.id) + #","condition":"# + JSONOut.quote(plan.conditionText(rule.condition))
                + #","pairs":"# + JSONOut.array(explained.map(json)) + "}\n")
        } else if !context.arguments.quiet {
            var out = "\(rule.id): \(plan.conditionText(rule.condition))"
            let timing = plan.timingText(rule)
            out += (timing.isEmpty ? "" : "  [\(timing)]") + "\n"
            for item in explained { out += text(item) }
            context.io.out(out)
        }
        return .success
    }

    /// One pair's explanation and what it was made from.
    struct Explained {
        var coin: String
        var pair: PairState
        var outcome: PairStep.Outcome?
        var explanation: PairExplanation
    }

    static func text(_ item: Explained) -> String {
        let e = item.explanation
        var out = "  \(item.coin)\n"
        if let outcome = item.outcome {
            out += "    now:   \(outcome.evaluation.reason) — \(outcome.evaluation.holds ? "holds" : "does not hold")\n"
        } else {
            out += "    now:   no quote\n"
        }
        out += "    state: \(stateText(e.timers, status: e.status))\n"
        out += "    last notified: " + (item.pair.lastNotified.map(TimeText.iso) ?? "never") + "\n"
        out += "    next:  \(e.next)\n"
        return out
    }

    /// `firing since 2026-…, cooldown until …, re-arms at 99000` (every timer that applies).
    static func stateText(_ t: PairExplanation.Timers, status: String) -> String {
        var parts: [String] = []
        if t.disabled { parts.append("disabled") }
        if let at = t.expiredAt { parts.append("expired at \(TimeText.iso(at))") }
        if let until = t.silencedUntil { parts.append("silenced until \(TimeText.iso(until))") }
        if t.onceSpent { parts.append("once spent") }
        if t.firing { parts.append("firing" + (t.firingSince.map { " since \(TimeText.iso($0))" } ?? "")) }
        if let until = t.pendingUntil { parts.append("pending `for` until \(TimeText.iso(until))") }
        if let until = t.cooldownUntil { parts.append("cooldown until \(TimeText.iso(until))") }
        if let mark = t.rearmAt { parts.append("re-arms at \(NumberText.plain(mark))") }
        return parts.isEmpty ? status : parts.joined(separator: ", ")
    }

    static func json(_ item: Explained) -> String {
        let e = item.explanation
        var o = JSONOut()
        o.add("coin", item.coin)
        o.add("figure", item.outcome?.evaluation.reason)
        o.add("holds", item.outcome?.evaluation.holds)
        o.add("status", e.status)
        o.add("pending_until", e.timers.pendingUntil.map(TimeText.iso))
        o.add("firing_since", e.timers.firingSince.map(TimeText.iso))
        o.add("cooldown_until", e.timers.cooldownUntil.map(TimeText.iso))
        o.add("rearm_at", e.timers.rearmAt)
        o.add("once_spent", e.timers.onceSpent ? true : nil)
        o.add("silenced_until", e.timers.silencedUntil.map(TimeText.iso))
        o.add("expired_at", e.timers.expiredAt.map(TimeText.iso))
        o.add("last_notified", item.pair.lastNotified.map(TimeText.iso))
        o.add("decision", e.decision.map { $0.status == nil ? "silent" : "notify" })
        o.add("reason", e.decision?.reason.rawValue)
        o.add("next", e.next)
        return o.text
    }
}
