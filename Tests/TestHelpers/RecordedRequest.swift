/// One request as the loopback server received it.
struct RecordedRequest: Sendable, Equatable {
    /// The method, as sent ("GET", "POST").
    var method: String
    /// The raw request target (`/path?query`).
    var target: String
    /// The target's path, still percent-encoded.
    var path: String
    /// The raw query without `?`, nil when the target has none.
    var query: String?
    /// Headers with lowercased names; repeated headers are joined with ", ".
    var headers: [String: String]
    /// The body bytes (Content-Length framed).
    var body: [UInt8]

    /// The body as UTF-8 text.
    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The header `name` (any case), when sent.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The percent-decoded value of the query parameter `name`, when present.
    func queryItem(_ name: String) -> String? {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first.map(String.init).map(Self.percentDecoded) == name {
                return parts.count > 1 ? Self.percentDecoded(String(parts[1])) : ""
            }
        }
        return nil
    }

    /// Decodes `%XX` escapes and `+` as space.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
               let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
