@testable import CoinWatchMarket
import Testing
@testable import TestHelpers

/// Every provider's history decoder on the real captures in `Fixtures/real/history/`, exactly as captured.
struct HistoryDecoderTests {
    @Test func coinGeckoOneDayChartSortsTheTwoBackwardTimestampsAtItsEnd() throws {
        let body = try HistoryCaptures.capture("coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-15.json")
        let points = try HistoryCaptures.gecko.decodeHistory(body, timeframe: .m5)
        #expect(points.count == 288)
        #expect(HistoryCaptures.isSortedWithoutDuplicates(points))
        #expect(points.suffix(2).map(\.openTime) == [1_621_089_594_000, 1_621_089_594_955])
        #expect(points.first == Candle(point: 1_621_003_519_770, price: 50675.258073370765))
    }

    @Test func coinGeckoChartsOfEveryResolutionDecodeWithoutAFixedCount() throws {
        for (name, timeframe) in [("coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-16.json", Timeframe.m5),
                                  ("coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json", .h1),
                                  ("coingecko-market-chart_bitcoin_vs-usd_days-90_interval-daily_2021-05-15.json", .d1)] {
            let points = try HistoryCaptures.gecko.decodeHistory(try HistoryCaptures.capture(name), timeframe: timeframe)
            #expect(points.count > 80, "\(name)")
            #expect(HistoryCaptures.isSortedWithoutDuplicates(points), "\(name)")
            #expect(points.allSatisfy { $0.volume == nil && $0.open == $0.close })
        }
    }

    @Test func coinGeckoMaxChartReadsENotationPrices() throws {
        let points = try HistoryCaptures.gecko.decodeHistory(
            try HistoryCaptures.capture("coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json"), timeframe: .d1)
        #expect(points.count == 1157)
        #expect(points.contains { $0.close < 0.0001 })
        #expect(points.map(\.close).max() ?? 0 > 116)
    }

    @Test func coinGeckoOHLCIsStampedAtTheCandleEnd() throws {
        let candles = try HistoryCaptures.gecko.decodeOHLC(try HistoryCaptures.capture("coingecko-ohlc_bitcoin_vs-usd_days-7_4h-candles_2021-05-15.json"),
                                                timeframe: .h4)
        #expect(candles.count == 42)
        #expect(candles.first == Candle(openTime: 1_620_504_000_000 - 14_400_000, open: 57945.79, high: 59122.18,
                                        low: 57945.79, close: 59122.18, volume: nil))
        let myr = try HistoryCaptures.gecko.decodeOHLC(try HistoryCaptures.capture("coingecko-ohlc_bitcoin_vs-myr_days-30_4h-candles_2021-05-15.json"), timeframe: .h4)
        #expect(myr.count == 180)
        #expect(myr.allSatisfy { $0.openTime % Timeframe.h4.milliseconds == 0 })
    }

    @Test func binanceKlinesReadEveryCapture() throws {
        let ten = try HistoryCaptures.binance.decodeHistory(try HistoryCaptures.capture("binance-klines_BTCUSDT-inferred_1m_10-rows_pretty-printed_2021-10-22.json"), timeframe: .m1)
        #expect(ten.count == 10)
        #expect(ten[0] == Candle(openTime: 1_634_943_780_000, open: 60685.22, high: 60729.84, low: 60670.90, close: 60719.27, volume: 21.63272))
        let hourly = try HistoryCaptures.binance.decodeHistory(try HistoryCaptures.capture("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json"), timeframe: .h1)
        #expect(hourly.count == 240)
        #expect(zip(hourly, hourly.dropFirst()).allSatisfy { $1.openTime - $0.openTime == 3_600_000 })
        let minutes = try HistoryCaptures.binance.decodeHistory(try HistoryCaptures.capture("binance-klines_symbol-unknown_1m_default-limit-500_2024-11-16.json"), timeframe: .m1)
        #expect(minutes.count == 500)
    }

    @Test func upbitPrettyPrintedNewestFirstCandlesComeOutOldestFirst() throws {
        let page = try HistoryCaptures.upbit.decodeHistory(try HistoryCaptures.capture("upbit-candles-minutes-1_KRW-BTC_count-200_KST-1700-2020_pretty-printed_2020-02-20.json"), timeframe: .m1)
        #expect(page.count == 200)
        #expect(HistoryCaptures.isSortedWithoutDuplicates(page))
        #expect(page.last == Candle(openTime: 1_582_197_540_000, open: 11_509_000, high: 11_511_000, low: 11_489_000,
                                    close: 11_498_000, volume: 2.63267824), "2020-02-20T11:19:00 UTC, trade_price is the close")
        for name in ["upbit-candles-minutes-1_KRW-BTC_count-40_KST-2020-2100_pretty-printed_2020-02-20.json",
                     "upbit-candles-minutes-3_KRW-BTC_count-200_KST-0000-1000_pretty-printed_2020-02-20.json",
                     "upbit-candles-minutes-3_KRW-BTC_count-40_KST-1000-1200_pretty-printed_2020-02-20.json",
                     "upbit-candles-minutes-3_KRW-BTC_count-60_KST-1700-2000_pretty-printed_2020-02-20.json"] {
            let candles = try HistoryCaptures.upbit.decodeHistory(try HistoryCaptures.capture(name), timeframe: .m1)
            #expect(candles.count >= 40 && HistoryCaptures.isSortedWithoutDuplicates(candles), "\(name)")
        }
    }

    @Test func bithumbRowsAreTimeOpenCloseHighLowVolume() throws {
        let candles = try HistoryCaptures.bithumb.decodeHistory(try HistoryCaptures.capture("bithumb-candlestick_BTC_KRW_1m_TRIMMED-1-row_DERIVED_2024-08-07.json"), timeframe: .m1)
        #expect(candles == [Candle(openTime: 1_723_014_780_000, open: 81_061_000, high: 81_062_000, low: 80_860_000,
                                   close: 80_860_000, volume: 2.1630537)])
    }

    @Test func coinPaprikaDailyCandlesWithIntegerVolumes() throws {
        let candles = try HistoryCaptures.paprika.decodeHistory(try HistoryCaptures.capture("coinpaprika-ohlcv-historical_eth-ethereum_quotes-USD_start-2022-01-19_end-2022-04-19_2022-04-19.json"), timeframe: .d1)
        #expect(candles.count == 91)
        #expect(candles.first?.openTime == 1_642_550_400_000)
        // `volume` is USD traded (15.1 billion, ETH at 3,097): held in ETH, the base asset.
        #expect(candles.first?.volume == 15_131_525_568 / 3_097.194511711747)
        #expect(candles.allSatisfy { $0.openTime % 86_400_000 == 0 })
    }

    /// A candle time is read as `expires` is, zone-less meaning UTC: an offset west of UTC is no longer turned into
    /// `…-05:00Z` and refused, nor a lower-case `z` into `…zZ`.
    @Test func candleTimesWithAnyOffsetAreRead() throws {
        let body = #"[{"time_open":"2022-01-18T19:00:00-05:00","open":1,"high":2,"low":1,"close":2,"volume":3},"#
            + #"{"time_open":"2022-01-20t00:00:00z","open":1,"high":2,"low":1,"close":2,"volume":3}]"#
        let candles = try HistoryCaptures.paprika.decodeHistory(Array(body.utf8), timeframe: .d1)
        #expect(candles.map(\.openTime) == [1_642_550_400_000, 1_642_636_800_000])
    }

    @Test func errorCapturesBecomeTheAPIsMessage() throws {
        #expect(throws: ProviderError.api(provider: "coingecko", message: "Missing parameter vs_currency")) {
            try HistoryCaptures.gecko.decodeHistory(try HistoryCaptures.capture("error-422_coingecko-market-chart_missing-vs_currency_2021-07-19.json"), timeframe: .h1)
        }
        #expect(throws: ProviderError.api(provider: "coingecko", message: "Internal Server Error")) {
            try HistoryCaptures.gecko.decodeOHLC(try HistoryCaptures.capture("error-500_coingecko-ohlc_no-query-params_2021-07-19.json"), timeframe: .h4)
        }
    }
}
