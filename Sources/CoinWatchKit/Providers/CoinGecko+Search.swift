extension CoinGecko {
    /// The GET for `/search?query=…`, with this provider's headers.
    public func searchRequest(query: String) -> HTTPRequest {
        let url = "\(baseURL)/search?" + QueryString.join([("query", QueryString.escape(query))])
        return HTTPRequest(url: url, headers: headers, timeout: timeout, caFile: caFile)
    }

    /// The coins of a `/search` body, in the API's order (best match first). Exchanges, categories
    /// (numeric ids in older answers, strings today) and NFTs are not read.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeSearch(_ body: [UInt8]) throws -> [SearchHit] {
        try decodeBody(SearchBody.self, from: body, expecting: .object).coins.map(\.hit)
    }
}

/// The part of CoinGecko's `/search` answer coinwatch reads.
private struct SearchBody: Decodable {
    struct Coin: Decodable {
        var id: String
        var name: String
        var symbol: String
        var rank: LenientNumber?

        enum CodingKeys: String, CodingKey { case id, name, symbol, rank = "market_cap_rank" }

        var hit: SearchHit {
            SearchHit(id: id, symbol: symbol, name: name, rank: rank?.value.flatMap { Int(exactly: $0) })
        }
    }

    var coins: [Coin]

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        coins = try c.decodeIfPresent([Coin].self, forKey: .coins) ?? []
    }

    enum CodingKeys: String, CodingKey { case coins }
}
