@testable import CoinWatchMarket
@testable import CoinWatchRules
import Foundation
import Testing

/// TA-Lib's indicator values over the real history captures (`Fixtures/golden/indicators.json`, made
/// by `scripts/golden_indicators.py`), and each capture's candles through the provider's real decoder.
enum IndicatorGolden {
    struct Series: Sendable, CustomTestStringConvertible {
        var file: String
        var provider: String
        var closes: [Double]
        var values: [String: [Double?]]
        var testDescription: String { file }
    }

    static let golden: [Series] = {
        guard let bytes = try? Fixtures.bytes("golden/indicators.json"),
              let doc = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let series = doc["series"] as? [[String: Any]] else { return [] }
        return series.map { entry in
            let values = (entry["values"] as? [String: [Any]] ?? [:]).mapValues { $0.map { $0 as? Double } }
            return Series(file: entry["file"] as? String ?? "", provider: entry["provider"] as? String ?? "",
                          closes: entry["closes"] as? [Double] ?? [], values: values)
        }
    }()

    /// The capture's candles through the provider's real decoder.
    static func candles(_ series: Series) throws -> [Candle] {
        let body = try HistoryCaptures.capture(series.file)
        switch series.provider {
        case "binance": return try HistoryCaptures.binance.decodeHistory(body, timeframe: .h1)
        case "upbit": return try HistoryCaptures.upbit.decodeHistory(body, timeframe: .m1)
        case "coinpaprika": return try HistoryCaptures.paprika.decodeHistory(body, timeframe: .d1)
        case "coingecko-ohlc": return try HistoryCaptures.gecko.decodeOHLC(body, timeframe: .h4)
        default: return try HistoryCaptures.gecko.decodeHistory(body, timeframe: .d1)
        }
    }
}
