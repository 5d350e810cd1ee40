#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ntfy's `Title`, `Priority` and `Tags` headers for a message.
enum NtfyHeaders {
    /// `Title: coinwatch: BTC btc-100k` (or `coinwatch: 3 alerts`), `Priority: high` for firing alerts
    /// (`default` when all are resolved), `Tags` the emoji short codes of the alerts' directions:
    /// `chart_with_upwards_trend` for a rise, `chart_with_downwards_trend` for a fall, `white_check_mark`
    /// for a resolved one, `bell` when the direction is unknown (never a rising chart on a fall).
    static func make(for alerts: [Alert]) -> [HTTPHeader] {
        let title = WebhookPayload.title(for: alerts)
        var tags: [String] = []
        for alert in alerts {
            let tag: String
            switch AlertColor(alert) {
            case .green: tag = "chart_with_upwards_trend"
            case .red: tag = "chart_with_downwards_trend"
            case .grey: tag = "white_check_mark"
            case .blue: tag = "bell"
            }
            if !tags.contains(tag) { tags.append(tag) }
        }
        return [
            HTTPHeader("Title", headerValue(title)),
            HTTPHeader("Priority", WebhookPayload.resolvedOnly(alerts) ? "default" : "high"),
            HTTPHeader("Tags", tags.joined(separator: ",")),
        ]
    }

    /// ASCII text as is; anything else as an RFC 2047 encoded word, which ntfy decodes. Line breaks become spaces.
    static func headerValue(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        guard !flat.allSatisfy({ $0.isASCII }) else { return flat }
        return "=?UTF-8?B?" + Data(flat.utf8).base64EncodedString() + "?="
    }
}
