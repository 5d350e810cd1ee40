@testable import CoinWatchRules
@testable import CoinWatchState
import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// SPEC §13's running side through the binary against the loopback Telegram Bot API: `coinwatch control` and
/// loop mode answer within 2 s, an edit is applied at once, a kill between receiving and answering answers once
/// and acts once.
@Suite(.serialized) struct ControlDaemonEndToEndTests {
    typealias Rig = ControlEndToEndTests.Rig
    static let admin = ControlEndToEndTests.admin

    private func start(_ rig: Rig, _ args: [String]) throws -> RunningBinary {
        try RunningBinary(args + ["--rules", rig.flow.rulesPath, "--state", rig.flow.statePath],
                          environment: ["COINWATCH_CACHE": rig.flow.dir.path + "/cache"])
    }

    @Test func controlAnswersWithinTwoSecondsAndSIGTERMExits0() throws {
        let rig = try Rig()
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "it polls")
        let asked = Date()
        try rig.say("/silence bitcoin 1h", from: Self.admin)
        #expect(Eventually.wait(timeout: 2) { rig.telegram.sent.count == 1 }, "\(daemon.stderr)")
        #expect(Date().timeIntervalSince(asked) < 2)
        #expect(rig.texts.first?.contains("silenced every rule on bitcoin") == true)
        #expect(try rig.state.silences.count == 1)
        // Two more reads at once: the second answer waits for the chat's second to pass.
        try rig.say("/help", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.telegram.sent.count == 2 })
        try rig.say("/silences", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.telegram.sent.count == 3 })
        let times = rig.telegram.sent.map(\.at)
        #expect(times[2].timeIntervalSince(times[1]) >= 0.95 && times[1].timeIntervalSince(times[0]) >= 0.95, "one message a second: \(times)")
        #expect(rig.telegram.calls("getUpdates").contains { Int($0.parameters["timeout"] ?? "") ?? 0 > 0 }, "a long poll")
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
    }

    /// A broken proxy or server that answers every long poll at once with nothing is read at most once a second.
    @Test func aChatAnsweringEveryReadAtOnceWithNothingIsReadAtMostOnceASecond() throws {
        let rig = try Rig(longPollLimit: 0)
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "it polls: \(daemon.stderr)")
        let first = Date()
        #expect(Eventually.wait(timeout: 10) { rig.telegram.calls("getUpdates").count >= 4 }, "\(daemon.stderr)")
        let spent = Date().timeIntervalSince(first)
        #expect(spent >= 2.5, "three more reads took \(spent) s: no tight loop")
        #expect(rig.telegram.calls("getUpdates").count <= 6, "a bounded number of reads")
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
    }

    /// One process answers a state's chats at a time: a second daemon says so and exits 1, a loop says so once and
    /// runs its passes without chat; the command is answered once, by the first.
    @Test func aSecondProcessOnOneStateLeavesTheChatsToTheFirst() throws {
        let rig = try Rig()
        let first = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "\(first.stderr)")
        let second = try start(rig, ["control"])
        #expect(second.waitForExit(timeout: 5) == 1, "\(second.stderr)")
        #expect(second.stderrLines.count == 2 && second.stderrLines[0].contains("another coinwatch process answers the chats of")
                && second.stderrLines[1].contains("chat control is off; exiting"), "\(second.stderr)")
        let loop = try start(rig, ["--interval", "1h"])
        #expect(Eventually.wait(timeout: 5) { (try? rig.state.prices.isEmpty == false) ?? false }, "the loop's pass ran: \(loop.stderr)")
        try rig.say("/silence bitcoin 1h", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.audit.count == 1 && rig.telegram.sent.count == 1 }, "\(first.stderr)")
        try rig.say("/help", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.audit.count == 2 && rig.telegram.sent.count == 2 }, "\(first.stderr)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit(timeout: 5) == 0)
        #expect(loop.stderrLines == Array(second.stderrLines.prefix(1)), "said once: \(loop.stderr)")
        first.send(SIGTERM)
        #expect(first.waitForExit(timeout: 5) == 0)
        #expect(rig.telegram.sent.count == 2 && !first.stderr.contains("409"), "answered once each: \(rig.texts) \(first.stderr)")
        #expect(try rig.state.silences.count == 1)
    }

    /// A `--once` pass holds the control lock only while it answers: a daemon started during the rest of the pass (cron
    /// and the daemon starting in the same minute) reads the chats instead of exiting 1.
    @Test func aDaemonStartedDuringTheRestOfAOncePassAnswersTheChats() throws {
        let rig = try Rig()
        var slow = MarketServer.markets([("bitcoin", 90, 0), ("ethereum", 3_000, 0)])
        slow.delay = 3
        rig.flow.market.script(slow)
        let pass = try start(rig, ["--once"])
        #expect(Eventually.wait(timeout: 5) { rig.flow.market.marketRequests >= 1 }, "the pass is fetching: \(pass.stderr)")
        let daemon = try start(rig, ["control"])
        #expect(pass.waitForExit(timeout: 10) == 0, "\(pass.stderr)")
        try rig.say("/help", from: Self.admin)
        #expect(Eventually.wait(timeout: 5) { rig.telegram.sent.count == 1 }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
        #expect(daemon.stderr.isEmpty, "\(daemon.stderr)")
    }

    /// Loop mode with `--baseline` says once that a chat with an unset `${…}` is off: the commands answered before the
    /// baseline pass and the chat threads after it are one setup, not two lines.
    @Test func aBaselineLoopSaysOnceThatAChatIsOff() throws {
        let rig = try Rig()
        let text = rig.rules.replacingOccurrences(of: #""control": {"#, with: #""control": {"matrix": {"sink": "team", "admins": ["${MATRIX_ADMIN}"]}, "#)
            .replacingOccurrences(of: #""sinks": {"#, with: #""sinks": {"team": {"type": "webhook", "format": "matrix", "url": "http://127.0.0.1:9", "token": "t", "room": "!r:example.org"}, "#)
        try text.write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        let loop = try start(rig, ["--baseline", "--interval", "1h"])
        #expect(Eventually.wait(timeout: 10) { rig.telegram.calls("getUpdates").contains { $0.parameters["timeout"] != "0" } },
                "the chat thread polls after the baseline pass: \(loop.stderr)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit(timeout: 5) == 0, "\(loop.stderr)")
        #expect(loop.stderrLines.filter { $0.contains("control.matrix") && $0.contains("MATRIX_ADMIN") }.count == 1, "\(loop.stderr)")
    }

    /// SIGHUP sets chat control up again from rules.json: a new bot (its sink's url) is read from then on, in the daemon
    /// and in loop mode.
    @Test(arguments: [["control"], ["--interval", "1h"]])
    func sighupSetsChatControlUpAgain(_ args: [String]) throws {
        let rig = try Rig()
        let running = try start(rig, args)
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "\(running.stderr)")
        let next = try TelegramBotServer()
        try rig.rules.replacingOccurrences(of: rig.telegram.botURL, with: next.botURL)
            .write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        running.send(SIGHUP)
        #expect(Eventually.wait(timeout: 5) { !next.calls("getUpdates").isEmpty }, "the new bot is read: \(running.stderr)")
        next.userSends("/help", from: Self.admin, in: ControlEndToEndTests.chat)
        #expect(Eventually.wait(timeout: 3) { next.sent.count == 1 }, "\(running.stderr)")
        #expect(next.sent.first?.text.contains("coinwatch commands:") == true)
        running.send(SIGTERM)
        #expect(running.waitForExit(timeout: 8) == 0, "\(running.stderr)")
        #expect(rig.telegram.sent.isEmpty)
    }

    /// A SIGHUP that sets chat control up again while an answer waits for the chat's second sends it once: the new chat
    /// thread waits for the one it replaces to finish sending, and keeps to one message a second.
    @Test func aReloadWhileAnAnswerWaitsToBeSentSendsItOnce() throws {
        let rig = try Rig()
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "\(daemon.stderr)")
        try rig.say("/help", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.telegram.sent.count == 1 }, "\(daemon.stderr)")
        try rig.say("/silences", from: Self.admin)
        #expect(Eventually.wait(timeout: 1) { rig.audit.count == 2 }, "read; its answer waits for the chat's second")
        // Another sink changes chat control's setup: new chat threads.
        try rig.rules.replacingOccurrences(of: #""sinks": {"#, with: #""sinks": {"other": {"type": "file", "path": "other.jsonl"}, "#)
            .write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(Eventually.wait(timeout: 5) { daemon.stderr.contains("reloaded") }, "\(daemon.stderr)")
        try rig.say("/rules", from: Self.admin)
        #expect(Eventually.wait(timeout: 5) { rig.texts.last?.contains("hi:") == true }, "\(rig.texts) \(daemon.stderr)")
        #expect(rig.telegram.sent.count == 3, "each answer once: \(rig.texts)")
        let times = rig.telegram.sent.map(\.at)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= 0.95 }, "one message a second: \(times)")
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
    }

    /// A SIGHUP whose rules.json has no `control` any more (65), or no chat that can be read (1: a `control_log` whose
    /// `${…}` is unset), ends the daemon as those rules end its start, its last line saying chat control is off.
    @Test(arguments: [(#", "control_log": "${NO_SUCH_DIR}/chat.jsonl""#, Int32(1), "NO_SUCH_DIR"), ("", Int32(65), #"has no "control""#)])
    func aReloadThatLeavesNoChatToReadEndsTheDaemon(_ extra: String, _ status: Int32, _ why: String) throws {
        let rig = try Rig()
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "\(daemon.stderr)")
        let control = #", "control": {"telegram": {"sink": "phone", "users": [\#(ControlEndToEndTests.user)], "admins": [\#(Self.admin)]}}"#
        #expect(rig.rules.contains(control))
        try rig.rules.replacingOccurrences(of: control, with: extra.isEmpty ? "" : control + extra)
            .write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        #expect(daemon.waitForExit(timeout: 5) == status, "\(daemon.stderr)")
        #expect(daemon.stderr.contains(why) && daemon.stderrLines.last?.contains("chat control is off") == true, "\(daemon.stderr)")
    }

    /// A start with no chat to read (`"control": {}`, or a `control_log` whose `${…}` is unset) ends with exit 1 and the
    /// closing line a reload that leaves no chat prints, after the lines that said why.
    @Test(arguments: [(#"{}"#, 1), (#"{"telegram": {"sink": "phone", "admins": [5550001]}}, "control_log": "${NO_SUCH_DIR}/chat.jsonl""#, 2)])
    func aStartWithNoChatToReadEndsWithTheReloadsClosingLine(_ control: String, _ lines: Int) throws {
        let rig = try Rig()
        let old = #""control": {"telegram": {"sink": "phone", "users": [\#(ControlEndToEndTests.user)], "admins": [\#(Self.admin)]}}"#
        #expect(rig.rules.contains(old))
        try rig.rules.replacingOccurrences(of: old, with: #""control": "# + control).write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        let daemon = try start(rig, ["control"])
        #expect(daemon.waitForExit(timeout: 5) == 1, "\(daemon.stderr)")
        #expect(daemon.stderrLines.count == lines, "\(daemon.stderr)")
        #expect(daemon.stderrLines.last == "coinwatch: control: no chat of \(rig.flow.rulesPath) is read, so chat control is off; exiting",
                "\(daemon.stderr)")
        #expect(rig.telegram.calls("getUpdates").isEmpty)
    }

    /// `/favorite add` asks the search provider before it takes the state lock: a slow provider holds up no other command.
    @Test func aSlowSearchForFavoriteAddHoldsUpNoOtherCommand() throws {
        let rig = try Rig()
        rig.flow.market.route("/search", Reply.json(#"{"coins": [{"id": "solana", "name": "Solana", "symbol": "SOL", "market_cap_rank": 5}]}"#)
            .delayed(4))
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty }, "\(daemon.stderr)")
        try rig.say("/favorite add solana", from: Self.admin)
        #expect(Eventually.wait(timeout: 5) { rig.flow.market.server.requests.contains { $0.path.hasSuffix("/search") } }, "the search is under way")
        let asked = Date()
        let silence = try Binary.run(["silence", "add", "bitcoin", "--for", "1h", "--rules", rig.flow.rulesPath, "--state", rig.flow.statePath])
        #expect(silence.status == 0, "\(silence.stderr)")
        #expect(Date().timeIntervalSince(asked) < 2, "the state lock is free while the search runs")
        #expect(Eventually.wait(timeout: 8) { rig.telegram.sent.count == 1 }, "\(daemon.stderr)")
        #expect(rig.texts.first?.contains("added solana (Solana, SOL)") == true, "\(rig.texts)")
        #expect(rig.flow.market.server.requests.filter { $0.path.hasSuffix("/search") }.count == 1, "asked once")
        #expect(rig.rules.contains("solana"))
        #expect(try rig.state.silences.count == 1)
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
    }

    @Test func aRunningLoopAnswersWithinTwoSecondsAndAppliesAnAlertAtOnce() throws {
        let rig = try Rig()
        let loop = try start(rig, ["--interval", "1h"])
        #expect(Eventually.wait(timeout: 5) { (try? rig.state.prices.isEmpty == false) ?? false }, "the first pass ran: \(loop.stderr)")
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty })
        try rig.say("/alert btc above 95 cooldown=1h", from: Self.admin)
        #expect(Eventually.wait(timeout: 2) { rig.telegram.sent.count == 1 }, "\(loop.stderr)")
        #expect(rig.texts.first?.hasPrefix("added rule chat-") == true, "\(rig.texts)")
        #expect(Eventually.wait(timeout: 2) { loop.stderr.contains("reloaded") }, "applied at once, as on SIGHUP: \(loop.stderr)")
        try rig.say("/rules", from: Self.admin)
        #expect(Eventually.wait(timeout: 3) { rig.telegram.sent.count == 2 })
        #expect(rig.texts.last?.contains("above 95") == true, "\(rig.texts)")
        loop.send(SIGTERM)
        #expect(loop.waitForExit(timeout: 5) == 0, "\(loop.stderr)")
    }

    @Test func aChartAnswerFromTheDaemonIsAPhotoWithinTheLongPoll() throws {
        let rig = try Rig()
        try ControlEndToEndTests.serveHistory(rig.flow.market)
        let daemon = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("getUpdates").isEmpty })
        rig.telegram.userPresses("/chart bitcoin", on: 1, from: ControlEndToEndTests.user, in: ControlEndToEndTests.chat)
        #expect(Eventually.wait(timeout: 5) { rig.telegram.sent.count == 1 }, "\(daemon.stderr)")
        #expect(rig.telegram.sent.first?.photo.map(ChartSinksEndToEndTests.isChart) == true)
        #expect(rig.telegram.calls("answerCallbackQuery").count == 1)
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
    }

    @Test func aKillBetweenReceivingAndAnsweringAnswersOnceAfterTheRestartAndActsOnce() throws {
        let rig = try Rig()
        // Every answer refused with 429 until the flood ends: the command is received and acted on, its answer waits.
        rig.telegram.flood(retryAfter: 1, methods: ["sendMessage"])
        let first = try start(rig, ["control"])
        try rig.say("/silence bitcoin 1h", from: Self.admin)
        #expect(Eventually.wait(timeout: 5) { !rig.telegram.calls("sendMessage").isEmpty }, "the answer is on its way: \(first.stderr)")
        kill(first.pid, SIGKILL)
        #expect(first.waitForEnd(timeout: 5), "the killed daemon ended")
        #expect(try rig.state.control.answers.count == 1, "received, written, not yet answered")
        #expect(try rig.state.silences.count == 1)
        rig.telegram.endFlood()
        let second = try start(rig, ["control"])
        #expect(Eventually.wait(timeout: 5) { rig.telegram.sent.count == 1 }, "\(second.stderr)")
        #expect(Eventually.wait(timeout: 5) { (try? rig.state.control.answers.isEmpty) ?? false })
        second.send(SIGTERM)
        #expect(second.waitForExit(timeout: 5) == 0)
        #expect(try rig.state.silences.count == 1, "acted on once")
        #expect(rig.audit.count == 1)
        #expect(rig.telegram.sent.count == 1 && rig.texts.first?.contains("silenced every rule on bitcoin") == true, "answered once")
    }

    @Test func aConcurrentFavoritesAddWhileAlertWritesLosesNoEdit() throws {
        let telegram = try TelegramBotServer()
        let dir = try TempDir()
        // Upbit: `favorites add` takes a market symbol as written, without asking the provider.
        let rulesPath = try dir.write("rules.json", """
        {
          "vs_currency": "krw",
          "providers": [{"name": "upbit"}],
          "favorites": ["BTC"],
          "rules": [],
          "sinks": {"phone": {"type": "webhook", "format": "telegram", "url": "\(telegram.botURL)", "chat_id": 42}},
          "control": {"telegram": {"sink": "phone", "admins": [\(Self.admin)]}}
        }

        """)
        let daemon = try RunningBinary(["control", "--rules", rulesPath, "--state", dir.file("state.json")])
        #expect(Eventually.wait(timeout: 5) { !telegram.calls("getUpdates").isEmpty })
        let coins = (1...6).map { "COIN\($0)" }
        // favorites add refuses (exit 1, "run the command again") when rules.json changed under it: never a lost edit.
        let adder = Thread {
            for coin in coins {
                for _ in 0..<5 {
                    guard let run = try? Binary.run(["favorites", "add", coin, "--rules", rulesPath]) else { break }
                    if run.status == 0 || !run.stderr.contains("run the command again") { break }
                }
            }
        }
        adder.start()
        for price in 1...6 {
            telegram.userSends("/alert btc above \(price)000000", from: Self.admin, in: 42)
            #expect(Eventually.wait(timeout: 10) { telegram.sent.count == price })
        }
        #expect(Eventually.wait(timeout: 20) { adder.isFinished })
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0)
        let text = dir.read("rules.json") ?? ""
        let rules = try RulesLoader.parse(bytes: Array(text.utf8), path: rulesPath, environment: [:]).rules
        #expect(rules.rules.count == 6, "\(text)")
        #expect(Set(rules.favorites) == Set(["BTC"] + coins), "\(text)")
        #expect(telegram.sent.filter { $0.text.hasPrefix("added rule chat-") }.count == 6, "\(telegram.sent.map(\.text))")
    }

    /// A rule added from chat before `stream --baseline` is baselined with the rest, as in a pass: a condition that
    /// already held never fires.
    @Test func aRuleAddedFromChatBeforeStreamBaselineIsBaselined() throws {
        let telegram = try TelegramBotServer()
        let rig = try StreamRig(connections: [[["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 3],
                                               ["send": StreamRig.ticker("BTCUSDT", 9600)], ["sleep": 20]]])
        try rig.writeRules(#"{"id": "late", "coin": "BTC", "when": {"crosses_above": 9550}}"#,
                           sinks: ["phone": #"{"type": "webhook", "format": "telegram", "url": "\#(telegram.botURL)", "chat_id": 42}"#])
        let text = try String(contentsOfFile: rig.rulesPath, encoding: .utf8)
        try ("{\n  \"control\": {\"telegram\": {\"sink\": \"phone\", \"admins\": [\(Self.admin)]}}," + text.dropFirst())
            .write(toFile: rig.rulesPath, atomically: true, encoding: .utf8)
        telegram.userSends("/alert btc above 5000", from: Self.admin, in: 42)
        let stream = try rig.start(["--baseline"])
        #expect(Eventually.wait(timeout: 10) { stream.stdout.contains(#""rule":"late""#) }, "the second ticker was taken: \(stream.stderr)")
        stream.send(SIGTERM)
        #expect(stream.waitForExit(timeout: 8) == 0, "\(stream.stderr)")
        #expect(telegram.sent.first?.text.hasPrefix("added rule chat-") == true, "\(telegram.sent.map(\.text))")
        let fired = StreamRig.records(stream.stdout).compactMap { $0["rule"] as? String }
        #expect(fired == ["late"], "BTC was above 5000 at the baseline: \(stream.stdout)")
    }

    @Test func streamAnswersWithinTwoSecondsWhileHoldingTheLockAndWritesTheEditBesideTheFeed() throws {
        let telegram = try TelegramBotServer()
        let rig = try StreamRig(connections: [[["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 20]]])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#,
                           sinks: ["phone": #"{"type": "webhook", "format": "telegram", "url": "\#(telegram.botURL)", "chat_id": 42}"#])
        let text = try String(contentsOfFile: rig.rulesPath, encoding: .utf8)
        try ("{\n  \"control\": {\"telegram\": {\"sink\": \"phone\", \"admins\": [\(Self.admin)]}}," + text.dropFirst())
            .write(toFile: rig.rulesPath, atomically: true, encoding: .utf8)
        let stream = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.feed.connectionCount >= 1 && !telegram.calls("getUpdates").isEmpty }, "\(stream.stderr)")
        let asked = Date()
        telegram.userSends("/silence BTC 1h", from: Self.admin, in: 42)
        #expect(Eventually.wait(timeout: 2) { telegram.sent.count == 1 }, "\(stream.stderr)")
        #expect(Date().timeIntervalSince(asked) < 2)
        #expect(telegram.sent.first?.text.contains("silenced every rule on BTC") == true, "\(telegram.sent.map(\.text))")
        // The loop writes the state at once when the chat side hands it a change: the delivered answer leaves the file.
        #expect(Eventually.wait(timeout: 2) { (try? StateStore.load(path: rig.statePath).control.answers.isEmpty) ?? false })
        stream.send(SIGTERM)
        #expect(stream.waitForExit(timeout: 8) == 0, "\(stream.stderr)")
        let state = try StateStore.load(path: rig.statePath)
        #expect(state.silences.count == 1 && state.control.answers.isEmpty && state.control.offsets["telegram"] != nil)
        #expect(!state.prices.isEmpty, "the stream's own state kept beside the chat's")
    }
}
