extension CoinGecko {
    /// `/coins/list`: every id, symbol and name (ranks come from `/coins/markets` for the candidates).
    public func catalogRequest(vs: String) -> HTTPRequest? { coinListRequest() }

    /// The coins of a `/coins/list` body, without ranks.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try Self.decodeCoinList(body).map { CatalogCoin(id: $0.id, symbol: $0.symbol, name: $0.name) }
    }
}
