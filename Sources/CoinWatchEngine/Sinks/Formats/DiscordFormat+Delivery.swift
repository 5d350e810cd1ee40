import CoinWatchSupport
import CoinWatchRules
/// Discord: embeds with a color bar (10 at most), 2,000 characters of markdown-escaped text and no
/// mentions (SPEC §3); the coin's page linked from the embed's title; the chart as `files[0]`.
extension DiscordFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(2000, .utf16, markdownEscaped: true)
    static let maxItems = 10

    /// The embed's `"title":"coingecko","url":"https://www.coingecko.com/en/coins/bitcoin",`.
    static func link(for alert: Alert) -> String? {
        WebhookPayload.page(alert).map { "\"title\":\(JSONOut.quote(WebhookPayload.linkLabel(alert))),\"url\":\(JSONOut.quote($0))," }
    }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let embeds = lines.map { line in
            "{\(line.link ?? "")\"description\":\(JSONOut.quote(MarkdownText.escape(line.text))),\"color\":\(AlertColor(line.alert).rgb)}"
        }
        return WebhookPayload.Message(body: "{\"embeds\":\(JSONOut.array(embeds)),\"allowed_mentions\":{\"parse\":[]}}")
    }

    /// The first message's embeds as `payload_json`, its first embed showing the attached image.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        guard var first = parts.first, let message = messages.first else { return parts }
        var form = MultipartBody(seed: StableHash.hex(alerts.map(\.id)))
        let prefix = "{\"embeds\":[{"
        let payload = message.body.hasPrefix(prefix)
            ? prefix + "\"image\":{\"url\":\"attachment://\(ChartImage.filename)\"}," + message.body.dropFirst(prefix.count)
            : message.body
        form.json("payload_json", payload)
        form.file("files[0]", filename: ChartImage.filename, contentType: "image/png", chart)
        (first.contentType, first.body) = form.encoded("form-data")
        return [first] + parts.dropFirst()
    }
}
