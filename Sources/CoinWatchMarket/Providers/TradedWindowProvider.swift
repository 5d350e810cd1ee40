import CoinWatchTransport
/// A provider that reports the lowest and highest price traded over a recent window (SPEC §2 wicks), asked
/// for the window since the previous pass.
package protocol TradedWindowProvider: PriceProvider {
    /// The requests for the window of the last `elapsed` seconds (rounded as the API allows) for
    /// `query`'s listed favorites; none when none is listed.
    func windowRequests(_ query: QuoteQuery, elapsed: Double) -> [HTTPRequest]
    /// Favorite as written → its window, from the 2xx bodies of `windowRequests`.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeWindows(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: TradedWindow]
}
