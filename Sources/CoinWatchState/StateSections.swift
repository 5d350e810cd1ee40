/// Which parts of a state file a read-only command needs (`StateStore.load(path:sections:)`): the
/// others are skipped unread (their grammar still checked) while the file is the one the last save
/// wrote, so `silence list` or `explain` on a 10,000-pair state stays fast; a file changed since by
/// anything else is read whole, so a file a pass refuses is refused here too. A document read this
/// way is for reading only; commands that save read the whole file.
package struct StateSections: Sendable, Equatable {
    /// Top-level members to read (`version` always is); nil reads them all.
    package var names: Set<String>?
    /// Of the parts named here (objects keyed by `StateDocument.pairKey`, `priceKey`,
    /// `QuoteFetcher.cacheKey`), only the members with these keys are read; of `resolved` (each
    /// provider's ids by favorite), only these favorites of every provider.
    package var keys: [String: Set<String>] = [:]

    /// Everything.
    package static let all = StateSections()
    /// The silences only.
    package static let silences = StateSections(names: ["silences"])
    /// The favorites' symbols only.
    package static let symbols = StateSections(names: ["symbols"])

    /// What `explain` needs: everything but the outbox, the file spool and the charts; of the pairs,
    /// price series, cached quotes and (when given) the symbols and the providers' resolved ids only
    /// those with the keys given (`favorites`: the favorites as rules.json writes them).
    package static func explaining(pairs: Set<String>, prices: Set<String>, quotes: Set<String>,
                                   symbols: Set<String>? = nil, favorites: Set<String>? = nil) -> StateSections {
        var keys = ["pairs": pairs, "prices": prices, "quote_cache": quotes]
        keys["symbols"] = symbols
        keys["resolved"] = favorites
        return StateSections(names: ["prices", "pairs", "backoff", "unresolved", "last_pass", "symbols", "resolved", "quote_cache",
                                     "listings", "windows", "silences", "outages", "counters"], keys: keys)
    }
}
