import CoinWatchTransport
/// A provider that finds coins by id, symbol or name (`coinwatch search`, `init`, `show`'s card).
package protocol CoinSearch: MarketProvider {
    /// The API `search` uses, for help: `CoinGecko /search`.
    static var searchName: String { get }
    /// The GET for the coins matching `query`, at most `limit` where the API takes a limit.
    func searchRequest(query: String, limit: Int) -> HTTPRequest
    /// The coins of the answer, in the API's order.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func searchHits(_ body: [UInt8]) throws -> [CatalogCoin]
}
