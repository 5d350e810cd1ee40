import CoinWatchMarket
import CoinWatchState
extension QuoteFetcher {
    /// What fetching a whole `QuoteDemand` produced.
    package struct DemandOutcome: Sendable {
        /// `QuoteKey` → quote: every feed of the demand that was served.
        package var quotes: [String: Quote] = [:]
        /// At most one per provider, in the order they happened.
        package var failures: [ProviderError] = []
        /// Per currency, the coins no provider quoted through the providers in order, and those of them a provider
        /// answered for without a price (coin → that provider, `Outcome.unpriced`).
        package var missing: [(vs: String, coins: [String], unpriced: [String: String])] = []
        /// Per currency, (provider, coin) pinned to a provider that did not quote it.
        package var pinnedMissing: [(vs: String, provider: String, coin: String)] = []
        package var requestCount = 0
    }

    /// Fetches every currency of `demand` (one fetch each, SPEC §2), the quotes keyed by `QuoteKey`;
    /// the one fetch path of passes and `explain`.
    package func fetch(_ demand: QuoteDemand, defaultVs: String, memory: inout ProviderMemory, now: Double) -> DemandOutcome {
        var out = DemandOutcome()
        for currency in demand.currencies {
            let fetched = fetch(favorites: currency.failover, vs: currency.vs, pinned: currency.pinned, memory: &memory, now: now)
            out.requestCount += fetched.requestCount
            out.failures += fetched.failures.filter { failure in !out.failures.contains { $0.provider == failure.provider } }
            if !fetched.missing.isEmpty { out.missing.append((currency.vs, fetched.missing, fetched.unpriced)) }
            out.pinnedMissing += fetched.pinnedMissing.map { (currency.vs, $0.provider, $0.favorite) }
            if currency.vs == defaultVs, out.quotes.isEmpty {
                out.quotes = fetched.quotes
            } else {
                for (coin, quote) in fetched.quotes {
                    out.quotes[QuoteKey.key(coin, vs: currency.vs, provider: nil, defaultVs: defaultVs)] = quote
                }
            }
            for (provider, served) in fetched.pinnedQuotes {
                for (coin, quote) in served {
                    out.quotes[QuoteKey.key(coin, vs: currency.vs, provider: provider, defaultVs: defaultVs)] = quote
                }
            }
        }
        return out
    }
}
