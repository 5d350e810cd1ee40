import CoinWatchTransport
import CoinWatchRules
import FoundationEssentials

/// ntfy: the text as the body with `Title`, `Priority`, `Tags` and `Click` headers; 4,096 bytes; the
/// chart as the body of a PUT with the text in the `Message` header.
extension NtfyFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(4096, .utf8)

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        WebhookPayload.Message(body: lines.map(\.text).joined(separator: "\n"), contentType: "text/plain; charset=utf-8",
                               headers: headers(for: lines.map(\.alert)))
    }

    /// The image as the body of a PUT; the text in the `Message` header.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        guard var first = parts.first, let message = messages.first else { return parts }
        first.method = "PUT"
        first.contentType = "image/png"
        first.headers += [HTTPHeader("Filename", ChartImage.filename), HTTPHeader("Message", messageHeader(message.body))]
        first.body = chart
        return [first] + parts.dropFirst()
    }

    /// The `Message` header for `text`: line breaks as `\n`, which the service turns back into
    /// them; anything not ASCII as one RFC 2047 encoded word, which it decodes.
    static func messageHeader(_ text: String) -> String {
        var escaped = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\r": escaped += "\\n"
            case "\n": if !afterCR { escaped += "\\n" }  // CR LF is one line break
            default: escaped.unicodeScalars.append(scalar)
            }
            afterCR = scalar == "\r"
        }
        guard !escaped.allSatisfy({ $0.isASCII && !$0.isNewline }) else { return escaped }
        return "=?UTF-8?B?" + escaped.utf8.base64 + "?="
    }

    /// `Title`, `Priority` (`high`, `default` when all are resolved) and `Tags`, an emoji short code of the direction.
    static func headers(for alerts: [Alert]) -> [HTTPHeader] {
        let resolved = WebhookPayload.resolvedOnly(alerts)
        let title = WebhookPayload.title(for: alerts)
        return [
            HTTPHeader("Title", headerValue(title)),
            HTTPHeader("Priority", resolved ? "default" : "high"),
            HTTPHeader("Tags", resolved ? "white_check_mark" : tag(for: alerts)),
        ] + (WebhookPayload.sharedURL(alerts).map { [HTTPHeader("Click", headerValue($0))] } ?? [])
    }

    /// The tag of firing `alerts`: the direction they all share (`Alert.direction`), else `bell`.
    private static func tag(for alerts: [Alert]) -> String {
        let firing = alerts.filter { $0.status == .firing }
        let directions = Set(firing.map(\.direction))
        guard directions.count == 1, let direction = directions.first else { return "bell" }
        switch direction {
        case .rise: return "chart_with_upwards_trend"
        case .fall: return "chart_with_downwards_trend"
        case .neutral: return "bell"
        }
    }

    /// ASCII text as is; anything else as an RFC 2047 encoded word, which the service decodes. Line breaks become spaces.
    static func headerValue(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        guard !flat.allSatisfy({ $0.isASCII }) else { return flat }
        return "=?UTF-8?B?" + flat.utf8.base64 + "?="
    }
}
