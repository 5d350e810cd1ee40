@testable import CoinWatchState
import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// SPEC §13 through the binary against a loopback Telegram Bot API: a `--once` pass answers what arrived
/// since the last one at its start; who may command; the offset, the edit and the answer in one state write.
@Suite(.serialized) struct ControlEndToEndTests {
    static let admin = 1
    static let user = 7

    final class Rig: @unchecked Sendable {
        let telegram: TelegramStandIn
        let flow: BinaryFlow

        init(rules: String = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#, extra: String = "") throws {
            telegram = try TelegramStandIn()
            flow = try BinaryFlow(rules: rules, favorites: ["bitcoin", "ethereum"],
                                  sinks: #"{"phone": {"type": "webhook", "format": "telegram", "url": "\#(telegram.sinkURL)", "chat_id": 42}}"#,
                                  extra: #", "control": {"telegram": {"sink": "phone", "users": [\#(ControlEndToEndTests.user)], "admins": [\#(ControlEndToEndTests.admin)]}}"# + extra)
            flow.market.set("bitcoin", price: 90)
            flow.market.set("ethereum", price: 3_000)
            flow.market.set("solana", price: 150)
        }

        /// One `--once` pass `after` seconds after the last.
        func pass(after: Double = 60) throws -> Binary.Run { try flow.pass(after: after) }

        var state: StateDocument { get throws { try StateStore.load(path: flow.statePath) } }
        var audit: [String] { (flow.dir.read("control.jsonl") ?? "").split(separator: "\n").map(String.init) }
        var rules: String { flow.dir.read("rules.json") ?? "" }
    }

    @Test func aOncePassAnswersWhatArrivedSinceTheLastPassAtItsStartAndOnlyOnce() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let update = rig.telegram.message("/price btc", from: Self.admin)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(rig.telegram.sent.count == 1)
        #expect(rig.telegram.sent.first?.chat == "42")
        #expect(rig.telegram.sent.first?.text.contains("$90.00") == true, "\(rig.telegram.sent)")
        #expect(try rig.state.control.offsets["telegram"] == String(update + 1))
        #expect(try rig.state.control.answers.isEmpty)
        #expect(rig.audit.count == 1 && rig.audit[0].contains(#""command":"/price btc""#) && rig.audit[0].contains(#""user":"1""#),
                "\(rig.audit)")
        #expect(TempDir.mode(rig.flow.dir.file("control.jsonl")) == 0o600)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.sent.count == 1, "answered once")
        #expect(rig.telegram.offsets.last == update + 1, "the next read starts after it")
        #expect(!run.stderr.contains(rig.telegram.token) && !rig.audit.joined().contains(rig.telegram.token))
    }

    @Test func controlLogNamesTheAuditLogRelativeToRulesJSON() throws {
        let rig = try Rig(extra: #", "control_log": "audit/chat.jsonl""#)
        rig.telegram.message("/help", from: Self.user)
        #expect(try rig.pass().status == 0)
        let lines = (rig.flow.dir.read("audit/chat.jsonl") ?? "").split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""command":"/help""#))
        #expect(TempDir.mode(rig.flow.dir.file("audit/chat.jsonl")) == 0o600)
        #expect(rig.flow.dir.read("control.jsonl") == nil)
    }

    @Test func everyCommandIsAnsweredThroughTheBinaryInOneMessageARead() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let commands = ["/price btc", "/chart bitcoin", "/list", "/rules", "/explain hi", "/silences", "/outbox", "/log 5", "/help",
                        "/silence ethereum 1h", "/alert btc crosses_above 120000 cooldown=1h", "/favorite add solana"]
        for command in commands { rig.telegram.message(command, from: Self.admin) }
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let text = rig.telegram.sent.map(\.text).joined(separator: "\n")
        #expect(rig.telegram.sent.count == 1, "one message for one read")
        #expect(text.contains("coinwatch commands:") && text.contains("silenced every rule on ethereum") && text.contains("added rule chat-")
                && text.contains("added solana to the favorites"), "\(text)")
        #expect(rig.audit.count == commands.count)
        #expect(try rig.state.silences.contains { $0.target == "ethereum" })
        #expect(rig.rules.contains(#""crosses_above":120000"#) && rig.rules.contains(#""cooldown":"1h""#) && rig.rules.contains("\"solana\""),
                "\(rig.rules)")
        let check = try Binary.run(["check", "--rules", rig.flow.rulesPath])
        #expect(check.status == 0, "\(check.stderr)")
        // Then /remove of the rule /alert added.
        let id = try #require(rig.rules.range(of: #"chat-[0-9a-f]{6}"#, options: .regularExpression).map { String(rig.rules[$0]) })
        rig.telegram.message("/remove \(id)", from: Self.admin)
        let last = try rig.pass()
        #expect(last.status == 0, "\(last.stderr)")
        #expect(rig.telegram.sent.last?.text == "removed rule \(id)")
        #expect(!rig.rules.contains(id))
    }

    @Test func aUserMayReadButNotEdit() throws {
        let rig = try Rig()
        rig.telegram.message("/silence bitcoin 1h", from: Self.user)
        rig.telegram.message("/rules", from: Self.user)
        #expect(try rig.pass().status == 0)
        let text = rig.telegram.sent.map(\.text).joined()
        #expect(text.contains("/silence is for admins") && text.contains("hi"), "\(text)")
        #expect(try rig.state.silences.isEmpty)
        #expect(rig.audit.first?.contains(#""outcome":"refused""#) == true)
    }

    @Test func anUnknownSenderGetsNoAnswerAndOneStderrLineAnHour() throws {
        let rig = try Rig()
        rig.telegram.message("/price btc", from: 666)
        let first = try rig.pass()
        rig.telegram.message("/help", from: 666)
        let second = try rig.pass(after: 60)
        rig.telegram.message("/help", from: 666)
        let third = try rig.pass(after: 3_600)
        #expect(rig.telegram.sent.isEmpty && rig.audit.isEmpty)
        let lines = [first, second, third].map { $0.stderr.split(separator: "\n").filter { $0.contains("unknown telegram sender 666") }.count }
        #expect(lines == [1, 0, 1], "\(first.stderr) | \(second.stderr) | \(third.stderr)")
    }

    @Test func aMessageFromAnotherChatIsIgnoredEvenFromAnAdmin() throws {
        let rig = try Rig()
        rig.telegram.message("/silence * 1h", from: Self.admin, chat: -100_999)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.sent.isEmpty && rig.audit.isEmpty)
        #expect(try rig.state.silences.isEmpty)
    }

    @Test func aBadAlertIsAnsweredWithTheValidatorsDidYouMeanAndChangesNothing() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        let before = rig.rules
        rig.telegram.message("/alert btc crosses_abov 120000", from: Self.admin)
        #expect(try rig.pass().status == 0)
        let answer = try #require(rig.telegram.sent.first?.text)
        #expect(answer.contains("not changed") && answer.contains("crosses_above"), "\(answer) \(rig.rules)")
        #expect(rig.rules == before)
    }

    @Test func buttonPressesActAsTheCommandAndAreAcknowledged() throws {
        let rig = try Rig()
        rig.telegram.press("/silence hi:bitcoin 1h", from: Self.admin, query: "q-1")
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.acknowledged == ["q-1"])
        #expect(try rig.state.silences.contains { $0.target == "hi:bitcoin" })
    }

    @Test func anAlertToTheControlChatCarriesTheButtonsAndAPressSilencesItsPair() throws {
        let rig = try Rig(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["phone"]}"#)
        rig.flow.market.set("bitcoin", price: 150)
        #expect(try rig.pass().status == 0)
        let alert = try #require(rig.telegram.server.requests.first { $0.path.hasSuffix("/sendMessage") })
        let body = try #require(try JSONSerialization.jsonObject(with: Data(alert.body)) as? [String: Any])
        let markup = try #require(body["reply_markup"] as? [String: Any])
        let row = try #require((markup["inline_keyboard"] as? [[[String: Any]]])?.first)
        #expect(row.map { $0["text"] as? String } == ["Silence 1h", "Silence 24h", "Chart"])
        #expect(row.map { $0["callback_data"] as? String } == ["/silence hi:bitcoin 1h", "/silence hi:bitcoin 24h", "/chart bitcoin"])
        rig.telegram.press("/silence hi:bitcoin 24h", from: Self.admin, query: "q-9")
        rig.telegram.press("/chart bitcoin", from: Self.user, query: "q-10")
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.acknowledged == ["q-9", "q-10"])
        let silence = try #require(try rig.state.silences.first)
        #expect(silence.target == "hi:bitcoin" && silence.until - silence.created == 86_400)
        #expect(rig.telegram.sent.last?.text.contains("BTC") == true || rig.telegram.sent.last?.text.contains("bitcoin") == true)
    }

    @Test func anAlertToAnotherTelegramChatCarriesNoButtons() throws {
        let rig = try Rig(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}, "notify": ["other"]}"#)
        var rules = rig.rules
        rules = rules.replacingOccurrences(of: #""sinks": {"#, with: #""sinks": {"other": {"type": "webhook", "format": "telegram", "url": "\#(rig.telegram.sinkURL)", "chat_id": 43}, "#)
        try rig.flow.dir.write("rules.json", rules)
        rig.flow.market.set("bitcoin", price: 150)
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let alert = try #require(rig.telegram.server.requests.first { $0.path.hasSuffix("/sendMessage") })
        #expect(!alert.bodyText.contains("reply_markup"))
    }

    @Test func a429StormHoldsTheAnswerUntilRetryAfterAndItIsSentOnce() throws {
        let rig = try Rig()
        rig.telegram.scriptSends([TelegramStandIn.tooMany(retryAfter: 30), TelegramStandIn.tooMany(retryAfter: 30)])
        rig.telegram.message("/help", from: Self.admin)
        #expect(try rig.pass().status == 0)
        #expect(rig.telegram.sendAttempts == 1 && rig.telegram.sent.isEmpty)
        let held = try #require(try rig.state.control.answers.first)
        #expect((held.notBefore ?? 0) > Date().timeIntervalSince1970 + 20, "retry_after honoured")
        #expect(try rig.pass(after: 5).status == 0)
        #expect(rig.telegram.sendAttempts == 1, "not before retry_after")
        #expect(try rig.pass(after: 30).status == 0)
        #expect(rig.telegram.sendAttempts == 2 && rig.telegram.sent.isEmpty, "the second 429")
        #expect(try rig.pass(after: 31).status == 0)
        #expect(rig.telegram.sent.count == 1 && rig.telegram.sendAttempts == 3)
        #expect(try rig.state.control.answers.isEmpty)
    }
}
