@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §13 on Matrix through the binary, against a loopback homeserver (`/sync` with `since` and
/// `timeout`, whoami, the room send): history is not acted on, the bot's own answers are not
/// commands, users read and admins edit, and an answer's transaction id is its command's key.
@Suite(.serialized) struct ControlMatrixEndToEndTests {
    static let admin = "@ana:test"
    static let user = "@bo:test"

    final class Rig: @unchecked Sendable {
        let matrix: MatrixStandIn
        let flow: BinaryFlow

        init() throws {
            matrix = try MatrixStandIn()
            let sink = #"{"team": {"type": "webhook", "format": "matrix", "url": "\#(matrix.server.baseURL)", "token": "\#(MatrixStandIn.token)", "room": "\#(MatrixStandIn.room)"}}"#
            flow = try BinaryFlow(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#, sinks: sink,
                                  extra: #", "control": {"matrix": {"sink": "team", "users": ["\#(ControlMatrixEndToEndTests.user)"], "admins": ["\#(ControlMatrixEndToEndTests.admin)"]}}"#)
            flow.market.set("bitcoin", price: 90)
        }

        func pass() throws -> Binary.Run { try flow.pass(after: 60) }
        var state: StateDocument { get throws { try StateStore.load(path: flow.statePath) } }
    }

    @Test func theRoomsHistoryIsNotActedOnAndACommandAfterItIsAnsweredOnceWithItsKeyAsTransactionID() throws {
        let rig = try Rig()
        rig.matrix.message("/silence bitcoin 1h", from: Self.admin)
        let first = try rig.pass()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(rig.matrix.sent.isEmpty, "said before coinwatch first read the room")
        #expect(try rig.state.silences.isEmpty)
        rig.matrix.message("/price btc", from: Self.admin)
        let second = try rig.pass()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(rig.matrix.sent.count == 1 && rig.matrix.sent.first?.text.contains("$90.00") == true, "\(rig.matrix.sent)")
        #expect(rig.matrix.sent.first?.txn == "matrix:$e1")
        let third = try rig.pass()
        #expect(rig.matrix.sent.count == 1, "answered once; the bot's own answer is no command")
        #expect(!third.stderr.contains("unknown") && !second.stderr.contains("unknown"), "\(third.stderr)")
        #expect(!(second.stderr + third.stderr).contains(MatrixStandIn.token))
    }

    @Test func aUserReadsAnAdminEditsAnUnknownSenderAndAnotherRoomGetNothing() throws {
        let rig = try Rig()
        #expect(try rig.pass().status == 0)
        rig.matrix.message("/silence bitcoin 1h", from: Self.user)
        rig.matrix.message("/silence * 1h", from: Self.admin, room: "!other:test")
        rig.matrix.message("/help", from: "@eve:test")
        let run = try rig.pass()
        #expect(rig.matrix.sent.count == 1 && rig.matrix.sent[0].text.contains("is for admins"), "\(rig.matrix.sent)")
        #expect(run.stderr.contains("unknown matrix sender @eve:test"), "\(run.stderr)")
        rig.matrix.message("/silence bitcoin 1h", from: Self.admin)
        #expect(try rig.pass().status == 0)
        #expect(try rig.state.silences.map(\.target) == ["bitcoin"])
        #expect(rig.matrix.sent.count == 2)
    }
}
