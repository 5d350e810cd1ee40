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
    public var pairs: [String: PairState] = [:]
    /// Alerts waiting for a webhook, oldest first.
    public var outbox: [OutboxEntry] = []
    /// Quotes reused within `cache_ttl`, keyed "provider|vs|favorite".
    public var quoteCache: [String: CachedQuote] = [:]
    /// Provider name → seconds since 1970 until which it is skipped (HTTP 429).
    public var backoff: [String: Double] = [:]
    /// Provider name → favorite as written → the provider's id for it.
    public var resolved: [String: [String: String]] = [:]
    /// Lower-cased favorite → the symbol a provider that knows the coin gave it (`bitcoin` → `BTC`),
    /// so the exchanges can serve id-style favorites.
    public var symbols: [String: String] = [:]
    /// "provider|vs" → the markets the exchange lists, learned from the exchange and kept for a day.
    public var listings: [String: MarketListing] = [:]

    public init() {}

    /// Tolerates missing sections so older files of the same version still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        prices = try c.decodeIfPresent([String: PriceSeries].self, forKey: .prices) ?? [:]
        pairs = try c.decodeIfPresent([String: PairState].self, forKey: .pairs) ?? [:]
        outbox = try c.decodeIfPresent([OutboxEntry].self, forKey: .outbox) ?? []
        quoteCache = try c.decodeIfPresent([String: CachedQuote].self, forKey: .quoteCache) ?? [:]
        backoff = try c.decodeIfPresent([String: Double].self, forKey: .backoff) ?? [:]
        resolved = try c.decodeIfPresent([String: [String: String]].self, forKey: .resolved) ?? [:]
        symbols = try c.decodeIfPresent([String: String].self, forKey: .symbols) ?? [:]
        listings = try c.decodeIfPresent([String: MarketListing].self, forKey: .listings) ?? [:]
    }

    private enum CodingKeys: String, CodingKey {
        case version, prices, pairs, outbox, quoteCache = "quote_cache", backoff, resolved, symbols, listings
    }

    /// "coin|vs", the key of `prices`.
    public static func priceKey(coin: String, vs: String) -> String { "\(coin.lowercased())|\(vs.lowercased())" }
    /// "rule|coin", the key of `pairs`.
    public static func pairKey(rule: String, coin: String) -> String { "\(rule)|\(coin)" }
}

/// Recorded prices of one coin in one currency.
public struct PriceSeries: Codable, Sendable, Equatable {
    /// When coinwatch first recorded a price for it (seconds since 1970).
    public var firstSeen: Double
    /// Recorded points, oldest first.
    public var points: [PricePoint]

    public init(firstSeen: Double, points: [PricePoint] = []) {
        self.firstSeen = firstSeen
        self.points = points
    }

    private enum CodingKeys: String, CodingKey { case firstSeen = "first_seen", points }

    /// The most recent recorded price.
    public var last: PricePoint? { points.last }
}

/// One recorded price. Encoded as a two-element array `[t, p]` to keep state small.
public struct PricePoint: Codable, Sendable, Equatable {
    /// Seconds since 1970.
    public var t: Double
    public var p: Double

    public init(t: Double, p: Double) {
        self.t = t
        self.p = p
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        t = try c.decode(Double.self)
        p = try c.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(t)
        try c.encode(p)
    }
}

/// What a (rule, coin) pair remembers between passes.
public struct PairState: Codable, Sendable, Equatable {
    /// The level condition has fired and not yet stopped holding (or been re-armed).
    public var firing: Bool = false
    /// Since when the level condition has held in every pass (for `for`), seconds since 1970.
    public var trueSince: Double?
    /// Last notification of any status (cooldown), seconds since 1970.
    public var lastNotified: Double?
    /// Last `firing` notification (repeat_every), seconds since 1970.
    public var lastFired: Double?
    /// `once`: a firing notice was sent.
    public var firedOnce: Bool = false
    /// `once` + `resolve`: a resolved notice was sent.
    public var resolvedOnce: Bool = false
    /// Last price seen for the pair.
    public var lastPrice: Double?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case firing, trueSince = "true_since", lastNotified = "last_notified", lastFired = "last_fired"
        case firedOnce = "fired_once", resolvedOnce = "resolved_once", lastPrice = "last_price"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        firing = try c.decodeIfPresent(Bool.self, forKey: .firing) ?? false
        trueSince = try c.decodeIfPresent(Double.self, forKey: .trueSince)
        lastNotified = try c.decodeIfPresent(Double.self, forKey: .lastNotified)
        lastFired = try c.decodeIfPresent(Double.self, forKey: .lastFired)
        firedOnce = try c.decodeIfPresent(Bool.self, forKey: .firedOnce) ?? false
        resolvedOnce = try c.decodeIfPresent(Bool.self, forKey: .resolvedOnce) ?? false
        lastPrice = try c.decodeIfPresent(Double.self, forKey: .lastPrice)
    }
}

/// An alert waiting for one webhook sink. The sink is named, never its URL.
public struct OutboxEntry: Codable, Sendable, Equatable {
    public var sink: String
    public var alert: Alert
    /// When it was first queued, seconds since 1970 (dropped after 24 h).
    public var queuedAt: Double
    public var attempts: Int
    public var lastError: String?

    public init(sink: String, alert: Alert, queuedAt: Double, attempts: Int = 0, lastError: String? = nil) {
        self.sink = sink
        self.alert = alert
        self.queuedAt = queuedAt
        self.attempts = attempts
        self.lastError = lastError
    }

    private enum CodingKeys: String, CodingKey {
        case sink, alert, queuedAt = "queued_at", attempts, lastError = "last_error"
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
