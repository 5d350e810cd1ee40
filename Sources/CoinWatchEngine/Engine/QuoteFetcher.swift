import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchState
/// Quotes every favorite through the providers in order (failover): listings first, then per
/// provider the cached quotes young enough (`cache_ttl`, `maxCacheAge`), skipping a backing-off
/// provider, and fetching the rest; what one could not serve goes to the next.
package struct QuoteFetcher: Sendable {
    /// A provider and its rules.json settings.
    package struct Source: Sendable {
        package var provider: any PriceProvider
        package var config: ProviderConfig
        /// Whether it serves the favorites in failover order; false for a provider only a rule's
        /// `provider` or a premium's `against` names (not listed in `providers`).
        package var failover: Bool
        package init(provider: any PriceProvider, config: ProviderConfig, failover: Bool = true) {
            self.provider = provider
            self.config = config
            self.failover = failover
        }
    }

    /// What a fetch produced.
    package struct Outcome: Sendable {
        /// Favorite as written → its quote.
        package var quotes: [String: Quote] = [:]
        /// At most one per provider (a line on stderr each), in the order they happened.
        package var failures: [ProviderError] = []
        /// Favorites no provider could quote.
        package var missing: [String] = []
        /// Favorite → the first provider that answered for it without a usable price (null, 0, not a number), so that a
        /// missing favorite's hint names the real cause: the id resolved, the provider has no price for it.
        package var unpriced: [String: String] = [:]
        /// Provider name → favorite → its quote, for the favorites pinned to that provider.
        package var pinnedQuotes: [String: [String: Quote]] = [:]
        /// Pinned (provider, favorite) that provider did not quote.
        package var pinnedMissing: [(provider: String, favorite: String)] = []
        /// HTTP requests made.
        package var requestCount = 0

        /// Records `failure` unless its provider already has one this pass.
        mutating func record(_ failure: ProviderError) {
            guard !failures.contains(where: { $0.provider == failure.provider }) else { return }
            failures.append(failure)
        }

        /// Whether `provider` failed this pass.
        func failed(_ provider: String) -> Bool { failures.contains { $0.provider == provider } }
    }

    package var sources: [Source]
    package var transport: any HTTPTransport
    /// The oldest cached answer a pass may reuse, in seconds, whatever `cache_ttl` says: half the
    /// interval between passes, so that passes on the interval always fetch.
    package var maxCacheAge: Double = .infinity
    /// The previous pass's time (seconds since 1970) in a pass with a crossing or range rule, to ask
    /// rolling-window providers for the span traded since then (SPEC §2 wicks); nil asks for none.
    package var spansSince: Double?
    /// Receives one line per provider whose cached answer a pass reused (`-v`); nil logs nothing.
    package var log: (@Sendable (String) -> Void)?

    package init(sources: [Source], transport: any HTTPTransport) {
        self.sources = sources
        self.transport = transport
    }

    /// Quotes `favorites` in `vs` at `now` (seconds since 1970) through the providers in order, and
    /// `pinned` (provider name → favorites) from that provider only, one batch per provider; updates
    /// the cache, backoff, listings, symbols and resolutions in `memory`.
    package func fetch(favorites: [String], vs: String, pinned: [String: [String]] = [:], memory: inout ProviderMemory,
                      now: Double) -> Outcome {
        var outcome = Outcome()
        Self.pruneUnresolved(&memory, now: now)
        let asked = Set(sources.filter { source in
            (source.failover && !favorites.isEmpty && Self.serves(source.provider.name, vs)) || pinned[source.provider.name] != nil
        }.map(\.provider.name))
        refreshListings(vs: vs, asked: asked, memory: &memory, now: now, outcome: &outcome)
        var remaining = favorites
        for source in sources where asked.contains(source.provider.name) {
            let name = source.provider.name
            let failover = source.failover && Self.serves(name, vs) ? remaining : []
            let own = pinned[name] ?? []
            guard !failover.isEmpty || !own.isEmpty else { continue }
            // One batch for both: the favorites still waiting for a provider and those pinned to this one.
            var wanted = failover
            let waiting = own.isEmpty ? [] : Set(failover)
            if !own.isEmpty { wanted += own.filter { !waiting.contains($0) }.uniqued() }
            let served = serve(wanted, from: source, vs: vs, memory: &memory, now: now, outcome: &outcome)
            if !own.isEmpty {
                let ownSet = Set(own)
                outcome.pinnedQuotes[name] = served.filter { ownSet.contains($0.key) }
                outcome.pinnedMissing += own.uniqued().filter { served[$0] == nil }.map { (name, $0) }
            }
            guard !failover.isEmpty else { continue }
            let mine = own.isEmpty ? served : served.filter { waiting.contains($0.key) }
            if outcome.quotes.isEmpty { outcome.quotes = mine } else { outcome.quotes.merge(mine) { _, new in new } }
            remaining.removeAll { mine[$0] != nil }
        }
        outcome.missing = remaining
        for name in pinned.keys.sorted() where !sources.contains(where: { $0.provider.name == name }) {
            outcome.pinnedMissing += (pinned[name] ?? []).uniqued().map { (name, $0) }
        }
        return outcome
    }

    /// Whether provider `name` quotes in `vs` at all (the exchanges list the currencies they offer).
    package static func serves(_ name: String, _ vs: String) -> Bool {
        guard let offered = ProviderName(rawValue: name)?.provider.offeredCurrencies else { return true }
        return offered.contains(vs)
    }

    /// One provider's quotes for `favorites`: from its cache where young enough, the rest fetched
    /// (unless it is backing off or lacks a listing); remembers resolutions and symbols.
    private func serve(_ favorites: [String], from source: Source, vs: String, memory: inout ProviderMemory, now: Double,
                       outcome: inout Outcome) -> [String: Quote] {
        let name = source.provider.name
        var served: [String: Quote] = [:]
        var toFetch: [String] = []
        let reuseAge = min(source.config.cacheTTL, maxCacheAge)
        var oldestReused: Double?
        for favorite in favorites {
            let key = Self.cacheKey(provider: name, vs: vs, favorite: favorite)
            if let cached = memory.quoteCache[key], cached.fetchedAt <= now, now - cached.fetchedAt < reuseAge {
                served[favorite] = cached.quote
                oldestReused = max(oldestReused ?? 0, now - cached.fetchedAt)
            } else {
                toFetch.append(favorite)
            }
        }
        if let log, let age = oldestReused {
            log(cacheLine(provider: name, vs: vs, count: served.count, age: age, ttl: source.config.cacheTTL))
        }
        if !toFetch.isEmpty, isAvailable(source, vs: vs, memory: &memory, now: now, outcome: &outcome) {
            let query = QuoteQuery(favorites: toFetch, vs: vs, listing: listing(of: source, vs: vs, memory: memory, now: now),
                                   symbols: memory.symbols, resolved: memory.resolved[name] ?? [:])
            var fresh = fetchFresh(query, from: source, memory: &memory, now: now, outcome: &outcome)
            // A symbol or a name on a provider asked by id: looked up in its coin list once.
            let unknown = outcome.failed(name) ? [] : toLookUp(toFetch, quoted: fresh, from: source, memory: memory)
            if !unknown.isEmpty {
                fresh.merge(resolveAndFetch(unknown, from: source, vs: vs, memory: &memory, now: now, outcome: &outcome)) { old, _ in old }
            }
            // A price that is not a finite number above 0 (or a bad volume or market cap) is no observation:
            // the coin stays unquoted by this provider, and the previous good price stays recorded.
            let observed = Self.observations(fresh)
            for (favorite, quote) in fresh where observed[favorite] == nil && outcome.unpriced[favorite] == nil
                && !(quote.price > 0 && FigureRange.holds(quote.price)) {
                outcome.unpriced[favorite] = name
            }
            fresh = observed
            if let since = spansSince, let windowed = source.provider as? any TradedWindowProvider, !fresh.isEmpty {
                let spanQuery = QuoteQuery(favorites: toFetch.filter { fresh[$0] != nil }, vs: vs, listing: query.listing,
                                           symbols: query.symbols, resolved: query.resolved)
                fresh = addSpans(to: fresh, query: spanQuery, from: windowed, elapsed: now - since, memory: &memory,
                                 now: now, outcome: &outcome)
            }
            // Shared, not copied, when nothing came from the cache (a quote is a large value).
            if served.isEmpty { served = fresh } else { served.merge(fresh) { _, new in new } }
            for (favorite, quote) in fresh {
                // With cache_ttl 0s no later pass may reuse a quote: keeping it would only grow state.
                memory.quoteCache[Self.cacheKey(provider: name, vs: vs, favorite: favorite)] =
                    source.config.cacheTTL > 0 ? CachedQuote(fetchedAt: now, quote: quote) : nil
            }
        }
        for (favorite, quote) in served {
            memory.resolved[name, default: [:]][favorite] = quote.providerID
            memory.unresolved[Self.unresolvedKey(provider: name, favorite: favorite)] = nil
            memory.symbols[lookupKey(favorite)] = quote.symbol
        }
        return served
    }

    /// Whether `source` may be asked now: not backing off after a 429 (a skip is recorded once), and
    /// holding a listing when it needs one (a listing that failed to load was recorded already).
    private func isAvailable(_ source: Source, vs: String, memory: inout ProviderMemory, now: Double,
                             outcome: inout Outcome) -> Bool {
        let name = source.provider.name
        if let until = memory.backoffEnd(of: name, now: now) {
            outcome.record(.backingOff(provider: name, until: until))
            return false
        }
        if source.provider.listingRequest(vs: vs) != nil, listing(of: source, vs: vs, memory: memory, now: now) == nil {
            outcome.record(.noListing(provider: name, cause: "no market list yet"))
            return false
        }
        return true
    }

    /// The listing `source` is asked with: the remembered one (even when stale, if a refresh failed) for a
    /// provider with a listing request; only a fresh one for a provider that learns it from quotes.
    func listing(of source: Source, vs: String, memory: ProviderMemory, now: Double) -> MarketListing? {
        guard let listing = memory.listings[MarketListing.key(provider: source.provider.name, vs: vs)] else { return nil }
        return source.provider.listingRequest(vs: vs) != nil || listing.isFresh(now: now) ? listing : nil
    }

    /// The quotes that are observations (`Quote.isObservation`), each without non-finite figures; the
    /// same dictionary, not a copy, when every quote already is one (every pass with sane providers).
    static func observations(_ quotes: [String: Quote]) -> [String: Quote] {
        guard quotes.values.contains(where: { !$0.isObservation || !$0.figuresAreFinite }) else { return quotes }
        return quotes.compactMapValues { $0.isObservation ? $0.withFiniteFigures : nil }
    }

    /// `coingecko: 3 favorites in usd from the cached answer, 20s old (reused while younger than cache_ttl 60s and half the interval 30s)`.
    private func cacheLine(provider: String, vs: String, count: Int, age: Double, ttl: Double) -> String {
        let favorites = count == 1 ? "1 favorite" : "\(count) favorites"
        // Clamped so that no configured figure can overflow the formatting.
        let text = { (seconds: Double) in TimeText.duration(min(seconds, 1e12)) }
        let limit = maxCacheAge.isFinite ? " and half the interval \(text(maxCacheAge))" : ""
        return "\(provider): \(favorites) in \(vs) from the cached answer, \(text(age)) old "
            + "(reused while younger than cache_ttl \(text(ttl))\(limit))"
    }

    /// The key of `ProviderMemory.quoteCache`.
    package static func cacheKey(provider: String, vs: String, favorite: String) -> String {
        "\(provider)|\(vs.lowercased())|\(favorite.lowercased())"
    }
}
