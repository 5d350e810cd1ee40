import Foundation
import Glibc
import Testing
@testable import CoinWatchKit

/// `coinwatch stream` as a subprocess against real loopback servers (SPEC §9): a scripted
/// WebSocket feed in Binance's shape, Binance's REST API for the bridges, a webhook receiver.
@Suite(.serialized) struct StreamEndToEndTests {
    @Test func crossingInsideTheFeedFiresOnceWithSourceStreamThroughEverySink() throws {
        let rig = try StreamRig(connections: [[
            ["send": StreamRig.ticker("BTCUSDT", 9500)],
            ["send": StreamRig.trade("BTCUSDT", 9990)],
            ["send": StreamRig.trade("BTCUSDT", 10100)],
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
}
