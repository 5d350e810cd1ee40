/// One market an exchange lists: what to ask for (`KRW-BTC`, `BTCUSDT`, `BTC_KRW`) and the coin it trades.
public struct ListedMarket: Codable, Sendable, Equatable, StateRecord {
    /// The exchange's market code, as its ticker endpoint takes it.
    public var code: String
    /// The traded coin's symbol, upper case (`BTC`).
    public var base: String
    /// The coin's display name where the exchange gives one (Upbit `english_name`).
    public var name: String?

    /// A market from its fields; `base` is upper-cased.
    public init(code: String, base: String, name: String? = nil) {
        self.code = code
        self.base = base.uppercased()
        self.name = name
    }

    static let fields = StateFields<ListedMarket>(blank: ListedMarket(code: "", base: ""), [
        .required("code", \.code, .string),
        .required("base", \.base, .string),
        .optional("name", \.name, .string),
    ])
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}

/// The markets an exchange lists in one quote currency, as learned from the exchange itself (SPEC §2).
public struct MarketListing: Codable, Sendable, Equatable, StateRecord {
    /// Seconds a listing is trusted before it is asked for again (one day).
    public static let maxAge: Double = 86_400

    /// When it was learned, seconds since 1970.
    public var fetchedAt: Double
    /// The markets quoted in the listing's currency.
    public var markets: [ListedMarket]

    /// A listing learned at `fetchedAt` (seconds since 1970).
    public init(fetchedAt: Double, markets: [ListedMarket]) {
        self.fetchedAt = fetchedAt
        self.markets = markets
    }

    static let fields = StateFields<MarketListing>(blank: MarketListing(fetchedAt: 0, markets: []), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("markets", \.markets, .array(.record)),
    ])
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

    /// Whether it was learned within `maxAge` before `now` (and not in the future).
    public func isFresh(now: Double) -> Bool {
        fetchedAt <= now && now - fetchedAt < Self.maxAge
    }

    /// The key of `ProviderMemory.listings`: "provider|vs".
    public static func key(provider: String, vs: String) -> String { "\(provider)|\(vs.lowercased())" }
}
