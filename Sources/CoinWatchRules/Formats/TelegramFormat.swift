import CoinWatchSupport
import CoinWatchTransport
/// The Telegram Bot API (SPEC §3): HTML `sendMessage` to `chat_id`, 4,096 characters; the chart
/// by `sendPhoto`. Its chat may be under `control` (SPEC §13).
package enum TelegramFormat: ControlFormat {
    package static let name = "telegram"
    package static let requiredFields: [(key: String, what: String)] = [("chat_id", "the chat to post to")]
    package static let carriesChart = true
    package static let showsButtons = true
    package static let example = #"""
        "telegram": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/bot${TELEGRAM_TOKEN}",
                       "chat_id": -1001234567890, "chart": "1d"}
        """#

    /// `chat_id`: the chat of the latest message to the bot whose sink URL is `url` (`getUpdates`); none when the bot
    /// has had none or cannot be asked.
    package static func starterFields(url: String, transport: any HTTPTransport) -> [String: String] {
        let request = HTTPRequest(url: bot(url: url) + "/getUpdates", followsRedirects: false)
        guard case .success(let response) = transport.perform(request), (200..<300).contains(response.status),
              let root = try? JSONParser.parse(response.body), let updates = root["result"]?.elements else { return [:] }
        for update in updates.reversed() {
            for kind in ["message", "edited_message", "channel_post", "my_chat_member"] {
                if let id = update[kind]?["chat"]?["id"]?.numberValue, id == id.rounded(), abs(id) < 1e15 {
                    return ["chat_id": String(Int64(id))]
                }
            }
        }
        return [:]
    }

    /// `https://api.telegram.org/bot<token>`: a sink's URL without its trailing slashes or `/sendMessage`, however it
    /// is written (`…/bot<token>`, `…/bot<token>/sendMessage/`).
    package static func bot(url: String) -> String {
        var root = WebhookConfig.root(of: url)
        if root.hasSuffix("/sendMessage") { root.removeLast("/sendMessage".count) }
        return root
    }

    package static let senders = "Telegram user ids"
    package static var senderSchema: JSONNode { RulesSchema.node(["type": "integer", "minimum": 1, "exclusiveMaximum": 1e15]) }

    /// A numeric user id.
    package static func sender(_ node: JSONNode, path: String, validator: inout RulesValidator) -> String? {
        guard let number = node.numberValue, number == number.rounded(), number > 0, number < 1e15 else {
            validator.error("expected a numeric Telegram user id such as 123456789 (ask @userinfobot), got \(node.typeName)", at: node, path: path)
            return nil
        }
        return String(Int64(number))
    }

    /// Updates name a chat by its number only, so a chat given as `@channel` would never hear a command.
    package static func uncommandable(chat: String) -> String? {
        chat.hasPrefix("@") ? "names its chat_id by username (@…), which no incoming command carries; control.telegram "
            + "needs the chat's numeric id (such as -1001234567890: see docs/control.md)" : nil
    }
}
