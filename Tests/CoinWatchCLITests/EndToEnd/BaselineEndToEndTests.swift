@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// `--baseline` (SPEC §11): the first run of a new rules file records prices and pair states and notifies nothing.
@Suite(.serialized) struct BaselineEndToEndTests {
    static let rules = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "once": true}, {"id": "up", "coin": "bitcoin", "when": {"crosses_above": 200}}"#

    @Test func aBaselinePassRecordsPricesAndPairStatesAndNotifiesNothing() throws {
        let flow = try BinaryFlow(rules: Self.rules, sinks: #"{"log": {"type": "file", "path": "alerts.jsonl"}}"#)
        try flow.dir.write("rules.json", RulesJSON.make(baseURL: flow.market.baseURL, rules: Self.rules,
                                                        defaults: #"{"notify": ["stdout", "log"]}"#,
                                                        sinks: #"{"log": {"type": "file", "path": "alerts.jsonl"}}"#))
        flow.market.set("bitcoin", price: 150)
        let run = try flow.pass(after: 0, ["--baseline"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("baseline: recorded 1 price series and 2 pair(s)") && run.stdout.contains("nothing was sent"),
                "\(run.stdout)")
        #expect(flow.dir.read("alerts.jsonl") == nil, "no sink got anything")
        let state = try StateStore.load(path: flow.statePath)
        #expect(state.prices["bitcoin|usd"]?.points.last?.price == 150)
        let hi = try #require(state.pairs["hi|bitcoin"])
        #expect(hi.firing && hi.lastNotified == nil && !hi.firedOnce, "quiet, but no notice recorded: \(hi)")
        #expect(try flow.lines(after: 60, price: 150).isEmpty, "a level already true stays quiet")
        let crossing = try flow.lines(after: 60, price: 250)
        #expect(crossing.count == 1 && crossing[0].contains("crossed above"), "the crossing has its previous price: \(crossing)")
        _ = try flow.lines(after: 60, price: 90)
        let again = try flow.lines(after: 60, price: 150)
        #expect(again.count == 1 && again[0].contains("above $100.00"), "once still has its one notice: \(again)")
    }

    @Test func aLevelABaselineFoundTrueSendsNoResolvedWhenItStopsHolding() throws {
        // Its firing was never announced, so its end is not either; the next time it holds is.
        let rules = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "resolve": true}"#
        let flow = try BinaryFlow(rules: rules)
        flow.market.set("bitcoin", price: 150)
        #expect(try flow.pass(after: 0, ["--baseline"]).status == 0)
        #expect(try flow.lines(after: 60, price: 90).isEmpty, "no RESOLVED for a notice never sent")
        let fired = try flow.lines(after: 60, price: 150)
        #expect(fired.count == 1 && fired[0].contains("above $100.00"), "\(fired)")
        let resolved = try flow.lines(after: 60, price: 90)
        #expect(resolved.count == 1 && resolved[0].contains("RESOLVED"), "a notice sent resolves: \(resolved)")
    }

    @Test func baselineAndDryRunTogetherAreAUsageError() throws {
        let run = try Binary.run(["--once", "--baseline", "--dry-run"])
        #expect(run.status == 64 && run.stderr.contains("'--baseline'"), "\(run.stderr)")
    }

    @Test func checkOnANewFileWithNoStateYetSuggestsABaseline() throws {
        let flow = try BinaryFlow(rules: Self.rules)
        let fresh = try Binary.run(["check", "--rules", flow.rulesPath, "--state", flow.statePath])
        #expect(fresh.status == 0)
        #expect(fresh.stdout.contains("hint: no state yet at \(flow.statePath): run 'coinwatch --once --baseline' first"), "\(fresh.stdout)")
        flow.market.set("bitcoin", price: 50)
        _ = try flow.pass()
        let later = try Binary.run(["check", "--rules", flow.rulesPath, "--state", flow.statePath])
        #expect(!later.stdout.contains("--baseline"))
    }
}
