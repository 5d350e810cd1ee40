import Testing
@testable import TestHelpers

@Suite struct SecretTests {
    @Test func invalidURLFromEnvironmentIsNeverShown() {
        let json = RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "${HOOK}", "format": "slack"}}"#)
        let diagnostics = RulesFixture.diagnostics(json, environment: ["HOOK": "notaurl-TOPSECRET"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.allSatisfy { !$0.description.contains("TOPSECRET") })
    }

    @Test func literalURLAndHeaderValuesAreNeverShown() {
        let json = RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "hxxps://TOPSECRET", "format": "slack", "headers": {"Authorization": "Bearer TOPSECRET\n"}}}"#)
        let diagnostics = RulesFixture.diagnostics(json)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { !$0.description.contains("TOPSECRET") })
    }

    @Test func valuesFromEnvironmentAreNeverShownInOtherMessages() {
        let json = #"{"providers": [{"name": "${P}"}], "favorites": ["${F}", "${F}"], "interval": "${I}"}"#
        let diagnostics = RulesFixture.diagnostics(json, environment: ["P": "TOPSECRET1", "F": "TOPSECRET2", "I": "TOPSECRET3"])
        #expect(diagnostics.count == 3)
        #expect(diagnostics.allSatisfy { !$0.description.contains("TOPSECRET") })
    }

    @Test func unsetVariableMessageNamesOnlyTheVariable() {
        let errors = RulesFixture.errors(#"{"vs_currency": "${CUR}"}"#, at: "vs_currency", containing: "environment variable CUR is not set",
                                         environment: ["OTHER": "TOPSECRET"])
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("TOPSECRET") == false)
    }

    @Test func variablesExpandInAnyString() {
        let json = #"{"vs_currency": "${CUR}", "favorites": ["${COIN}"]}"#
        let rules = RulesFixture.rules(json, environment: ["CUR": "EUR", "COIN": "bitcoin"])
        #expect(rules?.vsCurrency == "eur")
        #expect(rules?.favorites == ["bitcoin"])
    }

    @Test func malformedReferenceIsAnError() {
        #expect(RulesFixture.errors(#"{"vs_currency": "${cur"}"#, at: "vs_currency", containing: "malformed ${...}").count == 1)
    }
}

@Suite struct LimitTests {
    @Test func fileOverOneMebibyteIsAnError() {
        let json = "{" + String(repeating: " ", count: 1 << 20) + "}"
        let errors = RulesFixture.diagnostics(json)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("larger than the limit of 1 MiB") == true)
        #expect(errors.first?.line == nil)
    }

    @Test func moreThanTwentyThousandRulesIsAnError() {
        let rules = (0...20_000).map { #"{"id":"r\#($0)","coin":"*","when":{"above":1}}"# }
        let json = #"{"rules":["# + rules.joined(separator: ",") + "]}"
        #expect(json.utf8.count <= 1 << 20)
        let errors = RulesFixture.diagnostics(json)
        #expect(errors.count == 1)
        #expect(errors.first?.jsonPath == "rules")
        #expect(errors.first?.message.contains("20001 rules, over the limit of 20000 rules") == true)
    }

    @Test func twentyThousandRulesAreAllowed() {
        let rules = (0..<20_000).map { #"{"id":"r\#($0)","coin":"*","when":{"above":1}}"# }
        let json = #"{"rules":["# + rules.joined(separator: ",") + "]}"
        #expect(RulesFixture.rules(json)?.rules.count == 20_000)
    }

    @Test func moreThanFiveThousandFavoritesIsAnError() {
        let favorites = (0...5_000).map { "\"c\($0)\"" }.joined(separator: ",")
        let errors = RulesFixture.errors(#"{"favorites":["# + favorites + "]}", at: "favorites", containing: "over the limit of 5000 favorites")
        #expect(errors.count == 1)
    }

    @Test func stringsOverFourThousandNinetySixCharactersAreErrors() {
        let long = String(repeating: "é", count: 4_097)
        let errors = RulesFixture.errors(RulesFixture.rule(#""message": "\#(long)""#), at: "rules[0].message",
                                         containing: "4097 characters long, over the limit of 4096 characters")
        #expect(errors.count == 1)
        let exact = String(repeating: "é", count: 4_096)
        #expect(RulesFixture.rules(RulesFixture.rule(#""message": "\#(exact)""#)) != nil)
    }

    @Test func expandedStringOverTheLimitIsAnError() {
        let errors = RulesFixture.errors(#"{"vs_currency": "${BIG}"}"#, at: "vs_currency", containing: "limit of 4096 characters",
                                         environment: ["BIG": String(repeating: "a", count: 5_000)])
        #expect(errors.count == 1)
    }
}
