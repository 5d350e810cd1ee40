import Foundation
import Glibc
import Testing
@testable import TestHelpers
@testable import CoinWatchState

/// Loop mode as a service manager runs it: the binary in the background against a loopback
/// CoinGecko, with short intervals; the tests wait for requests at the server (events, with
/// a bounded deadline), never for time to pass.
@Suite(.serialized) struct LoopModeEndToEndTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
    }

    private var rulesPath: String { dir.path + "/rules.json" }
    private var statePath: String { dir.path + "/state.json" }

    @discardableResult
    private func writeRules(favorites: [String] = ["bitcoin"], rule: String = #"{"id": "up", "coin": "bitcoin", "when": {"above": 100}}"#,
                            extra: String = "") throws -> String {
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: favorites, rules: rule, extra: extra))
    }

    private func start(_ extra: [String] = []) throws -> RunningBinary {
        try RunningBinary(["--rules", rulesPath, "--state", statePath] + extra)
    }

    /// Waits until the server has seen `count` market requests in all.
    private func requests(_ count: Int, timeout: Double = 10) -> Bool {
        Eventually.wait(timeout: timeout) { market.marketRequests >= count }
    }

    @Test func sigtermFinishesThePassInProgressThenExitsZero() throws {
        try writeRules()
        // Three passes; the third answer comes late, so SIGTERM arrives while that pass waits for it.
        market.script(MarketServer.markets([("bitcoin", 50, 0)]),
                      MarketServer.markets([("bitcoin", 60, 0)]),
                      MarketServer.markets([("bitcoin", 150, 1.5)]).delayed(1.0))
        market.set("bitcoin", price: 70)
        let loop = try start(["--interval", "0.3s"])
        #expect(requests(3), "three passes: \(loop.stderr)")
        loop.send(SIGTERM)
        let status = loop.waitForExit()
        #expect(status == 0, "\(loop.stderr)")
        #expect(market.marketRequests == 3, "no pass after SIGTERM")
        #expect(loop.stdout == "up  BTC is above $100.00 — now $150.00 (+1.50% 24h)\n", "the third pass delivered its alert")
        let state = try StateStore.load(path: statePath)
        #expect(state.prices["bitcoin|usd"]?.points.last?.price == 150, "the third pass wrote its state")
        #expect(state.pairs["up|bitcoin"]?.lastNotified != nil, "with the alert it delivered")
        #expect(loop.stderr == "")
    }

    @Test func passesNeverOverlap() throws {
        try writeRules()
        // Every answer takes longer than the interval: a loop that started passes on the clock would overlap them.
        market.script(MarketServer.markets([("bitcoin", 50, 0)]).delayed(0.4),
                      MarketServer.markets([("bitcoin", 51, 0)]).delayed(0.4),
                      MarketServer.markets([("bitcoin", 52, 0)]).delayed(0.4))
        let loop = try start(["--interval", "0.1s"])
        #expect(requests(3), "\(loop.stderr)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit() == 0)
        #expect(market.server.maxConcurrent == 1)
        #expect(try StateStore.load(path: statePath).prices["bitcoin|usd"]?.points.last?.price == 52)
    }

    @Test func sigintExitsZeroAndIntervalComesFromRulesJSON() throws {
        try writeRules(extra: #", "interval": "0.3s""#)
        market.set("bitcoin", price: 50)
        let loop = try start()
        #expect(requests(3), "rules.json's interval (0.3s), not the 60s default: \(loop.stderr)")
        loop.send(SIGINT)
        #expect(loop.waitForExit() == 0)
        #expect(loop.stdout == "", "a pass in which nothing fires prints nothing")
    }

    @Test func sighupWithBrokenRulesKeepsTheOldRules() throws {
        try writeRules()
        market.set("bitcoin", price: 50)
        market.set("ethereum", price: 3000)
        let loop = try start(["--interval", "0.3s"])
        #expect(requests(1))
        try dir.write("rules.json", #"{"favorites": ["bitcoin", "#)
        loop.send(SIGHUP)
        #expect(Eventually.wait { !loop.stderr.isEmpty })
        let seen = market.marketRequests
        #expect(requests(seen + 2), "passes continue after the broken reload")
        #expect(loop.stderrLines.count == 1, "exactly one error line: \(loop.stderr)")
        #expect(loop.stderr.contains(rulesPath + ":1:"), "names the file and the place: \(loop.stderr)")
        #expect(market.server.requests.allSatisfy { $0.queryItem("ids") == "bitcoin" }, "the old rules stay in force")

        try writeRules(favorites: ["bitcoin", "ethereum"])
        loop.send(SIGHUP)
        #expect(Eventually.wait { market.server.requests.contains { $0.queryItem("ids")?.contains("ethereum") == true } },
                "the new rules take effect: \(loop.stderr)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit() == 0)
        #expect(loop.stderrLines.last == "coinwatch: reloaded \(rulesPath)")
    }

    @Test func sighupReloadsTheIntervalFromRulesJSON() throws {
        try writeRules(extra: #", "interval": "1h""#)
        market.set("bitcoin", price: 50)
        let loop = try start()
        #expect(requests(1))
        try writeRules(extra: #", "interval": "0.3s""#)
        loop.send(SIGHUP)
        #expect(requests(3), "the reloaded interval replaced the hour-long wait: \(loop.stderr)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit() == 0)
    }

    @Test func invalidStateFileEndsTheLoopWith65() throws {
        try writeRules()
        market.set("bitcoin", price: 50)
        try dir.write("state.json", "not json")
        let loop = try start(["--interval", "0.3s"])
        #expect(loop.waitForExit() == 65)
        #expect(loop.stderr.contains(statePath))
        #expect(dir.read("state.json") == "not json", "never overwritten silently")
    }
}
