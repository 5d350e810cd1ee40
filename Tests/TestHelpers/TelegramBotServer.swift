import Foundation

/// A stand-in for api.telegram.org on 127.0.0.1 (`TelegramBotAPI` on a `LoopbackServer`): `getUpdates` with
/// `offset`, `limit`, `allowed_updates` and a long poll held until an update arrives (at most `longPollLimit`
/// seconds), `sendMessage`, `sendPhoto` (multipart or a file id), `answerCallbackQuery`,
/// `editMessageReplyMarkup`, `getMe`; every call and every message the bot sent recorded. The test queues users' messages and button presses,
/// and can switch on a 429 flood. A wrong token gets 401, a path that is not `/bot<token>/<method>` 404.
/// In Swift rather than Python: updates are queued in-process with no IPC, it starts in no time, and the
/// loopback server already gives one thread per connection, which is what a held long poll needs.
final class TelegramBotServer: @unchecked Sendable {
    /// A token of the real shape (`<bot id>:<35 characters>`).
    static let defaultToken = "7712345678:AAHk3-test_TOKEN-coinwatch-loopback0"

    let api: TelegramBotAPI
    private let server: LoopbackServer

    init(token: String = defaultToken, longPollLimit: Double = 5) throws {
        let api = TelegramBotAPI(token: token, longPollLimit: longPollLimit)
        self.api = api
        server = try LoopbackServer { request in api.answer(request) }
    }

    deinit {
        api.stop()
        server.stop()
    }

    var token: String { api.token }
    /// `http://127.0.0.1:PORT`, in place of `https://api.telegram.org`.
    var root: String { server.baseURL }
    /// `http://127.0.0.1:PORT/bot<token>`: a telegram sink's `url`.
    var botURL: String { server.url("/bot" + api.token) }

    /// Every call made with the right token, in order (`calls("sendMessage")` for one method's).
    var calls: [TelegramCall] { api.calls }
    func calls(_ method: String) -> [TelegramCall] { api.calls.filter { $0.method == method } }
    /// The messages the bot sent, in order, as the chat shows them.
    var sent: [TelegramBotAPI.Sent] { api.sent }
    /// Every request, whatever its token or path.
    var requests: [RecordedRequest] { server.requests }

    /// A user's message (`/status` gets its `bot_command` entity) in `chat` (the user's private chat by default).
    @discardableResult
    func userSends(_ text: String, from user: Int = 5_550_001, in chat: Int? = nil, username: String? = "alice") -> Int? {
        api.enqueueMessage(text, from: user, in: chat ?? user, username: username)
    }

    /// A press on an inline button carrying `data`, on the bot's message `messageID` (nil: one Telegram no longer sends
    /// with the press); returns the callback query's id.
    @discardableResult
    func userPresses(_ data: String, on messageID: Int?, from user: Int = 5_550_001, in chat: Int? = nil,
                     username: String? = "alice") -> String {
        api.enqueueCallback(data, from: user, in: chat ?? user, on: messageID, username: username).query
    }

    /// Whether `answerCallbackQuery` answered the button press `query`.
    func answered(_ query: String) -> Bool { api.answered(query) }

    /// The `offset` of each `getUpdates` call so far (nil: none given).
    var offsets: [Int?] { calls("getUpdates").map { $0.parameters["offset"].flatMap { Int($0) } } }

    /// 429 `retry_after` to the next `requests` calls (all until `endFlood()` when nil), of `methods` only if given.
    func flood(retryAfter: Int, requests: Int? = nil, methods: Set<String>? = nil) {
        api.flood(retryAfter: retryAfter, requests: requests, methods: methods)
    }

    func endFlood() { api.endFlood() }

    /// `sendPhoto` to `chat` answers 400 `not enough rights to send photos to the chat` (a group restricting media).
    func forbidPhotos(in chat: Int) { api.forbidPhotos(in: chat) }
}
