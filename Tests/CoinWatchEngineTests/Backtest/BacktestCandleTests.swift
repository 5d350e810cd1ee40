@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// SPEC §8 over a history of candles: each simulated pass sees the low and high of the candles
/// since the previous pass (§2 wicks), and the volume traded in the quote currency over the day
/// before it (each candle's volume × its close), so `volume_24h_*` rules evaluate; a history of
/// prices only names those rules instead.
struct BacktestCandleTests {
    /// Two days and two hours of hourly candles, each seen at its close, with volumes that rise
    /// and fall (a seeded walk), and the times they are seen at.
    static func candles() -> (candles: [Candle], times: [Int64]) {
        let hour: Int64 = 3_600_000
        let start: Int64 = 1_700_000_000_000 / hour * hour
        var state: UInt64 = 42
        var candles: [Candle] = []
        var price = 100.0
        for index in 0..<50 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            let open = price
            price *= 1 + (unit - 0.5) * 0.02
            let volume = 10 + 40 * unit * Double(index % 7 + 1)
            candles.append(Candle(openTime: start + Int64(index) * hour, open: open, high: max(open, price) * 1.001,
                                  low: min(open, price) * 0.999, close: price, volume: volume))
        }
        return (candles, candles.map { $0.openTime + hour })
    }

    /// The 24h volume at `at` (ms) counted by a plain scan: nil until a candle is a whole day old.
    static func bruteForceVolume(_ candles: [Candle], times: [Int64], at: Int64) -> Double? {
        let dayBefore = at - 86_400_000
        guard times.contains(where: { $0 <= dayBefore }) else { return nil }
        return zip(candles, times).filter { $0.1 > dayBefore && $0.1 <= at }.reduce(0) { $0 + ($1.0.volume ?? 0) * $1.0.close }
    }

    @Test func volume24hRulesSeeTheVolumeSummedOverTheDayBeforeEachPass() throws {
        let (candles, times) = Self.candles()
        let template = Quote(providerID: "COINUSDT", symbol: "COIN", name: "coin", vs: "usd", price: 0, provider: "binance")
        let series = Backtest.Series(candles: candles, times: times, template: template)
        let from = Double(times[0]) / 1000, to = Double(times[times.count - 1]) / 1000
        // A level between the day's lowest and highest 24h volumes, so it both holds and stops holding.
        let volumes = stride(from: from, through: to, by: 3_600).compactMap {
            Self.bruteForceVolume(candles, times: times, at: Int64($0 * 1000))
        }
        try #require(volumes.count > 20)
        let level = (volumes.min()! + volumes.max()!) / 2
        var rule = Rule(id: "busy", coin: "coin", condition: Condition(Volume24hAboveCondition(value: level)))
        rule.resolve = true
        var file = RulesFile(path: "rules.json")
        file.favorites = ["coin"]
        file.rules = [rule]
        let alerts = Backtest(rules: file, series: ["coin": series], from: from, to: to, step: 3_600).run()

        var expected: [String] = []
        var holding = false
        for time in stride(from: from, through: to, by: 3_600) {
            let volume = Self.bruteForceVolume(candles, times: times, at: Int64(time * 1000))
            let holds = volume.map { $0 >= level } ?? false
            if holds, !holding { expected.append("firing \(time)") } else if !holds, holding { expected.append("resolved \(time)") }
            holding = holds
        }
        #expect(expected.count >= 2, "the level is both reached and left: a test that can fail")
        #expect(alerts.map { "\($0.status.rawValue) \($0.time)" } == expected)
        for alert in alerts where alert.status == .firing {
            let volume = try #require(Self.bruteForceVolume(candles, times: times, at: Int64(alert.time * 1000)))
            #expect(abs((alert.value ?? 0) - volume) <= volume * 1e-12, "the alert's value is the summed volume")
        }
    }

    @Test func aVolumeRuleOnAHistoryOfPricesOnlyIsNamedWithTheReason() {
        let template = Quote(providerID: "bitcoin", symbol: "BTC", name: "bitcoin", vs: "usd", price: 0, provider: "coingecko")
        let prices = Backtest.Series(points: [(time: 0, price: 1)], template: template)
        let (candles, times) = Self.candles()
        let withVolume = Backtest.Series(candles: candles, times: times, template: template)
        var file = RulesFile(path: "rules.json")
        file.favorites = ["bitcoin", "ether"]
        file.rules = [Rule(id: "busy", coin: "*", condition: Condition(Volume24hAboveCondition(value: 1)))]
        let lines = BacktestCoverage.warnings(file, series: ["bitcoin": prices, "ether": withVolume])
        #expect(lines == ["rule 'busy' (volume_24h_above) cannot be backtested on bitcoin: its history holds no traded volume "
                          + "(coingecko serves prices only), so the 24h volume is unknown; it never fires there in the replay"])
    }

    @Test func rulesOnARatioTheirOwnCurrencyOrHoldingsAreNamedAsNotBacktested() {
        var file = RulesFile(path: "rules.json")
        file.favorites = ["bitcoin", "ethereum"]
        var eur = Rule(id: "eur", coin: "bitcoin", condition: .above(1))
        eur.vs = "eur"
        file.rules = [Rule(id: "ratio", coin: "ethereum/bitcoin", condition: .above(0.05)), eur,
                      Rule(id: "plain", coin: "bitcoin", condition: .above(1))]
        let lines = BacktestCoverage.warnings(file, series: [:])
        #expect(lines == ["rule 'ratio' (above on ethereum/bitcoin) cannot be backtested: a ratio is priced from two coins' quotes "
                          + "in one pass, and the replay runs one coin at a time; it never fires in the replay",
                          "rule 'eur' (above on bitcoin) cannot be backtested: the replay fetches history in usd, not the rule's eur; "
                          + "it never fires in the replay"])
    }

    @Test(arguments: [60.0, 300.0])
    func eachPassSeesTheLowAndHighOfTheCandlesSinceThePreviousPassAsInABruteForceCount(_ step: Double) throws {
        let candles = try HistoryCaptures.binance.decodeHistory(
            try HistoryCaptures.capture("binance-klines_symbol-unknown_1m_default-limit-500_2024-11-16.json"), timeframe: .m1)
        try #require(candles.count >= 400)
        let times = candles.map { $0.openTime + 60_000 }  // a candle is seen once it has closed
        let template = Quote(providerID: "BTCUSDT", symbol: "BTC", name: "coin", vs: "usdt", price: 0, provider: "binance")
        let line = BacktestCrossCheckTests.median(zip(times, candles).map { (time: $0.0, price: $0.1.close) })
        var file = RulesFile(path: "rules.json")
        file.favorites = ["coin"]
        file.rules = [Rule(id: "cross", coin: "coin", condition: .crosses(line))]
        let from = Double(times[0]) / 1000, to = Double(times[times.count - 1]) / 1000
        let series = Backtest.Series(candles: candles, times: times, template: template)
        let alerts = Backtest(rules: file, series: ["coin": series], from: from, to: to, step: step).run()

        // The brute force: at each pass the candles closed since the previous one, found by a scan.
        var expected: [String] = []
        var previous: Double?
        var seenUpTo = -1
        for time in stride(from: from, through: to, by: step) {
            guard let latest = times.lastIndex(where: { $0 <= Int64(time * 1000) }) else { continue }
            let fresh = candles[(seenUpTo < 0 ? latest : seenUpTo + 1)...latest]
            seenUpTo = latest
            let close = candles[latest].close
            let high = max(close, fresh.map(\.high).max() ?? close), low = min(close, fresh.map(\.low).min() ?? close)
            defer { previous = close }
            guard let previous else { continue }
            if previous < line, line <= high {
                expected.append("\(time) \(line <= close ? "close" : "wick \(high)")")
            } else if previous > line, line >= low {
                expected.append("\(time) \(line >= close ? "close" : "wick \(low)")")
            }
        }
        #expect(expected.contains { $0.contains("wick") }, "some crossings are wicks only: a test that can fail")
        #expect(alerts.map { "\($0.time) \($0.wick == true ? "wick \($0.extreme ?? 0)" : "close")" } == expected)
    }
}
