/// A Microsoft Teams Workflows message holding an Adaptive Card (the shape the "When a Teams
/// webhook request is received" flow posts to a channel).
enum TeamsCard {
    /// The message body: a bold "coinwatch" title, then one wrapped TextBlock per line of `text`.
    static func body(text: String) -> String {
        var blocks = [#"{"type":"TextBlock","text":"coinwatch","weight":"Bolder","size":"Medium"}"#]
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            blocks.append("{\"type\":\"TextBlock\",\"text\":\(JSONOut.quote(String(line))),\"wrap\":true}")
        }
        let card = "{\"type\":\"AdaptiveCard\",\"$schema\":\"http://adaptivecards.io/schemas/adaptive-card.json\","
            + "\"version\":\"1.4\",\"body\":\(JSONOut.array(blocks))}"
        return "{\"type\":\"message\",\"attachments\":[{\"contentType\":\"application/vnd.microsoft.card.adaptive\","
            + "\"contentUrl\":null,\"content\":\(card)}]}"
    }
}
