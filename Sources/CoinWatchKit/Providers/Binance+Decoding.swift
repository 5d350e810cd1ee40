extension Binance {
    /// Decodes `/ticker/24hr` bodies (an array, or one object) into quotes keyed by favorite as written;
    /// a delisted pair with zero prices is no quote.
    /// Throws `ProviderError.api` for Binance's `{"code":…,"msg":…}`, `ProviderError.decoding` for any other shape.
    public func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies, Self.decodeTickers)
        return query.assign(tickers, code: \.symbol) { $0.quote(vs: query.vs) }
    }

    /// The tickers of one body: the array of `symbols=[…]`, or the object of `symbol=…`.
    /// Throws `ProviderError.api` for Binance's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeTickers(_ body: [UInt8]) throws -> [BinanceTicker] {
        try JSONBody.decodeOneOrMany(BinanceTicker.self, from: body, provider: providerName)
    }

    /// The trading symbols whose quote asset is `vs` in an `/api/v3/exchangeInfo` body.
    /// Throws `ProviderError.api` for Binance's error envelope, `ProviderError.decoding` for any other shape.
    public func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket] {
        let info = try JSONBody.decodeAnswer(BinanceExchangeInfo.self, from: body, expecting: .object, provider: name)
        return info.symbols.compactMap { entry in
            guard entry.quoteAsset.uppercased() == vs.uppercased(), entry.status ?? "TRADING" == "TRADING" else { return nil }
            return ListedMarket(code: entry.symbol, base: entry.baseAsset)
        }
    }
}
