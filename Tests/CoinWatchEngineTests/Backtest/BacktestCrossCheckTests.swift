@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// SPEC §8 cross-checks: over the real captures, the fires the backtest (the live RuleRunner)
/// counts for a plain crossing, a level rule with resolve and a range rule equal a brute-force
/// count written here from the raw points, sampled at the same pass times; a cooldown replay
/// equals the brute-force count with the cooldown applied.
struct BacktestCrossCheckTests {
    /// A capture as (ms, price) points: candles at their close time, CoinGecko's points as they are.
    struct Capture: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var timeframe: Timeframe
        var testDescription: String { source }

        func points() throws -> [(time: Int64, price: Double)] {
            let body = try HistoryCaptures.capture(name)
            switch source {
            case "coingecko": return try HistoryCaptures.gecko.decodeHistory(body, timeframe: timeframe).map { ($0.openTime, $0.close) }
            case "binance": return try HistoryCaptures.binance.decodeHistory(body, timeframe: timeframe).map { ($0.openTime + 60_000, $0.close) }
            default: return try HistoryCaptures.upbit.decodeHistory(body, timeframe: timeframe).map { ($0.openTime + 60_000, $0.close) }
            }
        }
    }

    static let captures = [
        Capture(name: "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json", source: "coingecko", timeframe: .h1),
        Capture(name: "binance-klines_symbol-unknown_1m_default-limit-500_2024-11-16.json", source: "binance", timeframe: .m1),
        Capture(name: "upbit-candles-minutes-1_KRW-BTC_count-200_KST-1700-2020_pretty-printed_2020-02-20.json", source: "upbit", timeframe: .m1),
    ]

    /// A replay of `points` with `rules` (one favorite, "coin"), a pass every `step` from the first point.
    static func backtest(_ points: [(time: Int64, price: Double)], _ rules: [Rule], step: Double) -> Backtest {
        var file = RulesFile(path: "rules.json")
        file.favorites = ["coin"]
        file.rules = rules
        let template = Quote(providerID: "coin", symbol: "COIN", name: "Coin", vs: "usd", price: 0, provider: "test")
        let from = Double(points[0].time) / 1000
        return Backtest(rules: file, series: ["coin": Backtest.Series(points: points, template: template)],
                        from: from, to: Double(points[points.count - 1].time) / 1000, step: step)
    }

    /// The price at each pass time, found by a plain scan: the last point at or before it.
    static func sampled(_ points: [(time: Int64, price: Double)], from: Double, to: Double, step: Double) -> [(time: Double, price: Double)] {
        var out: [(time: Double, price: Double)] = []
        var t = from
        while t <= to {
            let ms = Int64((t * 1000).rounded())
            if let point = points.last(where: { $0.time <= ms }) { out.append((t, point.price)) }
            t += step
        }
        return out
    }

    /// A price level the series crosses often: the median of the points.
    static func median(_ points: [(time: Int64, price: Double)]) -> Double {
        let sorted = points.map(\.price).sorted()
        return sorted[sorted.count / 2]
    }

    @Test(arguments: captures)
    func crossingLevelAndRangeFiresEqualABruteForceCountOverTheRealCapture(_ capture: Capture) throws {
        let points = try capture.points()
        try #require(points.count >= 100)
        let line = Self.median(points)
        let sorted = points.map(\.price).sorted()
        let low = sorted[sorted.count / 4], high = sorted[sorted.count * 3 / 4]
        var level = Rule(id: "level", coin: "coin", condition: .below(line))
        level.resolve = true
        let rules = [Rule(id: "cross", coin: "coin", condition: .crossesAbove(line)), level,
                     Rule(id: "range", coin: "coin", condition: .entersRange(low: low, high: high))]
        let step = capture.timeframe == .h1 ? 3_600.0 : 60.0
        let backtest = Self.backtest(points, rules, step: step)
        let alerts = backtest.run()
        #expect(alerts.allSatisfy { $0.backtest == true })

        let seen = Self.sampled(points, from: backtest.from, to: backtest.to, step: step).map(\.price)
        var crossings: [Double] = [], levelFires = 0, levelResolves = 0, entries = 0
        var holding = false
        for (index, price) in seen.enumerated() {
            if price <= line, !holding { levelFires += 1; holding = true } else if price > line, holding { levelResolves += 1; holding = false }
            guard index > 0 else { continue }
            let previous = seen[index - 1]
            if previous < line, line <= price { crossings.append(price) }
            let inside = { (p: Double) in p >= low && p <= high }
            if !inside(previous), inside(price) { entries += 1 }
        }
        let count = { (rule: String, status: Alert.Status) in alerts.count { $0.rule == rule && $0.status == status } }
        #expect(crossings.count > 2, "the median is crossed: a test that can fail")
        #expect(count("cross", .firing) == crossings.count)
        #expect(alerts.filter { $0.rule == "cross" }.map(\.price) == crossings)
        #expect(count("level", .firing) == levelFires)
        #expect(count("level", .resolved) == levelResolves)
        #expect(count("range", .firing) == entries)
        #expect(entries > 0 && levelFires > 0)
    }

    @Test(arguments: captures)
    func aCooldownReplayEqualsTheBruteForceCountWithTheCooldownApplied(_ capture: Capture) throws {
        let points = try capture.points()
        let line = Self.median(points)
        let step = capture.timeframe == .h1 ? 3_600.0 : 60.0
        let cooldown = step * 10
        var rule = Rule(id: "cross", coin: "coin", condition: .crosses(line))
        rule.cooldown = cooldown
        let backtest = Self.backtest(points, [rule], step: step)
        let fired = backtest.run().map(\.time)

        let seen = Self.sampled(points, from: backtest.from, to: backtest.to, step: step)
        var expected: [Double] = []
        var plain = 0
        for index in seen.indices.dropFirst() {
            let (previous, price) = (seen[index - 1].price, seen[index].price)
            guard (previous < line && line <= price) || (previous > line && line >= price) else { continue }
            plain += 1
            if let last = expected.last, seen[index].time - last < cooldown { continue }
            expected.append(seen[index].time)
        }
        #expect(plain > expected.count, "the cooldown drops some crossings: a test that can fail")
        #expect(fired == expected)
    }
}
