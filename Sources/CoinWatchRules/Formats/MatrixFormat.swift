import CoinWatchSupport
/// Matrix (SPEC §3): an `m.room.message` PUT to the room whose txnId is the Idempotency-Key; the
/// chart uploaded, then an `m.image` event. Its room may be under `control` (SPEC §13).
package enum MatrixFormat: ControlFormat {
    package static let name = "matrix"
    package static let requiredFields: [(key: String, what: String)] = [
        ("token", "the access token; use ${…}"), ("room", "the room id, such as \"!abc123:example.org\""),
    ]
    package static let carriesChart = true
    package static let example = #"""
        "matrix":   {"type": "webhook", "format": "matrix", "url": "https://matrix.example.org",
                       "room": "!abc123:example.org", "token": "${file:matrix-token}"}
        """#

    package static let senders = "Matrix ids (@name:server)"
    package static var senderSchema: JSONNode { RulesSchema.node(["type": "string", "pattern": "^@[^:]+:[\\s\\S]+$"]) }

    /// A user id `@name:server` (`${…}` expanded).
    package static func sender(_ node: JSONNode, path: String, validator: inout RulesValidator) -> String? {
        guard let text = validator.string(node, path: path) else { return nil }
        let parts = text.value.split(separator: ":", maxSplits: 1)
        guard text.value.hasPrefix("@"), parts.count == 2, parts[0].count > 1, !parts[1].isEmpty else {
            validator.error("\(text.shown) is not a Matrix user id; write it as \"@name:server\"", at: node, path: path)
            return nil
        }
        return text.value
    }
}
