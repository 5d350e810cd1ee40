import CoinWatchSupport
import CoinWatchRules
/// Telegram: `{"chat_id","text","parse_mode":"HTML"}` to `sendMessage`, 4,096 characters as the HTML shows them, the page an
/// anchor on the provider's name, buttons for a chat under control; the chart by `sendPhoto`.
extension TelegramFormat: DeliveryFormat {
    /// Telegram counts the text its HTML shows (entities parsed), in UTF-16 code units (an emoji takes two).
    static let limit: TextLimit? = TextLimit(4096, .utf16, htmlShown: true)
    /// A photo's caption: 1,024 units, counted the same way.
    static let captionLimit = TextLimit(1024, .utf16, htmlShown: true)

    static func url(for config: WebhookConfig, key: String) -> String { bot(config) + "/sendMessage" }

    /// `https://api.telegram.org/bot<token>` (`bot(url:)`).
    static func bot(_ config: WebhookConfig) -> String { bot(url: config.url) }

    /// The HTML anchor (`WebhookPayload.htmlLink`).
    static func link(for alert: Alert) -> String? { WebhookPayload.htmlLink(alert) }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let markup = config.controlButtons ? buttons(for: alerts).map { ",\"reply_markup\":" + $0 } ?? "" : ""
        return WebhookPayload.Message(body: "{\"chat_id\":\(chatJSON(config.chatID ?? "")),\"text\":\(JSONOut.quote(html(lines))),\"parse_mode\":\"HTML\"\(markup)}")
    }

    /// `sendPhoto` with the text as its caption (and a chat under control's buttons); a text over the caption's limit
    /// follows as `sendMessage`, which then carries the buttons.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        let caption = html(alerts.map { WebhookPayload.Line(alert: $0, text: WebhookPayload.chatLine(for: $0, sent: sent), link: link(for: $0)) })
        let fits = captionLimit.size(ofMarkup: caption) <= captionLimit.count
        let (contentType, body) = photo(chart, chat: config.chatID ?? "", caption: fits ? caption : nil, html: true,
                                        markup: fits && config.controlButtons ? buttons(for: alerts) : nil,
                                        seed: StableHash.hex(alerts.map(\.id)))
        let sendPhoto = WebhookRequest.Part(url: bot(config) + "/sendPhoto", method: "POST", contentType: contentType,
                                            headers: [], body: body, keySuffix: fits ? nil : "-chart")
        return [sendPhoto] + (fits ? [] : parts)
    }

    /// `chat_id` as JSON: a numeric id as a number, a `@channel` name as a string.
    static func chatJSON(_ chat: String) -> String { Int64(chat) != nil ? chat : JSONOut.quote(chat) }

    /// The `sendPhoto` form of `png` to `chat` with `caption` (in HTML when `html`) and the `reply_markup` JSON `markup`,
    /// if any; `seed` makes the boundary, so a retry sends the same bytes.
    static func photo(_ png: [UInt8], chat: String, caption: String?, html: Bool, markup: String? = nil,
                      seed: String) -> (contentType: String, body: [UInt8]) {
        var form = MultipartBody(seed: seed)
        form.field("chat_id", chat)
        form.file("photo", filename: ChartImage.filename, contentType: "image/png", png)
        if let caption {
            form.field("caption", caption)
            if html { form.field("parse_mode", "HTML") }
        }
        if let markup { form.field("reply_markup", markup) }
        return form.encoded("form-data")
    }

    static func controlTransport(sink: String, config: WebhookConfig) -> (any ControlTransport)? { TelegramBotAPI(sink: sink, config: config) }

    /// The bot's HTML: every line escaped (provider names, symbols and template values are plain
    /// text there), a resolved line's mark in bold, then its link.
    static func html(_ lines: [WebhookPayload.Line]) -> String {
        lines.map { line in
            let escaped = HTMLText.escape(line.text)
            let mark = "✓ RESOLVED: "
            guard line.alert.status == .resolved, escaped.hasPrefix(mark) else { return escaped + (line.link ?? "") }
            return "✓ <b>RESOLVED</b>: " + escaped.dropFirst(mark.count) + (line.link ?? "")
        }.joined(separator: "\n")
    }
}
