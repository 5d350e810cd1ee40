import CoinWatchSupport
import FoundationEssentials

/// One element of CoinGecko's `/coins/markets` array; every figure may be null or missing except
/// `id`, `symbol`, `name` and `current_price` (which must be present but may be null).
package struct CoinGeckoMarket: Decodable, Sendable, Equatable {
    /// CoinGecko's id (`bitcoin`).
    package var id: String
    /// The ticker as CoinGecko writes it (`btc`).
    package var symbol: String
    /// The display name (`Bitcoin`).
    package var name: String
    /// Last price in the requested currency; nil when CoinGecko has none.
    package var currentPrice: Double?
    /// 24h change in percent: `price_change_percentage_24h`, else `…_24h_in_currency`.
    package var change24h: Double?
    /// Highest price of the last 24 hours.
    package var high24h: Double?
    /// Lowest price of the last 24 hours.
    package var low24h: Double?
    /// All-time high price.
    package var ath: Double?
    /// When the all-time high was set.
    package var athDate: Date?
    /// All-time low price.
    package var atl: Double?
    /// When the all-time low was set.
    package var atlDate: Date?
    /// 24h traded volume in the requested currency.
    package var totalVolume: Double?
    /// Market capitalisation in the requested currency.
    package var marketCap: Double?
    /// Market-cap rank (1 is largest).
    package var marketCapRank: Int?
    /// When CoinGecko last updated the figures.
    package var lastUpdated: Date?

    enum CodingKeys: String, CodingKey {
        case id, symbol, name, ath, atl
        case currentPrice = "current_price"
        case change24h = "price_change_percentage_24h"
        case change24hInCurrency = "price_change_percentage_24h_in_currency"
        case high24h = "high_24h", low24h = "low_24h"
        case athDate = "ath_date", atlDate = "atl_date"
        case totalVolume = "total_volume", marketCap = "market_cap", marketCapRank = "market_cap_rank"
        case lastUpdated = "last_updated"
    }

    /// Decodes one element leniently (numbers may be strings); throws when a required key is missing.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        symbol = try c.decode(String.self, forKey: .symbol)
        name = try c.decode(String.self, forKey: .name)
        currentPrice = try c.decode(NumberOrString.self, forKey: .currentPrice).value
        change24h = try c.numberOrString(.change24h) ?? c.numberOrString(.change24hInCurrency)
        high24h = try c.numberOrString(.high24h)
        low24h = try c.numberOrString(.low24h)
        ath = try c.numberOrString(.ath)
        athDate = try c.iso8601Date(.athDate)
        atl = try c.numberOrString(.atl)
        atlDate = try c.iso8601Date(.atlDate)
        totalVolume = try c.numberOrString(.totalVolume)
        marketCap = try c.numberOrString(.marketCap)
        marketCapRank = try c.intOrString(.marketCapRank)
        lastUpdated = try c.iso8601Date(.lastUpdated)
    }

    /// The quote this element gives in `vs`; a null price is not a number, so that quote is no observation
    /// (`Quote.isObservation`): the coin is listed, but unpriced.
    package func quote(vs: String) -> Quote {
        Quote(providerID: id, symbol: symbol.uppercased(), name: name, vs: vs.lowercased(),
              price: currentPrice ?? .nan, change24h: change24h, high24h: high24h, low24h: low24h,
              ath: ath, athDate: athDate, atl: atl, atlDate: atlDate,
              volume24h: totalVolume, marketCap: marketCap, rank: marketCapRank,
              time: lastUpdated, provider: CoinGecko.providerName)
    }
}

/// The direct decoding of `/coins/markets`, one pass over the bytes: it reads what `init(from:)` reads and
/// gives up (nil) on anything it does not fully understand, which is then decoded the general way.
extension CoinGeckoMarket {
    /// The fields `init(from:)` reads, as their JSON key bytes.
    private static let fieldKeys: [[UInt8]] = [
        "id", "symbol", "name", "current_price", "price_change_percentage_24h",
        "price_change_percentage_24h_in_currency", "high_24h", "low_24h", "ath", "ath_date", "atl", "atl_date",
        "total_volume", "market_cap", "market_cap_rank", "last_updated",
    ].map { Array($0.utf8) }

    /// The elements of a top-level array body, or nil when direct decoding cannot vouch for the result.
    static func decodeDirect(_ body: [UInt8]) -> [CoinGeckoMarket]? {
        body.withUnsafeBufferPointer { buffer -> [CoinGeckoMarket]? in
            var reader = JSONTokenizer(buffer)
            var dates: [String: Date] = [:]
            var markets: [CoinGeckoMarket] = []
            guard reader.take(UInt8(ascii: "[")) else { return nil }
            if !reader.take(UInt8(ascii: "]")) {
                repeat {
                    guard let market = decodeDirectMarket(&reader, dates: &dates) else { return nil }
                    markets.append(market)
                } while reader.take(UInt8(ascii: ","))
                guard reader.take(UInt8(ascii: "]")) else { return nil }
            }
            return reader.atEnd() ? markets : nil
        }
    }

    /// One element (an object) at the cursor.
    private static func decodeDirectMarket(_ reader: inout JSONTokenizer, dates: inout [String: Date]) -> CoinGeckoMarket? {
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var market = CoinGeckoMarket(id: "", symbol: "", name: "")
        var seen: UInt32 = 0
        var change24h: Double?
        var change24hInCurrency: Double?
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                guard let (key, escaped) = reader.stringRange(), !escaped, reader.take(UInt8(ascii: ":")) else { return nil }
                guard let field = fieldKeys.firstIndex(where: { reader.bytes(in: key, equal: $0) }) else {
                    guard reader.skipValue() else { return nil }
                    continue
                }
                let bit: UInt32 = 1 << UInt32(field)
                guard seen & bit == 0 else { return nil }
                seen |= bit
                switch field {
                case 0, 1, 2:
                    guard let text = reader.plainString() else { return nil }
                    if field == 0 { market.id = text } else if field == 1 { market.symbol = text } else { market.name = text }
                case 9, 11, 15:
                    guard let date = directDate(&reader, dates: &dates) else { return nil }
                    if field == 9 { market.athDate = date } else if field == 11 { market.atlDate = date } else { market.lastUpdated = date }
                default:
                    guard let number = directNumber(&reader) else { return nil }
                    switch field {
                    case 3: market.currentPrice = number
                    case 4: change24h = number
                    case 5: change24hInCurrency = number
                    case 6: market.high24h = number
                    case 7: market.low24h = number
                    case 8: market.ath = number
                    case 10: market.atl = number
                    case 12: market.totalVolume = number
                    case 13: market.marketCap = number
                    default: market.marketCapRank = number.flatMap { Int(exactly: $0) }
                    }
                }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        guard seen & 0b1111 == 0b1111 else { return nil }  // id, symbol, name and current_price are required
        market.change24h = change24h ?? change24hInCurrency
        return market
    }

    /// A lenient number (`NumberOrString`): `.some(nil)` for null or an empty string, nil to give up.
    private static func directNumber(_ reader: inout JSONTokenizer) -> Double?? {
        switch reader.next() {
        case UInt8(ascii: "n"):
            return reader.takeNull() ? .some(nil) : nil
        case UInt8(ascii: "\""):
            guard let text = reader.plainString() else { return nil }
            if text.isEmpty { return .some(nil) }
            return APIText.number(text).map { .some($0) }
        default:
            return reader.number().map { .some($0) }
        }
    }

    /// A lenient date (`ISO8601Date`): `.some(nil)` for null or an empty string, nil to give up.
    /// Each distinct text is parsed once per body (many coins share `last_updated`).
    private static func directDate(_ reader: inout JSONTokenizer, dates: inout [String: Date]) -> Date?? {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() ? .some(nil) : nil }
        guard let text = reader.plainString() else { return nil }
        if text.isEmpty { return .some(nil) }
        if let known = dates[text] { return .some(known) }
        guard let date = DateTimeParser.parse(text, unzoned: .refused) else { return nil }
        dates[text] = date
        return .some(date)
    }

    /// An element with only its names; every figure nil.
    private init(id: String, symbol: String, name: String) {
        self.id = id
        self.symbol = symbol
        self.name = name
    }
}
