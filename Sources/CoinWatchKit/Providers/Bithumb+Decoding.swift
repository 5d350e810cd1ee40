extension Bithumb {
    /// Decodes `ALL_KRW` (or single-coin) bodies into quotes keyed by favorite as written; the answer's
    /// own keys are the listing the favorites are matched against.
    /// Throws `ProviderError.api` for a `status` other than "0000" (sent with HTTP 200), with Bithumb's
    /// message; `ProviderError.decoding` for any other shape, or a single-coin answer for several favorites.
    public func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        var byCode: [String: Quote] = [:]
        var markets: [ListedMarket] = []
        for body in bodies {
            let answer = try Self.decodeAnswer(body)
            for (symbol, ticker) in answer.tickers {
                let market = Self.market(answer.isSingleCoin ? try singleCoinSymbol(query) : symbol)
                markets.append(market)
                byCode[market.code] = ticker.quote(market, time: answer.date)
            }
        }
        var answered = query
        answered.listing = MarketListing(fetchedAt: query.listing?.fetchedAt ?? 0, markets: markets)
        return answered.assign(byCode)
    }

    /// One body, after its envelope: throws `ProviderError.api` when `status` is not "0000".
    static func decodeAnswer(_ body: [UInt8]) throws -> BithumbAnswer {
        try JSONBody.decodeAnswer(BithumbAnswer.self, from: body, expecting: .object, provider: providerName)
    }

    /// The symbol a single-coin answer is for: that of the only favorite asked.
    private func singleCoinSymbol(_ query: QuoteQuery) throws -> String {
        guard query.favorites.count == 1, let favorite = query.favorites.first else {
            throw ProviderError.decoding(provider: name, detail: "a single-coin answer for \(query.favorites.count) favorites")
        }
        return query.listedMarkets().first?.market.base ?? query.symbol(of: favorite) ?? lookupKey(favorite).uppercased()
    }
}
