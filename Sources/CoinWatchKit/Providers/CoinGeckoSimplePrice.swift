#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One coin of a `/simple/price` answer: figures by quote currency (`usd`, `eur`), all optional.
/// An id that CoinGecko knows but cannot price arrives as `{}` and decodes with every map empty.
public struct CoinGeckoSimplePrice: Decodable, Sendable, Equatable {
    /// Price by currency (`"usd": 64497`).
    public var price: [String: Double] = [:]
    /// Market cap by currency (`usd_market_cap`).
    public var marketCap: [String: Double] = [:]
    /// 24h volume by currency (`usd_24h_vol`).
    public var volume24h: [String: Double] = [:]
    /// 24h change in percent by currency (`usd_24h_change`).
    public var change24h: [String: Double] = [:]
    /// `last_updated_at` (Unix seconds), when asked for.
    public var lastUpdatedAt: Date?

    /// An entry from known figures.
    public init(price: [String: Double] = [:], marketCap: [String: Double] = [:],
                volume24h: [String: Double] = [:], change24h: [String: Double] = [:], lastUpdatedAt: Date? = nil) {
        self.price = price
        self.marketCap = marketCap
        self.volume24h = volume24h
        self.change24h = change24h
        self.lastUpdatedAt = lastUpdatedAt
    }

    /// Sorts each `<currency>[_suffix]` key into its map; null figures are left out.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.singleValueContainer().decode([String: LenientNumber].self)
        for (key, number) in fields {
            guard let value = number.value else { continue }
            if key == "last_updated_at" {
                lastUpdatedAt = Date(timeIntervalSince1970: value)
            } else if let vs = Self.currency(key, suffix: "_market_cap") {
                marketCap[vs] = value
            } else if let vs = Self.currency(key, suffix: "_24h_vol") {
                volume24h[vs] = value
            } else if let vs = Self.currency(key, suffix: "_24h_change") {
                change24h[vs] = value
            } else {
                price[key.lowercased()] = value
            }
        }
    }

    private static func currency(_ key: String, suffix: String) -> String? {
        guard key.hasSuffix(suffix), key.count > suffix.count else { return nil }
        return String(key.dropLast(suffix.count)).lowercased()
    }
}

extension CoinGecko {
    /// The coins of a `/simple/price` body by id; ids CoinGecko dropped are simply absent.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeSimplePrices(_ body: [UInt8]) throws -> [String: CoinGeckoSimplePrice] {
        try decodeBody([String: CoinGeckoSimplePrice].self, from: body, expecting: .object)
    }
}
