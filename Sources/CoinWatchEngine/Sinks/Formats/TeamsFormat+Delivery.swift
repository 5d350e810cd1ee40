import CoinWatchSupport
import CoinWatchRules
/// A Microsoft Teams Workflows message holding an Adaptive Card: 20,000 escaped bytes, a line break (a block of its own)
/// counted as a block's ~90 bytes of JSON, so a card stays under 21 KB of the service's 28 KB; 50 blocks at most.
extension TeamsFormat: DeliveryFormat {
    static let limit: TextLimit? = TextLimit(20_000, .jsonEscaped, breakSize: 100)
    static let maxItems = 50

    /// A bold title, then one RichTextBlock per line in the alert's color: a TextRun is plain text (a TextBlock would
    /// read markdown), so provider text reads as it is (SPEC §3).
    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        var blocks = [#"{"type":"TextBlock","text":"coinwatch","weight":"Bolder","size":"Medium"}"#]
        for line in lines {
            let texts = line.text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            for (index, text) in texts.enumerated() {
                let subtle = line.alert.status == .resolved ? ",\"isSubtle\":true" : ""
                let link = index == texts.count - 1 ? line.link.map { "," + $0 } ?? "" : ""
                blocks.append("{\"type\":\"RichTextBlock\",\"inlines\":[{\"type\":\"TextRun\",\"text\":\(JSONOut.quote(String(text))),"
                    + "\"color\":\"\(adaptiveColor(AlertColor(line.alert)))\"\(subtle)}\(link)]}")
            }
        }
        let card = "{\"type\":\"AdaptiveCard\",\"$schema\":\"http://adaptivecards.io/schemas/adaptive-card.json\","
            + "\"version\":\"1.4\",\"body\":\(JSONOut.array(blocks))}"
        return WebhookPayload.Message(body: "{\"type\":\"message\",\"attachments\":[{\"contentType\":\"application/vnd.microsoft.card.adaptive\","
            + "\"contentUrl\":null,\"content\":\(card)}]}")
    }

    /// A TextRun ` · coingecko` whose `selectAction` opens the coin's page.
    static func link(for alert: Alert) -> String? {
        WebhookPayload.page(alert).map {
            "{\"type\":\"TextRun\",\"text\":\(JSONOut.quote(" · " + WebhookPayload.linkLabel(alert))),"
                + "\"selectAction\":{\"type\":\"Action.OpenUrl\",\"url\":\(JSONOut.quote($0))}}"
        }
    }

    /// The Adaptive Card text color of `color`: `Attention`, `Good`, `Default`, `Accent`.
    static func adaptiveColor(_ color: AlertColor) -> String {
        switch color {
        case .red: return "Attention"
        case .green: return "Good"
        case .grey: return "Default"
        case .blue: return "Accent"
        }
    }
}
