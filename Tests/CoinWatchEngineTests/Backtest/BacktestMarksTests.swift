@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// SPEC §8 / issue 17 "provider-reported highs (ATH, 52-week) taken as known at the start": the
/// replay seeds the 52-week and all-time highs and lows from the coin's daily history before the
/// start and moves them with every pass's price; checked against a brute-force scan of the raw
/// days and prices, and through `new_high` rules of the live engine.
struct BacktestMarksTests {
    static let day: Int64 = 86_400_000

    /// A seeded random walk: `count` values from 100.
    static func walk(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        var price = 100.0
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            price *= 1 + (Double(state >> 11) / Double(1 << 53) - 0.5) * 0.08
            return price
        }
    }

    @Test func theMarksEachPassSeesAreTheExtremesOfTheDaysBeforeAndThePricesSinceOverTheWindow() {
        // 500 days before the start, then a pass a day for 600 days: the 52-week window slides out of
        // the days before and then over the replay's own prices.
        let start: Int64 = 1_600_000_000_000 / Self.day * Self.day
        let closes = Self.walk(500, seed: 7)
        let before = closes.enumerated().map { index, close in
            Backtest.DailyExtreme(time: start - Int64(500 - index) * Self.day, high: close * 1.03, low: close * 0.97)
        }
        let prices = Self.walk(600, seed: 11).map { $0 * 1.2 }
        var marks = BacktestMarks(before: before)
        var quote = Quote(providerID: "c", symbol: "C", name: "c", vs: "usd", price: 0, provider: "test")
        var sawTheSeedLeave = false
        for (index, price) in prices.enumerated() {
            let time = start + Int64(index) * Self.day + 3_600_000
            marks.pass(price: price, at: time, into: &quote)
            let from = time - 365 * Self.day
            let seen = prices.prefix(index + 1).enumerated().map { (time: start + Int64($0.offset) * Self.day + 3_600_000, price: $0.element) }
            let yearHigh = (before.filter { $0.time >= from }.map(\.high) + seen.filter { $0.time >= from }.map(\.price)).max()
            let yearLow = (before.filter { $0.time >= from }.map(\.low) + seen.filter { $0.time >= from }.map(\.price)).min()
            #expect(quote.high52w == yearHigh, "pass \(index)")
            #expect(quote.low52w == yearLow, "pass \(index)")
            #expect(quote.ath == (before.map(\.high) + seen.map(\.price)).max(), "pass \(index)")
            #expect(quote.atl == (before.map(\.low) + seen.map(\.price)).min(), "pass \(index)")
            if before.allSatisfy({ $0.time < from }) { sawTheSeedLeave = true }
        }
        #expect(sawTheSeedLeave, "the window slid past every day before the start: a check that can fail")
    }

    /// A replay of hourly `prices` from `start` with `before` as the days before, through `rules`.
    static func replay(_ prices: [Double], before: [Backtest.DailyExtreme]?, rules: [Rule], start: Int64) -> (Backtest, [Alert]) {
        var file = RulesFile(path: "rules.json")
        file.favorites = ["coin"]
        file.rules = rules
        var series = Backtest.Series(points: prices.indices.map { (start + Int64($0) * 3_600_000, prices[$0]) },
                                     template: Quote(providerID: "coin", symbol: "COIN", name: "Coin", vs: "usd", price: 0, provider: "test"))
        series.before = before
        let from = Double(start) / 1000
        let backtest = Backtest(rules: file, series: ["coin": series], from: from, to: from + Double(prices.count - 1) * 3_600, step: 3_600)
        return (backtest, backtest.run())
    }

    @Test func anAllTimeHighRuleFiresFirstWhereThePriceTopsTheHighKnownAtTheStart() throws {
        let start: Int64 = 1_600_000_000_000 / Self.day * Self.day
        let before = Self.walk(300, seed: 3).enumerated().map { index, close in
            Backtest.DailyExtreme(time: start - Int64(300 - index) * Self.day, high: close * 1.02, low: close * 0.98)
        }
        let seedHigh = try #require(before.map(\.high).max())
        // Starts well below the seeded high and climbs past it.
        let prices: [Double] = (0..<400).map { (index: Int) -> Double in
            let bump: Double = index % 5 == 0 ? 0.004 : 0
            return seedHigh * (0.8 + 0.3 * Double(index) / 400 + bump)
        }
        let rule = Rule(id: "ath", coin: "coin", condition: Condition(NewHighCondition(window: .all)))
        let (backtest, alerts) = Self.replay(prices, before: before, rules: [rule], start: start)
        let fires = alerts.filter { $0.status == Alert.Status.firing }
        // Brute force: the first price at or above the seeded high and above every earlier price.
        let tops = prices.indices.filter { (index: Int) -> Bool in
            prices[index] >= seedHigh && prices[..<index].allSatisfy { $0 < prices[index] }
        }
        let first = try #require(tops.first)
        #expect(first > 100, "the seeded high holds the rule back for a while: a check that can fail")
        #expect(fires.first?.time == backtest.from + Double(first) * 3_600)
        #expect(BacktestCoverage.warnings(backtest.rules, series: backtest.series).isEmpty, "known at the start: no warning")

        // Without the days before, the all-time high is unknown: the rule never holds, and says so.
        let (unknown, none) = Self.replay(prices, before: nil, rules: [rule], start: start)
        #expect(none.isEmpty)
        #expect(BacktestCoverage.warnings(unknown.rules, series: unknown.series).count == 1)
    }

    @Test func aFiftyTwoWeekHighBelowTheSeedsAllTimeHighFiresOnceTheYearHighIsTopped() throws {
        // An all-time high far back (more than a year before the start), a lower year since.
        let start: Int64 = 1_600_000_000_000 / Self.day * Self.day
        let before = (0..<500).map { index in
            let high = index < 100 ? 200.0 : 100.0 + Double(index % 7)
            return Backtest.DailyExtreme(time: start - Int64(500 - index) * Self.day, high: high, low: high * 0.95)
        }
        let prices = (0..<300).map { 95.0 + Double($0) * 0.05 }  // 95 → 110: tops the year's 106, not the 200
        let year = Rule(id: "year", coin: "coin", condition: Condition(NewHighCondition(window: .w52)))
        let all = Rule(id: "all", coin: "coin", condition: Condition(NewHighCondition(window: .all)))
        let (backtest, alerts) = Self.replay(prices, before: before, rules: [year, all], start: start)
        #expect(alerts.filter { $0.rule == "all" }.isEmpty, "200 is never topped")
        let first = try #require(prices.firstIndex { $0 >= 106 })
        #expect(alerts.first { $0.rule == "year" }?.time == backtest.from + Double(first) * 3_600)
    }
}
