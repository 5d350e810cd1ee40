import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2 "When a rule notifies", one test per sentence, each over several passes of the real
/// command line (in process, injected clock) against a loopback CoinGecko.
@Suite(.serialized) struct NotifySentenceTests {
    typealias S = Scenario

    @Test func theUnitIsThePairRuleAndCoin() throws {
        let s = try S(rules: S.rule(coin: "*", when: #"{"above": 100}"#), favorites: ["bitcoin", "ethereum"])
        s.market.set("bitcoin", price: 150)
        s.market.set("ethereum", price: 50)
        #expect(s.pass(at: 0).stdout == "r  BTC is above $100.00 — now $150.00 (+0.00% 24h)\n")
        s.market.set("ethereum", price: 120)
        #expect(s.pass(at: oneMinute).stdout == "r  ETH is above $100.00 — now $120.00 (+0.00% 24h)\n",
                "ethereum's pair fires on its own; bitcoin's stays quiet while true")
        let pairs = try s.state().pairs
        #expect(pairs.keys.sorted() == ["r|bitcoin", "r|ethereum"])
    }

    @Test func aLevelConditionNotifiesWhenItBecomesTrueAndNotAgainWhileItStaysTrue() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#))
        #expect(s.counts([(0, 120), (oneMinute, 90), (2 * oneMinute, 80), (oneDay, 70), (oneDay + oneMinute, 101),
                          (oneDay + 2 * oneMinute, 99)]) == [0, 1, 0, 0, 0, 1])
    }

    @Test func aLevelConditionTrueAtTheFirstObservationNotifies() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#))
        #expect(s.counts([(0, 90)]) == [1])
    }

    @Test func repeatEveryNotifiesAgainWhileALevelConditionStaysTrue() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""repeat_every": "6h""#))
        #expect(s.counts([(0, 90), (oneHour, 90), (6 * oneHour - 1, 90), (6 * oneHour, 90), (7 * oneHour, 90),
                          (12 * oneHour, 90)]) == [1, 0, 0, 1, 0, 1])
    }

    @Test func eventConditionsNotifyOnTheEvent() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#))
        #expect(s.counts([(0, 99), (oneMinute, 101), (2 * oneMinute, 99), (3 * oneMinute, 98), (4 * oneMinute, 101)])
            == [0, 1, 1, 0, 1])
    }

    @Test func forMakesALevelConditionHoldInEveryPassAcrossThatLongBeforeItNotifies() throws {
        let s = try S(rules: S.rule(when: #"{"above": 100}"#, #""for": "10m""#))
        #expect(s.counts([(0, 101), (5 * oneMinute, 102), (9 * oneMinute, 103)]) == [0, 0, 0])
        #expect(s.counts([(10 * oneMinute, 101)]) == [1])
        #expect(s.counts([(11 * oneMinute, 101), (20 * oneMinute, 101)]) == [0, 0])
    }

    @Test func forRestartsWhenOnePassIsFalse() throws {
        let s = try S(rules: S.rule(when: #"{"above": 100}"#, #""for": "10m""#))
        #expect(s.counts([(0, 101), (5 * oneMinute, 99), (10 * oneMinute, 101), (15 * oneMinute, 101),
                          (20 * oneMinute, 101)]) == [0, 0, 0, 0, 1])
    }

    @Test func cooldownDefaultsToZero() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#))
        #expect(s.counts([(0, 99), (1, 101), (2, 99)]) == [0, 1, 1])
    }

    @Test func cooldownDropsAnEventThatHappensDuringIt() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#, #""cooldown": "1h""#))
        #expect(s.counts([(0, 99), (oneMinute, 101), (10 * oneMinute, 99), (20 * oneMinute, 98),
                          (oneHour + 2 * oneMinute, 97), (oneHour + 3 * oneMinute, 101)]) == [0, 1, 0, 0, 0, 1],
                "the crossing at 10 minutes is dropped, not delivered when the cooldown ends")
    }

    @Test func cooldownLetsALevelConditionStillTrueWhenItEndsNotifyThen() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""cooldown": "1h""#))
        #expect(s.counts([(0, 90), (10 * oneMinute, 110), (20 * oneMinute, 90), (59 * oneMinute, 90),
                          (oneHour, 90), (2 * oneHour, 90)]) == [1, 0, 0, 0, 1, 0])
    }

    @Test func cooldownComesFromDefaultsWhenTheRuleSetsNone() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#), defaults: #"{"cooldown": "1h", "notify": ["stdout"]}"#)
        #expect(s.counts([(0, 99), (oneMinute, 101), (2 * oneMinute, 99)]) == [0, 1, 0])
    }

    @Test func cooldownRunsFromTheLastNotificationFiringOrResolved() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""cooldown": "1h", "resolve": true"#))
        #expect(s.lines(at: 0, price: 90).count == 1)
        #expect(s.lines(at: 50 * oneMinute, price: 110).first?.contains("RESOLVED") == true)
        #expect(s.lines(at: oneHour + 10 * oneMinute, price: 90) == [], "within an hour of the resolved notice")
        #expect(s.lines(at: oneHour + 50 * oneMinute, price: 90).count == 1)
    }

    @Test func rearmIsPercentOfTheThresholdForPriceConditions() throws {
        let s = try S(rules: S.rule(when: #"{"above": 100}"#, #""rearm": 5"#))
        #expect(s.counts([(0, 101), (oneMinute, 99), (2 * oneMinute, 101), (3 * oneMinute, 95.5), (4 * oneMinute, 101),
                          (5 * oneMinute, 94.9), (6 * oneMinute, 101)]) == [1, 0, 0, 0, 0, 0, 1])
    }

    @Test func rearmKeepsACrossingFromFlappingUntilThePriceIsBackAcrossByThatMuch() throws {
        let s = try S(rules: S.rule(when: #"{"crosses_above": 100000}"#, #""rearm": 1"#))
        #expect(s.counts([(0, 99_900), (oneMinute, 100_100), (2 * oneMinute, 99_950), (3 * oneMinute, 100_050),
                          (4 * oneMinute, 98_900), (5 * oneMinute, 100_200)]) == [0, 1, 0, 0, 0, 1])
        let show = CLIRun.run(["state", "show", "--state", s.statePath], now: Scenario.start)
        #expect(show.stdout.contains("firing") && show.stdout.contains("re-arms at $99,000.00"), "\(show.stdout)")
    }

    @Test func rearmIsPercentagePointsForChangeConditions() throws {
        let s = try S(rules: S.rule(when: #"{"change_24h_above": 10}"#, #""rearm": 3, "resolve": true"#))
        #expect(s.lines(at: 0, price: 1, change24h: 11).count == 1)
        #expect(s.lines(at: oneMinute, price: 1, change24h: 7.5) == [], "within 3 points of 10")
        #expect(s.lines(at: 2 * oneMinute, price: 1, change24h: 10.5) == [])
        #expect(s.lines(at: 3 * oneMinute, price: 1, change24h: 6.9).first?.contains("RESOLVED") == true)
        #expect(s.lines(at: 4 * oneMinute, price: 1, change24h: 10).count == 1)
    }

    @Test func rearmIsNotAllowedOnOtherKinds() throws {
        for when in [#"{"new_high": "24h"}"#, #"{"move_pct": {"pct": 3, "within": "1h"}}"#, #"{"enters_range": [1, 2]}"#,
                     #"{"exits_range": [1, 2]}"#, #"{"new_low": "7d"}"#] {
            let s = try S(rules: S.rule(when: when, #""rearm": 2"#))
            let run = CLIRun.run(["check", "--rules", s.rulesPath], now: Scenario.start)
            #expect(run.status == .dataError, "\(when)")
            #expect(run.stderr.contains("rules[0].rearm") && run.stderr.contains("rearm applies to"), "\(run.stderr)")
        }
    }

    @Test func onceSendsAtMostOneFiringNoticeEverAndStateRemembersIt() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#, #""once": true"#))
        #expect(s.counts([(0, 99), (oneMinute, 101), (2 * oneMinute, 99), (oneDay, 101), (30 * oneDay, 99)])
            == [0, 1, 0, 0, 0])
        #expect(try s.state().pairs["r|bitcoin"]?.firedOnce == true)
    }

    @Test func onceWithResolveSendsOneResolvedToo() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""once": true, "resolve": true"#))
        let lines = [(0.0, 90.0), (oneMinute, 110), (2 * oneMinute, 90), (3 * oneMinute, 110), (4 * oneMinute, 90)]
            .map { s.lines(at: $0.0, price: $0.1) }
        #expect(lines.map(\.count) == [1, 1, 0, 0, 0])
        #expect(lines[1].first?.contains("RESOLVED") == true)
    }

    @Test func resolveSendsOneResolvedAlertWhenAFiredLevelConditionStopsHolding() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""resolve": true"#))
        #expect(s.lines(at: 0, price: 110) == [], "never fired: nothing to resolve")
        #expect(s.lines(at: oneMinute, price: 90).count == 1)
        #expect(s.lines(at: 2 * oneMinute, price: 110) == ["r  RESOLVED  BTC is no longer below $100.00 — now $110.00 (+0.00% 24h)"])
        #expect(s.lines(at: 3 * oneMinute, price: 120) == [])
        let record = s.pass(at: 4 * oneMinute, ["--json"])
        #expect(record.stdout.isEmpty)
    }

    @Test func resolvedNoticesAreNotHeldBackByCooldown() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""resolve": true, "cooldown": "1d""#))
        #expect(s.lines(at: 0, price: 90).count == 1)
        let resolved = s.lines(at: oneMinute, price: 110)
        #expect(resolved.count == 1 && resolved[0].contains("RESOLVED"))
    }

    @Test func resolvedAlertRecordHasStatusResolved() throws {
        let s = try S(rules: S.rule(when: #"{"below": 100}"#, #""resolve": true"#))
        _ = s.lines(at: 0, price: 90)
        s.market.set("bitcoin", price: 110)
        let run = s.pass(at: oneMinute, ["--json"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(record["status"] as? String == "resolved")
        #expect(record["previous"] as? Double == 90)
    }

    @Test func expiresIgnoresTheRuleAfterThatTime() throws {
        let s = try S(rules: S.rule(when: #"{"crosses": 100}"#, #""expires": "2027-01-15T08:10:00Z""#))
        #expect(s.counts([(0, 99), (5 * oneMinute, 101), (10 * oneMinute, 99), (11 * oneMinute, 101)]) == [0, 1, 0, 0])
    }

    @Test func enabledFalseSkipsTheRule() throws {
        let s = try S(rules: S.rule("off", when: #"{"below": 100}"#, #""enabled": false"#) + ", " + S.rule("on", when: #"{"below": 100}"#))
        #expect(s.lines(at: 0, price: 90).map { $0.prefix(3) } == ["on "])
        #expect(try s.state().pairs["off|bitcoin"] == nil, "a skipped rule keeps no pair state")
    }
}
