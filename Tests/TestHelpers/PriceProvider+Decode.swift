import CoinWatchMarket

extension PriceProvider {
    /// Decodes `bodies` for `favorites` in `vs`, with nothing remembered.
    func decode(_ bodies: [[UInt8]], favorites: [String], vs: String, listing: MarketListing? = nil) throws -> [String: Quote] {
        try decode(bodies, query: QuoteQuery(favorites: favorites, vs: vs, listing: listing))
    }
}
