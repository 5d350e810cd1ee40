#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Evaluates every enabled rule against this pass's quotes, advances each (rule, coin) pair's
/// state, and returns the alerts to deliver. Prices are recorded after all rules have seen
/// the same previous price.
public struct RuleRunner: Sendable {
    /// An alert and the sinks it goes to.
    public struct Pending: Sendable, Equatable {
        public var alert: Alert
        public var sinks: [String]
    }

    /// A notification that was due but held back (cooldown, silence, `for`, once), for `-v`.
    public struct Held: Sendable, Equatable {
        public var rule: String
        public var coin: String
        public var reason: NotifyReason
        /// When what held it back ends (seconds since 1970; `NotifyDecision.heldUntil`).
        public var until: Double?
    }

    /// The rules evaluated; setting them works out the plan again.
    public var rules: RulesFile {
        didSet { plan = RulePlan(rules) }
    }
    private var plan: RulePlan

    public init(rules: RulesFile) {
        self.rules = rules
        self.plan = RulePlan(rules)
    }

    /// Runs one evaluation at `now` (seconds since 1970) and records the quotes' prices.
    public func run(quotes: [String: Quote], state: inout StateDocument, now: Double) -> [Pending] {
        var held: [Held]?
        return run(quotes: quotes, state: &state, now: now, held: &held)
    }

    /// `run`, also listing in `held` (when it is not nil) each notification held back. The
    /// state's silences in force at `now` are applied through the pairs' notify policy.
    public func run(quotes: [String: Quote], state: inout StateDocument, now: Double, held: inout [Held]?) -> [Pending] {
        let silences = SilenceIndex(state.silences, now: now)
        // Each coin's plain numbers and the place of its price series, looked up once per coin
        // rather than once per rule; a coin without a quote this pass has no reading.
        var readings: [Reading?] = []
        var seriesAt: [Dictionary<String, PriceSeries>.Index?] = []
        readings.reserveCapacity(plan.coins.count)
        seriesAt.reserveCapacity(plan.coins.count)
        for (coin, priceKey) in zip(plan.coins, plan.priceKeys) {
            guard let quoteAt = quotes.index(forKey: coin) else {
                readings.append(nil)
                seriesAt.append(nil)
                continue
            }
            let at = state.prices.index(forKey: priceKey)
            seriesAt.append(at)
            readings.append(Reading(price: quotes.values[quoteAt].price,
                                    previous: at.flatMap { state.prices.values[$0].points.last?.p },
                                    change24h: quotes.values[quoteAt].change24h, now: now))
        }
        // The whole observation (quote, series) of coin `coin`, for the history-bound conditions
        // and the alerts: made only where one of them needs it.
        func observation(_ coin: Int, _ state: borrowing StateDocument) -> Observation {
            let series = seriesAt[coin].map { state.prices.values[$0] }
            return Observation(quote: quotes[plan.coins[coin]] ?? Self.unquoted, previous: readings[coin]?.previous,
                               series: series, now: now)
        }
        var pending: [Pending] = []
        let timeText = JSONOut.number(now)  // in every alert id of the pass
        // The pairs' positions in the state, in the plan's order. Where the state keeps the pairs
        // in that order (every pass after the first), each is where the previous one ends.
        var order: [Int] = []
        order.reserveCapacity(plan.pairKeys.count)
        var cursor = 0
        for (ruleIndex, step) in plan.steps.enumerated() {
            let active = step.isActive(now: now)
            for target in step.targets {
                let coin = plan.targetCoins[target]
                let found = state.pairs.slot(of: plan.pairKeys[target], hint: cursor)
                guard active, let reading = readings[coin] else {
                    if let found {
                        order.append(found)
                        cursor = found + 1
                    }
                    continue
                }
                let slot = found ?? state.pairs.append(PairState(), forKey: plan.pairKeys[target])
                order.append(slot)
                cursor = slot + 1
                var policy = step.policy
                if !silences.isEmpty {
                    policy.silencedUntil = silences.until(rule: rules.rules[ruleIndex].id, coin: plan.coins[coin])
                }
                let (pair, decision) = PairStep.decide(step.condition, rearm: step.rearm, policy: policy,
                                                       pair: state.pairs[slot: slot], reading: reading) {
                    ConditionEvaluator.evaluateStrict($0, observation(coin, state)).holds
                }
                if held != nil, decision.status == nil, decision.reason.isHeldBack {
                    held?.append(Held(rule: rules.rules[ruleIndex].id, coin: plan.coins[coin], reason: decision.reason,
                                      until: NotifyDecision.heldUntil(decision.reason, pair: pair, policy: policy)))
                }
                var next = pair
                next.lastPrice = reading.price
                state.pairs[slot: slot] = next
                guard case .notify(let status, _) = decision else { continue }
                pending.append(pendingAlert(ruleIndex, coin: plan.coins[coin], observation: observation(coin, state),
                                            status: status, now: now, timeText: timeText))
            }
        }
        state.pairs.arrange(first: order)
        record(quotes, readings: readings, at: seriesAt, state: &state, now: now)
        return pending
    }

    /// Stands in for a quote that is not there (never used: only quoted coins are observed).
    private static let unquoted = Quote(providerID: "", symbol: "", name: "", vs: "", price: 0, provider: "")

    /// The alert of rule `ruleIndex` for `coin`, with the sinks it goes to.
    private func pendingAlert(_ ruleIndex: Int, coin: String, observation: Observation, status: Alert.Status,
                              now: Double, timeText: String) -> Pending {
        let rule = rules.rules[ruleIndex]
        let alert = makeAlert(rule, coin: coin, quote: observation.quote, previous: observation.previous,
                              status: status, now: now, timeText: timeText)
        return Pending(alert: alert, sinks: rule.notify ?? rules.defaults.notify)
    }

    /// The alert; its id hashes the rule, the coin, the status and `timeText` (`now` as JSON writes it).
    private func makeAlert(_ rule: Rule, coin: String, quote: Quote, previous: Double?,
                           status: Alert.Status, now: Double, timeText: String) -> Alert {
        var id = StableHash()
        id.add(rule.id)
        id.add(coin)
        id.add(status.rawValue)
        id.add(timeText)
        var alert = Alert(
            id: id.hex,
            time: now, rule: rule.id, coin: coin, symbol: quote.symbol, name: quote.name, vs: rules.vsCurrency,
            condition: rule.condition.key, threshold: rule.condition.threshold, price: quote.price,
            previous: previous, change24h: quote.change24h, status: status, provider: quote.provider, message: "")
        if let template = rule.message {
            alert.message = MessageTemplate.render(template, values: AlertMessage.values(for: alert))
        } else {
            alert.message = AlertMessage.defaultText(for: alert, condition: rule.condition)
        }
        return alert
    }

    /// Appends this pass's prices to the history and prunes beyond the longest window in use:
    /// the plan's coins by their readings (a series found at `at` is updated where it stands, then
    /// new series are added), then any other quoted coin.
    private func record(_ quotes: [String: Quote], readings: [Reading?], at: [Dictionary<String, PriceSeries>.Index?],
                        state: inout StateDocument, now: Double) {
        let keep = longestWindow
        var recorded = 0
        for (coin, reading) in readings.enumerated() {
            guard let reading, let index = at[coin] else { continue }
            Self.append(reading.price, now: now, keep: keep, to: &state.prices.values[index])
            recorded += 1
        }
        for (coin, reading) in readings.enumerated() where at[coin] == nil {
            guard let reading else { continue }
            Self.append(reading.price, now: now, keep: keep,
                        to: &state.prices[plan.priceKeys[coin], default: PriceSeries(firstSeen: now)])
            recorded += 1
        }
        guard recorded < quotes.count else { return }
        for (coin, quote) in quotes where plan.coinPositions[coin] == nil {
            let key = StateDocument.priceKey(coin: coin, vs: rules.vsCurrency)
            Self.append(quote.price, now: now, keep: keep, to: &state.prices[key, default: PriceSeries(firstSeen: now)])
        }
    }

    /// Records and prunes in place (the series is not copied out of the dictionary and back).
    private static func append(_ price: Double, now: Double, keep: Double?, to series: inout PriceSeries) {
        series.record(price: price, at: now)
        series.prune(now: now, retain: keep)
    }

    /// The longest history any enabled rule looks back over, in seconds (nil: only the last price).
    var longestWindow: Double? { plan.longestWindow }
}
