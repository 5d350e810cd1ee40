import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch explain RULE [COIN]` (SPEC §11): per pair, the condition's figure against its threshold,
/// the pair's state and timers and what would make it notify next; judged as a pass would, never saved.
enum ExplainCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let positionals = context.arguments.positionals
        guard (1...2).contains(positionals.count) else {
            throw context.usage(positionals.isEmpty ? "Error: Missing rule id. Usage: \(HelpText.usage(.explain))"
                : "Error: Unexpected argument '\(positionals[2])'. Usage: \(HelpText.usage(.explain))")
        }
        if let empty = positionals.firstIndex(where: { $0.trimmingSpaces.isEmpty }) {
            throw context.usage("Error: The \(empty == 0 ? "rule id" : "coin") is empty; name one (see 'coinwatch check'). Usage: \(HelpText.usage(.explain))")
        }
        let rules = try context.loadRules(tolerateUnsetVariables: true)
        let ids = rules.rules.map(\.id)
        guard let ruleIndex = ids.firstIndex(of: positionals[0]) else {
            throw context.fail(.failure, "coinwatch: rules.json has no rule '\(SilenceTarget.shown(positionals[0]))'."
                + "\(Suggestion.phrase(for: positionals[0], in: ids)) See 'coinwatch check' for the rules.")
        }
        let rule = rules.rules[ruleIndex]
        if rule.condition.kind.needs.marketLists {
            return try runEvents(context, rules: rules, rule: rule, coin: positionals.count == 2 ? positionals[1] : nil)
        }
        var coins = rules.pairCoins(of: rule)
        if positionals.count == 2 {
            // As `/price btc` and `silence add btc` read a coin: a favorite in any case, or its symbol.
            let coin = positionals[1]
            var found = rules.pairCoin(named: coin, of: rule, symbols: [:])
            if found == nil {
                // A symbol only the state has learnt: its symbols are read only then (a read of the whole section).
                found = rules.pairCoin(named: coin, of: rule, symbols: try context.loadState(sections: .symbols).memory.symbols)
            }
            guard let found else {
                throw context.fail(.failure, "coinwatch: rule '\(rule.id)' does not cover '\(SilenceTarget.shown(coin))'."
                    + "\(Suggestion.phrase(for: coin, in: coins)) It covers \(coins.prefix(10).joined(separator: ", "))\(coins.count > 10 ? ", …" : "").")
            }
            coins = [found]
        }
        // The one rule, planned and observed as a pass plans and observes it (`DataPlan`, `RuleRunner`).
        var only = rules
        only.rules = [rule]
        // The favorites the pairs asked about are (the plan makes a slot for each favorite).
        let listed = Set(rules.favorites)
        only.favorites = coins.filter(listed.contains)
        let runner = RuleRunner(rules: only)
        let places = runner.pairs(ofRule: 0).filter { coins.contains($0.coin) }
        let data = DataPlan(only)
        let demand = data.demand(rule: 0, coins: Set(coins))
        let fetcher = RunCommand.makePass(context, rules: only).fetcher
        // Of the state, the pairs, series, cached quotes, symbols and resolved ids are read for these
        // pairs and their coins only, by their keys.
        var cached = Set<String>()
        var symbols = Set<String>()
        var favorites = Set<String>()
        for currency in demand.currencies {
            for coin in currency.failover + currency.pinned.values.joined() {
                symbols.insert(lookupKey(coin))
                favorites.insert(coin)
            }
            for source in fetcher.sources {
                let name = source.provider.name
                let asked = (source.failover ? currency.failover : []) + (currency.pinned[name] ?? [])
                for coin in asked { cached.insert(QuoteFetcher.cacheKey(provider: name, vs: currency.vs, favorite: coin)) }
            }
        }
        let sections = StateSections.explaining(pairs: Set(places.map(\.pairKey)), prices: Set(places.map(\.priceKey)), quotes: cached,
                                                symbols: symbols, favorites: favorites)
        var session = try WatchSession.explaining(context, rules: rules, sections: sections)
        defer { session.finish() }
        let now = session.now
        let fetched = fetcher.fetch(demand, defaultVs: rules.vsCurrency, memory: &session.state.memory, now: now)
        for failure in fetched.failures { context.io.err("coinwatch: \(failure.message)\n") }
        var indicators: [String: IndicatorReadings] = [:]
        let needs = data.indicatorNeeds(rules: [0], coins: Set(coins))
        if !needs.isEmpty {
            let feed = CandleFeed(storePath: Paths.historyStore(environment: context.io.environment))
            let update = feed.update(needs: needs, quotes: fetched.quotes, sources: fetcher.sources.compactMap { $0.provider as? any HistorySource },
                                     transport: fetcher.transport, memory: &session.state.memory, now: now)
            for line in update.warnings + update.failures.map(\.message) { context.io.err("coinwatch: warning: \(line)\n") }
            indicators = update.readings
        }
        let silences = SilenceIndex(session.state.silences, now: now)
        var policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
        let explained = places.map { place -> Explained in
            policy.silencedUntil = silences.until(rule: rule.id, coin: place.coin)
            let pair = session.state.pairs[place.pairKey] ?? PairState()
            let observation = runner.observation(of: place, quotes: fetched.quotes, prices: session.state.prices,
                                                 indicators: indicators, now: now)
            let outcome = observation.map { observation in
                PairStep.advance(rule.condition, rearm: rule.rearm, policy: policy, pair: pair, observation: observation)
            }
            let explanation = PairExplanation(pair: pair, policy: policy, condition: rule.condition, rearm: rule.rearm,
                                              enabled: rule.enabled, expiresAt: rule.expires?.timeIntervalSince1970,
                                              outcome: outcome, now: now)
            return Explained(coin: place.coin, pair: pair, observation: observation, outcome: outcome, explanation: explanation,
                             missing: observation == nil ? runner.missing(place, quotes: fetched.quotes) : nil)
        }
        if context.arguments.json {
            context.io.out(jsonHead(rule, rules: rules)
                + #","threshold":"# + (rule.condition.threshold.map(JSONOut.number) ?? "null")
                + #","pairs":"# + JSONOut.array(explained.map { json($0, condition: rule.condition) }) + "}\n")
        } else if !context.arguments.quiet {
            var out = heading(rule, rules: rules)
            for item in explained { out += text(item) }
            context.io.out(out)
        }
        return .success
    }

    /// `{"rule":…,"condition":…` (the object left open): how both kinds of explanation start in JSON.
    static func jsonHead(_ rule: Rule, rules: RulesFile) -> String {
        let condition = Plan(rules: rules).conditionText(rule.condition)
        return #"{"rule":"# + JSONOut.quote(rule.id) + #","condition":"# + JSONOut.quote(condition)
    }

    /// `btc-50k: crosses $50,000.00  [cooldown 1h]` and a newline: how both kinds of explanation start in text.
    static func heading(_ rule: Rule, rules: RulesFile) -> String {
        let plan = Plan(rules: rules)
        let timing = plan.timingText(rule)
        return "\(rule.id): \(plan.conditionText(rule.condition))" + (timing.isEmpty ? "" : "  [\(timing)]") + "\n"
    }

    /// One pair's explanation and what it was made from.
    struct Explained {
        var coin: String
        var pair: PairState
        /// What a pass now observes of the pair; nil without a quote.
        var observation: Observation?
        var outcome: PairStep.Outcome?
        var explanation: PairExplanation
        /// Why there is no observation (`RuleRunner.missing`).
        var missing: String?
    }

    static func text(_ item: Explained) -> String {
        let e = item.explanation
        var out = "  \(item.coin)\n"
        if let outcome = item.outcome {
            out += "    now:   \(outcome.evaluation.reason) — \(outcome.evaluation.holds ? "holds" : "does not hold")\n"
        } else {
            out += "    now:   not observed: \(item.missing ?? "no quote this pass")\n"
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

    /// One pair with its figures as numbers: `value` (the figure the condition compares: the price for
    /// price kinds, else the kind's own figure), `price`, `threshold`, `holds`, and in words `figure`.
    static func json(_ item: Explained, condition: Condition) -> String {
        let e = item.explanation
        var o = JSONOut()
        o.add("coin", item.coin)
        o.add("observed", item.observation != nil)
        o.add("value", item.outcome.map { condition.kind.figure($0.observation) ?? $0.observation.price })
        o.add("price", item.observation?.price)
        o.add("threshold", condition.threshold)
        o.add("figure", item.outcome?.evaluation.reason)
        o.add("holds", item.outcome?.evaluation.holds)
        o.add("not_observed", item.missing)
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
