/// Turns URLs and headers that may hold secrets into text that is safe to log.
package enum Redaction {
    /// What replaces a secret.
    package static let mask = "***"

    /// Parts of a query-parameter or header name that mark its value as secret (matched case-insensitively).
    package static let secretNameParts = ["key", "token", "secret", "password", "passwd", "signature", "auth", "credential"]

    /// Whether a query-parameter or header named `name` carries a secret (`api_key`, `Authorization`, `x-access-token`).
    package static func isSecretName(_ name: String) -> Bool {
        let lowered = (percentDecoded(name) ?? name).lowercased()
        return secretNameParts.contains { lowered.contains($0) }
            || lowered == "cookie" || lowered == "set-cookie"
    }

    /// The URL without userinfo or fragment, with secret query values and `bot<token>` path segments masked.
    package static func url(_ url: String) -> String {
        let parts = URLParts(url)
        var text = parts.scheme.isEmpty ? "" : "\(parts.scheme):"
        if !parts.host.isEmpty || parts.scheme == "http" || parts.scheme == "https" || parts.scheme == "file" {
            text += "//" + parts.hostAndPort
        }
        text += redactedPath(parts.path)
        if let query = parts.query {
            text += "?" + redactedQuery(query)
        }
        return text
    }

    private static func redactedQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<eq])
            return isSecretName(name) ? "\(name)=\(mask)" : String(pair)
        }.joined(separator: "&")
    }

    /// Masks bot-token path segments (`bot123456:ABC…`).
    private static func redactedPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let rest = segment.dropFirst(3)
            if segment.hasPrefix("bot"), let colon = rest.firstIndex(of: ":"),
               !rest[..<colon].isEmpty, rest[..<colon].allSatisfy(\.isNumber) {
                return "bot\(mask)"
            }
            return String(segment)
        }.joined(separator: "/")
    }

    /// `text` with `%XX` escapes and `+` decoded; nil when the result is not UTF-8.
    package static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") || text.contains("+") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
