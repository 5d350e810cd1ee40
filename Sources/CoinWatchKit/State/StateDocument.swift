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
    }

    private enum CodingKeys: String, CodingKey {
        case version, prices, pairs, outbox, quoteCache = "quote_cache", backoff, resolved
    }

    /// "coin|vs", the key of `prices`.
    public static func priceKey(coin: String, vs: String) -> String { joined(coin.lowercased(), vs.lowercased()) }
    /// "rule|coin", the key of `pairs`.
    public static func pairKey(rule: String, coin: String) -> String { joined(rule, coin) }

    /// "a|b" built with one allocation: keys are built for every (rule, coin) pair of every pass,
    /// and string interpolation cost several times more.
    private static func joined(_ first: String, _ second: String) -> String {
        var key = ""
        key.reserveCapacity(first.utf8.count + 1 + second.utf8.count)
        key += first
        key += "|"
        key += second
        return key
    }
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

    /// Writes only what differs from a fresh pair (false flags and nil times are left out), which
    /// `init(from:)` reads back as the same state; most pairs then cost one key in the file.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if firing { try c.encode(firing, forKey: .firing) }
        try c.encodeIfPresent(trueSince, forKey: .trueSince)
        try c.encodeIfPresent(lastNotified, forKey: .lastNotified)
        try c.encodeIfPresent(lastFired, forKey: .lastFired)
        if firedOnce { try c.encode(firedOnce, forKey: .firedOnce) }
        if resolvedOnce { try c.encode(resolvedOnce, forKey: .resolvedOnce) }
        try c.encodeIfPresent(lastPrice, forKey: .lastPrice)
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
