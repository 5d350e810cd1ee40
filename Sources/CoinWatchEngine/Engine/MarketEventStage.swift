import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The exchange events stage of a pass (SPEC §14): for each (exchange, currency) some `listed`,
/// `delisting` or `caution` rule watches, the market list is fetched at most once per
/// `listing_interval` (kept in `ProviderMemory.listings` under `MarketListing.eventsKey`, and as the
/// plain listing that serves favorites where one answer is both), compared with the previous list,
/// and each market that changed is judged by each rule's kind. A rule's first list (and every list of
/// a `--baseline` pass) is recorded without notifying. Writes `memory.listings`, `memory.backoff` and
/// the pairs of the alerts it raises.
struct MarketEventStage {
    /// What the stage did.
    struct Outcome {
        var pending: [RuleRunner.Pending] = []
        var requests = 0
        /// One stderr line each (without the `coinwatch: ` prefix).
        var warnings: [String] = []
    }

    var rules: RulesFile
    var providers: [any PriceProvider]
    var transport: any HTTPTransport

    /// The rules it judges, active at `now`, with their exchange; a rule with no exchange is a warning.
    func watching(now: Double) -> (rules: [(rule: Rule, exchange: any MarketEventSource)], warnings: [String]) {
        var found: [(rule: Rule, exchange: any MarketEventSource)] = []
        var warnings: [String] = []
        let sources = providers.compactMap(MarketEventSources.source)
        for rule in rules.rules where rule.enabled && rule.condition.kind is any ExchangeEventKind {
            if let expires = rule.expires, expires.timeIntervalSince1970 <= now { continue }
            let exchange = rule.provider.map { name in sources.first { $0.name == name.rawValue } } ?? sources.first
            guard let exchange else {
                warnings.append("rule \(rule.id): \(rule.condition.key) watches an exchange's market list (upbit, bithumb, binance); "
                    + "none is among the providers")
                continue
            }
            found.append((rule, exchange))
        }
        return (found, warnings)
    }

    /// Runs the stage at `now` (a `--baseline` pass records the lists and sends nothing: `Pass.unsend`).
    func run(memory: inout ProviderMemory, pairs: inout PairTable, silences: SilenceIndex, now: Double) -> Outcome {
        var outcome = Outcome()
        let (watching, warnings) = watching(now: now)
        outcome.warnings = warnings
        var groups: [(exchange: any MarketEventSource, vs: String, rules: [Rule])] = []
        for (rule, exchange) in watching {
            let vs = rule.vs ?? rules.vsCurrency
            if let index = groups.firstIndex(where: { $0.exchange.name == exchange.name && $0.vs == vs }) {
                groups[index].rules.append(rule)
            } else {
                groups.append((exchange, vs, [rule]))
            }
        }
        for group in groups {
            let key = MarketListing.eventsKey(provider: group.exchange.name, vs: group.vs)
            let old = memory.listings[key]
            var current = old
            let due = old.map { $0.fetchedAt > now || now - $0.fetchedAt >= rules.listingInterval } ?? true
            if due, (memory.backoff[group.exchange.name] ?? 0) <= now {
                switch fetch(group.exchange, vs: group.vs, memory: &memory, now: now, outcome: &outcome) {
                case .some(let markets): current = Self.merge(markets, over: old, now: now)
                case .none: break
                }
            }
            guard var current else { continue }
            let ids = group.rules.map(\.id)
            if let old, current.fetchedAt != old.fetchedAt {
                let seen = Set(old.seenBy ?? [])
                let changes = Self.changes(exchange: group.exchange.name, from: old, to: current)
                for rule in group.rules where seen.contains(rule.id) {
                    judge(rule, changes: changes, vs: group.vs, memory: memory, pairs: &pairs, silences: silences, now: now,
                          outcome: &outcome)
                }
            }
            current.seenBy = ids
            memory.listings[key] = current
        }
        return outcome
    }

    /// Asks `exchange` for its list; stores the plain listing where the answer is also that. Nil on failure (a warning).
    private func fetch(_ exchange: any MarketEventSource, vs: String, memory: inout ProviderMemory, now: Double,
                       outcome: inout Outcome) -> [ListedMarket]? {
        let requests = exchange.eventRequests(vs: vs)
        outcome.requests += requests.count
        do {
            var bodies: [[UInt8]] = []
            for (request, result) in zip(requests, transport.perform(requests)) {
                bodies.append(try ProviderCall.body(of: result, to: request, from: exchange.name, errorMessage: exchange.errorMessage,
                                                    memory: &memory, now: now))
            }
            let markets = try exchange.decodeEvents(bodies, vs: vs)
            if exchange.eventsShareListing {
                memory.listings[MarketListing.key(provider: exchange.name, vs: vs)] =
                    MarketListing(fetchedAt: now, markets: markets.filter { $0.ending == nil })
            }
            return markets
        } catch {
            outcome.warnings.append("\(exchange.name) market list for exchange events not read: "
                + QuoteFetcher.cause(of: error, provider: exchange.name))
            return nil
        }
    }

    /// The new list: each market keeps its `since` while its flags and ending stay as they were; a
    /// market that left the list stays on it as ending `removed` (so its return is a restore).
    static func merge(_ markets: [ListedMarket], over old: MarketListing?, now: Double) -> MarketListing {
        let before = Dictionary((old?.markets ?? []).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [ListedMarket] = markets.map { market in
            var market = market
            let previous = before[market.code]
            market.since = previous.flatMap { $0.flags == market.flags && $0.ending == market.ending ? $0.since : nil } ?? now
            return market
        }
        let codes = Set(markets.map(\.code))
        for market in old?.markets ?? [] where !codes.contains(market.code) {
            var gone = market
            if gone.ending != removed { (gone.ending, gone.since) = (removed, now) }
            merged.append(gone)
        }
        return MarketListing(fetchedAt: now, markets: merged)
    }

    /// The ending of a market that left the list.
    static let removed = "removed"

    /// The markets whose flags, ending or presence differ between `old` and `new`, in `new`'s order.
    static func changes(exchange: String, from old: MarketListing, to new: MarketListing) -> [MarketChange] {
        let before = Dictionary(old.markets.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        return new.markets.compactMap { market in
            let previous = before[market.code]
            guard previous?.flags != market.flags || previous?.ending != market.ending || previous == nil else { return nil }
            // A market that left is judged as absent, not as "ending: removed".
            let after = market.ending == removed ? nil : market
            let was = previous?.ending == removed ? nil : previous
            guard was != nil || after != nil else { return nil }
            return MarketChange(exchange: exchange, code: market.code, before: was, after: after)
        }
    }

    /// Judges `changes` for `rule` and adds its alerts.
    private func judge(_ rule: Rule, changes: [MarketChange], vs: String, memory: ProviderMemory, pairs: inout PairTable,
                       silences: SilenceIndex, now: Double, outcome: inout Outcome) {
        guard let kind = rule.condition.kind as? any ExchangeEventKind else { return }
        let symbol = rule.coin == "*" ? nil : (memory.symbols[rule.coin.lowercased()] ?? rule.coin).uppercased()
        for change in changes where symbol == nil || change.base == symbol {
            let coin = symbol == nil ? change.code : rule.coin
            var observation = Observation(quote: Quote(providerID: change.code, symbol: change.base, name: change.base, vs: vs,
                                                       price: 1, provider: change.exchange), previous: nil, series: nil, now: now)
            observation.derived = Observation.Derived(market: change)
            let pairKey = StateDocument.pairKey(rule: rule.id, coin: coin)
            var policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
            policy.silencedUntil = silences.until(rule: rule.id, coin: coin)
            let pair = pairs[pairKey] ?? PairState()
            var status: Alert.Status?
            var next = pair
            if rule.condition.holds(observation) {
                let decided = NotifyDecision.decide(pair: pair, conditionTrue: true, isLevel: false, policy: policy, now: now)
                next = decided.0
                status = decided.1.status
            } else if rule.resolve, kind.clears(change), !policy.silenced(at: now), !(rule.once && pair.resolvedOnce) {
                next.lastNotified = now
                next.resolvedOnce = true
                status = .resolved
            }
            guard let status else { continue }
            pairs[pairKey] = next
            outcome.pending.append(RuleRunner.Pending(alert: alert(rule, kind: kind, change: change, coin: coin, vs: vs,
                                                                   status: status, now: now),
                                                      sinks: rule.notify ?? rules.defaults.notify))
        }
    }

    /// The alert for `change`: the exchange as provider, the market's flags, no price.
    private func alert(_ rule: Rule, kind: any ExchangeEventKind, change: MarketChange, coin: String, vs: String,
                       status: Alert.Status, now: Double) -> Alert {
        var id = StableHash()
        id.add(rule.id)
        id.add(coin)
        id.add(status.rawValue)
        id.add(StableHash.digits(of: now))
        var alert = Alert(id: id.hex, time: now, rule: rule.id, coin: coin, symbol: change.base,
                          name: change.after?.name ?? change.before?.name ?? change.base, vs: vs, condition: rule.condition.key,
                          threshold: nil, price: 0, previous: nil, change24h: nil, status: status, provider: change.exchange,
                          message: "")
        alert.flags = kind.flags(change)
        if let template = rule.message {
            alert.message = MessageTemplate.render(template, values: AlertMessage.values(for: alert, condition: rule.condition))
        } else {
            alert.message = kind.message(change, resolved: status == .resolved)
        }
        return alert
    }
}
