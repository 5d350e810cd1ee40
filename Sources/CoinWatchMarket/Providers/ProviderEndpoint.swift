import CoinWatchTransport
/// Where and how one provider is asked (rules.json `base_url`, `timeout`, `ca_file`), shared by every API.
package struct ProviderEndpoint: Sendable, Equatable {
    /// The API root the paths are appended to, without a trailing slash.
    package let baseURL: String
    /// Seconds allowed per request.
    package let timeout: Double
    /// A PEM bundle trusted in addition to the system's.
    package let caFile: String?
    /// The API key sent with every request, in the header `keyHeader` (`x-cg-demo-api-key`, `Authorization`).
    private var key: APIKey?
    private var keyHeader = ""

    /// The endpoint `config` describes; `publicRoot` when it gives no (or an empty) `base_url`.
    package init(config: ProviderConfig, publicRoot: String) {
        var base = config.baseURL ?? publicRoot
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base.isEmpty ? publicRoot : base
        self.timeout = config.timeout
        self.caFile = config.caFile
    }

    /// This endpoint sending `key` (when set) in the header `name` with every request.
    package func sending(_ key: APIKey?, in name: String) -> ProviderEndpoint {
        var copy = self
        copy.key = key
        copy.keyHeader = name
        return copy
    }

    /// A GET of `pathAndQuery` (starting with `/`) under the root: `Accept: application/json`, then the API key if set.
    package func get(_ pathAndQuery: String) -> HTTPRequest {
        var headers = [HTTPHeader("Accept", "application/json")]
        if let key { headers.append(HTTPHeader(keyHeader, key.value)) }
        return HTTPRequest(url: baseURL + pathAndQuery, headers: headers, timeout: timeout, caFile: caFile)
    }
}

/// An API key that prints as `<redacted>` wherever its holder is printed or dumped.
package struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package let value: String
    package var description: String { "<redacted>" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The key in `environment[config.apiKeyEnv]`, nil when unset or empty.
    package init?(config: ProviderConfig, environment: [String: String]) {
        guard let variable = config.apiKeyEnv, let value = environment[variable], !value.isEmpty else { return nil }
        self.value = value
    }
}

/// Percent-encoding for URL query values (RFC 3986: only unreserved characters stay as they are).
package enum QueryString {
    /// `value` with every byte outside `A-Z a-z 0-9 - . _ ~` written as `%XX`.
    package static func escape(_ value: String) -> String {
        if value.utf8.allSatisfy(isUnreserved) { return value }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `name=value&…` from already-escaped pairs, in order.
    static func join(_ items: [(name: String, value: String)]) -> String {
        items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
