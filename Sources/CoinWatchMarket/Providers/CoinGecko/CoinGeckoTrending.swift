import CoinWatchSupport
import CoinWatchTransport
extension CoinGecko: TrendingSource {
    /// Its name in `trending`'s titles.
    package static let title = "CoinGecko"

    /// The GET for `/search/trending`, with this provider's headers.
    package func trendingRequest() -> HTTPRequest {
        endpoint.get("/search/trending")
    }

    /// The trending coins and NFTs of a `/search/trending` body, old or current shape.
    package func trendingList(_ body: [UInt8]) throws -> TrendingList {
        let decoded = try Self.decodeBody(TrendingBody.self, from: body, expecting: .object)
        return TrendingList(coins: decoded.coins.map(\.item.coin), nfts: decoded.nfts.map(\.nft))
    }

    /// A USD amount as the trending data writes it (`"$1,525,034,530,242"`, `"1354.02"`); nil when it is not one.
    static func amount(_ text: String) -> Double? {
        var digits = text
        if digits.hasPrefix("$") { digits.removeFirst() }
        return APIText.number(digits.replacing(",", with: ""))
    }
}

/// `/search/trending` as sent; every field beyond id, name and symbol is optional and read leniently.
private struct TrendingBody: Decodable {
    struct Wrapper: Decodable { var item: Item }

    struct Item: Decodable {
        var coin: TrendingCoin

        enum CodingKeys: String, CodingKey {
            case id, name, symbol, data, rank = "market_cap_rank", priceBTC = "price_btc"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let id = try c.decode(String.self, forKey: .id)
            let name = try c.decode(String.self, forKey: .name)
            let symbol = try c.decode(String.self, forKey: .symbol)
            let rank = try? c.decodeIfPresent(NumberOrString.self, forKey: .rank)
            let priceBTC = try? c.decodeIfPresent(NumberOrString.self, forKey: .priceBTC)
            let data = try? c.decodeIfPresent(ItemData.self, forKey: .data)
            coin = TrendingCoin(id: id, symbol: symbol, name: name, rank: rank?.value.flatMap { Int(exactly: $0) },
                                priceBTC: priceBTC?.value ?? data?.priceBTC?.value, priceUSD: data?.price?.value,
                                change24h: data?.change24h ?? [:], marketCapUSD: data?.marketCap.flatMap(CoinGecko.amount),
                                volumeUSD: data?.totalVolume.flatMap(CoinGecko.amount))
        }
    }

    struct ItemData: Decodable {
        var price: NumberOrString?
        var priceBTC: NumberOrString?
        var change24h: [String: Double]
        var marketCap: String?
        var totalVolume: String?

        enum CodingKeys: String, CodingKey {
            case price, priceBTC = "price_btc", change24h = "price_change_percentage_24h"
            case marketCap = "market_cap", totalVolume = "total_volume"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            price = try? c.decodeIfPresent(NumberOrString.self, forKey: .price)
            priceBTC = try? c.decodeIfPresent(NumberOrString.self, forKey: .priceBTC)
            let changes = (try? c.decodeIfPresent([String: NumberOrString].self, forKey: .change24h)) ?? nil
            change24h = (changes ?? [:]).compactMapValues(\.value)
            marketCap = Self.text(c, .marketCap)
            totalVolume = Self.text(c, .totalVolume)
        }

        /// A field that is text today but may come as a number.
        private static func text(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
            if let text = try? c.decodeIfPresent(String.self, forKey: key) { return text }
            guard let number = try? c.decodeIfPresent(Double.self, forKey: key) else { return nil }
            return JSONOut.number(number)
        }
    }

    struct NFT: Decodable {
        var nft: TrendingNFT

        enum CodingKeys: String, CodingKey {
            case id, name, symbol, data, nativeSymbol = "native_currency_symbol"
            case floorNative = "floor_price_in_native_currency", floorChange = "floor_price_24h_percentage_change"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let id = (try? c.decode(String.self, forKey: .id)) ?? ""
            let name = try c.decode(String.self, forKey: .name)
            let symbol = try? c.decodeIfPresent(String.self, forKey: .symbol)
            let nativeSymbol = try? c.decodeIfPresent(String.self, forKey: .nativeSymbol)
            let floorNative = try? c.decodeIfPresent(NumberOrString.self, forKey: .floorNative)
            let floorChange = try? c.decodeIfPresent(NumberOrString.self, forKey: .floorChange)
            let data = try? c.decodeIfPresent(NFTData.self, forKey: .data)
            var floor = data?.floorPrice
            if floor == nil, let value = floorNative?.value, let nativeSymbol {
                floor = JSONOut.number(value) + " " + nativeSymbol.uppercased()
            }
            nft = TrendingNFT(id: id, name: name, symbol: symbol ?? "", floorPrice: floor,
                              floorChange24h: floorChange?.value ?? data?.floorChange?.value)
        }
    }

    struct NFTData: Decodable {
        var floorPrice: String?
        var floorChange: NumberOrString?

        enum CodingKeys: String, CodingKey {
            case floorPrice = "floor_price", floorChange = "floor_price_in_usd_24h_percentage_change"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            floorPrice = try? c.decodeIfPresent(String.self, forKey: .floorPrice)
            floorChange = try? c.decodeIfPresent(NumberOrString.self, forKey: .floorChange)
        }
    }

    var coins: [Wrapper]
    var nfts: [NFT]

    enum CodingKeys: String, CodingKey { case coins, nfts }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        coins = try c.decode([Wrapper].self, forKey: .coins)
        nfts = (try? c.decodeIfPresent([NFT].self, forKey: .nfts)) ?? []
    }
}
