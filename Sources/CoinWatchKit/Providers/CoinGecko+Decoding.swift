extension CoinGecko {
    /// Decodes the `/coins/markets` bodies into quotes keyed by favorite as written (id, then
    /// symbol, then name, then the id remembered for it). A favorite whose coin has a null price is absent.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        quotes(for: query, in: try JSONBody.decodeEach(bodies, Self.decodeMarkets))
    }

    /// `decode`, letting go of the pages once they are read and before the quotes are made.
    public func decodeReleasing(_ bodies: inout [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let markets = try JSONBody.decodeEach(bodies, Self.decodeMarkets)
        bodies = []
        return quotes(for: query, in: markets)
    }

    /// The favorites' quotes among `markets`.
    private func quotes(for query: QuoteQuery, in markets: [CoinGeckoMarket]) -> [String: Quote] {
        FavoriteMatcher.quotes(for: query, in: markets, id: \.id, symbol: \.symbol, name: \.name,
                               rank: \.marketCapRank) { $0.quote(vs: query.vs) }
    }

    /// The elements of one `/coins/markets` body (a UTF-8 BOM is skipped).
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeMarkets(_ body: [UInt8]) throws -> [CoinGeckoMarket] {
        // The byte scanner gives the same markets several times faster; anything it cannot vouch
        // for (an error envelope, a bad field, an odd escape) goes the general way, which names the fault.
        if let markets = CoinGeckoMarket.scan(body) { return markets }
        return try decodeBody([CoinGeckoMarket].self, from: body, expecting: .array)
    }

    /// Decodes a CoinGecko body of any endpoint, reporting its error envelope as `ProviderError.api`.
    static func decodeBody<T: Decodable>(_ type: T.Type, from body: [UInt8],
                                         expecting shape: JSONBody.Shape) throws -> T {
        try JSONBody.decodeAnswer(T.self, from: body, expecting: shape, provider: providerName)
    }
}
