/// The HTTP bodies a chat service expects for one message (SPEC §3), split at its length limit.
public enum WebhookPayload {
    /// One POST: body, content type and format-specific headers.
    public struct Message: Sendable, Equatable {
        public var body: String
        public var contentType: String
        public var headers: [HTTPHeader]
    }

    /// The text a message shows for `alerts`: one line per alert, in order, a resolved one marked
    /// `RESOLVED: `, and one older than `SendTime.lateAfter` when sent says when it happened.
    public static func text(for alerts: [Alert], sent: SendTime? = nil) -> String {
        alerts.map { line(for: $0, sent: sent) }.joined(separator: "\n")
    }

    /// One alert's line: `RESOLVED: ` before a resolved one, ` (at 16:39 UTC)` after a late one.
    public static func line(for alert: Alert, sent: SendTime?) -> String {
        let text = alert.status == .resolved ? "RESOLVED: " + alert.message : alert.message
        guard let note = sent?.lateNote(for: alert) else { return text }
        return text + " (" + note + ")"
    }

    /// The parts, in order, that carry `alerts` (one alert, or a group) to a sink of `config`, sent at `sent`.
    public static func messages(for alerts: [Alert], config: WebhookConfig, sent: SendTime? = nil) -> [Message] {
        guard let limit = TextLimit.of(config.format) else {
            let grouped = config.group || alerts.count != 1
            let body = grouped ? JSONOut.array(alerts.map(AlertRecord.json)) : alerts.map(AlertRecord.json).joined()
            return [Message(body: body, contentType: "application/json", headers: [])]
        }
        return TextSplitter.split(text(for: alerts, sent: sent), limit: limit).map { message(text: $0, alerts: alerts, config: config) }
    }

    /// `coinwatch: BTC btc-100k` for one alert (`RESOLVED` after a resolved one), `coinwatch: 3 alerts` for a group.
    static func title(for alerts: [Alert]) -> String {
        guard alerts.count == 1, let alert = alerts.first else { return "coinwatch: \(alerts.count) alerts" }
        return "coinwatch: \(alert.symbol) \(alert.rule)" + (alert.status == .resolved ? " RESOLVED" : "")
    }

    /// Whether every alert is a resolved notice.
    static func resolvedOnly(_ alerts: [Alert]) -> Bool {
        !alerts.isEmpty && alerts.allSatisfy { $0.status == .resolved }
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
        case .pushover:
            var out = JSONOut()
            out.add("token", config.token ?? "")
            out.add("user", config.user ?? "")
            out.add("title", title(for: alerts))
            out.add("message", text)
            out.add("priority", resolvedOnly(alerts) ? -1 : 0)
            return Message(body: out.text, contentType: json, headers: [])
        case .gotify:
            var out = JSONOut()
            out.add("title", title(for: alerts))
            out.add("message", text)
            out.add("priority", resolvedOnly(alerts) ? 2 : 5)
            return Message(body: out.text, contentType: json, headers: [HTTPHeader("X-Gotify-Key", config.token ?? "")])
        case .matrix:
            var out = JSONOut()
            out.add("msgtype", "m.text")
            out.add("body", text)
            return Message(body: out.text, contentType: json,
                           headers: [HTTPHeader("Authorization", "Bearer \(config.token ?? "")")])
        case .json:
            return Message(body: JSONOut.array(alerts.map(AlertRecord.json)), contentType: json, headers: [])
        }
    }
}
