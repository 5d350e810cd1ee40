@testable import CoinWatchMarket
import Testing
@testable import TestHelpers

/// Timeframes on UTC boundaries, aggregation and the forming candle (SPEC §7).
struct CandleModelTests {
    /// 2021-05-15 15:34:27 UTC, a Saturday.
    static let saturday: Int64 = 1_621_092_867_000

    @Test func boundariesAreUTCAndAWeekStartsOnMonday() {
        #expect(Timeframe.m5.floor(Self.saturday) == 1_621_092_600_000)
        #expect(Timeframe.h4.floor(Self.saturday) == 1_621_080_000_000, "12:00 UTC")
        #expect(Timeframe.d1.floor(Self.saturday) == 1_621_036_800_000, "00:00 UTC")
        #expect(Timeframe.w1.floor(Self.saturday) == 1_620_604_800_000, "Monday 2021-05-10 00:00 UTC")
        #expect(Timeframe.w1.floor(1_620_604_800_000) == 1_620_604_800_000)
        #expect(Timeframe.w1.floor(1_620_604_799_999) == 1_620_000_000_000, "a Sunday belongs to the week before")
    }

    @Test func coarseCandlesAreBuiltFromFinerOnes() throws {
        let hourly = try HistoryCaptures.binance.decodeHistory(
            try HistoryCaptures.capture("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json"), timeframe: .h1)
        let batch = CandleAggregator.aggregate(hourly, to: .h4, now: 1_637_255_640_000)
        let first = try #require(batch.closed.first)
        #expect(first.openTime == 1_636_387_200_000, "08 Nov 16:00 UTC holds the first two hours only")
        let inside = hourly.filter { Timeframe.h4.floor($0.openTime) == first.openTime }
        #expect(first.open == inside.first?.open && first.close == inside.last?.close)
        #expect(first.high == inside.map(\.high).max() && first.low == inside.map(\.low).min())
        #expect(first.volume == inside.compactMap(\.volume).reduce(0, +))
        #expect(batch.forming?.openTime == 1_637_251_200_000, "the 16:00 candle has not ended at 17:14")
        #expect(!batch.closed.contains { $0.openTime == batch.forming?.openTime })
    }

    @Test func gapsStayGaps() {
        let candles = [Candle(point: 0 + 1_600_000_000_000, price: 1), Candle(point: 1_600_000_000_000 + 3 * 3_600_000, price: 2)]
        let batch = CandleAggregator.aggregate(candles, to: .h1, now: 1_700_000_000_000)
        #expect(batch.closed.count == 2, "no candle is invented for the two empty hours")
    }

    @Test func theNewestCandleIsFormingUntilItEnds() {
        let candle = Candle(openTime: 3_600_000 * 10, open: 1, high: 1, low: 1, close: 1, volume: 1)
        #expect(HistoryBatch.split([candle], timeframe: .h1, points: false, now: 3_600_000 * 11 - 1).forming == candle)
        #expect(HistoryBatch.split([candle], timeframe: .h1, points: false, now: 3_600_000 * 11).closed == [candle])
    }
}
