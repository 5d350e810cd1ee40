import Testing
@testable import TestHelpers
@testable import CoinWatchRules

@Suite struct MessageTemplateTests {
    @Test func placeholdersAreReplaced() {
        let text = MessageTemplate.render("{symbol} jumped {change_24h} today, now {price}",
                                          values: ["symbol": "BTC", "change_24h": "+3.10%", "price": "$101.00"])
        #expect(text == "BTC jumped +3.10% today, now $101.00")
    }

    @Test func doubledBracesAreLiteralBracesBothWays() throws {
        #expect(MessageTemplate.render("{{price}} {price}", values: ["price": "1"]) == "{price} 1")
        #expect(MessageTemplate.render("}}{{", values: [:]) == "}{")
        #expect(try MessageTemplate.parse("{{{price}}}") == [.text("{"), .placeholder("price"), .text("}")])
        #expect(MessageTemplate.unknownPlaceholders(in: "{{nope}}") == [])
    }

    @Test(arguments: [
        ("{price", 1, "a { that is never closed"),
        ("now }", 5, "a lone }"),
        ("{}", 1, "an empty placeholder {}"),
        ("{ price }", 1, "a { that does not start a placeholder"),
        ("{{price}", 8, "a lone }"),
        ("{\"x\"}", 1, "a { that does not start a placeholder"),
    ])
    func anUnbalancedOrMalformedBraceIsAnError(_ template: String, _ position: Int, _ reason: String) {
        #expect { try MessageTemplate.parse(template) } throws: { error in
            guard let error = error as? MessageTemplate.BraceError else { return false }
            return error.position == position && error.reason.hasPrefix(reason)
        }
    }

    @Test func placeholderWithoutValueRendersEmpty() {
        #expect(MessageTemplate.render("was {previous}.", values: [:]) == "was .")
    }

    @Test func unknownPlaceholdersAreListed() {
        #expect(MessageTemplate.unknownPlaceholders(in: "{pric} {symbol} {foo}") == ["pric", "foo"])
    }
}

@Suite struct EnvironmentExpanderTests {
    @Test func variablesAreReplaced() {
        let result = EnvironmentExpander.expand("a ${X} b ${Y_2}", environment: ["X": "1", "Y_2": "2"])
        #expect(result.value == "a 1 b 2")
        #expect(result.used == ["X", "Y_2"])
    }

    @Test func unsetVariablesAreNamed() {
        let result = EnvironmentExpander.expand("${NOPE}/x", environment: [:])
        #expect(result.missing == ["NOPE"])
    }

    @Test func dollarDollarBraceIsALiteral() {
        #expect(EnvironmentExpander.expand("$${price} $5", environment: [:]).value == "${price} $5")
    }

    @Test func malformedReferencesAreFlagged() {
        #expect(EnvironmentExpander.expand("${", environment: [:]).malformed)
        #expect(EnvironmentExpander.expand("${1X}", environment: [:]).malformed)
        #expect(EnvironmentExpander.expand("${}", environment: [:]).malformed)
    }
}
