import CoinWatchSupport
import CoinWatchRules
/// Slack: `text` the title (Slack shows it above the attachments, so the lines go there only once) and one colored
/// attachment per alert with its line as mrkdwn, `&`, `<`, `>`
/// escaped (no `<!channel>`) and a zero-width space after `*`, `_`, `~`, `` ` `` (mrkdwn has no backslash
/// escape: no styling), the page as `<url|coingecko>`; 40,000 characters, 3,000 a section, 50 blocks.
extension SlackFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(40_000, .utf16, htmlEscaped: true, styleEscaped: true, perItem: 3000)
    static let maxItems = 50

    static func link(for alert: Alert) -> String? { WebhookPayload.angleLink(alert) }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let attachments = lines.map { line in
            let text = escape(line.text)
            return "{\"color\":\"\(AlertColor(line.alert).hex)\",\"fallback\":\(JSONOut.quote(text)),"
                + "\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":\"mrkdwn\",\"text\":\(JSONOut.quote(text + (line.link ?? "")))}}]}"
        }
        let title = escape(WebhookPayload.title(for: alerts))
        return WebhookPayload.Message(body: "{\"text\":\(JSONOut.quote(title)),\"attachments\":\(JSONOut.array(attachments))}")
    }

    /// `text` as literal mrkdwn: no link, mention or styling.
    static func escape(_ text: String) -> String { UnstyledText.escape(HTMLText.escape(text)) }
}
