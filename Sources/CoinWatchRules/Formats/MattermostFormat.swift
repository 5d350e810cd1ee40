/// Mattermost incoming webhooks (SPEC §3): `{"text"}` plus `attachments` with a color bar,
/// 16,383 characters; no image.
package enum MattermostFormat: SinkFormat {
    package static let name = "mattermost"
    package static let example = #""team":     {"type": "webhook", "format": "mattermost", "url": "${MATTERMOST_WEBHOOK_URL}"}"#
}
