import CoinWatchMarket
import CoinWatchState
extension QuoteFetcher {
    /// How long a favorite a provider's coin list did not have waits before it is looked up again: a day.
    package static let lookUpRetry: Double = 86_400
    /// How long it waits when the coin list could not be read: an hour.
    package static let lookUpRetryAfterFailure: Double = 3_600

    /// The key of `ProviderMemory.unresolved`.
    package static func unresolvedKey(provider: String, favorite: String) -> String { provider + "|" + favorite }

    /// Forgets the waits that are over (a favorite since removed from rules.json leaves none behind).
    static func pruneUnresolved(_ memory: inout ProviderMemory, now: Double) {
        guard !memory.unresolved.isEmpty else { return }
        memory.unresolved = memory.unresolved.filter { $0.value > now && $0.value <= now + lookUpRetry }
    }

    /// Of `favorites`, those an ask-by-id provider did not quote, has no id for, and is not waiting on.
    func toLookUp(_ favorites: [String], quoted: [String: Quote], from source: Source, memory: ProviderMemory) -> [String] {
        let name = source.provider.name
        // Every favorite quoted (every pass but the first for a symbol): nothing to look for.
        guard source.provider.asksByID, quoted.count < favorites.count else { return [] }
        return favorites.filter { favorite in
            quoted[favorite] == nil && memory.resolved[name]?[favorite] == nil
                && memory.unresolved[Self.unresolvedKey(provider: name, favorite: favorite)] == nil
        }
    }

    /// Looks `favorites` up in `source`'s coin list as `check --online` does, remembers and quotes
    /// the ids found; one not found is retried a day later, an unreadable list an hour later.
    func resolveAndFetch(_ favorites: [String], from source: Source, vs: String, memory: inout ProviderMemory,
                         now: Double, outcome: inout Outcome) -> [String: Quote] {
        let name = source.provider.name
        // The symbols it finds are not kept here: a favorite it resolves is quoted, which records its symbol.
        var scratch = memory
        let reports = FavoriteResolver(sources: [source], transport: transport).resolve(favorites, vs: vs, memory: &scratch, now: now)
        memory.backoff = scratch.backoff
        guard let report = reports.first else { return [:] }
        outcome.requestCount += report.requestCount
        if report.failure != nil {
            for favorite in favorites {
                memory.unresolved[Self.unresolvedKey(provider: name, favorite: favorite)] = now + Self.lookUpRetryAfterFailure
            }
            return [:]
        }
        var found: [String] = []
        for resolution in report.resolutions {
            let key = Self.unresolvedKey(provider: name, favorite: resolution.favorite)
            if let coin = resolution.coin, resolution.matchedBy == "id" || !report.ranksIncomplete {
                memory.resolved[name, default: [:]][resolution.favorite] = coin.id
                memory.unresolved[key] = nil
                found.append(resolution.favorite)
            } else {
                memory.unresolved[key] = now + (resolution.coin == nil ? Self.lookUpRetry : Self.lookUpRetryAfterFailure)
            }
        }
        guard !found.isEmpty, (memory.backoff[name] ?? 0) <= now else { return [:] }
        let query = QuoteQuery(favorites: found, vs: vs, symbols: memory.symbols, resolved: memory.resolved[name] ?? [:])
        return fetchFresh(query, from: source, memory: &memory, now: now, outcome: &outcome)
    }
}
