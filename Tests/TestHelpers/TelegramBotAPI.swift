import Foundation

/// The Telegram Bot API as `TelegramBotServer` serves it (https://core.telegram.org/bots/api): an update queue
/// with long polling, the bot's sent messages, flood control. Answers have the real API's shapes:
/// `{"ok": true, "result": …}`, or `{"ok": false, "error_code": …, "description": …}` with the same HTTP status.
/// Thread-safe: every connection's thread calls `answer`; a long poll waits on the lock's condition.
final class TelegramBotAPI: @unchecked Sendable {
    let token: String
    /// The bot's user id: the token's digits before `:`.
    let botID: Int
    /// The longest a `getUpdates` long poll is held, whatever `timeout` asks (tests stay short).
    let longPollLimit: Double

    /// Update types the real API leaves out unless `allowed_updates` names them.
    static let notByDefault: Set<String> = ["chat_member", "message_reaction", "message_reaction_count"]

    /// A message the bot sent (`sendMessage`, `sendPhoto`) as the chat shows it.
    struct Sent: Sendable {
        var messageID: Int
        var chat: Int
        /// The text, or a photo's caption, as shown (HTML read).
        var text: String
        /// A photo's uploaded bytes (nil: a text message, or a photo sent by file id).
        var photo: [UInt8]?
        /// When the API took it.
        var at: Date
    }

    private let lock = NSCondition()
    // Everything below is guarded by `lock`.
    private var nextUpdateID = 700_000_001
    private var updates: [(id: Int, type: String, object: [String: Any])] = []
    private var allowed: Set<String>?
    private var nextMessageID = 1
    private var messages: [Int: [String: Any]] = [:]
    private var callbackQueries: [String: Bool] = [:]
    private var flood: (retryAfter: Int, remaining: Int?, methods: Set<String>?)?
    private var photoless: Set<Int> = []
    private var recorded: [TelegramCall] = []
    private var delivered: [Sent] = []
    private var pollGeneration = 0
    private var stopped = false

    init(token: String, longPollLimit: Double) {
        self.token = token
        self.botID = Int(token.prefix { $0 != ":" }) ?? 0
        self.longPollLimit = longPollLimit
    }

    // MARK: - What the test does

    /// The calls made with the right token, in arrival order.
    var calls: [TelegramCall] { locked { recorded } }

    /// The messages the bot sent, in order (a refused or flooded call sends none).
    var sent: [Sent] { locked { delivered } }

    /// Queues a message update; returns its update_id (nil when `allowed_updates` leaves messages out).
    @discardableResult
    func enqueueMessage(_ text: String, from user: Int, in chat: Int, username: String?) -> Int? {
        locked {
            let id = nextMessageID
            nextMessageID += 1
            var message: [String: Any] = ["message_id": id, "from": Self.person(user, username: username),
                                          "chat": Self.chat(chat, user: user, username: username), "date": Self.now, "text": text]
            if text.hasPrefix("/") {
                let command = text.prefix { !$0.isWhitespace }
                message["entities"] = [["offset": 0, "length": command.utf16.count, "type": "bot_command"]]
            }
            return enqueue("message", message)
        }
    }

    /// Queues a callback query (a press on an inline button of the bot's message `messageID` carrying `data`; nil: a
    /// message Telegram no longer sends, so the query has no `message` but an `inline_message_id`);
    /// returns its update_id and the query's id, which `answerCallbackQuery` must name.
    @discardableResult
    func enqueueCallback(_ data: String, from user: Int, in chat: Int, on messageID: Int?, username: String?) -> (update: Int?, query: String) {
        locked {
            let query = String(UInt64.random(in: 1...UInt64.max))
            callbackQueries[query] = false
            var object: [String: Any] = ["id": query, "from": Self.person(user, username: username),
                                         "chat_instance": String(chat &* 7919), "data": data]
            if let messageID {
                object["message"] = messages[messageID]
                    ?? ["message_id": messageID, "chat": Self.chat(chat, user: user, username: username), "date": Self.now]
            } else {
                object["inline_message_id"] = "AgAAA" + query
            }
            return (enqueue("callback_query", object), query)
        }
    }

    /// Answers the next `requests` calls (every call until `endFlood` when nil) of `methods` (every method when nil)
    /// with 429 `Too Many Requests: retry after N`, `parameters.retry_after` N.
    func flood(retryAfter: Int, requests: Int?, methods: Set<String>?) {
        locked { flood = (retryAfter, requests, methods) }
    }

    func endFlood() { locked { flood = nil } }

    /// Numbers the next update `id` (a broken or hostile server's `Int.max`; the one after wraps).
    func numberNextUpdate(_ id: Int) { locked { nextUpdateID = id } }

    /// Makes `chat` a group whose members may not send media: `sendPhoto` there answers 400, as the real API does.
    func forbidPhotos(in chat: Int) { locked { _ = photoless.insert(chat) } }

    /// Whether `answerCallbackQuery` answered the query `id`.
    func answered(_ id: String) -> Bool { locked { callbackQueries[id] == true } }

    /// Ends every long poll now (the server is going away).
    func stop() {
        locked { stopped = true }
        lock.broadcast()
    }

    // MARK: - The API

    /// The answer to one request.
    func answer(_ request: RecordedRequest) -> Reply {
        // /bot<token>/<method>; a path of another shape is not the Bot API (404), a token of the right shape
        // but not this bot's is refused (401), as api.telegram.org does.
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 3, segments[0].isEmpty, segments[1].hasPrefix("bot"), !segments[2].isEmpty,
              segments[1].dropFirst(3).contains(":") else {
            return Self.failure(404, "Not Found")
        }
        guard segments[1].dropFirst(3) == token else { return Self.failure(401, "Unauthorized") }
        let method = String(segments[2])
        guard let call = TelegramCall(method: method, request: request) else {
            return Self.failure(400, "Bad Request: can't parse request body")
        }
        let flooded: Int? = locked {
            recorded.append(call)
            guard let current = flood, current.methods?.contains(method) ?? true else { return nil }
            if let remaining = current.remaining {
                flood = remaining > 1 ? (current.retryAfter, remaining - 1, current.methods) : nil
            }
            return current.retryAfter
        }
        if let flooded {
            return Self.reply(429, ["ok": false, "error_code": 429, "description": "Too Many Requests: retry after \(flooded)",
                                    "parameters": ["retry_after": flooded]])
        }
        let p = call.parameters
        switch method.lowercased() {
        case "getme": return Self.success(bot)
        case "getupdates": return getUpdates(p)
        case "sendmessage": return send(p, photo: nil)
        case "sendphoto":
            if let file = call.files["photo"] { return send(p, photo: .upload(file)) }
            guard let photo = p["photo"], !photo.isEmpty else { return Self.failure(400, "Bad Request: there is no photo in the request") }
            return send(p, photo: .reference(photo))
        case "answercallbackquery": return answerCallbackQuery(p)
        case "editmessagereplymarkup": return editMessageReplyMarkup(p)
        default: return Self.failure(404, "Not Found")
        }
    }

    private var bot: [String: Any] {
        ["id": botID, "is_bot": true, "first_name": "coinwatch test", "username": "coinwatch_test_bot"]
    }

    private func getUpdates(_ p: [String: String]) -> Reply {
        let offset = p["offset"].flatMap { Int($0) }
        let limit = min(max(p["limit"].flatMap { Int($0) } ?? 100, 1), 100)
        let timeout = min(Double(p["timeout"].flatMap { Int($0) } ?? 0), longPollLimit)
        var allowedList: Set<String>?? = .none
        if let text = p["allowed_updates"] {
            guard let list = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String] else {
                return Self.failure(400, "Bad Request: can't parse allowed updates")
            }
            allowedList = .some(list.isEmpty ? nil : Set(list))
        }
        lock.lock()
        defer { lock.unlock() }
        if case .some(let list) = allowedList { allowed = list }
        if let offset, offset > 0 {
            updates.removeAll { $0.id < offset }
        } else if let offset, offset < 0 {
            updates = Array(updates.suffix(-offset))
        }
        // A newer getUpdates ends a waiting one with 409, as the real API does when two pollers compete.
        pollGeneration += 1
        let generation = pollGeneration
        lock.broadcast()
        // Woken by a new update, `stop` or a newer poll; the deadline is monotonic, and each wait is a short
        // slice, so a step of the wall clock (which `wait(until:)` reads) can stretch no more than one slice.
        let deadline = Deadline(in: timeout)
        while updates.isEmpty, !stopped, !deadline.hasPassed {
            _ = lock.wait(until: Date(timeIntervalSinceNow: 0.1))
            if pollGeneration != generation {
                return Self.failure(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
            }
        }
        return Self.success(updates.prefix(limit).map { ["update_id": $0.id, $0.type: $0.object] as [String: Any] })
    }

    private enum Photo {
        case upload(TelegramCall.File)
        case reference(String)
    }

    private func send(_ p: [String: String], photo: Photo?) -> Reply {
        guard let chatText = p["chat_id"], !chatText.isEmpty else { return Self.failure(400, "Bad Request: chat_id is empty") }
        guard let chatID = Int(chatText) else { return Self.failure(400, "Bad Request: chat not found") }
        if photo != nil, locked({ photoless.contains(chatID) }) {
            return Self.failure(400, "Bad Request: not enough rights to send photos to the chat")
        }
        let text = photo == nil ? (p["text"] ?? "") : (p["caption"] ?? "")
        if photo == nil, text.isEmpty { return Self.failure(400, "Bad Request: message text is empty") }
        var shown = text
        if p["parse_mode"]?.lowercased() == "html" {
            switch TelegramHTML.plainText(text) {
            case .success(let plain): shown = plain
            case .failure(let problem): return Self.failure(400, "Bad Request: can't parse entities: \(problem.description)")
            }
        }
        if photo == nil, shown.utf16.count > 4096 { return Self.failure(400, "Bad Request: message is too long") }
        if photo != nil, shown.utf16.count > 1024 { return Self.failure(400, "Bad Request: message caption is too long") }
        var markup: Any?
        if let text = p["reply_markup"] {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                return Self.failure(400, "Bad Request: can't parse reply keyboard markup JSON object")
            }
            markup = parsed
        }
        return locked {
            let id = nextMessageID
            nextMessageID += 1
            var message: [String: Any] = ["message_id": id, "from": bot, "chat": Self.chat(chatID, user: chatID, username: nil),
                                          "date": Self.now]
            switch photo {
            case nil: message["text"] = shown
            case .some(let photo):
                if !shown.isEmpty { message["caption"] = shown }
                let size: (Int, Int, Int)
                switch photo {
                case .upload(let file): size = (Self.pngSize(file.bytes)?.0 ?? 0, Self.pngSize(file.bytes)?.1 ?? 0, file.bytes.count)
                case .reference: size = (0, 0, 0)
                }
                message["photo"] = [["file_id": "photo-\(id)", "file_unique_id": "u\(id)", "width": size.0, "height": size.1,
                                     "file_size": size.2]]
            }
            if let markup { message["reply_markup"] = markup }
            messages[id] = message
            var bytes: [UInt8]?
            if case .upload(let file)? = photo { bytes = file.bytes }
            delivered.append(Sent(messageID: id, chat: chatID, text: shown, photo: bytes, at: Date()))
            return Self.success(message)
        }
    }

    private func answerCallbackQuery(_ p: [String: String]) -> Reply {
        locked {
            guard let id = p["callback_query_id"], callbackQueries[id] != nil else {
                return Self.failure(400, "Bad Request: query is too old and response timeout expired or query ID is invalid")
            }
            callbackQueries[id] = true
            return Self.success(true)
        }
    }

    private func editMessageReplyMarkup(_ p: [String: String]) -> Reply {
        var markup: [String: Any]?
        if let text = p["reply_markup"] {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                return Self.failure(400, "Bad Request: can't parse reply keyboard markup JSON object")
            }
            markup = parsed
        }
        if p["inline_message_id"] != nil { return Self.success(true) }
        return locked {
            guard let id = p["message_id"].flatMap({ Int($0) }), var message = messages[id],
                  let chat = message["chat"] as? [String: Any], (chat["id"] as? Int).map(String.init) == p["chat_id"] else {
                return Self.failure(400, "Bad Request: message to edit not found")
            }
            let old = message["reply_markup"].map { NSDictionary(dictionary: $0 as? [String: Any] ?? [:]) }
            if old == markup.map({ NSDictionary(dictionary: $0) }) {
                return Self.failure(400, "Bad Request: message is not modified: specified new message content and reply markup are "
                                    + "exactly the same as a current content and reply markup of the message")
            }
            message["reply_markup"] = markup
            message["edit_date"] = Self.now
            messages[id] = message
            return Self.success(message)
        }
    }

    // MARK: - Pieces

    /// Queues an update (the lock held) unless the current `allowed_updates` leaves its type out.
    private func enqueue(_ type: String, _ object: [String: Any]) -> Int? {
        guard allowed.map({ $0.contains(type) }) ?? !Self.notByDefault.contains(type) else { return nil }
        let id = nextUpdateID
        nextUpdateID &+= 1
        updates.append((id, type, object))
        lock.broadcast()
        return id
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private static var now: Int { Int(Date().timeIntervalSince1970) }

    private static func person(_ id: Int, username: String?) -> [String: Any] {
        var user: [String: Any] = ["id": id, "is_bot": false, "first_name": username?.capitalized ?? "User \(id)", "language_code": "en"]
        if let username { user["username"] = username }
        return user
    }

    /// A private chat with the user for a positive id, a group (a supergroup for -100…) for a negative one.
    private static func chat(_ id: Int, user: Int, username: String?) -> [String: Any] {
        if id > 0 {
            var chat: [String: Any] = ["id": id, "type": "private", "first_name": username?.capitalized ?? "User \(user)"]
            if let username { chat["username"] = username }
            return chat
        }
        return ["id": id, "type": id < -1_000_000_000_000 ? "supergroup" : "group", "title": "coinwatch test group"]
    }

    /// A PNG's width and height from its IHDR chunk.
    private static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    private static func success(_ result: Any) -> Reply { reply(200, ["ok": true, "result": result]) }

    private static func failure(_ status: Int, _ description: String) -> Reply {
        reply(status, ["ok": false, "error_code": status, "description": description])
    }

    private static func reply(_ status: Int, _ object: [String: Any]) -> Reply {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return .json(String(decoding: data, as: UTF8.self), status: status)
    }
}
