import CoinWatchTransport
extension Binance: MarketEventSource {
    /// Its `/api/v3/exchangeInfo` (the listing that serves favorites too).
    package func eventRequests(vs: String) -> [HTTPRequest] { [endpoint.get(Self.listingPath)] }

    /// Every symbol quoted in `vs`, trading or not: one whose `status` is not `TRADING` (`BREAK`,
    /// `HALT`, `END_OF_DAY`) is ending, with that status. Binance flags no market.
    package func decodeEvents(_ bodies: [[UInt8]], vs: String) throws -> [ListedMarket] {
        guard let body = bodies.first else { return [] }
        let info = try JSONBody.decodeAnswer(BinanceExchangeInfo.self, from: body, expecting: .object, provider: name)
        return info.symbols.compactMap { entry in
            guard entry.quoteAsset.uppercased() == vs.uppercased() else { return nil }
            let status = entry.status ?? "TRADING"
            return ListedMarket(code: entry.symbol, base: entry.baseAsset, ending: status == "TRADING" ? nil : status)
        }
    }

    package var eventsShareListing: Bool { true }
}
