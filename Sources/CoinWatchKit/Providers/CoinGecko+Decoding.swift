extension CoinGecko {
    /// Decodes the `/coins/markets` bodies into quotes keyed by favorite as written (id, then
    /// symbol, then name). A favorite whose coin has a null price is absent.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public func decode(_ bodies: [[UInt8]], favorites: [String], vs: String) throws -> [String: Quote] {
        var markets: [CoinGeckoMarket] = []
        for (index, body) in bodies.enumerated() {
            do {
                markets += try Self.decodeMarkets(body)
            } catch ProviderError.decoding(let provider, let detail) where bodies.count > 1 {
                throw ProviderError.decoding(provider: provider, detail: "response \(index + 1) of \(bodies.count): \(detail)")
            }
        }
        let matcher = FavoriteMatcher(markets, id: \.id, symbol: \.symbol, name: \.name, rank: \.marketCapRank)
        var quotes: [String: Quote] = [:]
        quotes.reserveCapacity(favorites.count)
        for favorite in favorites {
            if let quote = matcher.match(favorite)?.quote(vs: vs) { quotes[favorite] = quote }
        }
        return quotes
    }

    /// The elements of one `/coins/markets` body (a UTF-8 BOM is skipped).
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeMarkets(_ body: [UInt8]) throws -> [CoinGeckoMarket] {
        try decodeBody([CoinGeckoMarket].self, from: body, expecting: .array)
    }

    /// Decodes a CoinGecko body of any endpoint, reporting its error envelope as `ProviderError.api`.
    static func decodeBody<T: Decodable>(_ type: T.Type, from body: [UInt8],
                                         expecting shape: JSONBody.Shape) throws -> T {
        if let message = errorMessage(in: body) {
            throw ProviderError.api(provider: providerName, message: message)
        }
        return try JSONBody.decode(T.self, from: body, expecting: shape, provider: providerName)
    }
}
