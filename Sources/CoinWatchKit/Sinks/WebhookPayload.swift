/// The HTTP bodies a chat service expects for one message (SPEC §3), split at its length limit.
public enum WebhookPayload {
    /// One POST: body, content type and format-specific headers.
    public struct Message: Sendable, Equatable {
        public var body: String
        public var contentType: String
        public var headers: [HTTPHeader]
    }

    /// The text a chat message shows for `alerts`: one line per alert, in order.
    public static func text(for alerts: [Alert]) -> String {
        alerts.map(\.message).joined(separator: "\n")
    }

    /// The parts, in order, that carry `alerts` (one alert, or a group) to a sink of `config`.
    public static func messages(for alerts: [Alert], config: WebhookConfig) -> [Message] {
        guard let limit = TextLimit.of(config.format) else {
            let grouped = config.group || alerts.count != 1
            let body = grouped ? JSONOut.array(alerts.map(AlertRecord.json)) : alerts.map(AlertRecord.json).joined()
            return [Message(body: body, contentType: "application/json", headers: [])]
        }
        return TextSplitter.split(text(for: alerts), limit: limit).map { message(text: $0, alerts: alerts, config: config) }
    }

    private static func message(text: String, alerts: [Alert], config: WebhookConfig) -> Message {
        let json = "application/json"
        switch config.format {
        case .slack:
            return Message(body: "{\"text\":\(JSONOut.quote(SlackText.escape(text)))}", contentType: json, headers: [])
        case .discord:
            // No @everyone or role pings from an alert text.
            return Message(body: "{\"content\":\(JSONOut.quote(text)),\"allowed_mentions\":{\"parse\":[]}}",
                           contentType: json, headers: [])
        case .telegram:
            let chat = config.chatID ?? ""
            let chatJSON = Int64(chat) != nil ? chat : JSONOut.quote(chat)
            return Message(body: "{\"chat_id\":\(chatJSON),\"text\":\(JSONOut.quote(text))}", contentType: json, headers: [])
        case .ntfy:
            return Message(body: text, contentType: "text/plain; charset=utf-8", headers: NtfyHeaders.make(for: alerts))
        case .teams:
            return Message(body: TeamsCard.body(text: text), contentType: json, headers: [])
        case .json:
            return Message(body: JSONOut.array(alerts.map(AlertRecord.json)), contentType: json, headers: [])
        }
    }
}
