import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
extension RuleRunner {
    /// One pair of a rule as a pass sees it: its coin as written, its keys in the state.
    package struct PairPlace: Sendable {
        /// The coin as written in the rule (every favorite for `"*"`).
        package var coin: String
        /// Its key in `StateDocument.pairs`.
        package var pairKey: String
        /// The key of its coin's recorded prices in `StateDocument.prices` (its coin in its currency).
        package var priceKey: String
        /// Its slot in the plan.
        let slot: Int
    }

    /// The pairs of rule `index` (a position in `rules.rules`), in the order a pass visits them.
    package func pairs(ofRule index: Int) -> [PairPlace] {
        plan.targets[index].map { target in
            let slot = plan.targetCoins[target]
            return PairPlace(coin: plan.names[slot], pairKey: plan.pairKeys[target], priceKey: plan.priceKeys[slot], slot: slot)
        }
    }

    /// The observation a pass at `now` makes of `pair` from `quotes` (keyed by `QuoteKey`, as the
    /// fetch stage returns them), the recorded `prices` and the candles stage's `indicators` — the
    /// very `observe` of `evaluate` (`PairStep.advance` hands it the pair's reference); nil where a
    /// pass would leave the coin unquoted. What `explain` judges (SPEC §11).
    package func observation(of pair: PairPlace, quotes: [String: Quote], prices: [String: PriceSeries],
                             indicators: [String: IndicatorReadings], now: Double) -> Observation? {
        guard let (observation, _) = observe(pair.slot, quotes: quotes, prices: prices, indicators: indicators, now: now) else {
            return nil
        }
        return observation
    }

    /// Why a pass has no observation of `pair` this time, in a few words (`explain`): the quotes
    /// its observation is made of that are missing.
    package func missing(_ pair: PairPlace, quotes: [String: Quote]) -> String {
        switch plan.derivations[pair.slot] {
        case .ratio(let base, let quote)?:
            let gone = [base, quote].filter { quotes[$0] == nil }.map { $0.split(separator: "|").first.map(String.init) ?? $0 }
            return gone.isEmpty ? "a figure that is not a finite number" : "no quote of \(gone.joined(separator: " or ")) this pass"
        case .portfolio?:
            let gone = unvaluedHoldings(quotes) ?? []
            return gone.isEmpty ? "a figure that is not a finite number" : "no quote of \(gone.joined(separator: ", ")) (a held coin) this pass"
        default:
            return quotes[plan.quoteKeys[pair.slot]] == nil ? "no quote this pass" : "a figure that is not a finite number"
        }
    }
}
