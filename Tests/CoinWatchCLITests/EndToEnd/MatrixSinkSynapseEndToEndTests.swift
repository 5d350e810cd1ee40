import Foundation
import Testing
@testable import TestHelpers

/// The `matrix` sink through the binary against a real Synapse on loopback (docs/delivery.md: an `m.text`
/// `m.room.message` PUT with the access token), read back from the room as another member sees it.
@Suite(.serialized) struct MatrixSinkSynapseEndToEndTests {
    /// One homeserver for the suite (it takes seconds to start); each test posts to a room of its own.
    static let synapse = Result { try SynapseServer(users: ["coinwatch", "alice"]) }

    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
        market.set("bitcoin", price: 90)
    }

    @Test func anAlertSentToTheMatrixSinkArrivesInTheRoomAsAnMTextMessageFromTheTokensUser() throws {
        let synapse = try Self.synapse.get()
        let room = try synapse.makeRoom()
        let bot = try synapse.user("coinwatch")
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["matrix"]}"#,
            sinks: #"{"matrix": {"type": "webhook", "format": "matrix", "url": "\#(synapse.url)", "room": "\#(room)", "token": "${MATRIX_TOKEN}"}}"#))
        let pass = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                  environment: ["MATRIX_TOKEN": bot.token])
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        #expect(!(pass.stdout + pass.stderr).contains(bot.token))
        let messages = try synapse.messages(in: room, as: "alice")
        #expect(messages.count == 1, "\(messages.map(\.content))")
        let message = try #require(messages.first)
        #expect(message.sender == bot.id)
        #expect(message.msgtype == "m.text")
        #expect(message.body?.contains("BTC") == true && message.body?.contains("lo") == true, "\(message.body ?? "")")
    }

    /// SPEC §3: no mention can come from provider data. Synapse reads a message's text for its members' display names
    /// and `@room` unless the event says whom it mentions (`m.mentions`); an alert on SOL in a room with a member called
    /// Sol highlighted (pinged) her.
    @Test func anAlertNamingAMembersDisplayNameOrTheRoomPingsNoOne() throws {
        let synapse = try Self.synapse.get()
        try synapse.setDisplayName("Sol", of: "alice")
        defer { try? synapse.setDisplayName("alice", of: "alice") }
        let room = try synapse.makeRoom()
        let bot = try synapse.user("coinwatch")
        market.set("solana", price: 90)
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, favorites: ["solana"],
            rules: #"{"id": "sol-low", "coin": "solana", "when": {"below": 100}, "message": "{symbol} @room {name}"}"#,
            defaults: #"{"notify": ["matrix"]}"#,
            sinks: #"{"matrix": {"type": "webhook", "format": "matrix", "url": "\#(synapse.url)", "room": "\#(room)", "token": "${MATRIX_TOKEN}"}}"#))
        let pass = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                  environment: ["MATRIX_TOKEN": bot.token])
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        let messages = try synapse.messages(in: room, as: "alice")
        #expect(messages.count == 1 && messages.first?.body?.contains("SOL @room Solana") == true, "\(messages.map(\.content))")
        #expect(try synapse.highlights(of: "alice").isEmpty)
    }

    @Test func anUploadedFileIsDownloadedBackByAnotherUserByItsMXCURL() throws {
        let synapse = try Self.synapse.get()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("chart".utf8)
        let mxc = try synapse.upload(png, contentType: "image/png", as: "coinwatch")
        #expect(mxc.hasPrefix("mxc://localhost/"))
        #expect(try synapse.download(mxc, as: "alice") == png)
    }

    @Test func aMessageTheHarnessSendsAsOneUserIsReadBackByAnother() throws {
        let synapse = try Self.synapse.get()
        let room = try synapse.makeRoom()
        let alice = try synapse.user("alice")
        let id = try synapse.send("/status", as: "alice", in: room)
        let messages = try synapse.messages(in: room, as: "coinwatch")
        #expect(messages.map(\.id) == [id])
        #expect(messages.first?.body == "/status" && messages.first?.sender == alice.id)
    }
}
