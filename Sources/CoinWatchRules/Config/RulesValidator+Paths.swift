import CoinWatchSupport
extension RulesValidator {
    /// The schemes of a webhook's and a heartbeat's `url`.
    static let webURLSchemes = ["http", "https"]
    /// The schemes of a provider's `base_url` (`file` for captured answers).
    static let baseURLSchemes = ["http", "https", "file"]
    /// The schemes of a provider's `ws_url`.
    static let streamURLSchemes = ["ws", "wss"]
    /// The schemes of an email sink's `url`.
    static let mailURLSchemes = ["smtp", "smtps"]
    /// The characters no URL may hold: controls, space and DEL (`isURL`, and rules.schema.json's URL patterns).
    static let urlForbidden: [ClosedRange<UInt32>] = [0...0x20, 0x7F...0x7F]

    /// A file path made absolute: `~` is `HOME`, relative paths start at rules.json's folder.
    mutating func filePath(_ node: JSONNode, path: String) -> String? {
        guard let text = nonEmpty(node, path: path, empty: "expected a file path, got an empty string") else { return nil }
        guard let absolute = PathResolver.absolute(text.value, relativeTo: folder, home: environment["HOME"]) else {
            error("cannot expand '~' because HOME is not set; write an absolute path", at: node, path: path)
            return nil
        }
        return absolute
    }

    /// A URL with one of `schemes`; its value is never shown (URLs may hold tokens).
    mutating func url(_ node: JSONNode, path: String, schemes: [String]) -> String? {
        guard let text = string(node, path: path) else { return nil }
        guard Self.isURL(text.value, schemes: schemes) else {
            let list = schemes == Self.streamURLSchemes ? "a ws or wss" : schemes.count == 3 ? "an http, https or file" : "an http or https"
            let example = schemes == Self.streamURLSchemes ? "wss://example.com/path" : "https://example.com/path"
            error("expected \(list) URL such as \(example) (the value is not shown: URLs may hold secrets)",
                  at: node, path: path)
            return nil
        }
        return text.value
    }

    /// Whether `text` is `scheme://rest` with an allowed scheme, a host for http(s), and no spaces or control characters.
    static func isURL(_ text: String, schemes: [String]) -> Bool {
        guard let separator = text.firstRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound].lowercased()
        let rest = text[separator.upperBound...]
        guard schemes.contains(scheme), !rest.isEmpty,
              !text.unicodeScalars.contains(where: { scalar in urlForbidden.contains { $0.contains(scalar.value) } }) else { return false }
        if scheme == "file" { return rest.hasPrefix("/") }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !host.hasPrefix(":")
    }
}
