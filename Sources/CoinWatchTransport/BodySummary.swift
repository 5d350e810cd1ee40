import CoinWatchSupport
/// Reduces a response body to one readable line for error messages.
package enum BodySummary {
    /// At most `limit` characters of the body on one line: whitespace collapsed, HTML tags and entities
    /// reduced to text when `html` is true, cut on a character boundary with `…` when longer.
    package static func oneLine(_ body: [UInt8], html: Bool, limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        let plain = html ? stripHTML(text) : text
        var result = ""
        var count = 0
        var pendingSpace = false
        for character in plain {
            if character.isWhitespace || character.unicodeScalars.allSatisfy(TerminalText.isUnsafe) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            if count >= limit { return result + "…" }
            result.append(contentsOf: TerminalText.clean(String(character)))
            count += 1
        }
        return result
    }

    /// Whether the body should be read as HTML: its content type says so or it starts with `<`.
    static func looksLikeHTML(_ body: [UInt8], contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("html") { return true }
        let first = body.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        return first == UInt8(ascii: "<")
    }

    /// Drops tags, comments and the content of `script` and `style` elements, and decodes common entities.
    private static func stripHTML(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                rest = rest.firstRange(of: "-->").map { rest[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { rest = ""; break }
            let tag = rest[rest.index(after: open)..<close].lowercased()
            rest = rest[rest.index(after: close)...]
            let name = tag.prefix { $0.isLetter || $0.isNumber }
            if name == "script" || name == "style" {
                rest = afterClosingTag(String(name), in: rest)
                if let end = rest.firstIndex(of: ">") { rest = rest[rest.index(after: end)...] }
            }
            out += " "
        }
        out += rest
        return decodeEntities(out)
    }

    /// The text after `</name` (matched case-insensitively), or nothing when the element never closes.
    private static func afterClosingTag(_ name: String, in text: Substring) -> Substring {
        var search = text
        while let range = search.firstRange(of: "</") {
            let after = search[range.upperBound...]
            if after.prefix(name.count).lowercased() == name { return after.dropFirst(name.count) }
            search = after
        }
        return ""
    }

    private static let entities: [(String, String)] = [
        ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
        ("&amp;", "&"),
    ]

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return entities.reduce(text) { $0.replacing($1.0, with: $1.1) }
    }
}
