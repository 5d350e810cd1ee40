@testable import CoinWatchMarket
import Testing
@testable import TestHelpers

/// CoinGecko's candles for indicator rules (`CoinGeckoCandles`, SPEC §6 `ohlc`): which `days`
/// each timeframe asks for, 1h candles paired from 30-minute rows, and the 4h rows as captured.
struct CoinGeckoCandlesTests {
    static let candles = CoinGeckoCandles(gecko: HistoryCaptures.gecko)
    static let day: Int64 = 86_400_000
    static let now: Int64 = 1_621_092_867_000

    @Test func fourHourCandlesAskForTheFewestDaysOHLCAcceptsThatCoverTheSpan() {
        for (days, want) in [(2, "7"), (7, "7"), (10, "14"), (30, "30"), (42, "30")] {
            let requests = Self.candles.historyRequests(market: "bitcoin", vs: "USD", timeframe: .h4, from: Self.now - Int64(days) * Self.day,
                                                        to: Self.now, now: Self.now)
            #expect(requests.map(\.url) == ["https://api.coingecko.com/api/v3/coins/bitcoin/ohlc?vs_currency=usd&days=\(want)"])
        }
        let hourly = Self.candles.historyRequests(market: "bitcoin", vs: "usd", timeframe: .h1, from: Self.now - 10 * Self.day, to: Self.now, now: Self.now)
        #expect(hourly.map { HistoryRequestTests.item($0.url, "days") } == ["1"], "30-minute candles come only with days=1")
        #expect(Self.candles.historyRequests(market: "bitcoin", vs: "usd", timeframe: .m5, from: 0, to: Self.now, now: Self.now).isEmpty)
    }

    @Test func theFourHourCaptureDecodesAsCapturedStampedAtTheCandlesEnd() throws {
        let body = try HistoryCaptures.capture("coingecko-ohlc_bitcoin_vs-usd_days-7_4h-candles_2021-05-15.json")
        let candles = try Self.candles.decodeHistory(body, timeframe: .h4)
        #expect(candles.count == 42)
        #expect(candles.first == Candle(openTime: 1_620_504_000_000 - 14_400_000, open: 57945.79, high: 59122.18, low: 57945.79,
                                        close: 59122.18, volume: nil))
        #expect(candles.allSatisfy { $0.volume == nil }, "ohlc has no volume")
        let batch = HistoryBatch.split(candles, timeframe: .h4, points: false, now: 1_621_092_867_000 - Self.candles.settleMilliseconds)
        let forming = try #require(batch.forming, "the row stamped 16:00 at 15:34 is still forming")
        #expect(forming.openTime == 1_621_080_000_000)
        #expect(batch.closed.count == 41)
    }

    @Test func thirtyMinuteRowsArePairedIntoHoursAndAHalfHourAloneIsDropped() throws {
        // Hand-written in ohlc's shape (no days=1 capture exists): 10:30, 11:00 | 11:30, 12:00 | 12:30 (forming, alone).
        let h: Int64 = 1_621_072_800_000  // 2021-05-15 10:00 UTC
        let half: Int64 = 1_800_000
        let body = "[[\(h + half),10,11,9,10.5],[\(h + 2 * half),10.5,12,10,11],[\(h + 3 * half),11,11.5,8,9],[\(h + 4 * half),9,13,9,12],[\(h + 5 * half),12,12,12,12]]"
        let hours = try Self.candles.decodeHistory(Array(body.utf8), timeframe: .h1)
        #expect(hours == [
            Candle(openTime: h, open: 10, high: 12, low: 9, close: 11, volume: nil),
            Candle(openTime: h + 2 * half, open: 11, high: 13, low: 8, close: 12, volume: nil),
        ])
    }

    @Test func rowsThatAreNotTheWidthApartAreAnErrorNamingTheProvider() {
        // 4h rows where 30-minute ones were asked for: the API picked another width.
        let body = "[[1620504000000,1,1,1,1],[1620506700000,1,1,1,1]]"
        #expect {
            try Self.candles.decodeHistory(Array(body.utf8), timeframe: .h4)
        } throws: { error in
            guard case ProviderError.decoding(let provider, let detail) = error else { return false }
            return provider == "coingecko" && detail.contains("not 240 minutes apart")
        }
    }

    @Test func theCandleSourceOfCoinGeckoIsItsOHLCAndOfAnExchangeItself() {
        #expect(HistoryCaptures.gecko.candleSource is CoinGeckoCandles)
        #expect(HistoryCaptures.binance.candleSource is Binance)
        #expect(HistoryCaptures.gecko.candleRefusal(.h1, volume: false) == nil)
        #expect(HistoryCaptures.gecko.candleRefusal(.w1, volume: false) == nil)
        #expect(HistoryCaptures.gecko.candleRefusal(.m15, volume: false)?.contains("no 15m candles") == true)
        #expect(HistoryCaptures.gecko.candleRefusal(.h1, volume: true)?.contains("no volume") == true)
        #expect(HistoryCaptures.paprika.candleRefusal(.h4, volume: false)?.contains("only 1d, 1w") == true)
        #expect(HistoryCaptures.binance.candleRefusal(.m1, volume: true) == nil)
    }
}
