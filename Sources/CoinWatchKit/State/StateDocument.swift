#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state file (SPEC §5). Times are seconds since 1970 (UTC) so the file is compact
/// and exact. Keys are stable ids, so reordering rules loses nothing.
public struct StateDocument: Codable, Sendable, Equatable {
    /// The version this build writes; a higher one is refused.
    public static let currentVersion = 1

    public var version: Int = StateDocument.currentVersion
    /// Recorded prices per `PriceKey` ("bitcoin|usd").
    public var prices: [String: PriceSeries] = [:]
    /// Per (rule, coin) pair, keyed by `PairKey` ("btc-100k|bitcoin").
    public var pairs = PairTable()
    /// Webhook messages waiting to be sent (undelivered, or held for quiet hours), oldest first.
    public var outbox: [OutboxEntry] = []
    /// The cache, backoff, resolutions, symbols, listings and charts (each its own section in the file).
    public var memory = ProviderMemory()
    /// Silences added by `coinwatch silence add` (SPEC §11), oldest first; an ended one is pruned.
    public var silences: [Silence] = []
    /// Provider name → its outage in progress (SPEC §6: reported at its edges).
    public var outages: [String: Outage] = [:]
    /// Running totals for `--metrics`: "requests|provider" and "alerts|rule|status" → count.
    public var counters: [String: Double] = [:]
    /// The wall-clock time of the last pass that wrote this state, seconds since 1970; a pass whose clock
    /// is earlier treats the time since as zero (`ClockStep`).
    public var lastPass: Double?
    /// File sink path → JSON Lines records not yet appended whole (write-ahead, like the outbox): saved
    /// before they are written, removed once they are, appended on the next pass after a kill or a failure.
    public var fileSpool: [String: [String]] = [:]

    public init() {}

    /// Tolerates missing sections so older files of the same version still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        prices = try c.decodeIfPresent([String: PriceSeries].self, forKey: .prices) ?? [:]
        pairs = try c.decodeIfPresent(PairTable.self, forKey: .pairs) ?? PairTable()
        outbox = try c.decodeIfPresent([OutboxEntry].self, forKey: .outbox) ?? []
        memory.quoteCache = try c.decodeIfPresent([String: CachedQuote].self, forKey: .quoteCache) ?? [:]
        memory.backoff = try c.decodeIfPresent([String: Double].self, forKey: .backoff) ?? [:]
        memory.resolved = try c.decodeIfPresent([String: [String: String]].self, forKey: .resolved) ?? [:]
        memory.charts = try c.decodeIfPresent([String: CachedChart].self, forKey: .charts) ?? [:]
        memory.symbols = try c.decodeIfPresent([String: String].self, forKey: .symbols) ?? [:]
        memory.listings = try c.decodeIfPresent([String: MarketListing].self, forKey: .listings) ?? [:]
        memory.unresolved = try c.decodeIfPresent([String: Double].self, forKey: .unresolved) ?? [:]
        silences = try c.decodeIfPresent([Silence].self, forKey: .silences) ?? []
        outages = try c.decodeIfPresent([String: Outage].self, forKey: .outages) ?? [:]
        counters = try c.decodeIfPresent([String: Double].self, forKey: .counters) ?? [:]
        memory.windows = try c.decodeIfPresent([String: TradedWindow].self, forKey: .windows) ?? [:]
        lastPass = try c.decodeIfPresent(Double.self, forKey: .lastPass)
        fileSpool = try c.decodeIfPresent([String: [String]].self, forKey: .fileSpool) ?? [:]
    }

    /// Every section, the memory's parts at the top level beside the others.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(prices, forKey: .prices)
        try c.encode(pairs, forKey: .pairs)
        try c.encode(outbox, forKey: .outbox)
        try c.encode(memory.quoteCache, forKey: .quoteCache)
        try c.encode(memory.backoff, forKey: .backoff)
        try c.encode(memory.resolved, forKey: .resolved)
        try c.encode(memory.charts, forKey: .charts)
        try c.encode(memory.symbols, forKey: .symbols)
        try c.encode(memory.listings, forKey: .listings)
        try c.encode(memory.unresolved, forKey: .unresolved)
        try c.encode(silences, forKey: .silences)
        try c.encode(outages, forKey: .outages)
        try c.encode(counters, forKey: .counters)
        if !memory.windows.isEmpty { try c.encode(memory.windows, forKey: .windows) }
        try c.encodeIfPresent(lastPass, forKey: .lastPass)
        try c.encode(fileSpool, forKey: .fileSpool)
    }

    private enum CodingKeys: String, CodingKey {
        case version, prices, pairs, outbox, quoteCache = "quote_cache", backoff, resolved, charts, symbols, listings
        case unresolved, silences, outages, counters, lastPass = "last_pass", fileSpool = "file_spool", windows
    }

    /// Forgets every pair of rule `id` (`coinwatch state reset --rule ID`); returns how many.
    @discardableResult
    public mutating func removePairs(rule id: String) -> Int {
        let prefix = StateDocument.pairKey(rule: id, coin: "")
        return pairs.removeAll { $0.hasPrefix(prefix) }
    }

    /// "coin|vs", the key of `prices`.
    public static func priceKey(coin: String, vs: String) -> String { joined(coin.lowercased(), vs.lowercased()) }
    /// "rule|coin", the key of `pairs`.
    public static func pairKey(rule: String, coin: String) -> String { joined(rule, coin) }

    /// "a|b" built with one allocation (string interpolation cost several times more).
    private static func joined(_ first: String, _ second: String) -> String {
        var key = ""
        key.reserveCapacity(first.utf8.count + 1 + second.utf8.count)
        key += first
        key += "|"
        key += second
        return key
    }
    /// The rule id and coin of a `pairs` key (rule ids hold no `|`).
    public static func splitPairKey(_ key: String) -> (rule: String, coin: String) {
        guard let bar = key.firstIndex(of: "|") else { return (key, "") }
        return (String(key[..<bar]), String(key[key.index(after: bar)...]))
    }
}

/// A quote kept for `cache_ttl`.
public struct CachedQuote: Codable, Sendable, Equatable {
    /// Seconds since 1970 when it was fetched.
    public var fetchedAt: Double
    public var quote: Quote

    public init(fetchedAt: Double, quote: Quote) {
        self.fetchedAt = fetchedAt
        self.quote = quote
    }

    private enum CodingKeys: String, CodingKey { case fetchedAt = "fetched_at", quote }
}
