import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// SPEC §13: a `/sync` cut short (`limited`) is read back with `/messages` down to the kept token, 1,000 messages at
/// most; the line about skipped messages comes only when one was, not when the gap holds exactly 1,000.
@Suite struct MatrixGapTests {
    /// A homeserver whose room got `gap` messages before the 50 a `/sync` holds. Token `t<i>` stands before message
    /// `i` (0-based, oldest first); `/messages` pages back from it as Synapse does (`end` given while the page had
    /// any, even when it reached `to`).
    struct Homeserver: HTTPTransport {
        var gap: Int

        func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
            requests.map { request in .success(HTTPResponse(status: 200, body: Array(answer(request.url).utf8))) }
        }

        func event(_ index: Int) -> String {
            #"{"type":"m.room.message","event_id":"$e\#(index)","sender":"@ana:example.org","content":{"msgtype":"m.text","body":"/help"}}"#
        }

        func answer(_ url: String) -> String {
            if url.contains("/whoami") { return #"{"user_id":"@bot:example.org"}"# }
            if url.contains("/sync") {
                let timeline = (gap..<(gap + 50)).map(event).joined(separator: ",")
                return #"{"next_batch":"s2","rooms":{"join":{"!r:example.org":{"timeline":{"events":[\#(timeline)],"limited":true,"prev_batch":"t\#(gap)"}}}}}"#
            }
            let query = url.split(separator: "?").last.map { $0.split(separator: "&") } ?? []
            let value = { (name: String) in query.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) } ?? "" }
            let from = Int(value("from").dropFirst()) ?? 0, limit = Int(value("limit")) ?? 10
            let low = max(0, from - limit)
            guard from > 0 else { return #"{"chunk":[],"start":"t0"}"# }
            return #"{"chunk":[\#((low..<from).reversed().map(event).joined(separator: ","))],"start":"t\#(from)","end":"t\#(low)"}"#
        }
    }

    static func read(gap: Int) throws -> ControlRead {
        var config = WebhookConfig(url: "https://matrix.example.org", format: .matrix)
        config.token = "syt_t"
        config.room = "!r:example.org"
        var api = MatrixClientAPI(sink: "team", config: config)
        return try api.poll(offset: "s1", timeout: 0, http: Homeserver(gap: gap)).get()
    }

    @Test func aGapOfExactlyAThousandMessagesIsReadWholeWithoutTheSkippedLine() throws {
        let read = try Self.read(gap: 1_000)
        #expect(read.skipped == nil)
        #expect(read.messages.count == 1_050 && read.messages.first?.key == "matrix:$e0")
    }

    @Test func aGapOfOneMoreSaysTheOldestWasSkipped() throws {
        let read = try Self.read(gap: 1_001)
        #expect(read.skipped?.contains("more than 1050 messages arrived") == true)
        #expect(read.messages.count == 1_050 && read.messages.first?.key == "matrix:$e1", "the newest 1,000 of the gap")
    }
}
