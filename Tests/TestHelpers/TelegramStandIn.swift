import Foundation
import Synchronization

/// A minimal Telegram Bot API on 127.0.0.1 for the chat side's tests: `getUpdates` long polling with
/// `offset` and `timeout` (answered as soon as an update is there), `sendMessage` (recorded; scripted
/// statuses such as a 429 storm first), `answerCallbackQuery` (recorded). Every path is under `/bot<token>/`.
final class TelegramStandIn: @unchecked Sendable {
    struct Sent: Equatable {
        var chat: String
        var text: String
        /// When it arrived.
        var at = Date()
    }

    private struct Books {
        var updates: [(id: Int, json: String)] = []
        var nextID = 100
        var sent: [Sent] = []
        var acknowledged: [String] = []
        var sendReplies: [Reply] = []
        var offsets: [Int] = []
    }

    private let books = Mutex(Books())
    /// Signalled when an update is queued: a held `getUpdates` waits on it, not on the clock.
    private let queued = NSCondition()
    private(set) var server: LoopbackServer!
    let token = "123456:TESTTOKEN"

    init() throws {
        server = try LoopbackServer { [unowned self] request in self.answer(request) }
    }

    /// The sink URL of a telegram webhook sink pointing here.
    var sinkURL: String { server.url("/bot\(token)/sendMessage") }

    /// Queues a text message from `user` in `chat`; its update id.
    @discardableResult
    func message(_ text: String, from user: Int, chat: Int = 42) -> Int {
        let id = books.withLock { books in
            let id = books.nextID
            books.nextID += 1
            books.updates.append((id, #"{"update_id":\#(id),"message":{"message_id":\#(id),"from":{"id":\#(user),"is_bot":false,"first_name":"T"},"chat":{"id":\#(chat),"type":"private"},"date":1800000000,"text":\#(Self.quote(text))}}"#))
            return id
        }
        queued.lock()
        defer { queued.unlock() }
        queued.broadcast()
        return id
    }

    /// Queues a button press (`data`) by `user` on a message in `chat`; its update id.
    @discardableResult
    func press(_ data: String, from user: Int, chat: Int = 42, query: String = "cb1") -> Int {
        let id = books.withLock { books in
            let id = books.nextID
            books.nextID += 1
            books.updates.append((id, #"{"update_id":\#(id),"callback_query":{"id":\#(Self.quote(query)),"from":{"id":\#(user),"is_bot":false,"first_name":"T"},"message":{"message_id":1,"chat":{"id":\#(chat),"type":"private"},"date":1800000000},"data":\#(Self.quote(data))}}"#))
            return id
        }
        queued.lock()
        defer { queued.unlock() }
        queued.broadcast()
        return id
    }

    /// The answers to send to the next `sendMessage` calls, in order (then 200).
    func scriptSends(_ replies: [Reply]) { books.withLock { $0.sendReplies = replies } }

    /// Every message sent so far.
    var sent: [Sent] { books.withLock { $0.sent } }
    /// Every callback query acknowledged so far.
    var acknowledged: [String] { books.withLock { $0.acknowledged } }
    /// The offsets `getUpdates` was asked with (-1: none).
    var offsets: [Int] { books.withLock { $0.offsets } }
    /// The requests to sendMessage so far (429s included).
    var sendAttempts: Int { server.requests.filter { $0.path.hasSuffix("/sendMessage") }.count }

    private func answer(_ request: RecordedRequest) -> Reply {
        let prefix = "/bot\(token)/"
        guard request.path.hasPrefix(prefix) else { return .json(#"{"ok":false,"error_code":404,"description":"Not Found"}"#, status: 404) }
        switch String(request.path.dropFirst(prefix.count)) {
        case "getUpdates":
            let offset = Int(request.queryItem("offset") ?? "") ?? -1
            let timeout = min(Double(request.queryItem("timeout") ?? "0") ?? 0, 10)
            books.withLock { $0.offsets.append(offset) }
            let deadline = Date().addingTimeInterval(timeout)
            queued.lock()
            defer { queued.unlock() }
            while true {
                let ready = books.withLock { books in
                    books.updates.removeAll { $0.id < offset }
                    return books.updates.map(\.json)
                }
                if !ready.isEmpty || !queued.wait(until: deadline) {
                    return .json(#"{"ok":true,"result":[\#(ready.joined(separator: ","))]}"#)
                }
            }
        case "sendMessage":
            let json = (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]) ?? [:]
            let scripted: Reply? = books.withLock { books in books.sendReplies.isEmpty ? nil : books.sendReplies.removeFirst() }
            if let scripted { return scripted }
            let chat = json["chat_id"].map { "\($0)" } ?? ""
            books.withLock { $0.sent.append(Sent(chat: chat, text: json["text"] as? String ?? "")) }
            return .json(#"{"ok":true,"result":{"message_id":1}}"#)
        case "answerCallbackQuery":
            let json = (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]) ?? [:]
            books.withLock { $0.acknowledged.append(json["callback_query_id"] as? String ?? "") }
            return .json(#"{"ok":true,"result":true}"#)
        default:
            return .json(#"{"ok":false,"error_code":404,"description":"Not Found"}"#, status: 404)
        }
    }

    /// A 429 as Telegram sends it.
    static func tooMany(retryAfter: Int) -> Reply {
        .json(#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after \#(retryAfter)","parameters":{"retry_after":\#(retryAfter)}}"#,
              status: 429)
    }

    static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
