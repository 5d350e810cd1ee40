import CoinWatchSupport
import CoinWatchRules
/// Pushover: JSON with `token`, `user`, `title` (250 characters), `message` (1,024), `priority` (-1 when
/// all resolved), the coin's page as `url`, the chart as `attachment_base64`.
extension PushoverFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(1024, .utf16)
    /// The limit on a message's title.
    static let titleLimit = TextLimit(250, .utf16)

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        var out = JSONOut()
        out.add("token", config.token ?? "")
        out.add("user", config.user ?? "")
        // A provider's long symbol must not make the service refuse the message: the title is cut whole-character.
        out.add("title", TextSplitter.split(WebhookPayload.title(for: alerts), limit: titleLimit).first ?? "")
        out.add("message", lines.map(\.text).joined(separator: "\n"))
        out.add("priority", WebhookPayload.resolvedOnly(alerts) ? -1 : 0)
        if let url = WebhookPayload.sharedURL(alerts), let alert = alerts.first {
            out.add("url", url)
            out.add("url_title", WebhookPayload.linkLabel(alert))
        }
        return WebhookPayload.Message(body: out.text)
    }

    /// The image inline in the JSON, base64.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        guard var first = parts.first, var body = messages.first?.body, body.hasSuffix("}") else { return parts }
        body.removeLast()
        body += ",\"attachment_base64\":\"\(chart.base64)\",\"attachment_type\":\"image/png\"}"
        first.body = Array(body.utf8)
        return [first] + parts.dropFirst()
    }
}
