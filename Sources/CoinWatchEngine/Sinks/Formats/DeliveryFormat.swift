import CoinWatchTransport
import CoinWatchRules
/// How a webhook format's messages are built and sent (SPEC §3, §12), one `<Name>Format+Delivery.swift` each.
protocol DeliveryFormat: SinkFormat {
    /// The length limit a message is split at; nil: never split (a body that is not text).
    static var limit: TextLimit? { get }
    /// The most alerts one message lists; no cap by default.
    static var maxItems: Int { get }
    /// The HTTP method of a text message; `POST` by default.
    static var method: String { get }
    /// Where a text message goes; `key` is its Idempotency-Key. The URL as given by default.
    static func url(for config: WebhookConfig, key: String) -> String
    /// The markup after a line's escaped text that links `alert`'s page (within `limit`); nil by default.
    static func link(for alert: Alert) -> String?
    /// The body of one message listing `lines` (packed within `limit`); `alerts` are all its alerts.
    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message
    /// `parts` rewritten to carry `chart`, a PNG (SPEC §12); `uploaded` is the URI an earlier upload
    /// answered with. Unchanged by default.
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part]
    /// The image URI a 2xx answer (`body`) to an upload `request` names; nil by default.
    static func uploadedChart(request: HTTPRequest, body: [UInt8]) -> String?
    /// The chat service that reads and answers sink `sink`'s chat under `control` (SPEC §13); nil by default.
    static func controlTransport(sink: String, config: WebhookConfig) -> (any ControlTransport)?
}

extension DeliveryFormat {
    static var maxItems: Int { .max }
    static var method: String { "POST" }
    static func url(for config: WebhookConfig, key: String) -> String { config.url }
    static func link(for alert: Alert) -> String? { nil }
    static func chartParts(_ parts: [WebhookRequest.Part], messages: [WebhookPayload.Message], alerts: [Alert],
                           chart: [UInt8], config: WebhookConfig, sent: SendTime?, uploaded: String?) -> [WebhookRequest.Part] {
        parts
    }
    static func uploadedChart(request: HTTPRequest, body: [UInt8]) -> String? { nil }
    static func controlTransport(sink: String, config: WebhookConfig) -> (any ControlTransport)? { nil }
}

extension WebhookConfig.Format {
    /// This format's delivery; nil only for the placeholder of a refused sink, which sends nothing.
    var delivery: (any DeliveryFormat.Type)? { type as? any DeliveryFormat.Type }
}
