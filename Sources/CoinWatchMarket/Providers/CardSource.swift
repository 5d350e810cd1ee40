import CoinWatchTransport
/// A provider whose one answer gives `show` a coin's card: its quote and 7-day prices.
package protocol CardSource: CoinSearch {
    /// The GET of the card of the coin with id `id`, in `vs`.
    func cardRequest(id: String, vs: String) -> HTTPRequest
    /// Each coin of the answer: its id, its quote in `vs` (nil when it has none) and its 7-day prices.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func cards(_ body: [UInt8], vs: String) throws -> [(id: String, quote: Quote?, sparkline: [Double])]
}
