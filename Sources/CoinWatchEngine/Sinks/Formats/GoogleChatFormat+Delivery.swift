import CoinWatchSupport
import CoinWatchRules
/// Google Chat: `{"text": "…"}` with `&`, `<`, `>` escaped (no mentions or links from a provider) and a
/// zero-width space after `*`, `_`, `~`, `` ` `` (its text has no backslash escape: no styling), the coin's
/// page as `<url|coingecko>`; 4,096 characters, counted escaped.
extension GoogleChatFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(4096, .utf16, htmlEscaped: true, styleEscaped: true)

    static func link(for alert: Alert) -> String? { WebhookPayload.angleLink(alert) }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        var out = JSONOut()
        out.add("text", lines.map { UnstyledText.escape(HTMLText.escape($0.text)) + ($0.link ?? "") }.joined(separator: "\n"))
        return WebhookPayload.Message(body: out.text)
    }
}
