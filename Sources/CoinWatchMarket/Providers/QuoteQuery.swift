/// What the engine asks one provider for in one pass, with what earlier passes remembered.
package struct QuoteQuery: Sendable, Equatable {
    /// Favorites as written, in rules.json order.
    package var favorites: [String]
    /// Quote currency, lower case.
    package var vs: String
    /// The markets the provider lists in `vs` (exchanges); nil when unknown or not needed.
    package var listing: MarketListing?
    /// `lookupKey(favorite)` → the symbol a provider that knows the coin gave it (`bitcoin` → `BTC`).
    package var symbols: [String: String]
    /// Favorite as written → this provider's own id for it, from an earlier resolution.
    package var resolved: [String: String]

    /// A query; `vs` is lower-cased.
    package init(favorites: [String], vs: String, listing: MarketListing? = nil,
                symbols: [String: String] = [:], resolved: [String: String] = [:]) {
        self.favorites = favorites
        self.vs = vs.lowercased()
        self.listing = listing
        self.symbols = symbols
        self.resolved = resolved
    }

    /// The symbol learned for `favorite`, if any.
    package func symbol(of favorite: String) -> String? { symbols[lookupKey(favorite)] }
}

/// How an exchange serves favorites (SPEC §2): a market of the listing found by code, then by a known
/// symbol, the favorite as a symbol, then by name; a favorite it does not list is never asked for.
extension QuoteQuery {
    /// Each favorite the listing has, with its market, in favorites' order; empty without a listing.
    package func listedMarkets() -> [(favorite: String, market: ListedMarket)] {
        guard let listing else { return [] }
        let matcher = FavoriteMatcher(listing.markets, id: \.code, symbol: \.base, name: { $0.name ?? $0.base },
                                      rank: { _ in nil })
        return favorites.compactMap { favorite in
            matcher.match(favorite, symbol: symbol(of: favorite)).map { (favorite, $0) }
        }
    }

    /// The distinct market codes of `listedMarkets()`, in chunks of at most `size`.
    package func marketCodeChunks(size: Int) -> [[String]] {
        let codes = listedMarkets().map(\.market.code).uniqued()
        return stride(from: 0, to: codes.count, by: max(1, size)).map { start in
            Array(codes[start..<min(start + max(1, size), codes.count)])
        }
    }

    /// Favorite → quote, from quotes keyed by market code; symbol and name come from the listing
    /// (the name is the symbol where the exchange gives none).
    package func assign(_ byCode: [String: Quote]) -> [String: Quote] {
        var quotes: [String: Quote] = [:]
        for (favorite, market) in listedMarkets() {
            guard var quote = byCode[market.code] else { continue }
            quote.symbol = market.base
            quote.name = market.name.flatMap { $0.isEmpty ? nil : $0 } ?? market.base
            quotes[favorite] = quote
        }
        return quotes
    }

    /// `assign(_:)` for an exchange's tickers: each keyed by its market `code`, priced by `quote` (nil: no quote).
    func assign<Ticker>(_ tickers: [Ticker], code: (Ticker) -> String, quote: (Ticker) -> Quote?) -> [String: Quote] {
        var byCode: [String: Quote] = [:]
        for ticker in tickers where byCode[code(ticker)] == nil {
            byCode[code(ticker)] = quote(ticker)
        }
        return assign(byCode)
    }
}
