import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
extension Plan {
    /// What one indicator rule needs of one timeframe (SPEC §2): the closed candles before it can
    /// hold, the provider they come from, and the history requests a pass adds for them.
    struct CandleNeed {
        var timeframe: Timeframe
        /// The most closed candles any of the rule's indicators on `timeframe` needs.
        var candles: Int
        /// `RSI(14, 1h)`, one per indicator.
        var indicators: [String]
        var provider: String
        /// The coins the rule watches (every favorite for `"*"`).
        var coins: Int
        /// History requests per coin on a first pass with an empty history store.
        var firstPassRequests: Int
        /// The closed candles the provider's answers reach back to (nil: as many as asked); fewer
        /// than `candles` means the rule warms up while the history store gathers the rest.
        var served: Int?

        /// `needs 16 closed 1h candles (RSI(14, 1h)) from binance; 1 history request per coin when …`.
        var text: String {
            var note = "needs \(candles) closed \(timeframe.rawValue) candles (\(indicators.joined(separator: ", "))) from \(provider); "
            note += "\(coins == 1 ? "1 history request per coin" : "\(coins) history requests, 1 per coin,") when a \(timeframe.rawValue) candle closes"
            note += " (\(firstPassRequests) per coin on a first pass with an empty history store, then none within the candle)"
            if let served, served < candles {
                note += "; \(provider) serves only the last \(served) closed \(timeframe.rawValue) candles, so the rule warms up "
                    + "until the history store has gathered \(candles) (about \(TimeText.duration(Double(Int64(candles - served) * timeframe.milliseconds / 1000))))"
            }
            return note
        }

        /// `{"tf": "1h", "candles": 16, "indicators": […], "provider": "binance", "coins": 1, …}`.
        var json: String {
            var out = JSONOut()
            out.add("tf", timeframe.rawValue)
            out.add("candles", candles)
            out.addRaw("indicators", JSONOut.array(indicators.map(JSONOut.quote)))
            out.add("provider", provider)
            out.add("coins", coins)
            out.add("requests_first_pass", firstPassRequests * coins)
            out.add("requests_per_close", coins)
            out.add("served_candles", served)
            return out.text
        }
    }

    /// Per timeframe the rule's indicators use: what it needs, from the history endpoints of the
    /// rule's `provider`, else the first of `providers`. Empty for a rule without indicators.
    func candleNeeds(_ rule: Rule) -> [CandleNeed] {
        let needs = rule.condition.kind.needs.indicators
        guard !needs.isEmpty, let name = rule.provider ?? rules.providers.first?.name else { return [] }
        let config = rules.providers.config(name)
        let source = ProviderRegistry.make(config, environment: [:]).candleSource
        let coins = rules.pairCoins(of: rule).count
        return Timeframe.allCases.compactMap { timeframe -> CandleNeed? in
            let group = needs.filter { $0.timeframe == timeframe }
            guard let most = group.map(\.candles).max() else { return nil }
            let served = source.fetchTimeframe(for: timeframe)
            let span = Int64(Indicator.window + 1) * timeframe.milliseconds
            let first = source.historyRequests(market: "X", vs: rule.vs ?? rules.vsCurrency, timeframe: served, from: 0, to: span, now: span).count
            // A coarse candle the served history starts inside of is dropped, hence the - 1 when built.
            let depth = source.servedSpan(served).map { Int($0 / timeframe.milliseconds) - (served == timeframe ? 0 : 1) }
            return CandleNeed(timeframe: timeframe, candles: most, indicators: group.map { IndicatorFields.name($0) },
                              provider: source.name, coins: coins, firstPassRequests: first, served: depth)
        }
    }
}
