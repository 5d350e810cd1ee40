@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2 "Conditions", one test per sentence, each over several passes of the real command
/// line (in process, injected clock) against a loopback CoinGecko.
@Suite(.serialized) struct ConditionSentenceTests {
    typealias S = Scenario

    @Test func aboveIsTrueWhenThePriceIsAtOrOverTheValue() throws {
        let s = try S(rules: S.rule(when: #"{"above": 100}"#, #""resolve": true"#))
        #expect(s.lines(at: 0, price: 99.99) == [])
        #expect(s.lines(at: oneMinute, price: 100) == ["r  BTC is above $100.00 — now $100.00 (+0.00% 24h)"])
        #expect(s.lines(at: 2 * oneMinute, price: 99) == ["r  RESOLVED  BTC is no longer above $100.00 — now $99.00 (+0.00% 24h)"])
    }

    @Test func belowIsTrueWhenThePriceIsAtOrUnderTheValue() throws {
        let s = try S(rules: S.rule(when: #"{"below": 2000}"#))
        #expect(s.counts([(0, 2000.01), (oneMinute, 2000), (2 * oneMinute, 1500)]) == [0, 1, 0])
    }

    @Test func crossesAboveNeedsPreviousBelowAndCurrentAtOrAbove() throws {
        let s = try S(rules: S.rule(when: #"{"crosses_above": 100}"#))
        #expect(s.counts([(0, 99), (oneMinute, 100), (2 * oneMinute, 101), (3 * oneMinute, 99.5), (4 * oneMinute, 120)])
            == [0, 1, 0, 0, 1])
    }

    @Test func crossesBelowNeedsPreviousAboveAndCurrentAtOrBelow() throws {
        let s = try S(rules: S.rule(when: #"{"crosses_below": 100}"#))
        #expect(s.counts([(0, 101), (oneMinute, 100), (2 * oneMinute, 99), (3 * oneMinute, 100.5), (4 * oneMinute, 80)])
            == [0, 1, 0, 0, 1])
    }

    @Test func crossesFiresInEitherDirection() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#))
        #expect(s.lines(at: 0, price: 99) == [])
        #expect(s.lines(at: oneMinute, price: 101) == ["r  BTC crossed above $100.00 — now $101.00 (+0.00% 24h)"])
        #expect(s.lines(at: 2 * oneMinute, price: 102) == [])
        #expect(s.lines(at: 3 * oneMinute, price: 98) == ["r  BTC crossed below $100.00 — now $98.00 (+0.00% 24h)"])
    }

    @Test func change24hAboveAndBelowCompareTheProvidersChangeAndADropIsNegative() throws {
        let s = try S(rules: S.rule("up", when: #"{"change_24h_above": 5}"#) + ", " + S.rule("down", when: #"{"change_24h_below": -5}"#))
        #expect(s.lines(at: 0, price: 1, change24h: 4.9) == [])
        #expect(s.lines(at: oneMinute, price: 1, change24h: 5) == ["up  BTC rose 5.00% in 24h (≥ 5%) — now $1.00"])
        #expect(s.lines(at: 2 * oneMinute, price: 1, change24h: -4) == [])
        #expect(s.lines(at: 3 * oneMinute, price: 1, change24h: -5.5)
            == ["down  BTC fell 5.50% in 24h (≤ -5%) — now $1.00"])
    }

    @Test func change24hAbsIsTheSizeOfTheChangeEitherWay() throws {
        let s = try S(rules: S.rule(when: #"{"change_24h_abs": 10}"#))
        #expect(s.lines(at: 0, price: 1, change24h: 9) == [])
        #expect(s.lines(at: oneMinute, price: 1, change24h: -10).count == 1)
        #expect(s.lines(at: 2 * oneMinute, price: 1, change24h: 3) == [])
        #expect(s.lines(at: 3 * oneMinute, price: 1, change24h: 12).count == 1)
    }

    @Test func changeConditionsWithoutAProviderChangeDoNotHold() throws {
        let s = try S(rules: S.rule(when: #"{"change_24h_abs": 0}"#))
        #expect(s.lines(at: 0, price: 1, change24h: nil) == [])
        #expect(s.lines(at: oneMinute, price: 1, change24h: 0).count == 1)
    }

    @Test func newHighIsAtOrOverTheProvidersHighAndOverEveryRecordedPriceInTheWindow() throws {
        let s = try S(rules: S.rule(when: #"{"new_high": "24h"}"#, #""resolve": true"#))
        s.market.set("bitcoin", price: 100, high24h: 110)
        #expect(s.pass(at: 0).stdout.isEmpty, "short of the provider's 24h high")
        s.market.set("bitcoin", price: 110, high24h: 110)
        #expect(s.pass(at: oneHour).stdout == "r  BTC rose to a new 24h high — now $110.00 (+0.00% 24h)\n")
        s.market.set("bitcoin", price: 108, high24h: 110)
        #expect(s.pass(at: 2 * oneHour).stdout.contains("is no longer at a 24h high"), "pulled back 1.8 % from 110")
        s.market.set("bitcoin", price: 110, high24h: 110)
        #expect(s.pass(at: 3 * oneHour).stdout.isEmpty, "equal to a price recorded an hour ago is no new high")
        s.market.set("bitcoin", price: 110, high24h: 110)
        #expect(s.pass(at: 2 * oneHour + oneDay + oneMinute).stdout.isEmpty, "110 was still recorded within 24h")
        s.market.set("bitcoin", price: 110.5, high24h: 110.5)
        #expect(s.pass(at: 2 * oneHour + oneDay + 2 * oneMinute).stdout.contains("rose to a new 24h high"))
    }

    @Test func aFiredNewHighResolvesOnlyAfterThePriceFallsMoreThanOnePercentBelowTheWindowsHigh() throws {
        let s = try S(rules: S.rule(when: #"{"new_high": "24h"}"#, #""resolve": true"#))
        s.market.set("bitcoin", price: 100, high24h: 100)
        #expect(s.pass(at: 0).stdout == "r  BTC rose to a new 24h high — now $100.00 (+0.00% 24h)\n")
        s.market.set("bitcoin", price: 100, high24h: 100)
        #expect(s.pass(at: oneMinute).stdout.isEmpty, "level: no flapping to resolved")
        s.market.set("bitcoin", price: 101, high24h: 101)
        #expect(s.pass(at: 2 * oneMinute).stdout.isEmpty, "grinding up: still the same firing")
        s.market.set("bitcoin", price: 100, high24h: 101)
        #expect(s.pass(at: 3 * oneMinute).stdout.isEmpty, "0.99 % under the high of 101 is within the band")
        s.market.set("bitcoin", price: 99.9, high24h: 101)
        #expect(s.pass(at: 4 * oneMinute).stdout == "r  RESOLVED  BTC is no longer at a 24h high — now $99.90 (+0.00% 24h)\n",
                "1.09 % under the high: a real pull-back")
        s.market.set("bitcoin", price: 101.5, high24h: 101.5)
        #expect(s.pass(at: 5 * oneMinute).stdout == "r  BTC rose to a new 24h high — now $101.50 (+0.00% 24h)\n")
    }

    @Test func aFiredNewLowResolvesOnlyAfterThePriceRisesMoreThanOnePercentAboveTheWindowsLow() throws {
        let s = try S(rules: S.rule(when: #"{"new_low": "24h"}"#, #""resolve": true"#))
        s.market.set("bitcoin", price: 100, low24h: 100)
        #expect(s.pass(at: 0).stdout == "r  BTC fell to a new 24h low — now $100.00 (+0.00% 24h)\n")
        s.market.set("bitcoin", price: 100.9, low24h: 100)
        #expect(s.pass(at: oneMinute).stdout.isEmpty, "0.9 % over the low")
        s.market.set("bitcoin", price: 101.1, low24h: 100)
        #expect(s.pass(at: 2 * oneMinute).stdout.contains("RESOLVED  BTC is no longer at a 24h low"))
    }

    @Test func newHighAllUsesTheProvidersAllTimeHigh() throws {
        let s = try S(rules: S.rule(when: #"{"new_high": "all"}"#))
        s.market.set("bitcoin", price: 68_000, ath: 69_000)
        #expect(s.pass(at: 0).stdout.isEmpty)
        s.market.set("bitcoin", price: 69_500, ath: 69_500)
        #expect(s.pass(at: oneMinute).stdout == "r  BTC rose to a new all-time high — now $69,500.00 (+0.00% 24h)\n")
    }

    @Test func newLowIsTheMirrorOfNewHigh() throws {
        let s = try S(rules: S.rule(when: #"{"new_low": "24h"}"#) + ", " + S.rule("atl", when: #"{"new_low": "all"}"#))
        s.market.set("bitcoin", price: 95, low24h: 90, atl: 1)
        #expect(s.pass(at: 0).stdout.isEmpty)
        s.market.set("bitcoin", price: 89, low24h: 89, atl: 1)
        #expect(s.pass(at: oneMinute).stdout == "r  BTC fell to a new 24h low — now $89.00 (+0.00% 24h)\n")
        s.market.set("bitcoin", price: 0.9, low24h: 0.9, atl: 0.9)
        #expect(s.pass(at: 2 * oneMinute).stdout == "atl  BTC fell to a new all-time low — now $0.9000 (+0.00% 24h)\n")
    }

    @Test func movePctRisesAgainstSomePriceRecordedWithinTheWindow() throws {
        let s = try S(rules: S.rule(when: #"{"move_pct": {"pct": 3, "within": "1h"}}"#))
        #expect(s.counts([(0, 100), (20 * oneMinute, 101), (40 * oneMinute, 102.9)]) == [0, 0, 0])
        #expect(s.lines(at: 50 * oneMinute, price: 103) == ["r  BTC rose 3.00% within 1h (≥ 3%) — now $103.00 (+0.00% 24h)"])
    }

    @Test func movePctOnlyCountsPricesRecordedWithinTheWindow() throws {
        let s = try S(rules: S.rule(when: #"{"move_pct": {"pct": 3, "within": "1h"}}"#))
        #expect(s.counts([(0, 100), (61 * oneMinute, 102), (62 * oneMinute, 103)]) == [0, 0, 0],
                "100 was recorded more than an hour before 103")
    }

    @Test func movePctWithANegativePctIsAFall() throws {
        let s = try S(rules: S.rule(when: #"{"move_pct": {"pct": -5, "within": "4h"}}"#, #""resolve": true"#))
        #expect(s.counts([(0, 100), (oneHour, 104), (2 * oneHour, 98.9)]) == [0, 0, 0], "fell only 4.9 % from 104")
        #expect(s.lines(at: 3 * oneHour, price: 98.5) == ["r  BTC fell 5.29% within 4h (≥ 5%) — now $98.50 (+0.00% 24h)"],
                "5.3 % under 104, recorded 2 hours ago")
        #expect(s.lines(at: 4 * oneHour, price: 98) == [], "still true: no repeat")
        #expect(s.lines(at: 8 * oneHour, price: 99) == ["r  RESOLVED  BTC is no longer down 5% within 4h — now $99.00 (+0.00% 24h)"],
                "104 is now older than 4 hours")
    }

    @Test func entersRangeNeedsPreviousOutsideAndCurrentInside() throws {
        let s = try S(rules: S.rule(when: #"{"enters_range": [60000, 65000]}"#))
        #expect(s.counts([(0, 62_000), (oneMinute, 66_000), (2 * oneMinute, 65_000), (3 * oneMinute, 61_000),
                          (4 * oneMinute, 59_000), (5 * oneMinute, 60_000)]) == [0, 0, 1, 0, 0, 1])
    }

    @Test func exitsRangeNeedsPreviousInsideAndCurrentOutside() throws {
        let s = try S(rules: S.rule(when: #"{"exits_range": [60000, 65000]}"#))
        #expect(s.counts([(0, 59_000), (oneMinute, 60_000), (2 * oneMinute, 59_999), (3 * oneMinute, 50_000),
                          (4 * oneMinute, 62_000), (5 * oneMinute, 65_001)]) == [0, 0, 1, 0, 0, 1])
    }

    @Test func atTheFirstObservationACrossingOrRangeRuleHasNoPreviousPriceAndDoesNotFire() throws {
        let s = try S(rules: [S.rule("a", when: #"{"crosses_above": 100}"#), S.rule("b", when: #"{"crosses": 100}"#),
                              S.rule("c", when: #"{"enters_range": [100, 110]}"#),
                              S.rule("d", when: #"{"exits_range": [90, 100]}"#)].joined(separator: ", "))
        #expect(s.lines(at: 0, price: 95) == [])
        #expect(s.lines(at: oneMinute, price: 105).map { $0.prefix(2) } == ["a ", "b ", "c ", "d "])
    }

    @Test func previousPriceIsTheLastRecordedForTheCoinAndCurrencyWhicheverProviderServedIt() throws {
        var rules = RulesFile(path: "/x/rules.json")
        rules.favorites = ["bitcoin"]
        rules.rules = [Rule(id: "x", coin: "bitcoin", condition: .crossesAbove(100))]
        var state = StateDocument()
        func quote(_ price: Double, _ provider: String) -> [String: Quote] {
            ["bitcoin": Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: price, provider: provider)]
        }
        let runner = RuleRunner(rules: rules)
        #expect(runner.evaluate(quote(99, "coingecko"), pairs: &state.pairs, prices: &state.prices, now: Scenario.start).isEmpty)
        let alerts = runner.evaluate(quote(101, "coinpaprika"), pairs: &state.pairs, prices: &state.prices, now: Scenario.start + 60)
        #expect(alerts.map(\.alert.previous) == [99])
        #expect(alerts.map(\.alert.provider) == ["coinpaprika"])
        #expect(state.prices.keys.sorted() == ["bitcoin|usd"], "one history per coin and currency, not per provider")
    }

    @Test func everyRuleOfAPassSeesTheSamePreviousPrice() throws {
        let s = try S(rules: S.rule("a", when: #"{"crosses_above": 100}"#) + ", " + S.rule("b", when: #"{"crosses_above": 100}"#))
        #expect(s.lines(at: 0, price: 99) == [])
        #expect(s.lines(at: oneMinute, price: 101).count == 2)
    }

    @Test func aWindowTheProviderDoesNotReportIsNotTrueUntilCoinwatchHasWatchedTheCoinThatLong() throws {
        let s = try S(rules: S.rule(when: #"{"new_high": "7d"}"#))
        var t = 0.0
        s.market.set("bitcoin", price: 100)
        s.pass(at: t)
        while t + 6 * oneHour < 7 * oneDay {
            t += 6 * oneHour
            s.market.set("bitcoin", price: 100 + t / oneDay)
            #expect(s.pass(at: t).stdout.isEmpty, "watched only \(t / oneDay) days")
        }
        let first = try #require(try s.state().prices["bitcoin|usd"])
        #expect(first.firstSeen == Scenario.start, "first seen is the first recorded price")
        s.market.set("bitcoin", price: 200)
        #expect(s.pass(at: 7 * oneDay).stdout == "r  BTC rose to a new 7-day high — now $200.00 (+0.00% 24h)\n")
    }

    @Test func aLongerWindowAddedLaterWaitsEvenWhenTheCoinWasWatchedLongBefore() throws {
        // A month of watching with only an `above` rule keeps just the last price; a new_high 7d
        // rule added then must watch a full 7 days, not trust the month (SPEC §2 window coverage).
        let s = try S(rules: S.rule("lvl", when: #"{"above": 1000}"#))
        for step in 0...30 { _ = s.lines(at: Double(step) * oneDay, price: 100) }
        try s.write(rules: S.rule("lvl", when: #"{"above": 1000}"#) + ", " + S.rule("hi", when: #"{"new_high": "7d"}"#))
        #expect(s.lines(at: 30 * oneDay + oneHour, price: 150) == [])
        #expect(s.lines(at: 36 * oneDay, price: 151) == [])
        #expect(s.lines(at: 37 * oneDay, price: 152) == ["hi  BTC rose to a new 7-day high — now $152.00 (+0.00% 24h)"])
    }

    @Test func allNeedsAProviderThatReportsAnAllTimeHighAndCheckWarnsWhenNoneDoes() throws {
        let s = try S(rules: S.rule(when: #"{"new_high": "all"}"#))
        s.market.set("bitcoin", price: 70_000, ath: nil)
        #expect(s.pass(at: 0).stdout.isEmpty, "no all-time high reported: never true")
        let json = #"{"providers": [{"name": "upbit"}], "vs_currency": "krw", "favorites": ["BTC"], "rules": [{"id": "a", "coin": "BTC", "when": {"new_high": "all"}}]}"#
        let path = try s.dir.write("upbit.json", json)
        let check = CLIRun.run(["check", "--rules", path], now: Scenario.start)
        #expect(check.status == .success)
        #expect(check.stderr.contains("warning:") && check.stderr.contains("window 'all' needs a provider"))
        #expect(check.stderr.contains("rules[0].when"))
    }
}
