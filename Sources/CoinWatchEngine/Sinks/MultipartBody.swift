import CoinWatchSupport
/// A MIME multipart body (RFC 2046), the one writer of every multipart coinwatch sends (chart uploads, the mail with
/// its chart inline); the boundary comes from `seed` (the message's key), so a resent message has the same bytes.
struct MultipartBody {
    struct Part {
        var headers: [String]
        var body: [UInt8]
    }

    private let seed: String
    private(set) var parts: [Part] = []

    init(seed: String) {
        self.seed = seed
    }

    /// A form field of text (`multipart/form-data`).
    mutating func field(_ name: String, _ value: String) {
        parts.append(Part(headers: ["Content-Disposition: form-data; name=\"\(Self.quoted(name))\""], body: Array(value.utf8)))
    }

    /// A form field of JSON (a `payload_json`).
    mutating func json(_ name: String, _ value: String) {
        parts.append(Part(headers: ["Content-Disposition: form-data; name=\"\(Self.quoted(name))\"",
                                    "Content-Type: application/json"], body: Array(value.utf8)))
    }

    /// A file field (`multipart/form-data`).
    mutating func file(_ name: String, filename: String, contentType: String, _ bytes: [UInt8]) {
        parts.append(Part(headers: ["Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(filename))\"",
                                    "Content-Type: \(contentType)"], body: bytes))
    }

    /// A part with its own header lines (a mail's text part, its inline image).
    mutating func part(headers: [String], _ bytes: [UInt8]) {
        parts.append(Part(headers: headers, body: bytes))
    }

    /// The whole: its `Content-Type` (`multipart/<subtype>; boundary=…` and any `parameters`) and its bytes.
    func encoded(_ subtype: String, parameters: String = "") -> (contentType: String, body: [UInt8]) {
        var boundary = "coinwatch-" + StableHash.hex(["multipart", seed])
        var round = 0
        while parts.contains(where: { $0.body.contains(Array(boundary.utf8)) || $0.headers.contains { $0.contains(boundary) } }) {
            round += 1
            boundary = "coinwatch-" + StableHash.hex(["multipart", seed, String(round)])
        }
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(256) { $0 + $1.body.count + 200 })
        for part in parts {
            out += Array("--\(boundary)\r\n".utf8)
            for header in part.headers { out += Array((header + "\r\n").utf8) }
            out += Array("\r\n".utf8)
            out += part.body
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return ("multipart/\(subtype); boundary=\(boundary)" + (parameters.isEmpty ? "" : "; " + parameters), out)
    }

    /// `text` for a quoted parameter value: quotes and backslashes escaped, line breaks as spaces.
    private static func quoted(_ text: String) -> String {
        String(text.flatMap { character -> [Character] in
            switch character {
            case "\"", "\\": return ["\\", character]
            case "\r", "\n": return [" "]
            default: return [character]
            }
        })
    }
}
