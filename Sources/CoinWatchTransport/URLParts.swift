/// The pieces of an absolute URL that logs and error messages need, split leniently without validation.
package struct URLParts: Sendable, Equatable {
    /// The scheme, lowercased; empty when the text has none.
    package var scheme = ""
    /// The `user:password` part before `@`, when present.
    package var userinfo: String?
    /// The host as written (IPv6 addresses keep their brackets); empty for file URLs.
    var host = ""
    /// The port as written, when present.
    var port: String?
    /// The path, starting with `/` when not empty.
    package var path = ""
    /// The query without its `?`, when present.
    package var query: String?

    /// Splits `url`; a fragment is dropped (it never leaves the client).
    package init(_ url: String) {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), colon != rest.startIndex,
           rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        guard rest.hasPrefix("//") else {
            path = String(rest)
            return
        }
        rest = rest.dropFirst(2)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<end]
        path = String(rest[end...])
        if let at = authority.lastIndex(of: "@") {
            userinfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        splitHostAndPort(authority)
    }

    /// Whether the host is this machine's loopback: `localhost`, 127.0.0.0/8 or ::1.
    package var isLoopback: Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        return host.lowercased() == "localhost" || host == "[::1]" || (octets.count == 4 && octets.allSatisfy { $0 != nil } && octets[0] == 127)
    }

    /// `host` or `host:port`, as it should appear in messages.
    var hostAndPort: String {
        port.map { "\(host):\($0)" } ?? host
    }

    private mutating func splitHostAndPort(_ authority: Substring) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[...close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { port = String(after.dropFirst()) }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        } else {
            host = String(authority)
        }
        if port?.isEmpty == true { port = nil }
    }
}
