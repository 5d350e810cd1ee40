import Foundation
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
import Testing
@testable import TestHelpers

@Suite struct PriceHistoryTests {
    static let start: Double = 1_790_000_000
    static let day: Double = 86_400
    static let year: Double = 365 * 86_400

    /// A deterministic random walk around `base`, rounded to cents like provider prices.
    struct Walk {
        var state: UInt64
        var price: Double

        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let step = Double(state >> 33) / Double(1 << 31) - 0.5  // −0.5 ..< 0.5
            price = max(1, price * (1 + step * 0.004))
            return (price * 100).rounded() / 100
        }
    }

    @Test func firstRecordSetsFirstSeen() {
        var series = PriceSeries(firstSeen: 0)
        series.record(price: 10, at: 1000.4)
        series.record(price: 11, at: 1060)
        #expect(series.firstSeen == 1000)
        #expect(series.points == [PricePoint(time: 1000, price: 10), PricePoint(time: 1060, price: 11)])
    }

    @Test func recordKeepsTimeOrderAndOnePricePerSecond() {
        var series = PriceSeries(price: 1, at: 100)
        series.record(price: 3, at: 300)
        series.record(price: 2, at: 200)
        series.record(price: 4, at: 300)
        #expect(series.points.map(\.price) == [1, 2, 4])
        #expect(series.last?.time == 300)
    }

    @Test func documentStartsASeriesOnFirstRecord() {
        var doc = StateDocument()
        doc.recordPrice(coin: "Bitcoin", vs: "USD", price: 5, at: 42)
        #expect(doc.prices["bitcoin|usd"] == PriceSeries(firstSeen: 42, points: [PricePoint(time: 42, price: 5)]))
    }

    @Test func withoutWindowsOnlyTheLastPointIsKept() {
        var series = PriceSeries(price: 1, at: 0)
        series.record(price: 2, at: 60)
        series.prune(now: 60, retain: nil)
        #expect(series.points == [PricePoint(time: 60, price: 2)])
        #expect(series.firstSeen == 0)
    }

    @Test func pointsOlderThanTheLongestWindowAreDroppedButTheLastStays() {
        var series = PriceSeries(price: 1, at: 0)
        series.record(price: 2, at: 600)
        series.record(price: 3, at: 1200)
        series.prune(now: 1300, retain: 1000)
        #expect(series.points.map(\.price) == [2, 3])
        series.prune(now: 10_000, retain: 1000)
        #expect(series.points.map(\.price) == [3])
    }

    @Test func thinningKeepsTheLowAndHighOfEveryWindow() {
        var series = PriceSeries(firstSeen: Self.start)
        var walk = Walk(state: 7, price: 50_000)
        var raw: [PricePoint] = []
        var t = Self.start
        while t < Self.start + 60 * Self.day {
            let p = walk.next()
            raw.append(PricePoint(time: t, price: p))
            series.record(price: p, at: t)
            if Int(t - Self.start) % 3600 == 0 { series.prune(now: t, retain: .infinity) }
            t += 60
        }
        let now = t
        series.prune(now: now, retain: .infinity)
        #expect(series.points.count < raw.count / 50)
        #expect(series.points.max { $0.price < $1.price } == raw.max { $0.price < $1.price })
        #expect(series.points.min { $0.price < $1.price } == raw.min { $0.price < $1.price })
        // Windows whose edge falls on a bucket boundary see exactly the raw extremes.
        for window in [2 * 3600.0, Self.day, 7 * Self.day, 30 * Self.day] {
            let from = ((now - window) / window).rounded(.down) * window
            let kept = series.points.filter { $0.time >= from }.map(\.price)
            let all = raw.filter { $0.time >= from }.map(\.price)
            #expect(kept.max() == all.max() && kept.min() == all.min(), "window \(window)")
        }
        // Every 2 h of recent points survive untouched.
        #expect(series.points.filter { now - $0.time <= 7200 } == raw.filter { now - $0.time <= 7200 })
    }

    @Test func thinningOnceOrEveryHourGivesTheSamePoints() {
        var hourly = PriceSeries(firstSeen: Self.start)
        var once = PriceSeries(firstSeen: Self.start)
        var walk = Walk(state: 11, price: 2_000)
        var t = Self.start
        while t < Self.start + 10 * Self.day {
            let p = walk.next()
            hourly.record(price: p, at: t)
            once.record(price: p, at: t)
            if Int(t - Self.start) % 3600 == 0 { hourly.prune(now: t, retain: 30 * Self.day) }
            t += 60
        }
        hourly.prune(now: t, retain: 30 * Self.day)
        once.prune(now: t, retain: 30 * Self.day)
        #expect(hourly == once)
    }

    @Test func pruningEveryMinuteInPlaceKeepsThePointsAFreshThinningOfEveryPassWouldKeep() {
        // `prune` skips thinning within a 15-minute slot when no new point has aged; the reference
        // series is handed its points anew before every prune, so it always thins from scratch.
        for retain in [6 * 3600.0, Self.day, 8 * Self.day] {
            var kept = PriceSeries(firstSeen: Self.start)
            var fresh = PriceSeries(firstSeen: Self.start)
            var walk = Walk(state: 5, price: 40)
            var t = Self.start + 17
            var compared = 0
            while t < Self.start + 9 * Self.day {
                let p = walk.next()
                kept.record(price: p, at: t)
                fresh.record(price: p, at: t)
                kept.prune(now: t, retain: retain)
                fresh.points = fresh.points  // forgets what the last prune thinned
                fresh.prune(now: t, retain: retain)
                if Int(t) % 1_800 < 60 {
                    #expect(kept.points == fresh.points, "retain \(retain) at \(t - Self.start)")
                    compared += 1
                }
                t += 60
            }
            #expect(kept == fresh)
            #expect(compared > 100 && kept.points.count < 2_000, "thinned: \(kept.points.count) points")
        }
    }

    @Test func hundredFavoritesWithFiveRulesForAYearStayUnderTwoMegabytes() throws {
        var series = PriceSeries(firstSeen: Self.start)
        var walk = Walk(state: 3, price: 65_000)
        var t = Self.start
        while t < Self.start + Self.year {
            series.record(price: walk.next(), at: t + 0.37)  // a pass lands at an odd fraction of a second
            if Int(t - Self.start) % 3600 == 0 { series.prune(now: t, retain: Window.w52.seconds) }
            t += 60
        }
        series.prune(now: t, retain: Window.w52.seconds)
        var doc = StateDocument()
        var pair = PairState()
        (pair.firing, pair.trueSince, pair.lastNotified, pair.lastFired) = (true, t, t, t)
        for index in 0..<100 {
            doc.prices["coin-\(index)|usd"] = series
            for rule in ["new-high", "big-mover", "dip", "pump", "cross"] {
                doc.pairs[StateDocument.pairKey(rule: rule, coin: "coin-\(index)")] = pair
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let size = try encoder.encode(doc).count
        #expect(series.points.count < 800, "\(series.points.count) points a coin")
        #expect(size < 2_000_000, "\(size) bytes")
    }
}

/// Window coverage (SPEC §2): pruning must never make a window look watched.
@Suite struct WindowCoverageTests {
    static let day: Double = 86_400

    @Test func coverageStartsAtTheFirstRecordedPrice() {
        var series = PriceSeries(firstSeen: 0)
        series.record(price: 10, at: 5000)
        #expect(series.firstSeen == 5000 && series.coveredFrom == 5000)
        #expect(series.covers(3600, now: 8600))
        #expect(!series.covers(3600, now: 8599))
    }

    @Test func pruningMovesCoverageForwardWithTheDroppedPoints() {
        var series = PriceSeries(price: 1, at: 0)
        for minute in 1...(3 * 24 * 60) { series.record(price: 1, at: Double(minute) * 60) }
        let now = 3 * Self.day
        series.prune(now: now, retain: 3600)
        #expect(series.firstSeen == 0, "first seen stays the first record")
        #expect(series.coveredFrom == now - 3600)
        #expect(!series.covers(7 * Self.day, now: series.coveredFrom + 7 * Self.day - 1))
        #expect(series.covers(7 * Self.day, now: series.coveredFrom + 7 * Self.day))
    }

    @Test func aLongWindowAddedAfterPruningWaitsForItsWholeWindow() {
        // Watched 30 days with only a 1h move_pct rule, so history was pruned to the last hour;
        // then a new_high 7d rule is added. The provider reports no 7d high: it must wait 7 days.
        var series = PriceSeries(price: 100, at: 0)
        var now = 0.0
        while now < 30 * Self.day {
            now += 3600
            series.record(price: 100, at: now)
            series.prune(now: now, retain: 3600)
        }
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 150, provider: "t")
        let rule = Condition.newHigh(.d7)
        #expect(!rule.holds(Observation(quote: quote, previous: 100, series: series, now: now + 60)))
        let start = now
        // Coverage starts at the oldest hour still kept, an hour before the rule came.
        while now < start + 7 * Self.day - 2 * 3600 {
            now += 3600
            series.record(price: 100, at: now)
            series.prune(now: now, retain: 7 * Self.day)
        }
        #expect(!rule.holds(Observation(quote: quote, previous: 100, series: series, now: now + 60)),
                "covered for 6 days 23 hours only")
        now += 3600
        series.record(price: 100, at: now)
        series.prune(now: now, retain: 7 * Self.day)
        #expect(rule.holds(Observation(quote: quote, previous: 100, series: series, now: now + 60)))
    }

    @Test func withoutWindowsCoverageIsOnlyTheLastPrice() {
        var series = PriceSeries(price: 1, at: 0)
        series.record(price: 2, at: 600)
        series.prune(now: 600, retain: nil)
        #expect(series.coveredFrom == 600)
    }

    @Test func coverageIsKeptInTheStateFile() throws {
        let series = PriceSeries(firstSeen: 10, coveredFrom: 500, points: [PricePoint(time: 600, price: 1)])
        let data = try JSONEncoder().encode(series)
        #expect(String(decoding: data, as: UTF8.self).contains(#""covered_from":500"#))
        #expect(try JSONDecoder().decode(PriceSeries.self, from: data) == series)
    }

    @Test func aFileWithoutCoverageIsTrustedFromItsOldestPoint() throws {
        let json = #"{"first_seen": 10, "points": [[700, 1], [800, 2]]}"#
        let series = try JSONDecoder().decode(PriceSeries.self, from: Data(json.utf8))
        #expect(series.coveredFrom == 700)
    }
}
