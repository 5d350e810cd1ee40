/// One header field of a mail as RFC 5322 and RFC 2047 want it (SPEC §3): ASCII only, other text as
/// encoded words, folded so no line is over 78 characters where a fold is possible (never over 998).
enum MailHeader {
    /// The length a line should keep to (RFC 5322 §2.1.1).
    static let preferredLength = 78
    /// Longest unbroken ASCII word kept as it is; a longer one is sent as encoded words, which fold.
    static let longestWord = 900

    /// `Name: value`, folded; `value` is unstructured text (a subject): ASCII words as they are, any
    /// other text (or a word too long to fold) as encoded words.
    static func text(_ name: String, _ value: String) -> String {
        let flat = String(value.map { $0.isNewline ? " " : $0 })
        let words = flat.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if flat.allSatisfy(\.isASCII), words.allSatisfy({ $0.utf8.count <= longestWord }) { return fold(name, words) }
        return fold(name, encodedWords(flat))
    }

    /// `Name: a, b, …`, folded after a comma: each address as rules.json writes it (`me@example.org` or
    /// `Name <me@example.org>`), a non-ASCII display name as encoded words.
    static func addresses(_ name: String, _ list: [String]) -> String {
        var words: [String] = []
        for (index, entry) in list.enumerated() {
            var parts = address(entry)
            if index < list.count - 1, let last = parts.indices.last { parts[last] += "," }
            words += parts
        }
        return fold(name, words)
    }

    /// The words of one address: a display name (encoded when it is not ASCII) and `<address>`.
    static func address(_ entry: String) -> [String] {
        guard let open = entry.lastIndex(of: "<") else { return [entry] }
        var display = String(entry[..<open]).trimmingSpaces
        let angle = String(entry[open...])
        if display.isEmpty { return [angle] }
        if display.allSatisfy(\.isASCII) { return display.split(separator: " ").map(String.init) + [angle] }
        if display.count >= 2, display.hasPrefix("\""), display.hasSuffix("\"") { display = String(display.dropFirst().dropLast()) }
        return encodedWords(display) + [angle]
    }

    /// `text` as RFC 2047 `=?UTF-8?B?…?=` words of at most 68 characters (75 allowed), each of whole characters
    /// (a decoder joins adjacent encoded words without the space between them).
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(character.utf8)
            // 42 bytes make 56 base64 characters: with `=?UTF-8?B?` and `?=` a word is at most 68, so
            // even the first, after `Subject: `, keeps its line within 78.
            if chunk.count + bytes.count > 42, !chunk.isEmpty {
                words.append("=?UTF-8?B?" + chunk.base64 + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + chunk.base64 + "?=") }
        return words
    }

    /// `Name: ` and `words` separated by spaces, a space turned into CRLF and a space wherever the
    /// line would pass `preferredLength` (never before an empty word: no line is only white space).
    static func fold(_ name: String, _ words: [String]) -> String {
        var out = name + ":"
        var line = out.count
        for word in words {
            if !word.isEmpty, line + 1 + word.count > preferredLength, line > name.count + 1 {
                out += "\r\n " + word
                line = 1 + word.count
            } else {
                out += " " + word
                line += 1 + word.count
            }
        }
        return out
    }
}
