@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// Every kind's `holds`, row by row, at the edges SPEC §2 "Conditions" draws.
@Suite struct ConditionKindTests {
    static let hour: Double = 3600
    static let day: Double = 86_400

    static let prices: [ConditionCase] = [
        .init(name: "above holds at equality", condition: .above(100), price: 100, holds: true),
        .init(name: "above holds beyond", condition: .above(100), price: 101, holds: true),
        .init(name: "above fails just short", condition: .above(100), price: 99.99, holds: false),
        .init(name: "below holds at equality", condition: .below(100), price: 100, holds: true),
        .init(name: "below fails just over", condition: .below(100), price: 100.01, holds: false),
    ]

    static let crossings: [ConditionCase] = [
        .init(name: "crosses_above onto the value", condition: .crossesAbove(100), price: 100, previous: 99, holds: true),
        .init(name: "crosses_above from the value is no crossing", condition: .crossesAbove(100), price: 101,
              previous: 100, holds: false),
        .init(name: "crosses_above staying above", condition: .crossesAbove(100), price: 102, previous: 101, holds: false),
        .init(name: "crosses_above needs a previous price", condition: .crossesAbove(100), price: 101, holds: false),
        .init(name: "crosses_below onto the value", condition: .crossesBelow(100), price: 100, previous: 101, holds: true),
        .init(name: "crosses_below from the value is no crossing", condition: .crossesBelow(100), price: 99,
              previous: 100, holds: false),
        .init(name: "crosses_below needs a previous price", condition: .crossesBelow(100), price: 99, holds: false),
        .init(name: "crosses upward", condition: .crosses(100), price: 105, previous: 95, holds: true),
        .init(name: "crosses downward", condition: .crosses(100), price: 95, previous: 105, holds: true),
        .init(name: "crosses not at all", condition: .crosses(100), price: 96, previous: 95, holds: false),
        .init(name: "crosses needs a previous price", condition: .crosses(100), price: 105, holds: false),
    ]

    static let changes: [ConditionCase] = [
        .init(name: "change_24h_above at equality", condition: .change24hAbove(5), price: 1, change: 5, holds: true),
        .init(name: "change_24h_above short", condition: .change24hAbove(5), price: 1, change: 4.99, holds: false),
        .init(name: "change_24h_above without a change", condition: .change24hAbove(5), price: 1, holds: false),
        .init(name: "change_24h_below a drop at equality", condition: .change24hBelow(-5), price: 1, change: -5,
              holds: true),
        .init(name: "change_24h_below a smaller drop", condition: .change24hBelow(-5), price: 1, change: -4.9,
              holds: false),
        .init(name: "change_24h_abs a drop", condition: .change24hAbs(10), price: 1, change: -10, holds: true),
        .init(name: "change_24h_abs a rise", condition: .change24hAbs(10), price: 1, change: 10, holds: true),
        .init(name: "change_24h_abs short", condition: .change24hAbs(10), price: 1, change: -9.9, holds: false),
        .init(name: "change_24h_abs without a change", condition: .change24hAbs(10), price: 1, holds: false),
    ]

    static let extremes: [ConditionCase] = [
        .init(name: "new_high 24h at the provider's high and above the record", condition: .newHigh(.h24),
              price: 105, marks: .init(high24h: 105), points: ConditionCase.ago((3600, 104)), holds: true),
        .init(name: "new_high 24h short of the provider's high", condition: .newHigh(.h24), price: 105,
              marks: .init(high24h: 106), points: ConditionCase.ago((3600, 104)), holds: false),
        .init(name: "new_high 24h equal to a recorded price", condition: .newHigh(.h24), price: 105,
              marks: .init(high24h: 105), points: ConditionCase.ago((3600, 105)), holds: false),
        .init(name: "new_high 24h ignores a record older than the window", condition: .newHigh(.h24), price: 105,
              marks: .init(high24h: 105), points: ConditionCase.ago((day + 1, 110), (3600, 100)), holds: true),
        .init(name: "new_high 24h with the provider's high and no history", condition: .newHigh(.h24), price: 105,
              marks: .init(high24h: 105), holds: true),
        .init(name: "new_high 24h without a provider high needs 24h of watching", condition: .newHigh(.h24),
              price: 105, points: ConditionCase.ago((day - 60, 100)), holds: false),
        .init(name: "new_high 24h without a provider high, watched exactly 24h", condition: .newHigh(.h24),
              price: 105, points: ConditionCase.ago((day, 100), (60, 104)), holds: true),
        .init(name: "new_high 7d watched 6 days", condition: .newHigh(.d7), price: 105,
              points: ConditionCase.ago((6 * day, 100)), holds: false),
        .init(name: "new_high 7d watched 8 days, history pruned", condition: .newHigh(.d7), price: 105,
              points: ConditionCase.ago((60, 100)), firstSeen: ConditionCase.now - 8 * day, holds: true),
        .init(name: "new_high 7d watched 8 days below a recorded high", condition: .newHigh(.d7), price: 105,
              points: ConditionCase.ago((8 * day, 90), (2 * day, 106)), holds: false),
        .init(name: "new_high 30d ignores the provider's 24h high", condition: .newHigh(.d30), price: 105,
              marks: .init(high24h: 200), points: ConditionCase.ago((31 * day, 100)), holds: true),
        .init(name: "new_high 52w uses the provider's 52-week high", condition: .newHigh(.w52), price: 105,
              marks: .init(high52w: 104), points: ConditionCase.ago((60, 100)), holds: true),
        .init(name: "new_high 52w short of the 52-week high", condition: .newHigh(.w52), price: 105,
              marks: .init(high52w: 120), points: ConditionCase.ago((60, 100)), holds: false),
        .init(name: "new_high all without an all-time high never holds", condition: .newHigh(.all), price: 105,
              points: ConditionCase.ago((1000 * day, 1)), holds: false),
        .init(name: "new_high all at the all-time high", condition: .newHigh(.all), price: 105,
              marks: .init(ath: 105), points: ConditionCase.ago((1000 * day, 1)), holds: true),
        .init(name: "new_high all below an old recorded price", condition: .newHigh(.all), price: 105,
              marks: .init(ath: 105), points: ConditionCase.ago((1000 * day, 106)), holds: false),
        .init(name: "new_low 24h at the provider's low", condition: .newLow(.h24), price: 95,
              marks: .init(low24h: 95), points: ConditionCase.ago((3600, 96)), holds: true),
        .init(name: "new_low 24h above the provider's low", condition: .newLow(.h24), price: 95,
              marks: .init(low24h: 94), holds: false),
        .init(name: "new_low 24h equal to a recorded price", condition: .newLow(.h24), price: 95,
              marks: .init(low24h: 95), points: ConditionCase.ago((3600, 95)), holds: false),
        .init(name: "new_low 30d watched long enough", condition: .newLow(.d30), price: 95,
              points: ConditionCase.ago((30 * day, 100), (day, 96)), holds: true),
        .init(name: "new_low 30d watched too briefly", condition: .newLow(.d30), price: 95,
              points: ConditionCase.ago((29 * day, 100)), holds: false),
        .init(name: "new_low 52w at the 52-week low", condition: .newLow(.w52), price: 95,
              marks: .init(low52w: 95), holds: true),
        .init(name: "new_low all without an all-time low", condition: .newLow(.all), price: 1, holds: false),
        .init(name: "new_low all at the all-time low", condition: .newLow(.all), price: 1, marks: .init(atl: 1),
              points: ConditionCase.ago((10, 2)), holds: true),
    ]

    static let moves: [ConditionCase] = [
        .init(name: "move_pct up against a price at the window's edge", condition: .movePct(pct: 3, within: hour),
              price: 103, points: ConditionCase.ago((hour, 100)), holds: true),
        .init(name: "move_pct up against a price just outside the window", condition: .movePct(pct: 3, within: hour),
              price: 103, points: ConditionCase.ago((hour + 1, 100)), holds: false),
        .init(name: "move_pct up just short", condition: .movePct(pct: 3, within: hour), price: 102.99,
              points: ConditionCase.ago((600, 100)), holds: false),
        .init(name: "move_pct up against some point, not the last", condition: .movePct(pct: 3, within: hour),
              price: 103, points: ConditionCase.ago((1800, 101), (1200, 100), (60, 102.5)), holds: true),
        .init(name: "move_pct without any recorded price", condition: .movePct(pct: 3, within: hour), price: 103,
              holds: false),
        .init(name: "move_pct down by the percentage", condition: .movePct(pct: -3, within: hour), price: 97,
              points: ConditionCase.ago((1800, 99), (1200, 100)), holds: true),
        .init(name: "move_pct down not far enough", condition: .movePct(pct: -3, within: hour), price: 97.1,
              points: ConditionCase.ago((1200, 100)), holds: false),
        .init(name: "move_pct down is not a rise", condition: .movePct(pct: 3, within: hour), price: 90,
              points: ConditionCase.ago((1200, 100)), holds: false),
    ]

    static let ranges: [ConditionCase] = [
        .init(name: "enters_range at the lower bound", condition: .entersRange(low: 100, high: 200), price: 100,
              previous: 99, holds: true),
        .init(name: "enters_range from above at the upper bound", condition: .entersRange(low: 100, high: 200),
              price: 200, previous: 250, holds: true),
        .init(name: "enters_range while already inside", condition: .entersRange(low: 100, high: 200), price: 150,
              previous: 100, holds: false),
        .init(name: "enters_range needs a previous price", condition: .entersRange(low: 100, high: 200), price: 150,
              holds: false),
        .init(name: "exits_range just over the top", condition: .exitsRange(low: 100, high: 200), price: 200.01,
              previous: 200, holds: true),
        .init(name: "exits_range staying inside", condition: .exitsRange(low: 100, high: 200), price: 100,
              previous: 150, holds: false),
        .init(name: "exits_range needs a previous price", condition: .exitsRange(low: 100, high: 200), price: 50,
              holds: false),
    ]

    static let rearms: [ConditionCase] = [
        .init(name: "above with rearm stays true while firing", condition: .above(100), price: 96, wasFiring: true,
              rearm: 5, holds: true),
        .init(name: "above with rearm stays true at the rearm edge", condition: .above(100), price: 95,
              wasFiring: true, rearm: 5, holds: true),
        .init(name: "above with rearm turns false past the rearm edge", condition: .above(100), price: 94.99,
              wasFiring: true, rearm: 5, holds: false),
        .init(name: "above with rearm is strict when not firing", condition: .above(100), price: 96,
              wasFiring: false, rearm: 5, holds: false),
        .init(name: "below with rearm stays true while firing", condition: .below(100), price: 104.9,
              wasFiring: true, rearm: 5, holds: true),
        .init(name: "below with rearm turns false past the edge", condition: .below(100), price: 105.01,
              wasFiring: true, rearm: 5, holds: false),
        .init(name: "change_24h_above rearm is in points", condition: .change24hAbove(5), price: 1, change: 3.5,
              wasFiring: true, rearm: 2, holds: true),
        .init(name: "change_24h_above rearm past the points", condition: .change24hAbove(5), price: 1, change: 2.9,
              wasFiring: true, rearm: 2, holds: false),
        .init(name: "change_24h_below rearm is in points", condition: .change24hBelow(-5), price: 1, change: -3.5,
              wasFiring: true, rearm: 2, holds: true),
        .init(name: "change_24h_abs rearm is in points", condition: .change24hAbs(10), price: 1, change: -8,
              wasFiring: true, rearm: 2, holds: true),
        .init(name: "rearm does not touch crossings", condition: .crossesAbove(100), price: 101, previous: 101,
              wasFiring: true, rearm: 5, holds: false),
    ]

    @Test(arguments: prices + crossings + changes)
    func priceAndChangeConditions(_ row: ConditionCase) { check(row) }

    @Test(arguments: extremes)
    func newHighAndNewLow(_ row: ConditionCase) { check(row) }

    @Test(arguments: moves + ranges)
    func movesAndRanges(_ row: ConditionCase) { check(row) }

    @Test(arguments: rearms)
    func rearmHysteresis(_ row: ConditionCase) { check(row) }

    static let compounds: [ConditionCase] = [
        .init(name: "all holds when every condition does", condition: .all([.above(100), .change24hAbove(5)]),
              price: 101, change: 6, holds: true),
        .init(name: "all fails when one condition does not", condition: .all([.above(100), .change24hAbove(5)]),
              price: 101, change: 4, holds: false),
        .init(name: "an event inside all holds in the pass where it happens", condition: .all([.crossesAbove(100), .above(50)]),
              price: 101, previous: 99, holds: true),
        .init(name: "an event inside all does not hold in the next pass", condition: .all([.crossesAbove(100), .above(50)]),
              price: 102, previous: 101, holds: false),
        .init(name: "any holds when one condition does", condition: .any([.below(50), .change24hBelow(-10)]),
              price: 60, change: -12, holds: true),
        .init(name: "any fails when none does", condition: .any([.below(50), .change24hBelow(-10)]),
              price: 60, change: -2, holds: false),
    ]

    @Test(arguments: compounds)
    func compoundsAskEveryCondition(_ row: ConditionCase) { check(row) }

    @Test func everyConditionKindHasARow() {
        let rows = Self.prices + Self.crossings + Self.changes + Self.extremes + Self.moves + Self.ranges + Self.compounds
        // The provider-figure kinds read volume, market cap and rank, and the premium and holdings
        // kinds the figures a pass derives, which ConditionCase has no field for: their rows are
        // their registry examples (ConditionRegistryTests; DerivedQuoteTests for the derivation).
        // So do the indicator kinds (closed candles) and the reference-price kinds (the pair's
        // stored reference), also run by IndicatorGoldenTests and ReferencePriceTests.
        let byExamples: Set = ["volume_24h_above", "volume_24h_below", "market_cap_above", "market_cap_below", "rank_within",
                               "premium_above", "premium_below", "value_above", "value_below", "pnl_pct_above", "pnl_pct_below",
                               "volume_spike", "rsi_above", "rsi_below", "rsi_crosses_above", "rsi_crosses_below",
                               "ma_crosses_above", "ma_crosses_below", "price_above_ma", "price_below_ma",
                               "bollinger_above", "bollinger_below", "change_from", "trailing_drop", "trailing_rise",
                               // The exchange event kinds read two market lists (MarketChange), not a price: their
                               // rows are their registry examples, and ExchangeEventsEndToEndTests runs them.
                               "listed", "delisting", "caution"]
        #expect(Set(rows.map(\.condition.key)).union(byExamples) == Set(ConditionRegistry.keys))
    }

    @Test func previousPriceDefaultsToNothingAtFirstObservation() {
        let row = ConditionCase(name: "", condition: .crossesAbove(100), price: 101, holds: false)
        let observation = Observation(quote: row.quote, previous: nil, series: nil, now: ConditionCase.now)
        #expect(row.condition.kind.describe(observation, firing: false, rearm: 0) == "no previous price")
        #expect(!row.condition.holds(observation))
    }

    private func check(_ row: ConditionCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let observation = Observation(quote: row.quote, previous: row.previous, series: row.series, now: ConditionCase.now)
        let holds = row.condition.holds(observation, firing: row.wasFiring, rearm: row.rearm ?? 0)
        let reason = row.condition.kind.describe(observation, firing: row.wasFiring, rearm: row.rearm ?? 0)
        #expect(holds == row.holds, "\(row.name): \(reason)", sourceLocation: sourceLocation)
        #expect(!reason.isEmpty, sourceLocation: sourceLocation)
    }
}
