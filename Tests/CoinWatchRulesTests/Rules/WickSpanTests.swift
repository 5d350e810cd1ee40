@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2 "A move that reverted between two observations": where a quote carries the lowest and
/// highest price traded since the previous observation, a crossing or range event fires when that
/// span crossed the line, and its alert carries `"wick": true` and the extreme. The kinds' own
/// examples (run by `ConditionRegistryTests`) cover each kind's verdict; these cover the engine
/// around it: the alert, its record and message, compounds, the quote cache and bad spans.
@Suite struct WickSpanTests {
    static let now: Double = 1_800_000_000

    /// A bitcoin quote at `price`, with the span `traded` where given.
    static func quote(_ price: Double, traded: ClosedRange<Double>? = nil) -> Quote {
        Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: price, change24h: 2.31,
              provider: "binance", span: traded.flatMap { PriceSpan(low: $0.lowerBound, high: $0.upperBound) })
    }

    /// The alerts of two passes of the rule `when` on bitcoin: the first at `first` (no span), the
    /// second at `price` with the span `traded`.
    static func alerts(_ when: String, first: Double, then price: Double, traded: ClosedRange<Double>?) throws -> [Alert] {
        let rules = try #require(RulesFixture.rules(RulesFixture.rule(when: when)))
        let runner = RuleRunner(rules: rules)
        var pairs = PairTable()
        var prices: [String: PriceSeries] = [:]
        let before = runner.evaluate(["bitcoin": quote(first)], pairs: &pairs, prices: &prices, now: now - 60)
        #expect(before.isEmpty, "the first observation has no previous price")
        return runner.evaluate(["bitcoin": quote(price, traded: traded)], pairs: &pairs, prices: &prices, now: now)
            .map(\.alert)
    }

    @Test func aCrossingThatRevertedBetweenTwoObservationsFiresWithWickAndTheExtreme() throws {
        let alerts = try Self.alerts(#"{"crosses_above": 100000}"#, first: 99_800, then: 99_900,
                                     traded: 99_700...100_300)
        let alert = try #require(alerts.first)
        #expect(alerts.count == 1)
        #expect(alert.wick == true && alert.extreme == 100_300)
        #expect(alert.price == 99_900 && alert.previous == 99_800)
        #expect(alert.message == "BTC crossed above $100,000.00 in a wick to $100,300.00 — now $99,900.00 (+2.31% 24h)")
        let record = AlertRecord.json(alert)
        #expect(record.contains(#""wick":true,"extreme":100300"#), "\(record)")
    }

    @Test func aCrossingTheCurrentPriceShowsIsNoWickEvenWithASpan() throws {
        let alert = try #require(try Self.alerts(#"{"crosses_above": 100000}"#, first: 99_800, then: 100_100,
                                                 traded: 99_700...100_300).first)
        #expect(alert.wick == nil && alert.extreme == nil)
        #expect(!AlertRecord.json(alert).contains("wick"))
        #expect(alert.message == "BTC crossed above $100,000.00 — now $100,100.00 (+2.31% 24h)")
    }

    @Test func aSpanThatDidNotReachTheLineFiresNothing() throws {
        #expect(try Self.alerts(#"{"crosses_above": 100000}"#, first: 99_800, then: 99_900, traded: 99_700...99_999).isEmpty)
    }

    @Test func aCrossingBelowInAWickCarriesTheSpansLow() throws {
        let alert = try #require(try Self.alerts(#"{"crosses_below": 90000}"#, first: 90_500, then: 90_200,
                                                 traded: 89_950...90_600).first)
        #expect(alert.wick == true && alert.extreme == 89_950)
        #expect(alert.direction == .fall)
    }

    @Test func aRangeLeftOnlyInAWickFiresExitsRangeWithTheExtremeAndItsDirection() throws {
        let alert = try #require(try Self.alerts(#"{"exits_range": [60000, 65000]}"#, first: 64_000, then: 64_500,
                                                 traded: 63_900...65_400).first)
        #expect(alert.wick == true && alert.extreme == 65_400)
        #expect(alert.direction == .rise, "the wick went over the top")
        #expect(alert.message == "BTC rose out of $60,000.00–$65,000.00 in a wick to $65,400.00 — now $64,500.00 (+2.31% 24h)")
    }

    @Test func aRangeEnteredOnlyInAWickFiresEntersRange() throws {
        let alert = try #require(try Self.alerts(#"{"enters_range": [60000, 65000]}"#, first: 66_000, then: 65_800,
                                                 traded: 64_900...66_100).first)
        #expect(alert.wick == true && alert.extreme == 64_900)
    }

    @Test func aCompoundThatHoldsOnlyThroughAWickIsMarkedAndOneThatHoldsAnywayIsNot() throws {
        let byWick = try #require(try Self.alerts(#"{"all": [{"crosses_above": 100000}, {"above": 99850}]}"#,
                                                  first: 99_800, then: 99_900, traded: 99_700...100_300).first)
        #expect(byWick.wick == true && byWick.extreme == 100_300)
        let anyway = try #require(try Self.alerts(#"{"any": [{"crosses_above": 100000}, {"above": 99850}]}"#,
                                                  first: 99_800, then: 99_900, traded: 99_700...100_300).first)
        #expect(anyway.wick == nil, "`above 99850` holds without the span")
    }

    @Test func levelConditionsReadTheCurrentPriceNotTheSpan() throws {
        #expect(try Self.alerts(#"{"above": 100000}"#, first: 99_800, then: 99_900, traded: 99_700...100_300).isEmpty)
    }

    @Test func explainSaysTheCrossingWasAWickAndShowsTheSpan() throws {
        let rules = try #require(RulesFixture.rules(RulesFixture.rule(when: #"{"crosses_above": 100}"#)))
        let observation = Observation(quote: Self.quote(99.8, traded: 98.9...100.3), previous: 99, series: nil, now: Self.now)
        let step = PairStep.advance(rules.rules[0].condition, rearm: nil, policy: NotifyPolicy(), pair: PairState(),
                                    observation: observation)
        #expect(step.evaluation.holds)
        #expect(step.evaluation.reason == "99 → 99.8 (traded 98.9–100.3) crossed above 100 in a wick")
    }

    @Test func aSpanThatIsNotAFinitePositiveLowToHighIsNoSpan() {
        #expect(PriceSpan(low: 2, high: 1) == nil)
        #expect(PriceSpan(low: 0, high: 1) == nil)
        #expect(PriceSpan(low: .nan, high: 1) == nil)
        #expect(PriceSpan(low: 1, high: .infinity) == nil)
        #expect(PriceSpan(low: 1, high: 1) != nil)
    }

    @Test func theQuoteCacheDoesNotKeepTheSpanSoAReusedQuoteCannotFireTheSameWickTwice() throws {
        let quote = Self.quote(99_900, traded: 99_700...100_300)
        let cached = try JSONDecoder().decode(Quote.self, from: JSONEncoder().encode(quote))
        #expect(cached.span == nil)
        #expect(cached.price == quote.price && cached.change24h == quote.change24h)
    }

    @Test func anObservationWithoutASpanCostsNoSpanAndJudgesAsBefore() {
        let observation = Observation(quote: Self.quote(101), previous: 99, series: nil, now: Self.now)
        #expect(observation.span == nil)
        #expect(observation.highest == 101 && observation.lowest == 101)
    }
}
