import CoinWatchTransport
extension Bithumb: MarketEventSource {
    /// The path of its market list with each market's `market_warning` (API v1).
    package static let marketListPath = "/v1/market/all?isDetails=true"
    /// The path of its warnings by type (API v1): `[{"market","warning_type","end_date"}]`.
    package static let warningsPath = "/v1/market/virtual_asset_warning"

    /// The market list and the warnings (its quotes come from `ALL_KRW`, so neither is shared).
    package func eventRequests(vs: String) -> [HTTPRequest] {
        [endpoint.get(Self.marketListPath), endpoint.get(Self.warningsPath)]
    }

    /// The markets quoted in `vs` (`KRW-BTC`, written `BTC_KRW` as its quotes are), flagged `WARNING` for
    /// `market_warning: "CAUTION"` and with each warning type of the second answer (`BithumbWarning.flags`).
    package func decodeEvents(_ bodies: [[UInt8]], vs: String) throws -> [ListedMarket] {
        guard bodies.count == 2 else { return [] }
        let markets = try JSONBody.decodeAnswer([BithumbMarket].self, from: bodies[0], expecting: .array, provider: name)
        let warnings = try JSONBody.decodeAnswer([BithumbWarning].self, from: bodies[1], expecting: .array, provider: name)
        var flags: [String: [String]] = [:]
        for warning in warnings {
            let type = warning.type.uppercased()
            flags[warning.market.uppercased(), default: []].append(BithumbWarning.flags[type] ?? type)
        }
        return markets.compactMap { entry in
            guard let (quote, base) = ListedMarket.split(entry.market), quote == vs.uppercased() else { return nil }
            var marks = flags[entry.market.uppercased()] ?? []
            if entry.warning?.uppercased() == "CAUTION" { marks.append(MarketFlag.warning) }
            return ListedMarket(code: Self.market(base).code, base: base, name: entry.englishName, flags: Array(Set(marks)))
        }
    }

    package var eventsShareListing: Bool { false }
}
