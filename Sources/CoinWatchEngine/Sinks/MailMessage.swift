import CoinWatchSupport
import CoinWatchRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The mail an `email` sink sends for one message (RFC 5322): `Date`, `Message-ID` from the
/// Idempotency-Key (so a resent mail is recognisably the same), `From`, `To` and `Subject` folded, with
/// non-ASCII names and text as RFC 2047 encoded words (`MailHeader`), and the alerts' text as a UTF-8
/// body in base64 (any line length, any text).
package enum MailMessage {
    /// The whole message, CRLF line ends, for `alerts` under `key`, dated when it is `sent`.
    package static func make(for alerts: [Alert], key: String, config: EmailConfig, sent: SendTime) -> [UInt8] {
        let lines = [
            "Date: \(TimeText.mailDate(sent.now))",
            MailHeader.addresses("From", [config.from]),
            MailHeader.addresses("To", config.to),
            MailHeader.text("Subject", subject(for: alerts)),
            "Message-ID: <\(key)@coinwatch>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "X-Coinwatch-Key: \(key)",
        ]
        let text = WebhookPayload.text(for: alerts, sent: sent).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .joined(separator: "\r\n") + "\r\n"
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + base64Lines(Array(text.utf8))).utf8)
    }

    /// One alert: its line (`RESOLVED: ` before a resolved one); a group: `coinwatch: 3 alerts (BTC, ETH, SOL)`.
    package static func subject(for alerts: [Alert]) -> String {
        if alerts.count == 1, let alert = alerts.first { return WebhookPayload.line(for: alert, sent: nil) }
        var symbols: [String] = []
        for alert in alerts where !symbols.contains(alert.symbol) { symbols.append(alert.symbol) }
        let shown = symbols.prefix(6).joined(separator: ", ") + (symbols.count > 6 ? ", …" : "")
        return "coinwatch: \(alerts.count) alerts (\(shown))"
    }

    /// `bytes` in base64, 76 characters a line, CRLF after each.
    private static func base64Lines(_ bytes: [UInt8]) -> String {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
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
