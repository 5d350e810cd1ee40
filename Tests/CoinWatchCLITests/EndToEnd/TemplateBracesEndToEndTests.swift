import Foundation
import Testing
@testable import TestHelpers

/// Message templates through the binary (SPEC §2): `{{` and `}}` are literal braces, any other brace
/// is an error with the JSON path, and no error shows what a `${VAR}` holds.
@Suite struct TemplateBracesEndToEndTests {
    private func check(message: String, environment: [String: String] = [:]) throws -> Binary.Run {
        let dir = try TempDir()
        let json = #"{"favorites": ["bitcoin"], "rules": [{"id": "m", "coin": "bitcoin", "when": {"above": 1}, "message": "\#(message)"}]}"#
        return try Binary.run(["check", "--rules", try dir.write("rules.json", json)], environment: environment)
    }

    @Test(arguments: ["{price", "now }", "{}", "{ price }", "{{price}"])
    func anUnbalancedBraceIsRefusedWithItsPath(_ message: String) throws {
        let run = try check(message: message)
        #expect(run.status == 65, "\(message): \(run.stderr)")
        #expect(run.stderr.contains(": rules[0].message: unbalanced brace in the message: ")
                && run.stderr.split(separator: "\n").count == 1, "\(message): \(run.stderr)")
    }

    @Test func doubledBracesRenderAsLiteralBraces() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL,
            rules: #"{"id": "m", "coin": "bitcoin", "when": {"below": 100}, "message": "{{price}} is {price}}}"}"#))
        let run = try Binary.run(["--once", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("{price} is $90.00}"), "\(run.stdout)")
    }

    /// A price or threshold past 2^53 is written in plain digits, in the alert, its template and check's plan (it was
    /// `$1e+16`).
    @Test func aHugeThresholdIsWrittenInPlainDigits() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 2e16)
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"""
            {"id": "big", "coin": "bitcoin", "when": {"above": 1e16}},
            {"id": "t", "coin": "bitcoin", "when": {"above": 1e16}, "message": "over {threshold}"},
            {"id": "in", "coin": "bitcoin", "when": {"enters_range": [1e16, 3e16]}}
            """#))
        let run = try Binary.run(["--once", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["big  BTC is above $10,000,000,000,000,000.00 — now $20,000,000,000,000,000.00 (+0.00% 24h)",
                          "t  over $10,000,000,000,000,000.00"], "\(run.stdout)")
        let plan = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(plan.stdout.contains("above $10,000,000,000,000,000.00"), "\(plan.stdout)")
        let explain = try Binary.run(["explain", "in", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(explain.status == 0 && explain.stdout.contains("10000000000000000") && !explain.stdout.contains("e+"), "\(explain.stdout)")
    }

    @Test func anUnknownPlaceholderFromAVariableNeverShowsItsValue() throws {
        for secret in ["{tok3n-s3cret}", "}tok3n-s3cret", "{tok3n s3cret"] {
            let run = try check(message: "alert ${MSG}", environment: ["MSG": secret])
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("rules[0].message") && run.stderr.contains("(the value is not shown)"), "\(run.stderr)")
            #expect(!run.stderr.contains("tok3n") && !run.stderr.contains("s3cret"), "\(run.stderr)")
        }
        let written = try check(message: "{pric} ${MSG}", environment: ["MSG": "fine"])
        #expect(written.status == 65 && written.stderr.contains("unknown placeholder {pric}"), "\(written.stderr)")
    }
}
