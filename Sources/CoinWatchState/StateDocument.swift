import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import FoundationEssentials

/// The state file (SPEC §5). Times are seconds since 1970 (UTC) so the file is compact
/// and exact. Keys are stable ids, so reordering rules loses nothing.
package struct StateDocument: Codable, Sendable, Equatable, StateRecord {
    /// The version this build writes; a higher one is refused.
    package static let currentVersion = 1

    package var version: Int = StateDocument.currentVersion
    /// Recorded prices per `PriceKey` ("bitcoin|usd").
    package var prices: [String: PriceSeries] = [:]
    /// Per (rule, coin) pair, keyed by `PairKey` ("btc-100k|bitcoin").
    package var pairs = PairTable()
    /// Webhook messages waiting to be sent (undelivered, or held for quiet hours), oldest first.
    package var outbox: [OutboxEntry] = []
    /// The cache, backoff, resolutions, symbols, listings and charts (each its own section in the file).
    package var memory = ProviderMemory()
    /// Silences added by `coinwatch silence add` (SPEC §11), oldest first; an ended one is pruned.
    package var silences: [Silence] = []
    /// Provider name → its outage in progress (SPEC §6: reported at its edges).
    package var outages: [String: Outage] = [:]
    /// Running totals for `--metrics`: "requests|provider" and "alerts|rule|status" → count.
    package var counters: [String: Double] = [:]
    /// The wall-clock time of the last pass that wrote this state, seconds since 1970; a pass whose clock
    /// is earlier treats the time since as zero (`ClockStep`).
    package var lastPass: Double?
    /// File sink path → JSON Lines records not yet appended whole (write-ahead, like the outbox): saved
    /// before they are written, removed once they are, appended on the next pass after a kill or a failure.
    package var fileSpool: [String: [String]] = [:]
    /// The chat side (SPEC §13): offsets, answers waiting, unknown senders reported.
    package var control = ControlState()

    package init() {}

    /// The sections of the file, each listed once: a missing or null one is empty; `windows` is
    /// written only when it holds something, `last_pass` only when set.
    package static let fields = StateFields<StateDocument>(blank: StateDocument(), [
        .required("version", \.version, .version),
        .defaulted("prices", \.prices, .dictionary(.record), default: [:]),
        .defaulted("pairs", \.pairs, .pairs, default: PairTable()),
        .defaulted("outbox", \.outbox, .array(.record), default: []),
        .defaulted("quote_cache", \.memory.quoteCache, .dictionary(.record), default: [:]),
        .defaulted("backoff", \.memory.backoff, .dictionary(.number), default: [:]),
        .defaulted("resolved", \.memory.resolved, .dictionary(.dictionary(.string)), default: [:]),
        .defaulted("charts", \.memory.charts, .dictionary(.record), default: [:]),
        .defaulted("symbols", \.memory.symbols, .dictionary(.string), default: [:]),
        .defaulted("listings", \.memory.listings, .dictionary(.record), default: [:]),
        .defaulted("unresolved", \.memory.unresolved, .dictionary(.number), default: [:]),
        .defaulted("silences", \.silences, .array(.record), default: []),
        .defaulted("outages", \.outages, .dictionary(.record), default: [:]),
        .defaulted("counters", \.counters, .dictionary(.number), default: [:]),
        .defaulted("windows", \.memory.windows, .dictionary(.record), default: [:], omittedWhenDefault: true),
        .optional("last_pass", \.lastPass, .number),
        .defaulted("file_spool", \.fileSpool, .dictionary(.array(.string)), default: [:]),
        .defaulted("control", \.control, .record, default: ControlState(), omittedWhenDefault: true),
    ])

    /// Forgets every pair of rule `id` (`coinwatch state reset --rule ID`); returns how many.
    @discardableResult
    package mutating func removePairs(rule id: String) -> Int {
        let prefix = StateDocument.pairKey(rule: id, coin: "")
        return pairs.removeAll { $0.hasPrefix(prefix) }
    }

    /// "coin|vs", the key of `prices`.
    package static func priceKey(coin: String, vs: String) -> String { joined(coin.lowercased(), vs.lowercased()) }
    /// "rule|coin", the key of `pairs`.
    package static func pairKey(rule: String, coin: String) -> String { joined(rule, coin) }

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
    package static func splitPairKey(_ key: String) -> (rule: String, coin: String) {
        guard let bar = key.firstIndex(of: "|") else { return (key, "") }
        return (String(key[..<bar]), String(key[key.index(after: bar)...]))
    }
}

/// A quote kept for `cache_ttl`.
package struct CachedQuote: Codable, Sendable, Equatable, StateRecord {
    /// Seconds since 1970 when it was fetched.
    package var fetchedAt: Double
    package var quote: Quote

    package init(fetchedAt: Double, quote: Quote) {
        self.fetchedAt = fetchedAt
        self.quote = quote
    }

    package static let fields = StateFields<CachedQuote>(blank: CachedQuote(fetchedAt: 0, quote: Quote.fields.blank), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("quote", \.quote, .record),
    ])
}
