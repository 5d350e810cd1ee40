/// Gotify (SPEC §3): `{"title","message","priority"}` to `<url>/message`, the app token as
/// `X-Gotify-Key`; no image.
package enum GotifyFormat: SinkFormat {
    package static let name = "gotify"
    package static let requiredFields: [(key: String, what: String)] = [("token", "the application token; use ${…}")]
    package static let example = #""gotify":   {"type": "webhook", "format": "gotify", "url": "https://gotify.example.org", "token": "${GOTIFY_TOKEN}"}"#
}
