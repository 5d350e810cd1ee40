import Foundation
import Glibc
import Synchronization
import Testing
@testable import TestHelpers
@testable import CoinWatchState

/// `coinwatch stream` as a subprocess against hostile loopback servers (SPEC §9, last paragraph:
/// "whatever a server or a sink does, `stream` stays responsive and bounded"). Every wait is on a
/// condition with a deadline; memory is read from the child's /proc.
@Suite(.serialized) struct HostileFeedTests {
    /// The rule every test here uses: one alert when BTC (9000 over REST) crosses 10000.
    static let crossing = #"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#

    @Test func aPingFloodFromAServerThatNeverReadsEndsThatConnectionAndMemoryStaysBounded() throws {
        // 16 MB of empty PING frames, the server reading nothing: every ping asks for a pong that can
        // never be sent. The connection is ended (and reconnected) instead of queueing them all.
        let rig = try StreamRig(connections: [[["ping_flood": 16_000_000]], [["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(Self.crossing)
        let run = try rig.start()
        // The kernel's socket buffers take megabytes of pongs first: a debug build on a loaded machine needs ~9 s.
        let dropped = Eventually.wait(timeout: 30) { run.stderr.contains("does not read what is sent to it") }
        #expect(dropped, "\(run.stderr)")
        let peak = run.peakMemoryKiB ?? 0
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count == 1 }, "the next connection carries prices: \(run.stderr)")
        #expect(max(peak, run.peakMemoryKiB ?? 0) < 100 * 1024, "peak \(peak) KiB")
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 5) == 0)
        #expect(run.stderrLines.filter { $0.contains("binance: connection lost: the server does not read") && $0.contains("reconnecting in") }.count == 1,
                "\(run.stderr)")
    }

    @Test func aFeedFasterThanItIsReadStillDeliversWritesStateAndStopsOnSIGTERM() throws {
        // Valid prices back to back for 20 s, faster than they are parsed: the socket is never empty.
        let rig = try StreamRig(connections: [[["flood": [StreamRig.trade("BTCUSDT", 10100)], "seconds": 20]]])
        try rig.writeRules(Self.crossing)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 5) { rig.receiver.requests.count == 1 }, "an alert is delivered mid-flood: \(run.stderr)")
        #expect(Eventually.wait(timeout: 5) { ((try? String(contentsOfFile: rig.statePath, encoding: .utf8)) ?? "").contains("btc-10k") })
        let stopping = Date()
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 5) == 0, "SIGTERM honoured mid-flood")
        #expect(Date().timeIntervalSince(stopping) < 5)
        #expect(StreamRig.records(run.stdout).count == 1)
        #expect(rig.feed.log.contains { $0["flood"] as? String == "text" && ($0["bytes"] as? Int ?? 0) > 1_000_000 },
                "the server did flood: \(rig.feed.log.filter { $0["flood"] != nil })")
    }

    @Test func aHangingCommandSinkDelaysOnlyItsOwnMessagesAndSIGTERMKeepsThemInTheOutbox() throws {
        // `slow` never ends within its 10-minute timeout; the webhook must get every crossing anyway.
        let rig = try StreamRig(connections: [[
            ["send": StreamRig.trade("BTCUSDT", 10100)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 9900)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10100)],
        ]])
        let pids = rig.folder + "/pids"
        let slow = #"{"type": "command", "argv": ["sh", "-c", "echo $$ >> \#(pids); exec sleep 60"], "timeout": "10m"}"#
        try rig.writeRules(#"{"id": "btc-x", "coin": "BTC", "when": {"crosses": 10000}}"#, sinks: ["slow": slow])
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 5) { rig.receiver.requests.count == 3 }, "\(rig.receiver.requests.count) of 3 crossings: \(run.stderr)")
        #expect(Eventually.wait(timeout: 5) { FileManager.default.fileExists(atPath: pids) })
        let stopping = Date()
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 5) == 0)
        #expect(Date().timeIntervalSince(stopping) < 5, "exits within 5 s whatever the sink does")
        let state = try StateStore.load(path: rig.statePath)
        let waiting = state.outbox.filter { $0.sink == "slow" }.flatMap(\.alerts).map(\.id)
        #expect(Set(waiting) == Set(rig.receiver.keys), "every alert the command did not take waits in the outbox")
        #expect(!state.outbox.contains { $0.sink == "hook" })
        // The program's process group was ended with stream.
        let started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        #expect(!started.isEmpty)
        #expect(Eventually.wait(timeout: 2) { started.allSatisfy { kill($0, 0) != 0 } }, "no sink program outlives stream")
    }

    @Test func aServerThatNeverAnswersTheUpgradeDoesNotHoldUpSIGTERM() throws {
        // The server accepts TCP and never answers the upgrade; the provider's timeout is 10 s. The
        // connect runs on a thread of its own, so SIGTERM is taken at once, not after the timeout.
        let rig = try StreamRig(connections: [[]], silent: true)
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "10s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"], rules: Self.crossing)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.feed.connectionCount == 1 }, "\(run.stderr)")
        let stopping = Date()
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 8) == 0)
        #expect(Date().timeIntervalSince(stopping) < 5, "SIGTERM taken during the upgrade")
    }

    @Test func aRESTAPIThatHangsDuringTheBridgeDoesNotHoldUpSIGTERM() throws {
        // The feed drops; the reconnect's bridge (the third ticker request: the start, the first bridge, this one) is
        // answered only after 30 s, past the provider's 10 s timeout. SIGTERM during it gives the quote up within a
        // second: stream exits within 5 s (SPEC §9), where it waited out the timeout.
        let asked = Mutex(0)
        let prices = #"[{"symbol":"BTCUSDT","lastPrice":"9000","priceChangePercent":"1.5","quoteVolume":"1000000","closeTime":1601357946166},"#
            + #"{"symbol":"ETHUSDT","lastPrice":"300","priceChangePercent":"1.5","quoteVolume":"1000000","closeTime":1601357946166}]"#
        let rig = try StreamRig(connections: [[["send": StreamRig.trade("BTCUSDT", 9500)], ["sleep": 0.3], ["drop": true]], []], routes: [
            "/api/v3/exchangeInfo": { _ in Reply.json(Replays.exchangeInfo) },
            "/api/v3/ticker/24hr": { _ in
                var reply = Reply.json(prices)
                reply.delay = asked.withLock { count in count += 1; return count } >= 3 ? 30 : 0
                return reply
            },
        ])
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "10s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"], rules: Self.crossing)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.rest.requests("/api/v3/ticker/24hr").count == 3 }, "\(run.stderr)")
        let stopping = Date()
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 15) == 0)
        #expect(Date().timeIntervalSince(stopping) < 5, "SIGTERM taken during the bridge: \(run.stderr)")
        #expect(!run.stderr.contains("timed out"), "\(run.stderr)")
        // The quote given up says nothing of binance: no outage line, none in the state (StreamMetrics' provider_up).
        #expect(!run.stderr.contains("failing since") && !run.stderr.contains("abandoned"), "\(run.stderr)")
        let state = try String(contentsOfFile: rig.statePath, encoding: .utf8)
        #expect(!state.contains("abandoned"), "no outage recorded: \(state)")
    }

    @Test func aServerThatDropsAfterEveryMessageIsReconnectedEverMoreSlowly() throws {
        // Each connection carries a price, then the TCP connection is aborted: a message is no proof
        // of a healthy server, so the backoff doubles (1 s, 2 s, 4 s, jittered) instead of starting over.
        let flaky: [WebSocketServer.Step] = [["send": StreamRig.trade("BTCUSDT", 9500)], ["sleep": 0.1], ["drop": true]]
        let rig = try StreamRig(connections: [flaky, flaky, flaky, []])
        try rig.writeRules(Self.crossing)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { run.stderrLines.filter { $0.contains("binance: connection lost") }.count >= 3 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit(timeout: 5) == 0)
        let waits = run.stderrLines.filter { $0.contains("binance: connection lost") }.compactMap { line in
            line.components(separatedBy: "reconnecting in ").last.flatMap { Double($0.dropLast()) }
        }
        #expect(waits.count == 3, "\(run.stderr)")
        guard waits.count == 3 else { return }
        #expect((1...1.25).contains(waits[0]), "\(waits)")
        #expect((1.5...2.5).contains(waits[1]), "\(waits)")
        #expect((3...5).contains(waits[2]), "\(waits)")
    }

    @Test func messagesItCannotUseGiveOneLinePerKindAndAtMostSixteenInAll() throws {
        // 40 malformed messages of 40 sizes are one kind: one line (it was one per size). 40 markets never subscribed
        // are 40 names: a server naming ever new ones could flood the log and grow the set of lines logged, so past 16
        // lines one says the rest go unlogged. The crossing after them still fires.
        let malformed = (1...40).map { ["send": String(repeating: "x", count: $0)] as WebSocketServer.Step }
        let strangers = (1...40).map { ["send": StreamRig.trade("COIN\($0)USDT", 1)] as WebSocketServer.Step }
        let rig = try StreamRig(connections: [malformed + strangers + [["send": StreamRig.trade("BTCUSDT", 10100)]]])
        try rig.writeRules(Self.crossing)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(StreamRig.records(run.stdout).count == 1)
        #expect(run.stderrLines.filter { $0.contains("not the JSON expected") } == ["coinwatch: binance: a feed message that is not the JSON expected; ignored"],
                "\(run.stderr)")
        #expect(run.stderrLines.filter { $0.contains("which was not subscribed") }.count == 15, "\(run.stderr)")
        #expect(run.stderrLines.last == "coinwatch: binance: 16 different feed messages ignored so far; further ones are ignored without a line")
        #expect(run.stderrLines.count == 17, "\(run.stderr)")
    }
}
