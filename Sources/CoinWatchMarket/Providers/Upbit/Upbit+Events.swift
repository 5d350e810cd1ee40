import CoinWatchTransport
extension Upbit: MarketEventSource {
    /// Its `/market/all?isDetails=true` (the listing that serves favorites too).
    package func eventRequests(vs: String) -> [HTTPRequest] { [endpoint.get(Self.listingPath)] }

    /// The listing, each market with its `market_event` flags (`UpbitMarket.flags`).
    package func decodeEvents(_ bodies: [[UInt8]], vs: String) throws -> [ListedMarket] {
        guard let body = bodies.first else { return [] }
        return try decodeListing(body, vs: vs)
    }

    package var eventsShareListing: Bool { true }
}
