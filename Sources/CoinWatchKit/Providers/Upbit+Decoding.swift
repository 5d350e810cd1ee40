extension Upbit {
    /// Decodes `/ticker` bodies into quotes keyed by favorite as written, by the markets of the listing.
    /// Throws `ProviderError.api` for Upbit's `{"error":{…}}`, `ProviderError.decoding` for any other shape.
    public func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies) {
            try JSONBody.decodeAnswer([UpbitTicker].self, from: $0, expecting: .array, provider: Self.providerName)
        }
        return query.assign(tickers, code: \.market) { $0.quote(vs: query.vs) }
    }

    /// The markets quoted in `vs` (`KRW-…` for krw) of a `/market/all` body, with their English names.
    /// Throws `ProviderError.api` for Upbit's error envelope, `ProviderError.decoding` for any other shape.
    public func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket] {
        let markets = try JSONBody.decodeAnswer([UpbitMarket].self, from: body, expecting: .array, provider: name)
        return markets.compactMap { entry in
            guard let (quote, base) = UpbitMarket.split(entry.market), quote == vs.uppercased() else { return nil }
            return ListedMarket(code: entry.market, base: base, name: entry.englishName)
        }
    }
}
