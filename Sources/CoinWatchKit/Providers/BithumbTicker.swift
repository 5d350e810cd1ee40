#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One coin of a Bithumb ticker answer; every number arrives as a string.
public struct BithumbTicker: Decodable, Sendable, Equatable {
    /// Last price (`closing_price`).
    public var price: Double?
    /// Change since 00:00 KST in percent (`fluctate_rate_24H`).
    public var changeSinceMidnightKST: Double?
    /// KRW traded over the last 24 hours (`acc_trade_value_24H`).
    public var tradedValue24h: Double?

    enum CodingKeys: String, CodingKey {
        case price = "closing_price", change = "fluctate_rate_24H", tradedValue = "acc_trade_value_24H"
    }

    /// Decodes one coin's string figures; throws when one is not a number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        price = try c.lenientNumber(.price)
        changeSinceMidnightKST = try c.lenientNumber(.change)
        tradedValue24h = try c.lenientNumber(.tradedValue)
    }

    /// The quote for `market`, or nil without a positive price. Bithumb gives no name and no highs
    /// or lows that cover 24 hours (`max_price` runs since midnight), so none are set.
    func quote(_ market: ListedMarket, time: Date?) -> Quote? {
        guard let price, price > 0 else { return nil }
        return Quote(providerID: market.code, symbol: market.base, name: market.base, vs: "krw", price: price,
                     change24h: changeSinceMidnightKST, volume24h: tradedValue24h, time: time,
                     provider: Bithumb.providerName)
    }
}

/// A successful Bithumb ticker answer: `data` keyed by symbol (`ALL_KRW`, with a `date` entry that is no
/// coin), or one coin's fields (`BTC_KRW`, no symbol key); `date` is in milliseconds since 1970.
struct BithumbAnswer: Decodable {
    /// Tickers by upper-case symbol; the single-coin shape has one, under "".
    var tickers: [String: BithumbTicker] = [:]
    var date: Date?
    /// Whether this is the single-coin shape.
    var isSingleCoin = false

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private enum EnvelopeKeys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        let envelope = try decoder.container(keyedBy: EnvelopeKeys.self)
        let data = try envelope.nestedContainer(keyedBy: Key.self, forKey: .data)
        let dateKey = Key(stringValue: "date")
        date = try data.decodeIfPresent(LenientNumber.self, forKey: dateKey)?.value
            .map { Date(timeIntervalSince1970: $0 / 1000) }
        if data.contains(Key(stringValue: "closing_price")) {
            isSingleCoin = true
            tickers[""] = try envelope.decode(BithumbTicker.self, forKey: .data)
            return
        }
        for key in data.allKeys where key.stringValue != "date" {
            tickers[key.stringValue.uppercased()] = try data.decode(BithumbTicker.self, forKey: key)
        }
    }
}
