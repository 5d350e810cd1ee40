import Testing
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchState
@testable import CoinWatchEngine

/// The prices of one coin between two evaluations in `stream` become one observation: the latest
/// price with their low and high as its span (SPEC §2 wicks, §9).
@Suite struct TradeBurstTests {
    static func quote(_ price: Double) -> Quote {
        Quote(providerID: "BTCUSDT", symbol: "BTC", name: "BTC", vs: "usdt", price: price, provider: "binance")
    }

    static func burst(_ prices: [Double]) -> Quote? {
        prices.dropFirst().reduce(prices.first.map(quote)) { $0?.followed(by: quote($1)) }
    }

    @Test func aBurstIsItsLatestPriceWithTheLowAndHighOfEveryPriceInIt() throws {
        let merged = try #require(Self.burst([9990, 10100, 9950, 9960]))
        #expect(merged.price == 9960)
        #expect(merged.span == PriceSpan(low: 9950, high: 10100))
    }

    @Test func aSpanAlreadyHeldIsWidenedNotReplaced() throws {
        let held = try #require(Self.burst([9990, 10100]))
        let merged = held.followed(by: Self.burst([9995, 9980])!)
        #expect(merged.price == 9980)
        #expect(merged.span == PriceSpan(low: 9980, high: 10100))
    }

    @Test func aCrossingThatRevertedInsideTheBurstFiresAsAWick() throws {
        let rules = try #require(RulesFixture.rules(RulesFixture.rule(when: #"{"crosses_above": 10000}"#)))
        let runner = RuleRunner(rules: rules)
        var pairs = PairTable()
        var prices: [String: PriceSeries] = [:]
        let first = runner.evaluate(["bitcoin": Self.quote(9900)], pairs: &pairs, prices: &prices, now: 1_800_000_000)
        #expect(first.isEmpty)
        let burst = try #require(Self.burst([9950, 10050, 9970]))
        let fired = runner.evaluate(["bitcoin": burst], pairs: &pairs, prices: &prices, now: 1_800_000_001).map(\.alert)
        #expect(fired.count == 1)
        #expect(fired.first?.wick == true)
        #expect(fired.first?.extreme == 10050)
        #expect(fired.first?.price == 9970 && fired.first?.previous == 9900)
    }
}
