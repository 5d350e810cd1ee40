import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
/// Gotify: `{"title","message","priority"}` to `<url>/message` (priority 2 when all resolved, else 5),
/// the app token as `X-Gotify-Key`, a click URL when the alerts share a page; 16,000 bytes.
extension GotifyFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(16_000, .utf8)

    static func url(for config: WebhookConfig, key: String) -> String {
        config.root.hasSuffix("/message") ? config.url : config.root + "/message"
    }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        var out = JSONOut()
        out.add("title", WebhookPayload.title(for: alerts))
        out.add("message", lines.map(\.text).joined(separator: "\n"))
        out.add("priority", WebhookPayload.resolvedOnly(alerts) ? 2 : 5)
        if let url = WebhookPayload.sharedURL(alerts) {
            out.addRaw("extras", "{\"client::notification\":{\"click\":{\"url\":\(JSONOut.quote(url))}}}")
        }
        return WebhookPayload.Message(body: out.text,
                                      headers: [HTTPHeader("X-Gotify-Key", config.token ?? "")])
    }
}
