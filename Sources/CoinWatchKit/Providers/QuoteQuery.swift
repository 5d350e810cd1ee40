/// What the engine asks one provider for in one pass, with what earlier passes remembered.
public struct QuoteQuery: Sendable, Equatable {
    /// Favorites as written, in rules.json order.
    public var favorites: [String]
    /// Quote currency, lower case.
    public var vs: String
    /// The markets the provider lists in `vs` (exchanges); nil when unknown or not needed.
    public var listing: MarketListing?
    /// `lookupKey(favorite)` → the symbol a provider that knows the coin gave it (`bitcoin` → `BTC`).
    public var symbols: [String: String]
    /// Favorite as written → this provider's own id for it, from an earlier resolution.
    public var resolved: [String: String]

    /// A query; `vs` is lower-cased.
    public init(favorites: [String], vs: String, listing: MarketListing? = nil,
                symbols: [String: String] = [:], resolved: [String: String] = [:]) {
        self.favorites = favorites
        self.vs = vs.lowercased()
        self.listing = listing
        self.symbols = symbols
        self.resolved = resolved
    }

    /// The symbol learned for `favorite`, if any.
    public func symbol(of favorite: String) -> String? { symbols[lookupKey(favorite)] }
}
