import Foundation
import Synchronization
import Testing
@testable import TestHelpers

/// SPEC §2 wicks in passes on Binance, through the binary as cron runs it, against a loopback
/// Binance: the 24hr ticker is the real capture as is (BTCUSDT last 10694.87); the rolling-window
/// ticker (no capture exists, SOURCES.md) answers in the documented MINI shape with a high that
/// crossed the rule's line while the last price stayed under it.
@Suite(.serialized) struct WickPassEndToEndTests {
    let dir: TempDir

    init() throws {
        dir = try TempDir()
    }

    /// What the loopback `/api/v3/ticker` (the rolling window) answers next; 404 until set.
    final class WindowAnswer: Sendable {
        let reply = Mutex<Reply>(.notFound)
    }

    let answer = WindowAnswer()

    /// The loopback Binance: the real listing and 24hr routes, and the window route answering `answer`.
    private func server() throws -> ReplayServer {
        let answer = self.answer
        return try ReplayServer(Replays.binanceRoutes().merging(["/api/v3/ticker": { _ in answer.reply.withLock { $0 } }]) { a, _ in a })
    }

    private func pass(_ rules: String) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
    }

    /// A MINI window of BTCUSDT from `open` to `close` (ms) with this low and high.
    static func window(open: Int64, close: Int64, low: String, high: String) -> Reply {
        .json(#"[{"symbol":"BTCUSDT","openPrice":"10690.00000000","highPrice":"\#(high)","lowPrice":"\#(low)","lastPrice":"10694.87000000","volume":"312.40000000","quoteVolume":"3340000.10000000","openTime":\#(open),"closeTime":\#(close),"firstId":424852000,"lastId":424852293,"count":293}]"#)
    }

    static let rule = #"{"id": "btc-10700", "coin": "BTC", "when": {"crosses_above": 10700}}"#

    @Test func aPriceThatCrossedAndCameBackBetweenTwoPassesFiresWithWickTrue() throws {
        let server = try server()
        let rules = ProviderRules.make([("binance", server.baseURL)], vs: "usdt", favorites: ["BTC"], rules: Self.rule)
        let first = try pass(rules)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty, "the first observation has no previous price")
        #expect(server.requests("/api/v3/ticker").isEmpty, "no previous pass, so no window to ask for")

        answer.reply.withLock { $0 = Self.window(open: 1_601_357_880_000, close: 1_601_357_946_166, low: "10688.00000000", high: "10712.50000000") }
        let second = try pass(rules)
        #expect(second.status == 0, "\(second.stderr)")
        let line = try #require(second.stdout.split(separator: "\n").first)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(record["wick"] as? Bool == true)
        #expect(record["extreme"] as? Double == 10_712.5)
        #expect(record["price"] as? Double == 10_694.87 && record["previous"] as? Double == 10_694.87)
        let message = record["message"] as? String ?? ""
        #expect(message.contains(" in a wick to ") && message.contains("10,712.5"), "\(message)")
        let asked = try #require(server.requests("/api/v3/ticker").first)
        #expect(asked.queryItem("symbols") == #"["BTCUSDT"]"#)
        #expect(asked.queryItem("windowSize") == "1m" && asked.queryItem("type") == "MINI")

        // The next window overlaps this one and holds the same spike: it does not fire again.
        answer.reply.withLock { $0 = Self.window(open: 1_601_357_940_000, close: 1_601_357_999_000, low: "10690.00000000", high: "10712.50000000") }
        let third = try pass(rules)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stdout.isEmpty, "the same wick never fires twice: \(third.stdout)")
    }

    @Test func aWindowThatDoesNotAnswerLeavesThePassJudgingTheLastPrice() throws {
        let server = try server()
        let rules = ProviderRules.make([("binance", server.baseURL)], vs: "usdt", favorites: ["BTC"], rules: Self.rule)
        #expect(try pass(rules).status == 0)
        answer.reply.withLock { $0 = .json(#"{"code":-1003,"msg":"Too much request weight used."}"#, status: 400) }
        let second = try pass(rules)
        #expect(second.status == 0, "the quotes still served: \(second.stderr)")
        #expect(second.stdout.isEmpty && second.stderr.isEmpty, "\(second.stderr)")
        #expect(server.requests("/api/v3/ticker").count == 1)
    }

    @Test func aPassWithoutCrossingOrRangeRulesAsksForNoWindow() throws {
        let server = try server()
        let rules = ProviderRules.make([("binance", server.baseURL)], vs: "usdt", favorites: ["BTC"],
                                       rules: #"{"id": "hi", "coin": "BTC", "when": {"above": 20000}}"#)
        #expect(try pass(rules).status == 0)
        #expect(try pass(rules).status == 0)
        #expect(server.requests("/api/v3/ticker").isEmpty)
        #expect(server.requests("/api/v3/ticker/24hr").count == 2)
    }
}
