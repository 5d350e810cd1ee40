import Foundation
import Testing
@testable import TestHelpers

/// `$COINWATCH_LOCK_TIMEOUT` through the binary (SPEC §1; issue 13 item 7): a value that is not a
/// number of seconds from 0 to one day is a usage error (64) with one line, before any request.
@Suite struct LockTimeoutEnvironmentTests {
    @Test(arguments: ["inf", "1e309", "99999999999999999999", "-1", "abc", "nan", "86401"])
    func anUnusableLockTimeoutIsAUsageErrorWithOneLine(value: String) throws {
        let market = try MarketServer()
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "a", "coin": "bitcoin", "when": {"above": 1}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_LOCK_TIMEOUT": value])
        #expect(run.status == 64, "\(value): \(run.status) \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: COINWATCH_LOCK_TIMEOUT=\(value) is not a number of seconds from 0 to 86400"),
                "\(run.stderr)")
        #expect(market.marketRequests == 0)
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: ["0", "2.5", "86400"])
    func aLockTimeoutInRangeIsUsed(value: String) throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 10)
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "a", "coin": "bitcoin", "when": {"above": 1}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_LOCK_TIMEOUT": value])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("a  BTC is above $1.00"), "\(run.stdout)")
    }
}
