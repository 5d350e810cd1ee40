@testable import CoinWatchSupport
@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// A large rules.json is validated in two halves at once when it is clean; whatever the file holds,
/// the rules and every diagnostic must be exactly those of the one walk over all rules.
@Suite struct RulesInTwoTests {
    /// A file of `count` rules over 50 favorites; `edit` changes rule `index`'s JSON.
    static func file(count: Int, edit: (Int, String) -> String = { $1 }) -> [UInt8] {
        let favorites = (0..<50).map { "\"coin-\($0)\"" }.joined(separator: ", ")
        let rules = (0..<count).map { index in
            edit(index, #"{"id": "r\#(index)", "coin": "coin-\#(index % 50)", "when": {"above": \#(100 + index)}, "cooldown": "1h"}"#)
        }
        return Array(#"{"favorites": [\#(favorites)], "rules": [\#(rules.joined(separator: ",\n"))]}"#.utf8)
    }

    /// The rules file and the diagnostics, validated in two halves (`inTwo`) or in one walk.
    static func validate(_ bytes: [UInt8], inTwo: Bool) throws -> (RulesFile, [String]) {
        let root = try JSONParser.parse(bytes)
        var validator = RulesValidator(file: "rules.json", absolutePath: "/tmp/rules.json", environment: [:])
        validator.rulesInTwoFrom = inTwo ? 2 : .max
        let rules = validator.validate(root)
        return (rules, RulesLoader.sorted(validator.diagnostics).map(\.description))
    }

    @Test func aCleanFileGivesTheSameRulesEitherWay() throws {
        let bytes = Self.file(count: 3001)
        let (two, twoDiagnostics) = try Self.validate(bytes, inTwo: true)
        let (one, oneDiagnostics) = try Self.validate(bytes, inTwo: false)
        let same = two == one  // compared apart: a failure should not print two files of 3000 rules
        #expect(same && twoDiagnostics.isEmpty && oneDiagnostics.isEmpty)
        #expect(two.rules.count == 3001 && two.rules.first?.id == "r0" && two.rules.last?.id == "r3000" && two.rules[1500].coin == "coin-0")
    }

    @Test(arguments: [
        // an id used in both halves
        { (index: Int, rule: String) in index == 2900 ? rule.replacingOccurrences(of: "\"r2900\"", with: "\"r10\"") : rule },
        // an error in the second half and a warning in the first
        { (index: Int, rule: String) in
            index == 2000 ? rule.replacingOccurrences(of: "coin-0", with: "coin-x")
                : index == 7 ? rule.replacingOccurrences(of: #""above": 107"#, with: #""crosses_above": 107, "for": "5m""#) : rule },
        // a rule that is not an object, and one with an unknown key
        { (index: Int, rule: String) in index == 1 ? "3" : index == 2999 ? rule.replacingOccurrences(of: "\"cooldown\"", with: "\"cooldwn\"") : rule },
        // a warning alone: the file is valid
        { (index: Int, rule: String) in index == 2500 ? rule.replacingOccurrences(of: #""above": 2600"#, with: #""crosses_below": 2600, "for": "1m""#) : rule },
    ] as [@Sendable (Int, String) -> String])
    func whateverTheFileHoldsTheReportIsTheOneWalks(edit: @Sendable (Int, String) -> String) throws {
        let bytes = Self.file(count: 3000, edit: edit)
        let (two, twoDiagnostics) = try Self.validate(bytes, inTwo: true)
        let (one, oneDiagnostics) = try Self.validate(bytes, inTwo: false)
        #expect(!oneDiagnostics.isEmpty)
        #expect(twoDiagnostics == oneDiagnostics)
        let same = two == one
        #expect(same)
    }
}
