@testable import CoinWatchRules
import CoinWatchMarket
@testable import TestHelpers
import Testing

/// The lines a chart of an alert draws (SPEC §12): "the rule's threshold(s) as horizontal lines
/// (levels, crossings, ranges, the trailing stop's anchor)", and nothing that is not a price.
@Suite struct ChartLevelsTests {
    static func alert(price: Double, value: Double? = nil) -> Alert {
        Alert(id: "a", time: 1_800_000_000, rule: "r", coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd",
              condition: "", threshold: nil, price: price, previous: nil, change24h: nil, status: .firing,
              provider: "coingecko", message: "", value: value)
    }

    @Test func aLevelOrACrossingDrawsItsThreshold() {
        #expect(Condition.above(100_000).chartLevels(Self.alert(price: 100_500)) == [100_000])
        #expect(Condition.below(50_000).chartLevels(Self.alert(price: 49_000)) == [50_000])
        #expect(Condition.crossesAbove(85_000).chartLevels(Self.alert(price: 85_100)) == [85_000])
    }

    @Test func aRangeDrawsBothEdges() {
        #expect(Condition.entersRange(low: 60_000, high: 65_000).chartLevels(Self.alert(price: 62_000)) == [60_000, 65_000])
        #expect(Condition.exitsRange(low: 65_000, high: 60_000).chartLevels(Self.alert(price: 66_000)) == [60_000, 65_000],
                "low first, whichever way rules.json wrote them")
    }

    /// The anchor comes back from the alert's price and its figure (the percent moved from it).
    @Test func aTrailingStopDrawsItsAnchor() {
        let drop = Condition.trailingDrop(10).chartLevels(Self.alert(price: 45_000, value: 10))
        #expect(drop.count == 1 && abs((drop.first ?? 0) - 50_000) < 1e-6, "\(drop)")
        let rise = Condition.trailingRise(5).chartLevels(Self.alert(price: 42_000, value: 5))
        #expect(rise.count == 1 && abs((rise.first ?? 0) - 40_000) < 1e-6, "\(rise)")
        #expect(Condition.trailingDrop(10).chartLevels(Self.alert(price: 45_000)).isEmpty, "no figure, no anchor")
    }

    @Test func aThresholdThatIsNotAPriceDrawsNoLine() {
        #expect(Condition.change24hAbove(5).chartLevels(Self.alert(price: 50_000, value: 6)).isEmpty, "a percent")
        #expect(Condition.rsiAbove(70, timeframe: .h1).chartLevels(Self.alert(price: 50_000, value: 71)).isEmpty, "an index")
    }
}
