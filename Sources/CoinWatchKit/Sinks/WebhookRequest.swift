/// Builds the POSTs for one webhook message, with the Idempotency-Key of SPEC §3.
public enum WebhookRequest {
    /// The requests (one per message part) that carry `alerts` to sink `sink`.
    public static func make(for alerts: [Alert], sink: String, config: WebhookConfig) -> [HTTPRequest] {
        let key = alerts.count == 1 ? alerts[0].id : StableHash.hex(alerts.map(\.id))
        let messages = WebhookPayload.messages(for: alerts, config: config)
        return messages.enumerated().map { index, message in
            var headers = [HTTPHeader("Content-Type", message.contentType)]
            headers.append(HTTPHeader("Idempotency-Key", messages.count == 1 ? key : "\(key)-\(index + 1)"))
            headers += message.headers
            headers += config.headers
            var request = HTTPRequest(url: url(for: config), method: "POST", headers: headers,
                                      body: Array(message.body.utf8), timeout: config.timeout, caFile: config.caFile)
            request.displayURL = "webhook '\(sink)' (\(HTTPRequest.host(of: config.url)))"
            return request
        }
    }

    /// Telegram's sendMessage endpoint when the URL is the bot root; the URL as given otherwise.
    static func url(for config: WebhookConfig) -> String {
        guard config.format == .telegram, !config.url.hasSuffix("/sendMessage") else { return config.url }
        return config.url.hasSuffix("/") ? config.url + "sendMessage" : config.url + "/sendMessage"
    }
}
