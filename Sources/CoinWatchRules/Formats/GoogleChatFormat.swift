/// Google Chat incoming webhooks (SPEC §3): `{"text"}` POSTed to the space's webhook URL, 4,096
/// characters; no image.
package enum GoogleChatFormat: SinkFormat {
    package static let name = "googlechat"
    package static let example = #""gchat":    {"type": "webhook", "format": "googlechat", "url": "${GOOGLE_CHAT_WEBHOOK_URL}"}"#
}
