import CoinWatchMarket
/// What coinwatch remembers about the providers between passes and commands, each part its own
/// top-level section of the state file (SPEC §5); what a command learned while the state lock was
/// free goes back into the file in one place, `merge(changesIn:since:now:)`.
package struct ProviderMemory: Sendable, Equatable {
    /// Seconds to wait after a 429 (or Binance's 418) that gave no Retry-After.
    package static let defaultBackoff: Double = 60
    /// How long an unused chart stays: one day (seconds).
    package static let chartRetention: Double = 86_400

    /// Quotes reused within `cache_ttl`, keyed "provider|vs|favorite".
    package var quoteCache: [String: CachedQuote] = [:]
    /// Provider name → seconds since 1970 until which it is skipped (HTTP 429).
    package var backoff: [String: Double] = [:]
    /// Provider name → favorite as written → the provider's id for it.
    package var resolved: [String: [String: String]] = [:]
    /// "provider|favorite" → when a pass may look the favorite up in the provider's coin list again
    /// (seconds since 1970): a day after the list did not have it, an hour after it could not be read.
    package var unresolved: [String: Double] = [:]
    /// Lower-cased favorite → the symbol a provider that knows the coin gave it (`bitcoin` → `BTC`),
    /// so the exchanges can serve id-style favorites.
    package var symbols: [String: String] = [:]
    /// "provider|vs" → the markets the exchange lists, learned from the exchange and kept for a day.
    package var listings: [String: MarketListing] = [:]
    /// 7-day charts that `coinwatch show` reuses within `cache_ttl`, keyed "provider|vs|id".
    package var charts: [String: CachedChart] = [:]
    /// The last rolling-window ticker answer per favorite, keyed "provider|vs|favorite" (SPEC §2 wicks).
    package var windows: [String: TradedWindow] = [:]

    package init() {}

    /// When the backoff of `provider` ends (seconds since 1970), nil when it may be asked at `now`;
    /// a backoff that is over is forgotten.
    package mutating func backoffEnd(of provider: String, now: Double) -> Double? {
        guard let until = backoff[provider] else { return nil }
        if until > now { return until }
        backoff[provider] = nil
        return nil
    }

    /// Starts `provider`'s backoff after a 429 (or Binance's 418): `retryAfter` seconds from `now`,
    /// else `defaultBackoff`; any other status changes nothing.
    package mutating func backOff(_ provider: String, after status: Int, retryAfter: Double?, now: Double) {
        guard status == 429 || status == 418 else { return }
        backoff[provider] = now + (retryAfter ?? Self.defaultBackoff)
    }

    /// Keeps `markets` as the listing of `provider` in `vs`, learned at `now` (seconds since 1970).
    package mutating func keepListing(_ markets: [ListedMarket], provider: String, vs: String, now: Double) {
        listings[MarketListing.key(provider: provider, vs: vs)] = MarketListing(fetchedAt: now, markets: markets)
    }

    /// Copies onto this memory every entry that `working` added, replaced or removed since `base`
    /// (a command's working copy, merged into the file as it is now); the rest stays as it is.
    /// Charts older than `chartRetention` at `now` are dropped.
    package mutating func merge(changesIn working: ProviderMemory, since base: ProviderMemory, now: Double) {
        Self.apply(working.quoteCache, base.quoteCache, to: &quoteCache)
        Self.apply(working.backoff, base.backoff, to: &backoff)
        Self.apply(working.unresolved, base.unresolved, to: &unresolved)
        Self.apply(working.symbols, base.symbols, to: &symbols)
        Self.apply(working.listings, base.listings, to: &listings)
        Self.apply(working.charts, base.charts, to: &charts)
        Self.apply(working.windows, base.windows, to: &windows)
        for provider in Set(working.resolved.keys).union(base.resolved.keys) {
            var merged = resolved[provider] ?? [:]
            Self.apply(working.resolved[provider] ?? [:], base.resolved[provider] ?? [:], to: &merged)
            resolved[provider] = merged.isEmpty ? nil : merged
        }
        charts = charts.filter { now - $0.value.fetchedAt < Self.chartRetention }
    }

    private static func apply<Value: Equatable>(_ working: [String: Value], _ base: [String: Value],
                                                to target: inout [String: Value]) {
        for key in Set(working.keys).union(base.keys) where working[key] != base[key] {
            target[key] = working[key]
        }
    }
}
