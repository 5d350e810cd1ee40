import Testing
@testable import TestHelpers
@testable import CoinWatchRules

@Suite struct ConditionValidationTests {
    func condition(_ when: String) -> Condition? {
        RulesFixture.rules(RulesFixture.rule(when: when))?.rules.first?.condition
    }

    @Test func everyConditionKindIsRead() {
        #expect(condition(#"{"above": 100000}"#) == .above(100_000))
        #expect(condition(#"{"below": 0.5}"#) == .below(0.5))
        #expect(condition(#"{"crosses_above": 1}"#) == .crossesAbove(1))
        #expect(condition(#"{"crosses_below": 1}"#) == .crossesBelow(1))
        #expect(condition(#"{"crosses": 1}"#) == .crosses(1))
        #expect(condition(#"{"change_24h_above": 5}"#) == .change24hAbove(5))
        #expect(condition(#"{"change_24h_below": -5}"#) == .change24hBelow(-5))
        #expect(condition(#"{"change_24h_abs": 10}"#) == .change24hAbs(10))
        #expect(condition(#"{"new_high": "52w"}"#) == .newHigh(.w52))
        #expect(condition(#"{"new_low": "all"}"#) == .newLow(.all))
        #expect(condition(#"{"move_pct": {"pct": -3, "within": "1h"}}"#) == .movePct(pct: -3, within: 3_600))
        #expect(condition(#"{"enters_range": [1, 2]}"#) == .entersRange(low: 1, high: 2))
        #expect(condition(#"{"exits_range": [1, 2]}"#) == .exitsRange(low: 1, high: 2))
    }

    @Test func unknownConditionSuggestsTheNearest() {
        let errors = RulesFixture.errors(RulesFixture.rule(when: #"{"abvoe": 1}"#), at: "rules[0].when",
                                         containing: "unknown condition 'abvoe'. Did you mean 'above'?")
        #expect(errors.count == 1)
    }

    @Test func whenHoldsExactlyOneCondition() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: "{}"), at: "rules[0].when", containing: "when is empty").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"above": 1, "below": 2}"#), at: "rules[0].when",
                                    containing: "when holds 2 conditions (above, below)").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: "100"), at: "rules[0].when", containing: "expected an object").count == 1)
    }

    @Test func anExchangeEventTakesTrueAndSaysWhatItGot() {
        for (value, got) in [("false", "got false"), ("1", "got a number"), (#""yes""#, "got a string")] {
            #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"listed": \#(value)}"#), at: "rules[0].when.listed",
                                        containing: "listed takes true (it watches the exchange's market list), \(got)").count == 1, "\(value)")
        }
    }

    @Test func pricesCannotBeNegative() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"above": -1}"#), at: "rules[0].when.above", containing: "cannot be negative").count == 1)
    }

    @Test func absoluteChangeCannotBeNegative() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"change_24h_abs": -1}"#), at: "rules[0].when.change_24h_abs",
                                    containing: "cannot be negative").count == 1)
    }

    @Test func windowSuggestsTheNearest() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"new_high": "24hr"}"#), at: "rules[0].when.new_high",
                                    containing: "unknown window '24hr'. Did you mean '24h'?").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"new_low": 24}"#), at: "rules[0].when.new_low",
                                    containing: "expected a string").count == 1)
    }

    @Test func movePctNeedsNonZeroPctAndWithinAndNothingElse() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"move_pct": {"pct": 0, "within": "1h"}}"#), at: "rules[0].when.move_pct.pct",
                                    containing: "pct cannot be 0").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"move_pct": {"pct": 3}}"#), at: "rules[0].when.move_pct",
                                    containing: "needs within").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"move_pct": {"within": "1h"}}"#), at: "rules[0].when.move_pct",
                                    containing: "needs pct").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"move_pct": {"pct": 3, "within": "1h", "window": "1h"}}"#),
                                    at: "rules[0].when.move_pct", containing: "unknown key 'window'").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"move_pct": 3}"#), at: "rules[0].when.move_pct",
                                    containing: "expected an object").count == 1)
    }

    @Test func rangesAreTwoNumbersLowBelowHigh() {
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"enters_range": [5, 1]}"#), at: "rules[0].when.enters_range",
                                    containing: "low (5) must be below its high (1)").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"exits_range": [1]}"#), at: "rules[0].when.exits_range",
                                    containing: "two numbers, got 1 elements").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"exits_range": ["a", 2]}"#), at: "rules[0].when.exits_range[0]",
                                    containing: "expected a number").count == 1)
    }

    @Test func allTimeWindowWithoutSuitableProviderIsAWarning() throws {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "when": {"new_high": "all"}}"#],
                                         extra: #" "vs_currency": "usdt", "providers": [{"name": "binance"}],"#)
        let loaded = try RulesFixture.load(json).get()
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.severity == .warning)
        #expect(loaded.warnings.first?.jsonPath == "rules[0].when")
        #expect(loaded.warnings.first?.message.contains("coingecko or coinpaprika") == true)
        let withDefault = try RulesFixture.load(RulesFixture.rule(when: #"{"new_low": "all"}"#)).get()
        #expect(withDefault.warnings.isEmpty)
    }
}
