import Foundation
import Synchronization

/// A minimal Matrix homeserver on 127.0.0.1 for the chat side's tests, until the real-Synapse harness:
/// `whoami`, `/sync` with `since` and `timeout` (the room's events after the token; answered as soon as
/// there is one), and the room send, whose transaction id makes a retry one event. The bot is
/// `@coinwatch:test` with token `bot-token`; the room is `!room:test`.
final class MatrixStandIn: @unchecked Sendable {
    static let bot = "@coinwatch:test"
    static let token = "bot-token"
    static let room = "!room:test"

    struct Sent: Equatable {
        var txn: String
        var text: String
    }

    private struct Books {
        /// Every room event, in order; a `since` token is an index into it.
        var events: [String] = []
        var sent: [Sent] = []
        var syncs: [String?] = []
    }

    private let books = Mutex(Books())
    /// Signalled when an event is added: a held `/sync` waits on it, not on the clock.
    private let added = NSCondition()
    private(set) var server: LoopbackServer!

    init() throws {
        server = try LoopbackServer { [unowned self] request in self.answer(request) }
    }

    /// A room message from `sender`.
    func message(_ text: String, from sender: String, room: String = MatrixStandIn.room) {
        books.withLock { books in
            let id = "$e\(books.events.count)"
            books.events.append(#"{"room":\#(TelegramStandIn.quote(room)),"event":{"type":"m.room.message","event_id":"\#(id)","sender":\#(TelegramStandIn.quote(sender)),"origin_server_ts":1800000000000,"content":{"msgtype":"m.text","body":\#(TelegramStandIn.quote(text))}}}"#)
        }
        signalAdded()
    }

    /// The messages the bot sent (one per transaction id).
    var sent: [Sent] { books.withLock { $0.sent } }
    /// The `since` tokens `/sync` was asked with (nil: none).
    var syncs: [String?] { books.withLock { $0.syncs } }
    /// Room send requests so far (retries included).
    var sendAttempts: Int { server.requests.filter { $0.method == "PUT" }.count }

    private func answer(_ request: RecordedRequest) -> Reply {
        guard request.header("authorization") == "Bearer \(Self.token)" else {
            return .json(#"{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token passed."}"#, status: 401)
        }
        if request.path == "/_matrix/client/v3/account/whoami" { return .json(#"{"user_id":"\#(Self.bot)"}"#) }
        if request.path == "/_matrix/client/v3/sync" { return sync(request) }
        let prefix = "/_matrix/client/v3/rooms/"
        if request.method == "PUT", request.path.hasPrefix(prefix) {
            let parts = request.path.dropFirst(prefix.count).split(separator: "/").map(String.init)
            guard parts.count == 4, RecordedRequest.percentDecoded(parts[0]) == Self.room else {
                return .json(#"{"errcode":"M_FORBIDDEN"}"#, status: 403)
            }
            let txn = RecordedRequest.percentDecoded(parts[3])
            let json = (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]) ?? [:]
            books.withLock { books in
                guard !books.sent.contains(where: { $0.txn == txn }) else { return }
                books.sent.append(Sent(txn: txn, text: json["body"] as? String ?? ""))
                books.events.append(#"{"room":\#(TelegramStandIn.quote(Self.room)),"event":{"type":"m.room.message","event_id":"$s\#(books.events.count)","sender":"\#(Self.bot)","content":{"msgtype":"m.text","body":"answer"}}}"#)
            }
            signalAdded()
            return .json(#"{"event_id":"$sent"}"#)
        }
        return .json(#"{"errcode":"M_UNRECOGNIZED"}"#, status: 404)
    }

    private func sync(_ request: RecordedRequest) -> Reply {
        let since = request.queryItem("since")
        books.withLock { $0.syncs.append(since) }
        let from = Int(since ?? "0") ?? 0
        let timeout = min(Double(request.queryItem("timeout") ?? "0") ?? 0, 10_000) / 1000
        let deadline = Date().addingTimeInterval(timeout)
        added.lock()
        defer { added.unlock() }
        while true {
            let (events, next) = books.withLock { books in (Array(books.events.dropFirst(from)), books.events.count) }
            if !events.isEmpty || !added.wait(until: deadline) {
                var byRoom: [String: [String]] = [:]
                for wrapped in events {
                    guard let data = wrapped.data(using: .utf8),
                          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                          let room = object["room"] as? String, let event = object["event"],
                          let eventData = try? JSONSerialization.data(withJSONObject: event) else { continue }
                    byRoom[room, default: []].append(String(decoding: eventData, as: UTF8.self))
                }
                let join = byRoom.map { #"\#(TelegramStandIn.quote($0.key)):{"timeline":{"events":[\#($0.value.joined(separator: ","))],"limited":false}}"# }
                return .json(#"{"next_batch":"\#(next)","rooms":{"join":{\#(join.joined(separator: ","))}}}"#)
            }
        }
    }

    private func signalAdded() {
        added.lock()
        defer { added.unlock() }
        added.broadcast()
    }
}
