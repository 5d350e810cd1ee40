/// One coin a provider knows, for resolving favorites (`check --online`, or a pass meeting a symbol
/// or a name): its id, symbol, name and rank.
public struct CatalogCoin: Sendable, Equatable {
    /// The provider's id (`bitcoin`, `btc-bitcoin`, `KRW-BTC`).
    public var id: String
    /// Ticker symbol, upper case.
    public var symbol: String
    /// Display name; the symbol where the provider gives none.
    public var name: String
    /// Market-cap rank (1 is largest) where known.
    public var rank: Int?

    /// A coin from its fields; `symbol` is upper-cased.
    public init(id: String, symbol: String, name: String, rank: Int? = nil) {
        self.id = id
        self.symbol = symbol.uppercased()
        self.name = name
        self.rank = rank
    }
}

/// Everything a provider knows about coins, and how to ask for it; an exchange's is its listing.
extension PriceProvider {
    /// The GET of everything this provider knows in `vs`: an exchange's market listing by default.
    public func catalogRequest(vs: String) -> HTTPRequest? { listingRequest(vs: vs) }

    /// The coins of the answer to `catalogRequest(vs:)`: an exchange's markets by default (id = market code).
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    public func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try decodeListing(body, vs: vs).map(CatalogCoin.init(market:))
    }
}

extension CatalogCoin {
    /// The coin an exchange market trades; the symbol stands in for a missing name.
    public init(market: ListedMarket) {
        self.init(id: market.code, symbol: market.base, name: market.name ?? market.base)
    }
}
