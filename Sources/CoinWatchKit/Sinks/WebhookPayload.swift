/// The HTTP bodies a chat service expects for a message (SPEC §3), split at its length limit.
public enum WebhookPayload {
    /// One POST: body, content type and format-specific headers.
    public struct Message: Sendable, Equatable {
        public var body: String
        public var contentType: String
        public var headers: [HTTPHeader]
    }

    /// Characters one message may hold, where the service has a limit.
    public static func limit(of format: WebhookConfig.Format) -> Int? {
        switch format {
        case .discord: return 2000
        case .telegram: return 4096
        case .slack: return 40_000
        case .teams: return 28_000
        case .ntfy: return 4096
        case .json: return nil
        }
    }

    /// The messages that carry `alerts` (one alert, or a grouped batch) to a sink of `config`.
    public static func messages(for alerts: [Alert], config: WebhookConfig) -> [Message] {
        if config.format == .json {
            let body = alerts.count == 1 && !config.group
                ? AlertRecord.json(alerts[0]) : JSONOut.array(alerts.map(AlertRecord.json))
            return [Message(body: body, contentType: "application/json", headers: [])]
        }
        let text = alerts.map(\.message).joined(separator: "\n")
        let parts = limit(of: config.format).map { split(text, limit: $0) } ?? [text]
        return parts.map { message(text: $0, alerts: alerts, config: config) }
    }

    private static func message(text: String, alerts: [Alert], config: WebhookConfig) -> Message {
        let json = "application/json"
        switch config.format {
        case .slack:
            return Message(body: "{\"text\":\(JSONOut.quote(text))}", contentType: json, headers: [])
        case .discord:
            return Message(body: "{\"content\":\(JSONOut.quote(text))}", contentType: json, headers: [])
        case .telegram:
            let chat = config.chatID ?? ""
            let chatJSON = Int64(chat) != nil ? chat : JSONOut.quote(chat)
            return Message(body: "{\"chat_id\":\(chatJSON),\"text\":\(JSONOut.quote(text))}", contentType: json, headers: [])
        case .ntfy:
            let resolved = alerts.allSatisfy { $0.status == .resolved }
            let title = alerts.count == 1 ? "coinwatch: \(alerts[0].symbol) \(alerts[0].rule)" : "coinwatch: \(alerts.count) alerts"
            return Message(body: text, contentType: "text/plain; charset=utf-8", headers: [
                HTTPHeader("Title", title),
                HTTPHeader("Priority", resolved ? "default" : "high"),
                HTTPHeader("Tags", resolved ? "white_check_mark" : "chart_with_upwards_trend"),
            ])
        case .teams:
            let card = "{\"type\":\"AdaptiveCard\",\"$schema\":\"http://adaptivecards.io/schemas/adaptive-card.json\","
                + "\"version\":\"1.4\",\"body\":[{\"type\":\"TextBlock\",\"text\":\(JSONOut.quote(text)),\"wrap\":true}]}"
            let body = "{\"type\":\"message\",\"attachments\":[{\"contentType\":\"application/vnd.microsoft.card.adaptive\","
                + "\"contentUrl\":null,\"content\":\(card)}]}"
            return Message(body: body, contentType: json, headers: [])
        case .json:
            return Message(body: JSONOut.array(alerts.map(AlertRecord.json)), contentType: json, headers: [])
        }
    }

    /// Splits `text` into parts of at most `limit` characters, at line breaks where it can,
    /// never inside a character.
    public static func split(_ text: String, limit: Int) -> [String] {
        guard limit > 0, text.count > limit else { return [text] }
        var parts: [String] = []
        var rest = Substring(text)
        while rest.count > limit {
            let window = rest.prefix(limit)
            let cut = window.lastIndex(of: "\n").map { rest.index(after: $0) } ?? window.endIndex
            parts.append(String(rest[..<cut]).trimmingTrailingNewlines())
            rest = rest[cut...]
        }
        if !rest.isEmpty { parts.append(String(rest)) }
        return parts
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
