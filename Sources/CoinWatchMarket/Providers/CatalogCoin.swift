/// One coin of a provider's coin list or search, for resolving favorites: its id, symbol, name and rank.
package struct CatalogCoin: Sendable, Equatable {
    /// The provider's id (`bitcoin`, `btc-bitcoin`, `KRW-BTC`).
    package var id: String
    /// Ticker symbol, upper case.
    package var symbol: String
    /// Display name; the symbol where the provider gives none.
    package var name: String
    /// Market-cap rank (1 is largest) where known.
    package var rank: Int?

    /// A coin from its fields; `symbol` is upper-cased.
    package init(id: String, symbol: String, name: String, rank: Int? = nil) {
        self.id = id
        self.symbol = symbol.uppercased()
        self.name = name
        self.rank = rank
    }
}

extension CatalogCoin {
    /// The coin an exchange market trades; the symbol stands in for a missing name.
    package init(market: ListedMarket) {
        self.init(id: market.code, symbol: market.base, name: market.name ?? market.base)
    }
}

/// One coin of a coin list or search answer (CoinGecko's `/search`, CoinPaprika's `/coins` and `/search`): its id,
/// name, symbol and rank (`rank` or `market_cap_rank`, a number or a numeric string; below 1 is none).
struct CatalogEntry: Decodable {
    var coin: CatalogCoin

    private enum CodingKeys: String, CodingKey { case id, name, symbol, rank, marketCapRank = "market_cap_rank" }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let rank = try c.decodeIfPresent(NumberOrString.self, forKey: .rank) ?? c.decodeIfPresent(NumberOrString.self, forKey: .marketCapRank)
        coin = CatalogCoin(id: try c.decode(String.self, forKey: .id), symbol: try c.decode(String.self, forKey: .symbol),
                           name: try c.decode(String.self, forKey: .name),
                           rank: CatalogCoin.searchRank(rank?.value.flatMap { Int(exactly: $0) }))
    }
}

extension CatalogCoin {
    /// A rank as a search answer gives it: one below 1 is none (the provider does not rank the coin).
    package static func searchRank(_ rank: Int?) -> Int? { rank.flatMap { $0 >= 1 ? $0 : nil } }

    /// The coin `text` names among `hits` (SPEC §2: exact id, then symbol, then name; best rank wins a tie).
    package static func best(for text: String, in hits: [CatalogCoin]) -> CatalogCoin? {
        FavoriteMatcher(hits, id: \.id, symbol: \.symbol, name: \.name, rank: \.rank).match(text)
    }
}
