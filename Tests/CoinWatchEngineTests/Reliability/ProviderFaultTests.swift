import Foundation
import Testing
@testable import TestHelpers

/// Every provider against every server fault, through the binary (SPEC §1 exit codes, §6): one
/// error line naming the provider and the cause, exit 1, and state as the last good pass left it.
@Suite struct ProviderFaultTests {
    /// A good pass (records a price and fires a rule), then a pass against the fault.
    private struct Scenario {
        let provider: ProviderCase
        let server: FaultyProvider
        let dir: TempDir

        init(_ provider: ProviderCase) throws {
            self.provider = provider
            server = try FaultyProvider(provider)
            dir = try TempDir()
        }

        func pass() throws -> Binary.Run {
            try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: #"{"id": "up", "coin": "\#(provider.favorite)", "when": {"above": 0.000001}}"#))
            return try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        }

        var state: StateSnapshot? { StateSnapshot(path: dir.path + "/state.json") }
    }

    @Test(arguments: ProviderCase.all, Fault.all)
    func aFailingProviderGetsOneLineNamingItAndTheCauseExitOneAndStateIntact(provider: ProviderCase, fault: Fault) throws {
        let scenario = try Scenario(provider)
        let good = try scenario.pass()
        #expect(good.status == 0, "the captures quote \(provider.favorite): \(good.stderr)")
        #expect(good.stdout.hasPrefix("up  "), "\(good.stdout)")
        let before = try #require(scenario.state)

        scenario.server.fail(with: fault)
        let started = Date().timeIntervalSince1970
        let run = try scenario.pass()
        #expect(run.status == 1, "\(fault.name): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(run.stderr.hasSuffix("\n") && lines.allSatisfy { $0.hasPrefix("coinwatch: ") }, "one line per error: \(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("coinwatch: \(provider.name): ") && $0.contains(fault.cause) },
                "\(fault.name) names \(provider.name) and '\(fault.cause)': \(run.stderr)")
        #expect(lines.contains { $0.contains("no provider quoted \(provider.favorite)") }, "\(run.stderr)")
        #expect(lines.count == 2, "\(run.stderr)")

        let after = try #require(scenario.state, "the state still parses")
        for section in ["prices", "pairs", "outbox", "resolved"] {
            #expect(after.section(section) == before.section(section), "\(fault.name) changed \(section)")
        }
        let backoff = (after.object["backoff"] as? [String: Double])?[provider.name]
        if fault.name.hasPrefix("http429") {
            let wait = fault.name == "http429RetryAfter" ? 120.0 : 60.0
            let until = try #require(backoff, "a 429 stores the provider's backoff")
            #expect(abs(until - started - wait) < 10, "backoff \(until - started) s, expected \(wait)")
        } else {
            #expect(backoff == nil)
        }
    }

    @Test(arguments: ProviderCase.all)
    func aRateLimitedProviderIsSkippedUntilItsRetryAfterPasses(provider: ProviderCase) throws {
        let scenario = try Scenario(provider)
        _ = try scenario.pass()
        scenario.server.fail(with: Fault.network.first { $0.name == "http429RetryAfter" }!)
        let limited = try scenario.pass()
        #expect(limited.stderr.contains("coinwatch: \(provider.name): failing since ") && limited.stderr.contains("429"),
                "\(limited.stderr)")
        let requests = scenario.server.requestCount
        let skipped = try scenario.pass()
        #expect(skipped.status == 1)
        #expect(scenario.server.requestCount == requests, "no request while the backoff lasts")
        #expect(!skipped.stderr.contains("coinwatch: \(provider.name): "), "said at the outage's start only: \(skipped.stderr)")
    }
}
