import CoinWatchSupport
/// A Microsoft Teams Workflows message holding an Adaptive Card (the shape the "When a Teams
/// webhook request is received" flow posts to a channel).
enum TeamsCard {
    /// The message body: a bold "coinwatch" title, then one RichTextBlock per alert line, in the
    /// alert's accent color (`Attention` for a fall, `Good` for a rise; a resolved one subtle). A
    /// TextRun is plain text (a TextBlock would read markdown), so provider text reads as it is (SPEC §3).
    static func body(_ lines: [WebhookPayload.Line]) -> String {
        var blocks = [#"{"type":"TextBlock","text":"coinwatch","weight":"Bolder","size":"Medium"}"#]
        for line in lines {
            for text in line.text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
                let subtle = line.alert.status == .resolved ? ",\"isSubtle\":true" : ""
                blocks.append("{\"type\":\"RichTextBlock\",\"inlines\":[{\"type\":\"TextRun\",\"text\":\(JSONOut.quote(String(text))),"
                    + "\"color\":\"\(AlertColor(line.alert).adaptive)\"\(subtle)}]}")
            }
        }
        let card = "{\"type\":\"AdaptiveCard\",\"$schema\":\"http://adaptivecards.io/schemas/adaptive-card.json\","
            + "\"version\":\"1.4\",\"body\":\(JSONOut.array(blocks))}"
        return "{\"type\":\"message\",\"attachments\":[{\"contentType\":\"application/vnd.microsoft.card.adaptive\","
            + "\"contentUrl\":null,\"content\":\(card)}]}"
    }
}
