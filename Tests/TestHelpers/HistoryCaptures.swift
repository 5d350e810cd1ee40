@testable import CoinWatchMarket

/// Every provider's history decoder, and the real captures in `Fixtures/real/history/` they read.
enum HistoryCaptures {
    static let gecko = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])
    static let binance = Binance(config: ProviderConfig(name: .binance))
    static let upbit = Upbit(config: ProviderConfig(name: .upbit))
    static let bithumb = Bithumb(config: ProviderConfig(name: .bithumb))
    static let paprika = CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])

    static func capture(_ name: String) throws -> [UInt8] { try Fixtures.bytes("real/history/" + name) }

    /// The market_chart capture for each `days` asked.
    static func chart(days: String?) -> String {
        switch days {
        case "1": "coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-15.json"
        case "90": "coingecko-market-chart_bitcoin_vs-usd_days-90_interval-daily_2021-05-15.json"
        case "365", "max": "coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json"
        default: "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"
        }
    }

    static func isSortedWithoutDuplicates(_ candles: [Candle]) -> Bool {
        zip(candles, candles.dropFirst()).allSatisfy { $0.openTime < $1.openTime }
    }
}
