import Foundation
import Testing
@testable import TestHelpers

/// The built binary, pass after pass as cron runs it, against a loopback CoinGecko: every
/// condition kind and every notify rule. Time passes by ageing the state file between passes
/// (`BinaryFlow.lines(after:)`), so the binary needs no clock hook.
@Suite(.serialized) struct RulesEndToEndTests {
    static func rule(_ id: String = "r", coin: String = "bitcoin", when: String, _ options: String = "") -> String {
        #"{"id": "\#(id)", "coin": "\#(coin)", "when": \#(when)\#(options.isEmpty ? "" : ", " + options)}"#
    }

    // MARK: every condition kind

    @Test func aboveAndBelowAreLevels() throws {
        let flow = try BinaryFlow(rules: Self.rule("hi", when: #"{"above": 100}"#) + ", " + Self.rule("lo", when: #"{"below": 50}"#))
        #expect(try flow.lines(price: 99) == [])
        #expect(try flow.lines(price: 100) == ["hi  BTC is above $100.00 — now $100.00 (+0.00% 24h)"])
        #expect(try flow.lines(price: 120) == [])
        #expect(try flow.lines(price: 50) == ["lo  BTC is below $50.00 — now $50.00 (+0.00% 24h)"])
    }

    @Test func crossingsFireOnTheCrossingOnly() throws {
        let flow = try BinaryFlow(rules: [Self.rule("up", when: #"{"crosses_above": 100}"#),
                                          Self.rule("down", when: #"{"crosses_below": 100}"#),
                                          Self.rule("any", when: #"{"crosses": 100}"#)].joined(separator: ", "))
        #expect(try flow.lines(price: 101) == [], "no previous price at the first pass")
        #expect(try flow.lines(price: 99).map { String($0.prefix(5)) } == ["down ", "any  "])
        #expect(try flow.lines(price: 98) == [])
        #expect(try flow.lines(price: 100) == ["up  BTC crossed above $100.00 — now $100.00 (+0.00% 24h)",
                                               "any  BTC crossed above $100.00 — now $100.00 (+0.00% 24h)"])
    }

    @Test func change24hKinds() throws {
        let flow = try BinaryFlow(rules: [Self.rule("up", when: #"{"change_24h_above": 5}"#),
                                          Self.rule("down", when: #"{"change_24h_below": -5}"#),
                                          Self.rule("abs", when: #"{"change_24h_abs": 10}"#)].joined(separator: ", "))
        #expect(try flow.lines(price: 1, change24h: 1) == [])
        #expect(try flow.lines(price: 1, change24h: 6).map { String($0.prefix(3)) } == ["up "])
        #expect(try flow.lines(price: 1, change24h: -11).map { String($0.prefix(4)) } == ["down", "abs "])
    }

    @Test func newHighAndNewLowWithTheProvidersMarks() throws {
        let flow = try BinaryFlow(rules: Self.rule("hi", when: #"{"new_high": "24h"}"#) + ", " + Self.rule("ath", when: #"{"new_high": "all"}"#)
            + ", " + Self.rule("lo", when: #"{"new_low": "24h"}"#))
        #expect(try flow.lines(price: 100, high24h: 105, low24h: 95, ath: 200) == [])
        #expect(try flow.lines(price: 106, high24h: 106, low24h: 95, ath: 200) == ["hi  BTC rose to a new 24h high — now $106.00 (+0.00% 24h)"])
        #expect(try flow.lines(price: 201, high24h: 201, low24h: 95, ath: 201) == ["ath  BTC rose to a new all-time high — now $201.00 (+0.00% 24h)"],
                "hi is still firing, so only the all-time high is new")
        #expect(try flow.lines(price: 94, high24h: 201, low24h: 94, ath: 201) == ["lo  BTC fell to a new 24h low — now $94.00 (+0.00% 24h)"])
    }

    @Test func newHighOverAWindowTheProviderDoesNotReportWaitsForTheWatch() throws {
        let flow = try BinaryFlow(rules: Self.rule(when: #"{"new_high": "7d"}"#))
        #expect(try flow.lines(price: 100) == [])
        #expect(try flow.lines(after: 3 * 86_400, price: 150) == [], "watched 3 days")
        #expect(try flow.lines(after: 3 * 86_400, price: 160) == [], "watched 6 days")
        #expect(try flow.lines(after: 86_400 + 60, price: 170) == ["r  BTC rose to a new 7-day high — now $170.00 (+0.00% 24h)"])
    }

    @Test func movePctAgainstRecordedPrices() throws {
        let flow = try BinaryFlow(rules: Self.rule("pump", when: #"{"move_pct": {"pct": 3, "within": "1h"}}"#)
            + ", " + Self.rule("dump", when: #"{"move_pct": {"pct": -3, "within": "1h"}}"#))
        #expect(try flow.lines(price: 100) == [])
        #expect(try flow.lines(after: 1800, price: 102) == [])
        #expect(try flow.lines(after: 1200, price: 103) == ["pump  BTC rose 3.00% within 1h (≥ 3%) — now $103.00 (+0.00% 24h)"])
        #expect(try flow.lines(after: 7200, price: 103) == [], "nothing recorded within the hour")
        #expect(try flow.lines(after: 600, price: 99.9) == ["dump  BTC fell 3.01% within 1h (≥ 3%) — now $99.90 (+0.00% 24h)"])
    }

    @Test func rangesFireOnEnteringAndLeaving() throws {
        let flow = try BinaryFlow(rules: Self.rule("in", when: #"{"enters_range": [60000, 65000]}"#)
            + ", " + Self.rule("out", when: #"{"exits_range": [60000, 65000]}"#))
        #expect(try flow.lines(price: 59_000) == [])
        #expect(try flow.lines(price: 61_000) == ["in  BTC rose into $60,000.00–$65,000.00 — now $61,000.00 (+0.00% 24h)"])
        #expect(try flow.lines(price: 64_000) == [])
        #expect(try flow.lines(price: 66_000) == ["out  BTC rose out of $60,000.00–$65,000.00 — now $66,000.00 (+0.00% 24h)"])
    }

    // MARK: every notify rule

    @Test func cooldownDropsEventsAndHoldsLevels() throws {
        let flow = try BinaryFlow(rules: Self.rule("x", when: #"{"crosses": 100}"#, #""cooldown": "1h""#)
            + ", " + Self.rule("lvl", when: #"{"above": 100}"#, #""cooldown": "1h""#))
        #expect(try flow.lines(price: 99) == [])
        #expect(try flow.lines(price: 101).count == 2)
        #expect(try flow.lines(price: 99) == [], "crossing dropped in the cooldown")
        #expect(try flow.lines(price: 101) == [], "level true again, held back")
        #expect(try flow.lines(after: 3600, price: 102).map { String($0.prefix(4)) } == ["lvl "],
                "the level still true when the cooldown ends notifies then; the dropped crossing does not")
    }

    @Test func rearmKeepsAFlappingPriceQuiet() throws {
        let flow = try BinaryFlow(rules: Self.rule("lvl", when: #"{"above": 100}"#, #""rearm": 2"#)
            + ", " + Self.rule("x", when: #"{"crosses_above": 100}"#, #""rearm": 2"#))
        #expect(try flow.lines(price: 99) == [])
        #expect(try flow.lines(price: 101).count == 2)
        #expect(try flow.counts([(60, 99), (60, 101), (60, 98.5), (60, 101)]) == [0, 0, 0, 0])
        #expect(try flow.lines(price: 97.9) == [])
        #expect(try flow.lines(price: 100.5).count == 2, "2 % back under 100, so both re-armed")
    }

    @Test func onceIsRememberedAcrossRuns() throws {
        let flow = try BinaryFlow(rules: Self.rule(when: #"{"below": 100}"#, #""once": true, "resolve": true"#))
        let seen = try [90.0, 110, 90, 110, 90].map { try flow.lines(price: $0) }
        #expect(seen.map(\.count) == [1, 1, 0, 0, 0])
        #expect(seen[1].first?.hasPrefix("r  RESOLVED  ") == true)
    }

    @Test func resolveSendsOneResolvedAndJSONSaysResolved() throws {
        let flow = try BinaryFlow(rules: Self.rule(when: #"{"change_24h_abs": 10}"#, #""resolve": true, "cooldown": "1d""#))
        #expect(try flow.lines(price: 1, change24h: 12).count == 1)
        flow.market.set("bitcoin", price: 1, change24h: 4)
        let run = try flow.pass(after: 60, ["--json"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(record["status"] as? String == "resolved")
        #expect(record["message"] as? String == "BTC's 24h move is back under 10% — now $1.00 (+4.00% 24h)")
        #expect(try flow.lines(price: 1, change24h: 3) == [])
    }

    @Test func expiresInThePastIgnoresTheRuleAndInTheFutureKeepsIt() throws {
        let flow = try BinaryFlow(rules: Self.rule("old", when: #"{"below": 100}"#, #""expires": "2020-01-01T00:00:00Z""#)
            + ", " + Self.rule("new", when: #"{"below": 100}"#, #""expires": "2999-01-01""#))
        #expect(try flow.lines(price: 90).map { String($0.prefix(4)) } == ["new "])
    }

    @Test func expiresWithoutAnOffsetIsLocalTime() throws {
        // An expiry 30 minutes ago in UTC, written as local wall time: under TZ=UTC it has passed;
        // read in a zone 12 hours behind UTC the same text lies in the future.
        let past = Date().addingTimeInterval(-1800)
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let text = formatter.string(from: past)
        let flow = try BinaryFlow(rules: Self.rule(when: #"{"below": 100}"#, #""expires": "\#(text)""#))
        #expect(try flow.lines(price: 90, environment: ["TZ": "UTC"]) == [])
        #expect(try flow.lines(price: 90, environment: ["TZ": "Etc/GMT+12"]).count == 1)
    }
}
