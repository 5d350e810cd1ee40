extension CoinPaprika {
    /// Decodes `/tickers` bodies into quotes keyed by favorite as written (id, then symbol, then name,
    /// best rank winning a shared symbol, then the id remembered for it).
    /// Throws `ProviderError.api` for CoinPaprika's error envelope, `ProviderError.decoding` for any other shape.
    public func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies, Self.decodeTickers)
        return FavoriteMatcher(tickers, id: \.id, symbol: \.symbol, name: \.name, rank: \.rank)
            .quotes(for: query) { $0.quote(vs: query.vs) }
    }

    /// The tickers of one body: the `/tickers` array, or the single object of `/tickers/{id}`.
    /// Throws `ProviderError.api` for CoinPaprika's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeTickers(_ body: [UInt8]) throws -> [CoinPaprikaTicker] {
        try JSONBody.decodeOneOrMany(CoinPaprikaTicker.self, from: body, provider: providerName)
    }
}
