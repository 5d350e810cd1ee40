import CoinWatchTransport
/// An exchange whose market list tells its events (SPEC §14): which markets it lists, flags and ends,
/// asked at most once per `listing_interval`.
package protocol MarketEventSource: PriceProvider {
    /// The GETs whose answers make the list of markets in `vs`.
    func eventRequests(vs: String) -> [HTTPRequest]
    /// The markets quoted in `vs` in the answers to `eventRequests(vs:)`, with their flags and endings.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeEvents(_ bodies: [[UInt8]], vs: String) throws -> [ListedMarket]
    /// Whether the first answer is also the plain listing that serves favorites (`decodeListing`), so
    /// one request serves both (Upbit, Binance).
    var eventsShareListing: Bool { get }
}
