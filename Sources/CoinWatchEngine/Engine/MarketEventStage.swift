import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The exchange events stage of a pass (SPEC §14): each watched (exchange, currency) market list,
/// fetched at most once per `listing_interval`, compared with the previous one; each changed market
/// is judged by each rule's kind. A rule's first list (and a `--baseline` pass) notifies nothing.
package struct MarketEventStage {
    /// What the stage did.
    package struct Outcome {
        package var pending: [RuleRunner.Pending] = []
        package var requests = 0
        /// One stderr line each (without the `coinwatch: ` prefix).
        package var warnings: [String] = []
        /// A failure per exchange whose list due could not be read (it stays due): an outage, said at its edges.
        package var failures: [ProviderError] = []
        /// The exchanges whose list due was read.
        package var answered: Set<String> = []

        package init() {}
    }

    var rules: RulesFile
    var providers: [any PriceProvider]
    var transport: any HTTPTransport
    /// A `--baseline` pass: a list is recorded as it comes, even one that lacks most markets.
    package var baseline = false

    package init(rules: RulesFile, providers: [any PriceProvider], transport: any HTTPTransport) {
        self.rules = rules
        self.providers = providers
        self.transport = transport
    }

    /// One (exchange, currency) whose market list some rules watch.
    package struct Group {
        package var exchange: any MarketEventSource
        package var vs: String
        package var rules: [Rule]
        /// Its list's key in `ProviderMemory.listings`.
        var key: String { MarketListing.eventsKey(provider: exchange.name, vs: vs) }
        /// The GETs that make its list.
        package var requests: [HTTPRequest] { exchange.eventRequests(vs: vs) }
    }

    /// The groups of the rules it judges at `now`, and a warning per rule with no exchange.
    package func groups(now: Double) -> (groups: [Group], warnings: [String]) {
        Self.groups(rules: rules, providers: providers, now: now)
    }

    /// The exchanges with market lists: `bithumb, upbit, binance`.
    static var exchanges: String { ProviderRegistry.names { $0 is any MarketEventSource }.map(\.rawValue).joined(separator: ", ") }

    /// The groups of `rules`' exchange event rules active at `now` (`rule.provider`'s exchange, else
    /// the first exchange among `providers`), and a warning per rule with no exchange.
    package static func groups(rules: RulesFile, providers: [any PriceProvider], now: Double) -> (groups: [Group], warnings: [String]) {
        var groups: [Group] = []
        var warnings: [String] = []
        let watching = rules.rules.filter { $0.enabled && $0.condition.kind.needs.marketLists }
        guard !watching.isEmpty else { return ([], []) }
        let sources = providers.compactMap { $0 as? any MarketEventSource }
        for rule in watching {
            if let expires = rule.expires, expires.timeIntervalSince1970 <= now { continue }
            let exchange = rule.provider.map { name in sources.first { $0.name == name.rawValue } } ?? sources.first
            guard let exchange else {
                warnings.append("rule \(rule.id): \(rule.condition.key) watches an exchange's market list (\(Self.exchanges)); "
                    + "none is among the providers")
                continue
            }
            let vs = rule.vs ?? rules.vsCurrency
            if let index = groups.firstIndex(where: { $0.exchange.name == exchange.name && $0.vs == vs }) {
                groups[index].rules.append(rule)
            } else {
                groups.append(Group(exchange: exchange, vs: vs, rules: [rule]))
            }
        }
        return (groups, warnings)
    }

    /// Whether `group`'s list is to be fetched at `now`: none yet, or `listing_interval` passed (or the
    /// clock went back), and its exchange is not backing off.
    func isDue(_ group: Group, memory: ProviderMemory, now: Double) -> Bool {
        let due = memory.listings[group.key].map { $0.fetchedAt > now || now - $0.fetchedAt >= rules.listingInterval } ?? true
        return due && (memory.backoff[group.exchange.name] ?? 0) <= now
    }

    /// When the next list falls due (seconds since 1970): `now` when one is due, nil when no rule watches one.
    package func nextDue(memory: ProviderMemory, now: Double) -> Double? {
        groups(now: now).groups.map { group in
            guard let listing = memory.listings[group.key], listing.fetchedAt <= now else { return now }
            return max(listing.fetchedAt + rules.listingInterval, memory.backoff[group.exchange.name] ?? 0)
        }.min()
    }

    /// The groups due at `now` (`stream` fetches their requests off its loop, then calls `apply`).
    package func dueGroups(memory: ProviderMemory, now: Double) -> [Group] {
        groups(now: now).groups.filter { isDue($0, memory: memory, now: now) }
    }

    /// Runs the stage at `now` on `state`'s memory and pairs (a `--baseline` pass records the lists and sends
    /// nothing: `Pass.unsend`).
    func run(state: inout StateDocument, now: Double) -> Outcome {
        var outcome = Outcome()
        let (groups, warnings) = groups(now: now)
        outcome.warnings = warnings
        let due = groups.filter { isDue($0, memory: state.memory, now: now) }
        let requests = Self.requests(of: due)
        outcome.requests += requests.count
        let answers = Self.answers(requests.isEmpty ? [] : transport.perform(requests), to: requests, of: due)
        for group in groups {
            apply(group, answers: answers[group.key], state: &state, now: now, outcome: &outcome)
        }
        return outcome
    }

    /// The requests that make `groups`' lists, one they share sent once (Upbit's `/market/all` serves every currency).
    package static func requests(of groups: [Group]) -> [HTTPRequest] {
        var requests: [HTTPRequest] = []
        for request in groups.flatMap(\.requests) where !requests.contains(where: { $0.url == request.url }) { requests.append(request) }
        return requests
    }

    /// Each group's answers by its key, from `answers` to `requests` (`requests(of: groups)`).
    package static func answers(_ answers: [Result<HTTPResponse, TransportError>], to requests: [HTTPRequest],
                                of groups: [Group]) -> [String: [Result<HTTPResponse, TransportError>]] {
        let byURL = Dictionary(zip(requests.map(\.url), answers), uniquingKeysWith: { first, _ in first })
        return Dictionary(groups.map { ($0.key, $0.requests.compactMap { byURL[$0.url] }) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes `group`'s answers (nil: its list was not fetched now), compares the list with the one
    /// before and judges each market that changed for each rule that saw the one before.
    package func apply(_ group: Group, answers: [Result<HTTPResponse, TransportError>]?, state: inout StateDocument, now: Double,
                       outcome: inout Outcome) {
        let old = state.memory.listings[group.key]
        var current = old
        if let answers, let markets = read(group, answers: answers, memory: &state.memory, now: now, outcome: &outcome) {
            current = Self.merge(markets, over: old, now: now)
        }
        guard var current else { return }
        if let old, current.fetchedAt != old.fetchedAt {
            let seen = Set(old.seenBy ?? [])
            let changes = Self.changes(exchange: group.exchange.name, from: old, to: current)
            for rule in group.rules where seen.contains(rule.id) {
                judge(rule, changes: changes, vs: group.vs, state: &state, now: now, outcome: &outcome)
            }
        }
        current.seenBy = group.rules.map(\.id)
        state.memory.listings[group.key] = current
    }

    /// Takes a market's announced end from outside its list (Upbit's ticker `delisting_date`) and
    /// judges the change; false when nothing changed.
    @discardableResult
    package func announce(ending: String, code: String, exchange: String, vs: String, state: inout StateDocument, now: Double,
                          outcome: inout Outcome) -> Bool {
        let key = MarketListing.eventsKey(provider: exchange, vs: vs)
        guard var listing = state.memory.listings[key], let index = listing.markets.firstIndex(where: { $0.code == code }),
              listing.markets[index].ending != ending, listing.markets[index].ending != Self.removed,
              let group = groups(now: now).groups.first(where: { $0.exchange.name == exchange && $0.vs == vs }) else { return false }
        let before = listing.markets[index]
        var after = before
        after.ending = ending
        after.since = now
        listing.markets[index] = after
        let seen = Set(listing.seenBy ?? [])
        let change = MarketChange(exchange: exchange, code: code, before: before, after: after)
        for rule in group.rules where seen.contains(rule.id) {
            judge(rule, changes: [change], vs: vs, state: &state, now: now, outcome: &outcome)
        }
        state.memory.listings[key] = listing
        return true
    }

    /// Whether `ending` is an announced date (`2025-08-01`), which an exchange's list does not carry
    /// (Upbit's ticker does), rather than a status the list itself says.
    static func isAnnouncedDate(_ ending: String) -> Bool { ending.first?.isNumber == true }

    /// Reads `group`'s answers; stores the plain listing where the answer is also that. Nil on failure (`failures`);
    /// the previous list's markets for an answer that lacks most of them (`lost`, a warning).
    private func read(_ group: Group, answers: [Result<HTTPResponse, TransportError>], memory: inout ProviderMemory, now: Double,
                      outcome: inout Outcome) -> [ListedMarket]? {
        let exchange = group.exchange
        let requests = group.requests
        do {
            var bodies: [[UInt8]] = []
            for (request, result) in zip(requests, answers) {
                bodies.append(try ProviderCall.body(of: result, to: request, from: exchange.name, errorMessage: exchange.errorMessage,
                                                    memory: &memory, now: now))
            }
            let markets = try exchange.decodeEvents(bodies, vs: group.vs)
            outcome.answered.insert(exchange.name)
            if let old = memory.listings[group.key], let lost = Self.lost(markets, from: old), !baseline {
                outcome.warnings.append("\(exchange.name) \(group.vs) market list lacks \(lost.missing) of the \(lost.of) trading markets "
                    + "it had: taken as an incomplete answer or a maintenance pause, the previous list kept "
                    + "(a --baseline pass takes it as it is)")
                return old.markets.filter { $0.ending != Self.removed }
            }
            if exchange.eventsShareListing {
                memory.keepListing(markets.filter { $0.ending == nil }, provider: exchange.name, vs: group.vs, now: now)
            }
            return markets
        } catch {
            outcome.failures.append(.noListing(provider: exchange.name, cause: QuoteFetcher.cause(of: error, provider: exchange.name)))
            return nil
        }
    }

    /// How many of `old`'s trading markets `markets` lacks or has stopped, when that is more than half of them (an
    /// empty answer, a currency's markets missing, a list cut short, Binance's every market on `BREAK` while it is
    /// down for maintenance): not a change the exchange made to each market.
    static func lost(_ markets: [ListedMarket], from old: MarketListing) -> (missing: Int, of: Int)? {
        let trading = Set(markets.filter { $0.ending == nil }.map(\.code))
        let traded = old.markets.filter { $0.ending.map(isAnnouncedDate) ?? true }
        let missing = traded.count { !trading.contains($0.code) }
        return missing * 2 > traded.count ? (missing, traded.count) : nil
    }

    /// The new list: a market keeps its `since` while its flags and ending stay; one that left the
    /// list stays on it as ending `removed` (so its return is a restore); a market the answer names twice, once.
    static func merge(_ markets: [ListedMarket], over old: MarketListing?, now: Double) -> MarketListing {
        let before = Dictionary((old?.markets ?? []).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        var codes = Set<String>()
        var merged: [ListedMarket] = markets.filter { codes.insert($0.code).inserted }.map { market in
            var market = market
            let previous = before[market.code]
            // An announced end (a date from the ticker) stays while the market stays listed: the list cannot say it.
            if market.ending == nil, let ending = previous?.ending, isAnnouncedDate(ending) { market.ending = ending }
            market.since = previous.flatMap { $0.flags == market.flags && $0.ending == market.ending ? $0.since : nil } ?? now
            return market
        }
        for market in old?.markets ?? [] where !codes.contains(market.code) {
            var gone = market
            if gone.ending != removed { (gone.ending, gone.since) = (removed, now) }
            merged.append(gone)
        }
        return MarketListing(fetchedAt: now, markets: merged)
    }

    /// The ending of a market that left the list.
    package static let removed = "removed"

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
            return MarketChange(exchange: exchange, code: market.code, before: was, after: after,
                                restored: previous?.ending == removed && after != nil)
        }
    }

    /// Judges `changes` for `rule` on `state`'s pairs and adds its alerts.
    private func judge(_ rule: Rule, changes: [MarketChange], vs: String, state: inout StateDocument, now: Double,
                       outcome: inout Outcome) {
        guard let kind = rule.condition.kind as? any ExchangeEventKind else { return }
        let symbol = rule.coin == "*" ? nil : (state.memory.symbols[rule.coin.lowercased()] ?? rule.coin).uppercased()
        let silences = SilenceIndex(state.silences, now: now)
        for change in changes where symbol == nil || change.base == symbol {
            let coin = symbol == nil ? change.code : rule.coin
            var observation = Observation(quote: Quote(providerID: change.code, symbol: change.base, name: change.base, vs: vs,
                                                       price: 1, provider: change.exchange), previous: nil, series: nil, now: now)
            observation.derived = Observation.Derived(market: change)
            let pairKey = StateDocument.pairKey(rule: rule.id, coin: coin)
            var policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
            policy.silencedUntil = silences.until(rule: rule.id, coin: coin)
            let pair = state.pairs[pairKey] ?? PairState()
            var status: Alert.Status?
            var next = pair
            if rule.condition.holds(observation) {
                let decided = NotifyDecision.decide(pair: pair, conditionTrue: true, isLevel: false, policy: policy, now: now)
                next = decided.0
                status = decided.1.status
                // With `resolve`, the event stays firing until it clears: only an announced one resolves (SPEC §2),
                // so not one a baseline recorded.
                next.firing = rule.resolve && (pair.firing || status == .firing && !baseline)
            } else if pair.firing, kind.clears(change) {
                next.firing = false
                if rule.resolve, !policy.silenced(at: now), !(rule.once && pair.resolvedOnce) {
                    next.lastNotified = now
                    next.resolvedOnce = true
                    status = .resolved
                }
            }
            if next != pair { state.pairs[pairKey] = next }
            guard let status else { continue }
            outcome.pending.append(RuleRunner.Pending(alert: alert(rule, kind: kind, change: change, coin: coin, vs: vs,
                                                                   status: status, now: now),
                                                      sinks: rules.sinks(of: rule)))
        }
    }

    /// The alert for `change`: the exchange as provider, the market's flags and page, no price.
    private func alert(_ rule: Rule, kind: any ExchangeEventKind, change: MarketChange, coin: String, vs: String,
                       status: Alert.Status, now: Double) -> Alert {
        var alert = Alert(id: StableHash.hex([rule.id, coin, status.rawValue, StableHash.digits(of: now)]), time: now,
                          rule: rule.id, coin: coin, symbol: change.base, name: change.after?.name ?? change.before?.name ?? change.base,
                          vs: vs, condition: rule.condition.key, threshold: nil, price: 0, previous: nil, change24h: nil,
                          status: status, provider: change.exchange, message: "")
        alert.flags = kind.flags(change)
        alert.url = ProviderRegistry.pageURL(provider: change.exchange, id: change.code, symbol: change.base, vs: vs)
        if let template = rule.message {
            alert.message = MessageTemplate.render(template, values: AlertMessage.values(for: alert, condition: rule.condition))
        } else {
            alert.message = kind.message(change, resolved: status == .resolved)
        }
        return alert
    }
}
