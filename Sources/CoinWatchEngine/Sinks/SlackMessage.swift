import CoinWatchSupport
/// A Slack message: `text` (the notification's plain-text fallback: every line), and one attachment
/// per alert with a color bar holding its line as an mrkdwn section; `&`, `<`, `>` escaped everywhere
/// (so `<!channel>` in a message pings nobody).
enum SlackMessage {
    /// The JSON body for `lines`.
    static func body(_ lines: [WebhookPayload.Line]) -> String {
        let fallback = SlackText.escape(lines.map(\.text).joined(separator: "\n"))
        let attachments = lines.map { line in
            let text = JSONOut.quote(SlackText.escape(line.text))
            return "{\"color\":\"\(AlertColor(line.alert).hex)\",\"fallback\":\(text),"
                + "\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":\"mrkdwn\",\"text\":\(text)}}]}"
        }
        return "{\"text\":\(JSONOut.quote(fallback)),\"attachments\":\(JSONOut.array(attachments))}"
    }
}
