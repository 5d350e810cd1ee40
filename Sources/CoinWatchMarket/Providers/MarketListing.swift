import CoinWatchSupport
/// One market an exchange lists: what to ask for (`KRW-BTC`, `BTCUSDT`, `BTC_KRW`) and the coin it trades.
package struct ListedMarket: Codable, Sendable, Equatable, StateRecord {
    /// The exchange's market code, as its ticker endpoint takes it.
    package var code: String
    /// The traded coin's symbol, upper case (`BTC`).
    package var base: String
    /// The coin's display name where the exchange gives one (Upbit `english_name`).
    package var name: String?

    /// A market from its fields; `base` is upper-cased.
    package init(code: String, base: String, name: String? = nil) {
        self.code = code
        self.base = base.uppercased()
        self.name = name
    }

    package static let fields = StateFields<ListedMarket>(blank: ListedMarket(code: "", base: ""), [
        .required("code", \.code, .string),
        .required("base", \.base, .string),
        .optional("name", \.name, .string),
    ])
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}

/// The markets an exchange lists in one quote currency, as learned from the exchange itself (SPEC §2).
package struct MarketListing: Codable, Sendable, Equatable, StateRecord {
    /// Seconds a listing is trusted before it is asked for again (one day).
    package static let maxAge: Double = 86_400

    /// When it was learned, seconds since 1970.
    package var fetchedAt: Double
    /// The markets quoted in the listing's currency.
    package var markets: [ListedMarket]

    /// A listing learned at `fetchedAt` (seconds since 1970).
    package init(fetchedAt: Double, markets: [ListedMarket]) {
        self.fetchedAt = fetchedAt
        self.markets = markets
    }

    package static let fields = StateFields<MarketListing>(blank: MarketListing(fetchedAt: 0, markets: []), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("markets", \.markets, .array(.record)),
    ])
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

    /// Whether it was learned within `maxAge` before `now` (and not in the future).
    package func isFresh(now: Double) -> Bool {
        fetchedAt <= now && now - fetchedAt < Self.maxAge
    }

    /// The key of `ProviderMemory.listings`: "provider|vs".
    package static func key(provider: String, vs: String) -> String { "\(provider)|\(vs.lowercased())" }
}
