import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// Builds the POSTs for one webhook message, each with the Idempotency-Key of SPEC §3.
package enum WebhookRequest {
    /// The requests, one per part in order, that carry `alerts` to sink `sink`. `key` is the message's
    /// Idempotency-Key; a split message sends `key-1`, `key-2`, … for its parts.
    package static func make(for alerts: [Alert], key: String, sink: String, config: WebhookConfig,
                            sent: SendTime? = nil) -> [HTTPRequest] {
        let messages = WebhookPayload.messages(for: alerts, config: config, sent: sent)
        return messages.enumerated().map { index, message in
            let partKey = messages.count == 1 ? key : "\(key)-\(index + 1)"
            var headers = [HTTPHeader("Content-Type", message.contentType)] + message.headers
            // The sink's own headers replace ours of the same name; the Idempotency-Key is always ours.
            for header in config.headers where header.name.lowercased() != "idempotency-key" {
                headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
                headers.append(header)
            }
            headers.append(HTTPHeader("Idempotency-Key", partKey))
            return HTTPRequest(url: url(for: config, key: partKey), method: config.format == .matrix ? "PUT" : "POST",
                               headers: headers, body: Array(message.body.utf8),
                               timeout: config.timeout, caFile: config.caFile, displayURL: displayURL(sink: sink, config: config),
                               followsRedirects: false)
        }
    }

    /// The requests for an outbox entry.
    package static func make(for entry: OutboxEntry, config: WebhookConfig, sent: SendTime? = nil) -> [HTTPRequest] {
        make(for: entry.alerts, key: entry.key, sink: entry.sink, config: config, sent: sent)
    }

    /// How logs and errors show the sink: `webhook 'team-chat' (hooks.slack.com)`; the URL's path,
    /// query and userinfo (where webhook secrets live) never appear.
    package static func displayURL(sink: String, config: WebhookConfig) -> String {
        "webhook '\(sink)' (\(HTTPRequest.host(of: config.url)))"
    }

    /// Where a message goes: Telegram's sendMessage endpoint when the URL is the bot root, Gotify's
    /// `<url>/message`, Matrix's `<url>/_matrix/client/v3/rooms/{room}/send/m.room.message/{key}` (the
    /// transaction id is the Idempotency-Key, so a retry never posts twice); the URL as given otherwise.
    static func url(for config: WebhookConfig, key: String = "") -> String {
        let root = config.url.hasSuffix("/") ? String(config.url.dropLast()) : config.url
        switch config.format {
        case .telegram where !config.url.hasSuffix("/sendMessage"):
            return root + "/sendMessage"
        case .gotify where !root.hasSuffix("/message"):
            return root + "/message"
        case .matrix:
            return root + "/_matrix/client/v3/rooms/\(QueryString.escape(config.room ?? ""))/send/m.room.message/"
                + QueryString.escape(key)
        default:
            return config.url
        }
    }
}
