/// Pushover (SPEC §3): JSON with `token`, `user`, `title`, `message`, `priority` to its message
/// endpoint unless `url` says otherwise; the chart inline as base64.
package enum PushoverFormat: SinkFormat {
    package static let name = "pushover"
    package static let requiredFields: [(key: String, what: String)] = [
        ("token", "the application token; use ${…}"), ("user", "the Pushover user key; use ${…}"),
    ]
    package static let defaultURL: String? = "https://api.pushover.net/1/messages.json"
    package static let carriesChart = true
    package static let example = #""pushover": {"type": "webhook", "format": "pushover", "token": "${PUSHOVER_TOKEN}", "user": "${PUSHOVER_USER}"}"#
}
