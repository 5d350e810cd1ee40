import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import CoinWatchKit

/// Red team, round 2 (issue 30), through the binary: hostile data, files and commands. Derived figures
/// that are not finite, a `--metrics` path that is not a file, backups within one second, provider
/// text that tries to become an option, a program or markup, and a command sink outliving `--once`.
@Suite(.serialized) struct HostileInputTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
    }

    private var rulesPath: String { dir.path + "/rules.json" }
    private var statePath: String { dir.path + "/state.json" }

    private func pass(_ extra: [String] = [], environment: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", rulesPath, "--state", statePath] + extra, environment: environment)
    }

    /// An executable script in the test folder.
    @discardableResult
    private func script(_ name: String, _ body: String) throws -> String {
        let path = try dir.write(name, "#!/bin/sh\n" + body + "\n")
        chmod(path, 0o755)
        return path
    }

    // MARK: - Derived figures that are not finite (SPEC §2)

    @Test func aRatioThatIsNotAFiniteNumberLeavesThatCoinUnquotedAndTheRestGoesOn() throws {
        market.set("bitcoin", price: 1e17)
        market.set("tinycoin", price: 1e-300)  // 1e317: no Double holds it
        market.set("ethereum", price: 50)
        let rules = #"{"id": "ratio", "coin": "bitcoin/tinycoin", "when": {"above": 1}}, "#
            + #"{"id": "eth-low", "coin": "ethereum", "when": {"below": 100}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: ["bitcoin", "tinycoin", "ethereum"], rules: rules))
        let run = try pass(["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("cannot"), "\(run.stderr)")
        let records = try run.records()
        #expect(records.map { $0["rule"] as? String } == ["eth-low"], "\(run.stdout)")
        let state = try StateStore.load(path: statePath)
        #expect(state.pairs.keys.contains { $0.hasPrefix("eth-low|") }, "the state was written")
        #expect(state.prices["bitcoin/tinycoin|usd"] == nil, "no infinite price recorded")
        // Once the ratio is a finite number again, the coin is observed as usual.
        market.set("tinycoin", price: 1e3)
        let next = try pass(["--json"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try next.records().map { $0["rule"] as? String } == ["ratio"], "\(next.stdout)")
    }

    @Test func aProviderFigureBeyondWhatTheStateKeepsIsNotAnObservation() throws {
        market.set("bitcoin", price: 1e300)
        market.set("ethereum", price: 50, high24h: 1e300)
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: ["bitcoin", "ethereum"],
                                                   rules: #"{"id": "eth-low", "coin": "ethereum", "when": {"below": 100}}"#))
        let run = try pass()
        #expect(run.status == 1 && run.stderr.contains("no provider quoted bitcoin"), "\(run.stderr)")
        #expect(run.stdout.contains("ETH"), "\(run.stdout)")
        let state = try StateStore.load(path: statePath)
        #expect(state.prices["bitcoin|usd"] == nil && state.prices["ethereum|usd"] != nil, "the state reads back")
        #expect(try Binary.run(["state", "show", "--state", statePath]).status == 0)
    }

    @Test func aFeedTickWhose24hChangeIsNotFiniteLeavesThatCoinUnquotedAndTheRestGoesOn() throws {
        let hostile = #"{"stream":"btcusdt@miniTicker","data":{"e":"24hrMiniTicker","E":1601628771865,"s":"BTCUSDT","c":"1e300","o":"1e-10","h":"0","l":"0","v":"1","q":"1"}}"#
        let rig = try StreamRig(connections: [[
            ["send": hostile], ["sleep": 0.3],
            ["send": StreamRig.trade("ETHUSDT", 450)], ["sleep": 0.3],
            ["send": StreamRig.ticker("BTCUSDT", 10000, open: 9000)],
        ]])
        try rig.writeRules(#"{"id": "btc-jump", "coin": "BTC", "when": {"change_24h_above": 5}}, "#
                           + #"{"id": "eth-400", "coin": "ETH", "when": {"crosses_above": 400}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 2 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("cannot"), "\(run.stderr)")
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["rule"] as? String } == ["eth-400", "btc-jump"], "\(run.stdout)")
        let change = records.last?["change_24h"] as? Double ?? 0
        #expect(abs(change - 11.11) < 0.01, "the next sane ticker is observed: \(change)")
        let state = try StateStore.load(path: rig.statePath)
        #expect(state.pairs.keys.contains { $0.hasPrefix("eth-400|") } && state.pairs.keys.contains { $0.hasPrefix("btc-jump|") })
    }
}
