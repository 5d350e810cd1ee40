@testable import CoinWatchMarket
@testable import CoinWatchRules
import Foundation
import Testing
@testable import TestHelpers

/// RSI, SMA, EMA and Bollinger bands, kept incrementally candle by candle, against TA-Lib's values
/// over the last 250 closed candles at every candle of the real history captures
/// (`Fixtures/golden/indicators.json`, made by `scripts/golden_indicators.py`; ta-lib is not
/// needed to run this test).
struct IndicatorGoldenTests {
    /// The golden file's names for the indicators, and how each reads a track.
    /// Each reads a track's value; `scale` is what the error is relative to: the value itself, or
    /// for a band the larger of it and the middle band. Where the lower band nearly cancels
    /// (σ ≈ mean / 2: LUNA after its crash, at 1e-5 USD) TA-Lib's own running sum of squares has
    /// lost digits — at candle 1121 the exact band (in rationals) is 1.0565064235918564e-05,
    /// ours 1.0565064235918618e-05, TA-Lib's 1.0565064213810543e-05 — so there it is held to
    /// 1e-9 of the middle band.
    static let indicators: [(name: String, indicator: Indicator, read: @Sendable (IndicatorReading) -> Double?)] = [
        ("rsi14", .rsi(period: 14), { $0.value }),
        ("rsi6", .rsi(period: 6), { $0.value }),
        ("sma20", .sma(period: 20), { $0.value }),
        ("sma50", .sma(period: 50), { $0.value }),
        ("ema12", .ema(period: 12), { $0.value }),
        ("ema50", .ema(period: 50), { $0.value }),
        ("bb20_upper", .bands(period: 20), { r in r.value.flatMap { m in r.deviation.map { m + 2 * $0 } } }),
        ("bb20_lower", .bands(period: 20), { r in r.value.flatMap { m in r.deviation.map { m - 2 * $0 } } }),
    ]

    @Test func theGoldenFileCoversEveryCaptureItWasMadeFrom() {
        #expect(IndicatorGolden.golden.count == 5)
        #expect(IndicatorGolden.golden.contains { $0.closes.count > Indicator.window }, "one series must slide the 250-candle window")
    }

    @Test(arguments: IndicatorGolden.golden)
    func indicatorsEqualTALibOverTheLast250ClosedCandlesAtEveryCandle(_ series: IndicatorGolden.Series) throws {
        let candles = try IndicatorGolden.candles(series)
        // coinwatch's number reader and Python's may differ in the last bits of a long decimal
        // (3019.0596883260273 against 3019.059688326026 in the CoinPaprika capture).
        #expect(candles.count == series.closes.count)
        #expect(zip(candles.map(\.close), series.closes).allSatisfy { abs($0 - $1) <= 1e-14 * abs($1) },
                "the decoder must read the capture as the script did")
        for (name, indicator, read) in Self.indicators {
            let expected = try #require(series.values[name], "\(name) missing from the golden file")
            var track = IndicatorTrack(indicator)
            var checked = 0
            for (index, candle) in candles.enumerated() {
                track.add(candle)
                let got = read(track.reading)
                guard let want = expected[index] else {
                    #expect(got == nil, "\(series.file) \(name) [\(index)]: TA-Lib has no value yet, got \(got ?? 0)")
                    continue
                }
                guard let got else {
                    Issue.record("\(series.file) \(name) [\(index)]: no value, TA-Lib has \(want)")
                    continue
                }
                let scale = max(abs(want), name.hasPrefix("bb") ? abs(track.reading.value ?? 0) : 0, 1e-300)
                #expect(abs(got - want) / scale <= 1e-9, "\(series.file) \(name) [\(index)]: \(got) vs TA-Lib \(want)")
                checked += 1
            }
            #expect(checked > 0)
        }
    }
}
