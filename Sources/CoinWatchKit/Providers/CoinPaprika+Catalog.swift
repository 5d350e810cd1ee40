/// One element of CoinPaprika's `/coins`: id, name, symbol and rank (0 when unranked).
struct CoinPaprikaCoin: Decodable {
    var id: String
    var name: String
    var symbol: String
    var rank: LenientNumber?
}

extension CoinPaprika {
    /// `/coins`: every coin with its rank.
    public func catalogRequest(vs: String) -> HTTPRequest? { endpoint.get("/coins", headers: headers) }

    /// The coins of a `/coins` body; rank 0 is no rank.
    /// Throws `ProviderError.api` for CoinPaprika's error envelope, `ProviderError.decoding` for any other shape.
    public func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try JSONBody.decodeAnswer([CoinPaprikaCoin].self, from: body, expecting: .array, provider: name).map { coin in
            let rank = coin.rank?.value.flatMap { Int(exactly: $0) }.flatMap { $0 > 0 ? $0 : nil }
            return CatalogCoin(id: coin.id, symbol: coin.symbol, name: coin.name, rank: rank)
        }
    }
}
