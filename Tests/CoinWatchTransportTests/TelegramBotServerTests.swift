import CoinWatchTransport
import Foundation
import Synchronization
import Testing
@testable import TestHelpers

/// The Telegram Bot API stand-in through coinwatch's own transport, checked against the shapes
/// https://core.telegram.org/bots/api documents: `{"ok", "result"}` answers, Update and Message objects,
/// long polling with `offset`, flood control's `parameters.retry_after`, 401 for a wrong token.
@Suite struct TelegramBotServerTests {
    let telegram: TelegramBotServer

    init() throws {
        telegram = try TelegramBotServer()
    }

    /// One call: a JSON body (none for an empty one); the status and the decoded answer.
    private func call(_ method: String, _ parameters: [String: Any] = [:], token: String? = nil,
                      contentType: String = "application/json", body: [UInt8]? = nil) throws -> (status: Int, json: [String: Any]) {
        let url = telegram.root + "/bot" + (token ?? telegram.token) + "/" + method
        let bytes = try body ?? (parameters.isEmpty ? nil : Array(JSONSerialization.data(withJSONObject: parameters)))
        let request = HTTPRequest(url: url, method: bytes == nil ? "GET" : "POST",
                                  headers: bytes == nil ? [] : [HTTPHeader("Content-Type", contentType)], body: bytes, timeout: 10)
        let response = try #require(CurlTransport().perform([request]).first).get()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (response.status, json)
    }

    @Test func aUsersCommandArrivesAsAMessageUpdateAndAnOffsetPastItConfirmsIt() throws {
        let id = try #require(telegram.userSends("/status BTC", from: 42, username: "alice"))
        let answer = try call("getUpdates", ["timeout": 0])
        #expect(answer.status == 200 && answer.json["ok"] as? Bool == true)
        let updates = try #require(answer.json["result"] as? [[String: Any]])
        #expect(updates.count == 1 && updates[0]["update_id"] as? Int == id)
        let message = try #require(updates[0]["message"] as? [String: Any])
        #expect(message["text"] as? String == "/status BTC" && message["message_id"] is Int && message["date"] is Int)
        #expect((message["from"] as? [String: Any])?["id"] as? Int == 42)
        #expect((message["chat"] as? [String: Any])?["type"] as? String == "private")
        let entity = try #require((message["entities"] as? [[String: Any]])?.first)
        #expect(entity["type"] as? String == "bot_command" && entity["length"] as? Int == 7)
        // Not confirmed yet: asked again it comes again; an offset past it forgets it.
        #expect(((try call("getUpdates")).json["result"] as? [Any])?.count == 1)
        #expect(((try call("getUpdates", ["offset": id + 1])).json["result"] as? [Any])?.isEmpty == true)
    }

    @Test func aLongPollIsHeldUntilAnUpdateArrives() throws {
        let answered = Mutex<(Date, Int)?>(nil)
        let started = Date()
        Thread.detachNewThread { [self] in
            let count = ((try? call("getUpdates", ["timeout": 4]))?.json["result"] as? [Any])?.count ?? -1
            answered.withLock { $0 = (Date(), count) }
        }
        #expect(Eventually.wait { !telegram.calls("getUpdates").isEmpty })
        #expect(answered.withLock { $0 } == nil, "the poll came back with nothing queued")
        telegram.userSends("/help")
        #expect(Eventually.wait { answered.withLock { $0 } != nil })
        let (at, count) = try #require(answered.withLock { $0 })
        #expect(count == 1)
        #expect(at.timeIntervalSince(started) < 3, "the poll waited for its timeout, not for the update")
    }

    @Test func allowedUpdatesLeavesOutTheTypesItDoesNotName() throws {
        _ = try call("getUpdates", ["allowed_updates": ["callback_query"]])
        #expect(telegram.userSends("hello") == nil)
        telegram.userPresses("mute:btc", on: 1)
        let updates = try #require((try call("getUpdates")).json["result"] as? [[String: Any]])
        #expect(updates.count == 1 && updates.first?["callback_query"] != nil)
    }

    @Test func aPressedButtonIsACallbackQueryToAnswerAndItsKeyboardCanBeEdited() throws {
        let keyboard = #"{"inline_keyboard": [[{"text": "Mute 1h", "callback_data": "mute:btc:1h"}]]}"#
        let sent = try call("sendMessage", ["chat_id": 42, "text": "<b>BTC</b> below 100 &amp; falling", "parse_mode": "HTML",
                                            "reply_markup": keyboard])
        #expect(sent.status == 200, "\(sent.json)")
        let message = try #require(sent.json["result"] as? [String: Any])
        #expect(message["text"] as? String == "BTC below 100 & falling")
        let messageID = try #require(message["message_id"] as? Int)
        let query = telegram.userPresses("mute:btc:1h", on: messageID, from: 42)
        let update = try #require(((try call("getUpdates")).json["result"] as? [[String: Any]])?.first)
        let callback = try #require(update["callback_query"] as? [String: Any])
        #expect(callback["id"] as? String == query && callback["data"] as? String == "mute:btc:1h")
        #expect((callback["message"] as? [String: Any])?["message_id"] as? Int == messageID)
        #expect((try call("answerCallbackQuery", ["callback_query_id": query, "text": "muted"])).json["result"] as? Bool == true)
        #expect(telegram.api.answered(query))
        #expect((try call("answerCallbackQuery", ["callback_query_id": "nope"])).status == 400)
        let edited = try call("editMessageReplyMarkup", ["chat_id": 42, "message_id": messageID, "reply_markup": #"{"inline_keyboard": []}"#])
        #expect(edited.status == 200 && (edited.json["result"] as? [String: Any])?["edit_date"] is Int, "\(edited.json)")
        let again = try call("editMessageReplyMarkup", ["chat_id": 42, "message_id": messageID, "reply_markup": #"{"inline_keyboard": []}"#])
        #expect(again.status == 400 && (again.json["description"] as? String)?.contains("message is not modified") == true)
    }

    @Test func textTheHTMLParseModeCannotReadIsRefusedAsTheRealAPIDoes() throws {
        let answer = try call("sendMessage", ["chat_id": 42, "text": "price < 100", "parse_mode": "HTML"])
        #expect(answer.status == 400 && answer.json["error_code"] as? Int == 400)
        #expect((answer.json["description"] as? String)?.hasPrefix("Bad Request: can't parse entities") == true)
        #expect((try call("sendMessage", ["chat_id": 42, "text": String(repeating: "x", count: 4097)])).status == 400)
        #expect((try call("sendMessage", ["chat_id": 42, "text": String(repeating: "x", count: 4096)])).status == 200)
    }

    @Test func aPhotoUploadedAsMultipartIsKeptWithItsCaption() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0x03, 0x20, 0, 0, 0x01, 0x90, 8, 6, 0, 0, 0]
        let boundary = "coinwatch-boundary-7f3a"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n42\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nBTC 24h\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"chart.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += png + Array("\r\n--\(boundary)--\r\n".utf8)
        let answer = try call("sendPhoto", contentType: "multipart/form-data; boundary=\(boundary)", body: body)
        #expect(answer.status == 200, "\(answer.json)")
        let message = try #require(answer.json["result"] as? [String: Any])
        let photo = try #require((message["photo"] as? [[String: Any]])?.first)
        #expect(photo["width"] as? Int == 800 && photo["height"] as? Int == 400 && photo["file_id"] is String)
        #expect(message["caption"] as? String == "BTC 24h")
        let recorded = try #require(telegram.calls("sendPhoto").first)
        #expect(recorded.files["photo"]?.bytes == png && recorded.files["photo"]?.contentType == "image/png")
        #expect(recorded.parameters["chat_id"] == "42")
    }

    @Test func aFloodAnswers429WithRetryAfterUntilItEnds() throws {
        telegram.flood(retryAfter: 7, requests: 2, methods: ["sendMessage"])
        for _ in 0..<2 {
            let answer = try call("sendMessage", ["chat_id": 42, "text": "hi"])
            #expect(answer.status == 429 && answer.json["description"] as? String == "Too Many Requests: retry after 7")
            #expect((answer.json["parameters"] as? [String: Any])?["retry_after"] as? Int == 7)
        }
        #expect((try call("getUpdates")).status == 200)
        #expect((try call("sendMessage", ["chat_id": 42, "text": "hi"])).status == 200)
        #expect(telegram.calls("sendMessage").count == 3)
    }

    @Test func aWrongTokenIs401AndAPathThatIsNoBotMethodIs404() throws {
        let wrong = try call("getMe", token: "7712345678:AAHk3-wrong")
        #expect(wrong.status == 401 && wrong.json["description"] as? String == "Unauthorized" && wrong.json["ok"] as? Bool == false)
        #expect((try call("getMe", token: "not-a-token")).status == 404)
        #expect((try call("noSuchMethod")).status == 404)
        #expect(telegram.calls.map(\.method) == ["noSuchMethod"])
        #expect((try call("getMe")).json["result"].flatMap { $0 as? [String: Any] }?["is_bot"] as? Bool == true)
    }
}
