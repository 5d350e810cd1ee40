import Testing
@testable import TestHelpers
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// SPEC §13: who may command, which chat counts, and that the offset, the edit and the queued answer
/// land in one state (the one the caller writes).
@Suite struct ControlReceiverTests {
    static let chat = ControlChat(sink: "phone", users: ["7"], admins: ["1"])

    static func receive(_ messages: [ControlMessage], offset: String = "11", input: inout ControlInput) -> ControlReceiver.Outcome {
        ControlReceiver.receive(messages, offset: offset, transport: "telegram", chat: chat, sinkChat: "42", input: &input)
    }

    static func message(_ update: Int, from sender: String, _ text: String, chat: String = "42") -> ControlMessage {
        ControlMessage(key: "telegram:\(update)", chat: chat, sender: sender, text: text)
    }

    @Test func aUsersCommandIsAnsweredAndTheOffsetAdvancesInTheSameState() throws {
        var input = try ControlHandlerTests.input()
        let outcome = Self.receive([Self.message(10, from: "7", "/price btc")], input: &input)
        #expect(input.state.control.offsets == ["telegram": "11"])
        #expect(input.state.control.answers.count == 1)
        let answer = try #require(input.state.control.answers.first)
        #expect(answer.key == "telegram:10" && answer.chat == "42" && answer.text.hasPrefix("bitcoin (BTC): $99,000.00"))
        #expect(outcome.audit.count == 1)
        #expect(outcome.audit[0].contains(#""transport":"telegram""#) && outcome.audit[0].contains(#""user":"7""#)
                && outcome.audit[0].contains(#""command":"/price btc""#) && outcome.audit[0].contains(#""outcome":"ok""#))
        #expect(outcome.rules == nil && outcome.errors.isEmpty)
    }

    @Test func anAdminsSilenceIsInTheStateBesideItsAnswer() throws {
        var input = try ControlHandlerTests.input()
        _ = Self.receive([Self.message(10, from: "1", "/silence bitcoin 1h")], input: &input)
        #expect(input.state.silences.contains { $0.target == "bitcoin" && $0.until == ControlHandlerTests.now + 3_600 })
        #expect(input.state.control.answers.first?.text.contains("silenced every rule on bitcoin") == true)
    }

    @Test func aUsersEditIsRefusedAndChangesNothing() throws {
        var input = try ControlHandlerTests.input()
        let before = input.state.silences
        let outcome = Self.receive([Self.message(10, from: "7", "/silence bitcoin 1h")], input: &input)
        #expect(input.state.silences == before)
        #expect(input.state.control.answers.first?.text.contains("is for admins") == true)
        #expect(outcome.audit.first?.contains(#""outcome":"refused""#) == true)
    }

    @Test func anUnknownSenderGetsNoAnswerAndOneLineAnHour() throws {
        var input = try ControlHandlerTests.input()
        var outcome = Self.receive([Self.message(10, from: "666", "/price btc"), Self.message(11, from: "666", "/list")], input: &input)
        #expect(input.state.control.answers.isEmpty && outcome.audit.isEmpty)
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.contains("unknown telegram sender 666") == true)
        input.now += 3_599
        outcome = Self.receive([Self.message(12, from: "666", "/help")], offset: "13", input: &input)
        #expect(outcome.errors.isEmpty)
        input.now += 1
        outcome = Self.receive([Self.message(13, from: "666", "/help")], offset: "14", input: &input)
        #expect(outcome.errors.count == 1)
        #expect(input.state.control.offsets["telegram"] == "14")
    }

    @Test func aMessageFromAnotherChatIsIgnoredEvenFromAnAdmin() throws {
        var input = try ControlHandlerTests.input()
        let outcome = Self.receive([Self.message(10, from: "1", "/silence * 1h", chat: "-100999")], input: &input)
        #expect(input.state.control.answers.isEmpty && outcome.audit.isEmpty && outcome.errors.isEmpty)
        #expect(!input.state.silences.contains { $0.target == "*" && $0.until > input.now })
        #expect(input.state.control.offsets["telegram"] == "11")
    }

    @Test func twoAlertsInOneReadEachSeeTheOtherAndMakeOneRewrite() throws {
        var input = try ControlHandlerTests.input()
        let outcome = Self.receive([Self.message(10, from: "1", "/alert btc above 120000"), Self.message(11, from: "1", "/alert btc below 80000")],
                                   input: &input)
        let rules = try #require(outcome.rules)
        let loaded = try RulesLoader.parse(bytes: rules, path: "/srv/cw/rules.json", environment: ControlHandlerTests.environment)
        let ids = loaded.rules.rules.map(\.id)
        #expect(ids.count == 4 && ids[2] != ids[3] && ids[2...].allSatisfy { $0.hasPrefix("chat-") }, "\(ids)")
    }

    /// A kill after rules.json was written but before the state: the command is read again and must not add twice.
    @Test func anAlertReadAgainAfterItsRewriteAddsNothingTwice() throws {
        var input = try ControlHandlerTests.input()
        let outcome = Self.receive([Self.message(10, from: "1", "/alert btc above 120000")], input: &input)
        let written = try #require(outcome.rules)
        var again = try ControlHandlerTests.input()
        again.rules = try RulesLoader.parse(bytes: written, path: "/srv/cw/rules.json", environment: ControlHandlerTests.environment).rules
        again.rulesBytes = written
        let replay = Self.receive([Self.message(10, from: "1", "/alert btc above 120000")], input: &again)
        #expect(replay.rules == nil, "nothing rewritten")
        #expect(again.state.control.answers.first?.text.hasPrefix("added rule chat-") == true)
    }

    @Test func theAnswersOfOneReadAreOneMessageAndALongOneIsSplitIntoKeyedParts() throws {
        var input = try ControlHandlerTests.input()
        _ = Self.receive([Self.message(10, from: "1", "/help"), Self.message(11, from: "1", "/rules")], input: &input)
        #expect(input.state.control.answers.count == 1)
        #expect(input.state.control.answers.first?.key == "telegram:10")
        var small = try ControlHandlerTests.input()
        _ = ControlReceiver.receive([Self.message(10, from: "1", "/help")], offset: "11", transport: "telegram", chat: Self.chat,
                                    sinkChat: "42", limit: TextLimit(100, .utf16), input: &small)
        let parts = small.state.control.answers
        #expect(parts.count > 1 && parts.allSatisfy { $0.text.utf16.count <= 100 })
        #expect(parts.map(\.key) == (1...parts.count).map { "telegram:10-\($0)" })
        #expect(parts.map(\.text).joined() .filter { !$0.isWhitespace } == ControlHandler.help(.admin).filter { !$0.isWhitespace })
    }

    @Test func aChartIsAnAnswerOfItsOwnAfterTheReadsTextKeyedByItsCommand() throws {
        var input = try ControlHandlerTests.input()
        _ = Self.receive([Self.message(10, from: "7", "/chart btc 7d"), Self.message(11, from: "7", "/rules"),
                          Self.message(12, from: "7", "/chart btc")], input: &input)
        let answers = input.state.control.answers
        #expect(answers.map(\.key) == ["telegram:11", "telegram:10", "telegram:12"])
        #expect(answers.map { $0.chart?.range } == [nil, "7d", "1d"])
        #expect(answers[1].text.hasSuffix("· 7d chart") && answers[1].chart?.coin == "bitcoin")
    }

    @Test func theControlSectionSurvivesTheStateFile() throws {
        let dir = try TempDir()
        var state = StateDocument()
        state.control.offsets["telegram"] = "11"
        var answer = ControlAnswer(transport: "telegram", chat: "42", text: "ok", key: "telegram:10", queuedAt: 5)
        answer.notBefore = 6
        let chart = ControlAnswer(transport: "telegram", chat: "42", text: "BTC", key: "telegram:11", queuedAt: 5,
                                  chart: ControlChart(coin: "bitcoin", symbol: "btc", vs: "usd", provider: "coingecko", range: "7d"))
        state.control.answers = [answer, chart]
        state.control.unknown["telegram:666"] = 4
        try StateStore.save(state, to: dir.file("state.json"))
        #expect(try StateStore.load(path: dir.file("state.json")).control == state.control)
        try StateStore.save(StateDocument(), to: dir.file("empty.json"))
        #expect(try String(contentsOfFile: dir.file("empty.json"), encoding: .utf8).contains("control") == false)
    }
}
