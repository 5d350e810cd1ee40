/// Matrix (SPEC §3): an `m.room.message` PUT to the room whose txnId is the Idempotency-Key; the
/// chart uploaded, then an `m.image` event. Its room may be under `control` (SPEC §13).
package enum MatrixFormat: SinkFormat {
    package static let name = "matrix"
    package static let requiredFields: [(key: String, what: String)] = [
        ("token", "the access token; use ${…}"), ("room", "the room id, such as \"!abc123:example.org\""),
    ]
    package static let carriesChart = true
    package static let example = #"""
        "matrix":   {"type": "webhook", "format": "matrix", "url": "https://matrix.example.org",
                       "room": "!abc123:example.org", "token": "${file:matrix-token}"}
        """#
}
