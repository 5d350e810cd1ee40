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

    public var rules: RulesFile

    public init(rules: RulesFile) { self.rules = rules }

    /// Runs one evaluation at `now` (seconds since 1970) and records the quotes' prices.
    public func run(quotes: [String: Quote], state: inout StateDocument, now: Double) -> [Pending] {
        var pending: [Pending] = []
        for rule in rules.rules where rule.enabled && (rule.expires.map { now < $0.timeIntervalSince1970 } ?? true) {
            let coins = rule.coin == "*" ? rules.favorites : [rule.coin]
            for coin in coins {
                guard let quote = quotes[coin] else { continue }
                if let alert = evaluate(rule, coin: coin, quote: quote, state: &state, now: now) {
                    pending.append(Pending(alert: alert, sinks: rule.notify ?? rules.defaults.notify))
                }
            }
        }
        record(quotes, state: &state, now: now)
        return pending
    }

    private func evaluate(_ rule: Rule, coin: String, quote: Quote, state: inout StateDocument, now: Double) -> Alert? {
        let series = state.prices[StateDocument.priceKey(coin: coin, vs: rules.vsCurrency)]
        let previous = series?.last?.p
        let pairKey = StateDocument.pairKey(rule: rule.id, coin: coin)
        let pair = state.pairs[pairKey] ?? PairState()
        let observation = Observation(quote: quote, previous: previous, series: series, now: now)
        let step = PairStep.advance(rule.condition, rearm: rule.rearm, policy: NotifyPolicy(rule: rule, defaults: rules.defaults),
                                    pair: pair, observation: observation)
        var next = step.pair
        next.lastPrice = quote.price
        state.pairs[pairKey] = next
        let decision = step.decision
        guard case .notify(let status, _) = decision else { return nil }
        return makeAlert(rule, coin: coin, quote: quote, previous: previous, status: status, now: now)
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
            var series = state.prices[key] ?? PriceSeries(firstSeen: now)
            series.record(price: quote.price, at: now)
            series.prune(now: now, retain: keep)
            state.prices[key] = series
        }
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
