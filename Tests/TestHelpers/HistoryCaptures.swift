@testable import CoinWatchMarket

/// Every provider's history decoder, and the real captures in `Fixtures/real/history/` they read.
enum HistoryCaptures {
    static let gecko = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])
    static let binance = Binance(config: ProviderConfig(name: .binance))
    static let upbit = Upbit(config: ProviderConfig(name: .upbit))
    static let bithumb = Bithumb(config: ProviderConfig(name: .bithumb))
    static let paprika = CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])

    static func capture(_ name: String) throws -> [UInt8] { try Fixtures.bytes("real/history/" + name) }

    static func isSortedWithoutDuplicates(_ candles: [Candle]) -> Bool {
        zip(candles, candles.dropFirst()).allSatisfy { $0.openTime < $1.openTime }
    }
}
