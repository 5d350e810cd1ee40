import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CoinWatchChart

/// How each chat format carries a message's chart image (SPEC §12); the image always rides on the
/// first request, with the first part's text where the format allows.
enum ChartPayload {
    /// The image's file name in every format.
    static let filename = "chart.png"
    /// Matrix's media upload endpoint (client-server API v3).
    static let matrixUploadPath = "/_matrix/media/v3/upload"
    /// Telegram's limit on a photo's caption, in characters.
    static let captionLimit = 1024

    /// `parts` (the text-only requests of `messages`, in order) rewritten to carry `chart`.
    static func parts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert], chart: [UInt8],
                      config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        guard var first = parts.first, let message = messages.first else { return parts }
        let seed = StableHash.hex(alerts.map(\.id))
        switch config.format {
        case .telegram:
            // sendPhoto with the text as its caption; a text over the caption's limit follows as sendMessage.
            let caption = WebhookPayload.telegramHTML(alerts.map { WebhookPayload.Line(alert: $0, text: WebhookPayload.line(for: $0, sent: sent)) })
            let fits = caption.count <= captionLimit
            var form = MultipartBody(seed: seed)
            form.field("chat_id", config.chatID ?? "")
            form.file("photo", filename: filename, contentType: "image/png", chart)
            if fits {
                form.field("caption", caption)
                form.field("parse_mode", "HTML")
            }
            let (contentType, body) = form.encoded("form-data")
            let photo = WebhookRequest.Part(url: telegramPhotoURL(config.url), method: "POST", contentType: contentType,
                                            headers: [], body: body, keySuffix: fits ? nil : "-chart")
            return [photo] + (fits ? [] : parts)
        case .discord:
            // The first message's embeds as payload_json, its first embed showing the attached image.
            var form = MultipartBody(seed: seed)
            let prefix = "{\"embeds\":[{"
            let payload = message.body.hasPrefix(prefix)
                ? prefix + "\"image\":{\"url\":\"attachment://\(filename)\"}," + message.body.dropFirst(prefix.count)
                : message.body
            form.json("payload_json", payload)
            form.file("files[0]", filename: filename, contentType: "image/png", chart)
            (first.contentType, first.body) = form.encoded("form-data")
        case .ntfy:
            // The image as the body of a PUT; the text in the Message header.
            first.method = "PUT"
            first.contentType = "image/png"
            first.headers += [HTTPHeader("Filename", filename), HTTPHeader("Message", ntfyMessage(message.body))]
            first.body = chart
        case .pushover:
            // The image inline in the JSON, base64.
            var body = message.body
            if body.hasSuffix("}") {
                body.removeLast()
                body += ",\"attachment_base64\":\"\(Data(chart).base64EncodedString())\",\"attachment_type\":\"image/png\"}"
            }
            first.body = Array(body.utf8)
        case .matrix:
            // After the text event: the upload, then (once it named the image's mxc:// URI) an m.image event.
            let root = config.url.hasSuffix("/") ? String(config.url.dropLast()) : config.url
            let authorization = HTTPHeader("Authorization", "Bearer \(config.token ?? "")")
            var out = parts
            out.append(WebhookRequest.Part(url: root + matrixUploadPath + "?filename=" + filename, method: "POST",
                                           contentType: "image/png", headers: [authorization], body: chart, keySuffix: "-chart-upload"))
            if let uploaded {
                var event = JSONOut()
                event.add("msgtype", "m.image")
                event.add("body", filename)
                event.add("url", uploaded)
                event.addRaw("info", "{\"mimetype\":\"image/png\",\"size\":\(chart.count),\"w\":\(PriceChart.width),\"h\":\(PriceChart.height)}")
                out.append(WebhookRequest.Part(url: "", method: "PUT", contentType: "application/json", headers: [authorization],
                                               body: Array(event.text.utf8), keySuffix: "-chart"))
            }
            return out
        case .slack, .teams, .gotify, .json:
            return parts
        }
        return [first] + parts.dropFirst()
    }

    /// The `content_uri` of a Matrix media upload's answer (`{"content_uri": "mxc://…"}`), nil when it names none.
    static func uploadedURI(_ body: [UInt8]) -> String? {
        struct Answer: Decodable { var content_uri: String }
        guard let uri = try? JSONDecoder().decode(Answer.self, from: Data(body)).content_uri, uri.hasPrefix("mxc://") else { return nil }
        return uri
    }

    /// Telegram's sendPhoto endpoint for a sink URL (the bot root, or its sendMessage endpoint).
    static func telegramPhotoURL(_ url: String) -> String {
        let root = url.hasSuffix("/") ? String(url.dropLast()) : url
        return root.hasSuffix("/sendMessage") ? String(root.dropLast("/sendMessage".count)) + "/sendPhoto" : root + "/sendPhoto"
    }

    /// ntfy's `Message` header for `text`: line breaks as `\n`, which ntfy turns back into them;
    /// anything not ASCII as one RFC 2047 encoded word, which ntfy decodes.
    static func ntfyMessage(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\n")
        guard !escaped.allSatisfy({ $0.isASCII && !$0.isNewline }) else { return escaped }
        return "=?UTF-8?B?" + Data(escaped.utf8).base64EncodedString() + "?="
    }
}
