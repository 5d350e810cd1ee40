/// Slack incoming webhooks (SPEC §3): `{"text"}` plus one colored attachment per alert; no image.
package enum SlackFormat: SinkFormat {
    package static let name = "slack"
    package static let imagelessSubject = "Slack incoming webhooks carry"
    package static let example = #""slack":    {"type": "webhook", "format": "slack", "url": "${file:slack-url}"}"#
}
