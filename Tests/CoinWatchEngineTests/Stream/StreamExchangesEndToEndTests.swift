import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// `coinwatch stream` on Upbit's and Bithumb's message shapes (SPEC §9), replayed from the real
/// captures through loopback WebSocket servers, with their REST APIs replaying theirs.
@Suite(.serialized) struct StreamExchangesEndToEndTests {
    @Test func upbitBinaryTickerFromTheCaptureFiresAfterTheSubscription() throws {
        let ticker = String(decoding: try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20.json"), as: UTF8.self)
        let rig = try StreamRig(connections: [[["wait": 1], ["send_binary": ticker]]], routes: Replays.upbitRoutes())
        try rig.writeRules(provider: #"{"name": "upbit", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC"],
                           rules: #"{"id": "btc-dip", "coin": "BTC", "when": {"below": 150000000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["price"] as? Double == 122_902_000)
        #expect(records.first?["provider"] as? String == "upbit")
        #expect(records.first?["source"] as? String == "stream")
        let subscription = try #require(rig.feed.received.first)
        #expect(subscription.contains(#"{"type":"ticker","codes":["KRW-BTC"]}"#))
        #expect(!subscription.contains(#""type":"trade""#), "a level rule needs no trades")
    }

    @Test func upbitSimpleTradesForMarketsNotSubscribedAreIgnoredWithOneLineEach() throws {
        // The capture's trades are for KRW-LAMB, KRW-WAVES and BTC-ITAM; only KRW-BTC is subscribed.
        let rig = try StreamRig(connections: [[["wait": 1], ["send_lines": Fixtures.url("real/stream/upbit_trade_SIMPLE-format_10-codes_DERIVED_2021-04-17.jsonl"), "binary": true]]],
                                routes: Replays.upbitRoutes())
        try rig.writeRules(provider: #"{"name": "upbit", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC"],
                           rules: #"{"id": "btc-x", "coin": "BTC", "when": {"crosses": 1}}"#)
        let run = try rig.start()
        // All three lines, before the signal: stopping at the first raced the other two under load.
        #expect(Eventually.wait(timeout: 10) { run.stderrLines.filter { $0.contains("which was not subscribed") }.count >= 3 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(rig.feed.received.first?.contains(#""type":"trade","codes":["KRW-BTC"]"#) == true)
        #expect(run.stderrLines.filter { $0.contains("which was not subscribed") }.count == 3, "KRW-LAMB, KRW-WAVES, BTC-ITAM once each")
    }

    @Test func onlyTheMarketsAnEventRuleWatchesAreSubscribedForTrades() throws {
        // A crossing on BTC needs its trades (a wick between two tickers); a level on ETH does not.
        let rig = try StreamRig(connections: [[["wait": 1]]], routes: Replays.upbitRoutes())
        try rig.writeRules(provider: #"{"name": "upbit", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC", "ETH"],
                           rules: #"{"id": "btc-x", "coin": "BTC", "when": {"crosses": 1}}, {"id": "eth-high", "coin": "ETH", "when": {"above": 1e12}}"#)
        let run = try rig.start(["-v"])
        #expect(Eventually.wait(timeout: 10) { !rig.feed.received.isEmpty }, "\(run.stderr)")
        #expect(Eventually.wait(timeout: 10) { run.stderr.contains("subscribed 2 markets and the trades of 1") }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let subscription = try #require(rig.feed.received.first)
        #expect(subscription.contains(#"{"type":"ticker","codes":["KRW-BTC","KRW-ETH"]}"#), "\(subscription)")
        #expect(subscription.contains(#"{"type":"trade","codes":["KRW-BTC"]}"#), "\(subscription)")
    }

    @Test func aCrossingInsideOneBithumbTradeBurstIsAWickAndStatusLinesAreIgnored() throws {
        let capture = Fixtures.url("real/stream/bithumb_transaction-and-status_DERIVED_2021-06-01.jsonl")
        // A burst in the capture's shape for BTC_KRW: the price dips through 43,000,000 and back.
        let burst = #"{"type":"transaction","content":{"list":[{"buySellGb":"2","contPrice":"43100000","contQty":"0.1","contAmt":"4310000","contDtm":"2022-02-24 13:42:10.000001","updn":"dn","symbol":"BTC_KRW"},{"buySellGb":"2","contPrice":"42990000","contQty":"0.1","contAmt":"4299000","contDtm":"2022-02-24 13:42:10.000002","updn":"dn","symbol":"BTC_KRW"},{"buySellGb":"1","contPrice":"43200000","contQty":"0.1","contAmt":"4320000","contDtm":"2022-02-24 13:42:10.000003","updn":"up","symbol":"BTC_KRW"}]}}"#
        let rig = try StreamRig(connections: [[["wait": 2], ["send_lines": capture], ["send": burst]]], routes: [
            "/public/ticker/ALL_KRW": { _ in ReplayServer.capture("real/bithumb/ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json") },
        ])
        try rig.writeRules(provider: #"{"name": "bithumb", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC"],
                           rules: #"{"id": "btc-43m", "coin": "BTC", "when": {"crosses_below": 43000000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        // The burst is one observation: its last fill, with the span of its fills (SPEC §2 wicks).
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["price"] as? Double == 43_200_000)
        #expect(records.first?["previous"] as? Double == 43_344_000, "the REST quote's closing_price")
        #expect(records.first?["wick"] as? Bool == true)
        #expect(records.first?["extreme"] as? Double == 42_990_000)
        #expect(records.first?["source"] as? String == "stream")
        #expect((records.first?["message"] as? String)?.contains(" in a wick to ") == true, "\(run.stdout)")
        #expect(rig.feed.received.count == 2)
        #expect(rig.feed.received.last == #"{"type":"transaction","symbols":["BTC_KRW"]}"#)
        #expect(run.stderrLines.filter { $0.contains("which was not subscribed") }.count == 2, "CON_KRW and GOM2_KRW once each: \(run.stderr)")
    }

    @Test func anUpbitOrBithumbErrorAnswerIsOneLineWithTheServersWordsNotSilence() throws {
        // Each refuses the subscription in its documented shape, then sends its price: the refusal is one line with
        // what the server said (it was ignored as a status line, so only the idle reconnects showed), the price fires.
        let upbitTicker = String(decoding: try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20.json"), as: UTF8.self)
        let upbitError = #"{"error":{"name":"INVALID_PARAM","message":"codes 필드가 비어 있습니다."}}"#
        let bithumbError = #"{"status":"5100","resmsg":"Invalid Filter Syntax"}"#
        let bithumbTicker = #"{"type":"ticker","content":{"tickType":"24H","date":"20220224","time":"134210","openPrice":"43000000","closePrice":"42000000","chgRate":"-2.3","symbol":"BTC_KRW"}}"#
        // The feeds' prices are below the line, the REST quotes (162,876,000 and 43,344,000) above it.
        let cases: [(provider: String, routes: [String: ReplayServer.Route], steps: [WebSocketServer.Step], line: String, below: Int)] = [
            ("upbit", Replays.upbitRoutes(), [["wait": 1], ["send_binary": upbitError], ["send_binary": upbitTicker]],
             #"upbit: the feed answered with an error: {"error":{"name":"INVALID_PARAM","message":"codes 필드가 비어 있습니다."}}; ignored"#,
             150_000_000),
            ("bithumb", ["/public/ticker/ALL_KRW": { _ in ReplayServer.capture("real/bithumb/ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json") }],
             [["wait": 1], ["send": #"{"status":"0000","resmsg":"Connected Successfully"}"#], ["send": bithumbError], ["send": bithumbTicker]],
             #"bithumb: the feed answered with an error: {"status":"5100","resmsg":"Invalid Filter Syntax"}; ignored"#,
             43_000_000),
        ]
        for (provider, routes, steps, line, below) in cases {
            let rig = try StreamRig(connections: [steps], routes: routes)
            try rig.writeRules(provider: #"{"name": "\#(provider)", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                               vs: "krw", favorites: ["BTC"],
                               rules: #"{"id": "btc-dip", "coin": "BTC", "when": {"below": \#(below)}}"#)
            let run = try rig.start()
            #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(provider): \(run.stderr)")
            run.send(SIGTERM)
            #expect(run.waitForExit() == 0)
            #expect(run.stderrLines == ["coinwatch: " + line], "\(provider)")
        }
    }
}
