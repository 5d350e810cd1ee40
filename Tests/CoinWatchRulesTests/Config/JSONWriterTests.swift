import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchRules

/// `JSONNode.prettyText()`: what `favorites add|remove` writes back into rules.json.
@Suite struct JSONWriterTests {
    private func rewrite(_ text: String) throws -> String {
        try JSONParser.parse(Array(text.utf8)).prettyText()
    }

    @Test func aTwoSpaceIndentedFileIsWrittenBackByteForByte() throws {
        let text = """
        {
          "$schema": "./rules.schema.json",
          "providers": [
            {"name": "coingecko", "api_key_env": "COINGECKO_API_KEY"}
          ],
          "favorites": ["bitcoin", "ethereum"],
          "rules": [
            {"id": "a", "coin": "bitcoin", "when": {"move_pct": {"pct": 3, "within": "1h"}}}
          ],
          "sinks": {
            "chat": {"type": "webhook", "format": "slack", "url": "${SLACK_WEBHOOK_URL}"}
          }
        }

        """
        #expect(try rewrite(text) == text)
    }

    @Test func numbersKeepTheTextTheyWereWrittenIn() throws {
        let out = try rewrite(#"{"a": [1e1, 2.50, -0.0, 100000, 1E+2, 0.1000000000000000055511151231257827]}"#)
        #expect(out == #"{"a": [1e1, 2.50, -0.0, 100000, 1E+2, 0.1000000000000000055511151231257827]}"# + "\n")
    }

    @Test func keyOrderIsKeptNotSorted() throws {
        let out = try rewrite("{\n\"z\": 1,\n\"a\": 2,\n\"m\": 3\n}")
        #expect(out == "{\n  \"z\": 1,\n  \"a\": 2,\n  \"m\": 3\n}\n")
    }

    @Test func multiLineContainersAreReindentedWithTwoSpaces() throws {
        let out = try rewrite("{\n\t\"rules\": [\n\t\t{\"id\": \"a\",\n\t\t \"coin\": \"*\"}\n\t]\n}")
        #expect(out == "{\n  \"rules\": [\n    {\n      \"id\": \"a\",\n      \"coin\": \"*\"\n    }\n  ]\n}\n")
    }

    @Test func stringsKeepEnvironmentReferencesAndUnicodeAndEscapeWhatJSONRequires() throws {
        let out = try rewrite(#"{"url": "${HOOK}", "t": "caf\u00e9 \"q\" \\ \n ₩ \/"}"#)
        #expect(out == #"{"url": "${HOOK}", "t": "café \"q\" \\ \n ₩ /"}"# + "\n")
        let again = try JSONParser.parse(Array(out.utf8))
        #expect(again["t"]?.stringValue == "café \"q\" \\ \n ₩ /")
    }

    @Test func emptyContainersStayEmpty() throws {
        #expect(try rewrite("{\n\"a\": [],\n\"b\": {}\n}") == "{\n  \"a\": [],\n  \"b\": {}\n}\n")
    }

    @Test func aOneLineArrayThatAnEditGrewPastTheWidthIsSpreadOverLines() throws {
        var editor = FavoritesEditor(root: try JSONParser.parse(Array("{\n\"favorites\": [\"bitcoin\"]\n}".utf8)), environment: [:])
        editor.add("ethereum")
        #expect(editor.root.prettyText() == "{\n  \"favorites\": [\"bitcoin\", \"ethereum\"]\n}\n")
        for index in 0..<10 { editor.add("a-rather-long-coin-id-\(index)") }
        let text = editor.root.prettyText()
        #expect(text.hasPrefix("{\n  \"favorites\": [\n    \"bitcoin\",\n    \"ethereum\",\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= JSONNode.inlineWidthLimit })
    }

    @Test func aLongOneLineRuleThatWasNotEditedStaysOnOneLine() throws {
        let rule = #"{"id": "eth-dip", "coin": "ethereum", "when": {"below": 2000}, "repeat_every": "6h", "resolve": true, "message": "{symbol} is at {price}"}"#
        let text = "{\n  \"rules\": [\n    \(rule)\n  ]\n}\n"
        #expect(try rewrite(text) == text)
    }
}
