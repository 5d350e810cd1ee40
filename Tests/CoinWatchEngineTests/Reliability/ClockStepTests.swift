import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// A wall clock that goes back (SPEC §2: state never goes back with the clock): the pass treats the
/// time since the last pass as zero — no duplicate event, no stretched backoff, the previous price
/// stays right — and says so once on stderr. In process with the clock in the test's hand, and
/// through the binary against a state written "in 2100".
@Suite struct ClockStepTests {
    private static let crossing = Scenario.rule("x", when: #"{"crosses_above": 100}"#)

    @Test func aCrossingAfterTheClockWentBackFiresOnceAndComparesWithTheLastPrice() throws {
        let scenario = try Scenario(rules: Self.crossing)
        #expect(scenario.lines(at: 0, price: 90).isEmpty)
        // NTP steps the clock back an hour: the crossing fires once, and not again on the next passes.
        scenario.market.set("bitcoin", price: 110)
        let stepped = scenario.pass(at: -oneHour)
        #expect(stepped.stdout.split(separator: "\n").count == 1, "\(stepped.stdout)")
        #expect(stepped.stderr.contains("the clock went back 1h since the last pass (2027-01-15T08:00:00Z)"), "\(stepped.stderr)")
        #expect(stepped.stderr.split(separator: "\n").count == 1)
        let later = scenario.pass(at: -oneHour + oneMinute)
        #expect(later.stdout.isEmpty, "no duplicate: \(later.stdout)")
        #expect(!later.stderr.contains("clock"), "said once: \(later.stderr)")
        // And the other way: a fall below and a rise again fire as they happen.
        #expect(scenario.lines(at: -oneHour + 2 * oneMinute, price: 95).isEmpty)
        #expect(scenario.lines(at: -oneHour + 3 * oneMinute, price: 105).count == 1)
        #expect(try scenario.state().lastPass == Scenario.start - oneHour + 3 * oneMinute)
    }

    @Test func aBackoffIsNotStretchedWhenTheClockGoesBack() throws {
        let scenario = try Scenario(rules: Scenario.rule("hi", when: #"{"above": 1000}"#))
        scenario.market.set("bitcoin", price: 90)
        scenario.market.script(Reply.json(#"{"error":"Too many requests"}"#, status: 429).header("Retry-After", "60"))
        let limited = CLIRun.run(["--once", "--rules", scenario.rulesPath, "--state", scenario.statePath], now: Scenario.start)
        #expect(limited.status == .failure, "\(limited.stderr)")
        let asked = scenario.market.marketRequests
        // The clock goes back an hour: the step counts as zero, so the 60 s of backoff run from the stepped
        // pass on (59 s later the provider still rests, 61 s later it is asked), not for an hour.
        let args = ["--once", "--rules", scenario.rulesPath, "--state", scenario.statePath]
        let stepped = Scenario.start - oneHour + 30
        let resting = CLIRun.run(args, now: stepped)
        #expect(scenario.market.marketRequests == asked, "still backing off: \(resting.stderr)")
        _ = CLIRun.run(args, now: stepped + 59)
        #expect(scenario.market.marketRequests == asked, "59 s after the step: still backing off")
        scenario.pass(at: -oneHour + 30 + 61)
        #expect(scenario.market.marketRequests == asked + 1, "asked again 61 s after the step, not an hour later")
    }

    @Test func throughTheBinaryAStateFromTheFutureNeitherRepeatsNorSwallowsCrossings() throws {
        let scenario = try Scenario(rules: Self.crossing)
        let in2100: Double = 4_102_444_800
        scenario.market.set("bitcoin", price: 90)
        let future = CLIRun.run(["--once", "--rules", scenario.rulesPath, "--state", scenario.statePath], now: in2100)
        #expect(future.status == .success, "\(future.stderr)")
        let args = ["--once", "--rules", scenario.rulesPath, "--state", scenario.statePath]
        var firings: [Int] = []
        var warnings = 0
        for price in [110.0, 110, 95, 95, 105] {
            scenario.market.set("bitcoin", price: price)
            let run = try Binary.run(args)
            #expect(run.status == 0, "\(run.stderr)")
            firings.append(run.stdout.split(separator: "\n").count)
            if run.stderr.contains("the clock went back") { warnings += 1 }
        }
        #expect(firings == [1, 0, 0, 0, 1], "each crossing once, both ways")
        #expect(warnings == 1, "said once")
        let state = try StateStore.load(path: scenario.statePath)
        #expect((state.lastPass ?? .infinity) < in2100, "the state follows the wall clock again")
    }

    @Test func absorbingAStepShiftsEveryTimeBackAndNeverBelowZero() {
        var state = StateDocument()
        state.lastPass = 1000
        state.prices["b|usd"] = PriceSeries(firstSeen: 10, points: [PricePoint(time: 10, price: 1), PricePoint(time: 1000, price: 2)])
        state.pairs["r|b"] = { var pair = PairState(); pair.lastNotified = 990; return pair }()
        state.memory.backoff["coingecko"] = 1060
        #expect(ClockStep.absorb(&state, now: 400) == 600)
        #expect(state.prices["b|usd"]?.points.map(\.time) == [0, 400])
        #expect(state.pairs["r|b"]?.lastNotified == 390)
        #expect(state.memory.backoff["coingecko"] == 460, "60 s of backoff left, as at the last pass")
        #expect(state.lastPass == 400)
        #expect(ClockStep.absorb(&state, now: 400) == nil, "the same instant is no step")
    }
}
