import CoinWatchTransport
import CoinWatchRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ntfy's `Title`, `Priority` and `Tags` headers for a message.
enum NtfyHeaders {
    /// `Title: coinwatch: BTC btc-100k` (or `coinwatch: 3 alerts`), `Priority: high` for firing alerts
    /// (`default` when all are resolved), `Tags` an emoji short code showing the direction (SPEC §3):
    /// `chart_with_upwards_trend` for a rise, `chart_with_downwards_trend` for a fall,
    /// `white_check_mark` when resolved, `bell` for a message whose alerts disagree or say neither.
    static func make(for alerts: [Alert]) -> [HTTPHeader] {
        let resolved = !alerts.isEmpty && alerts.allSatisfy { $0.status == .resolved }
        let title = WebhookPayload.title(for: alerts)
        return [
            HTTPHeader("Title", headerValue(title)),
            HTTPHeader("Priority", resolved ? "default" : "high"),
            HTTPHeader("Tags", resolved ? "white_check_mark" : tag(for: alerts)),
        ]
    }

    /// The tag of firing `alerts`: the direction they all share (`AlertRecord.direction`), else `bell`.
    private static func tag(for alerts: [Alert]) -> String {
        let firing = alerts.filter { $0.status == .firing }
        let directions = Set(firing.map(AlertRecord.direction(of:)))
        guard directions.count == 1, let direction = directions.first else { return "bell" }
        switch direction {
        case 1: return "chart_with_upwards_trend"
        case -1: return "chart_with_downwards_trend"
        default: return "bell"
        }
    }

    /// ASCII text as is; anything else as an RFC 2047 encoded word, which ntfy decodes. Line breaks become spaces.
    static func headerValue(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        guard !flat.allSatisfy({ $0.isASCII }) else { return flat }
        return "=?UTF-8?B?" + Data(flat.utf8).base64EncodedString() + "?="
    }
}
