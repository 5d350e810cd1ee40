import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchChart

/// Matrix: an `m.text` event PUT with the Idempotency-Key as transaction id, with `formatted_body` HTML
/// when a line links its page (30,000 bytes each); the chart uploaded, then shown by an `m.image` event.
extension MatrixFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(30_000, .jsonEscaped, htmlEscaped: true, breakSize: 6)
    static let method = "PUT"
    /// The media upload endpoint (client-server API v3).
    static let uploadPath = "/_matrix/media/v3/upload"

    static func url(for config: WebhookConfig, key: String) -> String {
        config.root + "/_matrix/client/v3/rooms/\(QueryString.escape(config.room ?? ""))/send/m.room.message/" + QueryString.escape(key)
    }

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let formatted = lines.contains(where: { $0.link != nil }) ? lines.map { line in
            HTMLText.escape(line.text).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .joined(separator: "<br>") + (line.link ?? "")
        }.joined(separator: "<br>") : nil
        return WebhookPayload.Message(body: textEvent(lines.map(\.text).joined(separator: "\n"), formatted: formatted),
                                      headers: [authorization(config)])
    }

    /// An `m.text` event of `body`, with `formatted` as its `org.matrix.custom.html` `formatted_body` when given. Its empty
    /// `m.mentions` mentions no one, so a homeserver never reads its text for mentions: neither `@room` nor a symbol that
    /// is a member's display name (SOL, a member called Sol) pings anyone (SPEC §3).
    static func textEvent(_ body: String, formatted: String? = nil) -> String {
        var out = JSONOut()
        out.add("msgtype", "m.text")
        out.add("body", body)
        if let formatted {
            out.add("format", "org.matrix.custom.html")
            out.add("formatted_body", formatted)
        }
        out.addRaw("m.mentions", "{}")
        return out.text
    }

    /// The HTML anchor (`WebhookPayload.htmlLink`) in `formatted_body`.
    static func link(for alert: Alert) -> String? { WebhookPayload.htmlLink(alert) }

    /// After the text event: the upload, then (once it named the image's mxc:// URI) an m.image event.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        var out = parts
        out.append(WebhookRequest.Part(url: uploadURL(config), method: "POST", contentType: "image/png", headers: [authorization(config)],
                                       body: chart, keySuffix: "-chart-upload"))
        if let uploaded {
            out.append(WebhookRequest.Part(url: "", method: "PUT", contentType: "application/json", headers: [authorization(config)],
                                           body: Array(imageEvent(uri: uploaded, size: chart.count, caption: nil).utf8), keySuffix: "-chart"))
        }
        return out
    }

    /// Where a chart is uploaded (`uploadPath`), named `ChartImage.filename`.
    static func uploadURL(_ config: WebhookConfig) -> String { config.root + uploadPath + "?filename=" + ChartImage.filename }

    /// The `m.image` event showing the uploaded PNG chart `uri` of `size` bytes: `caption` as its body and the file
    /// named by `filename` (Matrix's media caption), or without a caption the file's name as its body; no mentions.
    static func imageEvent(uri: String, size: Int, caption: String?) -> String {
        var event = JSONOut()
        event.add("msgtype", "m.image")
        event.add("body", caption ?? ChartImage.filename)
        if caption != nil { event.add("filename", ChartImage.filename) }
        event.add("url", uri)
        event.addRaw("info", "{\"mimetype\":\"image/png\",\"size\":\(size),\"w\":\(PriceChart.width),\"h\":\(PriceChart.height)}")
        event.addRaw("m.mentions", "{}")
        return event.text
    }

    /// The `content_uri` of an upload's answer (`{"content_uri": "mxc://…"}`), nil for another request or when it names none.
    static func uploadedChart(request: HTTPRequest, body: [UInt8]) -> String? {
        guard request.url.contains(uploadPath), let uri = (try? JSONParser.parse(body))?["content_uri"]?.stringValue,
              uri.hasPrefix("mxc://") else { return nil }
        return uri
    }

    static func controlTransport(sink: String, config: WebhookConfig) -> (any ControlTransport)? { MatrixClientAPI(sink: sink, config: config) }

    /// `Authorization: Bearer <token>`.
    static func authorization(_ config: WebhookConfig) -> HTTPHeader { HTTPHeader("Authorization", "Bearer \(config.token ?? "")") }
}
