import Foundation
import Glibc
import Synchronization
import Testing
@testable import TestHelpers
@testable import CoinWatchState

/// `coinwatch stream` as a subprocess against real loopback servers (SPEC §9): a scripted
/// WebSocket feed in Binance's shape, Binance's REST API for the bridges, a webhook receiver.
@Suite(.serialized) struct StreamEndToEndTests {
    @Test func crossingInsideTheFeedFiresOnceWithSourceStreamThroughEverySink() throws {
        // Paced, so each message is its own evaluation (messages read at once are one, with a span).
        let rig = try StreamRig(connections: [[
            ["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 9990)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10100)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10200)],
        ]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start(["-v"])
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["rule"] as? String == "btc-10k")
        #expect(records.first?["price"] as? Double == 10100)
        #expect(records.first?["previous"] as? Double == 9990)
        #expect(records.first?["source"] as? String == "stream")
        #expect(rig.receiver.requests.count == 1)
        #expect(rig.receiver.keys == [records.first?["id"] as? String ?? "?"])
        #expect(rig.receiver.bodies.first?.contains(#""source":"stream""#) == true)
        let logged = (try? String(contentsOfFile: rig.logPath, encoding: .utf8)) ?? ""
        #expect(logged.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("binance: connected to ws://127.0.0.1:\(rig.feed.port)/stream?streams=btcusdt@miniTicker/btcusdt@aggTrade"))
        let state = (try? String(contentsOfFile: rig.statePath, encoding: .utf8)) ?? ""
        #expect(state.contains("btc-10k"))
    }

    @Test func aCrossingOnARatioSubscribesToEveryTradeOfBothItsCoins() throws {
        // The plan of the rules' data (DataPlan) says which feeds an event rule reads: a ratio's two coins.
        let rig = try StreamRig(connections: [[["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 0.3]]])
        try rig.writeRules(#"{"id": "eth-btc", "coin": "ETH/BTC", "when": {"crosses_above": 0.05}}"#)
        let run = try rig.start(["-v"])
        #expect(Eventually.wait(timeout: 15) { run.stderr.contains("binance: connected to") }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(run.stderr.contains("stream?streams=btcusdt@miniTicker/btcusdt@aggTrade/ethusdt@miniTicker/ethusdt@aggTrade"), "\(run.stderr)")
    }

    // SPEC §9: stream "evaluates the rules on every ticker (or trade) message, as a pass does for that
    // coin: same rules". The ones below are rules a pass evaluates that read more than the favorite's
    // own quote in `vs_currency`.

    @Test func aRatioIsEvaluatedWhenATickerMovesOneOfItsCoins() throws {
        // ETH/BTC is 300/9000 at the start; ETH's ticker alone takes it to 600/9000, across 0.05.
        let rig = try StreamRig(connections: [[["sleep": 0.3], ["send": StreamRig.ticker("ETHUSDT", 600)], ["wait": 1]]])
        try rig.writeRules(#"{"id": "eth-btc", "coin": "ETH/BTC", "when": {"crosses_above": 0.05}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= 1 }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["coin"] as? String == "ETH/BTC")
        #expect((records.first?["price"] as? Double).map { abs($0 - 600.0 / 9000) < 1e-12 } == true, "\(records)")
    }

    @Test func aRuleInItsOwnVsFiresAsAOncePassFiresItOnTheSameData() throws {
        // ETH in btc is Binance's ETHBTC, quoted by the start's REST poll (the feed follows it too, but sends nothing for
        // it), and ETH's ticker in usdt (600, which fires the rule in usdt) is not its price.
        let rig = try StreamRig(connections: [[["sleep": 0.3], ["send": StreamRig.ticker("ETHUSDT", 600, open: 591.13)], ["wait": 1]]])
        rig.setPrice("ETHBTC", 0.033)
        try rig.writeRules(#"{"id": "eth-in-btc", "coin": "ETH", "vs": "btc", "when": {"above": 0.03}}, "#
            + #"{"id": "eth-500", "coin": "ETH", "when": {"above": 500}}"#)
        try expectStreamFiresAsOnce(rig, ["eth-in-btc": 0.033, "eth-500": 600], restPrices: ["ETHUSDT": 600])
    }

    @Test func aPremiumFiresAsAOncePassFiresItOnTheSameData() throws {
        // ETH against Binance's ETHBTC, converted at BTC's 9000: 300 against 297 is 1%; the feed's 330 makes it 11%.
        // (Each ticker's open makes its 24h change the REST answer's 1.5% to two places, as the message shows it.)
        let rig = try StreamRig(connections: [[["sleep": 0.3], ["send": StreamRig.ticker("ETHUSDT", 330, open: 325.12)], ["wait": 1]]])
        rig.setPrice("ETHBTC", 0.033)
        try rig.writeRules(#"{"id": "eth-premium", "coin": "ETH", "when": {"premium_above": {"pct": 5, "against": "binance", "against_vs": "btc"}}}"#)
        try expectStreamFiresAsOnce(rig, ["eth-premium": 330], restPrices: ["ETHUSDT": 330])
    }

    /// Runs `stream` until it raised as many alerts as `prices` has rules, then a `--once` pass on a state of its own with
    /// the REST prices set to `restPrices` (what the feed said): each fires exactly the rules of `prices` (rule → price),
    /// in the same records but for the id, the time, the source, the previous price and the exact 24h change (the feed's
    /// is from its ticker's open).
    private func expectStreamFiresAsOnce(_ rig: StreamRig, _ prices: [String: Double], restPrices: [String: Double]) throws {
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= prices.count }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        for (symbol, price) in restPrices { rig.setPrice(symbol, price) }
        let pass = try Binary.run(["--once", "--json", "--rules", rig.rulesPath, "--state", rig.folder + "/once.json"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let volatile: Set = ["id", "time", "source", "previous", "change_24h"]
        func byRule(_ stdout: String) -> [String: [String: Any]] {
            Dictionary(StreamRig.records(stdout).map { ($0["rule"] as? String ?? "?", $0.filter { !volatile.contains($0.key) }) }) { first, _ in first }
        }
        let streamed = byRule(run.stdout), passed = byRule(pass.stdout)
        #expect(StreamRig.records(run.stdout).count == prices.count, "each fires once: \(run.stdout)")
        #expect(streamed.mapValues { $0["price"] as? Double ?? .nan } == prices, "\(run.stdout)")
        #expect(Set(passed.keys) == Set(prices.keys), "\(pass.stdout)")
        for (rule, record) in streamed {
            #expect(NSDictionary(dictionary: record).isEqual(to: passed[rule] ?? [:]), "stream \(record)\nonce \(passed[rule] ?? [:])")
        }
    }

    @Test func aRuleOnItsOwnProviderIsEvaluatedFromTheRESTPoll() throws {
        // `provider` pins the rule's quote to one provider: the start's REST poll (the pass's own fetch) quotes it.
        let rig = try StreamRig(connections: [[["wait": 1]]])
        try rig.writeRules(#"{"id": "pinned", "coin": "BTC", "provider": "binance", "when": {"above": 5000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= 1 }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["rule"] as? String == "pinned")
        #expect(records.first?["price"] as? Double == 9000)
    }

    @Test func aRulePinnedToAFeedsProviderIsServedByTheFeedOnAFavoritesMarketAndOnAnother() throws {
        // BTC pinned to binance in usdt is BTCUSDT, which binance's feed carries for the favorite: its crossing comes
        // from the feed (with every trade). ETH pinned to binance in btc is ETHBTC, which no favorite reads: the feed
        // subscribes it too, and its ticker fires the rule. The polls every interval leave both out (nothing is polled),
        // and the trade that prices both the favorite BTC and the pinned rule is one price in the closing line.
        let rig = try StreamRig(connections: [[["sleep": 2.5], ["send": StreamRig.trade("BTCUSDT", 10100)], ["sleep": 0.3],
                                               ["send": StreamRig.ticker("ETHBTC", 0.06)], ["wait": 1]]])
        rig.setPrice("ETHBTC", 0.033)
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"],
                           rules: #"{"id": "pinned", "coin": "BTC", "provider": "binance", "when": {"crosses_above": 10000}}, "#
                               + #"{"id": "pinned-btc", "coin": "ETH", "provider": "binance", "vs": "btc", "when": {"above": 0.05}}"#,
                           interval: "1s")
        let run = try rig.start(["-v"])
        func asked(_ symbol: String) -> Int { rig.rest.requests("/api/v3/ticker/24hr").count { $0.query?.contains(symbol) == true } }
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= 2 }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["rule"] as? String } == ["pinned", "pinned-btc"], "\(run.stdout)")
        #expect(records.first?["price"] as? Double == 10100)
        #expect(records.first?["previous"] as? Double == 9000)
        #expect(records.last?["price"] as? Double == 0.06)
        #expect(records.last?["source"] as? String == "stream")
        #expect(asked("BTCUSDT") == 2, "the start and the connection's bridge only: \(asked("BTCUSDT"))")
        #expect(asked("ETHBTC") == 2, "the start and the connection's bridge only: \(asked("ETHBTC"))")
        #expect(run.stderr.contains("stream?streams=btcusdt@miniTicker/btcusdt@aggTrade/ethusdt@miniTicker/ethbtc@miniTicker (3 markets)"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("polled over REST every"), "\(run.stderr)")
        #expect(run.stderr.contains("stopped after 2 prices, 2 alerts"), "\(run.stderr)")
    }

    @Test func aRulePinnedToAnExchangeNoFavoriteUsesIsServedByItsFeedAndOneOnAProviderWithoutAFeedIsPolled() throws {
        // The favorites are on binance; BTC pinned to upbit in krw is KRW-BTC, 162,876,000 over REST. Upbit's feed is
        // subscribed for it alone, and its ticker at 122,902,000 fires the rule: the REST ticker is asked at the start
        // and for the connection's bridge only, though the polls come every second. BTC pinned to coinpaprika, which
        // has no feed, is what they poll.
        let ticker = String(decoding: try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20.json"), as: UTF8.self)
        let rig = try StreamRig(connections: [[["wait": 1]]])
        let upbit = try Replays.upbit()
        let upbitFeed = try WebSocketServer(connections: [[["wait": 1], ["sleep": 2.5], ["send_binary": ticker]]])
        let paprika = try Replays.coinPaprika()
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}, "#
                               + #"{"name": "upbit", "base_url": "\#(upbit.baseURL)", "ws_url": "\#(upbitFeed.url)", "timeout": "2s"}, "#
                               + #"{"name": "coinpaprika", "base_url": "\#(paprika.baseURL)", "timeout": "2s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"],
                           rules: #"{"id": "upbit-dip", "coin": "BTC", "provider": "upbit", "vs": "krw", "when": {"below": 150000000}}, "#
                               + #"{"id": "paprika", "coin": "BTC", "provider": "coinpaprika", "vs": "usd", "when": {"above": 10000000}}"#,
                           interval: "1s")
        let run = try rig.start(["-v"])
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= 1 && paprika.requests("/tickers").count >= 3 },
                "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["rule"] as? String } == ["upbit-dip"], "\(run.stdout)")
        #expect(records.first?["price"] as? Double == 122_902_000)
        #expect(records.first?["provider"] as? String == "upbit")
        #expect(records.first?["source"] as? String == "stream")
        #expect(upbit.requests("/ticker").count == 2, "the start and the connection's bridge only: \(upbit.requests("/ticker").count)")
        #expect(upbitFeed.received.first?.contains(#"{"type":"ticker","codes":["KRW-BTC"]}"#) == true, "\(upbitFeed.received)")
        #expect(run.stderrLines.filter { $0.contains("polled over REST every") } == ["coinwatch: polled over REST every 1.0s: BTC in usd from coinpaprika"],
                "\(run.stderr)")
    }

    @Test func anIndicatorRuleReadsTheCandlesAPassReads() throws {
        var routes = Replays.binanceRoutes()
        // The real ETHUSDT 1h klines, moved so the newest closed within the last hour.
        let hour: Int64 = 3_600_000
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let klines = try ReplayedHistory.moved("real/history/binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json",
                                               fields: [0, 6]) { rows in now / hour * hour - hour - (try ReplayedHistory.time(rows, rows.count - 1)) }
        routes["/api/v3/klines"] = { _ in Reply.json(klines) }
        let rig = try StreamRig(connections: [[["sleep": 0.3], ["send": StreamRig.ticker("ETHUSDT", 4100)], ["wait": 1]]], routes: routes)
        try rig.writeRules(#"{"id": "rsi", "coin": "ETH", "when": {"rsi_above": {"value": 1, "tf": "1h"}}}"#)
        let run = try rig.start(environment: ["COINWATCH_CACHE": rig.folder + "/cache"])
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count >= 1 }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["rule"] as? String == "rsi")
        #expect(((records.first?["value"] as? NSNumber)?.doubleValue).map { $0 > 1 } == true, "\(records)")
        #expect(rig.rest.requests("/api/v3/klines").count == 1, "one series, one request")
    }

    @Test func reconnectInTheMiddleOfACrossingIsBridgedByOneRESTQuote() throws {
        // The feed drops (1006) at 9500; while it is gone the price crosses 10000. The REST quote
        // taken right after the reconnect sees 10100, so the crossing is not missed.
        let rig = try StreamRig(connections: [
            [["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 0.3], ["drop": true]],
            [["sleep": 0.2], ["send": StreamRig.ticker("BTCUSDT", 10150)]],
        ])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        // Answers 1 and 2: the start and the first connection's bridge; 3: the reconnect's bridge.
        rig.setPrice("BTCUSDT", 10100, fromAnswer: 3)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 1 && rig.feed.connectionCount >= 2 }, "\(run.stderr)")
        #expect(Eventually.wait(timeout: 5) { rig.feed.log.contains { $0["event"] as? String == "closed" || $0["conn"] as? Int == 1 } })
        run.send(SIGINT)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1)
        #expect(records.first?["price"] as? Double == 10100)
        #expect(records.first?["previous"] as? Double == 9500)
        #expect(run.stderrLines.filter { $0.contains("binance: connection lost") && $0.contains("1006") && $0.contains("reconnecting in") }.count == 1,
                "\(run.stderr)")
    }

    @Test func streamThrottleCoalescesACoinsPricesIntoOneObservationWhoseWickStillFires() throws {
        // 9500 is evaluated at once; the next four come within the 1 s window and are coalesced: when it
        // ends, the latest (9960) is evaluated with their span (9950–10100), so the crossing of 10000
        // fires as a wick, and so does the range that 9990 entered (SPEC §2).
        let rig = try StreamRig(connections: [[9500, 9990, 10100, 9950, 9960].map { ["send": StreamRig.trade("BTCUSDT", $0)] }])
        let rules = #"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}, "#
            + #"{"id": "btc-band", "coin": "BTC", "when": {"enters_range": [9980, 9995]}}"#
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s", "stream_throttle": "1s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"], rules: rules)
        let run = try rig.start(["-v"])
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(Set(records.compactMap { $0["rule"] as? String }) == ["btc-10k", "btc-band"], "\(run.stdout)")
        let crossing = try #require(records.first { $0["rule"] as? String == "btc-10k" })
        #expect(crossing["price"] as? Double == 9960)
        #expect(crossing["previous"] as? Double == 9500)
        #expect(crossing["wick"] as? Bool == true)
        #expect(crossing["extreme"] as? Double == 10100)
        #expect(crossing["source"] as? String == "stream")
        #expect(records.allSatisfy { $0["wick"] as? Bool == true })
        #expect(run.stderr.contains("stopped after 5 prices, 2 alerts"), "\(run.stderr)")
    }

    @Test func baselineRecordsTheFirstQuotesAndNotifiesNothingForConditionsAlreadyTrue() throws {
        // BTC is above 10000 from the start: with --baseline that is recorded, not sent, and the
        // feed's next price above the line keeps it quiet (a level notifies when it becomes true).
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 10200)]]])
        rig.setPrice("BTCUSDT", 10100)
        try rig.writeRules(#"{"id": "btc-above", "coin": "BTC", "when": {"above": 10000}}"#)
        let run = try rig.start(["--baseline", "-v"])
        // The feed's price reaches the state within the 5 s flush.
        #expect(Eventually.wait(timeout: 15) { ((try? String(contentsOfFile: rig.statePath, encoding: .utf8)) ?? "").contains("10200") },
                "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(run.stdout.contains("baseline: recorded"), "\(run.stdout)")
        #expect(StreamRig.records(run.stdout).isEmpty)
        #expect(rig.receiver.requests.isEmpty)
        #expect(run.stderr.contains("stopped after 1 prices, 0 alerts"), "\(run.stderr)")
        let state = try StateStore.load(path: rig.statePath)
        #expect(state.pairs.values.contains { $0.firing })
    }

    @Test func wssFeedWorksWithTheTestCAAndASelfSignedOneIsRefusedAndRetried() throws {
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 10100)]]], tls: true)
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#, caFile: false)
        let refused = try rig.start()
        #expect(Eventually.wait(timeout: 10) { refused.stderrLines.filter { $0.contains("TLS") }.count >= 2 }, "\(refused.stderr)")
        refused.send(SIGTERM)
        #expect(refused.waitForExit() == 0)
        #expect(refused.stderrLines.allSatisfy { !$0.contains("TLS") || $0.contains("binance: cannot connect") && $0.contains("reconnecting in") })
        #expect(rig.receiver.requests.isEmpty)
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#, caFile: true)
        let trusted = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(trusted.stderr)")
        trusted.send(SIGTERM)
        #expect(trusted.waitForExit() == 0)
    }

    @Test func wssFeedWithoutACAFileTrustsSSLCertFile() throws {
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 10100)]]], tls: true)
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#, caFile: false)
        let run = try rig.start(environment: ["SSL_CERT_FILE": try #require(rig.feed.certificate)])
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(!run.stderr.contains("TLS"), "\(run.stderr)")
    }

    @Test func unknownMessagesAndPricesForAnUnsubscribedSymbolGiveOneLineEachAndChangeNothing() throws {
        let kline = String(decoding: try Fixtures.bytes("real/stream/binance-combined_btcusdt-kline_1m_2020-10-02.json"), as: UTF8.self)
        let rig = try StreamRig(connections: [[
            ["send": kline], ["send": kline],
            ["send": StreamRig.trade("XRPUSDT", 20000)], ["send": StreamRig.trade("XRPUSDT", 20001)],
            ["send": "not json at all"],
            ["send": StreamRig.trade("BTCUSDT", 10100)],
        ]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "*", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(StreamRig.records(run.stdout).map { $0["coin"] as? String } == ["BTC"])
        #expect(run.stderrLines.filter { $0.contains("unknown type 'kline'") }.count == 1, "\(run.stderr)")
        #expect(run.stderrLines.filter { $0.contains("XRPUSDT, which was not subscribed") }.count == 1)
        #expect(run.stderrLines.filter { $0.contains("not the JSON expected") }.count == 1)
    }

    @Test func malformedAndOversizedFramesEachGiveOneLineAndAReconnect() throws {
        let rig = try StreamRig(connections: [
            [["raw": "gwFh"]],                                               // opcode 3: reserved
            [["send": String(repeating: "x", count: 1_100_000)]],           // over the 1 MiB cap
            [["send": StreamRig.trade("BTCUSDT", 10100)]],
        ])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 20) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(rig.feed.connectionCount == 3)
        #expect(run.stderrLines.filter { $0.contains("binance: connection lost") }.count == 1, "\(run.stderr)")
        #expect(run.stderrLines.filter { $0.contains("over 1024 KiB (closed with 1009)") }.count == 1)
    }

    @Test func aServerThatDrops1006AfterEachPriceIsReconnectedWithBackoffAndLosesNoAlert() throws {
        // Two connections each carry one crossing price, then the server aborts the TCP connection (the
        // client sees 1006, no close frame); the third stays up. Every bridge quote (REST, 9000) re-arms
        // the crossing, so each connection's price is one alert: three in all. (That the backoff grows
        // across such drops is HostileFeedTests' concern.)
        let flaky: [WebSocketServer.Step] = [["send": StreamRig.trade("BTCUSDT", 10100)], ["sleep": 0.2], ["drop": true]]
        let rig = try StreamRig(connections: [flaky, flaky, [["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 3 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0, "no crash, no hang")
        let lost = run.stderrLines.filter { $0.contains("binance: connection lost") }
        #expect(lost.count == 2, "\(run.stderr)")
        #expect(lost.allSatisfy { $0.contains("1006") && $0.contains("reconnecting in") })
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 3)
        #expect(Set(rig.receiver.keys) == Set(records.compactMap { $0["id"] as? String }))
        #expect(rig.receiver.keys.count == 3, "none sent twice")
        // The backoff is honoured: no reconnect sooner than 1 s after the drop.
        let connects = rig.feed.log.filter { $0["event"] as? String == "connect" }.compactMap { $0["t"] as? Double }
        #expect(connects.count == 3)
        for (earlier, later) in zip(connects, connects.dropFirst()) { #expect(later - earlier >= 1.1, "\(connects)") }
    }

    @Test func aFeedSilentForTheIdleTimeIsReconnectedAndResubscribed() throws {
        // COINWATCH_STREAM_IDLE shortens the 30 s idle time to 1 s for the test; the first server stops reading,
        // so the ping sent after 0.5 s of quiet goes unanswered.
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 9500)], ["deaf": true]],
                                              [["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start(environment: ["COINWATCH_STREAM_IDLE": "1"])
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(run.stderrLines.contains { $0.contains("binance: silent for 1.0s, no answer to a ping; reconnecting in") }, "\(run.stderr)")
        #expect(rig.feed.connectionCount >= 2)
        #expect(StreamRig.records(run.stdout).first?["price"] as? Double == 10100)
    }

    @Test func aQuietMarketWhoseServerAnswersPingsKeepsItsConnection() throws {
        // No message for 2.5 idle times (1 s here), but the server answers the pings sent meanwhile: the connection
        // is alive and stays; the price after the quiet spell fires on it. (It was dropped after 1 s of quiet as
        // "no message", reconnected with a REST bridge each time, and never reached the second price.)
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 9500)], ["sleep": 2.5],
                                               ["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start(environment: ["COINWATCH_STREAM_IDLE": "1"])
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(!run.stderr.contains("silent for"), "\(run.stderr)")
        #expect(rig.feed.connectionCount == 1, "\(run.stderr)")
        #expect(StreamRig.records(run.stdout).first?["price"] as? Double == 10100)
    }

    @Test func aServerThatNeverAnswersTheUpgradeIsRetriedAndPassesStillRun() throws {
        let rig = try StreamRig(connections: [[]], silent: true)
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { run.stderrLines.filter { $0.contains("timed out after 2s") }.count >= 2 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
    }

    @Test func sighupWithABrokenFileKeepsTheOldRulesAndAGoodOneResubscribes() throws {
        let rig = try StreamRig(connections: [
            [["sleep": 2.5], ["send": StreamRig.trade("BTCUSDT", 10100)]],
            [["sleep": 0.3], ["send": StreamRig.trade("ETHUSDT", 350)]],
        ])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.feed.connectionCount == 1 })
        try "{ not json".write(toFile: rig.rulesPath, atomically: true, encoding: .utf8)
        run.send(SIGHUP)
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        #expect(run.stderrLines.filter { $0.contains("not reloaded, the rules in force stay") }.count == 1)
        #expect(rig.feed.connectionCount == 1)
        try rig.writeRules(#"{"id": "eth-300", "coin": "ETH", "when": {"crosses_above": 320}}"#)
        run.send(SIGHUP)
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 2 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(StreamRig.records(run.stdout).map { $0["rule"] as? String } == ["btc-10k", "eth-300"])
        #expect(rig.feed.connectionCount == 2)
    }

    @Test func theStateLockIsHeldForTheWholeRun() throws {
        let rig = try StreamRig(connections: [[]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.feed.connectionCount == 1 })
        let pass = try Binary.run(["--once", "--rules", rig.rulesPath, "--state", rig.statePath],
                                  environment: ["COINWATCH_LOCK_TIMEOUT": "0"])
        #expect(pass.status == 75)
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: rig.statePath))
    }

    @Test func aFeedTheStartCouldNotQuoteIsFollowedOnceAPollQuotesIt() throws {
        // Binance's REST API does not answer the start's quote: no quote names a market to follow, so BTC and ETH are
        // polled every second. The first poll that quotes them from binance opens its feed (it never did: stream
        // polled for good), whose trade then fires the crossing.
        let asked = Mutex(0)
        let prices = #"[{"symbol":"BTCUSDT","lastPrice":"9000","priceChangePercent":"1.5","quoteVolume":"1000000","closeTime":1601357946166},"#
            + #"{"symbol":"ETHUSDT","lastPrice":"300","priceChangePercent":"1.5","quoteVolume":"1000000","closeTime":1601357946166}]"#
        let rig = try StreamRig(connections: [[["sleep": 0.3], ["send": StreamRig.trade("BTCUSDT", 10100)]]], routes: [
            "/api/v3/exchangeInfo": { _ in Reply.json(Replays.exchangeInfo) },
            "/api/v3/ticker/24hr": { _ in
                asked.withLock { count in count += 1; return count } == 1 ? Reply(behaviour: .closeWithoutAnswer) : Reply.json(prices)
            },
        ])
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"], rules: #"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#,
                           interval: "1s")
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(rig.feed.connectionCount == 1)
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["price"] as? Double } == [10100], "\(run.stdout)")
        #expect(records.first?["source"] as? String == "stream")
    }

    @Test func explainAndWatchReadTheStateWhileStreamHoldsItsLock() throws {
        // stream holds the state lock for its whole run. explain and watch read the state without it (a write replaces
        // the file whole): at once, with the rule's status. They waited for the lock: explain then exited 75, and watch
        // went on without the state, every rule "armed".
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(#"{"id": "btc-high", "coin": "BTC", "when": {"above": 10000}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        let noWait = ["COINWATCH_LOCK_TIMEOUT": "0"]
        let explain = try Binary.run(["explain", "btc-high", "--rules", rig.rulesPath, "--state", rig.statePath], environment: noWait)
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("state: firing"), "\(explain.stdout)")
        let watch = try Binary.run(["watch", "--once", "--json", "--rules", rig.rulesPath, "--state", rig.statePath], environment: noWait)
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains(#""rule":"btc-high","status":"firing""#), "\(watch.stdout)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
    }

    @Test func dryRunPrintsWhatFiresAndSendsAndWritesNothing() throws {
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let run = try rig.start(["--dry-run"])
        #expect(Eventually.wait(timeout: 10) { StreamRig.records(run.stdout).count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(rig.receiver.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: rig.statePath))
        #expect(!FileManager.default.fileExists(atPath: rig.logPath))
    }

    @Test func sigkillDuringABurstLosesNoAlertAndSendsAgainOnlyUnderTheSameKey() throws {
        // Every message crosses 10000 one way or the other, 200 of them 20 ms apart: many alerts in a
        // burst (the messages read at once are one evaluation, so fewer than 200).
        let burst: [WebSocketServer.Step] = (0..<200).flatMap {
            [["send": StreamRig.trade("BTCUSDT", $0 % 2 == 0 ? 10100 : 9900)], ["sleep": 0.02]] as [WebSocketServer.Step]
        }
        let rig = try StreamRig(connections: [burst, []])
        try rig.writeRules(#"{"id": "btc-x", "coin": "BTC", "when": {"crosses": 10000}}"#)
        let first = try rig.start()
        #expect(Eventually.wait(timeout: 20) { rig.receiver.requests.count >= 20 }, "\(first.stderr)")
        first.send(SIGKILL)
        #expect(first.waitForEnd(), "the killed stream ended")
        // The next run sends what the killed one had recorded but not delivered (its outbox).
        let second = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.feed.connectionCount >= 2 })
        #expect(Eventually.wait(timeout: 10) { (try? StateStore.load(path: rig.statePath))?.outbox.isEmpty == true },
                "the second run delivered the outbox: \(second.stderr)")
        second.send(SIGTERM)
        #expect(second.waitForExit() == 0)
        let logged = ((try? String(contentsOfFile: rig.logPath, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        let events = Set(logged.compactMap { $0["id"] as? String })
        let received = rig.receiver.keys
        #expect(Set(received) == events, "file log \(events.count) events, receiver \(Set(received).count) keys")
        // A sink's thread delivers the due messages it was handed in turn and hands the outcome back at the
        // end, so the kill can catch a few delivered but not yet recorded: they go again, once, same key.
        let sends = Dictionary(grouping: received, by: { $0 }).values.map(\.count)
        #expect(sends.allSatisfy { $0 <= 2 }, "a message is sent again at most once, with the same key: \(sends.max() ?? 0)")
    }
}
