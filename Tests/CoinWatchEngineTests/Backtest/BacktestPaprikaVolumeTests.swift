@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §8 "volume summed over 24h" on CoinPaprika's daily candles: its `volume` field is already
/// the value traded in the quote currency (SOURCES.md, the ETH capture: about 15 billion USD a day),
/// so the backtest's 24h volume is that field as captured, not that field × the close again.
struct BacktestPaprikaVolumeTests {
    static let capture = "coinpaprika-ohlcv-historical_eth-ethereum_quotes-USD_start-2022-01-19_end-2022-04-19_2022-04-19.json"

    /// The capture's own (time_open ms, volume) pairs, read with JSONSerialization, not the decoder.
    static func rawVolumes() throws -> [(time: Int64, volume: Double)] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(HistoryCaptures.capture(capture))) as? [[String: Any]])
        return try rows.map { row in
            let text = try #require(row["time_open"] as? String)
            let open = try #require(DateTimeParser.parse(text))
            let volume = try #require((row["volume"] as? NSNumber)?.doubleValue)
            return (Int64((open.timeIntervalSince1970 * 1000).rounded()), volume)
        }
    }

    @Test func theDailyVolumeOfACoinPaprikaReplayIsTheCapturedQuoteVolumeNotTimesThePriceAgain() throws {
        let candles = try HistoryCaptures.paprika.decodeHistory(try HistoryCaptures.capture(Self.capture), timeframe: .d1)
        let raw = try Self.rawVolumes()
        try #require(candles.count == raw.count && candles.count > 30)
        // Each candle seen at its close, as the backtest command does.
        let times = candles.map { $0.openTime + 86_400_000 }
        let template = Quote(providerID: "eth-ethereum", symbol: "ETH", name: "ethereum", vs: "usd", price: 0, provider: "coinpaprika")
        let series = Backtest.Series(candles: candles, times: times, template: template)
        var cursor = Backtest.Cursor()
        var checked = 0
        for (index, time) in times.enumerated() where index >= 2 {
            let quoted = cursor.advance(series, to: time)
            #expect(quoted)
            // The one daily candle seen at `time` is the one of the day before it: its volume as captured.
            let volume = try #require(cursor.volume24h(series))
            #expect(abs(volume - raw[index].volume) <= raw[index].volume * 1e-12,
                    "day \(index): \(volume) against the captured \(raw[index].volume)")
            checked += 1
        }
        #expect(checked > 30)
        #expect(raw[0].volume > 1e10 && raw[0].volume < 1e11, "15 billion USD a day: a figure in the quote currency")
    }
}
