@testable import CoinWatchState
import CoinWatchSupport
import CoinWatchTransport
import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// SPEC §13 on Matrix through the binary, against a real Synapse on loopback (one for the suite; a room per
/// test): the bot reads its room with `/sync`, a second user sends the commands; history is not acted on, the
/// bot's own answers are not commands, users read and admins edit, an answer's transaction id is its command's
/// key, and `/chart` answers with an uploaded `m.image`. Skipped, with the reason printed, only when Synapse
/// could not be installed.
@Suite(.serialized) struct ControlMatrixEndToEndTests {
    /// One homeserver for the suite (it takes seconds to start): the bot, an admin, a user and a stranger.
    static let synapse: Result<SynapseServer, SynapseServer.StartFailure> = {
        if case .failure(let reason) = SynapseServer.python { return .failure(reason) }
        do { return .success(try SynapseServer(users: ["coinwatch", "ana", "bo", "eve"])) } catch let failure as SynapseServer.StartFailure {
            return .failure(failure)
        } catch {
            return .failure(SynapseServer.StartFailure(output: "\(error)"))
        }
    }()

    final class Rig: @unchecked Sendable {
        let synapse: SynapseServer
        let room: String
        let bot: SynapseServer.User
        let flow: BinaryFlow

        /// nil (with the reason printed) when Synapse could not be installed.
        static func make() throws -> Rig? {
            if case .failure(let reason) = SynapseServer.python {
                print("ControlMatrixEndToEndTests skipped: Synapse could not be installed: \(reason)")
                return nil
            }
            return try Rig(synapse: ControlMatrixEndToEndTests.synapse.get())
        }

        private init(synapse: SynapseServer) throws {
            self.synapse = synapse
            room = try synapse.makeRoom()
            bot = try synapse.user("coinwatch")
            let admin = try synapse.user("ana").id, user = try synapse.user("bo").id
            let sink = #"{"team": {"type": "webhook", "format": "matrix", "url": "\#(synapse.url)", "token": "${MATRIX_TOKEN}", "room": "\#(room)"}}"#
            flow = try BinaryFlow(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#, sinks: sink,
                                  extra: #", "control": {"matrix": {"sink": "team", "users": ["\#(user)"], "admins": ["\#(admin)"]}}"#)
            flow.market.set("bitcoin", price: 90)
        }

        var environment: [String: String] { ["MATRIX_TOKEN": bot.token] }
        func pass() throws -> Binary.Run { try flow.pass(after: 60, environment: environment) }
        var state: StateDocument { get throws { try StateStore.load(path: flow.statePath) } }
        /// What the bot said in the room, oldest first, as the admin reads it.
        var answers: [SynapseServer.Event] { get throws { try synapse.messages(in: room, as: "ana").filter { $0.sender == bot.id } } }
        @discardableResult
        func say(_ text: String, as name: String, in other: String? = nil) throws -> String { try synapse.send(text, as: name, in: other ?? room) }
    }

    @Test func theRoomsHistoryIsNotActedOnAndACommandAfterItIsAnsweredOnceWithItsKeyAsTransactionID() throws {
        guard let rig = try Rig.make() else { return }
        try rig.say("/silence bitcoin 1h", as: "ana")
        let first = try rig.pass()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try rig.answers.isEmpty, "said before coinwatch first read the room")
        #expect(try rig.state.silences.isEmpty)
        #expect(try rig.state.control.offsets["matrix"] != nil, "the since token kept")
        let command = try rig.say("/price btc", as: "ana")
        let second = try rig.pass()
        #expect(second.status == 0, "\(second.stderr)")
        let answers = try rig.answers
        #expect(answers.count == 1 && answers.first?.body?.contains("$90.00") == true, "\(answers.map(\.content))")
        let third = try rig.pass()
        #expect(try rig.answers.count == 1, "answered once; the bot's own answer is no command")
        #expect(!third.stderr.contains("unknown") && !second.stderr.contains("unknown"), "\(third.stderr)")
        #expect(!(first.stderr + second.stderr + third.stderr).contains(rig.bot.token))
        // The answer's transaction id is the command's key: sending under it again is the same event.
        let again = HTTPRequest(url: "\(rig.synapse.url)/_matrix/client/v3/rooms/\(MatrixChartSynapseEndToEndTests.escape(rig.room))/send/m.room.message/"
                                    + MatrixChartSynapseEndToEndTests.escape("matrix:" + command),
                                method: "PUT", headers: [HTTPHeader("Authorization", "Bearer " + rig.bot.token), HTTPHeader("Content-Type", "application/json")],
                                body: Array(#"{"msgtype": "m.text", "body": "a second try"}"#.utf8))
        let answer = try #require(CurlTransport().perform([again]).first).get()
        #expect(answer.status == 200 && (try? JSONParser.parse(answer.body))?["event_id"]?.stringValue == answers.first?.id,
                "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(try rig.answers.count == 1)
    }

    /// An end-to-end encrypted room hides its commands from the bot: one line on stderr says so (it was silence).
    @Test func anEncryptedCommandIsSaidNotLeftSilent() throws {
        guard let rig = try Rig.make() else { return }
        #expect(try rig.pass().status == 0)
        try rig.synapse.send("/price btc", as: "ana", in: rig.room, encrypted: true)
        let second = try rig.pass()
        #expect(second.status == 0, "\(second.stderr)")
        let lines = second.stderr.split(separator: "\n").filter { $0.contains("end-to-end encrypted") }
        #expect(lines.count == 1 && lines.first?.contains(rig.room) == true && lines.first?.contains("use a room without encryption") == true,
                "\(second.stderr)")
        #expect(try rig.answers.isEmpty)
    }

    @Test func aUserReadsAnAdminEditsAnUnknownSenderAndAnotherRoomGetNothing() throws {
        guard let rig = try Rig.make() else { return }
        let other = try rig.synapse.makeRoom()
        #expect(try rig.pass().status == 0)
        try rig.say("/silence bitcoin 1h", as: "bo")
        try rig.say("/silence * 1h", as: "ana", in: other)
        try rig.say("/help", as: "eve")
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let answers = try rig.answers
        #expect(answers.count == 1 && answers[0].body?.contains("is for admins") == true, "\(answers.map(\.content))")
        let eve = try rig.synapse.user("eve").id
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("unknown matrix sender \(eve)") }.count == 1, "\(run.stderr)")
        #expect(try rig.synapse.messages(in: other, as: "ana").allSatisfy { $0.sender != rig.bot.id }, "another room is not answered")
        try rig.say("/silence bitcoin 1h", as: "ana")
        #expect(try rig.pass().status == 0)
        #expect(try rig.state.silences.map(\.target) == ["bitcoin"])
        #expect(try rig.answers.count == 2)
    }

    /// A `/sync` holds the room's newest 50 messages and says `limited` when more arrived: the read goes back over the
    /// gap (`/messages` down to the kept token), so a command 120 messages back is still answered and acted on.
    @Test func aCommandBeforeMoreMessagesThanASyncHoldsIsStillAnswered() throws {
        guard let rig = try Rig.make() else { return }
        #expect(try rig.pass().status == 0)
        try rig.say("/silence bitcoin 1h", as: "ana")
        for index in 0..<120 { try rig.say("chatter \(index)", as: "bo") }
        try rig.say("/price btc", as: "bo")
        let run = try rig.pass()
        #expect(run.status == 0 && !run.stderr.contains("skipped"), "\(run.stderr)")
        #expect(try rig.state.silences.map(\.target) == ["bitcoin"], "the first command was acted on")
        let answers = try rig.answers
        #expect(answers.count == 1 && answers[0].body?.contains("silenced every rule on bitcoin") == true
                    && answers[0].body?.contains("$90.00") == true, "\(answers.map(\.content))")
    }

    /// A command sent as a reply (to an alert, say) is answered: clients put the replied-to message first, quoted
    /// (`> <@bo:localhost> …`, then an empty line), and the command after it.
    @Test func aCommandInAReplyIsAnswered() throws {
        guard let rig = try Rig.make() else { return }
        #expect(try rig.pass().status == 0)
        let bo = try rig.synapse.user("bo").id
        try rig.say("> <\(bo)> BTC crossed above $100,000\n> second line\n\n/silence bitcoin 1h", as: "ana")
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try rig.state.silences.map(\.target) == ["bitcoin"])
        let answers = try rig.answers
        #expect(answers.count == 1 && answers[0].body?.contains("silenced every rule on bitcoin") == true, "\(answers.map(\.content))")
    }

    @Test func chartAnswersWithAnUploadedImageAnotherMemberDownloads() throws {
        guard let rig = try Rig.make() else { return }
        try ControlEndToEndTests.serveHistory(rig.flow.market)
        #expect(try rig.pass().status == 0)
        try rig.say("/chart bitcoin", as: "bo")
        let run = try rig.pass()
        #expect(run.status == 0, "\(run.stderr)")
        let image = try #require(try rig.answers.first)
        #expect(image.msgtype == "m.image" && image.body?.hasSuffix("· 1d chart") == true, "\(image.content)")
        #expect(image.content["info"]?["mimetype"]?.stringValue == "image/png")
        let mxc = try #require(image.content["url"]?.stringValue)
        let png = try rig.synapse.download(mxc, as: "bo")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && ChartSinksEndToEndTests.isChart(png), "\(png.count) bytes")
        #expect(image.content["info"]?["size"]?.numberValue.map { Int($0) } == png.count)
        #expect(try rig.state.control.answers.isEmpty)
    }

    @Test func theDaemonAnswersASecondUsersCommandWithinTwoSecondsThroughSync() throws {
        guard let rig = try Rig.make() else { return }
        let daemon = try RunningBinary(["control", "--rules", rig.flow.rulesPath, "--state", rig.flow.statePath],
                                       environment: rig.environment.merging(["COINWATCH_CACHE": rig.flow.dir.path + "/cache"]) { $1 })
        #expect(Eventually.wait(timeout: 10) { (try? rig.state.control.offsets["matrix"] != nil) ?? false }, "it synced: \(daemon.stderr)")
        let asked = Date()
        try rig.say("/silence bitcoin 1h", as: "ana")
        #expect(Eventually.wait(timeout: 2) { ((try? rig.answers.count) ?? 0) == 1 }, "\(daemon.stderr)")
        #expect(Date().timeIntervalSince(asked) < 2)
        #expect(try rig.answers.first?.body?.contains("silenced every rule on bitcoin") == true)
        #expect(try rig.state.silences.count == 1)
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) == 0, "\(daemon.stderr)")
        #expect(!daemon.stderr.contains(rig.bot.token))
    }
}
