import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// Builds the POSTs for one webhook message, each with the Idempotency-Key of SPEC §3.
package enum WebhookRequest {
    /// The requests, one per part in order, that carry `alerts` to sink `sink`; a split message sends
    /// `key-1`, `key-2`, … and the first request carries `chart` where the format can (SPEC §12).
    package static func make(for alerts: [Alert], key: String, sink: String, config: WebhookConfig,
                            sent: SendTime? = nil, chart: [UInt8]? = nil, uploaded: String? = nil) -> [HTTPRequest] {
        let messages = WebhookPayload.messages(for: alerts, config: config, sent: sent)
        let delivery = config.format.delivery
        var parts = messages.map { Part(url: "", method: delivery?.method ?? "POST", contentType: $0.contentType, headers: $0.headers,
                                        body: Array($0.body.utf8)) }
        if let chart, let delivery, delivery.carriesChart {
            parts = delivery.chartParts(parts, messages: messages, alerts: alerts, chart: chart, config: config, sent: sent,
                                        uploaded: uploaded)
        }
        let textParts = parts.count { $0.keySuffix == nil }
        var textIndex = 0
        return parts.map { part in
            let partKey: String
            if let suffix = part.keySuffix {
                partKey = key + suffix
            } else {
                textIndex += 1
                partKey = textParts == 1 ? key : "\(key)-\(textIndex)"
            }
            var headers = [HTTPHeader("Content-Type", part.contentType)] + part.headers
            // The sink's own headers replace ours of the same name; the Idempotency-Key is always ours.
            for header in config.headers where header.name.lowercased() != "idempotency-key" {
                headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
                headers.append(header)
            }
            headers.append(HTTPHeader("Idempotency-Key", partKey))
            let target = part.url.isEmpty ? delivery?.url(for: config, key: partKey) ?? config.url : part.url
            return request(target, method: part.method, headers: headers, body: part.body, sink: sink, config: config)
        }
    }

    /// One request before its key and the sink's own headers are added; an empty `url` is the
    /// format's endpoint for the part's key (`DeliveryFormat.url`).
    struct Part {
        var url: String
        var method: String
        var contentType: String
        var headers: [HTTPHeader]
        var body: [UInt8]
        /// The Idempotency-Key after the message's key (`-chart`) of a part that is not a part of
        /// the text; nil: the text's own key (`key`, or `key-1`, `key-2`, … when split).
        var keySuffix: String?
    }

    /// The requests for an outbox entry (its chart, when it has one).
    package static func make(for entry: OutboxEntry, config: WebhookConfig, sent: SendTime? = nil) -> [HTTPRequest] {
        make(for: entry.alerts, key: entry.key, sink: entry.sink, config: config, sent: sent, chart: entry.chartBytes,
             uploaded: entry.chartURI)
    }

    /// A request to sink `sink`'s service: its timeout (unless `timeout`, seconds) and CA file, never redirected, shown in
    /// logs and errors as `webhook 'team-chat' (hooks.example.com)`; the URL's path, query and userinfo (where webhook
    /// secrets live) never appear.
    static func request(_ url: String, method: String, headers: [HTTPHeader], body: [UInt8]?, sink: String, config: WebhookConfig,
                        timeout: Double? = nil) -> HTTPRequest {
        HTTPRequest(url: url, method: method, headers: headers, body: body, timeout: timeout ?? config.timeout, caFile: config.caFile,
                    displayURL: "webhook '\(sink)' (\(HTTPRequest.host(of: config.url)))", followsRedirects: false)
    }
}
