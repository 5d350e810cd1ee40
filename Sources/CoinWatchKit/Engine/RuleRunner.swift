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
        // Each coin's quote and recorded series, looked up once per coin rather than once per rule.
        var seen: [Seen?] = []
        seen.reserveCapacity(plan.coins.count)
        for (coin, priceKey) in zip(plan.coins, plan.priceKeys) {
            seen.append(quotes[coin].map { Seen(quote: $0, series: state.prices[priceKey]) })
        }
        var pending: [Pending] = []
        for (rule, range) in zip(rules.rules, plan.ranges)
        where rule.enabled && (rule.expires.map { now < $0.timeIntervalSince1970 } ?? true) {
            let policy = NotifyPolicy(rule: rule, defaults: rules.defaults)
            for target in plan.targets[range] {
                guard let coin = seen[target.coin] else { continue }
                if let alert = evaluate(rule, policy: policy, coin: plan.coins[target.coin], seen: coin,
                                        pairKey: target.pairKey, state: &state, now: now) {
                    pending.append(Pending(alert: alert, sinks: rule.notify ?? rules.defaults.notify))
                }
            }
        }
        record(quotes, state: &state, now: now)
        return pending
    }

    /// A coin's quote of this pass and its series as recorded before it.
    private struct Seen {
        var quote: Quote
        var series: PriceSeries?
    }

    private func evaluate(_ rule: Rule, policy: NotifyPolicy, coin: String, seen: Seen, pairKey: String,
                          state: inout StateDocument, now: Double) -> Alert? {
        let previous = seen.series?.last?.p
        // One hash of the key: the pair is read and written back at the same index.
        let index = state.pairs.index(forKey: pairKey)
        let pair = index.map { state.pairs.values[$0] } ?? PairState()
        let observation = Observation(quote: seen.quote, previous: previous, series: seen.series, now: now)
        let step = PairStep.advance(rule.condition, rearm: rule.rearm, policy: policy, pair: pair, observation: observation)
        var next = step.pair
        next.lastPrice = seen.quote.price
        if let index {
            state.pairs.values[index] = next
        } else {
            state.pairs[pairKey] = next
        }
        guard case .notify(let status, _) = step.decision else { return nil }
        return makeAlert(rule, coin: coin, quote: seen.quote, previous: previous, status: status, now: now)
    }

    private func makeAlert(_ rule: Rule, coin: String, quote: Quote, previous: Double?,
                           status: Alert.Status, now: Double) -> Alert {
        var alert = Alert(
            id: StableHash.hex([rule.id, coin, status.rawValue, JSONOut.number(now)]),
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

    /// Appends this pass's prices to the history and prunes beyond the longest window in use.
    private func record(_ quotes: [String: Quote], state: inout StateDocument, now: Double) {
        let keep = longestWindow
        for (coin, quote) in quotes {
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
    var longestWindow: Double? {
        var longest: Double?
        for rule in rules.rules where rule.enabled {
            let span: Double?
            switch rule.condition {
            case .newHigh(let w), .newLow(let w): span = w.seconds ?? .infinity
            case .movePct(_, let within): span = within
            default: span = nil
            }
            if let span { longest = max(longest ?? 0, span) }
        }
        return longest
    }
}
