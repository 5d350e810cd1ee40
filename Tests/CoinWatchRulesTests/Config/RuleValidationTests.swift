import Testing
@testable import TestHelpers

@Suite struct RuleValidationTests {
    @Test func optionalFieldsAreRead() throws {
        let json = RulesFixture.rule(#""for": "5m", "cooldown": "1h", "repeat_every": "6h", "rearm": 1.5, "once": true, "resolve": true, "notify": ["slack", "stdout"], "message": "{symbol} at {price}", "expires": "2026-12-31T23:59:00Z", "enabled": false"#)
        let rule = try #require(RulesFixture.rules(json)?.rules.first)
        #expect(rule.forDuration == 300)
        #expect(rule.cooldown == 3_600)
        #expect(rule.repeatEvery == 21_600)
        #expect(rule.rearm == 1.5)
        #expect(rule.once && rule.resolve && !rule.enabled)
        #expect(rule.notify == ["slack", "stdout"])
        #expect(rule.message == "{symbol} at {price}")
        #expect(rule.expires?.timeIntervalSince1970 == 1_798_761_540)
    }

    @Test func idIsRequired() {
        let json = RulesFixture.document(rules: [#"{"coin": "bitcoin", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(json, at: "rules[0]", containing: "needs an id").count == 1)
    }

    @Test(arguments: ["has space", "", String(repeating: "a", count: 65), "ünï"])
    func idMustBeShortAndPlain(id: String) {
        let json = RulesFixture.document(rules: [#"{"id": "\#(id)", "coin": "bitcoin", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(json, at: "rules[0].id", containing: "1-64 characters of A-Z a-z 0-9 . _ -").count == 1)
    }

    @Test func longestAllowedIdIsAccepted() {
        let id = String(repeating: "a", count: 60) + "._-9"
        let json = RulesFixture.document(rules: [#"{"id": "\#(id)", "coin": "bitcoin", "when": {"above": 1}}"#])
        #expect(RulesFixture.rules(json)?.rules.first?.id == id)
    }

    @Test func duplicateIdsNameBothPositions() {
        let json = RulesFixture.document(rules: [
            #"{"id": "same", "coin": "bitcoin", "when": {"above": 1}}"#,
            #"{"id": "other", "coin": "bitcoin", "when": {"above": 1}}"#,
            #"{"id": "same", "coin": "bitcoin", "when": {"below": 1}}"#,
        ])
        let errors = RulesFixture.errors(json, at: "rules[2].id", containing: "duplicate rule id 'same': rules[0] (line 5) and rules[2] (line 7)")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 7)
    }

    @Test func coinMustBeAFavoriteOrStar() throws {
        let json = RulesFixture.document(rules: [
            #"{"id": "a", "coin": "ETHEREUM", "when": {"above": 1}}"#,
            #"{"id": "b", "coin": "*", "when": {"above": 1}}"#,
        ])
        let rules = try #require(RulesFixture.rules(json))
        #expect(rules.rules.map(\.coin) == ["Ethereum", "*"])
        let missing = RulesFixture.document(rules: [#"{"id": "a", "coin": "dogecoin", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(missing, at: "rules[0].coin", containing: "is not in favorites; add it to favorites").count == 1)
        let noCoin = RulesFixture.document(rules: [#"{"id": "a", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(noCoin, at: "rules[0]", containing: "needs a coin").count == 1)
    }

    @Test func whenIsRequired() {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin"}"#])
        #expect(RulesFixture.errors(json, at: "rules[0]", containing: "needs a when").count == 1)
    }

    @Test func conditionAtRuleLevelPointsIntoWhen() {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "above": 1, "when": {"below": 2}}"#])
        #expect(RulesFixture.errors(json, at: "rules[0]", containing: "Conditions go inside \"when\"").count == 1)
    }

    @Test func unknownRuleKeySuggestsTheNearest() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""cooldwn": "1h""#), at: "rules[0]", containing: "Did you mean 'cooldown'?").count == 1)
    }

    @Test func timingFieldsAreDurations() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""for": "a while""#), at: "rules[0].for", containing: "is not a duration").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""cooldown": 5"#), at: "rules[0].cooldown", containing: "expected a duration").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""repeat_every": "0s""#), at: "rules[0].repeat_every",
                                    containing: "longer than 0s").count == 1)
    }

    @Test func rearmAppliesOnlyToPriceAndChangeConditions() {
        #expect(RulesFixture.rules(RulesFixture.rule(#""rearm": 2"#, when: #"{"change_24h_below": -5}"#)) != nil)
        #expect(RulesFixture.errors(RulesFixture.rule(#""rearm": 2"#, when: #"{"new_high": "7d"}"#), at: "rules[0].rearm",
                                    containing: "rearm applies to price and change_* conditions").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""rearm": -1"#), at: "rules[0].rearm", containing: "cannot be negative").count == 1)
    }

    @Test func resolveAppliesOnlyToLevelConditions() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""resolve": true"#, when: #"{"crosses_above": 5}"#), at: "rules[0].resolve",
                                    containing: "resolve applies to level conditions").count == 1)
        #expect(RulesFixture.rules(RulesFixture.rule(#""resolve": false"#, when: #"{"crosses_above": 5}"#)) != nil)
    }

    @Test func flagsAreBooleans() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""once": "yes""#), at: "rules[0].once", containing: "expected true or false, got a string").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""enabled": 0"#), at: "rules[0].enabled", containing: "expected true or false").count == 1)
    }

    @Test func notifyNamesExistingSinks() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""notify": ["slak"]"#), at: "rules[0].notify[0]",
                                    containing: "unknown sink 'slak'. Did you mean 'slack'?").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""notify": ["stdout", "stdout"]"#), at: "rules[0].notify[1]",
                                    containing: "listed twice").count == 1)
    }

    @Test func messagePlaceholdersMustBeKnown() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""message": "{symbol} at {pric}""#), at: "rules[0].message",
                                    containing: "unknown placeholder {pric}. Did you mean '{price}'?").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(#""message": "{zzzzzz}""#), at: "rules[0].message",
                                    containing: "Placeholders: {symbol} {name}").count == 1)
    }

    @Test func dollarBeforePlaceholderNeedsEscaping() {
        let errors = RulesFixture.errors(RulesFixture.rule(#""message": "now ${price}""#), at: "rules[0].message",
                                         containing: "environment variable price is not set")
        #expect(errors.first?.message.contains("$${price}") == true)
        let escaped = RulesFixture.rules(RulesFixture.rule(#""message": "now $${price}""#))
        #expect(escaped?.rules.first?.message == "now ${price}")
    }

    @Test func expiresIsAnISOTime() {
        #expect(RulesFixture.errors(RulesFixture.rule(#""expires": "next week""#), at: "rules[0].expires",
                                    containing: "is not a valid time; expected an ISO-8601 time").count == 1)
    }

    @Test func forOnAnEventConditionIsAWarning() throws {
        let loaded = try RulesFixture.load(RulesFixture.rule(#""for": "5m""#, when: #"{"crosses": 5}"#)).get()
        #expect(loaded.warnings.map(\.jsonPath) == ["rules[0].for"])
    }
}
