import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
/// The HTTP bodies a chat service expects for one message (SPEC §3), split at its length limit.
package enum WebhookPayload {
    /// One POST: body, content type and format-specific headers.
    package struct Message: Sendable, Equatable {
        package var body: String
        package var contentType: String
        package var headers: [HTTPHeader]
    }

    /// The text a message shows for `alerts`: one line per alert, in order, a resolved one marked
    /// `RESOLVED: `, and one older than `SendTime.lateAfter` when sent says when it happened.
    package static func text(for alerts: [Alert], sent: SendTime? = nil) -> String {
        alerts.map { line(for: $0, sent: sent) }.joined(separator: "\n")
    }

    /// One alert's line: `RESOLVED: ` before a resolved one, ` (at 16:39 UTC)` after a late one.
    package static func line(for alert: Alert, sent: SendTime?) -> String {
        let text = alert.status == .resolved ? "RESOLVED: " + alert.message : alert.message
        guard let note = sent?.lateNote(for: alert) else { return text }
        return text + " (" + note + ")"
    }

    /// The parts, in order, that carry `alerts` (one alert, or a group) to a sink of `config`, sent at `sent`:
    /// the alerts' lines packed into parts within the format's limits, each line whole where it fits.
    package static func messages(for alerts: [Alert], config: WebhookConfig, sent: SendTime? = nil) -> [Message] {
        guard let limit = TextLimit.of(config.format) else {
            let grouped = config.group || alerts.count != 1
            let body = grouped ? JSONOut.array(alerts.map(AlertRecord.json)) : alerts.map(AlertRecord.json).joined()
            return [Message(body: body, contentType: "application/json", headers: [])]
        }
        let lines = alerts.map { line(for: $0, sent: sent) }
        return TextSplitter.pack(lines, limit: limit, maxItems: TextLimit.maxItems(config.format)).map { part in
            message(part.map { Line(alert: alerts[$0.index], text: $0.text) }, alerts: alerts, config: config)
        }
    }

    /// One line of a message and the alert it is about.
    struct Line {
        var alert: Alert
        var text: String
    }

    private static func message(_ lines: [Line], alerts: [Alert], config: WebhookConfig) -> Message {
        let json = "application/json"
        let text = lines.map(\.text).joined(separator: "\n")
        switch config.format {
        case .slack:
            return Message(body: SlackMessage.body(lines), contentType: json, headers: [])
        case .discord:
            // Embeds with a color bar; no @everyone or role pings from an alert text, and no markdown:
            // provider text reads as it is (SPEC §3).
            let embeds = lines.map { line in
                "{\"description\":\(JSONOut.quote(DiscordText.escape(line.text))),\"color\":\(AlertColor(line.alert).rgb)}"
            }
            return Message(body: "{\"embeds\":\(JSONOut.array(embeds)),\"allowed_mentions\":{\"parse\":[]}}",
                           contentType: json, headers: [])
        case .telegram:
            let chat = config.chatID ?? ""
            let chatJSON = Int64(chat) != nil ? chat : JSONOut.quote(chat)
            let markup = config.controlButtons ? ControlButtons.markup(for: alerts).map { ",\"reply_markup\":" + $0 } ?? "" : ""
            return Message(body: "{\"chat_id\":\(chatJSON),\"text\":\(JSONOut.quote(telegramHTML(lines))),\"parse_mode\":\"HTML\"\(markup)}",
                           contentType: json, headers: [])
        case .ntfy:
            return Message(body: text, contentType: "text/plain; charset=utf-8", headers: NtfyHeaders.make(for: lines.map(\.alert)))
        case .teams:
            return Message(body: TeamsCard.body(lines), contentType: json, headers: [])
        case .pushover:
            var out = JSONOut()
            out.add("token", config.token ?? "")
            out.add("user", config.user ?? "")
            // A provider's long symbol must not make Pushover refuse the message: the title is cut whole-character.
            out.add("title", TextSplitter.split(title(for: alerts), limit: TextLimit.pushoverTitle).first ?? "")
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

    /// Telegram's HTML: every line escaped (provider names, symbols and template values are plain text
    /// there), a resolved line's mark in bold.
    static func telegramHTML(_ lines: [Line]) -> String {
        lines.map { line in
            let escaped = SlackText.escape(line.text)
            let mark = "RESOLVED: "
            guard line.alert.status == .resolved, escaped.hasPrefix(mark) else { return escaped }
            return "<b>RESOLVED</b>: " + escaped.dropFirst(mark.count)
        }.joined(separator: "\n")
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
}
