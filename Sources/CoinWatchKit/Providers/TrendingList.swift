/// CoinGecko's `/search/trending`, in either shape: the 2021 one (coins with a numeric `price_btc`
/// only) and today's (an `item.data` block with a USD price, 24h changes per currency and
/// amounts written as text such as `"$1,525,034,530,242"`, plus NFTs and categories).
public struct TrendingList: Sendable, Equatable {
    /// The trending coins, in CoinGecko's order.
    public var coins: [TrendingCoin]
    /// The trending NFT collections (empty in the old shape).
    public var nfts: [TrendingNFT]

    /// A list from its parts.
    public init(coins: [TrendingCoin], nfts: [TrendingNFT]) {
        self.coins = coins
        self.nfts = nfts
    }
}

/// One trending coin.
public struct TrendingCoin: Sendable, Equatable {
    /// CoinGecko's id (`bitcoin`).
    public var id: String
    /// Upper case (`BTC`).
    public var symbol: String
    /// The display name (`Bitcoin`).
    public var name: String
    /// Market-cap rank, when CoinGecko ranks it.
    public var rank: Int?
    /// Price in BTC.
    public var priceBTC: Double?
    /// Price in USD (current shape only).
    public var priceUSD: Double?
    /// 24h change in percent per currency code (current shape only).
    public var change24h: [String: Double]
    /// Market capitalisation in USD (current shape only).
    public var marketCapUSD: Double?
    /// 24h volume in USD (current shape only).
    public var volumeUSD: Double?

    /// A coin from its fields; the symbol is stored upper case.
    public init(id: String, symbol: String, name: String, rank: Int? = nil, priceBTC: Double? = nil,
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
public struct TrendingNFT: Sendable, Equatable {
    /// CoinGecko's id for the collection (`runestone`).
    public var id: String
    /// The display name.
    public var name: String
    /// The collection's ticker as CoinGecko writes it (may be long or hold spaces).
    public var symbol: String
    /// The floor price as CoinGecko writes it (`"0.73 ETH"`), else built from the native figures.
    public var floorPrice: String?
    /// 24h change of the floor price in percent.
    public var floorChange24h: Double?

    /// A collection from its fields.
    public init(id: String, name: String, symbol: String, floorPrice: String? = nil, floorChange24h: Double? = nil) {
        self.id = id
        self.name = name
        self.symbol = symbol
        self.floorPrice = floorPrice
        self.floorChange24h = floorChange24h
    }
}
