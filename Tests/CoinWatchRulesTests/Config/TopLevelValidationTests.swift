import Testing
@testable import TestHelpers

@Suite struct TopLevelValidationTests {
    @Test func unknownTopLevelKeySuggestsTheNearest() {
        let errors = RulesFixture.errors(#"{"vs_curency": "usd"}"#, at: "", containing: "unknown key 'vs_curency'. Did you mean 'vs_currency'?")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 1 && errors.first?.column == 2)
    }

    @Test func schemaIsAllowedOnlyAtTheTopLevel() {
        #expect(RulesFixture.rules(#"{"$schema": "./rules.schema.json"}"#) != nil)
        #expect(RulesFixture.errors(RulesFixture.rule(#""$schema": "x""#), at: "rules[0]", containing: "allowed only at the top level").count == 1)
    }

    @Test func wrongTypeSaysWhatWasExpected() {
        #expect(RulesFixture.errors(#"{"favorites": "bitcoin"}"#, at: "favorites", containing: "expected an array of coin names, got a string").count == 1)
        #expect(RulesFixture.errors(RulesFixture.rule(when: #"{"above": "100"}"#), at: "rules[0].when.above",
                                    containing: "expected a number, got a string").count == 1)
        #expect(RulesFixture.errors(#"{"vs_currency": 1}"#, at: "vs_currency", containing: "expected a string, got a number").count == 1)
    }

    @Test func topLevelMustBeAnObject() {
        #expect(RulesFixture.errors("[1]", at: "", containing: "must hold a JSON object").count == 1)
    }

    @Test func vsCurrencyIsStoredLowerCase() {
        #expect(RulesFixture.rules(#"{"vs_currency": "KRW"}"#)?.vsCurrency == "krw")
        #expect(RulesFixture.errors(#"{"vs_currency": ""}"#, at: "vs_currency", containing: "currency code").count == 1)
        #expect(RulesFixture.errors(#"{"vs_currency": "us d"}"#, at: "vs_currency", containing: "currency code").count == 1)
    }

    @Test func intervalIsAPositiveDuration() {
        #expect(RulesFixture.rules(#"{"interval": "1m30s"}"#)?.interval == 90)
        #expect(RulesFixture.errors(#"{"interval": "0s"}"#, at: "interval", containing: "longer than 0s").count == 1)
        #expect(RulesFixture.errors(#"{"interval": "soon"}"#, at: "interval", containing: "'soon' is not a duration").count == 1)
        #expect(RulesFixture.errors(#"{"interval": 60}"#, at: "interval", containing: "such as \"60s\"").count == 1)
    }

    @Test func favoritesAreNonEmptyAndDistinctIgnoringCase() {
        #expect(RulesFixture.rules(#"{"favorites": ["BTC", "ethereum"]}"#)?.favorites == ["BTC", "ethereum"])
        #expect(RulesFixture.errors(#"{"favorites": ["bitcoin", "eth", "Bitcoin"]}"#, at: "favorites[2]",
                                    containing: "already a favorite (favorites[0]").count == 1)
        #expect(RulesFixture.errors(#"{"favorites": [" "]}"#, at: "favorites[0]", containing: "cannot be empty").count == 1)
        #expect(RulesFixture.errors(#"{"favorites": [1]}"#, at: "favorites[0]", containing: "expected a string").count == 1)
    }

    /// SPEC §2: as a rule's coin `"*"` is every favorite and `"portfolio"` the holdings' total, so neither names a favorite.
    @Test func favoritesRefuseTheWordsARulesCoinReserves() {
        let star = RulesFixture.errors(#"{"favorites": ["bitcoin", "*"]}"#, at: "favorites[1]",
                                       containing: "'*' is reserved: as a rule's coin it means every favorite; name a coin by its id, symbol or name")
        #expect(star.count == 1 && star.first?.line == 1 && star.first?.column == 27, "\(star)")
        #expect(RulesFixture.errors(#"{"favorites": ["Portfolio"]}"#, at: "favorites[0]",
                                    containing: "'Portfolio' is reserved: as a rule's coin it means the holdings' total").count == 1)
        #expect(RulesFixture.rules(#"{"favorites": ["portfolio-token", "**"]}"#) != nil, "only the words themselves")
    }

    @Test func defaultsTakeCooldownAndExistingSinks() {
        let json = RulesFixture.document(rules: [], extra: #" "defaults": {"cooldown": "30m", "notify": ["slack"]},"#)
        #expect(RulesFixture.rules(json)?.defaults.cooldown == 1_800)
        #expect(RulesFixture.rules(json)?.defaults.notify == ["slack"])
        let typo = RulesFixture.document(rules: [], extra: #" "defaults": {"notify": ["slak"]},"#)
        #expect(RulesFixture.errors(typo, at: "defaults.notify[0]", containing: "unknown sink 'slak'. Did you mean 'slack'?").count == 1)
        let badCooldown = RulesFixture.document(rules: [], extra: #" "defaults": {"cooldown": "1x", "notfy": []},"#)
        #expect(RulesFixture.errors(badCooldown, at: "defaults.cooldown", containing: "is not a duration").count == 1)
        #expect(RulesFixture.errors(badCooldown, at: "defaults", containing: "Did you mean 'notify'?").count == 1)
    }

    @Test func emptyNotifyIsAnError() {
        let json = RulesFixture.document(rules: [], extra: #" "defaults": {"notify": []},"#)
        #expect(RulesFixture.errors(json, at: "defaults.notify", containing: "notify is empty").count == 1)
    }
}
