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
        // Each coin's observation (quote, previous price, series), made once per coin rather than once per rule.
        var observed: [Observed?] = []
        observed.reserveCapacity(plan.coins.count)
        for (coin, priceKey) in zip(plan.coins, plan.priceKeys) {
            observed.append(quotes[coin].map { quote in
                let series = state.prices[priceKey]
                return Observed(Observation(quote: quote, previous: series?.last?.p, series: series, now: now))
            })
        }
        var pending: [Pending] = []
        for (ruleIndex, step) in plan.steps.enumerated() where step.isActive(now: now) {
            for target in step.targets {
                guard let coin = observed[plan.targetCoins[target]] else { continue }
                guard let status = advance(step, pairKey: plan.pairKeys[target], observation: coin.observation,
                                           state: &state) else { continue }
                let rule = rules.rules[ruleIndex]
                let alert = makeAlert(rule, coin: plan.coins[plan.targetCoins[target]], quote: coin.observation.quote,
                                      previous: coin.observation.previous, status: status, now: now)
                pending.append(Pending(alert: alert, sinks: rule.notify ?? rules.defaults.notify))
            }
        }
        record(quotes, state: &state, now: now)
        return pending
    }

    /// A coin's observation of this pass, shared by reference so each rule reads it without a copy.
    private final class Observed {
        let observation: Observation
        init(_ observation: Observation) { self.observation = observation }
    }

    /// Advances one pair and stores its state; the status to notify with, or nil to stay silent.
    private func advance(_ step: RulePlan.Step, pairKey: String, observation: Observation,
                         state: inout StateDocument) -> Alert.Status? {
        // One hash of the key: the pair is read and written back at the same index.
        let index = state.pairs.index(forKey: pairKey)
        let pair = index.map { state.pairs.values[$0] } ?? PairState()
        let outcome = PairStep.decide(step.condition, rearm: step.rearm, policy: step.policy, pair: pair,
                                      observation: observation)
        var next = outcome.pair
        next.lastPrice = observation.price
        if let index {
            state.pairs.values[index] = next
        } else {
            state.pairs[pairKey] = next
        }
        guard case .notify(let status, _) = outcome.decision else { return nil }
        return status
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
