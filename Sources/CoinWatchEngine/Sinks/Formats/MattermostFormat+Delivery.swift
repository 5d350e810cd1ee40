import CoinWatchSupport
import CoinWatchRules
/// Mattermost: `{"text", "attachments"}`, one attachment with a color bar per alert holding its line and its page as
/// `[coingecko](url)`; the text is markdown with @mentions, so every markup character is escaped. 16,383 characters.
extension MattermostFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(16_383, .utf16, markdownEscaped: true)

    /// ` · [coingecko](https://www.coingecko.com/en/coins/bitcoin)`: the url holds no markup (`MarketProvider.pageURL`).
    static func link(for alert: Alert) -> String? {
        WebhookPayload.page(alert).map { " · [" + MarkdownText.escape(WebhookPayload.linkLabel(alert)) + "](" + $0 + ")" }
    }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let attachments = lines.map { line in
            "{\"color\":\"\(AlertColor(line.alert).hex)\",\"fallback\":\(JSONOut.quote(line.text)),"
                + "\"text\":\(JSONOut.quote(MarkdownText.escape(line.text) + (line.link ?? "")))}"
        }
        let title = MarkdownText.escape(WebhookPayload.title(for: lines.map(\.alert)))
        return WebhookPayload.Message(body: "{\"text\":\(JSONOut.quote(title)),\"attachments\":\(JSONOut.array(attachments))}")
    }
}
