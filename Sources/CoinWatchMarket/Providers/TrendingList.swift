/// A provider's trending list (`TrendingSource`): coins and, where it has them, NFT collections.
package struct TrendingList: Sendable, Equatable {
    /// The trending coins, in CoinGecko's order.
    package var coins: [TrendingCoin]
    /// The trending NFT collections (empty in the old shape).
    package var nfts: [TrendingNFT]
}

/// One trending coin.
package struct TrendingCoin: Sendable, Equatable {
    /// CoinGecko's id (`bitcoin`).
    package var id: String
    /// Upper case (`BTC`).
    package var symbol: String
    /// The display name (`Bitcoin`).
    package var name: String
    /// Market-cap rank, when CoinGecko ranks it.
    package var rank: Int?
    /// Price in BTC.
    package var priceBTC: Double?
    /// Price in USD (current shape only).
    package var priceUSD: Double?
    /// 24h change in percent per currency code (current shape only).
    package var change24h: [String: Double]
    /// Market capitalisation in USD (current shape only).
    package var marketCapUSD: Double?
    /// 24h volume in USD (current shape only).
    package var volumeUSD: Double?

    /// A coin from its fields; the symbol is stored upper case.
    package init(id: String, symbol: String, name: String, rank: Int? = nil, priceBTC: Double? = nil,
                priceUSD: Double? = nil, change24h: [String: Double] = [:], marketCapUSD: Double? = nil,
                volumeUSD: Double? = nil) {
        self.id = id
        self.symbol = symbol.uppercased()
        self.name = name
        self.rank = rank
        self.priceBTC = priceBTC
        self.priceUSD = priceUSD
        self.change24h = change24h
        self.marketCapUSD = marketCapUSD
        self.volumeUSD = volumeUSD
    }
}

/// One trending NFT collection.
package struct TrendingNFT: Sendable, Equatable {
    /// CoinGecko's id for the collection (`runestone`).
    package var id: String
    /// The display name.
    package var name: String
    /// The collection's ticker as CoinGecko writes it (may be long or hold spaces).
    package var symbol: String
    /// The floor price as CoinGecko writes it (`"0.73 ETH"`), else built from the native figures.
    package var floorPrice: String?
    /// 24h change of the floor price in percent.
    package var floorChange24h: Double?
}
