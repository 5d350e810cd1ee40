import CoinWatchSupport
import CoinWatchRules
/// The mail an `email` sink sends for one message (RFC 5322): `Message-ID` from the Idempotency-Key, the
/// text in base64, each line followed by its page; with a chart, `multipart/related` (SPEC §12).
package enum MailMessage {
    /// The whole message, CRLF line ends, for `alerts` under `key`, dated when it is `sent`.
    package static func make(for alerts: [Alert], key: String, config: EmailConfig, sent: SendTime, chart: [UInt8]?) -> [UInt8] {
        let text = alerts.map { WebhookPayload.line(for: $0, sent: sent) + (WebhookPayload.page($0).map { "\n" + $0 } ?? "") }.joined(separator: "\n")
            .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\r\n") + "\r\n"
        var contentType = "text/plain; charset=utf-8"
        var body = base64Lines(Array(text.utf8))
        var encoding: String? = "Content-Transfer-Encoding: base64"
        if let chart {
            var related = MultipartBody(seed: key)
            related.part(headers: ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64"], Array(body.utf8))
            related.part(headers: ["Content-Type: image/png; name=\"\(ChartImage.filename)\"", "Content-Transfer-Encoding: base64",
                                   "Content-ID: <chart-\(key)@coinwatch>",
                                   "Content-Disposition: inline; filename=\"\(ChartImage.filename)\""], Array(base64Lines(chart).utf8))
            let encoded = related.encoded("related", parameters: "type=\"text/plain\"")
            contentType = encoded.contentType
            body = String(decoding: encoded.body, as: UTF8.self)
            encoding = nil
        }
        let lines = [
            "Date: \(TimeText.mailDate(sent.now))",
            MailHeader.addresses("From", [config.from]),
            MailHeader.addresses("To", config.to),
            MailHeader.text("Subject", subject(for: alerts)),
            "Message-ID: <\(key)@coinwatch>",
            "MIME-Version: 1.0",
            "Content-Type: \(contentType)",
        ] + (encoding.map { [$0] } ?? []) + [
            "X-Coinwatch-Key: \(key)",
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    /// One alert: its line (`RESOLVED: ` before a resolved one); a group: `coinwatch: 3 alerts (BTC, ETH, SOL)`.
    package static func subject(for alerts: [Alert]) -> String {
        if alerts.count == 1, let alert = alerts.first { return WebhookPayload.line(for: alert, sent: nil) }
        let symbols = alerts.map(\.symbol).uniqued()
        let shown = symbols.prefix(6).joined(separator: ", ") + (symbols.count > 6 ? ", …" : "")
        return "coinwatch: \(alerts.count) alerts (\(shown))"
    }

    /// `bytes` in base64, 76 characters a line, CRLF after each.
    private static func base64Lines(_ bytes: [UInt8]) -> String {
        let encoded = Array(bytes.base64.utf8)
        var out = ""
        var start = 0
        while start < encoded.count {
            let end = min(start + 76, encoded.count)
            out += String(decoding: encoded[start..<end], as: UTF8.self) + "\r\n"
            start = end
        }
        return out
    }
}
