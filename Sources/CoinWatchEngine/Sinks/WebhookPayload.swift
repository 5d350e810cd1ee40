import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
/// The HTTP bodies a chat service expects for one message (SPEC §3), split at its length limit.
package enum WebhookPayload {
    /// One request's body, content type and format-specific headers.
    package struct Message: Sendable, Equatable {
        package var body: String
        package var contentType = "application/json"
        package var headers: [HTTPHeader] = []
    }

    /// The text a message shows for `alerts`: one line per alert, in order, a resolved one marked
    /// `RESOLVED: `, and one older than `SendTime.lateAfter` when sent says when it happened.
    package static func text(for alerts: [Alert], sent: SendTime? = nil) -> String {
        alerts.map { line(for: $0, sent: sent) }.joined(separator: "\n")
    }

    /// One alert's line: `RESOLVED: ` before a resolved one, ` (at 16:39 UTC)` after a late one.
    package static func line(for alert: Alert, sent: SendTime?) -> String {
        let text = alert.status == .resolved ? "RESOLVED: " + alert.message : alert.message
        guard let note = sent?.lateNote(for: alert) else { return text }
        return text + " (" + note + ")"
    }

    /// One alert's line in a chat message (SPEC §3): direction mark, line, rule id and time:
    /// `▲ BTC crossed above $100,000.00 — now $100,250.50 · btc-100k · 12:00 UTC`.
    package static func chatLine(for alert: Alert, sent: SendTime?) -> String {
        let text = alert.status == .resolved ? "RESOLVED: " + alert.message : alert.message
        let mark = alert.status == .resolved ? "✓" : [ConditionDirection.rise: "▲", .fall: "▼"][alert.direction] ?? "•"
        let when = sent?.lateNote(for: alert) ?? TimeText.clock(alert.time, local: sent?.local ?? false)
        return mark + " " + text + " · " + alert.rule + " · " + when
    }

    /// The parts, in order, that carry `alerts` (one alert, or a group) to a sink of `config`, sent at `sent`:
    /// the alerts' lines packed into parts within the format's limits, each line whole where it fits.
    package static func messages(for alerts: [Alert], config: WebhookConfig, sent: SendTime? = nil) -> [Message] {
        guard let delivery = config.format.delivery else { return [] }
        let lines = alerts.map { chatLine(for: $0, sent: sent) }
        let links = alerts.map { delivery.link(for: $0) }
        guard let limit = delivery.limit else {
            return [delivery.message(alerts.indices.map { Line(alert: alerts[$0], text: lines[$0], link: links[$0]) },
                                     alerts: alerts, config: config)]
        }
        let extra = links.map { $0.map(limit.size(ofMarkup:)) ?? 0 }
        return TextSplitter.pack(lines, limit: limit, maxItems: delivery.maxItems, extra: extra).map { part in
            delivery.message(part.map { Line(alert: alerts[$0.index], text: $0.text, link: $0.ends ? links[$0.index] : nil) },
                             alerts: alerts, config: config)
        }
    }

    /// One line of a message and the alert it is about.
    struct Line {
        var alert: Alert
        var text: String
        /// The markup after the text that links the alert's page (`DeliveryFormat.link`); nil: none here.
        var link: String?
    }

    /// `alert`'s page where a format may link it: only an https URL of unreserved characters, `%`-escapes
    /// and `: / ? =` (no format's markup), whatever a state file holds; nil otherwise.
    static func page(_ alert: Alert) -> String? {
        guard let url = alert.url, url.hasPrefix("https://"), url.utf8.allSatisfy({ byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "-._~%:/?=".utf8.contains(byte)
            }
        }) else { return nil }
        return url
    }

    /// ` · <https://www.coingecko.com/en/coins/bitcoin|coingecko>`: the `<url|text>` link of the formats
    /// whose text reads mrkdwn-style links; `&`, `<`, `>` escaped in both halves.
    static func angleLink(_ alert: Alert) -> String? {
        page(alert).map { " · <" + HTMLText.escape($0) + "|" + HTMLText.escape(linkLabel(alert)) + ">" }
    }

    /// ` · <a href="https://www.coingecko.com/en/coins/bitcoin">coingecko</a>`: the HTML anchor of the formats whose
    /// text is HTML.
    static func htmlLink(_ alert: Alert) -> String? {
        page(alert).map { " · <a href=\"\(HTMLText.attribute($0))\">\(HTMLText.escape(linkLabel(alert)))</a>" }
    }

    /// The text of a link to `alert`'s page: the provider that quoted it (`coingecko`).
    static func linkLabel(_ alert: Alert) -> String { alert.provider }

    /// The page every alert of a message links, when they link one and the same (for a format with one
    /// link per message, in a header or a field); nil otherwise.
    static func sharedURL(_ alerts: [Alert]) -> String? {
        guard let url = alerts.first.flatMap(page), alerts.allSatisfy({ $0.url == url }) else { return nil }
        return url
    }

    /// `coinwatch: BTC btc-100k` for one alert (`RESOLVED` after a resolved one), `coinwatch: 3 alerts` for a group.
    static func title(for alerts: [Alert]) -> String {
        guard alerts.count == 1, let alert = alerts.first else { return "coinwatch: \(alerts.count) alerts" }
        return "coinwatch: \(alert.symbol) \(alert.rule)" + (alert.status == .resolved ? " RESOLVED" : "")
    }

    /// Whether every alert is a resolved notice.
    static func resolvedOnly(_ alerts: [Alert]) -> Bool {
        !alerts.isEmpty && alerts.allSatisfy { $0.status == .resolved }
    }
}
