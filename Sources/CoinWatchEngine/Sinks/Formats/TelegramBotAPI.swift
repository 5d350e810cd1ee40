import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import FoundationEssentials

/// The Telegram Bot API as the chat side uses it (SPEC §13): `getUpdates`, `sendMessage` (plain text), `sendPhoto` and
/// `answerCallbackQuery`; the bot root comes from the sink's URL, a secret shown only as the sink.
package struct TelegramBotAPI: ControlTransport {
    /// The sink's name and config (its `url` holds the token).
    var sink: String
    var config: WebhookConfig
    /// The bot's username (`getMe`), asked the first time a command names a bot: in a group, `/price@otherbot` is
    /// another bot's command and not answered.
    var username: String?

    package var chat: String { config.chatID ?? "" }
    package var limit: TextLimit { TextLimit(4096, .utf16) }

    /// `getUpdates` from `offset` (nil: whatever Telegram still holds), held open up to `timeout` seconds; the commands
    /// that name another bot (`/price@otherbot`) left out.
    package mutating func poll(offset: String?, timeout: Double, http: any HTTPTransport) -> Result<ControlRead, ControlFailure> {
        var url = root + "/getUpdates?timeout=\(Int(timeout.rounded(.up)))"
            + "&allowed_updates=" + QueryString.escape(#"["message","callback_query"]"#)
        if let offset { url += "&offset=" + QueryString.escape(offset) }
        let read = ControlLink.answer(http.perform(request(url, method: "GET", timeout: timeout + config.timeout)), what: "getUpdates")
            .flatMap { Self.decode($0, offset: offset) }
        guard case .success(var updates) = read,
              updates.messages.contains(where: { ControlCommand($0.text)?.addressee != nil }) else { return read }
        if username == nil {
            switch ControlLink.answer(http.perform(request(root + "/getMe", method: "GET")), what: "getMe") {
            case .success(let body): username = (try? JSONParser.parse(body))?["result"]?["username"]?.stringValue
            case .failure(let failure): return .failure(failure)
            }
        }
        let me = username?.lowercased()
        updates.messages.removeAll { message in ControlCommand(message.text)?.addressee.map { $0.lowercased() != me } ?? false }
        return .success(updates)
    }

    /// `sendMessage` of the text, or `sendPhoto` of `png` with the text as its caption; the key gives the multipart
    /// boundary, so a retry sends the same bytes.
    package func send(_ answer: ControlAnswer, png: [UInt8]?, http: any HTTPTransport) -> WebhookVerdict {
        guard let png else {
            var body = JSONOut()
            body.addRaw("chat_id", TelegramFormat.chatJSON(answer.chat))
            body.add("text", answer.text)
            body.add("disable_web_page_preview", true)
            return Self.verdict(request(root + "/sendMessage", json: body), http: http)
        }
        let caption = TelegramFormat.captionLimit.prefix(of: answer.text)
        let (contentType, body) = TelegramFormat.photo(png, chat: answer.chat, caption: caption, html: false, seed: answer.key)
        return Self.verdict(request(root + "/sendPhoto", method: "POST", contentType: contentType, body: body), http: http)
    }

    private static func verdict(_ request: HTTPRequest, http: any HTTPTransport) -> WebhookVerdict {
        WebhookVerdict(http.perform(request), host: request.host)
    }

    /// `answerCallbackQuery`: stops the button's spinner, showing `text` briefly (cut to the 200 UTF-16 units
    /// Telegram takes: a longer one is refused, and the spinner goes on).
    package func acknowledge(_ callbackID: String, text: String, http: any HTTPTransport) {
        var body = JSONOut()
        body.add("callback_query_id", callbackID)
        body.add("text", TextLimit(200, .utf16).prefix(of: text))
        _ = http.perform(request(root + "/answerCallbackQuery", json: body))
    }

    /// `https://api.telegram.org/bot<token>` (`TelegramFormat.bot`).
    var root: String { TelegramFormat.bot(config) }

    private func request(_ url: String, json: JSONOut) -> HTTPRequest {
        request(url, method: "POST", contentType: "application/json", body: Array(json.text.utf8))
    }

    private func request(_ url: String, method: String, contentType: String? = nil, body: [UInt8]? = nil, timeout: Double? = nil) -> HTTPRequest {
        WebhookRequest.request(url, method: method, headers: contentType.map { [HTTPHeader("Content-Type", $0)] } ?? [], body: body,
                               sink: sink, config: config, timeout: timeout)
    }

    /// What one `getUpdates` answer holds: the messages (button presses as their commands) and the next
    /// offset (the last `update_id` + 1; `offset` when there was none).
    package static func decode(_ body: [UInt8], offset: String?) -> Result<ControlRead, ControlFailure> {
        guard let answer = try? JSONDecoder().decode(Updates.self, from: Data(body)) else {
            return .failure(ControlFailure("getUpdates answered something that is not a Telegram update list"))
        }
        guard answer.ok, let updates = answer.result else {
            return .failure(ControlFailure("getUpdates refused: " + SilenceTarget.shown(answer.description ?? "no reason given")))
        }
        var messages: [ControlMessage] = []
        var next = offset.flatMap { Int64($0) }
        for update in updates {
            let (after, overflow) = update.update_id.addingReportingOverflow(1)
            guard !overflow else { return .failure(ControlFailure("getUpdates answered update_id \(update.update_id), which has no next offset")) }
            next = max(next ?? Int64.min, after)
            let key = "telegram:\(update.update_id)"
            if let message = update.message, let text = message.text, let from = message.from {
                messages.append(ControlMessage(key: key, chat: String(message.chat.id), sender: String(from.id), text: text))
            } else if let query = update.callback_query {
                // A press on a message Telegram no longer sends (too old) has no chat: "", answered all the same.
                messages.append(ControlMessage(key: key, chat: query.message.map { String($0.chat.id) } ?? "", sender: String(query.from.id),
                                               text: query.data ?? "", callbackID: query.id))
            }
        }
        return .success((messages, next.map(String.init), nil))
    }

    private struct Updates: Decodable {
        var ok: Bool
        var result: [Update]?
        var description: String?
    }

    private struct Update: Decodable {
        var update_id: Int64
        var message: Message?
        var callback_query: CallbackQuery?
    }

    private struct Message: Decodable {
        var chat: Chat
        var from: User?
        var text: String?
    }

    private struct CallbackQuery: Decodable {
        var id: String
        var from: User
        var message: Message?
        var data: String?
    }

    private struct Chat: Decodable { var id: Int64 }
    private struct User: Decodable { var id: Int64 }
}
