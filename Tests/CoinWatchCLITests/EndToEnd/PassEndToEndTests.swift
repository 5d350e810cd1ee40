import Foundation
import Testing
@testable import TestHelpers

/// The binary as cron runs it, over several passes against a loopback CoinGecko.
@Suite(.serialized) struct PassEndToEndTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
    }

    @discardableResult
    private func writeRules(_ rules: String, favorites: [String] = ["bitcoin"], defaults: String = #"{"notify": ["stdout"]}"#,
                            sinks: String = "{}") throws -> String {
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: favorites, rules: rules,
                                                   defaults: defaults, sinks: sinks))
    }

    private func pass(_ extra: [String] = [], env: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra,
                       environment: env)
    }

    @Test func crossingNeedsAPreviousPrice() throws {
        try writeRules(#"{"id": "btc-100k", "coin": "bitcoin", "when": {"crosses_above": 100000}}"#)
        market.set("bitcoin", price: 100_500)
        let first = try pass()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty, "no previous price, so no crossing: \(first.stdout)")
        market.set("bitcoin", price: 99_000)
        #expect(try pass().stdout.isEmpty)
        market.set("bitcoin", price: 100_250.5, change24h: 2.31)
        let third = try pass()
        #expect(third.status == 0)
        #expect(third.stdout == "btc-100k  BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)\n")
    }

    @Test func cooldownSuppressesSecondCrossing() throws {
        try writeRules(#"{"id": "x", "coin": "bitcoin", "when": {"crosses": 100}, "cooldown": "1h"}"#)
        for (price, fires) in [(90.0, false), (110.0, true), (90.0, false), (110.0, false)] {
            market.set("bitcoin", price: price)
            let run = try pass()
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.isEmpty != fires, "price \(price): \(run.stdout)")
        }
    }

    @Test func aNewHighWithResolveStaysFiringWhileThePriceHoldsLevelAndResolvesAfterAPullBack() throws {
        try writeRules(#"{"id": "sol-high", "coin": "bitcoin", "when": {"new_high": "24h"}, "resolve": true}"#)
        let passes: [(price: Double, high: Double, stdout: String)] = [
            (200, 200, "sol-high  BTC rose to a new 24h high — now $200.00 (+0.00% 24h)\n"),
            (200, 200, ""),
            (198.5, 200, ""),
            (197.9, 200, "sol-high  RESOLVED  BTC is no longer at a 24h high — now $197.90 (+0.00% 24h)\n"),
        ]
        for (index, expected) in passes.enumerated() {
            market.set("bitcoin", price: expected.price, high24h: expected.high)
            let run = try pass()
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == expected.stdout, "pass \(index + 1) at \(expected.price)")
        }
    }

    @Test func stdoutIsEmptyWhenNothingFires() throws {
        try writeRules(#"{"id": "hi", "coin": "bitcoin", "when": {"above": 1000000}}"#)
        market.set("bitcoin", price: 50_000)
        let run = try pass()
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
    }

    @Test func levelNotifiesOnceWhileTrue() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90)
        #expect(try pass().stdout.contains("BTC is below $100.00"))
        #expect(try pass().stdout.isEmpty)
    }

    @Test func jsonPrintsTheAlertRecord() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90, change24h: -1.5)
        let run = try pass(["--json"])
        let record = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(record?["rule"] as? String == "lo")
        #expect(record?["coin"] as? String == "bitcoin")
        #expect(record?["status"] as? String == "firing")
        #expect(record?["provider"] as? String == "coingecko")
        #expect(record?["threshold"] as? Double == 100)
        #expect(record?["price"] as? Double == 90)
        #expect(record?["previous"] == nil, "fields that do not apply are omitted")
        #expect((record?["id"] as? String)?.count == 32)
    }

    @Test func fileSinkAppendsJSONLinesWithMode0600() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["log"]}"#,
                       sinks: #"{"log": {"type": "file", "path": "logs/alerts.jsonl"}}"#)
        market.set("bitcoin", price: 90)
        let run = try pass()
        #expect(run.stdout.isEmpty, "the rule notifies only the file")
        let text = try #require(dir.read("logs/alerts.jsonl"))
        #expect(text.split(separator: "\n").count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/logs/alerts.jsonl")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func dryRunWritesNoState() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90)
        let run = try pass(["--dry-run"])
        #expect(run.stdout.contains("BTC is below"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/state.json"))
    }

    @Test func stateFileIsWrittenWithMode0600() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90)
        _ = try pass()
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/state.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/state.json"))) as? [String: Any]
        #expect(state?["version"] as? Int == 1)
    }

    @Test func providerFailureExitsOneWithOneLine() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.script(Reply.text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502))
        let run = try pass()
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("coingecko") && $0.contains("HTTP 502") && $0.contains("Bad Gateway") }, "\(run.stderr)")
        #expect(lines.contains { $0.contains("no provider quoted bitcoin") })
    }

    @Test func cacheTTLReusesTheQuoteWithoutARequest() throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
            .replacingOccurrences(of: #""cache_ttl": "0s""#, with: #""cache_ttl": "1h""#))
        market.set("bitcoin", price: 90)
        _ = try pass()
        _ = try pass()
        #expect(market.marketRequests == 1)
    }

    @Test func unknownFlagExits64WithSuggestion() throws {
        let run = try Binary.run(["--onec"])
        #expect(run.status == 64)
        #expect(run.stderr == "Error: Unknown option '--onec'. Did you mean '--once'?\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func malformedRulesExit65WithLineAndColumn() throws {
        let path = try dir.write("rules.json", "{\n  \"favorites\": [\"bitcoin\",]\n}\n")
        let run = try pass()
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix(path + ":2:"), "\(run.stderr)")
    }

    @Test func invalidRuleExit65WithJSONPath() throws {
        try writeRules(#"{"id": "a", "coin": "bitcoin", "when": {"abvoe": 1}}"#)
        let run = try pass()
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[0].when"))
        #expect(run.stderr.contains("Did you mean 'above'?"))
    }

    @Test func missingRulesExit66() throws {
        let run = try Binary.run(["--once", "--rules", dir.path + "/nope.json", "--state", dir.path + "/s.json"])
        #expect(run.status == 66)
        #expect(run.stderr.contains(dir.path + "/nope.json"))
    }

    @Test func unreadableStateExits65AndStaysUntouched() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90)
        let garbage = "{\"version\": 1, \"prices\": [oops"
        try dir.write("state.json", garbage)
        let run = try pass()
        #expect(run.status == 65)
        #expect(run.stderr.contains(dir.path + "/state.json"))
        #expect(dir.read("state.json") == garbage)
    }

    @Test func heldLockExits75() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        market.set("bitcoin", price: 90)
        let lockPath = dir.path + "/state.json.lock"
        let fd = open(lockPath, O_CREAT | O_RDWR, 0o600)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let run = try pass(env: ["COINWATCH_LOCK_TIMEOUT": "0.3"])
        #expect(run.status == 75)
        #expect(run.stderr.contains("state.json.lock"))
        #expect(run.stdout.isEmpty)
    }

    @Test func quietPrintsNothingButStillRecordsTheAlert() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["stdout", "log"]}"#,
                       sinks: #"{"log": {"type": "file", "path": "alerts.jsonl"}}"#)
        market.set("bitcoin", price: 90)
        let run = try pass(["-q"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(dir.read("alerts.jsonl")?.contains(#""rule":"lo""#) == true)
        #expect(try pass().stdout.isEmpty, "the quiet pass still counted as the notification")
    }
}
