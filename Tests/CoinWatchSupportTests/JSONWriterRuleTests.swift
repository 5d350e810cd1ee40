@testable import CoinWatchSupport
import Testing
@testable import TestHelpers

/// Every JSON coinwatch writes (alert records, `--json`, state, rules.json edits) follows one number
/// rule and one string escaper (`JSONOut.number`, `JSONOut.quote`).
@Suite struct JSONWriterRuleTests {
    @Test(arguments: [
        (100_000.0, "100000"), (-0.0, "0"), (0.1, "0.1"), (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992.0"), (1e300, "1e+300"), (-1.5e-300, "-1.5e-300"),
    ])
    func aWholeNumberBelow2To53DropsItsFractionAndAnyOtherIsShortest(_ value: Double, _ text: String) throws {
        #expect(JSONOut.number(value) == text)
        var state: [UInt8] = []
        try StateWriter.number(value, &state)
        #expect(String(decoding: state, as: UTF8.self) == text, "the state writer uses the same rule")
    }

    @Test func controlCharactersUseTheShortEscapesWhereJSONHasThem() {
        let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}\u{202E}é✓"
        let expected = #""a\"b\\c\n\r\t\b\f\u0001\u001f\u007f\u202eé✓""#
        #expect(JSONOut.quote(text) == expected)
        var state: [UInt8] = []
        StateWriter.string(text, &state)
        #expect(String(decoding: state, as: UTF8.self) == expected, "the state writer uses the same escaper")
    }

    @Test func whatTheWriterEscapesTheParserReadsBack() throws {
        let text = "x\u{8}\u{C}\u{0}\u{7F}\"\\/é"
        let node = try JSONParser.parse(Array(JSONOut.quote(text).utf8))
        #expect(node.value == .string(text))
    }
}
