extension Bithumb {
    /// `ALL_KRW`, whose keys are what Bithumb lists.
    public func catalogRequest(vs: String) -> HTTPRequest? { endpoint.get(Self.allTickersPath) }

    /// The markets of an `ALL_KRW` body.
    /// Throws `ProviderError.api` for a `status` other than "0000", `ProviderError.decoding` for any other shape.
    public func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        _ = try Self.decodeAnswer(body)
        return (listing(fromQuoteBody: body, vs: vs) ?? []).map(CatalogCoin.init(market:))
    }
}
