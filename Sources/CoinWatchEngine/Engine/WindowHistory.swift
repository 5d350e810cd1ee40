import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The `new_high`/`new_low` windows a provider does not report (SPEC §2): seeded once from the
/// provider's price history into the coin's recorded prices, which the observed prices keep current.
package struct WindowHistory: Sendable {
    /// The history store's path (nil: none, every point from the provider).
    package var storePath: String?

    package init(storePath: String?) {
        self.storePath = storePath
    }

    /// What `fill` did.
    package struct Outcome: Sendable {
        package var requests = 0
        /// Lines for stderr.
        package var warnings: [String] = []
    }

    /// Each window a rule needs and the quote's provider does not report, per recorded series (its key
    /// in `StateDocument.prices`), with the quote it is read for: (price key, quote, seconds).
    static func wanted(_ rules: RulesFile, plan: DataPlan, quotes: [String: Quote], prices: [String: PriceSeries], now: Double)
        -> [(priceKey: String, quote: Quote, seconds: Double)] {
        var out: [String: (quote: Quote, seconds: Double)] = [:]
        for (index, rule) in rules.rules.enumerated() where rule.enabled && rule.condition.kind.needs.history != nil {
            guard let kind = rule.condition.kind as? any WindowExtremeKind, let seconds = kind.window.seconds else { continue }
            let data = plan.rules[index]
            for coin in data.coins {
                guard let own = data.feeds(coin).first, own.coin == coin, let quote = quotes[plan.key(own)],
                      Observation.Marks(quote).mark(high: type(of: kind).high, window: kind.window) == nil else { continue }
                let key = StateDocument.priceKey(coin: coin, vs: data.vs)
                if prices[key]?.covers(seconds, now: now) == true { continue }
                if let known = out[key], known.seconds >= seconds { continue }
                out[key] = (quote, seconds)
            }
        }
        return out.sorted { $0.key < $1.key }.map { ($0.key, $0.value.quote, $0.value.seconds) }
    }

    /// Seeds `prices` with the history of every window `rules` need that the recorded prices do not
    /// cover yet, asking each quote's provider among `providers` through `transport` (backoff in `memory`).
    package func fill(_ rules: RulesFile, plan: DataPlan, quotes: [String: Quote], prices: inout [String: PriceSeries], providers: [any PriceProvider],
                      transport: any HTTPTransport, memory: inout ProviderMemory, now: Double) -> Outcome {
        var outcome = Outcome()
        let wanted = Self.wanted(rules, plan: plan, quotes: quotes, prices: prices, now: now)
        guard !wanted.isEmpty else { return outcome }
        let sources = providers.compactMap { $0 as? any HistorySource }
        let store = storePath.flatMap { path in HistoryStore.open(path: path, now: now) { outcome.warnings.append($0) } }
        let nowMs = Int64((min(max(now, 0), 1e12) * 1000).rounded())
        for (key, quote, seconds) in wanted {
            guard let source = sources.first(where: { $0.name == quote.provider }) else { continue }
            let range = ChartRange.allCases.first { ($0.milliseconds ?? .max) >= Int64(seconds * 1000) } ?? .max
            let loaded = HistoryLoader(source: source, store: store).load(market: source.historyMarket(for: quote), vs: quote.vs,
                                                                          range: range, now: nowMs) { request in
                ProviderCall.ask(request, from: source.name, through: transport, memory: &memory, now: now)
            }
            switch loaded {
            case .success(let history):
                outcome.requests += history.requests
                let start = now - seconds
                let points = history.closed.points.map { PricePoint(time: Double($0.time) / 1000, price: $0.price) }
                    .filter { $0.price.isFinite && $0.price > 0 }
                guard !points.isEmpty else { continue }
                prices[key, default: PriceSeries(firstSeen: now)].seed(points, from: start)
            case .failure:
                // No history to be had: the rule waits until coinwatch has watched the window (no line each pass).
                outcome.requests += 1
            }
        }
        return outcome
    }
}
