@testable import CoinWatchState
import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// SPEC §13 through the binary against the loopback Telegram Bot API (`TelegramBotServer`: `getUpdates` with
/// `offset`, `timeout` and `allowed_updates`, `sendMessage`, `sendPhoto`, `answerCallbackQuery`, 429 floods):
/// a `--once` pass answers what arrived since the last one at its start; who may command; the offset, the edit
/// and the answer in one state write.
@Suite(.serialized) struct ControlEndToEndTests {
    static let admin = 5_550_001
    static let user = 5_550_007
    /// The sink's chat (a group both are in).
    static let chat = -100_4242

    final class Rig: @unchecked Sendable {
        let telegram: TelegramBotServer
        let flow: BinaryFlow

        /// `sinks`: more sinks after the chat's own (`, "name": {…}`).
        init(rules: String = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#, sinks: String = "", extra: String = "",
             longPollLimit: Double = 5) throws {
            telegram = try TelegramBotServer(longPollLimit: longPollLimit)
            flow = try BinaryFlow(rules: rules, favorites: ["bitcoin", "ethereum"],
                                  sinks: #"{"phone": {"type": "webhook", "format": "telegram", "url": "\#(telegram.botURL)", "chat_id": \#(ControlEndToEndTests.chat)}\#(sinks)}"#,
                                  extra: #", "control": {"telegram": {"sink": "phone", "users": [\#(ControlEndToEndTests.user)], "admins": [\#(ControlEndToEndTests.admin)]}}"# + extra)
            flow.market.set("bitcoin", price: 90)
            flow.market.set("ethereum", price: 3_000)
            flow.market.set("solana", price: 150)
        }

        /// `text` sent by `user` in the sink's chat (or `chat`); its update id.
        @discardableResult
        func say(_ text: String, from user: Int, in chat: Int = ControlEndToEndTests.chat) throws -> Int {
            try #require(telegram.userSends(text, from: user, in: chat))
        }

        /// One `--once` pass `after` seconds after the last.
        func pass(after: Double = 60) throws -> Binary.Run { try flow.pass(after: after) }

        /// The messages the bot sent, as the chat shows them.
        var texts: [String] { telegram.sent.map(\.text) }
        var state: StateDocument { get throws { try StateStore.load(path: flow.statePath) } }
        var audit: [String] { (flow.dir.read("control.jsonl") ?? "").split(separator: "\n").map(String.init) }
        var rules: String { flow.dir.read("rules.json") ?? "" }
    }

    /// CoinGecko's 1-day `market_chart` (a real capture) for the pass's history requests.
    static func serveHistory(_ market: MarketServer) throws {
        market.route("/market_chart", Reply.bytes(try HistoryCaptures.capture(HistoryCaptures.chart(days: "1")), contentType: "application/json"))
    }

    /// A rig whose control chat's sink sends `"chart": "1d"` with the alerts of `rules`, its history served (`serveHistory`).
    static func chartRig(_ rules: String, extra: String = "") throws -> Rig {
        let rig = try Rig(rules: rules, extra: extra)
        try rig.flow.dir.write("rules.json", rig.rules.replacingOccurrences(of: #""chat_id": \#(chat)}"#,
                                                                             with: #""chat_id": \#(chat), "chart": "1d"}"#))
        try serveHistory(rig.flow.market)
        return rig
    }

    @Test func aOncePassAnswersWhatArrivedSinceTheLastPassAtItsStartAndOnlyOnce() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let update = try rig.say("/price btc", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.telegram.sent.count == 1)
        #expect(rig.telegram.sent.first?.chat == Self.chat)
        #expect(rig.texts.first?.contains("$90.00") == true, "\(rig.texts)")
        #expect(try rig.state.control.offsets["telegram"] == String(update + 1))
        #expect(try rig.state.control.answers.isEmpty)
        #expect(rig.audit.count == 1 && rig.audit[0].contains(#""command":"/price btc""#) && rig.audit[0].contains(#""user":"\#(Self.admin)""#),
                "\(rig.audit)")
        #expect(TempDir.mode(rig.flow.dir.file("control.jsonl")) == 0o600)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.sent.count == 1, "answered once")
        #expect(rig.telegram.offsets.last == update + 1, "the next read starts after it")
        let polls = rig.telegram.calls("getUpdates")
        #expect(polls.allSatisfy { $0.parameters["allowed_updates"] == #"["message","callback_query"]"# && $0.parameters["timeout"] == "0" },
                "a --once pass does not wait: \(polls.map(\.parameters))")
        #expect(!run.stderr.contains(rig.telegram.token) && !rig.audit.joined().contains(rig.telegram.token))
    }

    @Test func controlLogNamesTheAuditLogRelativeToRulesJSON() throws {
        let rig = try Rig(extra: #", "control_log": "audit/chat.jsonl""#)
        try rig.say("/help", from: Self.user)
        #expect(try rig.pass().status == 0)
        let lines = (rig.flow.dir.read("audit/chat.jsonl") ?? "").split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""command":"/help""#))
        #expect(TempDir.mode(rig.flow.dir.file("audit/chat.jsonl")) == 0o600)
        #expect(rig.flow.dir.read("control.jsonl") == nil)
    }

    /// SPEC §2: a `${…}` that cannot be expanded costs only the part that holds it; here chat control, for that pass.
    @Test func aControlLogWhoseVariableIsUnsetTurnsChatControlOffForThePassButNotItsAlerts() throws {
        let rig = try Rig(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                          extra: #", "control_log": "${AUDIT_DIR}/chat.jsonl""#)
        try rig.say("/help", from: Self.user)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("BTC is below"), "the alert is delivered: \(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("control_log") && lines[0].contains("AUDIT_DIR") && lines[0].contains("chat"),
                "\(run.stderr)")
        #expect(rig.telegram.calls("getUpdates").isEmpty, "no command is read that could not be logged")
        let later = try rig.flow.pass(after: 60, environment: ["AUDIT_DIR": rig.flow.dir.path + "/audit"])
        #expect(later.status == 0 && later.stderr.isEmpty, "\(later.stderr)")
        #expect(rig.telegram.sent.count == 1, "the command waited in the chat and is answered once it can be logged")
        #expect((rig.flow.dir.read("audit/chat.jsonl") ?? "").split(separator: "\n").count == 1)
        let check = try Binary.run(["check", "--rules", rig.flow.rulesPath])
        #expect(check.status == 65 && check.stderr.contains("AUDIT_DIR"), "check still refuses the file: \(check.stderr)")
    }

    /// A `<state>.control.lock` that is a symbolic link (another user's, in a shared folder) is refused as `<state>.lock`
    /// is: one line names the lock (not the state file) and says no chat is answered; the alerts are delivered, nothing is
    /// made at the target.
    /// The same for a lock that cannot be opened (a folder in its place): the line names the lock, not the state.
    @Test(arguments: [true, false])
    func aOncePassWhoseControlLockCannotBeUsedSaysChatControlIsOffButDeliversItsAlerts(link: Bool) throws {
        let rig = try Rig(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#)
        let lock = rig.flow.statePath + ".control.lock", target = rig.flow.dir.file("elsewhere")
        if link {
            try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
        } else {
            try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        }
        try rig.say("/help", from: Self.user)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("BTC is below"), "the alert is delivered: \(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        let said = link ? "\(lock) is a symbolic link" : "cannot write \(lock): cannot open the lock file: "
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: control: cannot answer chat: " + said)
                && !lines[0].contains("state file") && !lines[0].contains("cannot write state"), "\(run.stderr)")
        #expect(rig.telegram.calls("getUpdates").isEmpty && !FileManager.default.fileExists(atPath: target))
    }

    /// `/outbox` lists what `outbox list` lists: a file sink's records waiting in the state for their file too.
    @Test func outboxShowsTheFileSinksRecordsWaitingForTheirFileAsOutboxListDoes() throws {
        let rig = try Rig(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "notify": ["log"]}"#,
                          sinks: #", "log": {"type": "file", "path": "blocked/alerts.jsonl"}"#)
        try rig.flow.dir.write("blocked", "a file where the sink's folder should be\n")
        #expect(try rig.pass().status == 1, "the record could not be appended")
        try rig.say("/outbox", from: Self.user)
        _ = try rig.pass()
        let answer = try #require(rig.texts.last)
        #expect(answer.hasPrefix("- → log: 1 record; held by retry, next try next pass; not yet appended to ")
                && answer.hasSuffix("blocked/alerts.jsonl") && !answer.contains("empty"), "\(answer)")
        #expect(!answer.contains(rig.telegram.token))
    }

    /// SPEC §2: an unset `${…}` in `control.matrix.admins` turns chat control off for that chat only, with one line;
    /// the Telegram chat still answers and the alerts are delivered; `check` still refuses the file.
    @Test func anUnsetVariableInAControlChatTurnsOnlyThatChatOffForThePass() throws {
        let rig = try Rig(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, extra: "")
        let text = rig.rules.replacingOccurrences(of: #""control": {"#, with: #""control": {"matrix": {"sink": "team", "admins": ["${MATRIX_ADMIN}"]}, "#)
            .replacingOccurrences(of: #""sinks": {"#, with: #""sinks": {"team": {"type": "webhook", "format": "matrix", "url": "http://127.0.0.1:9", "token": "t", "room": "!r:example.org"}, "#)
        try text.write(toFile: rig.flow.rulesPath, atomically: true, encoding: .utf8)
        try rig.say("/help", from: Self.user)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("BTC is below"), "the alert is delivered: \(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("control.matrix") && lines[0].contains("MATRIX_ADMIN"), "\(run.stderr)")
        #expect(rig.telegram.sent.count == 1, "the Telegram chat is answered: \(rig.texts)")
        let check = try Binary.run(["check", "--rules", rig.flow.rulesPath])
        #expect(check.status == 65 && check.stderr.contains("MATRIX_ADMIN"), "check still refuses the file: \(check.stderr)")
    }

    /// A rule added from chat before a `--baseline` pass is baselined with it: a condition that already held never fires.
    @Test func aRuleAddedFromChatBeforeABaselinePassIsBaselined() throws {
        let rig = try Rig()
        try rig.say("/alert btc above 50", from: Self.admin)
        let baseline = try rig.flow.pass(after: 60, ["--baseline"])
        #expect(baseline.status == 0, "\(baseline.stderr)")
        #expect(rig.texts.first?.hasPrefix("added rule chat-") == true, "\(rig.texts)")
        #expect(try rig.state.pairs.keys.contains { $0.hasPrefix("chat-") }, "the new rule's pair is recorded")
        let next = try rig.pass()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.isEmpty, "bitcoin was above 50 at the baseline: \(next.stdout)")
    }

    @Test func everyCommandIsAnsweredThroughTheBinaryInOneMessageARead() throws {
        let rig = try Rig()
        try Self.serveHistory(rig.flow.market)
        rig.flow.market.route("/search", Reply.json(#"{"coins": [{"id": "solana", "name": "Solana", "symbol": "SOL", "market_cap_rank": 5}]}"#))
        #expect(try rig.pass().status == 0)
        let commands = ["/price btc", "/chart bitcoin", "/list", "/rules", "/explain hi btc", "/silences", "/outbox", "/log 5", "/help",
                        "/silence ethereum 1h", "/alert btc crosses_above 120000 cooldown=1h", "/favorite add solana"]
        for command in commands { try rig.say(command, from: Self.admin) }
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.telegram.sent.count == 2, "one message for the read's text answers, then the chart: \(rig.texts)")
        let text = rig.texts.first ?? ""
        #expect(text.contains("$90.00") && text.contains("coinwatch commands:") && text.contains("silenced every rule on ethereum")
                && text.contains("added rule chat-") && text.contains("added solana (Solana, SOL)") && text.contains("hi:")
                && text.contains("hi on bitcoin: "), "\(text)")
        #expect(rig.telegram.sent.last?.photo.map(ChartSinksEndToEndTests.isChart) == true, "the chart, as sendPhoto")
        #expect(rig.audit.count == commands.count)
        #expect(try rig.state.silences.contains { $0.target == "ethereum" })
        #expect(rig.rules.contains(#""crosses_above":120000"#) && rig.rules.contains(#""cooldown":"1h""#) && rig.rules.contains("\"solana\""),
                "\(rig.rules)")
        let check = try Binary.run(["check", "--rules", rig.flow.rulesPath])
        #expect(check.status == 0, "\(check.stderr)")
        // Then /remove and /unsilence of what /alert and /silence added.
        let id = try #require(rig.rules.range(of: #"chat-[0-9a-f]{6}"#, options: .regularExpression).map { String(rig.rules[$0]) })
        let silence = try #require(try rig.state.silences.first?.id)
        try rig.say("/remove \(id)", from: Self.admin)
        try rig.say("/unsilence \(silence)", from: Self.admin)
        try rig.say("/favorite remove solana", from: Self.admin)
        let last = try rig.pass()
        #expect(last.status == 0, "\(last.stderr)")
        let answer = rig.texts.last ?? ""
        #expect(answer.hasPrefix("removed rule \(id)") && answer.contains("solana"), "\(answer)")
        #expect(!rig.rules.contains(id) && !rig.rules.contains("\"solana\""))
        #expect(try rig.state.silences.allSatisfy { $0.until <= Date().timeIntervalSince1970 } , "lifted")
    }

    /// SPEC §13: `/favorite add` goes "through the same" path as `favorites add`, so a coin CoinGecko's search does not
    /// find is refused in the CLI's words and rules.json stays as it was: the next pass still quotes every favorite.
    @Test func favoriteAddOfACoinTheSearchDoesNotFindIsRefusedAndPassesGoOn() throws {
        let rig = try Rig()
        rig.flow.market.route("/search", Reply.json(#"{"coins": [{"id": "bitcoin", "name": "Bitcoin", "symbol": "BTC", "market_cap_rank": 1}]}"#))
        #expect(try rig.pass().status == 0)
        let before = rig.rules
        try rig.say("/favorite add bitcoinn", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.texts.last == "no coin on coingecko matches 'bitcoinn'; find it with 'coinwatch search bitcoinn'", "\(rig.texts)")
        #expect(rig.rules == before)
        let next = try rig.pass()
        #expect(next.status == 0, "\(next.stderr)")
    }

    /// SPEC §13: a chat edit goes through `favorites add`'s rewrite, "a backup kept": the file before it is rules.json.bak.
    @Test func aChatEditKeepsTheFileBeforeItAsRulesJSONBak() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let before = rig.rules
        try rig.say("/remove hi", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.texts.last?.hasPrefix("removed rule hi") == true, "\(rig.texts)")
        #expect(!rig.rules.contains(#""hi""#))
        #expect(rig.flow.dir.read("rules.json.bak") == before)
        #expect(TempDir.mode(rig.flow.dir.file("rules.json.bak")) == TempDir.mode(rig.flow.rulesPath))
    }

    @Test func aChatEditThatCannotBeWrittenSaysWhyAndIsReadAgain() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let before = rig.rules
        try FileManager.default.createDirectory(atPath: rig.flow.dir.file("rules.json.bak"), withIntermediateDirectories: false)
        try rig.say("/remove hi", from: Self.admin)
        let run = try rig.pass()
        #expect(run.stderr.contains("is a folder, not a regular file; move it away") && !run.stderr.contains("kept changing"), "\(run.stderr)")
        #expect(rig.rules == before)
        try FileManager.default.removeItem(atPath: rig.flow.dir.file("rules.json.bak"))
        #expect(try rig.pass().status == 0)
        #expect(rig.texts.last?.hasPrefix("removed rule hi") == true, "read again once the folder is gone: \(rig.texts)")
    }

    @Test func silenceTakesAFavoriteByItsSymbolAndFavoriteRemoveRefusesACoinARatioRuleNames() throws {
        let rig = try Rig(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}, {"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.05}}"#)
        #expect(try rig.pass().status == 0)
        try rig.say("/silence btc 1h", from: Self.admin)
        try rig.say("/favorite remove ethereum", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let text = rig.texts.joined(separator: "\n")
        #expect(text.contains("silenced every rule on bitcoin and on ratios with bitcoin as a leg until") && text.contains("cannot remove ethereum: rule eth-btc names it"), "\(text)")
        #expect(try rig.state.silences.map(\.target) == ["bitcoin"])
        #expect(rig.rules.contains(#""favorites": ["bitcoin", "ethereum"]"#), "\(rig.rules)")
    }

    @Test func chartAnswersWithTheImageAsAPhotoAndABadRangeWithTheRanges() throws {
        let rig = try Rig()
        try Self.serveHistory(rig.flow.market)
        #expect(try rig.pass().status == 0)
        try rig.say("/chart btc 1d", from: Self.user)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try #require(rig.telegram.calls("sendPhoto").first)
        let png = try #require(photo.files["photo"]?.bytes)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && ChartSinksEndToEndTests.isChart(png), "\(png.count) bytes")
        #expect(photo.files["photo"]?.contentType == "image/png" && photo.parameters["chat_id"] == String(Self.chat))
        #expect(photo.parameters["caption"]?.contains("$90.00") == true && photo.parameters["caption"]?.hasSuffix("· 1d chart") == true,
                "\(photo.parameters)")
        #expect(try rig.state.control.answers.isEmpty, "answered through the outbox like any answer")
        #expect(rig.flow.market.server.requests.contains { $0.path.hasSuffix("/market_chart") })

        // A range that is none.
        try rig.say("/chart btc 2w", from: Self.user)
        #expect(try rig.pass().status == 0)
        #expect(rig.texts.last?.contains("'2w' is not a range; one of 1d, 7d, 30d, 90d, 1y, max") == true, "\(rig.texts)")
    }

    @Test func chartWithoutHistoryAnswersOneLineSayingWhy() throws {
        let rig = try Rig()  // its CoinGecko answers market_chart with 404
        #expect(try rig.pass().status == 0)
        try rig.say("/chart ethereum 7d", from: Self.user)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let why = try #require(rig.texts.first)
        #expect(why.hasPrefix("no 7d chart for ETH/USD: ") && !why.contains("\n"), "\(why)")
        #expect(rig.telegram.calls("sendPhoto").isEmpty && rig.telegram.sent.count == 1)
        #expect(try rig.state.control.answers.isEmpty)
    }

    /// SPEC §13 "secrets never appear in an answer": a provider whose error echoes its API key (a 401's body) is quoted
    /// in `/chart`'s answer with the key masked.
    @Test func chartWithoutHistoryMasksAKeyTheProviderEchoesInItsError() throws {
        let rig = try Rig()
        let key = "CG-SeCrEtKey-0042", environment = ["CG_KEY": "CG-SeCrEtKey-0042"]
        try rig.flow.dir.write("rules.json", rig.rules.replacingOccurrences(of: #""cache_ttl": "0s""#,
                                                                             with: #""api_key_env": "CG_KEY", "cache_ttl": "0s""#))
        rig.flow.market.route("/market_chart", Reply.json(#"{"error": "invalid API key \#(key)"}"#, status: 401))
        #expect(try rig.flow.pass(after: 60, environment: environment).status == 0)
        try rig.say("/chart btc 7d", from: Self.user)
        let run = try rig.flow.pass(after: 60, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let why = try #require(rig.texts.first)
        #expect(why.hasPrefix("no 7d chart for BTC/USD: ") && why.contains("invalid API key") && !why.contains(key), "\(why)")
    }

    @Test func aUserMayReadButNotEdit() throws {
        let rig = try Rig()
        try rig.say("/silence bitcoin 1h", from: Self.user)
        try rig.say("/alert btc above 1", from: Self.user)
        try rig.say("/rules", from: Self.user)
        let before = rig.rules
        #expect(try rig.pass().status == 0)
        let text = rig.texts.joined()
        #expect(text.contains("/silence is for admins") && text.contains("/alert is for admins") && text.contains("hi:"), "\(text)")
        #expect(try rig.state.silences.isEmpty)
        #expect(rig.rules == before)
        #expect(rig.audit.first?.contains(#""outcome":"refused""#) == true)
        try rig.say("/help", from: Self.user)
        #expect(try rig.pass().status == 0)
        #expect(rig.texts.last?.contains("/price") == true && rig.texts.last?.contains("/silence TARGET") == false, "a user's help lists the read commands")
    }

    @Test func anUnknownSenderGetsNoAnswerAndOneStderrLineAnHour() throws {
        let rig = try Rig()
        try rig.say("/price btc", from: 666)
        let first = try rig.pass()
        try rig.say("/help", from: 666)
        let second = try rig.pass(after: 60)
        try rig.say("/help", from: 666)
        let third = try rig.pass(after: 3_600)
        #expect(rig.telegram.sent.isEmpty && rig.audit.isEmpty)
        let lines = [first, second, third].map { $0.stderr.split(separator: "\n").filter { $0.contains("unknown telegram sender 666") }.count }
        #expect(lines == [1, 0, 1], "\(first.stderr) | \(second.stderr) | \(third.stderr)")
    }

    /// In a group, `/price@otherbot` is another bot's command: not answered, not logged, not acted on (an admin's
    /// `/silence@otherbot` silences nothing); `/help@<this bot>` (any case) is this bot's.
    @Test func aCommandAddressedToAnotherBotIsLeftToIt() throws {
        let rig = try Rig()
        try rig.say("/price@otherbot btc", from: Self.admin)
        try rig.say("/silence@otherbot btc 1h", from: Self.admin)
        let last = try rig.say("/help@Coinwatch_Test_Bot", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(rig.texts.count == 1 && rig.texts[0].hasPrefix("coinwatch commands:") && !rig.texts[0].contains("$90.00"), "\(rig.texts)")
        #expect(rig.audit.count == 1 && rig.audit[0].contains(#""command":"/help""#), "\(rig.audit)")
        #expect(try rig.state.silences.isEmpty)
        #expect(try rig.state.control.offsets["telegram"] == String(last + 1), "read and passed over")
    }

    @Test func aMessageFromAnotherChatIsIgnoredEvenFromAnAdmin() throws {
        let rig = try Rig()
        try rig.say("/silence * 1h", from: Self.admin, in: Self.admin)
        try rig.say("/silence * 1h", from: Self.admin, in: -100_999)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.sent.isEmpty && rig.audit.isEmpty)
        #expect(try rig.state.silences.isEmpty)
        #expect(try rig.state.control.offsets["telegram"] != nil, "read and passed over")
    }

    @Test func aBadAlertIsAnsweredWithTheValidatorsDidYouMeanAndChangesNothing() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let before = rig.rules
        try rig.say("/alert btc crosses_abov 120000", from: Self.admin)
        #expect(try rig.pass().status == 0)
        let answer = try #require(rig.texts.first)
        #expect(answer.contains("not changed") && answer.lowercased().contains("did you mean") && answer.contains("crosses_above"), "\(answer) \(rig.rules)")
        #expect(!answer.contains("\n"), "one line")
        #expect(rig.rules == before)
        #expect(rig.audit.first?.contains(#""outcome":"usage""#) == true || rig.audit.first?.contains(#""outcome":"failed""#) == true, "\(rig.audit)")
    }

    /// SPEC §13 (no secret in an answer) with §2's `${…}`: an admin's `/alert … message=${NAME}` or `${file:…}` is
    /// refused, so no pass ever expands chat text and sends a variable or a file into the chat.
    @Test func chatTextHoldingDollarBraceIsRefusedAndNeverExpandedIntoTheChat() throws {
        let rig = try Rig()
        let secretFile = try rig.flow.dir.write("secret.txt", "FiLeSeCrEt-0001\n")
        let env = ["CW_SECRET": "EnVSeCrEt-0002"]
        #expect(try rig.flow.pass(after: 60, environment: env).status == 0)
        let before = rig.rules
        try rig.say(#"/alert btc above 1 notify=["phone"] message=T${CW_SECRET}"#, from: Self.admin)
        try rig.say(#"/alert btc above 2 notify=["phone"] message=F${file:\#(secretFile)}"#, from: Self.admin)
        #expect(try rig.flow.pass(after: 60, environment: env).status == 0)
        #expect(rig.rules == before, "nothing written: \(rig.rules)")
        let answers = rig.texts.joined(separator: "\n").split(separator: "\n").filter { $0.contains("cannot hold '${'") && $0.contains("Usage: /alert") }
        #expect(answers.count == 2, "one line each: \(rig.texts)")
        #expect(rig.audit.count == 2 && rig.audit.allSatisfy { $0.contains(#""outcome":"usage""#) }, "\(rig.audit)")
        let later = try rig.flow.pass(after: 3_600, environment: env)
        for text in rig.texts + [later.stdout, later.stderr] {
            #expect(!text.contains("EnVSeCrEt") && !text.contains("FiLeSeCrEt"), "\(text)")
        }
    }

    @Test func buttonPressesActAsTheCommandAndAreAnsweredWithAnswerCallbackQuery() throws {
        let rig = try Rig()
        let query = rig.telegram.userPresses("/silence hi:bitcoin 1h", on: 1, from: Self.admin, in: Self.chat)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.answered(query))
        #expect(rig.telegram.calls("answerCallbackQuery").first?.parameters["text"]?.contains("silenced") == true)
        #expect(try rig.state.silences.contains { $0.target == "hi:bitcoin" })
        // A user's press on Silence is refused, and still answered (the spinner stops).
        let refused = rig.telegram.userPresses("/silence hi:bitcoin 24h", on: 1, from: Self.user, in: Self.chat)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.answered(refused))
        #expect(try rig.state.silences.count == 1)
        // The answer shown is cut to the 200 UTF-16 units Telegram takes, which 150 rockets in a coin's name pass.
        let long = rig.telegram.userPresses("/silence " + String(repeating: "🚀", count: 150) + " 1h", on: 1, from: Self.admin, in: Self.chat)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.answered(long))
        let shown = rig.telegram.calls("answerCallbackQuery").last?.parameters["text"] ?? ""
        #expect(!shown.isEmpty && shown.utf16.count <= 200, "\(shown.utf16.count) UTF-16 units: \(shown)")
    }

    /// A press whose message Telegram no longer sends (no `message`: no chat) is still acknowledged, saying what to do
    /// (its spinner turned until Telegram gave up), and acts on nothing.
    @Test func aButtonPressWithoutItsMessageIsAcknowledged() throws {
        let rig = try Rig()
        let query = rig.telegram.userPresses("/silence hi:bitcoin 1h", on: nil, from: Self.admin, in: Self.chat)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.answered(query))
        #expect(rig.telegram.calls("answerCallbackQuery").first?.parameters["text"]?.contains("send the command in the chat") == true)
        #expect(try rig.state.silences.isEmpty)
    }

    @Test func anAlertToTheControlChatCarriesTheButtonsAndPressesOnItActAsTheirCommands() throws {
        let rig = try Rig(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["phone"]}"#)
        try Self.serveHistory(rig.flow.market)
        rig.flow.market.set("bitcoin", price: 150)
        #expect(try rig.pass().status == 0)
        let alert = try #require(rig.telegram.calls("sendMessage").first)
        let markup = try #require(try JSONSerialization.jsonObject(with: Data((alert.parameters["reply_markup"] ?? "").utf8)) as? [String: Any])
        let row = try #require((markup["inline_keyboard"] as? [[[String: Any]]])?.first)
        #expect(row.map { $0["text"] as? String } == ["Silence 1h", "Silence 24h", "Chart"])
        #expect(row.map { $0["callback_data"] as? String } == ["/silence hi:bitcoin 1h", "/silence hi:bitcoin 24h", "/chart bitcoin"])
        let message = try #require(rig.telegram.sent.first?.messageID)
        let silence = rig.telegram.userPresses("/silence hi:bitcoin 24h", on: message, from: Self.admin, in: Self.chat)
        let chart = rig.telegram.userPresses("/chart bitcoin", on: message, from: Self.user, in: Self.chat)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.answered(silence) && rig.telegram.answered(chart))
        let made = try #require(try rig.state.silences.first)
        #expect(made.target == "hi:bitcoin" && made.until - made.created == 86_400)
        #expect(rig.telegram.sent.last?.photo.map(ChartSinksEndToEndTests.isChart) == true, "Chart answers with the image")
    }

    /// `/chart` draws one coin: an alert on a ratio or on the portfolio carries the Silence buttons but no Chart, which
    /// could only answer "not a favorite".
    @Test func anAlertOnARatioOrThePortfolioCarriesNoChartButton() throws {
        let rig = try Rig(rules: #"{"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.01}, "notify": ["phone"]}, "#
                          + #"{"id": "pf", "coin": "portfolio", "when": {"value_above": 1}, "notify": ["phone"]}"#,
                          extra: #", "holdings": [{"coin": "bitcoin", "amount": 1, "price": 10}]"#)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try rig.telegram.calls("sendMessage").map { call in
            let markup = try #require(try JSONSerialization.jsonObject(with: Data((call.parameters["reply_markup"] ?? "").utf8)) as? [String: Any])
            return try #require((markup["inline_keyboard"] as? [[[String: Any]]])?.first).map { $0["text"] as? String }
        }
        #expect(rows == [["Silence 1h", "Silence 24h"], ["Silence 1h", "Silence 24h"]], "\(rig.texts)")
    }

    /// SPEC §12: a chart draws one coin's price; an alert on a ratio or on the portfolio goes as text alone, with no
    /// history asked for `ethereum/bitcoin` and no warning.
    @Test func anAlertOnARatioOrThePortfolioGoesWithoutAChartAndWithoutAWarning() throws {
        let rig = try Self.chartRig(#"{"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.01}, "notify": ["phone"]}, "#
                                    + #"{"id": "pf", "coin": "portfolio", "when": {"value_above": 1}, "notify": ["phone"]}"#,
                                    extra: #", "holdings": [{"coin": "bitcoin", "amount": 1, "price": 10}]"#)
        let run = try rig.pass()
        #expect(run.status == 0 && !run.stderr.contains("chart"), "\(run.stderr)")
        #expect(rig.telegram.calls("sendPhoto").isEmpty && rig.telegram.calls("sendMessage").count == 2, "\(rig.texts)")
        #expect(!rig.flow.market.server.requests.contains { $0.path.hasSuffix("/market_chart") }, "no history asked")
    }

    /// SPEC §12 with §13: an alert whose sink sends a chart goes as `sendPhoto`, and the photo carries the buttons.
    @Test func anAlertSentWithItsChartToTheControlChatCarriesTheButtons() throws {
        let rig = try Self.chartRig(#"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["phone"]}"#)
        rig.flow.market.set("bitcoin", price: 150)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try #require(rig.telegram.calls("sendPhoto").first)
        #expect(rig.telegram.calls("sendMessage").isEmpty && photo.files["photo"] != nil)
        let markup = try #require(try JSONSerialization.jsonObject(with: Data((photo.parameters["reply_markup"] ?? "").utf8)) as? [String: Any],
                                  "\(photo.parameters)")
        let row = try #require((markup["inline_keyboard"] as? [[[String: Any]]])?.first)
        #expect(row.map { $0["callback_data"] as? String } == ["/silence hi:bitcoin 1h", "/silence hi:bitcoin 24h", "/chart bitcoin"])
    }

    /// SPEC §12: Telegram counts a caption's 1,024 characters in UTF-16 code units; 600 emoji (1,200 units, 600
    /// characters) go after the photo as `sendMessage`, not as a caption Telegram refuses with the photo.
    @Test func aCaptionOverTelegramsLimitInUTF16UnitsFollowsThePhoto() throws {
        let rockets = String(repeating: "🚀", count: 600)
        let rig = try Self.chartRig(#"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["phone"], "message": "{symbol} \#(rockets)"}"#)
        rig.flow.market.set("bitcoin", price: 150)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.telegram.sent.map { $0.photo != nil } == [true, false], "\(rig.texts) \(run.stderr)")
        #expect(rig.texts.last?.contains(rockets) == true)
    }

    /// Telegram counts a caption, and a message, after its HTML is read (`&amp;` is one `&`), in UTF-16 units: a caption
    /// of exactly 1,024 goes whole with the photo, a message of exactly 4,096 whole in one.
    @Test(arguments: [(true, 1_024), (false, 4_096)])
    func aTextOfExactlyTelegramsLimitAfterItsHTMLIsReadGoesWhole(chart: Bool, limit: Int) throws {
        // "▲ BTC ", " · hi · 12:00 UTC" and the page's anchor, shown " · coingecko", take 35.
        let amps = String(repeating: "&", count: limit - 35)
        let rule = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["phone"], "message": "{symbol} \#(amps)"}"#
        let rig = try chart ? Self.chartRig(rule) : Rig(rules: rule)
        rig.flow.market.set("bitcoin", price: 150)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.telegram.sent.map { $0.photo != nil } == [chart], "\(rig.texts.map(\.utf16.count)) \(run.stderr)")
        #expect(rig.texts.first?.utf16.count == limit && rig.texts.first?.contains(amps) == true)
    }

    /// A server answering `update_id` Int64.max (broken or hostile) leaves no next offset: one clear line, no crash.
    @Test func anUpdateIDWithNoNextOffsetIsOneLineNotACrash() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        rig.telegram.api.numberNextUpdate(Int.max)
        try rig.say("/price btc", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("coinwatch: control: telegram (sink 'phone'): getUpdates answered update_id 9223372036854775807, which has no next offset\n"),
                "\(run.stderr)")
        #expect(rig.telegram.sent.isEmpty)
    }

    @Test func anAlertToAnotherTelegramChatCarriesNoButtons() throws {
        let rig = try Rig(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["other"]}"#)
        let rules = rig.rules.replacingOccurrences(of: #""sinks": {"#, with: #""sinks": {"other": {"type": "webhook", "format": "telegram", "url": "\#(rig.telegram.botURL)", "chat_id": 43}, "#)
        try rig.flow.dir.write("rules.json", rules)
        rig.flow.market.set("bitcoin", price: 150)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let alert = try #require(rig.telegram.calls("sendMessage").first)
        #expect(alert.parameters["chat_id"] == "43" && alert.parameters["reply_markup"] == nil)
    }

    @Test func a429StormHoldsTheAnswerUntilRetryAfterAndItIsSentOnce() throws {
        let rig = try Rig()
        rig.telegram.flood(retryAfter: 30, requests: 2, methods: ["sendMessage"])
        try rig.say("/help", from: Self.admin)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.calls("sendMessage").count == 1 && rig.telegram.sent.isEmpty)
        let held = try #require(try rig.state.control.answers.first)
        #expect((held.notBefore ?? 0) > Date().timeIntervalSince1970 + 20, "retry_after honoured")
        #expect(try rig.pass(after: 5).status == 0)
        #expect(rig.telegram.calls("sendMessage").count == 1, "not before retry_after")
        #expect(try rig.pass(after: 30).status == 0)
        #expect(rig.telegram.calls("sendMessage").count == 2 && rig.telegram.sent.isEmpty, "the second 429")
        #expect(try rig.pass(after: 31).status == 0)
        #expect(rig.telegram.sent.count == 1 && rig.telegram.calls("sendMessage").count == 3)
        #expect(try rig.state.control.answers.isEmpty)
    }
}
