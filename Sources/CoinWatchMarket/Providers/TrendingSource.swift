import CoinWatchTransport
/// A provider with a list of trending coins (`coinwatch trending`).
package protocol TrendingSource: MarketProvider {
    /// Its name in titles: `CoinGecko`.
    static var title: String { get }
    /// The GET of the list.
    func trendingRequest() -> HTTPRequest
    /// The trending coins and NFTs of the answer.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func trendingList(_ body: [UInt8]) throws -> TrendingList
}
