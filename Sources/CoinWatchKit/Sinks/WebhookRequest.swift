/// Builds the POSTs for one webhook message, each with the Idempotency-Key of SPEC §3.
public enum WebhookRequest {
    /// The requests, one per part in order, that carry `alerts` to sink `sink`. `key` is the message's
    /// Idempotency-Key; a split message sends `key-1`, `key-2`, … for its parts.
    public static func make(for alerts: [Alert], key: String, sink: String, config: WebhookConfig) -> [HTTPRequest] {
        let messages = WebhookPayload.messages(for: alerts, config: config)
        return messages.enumerated().map { index, message in
            let partKey = messages.count == 1 ? key : "\(key)-\(index + 1)"
            var headers = [HTTPHeader("Content-Type", message.contentType)] + message.headers
            // The sink's own headers replace ours of the same name; the Idempotency-Key is always ours.
            for header in config.headers where header.name.lowercased() != "idempotency-key" {
                headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
                headers.append(header)
            }
            headers.append(HTTPHeader("Idempotency-Key", partKey))
            return HTTPRequest(url: url(for: config), method: "POST", headers: headers, body: Array(message.body.utf8),
                               timeout: config.timeout, caFile: config.caFile, displayURL: displayURL(sink: sink, config: config),
                               followsRedirects: false)
        }
    }

    /// The requests for an outbox entry.
    public static func make(for entry: OutboxEntry, config: WebhookConfig) -> [HTTPRequest] {
        make(for: entry.alerts, key: entry.key, sink: entry.sink, config: config)
    }

    /// How logs and errors show the sink: `webhook 'team-chat' (hooks.slack.com)`; the URL's path,
    /// query and userinfo (where webhook secrets live) never appear.
    public static func displayURL(sink: String, config: WebhookConfig) -> String {
        "webhook '\(sink)' (\(HTTPRequest.host(of: config.url)))"
    }

    /// Telegram's sendMessage endpoint when the URL is the bot root; the URL as given otherwise.
    static func url(for config: WebhookConfig) -> String {
        guard config.format == .telegram, !config.url.hasSuffix("/sendMessage") else { return config.url }
        return config.url.hasSuffix("/") ? config.url + "sendMessage" : config.url + "/sendMessage"
    }
}
