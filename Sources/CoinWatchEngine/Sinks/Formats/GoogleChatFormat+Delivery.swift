import CoinWatchSupport
import CoinWatchRules
/// Google Chat: `{"text": "…"}`, every line of the message; `&`, `<`, `>` escaped, so `<users/all>`
/// or `<https://…|text>` from a provider mentions and links nothing. 4,096 characters, counted escaped.
extension GoogleChatFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(4096, .utf16, htmlEscaped: true)

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        var out = JSONOut()
        out.add("text", HTMLText.escape(lines.map(\.text).joined(separator: "\n")))
        return WebhookPayload.Message(body: out.text, contentType: "application/json", headers: [])
    }
}
